//! The `moves` table: each move of a tree with its place in the tree, and its point where the
//! game's move type puts it on the grid.

use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_array::StringArray;
use arrow_array::builder::{ArrayBuilder, BooleanBuilder, UInt32Builder, UInt64Builder};
use arrow_buffer::OffsetBuffer;
use sgf_core::collection::Play;
use sgf_core::games::{Grid, OnGrid};
use sgf_core::value::Context;
use sgf_core::{Game, GameProperty, NodeId};

use crate::schema::moves_schema;

/// The moves of a tree, counted.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Counts {
    /// In every variation.
    pub(crate) moves: u32,
    /// On the main line.
    pub(crate) main_line: u32,
}

#[derive(Default)]
pub(crate) struct Moves {
    /// Per node of the tree being appended: the moves on its path up to its end, and its
    /// variation (kept to reuse their room).
    ends: Vec<u32>,
    variations: Vec<u32>,
    game_id: UInt64Builder,
    node: UInt32Builder,
    parent: UInt32Builder,
    variation: UInt32Builder,
    number: UInt32Builder,
    colour: Strings,
    value: Strings,
    col: UInt32Builder,
    row: UInt32Builder,
    pass: BooleanBuilder,
}

impl Moves {
    /// The rows appended so far.
    pub(crate) fn len(&self) -> usize {
        self.game_id.len()
    }

    /// Appends the moves of a tree, `P` the property type of its game, which `plays` lists in
    /// document order.
    pub(crate) fn push_game<P: GameProperty, G>(
        &mut self,
        id: u64,
        game: Game<'_, G>,
        plays: &[Play<'_>],
        ctx: &Context,
    ) -> Counts {
        let ctx = Context {
            board_check: true,
            ..*ctx
        };
        let mut counts = Counts::default();
        let (ends, variations) = (&mut self.ends, &mut self.variations);
        ends.clear();
        variations.clear();
        let mut last_variation = 0;
        let mut plays = plays.iter().peekable();
        for node in game.nodes() {
            let parent = game.parent(node).map(NodeId::index);
            let (mut number, variation) = match parent {
                None => (0, 0),
                // In document order a first child comes right after its parent.
                Some(p) if p + 1 == node.index() => (ends[p], variations[p]),
                Some(p) => {
                    last_variation += 1;
                    (ends[p], last_variation)
                }
            };
            while let Some(play) = plays.next_if(|play| play.node == node) {
                number += 1;
                counts.moves += 1;
                counts.main_line += u32::from(variation == 0);
                self.game_id.append_value(id);
                self.node.append_value(node.index() as u32);
                self.parent.append_option(parent.map(|p| p as u32));
                self.variation.append_value(variation);
                self.number.append_value(number);
                self.colour.append_value(&play.property.ident);
                self.value.append_value(&play.value);
                let (point, pass) = grid_point::<P::Move>(&play.value, &ctx);
                self.col.append_option(point.map(|(col, _)| col));
                self.row.append_option(point.map(|(_, row)| row));
                self.pass.append_value(pass);
            }
            ends.push(number);
            variations.push(variation);
        }
        counts
    }

    pub(crate) fn finish(mut self) -> RecordBatch {
        let columns: Vec<arrow_array::ArrayRef> = vec![
            Arc::new(self.game_id.finish()),
            Arc::new(self.node.finish()),
            Arc::new(self.parent.finish()),
            Arc::new(self.variation.finish()),
            Arc::new(self.number.finish()),
            Arc::new(self.colour.finish()),
            Arc::new(self.value.finish()),
            Arc::new(self.col.finish()),
            Arc::new(self.row.finish()),
            Arc::new(self.pass.finish()),
        ];
        RecordBatch::try_new(moves_schema(), columns).expect("the columns follow the schema")
    }
}

/// A column of short strings, built as Arrow lays it out: what `StringBuilder` makes, without a
/// call to copy each value of two letters.
#[derive(Default)]
struct Strings {
    offsets: Vec<i32>,
    bytes: Vec<u8>,
}

impl Strings {
    fn append_value(&mut self, value: &str) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        match *value.as_bytes() {
            [a] => self.bytes.push(a),
            [a, b] => self.bytes.extend([a, b]),
            _ => self.bytes.extend_from_slice(value.as_bytes()),
        }
        // A column holds fewer than 2^31 bytes: a batch is a few files' moves.
        self.offsets
            .push(i32::try_from(self.bytes.len()).unwrap_or(i32::MAX));
    }

    fn finish(&mut self) -> StringArray {
        let mut offsets = std::mem::take(&mut self.offsets);
        if offsets.is_empty() {
            offsets.push(0);
        }
        let bytes = std::mem::take(&mut self.bytes);
        StringArray::try_new(OffsetBuffer::new(offsets.into()), bytes.into(), None)
            .expect("the offsets count the bytes of UTF-8 strings")
    }
}

/// The point a move plays, where the game's move type puts it on one point of the grid, and
/// whether it is a pass (a move that places nothing); neither for a move that is something
/// else (several points, a word, a roll) or does not read.
fn grid_point<M: OnGrid>(value: &str, ctx: &Context) -> (Option<(u32, u32)>, bool) {
    match M::parse_value(value, ctx)
        .ok()
        .and_then(|play| play.to_grid())
    {
        Some(Grid::Point(col, row)) => (Some((col, row)), false),
        Some(Grid::Pass) => (None, true),
        Some(Grid::Points(_)) | None => (None, false),
    }
}
