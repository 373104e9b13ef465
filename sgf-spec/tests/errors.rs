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

/// How a case's specification is made.
enum Input {
    /// `MOVES` with the first occurrence of one text replaced by another.
    Edit(&'static str, &'static str),
    /// `MOVES` with more after it.
    Append(&'static str),
    /// A text of its own.
    Alone(&'static str),
}

impl Input {
    fn text(&self) -> String {
        match *self {
            Input::Edit(from, to) => {
                assert!(MOVES.contains(from), "{from:?} is not in MOVES");
                MOVES.replacen(from, to, 1)
            }
            Input::Append(more) => format!("{MOVES}{more}"),
            Input::Alone(text) => text.to_owned(),
        }
    }
}

/// A broken specification per row, and the start of each error it gives, in order (the
/// longest messages go on to list what was expected).
const CASES: &[(Input, &[&str])] = &[
    // The fixture itself is valid.
    (Input::Append(""), &[]),
    // A garbled line names its position; its property then lacks what the line held.
    (
        Input::Edit(
            "Propertytype:\tmove\nFunction",
            "Propertytype move\nFunction",
        ),
        &[
            "t.spec:6:1: error: expected a `Key:` line, a group header ending in `properties`, an \
             indented continuation line, a `#` comment or a blank line",
            "t.spec:4:11: error: property `B` has no `Propertytype:` line",
        ],
    ),
    // Continuations of a garbled line are not reported again.
    (
        Input::Edit(
            "Function:\tPlays a black move.",
            "Function Plays a black\n\t\tmove.",
        ),
        &[
            "t.spec:7:1: error: expected a `Key:` line, a group header ending in `properties`, an \
           indented continuation line, a `#` comment or a blank line",
        ],
    ),
    // An unknown value type points at the word.
    (
        Input::Edit("Propvalue:\tmove\n", "Propvalue:\tlist of pont\n"),
        &["t.spec:5:20: error: unknown value type `pont`; expected one of none"],
    ),
    // An unknown property type or key is an error.
    (
        Input::Edit("Propertytype:\tmove", "Propertytype:\tmoves"),
        &[
            "t.spec:6:15: error: unknown property type `moves`; expected move, setup, root, \
           game-info, inherit or -",
        ],
    ),
    (
        Input::Edit("Function:", "Fuction:"),
        &["t.spec:7:1: error: unknown key `Fuction:`"],
    ),
    // A duplicate property in one scope names both places.
    (
        Input::Append("\nProperty:\tB\nPropvalue:\tmove\nPropertytype:\tmove\n"),
        &[
            "t.spec:13:11: error: property `B` is defined twice in this scope (first defined at \
           t.spec:4:11)",
        ],
    ),
    // The same identifier in two games is no duplicate.
    (
        Input::Append(
            "\nHex properties\nGametype:\t11\n\nProperty:\tIP\nPropvalue:\tsimpletext\n\
             Propertytype:\tgame-info\n\nLines of Action properties\nGametype:\t9\n\n\
             Property:\tIP\nPropvalue:\tsimpletext\nPropertytype:\tgame-info\n",
        ),
        &[],
    ),
    // Directives must name defined properties of fitting types.
    (
        Input::Edit(
            "Exclusive:\tB W",
            "Exclusive:\tB X\nUnique:\tB\nDistinctParts:\tW",
        ),
        &[
            "t.spec:2:12: error: `Exclusive` names `X`, which is not a defined property",
            "t.spec:3:9: error: `Unique` needs values that are points or stones, but `B` is `move`",
            "t.spec:4:16: error: `DistinctParts` needs composed values, but `W` is `move`",
        ],
    ),
    // A renamed identifier must be obsolete, and its replacement defined.
    (
        Input::Edit("Exclusive:\tB W", "Renamed:\tB -> W\nRenamed:\tL -> LB"),
        &[
            "t.spec:2:10: error: `Renamed` names `B` as obsolete, but it is a defined property",
            "t.spec:3:10: error: `Renamed` names `LB`, which is not a defined property",
        ],
    ),
    // Continuations and keys out of place.
    (
        Input::Alone("\tstray text\nProperty:\tB\n"),
        &[
            "t.spec:1:2: error: an indented line continues nothing; expected a `Key:` line or a \
             group header",
            "t.spec:2:1: error: expected a group header (`... properties`) before any key",
        ],
    ),
    (
        Input::Edit("Propvalue:\tmove\n", "Propvalue:\tlist of\n\t\tpoint\n"),
        &[
            "t.spec:6:3: error: this key's value must stay on one line",
            "t.spec:5:19: error: expected a value type",
        ],
    ),
    // A game keeps one name and number.
    (
        Input::Alone("Go properties\nGametype:\t1\n\nGo2 properties\nGametype:\t1\n"),
        &[
            "t.spec:4:1: error: game 1 is called `Go` elsewhere, not `Go2` (first defined at \
           t.spec:1:1)",
        ],
    ),
    // A game section names one module, by a Rust name; a general group names none.
    (
        Input::Edit("Exclusive:\tB W\n", "Exclusive:\tB W\nModule:\tgo\n"),
        &["t.spec:1:1: error: `Module:` belongs to a game section"],
    ),
    (
        Input::Alone("Go properties\nGametype:\t1\nModule:\tGo\n"),
        &["t.spec:3:9: error: expected a module name such as `lines_of_action`, found `Go`"],
    ),
    (
        Input::Alone("Go properties\nGametype:\t1\nModule:\tgo\nModule:\tgo\n"),
        &["t.spec:4:1: error: a second `Module:` in this group"],
    ),
    (
        Input::Alone(
            "Go properties\nGametype:\t1\nModule:\tgo\n\nGo properties\nModule:\tbaduk\n\
             Gametype:\t1\n",
        ),
        &[
            "t.spec:5:1: error: game 1 has module `go` elsewhere, not `baduk` (first defined at \
           t.spec:1:1)",
        ],
    ),
    // A source is recognised somehow, names defined properties, says what each quirk means,
    // and keeps its private properties to identifiers and types of its own.
    (
        Input::Append(
            "\nFox properties\nSource:\tAP foxwq\nQuirk:\tB / 100\nMeaning:\tB times 100\n\
             Evidence:\tmany files\n\tand more\n\nProperty:\tTC\nPropvalue:\tnumber\n\
             Propertytype:\tgame-info\n",
        ),
        &[],
    ),
    (
        Input::Append("\nFox properties\nSource:\tApp foxwq\nQuirk:\tB times 100\n"),
        &[
            "t.spec:14:9: error: expected `AP name`, `root IDENT ...`",
            "t.spec:15:8: error: expected `ID[VALUE] unknown`, `ID / N`",
        ],
    ),
    (
        Input::Append(
            "\nFox properties\nQuirk:\tX -> KM\nEvidence:\tnone\nMeaning:\ta\n\n\
             Property:\tW\nPropvalue:\tnumber\nPropertytype:\t-\n\n\
             Property:\tTP\nPropvalue:\tpoint\nPropertytype:\t-\n",
        ),
        &[
            "t.spec:13:1: error: `Fox` has quirks or analysis but no `Source:` line",
            "t.spec:18:11: error: `W` is a property of the specification",
            "t.spec:22:11: error: `TP` is `point`: a source's private property names no point",
            "t.spec:14:8: error: the quirk names `KM`, which is defined neither",
        ],
    ),
    (
        Input::Append(
            "\nFox properties\nSource:\tAP fox\nQuirk:\tB / 2\nMeaning:\ta\nMeaning:\tb\n",
        ),
        &["t.spec:17:1: error: a second `Meaning:` in this quirk"],
    ),
    (
        Input::Append("\nFox properties\nSource:\tAP foxwq\nMeaning:\tnothing\n"),
        &["t.spec:15:1: error: `Meaning:` outside a quirk; expected `Quirk:` first"],
    ),
];

#[test]
fn each_broken_specification_gives_its_errors_in_order() {
    for (input, expected) in CASES {
        let text = input.text();
        let found = errors(&text);
        let matches = found.len() == expected.len()
            && found.iter().zip(*expected).all(|(f, e)| f.starts_with(e));
        assert!(
            matches,
            "{text}\nfound:    {found:#?}\nexpected: {expected:#?}"
        );
    }
}

/// The Perl module's own specification (whose Backgammon section it silently lost, because
/// that section is indented with spaces) reads completely here.
#[test]
#[ignore = "needs ../shared/seeds"]
fn the_perl_modules_specification_reads_with_its_backgammon_section() {
    let path = sgf_test_support::needs("seeds").join("001_f8cc69e383362619.txt");
    let seed = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
