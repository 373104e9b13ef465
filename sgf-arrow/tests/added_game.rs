//! A game that sgf-arrow has never heard of, added by an application's own spec: its moves get
//! their point columns from the game's values, with no edit to this crate.

mod app {
    sgf_macros::spec!(
        text = "Tic-tac-toe properties
Gametype:\t99
Module:\tgo
Restrictions:\tThree in a row wins; the board is three by three.
"
    );
}

use arrow_array::cast::AsArray;
use arrow_array::types::UInt32Type;
use sgf_core::{Collection, ReadOptions};

#[test]
fn an_added_game_gets_its_point_columns() {
    let input = b"(;GM[99]SZ[3];B[bb];W[];B[ac])";
    let collection =
        Collection::<app::GameTree>::read(input, &ReadOptions::default()).expect("a tree");
    let tables = sgf_arrow::Tables::of_file("tic-tac-toe.sgf", &collection);
    let moves = &tables.moves;
    let column = |name: &str| -> Vec<Option<u32>> {
        let column = moves.column_by_name(name).expect("a column");
        column.as_primitive::<UInt32Type>().iter().collect()
    };
    assert_eq!(column("col"), [Some(1), None, Some(0)]);
    assert_eq!(column("row"), [Some(1), None, Some(2)]);
    let pass = moves.column_by_name("pass").expect("pass").as_boolean();
    assert_eq!(
        (0..pass.len()).map(|i| pass.value(i)).collect::<Vec<_>>(),
        [false, true, false]
    );
    let gm = tables.games.column_by_name("gm").expect("gm");
    assert_eq!(gm.as_primitive::<UInt32Type>().value(0), 99);
}
