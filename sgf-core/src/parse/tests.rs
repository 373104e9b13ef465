//! Fixtures for the structural parser: one per recovery rule, plus escapes, double-byte
//! scanning, variations, collections and line numbers. Each fixture is parsed in both modes.

use super::*;
use crate::diagnostic::{DiagnosticKind as Kind, Severity};

/// Parses in the given mode and scheme.
pub(super) fn parse_in(
    input: &[u8],
    mode: Mode,
    multibyte: Multibyte,
) -> (RawCollection, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let options = ParseOptions {
        mode,
        multibyte,
        ..ParseOptions::default()
    };
    let collection = parse_structure(input, &options, &mut diagnostics);
    (collection, diagnostics)
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
        assert_eq!((warning.kind, warning.span), (error.kind, error.span));
        assert_eq!(warning.severity, warning.kind.severity(), "{warning}");
        assert_eq!(error.severity, Severity::Error, "{error}");
    }
    let trees = lenient.trees.iter().map(|t| render(t, input)).collect();
    let found = warnings
        .iter()
        .map(|d| (d.kind, d.span.line, d.span.col))
        .collect();
    (trees, found)
}

pub(super) fn check(input: &[u8]) -> (Vec<String>, Vec<(Kind, u32, u32)>) {
    check_in(input, Multibyte::None)
}

pub(super) fn diagnostics(input: &[u8]) -> Vec<Diagnostic> {
    parse_in(input, Mode::Lenient, Multibyte::None).1
}

#[test]
fn a_clean_game_has_no_findings() {
    let input = b"(;GM[1]FF[4]SZ[19]\n;B[pd];W[dp]\n;B[]\n)";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;GM[1]FF[4]SZ[19];B[pd];W[dp];B[])"]);
    assert!(found.is_empty());
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
    let (trees, found) = check(input);
    assert!(found.is_empty());
    assert_eq!(trees, ["(;A[1](;B[2];C[3])(;D[4](;E[5])(;F[6]))(;G[7]))"]);
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
fn a_collection_holds_several_trees() {
    let input = b"(;A[1])\n(;B[2](;C[3]))\r\n  (;D[4])";
    let (trees, found) = check(input);
    assert!(found.is_empty());
    assert_eq!(trees, ["(;A[1])", "(;B[2];C[3])", "(;D[4])"]);
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    let ranges: Vec<_> = collection.trees.iter().map(|t| (t.start, t.end)).collect();
    assert_eq!(ranges, [(0, 7), (8, 22), (26, 33)]);
}

#[test]
fn junk_before_the_collection_is_skipped() {
    let (trees, found) = check(b"xy\n(;A[1])");
    assert_eq!(trees, ["(;A[1])"]);
    assert_eq!(found, [(Kind::JunkBeforeCollection, 1, 1)]);
    let message = &diagnostics(b"xy\n(;A[1])")[0].message;
    assert!(
        message.starts_with("2 bytes before the first '(' were skipped"),
        "{message}"
    );
    // A `(` that does not start a game tree is junk too.
    let (trees, found) = check(b"From: John (john@example)\n(;A[1])");
    assert_eq!(trees, ["(;A[1])"]);
    assert_eq!(found, [(Kind::JunkBeforeCollection, 1, 1)]);
    assert_eq!(
        diagnostics(b"From: John (john@example)\n(;A[1])")[0]
            .span
            .end,
        25
    );
}

#[test]
fn junk_after_and_between_trees_is_skipped() {
    let (trees, found) = check(b"(;A[1])\nthe end\n");
    assert_eq!(trees, ["(;A[1])"]);
    assert_eq!(found, [(Kind::JunkAfterCollection, 2, 1)]);
    assert_eq!(diagnostics(b"(;A[1])\nthe end\n")[0].span.end, 15);
    let (trees, found) = check(b"(;A[1]) = )\n(;B[2]))");
    assert_eq!(trees, ["(;A[1])", "(;B[2])"]);
    assert_eq!(
        found,
        [
            (Kind::UnexpectedBytes, 1, 9),
            (Kind::JunkAfterCollection, 2, 8)
        ]
    );
}

#[test]
fn junk_in_a_node_is_skipped_as_one_run() {
    let input = b"(;B 12 ?? [aa]W[bb])";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;B[aa]W[bb])"]);
    assert_eq!(found, [(Kind::UnexpectedBytes, 1, 5)]);
    let d = &diagnostics(input)[0];
    assert_eq!((d.span.start, d.span.end), (4, 9));
    assert_eq!(
        d.message,
        "5 bytes that are not SGF were skipped: \"12 ??\""
    );
}

#[test]
fn an_identifier_is_letters_only() {
    let input = b"(;B2[aa]\n;W[bb];A1B[cc])";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;B[aa];W[bb];B[cc])"]);
    assert_eq!(
        found,
        [(Kind::UnexpectedBytes, 1, 4), (Kind::UnexpectedBytes, 2, 8)]
    );
    assert_eq!(diagnostics(input)[1].span.end, 18);
}

#[test]
fn an_identifier_without_value_is_skipped() {
    let input = b"(;B;W[aa] C)";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;;W[aa])"]);
    assert_eq!(
        found,
        [
            (Kind::UnexpectedBytes, 1, 3),
            (Kind::UnexpectedBytes, 1, 11)
        ]
    );
    let message = &diagnostics(input)[0].message;
    assert_eq!(
        message,
        "the property identifier \"B\" has no value; it was skipped"
    );
}

#[test]
fn the_input_may_end_inside_a_value() {
    let input = b"(;A[1](;C[abc\\]";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;A[1];C[abc\\]])"]);
    assert_eq!(found, [(Kind::UnexpectedEnd, 1, 16)]);
    let d = &diagnostics(input)[0];
    assert_eq!(
        d.message,
        "the input ends inside a value of C; the value and 2 open game trees were closed"
    );
    assert_eq!(d.related.map(|r| r.start), Some(9));
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    assert_eq!(collection.trees[0].end, input.len());
    assert_eq!(
        collection.trees[0].values[1],
        ValueSpan { start: 10, end: 15 }
    );
}

#[test]
fn the_input_may_end_inside_a_tree() {
    let input = b"(;A[1]\r\n;B[2] W";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;A[1];B[2])"]);
    assert_eq!(
        found,
        [(Kind::UnexpectedBytes, 2, 7), (Kind::UnexpectedEnd, 2, 8)]
    );
    let message = &diagnostics(input)[1].message;
    assert_eq!(
        message,
        "the input ends inside a game tree; 1 open game tree was closed"
    );
}

#[test]
fn a_missing_semicolon_is_assumed() {
    let input = b"(\n  B[aa];W[bb])";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;B[aa];W[bb])"]);
    assert_eq!(found, [(Kind::MissingSemicolon, 2, 3)]);
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    assert_eq!(
        collection.trees[0].nodes[0].offset, 4,
        "assumed at the identifier"
    );
    let (trees, found) = check(b"(;A[1]([x]))");
    assert_eq!(trees, ["(;A[1];[x])"]);
    assert_eq!(
        found,
        [
            (Kind::MissingSemicolon, 1, 8),
            (Kind::ValueWithoutIdent, 1, 8)
        ]
    );
}

#[test]
fn empty_game_trees_are_skipped() {
    let (trees, found) = check(b"(;A[1]()\n(;B[2]))");
    assert_eq!(trees, ["(;A[1];B[2])"]);
    assert_eq!(found, [(Kind::EmptyGameTree, 1, 7)]);
    assert_eq!(diagnostics(b"(;A[1]()\n(;B[2]))")[0].span.end, 8);
    let (trees, found) = check(b" ( ) ");
    assert!(trees.is_empty());
    assert_eq!(
        found,
        [(Kind::EmptyGameTree, 1, 2), (Kind::NoGameTree, 1, 2)]
    );
}

#[test]
fn parentheses_around_trees_are_looked_through() {
    let input = b"((;A[1]))";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;A[1])"]);
    assert_eq!(found, [(Kind::EmptyGameTree, 1, 1)]);
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    assert_eq!((collection.trees[0].start, collection.trees[0].end), (1, 8));
    let (trees, found) = check(b"((;A[1])(;B[2]))");
    assert_eq!(trees, ["(;A[1])", "(;B[2])"]);
    assert_eq!(found, [(Kind::EmptyGameTree, 1, 1)]);
    let (trees, found) = check(b"(;X[0]((;A[1])(;B[2])))");
    assert_eq!(trees, ["(;X[0](;A[1])(;B[2]))"]);
    assert_eq!(found, [(Kind::EmptyGameTree, 1, 7)]);
}

#[test]
fn a_node_after_a_variation_is_a_further_variation() {
    let (trees, found) = check(b"(;A[1](;B[2]);C[3];D[4])");
    assert_eq!(trees, ["(;A[1](;B[2])(;C[3];D[4]))"]);
    assert_eq!(found, [(Kind::NodeAfterVariation, 1, 14)]);
    let (trees, found) = check(b"(;A[1](;B[2])C[3])");
    assert_eq!(trees, ["(;A[1](;B[2])(;C[3]))"]);
    assert_eq!(found, [(Kind::MissingSemicolon, 1, 14)]);
}

#[test]
fn no_game_tree_is_always_an_error() {
    // (A node without any `(`, as in `hello ;B[aa]`, is recovered: see below.)
    for input in [&b""[..], b" \r\n\t", b"hello ] B[aa]"] {
        let (trees, found) = check(input);
        assert!(trees.is_empty());
        assert_eq!(found, [(Kind::NoGameTree, 1, 1)], "{input:?}");
    }
}

#[test]
fn crlf_ends_lines_in_spans() {
    let input = b"(;A[1]\r\n;B[2]\r\n\r\n ?? )";
    let (_, found) = check(input);
    assert_eq!(found, [(Kind::UnexpectedBytes, 4, 2)]);
    let (_, found) = check(b"(;A[1]\r;B[2]\n\r;C[3]x]\n)");
    assert_eq!(
        found,
        [(Kind::UnescapedBracket, 3, 5)],
        "LFCR is one line end"
    );
}

#[test]
fn a_full_tree_stops_the_parse() {
    let input = b"(;A[1];B[2];C[3];D[4])(;E[5])";
    let mut diagnostics = Vec::new();
    let options = ParseOptions::default();
    let collection = parser::parse(input, options, &mut diagnostics, 3);
    assert_eq!(collection.trees.len(), 1);
    assert_eq!(collection.trees[0].nodes.len(), 3);
    assert_eq!(collection.trees[0].end, 16);
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(
        (
            diagnostics[0].kind,
            diagnostics[0].severity,
            diagnostics[0].span.start
        ),
        (Kind::TooLarge, Severity::Error, 16)
    );
}

#[test]
fn a_tree_without_its_opening_parenthesis_is_recovered() {
    // Real files (go-dataset's Fox downloads) start with `;GM[1]` and end with `)`.
    let input = b"\n;GM[1]SZ[19];B[pd];W[dp])";
    for mode in [Mode::Lenient, Mode::Strict] {
        let mut diagnostics = Vec::new();
        let options = ParseOptions {
            mode,
            ..ParseOptions::default()
        };
        let collection = parse_structure(input, &options, &mut diagnostics);
        assert_eq!(collection.trees.len(), 1);
        assert_eq!(collection.trees[0].nodes.len(), 3);
        let found: Vec<_> = diagnostics
            .iter()
            .map(|d| (d.kind, d.span.line, d.span.col, d.severity))
            .collect();
        // SGFC finds no SGF at all in such a file: an error in either mode.
        assert_eq!(found, [(Kind::MissingOpenParen, 2, 1, Severity::Error)]);
    }
    let mut diagnostics = Vec::new();
    let collection = parse_structure(
        b"junk ;GM[1];B[aa](;W[bb])(;W[cc]))",
        &ParseOptions::default(),
        &mut diagnostics,
    );
    assert_eq!(
        collection.trees[0].nodes.len(),
        4,
        "the variations stay under the recovered root"
    );
    let kinds: Vec<_> = diagnostics.iter().map(|d| d.kind).collect();
    assert_eq!(kinds, [Kind::JunkBeforeCollection, Kind::MissingOpenParen]);
}
