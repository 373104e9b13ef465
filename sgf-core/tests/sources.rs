//! The quirks of real sources (`spec/sources.spec`), on fixtures written after the files that
//! show them (`tests/sources/`): each reads as what its source meant, validation reports each
//! quirk with its code and meaning, and `repair_with(source_quirks)` writes what is certain as
//! standard SGF, once.

use std::path::Path;

use sgf_core::game_info::GameInfo;
use sgf_core::repair::{RepairOptions, repair_with};
use sgf_core::validate::validate;
use sgf_core::{Collection, GoProperty, ReadOptions};

fn load(name: &str) -> Collection {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sources")
        .join(name);
    sgf_core::load(&path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn info(collection: &Collection) -> GameInfo {
    let game = collection.game(0);
    let last = game.main_line().last().expect("a node");
    game.game_info::<GoProperty>(last)
}

/// Each finding's code and message.
fn findings(collection: &Collection) -> Vec<(&'static str, String)> {
    validate(collection)
        .findings
        .iter()
        .map(|f| (f.code.as_str(), f.message.clone()))
        .collect()
}

fn codes(found: &[(&'static str, String)]) -> Vec<&'static str> {
    found.iter().map(|(code, _)| *code).collect()
}

/// A fixture, what it reads as, and what repair writes of it.
struct Case {
    file: &'static str,
    source: &'static str,
    komi: Option<f64>,
    as_written: &'static [(&'static str, &'static str)],
    /// The codes validation gives of the source, in order.
    codes: &'static [&'static str],
    /// What the repaired text holds.
    repaired: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        file: "fox-komi-japanese.sgf",
        source: "Fox Weiqi",
        komi: Some(6.5),
        as_written: &[("KM", "650")],
        codes: &["source", "source-quirk"],
        repaired: &["KM[6.5]", "TC[3]TT[30]"],
    },
    Case {
        file: "fox-komi-chinese.sgf",
        source: "Fox Weiqi",
        komi: Some(7.5),
        as_written: &[("KM", "375")],
        codes: &["source", "source-quirk"],
        repaired: &["KM[7.5]"],
    },
    Case {
        file: "fox-komi-unknown.sgf",
        source: "Fox Weiqi",
        komi: None,
        as_written: &[("KM", "0")],
        codes: &["source", "source-unknown-value"],
        repaired: &["KM[0]"],
    },
    Case {
        file: "fox-older.sgf",
        source: "Fox Weiqi",
        komi: Some(7.5),
        as_written: &[("KM", "750")],
        codes: &["source", "source-quirk"],
        repaired: &["KM[7.5]"],
    },
    Case {
        file: "nihon-kiin-shift-jis.sgf",
        source: "Nihon Kiin",
        komi: None,
        as_written: &[],
        codes: &[
            "source",
            "source-renamed",
            "source-renamed",
            "source-renamed",
        ],
        repaired: &["EV[第3回試験棋戦第1局]", "DT[2020-01-02]", "KO[黒6目半]"],
    },
];

const SOURCE_CODES: [&str; 4] = [
    "source",
    "source-quirk",
    "source-unknown-value",
    "source-renamed",
];

#[test]
fn each_quirk_reads_as_its_source_meant_it() {
    for case in CASES {
        let collection = load(case.file);
        let info = info(&collection);
        let sources: Vec<&str> = info.sources.iter().map(|s| s.name.as_ref()).collect();
        assert_eq!(sources, [case.source], "{}", case.file);
        assert_eq!(info.komi, case.komi, "{}", case.file);
        let written: Vec<(&str, &str)> = info
            .as_written
            .iter()
            .map(|(i, v)| (i.as_str(), v.as_str()))
            .collect();
        assert_eq!(written, case.as_written, "{}", case.file);
        // The owned tree's game info reads the same.
        let tree = collection.game(0).to_tree::<GoProperty>();
        let last = tree.main_line().last().expect("a node");
        assert_eq!(GameInfo::of(&tree, last), info, "{}", case.file);
    }
}

#[test]
fn validation_names_the_source_and_each_quirk_with_its_meaning() {
    for case in CASES {
        let found = findings(&load(case.file));
        let of_sources: Vec<&str> = codes(&found)
            .into_iter()
            .filter(|c| SOURCE_CODES.contains(c))
            .collect();
        assert_eq!(of_sources, case.codes, "{}: {found:#?}", case.file);
        let quirk = found.iter().find(|(code, _)| code.starts_with("source-"));
        let (_, message) = quirk.expect("a quirk");
        match case.komi {
            Some(komi) => assert!(message.ends_with(&format!("it means {komi}")), "{message}"),
            None if case.as_written.is_empty() => assert!(message.contains("is `EV`")),
            None => assert!(message.contains("whatever komi was played"), "{message}"),
        }
        // The private properties of the source are known, and what a source renames is not
        // held to the rules of its own identifier (TE is no tesuji here, KO no ko).
        assert!(
            !found
                .iter()
                .any(|(code, message)| *code == "unknown-property"
                    && ["TC", "TT", "LT", "LC", "GK"]
                        .iter()
                        .any(|i| message.contains(i))),
            "{}: {found:#?}",
            case.file
        );
        assert!(
            !found.iter().any(|(code, _)| *code == "missing-companion"),
            "{}: {found:#?}",
            case.file
        );
    }
}

#[test]
fn repair_writes_what_is_certain_once_and_leaves_what_is_not_known() {
    let options = RepairOptions {
        source_quirks: true,
    };
    for case in CASES {
        let mut collection = load(case.file);
        let repairs = repair_with(&mut collection, &options);
        let text = sgf_core::encode::encode_to_string(&collection, &Default::default());
        for held in case.repaired {
            assert!(text.contains(held), "{}: {held} in {text}", case.file);
        }
        let reread = sgf_core::read(text.as_bytes(), &ReadOptions::default()).expect("reads");
        let left: Vec<&str> = codes(&findings(&reread))
            .into_iter()
            .filter(|c| ["source-quirk", "source-renamed"].contains(c))
            .collect();
        assert!(left.is_empty(), "{}: {left:?} in {text}", case.file);
        // The meaning survives the rewrite.
        assert_eq!(info(&reread).komi, case.komi, "{}", case.file);
        let mut again = reread;
        assert_eq!(repair_with(&mut again, &options), [], "{}", case.file);
        let quirks = repairs
            .iter()
            .filter(|r| r.code.as_str().starts_with("source"));
        assert_eq!(
            quirks.count(),
            case.codes.iter().filter(|c| **c == "source-quirk").count()
                + usize::from(case.source == "Nihon Kiin") * 2,
            "{}: {repairs:#?}",
            case.file
        );
    }
}

#[test]
fn a_renamed_property_reads_as_the_one_it_stands_for() {
    let info = info(&load("nihon-kiin-shift-jis.sgf"));
    assert_eq!(info.event.as_deref(), Some("第3回試験棋戦第1局"));
    assert_eq!(info.date.as_deref(), Some("2020-01-02"));
    assert_eq!(info.black.name.as_deref(), Some("黒田"));
    // `KO[黒6目半]` is the komi in words, not a number: not read as one.
    assert_eq!(info.komi, None);
}

/// Reads `input`, repairs it with the quirks of its sources, and checks that a second repair
/// changes nothing; gives the collection, what the first repair did and what it wrote.
fn repaired_once(input: &str) -> (Collection, Vec<sgf_core::repair::Repair>, String) {
    let options = RepairOptions {
        source_quirks: true,
    };
    let mut collection = sgf_core::read(input.as_bytes(), &ReadOptions::default()).expect("reads");
    let repairs = repair_with(&mut collection, &options);
    let text = sgf_core::encode::encode_to_string(&collection, &Default::default());
    assert_eq!(repair_with(&mut collection.clone(), &options), [], "{text}");
    (collection, repairs, text)
}

#[test]
fn a_meaning_the_quirk_would_read_again_is_left_as_written() {
    // Under Chinese rules Fox's komi is in stones times 100: `KM[750]` would mean 15 points,
    // and `KM[15]` in a file Fox's `TC` and `TT` still mark would mean 0.3 to the next reader.
    let (collection, repairs, text) =
        repaired_once("(;GM[1]FF[4]SZ[19]KM[750]RU[Chinese]AP[foxwq]TC[10]TT[60];B[qd];W[dc])");
    assert!(
        !repairs.iter().any(|r| r.code.as_str() == "source-quirk"),
        "{repairs:#?}"
    );
    assert!(text.contains("KM[750]"), "{text}");
    assert_eq!(info(&collection).komi, Some(15.0));
    assert!(codes(&findings(&collection)).contains(&"source-quirk"));
}

#[test]
fn quirks_are_read_in_the_values_the_other_repairs_leave() {
    // `KM` holds one value: the repair of surplus values keeps `KM[650]`, which the quirk then
    // reads, in the same repair rather than the next.
    let (_, _, text) =
        repaired_once("(;GM[1]FF[4]SZ[19]KM[650][x]RU[Japanese]AP[foxwq]TC[3]TT[40];B[pd])");
    assert!(text.contains("KM[6.5]"), "{text}");
}

#[test]
fn without_the_option_repair_leaves_quirks_as_written() {
    let mut collection = load("fox-komi-japanese.sgf");
    sgf_core::repair::repair(&mut collection);
    let text = sgf_core::encode::encode_to_string(&collection, &Default::default());
    assert!(text.contains("KM[650]"), "{text}");
}

/// A fixture of an analysis program, the sources validation names, and the analysis
/// properties it holds.
const ANALYSED: &[(&str, &[&str], &[&str])] = &[
    ("sabaki-analysis.sgf", &["Sabaki"], &["SBKV", "SBKS"]),
    ("lizzie-analysis.sgf", &["Lizzie"], &["LZ"]),
    ("katrain-analysis.sgf", &["KaTrain"], &["KT", "KTV"]),
    ("lizgoban-note.sgf", &["Lizzie", "LizGoban"], &["LZ"]),
    ("multigo-mode.sgf", &["MultiGo"], &[]),
];

#[test]
fn analysis_and_settings_of_programs_are_known_properties() {
    for (file, sources, _) in ANALYSED {
        let found = findings(&load(file));
        let named: Vec<&str> = found
            .iter()
            .filter(|(code, _)| *code == "source")
            .map(|(_, message)| message.as_str())
            .collect();
        assert_eq!(named.len(), sources.len(), "{file}: {found:#?}");
        for (message, source) in named.iter().zip(*sources) {
            assert!(
                message.starts_with(&format!("written by {source},")),
                "{message}"
            );
        }
        assert!(
            !found.iter().any(|(code, _)| *code == "unknown-property"),
            "{file}: {found:#?}"
        );
    }
    // A property off its type is a bad value of the program's property.
    let bad = sgf_core::read(b"(;GM[1];B[aa]SBKV[high])", &ReadOptions::default()).expect("reads");
    let found = findings(&bad);
    assert!(
        found
            .iter()
            .any(|(code, m)| *code == "bad-value" && m.contains("Sabaki's `SBKV`")),
        "{found:#?}"
    );
}

#[test]
fn strip_analysis_removes_analysis_properties_only_and_counts_them() {
    for (file, _, analysis) in ANALYSED {
        let mut collection = load(file);
        let before = sgf_core::encode::encode_to_string(&collection, &Default::default());
        let stripped = sgf_core::source::strip_analysis(&mut collection);
        let after = sgf_core::encode::encode_to_string(&collection, &Default::default());
        let held = |text: &str, ident: &str| text.contains(&format!("{ident}["));
        let counted: usize = analysis
            .iter()
            .map(|ident| before.matches(&format!("{ident}[")).count())
            .sum();
        assert_eq!(stripped.properties, counted, "{file}");
        assert!(
            analysis.iter().all(|ident| !held(&after, ident)),
            "{file}: {after}"
        );
        if analysis.is_empty() {
            assert_eq!(after, before, "{file}: nothing to strip");
        } else {
            assert_eq!(before.len() - after.len(), stripped.bytes, "{file}");
        }
        // The moves and the rest stay.
        for kept in ["B[", "W[", "KM["] {
            assert_eq!(
                before.matches(kept).count(),
                after.matches(kept).count(),
                "{file}"
            );
        }
    }
}

#[test]
fn a_renaming_holds_in_the_root_only() {
    // `RD` below the root of a Nihon Kiin record is no date: it stays unknown.
    let text = "(;TE[x]RD[2020-01-02]KO[y];B[pd]RD[z])";
    let found = findings(&sgf_core::read(text.as_bytes(), &ReadOptions::default()).expect("reads"));
    let unknown = found
        .iter()
        .filter(|(code, m)| *code == "unknown-property" && m.contains("`RD`"));
    assert_eq!(unknown.count(), 1, "{found:#?}");
    let renamed = found.iter().filter(|(code, _)| *code == "source-renamed");
    assert_eq!(renamed.count(), 3, "{found:#?}");
}
