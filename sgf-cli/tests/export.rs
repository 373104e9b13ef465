//! `sgf export`: the Parquet tables it writes, read back with the parquet crate's Arrow reader,
//! and its exit statuses.

use std::fs::File;
use std::path::Path;
use std::process::Output;

use arrow_array::RecordBatch;
use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, UInt32Type, UInt64Type};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

mod common;

use common::{sgf, stderr, temp_dir};

fn write(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("a directory");
    std::fs::write(path, bytes).expect("a fixture");
}

/// Runs `sgf export INPUT -o OUT`.
fn export(input: &Path, out: &Path) -> Output {
    sgf(&[
        "export".as_ref(),
        input.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ])
}

/// A Parquet file read back whole, as one batch.
fn table(path: &Path) -> RecordBatch {
    let file = File::open(path).expect("the table was written");
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .expect("a Parquet file")
        .build()
        .expect("a reader");
    let batches: Vec<RecordBatch> = reader.map(|b| b.expect("a batch")).collect();
    let schema = batches.first().map(RecordBatch::schema).expect("a batch");
    arrow_select::concat::concat_batches(&schema, &batches).expect("one schema")
}

fn texts(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let column = batch.column_by_name(name).expect("the column");
    column
        .as_string::<i32>()
        .iter()
        .map(|t| t.map(str::to_owned))
        .collect()
}

fn u32s(batch: &RecordBatch, name: &str) -> Vec<u32> {
    let column = batch.column_by_name(name).expect("the column");
    column.as_primitive::<UInt32Type>().values().to_vec()
}

/// `古力` and `李世石` in GBK, without `CA`.
const GBK: &[u8] =
    b"(;GM[1]FF[4]SZ[19]PB[\xb9\xc5\xc1\xa6]PW[\xc0\xee\xca\xc0\xca\xaf];B[pd];W[dp])";

#[test]
fn export_writes_a_row_per_game_and_per_move() {
    let dir = temp_dir("export-rows");
    write(
        &dir.join("in/a.sgf"),
        b"(;GM[1]FF[4]SZ[9]KM[6.5]RE[W+Resign];B[aa];W[bb](;B[cc])(;B[dd];W[]))",
    );
    write(
        &dir.join("in/b.sgf"),
        b"(;GM[1];B[aa]SBKV[61.5]SBKS[2])(;GM[11]SZ[11];B[c3])",
    );
    write(&dir.join("in/sub/c.sgf"), GBK);
    let out = dir.join("out");
    let output = export(&dir.join("in"), &out);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("4 games and 9 moves from 3 files"),
        "{}",
        stderr(&output)
    );

    let games = table(&out.join("games.parquet"));
    assert_eq!(games.schema().fields(), sgf_arrow::games_schema().fields());
    let ids = games
        .column(0)
        .as_primitive::<UInt64Type>()
        .values()
        .to_vec();
    assert_eq!(ids, [0, 1, 2, 3]);
    let files: Vec<String> = texts(&games, "file").into_iter().flatten().collect();
    assert!(
        files[0].ends_with("a.sgf") && files[3].ends_with("c.sgf"),
        "{files:?}"
    );
    assert_eq!(u32s(&games, "game"), [0, 0, 1, 0]);
    assert_eq!(u32s(&games, "gm"), [1, 1, 11, 1]);
    assert_eq!(u32s(&games, "columns"), [9, 19, 11, 19]);
    assert_eq!(u32s(&games, "moves"), [5, 1, 1, 2]);
    assert_eq!(u32s(&games, "main_line_moves"), [3, 1, 1, 2]);
    assert_eq!(texts(&games, "result")[0].as_deref(), Some("W+R"));
    assert_eq!(texts(&games, "black")[3].as_deref(), Some("古力"));
    assert_eq!(texts(&games, "white")[3].as_deref(), Some("李世石"));
    assert_eq!(texts(&games, "charset")[3].as_deref(), Some("GBK"));

    let moves = table(&out.join("moves.parquet"));
    assert_eq!(moves.schema().fields(), sgf_arrow::moves_schema().fields());
    let game_ids = moves
        .column(0)
        .as_primitive::<UInt64Type>()
        .values()
        .to_vec();
    assert_eq!(game_ids, [0, 0, 0, 0, 0, 1, 2, 3, 3]);
    assert_eq!(u32s(&moves, "variation")[..5], [0, 0, 0, 1, 1]);
    assert_eq!(u32s(&moves, "number")[..5], [1, 2, 3, 3, 4]);
    let pass = moves.column_by_name("pass").expect("pass").as_boolean();
    assert_eq!(pass.true_count(), 1);
    assert!(pass.value(4));
    // No partial file is left behind.
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .expect("the output")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["analysis.parquet", "games.parquet", "moves.parquet"]
    );
    // Sabaki's win rate and score lead in b.sgf's first game (game 1), node 1.
    let analysis = table(&out.join("analysis.parquet"));
    assert_eq!(
        analysis.schema().fields(),
        sgf_arrow::analysis_schema().fields()
    );
    assert_eq!(analysis.num_rows(), 1);
    let game_id = analysis.column(0).as_primitive::<UInt64Type>().value(0);
    assert_eq!((game_id, u32s(&analysis, "node")), (1, vec![1]));
    let win_rate = analysis.column_by_name("win_rate").expect("win_rate");
    assert_eq!(win_rate.as_primitive::<Float64Type>().value(0), 61.5);
}

#[test]
fn export_reports_an_unreadable_file_and_exports_the_others() {
    let dir = temp_dir("export-unreadable");
    write(&dir.join("in/a.sgf"), b"(;GM[1];B[aa])");
    write(&dir.join("in/b.sgf"), b"no game here");
    let out = dir.join("out");
    let output = export(&dir.join("in"), &out);
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    assert!(stderr(&output).contains("b.sgf"), "{}", stderr(&output));
    assert_eq!(table(&out.join("games.parquet")).num_rows(), 1);
}

#[test]
fn export_into_a_file_is_refused() {
    let dir = temp_dir("export-unwritable");
    write(&dir.join("a.sgf"), b"(;GM[1];B[aa])");
    write(&dir.join("taken"), b"a file, not a directory");
    let output = export(&dir.join("a.sgf"), &dir.join("taken"));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("taken"), "{}", stderr(&output));
}

/// Every `*.sgf` file of the corpus: as many games as reading finds trees, and as many moves
/// as typed reading finds values of `B` and `W` (kept as written where they are not valid
/// moves), every node's properties typed, which shares nothing with the export's scan of the
/// bytes but the reader.
#[test]
#[ignore = "needs ../shared/corpus"]
fn export_of_the_corpus_has_every_game_and_every_move() {
    use sgf_core::game_set::GameDispatch;
    use sgf_core::{Game, GameProperty, ReadOptions};

    struct WrittenMoves<'a>(Game<'a>);
    impl GameDispatch for WrittenMoves<'_> {
        type Output = usize;
        fn run<P: GameProperty>(self) -> usize {
            let mut nodes = self.0.typed::<P>();
            self.0
                .nodes()
                .map(|node| {
                    nodes
                        .props(node)
                        .iter()
                        .filter(|p| matches!(p.ident(), "B" | "W"))
                        .map(|p| p.to_raw().values.len())
                        .sum::<usize>()
                })
                .sum()
        }
    }

    let corpus = sgf_test_support::corpus();
    let (mut games, mut moves, mut unreadable) = (0, 0, 0);
    for path in sgf_test_support::sgf_files(&corpus) {
        let bytes = std::fs::read(&path).expect("a corpus file");
        match sgf_core::read(&bytes, &ReadOptions::default()) {
            Ok(collection) => {
                games += collection.len();
                moves += collection
                    .games()
                    .map(|game| game.dispatch(WrittenMoves(game)))
                    .sum::<usize>();
            }
            Err(_) => unreadable += 1,
        }
    }
    let out = temp_dir("export-corpus");
    let output = export(&corpus, &out);
    let expected = if unreadable == 0 { 0 } else { 3 };
    assert_eq!(output.status.code(), Some(expected), "{}", stderr(&output));
    let table_games = table(&out.join("games.parquet"));
    let table_moves = table(&out.join("moves.parquet"));
    println!(
        "export of {}: {} games, {} moves, {unreadable} unreadable files",
        corpus.display(),
        table_games.num_rows(),
        table_moves.num_rows()
    );
    assert_eq!(table_games.num_rows(), games);
    assert_eq!(table_moves.num_rows(), moves);
}
