//! A property's values as Python values of the types the specification gives them, and Python
//! values back into a property, both driven by the property's definition:
//!
//! - `none` is `None`; numbers are `int`, reals `float`, `double` is 1 or 2, colours `"B"` or
//!   `"W"`, texts `str` (escapes removed, soft line breaks joined);
//! - points, moves and stones are as [`crate::games`] gives them, from the game's own value
//!   types;
//! - a composed value is a tuple of its parts; `list of` and `elist of` are lists, compressed
//!   point lists expanded point by point;
//! - an unknown property, or one whose values do not fit its type, is the list of its values as
//!   written (`node.raw()` gives those for any property).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use sgf_core::GameProperty;
use sgf_core::property::RawProperty;
use sgf_core::spec::{Scalar, Single, ValueType};
use sgf_core::value::{Color, Context, Double, ListPoint, SimpleText, Text, Value, split_composed};

use crate::games;

/// The Python value of a property of the game of `P`.
pub(crate) fn to_python<'py, P: GameProperty>(
    py: Python<'py>,
    prop: &P,
    ctx: &Context,
) -> PyResult<Bound<'py, PyAny>> {
    let raw = prop.to_raw();
    if let (None, Some(definition)) = (prop.verbatim(), prop.definition())
        && let Some(value) = read_type::<P>(py, &definition.value, &raw.values, ctx)?
    {
        return Ok(value);
    }
    Ok(PyList::new(py, &raw.values)?.into_any())
}

/// The property `ident` of the game of `P` holding `value`, checked by reading its raw values
/// as that property.
pub(crate) fn from_python<P: GameProperty>(
    ident: &str,
    value: &Bound<'_, PyAny>,
    ctx: &Context,
) -> PyResult<P> {
    let Some(definition) = P::game().property(ident) else {
        // A property the game does not define takes its values as written.
        let values: Vec<String> = value.extract().map_err(|_| {
            PyValueError::new_err(format!(
                "{ident} is not a property of this game: give its values as a list of str"
            ))
        })?;
        return Ok(P::from_raw(RawProperty::new(ident, values), ctx).0);
    };
    let values = write_type::<P>(&definition.value, value, ctx)?;
    P::parse(ident, &values, ctx).map_err(|e| PyValueError::new_err(format!("{ident}: {e}")))
}

/// The values read as `ty`, or `None` if they do not fit it.
fn read_type<'py, P: GameProperty>(
    py: Python<'py>,
    ty: &ValueType,
    values: &[String],
    ctx: &Context,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let empty = matches!(values, [v] if v.is_empty());
    Ok(match ty {
        ValueType::None => empty.then(|| py.None().into_bound(py)),
        ValueType::One(single) => match values {
            [value] => read_single::<P>(py, single, value, ctx)?,
            _ => None,
        },
        ValueType::EList(_) if empty => Some(PyList::empty(py).into_any()),
        ValueType::List(single) | ValueType::EList(single) => {
            let list = PyList::empty(py);
            for value in values {
                match read_listed::<P>(py, single, value, ctx)? {
                    Some(items) => {
                        for item in items {
                            list.append(item)?;
                        }
                    }
                    None => return Ok(None),
                }
            }
            Some(list.into_any())
        }
        ValueType::Alt(alternatives) => {
            for alternative in alternatives.iter() {
                if let Some(value) = read_type::<P>(py, alternative, values, ctx)? {
                    return Ok(Some(value));
                }
            }
            None
        }
    })
}

/// One value of a list: a point or stone of a compressed list is every point of its
/// rectangle.
fn read_listed<'py, P: GameProperty>(
    py: Python<'py>,
    single: &Single,
    value: &str,
    ctx: &Context,
) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
    match *single.parts {
        [Scalar::Point] => rectangle(value, ctx, |p: &P::Point| games::to_python(py, p)),
        [Scalar::Stone] => rectangle(value, ctx, |s: &P::Stone| games::to_python(py, s)),
        _ => Ok(read_single::<P>(py, single, value, ctx)?.map(|v| vec![v])),
    }
}

/// The points of `value`, one point or a rectangle `ul:lr`, as Python values.
fn rectangle<'py, P: ListPoint>(
    value: &str,
    ctx: &Context,
    python: impl Fn(&P) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Option<Vec<Bound<'py, PyAny>>>> {
    let points = match split_composed(value) {
        None => P::parse_value(value, ctx).ok().map(|p| vec![p]),
        Some((ul, lr)) => match (P::parse_value(ul, ctx), P::parse_value(lr, ctx)) {
            (Ok(ul), Ok(lr)) => P::rectangle(&ul, &lr),
            _ => None,
        },
    };
    points
        .map(|points| points.iter().map(python).collect())
        .transpose()
}

/// One value: a scalar, or a tuple of the parts of a composed value.
fn read_single<'py, P: GameProperty>(
    py: Python<'py>,
    single: &Single,
    value: &str,
    ctx: &Context,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let [first, rest @ ..] = &*single.parts else {
        return Ok(None);
    };
    if rest.is_empty() {
        return read_scalar::<P>(py, *first, value, ctx);
    }
    let mut parts = Vec::with_capacity(single.parts.len());
    let mut left = value;
    for (i, scalar) in single.parts.iter().enumerate() {
        // Every part but the last ends at the first unescaped colon.
        let part = if i + 1 < single.parts.len() {
            let Some((part, after)) = split_composed(left) else {
                return Ok(None);
            };
            left = after;
            part
        } else {
            left
        };
        match read_scalar::<P>(py, *scalar, part, ctx)? {
            Some(value) => parts.push(value),
            None => return Ok(None),
        }
    }
    Ok(Some(PyTuple::new(py, parts)?.into_any()))
}

fn read_scalar<'py, P: GameProperty>(
    py: Python<'py>,
    scalar: Scalar,
    value: &str,
    ctx: &Context,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    fn typed<'py, V: Value>(
        value: &str,
        ctx: &Context,
        python: impl FnOnce(V) -> PyResult<Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        V::parse_value(value, ctx).ok().map(python).transpose()
    }
    match scalar {
        Scalar::Number(_) => typed(value, ctx, |n: i64| Ok(n.into_pyobject(py)?.into_any())),
        Scalar::Real => typed(value, ctx, |x: f64| Ok(x.into_pyobject(py)?.into_any())),
        Scalar::Double => typed(value, ctx, |d: Double| {
            let n: u8 = if d == Double::Normal { 1 } else { 2 };
            Ok(n.into_pyobject(py)?.into_any())
        }),
        Scalar::Color => typed(value, ctx, |c: Color| {
            Ok(c.letter().into_pyobject(py)?.into_any())
        }),
        Scalar::SimpleText => typed(value, ctx, |t: SimpleText| {
            Ok(t.as_str().into_pyobject(py)?.into_any())
        }),
        Scalar::Text => typed(value, ctx, |t: Text| {
            Ok(t.as_str().into_pyobject(py)?.into_any())
        }),
        Scalar::Point => typed(value, ctx, |p: P::Point| games::to_python(py, &p)),
        Scalar::Stone => typed(value, ctx, |s: P::Stone| games::to_python(py, &s)),
        Scalar::Move => typed(value, ctx, |m: P::Move| games::to_python(py, &m)),
    }
}

/// The raw values of a Python value of the type `ty`.
fn write_type<P: GameProperty>(
    ty: &ValueType,
    value: &Bound<'_, PyAny>,
    ctx: &Context,
) -> PyResult<Vec<String>> {
    match ty {
        ValueType::None if value.is_none() => Ok(vec![String::new()]),
        ValueType::None => Err(PyValueError::new_err("expected None")),
        ValueType::One(single) => Ok(vec![write_single::<P>(single, value, ctx)?]),
        ValueType::List(single) | ValueType::EList(single) => {
            let items: Vec<Bound<'_, PyAny>> = value
                .extract()
                .map_err(|_| PyValueError::new_err(format!("expected a list of {ty}")))?;
            if items.is_empty() {
                return match ty {
                    ValueType::EList(_) => Ok(vec![String::new()]),
                    _ => Err(PyValueError::new_err(format!("expected at least one {ty}"))),
                };
            }
            items
                .iter()
                .map(|item| write_single::<P>(single, item, ctx))
                .collect()
        }
        ValueType::Alt(alternatives) => {
            let mut first_error = None;
            for alternative in alternatives.iter() {
                match write_type::<P>(alternative, value, ctx) {
                    Ok(values) => return Ok(values),
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
            }
            Err(first_error.unwrap_or_else(|| PyValueError::new_err(format!("expected {ty}"))))
        }
    }
}

fn write_single<P: GameProperty>(
    single: &Single,
    value: &Bound<'_, PyAny>,
    ctx: &Context,
) -> PyResult<String> {
    let [scalar] = *single.parts else {
        let parts: Vec<Bound<'_, PyAny>> = value.extract().map_err(|_| {
            PyValueError::new_err(format!("expected a tuple of {} parts", single.parts.len()))
        })?;
        if parts.len() != single.parts.len() {
            return Err(PyValueError::new_err(format!(
                "expected a tuple of {} parts, not {}",
                single.parts.len(),
                parts.len()
            )));
        }
        let mut out = String::new();
        for (i, (scalar, part)) in single.parts.iter().zip(&parts).enumerate() {
            let raw = write_scalar::<P>(*scalar, part, ctx)?;
            if i + 1 < parts.len() {
                // A colon inside a part before the last would split the value there.
                let mut escaped = false;
                for c in raw.chars() {
                    if c == ':' && !escaped {
                        out.push('\\');
                    }
                    escaped = !escaped && c == '\\';
                    out.push(c);
                }
                out.push(':');
            } else {
                out.push_str(&raw);
            }
        }
        return Ok(out);
    };
    write_scalar::<P>(scalar, value, ctx)
}

fn write_scalar<P: GameProperty>(
    scalar: Scalar,
    value: &Bound<'_, PyAny>,
    ctx: &Context,
) -> PyResult<String> {
    fn raw<V: Value>(value: V) -> String {
        let mut out = String::new();
        value.write_value(&mut out);
        out
    }
    let wrong = |what: &str| PyValueError::new_err(format!("expected {what}"));
    Ok(match scalar {
        Scalar::Number(_) => raw(value.extract::<i64>().map_err(|_| wrong("an int"))?),
        Scalar::Real => raw(value.extract::<f64>().map_err(|_| wrong("a float"))?),
        Scalar::Double => match value.extract::<u8>() {
            Ok(1) => raw(Double::Normal),
            Ok(2) => raw(Double::Emphasized),
            _ => return Err(wrong("1 or 2")),
        },
        Scalar::Color => match value.extract::<String>().as_deref() {
            Ok("B") => raw(Color::Black),
            Ok("W") => raw(Color::White),
            _ => return Err(wrong("\"B\" or \"W\"")),
        },
        Scalar::SimpleText => raw(SimpleText::from(
            value.extract::<String>().map_err(|_| wrong("a str"))?,
        )),
        Scalar::Text => raw(Text::from(
            value.extract::<String>().map_err(|_| wrong("a str"))?,
        )),
        Scalar::Point => raw(games::from_python::<P, P::Point>(value, ctx, "point")?),
        Scalar::Stone => raw(games::from_python::<P, P::Stone>(value, ctx, "stone")?),
        Scalar::Move => raw(games::from_python::<P, P::Move>(value, ctx, "move")?),
    })
}
