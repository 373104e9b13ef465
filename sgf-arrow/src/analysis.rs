//! The `analysis` table: what analysis programs wrote into the nodes they analysed, where
//! their properties measure a number (`spec/sources.spec`'s `Analysis:`, such as Sabaki's
//! win rate `SBKV` and score lead `SBKS`, or the win rate in the first line of Lizzie's `LZ`),
//! one row per node, turned to Black's side.

use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_array::builder::{Float64Builder, StringBuilder, UInt32Builder, UInt64Builder};
use memchr::memmem;
use sgf_core::property::Verbatim;
use sgf_core::source::Sources;
use sgf_core::spec::{self, Measure};
use sgf_core::{Game, GameProperty, tables};

use crate::schema::analysis_schema;

pub(crate) struct Analysis {
    /// What a tree's bytes hold where it has a measured analysis property: `SBKV[`, ...
    needles: Vec<memmem::Finder<'static>>,
    game_id: UInt64Builder,
    node: UInt32Builder,
    source: StringBuilder,
    win_rate: Float64Builder,
    score_lead: Float64Builder,
}

impl Default for Analysis {
    fn default() -> Self {
        let needles = tables::SOURCES
            .iter()
            .flat_map(|s| s.analysis.iter())
            .filter(|a| a.measure.is_some())
            .map(|a| memmem::Finder::new(format!("{}[", a.prop).as_bytes()).into_owned())
            .collect();
        Analysis {
            needles,
            game_id: UInt64Builder::default(),
            node: UInt32Builder::default(),
            source: StringBuilder::default(),
            win_rate: Float64Builder::default(),
            score_lead: Float64Builder::default(),
        }
    }
}

impl Analysis {
    /// Appends the measured analysis of a tree's nodes, `P` the property type of its game.
    /// A tree whose bytes name no measured analysis property is passed over unread.
    pub(crate) fn push_game<P: GameProperty, G>(&mut self, id: u64, game: Game<'_, G>) {
        let bytes = game.bytes();
        let bytes = bytes.get(game.structure().span()).unwrap_or(bytes);
        if !self.needles.iter().any(|n| n.find(bytes).is_some()) {
            return;
        }
        let sources = game.sources::<P>();
        let mut typed = game.typed::<P>();
        for node in game.nodes() {
            let props = typed.props(node);
            // The side that played the node's move, for the numbers given as its.
            let white_moved = props.iter().find(|p| p.is_move()).map(|p| p.ident() == "W");
            let mut row: Option<(&str, Option<f64>, Option<f64>)> = None;
            for property in props {
                let Some((Verbatim::Unknown, raw)) = property.verbatim() else {
                    continue;
                };
                let Some((source, analysis, measure)) = measured(sources, &raw.ident) else {
                    continue;
                };
                let value = raw.values.first().and_then(|v| number(v, analysis.word));
                let value = match (analysis.mover, white_moved, measure) {
                    (false, _, _) | (true, Some(false), _) => value,
                    (true, None, _) => None,
                    (true, Some(true), Measure::WinRate) => value.map(|v| 100.0 - v),
                    (true, Some(true), Measure::ScoreLead) => value.map(|v| -v),
                };
                let entry = row.get_or_insert((source, None, None));
                match measure {
                    Measure::WinRate => entry.1 = entry.1.or(value),
                    Measure::ScoreLead => entry.2 = entry.2.or(value),
                }
            }
            if let Some((source, win_rate, score_lead)) = row {
                self.game_id.append_value(id);
                self.node.append_value(node.index() as u32);
                self.source.append_value(source);
                self.win_rate.append_option(win_rate);
                self.score_lead.append_option(score_lead);
            }
        }
    }

    pub(crate) fn finish(mut self) -> RecordBatch {
        let columns: Vec<arrow_array::ArrayRef> = vec![
            Arc::new(self.game_id.finish()),
            Arc::new(self.node.finish()),
            Arc::new(self.source.finish()),
            Arc::new(self.win_rate.finish()),
            Arc::new(self.score_lead.finish()),
        ];
        RecordBatch::try_new(analysis_schema(), columns).expect("the columns follow the schema")
    }
}

/// The source, analysis and measure of an analysis property, where it measures a number.
fn measured(
    sources: Sources,
    ident: &str,
) -> Option<(&'static str, &'static spec::Analysis, Measure)> {
    let (source, analysis) = sources.analysis(ident)?;
    Some((source.name.as_ref(), analysis, analysis.measure?))
}

/// The number a value holds: the whole value, or word `word` (from 1) of its first line.
fn number(value: &str, word: Option<u32>) -> Option<f64> {
    let text = match word {
        None => value.trim(),
        Some(word) => {
            let line = value.lines().next()?;
            line.split_whitespace()
                .nth(usize::try_from(word).ok()? - 1)?
        }
    };
    text.parse().ok().filter(|n: &f64| n.is_finite())
}
