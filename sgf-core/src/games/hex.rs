//! Hex (`GM[11]`): points are column letters then a row number (`a1`, `d11`, past `z` the
//! columns go on `aa`, `ab`, …); a move is a point or one of `swap-pieces`, `swap-sides`,
//! `swap` (as Hex programs write it), `resign`, `forfeit`. Values are case-insensitive on reading and written in lowercase.

use super::unescape;
use crate::value::{Context, ListPoint, Value, ValueError, grid_rectangle};

/// The board size when the root has no `SZ`: 11x11.
pub const DEFAULT_SIZE: (u32, u32) = (11, 11);

/// What a point looks like, for error messages.
const POINT_SYNTAX: &str = "a Hex point (column letters, then a row number from 1, e.g. \"d11\")";

/// What a move looks like, for error messages.
const MOVE_SYNTAX: &str =
    "a Hex move (a point such as \"d11\", or swap-pieces, swap-sides, swap, resign, forfeit)";

/// A point: `col` 0 is column `a` (25 is `z`, 26 `aa`, 701 `zz`, 702 `aaa`: the letters count in
/// bijective base 26), `row` 0 is row `1`, at the top. Every `u32` coordinate can be written.
/// A rectangle `ul:lr` runs from the smaller column and row to the larger ones (`a1:c3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, 0 for `a`.
    pub col: u32,
    /// The row, 0 for `1`.
    pub row: u32,
}

/// A stone is a point.
pub type Stone = Point;

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone played on the point.
    Play(Point),
    /// `swap-pieces`: the second player takes over the first stone, mirrored.
    SwapPieces,
    /// `swap-sides`: the players swap colors.
    SwapSides,
    /// `swap`: the swap as Hex programs write it (`W[SWAP]` in MoHex's files), which they
    /// play as `swap-sides`: the swapper moves next.
    Swap,
    /// `resign`.
    Resign,
    /// `forfeit`.
    Forfeit,
}

/// The words of the special moves, as written.
const WORDS: [(&str, Move); 5] = [
    ("swap-pieces", Move::SwapPieces),
    ("swap-sides", Move::SwapSides),
    ("swap", Move::Swap),
    ("resign", Move::Resign),
    ("forfeit", Move::Forfeit),
];

/// Reads a point from unescaped text.
fn read_point(text: &str) -> Option<Point> {
    let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    let (letters, number) = text.split_at(letters);
    // Bijective base 26: `a` is 1, `z` 26, `aa` 27; the column is one less.
    let mut col: u64 = 0;
    for byte in letters.bytes() {
        let digit = u64::from(byte.to_ascii_lowercase() - b'a' + 1);
        col = col.checked_mul(26)?.checked_add(digit)?;
    }
    if number.starts_with('0') || !number.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row = number.parse::<u64>().ok()?;
    Some(Point {
        col: u32::try_from(col.checked_sub(1)?).ok()?,
        row: u32::try_from(row.checked_sub(1)?).ok()?,
    })
}

impl Value for Point {
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        let point =
            read_point(&unescape(raw)).ok_or_else(|| ValueError::expected(POINT_SYNTAX, raw))?;
        ctx.on_board((point.col, point.row), raw)?;
        Ok(point)
    }

    fn write_value(&self, out: &mut String) {
        let mut letters = Vec::new();
        let mut n = u64::from(self.col) + 1;
        while n > 0 {
            n -= 1;
            let digit = u8::try_from(n % 26).expect("a remainder of 26 fits u8");
            letters.push(char::from(b'a' + digit));
            n /= 26;
        }
        out.extend(letters.iter().rev());
        out.push_str(&(u64::from(self.row) + 1).to_string());
    }
}

super::display_as_written!(Point);

impl ListPoint for Point {
    fn rectangle(ul: &Self, lr: &Self) -> Option<Vec<Self>> {
        grid_rectangle((ul.col, ul.row), (lr.col, lr.row), |col, row| {
            Some(Point { col, row })
        })
    }

    fn is_rectangle(ul: &Self, lr: &Self) -> bool {
        crate::value::grid_fits((ul.col, ul.row), (lr.col, lr.row))
    }

    fn grid_position(&self) -> Option<(u32, u32)> {
        Some((self.col, self.row))
    }
}

impl Value for Move {
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        let text = unescape(raw);
        if let Some((_, special)) = WORDS.iter().find(|(w, _)| text.eq_ignore_ascii_case(w)) {
            return Ok(*special);
        }
        let point = read_point(&text).ok_or_else(|| ValueError::expected(MOVE_SYNTAX, raw))?;
        ctx.on_board((point.col, point.row), raw)?;
        Ok(Move::Play(point))
    }

    fn write_value(&self, out: &mut String) {
        match self {
            Move::Play(point) => point.write_value(out),
            special => {
                if let Some((word, _)) = WORDS.iter().find(|(_, m)| m == special) {
                    out.push_str(word);
                }
            }
        }
    }
}

/// The Rust expressions that build this game's values, for `sgf-macros`.
#[cfg(feature = "rust-expr")]
mod to_rust {
    use crate::games::hex;
    use crate::rust_expr::{ToRust, grid_point, write_call, write_unit};

    grid_point!(hex::Point, "::sgf_core::games::hex::Point");

    impl ToRust for hex::Move {
        fn to_rust(&self, out: &mut String) {
            const PATH: &str = "::sgf_core::games::hex::Move";
            match self {
                hex::Move::Play(p) => write_call(&format!("{PATH}::Play"), &[p], out),
                hex::Move::SwapPieces => write_unit(PATH, "SwapPieces", out),
                hex::Move::SwapSides => write_unit(PATH, "SwapSides", out),
                hex::Move::Swap => write_unit(PATH, "Swap", out),
                hex::Move::Resign => write_unit(PATH, "Resign", out),
                hex::Move::Forfeit => write_unit(PATH, "Forfeit", out),
            }
        }
    }
}

/// Arbitrary values of this game, in its syntax and on the board.
#[cfg(feature = "arbitrary")]
pub(crate) mod arbitrary_on_board {
    use ::arbitrary::{Result, Unstructured};

    use crate::arbitrary::{ArbitraryOnBoard, coordinate};
    use crate::games::hex;

    /// The largest side of the boards (`SZ`) of arbitrary trees of the game: Boards well past the
    /// usual, up to 60 a side.
    pub(crate) const MAX_SIDE: Option<u32> = Some(60);

    impl ArbitraryOnBoard for hex::Point {
        const LARGEST_BOARD: (u32, u32) = (u32::MAX, u32::MAX);

        fn arbitrary_on(u: &mut Unstructured<'_>, (cols, rows): (u32, u32)) -> Result<Self> {
            Ok(hex::Point {
                col: coordinate(u, cols, u32::MAX)?,
                row: coordinate(u, rows, u32::MAX)?,
            })
        }
    }

    impl ArbitraryOnBoard for hex::Move {
        const LARGEST_BOARD: (u32, u32) = hex::Point::LARGEST_BOARD;

        fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
            Ok(match u.choose_index(9)? {
                0 => hex::Move::SwapPieces,
                1 => hex::Move::SwapSides,
                2 => hex::Move::Swap,
                3 => hex::Move::Resign,
                4 => hex::Move::Forfeit,
                _ => hex::Move::Play(hex::Point::arbitrary_on(u, board)?),
            })
        }
    }

    crate::arbitrary::on_the_largest_board!(hex::Point, hex::Move);
}

impl super::OnGrid for Point {
    fn to_grid(&self) -> Option<super::Grid> {
        Some(super::Grid::Point(self.col, self.row))
    }

    fn from_grid(grid: &super::Grid, ctx: &Context) -> Option<Self> {
        match *grid {
            super::Grid::Point(col, row) => super::on_board(Point { col, row }, ctx),
            _ => None,
        }
    }
}

/// A stone played is a point of the grid; the swaps, resigning and forfeiting are words.
impl super::OnGrid for Move {
    fn to_grid(&self) -> Option<super::Grid> {
        match self {
            Move::Play(point) => point.to_grid(),
            _ => None,
        }
    }

    fn from_grid(grid: &super::Grid, ctx: &Context) -> Option<Self> {
        Point::from_grid(grid, ctx).map(Move::Play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::point_list;
    use crate::value::{ListItem, PointList};

    const CTX: Context = Context::square(11);

    fn pt(raw: &str) -> Result<Point, ValueError> {
        Point::parse_value(raw, &CTX)
    }

    fn write<T: Value>(value: &T) -> String {
        let mut out = String::new();
        value.write_value(&mut out);
        out
    }

    #[test]
    fn the_examples_of_the_specification_read() {
        assert_eq!(pt("a1"), Ok(Point { col: 0, row: 0 }));
        assert_eq!(pt("g5"), Ok(Point { col: 6, row: 4 }));
        assert_eq!(pt("d11"), Ok(Point { col: 3, row: 10 }));
        assert_eq!(pt("D11"), pt("d11"));
        assert_eq!(pt("z1"), Ok(Point { col: 25, row: 0 }));
        assert_eq!(pt("aa1"), Ok(Point { col: 26, row: 0 }));
        assert_eq!(pt("az1"), Ok(Point { col: 51, row: 0 }));
        assert_eq!(pt("ba1"), Ok(Point { col: 52, row: 0 }));
        assert_eq!(pt("zz1"), Ok(Point { col: 701, row: 0 }));
        assert_eq!(pt("aaa1"), Ok(Point { col: 702, row: 0 }));
    }

    #[test]
    fn points_round_trip_up_to_the_largest() {
        for col in (0..2000).chain([u32::MAX - 1, u32::MAX]) {
            let p = Point { col, row: col };
            assert_eq!(pt(&write(&p)), Ok(p), "{col}");
        }
        assert_eq!(write(&Point { col: 27, row: 9 }), "ab10");
    }

    #[test]
    fn bad_points_are_rejected() {
        for bad in [
            "",
            "a",
            "1",
            "a0",
            "a01",
            "1a",
            "a1b",
            "a-1",
            "a 1",
            "é1",
            "a99999999999",
        ] {
            let err = pt(bad).expect_err(bad);
            assert!(err.message.starts_with("expected a Hex point"), "{bad}");
        }
        assert!(pt(&format!("{}1", "z".repeat(20))).is_err());
    }

    #[test]
    fn moves_are_points_or_words() {
        let m = |raw| Move::parse_value(raw, &CTX);
        assert_eq!(m("g5"), Ok(Move::Play(Point { col: 6, row: 4 })));
        assert_eq!(m("swap-pieces"), Ok(Move::SwapPieces));
        assert_eq!(m("Swap-Sides"), Ok(Move::SwapSides));
        assert_eq!(m("RESIGN"), Ok(Move::Resign));
        assert_eq!(m("forfeit"), Ok(Move::Forfeit));
        for (word, special) in WORDS {
            assert_eq!(write(&special), word);
        }
        assert_eq!(m("SWAP"), Ok(Move::Swap), "as real files write it");
        let err = m("swapped").expect_err("no such word");
        assert!(err.message.starts_with("expected a Hex move"));
    }

    #[test]
    fn rectangles_run_from_the_smaller_corner() {
        let list: PointList<Point> = point_list(&["a1:c3", "k11"], &CTX).expect("valid");
        assert_eq!(list.points().len(), 10);
        assert!(point_list::<Point, _>(&["c3:a1"], &CTX).is_err());
        assert!(point_list::<Point, _>(&["a1:zzzz9999"], &CTX).is_err());
        // The far edge of the coordinates compresses without overflow.
        let edge = [u32::MAX - 1, u32::MAX].map(|c| Point { col: c, row: c });
        let corner = PointList::from_points(Point::rectangle(&edge[0], &edge[1]).expect("2x2"));
        assert_eq!(
            corner.compressed().items,
            [ListItem::Rect(edge[0], edge[1])]
        );
    }
}
