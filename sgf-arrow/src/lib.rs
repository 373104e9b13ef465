//! SGF collections as Arrow tables, for Parquet, DuckDB, pandas and Spark: a `games` table
//! with one row per game tree (its file, game, board, players, result, komi, charset, counts
//! of nodes, moves and reading findings) and a `moves` table with one row per move (its game,
//! node, parent, variation, number, colour, value, and for Go and Hex its point).
//!
//! ```
//! use sgf_core::{ReadOptions, compact};
//!
//! let read = compact::read(b"(;GM[1]PB[Honinbo Shusaku]KM[0];B[qd];W[dc](;B[pq])(;B[];W[]))",
//!     &ReadOptions::default()).unwrap();
//! let tables = sgf_arrow::Tables::of_file("ear-reddening.sgf", &read);
//! assert_eq!(tables.games.num_rows(), 1);
//! assert_eq!(tables.moves.num_rows(), 5);
//! ```
//!
//! [`TablesBuilder`] builds the tables of many files into the same columns, numbering their
//! games from 0; [`Tables::renumbered`] moves the numbers of a batch built apart, so that
//! batches of files can be read in parallel.

mod games;
mod moves;
mod schema;

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, RecordBatch, UInt64Array};
use arrow_schema::ArrowError;
use sgf_core::compact::{CompactGame, CompactParsed, Play};
use sgf_core::game_info::GameInfo;
use sgf_core::value::Context;
use sgf_core::{GameDispatch, GameProperty, GameSet, GameTree, ParseError, ReadOptions};

pub use schema::{games_schema, moves_schema};

/// The `games` and `moves` tables of some files.
#[derive(Clone, Debug)]
pub struct Tables {
    /// One row per game tree ([`games_schema`]).
    pub games: RecordBatch,
    /// One row per move ([`moves_schema`]).
    pub moves: RecordBatch,
}

impl Tables {
    /// The tables of one file, read as a compact collection; `file` is how the `file` column
    /// names it. Its games are numbered from 0 in the `game_id` columns.
    pub fn of_file(file: &str, read: &CompactParsed) -> Tables {
        let mut builder = TablesBuilder::default();
        builder.push_file(file, read);
        builder.finish()
    }

    /// These tables with `offset` added to every `game_id`.
    ///
    /// # Errors
    /// If the tables do not have the schemas of this crate.
    pub fn renumbered(self, offset: u64) -> Result<Tables, ArrowError> {
        Ok(Tables {
            games: renumbered(&self.games, offset)?,
            moves: renumbered(&self.moves, offset)?,
        })
    }
}

/// The tables of many files, built a file at a time into the same columns, so that a batch
/// of small files costs no more than one file of their size. Games are numbered from 0 in the
/// order they are pushed.
///
/// ```
/// use sgf_core::{ReadOptions, compact};
///
/// let mut builder = sgf_arrow::TablesBuilder::default();
/// for (name, sgf) in [("a.sgf", "(;B[aa];W[bb])"), ("b.sgf", "(;B[cc])(;W[dd])")] {
///     builder.push_file(name, &compact::read(sgf.as_bytes(), &ReadOptions::default()).unwrap());
/// }
/// let tables = builder.finish();
/// assert_eq!((tables.games.num_rows(), tables.moves.num_rows()), (3, 4));
/// ```
#[derive(Default)]
pub struct TablesBuilder {
    games: games::Games,
    moves: moves::Moves,
}

impl TablesBuilder {
    /// Appends the games and moves of one file, read as a compact collection; `file` is how
    /// the `file` column names it.
    pub fn push_file(&mut self, file: &str, read: &CompactParsed) {
        let collection = &read.collection;
        let findings = games::FindingCounts::per_game(&read.findings, collection.len());
        for (index, game) in collection.games().enumerate() {
            let (plays, ctx, info) = GameTree::dispatch(game.gm(), Facts { game });
            let id = self.games.len() as u64;
            let tree = game.structure();
            let counts = self.moves.push_game(id, game.gm(), tree, &plays, &ctx);
            let row = games::Game {
                gm: game.gm(),
                ctx,
                info,
                charset: game.charset().name(),
                nodes: tree.len(),
            };
            self.games
                .push_game(id, file, index, &row, counts, &findings[index]);
        }
    }

    /// Reads `bytes` as a compact collection (leniently, as [`ReadOptions::default`] reads)
    /// and appends its games and moves, as [`push_file`](Self::push_file) does.
    ///
    /// # Errors
    /// If the bytes do not read; nothing is appended then.
    pub fn push_bytes(&mut self, file: &str, bytes: &[u8]) -> Result<(), ParseError> {
        let read = sgf_core::compact::read(bytes, &ReadOptions::default())?;
        self.push_file(file, &read);
        Ok(())
    }

    /// The games pushed so far.
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// The moves pushed so far.
    pub fn moves(&self) -> usize {
        self.moves.len()
    }

    /// The tables of the files pushed.
    pub fn finish(self) -> Tables {
        Tables {
            games: self.games.finish(),
            moves: self.moves.finish(),
        }
    }
}

/// What the tables take from a tree with its game's property type: its moves, the context
/// its values are read in, and the game info of its main line.
struct Facts<'a> {
    game: CompactGame<'a>,
}

impl<'a> GameDispatch for Facts<'a> {
    type Output = (Vec<Play<'a>>, Context, GameInfo);

    fn run<P: GameProperty>(self) -> Self::Output {
        let (plays, info) = self.game.plays_and_info::<P>();
        (plays, *self.game.typed::<P>().context(), info)
    }
}

/// `batch` with `offset` added to its first column, the `game_id`.
fn renumbered(batch: &RecordBatch, offset: u64) -> Result<RecordBatch, ArrowError> {
    let ids = batch
        .column(0)
        .as_any()
        .downcast_ref::<UInt64Array>()
        .ok_or_else(|| ArrowError::SchemaError("the first column is not the game_id".into()))?;
    let ids: ArrayRef = Arc::new(ids.unary::<_, arrow_array::types::UInt64Type>(|id| id + offset));
    let mut columns = batch.columns().to_vec();
    columns[0] = ids;
    RecordBatch::try_new(batch.schema(), columns)
}

#[cfg(test)]
mod tests;
