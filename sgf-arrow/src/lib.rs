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
//! Each file's tables number its games from 0; [`Tables::concat`] joins the tables of many
//! files and numbers their games in order, so that files can be read in parallel.

mod games;
mod moves;
mod schema;

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, RecordBatch, UInt64Array};
use arrow_schema::ArrowError;
use sgf_core::compact::{CompactGame, CompactParsed, Play};
use sgf_core::game_info::GameInfo;
use sgf_core::value::Context;
use sgf_core::{GameDispatch, GameProperty, GameSet, GameTree};

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
        let facts: Vec<_> = read
            .collection
            .games()
            .map(|game| (game, GameTree::dispatch(game.gm(), Facts { game })))
            .collect();
        let plays = facts.iter().map(|(_, (plays, ..))| plays);
        let value_bytes = plays.clone().flatten().map(|p| p.value.len()).sum();
        let mut moves = moves::Moves::with_capacity(plays.map(Vec::len).sum(), value_bytes);
        let mut games = games::Games::with_capacity(facts.len());
        let findings = games::FindingCounts::per_game(&read.findings, facts.len());
        for (index, (game, (plays, ctx, info))) in facts.into_iter().enumerate() {
            let id = index as u64;
            let tree = game.structure();
            let counts = moves.push_game(id, game.gm(), tree, &plays, &ctx);
            let row = games::Game {
                gm: game.gm(),
                ctx,
                info,
                charset: game.charset().name(),
                nodes: tree.len(),
            };
            games.push_game(id, file, index, &row, counts, &findings[index]);
        }
        Tables {
            games: games.finish(),
            moves: moves.finish(),
        }
    }

    /// The tables of several files in one: their rows in order, the games numbered from
    /// `first_game_id` on. Each part's `game_id`s are taken as counted from 0 in that part.
    ///
    /// # Errors
    /// If a part's tables do not have the schemas of this crate.
    pub fn concat(
        parts: impl IntoIterator<Item = Tables>,
        first_game_id: u64,
    ) -> Result<Tables, ArrowError> {
        let mut next = first_game_id;
        let (mut games, mut moves) = (Vec::new(), Vec::new());
        for part in parts {
            let offset = next;
            next += part.games.num_rows() as u64;
            games.push(renumbered(&part.games, offset)?);
            moves.push(renumbered(&part.moves, offset)?);
        }
        Ok(Tables {
            games: arrow_select::concat::concat_batches(&games_schema(), &games)?,
            moves: arrow_select::concat::concat_batches(&moves_schema(), &moves)?,
        })
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
        let tree = self.game.structure();
        let last = std::iter::successors(Some(0), |&node| tree.first_child(node)).last();
        (
            self.game.plays::<P>(),
            *self.game.typed::<P>().context(),
            self.game.game_info::<P>(last.unwrap_or(0)),
        )
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
