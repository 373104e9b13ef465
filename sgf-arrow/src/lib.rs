//! SGF collections as Arrow tables, for Parquet, DuckDB, pandas and Spark: a `games` table
//! with one row per game tree (its file, game, board, players, result, komi, charset, counts
//! of nodes, moves and reading findings), a `moves` table with one row per move (its game,
//! node, parent, variation, number, colour, value, and the point it plays where the game's
//! move is a point of its grid), and an `analysis` table with one row per node where an
//! analysis program wrote its measures (win rate, score lead).
//!
//! ```
//! use sgf_core::ReadOptions;
//!
//! let collection = sgf_core::read(
//!     b"(;GM[1]PB[Honinbo Shusaku]KM[0];B[qd];W[dc](;B[pq])(;B[];W[]))",
//!     &ReadOptions::default(),
//! )?;
//! let tables = sgf_arrow::Tables::of_file("ear-reddening.sgf", &collection);
//! assert_eq!(tables.games.num_rows(), 1);
//! assert_eq!(tables.moves.num_rows(), 5);
//! # Ok::<(), sgf_core::ParseError>(())
//! ```
//!
//! The point columns come from the game's own values, whichever game it is: a move that is one
//! point of the grid ([`OnGrid::to_grid`](sgf_core::games::OnGrid::to_grid) gives
//! [`Grid::Point`](sgf_core::games::Grid::Point)) fills `col` and `row`, one that places nothing
//! ([`Grid::Pass`](sgf_core::games::Grid::Pass)) sets `pass`, and any other (an Amazons move of
//! three points, a Backgammon roll, a value of a game without a section) leaves them empty. A
//! game added to the specification gets its columns with no edit here.
//!
//! [`TablesBuilder`] builds the tables of many files into the same columns, numbering their
//! games from 0; [`Tables::renumbered`] moves the numbers of a batch built apart, so that
//! batches of files can be read in parallel.

mod analysis;
mod games;
mod moves;
mod schema;

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, RecordBatch, UInt64Array};
use arrow_schema::ArrowError;
use sgf_core::game_info::GameInfo;
use sgf_core::game_set::{GameDispatch, GameSet};
use sgf_core::value::Context;
use sgf_core::{Collection, Game, GameProperty, ParseError, ReadOptions};

pub use schema::{analysis_schema, games_schema, moves_schema};

/// The `games`, `moves` and `analysis` tables of some files.
#[derive(Clone, Debug)]
pub struct Tables {
    /// One row per game tree ([`games_schema`]).
    pub games: RecordBatch,
    /// One row per move ([`moves_schema`]).
    pub moves: RecordBatch,
    /// One row per node with an analysis program's measures ([`analysis_schema`]).
    pub analysis: RecordBatch,
}

impl Tables {
    /// The tables of one file, read as a collection; `file` is how the `file` column names it.
    /// Its games are numbered from 0 in the `game_id` columns.
    pub fn of_file<G: GameSet>(file: &str, collection: &Collection<G>) -> Tables {
        let mut builder = TablesBuilder::default();
        builder.push_file(file, collection);
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
            analysis: renumbered(&self.analysis, offset)?,
        })
    }
}

/// The tables of many files, built a file at a time into the same columns, so that a batch
/// of small files costs no more than one file of their size. Games are numbered from 0 in the
/// order they are pushed.
///
/// ```
/// use sgf_core::ReadOptions;
///
/// let mut builder = sgf_arrow::TablesBuilder::default();
/// for (name, sgf) in [("a.sgf", "(;B[aa];W[bb])"), ("b.sgf", "(;B[cc])(;W[dd])")] {
///     builder.push_file(name, &sgf_core::read(sgf.as_bytes(), &ReadOptions::default())?);
/// }
/// let tables = builder.finish();
/// assert_eq!((tables.games.num_rows(), tables.moves.num_rows()), (3, 4));
/// # Ok::<(), sgf_core::ParseError>(())
/// ```
#[derive(Default)]
pub struct TablesBuilder {
    games: games::Games,
    moves: moves::Moves,
    analysis: analysis::Analysis,
}

impl TablesBuilder {
    /// Appends the games and moves of one file, read as a collection (of the standard games,
    /// or of an application's own); `file` is how the `file` column names it. The findings
    /// counted are those of reading ([`Collection::findings`]).
    pub fn push_file<G: GameSet>(&mut self, file: &str, collection: &Collection<G>) {
        let findings = games::FindingCounts::per_game(
            collection.findings(),
            collection.omitted(),
            collection.len(),
        );
        for (index, game) in collection.games().enumerate() {
            let id = self.games.len() as u64;
            let (ctx, info, counts) = game.dispatch(Push {
                game,
                id,
                moves: &mut self.moves,
                analysis: &mut self.analysis,
            });
            let row = games::Game {
                gm: game.gm(),
                ctx,
                info,
                charset: game.charset().name(),
                nodes: game.len(),
            };
            self.games
                .push_game(id, file, index, &row, counts, &findings[index]);
        }
    }

    /// Reads `bytes` (leniently, as [`ReadOptions::default`] reads, in the format the
    /// extension of `file` names: a `.gib`, `.ngf`, `.ugf` or `.ugi` record too, and by their
    /// content where it names none) and appends their games and moves, as
    /// [`push_file`](Self::push_file) does.
    ///
    /// # Errors
    /// If the bytes do not read; nothing is appended then.
    pub fn push_bytes(&mut self, file: &str, bytes: &[u8]) -> Result<(), ParseError> {
        let options = ReadOptions::default().for_path(std::path::Path::new(file));
        let collection = sgf_core::read(bytes, &options)?;
        self.push_file(file, &collection);
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
            analysis: self.analysis.finish(),
        }
    }
}

/// Appends the moves of a tree with its game's property type, whose move type reads their
/// points, and its analysis; gives the context its values are read in, the game info of its
/// main line, and the counts of its moves.
struct Push<'a, 'm, G> {
    game: Game<'a, G>,
    id: u64,
    moves: &'m mut moves::Moves,
    analysis: &'m mut analysis::Analysis,
}

impl<G> GameDispatch for Push<'_, '_, G> {
    type Output = (Context, GameInfo, moves::Counts);

    fn run<P: GameProperty>(self) -> Self::Output {
        let (plays, info) = self.game.plays_and_info::<P>();
        let ctx = *self.game.typed::<P>().context();
        let counts = self
            .moves
            .push_game::<P, G>(self.id, self.game, &plays, &ctx);
        self.analysis.push_game::<P, G>(self.id, self.game);
        (ctx, info, counts)
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
