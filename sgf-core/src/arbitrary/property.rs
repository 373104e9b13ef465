//! Arbitrary properties of a game: raw values made for a definition of the game's table, each
//! written from a typed value, then read as the reader reads them.

use ::arbitrary::{Arbitrary, Result, Unstructured};

use super::ArbitraryOnBoard;
use crate::property::{GameProperty, RawProperty};
use crate::spec::{Property, Scalar, Single, ValueType};
use crate::value::list::write_point_list;
use crate::value::{
    Color, Context, Double, ListPoint, PointList, SimpleText, Text, Value, ValueError, escape,
};

/// The point, move and stone types of a game, which its properties' values are made of, and
/// the boards its trees are made on.
pub(super) trait GameValues:
    GameProperty<Point: ArbitraryOnBoard, Move: ArbitraryOnBoard, Stone: ArbitraryOnBoard>
{
    /// The largest side of the boards (`SZ`) of the game's trees; `None` for a game whose board
    /// is fixed, whose trees get no `SZ`.
    const MAX_SIDE: Option<u32>;
}

/// The property of the definition with arbitrary values on the board of `ctx`; `None` if the
/// values made do not read (a type the generator does not know how to fill).
///
/// The values are written from typed values, so the property read from them writes them back
/// unchanged; debug builds (fuzzing among them) check that, since a property read from a value
/// the reader changes would hide the change from a round trip.
pub(super) fn defined<P: GameValues>(
    u: &mut Unstructured<'_>,
    definition: &Property,
    ctx: &Context,
) -> Result<Option<P>> {
    let raw = RawProperty::new(
        &definition.ident,
        values::<P>(u, &definition.value, ctx.size)?,
    );
    let (property, error) = P::from_raw(raw.clone(), ctx);
    if error.is_some() {
        return Ok(None);
    }
    debug_assert_eq!(property.to_raw(), raw, "made from typed values, read back");
    Ok(Some(property))
}

/// A property the game does not define, kept verbatim: one to three capital letters and one to
/// three values of any escaped text.
pub(super) fn unknown<P: GameProperty>(u: &mut Unstructured<'_>) -> Result<Option<P>> {
    let mut ident = String::new();
    for _ in 0..u.int_in_range(1..=3)? {
        ident.push(char::from(u.int_in_range(b'A'..=b'Z')?));
    }
    if P::game().property(&ident).is_some() {
        return Ok(None);
    }
    let mut values = Vec::new();
    for _ in 0..u.int_in_range(1..=3)? {
        let mut raw = String::new();
        escape(&super::any_text(u)?, &mut raw);
        values.push(raw);
    }
    let (property, _) = P::from_raw(RawProperty::new(&ident, values), &Context::square(19));
    Ok(Some(property))
}

/// The raw values of a property of type `value`.
pub(super) fn values<G: GameValues>(
    u: &mut Unstructured<'_>,
    value: &ValueType,
    board: (u32, u32),
) -> Result<Vec<String>> {
    let (single, min) = match value {
        ValueType::None => return Ok(vec![String::new()]),
        ValueType::One(single) => return Ok(vec![self::single::<G>(u, single, board)?]),
        ValueType::Alt(alternatives) => {
            let alternative = u.choose(alternatives)?;
            return values::<G>(u, alternative, board);
        }
        ValueType::List(single) => (single, 1),
        ValueType::EList(single) => (single, 0),
    };
    match single.parts[..] {
        [Scalar::Point] => return point_list::<G::Point>(u, board, min),
        [Scalar::Stone] => return point_list::<G::Stone>(u, board, min),
        _ => {}
    }
    let mut out = Vec::new();
    for _ in 0..u.int_in_range(min..=4)? {
        out.push(self::single::<G>(u, single, board)?);
    }
    if out.is_empty() {
        out.push(String::new());
    }
    Ok(out)
}

/// The raw values of a list of points or stones with at least `min` values.
fn point_list<P: ArbitraryOnBoard + ListPoint>(
    u: &mut Unstructured<'_>,
    board: (u32, u32),
    min: usize,
) -> Result<Vec<String>> {
    let mut list = PointList::<P>::arbitrary_on(u, board)?;
    if list.len() < min {
        list.items
            .push(crate::value::ListItem::Point(P::arbitrary_on(u, board)?));
    }
    let mut out = Vec::new();
    write_point_list(&list, &mut out);
    Ok(out)
}

/// The raw text of one value: a scalar, or parts composed with `:` as the composed value types
/// write them.
fn single<G: GameValues>(
    u: &mut Unstructured<'_>,
    single: &Single,
    board: (u32, u32),
) -> Result<String> {
    let mut parts = Vec::with_capacity(single.parts.len());
    for &part in single.parts.iter() {
        parts.push(scalar::<G>(u, part, board)?);
    }
    let Some(mut text) = parts.pop() else {
        return Ok(String::new());
    };
    while let Some(left) = parts.pop() {
        text = written(&(Written(left), Written(text)));
    }
    Ok(text)
}

/// The raw text of a scalar value, written from a typed one.
fn scalar<G: GameValues>(
    u: &mut Unstructured<'_>,
    scalar: Scalar,
    board: (u32, u32),
) -> Result<String> {
    Ok(match scalar {
        Scalar::Number(range) => {
            let (min, max) =
                range.map_or((i64::MIN, i64::MAX), |r| (r.min, r.max.unwrap_or(i64::MAX)));
            written(&u.int_in_range(min..=max)?)
        }
        Scalar::Real => {
            let real = f64::arbitrary(u)?;
            written(&if real.is_finite() { real } else { 0.0 })
        }
        Scalar::Double => written(&Double::arbitrary(u)?),
        Scalar::Color => written(&Color::arbitrary(u)?),
        Scalar::SimpleText => written(&SimpleText::arbitrary(u)?),
        Scalar::Text => written(&Text::arbitrary(u)?),
        Scalar::Point => written(&G::Point::arbitrary_on(u, board)?),
        Scalar::Move => written(&G::Move::arbitrary_on(u, board)?),
        Scalar::Stone => written(&G::Stone::arbitrary_on(u, board)?),
    })
}

/// The raw text of a value.
fn written<T: Value>(value: &T) -> String {
    let mut out = String::new();
    value.write_value(&mut out);
    out
}

/// Raw text already written, as the part of a composed value (whose writing escapes the colons
/// of its left part).
struct Written(String);

impl Value for Written {
    fn parse_value(raw: &str, _ctx: &Context) -> std::result::Result<Self, ValueError> {
        Ok(Written(raw.to_owned()))
    }

    fn write_value(&self, out: &mut String) {
        out.push_str(&self.0);
    }
}
