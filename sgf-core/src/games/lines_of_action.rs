//! Lines of Action (`GM[9]`): points are a column letter and a row number (`d4`), a move is
//! `from-to` or `from:to` for a capture, maybe annotated (`C2:C5++`), or `resign`. Values are
//! case-insensitive on reading and written in lowercase.

use super::unescape;
use crate::value::escape;
use crate::value::{Context, Value, ValueError};

/// The board size when the root has no `SZ`: 8x8.
pub const DEFAULT_SIZE: (u32, u32) = (8, 8);

/// What a point looks like, for error messages.
const POINT_SYNTAX: &str =
    "a Lines of Action point (a letter, then a row number from 1, e.g. \"d4\")";

/// What a move looks like, for error messages.
const MOVE_SYNTAX: &str =
    "a Lines of Action move (point, '-' or ':' for a capture, point, e.g. \"e1-e3\"; or resign)";

/// A point: `col` 0 is column `a`, `row` 0 is row `1`. Columns go up to `z` (25); rows up to 256
/// (255). A rectangle `ul:lr` runs from the smaller column and row to the larger ones: `a1:c3`,
/// not `a3:c1` (the board seen with row 1 at the top, as Go's and Hex's coordinates are).
/// Columns above 25 cannot be written (they are written as `?`, which does not read back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, 0 for `a`.
    pub col: u8,
    /// The row, 0 for `1`.
    pub row: u8,
}

/// A stone is a point.
pub type Stone = Point;

/// A move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves from `from` to `to`, written `e1-e3` or, capturing, `C2:C5`.
    Step {
        /// Where the piece stands.
        from: Point,
        /// Where it lands.
        to: Point,
        /// Whether it captures (`:` rather than `-`).
        capture: bool,
        /// Annotation characters after the move (`++` in `C2:C5++`), kept as written but for
        /// escapes. It must not start with a digit, which would read as part of the row.
        annotation: String,
    },
    /// `resign`.
    Resign,
}

/// Reads a point from the start of unescaped text, returning it and the rest of the text.
fn split_point(text: &str) -> Option<(Point, &str)> {
    let mut chars = text.chars();
    let letter = chars.next().filter(char::is_ascii_alphabetic)?;
    let col = u8::try_from(letter.to_ascii_lowercase()).ok()? - b'a';
    let rest = chars.as_str();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let number = &rest[..digits];
    if number.starts_with('0') {
        return None;
    }
    let row = number.parse::<u16>().ok()?.checked_sub(1)?;
    Some((
        Point {
            col,
            row: u8::try_from(row).ok()?,
        },
        &rest[digits..],
    ))
}

impl Value for Point {
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        match split_point(&unescape(raw)) {
            Some((point, "")) => {
                ctx.on_board((u32::from(point.col), u32::from(point.row)), raw)?;
                Ok(point)
            }
            _ => Err(ValueError::expected(POINT_SYNTAX, raw)),
        }
    }

    fn write_value(&self, out: &mut String) {
        out.push(if self.col < 26 {
            char::from(b'a' + self.col)
        } else {
            '?'
        });
        out.push_str(&(u16::from(self.row) + 1).to_string());
    }
}

super::display_as_written!(Point);

crate::value::byte_grid_list_point!(Point);

impl Value for Move {
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        let text = unescape(raw);
        if text.eq_ignore_ascii_case("resign") {
            return Ok(Move::Resign);
        }
        let error = || ValueError::expected(MOVE_SYNTAX, raw);
        let (from, rest) = split_point(&text).ok_or_else(error)?;
        let (capture, rest) = match rest.chars().next() {
            Some('-') => (false, &rest[1..]),
            Some(':') => (true, &rest[1..]),
            _ => return Err(error()),
        };
        let (to, annotation) = split_point(rest).ok_or_else(error)?;
        for point in [from, to] {
            ctx.on_board((u32::from(point.col), u32::from(point.row)), raw)?;
        }
        Ok(Move::Step {
            from,
            to,
            capture,
            annotation: annotation.to_owned(),
        })
    }

    fn write_value(&self, out: &mut String) {
        match self {
            Move::Resign => out.push_str("resign"),
            Move::Step {
                from,
                to,
                capture,
                annotation,
            } => {
                from.write_value(out);
                out.push(if *capture { ':' } else { '-' });
                to.write_value(out);
                escape(annotation, out);
            }
        }
    }
}

/// The Rust expressions that build this game's values, for `sgf-macros`.
#[cfg(feature = "rust-expr")]
mod to_rust {
    use crate::games::lines_of_action;
    use crate::rust_expr::{ToRust, grid_point, write_struct, write_unit};

    grid_point!(
        lines_of_action::Point,
        "::sgf_core::games::lines_of_action::Point"
    );

    impl ToRust for lines_of_action::Move {
        fn to_rust(&self, out: &mut String) {
            const PATH: &str = "::sgf_core::games::lines_of_action::Move";
            match self {
                lines_of_action::Move::Step {
                    from,
                    to,
                    capture,
                    annotation,
                } => {
                    let fields: [(&str, &dyn ToRust); 4] = [
                        ("from", from),
                        ("to", to),
                        ("capture", capture),
                        ("annotation", annotation),
                    ];
                    write_struct(&format!("{PATH}::Step"), &fields, out);
                }
                lines_of_action::Move::Resign => write_unit(PATH, "Resign", out),
            }
        }
    }
}

/// Arbitrary values of this game, in its syntax and on the board.
#[cfg(feature = "arbitrary")]
pub(crate) mod arbitrary_on_board {
    use ::arbitrary::{Result, Unstructured};

    use crate::arbitrary::{ArbitraryOnBoard, any_text, byte};
    use crate::games::lines_of_action as loa;

    /// The largest side of the boards (`SZ`) of arbitrary trees of the game: Columns are letters,
    /// `a` to `z`.
    pub(crate) const MAX_SIDE: Option<u32> = Some(26);

    impl ArbitraryOnBoard for loa::Point {
        const LARGEST_BOARD: (u32, u32) = (26, 256);

        fn arbitrary_on(u: &mut Unstructured<'_>, (cols, rows): (u32, u32)) -> Result<Self> {
            Ok(loa::Point {
                col: byte(u, cols, 26)?,
                row: byte(u, rows, 256)?,
            })
        }
    }

    /// `resign` now and then, else a step with any annotation that does not start with a digit
    /// (which would read as part of the row).
    impl ArbitraryOnBoard for loa::Move {
        const LARGEST_BOARD: (u32, u32) = loa::Point::LARGEST_BOARD;

        fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
            if u.ratio(1, 8)? {
                return Ok(loa::Move::Resign);
            }
            let (from, to) = (
                loa::Point::arbitrary_on(u, board)?,
                loa::Point::arbitrary_on(u, board)?,
            );
            let annotation = any_text(u)?;
            Ok(loa::Move::Step {
                from,
                to,
                capture: u.arbitrary()?,
                annotation: annotation
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .to_owned(),
            })
        }
    }

    crate::arbitrary::on_the_largest_board!(loa::Point, loa::Move);
}

super::grid_point_of_bytes!(Point);

/// A step is written with its capture and annotation: it stays text.
impl super::OnGrid for Move {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::point_list;
    use crate::value::ListPoint;
    use crate::value::{PointList, SimpleText};

    const CTX: Context = Context::square(8);

    fn pt(raw: &str) -> Point {
        Point::parse_value(raw, &CTX).expect("a valid point")
    }

    fn step(from: &str, to: &str, capture: bool, annotation: &str) -> Move {
        let (from, to, annotation) = (pt(from), pt(to), annotation.to_owned());
        Move::Step {
            from,
            to,
            capture,
            annotation,
        }
    }

    fn write<T: Value>(value: &T) -> String {
        let mut out = String::new();
        value.write_value(&mut out);
        out
    }

    #[test]
    fn points_are_case_insensitive_letter_and_number() {
        assert_eq!(pt("a5"), Point { col: 0, row: 4 });
        assert_eq!(pt("C8"), Point { col: 2, row: 7 });
        assert_eq!(pt("d4"), pt("D4"));
        assert_eq!(pt("z256"), Point { col: 25, row: 255 });
        assert_eq!(write(&pt("C8")), "c8");
        for bad in ["", "a", "a0", "a05", "5a", "aa1", "a257", "a1+", "é1"] {
            let err = Point::parse_value(bad, &CTX).expect_err(bad);
            assert!(
                err.message.starts_with("expected a Lines of Action point"),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_examples_of_the_specification_read() {
        let m = |raw| Move::parse_value(raw, &CTX);
        assert_eq!(m("e1-e3"), Ok(step("e1", "e3", false, "")));
        assert_eq!(m("C2:C5++"), Ok(step("c2", "c5", true, "++")));
        assert_eq!(m("resign"), Ok(Move::Resign));
        assert_eq!(m("RESIGN"), Ok(Move::Resign));
        assert_eq!(m(r"b1\:b3!?#"), Ok(step("b1", "b3", true, "!?#")));
        for bad in ["", "e1", "e1-", "e1e3", "e1+e3", "-e3", "resigns"] {
            let err = m(bad).expect_err(bad);
            assert!(
                err.message.starts_with("expected a Lines of Action move"),
                "{bad}"
            );
        }
    }

    #[test]
    fn moves_write_lowercase_and_round_trip() {
        assert_eq!(write(&step("C2", "C5", true, "++")), "c2:c5++");
        for m in [
            step("a1", "h8", false, "]\\:"),
            step("b2", "b3", true, ""),
            Move::Resign,
        ] {
            assert_eq!(Move::parse_value(&write(&m), &CTX), Ok(m.clone()));
            // Inside a composed value the colon is escaped and still reads back.
            let pair = (m, SimpleText::from("x"));
            assert_eq!(
                <(Move, SimpleText)>::parse_value(&write(&pair), &CTX),
                Ok(pair)
            );
        }
    }

    #[test]
    fn rectangles_run_from_the_smaller_corner() {
        let list: PointList<Point> = point_list(&["a1:c3"], &CTX).expect("valid");
        assert_eq!(list.points().len(), 9);
        assert_eq!(list.points()[1], pt("b1"));
        assert!(point_list::<Point, _>(&["a3:c1"], &CTX).is_err());
        let full = PointList::from_points(Point::rectangle(&pt("a1"), &pt("h8")).expect("8x8"));
        let mut out = Vec::new();
        crate::value::list::write_point_list(&full.compressed(), &mut out);
        assert_eq!(out, ["a1:h8"]);
    }
}
