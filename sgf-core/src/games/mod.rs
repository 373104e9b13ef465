//! The game-specific value types: each game's `Point`, `Move` and `Stone`, read as the game's
//! section of the specification says (see `GAMES.md`), and the [`ListPoint`] trait that point
//! lists use for compressed rectangles.
//!
//! Every module exports `Point`, `Move`, `Stone` and `DEFAULT_SIZE` (columns, rows). Coordinates
//! count from 0. Game values are read after removing escapes (`\x` reads as `x`), so that a
//! colon escaped inside a composed value (`C2\:C5`) reads as written; values are written in
//! their canonical form, and `parse(write(v)) == v` for every valid value. Games without a
//! section of their own use [`raw`], which keeps the text exactly as written.

use std::borrow::Cow;

pub mod amazons;
pub mod backgammon;
pub mod go;
pub mod hex;
pub mod lines_of_action;
pub mod octi;
pub mod raw;

use crate::value::Value;

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

    /// The point's (column, row) on the grid its rectangles are drawn on, rows counted
    /// downwards; `None` (the default) for games without rectangles. Used to re-compress lists
    /// ([`crate::value::PointList::compressed`]); must agree with [`ListPoint::rectangle`].
    fn grid_position(&self) -> Option<(u32, u32)> {
        None
    }
}

/// The points of the grid rectangle from `ul` to `lr` (each `(column, row)`), row by row, made
/// by `make`; `None` unless `ul` is up and left of `lr` and the rectangle is small enough.
fn grid_rectangle<P>(
    ul: (u32, u32),
    lr: (u32, u32),
    make: impl Fn(u32, u32) -> Option<P>,
) -> Option<Vec<P>> {
    if ul.0 > lr.0 || ul.1 > lr.1 {
        return None;
    }
    let side = |from: u32, to: u32| u64::from(to - from) + 1;
    let area = side(ul.0, lr.0).checked_mul(side(ul.1, lr.1));
    if area.is_none_or(|area| area > MAX_RECTANGLE_POINTS) {
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
        impl $crate::games::ListPoint for $point {
            fn rectangle(ul: &Self, lr: &Self) -> Option<Vec<Self>> {
                $crate::games::byte_rectangle((ul.col, ul.row), (lr.col, lr.row), |col, row| Self {
                    col,
                    row,
                })
            }

            fn grid_position(&self) -> Option<(u32, u32)> {
                Some((u32::from(self.col), u32::from(self.row)))
            }
        }
    };
}
pub(crate) use byte_grid_list_point;

/// Implements `Display` for a value type: the value as the game writes it (`pd` in Go, `d11` in
/// Hex).
macro_rules! display_as_written {
    ($value:ty) => {
        impl std::fmt::Display for $value {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let mut text = String::new();
                $crate::value::Value::write_value(self, &mut text);
                f.write_str(&text)
            }
        }
    };
}
pub(crate) use display_as_written;

/// [`grid_rectangle`] for points whose column and row are bytes.
fn byte_rectangle<P>(ul: (u8, u8), lr: (u8, u8), make: impl Fn(u8, u8) -> P) -> Option<Vec<P>> {
    let wide = |(col, row): (u8, u8)| (u32::from(col), u32::from(row));
    grid_rectangle(wide(ul), wide(lr), |col, row| {
        Some(make(u8::try_from(col).ok()?, u8::try_from(row).ok()?))
    })
}

/// Removes the escapes of a raw game value: `\x` reads as `x` (a final lone `\` is kept).
fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' {
            chars.next().unwrap_or(c)
        } else {
            c
        });
    }
    Cow::Owned(out)
}

/// Pseudo-random short strings of characters that matter in SGF values, for tests that check
/// that no input makes a parser panic.
#[cfg(test)]
pub(crate) fn sgfish_strings(count: usize) -> Vec<String> {
    const CHARS: &[char] = &[
        'a', 'b', 'd', 't', 's', 'y', 'z', 'A', 'Z', 'C', 'H', 'x', '0', '1', '6', '9', '+', '-',
        '.', ':', '!', '\\', ']', '[', ' ', '\n', '\r', '\t', 'é', '碁',
    ];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |bound: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(state >> 33).expect("31 bits fit usize") % bound
    };
    (0..count)
        .map(|_| {
            let len = next(9);
            (0..len).map(|_| CHARS[next(CHARS.len())]).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Context;

    /// Parses every string with `T` (reaching the end means no panic), and checks that what
    /// parsed reads back the same once written.
    fn survives<T: Value + PartialEq + std::fmt::Debug>(inputs: &[String]) {
        for ctx in [Context::square(19), Context::square(52), Context::square(0)] {
            for raw in inputs {
                if let Ok(value) = T::parse_value(raw, &ctx) {
                    let mut out = String::new();
                    value.write_value(&mut out);
                    assert_eq!(T::parse_value(&out, &ctx), Ok(value), "{raw:?}");
                }
            }
        }
    }

    #[test]
    fn game_parsers_survive_and_round_trip_sgfish_input() {
        let mut inputs = sgfish_strings(600);
        // Valid values of every game, so that the round trip is checked on each.
        let examples = "dd tt ZZ djddgd 31hefe 66 double a y C2:C5++ e1-e3 RESIGN a1 aa1 \
                        swap-pieces 11 46CD 84-86x-68 33+B! 33+A-B x\\:1 a1:zz99 11x-22";
        inputs.extend(examples.split(' ').map(String::from));
        survives::<go::Point>(&inputs);
        survives::<go::Move>(&inputs);
        survives::<amazons::Move>(&inputs);
        survives::<backgammon::Point>(&inputs);
        survives::<backgammon::Move>(&inputs);
        survives::<lines_of_action::Point>(&inputs);
        survives::<lines_of_action::Move>(&inputs);
        survives::<hex::Point>(&inputs);
        survives::<hex::Move>(&inputs);
        survives::<octi::Point>(&inputs);
        survives::<octi::Stone>(&inputs);
        survives::<octi::Move>(&inputs);
        survives::<raw::Point>(&inputs);
        survives::<raw::Move>(&inputs);
    }

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

    #[test]
    fn unescape_removes_backslashes() {
        assert_eq!(unescape("C2:C5"), "C2:C5");
        assert_eq!(unescape(r"C2\:C5\\\]"), r"C2:C5\]");
        assert_eq!(unescape(r"a\"), r"a\");
    }
}
