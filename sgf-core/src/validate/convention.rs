//! The conventions of a game's table (`Convention:` directives): values outside a property's
//! type that real files commonly write with a known meaning (`HA[0]`, `AP[foxwq]`), reported as
//! worth knowing instead of as bad values.

use crate::property::GameProperty;
use crate::spec::{Rule, Scalar, ValueType};
use crate::value::{Color, Context, Double, SimpleText, Text, Value, split_composed};

/// What the values of `ident` mean, if they follow a convention of `P`'s game.
pub(super) fn meaning<P: GameProperty>(ident: &str, values: &[String]) -> Option<&'static str> {
    P::game().rules.iter().find_map(|def| match &def.rule {
        Rule::Convention {
            prop,
            value,
            meaning,
        } if prop == ident && fits(value, values) => Some(meaning.as_ref()),
        _ => None,
    })
}

/// Whether raw values read as a value type without points, moves or stones (the types a
/// convention or a source's private property may name).
pub(super) fn fits(ty: &ValueType, values: &[String]) -> bool {
    let each = |single: &crate::spec::Single| values.iter().all(|v| parts(&single.parts, v));
    match ty {
        ValueType::None => matches!(values, [empty] if empty.is_empty()),
        ValueType::One(single) => values.len() == 1 && each(single),
        ValueType::List(single) => !values.is_empty() && each(single),
        ValueType::EList(single) => matches!(values, [empty] if empty.is_empty()) || each(single),
        ValueType::Alt(alternatives) => alternatives.iter().any(|alt| fits(alt, values)),
    }
}

/// Whether a raw value reads as the parts of a (possibly composed) value, left to right.
fn parts(parts: &[Scalar], raw: &str) -> bool {
    match parts {
        [] => false,
        [one] => scalar(*one, raw),
        [first, rest @ ..] => {
            split_composed(raw).is_some_and(|(a, b)| scalar(*first, a) && self::parts(rest, b))
        }
    }
}

/// Whether a raw value reads as a scalar.
fn scalar(scalar: Scalar, raw: &str) -> bool {
    let ctx = Context::square(19);
    match scalar {
        Scalar::Number(range) => {
            i64::parse_value(raw, &ctx).is_ok_and(|n| range.is_none_or(|range| range.contains(n)))
        }
        Scalar::Real => f64::parse_value(raw, &ctx).is_ok(),
        Scalar::Double => Double::parse_value(raw, &ctx).is_ok(),
        Scalar::Color => Color::parse_value(raw, &ctx).is_ok(),
        Scalar::SimpleText => SimpleText::parse_value(raw, &ctx).is_ok(),
        Scalar::Text => Text::parse_value(raw, &ctx).is_ok(),
        // The specification reader refuses conventions of these types.
        Scalar::Point | Scalar::Move | Scalar::Stone => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GoProperty;

    fn meaning_of(ident: &str, values: &[&str]) -> Option<&'static str> {
        let values: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
        meaning::<GoProperty>(ident, &values)
    }

    #[test]
    fn the_conventions_of_the_spec_are_found_by_their_values() {
        assert!(meaning_of("HA", &["0"]).is_some_and(|m| m.contains("without handicap")));
        assert!(meaning_of("HA", &["1"]).is_some());
        assert_eq!(meaning_of("HA", &["-1"]), None);
        assert_eq!(meaning_of("HA", &["0", "0"]), None, "one value only");
        assert!(meaning_of("AP", &["foxwq"]).is_some_and(|m| m.contains("version")));
        assert_eq!(meaning_of("AP", &["a", "b"]), None);
        assert_eq!(meaning_of("KM", &["6.5"]), None, "KM has no convention");
    }

    #[test]
    fn composed_alternative_and_list_types_are_read_part_by_part() {
        let ty = |text: &str| {
            let spec =
                format!("Test properties\nProperty:\tXX\nPropvalue:\t{text}\nPropertytype:\t-\n");
            let file = crate::spec::parse_file("t.spec", &spec).expect("a spec");
            let spec = crate::spec::resolve(&[file]).expect("resolved");
            spec.games[0].property("XX").expect("XX").value.clone()
        };
        let values = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let composed = ty("composed number ':' composed real ':' color");
        assert!(fits(&composed, &values(&["1:2.5:B"])));
        assert!(!fits(&composed, &values(&["1:2.5"])));
        assert!(!fits(&composed, &values(&["1:x:B"])));
        let list = ty("elist of double");
        assert!(fits(&list, &values(&[""])));
        assert!(fits(&list, &values(&["1", "2"])));
        assert!(!fits(&list, &values(&["3"])));
        let alt = ty("number | simpletext");
        assert!(fits(&alt, &values(&["anything"])));
        assert!(!fits(&ty("none"), &values(&["x"])));
    }
}
