//! The points that lists are made of, and the rectangles (`ul:lr`) that compress them, on every
//! game's grid.

use super::Value;

/// The most points a rectangle `ul:lr` may cover. No board of the specification comes close
/// (Go's largest, 52x52, has 2704 points); the limit keeps a short value from expanding into an
/// unbounded number of points.
pub const MAX_RECTANGLE_POINTS: u64 = 4096;

/// A point or stone type that lists of points are made of, and that may be compressed.
pub trait ListPoint: Value + Clone + PartialEq {
    /// Every point of the rectangle from `ul` to `lr`, both included, row by row; `None` if the
    /// game has no rectangles, if `ul` is right of or below `lr`, or if the rectangle has more
    /// than [`MAX_RECTANGLE_POINTS`] points.
    fn rectangle(ul: &Self, lr: &Self) -> Option<Vec<Self>>;

    /// Whether `ul:lr` is a rectangle [`ListPoint::rectangle`] gives the points of, without
    /// making them.
    fn is_rectangle(ul: &Self, lr: &Self) -> bool {
        Self::rectangle(ul, lr).is_some()
    }

    /// The point's (column, row) on the grid its rectangles are drawn on, rows counted
    /// downwards; `None` (the default) for games without rectangles. Used to re-compress lists
    /// ([`crate::value::PointList::compressed`]); must agree with [`ListPoint::rectangle`].
    fn grid_position(&self) -> Option<(u32, u32)> {
        None
    }
}

/// Whether `ul` is up and left of `lr` on a grid, and the rectangle between them small enough.
pub(crate) fn grid_fits(ul: (u32, u32), lr: (u32, u32)) -> bool {
    if ul.0 > lr.0 || ul.1 > lr.1 {
        return false;
    }
    let side = |from: u32, to: u32| u64::from(to - from) + 1;
    let area = side(ul.0, lr.0).checked_mul(side(ul.1, lr.1));
    area.is_some_and(|area| area <= MAX_RECTANGLE_POINTS)
}

/// The points of the grid rectangle from `ul` to `lr` (each `(column, row)`), row by row, made
/// by `make`; `None` unless `ul` is up and left of `lr` and the rectangle is small enough.
pub(crate) fn grid_rectangle<P>(
    ul: (u32, u32),
    lr: (u32, u32),
    make: impl Fn(u32, u32) -> Option<P>,
) -> Option<Vec<P>> {
    if !grid_fits(ul, lr) {
        return None;
    }
    (ul.1..=lr.1)
        .flat_map(|row| (ul.0..=lr.0).map(move |col| (col, row)))
        .map(|(col, row)| make(col, row))
        .collect()
}

/// Implements [`ListPoint`] for a point type with `col` and `row` bytes on a grid.
macro_rules! byte_grid_list_point {
    ($point:ty) => {
        impl $crate::value::ListPoint for $point {
            fn rectangle(ul: &Self, lr: &Self) -> Option<Vec<Self>> {
                $crate::value::byte_rectangle((ul.col, ul.row), (lr.col, lr.row), |col, row| Self {
                    col,
                    row,
                })
            }

            fn is_rectangle(ul: &Self, lr: &Self) -> bool {
                let wide = |p: &Self| (u32::from(p.col), u32::from(p.row));
                $crate::value::grid_fits(wide(ul), wide(lr))
            }

            fn grid_position(&self) -> Option<(u32, u32)> {
                Some((u32::from(self.col), u32::from(self.row)))
            }
        }
    };
}
pub(crate) use byte_grid_list_point;

/// [`grid_rectangle`] for points whose column and row are bytes.
pub(crate) fn byte_rectangle<P>(
    ul: (u8, u8),
    lr: (u8, u8),
    make: impl Fn(u8, u8) -> P,
) -> Option<Vec<P>> {
    let wide = |(col, row): (u8, u8)| (u32::from(col), u32::from(row));
    grid_rectangle(wide(ul), wide(lr), |col, row| {
        Some(make(u8::try_from(col).ok()?, u8::try_from(row).ok()?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_rectangles_check_corners_and_size() {
        let make = |c: u32, r: u32| Some((c, r));
        assert_eq!(grid_rectangle((0, 0), (0, 0), make), Some(vec![(0, 0)]));
        assert_eq!(
            grid_rectangle((0, 0), (1, 1), make),
            Some(vec![(0, 0), (1, 0), (0, 1), (1, 1)])
        );
        assert_eq!(grid_rectangle((1, 0), (0, 1), make), None);
        assert_eq!(grid_rectangle((0, 1), (1, 0), make), None);
        assert_eq!(
            grid_rectangle((0, 0), (63, 63), make).map(|r| r.len()),
            Some(4096)
        );
        assert_eq!(grid_rectangle((0, 0), (64, 63), make), None);
        assert_eq!(grid_rectangle((0, 0), (u32::MAX, u32::MAX), make), None);
    }
}
