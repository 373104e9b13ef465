//! Directive lines: the machine-readable restrictions of a group (`Exclusive: B W`).

use std::borrow::Cow;

use crate::error::Error;
use crate::model::{FORMATS, Location, PropertyType, Rule, Str};
use crate::value_type;

/// A directive as written in a group, before it is resolved for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    /// What the directive says.
    pub kind: DirectiveKind,
    /// Where its value stands.
    pub at: Location,
}

/// What a directive says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectiveKind {
    /// A rule checked as it stands.
    Rule(Rule),
    /// `Repeatable:` lifts the `Unique` rules for points repeated within these properties.
    Repeatable(Vec<Str>),
}

/// The directive keys, for error messages.
pub(crate) const KEYS: &str = "Exclusive, NoMix, Requires, Unique, Repeatable, NoDuplicates, \
                               DistinctParts, OncePerGame, Dropped, Format, Renamed or Convention";

/// Reads the value of a directive line with the given key.
pub(crate) fn parse(key: &str, value: &str, at: Location) -> Result<Directive, Error> {
    let idents = |min: usize| idents(value, min, &at);
    let kind = match key {
        "Exclusive" => DirectiveKind::Rule(Rule::Exclusive(Cow::Owned(idents(2)?))),
        "Unique" => DirectiveKind::Rule(Rule::Unique {
            props: Cow::Owned(idents(1)?),
            repeatable: Cow::Borrowed(&[]),
        }),
        "NoDuplicates" => DirectiveKind::Rule(Rule::NoDuplicates(Cow::Owned(idents(1)?))),
        "DistinctParts" => DirectiveKind::Rule(Rule::DistinctParts(Cow::Owned(idents(1)?))),
        "OncePerGame" => DirectiveKind::Rule(Rule::OncePerGame(Cow::Owned(idents(1)?))),
        "Dropped" => DirectiveKind::Rule(Rule::Dropped(Cow::Owned(idents(1)?))),
        "Repeatable" => DirectiveKind::Repeatable(idents(1)?),
        "Requires" => {
            let Some((props, any_of)) = value.split_once("->") else {
                return Err(Error::new(
                    at,
                    "expected `PROPS -> PROPS`, e.g. `KO -> B W`",
                ));
            };
            DirectiveKind::Rule(Rule::Requires {
                props: Cow::Owned(self::idents(props, 1, &at)?),
                any_of: Cow::Owned(self::idents(any_of, 1, &at)?),
            })
        }
        "Format" => {
            let words: Vec<&str> = value.split_whitespace().collect();
            let [prop, format] = words[..] else {
                return Err(Error::new(
                    at,
                    "expected a property and a format, e.g. `DT date`",
                ));
            };
            let Some(format) = FORMATS.iter().find(|f| **f == format) else {
                return Err(Error::new(
                    at,
                    format!("unknown format `{format}`; expected {}", FORMATS.join(", ")),
                ));
            };
            let [prop] = &self::idents(prop, 1, &at)?[..] else {
                return Err(Error::new(at, "expected one property identifier"));
            };
            DirectiveKind::Rule(Rule::Format {
                prop: prop.clone(),
                format: Cow::Borrowed(format),
            })
        }
        "Renamed" => {
            let Some((from, to)) = value.split_once("->") else {
                return Err(Error::new(at, "expected `OLD -> NEW`, e.g. `L -> LB`"));
            };
            match (
                &self::idents(from, 1, &at)?[..],
                &self::idents(to, 1, &at)?[..],
            ) {
                ([from], [to]) => DirectiveKind::Rule(Rule::Renamed {
                    from: from.clone(),
                    to: to.clone(),
                }),
                _ => {
                    return Err(Error::new(
                        at,
                        "expected one identifier on each side of `->`",
                    ));
                }
            }
        }
        "Convention" => convention(value, &at)?,
        "NoMix" => {
            let types: Vec<_> = value.split_whitespace().collect();
            let [first, second] = types[..] else {
                return Err(Error::new(
                    at,
                    "expected two property types, e.g. `move setup`",
                ));
            };
            let kind = |word: &str| {
                PropertyType::from_keyword(word).ok_or_else(|| {
                    Error::new(
                        at.clone(),
                        format!("unknown property type `{word}`; expected move, setup, root, game-info, inherit or -"),
                    )
                })
            };
            DirectiveKind::Rule(Rule::NoMix(kind(first)?, kind(second)?))
        }
        _ => {
            return Err(Error::new(
                Location { col: 1, ..at },
                format!(
                    "unknown key `{key}:`; expected Property, Propvalue, Propertytype, Function, \
                     Related, Restrictions, Gametype, Module, or a directive: {KEYS}"
                ),
            ));
        }
    };
    Ok(Directive { kind, at })
}

/// Reads `IDENT VALUE-TYPE -> MEANING` (`HA number (range: 0-1) -> no handicap`).
fn convention(value: &str, at: &Location) -> Result<DirectiveKind, Error> {
    const EXPECTED: &str = "expected `PROP VALUE-TYPE -> MEANING`, e.g. `HA number (range: 0-1) \
                            -> no handicap`";
    let Some((left, meaning)) = value.split_once("->") else {
        return Err(Error::new(at.clone(), EXPECTED));
    };
    let left = left.trim_end();
    let Some((prop, text)) = left.split_once(char::is_whitespace) else {
        return Err(Error::new(at.clone(), EXPECTED));
    };
    let [prop] = &idents(prop, 1, at)?[..] else {
        return Err(Error::new(at.clone(), "expected one property identifier"));
    };
    let meaning = meaning.trim();
    if meaning.is_empty() {
        return Err(Error::new(at.clone(), EXPECTED));
    }
    let text = text.trim_start();
    let value = value_type::parse(text).map_err(|e| {
        // The type's text ends `left`, which starts the value at `at`.
        let offset = left.len() - text.len() + e.offset;
        let col = at.col + u32::try_from(offset).unwrap_or(0);
        Error::new(Location { col, ..at.clone() }, e.message)
    })?;
    Ok(DirectiveKind::Rule(Rule::Convention {
        prop: prop.clone(),
        value,
        meaning: Cow::Owned(meaning.to_owned()),
    }))
}

/// Reads identifiers separated by white space (a `|` or `,` between them is allowed).
fn idents(text: &str, min: usize, at: &Location) -> Result<Vec<Str>, Error> {
    let mut out: Vec<Str> = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == '|' || c == ',') {
        if word.is_empty() {
            continue;
        }
        if !word.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(Error::new(
                at.clone(),
                format!("expected property identifiers (uppercase letters), found `{word}`"),
            ));
        }
        if out.iter().any(|i| i == word) {
            return Err(Error::new(at.clone(), format!("`{word}` is named twice")));
        }
        out.push(Cow::Owned(word.to_owned()));
    }
    if out.len() < min {
        let what = if min == 1 {
            "a property identifier".to_owned()
        } else {
            format!("at least {min} property identifiers")
        };
        return Err(Error::new(at.clone(), format!("expected {what}")));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at() -> Location {
        Location {
            file: Cow::Borrowed("t.spec"),
            line: 3,
            col: 12,
        }
    }

    fn rule(key: &str, value: &str) -> Result<DirectiveKind, String> {
        parse(key, value, at())
            .map(|d| d.kind)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn each_directive_reads_into_its_rule() {
        let list = |s: &[&'static str]| Cow::Owned(s.iter().map(|s| Cow::Borrowed(*s)).collect());
        assert_eq!(
            rule("Exclusive", "B W"),
            Ok(DirectiveKind::Rule(Rule::Exclusive(list(&["B", "W"]))))
        );
        assert_eq!(
            rule("Requires", "BM DO IT TE -> B|W"),
            Ok(DirectiveKind::Rule(Rule::Requires {
                props: list(&["BM", "DO", "IT", "TE"]),
                any_of: list(&["B", "W"])
            }))
        );
        assert_eq!(
            rule("NoMix", "move setup"),
            Ok(DirectiveKind::Rule(Rule::NoMix(
                PropertyType::Move,
                PropertyType::Setup
            )))
        );
        assert_eq!(
            rule("Repeatable", "AB AW"),
            Ok(DirectiveKind::Repeatable(vec!["AB".into(), "AW".into()]))
        );
        assert_eq!(
            rule("OncePerGame", "IP"),
            Ok(DirectiveKind::Rule(Rule::OncePerGame(list(&["IP"]))))
        );
        assert_eq!(
            rule("Format", "RE backgammon-result"),
            Ok(DirectiveKind::Rule(Rule::Format {
                prop: "RE".into(),
                format: "backgammon-result".into()
            }))
        );
        assert_eq!(
            rule("Convention", "HA number (range: 0-1) -> no handicap"),
            Ok(DirectiveKind::Rule(Rule::Convention {
                prop: "HA".into(),
                value: crate::ValueType::One(crate::Single {
                    parts: Cow::Owned(vec![crate::Scalar::Number(Some(crate::Range {
                        min: 0,
                        max: Some(1)
                    }))])
                }),
                meaning: "no handicap".into()
            }))
        );
        assert_eq!(
            rule("Renamed", "L -> LB"),
            Ok(DirectiveKind::Rule(Rule::Renamed {
                from: "L".into(),
                to: "LB".into()
            }))
        );
    }

    #[test]
    fn malformed_directives_say_what_was_expected() {
        assert_eq!(
            rule("Exclusive", "B"),
            Err("t.spec:3:12: error: expected at least 2 property identifiers".into())
        );
        assert_eq!(
            rule("Requires", "KO B W"),
            Err("t.spec:3:12: error: expected `PROPS -> PROPS`, e.g. `KO -> B W`".into())
        );
        assert_eq!(
            rule("Unique", "AB aw"),
            Err(
                "t.spec:3:12: error: expected property identifiers (uppercase letters), found `aw`"
                    .into()
            )
        );
        assert_eq!(
            rule("NoMix", "move setpu"),
            Err("t.spec:3:12: error: unknown property type `setpu`; expected move, setup, root, game-info, inherit or -".into())
        );
        assert_eq!(
            rule("Format", "DT isodate"),
            Err("t.spec:3:12: error: unknown format `isodate`; expected date, result, backgammon-result".into())
        );
        assert_eq!(
            rule("Format", "DT"),
            Err("t.spec:3:12: error: expected a property and a format, e.g. `DT date`".into())
        );
        assert_eq!(
            rule("Renamed", "L LB"),
            Err("t.spec:3:12: error: expected `OLD -> NEW`, e.g. `L -> LB`".into())
        );
        assert_eq!(
            rule("Renamed", "L -> LB MA"),
            Err("t.spec:3:12: error: expected one identifier on each side of `->`".into())
        );
        assert_eq!(
            rule("Convention", "HA number (range: 0-1)"),
            Err(
                "t.spec:3:12: error: expected `PROP VALUE-TYPE -> MEANING`, e.g. `HA number \
                 (range: 0-1) -> no handicap`"
                    .into()
            )
        );
        assert_eq!(
            rule("Convention", "HA numbr -> no handicap"),
            Err(
                "t.spec:3:15: error: unknown value type `numbr`; expected one of none, number, \
                 real, double, color, simpletext, text, point, move, stone, list of, elist of, \
                 composed"
                    .into()
            )
        );
        assert!(
            rule("Uniqe", "AB")
                .is_err_and(|e| e.starts_with("t.spec:3:1: error: unknown key `Uniqe:`"))
        );
    }
}
