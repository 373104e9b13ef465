//! Arbitrary typed values, game trees and collections (the `arbitrary` feature), every one valid
//! by construction: written by the encoder, it reads back equal. The fuzz target
//! `typed_roundtrip` is built on [`arbitrary_trees`].
//!
//! Values come from `Arbitrary` impls of the value types: texts of any Unicode but the white
//! space the reader turns into spaces, reals that are finite, and each game's points, moves and
//! stones in its syntax. Points depend on the board (in Go, `tt` is a pass on boards up to
//! 19x19), so the game values implement [`ArbitraryOnBoard`] as well, and their `Arbitrary`
//! impls use the largest board the type can write.
//!
//! Properties are not generated per variant of the generated enums, which would need the
//! generator to emit `Arbitrary` impls: each is built from raw values made for its definition in
//! the game's table (a number within the spec's range, a text, a point on the board, …, each
//! written from a typed value), read with [`GameProperty::from_raw`](crate::GameProperty), and
//! kept only if it reads. That keeps this module independent of the code generator, and covers
//! an application's own properties as well as the standard ones.
//!
//! Trees avoid what the reader changes on purpose: no identifier is repeated in a node (reading
//! merges repeats), none is empty, and every root holds `CA[UTF-8]`, which the default encoding
//! adds where it is missing.

mod collection;
mod property;

use ::arbitrary::{Arbitrary, Result, Unstructured};

use crate::value::{ListItem, ListPoint, PointList, SimpleText, Text};

pub use collection::{arbitrary_collection, arbitrary_trees};

/// A game value generated for a board of (columns, rows): every point in it lies on the board.
pub trait ArbitraryOnBoard: Sized {
    /// The board of the type's `Arbitrary` impl: the largest whose points the type can write.
    const LARGEST_BOARD: (u32, u32);

    /// A value whose points lie on the board of (columns, rows); a side of 0 counts as 1.
    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self>;
}

/// A coordinate on a side of `len` points, of which the type can write at most `max`.
pub(crate) fn coordinate(u: &mut Unstructured<'_>, len: u32, max: u32) -> Result<u32> {
    u.int_in_range(0..=len.min(max).max(1) - 1)
}

/// A coordinate of a type that holds it in a byte, on a side of `len` points of which the type
/// can write at most `max` (at most 256).
pub(crate) fn byte(u: &mut Unstructured<'_>, len: u32, max: u32) -> Result<u8> {
    Ok(u8::try_from(coordinate(u, len, max)?).unwrap_or(u8::MAX))
}

/// Any Unicode, made valid raw text (every `]` escaped, no lone `\` at the end).
pub(crate) fn raw_text(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(crate::value::well_formed(&any_text(u)?).into_owned())
}

/// Implements `Arbitrary` for game values on their [`ArbitraryOnBoard::LARGEST_BOARD`]; each
/// game's module of [`crate::games`] names its types.
macro_rules! on_the_largest_board {
    ($($ty:ty),* $(,)?) => {$(
        impl<'a> ::arbitrary::Arbitrary<'a> for $ty {
            fn arbitrary(u: &mut ::arbitrary::Unstructured<'a>) -> ::arbitrary::Result<Self> {
                use $crate::arbitrary::ArbitraryOnBoard;
                Self::arbitrary_on(u, Self::LARGEST_BOARD)
            }
        }
    )*};
}
pub(crate) use on_the_largest_board;

/// The most characters of an arbitrary text.
const MAX_TEXT: usize = 40;

/// A string of any Unicode characters, ASCII (the characters that mean something in SGF among
/// them) as often as all the others.
pub(crate) fn any_text(u: &mut Unstructured<'_>) -> Result<String> {
    let mut text = String::new();
    for _ in 0..u.int_in_range(0..=MAX_TEXT)? {
        text.push(if u.arbitrary()? {
            char::from(u.int_in_range(0..=0x7f_u8)?)
        } else {
            char::arbitrary(u)?
        });
    }
    Ok(text)
}

/// [`any_text`] with the characters `blank` says the reader would change made spaces.
fn text(u: &mut Unstructured<'_>, blank: fn(char) -> bool) -> Result<String> {
    let text = any_text(u)?;
    Ok(text
        .chars()
        .map(|c| if blank(c) { ' ' } else { c })
        .collect())
}

/// Any Unicode but tabs, line breaks and other ASCII white space, which read as spaces.
impl<'a> Arbitrary<'a> for SimpleText {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        text(u, |c| matches!(c, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')).map(SimpleText::from)
    }
}

/// Any Unicode with `\n` for line breaks, but carriage returns, tabs and other ASCII white
/// space, which read as line breaks or spaces.
impl<'a> Arbitrary<'a> for Text {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        text(u, |c| matches!(c, '\t' | '\u{b}' | '\u{c}' | '\r')).map(Text::from)
    }
}

/// Up to eight points and rectangles the game accepts (upper-left corner first).
impl<P: ArbitraryOnBoard + ListPoint> ArbitraryOnBoard for PointList<P> {
    const LARGEST_BOARD: (u32, u32) = P::LARGEST_BOARD;

    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
        let mut items = Vec::new();
        for _ in 0..u.int_in_range(0..=8)? {
            let a = P::arbitrary_on(u, board)?;
            if !u.ratio(1, 4)? {
                items.push(ListItem::Point(a));
                continue;
            }
            let b = P::arbitrary_on(u, board)?;
            items.push(if P::rectangle(&a, &b).is_some() {
                ListItem::Rect(a, b)
            } else if P::rectangle(&b, &a).is_some() {
                ListItem::Rect(b, a)
            } else {
                ListItem::Point(a)
            });
        }
        Ok(PointList { items })
    }
}

/// A point list on the largest board its points can write.
impl<'a, P: ArbitraryOnBoard + ListPoint> Arbitrary<'a> for PointList<P> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Self::arbitrary_on(u, P::LARGEST_BOARD)
    }
}

#[cfg(test)]
mod tests;
