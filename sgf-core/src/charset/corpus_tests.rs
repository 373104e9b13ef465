//! The real files of `shared/corpus/encodings` read through the whole pipeline (structure,
//! charset, typed trees), compared with what each file really says, as written down in
//! `corpus_expected.tsv`. Ignored by default, as they need the corpus.

use super::sniff;
use crate::finding::Code;
use crate::game_set::GameDispatch;
use crate::value::unescape_text;
use crate::{Game, GameProperty};

/// `../shared/corpus/encodings`; fails the test where it is absent.
fn corpus() -> std::path::PathBuf {
    sgf_test_support::needs("corpus/encodings")
}

/// One line of `corpus_expected.tsv`.
struct Expected {
    path: String,
    encoding: String,
    kinds: Vec<String>,
    values: Vec<(String, String)>,
}

fn expectations() -> Vec<Expected> {
    include_str!("corpus_expected.tsv")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut fields = line.split('\t');
            let mut next = || fields.next().expect("a line has four columns").to_owned();
            let (path, encoding, kinds) = (next(), next(), next());
            let kinds = kinds
                .split(',')
                .filter(|kind| *kind != "-")
                .map(str::to_owned)
                .collect();
            let values = fields
                .map(|pair| {
                    let (ident, text) = pair.split_once('=').expect("PROPERTY=text");
                    (ident.to_owned(), unescape(text))
                })
                .collect();
            Expected {
                path,
                encoding,
                kinds,
                values,
            }
        })
        .collect()
}

/// `\r`, `\n`, `\\` and `\u{XXXX}` as in Rust.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        let (c, len) = match rest.as_bytes().first() {
            Some(b'r') => ('\r', 1),
            Some(b'n') => ('\n', 1),
            Some(b'u') => {
                let close = rest.find('}').expect("\\u{...} is closed");
                let code = u32::from_str_radix(&rest[2..close], 16).expect("hex digits");
                (char::from_u32(code).expect("a scalar value"), close + 1)
            }
            _ => ('\\', 1),
        };
        out.push(c);
        rest = &rest[len..];
    }
    out + rest
}

/// Reads one file through the whole pipeline (structure, charset, typed trees): the name of
/// the charset it was read in, the kinds of the charset findings, and every property value with
/// its escapes resolved.
fn read(raw: &[u8]) -> (&'static str, Vec<Code>, Vec<(String, String)>) {
    struct Values<'a, 'g>(Game<'g>, &'a mut Vec<(String, String)>);
    impl GameDispatch for Values<'_, '_> {
        type Output = ();
        fn run<P: GameProperty>(self) {
            let mut nodes = self.0.typed::<P>();
            for id in self.0.nodes() {
                for property in nodes.props(id) {
                    let raw = property.to_raw();
                    for value in &raw.values {
                        self.1.push((raw.ident.clone(), unescape_text(value)));
                    }
                }
            }
        }
    }
    let collection = crate::read(raw, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    let mut values = Vec::new();
    for game in collection.games() {
        game.dispatch(Values(game, &mut values));
    }
    let findings = crate::validate::validate(&collection).findings;
    let charset_kinds = [
        Code::CharsetDetected,
        Code::CharsetUncertain,
        Code::CharsetMismatch,
        Code::UnknownCharset,
        Code::InvalidBytes,
    ];
    let mut kinds: Vec<Code> = Vec::new();
    for d in &findings {
        if charset_kinds.contains(&d.code) && !kinds.contains(&d.code) {
            kinds.push(d.code);
        }
    }
    (collection.charset().name(), kinds, values)
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_file_of_the_encodings_corpus_decodes_to_what_it_says() {
    let root = corpus();
    let files: Vec<String> = sgf_test_support::sgf_files(&root)
        .iter()
        .map(|path| {
            path.strip_prefix(&root)
                .unwrap_or(path)
                .display()
                .to_string()
        })
        .collect();
    let expected = expectations();
    let mut failures = Vec::new();
    for path in &files {
        let Some(expected) = expected.iter().find(|e| &e.path == path) else {
            failures.push(format!("{path}: no expectation written for this file"));
            continue;
        };
        let raw = std::fs::read(root.join(path)).expect("a corpus file is readable");
        let (chosen, kinds, decoded) = read(&raw);
        let kinds: Vec<String> = kinds.iter().map(|kind| format!("{kind:?}")).collect();
        if chosen != expected.encoding || kinds != expected.kinds {
            failures.push(format!(
                "{path}: {chosen} {kinds:?}, expected {} {:?}",
                expected.encoding, expected.kinds
            ));
        }
        for (ident, text) in &expected.values {
            if !decoded
                .iter()
                .any(|(i, v)| i == ident && v.contains(text.as_str()))
            {
                let got: Vec<_> = decoded.iter().filter(|(i, _)| i == ident).collect();
                failures.push(format!("{path}: no {ident} holds {text:?}; got {got:?}"));
            }
        }
    }
    let wrong: std::collections::BTreeSet<&str> = failures
        .iter()
        .filter_map(|failure| failure.split(".sgf:").next())
        .collect();
    eprintln!(
        "{} of {} corpus files read right",
        files.len() - wrong.len(),
        files.len()
    );
    assert_eq!(
        files.len(),
        expected.len(),
        "files in the corpus: {files:#?}"
    );
    assert!(
        failures.is_empty(),
        "{} of {} files read wrong:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn sniffing_sees_the_byte_order_marks_of_the_corpus() {
    let root = corpus();
    for (path, source) in [
        ("SabakiHQ+sgf/tests/sgf/utf16le.sgf", "UTF-16LE"),
        ("SabakiHQ+sgf/tests/sgf/utf8bom.sgf", "UTF-8"),
        (
            "runningskull+gnugo/regression/games/tso_igobot_2006-01-16.sgf",
            "UTF-8",
        ),
    ] {
        let raw = std::fs::read(root.join(path)).expect("a corpus file is readable");
        let sniffed = sniff(&raw);
        assert_eq!(
            sniffed.source.map(|form| form.encoding.name()),
            Some(source),
            "{path}"
        );
        assert!(sniffed.bytes.starts_with(b"("), "{path}");
    }
}
