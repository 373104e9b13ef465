//! Reading and writing whole collections: read(encode(c)) == c, the tree API, layouts,
//! charsets and point-list styles, and inputs deeper than any stack.

mod common;

use common::{drop_ca, read, read_bytes, without_ca, written};
use sgf_core::collection::TypedTree;
use sgf_core::encode::{EncodeOptions, Layout, OutputCharset, encode, encode_to_string};
use sgf_core::games::go::{Move, Point};
use sgf_core::property::SzValue;
use sgf_core::value::{ListStyle, SimpleText, Text};
use sgf_core::{Collection, GameProperty, GameTree, GoProperty, NodeId, Tree};

/// The Go tree at `index`, typed.
fn go(collection: &Collection, index: usize) -> TypedTree<'_, GoProperty> {
    let game = collection.game(index);
    assert_eq!(game.gm(), 1, "expected a Go tree, got {game:?}");
    game.tree::<GoProperty>()
}

/// Reading what was written gives what was read (but for the `CA` set on writing), and writing
/// it again gives the same text.
fn assert_round_trips(text: &str) {
    let first = read(text);
    for layout in [Layout::Compact, Layout::NodePerLine] {
        for wrap in [None, Some(20)] {
            let options = EncodeOptions {
                layout,
                wrap,
                ..EncodeOptions::default()
            };
            let out = written(&first, &options);
            let second = read(&out);
            assert_eq!(
                without_ca(&second),
                without_ca(&first),
                "{text:?} as {out:?}"
            );
            assert_eq!(written(&second, &options), out, "{text:?} with {options:?}");
        }
    }
}

#[test]
fn variations_keep_their_shape() {
    let collection = read("(;GM[1]FF[4];B[aa](;W[bb];B[cc])(;W[dd])(;W[ee]))");
    let tree = go(&collection, 0);
    let main: Vec<_> = tree.main_line().collect();
    assert_eq!(main.len(), 4, "root, B, W[bb], B[cc]");
    let b = main[1];
    let variations: Vec<_> = tree.children(b).collect();
    assert_eq!(variations.len(), 3);
    assert_eq!(
        tree.props(variations[2]),
        [GoProperty::W(Move::Play(Point { col: 4, row: 4 }))]
    );
    assert_eq!(
        written(
            &collection,
            &EncodeOptions {
                layout: Layout::Compact,
                ..EncodeOptions::default()
            }
        ),
        "(;GM[1]FF[4]CA[UTF-8];B[aa](;W[bb];B[cc])(;W[dd])(;W[ee]))\n"
    );
}

#[test]
fn fixtures_round_trip_in_every_layout() {
    for text in [
        "(;FF[4]GM[1]SZ[19]CA[UTF-8];B[pd];W[dp](;B[pp])(;B[dd];W[]))",
        "(;GM[1]C[a \\] b \\\\ c\nsecond line]N[x:y]LB[dd:A\\:B][ee:\\]])",
        "(;GM[1]AB[aa:cc][dd]AW[ee]TR[ff];B[gg]BM[2]C[soft\\\nbreak])",
        "(;GM[1]XX[private][values]B[tt]KM[6.5]RE[B+R])(;GM[6];W[31hefe])(;GM[2]B[e4])",
        "(;GM[19]AS[46CD:48];B[84-86x-68])(;GM[11]SZ[14:12];B[aa11];W[swap-pieces])",
        "(;FF[4]C[日本語のコメント]PB[李昌镐]PW[조훈현])",
    ] {
        assert_round_trips(text);
    }
}

/// Found by the `parse` fuzz target: a value without an identifier must stay first in its
/// node (the `CA` written in the root went before it and took it as a second value), and a
/// `]` the reader took into a value must be written escaped.
#[test]
fn recovered_values_are_written_so_that_they_read_back_the_same() {
    for text in [
        "4;C([FF]A[UTF8]GN[x]AP[GoGui:0.8.x]\n\u{d2}AB[bp][cq]PL[B])",
        "(;[aa][bb]GM[1];[cc]B[dd])",
        "(;GM[1]C[the move [c3] was good] really];B[pd];W[dd];B[pp\\",
    ] {
        assert_round_trips(text);
    }
    let written = written(
        &read("(;[FF]GM[1]FF[4]C[a]b])"),
        &EncodeOptions {
            layout: Layout::Compact,
            ..EncodeOptions::default()
        },
    );
    assert_eq!(written, "(;[FF]GM[1]FF[4]CA[UTF-8]C[a\\]b])\n");
}

#[test]
fn text_is_unescaped_in_memory_and_escaped_on_writing() {
    let collection = read("(;GM[1]C[a \\] b\\\\ \\\nc]N[line\nbreak])");
    let tree = go(&collection, 0);
    assert_eq!(
        tree.get(tree.root(), "C"),
        Some(&GoProperty::C(Text::from("a ] b\\ c")))
    );
    assert_eq!(
        tree.get(tree.root(), "N"),
        Some(&GoProperty::N(SimpleText::from("line break")))
    );
    let root = tree.props(tree.root()).to_vec();
    // The default layout copies a node nobody edited as it was written.
    let out = written(&collection, &EncodeOptions::default());
    assert!(out.contains("C[a \\] b\\\\ \\\nc]N[line\nbreak]"), "{out}");
    // Written from the values in memory, the text is escaped again.
    let compact = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    let out = written(&collection, &compact);
    assert!(out.contains("C[a \\] b\\\\ c]"), "{out}");
    let mut edited = collection.clone();
    edited.set_props(0, NodeId::ROOT, &root);
    let out = written(&edited, &EncodeOptions::default());
    assert!(out.contains("C[a \\] b\\\\ c]"), "{out}");
}

#[test]
fn a_game_is_built_from_scratch_and_edited() {
    let mut tree = Tree::new(vec![
        GoProperty::GM(1),
        GoProperty::FF(4),
        GoProperty::SZ(SzValue::Number(9)),
    ]);
    let b = tree.add_child(
        tree.root(),
        vec![GoProperty::B(Move::Play(Point { col: 2, row: 2 }))],
    );
    let w = tree.add_child(b, vec![GoProperty::W(Move::Pass)]);
    let variation = tree.add_child(b, vec![GoProperty::W(Move::Play(Point { col: 6, row: 6 }))]);
    tree.set(w, GoProperty::C(Text::from("a pass")));
    assert_eq!(tree.len(), 4);
    let mut collection = Collection::from_trees([GameTree::Go(tree.clone())]);
    let compact = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    assert_eq!(
        written(&collection, &compact),
        "(;GM[1]FF[4]CA[UTF-8]SZ[9];B[cc](;W[]C[a pass])(;W[gg]))\n"
    );

    tree.remove_subtree(variation);
    assert_eq!(
        tree.remove(w, "C"),
        Some(GoProperty::C(Text::from("a pass")))
    );
    // The edited tree replaces the one the collection holds.
    collection.replace(0, GameTree::Go(tree.clone()));
    assert_eq!(
        written(&collection, &compact),
        "(;GM[1]FF[4]CA[UTF-8]SZ[9];B[cc];W[])\n"
    );
    assert_eq!(collection.to_trees(), [GameTree::Go(tree)]);
}

#[test]
fn trees_made_in_another_order_are_equal() {
    let mut made = Tree::new(vec![
        GoProperty::GM(1),
        GoProperty::CA(SimpleText::from("UTF-8")),
    ]);
    let b = made.add_child(made.root(), vec![GoProperty::B(Move::Pass)]);
    let w = made.add_child(made.root(), vec![GoProperty::W(Move::Pass)]);
    made.add_child(b, vec![GoProperty::MN(1)]);
    made.add_child(w, vec![GoProperty::MN(2)]);
    let text = written(
        &Collection::from_trees([GameTree::Go(made.clone())]),
        &EncodeOptions::default(),
    );
    assert_eq!(
        go(&read(&text), 0).to_tree(),
        made,
        "read back in document order: {text}"
    );
}

#[test]
fn point_lists_stay_as_they_are_in_trees_before_ff4() {
    let collection = read("(;FF[3]AB[aa][ba][ab][bb])");
    let options = EncodeOptions {
        layout: Layout::Compact,
        point_lists: ListStyle::Compressed,
        ..EncodeOptions::default()
    };
    assert_eq!(
        written(&collection, &options),
        "(;FF[3]AB[aa][ba][ab][bb])\n"
    );
}

#[test]
fn point_lists_are_written_as_held_compressed_or_expanded() {
    let collection = read("(;GM[1]FF[4]AB[aa][ba][ab][bb][cc])");
    let style = |point_lists| {
        let options = EncodeOptions {
            layout: Layout::Compact,
            point_lists,
            ..EncodeOptions::default()
        };
        written(&collection, &options)
    };
    assert_eq!(
        style(ListStyle::AsIs),
        "(;GM[1]FF[4]CA[UTF-8]AB[aa][ba][ab][bb][cc])\n"
    );
    assert_eq!(
        style(ListStyle::Compressed),
        "(;GM[1]FF[4]CA[UTF-8]AB[aa:bb][cc])\n"
    );
    let expanded = read(&style(ListStyle::Compressed));
    let options = EncodeOptions {
        layout: Layout::Compact,
        point_lists: ListStyle::Expanded,
        ..EncodeOptions::default()
    };
    assert_eq!(
        written(&expanded, &options),
        "(;GM[1]FF[4]CA[UTF-8]AB[aa][ba][ab][bb][cc])\n"
    );
}

#[test]
fn text_is_written_in_the_source_charset_on_request() {
    let (gbk, _, _) = encoding_rs::GBK.encode("(;GM[1]CA[GB2312]PB[李昌镐]C[好棋])");
    let collection = read_bytes(&gbk);
    assert_eq!(collection.charset(), encoding_rs::GBK);
    let tree = go(&collection, 0);
    assert_eq!(
        tree.get(tree.root(), "PB"),
        Some(&GoProperty::PB(SimpleText::from("李昌镐")))
    );
    let keep = EncodeOptions {
        layout: Layout::Compact,
        charset: OutputCharset::Source,
        ..EncodeOptions::default()
    };
    let bytes = encode(&collection, &keep).expect("GBK holds these characters");
    assert_eq!(bytes, [&gbk[..], b"\n"].concat());
    let utf8 = encode(
        &collection,
        &EncodeOptions {
            layout: Layout::Compact,
            ..EncodeOptions::default()
        },
    )
    .expect("UTF-8 holds everything");
    assert_eq!(
        String::from_utf8(utf8).expect("UTF-8"),
        "(;GM[1]CA[UTF-8]PB[李昌镐]C[好棋])\n"
    );
    let latin1 = EncodeOptions {
        charset: OutputCharset::Other(encoding_rs::WINDOWS_1252),
        ..EncodeOptions::default()
    };
    let error = encode(&collection, &latin1).expect_err("windows-1252 has no Han characters");
    assert!(error.message.contains("李"), "{error}");
}

/// Big5 text whose bytes are also valid UTF-8 (`廔包` is `e1 bd a5 5d`, UTF-8's `ὥ]`) reads as
/// the `CA` says: only Big5 reads the trail byte `]` as part of a character and not as the end
/// of the value. Found by the charset fuzz target, on what the encoder wrote in Big5.
#[test]
fn a_declared_double_byte_charset_holds_where_utf8_would_break_the_structure() {
    let (big5, _, _) = encoding_rs::BIG5.encode("(;GM[1]CA[Big5]PB[廔包$])");
    assert!(
        std::str::from_utf8(&big5).is_ok(),
        "the bytes are UTF-8 too"
    );
    let collection = read_bytes(&big5);
    assert_eq!(collection.charset(), encoding_rs::BIG5);
    assert_eq!(collection.findings(), []);
    let tree = go(&collection, 0);
    assert_eq!(
        tree.get(tree.root(), "PB"),
        Some(&GoProperty::PB(SimpleText::from("廔包$")))
    );
    // A UTF-8 file that lies in its `CA` is still read as UTF-8: its brackets stand.
    let collection = read("(;GM[1]CA[Big5]PB[李昌镐])");
    assert_eq!(collection.charset(), encoding_rs::UTF_8);
}

/// Text whose bytes in the requested charset would read back as other text is not written in
/// it: Big5 writes `頧包[` as `e8 bd a5 5d 5b`, valid UTF-8 (`轥][`) of a common character, and
/// a reader takes it for UTF-8 whose `]` ends the value. Found by the charset fuzz target.
#[test]
fn text_that_would_read_back_otherwise_is_not_written() {
    let big5 = EncodeOptions {
        charset: OutputCharset::Other(encoding_rs::BIG5),
        ..EncodeOptions::default()
    };
    let collection = read("(;GM[1]C[ok])(;GM[1]C[頧包[$AP])");
    let error = encode(&collection, &big5).expect_err("Big5 is misread");
    assert_eq!(error.game, 1, "{error}");
    assert!(error.message.contains("Big5"), "{error}");
    let bytes = encode(&collection, &EncodeOptions::default()).expect("UTF-8 holds it");
    let again = read_bytes(&bytes);
    assert_eq!(without_ca(&again), without_ca(&collection));
}

/// UTF-16 output has one byte-order mark, at its start.
#[test]
fn utf16_output_starts_with_its_only_byte_order_mark() {
    let collection = read("(;GM[1]PB[李昌镐])(;GM[1]PB[Go Seigen])");
    for (encoding, bom) in [
        (encoding_rs::UTF_16LE, [0xFF, 0xFE]),
        (encoding_rs::UTF_16BE, [0xFE, 0xFF]),
    ] {
        let options = EncodeOptions {
            charset: OutputCharset::Other(encoding),
            ..EncodeOptions::default()
        };
        let bytes = encode(&collection, &options).unwrap_or_else(|e| panic!("{e}"));
        assert!(bytes.starts_with(&bom), "{}", encoding.name());
        let marks = bytes.chunks(2).filter(|unit| *unit == bom).count();
        assert_eq!(marks, 1, "{}", encoding.name());
        let again = read_bytes(&bytes);
        assert_eq!(again.findings(), [], "{}", encoding.name());
        assert_eq!(without_ca(&again), without_ca(&collection));
    }
}

/// A `CA` outside the root declares nothing: the bytes of a UTF-8 file that has one are not
/// scanned in the charset it names, where a trail byte `]` would end no value.
#[test]
fn a_charset_named_outside_the_root_does_not_shape_the_structure() {
    // `ˆ` is CB 86 in UTF-8; in Shift_JIS, 86 5D is one character, and the `]` would be gone.
    let text = "(;\n;CA[MSKANJI]BL[ˆ]BL[])\n";
    let collection = read(text);
    assert_eq!(collection.charset(), encoding_rs::UTF_8);
    let tree = go(&collection, 0);
    let node = tree.children(tree.root()).next().expect("a second node");
    let bl: Vec<_> = tree
        .props(node)
        .iter()
        .filter(|p| p.ident() == "BL")
        .collect();
    assert_eq!(bl.len(), 2, "{:?}", tree.props(node));
    // What the encoder writes of it reads back the same.
    let written = encode_to_string(&collection, &EncodeOptions::default());
    let again = read(&written);
    assert_eq!(encode_to_string(&again, &EncodeOptions::default()), written);
}

/// A tree before FF[4] has no `CA` to name its charset, and a tree of a later format may have
/// none either: written in the charset it was read in, it gets one only where reading would
/// take its bytes for another charset.
#[test]
fn an_old_tree_in_a_legacy_charset_reads_back_as_it_was() {
    let keep = EncodeOptions {
        charset: OutputCharset::Source,
        ..EncodeOptions::default()
    };
    let cases = [
        (
            encoding_rs::WINDOWS_1252,
            "(;FF[3]GM[1]PB[Müller]C[Très bon coup, à mon avis.])",
        ),
        (encoding_rs::ISO_8859_7, "(;FF[3]GM[1]C[αβγ])"),
        (encoding_rs::SHIFT_JIS, "(;GM[1]C[表示])"),
        (
            encoding_rs::WINDOWS_1252,
            "(;FF[4]GM[1]PB[Müller]C[Très bon coup, à mon avis.])",
        ),
        (encoding_rs::ISO_8859_7, "(;FF[4]GM[1]C[αβγ])"),
    ];
    let mut declared = 0;
    for (encoding, text) in cases {
        // Read in the charset a `CA` names, then edited to have none.
        let labelled = text.replacen("(;", &format!("(;CA[{}]", encoding.name()), 1);
        let (input, _, unmappable) = encoding.encode(&labelled);
        assert!(!unmappable, "{text} is in {}", encoding.name());
        let mut collection = read_bytes(&input);
        assert_eq!(collection.charset(), encoding, "{labelled}");
        drop_ca(&mut collection);
        assert_eq!(without_ca(&collection), without_ca(&read(text)), "{text}");
        let bytes = encode(&collection, &keep).expect("the charset holds the text");
        let again = read_bytes(&bytes);
        assert_eq!(again.charset(), encoding, "{text}");
        assert_eq!(without_ca(&again), without_ca(&collection), "{text}");
        declared += usize::from(bytes.windows(3).any(|w| w == b"CA["));
    }
    assert!(declared < cases.len(), "a CA only where it is needed");
}

#[test]
fn a_million_moves_and_a_hundred_thousand_nested_variations() {
    let mut line = String::from("(;GM[1]SZ[19]");
    for i in 0..1_000_000 {
        let (colour, col, row) = (
            if i % 2 == 0 { 'B' } else { 'W' },
            b'a' + (i % 19) as u8,
            b'a' + (i / 19 % 19) as u8,
        );
        line.push_str(&format!(";{colour}[{}{}]", col as char, row as char));
    }
    line.push(')');
    let collection = read(&line);
    assert_eq!(go(&collection, 0).len(), 1_000_001);
    let again = read(&written(
        &collection,
        &EncodeOptions {
            layout: Layout::Compact,
            ..EncodeOptions::default()
        },
    ));
    assert_eq!(go(&again, 0).len(), 1_000_001);

    let depth = 100_000;
    // Every level holds the next level as its first variation, then a one-move variation.
    let nested = format!(
        "(;GM[1]{}{})",
        "(;B[aa]".repeat(depth),
        "(;W[bb]))".repeat(depth)
    );
    let collection = read(&nested);
    let tree = go(&collection, 0);
    assert_eq!(tree.len(), 2 * depth + 1);
    assert_eq!(
        tree.main_line().count(),
        depth + 2,
        "root, every B, and the innermost W"
    );
    let again = read(&written(&collection, &EncodeOptions::default()));
    assert!(
        without_ca(&again) == without_ca(&collection),
        "the nested tree reads back as written"
    );
}

/// Writing keeps a tree in its format version: before FF[4], no `CA` is added (those formats do
/// not define it; one the file has is kept and corrected) and a Go pass is `tt` where the board
/// allows it. A tree without `FF` is FF[1], as the specification says.
#[test]
fn trees_before_ff4_are_written_in_their_format() {
    let compact = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    for (input, expected) in [
        ("(;FF[3]GM[1];B[];W[tt])", "(;FF[3]GM[1];B[tt];W[tt])"),
        ("(;GM[1]SZ[9]PB[Lee];B[])", "(;GM[1]SZ[9]PB[Lee];B[tt])"),
        ("(;FF[3]SZ[21];B[];W[ss])", "(;FF[3]SZ[21];B[];W[ss])"),
        (
            "(;FF[3]CA[ISO-8859-1]C[naïve];B[])",
            "(;FF[3]CA[UTF-8]C[naïve];B[tt])",
        ),
        ("(;FF[4]GM[1];B[tt])", "(;FF[4]GM[1]CA[UTF-8];B[])"),
    ] {
        let collection = read(input);
        let out = written(&collection, &compact);
        assert_eq!(out.trim_end(), expected, "{input}");
        assert_eq!(
            without_ca(&read(&out)),
            without_ca(&collection),
            "{input} read back"
        );
    }
}

/// A property repeated in a node is kept as written unless it is a list, whose values are
/// merged: merged, `AP[GNU Go:3.8][foxwq]` would be a property no reader takes.
#[test]
fn repeated_properties_are_kept_as_written_unless_they_are_lists() {
    let input = "(;FF[4]GM[1]AP[GNU Go:3.8]AP[foxwq]AB[aa]C[one]AB[bb]C[two])";
    let collection = read(input);
    let tree = go(&collection, 0);
    let idents: Vec<&str> = tree
        .props(tree.root())
        .iter()
        .map(sgf_core::GameProperty::ident)
        .collect();
    assert_eq!(idents, ["FF", "GM", "AP", "AP", "AB", "C", "C"]);
    let out = written(
        &collection,
        &EncodeOptions {
            layout: Layout::Compact,
            ..EncodeOptions::default()
        },
    );
    assert_eq!(
        out.trim_end(),
        "(;FF[4]GM[1]CA[UTF-8]AP[GNU Go:3.8]AP[foxwq]AB[aa][bb]C[one]C[two])"
    );
    assert_eq!(without_ca(&read(&out)), without_ca(&collection));
}

/// `CA` is written near the start of the root, where readers look for it first (SGFC gives up
/// after three `(`, even inside texts): after the `FF` and `GM` that open it.
#[test]
fn ca_goes_near_the_start_of_the_root() {
    let compact = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    for (input, expected) in [
        (
            "(;GM[1]FF[4]PC[KGS (a) (b)]C[c (d)]CA[UTF-8];B[aa])",
            "(;GM[1]FF[4]CA[UTF-8]PC[KGS (a) (b)]C[c (d)];B[aa])",
        ),
        (
            "(;FF[4]PC[x]GM[1];B[aa])",
            "(;FF[4]CA[UTF-8]PC[x]GM[1];B[aa])",
        ),
        ("(;GM[1]CA[UTF-8]FF[4])", "(;GM[1]CA[UTF-8]FF[4])"),
    ] {
        let collection = read(input);
        let out = written(&collection, &compact);
        assert_eq!(out.trim_end(), expected, "{input}");
        assert_eq!(written(&read(&out), &compact), out, "{input} again");
    }
}

/// The root's numbers are read in the tree's charset: a no-break space after `SZ[13` is one
/// byte in windows-1252 and two in UTF-8, and the board must not change when the file is
/// written in UTF-8 and read again.
#[test]
fn root_numbers_read_the_same_in_any_charset() {
    let input = b"(;FF[4]GM[1]CA[windows-1252]SZ[13\xa0];B[ma])";
    let collection = read_bytes(input);
    assert_eq!(go(&collection, 0).context().size, (13, 13));
    // The view typing a node at a time reads the root as the whole typed tree does.
    let nodes = collection.game(0).typed::<GoProperty>();
    assert_eq!(nodes.context().size, (13, 13));
    let written = encode_to_string(&collection, &EncodeOptions::default());
    let again = read(&written);
    assert_eq!(go(&again, 0).context().size, (13, 13));
}

/// A node copied with the line break it was read with, in a file that reading it back in a
/// double-byte charset gives to the lenient reader (which keeps no copy of a node's bytes): the
/// node is written again from its properties, without the line break, and means the same. It
/// reads back as written; it is no reason to refuse the charset.
#[test]
fn a_node_copied_with_its_line_breaks_reads_back_in_a_double_byte_charset() {
    let text = "(;CA[Shift_JIS]GM[1]PB[表示])\n(;GM[1];AE[aa]\nC[a comment])\n";
    let (input, _, unmappable) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!unmappable);
    let collection = read_bytes(&input);
    assert_eq!(collection.charset(), encoding_rs::SHIFT_JIS);
    let keep = EncodeOptions {
        charset: OutputCharset::Source,
        ..EncodeOptions::default()
    };
    let bytes = encode(&collection, &keep).expect("the text reads back in Shift_JIS");
    let again = read_bytes(&bytes);
    assert_eq!(again.charset(), encoding_rs::SHIFT_JIS);
    assert_eq!(without_ca(&again), without_ca(&collection));
}

/// A `CA` that text stands before declares nothing to the scan: text in any charset could hide
/// where it stands. A tree before FF[4] is written in UTF-8 without a `CA`, to be read back by
/// detection; scanned in the charset of a `CA[GB2312]` kept in its second node, its `환` would
/// end in 98, which GBK pairs with the `]` after it, the value would run on to the next `]`, and
/// the `CA` would be read into the root (the `collection` fuzz target's finding).
#[test]
fn a_charset_named_after_text_does_not_shape_the_structure() {
    let text = "(;PB[박정환];[뮴제]CA[GB2312]PW[온썅];B[pd])";
    let utf8 = read(text);
    assert_eq!(utf8.charset(), encoding_rs::UTF_8);
    let (input, _, unmappable) = encoding_rs::EUC_KR.encode(text);
    assert!(!unmappable);
    let collection = read_bytes(&input);
    assert_eq!(collection.charset(), encoding_rs::EUC_KR);
    assert_eq!(without_ca(&utf8), without_ca(&collection));
    let written = encode_to_string(&collection, &EncodeOptions::default());
    let again = read(&written);
    assert_eq!(again.charset(), encoding_rs::UTF_8, "{written}");
    assert_eq!(without_ca(&again), without_ca(&collection), "{written}");
}
