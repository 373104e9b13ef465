//! Amazons (`GM[18]`): points as in Go; a move is three points written together, the amazon's
//! start, where it lands, and where it shoots its arrow (`B[djddgd]`).

use super::unescape;
use crate::value::{Context, Value, ValueError};

pub use super::go::Point;

/// A stone (an amazon, or an arrow in `AA`) is a point.
pub type Stone = Point;

/// The board size when the root has no `SZ`: 10x10.
pub const DEFAULT_SIZE: (u32, u32) = (10, 10);

/// Black's amazons when the root node has no setup properties: `AB[dj][gj][ag][jg]`.
pub const DEFAULT_BLACK: [Point; 4] = [
    Point { col: 3, row: 9 },
    Point { col: 6, row: 9 },
    Point { col: 0, row: 6 },
    Point { col: 9, row: 6 },
];

/// White's amazons when the root node has no setup properties: `AW[da][ga][ad][jd]`.
pub const DEFAULT_WHITE: [Point; 4] = [
    Point { col: 3, row: 0 },
    Point { col: 6, row: 0 },
    Point { col: 0, row: 3 },
    Point { col: 9, row: 3 },
];

/// What a move looks like, for error messages.
const MOVE_SYNTAX: &str = "an Amazons move (three Go points: from, to, arrow, e.g. \"djddgd\")";

/// A move: the amazon at `from` moves to `to` and shoots an arrow to `arrow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the amazon stands.
    pub from: Point,
    /// Where it moves.
    pub to: Point,
    /// Where its arrow lands.
    pub arrow: Point,
}

impl Value for Move {
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        let text = unescape(raw);
        if text.chars().count() != 6 || !text.is_ascii() {
            return Err(ValueError::expected(MOVE_SYNTAX, raw));
        }
        let point =
            |i: usize| Point::from_letters(&text[i..i + 2], raw, MOVE_SYNTAX)?.on_board(ctx, raw);
        Ok(Move {
            from: point(0)?,
            to: point(2)?,
            arrow: point(4)?,
        })
    }

    fn write_value(&self, out: &mut String) {
        self.from.write_value(out);
        self.to.write_value(out);
        self.arrow.write_value(out);
    }
}

/// The Rust expressions that build this game's values, for `sgf-macros`.
#[cfg(feature = "rust-expr")]
mod to_rust {
    use crate::games::amazons;
    use crate::rust_expr::{ToRust, write_struct};

    impl ToRust for amazons::Move {
        fn to_rust(&self, out: &mut String) {
            let amazons::Move { from, to, arrow } = self;
            let fields: [(&str, &dyn ToRust); 3] = [("from", from), ("to", to), ("arrow", arrow)];
            write_struct("::sgf_core::games::amazons::Move", &fields, out);
        }
    }
}

/// Arbitrary values of this game, in its syntax and on the board.
#[cfg(feature = "arbitrary")]
pub(crate) mod arbitrary_on_board {
    use ::arbitrary::{Result, Unstructured};

    use crate::arbitrary::ArbitraryOnBoard;
    use crate::games::{amazons, go};

    /// The largest side of the boards (`SZ`) of arbitrary trees of the game: As in Go.
    pub(crate) const MAX_SIDE: Option<u32> = Some(52);

    impl ArbitraryOnBoard for amazons::Move {
        const LARGEST_BOARD: (u32, u32) = go::Point::LARGEST_BOARD;

        fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
            Ok(amazons::Move {
                from: go::Point::arbitrary_on(u, board)?,
                to: go::Point::arbitrary_on(u, board)?,
                arrow: go::Point::arbitrary_on(u, board)?,
            })
        }
    }

    crate::arbitrary::on_the_largest_board!(amazons::Move);
}

/// A move is its three points: from, to, arrow.
impl super::OnGrid for Move {
    fn to_grid(&self) -> Option<super::Grid> {
        let points = [self.from, self.to, self.arrow];
        Some(super::Grid::Points(
            points
                .iter()
                .map(|p| (p.col.into(), p.row.into()))
                .collect(),
        ))
    }

    fn from_grid(grid: &super::Grid, ctx: &Context) -> Option<Self> {
        let super::Grid::Points(points) = grid else {
            return None;
        };
        let point = |&(col, row): &(u32, u32)| Point::new(super::byte(col)?, super::byte(row)?);
        let [from, to, arrow] = points.as_slice() else {
            return None;
        };
        let play = Move {
            from: point(from)?,
            to: point(to)?,
            arrow: point(arrow)?,
        };
        super::on_board(play, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::point_list;
    use crate::value::ListPoint;
    use crate::value::PointList;

    const CTX: Context = Context::square(10);

    fn pt(raw: &str) -> Point {
        Point::parse_value(raw, &CTX).expect("a valid point")
    }

    #[test]
    fn moves_are_three_points() {
        let m = Move::parse_value("djddgd", &CTX).expect("the example");
        assert_eq!((m.from, m.to, m.arrow), (pt("dj"), pt("dd"), pt("gd")));
        let mut out = String::new();
        m.write_value(&mut out);
        assert_eq!(out, "djddgd");
        let wide = Move {
            from: pt("ZZ"),
            to: pt("aA"),
            arrow: pt("Za"),
        };
        let mut out = String::new();
        wide.write_value(&mut out);
        assert_eq!(Move::parse_value(&out, &CTX), Ok(wide));
    }

    #[test]
    fn bad_moves_are_rejected() {
        for bad in ["", "djdd", "djddgdx", "dj-dd-gd", "djdd1d", "dé碁dd"] {
            let err = Move::parse_value(bad, &CTX).expect_err(bad);
            assert!(err.message.starts_with("expected an Amazons move"), "{bad}");
        }
    }

    #[test]
    fn default_setup_matches_the_specification() {
        let black: PointList<Point> = point_list(&["dj", "gj", "ag", "jg"], &CTX).expect("valid");
        assert_eq!(black.points(), DEFAULT_BLACK);
        let white: PointList<Point> = point_list(&["da", "ga", "ad", "jd"], &CTX).expect("valid");
        assert_eq!(white.points(), DEFAULT_WHITE);
        assert_eq!(
            Point::rectangle(&pt("aa"), &pt("jj")).map(|r| r.len()),
            Some(100)
        );
    }
}
