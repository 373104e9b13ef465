//! `sgf export`: the games and moves of many files as two Parquet tables, `games.parquet` and
//! `moves.parquet` in an output directory, for DuckDB, pandas or Spark to query. The columns
//! are those of `sgf_arrow::games_schema` and `sgf_arrow::moves_schema`. Files are read on
//! every core; the tables are written as the files come, in input order, a batch at a time.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::schema::types::ColumnPath;
use sgf_arrow::{Tables, TablesBuilder};
use sgf_core::FileError;

use crate::batch;
use crate::files::{self, Input};

/// How many files a worker reads into one batch of rows: enough that the cost of a batch is
/// small beside its files', and that the writer has batches of tens of thousands of moves.
const FILES_PER_BATCH: usize = 128;

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
        // The columns that count up (the game, the node and its parent, the move's number)
        // are delta-encoded: smaller than by dictionary, and cheaper to write.
        let mut properties = WriterProperties::builder().set_compression(Compression::SNAPPY);
        for column in ["game_id", "node", "parent", "number"] {
            properties = properties
                .set_column_dictionary_enabled(ColumnPath::from(column), false)
                .set_column_encoding(ColumnPath::from(column), Encoding::DELTA_BINARY_PACKED);
        }
        let properties = properties.build();
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

/// The tables of some files, read by one worker, and the files that did not read.
struct Batch {
    tables: Tables,
    files: usize,
    unreadable: Vec<(PathBuf, FileError)>,
}

fn read_batch(inputs: &[Input]) -> Batch {
    let mut builder = TablesBuilder::default();
    let mut unreadable = Vec::new();
    for input in inputs {
        let path = &input.path;
        let pushed = match std::fs::read(path) {
            Ok(bytes) => builder
                .push_bytes(&path.to_string_lossy(), &bytes)
                .map_err(|error| FileError::Parse {
                    path: path.clone(),
                    error,
                }),
            Err(source) => Err(FileError::Io {
                path: path.clone(),
                source,
            }),
        };
        if let Err(error) = pushed {
            unreadable.push((path.clone(), error));
        }
    }
    Batch {
        tables: builder.finish(),
        files: inputs.len(),
        unreadable,
    }
}

/// Exports every input into `dir`; files that cannot be read are reported on stderr and left
/// out. Workers (as many as rayon's) each read the next batch of files into tables of their
/// own; this thread writes the batches in input order as they come, while the workers read on.
pub(crate) fn run(inputs: &[Input], dir: &Path) -> Result<Tally, Unwritable> {
    let mut writers = Writers::create(dir)?;
    let batches: Vec<&[Input]> = inputs.chunks(FILES_PER_BATCH).collect();
    let next = AtomicUsize::new(0);
    let workers = rayon::current_num_threads();
    let (sender, receiver) = mpsc::sync_channel::<(usize, Batch)>(workers);
    let bar = batch::progress(inputs.len());
    let mut tally = Tally::default();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, batches) = (&next, &batches);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(inputs) = batches.get(index) else {
                        break;
                    };
                    if sender.send((index, read_batch(inputs))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Batches come in the order they were taken, give or take one per worker.
        let mut waiting = BTreeMap::new();
        let mut written = 0;
        for (index, batch) in receiver {
            waiting.insert(index, batch);
            while let Some(batch) = waiting.remove(&written) {
                written += 1;
                bar.inc(batch.files as u64);
                tally.files += batch.files;
                tally.unreadable += batch.unreadable.len();
                bar.suspend(|| {
                    for (path, error) in &batch.unreadable {
                        for line in files::report(path, error) {
                            eprintln!("{line}");
                        }
                    }
                });
                if failure.is_some() {
                    continue;
                }
                let tables = batch.tables.renumbered(tally.games);
                let outcome = tables
                    .map_err(|e| Unwritable(format!("sgf: {e}")))
                    .and_then(|tables| {
                        tally.games += tables.games.num_rows() as u64;
                        tally.moves += tables.moves.num_rows() as u64;
                        writers.write(&tables)
                    });
                if let Err(error) = outcome {
                    // The workers stop after the batch they are reading.
                    next.store(batches.len(), Ordering::Relaxed);
                    failure = Some(error);
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some(failure) = failure {
        return Err(failure);
    }
    writers.finish()?;
    Ok(tally)
}
