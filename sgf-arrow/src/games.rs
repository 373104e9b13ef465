//! The `games` table: each tree's game, board, game info and counts.

use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_array::builder::{
    ArrayBuilder, Float64Builder, Int64Builder, StringBuilder, UInt32Builder, UInt64Builder,
};
use sgf_core::finding::{Finding, Omitted, Severity};
use sgf_core::game_info::GameInfo;
use sgf_core::value::Context;

use crate::moves::Counts;
use crate::schema::games_schema;

/// The findings about a tree, by severity.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FindingCounts {
    errors: u32,
    warnings: u32,
    infos: u32,
}

impl FindingCounts {
    /// The counts of each of `games` trees, in one pass over the findings of their file.
    /// Those counted, not listed (`omitted`), count too.
    pub(crate) fn per_game(
        findings: &[Finding],
        omitted: &[Omitted],
        games: usize,
    ) -> Vec<FindingCounts> {
        let mut counts = vec![FindingCounts::default(); games];
        for (game, _, severity, n) in sgf_core::finding::tally(findings, omitted) {
            let Some(count) = counts.get_mut(game) else {
                continue;
            };
            let n = u32::try_from(n).unwrap_or(u32::MAX);
            let total = match severity {
                Severity::Error => &mut count.errors,
                Severity::Warning => &mut count.warnings,
                Severity::Info => &mut count.infos,
            };
            *total = total.saturating_add(n);
        }
        counts
    }
}

/// What the `games` table says of a tree beyond its counts.
pub(crate) struct Game<'a> {
    pub(crate) gm: u32,
    pub(crate) ctx: Context,
    pub(crate) info: GameInfo,
    pub(crate) charset: &'a str,
    pub(crate) nodes: usize,
}

#[derive(Default)]
pub(crate) struct Games {
    game_id: UInt64Builder,
    file: StringBuilder,
    game: UInt32Builder,
    gm: UInt32Builder,
    columns: UInt32Builder,
    rows: UInt32Builder,
    black: StringBuilder,
    white: StringBuilder,
    black_rank: StringBuilder,
    white_rank: StringBuilder,
    result: StringBuilder,
    date: StringBuilder,
    komi: Float64Builder,
    handicap: Int64Builder,
    rules: StringBuilder,
    source: StringBuilder,
    as_written: StringBuilder,
    charset: StringBuilder,
    nodes: UInt32Builder,
    moves: UInt32Builder,
    main_line_moves: UInt32Builder,
    errors: UInt32Builder,
    warnings: UInt32Builder,
    infos: UInt32Builder,
}

impl Games {
    /// The rows appended so far.
    pub(crate) fn len(&self) -> usize {
        self.game_id.len()
    }

    /// Appends the row of the tree `index` of `file`.
    pub(crate) fn push_game(
        &mut self,
        id: u64,
        file: &str,
        index: usize,
        game: &Game<'_>,
        counts: Counts,
        findings: &FindingCounts,
    ) {
        let info = &game.info;
        self.game_id.append_value(id);
        self.file.append_value(file);
        self.game.append_value(index as u32);
        self.gm.append_value(game.gm);
        self.columns.append_value(game.ctx.size.0);
        self.rows.append_value(game.ctx.size.1);
        self.black.append_option(info.black.name.as_deref());
        self.white.append_option(info.white.name.as_deref());
        self.black_rank.append_option(info.black.rank.as_deref());
        self.white_rank.append_option(info.white.rank.as_deref());
        self.result
            .append_option(info.result.as_ref().map(ToString::to_string));
        self.date.append_option(info.date.as_deref());
        self.komi.append_option(info.komi);
        self.handicap.append_option(info.handicap);
        self.rules.append_option(info.rules.as_deref());
        let sources: Vec<&str> = info.sources.iter().map(|s| s.name.as_ref()).collect();
        self.source
            .append_option((!sources.is_empty()).then(|| sources.join(", ")));
        let written: Vec<String> = info
            .as_written
            .iter()
            .map(|(ident, value)| format!("{ident}[{value}]"))
            .collect();
        self.as_written
            .append_option((!written.is_empty()).then(|| written.join(" ")));
        self.charset.append_value(game.charset);
        self.nodes.append_value(game.nodes as u32);
        self.moves.append_value(counts.moves);
        self.main_line_moves.append_value(counts.main_line);
        self.errors.append_value(findings.errors);
        self.warnings.append_value(findings.warnings);
        self.infos.append_value(findings.infos);
    }

    pub(crate) fn finish(mut self) -> RecordBatch {
        let columns: Vec<arrow_array::ArrayRef> = vec![
            Arc::new(self.game_id.finish()),
            Arc::new(self.file.finish()),
            Arc::new(self.game.finish()),
            Arc::new(self.gm.finish()),
            Arc::new(self.columns.finish()),
            Arc::new(self.rows.finish()),
            Arc::new(self.black.finish()),
            Arc::new(self.white.finish()),
            Arc::new(self.black_rank.finish()),
            Arc::new(self.white_rank.finish()),
            Arc::new(self.result.finish()),
            Arc::new(self.date.finish()),
            Arc::new(self.komi.finish()),
            Arc::new(self.handicap.finish()),
            Arc::new(self.rules.finish()),
            Arc::new(self.source.finish()),
            Arc::new(self.as_written.finish()),
            Arc::new(self.charset.finish()),
            Arc::new(self.nodes.finish()),
            Arc::new(self.moves.finish()),
            Arc::new(self.main_line_moves.finish()),
            Arc::new(self.errors.finish()),
            Arc::new(self.warnings.finish()),
            Arc::new(self.infos.finish()),
        ];
        RecordBatch::try_new(games_schema(), columns).expect("the columns follow the schema")
    }
}
