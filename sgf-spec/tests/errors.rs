//! A broken specification is an error naming `file:line:col` and what was expected; nothing is
//! silently skipped, and every error of a file is reported together.

fn errors(text: &str) -> Vec<String> {
    match sgf_spec::load(&[("t.spec", text)]) {
        Ok(_) => Vec::new(),
        Err(e) => e.iter().map(ToString::to_string).collect(),
    }
}

const MOVES: &str = "Move properties\n\
Exclusive:\tB W\n\
\n\
Property:\tB (black move)\n\
Propvalue:\tmove\n\
Propertytype:\tmove\n\
Function:\tPlays a black move.\n\
\n\
Property:\tW\n\
Propvalue:\tmove\n\
Propertytype:\tmove\n";

#[test]
fn the_fixture_itself_is_valid() {
    assert_eq!(errors(MOVES), Vec::<String>::new());
}

#[test]
fn a_garbled_line_names_its_position() {
    let text = MOVES.replace(
        "Propertytype:\tmove\nFunction",
        "Propertytype move\nFunction",
    );
    assert_eq!(
        errors(&text),
        [
            "t.spec:6:1: error: expected a `Key:` line, a group header ending in `properties`, an \
             indented continuation line, a `#` comment or a blank line",
            "t.spec:4:11: error: property `B` has no `Propertytype:` line",
        ]
    );
}

#[test]
fn continuations_of_a_garbled_line_are_not_reported_again() {
    let text = MOVES.replace(
        "Function:\tPlays a black move.",
        "Function Plays a black\n\t\tmove.",
    );
    assert_eq!(
        errors(&text),
        [
            "t.spec:7:1: error: expected a `Key:` line, a group header ending in `properties`, an \
          indented continuation line, a `#` comment or a blank line"
        ]
    );
}

#[test]
fn an_unknown_value_type_points_at_the_word() {
    let text = MOVES.replace(
        "Propvalue:\tmove\nPropertytype:\tmove\nFunction",
        "Propvalue:\tlist of pont\nPropertytype:\tmove\nFunction",
    );
    let found = errors(&text);
    assert_eq!(found.len(), 1);
    assert!(
        found[0].starts_with("t.spec:5:20: error: unknown value type `pont`; expected one of none"),
        "{found:?}"
    );
}

#[test]
fn an_unknown_property_type_or_key_is_an_error() {
    let text = MOVES.replacen("Propertytype:\tmove", "Propertytype:\tmoves", 1);
    assert_eq!(
        errors(&text),
        [
            "t.spec:6:15: error: unknown property type `moves`; expected move, setup, root, game-info, inherit or -"
        ]
    );
    let text = MOVES.replace("Function:", "Fuction:");
    let found = errors(&text);
    assert!(
        found[0].starts_with("t.spec:7:1: error: unknown key `Fuction:`"),
        "{found:?}"
    );
}

#[test]
fn a_duplicate_property_in_one_scope_names_both_places() {
    let text = format!("{MOVES}\nProperty:\tB\nPropvalue:\tmove\nPropertytype:\tmove\n");
    assert_eq!(
        errors(&text),
        [
            "t.spec:13:11: error: property `B` is defined twice in this scope (first defined at t.spec:4:11)"
        ]
    );
}

#[test]
fn the_same_identifier_in_two_games_is_no_duplicate() {
    let games = "\nHex properties\nGametype:\t11\n\nProperty:\tIP\nPropvalue:\tsimpletext\nPropertytype:\tgame-info\n\
                 \nLines of Action properties\nGametype:\t9\n\nProperty:\tIP\nPropvalue:\tsimpletext\nPropertytype:\tgame-info\n";
    assert_eq!(errors(&format!("{MOVES}{games}")), Vec::<String>::new());
}

#[test]
fn directives_must_name_defined_properties_of_fitting_types() {
    let text = MOVES.replace(
        "Exclusive:\tB W",
        "Exclusive:\tB X\nUnique:\tB\nDistinctParts:\tW",
    );
    assert_eq!(
        errors(&text),
        [
            "t.spec:2:12: error: `Exclusive` names `X`, which is not a defined property",
            "t.spec:3:9: error: `Unique` needs values that are points or stones, but `B` is `move`",
            "t.spec:4:16: error: `DistinctParts` needs composed values, but `W` is `move`",
        ]
    );
}

#[test]
fn a_renamed_identifier_must_be_obsolete_and_its_replacement_defined() {
    let text = MOVES.replace("Exclusive:\tB W", "Renamed:\tB -> W\nRenamed:\tL -> LB");
    assert_eq!(
        errors(&text),
        [
            "t.spec:2:10: error: `Renamed` names `B` as obsolete, but it is a defined property",
            "t.spec:3:10: error: `Renamed` names `LB`, which is not a defined property",
        ]
    );
}

#[test]
fn continuations_and_keys_out_of_place_are_errors() {
    assert_eq!(
        errors("\tstray text\nProperty:\tB\n"),
        [
            "t.spec:1:2: error: an indented line continues nothing; expected a `Key:` line or a group header",
            "t.spec:2:1: error: expected a group header (`... properties`) before any key",
        ]
    );
    let text = MOVES.replace(
        "Propvalue:\tmove\nPropertytype:\tmove\nFunction",
        "Propvalue:\tlist of\n\t\tpoint\nPropertytype:\tmove\nFunction",
    );
    assert!(
        errors(&text)
            .contains(&"t.spec:6:3: error: this key's value must stay on one line".to_owned())
    );
}

#[test]
fn a_game_keeps_one_name_and_number() {
    let text = "Go properties\nGametype:\t1\n\nGo2 properties\nGametype:\t1\n";
    assert_eq!(
        errors(text),
        [
            "t.spec:4:1: error: game 1 is called `Go` elsewhere, not `Go2` (first defined at t.spec:1:1)"
        ]
    );
}

/// The Perl module's own specification (whose Backgammon section it silently lost, because
/// that section is indented with spaces) reads completely here.
#[test]
fn the_perl_modules_specification_reads_with_its_backgammon_section() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/seeds/001_f8cc69e383362619.txt"
    );
    let Ok(seed) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} is absent (the shared seeds are not beside this checkout)");
        return;
    };
    let data = seed
        .split_once("\n__DATA__\n")
        .map(|(_, data)| data)
        .expect("a __DATA__ section");
    // The Perl module stops reading at its own `End:` sentinel, which is not part of the format.
    let data = data.split_once("\nEnd:").map_or(data, |(data, _)| data);
    let spec = sgf_spec::load(&[("perl.spec", data)]).unwrap_or_else(|e| panic!("{e}"));
    let backgammon = spec.game(6);
    assert_eq!(backgammon.name, "Backgammon");
    for ident in ["CO", "CV", "DI", "MI", "RE", "RU"] {
        assert_eq!(
            backgammon.property(ident).and_then(|p| p.game),
            Some(6),
            "{ident}"
        );
    }
    let octi_ru = spec.game(19).property("RU").expect("Octi RU");
    assert_eq!(
        (&*octi_ru.ident, octi_ru.name.as_deref()),
        ("RU", Some("rules"))
    );
}
