use crate::encode::{EncodeOptions, Layout, encode_to_string};
use crate::games::go::{Move, Point};
use crate::{Collection, GameTree, GoProperty, ReadOptions, parse};

use super::{CompactCollection, CompactParsed, read};

const GAME: &[u8] = b"(;GM[1]FF[4]SZ[19]C[root];B[pd]C[a\\b] ;W[dd]\n(;B[pp])(;B[dp]))";

fn lenient(input: &[u8]) -> CompactParsed {
    read(input, &ReadOptions::default()).expect("the input reads")
}

/// What the compact encoder writes.
fn written(collection: &CompactCollection, options: &EncodeOptions) -> String {
    let bytes = collection.encode(options).expect("UTF-8 fits any text");
    String::from_utf8(bytes).expect("UTF-8 is written")
}

/// The typed collection read from `input`.
fn typed(input: &[u8]) -> Collection {
    parse(input).expect("the input reads").collection
}

#[test]
fn unedited_nodes_are_copied_from_the_input() {
    let text = written(&lenient(GAME).collection, &EncodeOptions::default());
    // The typed encoder unescapes `\b`; the copy keeps the node as it was read.
    assert!(text.contains("\n;B[pd]C[a\\b]\n;W[dd]\n(;B[pp])"), "{text}");
    assert!(
        text.starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[19]C[root]"),
        "{text}"
    );
    let typed_text = encode_to_string(&typed(GAME), &EncodeOptions::default());
    assert!(!typed_text.contains("a\\b"), "{typed_text}");
    assert_eq!(typed(text.as_bytes()), typed(typed_text.as_bytes()));
}

#[test]
fn an_unedited_tree_is_copied_whole_after_its_root_as_read() {
    let options = EncodeOptions {
        layout: Layout::AsRead,
        ..EncodeOptions::default()
    };
    let text = written(&lenient(GAME).collection, &options);
    let tail = ";B[pd]C[a\\b] ;W[dd]\n(;B[pp])(;B[dp]))\n";
    assert_eq!(text, format!("(;GM[1]FF[4]CA[UTF-8]SZ[19]C[root]{tail}"));
    // An edited tree is written node by node.
    let mut collection = lenient(GAME).collection;
    collection.set_props(0, 4, &[GoProperty::B(Move::Pass)]);
    let text = written(&collection, &options);
    assert!(text.ends_with("\n(;B[pp])\n(;B[]))\n"), "{text}");
}

#[test]
fn other_layouts_write_every_node_typed() {
    let options = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    assert_eq!(
        written(&lenient(GAME).collection, &options),
        encode_to_string(&typed(GAME), &options)
    );
}

#[test]
fn an_edited_node_is_read_and_written_from_its_new_properties() {
    let mut collection = lenient(GAME).collection;
    let play = |col, row| Move::Play(Point { col, row });
    collection.set_props(0, 1, &[GoProperty::W(play(2, 2))]);
    let game = collection.game(0);
    assert!(game.is_edited(1) && !game.is_edited(2));
    let mut nodes = game.typed::<GoProperty>();
    assert_eq!(nodes.props(1), [GoProperty::W(play(2, 2))]);
    assert_eq!(nodes.props(2), [GoProperty::W(play(3, 3))]);
    let text = written(&collection, &EncodeOptions::default());
    let reread = lenient(text.as_bytes()).collection;
    assert_eq!(
        reread.game(0).typed::<GoProperty>().props(1),
        [GoProperty::W(play(2, 2))]
    );
    let (materialized, _) = collection.materialize::<GameTree>();
    assert_eq!(
        encode_to_string(&materialized, &EncodeOptions::default()),
        text
    );
}

#[test]
fn values_are_checked_when_materialized_and_in_strict_mode() {
    let input = b"(;GM[1]SZ[9];B[aa]KM[six])";
    let read_lenient = lenient(input);
    assert!(read_lenient.findings.is_empty());
    let (_, findings) = read_lenient.collection.materialize::<GameTree>();
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0].code, crate::finding::Code::BadValue);
    let strict = read(input, &ReadOptions::strict()).expect_err("strict mode refuses `six`");
    let typed_strict = crate::parse_with::<GameTree>(input, &ReadOptions::strict());
    assert_eq!(Err(strict), typed_strict.map(|_| ()));
}

#[test]
fn unedited_trees_are_copied_node_by_node_as_the_tree_walk_writes_them() {
    // Each shape of variations, the redundant brackets of a single variation among them.
    let inputs: [&[u8]; 7] = [
        GAME,
        b"(;GM[1])",
        b"(;GM[1](;B[aa](;W[bb];B[cc])(;W[dd]))(;B[ee]))",
        b"(;GM[1];B[aa](;W[bb](;B[cc])(;B[dd])(;B[ee]))(;W[ff];B[gg](;W[hh])(;W[ii])))",
        b"(;GM[1](;B[aa](;W[bb])))",
        b"(;GM[1];B[aa])\n(;GM[1](;B[bb])(;B[cc]);)",
        b"(;GM[1](;B[aa](;W[bb](;B[cc](;W[dd]))(;B[ee]))(;W[ff]))(;B[gg]))",
    ];
    for input in inputs {
        let collection = lenient(input).collection;
        let copied = written(&collection, &EncodeOptions::default());
        // A root edited to what it holds sends every tree through the tree walk, which still
        // copies the nodes after the root.
        let mut walked = collection.clone();
        for game in 0..collection.games().count() {
            let root = collection
                .game(game)
                .typed::<GoProperty>()
                .props(0)
                .to_vec();
            walked.set_props(game, 0, &root);
        }
        let walked = written(&walked, &EncodeOptions::default());
        // The roots differ (a typed root is written in its own order); the rest may not.
        let below_roots = |text: &str| {
            let lines = text.lines().filter(|line| !line.starts_with("(;GM"));
            lines.map(str::to_owned).collect::<Vec<_>>()
        };
        assert_eq!(below_roots(&copied), below_roots(&walked), "{copied}");
        assert_eq!(
            typed(copied.as_bytes()),
            typed(walked.as_bytes()),
            "{copied}"
        );
    }
}
