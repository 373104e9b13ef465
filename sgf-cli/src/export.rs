//! `sgf export`: the games, moves and analysis of many files as three Parquet tables,
//! `games.parquet`, `moves.parquet` and `analysis.parquet` in an output directory, for DuckDB,
//! pandas or Spark to query. The columns are those of `sgf_arrow::games_schema`,
//! `sgf_arrow::moves_schema` and `sgf_arrow::analysis_schema`. Files are read on
//! every core, and each batch of them is encoded into Parquet columns by the worker that read
//! it; the batches are written as they come, in input order, a row group each.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use arrow_array::{Array, ArrayRef, RecordBatch, UInt64Array};
use arrow_schema::{DataType, Field};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::basic::{Compression, Encoding};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;
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

/// The three tables being written, each to a temporary name until it is complete. The games
/// table, a row per game, and the analysis table, a row per node analysed, are written as
/// batches come (into row groups of up to a million rows); the moves table, some two hundred
/// rows per game, gets a row group per batch, encoded by the worker that read it.
struct Writers {
    games: ArrowWriter<File>,
    moves: SerializedFileWriter<File>,
    analysis: ArrowWriter<File>,
    /// Per table, its temporary name and its own.
    paths: [(PathBuf, PathBuf); 3],
}

/// What makes the column writers of a row group of the moves table, for the workers.
struct Encoder {
    columns: ArrowRowGroupWriterFactory,
    path: PathBuf,
}

impl Writers {
    fn create(dir: &Path) -> Result<(Writers, Encoder), Unwritable> {
        std::fs::create_dir_all(dir)
            .map_err(|e| Unwritable(format!("sgf: {}: {e}", dir.display())))?;
        // The columns that count up (the game, the node and its parent, the move's number)
        // are delta-encoded: smaller than by dictionary, and cheaper to write. Minimum and
        // maximum are kept where a query can skip row groups by them.
        let mut properties = WriterProperties::builder().set_compression(Compression::SNAPPY);
        for column in ["game_id", "node", "parent", "number"] {
            properties = properties
                .set_column_dictionary_enabled(ColumnPath::from(column), false)
                .set_column_encoding(ColumnPath::from(column), Encoding::DELTA_BINARY_PACKED);
        }
        for column in ["colour", "value", "col", "row", "pass", "variation"] {
            properties = properties
                .set_column_statistics_enabled(ColumnPath::from(column), EnabledStatistics::None);
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
        let (analysis, analysis_paths) = open("analysis.parquet", sgf_arrow::analysis_schema())?;
        // The Arrow writer sets the moves file up (the Arrow schema in its metadata); its row
        // groups are then written a column chunk at a time.
        let (moves, columns) = moves
            .into_serialized_writer()
            .map_err(|e| unwritable(&moves_paths.1, &e))?;
        let encoder = Encoder {
            columns,
            path: moves_paths.1.clone(),
        };
        let writers = Writers {
            games,
            moves,
            analysis,
            paths: [games_paths, moves_paths, analysis_paths],
        };
        Ok((writers, encoder))
    }

    /// Writes the tables of a batch, its games numbered on from `offset`.
    fn write(
        &mut self,
        games: &RecordBatch,
        moves: Encoded,
        analysis: &RecordBatch,
        offset: u64,
    ) -> Result<(), Unwritable> {
        let [(_, games_path), (_, moves_path), (_, analysis_path)] = &self.paths;
        let games = renumbered(games, offset).map_err(|e| Unwritable(format!("sgf: {e}")))?;
        self.games
            .write(&games)
            .map_err(|e| unwritable(games_path, &e))?;
        if analysis.num_rows() > 0 {
            let analysis =
                renumbered(analysis, offset).map_err(|e| Unwritable(format!("sgf: {e}")))?;
            self.analysis
                .write(&analysis)
                .map_err(|e| unwritable(analysis_path, &e))?;
        }
        if moves.rows == 0 {
            return Ok(());
        }
        let fail = |e: ParquetError| unwritable(moves_path, &e);
        let mut group = self.moves.next_row_group().map_err(fail)?;
        for column in moves.columns {
            let chunk = match column {
                Column::Done(chunk) => *chunk,
                Column::GameIds(mut writer, ids) => {
                    let field = Field::new("game_id", DataType::UInt64, false);
                    let ids: ArrayRef = Arc::new(counted_on(&ids, offset));
                    for leaf in compute_leaves(&field, &ids).map_err(fail)? {
                        writer.write(&leaf).map_err(fail)?;
                    }
                    writer.close().map_err(fail)?
                }
            };
            chunk.append_to_row_group(&mut group).map_err(fail)?;
        }
        group.close().map_err(fail)?;
        Ok(())
    }

    /// Completes the three files and gives them their names.
    fn finish(self) -> Result<(), Unwritable> {
        let [
            (games_partial, games),
            (moves_partial, moves),
            (analysis_partial, analysis),
        ] = self.paths;
        self.games.close().map_err(|e| unwritable(&games, &e))?;
        self.moves.close().map_err(|e| unwritable(&moves, &e))?;
        self.analysis
            .close()
            .map_err(|e| unwritable(&analysis, &e))?;
        let files = [
            (games_partial, games),
            (moves_partial, moves),
            (analysis_partial, analysis),
        ];
        for (partial, path) in files {
            std::fs::rename(&partial, &path)
                .map_err(|e| Unwritable(format!("sgf: {}: {e}", path.display())))?;
        }
        Ok(())
    }
}

/// A row group of the moves table, encoded but for its `game_id` column, which waits with its
/// writer: game numbers depend on the batches before, and only the writer knows them.
struct Encoded {
    rows: usize,
    columns: Vec<Column>,
}

/// One column of an encoded row group.
enum Column {
    Done(Box<ArrowColumnChunk>),
    GameIds(Box<ArrowColumnWriter>, ArrayRef),
}

impl Encoder {
    /// Encodes the columns of a batch of moves, in any order of batches.
    fn encode(&self, batch: &RecordBatch) -> Result<Encoded, Unwritable> {
        let fail = |e: ParquetError| unwritable(&self.path, &e);
        let writers = self.columns.create_column_writers(0).map_err(fail)?;
        let schema = batch.schema();
        let mut columns = Vec::with_capacity(writers.len());
        for ((field, array), mut writer) in schema.fields().iter().zip(batch.columns()).zip(writers)
        {
            if field.name() == "game_id" {
                columns.push(Column::GameIds(Box::new(writer), Arc::clone(array)));
                continue;
            }
            for leaf in compute_leaves(field, array).map_err(fail)? {
                writer.write(&leaf).map_err(fail)?;
            }
            columns.push(Column::Done(Box::new(writer.close().map_err(fail)?)));
        }
        Ok(Encoded {
            rows: batch.num_rows(),
            columns,
        })
    }
}

/// Game numbers counted on from `offset`.
fn counted_on(ids: &ArrayRef, offset: u64) -> UInt64Array {
    let ids = ids.as_any().downcast_ref::<UInt64Array>();
    UInt64Array::from_iter_values(
        ids.into_iter()
            .flat_map(|ids| ids.values().iter().map(|id| id + offset)),
    )
}

/// A table with its `game_id` column counted on from `offset`.
fn renumbered(table: &RecordBatch, offset: u64) -> Result<RecordBatch, arrow_schema::ArrowError> {
    let columns = table
        .schema()
        .fields()
        .iter()
        .zip(table.columns())
        .map(|(field, column)| match field.name().as_str() {
            "game_id" => Arc::new(counted_on(column, offset)) as ArrayRef,
            _ => Arc::clone(column),
        })
        .collect();
    RecordBatch::try_new(table.schema(), columns)
}

fn unwritable(path: &Path, error: &ParquetError) -> Unwritable {
    Unwritable(format!("sgf: {}: {error}", path.display()))
}

/// The tables of some files, read by one worker and encoded, and the files that did not read.
struct Batch {
    games: RecordBatch,
    moves: Result<Encoded, Unwritable>,
    analysis: RecordBatch,
    move_count: u64,
    files: usize,
    unreadable: Vec<(PathBuf, FileError)>,
}

fn read_batch(inputs: &[Input], encoder: &Encoder) -> Batch {
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
    let Tables {
        games,
        moves,
        analysis,
    } = builder.finish();
    Batch {
        moves: encoder.encode(&moves),
        move_count: moves.num_rows() as u64,
        games,
        analysis,
        files: inputs.len(),
        unreadable,
    }
}

/// Exports every input into `dir`; files that cannot be read are reported on stderr and left
/// out. Workers (as many as rayon's) each read the next batch of files into tables of their
/// own; this thread writes the batches in input order as they come, while the workers read on.
pub(crate) fn run(inputs: &[Input], dir: &Path) -> Result<Tally, Unwritable> {
    let (mut writers, encoder) = Writers::create(dir)?;
    let batches: Vec<&[Input]> = inputs.chunks(FILES_PER_BATCH).collect();
    let next = AtomicUsize::new(0);
    let workers = rayon::current_num_threads();
    let (sender, receiver) = mpsc::sync_channel::<(usize, Batch)>(workers);
    let bar = batch::progress(inputs.len());
    let mut tally = Tally::default();
    let mut failure = None;
    std::thread::scope(|scope| {
        let encoder = &encoder;
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, batches) = (&next, &batches);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(inputs) = batches.get(index) else {
                        break;
                    };
                    if sender.send((index, read_batch(inputs, encoder))).is_err() {
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
                let offset = tally.games;
                tally.games += batch.games.num_rows() as u64;
                tally.moves += batch.move_count;
                let outcome = batch
                    .moves
                    .and_then(|moves| writers.write(&batch.games, moves, &batch.analysis, offset));
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
