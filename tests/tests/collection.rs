//! The one model of a game record held to its guarantees: typed views are the owned copies,
//! writing copies the nodes nobody edited, and edits read back. `fuzz_checks::collection` on
//! the bundled examples, on damaged and unusual inputs, on random edits of a game, and on
//! every corpus file; and each guarantee shown on a small game.

use sgf_core::encode::{EncodeOptions, Layout};
use sgf_core::games::go::{Move, Point};
use sgf_core::tree::Links;
use sgf_core::{Collection, GameTree, GoProperty, NodeId, ReadOptions};
use sgf_test_support::Rng;
use sgf_workspace_tests::fuzz_checks;

#[test]
fn the_bundled_examples_keep_the_models_guarantees() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut count = 0;
    for entry in std::fs::read_dir(dir)
        .expect("the examples exist")
        .flatten()
    {
        fuzz_checks::collection(&std::fs::read(entry.path()).expect("an example reads"));
        count += 1;
    }
    assert!(count >= 3);
}

#[test]
fn unusual_inputs_keep_the_models_guarantees() {
    for input in [
        &b"(;GM[1]SZ[9];B[aa];W[bb](;B[cc])(;B[dd];W[ee]))"[..],
        b"(;FF[4]CA[UTF-8]C[caf\xc3\xa9 \\] x];B[pd]C[one]C[two];AB[aa][bb]AB[cc])",
        b"(;CA[ISO-8859-1]C[caf\xe9];B[pd])",
        b"(;GM[1];B[zz];W[tt];KM[six])",
        b"(;GM[2];B[aa])(;GM[3]SZ[8];B[a1])",
        b"junk(;B[aa]$?[x];W[bb]",
        b"(;AddBlack[aa];B[pd])",
        b"\xef\xbb\xbf(;C[bom])",
        b"\xff\xfe(\x00;\x00B\x00[\x00a\x00a\x00]\x00)\x00",
        b"(;CA[GB2312]PB[\xb9\xc5\x5d];B[aa])",
        b"()",
        b"",
        // A node without properties before white space, in an input that is not all UTF-8.
        b"(;C[\xff])(;GM[1]FF[4]; \n;B[aa])",
    ] {
        fuzz_checks::collection(input);
    }
}

#[test]
fn random_edits_of_a_game_keep_the_models_guarantees() {
    let game: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[Black]C[a \\] comment (;B[aa\\])]\n;B[pd];W[dd]AB[aa]AB[bb]\n(;B[pp]C[x\\\\];W[dp])(;B[dq];W[cq](;B[aa])(;B[bb])))";
    let alphabet = b"[]();\\ aB\nCW";
    let mut rng = Rng::new(11);
    for _ in 0..3_000 {
        fuzz_checks::collection(&rng.edit(game, alphabet, 3));
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_corpus_file_keeps_the_models_guarantees() {
    let corpus = sgf_test_support::corpus();
    let mut files = 0;
    for path in sgf_test_support::sgf_files(&corpus) {
        let input = std::fs::read(&path).expect("a corpus file reads");
        // The check's own panic says what differs; this names the file.
        if std::panic::catch_unwind(|| fuzz_checks::collection(&input)).is_err() {
            panic!("{}", path.display());
        }
        files += 1;
    }
    assert!(files > 1_000, "{files}");
}

/// A game whose values are not written as the encoder writes them: a real with a trailing zero,
/// a needless escape, white space between nodes.
const GAME: &str = "(;GM[1]FF[4]CA[UTF-8]SZ[19]\n;B[pd]V[0.50]C[a\\:b]  ;W[dd]V[-1.250]\n;B[pp])";

fn read(text: &str) -> Collection {
    sgf_core::read(text.as_bytes(), &ReadOptions::default()).expect("the game reads")
}

fn node(collection: &Collection, index: usize) -> NodeId {
    collection
        .game(0)
        .nodes()
        .nth(index)
        .expect("the node exists")
}

#[test]
fn typed_views_are_the_owned_copies() {
    let collection = read(GAME);
    let game = collection.game(0);
    let view = game.tree::<GoProperty>();
    let owned = game.to_tree::<GoProperty>();
    let mut nodes = game.typed::<GoProperty>();
    assert_eq!(game.len(), 4);
    for node in game.nodes() {
        assert_eq!(view.props(node), owned.props(node), "{node:?}");
        assert_eq!(nodes.props(node), owned.props(node), "{node:?}");
        assert_eq!(Links::parent(&view, node), owned.parent(node));
    }
    assert_eq!(
        view.props(node(&collection, 3)),
        [GoProperty::B(Move::Play(Point { col: 15, row: 15 }))]
    );
    assert_eq!(game.to_owned(), GameTree::Go(owned));
}

#[test]
fn writing_copies_the_nodes_nobody_edited() {
    let mut collection = read(GAME);
    let options = EncodeOptions::default();
    // Unedited, every node after the root is copied as written.
    let written = collection.to_text(&options);
    assert!(
        written.contains(";B[pd]V[0.50]C[a\\:b]") && written.contains(";W[dd]V[-1.250]"),
        "{written}"
    );
    // The compact layout copies no node: each is written from its typed properties.
    let compact = collection.to_text(&EncodeOptions {
        layout: Layout::Compact,
        ..options
    });
    assert!(
        compact.contains(";B[pd]V[0.5]C[a:b];W[dd]V[-1.25];B[pp]"),
        "{compact}"
    );
    // An edited node is written from its new properties; the others are still copied.
    let white = node(&collection, 2);
    collection.set_props(
        0,
        white,
        &[GoProperty::W(Move::Play(Point { col: 3, row: 15 }))],
    );
    let written = collection.to_text(&options);
    assert!(written.contains(";B[pd]V[0.50]C[a\\:b]"), "{written}");
    assert!(written.contains(";W[dp]\n"), "{written}");
    assert!(!written.contains("-1.250"), "{written}");
}

#[test]
fn edits_read_back() {
    let mut collection = read(GAME);
    // A node's properties replaced: the views give them, and so does what is written.
    let black = node(&collection, 1);
    let pass = [GoProperty::B(Move::Pass)];
    collection.set_props(0, black, &pass);
    assert!(collection.game(0).is_edited(black));
    assert_eq!(collection.game(0).typed::<GoProperty>().props(black), pass);
    assert_eq!(collection.game(0).tree::<GoProperty>().props(black), pass);
    let again = read(&collection.to_text(&EncodeOptions::default()));
    assert_eq!(again.game(0).tree::<GoProperty>().props(black), pass);
    assert!(again == collection);

    // A tree replaced by an edited owned copy: a variation added at the root.
    let mut tree = collection.game(0).to_tree::<GoProperty>();
    let tengen = GoProperty::B(Move::Play(Point { col: 9, row: 9 }));
    let variation = tree.add_child(tree.root(), [tengen.clone()]);
    collection.replace(0, tree.clone());
    let game = collection.game(0);
    assert!(!game.is_from_input());
    assert_eq!(game.len(), 5);
    assert_eq!(game.children(game.root()).count(), 2);
    assert_eq!(game.to_tree::<GoProperty>(), tree);
    let again = read(&collection.to_text(&EncodeOptions::default()));
    assert_eq!(again.game(0).to_tree::<GoProperty>(), tree);
    assert_eq!(tree.props(variation), [tengen]);

    // A tree added, and one removed.
    collection.push(GameTree::Go(tree.clone()));
    collection.remove(0);
    let again = read(&collection.to_text(&EncodeOptions::default()));
    assert_eq!(again.len(), 1);
    assert_eq!(again.game(0).to_tree::<GoProperty>(), tree);
}

#[test]
fn a_replaced_tree_is_the_tree_given() {
    let mut collection = read("(;FF[4]GM[1]SZ[9]CA[UTF-8];B[ee])");
    let tree = collection.game(0).to_owned();
    collection.replace(0, tree.clone());
    assert_eq!(collection.game(0).to_owned(), tree);
}
