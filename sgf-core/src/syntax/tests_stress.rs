//! Stress tests for the structural parser: inputs too deep or too long for recursion, inputs
//! built to make a careless parser quadratic, and thousands of pseudo-random byte strings
//! checked against the invariants every result must hold.

use super::tests::{parse_in, span};
use super::*;
use crate::finding::{Code as Kind, Severity};
use sgf_test_support::Rng;

/// Checks what must hold of every result: positions within the input, indexes in range and
/// contiguous, links that agree, severities by mode, and every byte that is not white space or
/// a parenthesis either read as part of a tree or covered by a finding.
fn assert_consistent(input: &[u8], mode: Mode, collection: &RawCollection, found: &[Finding]) {
    let len = input.len();
    let mut covered = vec![false; len];
    let mut cover = |start: usize, end: usize| {
        for flag in covered.iter_mut().take(end).skip(start) {
            *flag = true;
        }
    };
    let mut previous_end = 0;
    for tree in &collection.trees {
        assert!(previous_end <= tree.start && tree.start < tree.end && tree.end <= len);
        previous_end = tree.end;
        assert!(!tree.nodes.is_empty(), "a tree has a root");
        assert_eq!(tree.nodes[0].parent, None);
        let mut next_prop = 0;
        let mut children = 0;
        for (i, node) in tree.nodes.iter().enumerate() {
            if i > 0 {
                assert!(node.parent.is_some_and(|p| (p as usize) < i), "preorder");
            }
            assert_eq!(node.props.start, next_prop, "properties are contiguous");
            assert!(node.props.start <= node.props.end);
            next_prop = node.props.end;
            assert!(node.offset < len);
            if input[node.offset] == b';' {
                cover(node.offset, node.offset + 1);
            }
            for child in tree.children(u32::try_from(i).expect("few nodes")) {
                children += 1;
                assert_eq!(tree.nodes[child as usize].parent, Some(i as u32));
            }
        }
        assert_eq!(
            children + 1,
            tree.nodes.len(),
            "every node but the root is a child"
        );
        assert_eq!(next_prop as usize, tree.props.len());
        let mut next_value = 0;
        for prop in &tree.props {
            assert_eq!(prop.values.start, next_value, "values are contiguous");
            assert!(
                prop.values.start < prop.values.end,
                "a property has a value"
            );
            next_value = prop.values.end;
            assert!(prop.ident_start <= prop.ident_end && prop.ident_end <= len);
            let written = &input[prop.ident_start..prop.ident_end];
            assert!(written.iter().all(u8::is_ascii_alphabetic));
            if prop.normalized.is_none() {
                assert!(!written.is_empty() && written.iter().all(u8::is_ascii_uppercase));
            }
            assert!(prop.ident(input).bytes().all(|b| b.is_ascii_uppercase()));
            cover(prop.ident_start, prop.ident_end);
        }
        assert_eq!(next_value as usize, tree.values.len());
        for value in &tree.values {
            assert!(0 < value.start && value.start <= value.end && value.end <= len);
            assert_eq!(input[value.start - 1], b'[');
            assert!(value.end == len || input[value.end] == b']');
            cover(value.start - 1, value.end + 1);
        }
    }
    for d in found {
        assert!(span(d).start <= span(d).end && span(d).end <= len, "{d}");
        let related = d.related.as_ref().and_then(|r| r.span);
        assert!(related.is_none_or(|r| r.start <= r.end && r.end <= len));
        let expected = match mode {
            Mode::Strict => Severity::Error,
            Mode::Lenient => d.code.reading_severity().unwrap_or(Severity::Error),
        };
        assert_eq!(d.severity, expected, "{d}");
        cover(span(d).start, span(d).end);
    }
    for (i, &b) in input.iter().enumerate() {
        let skippable = scanner::is_ws(b) || b == b'(' || b == b')';
        assert!(
            skippable || covered[i],
            "byte {i} of {:?} is neither read nor reported: {found:#?}",
            input.escape_ascii().to_string()
        );
    }
}

/// Parses in every mode and scheme, checks each result, and that modes agree on structure.
fn check_everywhere(input: &[u8]) {
    for multibyte in [
        Multibyte::None,
        Multibyte::ShiftJis,
        Multibyte::Gbk,
        Multibyte::Big5,
    ] {
        let (lenient, warnings) = parse_in(input, Mode::Lenient, multibyte);
        assert_consistent(input, Mode::Lenient, &lenient, &warnings);
        let (strict, errors) = parse_in(input, Mode::Strict, multibyte);
        assert_consistent(input, Mode::Strict, &strict, &errors);
        assert_eq!(lenient, strict);
        assert_eq!(warnings.len(), errors.len());
    }
}

#[test]
fn random_sgfish_bytes_never_break_the_invariants() {
    const ALPHABET: &[u8] = b"()[];\\:ABWCab1 \n\r\t\x5C\x5D\x81\xFF\x83\xA5\xF1";
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for _ in 0..3000 {
        let len = rng.below(48);
        let input: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        check_everywhere(&input);
    }
}

#[test]
fn mutated_games_never_break_the_invariants() {
    const GAME: &[u8] =
        b"(;GM[1]C[a\\]b \x83\x5C]AB[aa][bb]\n(;B[cc];W[dd])(;B[ee]C[x]y]))\n(;A[1])";
    const BYTES: &[u8] = b"()[];\\ aB\x5D\x81";
    let mut rng = Rng::new(42);
    for _ in 0..3000 {
        let input = rng.edit(GAME, BYTES, 4);
        check_everywhere(&input);
    }
}

#[test]
fn a_million_moves_parse_without_recursion() {
    let moves = 1_000_000;
    let mut input = b"(;GM[1]".to_vec();
    for _ in 0..moves / 2 {
        input.extend_from_slice(b";B[aa];W[bb]");
    }
    input.push(b')');
    let (collection, found) = parse_in(&input, Mode::Strict, Multibyte::None);
    assert!(found.is_empty());
    let tree = &collection.trees[0];
    assert_eq!(tree.nodes.len(), moves + 1);
    assert_eq!(tree.values.len(), moves + 1);
    let mut depth = 1;
    let mut node = 0;
    while let Some(child) = tree.nodes[node].first_child {
        assert_eq!(tree.nodes[child as usize].next_sibling, None);
        node = child as usize;
        depth += 1;
    }
    assert_eq!(depth, moves + 1);
}

#[test]
fn deeply_nested_variations_parse_without_recursion() {
    let depth = 100_000;
    let mut input = Vec::new();
    for i in 0..depth {
        input.extend_from_slice(if i % 2 == 0 { b"(;B[aa]" } else { b"(;W[bb]" });
    }
    let cut = input.clone();
    input.resize(input.len() + depth, b')');
    let (collection, found) = parse_in(&input, Mode::Strict, Multibyte::None);
    assert!(found.is_empty());
    let tree = &collection.trees[0];
    assert_eq!(tree.nodes.len(), depth);
    for (i, node) in tree.nodes.iter().enumerate().skip(1) {
        assert_eq!(node.parent, Some(i as u32 - 1));
    }
    assert_eq!((tree.start, tree.end), (0, input.len()));
    // Cut short, every variation is closed.
    let (collection, found) = parse_in(&cut, Mode::Lenient, Multibyte::None);
    assert_eq!(collection.trees[0].nodes.len(), depth);
    assert_eq!(found.len(), 1);
    assert_eq!(
        found[0].message,
        "the input ends inside a game tree; 100000 open game trees were closed"
    );
}

#[test]
fn wide_and_pathological_inputs_stay_linear() {
    // Many variations under one node: each is linked in constant time.
    let mut input = b"(;A[1]".to_vec();
    for _ in 0..100_000 {
        input.extend_from_slice(b"(;B[2])");
    }
    input.push(b')');
    let (collection, found) = parse_in(&input, Mode::Lenient, Multibyte::None);
    assert!(found.is_empty());
    assert_eq!(collection.trees[0].children(0).count(), 100_000);

    // Many distinct properties in one node, then the same one over and over.
    let mut input = b"(;".to_vec();
    for i in 0..50_000u32 {
        let ident: Vec<u8> = i.to_string().bytes().map(|d| d - b'0' + b'A').collect();
        input.extend_from_slice(&ident);
        input.extend_from_slice(b"[x]");
    }
    input.extend_from_slice(&b"Z[1]".repeat(50_000));
    input.extend_from_slice(b";B[aa])");
    let (collection, found) = parse_in(&input, Mode::Lenient, Multibyte::None);
    assert_eq!(collection.trees[0].props.len(), 100_001);
    assert_eq!(found.len(), 50_000 - 1);
    assert!(found.iter().all(|d| d.code == Kind::RepeatedProperty));

    // Values whose `]` are never followed by SGF: falling back to the first `]` is bounded.
    let input = [&b"(;C[a]x ".repeat(50_000)[..], b")"].concat();
    let (lenient, warnings) = parse_in(&input, Mode::Lenient, Multibyte::None);
    assert_consistent(&input, Mode::Lenient, &lenient, &warnings);

    // Junk everywhere, and parentheses that open nothing.
    let input = [
        &b"(;A[1])"[..],
        &b"x(x".repeat(50_000),
        &b"(".repeat(50_000),
    ]
    .concat();
    let (lenient, warnings) = parse_in(&input, Mode::Lenient, Multibyte::None);
    assert_consistent(&input, Mode::Lenient, &lenient, &warnings);
}

#[test]
fn a_large_input_leaves_the_thread_little_of_its_buffers() {
    let held = || SCRATCH.with_borrow(|scratch| scratch.held());
    let small = b"(;GM[1];B[aa];W[bb])";
    let mut findings = Vec::new();
    scan_structure(small, &ParseOptions::default(), &mut findings);
    let after_small = held();
    assert!(
        after_small > 0,
        "a small input's buffers are kept for the next"
    );
    let mut large = b"(;GM[1]".to_vec();
    for _ in 0..2_000_000 {
        large.extend_from_slice(b";B[aa]");
    }
    large.push(b')');
    let read = scan_structure(&large, &ParseOptions::default(), &mut findings);
    assert_eq!(read.trees[0].len(), 2_000_001, "{findings:?}");
    assert!(held() <= KEPT, "{} bytes kept after a large input", held());
}
