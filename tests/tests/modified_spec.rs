//! Changing the specification changes the generated types, tables and rules, with no Rust
//! edit: the private `XX` and the Gomoku section of `fixtures/extra.spec` exist here.

use sgf_core::GameProperty;
use sgf_core::games::{go, raw};
use sgf_core::property::RawProperty;
use sgf_core::spec::Rule;
use sgf_core::value::{Context, PointList};
use sgf_workspace_tests::{GoProperty, GomokuProperty, OtherGameProperty, tables};

#[test]
fn an_added_property_is_a_typed_variant_of_every_game() {
    let ctx = Context::square(19);
    let (property, error) = GoProperty::from_raw(RawProperty::new("XX", ["aa:bb", "cc"]), &ctx);
    assert_eq!(error, None);
    let GoProperty::XX(points) = &property else {
        panic!("expected GoProperty::XX, got {property:?}");
    };
    let points: PointList<go::Point> = points.clone();
    assert_eq!(points.points().len(), 5);
    assert_eq!(property.to_raw().to_string(), "XX[aa:bb][cc]");
    let (other, _) = OtherGameProperty::from_raw(RawProperty::new("XX", ["e4"]), &ctx);
    assert!(matches!(other, OtherGameProperty::XX(_)), "{other:?}");
}

#[test]
fn an_added_game_section_is_an_enum_with_its_own_table() {
    let ctx = Context::square(15);
    let (opening, error) = GomokuProperty::from_raw(RawProperty::new("OP", ["swap2"]), &ctx);
    assert_eq!(error, None);
    assert!(matches!(&opening, GomokuProperty::OP(text) if &**text == "swap2"));
    let (stone, _) = GomokuProperty::from_raw(RawProperty::new("B", ["h8"]), &ctx);
    assert_eq!(stone, GomokuProperty::B(raw::Move("h8".to_owned())));
    let gomoku = tables::game(4);
    assert_eq!((&*gomoku.name, gomoku.gm), ("Gomoku", Some(4)));
    assert!(
        GoProperty::definition("OP").is_none(),
        "OP is Gomoku's only"
    );
    assert_eq!(tables::GAMES.len(), 8);
}

#[test]
fn an_added_directive_is_a_rule_of_every_game() {
    for game in tables::GAMES {
        let unique_xx = game.rules.iter().any(
            |r| matches!(&r.rule, Rule::Unique { props, .. } if props.iter().any(|p| p == "XX")),
        );
        assert!(unique_xx, "{} lacks the XX rule", game.name);
    }
}

#[test]
fn added_directives_are_checked_by_the_validator() {
    use sgf_core::validate::{Code, validate};
    let read = |text: &str| {
        sgf_core::Collection::<sgf_workspace_tests::GameTree>::read(
            text.as_bytes(),
            &Default::default(),
        )
        .expect("readable")
    };
    // `Unique: XX` of the private group, in every game.
    let report = validate(&read("(;GM[1]XX[aa][bb][aa])"));
    assert_eq!(
        report.with_code(Code::RepeatedPoint).count(),
        1,
        "{:?}",
        report.findings
    );
    // `OncePerGame: OP` of the Gomoku section, in Gomoku only.
    let report = validate(&read("(;GM[4](;OP[swap])(;OP[swap2]))"));
    assert_eq!(
        report.with_code(Code::RepeatedInGame).count(),
        1,
        "{:?}",
        report.findings
    );
    let report = validate(&read("(;GM[4](;OP[swap])(;B[h8]))"));
    assert!(report.is_clean(), "{:?}", report.findings);
}
