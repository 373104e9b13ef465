use crate::encode::{EncodeOptions, Layout, OutputCharset};
use crate::games::go::{Move, Point};
use crate::property::GameProperty;
use crate::{Collection, GameTree, GoProperty, NodeId, ReadOptions};

const GAME: &[u8] = b"(;GM[1]FF[4]SZ[19]C[root];B[pd]C[a\\b] ;W[dd]\n(;B[pp])(;B[dp]))";

fn lenient(input: &[u8]) -> Collection {
    Collection::read(input, &ReadOptions::default()).expect("the input reads")
}

/// What the encoder writes.
fn written(collection: &Collection, options: &EncodeOptions) -> String {
    let bytes = collection.encode(options).expect("UTF-8 fits any text");
    String::from_utf8(bytes).expect("UTF-8 is written")
}

/// The collection of the owned trees read from `input`: each written from its typed
/// properties.
fn typed(input: &[u8]) -> Collection {
    Collection::from_trees(lenient(input).to_trees())
}

fn node(index: usize) -> NodeId {
    NodeId::of_index(index)
}

#[test]
fn unedited_nodes_are_copied_from_the_input() {
    let text = written(&lenient(GAME), &EncodeOptions::default());
    // A typed node is written with `\b` unescaped; the copy keeps the node as it was read.
    assert!(text.contains("\n;B[pd]C[a\\b]\n;W[dd]\n(;B[pp])"), "{text}");
    assert!(
        text.starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[19]C[root]"),
        "{text}"
    );
    let typed_text = typed(GAME).to_text(&EncodeOptions::default());
    assert!(!typed_text.contains("a\\b"), "{typed_text}");
    assert_eq!(lenient(text.as_bytes()), lenient(typed_text.as_bytes()));
}

#[test]
fn an_unedited_tree_is_copied_whole_after_its_root_as_read() {
    let options = EncodeOptions {
        layout: Layout::AsRead,
        ..EncodeOptions::default()
    };
    let text = written(&lenient(GAME), &options);
    let tail = ";B[pd]C[a\\b] ;W[dd]\n(;B[pp])(;B[dp]))\n";
    assert_eq!(text, format!("(;GM[1]FF[4]CA[UTF-8]SZ[19]C[root]{tail}"));
    // An edited tree is written node by node.
    let mut collection = lenient(GAME);
    collection.set_props(0, node(4), &[GoProperty::B(Move::Pass)]);
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
        written(&lenient(GAME), &options),
        typed(GAME).to_text(&options)
    );
}

#[test]
fn an_edited_node_is_read_and_written_from_its_new_properties() {
    let mut collection = lenient(GAME);
    let play = |col, row| Move::Play(Point { col, row });
    collection.set_props(0, node(1), &[GoProperty::W(play(2, 2))]);
    let game = collection.game(0);
    assert!(game.is_edited(node(1)) && !game.is_edited(node(2)));
    let mut nodes = game.typed::<GoProperty>();
    assert_eq!(nodes.props(node(1)), [GoProperty::W(play(2, 2))]);
    assert_eq!(nodes.props(node(2)), [GoProperty::W(play(3, 3))]);
    let text = written(&collection, &EncodeOptions::default());
    let reread = lenient(text.as_bytes());
    assert_eq!(
        reread.game(0).typed::<GoProperty>().props(node(1)),
        [GoProperty::W(play(2, 2))]
    );
    assert_eq!(written(&reread, &EncodeOptions::default()), text);
}

#[test]
fn a_replaced_tree_is_read_and_written_from_its_own_text() {
    let mut collection = lenient(GAME);
    let GameTree::Go(mut tree) = collection.game(0).to_owned() else {
        panic!("a Go tree")
    };
    let first = tree.children(tree.root()).next().expect("a move");
    tree.insert_below(first, vec![GoProperty::W(Move::Pass)]);
    collection.replace(0, tree.clone());
    let game = collection.game(0);
    assert!(!game.is_from_input());
    assert_eq!(game.len(), 6);
    assert_eq!(game.to_tree::<GoProperty>(), tree);
    let text = written(&collection, &EncodeOptions::default());
    // Its nodes are written as typed: `\b` is `b`.
    assert!(text.contains(";B[pd]C[ab]\n;W[]\n;W[dd]"), "{text}");
    assert_eq!(
        written(&lenient(text.as_bytes()), &EncodeOptions::default()),
        text
    );
}

#[test]
fn values_are_checked_by_validation_and_in_strict_mode() {
    let input = b"(;GM[1]SZ[9];B[aa]KM[six])";
    let read_lenient = lenient(input);
    assert!(read_lenient.findings().is_empty());
    let report = crate::validate::validate(&read_lenient);
    assert_eq!(report.findings.len(), 1, "{report:?}");
    assert_eq!(report.findings[0].code, crate::finding::Code::BadValue);
    let strict = Collection::<GameTree>::read(input, &ReadOptions::strict())
        .expect_err("strict mode refuses `six`");
    assert_eq!(strict.findings.len(), 1, "{strict:?}");
    assert_eq!(strict.findings[0].code, crate::finding::Code::BadValue);
    assert!(strict.findings[0].is_error());
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
        let collection = lenient(input);
        let copied = written(&collection, &EncodeOptions::default());
        // A root edited to what it holds sends every tree through the tree walk, which still
        // copies the nodes after the root.
        let mut walked = collection.clone();
        for game in 0..collection.len() {
            let root = collection
                .game(game)
                .typed::<GoProperty>()
                .props(NodeId::ROOT)
                .to_vec();
            walked.set_props(game, NodeId::ROOT, &root);
        }
        let walked = written(&walked, &EncodeOptions::default());
        // The roots differ (a typed root is written in its own order); the rest may not.
        let below_roots = |text: &str| {
            let lines = text.lines().filter(|line| !line.starts_with("(;GM"));
            lines.map(str::to_owned).collect::<Vec<_>>()
        };
        assert_eq!(below_roots(&copied), below_roots(&walked), "{copied}");
        assert_eq!(
            lenient(copied.as_bytes()),
            lenient(walked.as_bytes()),
            "{copied}"
        );
    }
}

#[test]
fn a_root_copied_from_its_text_reads_its_ca_as_the_typed_root_does() {
    // `CA[UTF8\]x]` names no charset (its value is `UTF8]x`): a root written from its text
    // and one written from its typed properties both correct it, in the charset read too.
    let input = b"(;FF[4]CA[UTF8\\]x];B[aa])";
    for charset in [OutputCharset::Utf8, OutputCharset::Source] {
        let options = |layout| EncodeOptions {
            charset,
            layout,
            ..EncodeOptions::default()
        };
        let copied = written(&lenient(input), &options(Layout::NodePerLine));
        let typed = written(&typed(input), &options(Layout::NodePerLine));
        assert_eq!(copied, typed);
        assert!(copied.starts_with("(;FF[4]CA[UTF-8]"), "{copied}");
        assert_eq!(lenient(copied.as_bytes()), lenient(typed.as_bytes()));
    }
}

#[test]
fn a_typed_tree_moved_into_an_owned_tree_is_its_copy_node_for_node() {
    // Variations at the root and below; a tree the lenient reader read (a value cut short),
    // whose repeats are merged; an edited node.
    let mut edited = lenient(b"(;GM[1];B[aa];W[bb](;B[cc])(;B[dd]))");
    let mut tree = edited.game(0).to_tree::<GoProperty>();
    tree.set(node(2), GoProperty::C("edited".into()));
    edited.replace(0, GameTree::Go(tree));
    let inputs = [
        lenient(GAME),
        lenient(b"(;GM[1](;B[aa];W[bb](;B[cc])(;B[dd];W[ee]))(;B[ff]))(;GM[1])"),
        lenient(b"(;GM[1];AB[aa]AB[bb];W[cc]C[cut"),
        edited,
    ];
    for collection in &inputs {
        for game in collection.games() {
            let typed = game.tree::<GoProperty>();
            let copy = typed.to_tree();
            let moved = game.tree::<GoProperty>().into_tree();
            assert_eq!(moved, copy);
            assert_eq!(moved.len(), typed.len());
            for index in 0..typed.len() {
                let at = node(index);
                assert_eq!(moved.props(at), typed.props(at), "node {index}");
                assert_eq!(moved.parent(at), typed.parent(at), "node {index}");
                assert!(moved.children(at).eq(typed.children(at)), "node {index}");
            }
        }
    }
}

#[test]
fn a_tree_in_a_charset_other_than_utf8_is_typed_by_decoding_each_value_as_it_is_walked() {
    // Latin-1 as declared: the scanner reads the tree (no double-byte characters), and the
    // input is not UTF-8, so each value is decoded where the walk reaches it; a list, a
    // property of several values and an escape come out as they do from UTF-8.
    let input =
        b"(;GM[1]FF[4]CA[ISO-8859-1]SZ[19]C[caf\xe9];B[aa]C[\xe0 \\] b]\n;W[bb]AB[cc][dd:ee])";
    let collection = lenient(input);
    let game = collection.game(0);
    assert!(std::str::from_utf8(collection.input()).is_err());
    assert!(collection.trees[0].lean.is_regular());
    let mut nodes = game.typed::<GoProperty>();
    let texts = |props: &[GoProperty]| -> Vec<String> {
        props
            .iter()
            .filter_map(|p| match p {
                GoProperty::C(text) => Some(text.as_str().to_owned()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(texts(nodes.props(node(0))), ["café"]);
    let first = nodes.props(node(1)).to_vec();
    assert_eq!(texts(&first), ["à ] b"]);
    assert!(first.contains(&GoProperty::B(Move::Play(Point { col: 0, row: 0 }))));
    let second = nodes.props(node(2)).to_vec();
    assert!(second.contains(&GoProperty::W(Move::Play(Point { col: 1, row: 1 }))));
    let Some(GoProperty::AB(list)) = second.iter().find(|p| matches!(p, GoProperty::AB(_))) else {
        panic!("AB is typed: {second:?}");
    };
    assert_eq!(list.len(), 2);
    assert_eq!(list.points().len(), 1 + 4);
    // The whole-tree view reads the same properties.
    let tree = game.tree::<GoProperty>();
    for index in 0..tree.len() {
        assert_eq!(
            tree.props(node(index)),
            nodes.props(node(index)),
            "node {index}"
        );
    }
}

#[test]
fn utf8_values_are_sliced_at_their_brackets_whatever_characters_stand_against_them() {
    // The walk over a regular UTF-8 tree slices identifiers and values without looking again
    // at character boundaries (a `debug_assert` does, in tests): characters of one to four
    // bytes against every bracket, after an escape, alone, and in several values.
    for ch in ["a", "é", "数", "🀄"] {
        let texts = [
            ch.to_owned(),
            format!("{ch}{ch}"),
            format!("x{ch}"),
            format!("{ch}x"),
            format!("\\{ch}"),
            format!("{ch}\\]{ch}"),
        ];
        for text in texts {
            let input = format!("(;GM[1]FF[4]C[{text}];B[{text}]XY[{text}][{text}]C[{text}])");
            let collection = lenient(input.as_bytes());
            assert!(collection.trees[0].lean.is_regular(), "{input}");
            let unescaped = text.replace("\\]", "]").replace('\\', "");
            let game = collection.game(0);
            let mut nodes = game.typed::<GoProperty>();
            let comment = |props: &[GoProperty]| match props.last() {
                Some(GoProperty::C(comment)) => comment.as_str().to_owned(),
                _ => panic!("C is typed last: {props:?}"),
            };
            assert_eq!(comment(nodes.props(node(0))), unescaped, "{input}");
            let second = nodes.props(node(1)).to_vec();
            assert_eq!(comment(&second), unescaped, "{input}");
            let raw: Vec<_> = second.iter().map(|p| p.to_raw()).collect();
            let values: Vec<(&str, Vec<&str>)> = raw
                .iter()
                .map(|p| (p.ident.as_str(), p.values.iter().map(|v| &**v).collect()))
                .collect();
            // A value `B` does not take is kept as written, and one it takes is written so.
            assert_eq!(values[0], ("B", vec![text.as_str()]), "{input}");
            assert_eq!(
                values[1],
                ("XY", vec![text.as_str(), text.as_str()]),
                "{input}"
            );
        }
    }
}

#[test]
fn a_finding_in_a_repeated_property_counts_its_value_on_from_the_earlier_repeats() {
    // Dirty UTF-8 (the text is UTF-8 but for one byte) in the third `AW` of a node that
    // repeats `AB` too, interleaved: the value is numbered across the node's values of `AW`,
    // in the tree the fast scanner reads and in one the lenient reader reads (a node after
    // variations), in a node of a few properties and in one of many.
    let text = "中文".repeat(8);
    let many: String = ('A'..='Z').map(|c| format!("X{c}[1]Y{c}[1]")).collect();
    for (tail, filler) in [
        ("", ""),
        ("(;B[aa])(;B[bb]);C[x]", ""),
        ("", &many),
        ("(;B[aa])(;B[bb]);C[x]", &many),
    ] {
        let input = [
            format!("(;GM[1]FF[4]CA[UTF-8]C[{text}]AW[cc][dd]{filler}AB[aa]AW[bb]AB[ee]AW[gg][e")
                .as_bytes(),
            b"\xff",
            format!("]AB[ff]C[{text}]{tail})").as_bytes(),
        ]
        .concat();
        let collection = lenient(&input);
        assert_eq!(collection.trees[0].lean.is_regular(), tail.is_empty());
        let places: Vec<(Option<&str>, Option<usize>)> = collection
            .findings()
            .iter()
            .filter(|f| f.code == crate::finding::Code::InvalidBytes)
            .map(|f| (f.location.property.as_deref(), f.location.value))
            .collect();
        assert_eq!(places, [(Some("AW"), Some(4))], "{tail} {filler}");
    }
}
