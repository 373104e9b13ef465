//! Rust expressions that build typed values: the [`ToRust`] trait, its impls for the standard
//! types and the value types of [`crate::value`], and the writers the impls (and the generated
//! property enums) share. The impls for each game's types are in its module of [`crate::games`].
//!
//! `sgf-macros` uses them to expand an SGF literal, parsed at compile time, into code that
//! builds the typed values directly, without reading SGF at run time.
//!
//! ```
//! use sgf_core::games::go::{Move, Point};
//! use sgf_core::rust_expr::to_rust;
//!
//! let expr = to_rust(&Move::Play(Point { col: 3, row: 4 }));
//! assert_eq!(
//!     expr,
//!     "::sgf_core::games::go::Move::Play(::sgf_core::games::go::Point { col: 3_u8, row: 4_u8 })"
//! );
//! ```

use crate::collection::Collection;
use crate::game_set::GameSet;
use crate::property::RawProperty;
use crate::tree::{NodeId, Tree};
use crate::value::{Color, Double, ListItem, PointList, SimpleText, Text};

/// A value that can write a Rust expression building it, with absolute paths
/// (`::sgf_core::…`), so that the expression compiles in any crate that depends on `sgf-core`.
/// Used by `sgf-macros` to expand SGF literals at compile time.
///
/// The expression builds a value equal to `self` (for `f64`, with the same bits). Integers carry
/// their type as a suffix (`3_u8`), so that the expression has the same type wherever it
/// stands. Standard types are named as the prelude names them (`String`, `vec!`, `f64`).
pub trait ToRust {
    /// Appends the expression to `out`.
    fn to_rust(&self, out: &mut String);
}

/// The expression building `value`.
pub fn to_rust<T: ToRust + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    value.to_rust(&mut out);
    out
}

/// Appends `path(arg, …)`: a tuple struct or a tuple variant with its fields, or a call.
pub fn write_call(path: &str, args: &[&dyn ToRust], out: &mut String) {
    out.push_str(path);
    out.push('(');
    write_separated(args.iter().copied(), out);
    out.push(')');
}

/// Appends `path { name: value, … }`: a struct or a struct variant with its fields.
pub fn write_struct(path: &str, fields: &[(&str, &dyn ToRust)], out: &mut String) {
    out.push_str(path);
    if fields.is_empty() {
        out.push_str(" {}");
        return;
    }
    out.push_str(" {");
    for (i, (name, value)) in fields.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        out.push_str(name);
        out.push_str(": ");
        value.to_rust(out);
    }
    out.push_str(" }");
}

/// Appends the expressions of `values`, separated by `, `.
fn write_separated<'a>(values: impl Iterator<Item = &'a dyn ToRust>, out: &mut String) {
    for (i, value) in values.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        value.to_rust(out);
    }
}

/// Implements [`ToRust`] for integer types: the number with its type as a suffix.
macro_rules! integer {
    ($($ty:ident),*) => {$(
        #[doc = concat!("Written with its type as a suffix: `3_", stringify!($ty), "`.")]
        impl ToRust for $ty {
            fn to_rust(&self, out: &mut String) {
                out.push_str(&format!("{self}_{}", stringify!($ty)));
            }
        }
    )*};
}

integer!(u8, u32, usize, i64);

/// Written as its bits, `f64::from_bits(0x4019000000000000_u64)` for `6.25`, so that every
/// value is built exactly: huge and tiny ones, `-0.0`, infinities and NaN payloads alike.
impl ToRust for f64 {
    fn to_rust(&self, out: &mut String) {
        out.push_str(&format!("f64::from_bits({:#018x}_u64)", self.to_bits()));
    }
}

impl ToRust for bool {
    fn to_rust(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl ToRust for () {
    fn to_rust(&self, out: &mut String) {
        out.push_str("()");
    }
}

/// A string literal, `"…"`, escaped as `{:?}` escapes it, which is valid Rust.
impl ToRust for str {
    fn to_rust(&self, out: &mut String) {
        out.push_str(&format!("{self:?}"));
    }
}

/// `String::from("…")`.
impl ToRust for String {
    fn to_rust(&self, out: &mut String) {
        out.push_str("String::from(");
        self.as_str().to_rust(out);
        out.push(')');
    }
}

/// `vec![…]`, or `Vec::new()` when empty.
impl<T: ToRust> ToRust for Vec<T> {
    fn to_rust(&self, out: &mut String) {
        self.to_vec_expr(out);
    }
}

/// `Box::new(…)`.
impl<T: ToRust> ToRust for Box<T> {
    fn to_rust(&self, out: &mut String) {
        write_call("Box::new", &[&**self], out);
    }
}

/// `Some(…)` or `None`.
impl<T: ToRust> ToRust for Option<T> {
    fn to_rust(&self, out: &mut String) {
        match self {
            Some(value) => write_call("Some", &[value], out),
            None => out.push_str("None"),
        }
    }
}

/// `(a, b)`.
impl<A: ToRust, B: ToRust> ToRust for (A, B) {
    fn to_rust(&self, out: &mut String) {
        // With an empty path, a call is a tuple.
        write_call("", &[&self.0, &self.1], out);
    }
}

/// `SimpleText::from(String::from("…"))`.
impl ToRust for SimpleText {
    fn to_rust(&self, out: &mut String) {
        write_call(
            "::sgf_core::value::SimpleText::from",
            &[&self.to_string()],
            out,
        );
    }
}

/// `Text::from(String::from("…"))`.
impl ToRust for Text {
    fn to_rust(&self, out: &mut String) {
        write_call("::sgf_core::value::Text::from", &[&self.to_string()], out);
    }
}

impl ToRust for Double {
    fn to_rust(&self, out: &mut String) {
        out.push_str(match self {
            Double::Normal => "::sgf_core::value::Double::Normal",
            Double::Emphasized => "::sgf_core::value::Double::Emphasized",
        });
    }
}

impl ToRust for Color {
    fn to_rust(&self, out: &mut String) {
        out.push_str(match self {
            Color::Black => "::sgf_core::value::Color::Black",
            Color::White => "::sgf_core::value::Color::White",
        });
    }
}

impl<P: ToRust> ToRust for ListItem<P> {
    fn to_rust(&self, out: &mut String) {
        match self {
            ListItem::Point(p) => write_call("::sgf_core::value::ListItem::Point", &[p], out),
            ListItem::Rect(ul, lr) => {
                write_call("::sgf_core::value::ListItem::Rect", &[ul, lr], out);
            }
        }
    }
}

impl<P: ToRust> ToRust for PointList<P> {
    fn to_rust(&self, out: &mut String) {
        let PointList { items } = self;
        write_struct("::sgf_core::value::PointList", &[("items", items)], out);
    }
}

impl ToRust for RawProperty {
    fn to_rust(&self, out: &mut String) {
        let RawProperty { ident, values } = self;
        let fields: [(&str, &dyn ToRust); 2] = [("ident", ident), ("values", values)];
        write_struct("::sgf_core::property::RawProperty", &fields, out);
    }
}

/// A block that builds the tree node by node, in preorder: `Tree::new` with the root's
/// properties, then `add_child` for each other node.
impl<P: ToRust> ToRust for Tree<P> {
    fn to_rust(&self, out: &mut String) {
        let nodes: Vec<NodeId> = self.preorder().collect();
        let parents: Vec<bool> = nodes
            .iter()
            .map(|&id| self.children(id).next().is_some())
            .collect();
        let name = |id: NodeId| format!("n{}", id.index());
        let mutable = if nodes.len() > 1 { "mut " } else { "" };
        out.push_str(&format!("{{ let {mutable}tree = ::sgf_core::Tree::new("));
        self.props(self.root()).to_vec_expr(out);
        out.push_str(");");
        if parents[0] {
            out.push_str(&format!(" let {} = tree.root();", name(self.root())));
        }
        for (&id, &parent) in nodes.iter().zip(&parents).skip(1) {
            let Some(up) = self.parent(id) else { continue };
            if parent {
                out.push_str(&format!(" let {} =", name(id)));
            }
            out.push_str(&format!(" tree.add_child({}, ", name(up)));
            self.props(id).to_vec_expr(out);
            out.push_str(");");
        }
        out.push_str(" tree }");
    }
}

/// `Collection::from_trees(vec![…])`: the games, held as Unicode.
impl<G: GameSet + ToRust> ToRust for Collection<G> {
    fn to_rust(&self, out: &mut String) {
        out.push_str("::sgf_core::Collection::from_trees(");
        self.to_trees().to_vec_expr(out);
        out.push(')');
    }
}

/// Writes a slice as a `vec![…]` expression.
trait VecExpr {
    fn to_vec_expr(&self, out: &mut String);
}

impl<T: ToRust> VecExpr for [T] {
    fn to_vec_expr(&self, out: &mut String) {
        if self.is_empty() {
            out.push_str("Vec::new()");
            return;
        }
        out.push_str("vec![");
        write_separated(self.iter().map(|v| v as &dyn ToRust), out);
        out.push(']');
    }
}

/// Implements [`ToRust`] for a point type with public `col` and `row` fields.
macro_rules! grid_point {
    ($ty:ty, $path:literal) => {
        impl $crate::rust_expr::ToRust for $ty {
            fn to_rust(&self, out: &mut String) {
                let Self { col, row } = self;
                $crate::rust_expr::write_struct($path, &[("col", col), ("row", row)], out);
            }
        }
    };
}
pub(crate) use grid_point;

/// Appends `path::variant`, a unit variant.
pub(crate) fn write_unit(path: &str, variant: &str, out: &mut String) {
    out.push_str(path);
    out.push_str("::");
    out.push_str(variant);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_carry_their_type() {
        assert_eq!(to_rust(&7_u8), "7_u8");
        assert_eq!(to_rust(&u32::MAX), "4294967295_u32");
        assert_eq!(to_rust(&0_usize), "0_usize");
        assert_eq!(to_rust(&i64::MIN), "-9223372036854775808_i64");
    }

    #[test]
    fn reals_are_written_as_their_bits() {
        assert_eq!(to_rust(&6.25), "f64::from_bits(0x4019000000000000_u64)");
        assert_eq!(to_rust(&-0.0), "f64::from_bits(0x8000000000000000_u64)");
        assert_eq!(to_rust(&0.0), "f64::from_bits(0x0000000000000000_u64)");
        assert_eq!(to_rust(&5e-324), "f64::from_bits(0x0000000000000001_u64)");
    }

    #[test]
    fn strings_are_escaped_literals() {
        assert_eq!(to_rust("a\"b\\c\n"), r#""a\"b\\c\n""#);
        assert_eq!(to_rust(&"碁\u{0}".to_owned()), r#"String::from("碁\0")"#);
    }

    #[test]
    fn lists_tuples_and_options() {
        assert_eq!(to_rust(&Vec::<u8>::new()), "Vec::new()");
        assert_eq!(to_rust(&vec![1_u8, 2]), "vec![1_u8, 2_u8]");
        assert_eq!(to_rust(&(true, ())), "(true, ())");
        assert_eq!(to_rust(&Some(1_u8)), "Some(1_u8)");
        assert_eq!(to_rust(&None::<u8>), "None");
    }

    #[test]
    fn structs_list_their_fields() {
        let mut out = String::new();
        write_struct("S", &[("a", &1_u8), ("b", &false)], &mut out);
        assert_eq!(out, "S { a: 1_u8, b: false }");
        out.clear();
        write_struct("E::Unit", &[], &mut out);
        assert_eq!(out, "E::Unit {}");
    }
}
