//! Go (`GM[1]`): points are two letters, column then row from the top left; a move is a point or
//! a pass (`[]`, and `[tt]` on boards up to 19x19, which is how passes are written before
//! FF\[4\]).

use super::unescape;
use crate::value::{Context, Value, ValueError};

/// The board size when the root has no `SZ`: 19x19.
pub const DEFAULT_SIZE: (u32, u32) = (19, 19);

/// The largest coordinate a letter can write: `Z` is 51, for boards up to 52x52.
pub const MAX_COORDINATE: u8 = 51;

/// What a point looks like, for error messages.
const POINT_SYNTAX: &str = "a Go point (two letters a-z or A-Z)";

/// A point of the board: `col` and `row` count from 0 at the top left; `a`-`z` are 0-25 and
/// `A`-`Z` are 26-51. Coordinates above [`MAX_COORDINATE`] cannot be written (they are written as
/// `?`, which does not read back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, 0 (`a`) at the left.
    pub col: u8,
    /// The row, 0 (`a`) at the top.
    pub row: u8,
}

/// A stone is a point.
pub type Stone = Point;

/// A move: a stone played on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A pass, written `[]` (and read from `[tt]` on boards up to 19x19).
    Pass,
    /// A stone played on the point. `tt` is off the board on boards up to 19x19: written, it
    /// would read back as a pass.
    Play(Point),
}

impl Point {
    /// The point at (`col`, `row`), or `None` if a coordinate is above [`MAX_COORDINATE`].
    pub const fn new(col: u8, row: u8) -> Option<Self> {
        if col <= MAX_COORDINATE && row <= MAX_COORDINATE {
            Some(Point { col, row })
        } else {
            None
        }
    }

    /// Reads two letters from unescaped text; `what` names the value for the error message.
    pub(crate) fn from_letters(text: &str, raw: &str, what: &str) -> Result<Self, ValueError> {
        let mut chars = text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(c), Some(r), None) => match (coordinate(c), coordinate(r)) {
                (Some(col), Some(row)) => Ok(Point { col, row }),
                _ => Err(ValueError::expected(what, raw)),
            },
            _ => Err(ValueError::expected(what, raw)),
        }
    }

    /// A point that is not two letters on the board: escapes, or an error.
    #[inline(never)]
    fn parse_other(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        let point = match letters(raw) {
            Some(point) => point,
            None => Point::from_letters(&unescape(raw), raw, POINT_SYNTAX)?,
        };
        point.on_board(ctx, raw)
    }

    /// The point, if it is on the board of `ctx` (when the context checks), written `raw`.
    #[inline]
    pub(crate) fn on_board(self, ctx: &Context, raw: &str) -> Result<Self, ValueError> {
        ctx.on_board((u32::from(self.col), u32::from(self.row)), raw)?;
        Ok(self)
    }
}

/// The point written as exactly two letters with nothing to unescape: the common case, read
/// without going through [`unescape`].
#[inline]
fn letters(raw: &str) -> Option<Point> {
    match *raw.as_bytes() {
        [c, r] => pair([c, r]),
        _ => None,
    }
}

/// The point written as the two letters `c` and `r`.
#[inline(always)]
fn pair([c, r]: [u8; 2]) -> Option<Point> {
    Some(Point {
        col: coordinate(char::from(c))?,
        row: coordinate(char::from(r))?,
    })
}

/// Whether the board is at most 19x19, where `tt` is off the board and reads as a pass.
fn small_board(ctx: &Context) -> bool {
    ctx.size.0 <= 19 && ctx.size.1 <= 19
}

/// The coordinate a letter stands for.
fn coordinate(c: char) -> Option<u8> {
    let byte = u8::try_from(c).ok()?;
    match byte {
        b'a'..=b'z' => Some(byte - b'a'),
        b'A'..=b'Z' => Some(byte - b'A' + 26),
        _ => None,
    }
}

/// The letter of each coordinate, then `?` for those that have none.
const LETTERS: &[u8; MAX_COORDINATE as usize + 2] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ?";

/// The letter of a coordinate, `?` if there is none.
fn letter(coordinate: u8) -> char {
    char::from(LETTERS[usize::from(coordinate.min(MAX_COORDINATE + 1))])
}

impl Value for Point {
    // Inlined where a list is read for the common case, two letters on the board; the rest
    // is `Point::parse_other`.
    #[inline]
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        match letters(raw) {
            Some(point) if ctx.holds((u32::from(point.col), u32::from(point.row))) => Ok(point),
            _ => Point::parse_other(raw, ctx),
        }
    }

    fn write_value(&self, out: &mut String) {
        out.push(letter(self.col));
        out.push(letter(self.row));
    }

    fn fits(&self, ctx: &Context) -> bool {
        ctx.holds((u32::from(self.col), u32::from(self.row)))
    }
}

super::display_as_written!(Point);

crate::value::byte_grid_list_point!(Point);

impl Move {
    /// A move that is not two letters on the board: a pass, escapes, or a point off the board
    /// (an error).
    #[inline(never)]
    fn parse_other(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        if let Some(point) = letters(raw)
            && raw != "tt"
        {
            return point.on_board(ctx, raw).map(Move::Play);
        }
        let text = unescape(raw);
        match &*text {
            "" => Ok(Move::Pass),
            "tt" if small_board(ctx) => Ok(Move::Pass),
            _ => Point::from_letters(&text, raw, "a Go move (two letters, or [] for a pass)")?
                .on_board(ctx, raw)
                .map(Move::Play),
        }
    }
}

impl Value for Move {
    // Inlined where a property is built for the common case, two letters on the board, so
    // that the move stays in registers; the rest is `Move::parse_other`.
    #[inline]
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        if let &[c, r] = raw.as_bytes()
            && let Some(played) = Move::parse_short([c, r], ctx)
        {
            return Ok(played);
        }
        Move::parse_other(raw, ctx)
    }

    /// Two letters on the board, but `tt` (a pass on boards up to 19x19).
    #[inline(always)]
    fn parse_short(raw: [u8; 2], ctx: &Context) -> Option<Self> {
        let point = pair(raw)?;
        (&raw != b"tt" && ctx.holds((u32::from(point.col), u32::from(point.row))))
            .then_some(Move::Play(point))
    }

    fn write_value(&self, out: &mut String) {
        if let Move::Play(point) = self {
            point.write_value(out);
        }
    }

    /// Before FF\[4\], a pass is `tt` (`[]` came with FF\[4\]); on boards larger than 19x19,
    /// where `tt` is a point, it can only be `[]`.
    fn write_value_in(&self, out: &mut String, ctx: &Context) {
        match self {
            Move::Pass if ctx.before_ff4() && small_board(ctx) => out.push_str("tt"),
            _ => self.write_value(out),
        }
    }

    fn fits(&self, ctx: &Context) -> bool {
        match self {
            Move::Pass => true,
            // `tt` reads (as a pass) on boards up to 19x19.
            Move::Play(point) => {
                point.fits(ctx) || (point.col, point.row) == (19, 19) && small_board(ctx)
            }
        }
    }
}

/// The Rust expressions that build this game's values, for `sgf-macros`.
#[cfg(feature = "rust-expr")]
mod to_rust {
    use crate::games::go;
    use crate::rust_expr::{ToRust, grid_point, write_call, write_unit};

    // Amazons reuses Go's point type, so this impl covers both.
    grid_point!(go::Point, "::sgf_core::games::go::Point");

    impl ToRust for go::Move {
        fn to_rust(&self, out: &mut String) {
            const PATH: &str = "::sgf_core::games::go::Move";
            match self {
                go::Move::Pass => write_unit(PATH, "Pass", out),
                go::Move::Play(p) => write_call(&format!("{PATH}::Play"), &[p], out),
            }
        }
    }
}

/// Arbitrary values of this game, in its syntax and on the board.
#[cfg(feature = "arbitrary")]
pub(crate) mod arbitrary_on_board {
    use ::arbitrary::{Result, Unstructured};

    use crate::arbitrary::{ArbitraryOnBoard, byte};
    use crate::games::go;

    /// The largest side of the boards (`SZ`) of arbitrary trees of the game: Go boards go up to
    /// 52x52.
    pub(crate) const MAX_SIDE: Option<u32> = Some(52);

    impl ArbitraryOnBoard for go::Point {
        const LARGEST_BOARD: (u32, u32) = (52, 52);

        fn arbitrary_on(u: &mut Unstructured<'_>, (cols, rows): (u32, u32)) -> Result<Self> {
            let max = u32::from(go::MAX_COORDINATE) + 1;
            Ok(go::Point {
                col: byte(u, cols, max)?,
                row: byte(u, rows, max)?,
            })
        }
    }

    /// A pass now and then, else a stone on the board (so `tt` only where it is no pass).
    impl ArbitraryOnBoard for go::Move {
        const LARGEST_BOARD: (u32, u32) = go::Point::LARGEST_BOARD;

        fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
            Ok(if u.ratio(1, 8)? {
                go::Move::Pass
            } else {
                go::Move::Play(go::Point::arbitrary_on(u, board)?)
            })
        }
    }

    crate::arbitrary::on_the_largest_board!(go::Point, go::Move);
}

impl super::OnGrid for Point {
    fn to_grid(&self) -> Option<super::Grid> {
        Some(super::Grid::Point(self.col.into(), self.row.into()))
    }

    fn from_grid(grid: &super::Grid, ctx: &Context) -> Option<Self> {
        match *grid {
            super::Grid::Point(col, row) => {
                super::on_board(Point::new(super::byte(col)?, super::byte(row)?)?, ctx)
            }
            _ => None,
        }
    }
}

impl super::OnGrid for Move {
    fn to_grid(&self) -> Option<super::Grid> {
        match self {
            Move::Pass => Some(super::Grid::Pass),
            Move::Play(point) => point.to_grid(),
        }
    }

    fn from_grid(grid: &super::Grid, ctx: &Context) -> Option<Self> {
        match grid {
            super::Grid::Pass => Some(Move::Pass),
            point => Point::from_grid(point, ctx).map(Move::Play),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::{point_elist, point_list, write_point_list};
    use crate::value::ListPoint;
    use crate::value::{ListItem, PointList};
    use crate::{GameProperty, GoProperty};

    const CTX: Context = Context::square(19);

    fn pt(raw: &str) -> Point {
        Point::parse_value(raw, &CTX).expect("a valid point")
    }

    fn write<T: Value>(value: &T) -> String {
        let mut out = String::new();
        value.write_value(&mut out);
        out
    }

    #[test]
    fn a_move_read_short_is_the_move_read_in_full() {
        let contexts = [9, 19, 20, 52].into_iter().flat_map(|size| {
            [(false, 4), (true, 4), (true, 3)].map(|(board_check, ff)| Context {
                board_check,
                ff,
                ..Context::square(size)
            })
        });
        let mut short = 0;
        for ctx in contexts {
            for raw in (0..=u16::MAX).map(u16::to_be_bytes) {
                let Some(played) = Move::parse_short(raw, &ctx) else {
                    continue;
                };
                short += 1;
                let text = std::str::from_utf8(&raw).expect("two letters");
                assert_eq!(
                    Move::parse_other(text, &ctx),
                    Ok(played),
                    "{text} in {ctx:?}"
                );
                let property = GoProperty::parse_short(b'B', raw, &ctx);
                assert_eq!(property, Some(GoProperty::B(played)), "{text} in {ctx:?}");
                assert_eq!(GoProperty::parse("B", &[text], &ctx).ok(), property);
            }
        }
        // Every pair of letters but `tt`: on the board where the context checks it (twice a
        // size), anywhere where it does not (once a size).
        let letters = 52 * 52 - 1;
        assert_eq!(short, 4 * letters + 2 * (81 + 361 + (400 - 1) + letters));
    }

    #[test]
    fn points_are_letters_from_the_top_left() {
        assert_eq!(pt("aa"), Point { col: 0, row: 0 });
        assert_eq!(pt("dp"), Point { col: 3, row: 15 });
        assert_eq!(pt("zA"), Point { col: 25, row: 26 });
        assert_eq!(pt("ZZ"), Point { col: 51, row: 51 });
        for bad in ["", "a", "abc", "a1", "é a", "a-"] {
            assert!(Point::parse_value(bad, &CTX).is_err(), "{bad}");
        }
        let err = Point::parse_value("a1", &CTX).expect_err("digit");
        assert_eq!(
            err.message,
            r#"expected a Go point (two letters a-z or A-Z), found "a1""#
        );
    }

    #[test]
    fn every_point_round_trips() {
        for col in 0..=MAX_COORDINATE {
            for row in [0, 25, 26, MAX_COORDINATE] {
                let p = Point::new(col, row).expect("in range");
                assert_eq!(Point::parse_value(&write(&p), &CTX), Ok(p));
            }
        }
        assert_eq!(Point::new(52, 0), None);
        assert_eq!(write(&Point { col: 52, row: 0 }), "?a");
        assert_eq!(write(&Point { col: 255, row: 51 }), "?Z");
    }

    #[test]
    fn passes_are_empty_or_tt_on_small_boards() {
        assert_eq!(Move::parse_value("", &CTX), Ok(Move::Pass));
        assert_eq!(Move::parse_value("tt", &CTX), Ok(Move::Pass));
        assert_eq!(
            Move::parse_value("tt", &Context::board((9, 13))),
            Ok(Move::Pass)
        );
        let big = Context::board((21, 19));
        assert_eq!(
            Move::parse_value("tt", &big),
            Ok(Move::Play(Point { col: 19, row: 19 }))
        );
        assert_eq!(Move::parse_value("dd", &CTX), Ok(Move::Play(pt("dd"))));
        assert_eq!(write(&Move::Pass), "");
        let play = Move::Play(pt("tt"));
        assert_eq!(Move::parse_value(&write(&play), &big), Ok(play));
        let err = Move::parse_value("pass", &CTX).expect_err("word");
        assert!(err.message.starts_with("expected a Go move"));
    }

    #[test]
    fn passes_before_ff4_are_written_tt_where_the_board_allows() {
        let written = |mv: Move, ctx: Context| {
            let mut out = String::new();
            mv.write_value_in(&mut out, &ctx);
            out
        };
        let ff3 = |size| Context::board(size).with_ff_text(Some("3"));
        assert_eq!(written(Move::Pass, ff3((19, 19))), "tt");
        assert_eq!(written(Move::Pass, ff3((9, 13))), "tt");
        assert_eq!(
            written(Move::Pass, Context::square(19).with_ff_text(None)),
            "tt"
        );
        // `tt` is a point on larger boards: a pass there can only be `[]`.
        assert_eq!(written(Move::Pass, ff3((21, 19))), "");
        assert_eq!(written(Move::Pass, CTX), "");
        assert_eq!(written(Move::Play(pt("dd")), ff3((19, 19))), "dd");
        for size in [(19, 19), (9, 13), (21, 19)] {
            let read = Move::parse_value(&written(Move::Pass, ff3(size)), &ff3(size));
            assert_eq!(read, Ok(Move::Pass), "{size:?}");
        }
    }

    #[test]
    fn rectangles_expand_both_corners_included() {
        let list: PointList<Point> = point_list(&["aa:cc"], &CTX).expect("rectangle");
        assert_eq!(list.len(), 1);
        assert_eq!(list.points().len(), 9);
        assert_eq!(list.points()[..4], [pt("aa"), pt("ba"), pt("ca"), pt("ab")]);
        let one: PointList<Point> = point_list(&["aa:aa"], &CTX).expect("one point");
        assert_eq!(one.points(), [pt("aa")]);
        let err = point_list::<Point, _>(&["aa", "cc:aa"], &CTX).expect_err("reversed");
        assert_eq!(err.index, 1);
        assert!(err.message.contains("upper-left"), "{}", err.message);
        assert!(point_list::<Point, _>(&["ca:ac"], &CTX).is_err());
        let err = point_list::<Point, _>(&["a1:bb"], &CTX).expect_err("bad corner");
        assert!(
            err.message
                .starts_with(r#"in rectangle "a1:bb": expected a Go point"#)
        );
    }

    #[test]
    fn point_lists_round_trip_and_recompress() {
        let raw = ["dd", "aa:cc", "ZZ"];
        let list: PointList<Point> = point_list(&raw, &CTX).expect("valid");
        let mut out = Vec::new();
        write_point_list(&list, &mut out);
        assert_eq!(out, raw);
        assert_eq!(list.expanded().len(), 11);
        let compressed = list.expanded().compressed();
        let mut points = compressed.points();
        points.sort();
        let mut expected = list.points();
        expected.sort();
        assert_eq!(points, expected);
        assert_eq!(compressed.items[0], ListItem::Rect(pt("aa"), pt("cc")));
        assert_eq!(compressed.len(), 3);
        // A full square collapses to one rectangle; duplicates disappear.
        let board = Point::rectangle(&pt("aa"), &pt("ss")).expect("valid");
        let square = PointList::from_points(board.into_iter().chain([pt("ss")]));
        assert_eq!(
            square.compressed().items,
            [ListItem::Rect(pt("aa"), pt("ss"))]
        );
        let empty: PointList<Point> = point_elist(&[""], &CTX).expect("empty");
        assert!(empty.is_empty());
        assert!(point_list::<Point, _>(&[""], &CTX).is_err());
        out.clear();
        write_point_list(&empty, &mut out);
        assert_eq!(out, [""]);
    }
}
