//! Where handicap stones stand, for the formats that give only their number.
//!
//! The standard placement is the one of Japanese rules and of most programs: two stones on the
//! upper right and lower left star points, the third lower right, the fourth upper left, then
//! the centre for an odd number, the sides left and right, and the sides top and bottom.
//! Tygem (and WBaduk, whose records the open converters read alike) places the third stone
//! upper left instead; a GIB record of three stones whose White plays on the lower right star
//! point at once shows it.

use std::ops::Range;

use super::Found;
use super::record::{self, ROOT, Record};

/// Whose placement to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placement {
    Standard,
    Tygem,
}

/// The points (column, row from the top left, from 0) of `stones` handicap stones on a square
/// board of `size`; `None` where the placement is not defined (fewer than 2 or more than 9
/// stones, a board under 7 lines, or an even board where a stone would go on a centre line).
pub(crate) fn points(size: u8, stones: u32, placement: Placement) -> Option<Vec<(i64, i64)>> {
    if !(2..=9).contains(&stones) || size < 7 {
        return None;
    }
    let size = i64::from(size);
    let near = if size >= 13 { 3 } else { 2 };
    let far = size - 1 - near;
    let mid = size / 2;
    let third = match placement {
        Placement::Standard => (far, far),
        Placement::Tygem => (near, near),
    };
    let fourth = match placement {
        Placement::Standard => (near, near),
        Placement::Tygem => (far, far),
    };
    let mut points = vec![(far, near), (near, far), third, fourth];
    points.truncate(stones.min(4) as usize);
    let sides_lr = [(near, mid), (far, mid)];
    let sides_tb = [(mid, near), (mid, far)];
    match stones {
        5 => points.push((mid, mid)),
        6 => points.extend(sides_lr),
        7 => points.extend(sides_lr.into_iter().chain([(mid, mid)])),
        8 => points.extend(sides_lr.into_iter().chain(sides_tb)),
        9 => points.extend(sides_lr.into_iter().chain(sides_tb).chain([(mid, mid)])),
        _ => {}
    }
    if size % 2 == 0 && points.iter().any(|&(c, r)| c == mid || r == mid) {
        return None;
    }
    Some(points)
}

/// Gives the root the handicap (`HA`) of `stones` and its stones (`AB`) on `placement`'s
/// points, read from bytes `at`; a handicap of no standard points is reported there, and
/// nothing is placed.
pub(crate) fn place(
    record: &mut Record,
    size: u8,
    stones: u32,
    placement: Placement,
    at: Range<usize>,
    found: &mut Found<'_>,
) {
    if stones < 2 {
        return;
    }
    let Some(points) = points(size, stones, placement) else {
        found.bad_line(
            at,
            format!("a handicap of {stones} stones has no standard points; not placed"),
        );
        return;
    };
    record.set(ROOT, "HA", stones.to_string(), at.clone());
    for (col, row) in points {
        let point = record::point(size, col, row).expect("the points are on the board");
        record.add(ROOT, "AB", point, at.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::record::point;

    fn sgf(size: u8, stones: u32, placement: Placement) -> Vec<String> {
        points(size, stones, placement)
            .expect("placed")
            .into_iter()
            .map(|(c, r)| point(size, c, r).expect("on the board"))
            .collect()
    }

    #[test]
    fn tygem_puts_the_third_stone_upper_left() {
        assert_eq!(sgf(19, 3, Placement::Standard), ["pd", "dp", "pp"]);
        assert_eq!(sgf(19, 3, Placement::Tygem), ["pd", "dp", "dd"]);
        let mut four = sgf(19, 4, Placement::Tygem);
        four.sort();
        assert_eq!(four, ["dd", "dp", "pd", "pp"]);
    }

    #[test]
    fn nine_stones_fill_the_star_points() {
        let mut nine = sgf(19, 9, Placement::Standard);
        nine.sort();
        assert_eq!(nine, ["dd", "dj", "dp", "jd", "jj", "jp", "pd", "pj", "pp"]);
        assert_eq!(sgf(9, 5, Placement::Standard).len(), 5);
        assert!(points(19, 10, Placement::Standard).is_none());
        assert!(points(10, 5, Placement::Standard).is_none());
    }
}
