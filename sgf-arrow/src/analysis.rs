//! The `analysis` table: what analysis programs wrote into the nodes they analysed, where
//! their properties measure a number (`spec/sources.spec`'s `Analysis:`, such as Sabaki's
//! win rate `SBKV` and score lead `SBKS`), one row per node.

use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_array::builder::{Float64Builder, StringBuilder, UInt32Builder, UInt64Builder};
use memchr::memmem;
use sgf_core::property::Verbatim;
use sgf_core::source::Sources;
use sgf_core::spec::Measure;
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
            let mut row: Option<(&str, Option<f64>, Option<f64>)> = None;
            for property in typed.props(node) {
                let Some((Verbatim::Unknown, raw)) = property.verbatim() else {
                    continue;
                };
                let Some((source, analysis)) = measure(sources, &raw.ident) else {
                    continue;
                };
                let value = raw
                    .values
                    .first()
                    .and_then(|v| v.trim().parse::<f64>().ok());
                let entry = row.get_or_insert((source, None, None));
                match analysis {
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

/// The source and measure of an analysis property, where it measures a number.
fn measure(sources: Sources, ident: &str) -> Option<(&'static str, Measure)> {
    let (source, analysis) = sources.analysis(ident)?;
    Some((source.name.as_ref(), analysis.measure?))
}
