//! `sgf check`: every file read and validated against the rules of its game, each finding
//! printed like a compiler's (`path:line:col: severity[code]: message`) or as a line of JSON,
//! and a count of them on stderr.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Map, Value};
use sgf_core::diagnostic::Severity;
use sgf_core::validate::Finding;

use crate::batch;
use crate::files::Input;

/// How findings are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// `path:line:col: severity[code]: message`, one finding per line.
    Text,
    /// One JSON object per finding per line: `file` and the finding's fields.
    Json,
}

/// The least severity of the findings that are printed and counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Level {
    /// Everything, including what is only worth knowing (unknown properties, detected
    /// charsets).
    Info,
    /// Warnings and errors.
    Warning,
    /// Errors only.
    Error,
}

impl Level {
    fn severity(self) -> Severity {
        match self {
            Level::Info => Severity::Info,
            Level::Warning => Severity::Warning,
            Level::Error => Severity::Error,
        }
    }
}

/// What a run came to, for the summary and the exit status.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// The files looked at, readable or not.
    pub(crate) files: usize,
    /// Files and directories that could not be read from disk.
    pub(crate) unreadable: usize,
    /// Findings of error severity that were printed.
    pub(crate) errors: usize,
    /// Findings of warning severity that were printed.
    pub(crate) warnings: usize,
    /// Findings of info severity that were printed.
    pub(crate) infos: usize,
}

impl Tally {
    /// `3 files: 1 error, 2 warnings`, with the infos when they were asked for and the
    /// unreadable files when there are any.
    fn summary(&self, level: Level) -> String {
        let mut line = format!(
            "{}: {}, {}",
            counted(self.files, "file"),
            counted(self.errors, "error"),
            counted(self.warnings, "warning")
        );
        if level == Level::Info {
            line.push_str(&format!(", {} info", self.infos));
        }
        if self.unreadable > 0 {
            line.push_str(&format!(", {} unreadable", self.unreadable));
        }
        line
    }
}

/// `1 file`, `2 files`.
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The findings of one readable file at or above the level, formatted, with their severities.
struct Checked {
    lines: Vec<String>,
    severities: Vec<Severity>,
}

/// Checks every input and prints its findings in input order, then the summary on stderr
/// unless `quiet`. `walk_failures` counts the directories that could not be read.
pub(crate) fn run(
    inputs: &[Input],
    walk_failures: usize,
    format: Format,
    level: Level,
    quiet: bool,
) -> Tally {
    let mut tally = Tally {
        files: inputs.len(),
        unreadable: walk_failures,
        ..Tally::default()
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut closed = false;
    batch::run(
        inputs,
        |input| check(&input.path, format, level.severity()),
        |_, result| match result {
            Ok(checked) => {
                for severity in checked.severities {
                    match severity {
                        Severity::Error => tally.errors += 1,
                        Severity::Warning => tally.warnings += 1,
                        Severity::Info => tally.infos += 1,
                    }
                }
                for line in checked.lines {
                    if !closed && writeln!(out, "{line}").is_err() {
                        closed = true;
                    }
                }
            }
            Err(error) => {
                tally.unreadable += 1;
                let _ = out.flush();
                eprintln!("sgf: {error}");
            }
        },
    );
    let _ = out.flush();
    if !quiet {
        eprintln!("{}", tally.summary(level));
    }
    tally
}

/// Reads and validates one file; only reading it from disk can fail (bytes that are not SGF
/// give a `no-game-tree` error like any other finding).
fn check(path: &Path, format: Format, least: Severity) -> Result<Checked, sgf_core::FileError> {
    let bytes = std::fs::read(path).map_err(|source| sgf_core::FileError::Io {
        path: path.to_owned(),
        source,
    })?;
    let report = sgf_core::validate::check(&bytes);
    let shown: Vec<&Finding> = report.at_least(least).collect();
    let lines = shown
        .iter()
        .map(|finding| match format {
            Format::Text => text(path, finding),
            Format::Json => json(path, finding),
        })
        .collect();
    Ok(Checked {
        lines,
        severities: shown.iter().map(|f| f.severity).collect(),
    })
}

/// `path:line:col: severity[code]: message (see line:col)`; for a finding whose place in the
/// file is not known, `path: severity[code]: message (at game 1, node 3, B)`.
fn text(path: &Path, finding: &Finding) -> String {
    if finding.location.span.is_some() {
        // A finding with a span displays as `line:col: severity[code]: message (see …)`.
        return format!("{}:{finding}", path.display());
    }
    let mut line = format!(
        "{}: {}[{}]: {} (at {}",
        path.display(),
        finding.severity,
        finding.code,
        finding.message,
        finding.location
    );
    if let Some(related) = &finding.related {
        line.push_str(&format!("; see {related}"));
    }
    line.push(')');
    line
}

/// One JSON object: `file` first, then the fields of the finding (`code`, `severity`,
/// `location`, `related`, `message`).
fn json(path: &Path, finding: &Finding) -> String {
    let mut object = Map::new();
    object.insert("file".into(), Value::String(path.display().to_string()));
    match serde_json::to_value(finding) {
        Ok(Value::Object(fields)) => object.extend(fields),
        // A finding is a struct of plain data: it always serialises to an object.
        Ok(other) => {
            object.insert("finding".into(), other);
        }
        Err(error) => {
            object.insert("error".into(), Value::String(error.to_string()));
        }
    }
    Value::Object(object).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finding_without_a_span_names_its_place_after_the_message() {
        let parsed = sgf_core::parse_str("(;GM[1]SZ[9];B[ee]W[cc])").expect("readable");
        let report = sgf_core::validate::validate(&parsed.collection);
        let finding = &report.findings[0];
        assert!(
            finding.location.span.is_none(),
            "validate alone gives no span"
        );
        let line = text(Path::new("a.sgf"), finding);
        assert!(
            line.starts_with("a.sgf: error[exclusive-properties]: "),
            "{line}"
        );
        assert!(
            line.contains("(at game 1, node 1, W; see game 1, node 1, B)"),
            "{line}"
        );
    }

    #[test]
    fn the_summary_counts_in_words() {
        let tally = Tally {
            files: 1,
            unreadable: 2,
            errors: 1,
            warnings: 0,
            infos: 4,
        };
        assert_eq!(
            tally.summary(Level::Warning),
            "1 file: 1 error, 0 warnings, 2 unreadable"
        );
        assert_eq!(
            tally.summary(Level::Info),
            "1 file: 1 error, 0 warnings, 4 info, 2 unreadable"
        );
    }
}
