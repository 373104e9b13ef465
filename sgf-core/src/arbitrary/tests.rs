//! Every arbitrary value reads back from what it writes, on the board it was made for; whole
//! collections read back from what the encoder writes.

use sgf_test_support::Rng;
use std::fmt::Debug;

use ::arbitrary::Unstructured;

use super::property::{GameValues, values};
use super::{ArbitraryOnBoard, arbitrary_collection};
use crate::__private::{point_elist, write_point_list};
use crate::encode::{EncodeOptions, encode_to_string};
use crate::game_set::{GameSet, TreeVisitor};
use crate::games::{self, backgammon, go};
use crate::property::{
    AmazonsProperty, BackgammonProperty, HexProperty, LinesOfActionProperty, OctiProperty,
    OtherGameProperty, RawProperty,
};
use crate::value::{Context, ListPoint, PointList, SimpleText, Text, Value};
use crate::{GameProperty, GameTree, GoProperty};

/// Calls `check` with values made by `make` from 300 byte strings.
fn each<T>(make: impl Fn(&mut Unstructured<'_>) -> arbitrary::Result<T>, mut check: impl FnMut(T)) {
    for seed in 0..300 {
        let data = Rng::new(seed).bytes(96);
        if let Ok(value) = make(&mut Unstructured::new(&data)) {
            check(value);
        }
    }
}

/// Values of `T` made for `board` read back equal from what they write, with the board checked.
fn read_back<T: ArbitraryOnBoard + Value + PartialEq + Debug>(board: (u32, u32)) {
    let ctx = Context {
        board_check: true,
        ..Context::board(board)
    };
    each(
        |u| T::arbitrary_on(u, board),
        |value| {
            let mut raw = String::new();
            value.write_value(&mut raw);
            assert_eq!(
                T::parse_value(&raw, &ctx),
                Ok(value),
                "{raw:?} on {board:?}"
            );
        },
    );
}

/// [`read_back`] on the largest board and on a small one.
fn read_back_everywhere<T: ArbitraryOnBoard + Value + PartialEq + Debug>() {
    read_back::<T>(T::LARGEST_BOARD);
    read_back::<T>((5, 3));
}

#[test]
fn game_values_read_back_on_their_boards() {
    macro_rules! every_game {
        ($(($variant:ident, $property:ident, $module:ident)),*) => {$(
            read_back_everywhere::<games::$module::Point>();
            read_back_everywhere::<games::$module::Move>();
            read_back_everywhere::<games::$module::Stone>();
        )*};
    }
    for_each_game!(every_game);
}

/// Lists of `P` read back equal, rectangles included, as an `elist` property reads them.
fn lists_read_back<P: ArbitraryOnBoard + ListPoint + Debug>() {
    let ctx = Context::board(P::LARGEST_BOARD);
    each(
        |u| u.arbitrary::<PointList<P>>(),
        |list| {
            let mut raw = Vec::new();
            write_point_list(&list, &mut raw);
            // A single empty raw point is the empty list: no other value says it.
            if list.len() != 1 || raw != [""] {
                assert_eq!(point_elist(&raw, &ctx), Ok(list), "{raw:?}");
            }
        },
    );
}

#[test]
fn point_lists_read_back() {
    macro_rules! every_game {
        ($(($variant:ident, $property:ident, $module:ident)),*) => {$(
            lists_read_back::<games::$module::Point>();
            lists_read_back::<games::$module::Stone>();
        )*};
    }
    for_each_game!(every_game);
    let mut rectangles = 0;
    each(
        |u| u.arbitrary::<PointList<go::Point>>(),
        |list| {
            rectangles += list.points().len() - list.len();
        },
    );
    assert!(rectangles > 0, "some lists hold rectangles");
}

#[test]
fn texts_read_back() {
    let ctx = Context::square(19);
    each(
        |u| u.arbitrary::<SimpleText>(),
        |text| {
            let mut raw = String::new();
            text.write_value(&mut raw);
            assert_eq!(SimpleText::parse_value(&raw, &ctx), Ok(text));
        },
    );
    each(
        |u| u.arbitrary::<Text>(),
        |text| {
            let mut raw = String::new();
            text.write_value(&mut raw);
            assert_eq!(Text::parse_value(&raw, &ctx), Ok(text));
        },
    );
}

/// The values made for every property of the game read, and write back as they were made:
/// they were valid, and written in the canonical form.
fn properties_read_back<P: GameValues>(board: (u32, u32)) {
    let ctx = Context::board(board);
    for definition in P::game().properties.iter() {
        each(
            |u| values::<P>(u, &definition.value, board),
            |raw| {
                let property = RawProperty::new(&definition.ident, raw);
                let (read, error) = P::from_raw(property.clone(), &ctx);
                assert_eq!(error, None, "{property}");
                assert_eq!(read.to_raw(), property);
            },
        );
    }
}

#[test]
fn every_property_of_every_game_reads_back() {
    macro_rules! every_game {
        ($(($variant:ident, $property:ident, $module:ident)),*) => {$(
            properties_read_back::<$property>($property::DEFAULT_SIZE);
        )*};
    }
    for_each_game!(every_game);
    // Boards other than the default, wide and narrow.
    properties_read_back::<GoProperty>((52, 13));
    properties_read_back::<HexProperty>((30, 11));
}

/// [`GameProperty::fits`] answers as reading the written values again does, on the board the
/// values were made for and on smaller ones, where points fall off. Returns how many values
/// did not read back.
fn fits_agrees_with_reading<P: GameValues>(board: (u32, u32)) -> usize {
    let lenient = Context::board(board);
    let mut misfits = 0;
    for definition in P::game().properties.iter() {
        each(
            |u| values::<P>(u, &definition.value, board),
            |raw| {
                let (read, _) = P::from_raw(RawProperty::new(&definition.ident, raw), &lenient);
                let written = read.to_raw();
                for size in [board, (board.0 / 2, board.1 / 2), (3, 2), (1, 1)] {
                    let strict = Context {
                        board_check: true,
                        ..Context::board(size)
                    };
                    let reads = P::parse(&written.ident, &written.values, &strict).is_ok();
                    assert_eq!(read.fits(&strict), reads, "{written} on {size:?}");
                    misfits += usize::from(!reads);
                }
            },
        );
    }
    misfits
}

#[test]
fn fits_agrees_with_reading_in_every_game() {
    let misfits = [
        fits_agrees_with_reading::<GoProperty>((19, 19)),
        fits_agrees_with_reading::<GoProperty>((52, 13)),
        fits_agrees_with_reading::<BackgammonProperty>(backgammon::DEFAULT_SIZE),
        fits_agrees_with_reading::<LinesOfActionProperty>((8, 8)),
        fits_agrees_with_reading::<HexProperty>((30, 11)),
        fits_agrees_with_reading::<AmazonsProperty>((10, 10)),
        fits_agrees_with_reading::<OctiProperty>((9, 9)),
        fits_agrees_with_reading::<OtherGameProperty>((19, 19)),
    ];
    // Go, Lines of Action, Hex and Amazons hold points to the board's size; the others'
    // points do not depend on it.
    let held = [0, 1, 3, 4, 5];
    assert!(
        held.iter().all(|&game| misfits[game] > 0),
        "values fall off the smaller boards: {misfits:?}"
    );
}

#[test]
fn collections_read_back_from_what_the_encoder_writes() {
    struct Gm;
    impl TreeVisitor for Gm {
        type Output = Option<u32>;
        fn visit<P: GameProperty>(self, _tree: &crate::Tree<P>) -> Option<u32> {
            P::game().gm
        }
    }
    let mut games = Vec::new();
    for seed in 0..200 {
        let data = Rng::new(seed).bytes(4096);
        let collection = arbitrary_collection(&mut Unstructured::new(&data)).expect("enough data");
        let text = encode_to_string(&collection, &EncodeOptions::default());
        let read = crate::read(text.as_bytes(), &Default::default())
            .expect("what the encoder writes reads");
        assert_eq!(read.findings(), [], "{text}");
        assert_eq!(read, collection, "{text}");
        games.extend(collection.to_trees().iter().map(|g: &GameTree| g.visit(Gm)));
    }
    for gm in crate::tables::GAMES.iter().map(|game| game.gm) {
        assert!(games.contains(&gm), "a tree of GM {gm:?}");
    }
}
