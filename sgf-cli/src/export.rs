//! `sgf export`: the games and moves of many files as two Parquet tables, `games.parquet` and
//! `moves.parquet` in an output directory, for DuckDB, pandas or Spark to query. The columns
//! are those of `sgf_arrow::games_schema` and `sgf_arrow::moves_schema`. Files are read on
//! every core; the tables are written as the files come, in input order, a batch at a time.

use std::fs::File;
use std::path::{Path, PathBuf};

use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use sgf_arrow::Tables;
use sgf_core::{FileError, ReadOptions, compact};

use crate::batch;
use crate::files::{self, Input};

/// How many moves are gathered before they are written as one batch.
const BATCH_MOVES: usize = 1 << 16;

/// What an export did.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    pub(crate) files: usize,
    pub(crate) unreadable: usize,
    pub(crate) games: u64,
    pub(crate) moves: u64,
}

/// Why the tables could not be written.
#[derive(Debug)]
pub(crate) struct Unwritable(pub(crate) String);

/// The two tables being written, each to a temporary name until it is complete.
struct Writers {
    games: ArrowWriter<File>,
    moves: ArrowWriter<File>,
    paths: [(PathBuf, PathBuf); 2],
}

impl Writers {
    fn create(dir: &Path) -> Result<Writers, Unwritable> {
        std::fs::create_dir_all(dir)
            .map_err(|e| Unwritable(format!("sgf: {}: {e}", dir.display())))?;
        let properties = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .build();
        let open = |name: &str, schema| {
            let path = dir.join(name);
            let partial = dir.join(format!(".{name}.partial"));
            let file = File::create(&partial)
                .map_err(|e| Unwritable(format!("sgf: {}: {e}", partial.display())))?;
            let writer = ArrowWriter::try_new(file, schema, Some(properties.clone()))
                .map_err(|e| unwritable(&path, &e))?;
            Ok::<_, Unwritable>((writer, (partial, path)))
        };
        let (games, games_paths) = open("games.parquet", sgf_arrow::games_schema())?;
        let (moves, moves_paths) = open("moves.parquet", sgf_arrow::moves_schema())?;
        Ok(Writers {
            games,
            moves,
            paths: [games_paths, moves_paths],
        })
    }

    fn write(&mut self, tables: &Tables) -> Result<(), Unwritable> {
        let [(_, games), (_, moves)] = &self.paths;
        self.games
            .write(&tables.games)
            .map_err(|e| unwritable(games, &e))?;
        self.moves
            .write(&tables.moves)
            .map_err(|e| unwritable(moves, &e))
    }

    /// Completes both files and gives them their names.
    fn finish(self) -> Result<(), Unwritable> {
        let [(games_partial, games), (moves_partial, moves)] = self.paths;
        self.games.close().map_err(|e| unwritable(&games, &e))?;
        self.moves.close().map_err(|e| unwritable(&moves, &e))?;
        for (partial, path) in [(games_partial, games), (moves_partial, moves)] {
            std::fs::rename(&partial, &path)
                .map_err(|e| Unwritable(format!("sgf: {}: {e}", path.display())))?;
        }
        Ok(())
    }
}

fn unwritable(path: &Path, error: &ParquetError) -> Unwritable {
    Unwritable(format!("sgf: {}: {error}", path.display()))
}

/// Reads one file into its tables.
fn tables(input: &Input) -> Result<Tables, FileError> {
    let path = &input.path;
    let bytes = std::fs::read(path).map_err(|source| FileError::Io {
        path: path.clone(),
        source,
    })?;
    let read =
        compact::read(&bytes, &ReadOptions::default()).map_err(|error| FileError::Parse {
            path: path.clone(),
            error,
        })?;
    Ok(Tables::of_file(&path.to_string_lossy(), &read))
}

/// Exports every input into `dir`; files that cannot be read are reported on stderr and left
/// out.
pub(crate) fn run(inputs: &[Input], dir: &Path) -> Result<Tally, Unwritable> {
    let mut writers = Writers::create(dir)?;
    let mut tally = Tally::default();
    let mut pending: Vec<Tables> = Vec::new();
    let mut pending_moves = 0;
    let mut failure = None;
    let mut flush = |pending: &mut Vec<Tables>, tally: &mut Tally| {
        let joined = Tables::concat(pending.drain(..), tally.games)
            .map_err(|e| Unwritable(format!("sgf: {e}")))?;
        tally.games += joined.games.num_rows() as u64;
        tally.moves += joined.moves.num_rows() as u64;
        writers.write(&joined)
    };
    batch::run(inputs, tables, |input, result| {
        tally.files += 1;
        match result {
            Ok(tables) => {
                pending_moves += tables.moves.num_rows();
                pending.push(tables);
            }
            Err(error) => {
                tally.unreadable += 1;
                for line in files::report(&input.path, &error) {
                    eprintln!("{line}");
                }
            }
        }
        if pending_moves >= BATCH_MOVES && failure.is_none() {
            pending_moves = 0;
            failure = flush(&mut pending, &mut tally).err();
        }
    });
    if let Some(failure) = failure {
        return Err(failure);
    }
    flush(&mut pending, &mut tally)?;
    writers.finish()?;
    Ok(tally)
}
