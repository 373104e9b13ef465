//! The standard specification files read without error and hold what `FF[4]` defines.

use sgf_spec::{PropertyType, Rule, Scalar, Spec, ValueType};
use sgf_spec_data::{FF4, FF5};

fn ff4() -> Spec {
    sgf_spec::load(&[(FF4.name, FF4.text)]).unwrap_or_else(|e| panic!("{e}"))
}

fn ff5() -> Spec {
    sgf_spec::load(&[(FF4.name, FF4.text), (FF5.name, FF5.text)]).unwrap_or_else(|e| panic!("{e}"))
}

/// The `FF[4]` general properties, by group, as the specification lists them.
const GENERAL: &[(&str, &[&str])] = &[
    ("Move", &["B", "KO", "MN", "W"]),
    ("Setup", &["AB", "AE", "AW", "PL"]),
    (
        "Node annotation",
        &["C", "DM", "GB", "GW", "HO", "N", "UC", "V"],
    ),
    ("Move annotation", &["BM", "DO", "IT", "TE"]),
    (
        "Markup",
        &["AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR"],
    ),
    ("Root", &["AP", "CA", "FF", "GM", "ST", "SZ"]),
    (
        "Game info",
        &[
            "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC", "PW", "RE",
            "RO", "RU", "SO", "TM", "US", "WR", "WT",
        ],
    ),
    ("Timing", &["BL", "OB", "OW", "WL"]),
    ("Miscellaneous", &["FG", "PM", "VW"]),
];

/// The game sections: name, GM, and the identifiers each defines.
const SECTIONS: &[(&str, u32, &[&str])] = &[
    ("Go", 1, &["HA", "KM", "TB", "TW", "SZ"]),
    ("Backgammon", 6, &["CO", "CV", "DI", "MI", "RE", "RU"]),
    ("Lines of Action", 9, &["AS", "IP", "IY", "SE", "SU"]),
    ("Hex", 11, &["IS", "IP"]),
    ("Amazons", 18, &["AA"]),
    (
        "Octi",
        19,
        &[
            "RU", "BO", "WO", "NP", "NR", "NS", "AS", "CS", "MS", "SS", "TS", "RP",
        ],
    ),
];

#[test]
fn every_general_property_is_in_every_game_under_its_group() {
    let spec = ff4();
    for game in &spec.games {
        for (group, idents) in GENERAL {
            for ident in *idents {
                let property = game
                    .property(ident)
                    .unwrap_or_else(|| panic!("{ident} missing from {}", game.name));
                let overridden = SECTIONS
                    .iter()
                    .any(|(name, _, own)| *name == game.name && own.contains(ident));
                let expected = if overridden { &*game.name } else { group };
                assert_eq!(property.group, expected, "{ident} in {}", game.name);
            }
        }
    }
}

#[test]
fn every_game_section_is_present_with_its_own_properties() {
    let spec = ff4();
    let names: Vec<_> = spec.games.iter().map(|g| (&*g.name, g.gm)).collect();
    let mut expected: Vec<_> = SECTIONS
        .iter()
        .map(|(name, gm, _)| (*name, Some(*gm)))
        .collect();
    expected.push((sgf_spec::OTHER_GAME, None));
    assert_eq!(names, expected);
    let general_count: usize = GENERAL.iter().map(|(_, idents)| idents.len()).sum();
    for (name, gm, own) in SECTIONS {
        let game = spec.game(*gm);
        assert_eq!(game.name, *name);
        let new = own
            .iter()
            .filter(|i| !GENERAL.iter().any(|(_, g)| g.contains(i)))
            .count();
        assert_eq!(game.properties.len(), general_count + new, "{name}");
        for ident in *own {
            assert_eq!(
                game.property(ident).and_then(|p| p.game),
                Some(*gm),
                "{name} {ident}"
            );
        }
    }
    assert_eq!(
        spec.game(2).name,
        sgf_spec::OTHER_GAME,
        "Othello has no section"
    );
}

#[test]
fn every_game_section_names_its_module_and_the_ff5_layer_keeps_it() {
    for spec in [ff4(), ff5()] {
        for (name, gm, _) in SECTIONS {
            let module = name.to_lowercase().replace(' ', "_");
            assert_eq!(spec.game(*gm).module.as_deref(), Some(&*module), "{name}");
        }
        assert_eq!(spec.game(2).module, None, "the catch-all has no module");
    }
}

#[test]
fn game_sections_override_general_definitions_in_their_game_only() {
    let spec = ff4();
    let octi_as = &spec.game(19).property("AS").expect("Octi AS").value;
    let loa_as = &spec
        .game(9)
        .property("AS")
        .expect("Lines of Action AS")
        .value;
    assert_eq!(octi_as.to_string(), "list of composed stone ':' point");
    assert_eq!(loa_as.to_string(), "simpletext");
    assert!(spec.game(1).property("AS").is_none());
    let ip = |gm| spec.game(gm).property("IP").map(|p| p.defined_at.line);
    assert_ne!(
        ip(9),
        ip(11),
        "Lines of Action and Hex each keep their own IP"
    );
    let octi_ru = spec.game(19).property("RU").expect("Octi RU");
    assert_eq!(
        (octi_ru.name.as_deref(), octi_ru.game),
        (Some("rules"), Some(19))
    );
    assert_eq!(spec.game(1).property("RU").and_then(|p| p.game), None);
}

#[test]
fn value_and_property_types_follow_the_specification() {
    let spec = ff4();
    let go = spec.game(1);
    let shown = |ident: &str| go.property(ident).map(|p| (p.value.to_string(), p.kind));
    assert_eq!(shown("B"), Some(("move".into(), PropertyType::Move)));
    assert_eq!(
        shown("AB"),
        Some(("list of stone".into(), PropertyType::Setup))
    );
    assert_eq!(
        shown("LB"),
        Some((
            "list of composed point ':' simpletext".into(),
            PropertyType::None
        ))
    );
    assert_eq!(shown("KM"), Some(("real".into(), PropertyType::GameInfo)));
    assert_eq!(
        shown("DD"),
        Some(("elist of point".into(), PropertyType::Inherit))
    );
    assert_eq!(
        shown("FF"),
        Some(("number (range: 1-4)".into(), PropertyType::Root))
    );
    assert_eq!(
        shown("FG"),
        Some((
            "none | composed number ':' simpletext".into(),
            PropertyType::None
        ))
    );
    assert!(matches!(
        go.property("SZ").map(|p| &p.value),
        Some(ValueType::Alt(_))
    ));
    let go_sz = go.property("SZ").expect("Go SZ").value.to_string();
    assert_eq!(
        go_sz,
        "number (range: 1-52) | composed number (range: 1-52) ':' number (range: 1-52)"
    );
    let general_sz = spec.game(2).property("SZ").expect("SZ").value.to_string();
    assert_eq!(
        general_sz,
        "number (range: 1-) | composed number (range: 1-) ':' number (range: 1-)"
    );
    for game in &spec.games {
        for p in game.properties.iter() {
            assert!(
                !p.doc.is_empty(),
                "{} of {} has no Function text",
                p.ident,
                game.name
            );
        }
    }
}

#[test]
fn restrictions_become_rules_per_game() {
    let spec = ff4();
    let has = |gm: u32, rule: &str| {
        spec.game(gm)
            .rules
            .iter()
            .any(|r| format!("{:?}", r.rule) == rule)
    };
    for gm in [1, 6, 9, 11, 18, 19, 2] {
        assert!(has(gm, r#"Exclusive(["B", "W"])"#));
        assert!(has(gm, "NoMix(Move, Setup)"));
        assert!(has(gm, r#"Requires { props: ["KO"], any_of: ["B", "W"] }"#));
        assert!(has(
            gm,
            r#"Requires { props: ["BM", "DO", "IT", "TE"], any_of: ["B", "W"] }"#
        ));
        assert!(has(gm, r#"Exclusive(["DM", "UC", "GB", "GW"])"#));
        assert!(has(gm, r#"NoDuplicates(["AR", "LN"])"#));
        assert!(has(gm, r#"DistinctParts(["SZ"])"#));
    }
    assert!(has(1, r#"Unique { props: ["TB", "TW"], repeatable: [] }"#));
    assert!(!has(2, r#"Unique { props: ["TB", "TW"], repeatable: [] }"#));
    assert!(has(
        1,
        r#"Unique { props: ["AB", "AW", "AE"], repeatable: [] }"#
    ));
    assert!(has(
        6,
        r#"Unique { props: ["AB", "AW", "AE"], repeatable: ["AB", "AW"] }"#
    ));
    assert!(has(11, r#"OncePerGame(["IP"])"#));
    assert!(!has(9, r#"OncePerGame(["IP"])"#));
    assert!(has(19, r#"DistinctParts(["AS"])"#));
    assert!(has(1, r#"Format { prop: "DT", format: "date" }"#));
    assert!(has(1, r#"Format { prop: "RE", format: "result" }"#));
    assert!(has(1, r#"Renamed { from: "L", to: "LB" }"#));
    // Backgammon's own result format replaces the general one in its game only.
    assert!(has(
        6,
        r#"Format { prop: "RE", format: "backgammon-result" }"#
    ));
    assert!(!has(6, r#"Format { prop: "RE", format: "result" }"#));
    assert_eq!(
        spec.game(11).property("IS").map(|p| p.kind),
        Some(PropertyType::Root)
    );
}

#[test]
fn the_ff5_draft_layers_on_top_of_ff4() {
    let (four, five) = (ff4(), ff5());
    let go = five.game(1);
    let un = go.property("UN").expect("UN");
    assert_eq!(
        (un.value.to_string(), un.kind),
        ("number (range: 1-)".into(), PropertyType::Move)
    );
    assert_eq!(
        go.property("PI").map(|p| p.value.to_string()).as_deref(),
        Some("list of composed simpletext ':' simpletext")
    );
    let ot = go.property("OT").expect("OT").value.clone();
    assert_eq!(
        ot.to_string(),
        "list of composed simpletext ':' composed simpletext ':' real"
    );
    assert_eq!(
        four.game(1)
            .property("OT")
            .map(|p| p.value.to_string())
            .as_deref(),
        Some("simpletext")
    );
    let rules: Vec<_> = go.rules.iter().map(|r| &r.rule).collect();
    let exclusive: Vec<_> = rules
        .iter()
        .filter(|r| matches!(r, Rule::Exclusive(p) if p.contains(&"B".into())))
        .collect();
    assert_eq!(
        format!("{exclusive:?}"),
        r#"[Exclusive(["B", "W", "UN"])]"#,
        "the narrower B/W rule is implied"
    );
    assert!(
        rules
            .iter()
            .any(|r| format!("{r:?}") == r#"Dropped(["AN", "ON", "US", "KO"])"#)
    );
    assert!(
        go.property("KO").is_some(),
        "dropped properties stay readable"
    );
    assert_eq!(go.properties.len(), four.game(1).properties.len() + 2);
    assert_eq!(
        go.property("FF").map(|p| &p.value),
        Some(&ValueType::One(sgf_spec::Single {
            parts: vec![Scalar::Number(Some(sgf_spec::Range {
                min: 1,
                max: Some(5)
            }))]
            .into()
        }))
    );
}

/// The sources read on top of `FF[4]` and of the `FF[5]` draft, each quirk with its meaning and
/// the evidence behind it.
#[test]
fn the_sources_layer_on_both_formats_with_evidence_for_each_quirk() {
    use sgf_spec_data::SOURCES;
    for files in [
        &[(FF4.name, FF4.text), (SOURCES.name, SOURCES.text)][..],
        &[
            (FF4.name, FF4.text),
            (FF5.name, FF5.text),
            (SOURCES.name, SOURCES.text),
        ],
    ] {
        let spec = sgf_spec::load(files).unwrap_or_else(|e| panic!("{e}"));
        let names: Vec<&str> = spec.sources.iter().map(|s| s.name.as_ref()).collect();
        assert_eq!(
            names,
            [
                "Fox Weiqi",
                "Nihon Kiin",
                "Sabaki",
                "Lizzie",
                "KaTrain",
                "LizGoban",
                "MultiGo"
            ]
        );
        for source in &spec.sources {
            assert!(!source.recognise.is_empty() && !source.doc.is_empty());
            for quirk in source.quirks.iter() {
                assert!(
                    !quirk.meaning.is_empty() && !quirk.evidence.is_empty(),
                    "{quirk:?}"
                );
            }
        }
        assert!(ff4().sources.is_empty());
    }
}
