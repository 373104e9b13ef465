//! Fixtures for the structural parser: a table of inputs with the trees and findings each
//! reads into (a row per recovery rule, plus variations, collections and line ends, each read
//! in both modes), then what a row cannot say: spans, messages, offsets.

use super::*;
use crate::finding::{Code as Kind, Severity, Span};

/// Parses in the given mode and scheme.
pub(super) fn parse_in(
    input: &[u8],
    mode: Mode,
    multibyte: Multibyte,
) -> (RawCollection, Vec<Finding>) {
    let mut findings = Vec::new();
    let options = ParseOptions {
        mode,
        multibyte,
        ..ParseOptions::default()
    };
    let collection = parse_structure(input, &options, &mut findings);
    (collection, findings)
}

/// Writes a tree back as SGF from its raw parts: nodes, identifiers as read, values verbatim.
pub(super) fn render(tree: &RawTree, input: &[u8]) -> String {
    fn node(tree: &RawTree, input: &[u8], id: u32, out: &mut String) {
        out.push(';');
        for prop in tree.node_props(id) {
            out.push_str(prop.ident(input));
            for value in tree.prop_values(prop) {
                out.push('[');
                out.push_str(&String::from_utf8_lossy(value.bytes(input)));
                out.push(']');
            }
        }
        let children: Vec<u32> = tree.children(id).collect();
        if let [only] = children[..] {
            node(tree, input, only, out);
        } else {
            for child in children {
                out.push('(');
                node(tree, input, child, out);
                out.push(')');
            }
        }
    }
    let mut out = String::from("(");
    if !tree.nodes.is_empty() {
        node(tree, input, 0, &mut out);
    }
    out.push(')');
    out
}

/// Parses `input` with `multibyte` in both modes; checks that the results agree, that lenient
/// findings have the severity of their kind and strict ones are errors, and returns the
/// rendered trees and the findings as (kind, line, col).
pub(super) fn check_in(input: &[u8], multibyte: Multibyte) -> (Vec<String>, Vec<(Kind, u32, u32)>) {
    let (lenient, warnings) = parse_in(input, Mode::Lenient, multibyte);
    let (strict, errors) = parse_in(input, Mode::Strict, multibyte);
    assert_eq!(lenient, strict, "both modes read the same structure");
    assert_eq!(warnings.len(), errors.len());
    for (warning, error) in warnings.iter().zip(&errors) {
        assert_eq!((warning.code, span(warning)), (error.code, span(error)));
        assert_eq!(
            warning.severity,
            warning.code.reading_severity().unwrap_or(Severity::Error),
            "{warning}"
        );
        assert_eq!(error.severity, Severity::Error, "{error}");
    }
    let trees = lenient.trees.iter().map(|t| render(t, input)).collect();
    let found = warnings
        .iter()
        .map(|d| (d.code, span(d).line, span(d).col))
        .collect();
    (trees, found)
}

pub(super) fn check(input: &[u8]) -> (Vec<String>, Vec<(Kind, u32, u32)>) {
    check_in(input, Multibyte::None)
}

/// The span of a finding of the reader, which places every one.
pub(super) fn span(finding: &Finding) -> Span {
    finding
        .location
        .span
        .expect("the reader places every finding")
}

pub(super) fn findings(input: &[u8]) -> Vec<Finding> {
    parse_in(input, Mode::Lenient, Multibyte::None).1
}

/// The reading of each recovery rule, and of clean input, one row each: the input, its trees
/// written back from their raw parts, and the findings as (kind, line, col). `check` reads
/// each in both modes and holds them to each other.
pub(super) type Case = (
    &'static [u8],
    &'static [&'static str],
    &'static [(Kind, u32, u32)],
);

pub(super) const CASES: &[Case] = &[
    // Clean input: a game, variations, a collection.
    (
        b"(;GM[1]FF[4]SZ[19]\n;B[pd];W[dp]\n;B[]\n)",
        &["(;GM[1]FF[4]SZ[19];B[pd];W[dp];B[])"],
        &[],
    ),
    (
        b"(;A[1](;B[2];C[3])(;D[4](;E[5])(;F[6]))(;G[7]))",
        &["(;A[1](;B[2];C[3])(;D[4](;E[5])(;F[6]))(;G[7]))"],
        &[],
    ),
    (
        b"(;A[1])\n(;B[2](;C[3]))\r\n  (;D[4])",
        &["(;A[1])", "(;B[2];C[3])", "(;D[4])"],
        &[],
    ),
    // Junk before the collection is skipped; a `(` that starts no game tree is junk too.
    (
        b"xy\n(;A[1])",
        &["(;A[1])"],
        &[(Kind::JunkBeforeCollection, 1, 1)],
    ),
    (
        b"From: John (john@example)\n(;A[1])",
        &["(;A[1])"],
        &[(Kind::JunkBeforeCollection, 1, 1)],
    ),
    // Junk after and between trees, and in a node, is skipped as one run.
    (
        b"(;A[1])\nthe end\n",
        &["(;A[1])"],
        &[(Kind::JunkAfterCollection, 2, 1)],
    ),
    (
        b"(;A[1]) = )\n(;B[2]))",
        &["(;A[1])", "(;B[2])"],
        &[
            (Kind::UnexpectedBytes, 1, 9),
            (Kind::JunkAfterCollection, 2, 8),
        ],
    ),
    (
        b"(;B 12 ?? [aa]W[bb])",
        &["(;B[aa]W[bb])"],
        &[(Kind::UnexpectedBytes, 1, 5)],
    ),
    // An identifier is letters only, and one without a value is skipped.
    (
        b"(;B2[aa]\n;W[bb];A1B[cc])",
        &["(;B[aa];W[bb];B[cc])"],
        &[(Kind::UnexpectedBytes, 1, 4), (Kind::UnexpectedBytes, 2, 8)],
    ),
    (
        b"(;B;W[aa] C)",
        &["(;;W[aa])"],
        &[
            (Kind::UnexpectedBytes, 1, 3),
            (Kind::UnexpectedBytes, 1, 11),
        ],
    ),
    // The input may end inside a value or a tree: what is open is closed.
    (
        b"(;A[1](;C[abc\\]",
        &["(;A[1];C[abc\\]])"],
        &[(Kind::UnexpectedEnd, 1, 16)],
    ),
    (
        b"(;A[1]\r\n;B[2] W",
        &["(;A[1];B[2])"],
        &[(Kind::UnexpectedBytes, 2, 7), (Kind::UnexpectedEnd, 2, 8)],
    ),
    // A missing semicolon is assumed.
    (
        b"(\n  B[aa];W[bb])",
        &["(;B[aa];W[bb])"],
        &[(Kind::MissingSemicolon, 2, 3)],
    ),
    (
        b"(;A[1]([x]))",
        &["(;A[1];[x])"],
        &[
            (Kind::MissingSemicolon, 1, 8),
            (Kind::ValueWithoutIdent, 1, 8),
        ],
    ),
    // Empty game trees are skipped; parentheses around trees are looked through.
    (
        b"(;A[1]()\n(;B[2]))",
        &["(;A[1];B[2])"],
        &[(Kind::EmptyGameTree, 1, 7)],
    ),
    (
        b" ( ) ",
        &[],
        &[(Kind::EmptyGameTree, 1, 2), (Kind::NoGameTree, 1, 2)],
    ),
    (b"((;A[1]))", &["(;A[1])"], &[(Kind::EmptyGameTree, 1, 1)]),
    (
        b"((;A[1])(;B[2]))",
        &["(;A[1])", "(;B[2])"],
        &[(Kind::EmptyGameTree, 1, 1)],
    ),
    (
        b"(;X[0]((;A[1])(;B[2])))",
        &["(;X[0](;A[1])(;B[2]))"],
        &[(Kind::EmptyGameTree, 1, 7)],
    ),
    // A node after a variation is a further variation.
    (
        b"(;A[1](;B[2]);C[3];D[4])",
        &["(;A[1](;B[2])(;C[3];D[4]))"],
        &[(Kind::NodeAfterVariation, 1, 14)],
    ),
    (
        b"(;A[1](;B[2])C[3])",
        &["(;A[1](;B[2])(;C[3]))"],
        &[(Kind::MissingSemicolon, 1, 14)],
    ),
    // No game tree is always an error (a node without any `(`, as in `hello ;B[aa]`, is
    // recovered: see below).
    (b"", &[], &[(Kind::NoGameTree, 1, 1)]),
    (b" \r\n\t", &[], &[(Kind::NoGameTree, 1, 1)]),
    (b"hello ] B[aa]", &[], &[(Kind::NoGameTree, 1, 1)]),
    // CRLF ends one line, and so does LFCR.
    (
        b"(;A[1]\r\n;B[2]\r\n\r\n ?? )",
        &["(;A[1];B[2])"],
        &[(Kind::UnexpectedBytes, 4, 2)],
    ),
    (
        b"(;A[1]\r;B[2]\n\r;C[3]x]\n)",
        &["(;A[1];B[2];C[3]x])"],
        &[(Kind::UnescapedBracket, 3, 5)],
    ),
];

#[test]
fn each_case_reads_into_its_trees_with_its_findings() {
    for &(input, trees, found) in CASES {
        let text = String::from_utf8_lossy(input);
        assert_eq!(
            check(input),
            (to_strings(trees), found.to_vec()),
            "{text:?}"
        );
    }
}

fn to_strings(trees: &[&str]) -> Vec<String> {
    trees.iter().map(|tree| (*tree).to_owned()).collect()
}

#[test]
fn a_clean_game_is_laid_out_in_offsets() {
    let input = CASES[0].0;
    let (collection, _) = parse_in(input, Mode::Strict, Multibyte::None);
    let tree = &collection.trees[0];
    assert_eq!((tree.start, tree.end), (0, input.len()));
    assert_eq!(tree.nodes.len(), 4);
    assert_eq!(tree.nodes[1].offset, 19);
    assert_eq!(tree.nodes[0].props, 0..3);
    assert_eq!(tree.props[3].values, 3..4);
    assert_eq!(
        tree.values[5],
        ValueSpan { start: 35, end: 35 },
        "B[] is one empty value"
    );
}

#[test]
fn variations_hang_under_the_node_before_them() {
    let input = b"(;A[1](;B[2];C[3])(;D[4](;E[5])(;F[6]))(;G[7]))";
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    let tree = &collection.trees[0];
    let idents: Vec<&str> = tree.props.iter().map(|p| p.ident(input)).collect();
    assert_eq!(idents, ["A", "B", "C", "D", "E", "F", "G"], "preorder");
    assert_eq!(tree.children(0).collect::<Vec<_>>(), [1, 3, 6]);
    assert_eq!(tree.children(1).collect::<Vec<_>>(), [2]);
    assert_eq!(tree.children(3).collect::<Vec<_>>(), [4, 5]);
    assert_eq!(tree.nodes[5].parent, Some(3));
    assert_eq!(tree.nodes[6].next_sibling, None);
    assert_eq!(tree.children(99).count(), 0);
    assert!(tree.node_props(99).is_empty());
}

#[test]
fn each_tree_of_a_collection_knows_its_bytes() {
    let (collection, _) = parse_in(
        b"(;A[1])\n(;B[2](;C[3]))\r\n  (;D[4])",
        Mode::Lenient,
        Multibyte::None,
    );
    let ranges: Vec<_> = collection.trees.iter().map(|t| (t.start, t.end)).collect();
    assert_eq!(ranges, [(0, 7), (8, 22), (26, 33)]);
    let (collection, _) = parse_in(b"((;A[1]))", Mode::Lenient, Multibyte::None);
    assert_eq!((collection.trees[0].start, collection.trees[0].end), (1, 8));
}

#[test]
fn skipped_junk_is_spanned_and_quoted() {
    let message = &findings(b"xy\n(;A[1])")[0].message;
    assert!(
        message.starts_with("2 bytes before the first '(' were skipped"),
        "{message}"
    );
    let ends =
        |input: &[u8]| -> Vec<usize> { findings(input).iter().map(|d| span(d).end).collect() };
    assert_eq!(ends(b"From: John (john@example)\n(;A[1])"), [25]);
    assert_eq!(ends(b"(;A[1])\nthe end\n"), [15]);
    assert_eq!(ends(b"(;B2[aa]\n;W[bb];A1B[cc])")[1], 18);
    assert_eq!(ends(b"(;A[1]()\n(;B[2]))"), [8]);
    let d = &findings(b"(;B 12 ?? [aa]W[bb])")[0];
    assert_eq!((span(d).start, span(d).end), (4, 9));
    assert_eq!(
        d.message,
        "5 bytes that are not SGF were skipped: \"12 ??\""
    );
    assert_eq!(
        findings(b"(;B;W[aa] C)")[0].message,
        "the property identifier \"B\" has no value; it was skipped"
    );
}

#[test]
fn an_end_inside_a_value_closes_it_and_says_what_was_open() {
    let input = b"(;A[1](;C[abc\\]";
    let d = &findings(input)[0];
    assert_eq!(
        d.message,
        "the input ends inside a value of C; the value and 2 open game trees were closed"
    );
    assert_eq!(
        d.related.as_ref().and_then(|r| r.span).map(|r| r.start),
        Some(9)
    );
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    assert_eq!(collection.trees[0].end, input.len());
    assert_eq!(
        collection.trees[0].values[1],
        ValueSpan { start: 10, end: 15 }
    );
    assert_eq!(
        findings(b"(;A[1]\r\n;B[2] W")[1].message,
        "the input ends inside a game tree; 1 open game tree was closed"
    );
}

#[test]
fn an_assumed_semicolon_starts_its_node_at_the_identifier() {
    let (collection, _) = parse_in(b"(\n  B[aa];W[bb])", Mode::Lenient, Multibyte::None);
    assert_eq!(collection.trees[0].nodes[0].offset, 4);
}

#[test]
fn a_full_tree_stops_the_parse() {
    let input = b"(;A[1];B[2];C[3];D[4])(;E[5])";
    let mut findings = Vec::new();
    let options = ParseOptions::default();
    let collection = parser::parse(input, options, &mut findings, 3);
    assert_eq!(collection.trees.len(), 1);
    assert_eq!(collection.trees[0].nodes.len(), 3);
    assert_eq!(collection.trees[0].end, 16);
    assert_eq!(findings.len(), 1);
    assert_eq!(
        (
            findings[0].code,
            findings[0].severity,
            span(&findings[0]).start
        ),
        (Kind::TooLarge, Severity::Error, 16)
    );
}

#[test]
fn a_tree_without_its_opening_parenthesis_is_recovered() {
    // Real files (go-dataset's Fox downloads) start with `;GM[1]` and end with `)`.
    let input = b"\n;GM[1]SZ[19];B[pd];W[dp])";
    for mode in [Mode::Lenient, Mode::Strict] {
        let mut findings = Vec::new();
        let options = ParseOptions {
            mode,
            ..ParseOptions::default()
        };
        let collection = parse_structure(input, &options, &mut findings);
        assert_eq!(collection.trees.len(), 1);
        assert_eq!(collection.trees[0].nodes.len(), 3);
        let found: Vec<_> = findings
            .iter()
            .map(|d| (d.code, span(d).line, span(d).col, d.severity))
            .collect();
        // SGFC finds no SGF at all in such a file: an error in either mode.
        assert_eq!(found, [(Kind::MissingOpenParen, 2, 1, Severity::Error)]);
    }
    let mut findings = Vec::new();
    let collection = parse_structure(
        b"junk ;GM[1];B[aa](;W[bb])(;W[cc]))",
        &ParseOptions::default(),
        &mut findings,
    );
    assert_eq!(
        collection.trees[0].nodes.len(),
        4,
        "the variations stay under the recovered root"
    );
    let kinds: Vec<_> = findings.iter().map(|d| d.code).collect();
    assert_eq!(kinds, [Kind::JunkBeforeCollection, Kind::MissingOpenParen]);
}
