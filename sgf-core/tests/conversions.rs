//! Every property of every game converts between raw and typed values in both directions:
//! a sample value of each property's value type reads into its typed variant and writes back
//! to the same raw text; values that do not fit are kept verbatim.

use sgf_core::property::{
    AmazonsProperty, BackgammonProperty, GameProperty, GoProperty, HexProperty,
    LinesOfActionProperty, OctiProperty, OtherGameProperty, RawProperty,
};
use sgf_core::spec::{Scalar, Single, ValueType};
use sgf_core::value::Context;

/// Canonical sample values of a game's point, move and stone.
struct Samples {
    point: &'static str,
    moves: &'static str,
    stone: &'static str,
}

fn scalar(scalar: Scalar, samples: &Samples) -> &'static str {
    match scalar {
        Scalar::Number(range) => match range {
            Some(range) if range.min > 3 => "5",
            Some(range) if range.max.is_some_and(|max| max < 3) => "1",
            _ => "3",
        },
        Scalar::Real => "6.5",
        Scalar::Double => "2",
        Scalar::Color => "W",
        Scalar::SimpleText => "two words",
        Scalar::Text => "a line\nand a second",
        Scalar::Point => samples.point,
        Scalar::Move => samples.moves,
        Scalar::Stone => samples.stone,
    }
}

fn single(single: &Single, samples: &Samples) -> String {
    let parts: Vec<&str> = single.parts.iter().map(|s| scalar(*s, samples)).collect();
    parts.join(":")
}

/// A raw value list that fits the value type.
fn sample(value: &ValueType, samples: &Samples) -> Vec<String> {
    match value {
        ValueType::None => vec![String::new()],
        ValueType::One(s) | ValueType::List(s) | ValueType::EList(s) => vec![single(s, samples)],
        ValueType::Alt(alts) => sample(
            alts.last().expect("an alternative type has alternatives"),
            samples,
        ),
    }
}

fn round_trips_every_property<P: GameProperty>(samples: &Samples) {
    let game = P::game();
    let ctx = Context::square(19);
    for definition in game.properties.iter() {
        let raw = RawProperty {
            ident: definition.ident.to_string(),
            values: sample(&definition.value, samples),
        };
        let (property, error) = P::from_raw(raw.clone(), &ctx);
        assert_eq!(error, None, "{} {raw}", game.name);
        assert_eq!(
            property.definition(),
            Some(definition),
            "{} {raw} read as {property:?}",
            game.name
        );
        assert_eq!(property.to_raw(), raw, "{} {raw} written back", game.name);
        let (again, _) = P::from_raw(property.to_raw(), &ctx);
        assert_eq!(again, property);
        if matches!(definition.value, ValueType::EList(_)) {
            let empty = RawProperty::new(&definition.ident, [""]);
            let (property, error) = P::from_raw(empty.clone(), &ctx);
            assert_eq!(
                (error, property.to_raw()),
                (None, empty),
                "{} empty elist",
                game.name
            );
        }
    }
}

#[test]
fn go() {
    round_trips_every_property::<GoProperty>(&Samples {
        point: "dd",
        moves: "pq",
        stone: "ab",
    });
}

#[test]
fn backgammon() {
    round_trips_every_property::<BackgammonProperty>(&Samples {
        point: "c",
        moves: "31hefe",
        stone: "y",
    });
}

#[test]
fn lines_of_action() {
    round_trips_every_property::<LinesOfActionProperty>(&Samples {
        point: "c5",
        moves: "e1-e3",
        stone: "d4",
    });
}

#[test]
fn hex() {
    round_trips_every_property::<HexProperty>(&Samples {
        point: "aa11",
        moves: "swap-pieces",
        stone: "g5",
    });
}

#[test]
fn amazons() {
    round_trips_every_property::<AmazonsProperty>(&Samples {
        point: "dj",
        moves: "djddgd",
        stone: "ag",
    });
}

#[test]
fn octi() {
    round_trips_every_property::<OctiProperty>(&Samples {
        point: "46",
        moves: "84-86x-68",
        stone: "46CD",
    });
}

#[test]
fn other_games() {
    round_trips_every_property::<OtherGameProperty>(&Samples {
        point: "e4",
        moves: "Nf3",
        stone: "e4",
    });
}

#[test]
fn values_that_do_not_fit_are_kept_verbatim_with_the_error() {
    let ctx = Context::square(19);
    let raw = RawProperty::new("B", ["d4"]);
    let (property, error) = GoProperty::from_raw(raw.clone(), &ctx);
    assert_eq!(property, GoProperty::Invalid(Box::new(raw.clone())));
    let error = error.expect("a Go move is two letters");
    assert!(error.message.contains("d4"), "{error}");
    assert_eq!(property.to_raw(), raw);
    assert_eq!(property.definition().map(|d| &*d.ident), Some("B"));
}

#[test]
fn unknown_properties_are_kept_verbatim() {
    let raw = RawProperty::new("XZ", ["any \\] thing", ""]);
    let (property, error) = GoProperty::from_raw(raw.clone(), &Context::square(19));
    assert_eq!(
        (property.clone(), error),
        (GoProperty::Unknown(Box::new(raw.clone())), None)
    );
    assert_eq!(property.to_raw(), raw);
    assert_eq!(property.definition(), None);
}

#[test]
fn the_same_identifier_has_each_games_type() {
    let ctx = Context::square(19);
    let arrows = RawProperty::new("AS", ["46CD:48"]);
    let (octi, error) = OctiProperty::from_raw(arrows.clone(), &ctx);
    assert!(
        matches!(octi, OctiProperty::AS(ref list) if list.len() == 1),
        "{octi:?} {error:?}"
    );
    let (loa, error) = LinesOfActionProperty::from_raw(RawProperty::new("AS", ["Black"]), &ctx);
    assert!(
        matches!(loa, LinesOfActionProperty::AS(ref text) if &**text == "Black"),
        "{error:?}"
    );
    let (go, _) = GoProperty::from_raw(arrows.clone(), &ctx);
    assert_eq!(go, GoProperty::Unknown(Box::new(arrows)), "Go has no AS");
}

#[test]
fn tables_and_lookup_follow_the_spec() {
    assert_eq!(sgf_core::tables::game(1).name, "Go");
    assert_eq!(sgf_core::tables::game(2).name, sgf_core::spec::OTHER_GAME);
    assert_eq!(sgf_core::tables::GAMES.len(), 7);
    let km = GoProperty::definition("KM").expect("KM in Go");
    assert_eq!(
        (km.value.to_string(), km.kind.keyword()),
        ("real".to_owned(), "game-info")
    );
    assert!(BackgammonProperty::definition("KM").is_none(), "KM is Go's");
    assert_eq!(
        BackgammonProperty::definition("RE").and_then(|p| p.game),
        Some(6)
    );
}
