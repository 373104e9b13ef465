//! Fixtures for properties and values: unescaped brackets, missing and lowercase identifiers,
//! repeats, escapes kept as written, and double-byte characters scanned whole.

use super::tests::{check, check_in, findings, parse_in, render, span};
use super::*;
use crate::finding::Code as Kind;

#[test]
fn an_unescaped_bracket_followed_by_text_is_kept() {
    let (trees, found) = check(b"(;C[a]b]\nD[x]AB[aa] [bb])");
    assert_eq!(trees, ["(;C[a]b]D[x]AB[aa][bb])"]);
    assert_eq!(found, [(Kind::UnescapedBracket, 1, 6)]);
    let (trees, found) = check(b"(;C[he said ] ok] ])");
    assert_eq!(trees, ["(;C[he said ] ok] ])"]);
    assert_eq!(
        found,
        [
            (Kind::UnescapedBracket, 1, 13),
            (Kind::UnescapedBracket, 1, 17)
        ]
    );
}

#[test]
fn junk_right_after_a_value_joins_it() {
    // The documented cost of the rule: ` 12 ` does not look like SGF, so the `]` stays.
    let (trees, found) = check(b"(;B[aa] 12 ;W[bb])");
    assert_eq!(trees, ["(;B[aa] 12 ;W[bb])"]);
    assert_eq!(found, [(Kind::UnescapedBracket, 1, 7)]);
    // Unless the value then runs to the end: its first `]` ends it after all.
    let (trees, found) = check(b"(;B[aa] 12 ;W[bb)");
    assert_eq!(trees, ["(;B[aa];W[bb)])"]);
    assert_eq!(
        found,
        [(Kind::UnexpectedBytes, 1, 9), (Kind::UnexpectedEnd, 1, 18)]
    );
}

#[test]
fn a_value_without_text_ends_at_its_first_bracket() {
    let textless = |ident: &str| matches!(ident, "B" | "W" | "FF" | "AB");
    let options = ParseOptions {
        textless: Some(textless),
        ..ParseOptions::default()
    };
    let found = |input: &[u8]| {
        let mut findings = Vec::new();
        let collection = parse_structure(input, &options, &mut findings);
        let trees: Vec<String> = collection.trees.iter().map(|t| render(t, input)).collect();
        let found: Vec<_> = findings
            .iter()
            .map(|d| (d.code, span(d).line, span(d).col))
            .collect();
        (trees, found)
    };
    // A stray `]` after a move is skipped, where a text takes it in.
    assert_eq!(
        found(b"(;W[oc]]\n;B[mc]C[a]b])"),
        (
            vec!["(;W[oc];B[mc]C[a]b])".to_owned()],
            vec![
                (Kind::UnexpectedBytes, 1, 8),
                (Kind::UnescapedBracket, 2, 10)
            ]
        )
    );
    // A number does not swallow the lines after it up to the next `]` (SGFC's test.sgf).
    let (trees, found) = found(b"(;FF[4]  AB\n((;\nN[x]))");
    assert_eq!(trees, ["(;FF[4];N[x])"]);
    assert_eq!(found[0], (Kind::UnexpectedBytes, 1, 10));
}

#[test]
fn values_without_identifier_are_kept() {
    let input = b"(;[aa][bb]B[cc])";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;[aa][bb]B[cc])"]);
    assert_eq!(found, [(Kind::ValueWithoutIdent, 1, 3)]);
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    let prop = &collection.trees[0].props[0];
    assert_eq!((prop.ident_start, prop.ident_end), (2, 2));
    assert_eq!(prop.normalized.as_deref(), Some(""));
    assert_eq!(prop.values, 0..2);
}

#[test]
fn lowercase_identifiers_are_read_by_their_capitals() {
    let input = b"(;AddBlack[aa]CoPyright[x]\n b[cc]W[dd])";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;AB[aa]CP[x]B[cc]W[dd])"]);
    assert_eq!(
        found,
        [
            (Kind::LowercaseIdent, 1, 3),
            (Kind::LowercaseIdent, 1, 15),
            (Kind::LowercaseIdent, 2, 2)
        ]
    );
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    let props = &collection.trees[0].props;
    assert_eq!(props[0].normalized.as_deref(), Some("AB"));
    assert_eq!((props[0].ident_start, props[0].ident_end), (2, 10));
    assert_eq!(props[3].normalized, None, "plain uppercase is not copied");
    let message = &findings(input)[0].message;
    assert_eq!(
        message,
        "the identifier AddBlack holds lowercase letters; it was read as AB"
    );
}

#[test]
fn repeated_properties_are_kept_and_reported() {
    let input = b"(;B[aa]C[x]\nB[bb]B[cc])";
    let (trees, found) = check(input);
    assert_eq!(trees, ["(;B[aa]C[x]B[bb]B[cc])"]);
    assert_eq!(
        found,
        [
            (Kind::RepeatedProperty, 2, 1),
            (Kind::RepeatedProperty, 2, 6)
        ]
    );
    let d = findings(input);
    assert_eq!(
        d[1].related
            .as_ref()
            .and_then(|r| r.span)
            .map(|r| (r.start, r.end)),
        Some((2, 3))
    );
    assert_eq!(
        d[1].message,
        "the property B appears more than once in this node"
    );
    assert!(check(b"(;B[aa];B[bb])").1.is_empty(), "per node");
    // A lowercase spelling repeats the same property.
    assert_eq!(
        check(b"(;AB[aa]AddBlack[bb])").1[1],
        (Kind::RepeatedProperty, 1, 9)
    );
}

#[test]
fn repeats_are_found_in_big_nodes() {
    // More properties than the linear check looks at: the hash map takes over.
    let mut input = String::from("(;");
    let idents: Vec<String> = (0..40u8)
        .map(|i| {
            format!(
                "X{}{}",
                char::from(b'A' + i / 26),
                char::from(b'A' + i % 26)
            )
        })
        .collect();
    for ident in &idents {
        input.push_str(&format!("{ident}[1]"));
    }
    input.push_str("XAC[2]XBN[3]ZZZ[4]XAC[5];XAC[6])");
    let d = findings(input.as_bytes());
    let found: Vec<_> = d
        .iter()
        .map(|d| {
            (
                d.code,
                span(d).start,
                d.related.as_ref().and_then(|r| r.span).map(|r| r.start),
            )
        })
        .collect();
    let first = |ident: &str| input.find(ident);
    let repeat = input.find("XAC[2]");
    let last = input.find("XAC[5]");
    assert_eq!(
        found,
        [
            (Kind::RepeatedProperty, repeat.unwrap_or(0), first("XAC")),
            (
                Kind::RepeatedProperty,
                repeat.unwrap_or(0) + 6,
                first("XBN")
            ),
            (Kind::RepeatedProperty, last.unwrap_or(0), first("XAC")),
        ]
    );
}

#[test]
fn escapes_are_kept_as_written() {
    let input = b"(;C[a\\]b\\\\]D[x\\\ny\\\r\nz])";
    let (trees, found) = check(input);
    assert!(found.is_empty());
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    let tree = &collection.trees[0];
    assert_eq!(tree.values[0].bytes(input), b"a\\]b\\\\");
    assert_eq!(tree.values[1].bytes(input), b"x\\\ny\\\r\nz");
    assert_eq!(trees.len(), 1);
}

#[test]
fn double_byte_characters_are_scanned_whole() {
    // Shift_JIS "ソ" is 0x83 0x5C: its trail byte is no escape.
    let input = b"(;C[\x83\x5C]D[x])";
    let (collection, found) = parse_in(input, Mode::Strict, Multibyte::ShiftJis);
    assert!(found.is_empty());
    let tree = &collection.trees[0];
    assert_eq!(tree.values[0].bytes(input), b"\x83\x5C");
    assert_eq!(tree.props.len(), 2);
    // Read byte by byte, the trail escapes the `]`.
    let (collection, _) = parse_in(input, Mode::Lenient, Multibyte::None);
    assert_eq!(collection.trees[0].values[0].bytes(input), b"\x83\x5C]D[x");
    // Big5 "功" is 0xA5 0x5C; GBK "癩" is 0xF1 0x5D.
    let big5 = b"(;C[\xA5\x5C];W[aa])";
    let (collection, found) = parse_in(big5, Mode::Strict, Multibyte::Big5);
    assert!(found.is_empty());
    assert_eq!(collection.trees[0].values[0].bytes(big5), b"\xA5\x5C");
    assert_eq!(collection.trees[0].nodes.len(), 2);
    let gbk = b"(;C[\xF1\x5D\xF1\x5D])";
    let (collection, found) = parse_in(gbk, Mode::Strict, Multibyte::Gbk);
    assert!(found.is_empty());
    assert_eq!(
        collection.trees[0].values[0].bytes(gbk),
        b"\xF1\x5D\xF1\x5D"
    );
    // Junk between tokens is stepped over by character too: a trail `[` opens no value.
    let (trees, found) = check_in(b"(;A[1]; \xA5\x5B B[2])", Multibyte::Big5);
    assert_eq!(trees, ["(;A[1];B[2])"]);
    assert_eq!(found, [(Kind::UnexpectedBytes, 1, 9)]);
}
