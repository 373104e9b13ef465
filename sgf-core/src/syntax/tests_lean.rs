//! The fast scanner against the lenient parser: whatever the fast scanner reads must be what
//! the lenient parser reads, with the same findings (properties repeated in a node, the one
//! recovery it makes itself); on every other recovery it must give up. Checked on the parser's table of cases, on pseudo-random edits of a game,
//! and (ignored, as it needs the corpus) on every file of `../shared/corpus`.

use super::tests::CASES;
use super::*;
use sgf_test_support::Rng;

/// Whether the fast scanner read `input`; panics where it and the lenient parser disagree.
fn check(input: &[u8]) -> bool {
    let read = fast::compare_with_lenient(input)
        .unwrap_or_else(|e| panic!("{:?}: {e}", String::from_utf8_lossy(input)));
    if read {
        // Reading through the entry point takes the fast path, and the accessors agree.
        let scanned = scan_structure(input, &ParseOptions::default(), &mut Vec::new());
        assert!(scanned.trees.iter().all(LeanTree::is_regular));
        // The forks list, in order, only the nodes whose links are not the plain ones.
        for tree in &scanned.trees {
            assert!(tree.forks.is_sorted_by_key(|f| f.node));
            let plain =
                |f: &lean::Fork| f.next == lean::NONE && f.node.checked_sub(1) == Some(f.parent);
            assert!(!tree.forks.iter().any(plain), "{:?}", tree.forks);
        }
        let tree = &scanned.trees[0];
        let raw = tree.to_raw(input);
        for node in 0..raw.nodes.len() as u32 {
            assert_eq!(tree.props(node, input).count(), raw.node_props(node).len());
            for (lean, prop) in tree.props(node, input).zip(raw.node_props(node)) {
                assert_eq!(lean.offset(), prop.ident_start);
                assert_eq!(tree.ident(lean, input), prop.ident(input));
                assert!(
                    tree.values(lean, input)
                        .eq(raw.prop_values(prop).iter().copied())
                );
            }
        }
    }
    read
}

#[test]
fn the_fast_scanner_reads_clean_games_as_the_parser_does() {
    let clean: &[&[u8]] = &[
        b"(;GM[1]SZ[19];B[pd];W[dd])",
        b"(;B[aa]C[x]B[bb];W[cc]W[dd]LONGER[a]LONGER[b])",
        b"(;GM[1](;B[aa];W[bb])(;B[cc](;W[dd])(;W[ee];B[ff]))(;B[gg]))",
        b" \r\n(;FF[4]C[a \\] b \\\\]\n;B[aa]\n)\n(;GM[1];;W[tt])\n",
        b"(;AB[aa][bb] [cc]\n\tAW[dd]MULTIGOGM[1]LONGER[x];C[(;B[aa\\])])",
        // Variations alone in their parentheses, inside and beside variations with siblings.
        b"(;B[aa](;W[bb](;B[cc])))",
        b"(;B[aa](;W[bb](;B[cc]))(;W[dd](;B[ee](;W[ff]))(;B[gg])))",
    ];
    for input in clean {
        assert!(check(input), "{:?}", String::from_utf8_lossy(input));
    }
}

#[test]
fn the_fast_scanner_gives_up_on_what_the_parser_recovers_from() {
    let mut fast = 0;
    for case in CASES {
        fast += usize::from(check(case.0));
    }
    // The table is mostly of recoveries, which the fast scanner leaves to the parser.
    assert!(fast < CASES.len());
    for broken in [
        &b"(;b[aa])"[..],
        b"(;C[a]b])",
        b"(;B[aa]",
        b"(;A(;B);C)",
        b"((;A))",
        b"(;A[])x",
        b"(;[a])",
        b"(;A[b]()",
    ] {
        assert!(!check(broken), "{:?}", String::from_utf8_lossy(broken));
    }
}

#[test]
fn the_fast_scanner_agrees_on_random_edits_of_a_game() {
    let game: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[Black]C[a \\] comment (;B[aa\\])]\n;B[pd];W[dd]\n(;B[pp]C[x\\\\];W[dp])(;B[dq];W[cq](;B[aa])(;B[bb])))";
    let alphabet = b"[]();\\ aB\nC";
    let mut rng = Rng::new(7);
    let mut fast = 0;
    for _ in 0..20_000 {
        fast += usize::from(check(&rng.edit(game, alphabet, 3)));
    }
    // Both kinds of input are met: many edits leave a game the fast scanner reads.
    assert!(fast > 1_000, "{fast}");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_fast_scanner_agrees_on_every_corpus_file() {
    let corpus = sgf_test_support::corpus();
    let (mut files, mut fast, mut bytes) = (0, 0, 0);
    for path in sgf_test_support::sgf_files(&corpus) {
        let input = std::fs::read(&path).expect("a corpus file reads");
        files += 1;
        if check(&input) {
            fast += 1;
            bytes += input.len();
        }
    }
    println!("the fast scanner read {fast} of {files} files ({bytes} bytes)");
    assert!(fast * 2 > files);
}
