use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch};
use sgf_core::{ReadOptions, read};

use crate::Tables;

fn tables(file: &str, input: &str) -> Tables {
    let collection = read(input.as_bytes(), &ReadOptions::default()).expect("the input reads");
    Tables::of_file(file, &collection)
}

fn u32s(batch: &RecordBatch, name: &str) -> Vec<Option<u32>> {
    let column = batch.column_by_name(name).expect("a column");
    column.as_primitive::<UInt32Type>().iter().collect()
}

fn u64s(batch: &RecordBatch, name: &str) -> Vec<u64> {
    let column = batch.column_by_name(name).expect("a column");
    column.as_primitive::<UInt64Type>().values().to_vec()
}

fn texts(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let column = batch.column_by_name(name).expect("a column");
    column
        .as_string::<i32>()
        .iter()
        .map(|t| t.map(str::to_owned))
        .collect()
}

const GAME: &str = "(;GM[1]FF[4]SZ[19]PB[Shusaku]BR[4d]PW[Gennan]KM[0]RE[B+Resign]DT[1846-09-11]\
                    ;B[qd];W[dc]\n(;B[pq];W[])(;B[oc](;W[tt])(;W[po])))";

#[test]
fn a_game_is_a_row_of_its_info_and_counts() {
    let tables = tables("ear.sgf", GAME);
    let games = &tables.games;
    assert_eq!(games.num_rows(), 1);
    assert_eq!(texts(games, "file"), [Some("ear.sgf".to_owned())]);
    assert_eq!(texts(games, "black"), [Some("Shusaku".to_owned())]);
    assert_eq!(texts(games, "white"), [Some("Gennan".to_owned())]);
    assert_eq!(texts(games, "black_rank"), [Some("4d".to_owned())]);
    assert_eq!(texts(games, "white_rank"), [None]);
    assert_eq!(texts(games, "result"), [Some("B+R".to_owned())]);
    assert_eq!(texts(games, "date"), [Some("1846-09-11".to_owned())]);
    assert_eq!(texts(games, "charset"), [Some("UTF-8".to_owned())]);
    let komi = games.column_by_name("komi").expect("komi");
    assert_eq!(komi.as_primitive::<Float64Type>().value(0), 0.0);
    assert!(
        games
            .column_by_name("handicap")
            .expect("handicap")
            .is_null(0)
    );
    assert_eq!(u32s(games, "columns"), [Some(19)]);
    assert_eq!(u32s(games, "nodes"), [Some(8)]);
    assert_eq!(u32s(games, "moves"), [Some(7)]);
    assert_eq!(u32s(games, "main_line_moves"), [Some(4)]);
    assert_eq!(u32s(games, "errors"), [Some(0)]);
}

#[test]
fn moves_know_their_node_variation_and_number() {
    let moves = tables("ear.sgf", GAME).moves;
    // Nodes: 0 root, 1 B[qd], 2 W[dc], 3 B[pq], 4 W[], 5 B[oc], 6 W[tt], 7 W[po].
    assert_eq!(u32s(&moves, "node"), [1, 2, 3, 4, 5, 6, 7].map(Some));
    assert_eq!(u32s(&moves, "parent"), [0, 1, 2, 3, 2, 5, 5].map(Some));
    assert_eq!(u32s(&moves, "variation"), [0, 0, 0, 0, 1, 1, 2].map(Some));
    assert_eq!(u32s(&moves, "number"), [1, 2, 3, 4, 3, 4, 4].map(Some));
    assert_eq!(
        texts(&moves, "colour"),
        ["B", "W", "B", "W", "B", "W", "W"].map(|c| Some(c.to_owned()))
    );
    assert_eq!(
        u32s(&moves, "col"),
        [Some(16), Some(3), Some(15), None, Some(14), None, Some(15)]
    );
    assert_eq!(
        u32s(&moves, "row"),
        [Some(3), Some(2), Some(16), None, Some(2), None, Some(14)]
    );
    let pass = moves.column_by_name("pass").expect("pass").as_boolean();
    let pass: Vec<bool> = pass.iter().map(|p| p == Some(true)).collect();
    // W[] is a pass, and so is W[tt] on a 19x19 board.
    assert_eq!(pass, [false, false, false, true, false, true, false]);
    assert_eq!(texts(&moves, "value")[5], Some("tt".to_owned()));
}

#[test]
fn findings_are_counted_for_the_tree_they_are_about() {
    // The second tree repeats a property, which reading reports.
    let tables = tables("two.sgf", "(;GM[1];B[aa])(;GM[1]C[a]C[b];B[bb])");
    assert_eq!(u32s(&tables.games, "game"), [Some(0), Some(1)]);
    let flagged: Vec<u32> = ["errors", "warnings", "infos"]
        .iter()
        .map(|c| u32s(&tables.games, c)[1].unwrap_or(0))
        .collect();
    assert!(flagged.iter().sum::<u32>() > 0, "{flagged:?}");
    for column in ["errors", "warnings", "infos"] {
        assert_eq!(u32s(&tables.games, column)[0], Some(0), "{column}");
    }
}

#[test]
fn files_built_together_number_their_games_in_order() {
    let mut builder = crate::TablesBuilder::default();
    for (file, input) in [
        ("a.sgf", "(;GM[1];B[aa])(;GM[1];B[bb];W[cc])"),
        ("b.sgf", "(;GM[11]SZ[11];B[c3])"),
    ] {
        builder.push_file(
            file,
            &read(input.as_bytes(), &ReadOptions::default()).expect("reads"),
        );
    }
    assert_eq!((builder.games(), builder.moves()), (3, 4));
    let joined = builder
        .finish()
        .renumbered(10)
        .expect("this crate's schemas");
    assert_eq!(u64s(&joined.games, "game_id"), [10, 11, 12]);
    assert_eq!(u64s(&joined.moves, "game_id"), [10, 11, 11, 12]);
    assert_eq!(u32s(&joined.games, "game"), [Some(0), Some(1), Some(0)]);
    // Hex points: `c3` is the third column, the third row.
    assert_eq!(u32s(&joined.moves, "col")[3], Some(2));
    assert_eq!(u32s(&joined.moves, "row")[3], Some(2));
    assert_eq!(
        texts(&joined.games, "file"),
        ["a.sgf", "a.sgf", "b.sgf"].map(|f| Some(f.to_owned()))
    );
}

#[test]
fn bytes_that_do_not_read_append_nothing() {
    let mut builder = crate::TablesBuilder::default();
    builder
        .push_bytes("a.sgf", b"(;GM[1];B[aa])")
        .expect("reads");
    assert!(builder.push_bytes("b.txt", b"no game here").is_err());
    assert_eq!((builder.games(), builder.moves()), (1, 1));
}

#[test]
fn a_move_has_a_point_only_where_its_game_puts_it_on_one_point() {
    let tables = tables(
        "games.sgf",
        "(;GM[11]SZ[11];B[c3];W[swap-pieces])(;GM[18]SZ[10];B[djddgd])\
         (;GM[6];W[31hefe])(;GM[9];B[b1-b3])(;GM[1]SZ[9];B[ee];W[])",
    );
    let moves = &tables.moves;
    // Hex's swap is a word, an Amazons move three points, a Backgammon roll and a Lines of
    // Action step are text: none is one point, nor a pass.
    assert_eq!(
        u32s(moves, "col"),
        [Some(2), None, None, None, None, Some(4), None]
    );
    assert_eq!(
        u32s(moves, "row"),
        [Some(2), None, None, None, None, Some(4), None]
    );
    let pass = moves.column_by_name("pass").expect("pass").as_boolean();
    let pass: Vec<bool> = pass.iter().map(|p| p == Some(true)).collect();
    assert_eq!(pass, [false, false, false, false, false, false, true]);
}

#[test]
fn a_source_s_quirk_gives_the_meant_komi_with_the_value_as_written_kept() {
    let fox = "(;GM[1]FF[4]KM[650]RU[Japanese]AP[GNU Go:3.8]TC[3]TT[30]AP[foxwq];B[pd])\
               (;GM[1]FF[4]KM[0]RU[Japanese]AP[foxwq];B[pd])(;GM[1]KM[650];B[pd])";
    let games = tables("fox.sgf", fox).games;
    let komi = games.column_by_name("komi").expect("komi");
    let komi = komi.as_primitive::<Float64Type>();
    assert_eq!(
        (komi.value(0), komi.is_null(1), komi.value(2)),
        (6.5, true, 650.0)
    );
    let fox_weiqi = Some("Fox Weiqi".to_owned());
    assert_eq!(
        texts(&games, "source"),
        [fox_weiqi.clone(), fox_weiqi, None]
    );
    let written = texts(&games, "as_written");
    assert_eq!(
        written,
        [Some("KM[650]".to_owned()), Some("KM[0]".to_owned()), None]
    );
}

#[test]
fn analysis_is_a_row_per_node_analysed_numbered_as_the_moves_for_black() {
    let analysed = "(;GM[1]FF[4]SZ[9];B[ee]SBKV[55.2]SBKS[1.5];W[cc]SBKV[48]\
                    ;B[gg]LZ[0.7.2 52.5 1k\nmove D4 visits 9];W[hh]LZ[0.7.2 40 2k]\
                    ;LZ[0.7.2 50 1k])(;GM[1];B[aa])";
    let tables = tables("a.sgf", analysed)
        .renumbered(10)
        .expect("renumbered");
    let analysis = &tables.analysis;
    assert_eq!(u64s(analysis, "game_id"), [10; 5]);
    assert_eq!(u32s(analysis, "node"), [1, 2, 3, 4, 5].map(Some));
    let source = |s: &str| Some(s.to_owned());
    let sources = [
        source("Sabaki"),
        source("Sabaki"),
        source("Lizzie"),
        source("Lizzie"),
        source("Lizzie"),
    ];
    assert_eq!(texts(analysis, "source"), sources);
    let column = |name| {
        let column = analysis.column_by_name(name).expect("a column");
        let values = column.as_primitive::<Float64Type>();
        (0..values.len())
            .map(|i| (!values.is_null(i)).then(|| values.value(i)))
            .collect::<Vec<_>>()
    };
    // Lizzie's win rate is the mover's: White's 40 is Black's 60; a node without a move has
    // no mover to turn it from.
    assert_eq!(
        column("win_rate"),
        [Some(55.2), Some(48.0), Some(52.5), Some(60.0), None]
    );
    assert_eq!(column("score_lead"), [Some(1.5), None, None, None, None]);
}
