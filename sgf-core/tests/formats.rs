//! The readers of other formats on fixtures written for them (`tests/formats/`, made by its
//! `make.py`): each file reads as one game whose players, ranks, komi, handicap stones, result,
//! moves, variations and comments are what the file holds (its `.expect`), with the findings of
//! a damaged file at their lines; converting it twice gives the same bytes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sgf_core::encode::EncodeOptions;
use sgf_core::finding::Severity;
use sgf_core::formats::Format;
use sgf_core::{Collection, GameProperty, GoProperty, NodeId, ReadOptions};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/formats");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the fixtures")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e != "expect" && e != "py"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 20, "{paths:?}");
    paths
}

fn expected(path: &Path) -> BTreeMap<String, String> {
    let mut name = path.as_os_str().to_owned();
    name.push(".expect");
    std::fs::read_to_string(&name)
        .expect("an .expect beside each fixture")
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

fn load(path: &Path) -> Collection {
    sgf_core::load(path, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// What a collection holds, in the words of an `.expect` file.
fn holds(collection: &Collection) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let game = collection.game(0);
    let tree = game.tree::<GoProperty>();
    let root = NodeId::ROOT;
    let raw = |node: NodeId, ident: &str| tree.get(node, ident).map(|p| p.to_raw().values);
    for ident in ["PB", "BR", "PW", "WR", "KM", "HA", "RE", "DT"] {
        let value = raw(root, ident).map(|v| v.join(",")).unwrap_or_default();
        out.insert(ident.to_owned(), value);
    }
    let mut stones = raw(root, "AB").unwrap_or_default();
    stones.sort();
    out.insert("AB".into(), stones.join(","));
    let line = |from: NodeId| {
        let mut moves = Vec::new();
        let mut node = Some(from);
        while let Some(at) = node {
            for ident in ["B", "W"] {
                if let Some(values) = raw(at, ident) {
                    moves.push(format!("{ident}[{}]", values.join("")));
                }
            }
            node = tree.children(at).next();
        }
        moves.join(" ")
    };
    out.insert("moves".into(), line(root));
    let main: Vec<NodeId> = tree.main_line().collect();
    let mut variations = Vec::new();
    let mut comments = Vec::new();
    for (depth, &node) in main.iter().enumerate() {
        for other in tree.children(node).skip(1) {
            variations.push(format!("{depth}:{}", line(other)));
        }
        if let Some(text) = raw(node, "C") {
            comments.push(format!("{depth}:{}", text.join("")));
        }
    }
    out.insert("variations".into(), variations.join("|"));
    out.insert("comments".into(), comments.join("|"));
    out.insert("charset".into(), collection.charset().name().to_owned());
    let findings: Vec<String> = collection
        .findings()
        .iter()
        .filter(|f| f.severity >= Severity::Warning)
        .map(|f| {
            let line = f.location.span.map_or(0, |s| s.line);
            format!("{}:{line}", f.code)
        })
        .collect();
    out.insert("findings".into(), findings.join(" "));
    out
}

#[test]
fn every_fixture_reads_as_what_it_holds() {
    let mut failed = Vec::new();
    for path in fixtures() {
        let collection = load(&path);
        assert_eq!(collection.len(), 1, "{}", path.display());
        assert!(collection.origin().is_some(), "{}", path.display());
        let holds = holds(&collection);
        for (key, want) in expected(&path) {
            let got = holds.get(&key).cloned().unwrap_or_default();
            if got != want {
                failed.push(format!("{}: {key}: {got:?}, not {want:?}", path.display()));
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn each_format_is_told_by_its_content_as_by_its_extension() {
    for path in fixtures() {
        let bytes = std::fs::read(&path).expect("the fixture");
        let by_name = Format::from_extension(&path).expect("a format's extension");
        assert_eq!(Format::sniff(&bytes), by_name, "{}", path.display());
        let sniffed = sgf_core::read(&bytes, &ReadOptions::default()).expect("read");
        let named = load(&path);
        assert_eq!(sniffed.input(), named.input(), "{}", path.display());
    }
}

#[test]
fn converting_twice_gives_the_same_bytes_and_the_sgf_reads_back_clean() {
    for path in fixtures() {
        let options = EncodeOptions::default();
        let first = load(&path).encode(&options).expect("written");
        let second = load(&path).encode(&options).expect("written");
        assert_eq!(first, second, "{}", path.display());
        let text = String::from_utf8(first.clone()).expect("UTF-8");
        assert!(text.starts_with("(;FF[4]CA[UTF-8]GM[1]"), "{text}");
        let again = sgf_core::read(&first, &ReadOptions::default()).expect("read back");
        assert!(again.origin().is_none());
        assert!(
            again
                .findings()
                .iter()
                .all(|f| f.severity < Severity::Warning),
            "{}: {:?}",
            path.display(),
            again.findings()
        );
        assert_eq!(again.encode(&options).expect("written"), first);
    }
}

#[test]
fn findings_of_validation_point_at_the_line_the_move_came_from() {
    // A GIB whose fifth move is played on the point of the third.
    let gib = "\\HS\n\\[GAMEBLACKNAME=a (1D)\\]\n\\HE\n\\GS\nINI 0 1 0 &4\n\
               STO 0 2 1 3 3\nSTO 0 3 2 15 15\nSTO 0 4 1 3 15\nSTO 0 5 2 15 3\nSTO 0 6 1 15 15\n\\GE\n";
    let collection = sgf_core::read(gib.as_bytes(), &ReadOptions::default()).expect("read");
    let report = sgf_core::validate::validate(&collection);
    let occupied = report
        .findings
        .iter()
        .find(|f| f.code.as_str() == "occupied-point")
        .expect("the move on an occupied point is found");
    let span = occupied.location.span.expect("placed");
    assert_eq!(span.line, 10, "{occupied}");
    assert_eq!(&gib.as_bytes()[span.start..span.end], b"STO 0 6 1 15 15");
}

#[test]
fn an_encrypted_ugf_is_refused_with_a_reason() {
    let ugf = b"[Header]\nCrypt=1,CRYPTED_UGF_FILE,READ_ONLY\n[Data]\nQD,B1,1,0\n";
    let error = sgf_core::read(ugf, &ReadOptions::default()).expect_err("refused");
    let first = error.errors().next().expect("an error");
    assert!(first.message.contains("encrypted"), "{first}");
    assert_eq!(first.location.span.map(|s| s.line), Some(2));
}

#[test]
fn strict_reading_refuses_a_damaged_record() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/formats/bad-move.gib");
    assert!(sgf_core::load(&path, &ReadOptions::default()).is_ok());
    assert!(sgf_core::load(&path, &ReadOptions::strict()).is_err());
}

#[test]
fn a_record_of_no_known_shape_holds_no_game() {
    for format in [Format::Gib, Format::Ngf, Format::Ugf] {
        let options = ReadOptions::default().with_format(format);
        let error = sgf_core::read(b"", &options).expect_err("nothing to read");
        assert_eq!(error.findings[0].code.as_str(), "no-game-tree", "{format}");
    }
}
