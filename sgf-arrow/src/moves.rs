//! The `moves` table: each move of a tree with its place in the tree.

use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, StringBuilder, UInt32Builder, UInt64Builder,
};
use sgf_core::compact::Play;
use sgf_core::games::{go, hex};
use sgf_core::syntax::LeanTree;
use sgf_core::value::{Context, Value};

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
    colour: StringBuilder,
    value: StringBuilder,
    col: UInt32Builder,
    row: UInt32Builder,
    pass: BooleanBuilder,
}

impl Moves {
    /// The rows appended so far.
    pub(crate) fn len(&self) -> usize {
        self.game_id.len()
    }

    /// Appends the moves of a tree of the game `gm`, which `plays` lists in document order.
    pub(crate) fn push_game(
        &mut self,
        id: u64,
        gm: u32,
        tree: &LeanTree,
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
        for node in 0..tree.len() as u32 {
            let parent = tree.parent(node);
            let (mut number, variation) = match parent {
                None => (0, 0),
                // In document order a first child comes right after its parent.
                Some(p) if p + 1 == node => (ends[p as usize], variations[p as usize]),
                Some(p) => {
                    last_variation += 1;
                    (ends[p as usize], last_variation)
                }
            };
            while let Some(play) = plays.next_if(|play| play.node == node) {
                number += 1;
                counts.moves += 1;
                counts.main_line += u32::from(variation == 0);
                self.game_id.append_value(id);
                self.node.append_value(node);
                self.parent.append_option(parent);
                self.variation.append_value(variation);
                self.number.append_value(number);
                self.colour.append_value(&play.property.ident);
                self.value.append_value(&play.value);
                let (point, pass) = grid_point(gm, &play.value, &ctx);
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

/// The point a move of Go (`GM[1]`) or Hex (`GM[11]`) plays, where the value is one on the
/// board, and whether it is a Go pass.
fn grid_point(gm: u32, value: &str, ctx: &Context) -> (Option<(u32, u32)>, bool) {
    match gm {
        1 => match go::Move::parse_value(value, ctx) {
            Ok(go::Move::Play(p)) => (Some((p.col.into(), p.row.into())), false),
            Ok(go::Move::Pass) => (None, true),
            Err(_) => (None, false),
        },
        11 => match hex::Move::parse_value(value, ctx) {
            Ok(hex::Move::Play(p)) => (Some((p.col, p.row)), false),
            _ => (None, false),
        },
        _ => (None, false),
    }
}
