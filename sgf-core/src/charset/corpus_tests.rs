//! The whole charset layer over the real files of `shared/corpus/encodings`: sniff, look the
//! `CA` up, decide and decode, and compare with what each file really says, as written down
//! in `corpus_expected.tsv`.

use std::path::Path;

use super::{Multibyte, decide, decode, lookup, multibyte, sniff};
use crate::diagnostic::{DiagnosticKind, LineIndex, Span};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus/encodings");

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

/// The values of a file, crudely: every `IDENT[value]...`, with escapes and double-byte
/// characters skipped over as `scheme` says; and the first `CA` value with its span.
struct Scanned {
    ca: Option<(String, Span)>,
    values: Vec<(String, Vec<u8>)>,
}

fn scan(bytes: &[u8], scheme: Multibyte) -> Scanned {
    let lines = LineIndex::new(bytes);
    let mut scanned = Scanned {
        ca: None,
        values: Vec::new(),
    };
    let mut ident = String::new();
    let mut letters_ended = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'[' {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != b']' {
                let step = if bytes[j] == b'\\' { 1 } else { 0 };
                j += step;
                j += if j < bytes.len() {
                    scheme.char_len(bytes, j)
                } else {
                    1
                };
            }
            let end = j.min(bytes.len());
            let value = bytes[start..end].to_vec();
            if ident == "CA" && scanned.ca.is_none() {
                let label = String::from_utf8_lossy(&value).into_owned();
                scanned.ca = Some((label, lines.span(start, end)));
            }
            scanned.values.push((ident.clone(), value));
            letters_ended = true;
            i = end + 1;
        } else if b.is_ascii_uppercase() {
            if letters_ended {
                ident.clear();
                letters_ended = false;
            }
            ident.push(char::from(b));
            i += 1;
        } else {
            if !b.is_ascii_whitespace() {
                letters_ended = true;
            }
            i += 1;
        }
    }
    scanned
}

/// Runs the charset layer over one file: the name of the charset chosen, the kinds of the
/// diagnostics, and the decoded values.
fn read(raw: &[u8]) -> (&'static str, Vec<DiagnosticKind>, Vec<(String, String)>) {
    let sniffed = sniff(raw);
    let bytes = &sniffed.bytes;
    // Values are split first in the scheme of the declared charset, and split again if the
    // charset chosen has another one.
    let declared_scheme = |scanned: &Scanned| {
        let encoding = scanned.ca.as_ref().and_then(|(label, _)| lookup(label));
        encoding.map_or(Multibyte::None, multibyte)
    };
    let first = scan(bytes, Multibyte::None);
    let mut scheme = declared_scheme(&first);
    let mut scanned = scan(bytes, scheme);
    let decide_scanned = |scanned: &Scanned| {
        let texts: Vec<&[u8]> = scanned.values.iter().map(|(_, v)| v.as_slice()).collect();
        let ca = scanned
            .ca
            .as_ref()
            .map(|(label, span)| (label.as_str(), *span));
        decide(ca, &texts)
    };
    let mut decision = decide_scanned(&scanned);
    if multibyte(decision.encoding) != scheme {
        scheme = multibyte(decision.encoding);
        scanned = scan(bytes, scheme);
        let again = decide_scanned(&scanned);
        assert_eq!(
            again.encoding, decision.encoding,
            "the charset holds after splitting again"
        );
        decision = again;
    }
    let values = scanned
        .values
        .iter()
        .map(|(ident, value)| {
            let (text, _) = decode(decision.encoding, value);
            (ident.clone(), text.into_owned())
        })
        .collect();
    let kinds = decision.diagnostics.iter().map(|d| d.kind).collect();
    (decision.encoding.name(), kinds, values)
}

fn sgf_files(dir: &Path, found: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sgf_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "sgf") {
            let relative = path.strip_prefix(CORPUS).unwrap_or(&path);
            found.push(relative.to_string_lossy().into_owned());
        }
    }
}

#[test]
fn every_file_of_the_encodings_corpus_decodes_to_what_it_says() {
    let root = Path::new(CORPUS);
    if !root.is_dir() {
        eprintln!("skipped: no corpus at {CORPUS}");
        return;
    }
    let mut files = Vec::new();
    sgf_files(root, &mut files);
    files.sort();
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
fn sniffing_sees_the_byte_order_marks_of_the_corpus() {
    let root = Path::new(CORPUS);
    if !root.is_dir() {
        eprintln!("skipped: no corpus at {CORPUS}");
        return;
    }
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
        assert_eq!(sniffed.source.map(|e| e.name()), Some(source), "{path}");
        assert!(sniffed.bytes.starts_with(b"("), "{path}");
    }
}
