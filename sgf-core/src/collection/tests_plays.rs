use crate::game_info::GameInfo;
use crate::games::go::{Move, Point};
use crate::{Collection, GoProperty, NodeId, ReadOptions, read};

fn plays_of(input: &[u8]) -> Vec<(u32, String, String)> {
    let collection = read(input, &ReadOptions::default()).expect("the input reads");
    let game = collection.game(0);
    game.plays::<GoProperty>()
        .into_iter()
        .map(|p| {
            let node = p.node.index() as u32;
            (node, p.property.ident.to_string(), p.value.into_owned())
        })
        .collect()
}

fn play(node: u32, ident: &str, value: &str) -> (u32, String, String) {
    (node, ident.to_owned(), value.to_owned())
}

#[test]
fn plays_are_every_move_value_in_document_order() {
    let plays = plays_of(b"(;GM[1]SZ[19]B[aa];B[pd]C[x];W[]\n(;B[pp]MN[5])(;W[dp]KO[]))");
    assert_eq!(
        plays,
        [
            play(0, "B", "aa"),
            play(1, "B", "pd"),
            play(2, "W", ""),
            play(3, "B", "pp"),
            play(4, "W", "dp"),
        ]
    );
}

#[test]
fn plays_keep_what_typed_reading_reports() {
    // A repeated move, two values, an identifier in lowercase letters (FF[3]), a value off
    // the board: each is a play as written.
    let plays = plays_of(b"(;GM[1]FF[3]SZ[9];B[aa]B[bb];W[cc][dd];White[zz])");
    assert_eq!(
        plays,
        [
            play(1, "B", "aa"),
            play(1, "B", "bb"),
            play(2, "W", "cc"),
            play(2, "W", "dd"),
            play(3, "W", "zz"),
        ]
    );
}

#[test]
fn plays_of_an_edited_node_are_its_new_values() {
    let mut collection = read(b"(;GM[1];B[pd];W[dd])", &ReadOptions::default()).expect("reads");
    let point = Point::new(2, 3).expect("on the board");
    collection.set_props(0, NodeId::of_index(1), &[GoProperty::W(Move::Play(point))]);
    let plays: Vec<_> = collection.game(0).plays::<GoProperty>();
    let plays: Vec<_> = plays
        .iter()
        .map(|p| (p.node.index(), &*p.property.ident, &*p.value))
        .collect();
    assert_eq!(plays, [(1, "W", "cd"), (2, "W", "dd")]);
}

#[test]
fn plays_are_decoded_from_the_charset_of_the_tree() {
    // A private game whose moves are words, in GB2312.
    let (bytes, _, _) = encoding_rs::GBK.encode("(;GM[40]CA[GB2312];B[天元];W[星])");
    let collection = read(&bytes, &ReadOptions::default()).expect("reads");
    let plays = collection.game(0).plays::<crate::OtherGameProperty>();
    let values: Vec<&str> = plays.iter().map(|p| &*p.value).collect();
    assert_eq!(values, ["天元", "星"]);
}

#[test]
fn game_info_is_what_the_owned_tree_reads() {
    let (bytes, _, _) = encoding_rs::GBK.encode(
        "(;GM[1]CA[GB2312]FF[4]PB[柯洁]BR[9段]KM[7.5];PW[AlphaGo]RE[W+R]HA[0];B[pd](;W[dd])(;W[dp]))",
    );
    let collection = read(&bytes, &ReadOptions::default()).expect("reads");
    let game = collection.game(0);
    let tree = game.to_tree::<GoProperty>();
    for node in game.nodes() {
        let info = game.game_info::<GoProperty>(node);
        assert_eq!(info, GameInfo::of(&tree, node), "at {node:?}");
    }
    let last = game.game_info::<GoProperty>(NodeId::of_index(4));
    assert_eq!(last.black.name.as_deref(), Some("柯洁"));
    assert_eq!(last.white.name.as_deref(), Some("AlphaGo"));
    assert_eq!(last.komi, Some(7.5));
    assert_eq!(last.node.map(|n| n.index()), Some(1));
    assert_eq!(game.game_info::<GoProperty>(NodeId::ROOT).white.name, None);
}

#[test]
fn plays_and_info_are_the_plays_and_the_info_of_the_main_lines_end() {
    let inputs: [&[u8]; 4] = [
        b"(;GM[1]PB[Black]KM[6.5];B[pd];PW[White];W[dd](;B[pp]RE[B+R])(;B[dp]RE[W+R]))",
        b"(;GM[1];B[aa];W[bb])",
        b"(;GM[1]PB[Black];B[aa](;W[bb]PW[Side])(;W[cc];B[dd]))",
        b"(;GM[1]GN[One];B[aa])(;GM[1]GN[Two]PB[P];B[bb];W[cc])",
    ];
    for input in inputs {
        let mut collection: Collection = read(input, &ReadOptions::default()).expect("reads");
        for edit in [false, true] {
            if edit {
                // A node edited since reading holds what its typed properties say.
                let props = [GoProperty::B(Move::Pass), GoProperty::EV("Cup".into())];
                collection.set_props(0, NodeId::of_index(1), &props);
            }
            for game in collection.games() {
                let last = game.main_line().last();
                let (plays, info) = game.plays_and_info::<GoProperty>();
                assert_eq!(plays, game.plays::<GoProperty>(), "{input:?}");
                let expected = game.game_info::<GoProperty>(last.expect("a root"));
                assert_eq!(info, expected, "{input:?}, edited: {edit}");
            }
        }
    }
}

#[test]
fn every_property_of_every_game_is_found_by_its_identifier() {
    fn found<P: crate::GameProperty>() {
        let game = P::game();
        for (index, property) in game.properties.iter().enumerate() {
            assert_eq!(
                P::definition_of(&property.ident),
                Some(index),
                "{}",
                property.ident
            );
            assert_eq!(P::plays_at(index), property.plays(), "{}", property.ident);
        }
        for unknown in ["", "ZZ", "Ab", "b", "XYZ"] {
            assert_eq!(P::definition_of(unknown), None, "{unknown}");
        }
    }
    macro_rules! every_game {
        ($(($variant:ident, $property:ident, $module:ident)),*) => {$(found::<crate::$property>();)*};
    }
    for_each_game!(every_game);
}
