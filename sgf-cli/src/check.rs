//! `sgf check`: every file read and validated against the rules of its game, each finding
//! printed like a compiler's (`path:line:col: severity[code]: message`, then the source line
//! with carets under the place) or as a line of JSON, and a count of them on stderr.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Map, Value};
use sgf_core::charset::Encoding;
use sgf_core::finding::{Finding, MAX_LISTED, Omitted, Severity};
use sgf_core::validate::Report;
use sgf_core::{Collection, GameTree, ReadOptions};

use crate::batch;
use crate::files::{self, Input};
use crate::source::Source;

/// How findings are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// `path:line:col: severity[code]: message`, then the source line with carets under the
    /// place (unless `--no-source`).
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

/// What `sgf check` does with each file and prints.
pub(crate) struct Options {
    /// Text or JSON.
    pub(crate) format: Format,
    /// The least severity printed and counted.
    pub(crate) level: Level,
    /// Strict reading: what lenient reading recovers from is an error.
    pub(crate) strict: bool,
    /// Whether text output shows the source line under each finding.
    pub(crate) source: bool,
    /// Whether the summary on stderr is left out.
    pub(crate) quiet: bool,
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

/// The findings of one readable file at or above the level, formatted (one or more lines
/// each), with their severities.
struct Checked {
    lines: Vec<String>,
    /// How many findings of each severity were shown, listed or counted.
    severities: Vec<(Severity, usize)>,
}

/// Checks every input and prints its findings in input order, then the summary on stderr
/// unless `quiet`. `walk_failures` counts the directories that could not be read.
pub(crate) fn run(inputs: &[Input], walk_failures: usize, options: &Options) -> Tally {
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
        |input| check(&input.path, options),
        |_, result| match result {
            Ok(checked) => {
                for (severity, count) in checked.severities {
                    match severity {
                        Severity::Error => tally.errors += count,
                        Severity::Warning => tally.warnings += count,
                        Severity::Info => tally.infos += count,
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
    if !options.quiet {
        eprintln!("{}", tally.summary(options.level));
    }
    tally
}

/// Reads and validates one file; only reading it from disk can fail (bytes that are not SGF
/// give a `no-game-tree` error like any other finding).
fn check(path: &Path, options: &Options) -> Result<Checked, sgf_core::FileError> {
    let bytes = files::bytes(path)?;
    let (report, collection) = examine(&bytes, &files::options(path, options.strict));
    let level = options.level.severity();
    let shown: Vec<&Finding> = report.at_least(level).collect();
    let counted: Vec<&Omitted> = report
        .omitted
        .iter()
        .filter(|o| o.severity >= level)
        .collect();
    let mut lines: Vec<String> = match options.format {
        Format::Json => shown.iter().map(|finding| json(path, finding)).collect(),
        Format::Text if options.source && shown.iter().any(|f| f.location.span.is_some()) => {
            // Without a game tree there is no collection to take the bytes from, and for a
            // record of another format the spans count in the file, not in the collection's
            // SGF: the input is sniffed here (without a byte-order mark, UTF-16 as UTF-8).
            let sniffed = match &collection {
                Some(collection) if collection.origin().is_none() => None,
                _ => Some(sgf_core::charset::sniff(&bytes)),
            };
            let file = sniffed.as_ref().map_or(&bytes[..], |s| &s.bytes[..]);
            shown
                .iter()
                .map(|finding| {
                    let mut lines = text(path, finding);
                    if let Some(span) = finding.location.span {
                        let source = match &collection {
                            Some(collection) => source(collection, file, finding),
                            None => Source::new(file, None),
                        };
                        lines.push('\n');
                        lines.push_str(&source.snippet(span));
                    }
                    lines
                })
                .collect()
        }
        Format::Text => shown.iter().map(|finding| text(path, finding)).collect(),
    };
    lines.extend(counted.iter().map(|omitted| match options.format {
        Format::Json => json_omitted(path, omitted),
        Format::Text => format!(
            "{}: {}[{}]: {} more in game {}, counted, not listed (at most {MAX_LISTED} of a code are)",
            path.display(),
            omitted.severity,
            omitted.code,
            omitted.count,
            omitted.game + 1
        ),
    }));
    let all = sgf_core::finding::tally(&report.findings, &report.omitted);
    Ok(Checked {
        lines,
        severities: all
            .filter(|t| t.2 >= level)
            .map(|(_, _, severity, count)| (severity, count))
            .collect(),
    })
}

/// Reads an input once and validates it: what reading found (each recovery an error when
/// `strict`, as `ReadOptions::strict()` reads) with what validation found, and the collection
/// read, whose bytes the spans count in. Where the input holds no game tree, what reading
/// found is the report.
fn examine(bytes: &[u8], options: &ReadOptions) -> (Report, Option<Collection>) {
    match Collection::<GameTree>::read_all(bytes, options) {
        Ok(collection) => (sgf_core::validate::validate(&collection), Some(collection)),
        Err(error) => (Report::new(error.findings), None),
    }
}

/// One JSON object for findings counted, not listed: `file`, then `omitted` with the fields
/// of [`Omitted`] (`game`, `code`, `severity`, `count`).
fn json_omitted(path: &Path, omitted: &Omitted) -> String {
    serde_json::json!({
        "file": path.display().to_string(),
        "omitted": omitted,
    })
    .to_string()
}

/// The text a finding's span counts in, the collection's input, shown in the charset the
/// finding's game tree was read in (the collection's, for a finding outside every tree); for a
/// record of another format, the file itself (`file`, sniffed), in its charset.
fn source<'a>(collection: &'a Collection, file: &'a [u8], finding: &Finding) -> Source<'a> {
    if let Some(origin) = collection.origin() {
        return Source::new(file, shown_in(origin.charset()));
    }
    let game = finding.location.game;
    let charset = if game < collection.len() {
        collection.game(game).charset()
    } else {
        collection.charset()
    };
    Source::new(collection.input(), shown_in(charset))
}

/// The charset to show lines of text read in `charset`: `None` (UTF-8) for UTF-8, and for
/// UTF-16, which the input was converted from (its output encoding is UTF-8).
fn shown_in(charset: &'static Encoding) -> Option<&'static Encoding> {
    (charset.output_encoding().name() != "UTF-8").then_some(charset)
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
    use sgf_core::finding::Code;

    #[test]
    fn a_finding_without_a_span_names_its_place_after_the_message() {
        let read =
            sgf_core::read(b"(;GM[1]SZ[9];B[ee]W[cc])", &ReadOptions::default()).expect("readable");
        // Trees made in memory have no place in an input.
        let collection = Collection::<GameTree>::from_trees(read.to_trees());
        let report = sgf_core::validate::validate(&collection);
        let finding = &report.findings[0];
        assert!(
            finding.location.span.is_none(),
            "a tree made in memory gives no span"
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

    /// What strict reading refuses, as `(code, start)`: the errors of
    /// `sgf_core::read(.., &ReadOptions::strict())` but bad values, which the validator
    /// reports as errors whatever the mode.
    fn refused(input: &[u8]) -> Vec<(String, usize)> {
        let findings = match sgf_core::read(input, &ReadOptions::strict()) {
            Ok(collection) => collection.findings().to_vec(),
            Err(error) => error.findings,
        };
        let mut refused: Vec<(String, usize)> = findings
            .iter()
            .filter(|f| f.severity == Severity::Error && f.code != Code::BadValue)
            .map(|f| (f.code.to_string(), f.location.span.map_or(0, |s| s.start)))
            .collect();
        refused.sort();
        refused
    }

    /// The findings of codes the reader reports (but bad values, which the validator reports
    /// as errors) that `sgf check --strict` reports as errors, as `(code, start)`.
    fn reported(input: &[u8]) -> Vec<(String, usize)> {
        let (report, _) = examine(input, &ReadOptions::strict());
        let mut errors: Vec<(String, usize)> = report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .filter(|f| f.code.reading_severity().is_some() && f.code != Code::BadValue)
            .map(|f| (f.code.to_string(), f.location.span.map_or(0, |s| s.start)))
            .collect();
        errors.sort();
        errors
    }

    #[test]
    fn strict_checking_refuses_what_strict_reading_refuses() {
        let inputs: [&[u8]; 12] = [
            b"(;GM[1]C[x]",
            b"junk (;GM[1]) more junk",
            b"(;GM[1]C[a ] b];B[aa])",
            b"(;GM[1]PB[a]PB[b])",
            b"(;GM[1]pb[a])",
            b"(;GM[1](;B[aa]);W[bb])",
            b"(;GM[1][aa])",
            b"(;GM[1]();B[aa])",
            b"(;GM[1]B[aa]\x01;W[bb])",
            b"(;GM[1]CA[Klingon]C[\xff])",
            b"(;GM[1]SZ[9];B[ee]W[cc])",
            b"no game here",
        ];
        for input in inputs {
            assert_eq!(
                reported(input),
                refused(input),
                "{}",
                String::from_utf8_lossy(input)
            );
        }
        assert!(
            !refused(inputs[0]).is_empty(),
            "a file cut short is refused"
        );
    }

    #[test]
    fn lines_are_shown_in_the_charset_of_their_game_tree() {
        // A tree in windows-1252 (`Café`, as its `CA` says), then one in UTF-8 (`李世石`):
        // each line is shown in the charset of its own tree.
        let mut input = b"(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]PB[Caf\xe9];B[ee]W[cc])\n".to_vec();
        input.extend("(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[李世石];B[ee]W[cc])".as_bytes());
        let (report, collection) = examine(&input, &ReadOptions::default());
        let collection = collection.expect("two game trees");
        let snippets: Vec<String> = report
            .findings
            .iter()
            .filter(|f| f.code == Code::ExclusiveProperties)
            .map(|f| source(&collection, &input, f).snippet(f.location.span.expect("a span")))
            .collect();
        assert_eq!(snippets.len(), 2, "{:?}", report.findings);
        assert!(
            snippets[0].contains("PB[Café];B[ee]W[cc])"),
            "{}",
            snippets[0]
        );
        assert!(
            snippets[1].contains("PB[李世石];B[ee]W[cc])"),
            "{}",
            snippets[1]
        );
    }

    #[test]
    fn utf16_input_is_shown_as_the_utf8_its_spans_count_in() {
        assert_eq!(
            shown_in(Encoding::for_label(b"utf-16le").expect("known")),
            None
        );
        assert_eq!(
            shown_in(Encoding::for_label(b"utf-8").expect("known")),
            None
        );
        let gbk = Encoding::for_label(b"gbk").expect("known");
        assert_eq!(shown_in(gbk), Some(gbk));
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
