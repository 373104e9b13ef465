//! Games without a section of their own (Othello, chess, shogi, …): points, moves and stones
//! are kept as the raw text written in the file, escapes included, and written back unchanged.

use crate::value::{Context, ListPoint, Value, ValueError, well_formed};

/// The board size when the root has no `SZ`: 19x19, as the specification's general default.
pub const DEFAULT_SIZE: (u32, u32) = (19, 19);

/// A point as written (`PB[e4]` holds `e4`; escapes stay, `\]` is two characters). There are no
/// rectangles: in a point list, `a1:b2` is one point with that text.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Point(pub String);

/// A stone is a point.
pub type Stone = Point;

/// A move as written, escapes included (`B[f5]`, `W[]`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub String);

/// Checks that text is valid raw text: every `]` escaped, no `\` left escaping nothing. Every raw
/// value read from a file is.
fn check(raw: &str) -> Result<(), ValueError> {
    let mut escaped = false;
    for c in raw.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            ']' => return Err(ValueError::expected("raw text with every ']' escaped", raw)),
            _ => {}
        }
    }
    if escaped {
        return Err(ValueError::expected(
            "raw text not ending in a lone '\\'",
            raw,
        ));
    }
    Ok(())
}

impl Value for Point {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        check(raw)?;
        Ok(Point(raw.to_owned()))
    }

    /// Writes the text unchanged (see [`Point`]); text that is not valid raw text is escaped.
    fn write_value(&self, out: &mut String) {
        out.push_str(&well_formed(&self.0));
    }
}

/// Games without a section have no rectangles.
impl ListPoint for Point {
    fn rectangle(_ul: &Self, _lr: &Self) -> Option<Vec<Self>> {
        None
    }
}

impl Value for Move {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        check(raw)?;
        Ok(Move(raw.to_owned()))
    }

    /// Writes the text unchanged (see [`Move`]); text that is not valid raw text is escaped.
    fn write_value(&self, out: &mut String) {
        out.push_str(&well_formed(&self.0));
    }
}

/// The Rust expressions that build this game's values, for `sgf-macros`.
#[cfg(feature = "rust-expr")]
mod to_rust {
    use crate::games::raw;
    use crate::rust_expr::{ToRust, write_call};

    impl ToRust for raw::Point {
        fn to_rust(&self, out: &mut String) {
            write_call("::sgf_core::games::raw::Point", &[&self.0], out);
        }
    }

    impl ToRust for raw::Move {
        fn to_rust(&self, out: &mut String) {
            write_call("::sgf_core::games::raw::Move", &[&self.0], out);
        }
    }
}

/// Arbitrary values of this game, in its syntax and on the board.
#[cfg(feature = "arbitrary")]
pub(crate) mod arbitrary_on_board {
    use ::arbitrary::{Result, Unstructured};

    use crate::arbitrary::{ArbitraryOnBoard, raw_text};
    use crate::games::raw;

    /// The largest side of the boards (`SZ`) of arbitrary trees of the game: Any size the `SZ` of
    /// FF[4] allows.
    pub(crate) const MAX_SIDE: Option<u32> = Some(52);

    /// Raw text; games without a section have no board.
    impl ArbitraryOnBoard for raw::Point {
        const LARGEST_BOARD: (u32, u32) = raw::DEFAULT_SIZE;

        fn arbitrary_on(u: &mut Unstructured<'_>, _board: (u32, u32)) -> Result<Self> {
            raw_text(u).map(raw::Point)
        }
    }

    /// Raw text; games without a section have no board.
    impl ArbitraryOnBoard for raw::Move {
        const LARGEST_BOARD: (u32, u32) = raw::DEFAULT_SIZE;

        fn arbitrary_on(u: &mut Unstructured<'_>, _board: (u32, u32)) -> Result<Self> {
            raw_text(u).map(raw::Move)
        }
    }

    crate::arbitrary::on_the_largest_board!(raw::Point, raw::Move);
}

/// A game without a module has no grid: its values stay text.
impl super::OnGrid for Point {}

impl super::OnGrid for Move {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::{point_list, write_point_list};
    use crate::value::{ListItem, PointList, SimpleText};

    const CTX: Context = Context::square(19);

    fn write<T: Value>(value: &T) -> String {
        let mut out = String::new();
        value.write_value(&mut out);
        out
    }

    /// Found by the `values` fuzz target: colons after the separator of a composed value were
    /// escaped on writing, which changed the raw text the right part keeps.
    #[test]
    fn colons_right_of_a_composed_separator_are_kept_as_written() {
        let raw = "D:4848::5";
        let value = <(Point, Point)>::parse_value(raw, &CTX).expect("any raw text is a raw point");
        assert_eq!(value.1, Point("4848::5".to_owned()));
        assert_eq!(write(&value), raw);
        assert_eq!(
            <(Point, Point)>::parse_value(&write(&value), &CTX),
            Ok(value)
        );
    }

    #[test]
    fn raw_text_is_kept_as_written() {
        for raw in [
            "", "e4", "f5", r"a\]b", r"x\\", "a:b", "Nf3+", "7g7f", "碁 \n",
        ] {
            let point = Point::parse_value(raw, &CTX).expect(raw);
            assert_eq!(point.0, raw);
            assert_eq!(write(&point), raw);
            let m = Move::parse_value(raw, &CTX).expect(raw);
            assert_eq!(write(&m), raw);
        }
    }

    #[test]
    fn invalid_raw_text_is_rejected_and_escaped_on_writing() {
        let err = Point::parse_value("a]b", &CTX).expect_err("bracket");
        assert_eq!(
            err.message,
            r#"expected raw text with every ']' escaped, found "a]b""#
        );
        assert!(Move::parse_value(r"a\", &CTX).is_err());
        assert_eq!(write(&Point("a]b".into())), r"a\]b");
        assert_eq!(write(&Move(r"a\".into())), r"a\\");
        assert_eq!(write(&Move(r"\]]".into())), r"\]\]");
    }

    #[test]
    fn point_lists_keep_colons_inside_points() {
        let list: PointList<Point> = point_list(&["a1:b2", "c3"], &CTX).expect("raw");
        assert_eq!(list.items[0], ListItem::Point(Point("a1:b2".into())));
        assert_eq!(list.compressed(), list);
        let mut out = Vec::new();
        write_point_list(&list, &mut out);
        assert_eq!(out, ["a1:b2", "c3"]);
    }

    #[test]
    fn raw_points_inside_composed_values_round_trip() {
        let pair = <(Point, SimpleText)>::parse_value(r"a\:1:label", &CTX).expect("composed");
        assert_eq!(pair.0, Point(r"a\:1".into()));
        assert_eq!(pair.1, SimpleText::from("label"));
        assert_eq!(write(&pair), r"a\:1:label");
    }
}
