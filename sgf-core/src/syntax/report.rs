//! Turning the parser's findings into findings: severity by mode, spans from a line index
//! built on first use, and consecutive skipped bytes merged into one finding.

use std::fmt::Write as _;

use super::Mode;
use std::collections::HashMap;

use crate::finding::{Code, Finding, LineIndex, MAX_LISTED, Severity};

/// How many bytes of skipped input a message quotes.
const QUOTE_LIMIT: usize = 24;

/// A run of skipped bytes not yet reported.
struct Junk {
    code: Code,
    start: usize,
    end: usize,
    /// Whether the run holds only identifiers without a value.
    idents_only: bool,
}

/// Collects the findings of one parse.
pub(super) struct Reporter<'a> {
    input: &'a [u8],
    mode: Mode,
    lines: Option<LineIndex>,
    out: &'a mut Vec<Finding>,
    junk: Option<Junk>,
    /// How many findings of each code were made, by [`Code`]'s place in its list.
    made: HashMap<Code, usize>,
}

impl<'a> Reporter<'a> {
    pub(super) fn new(input: &'a [u8], mode: Mode, out: &'a mut Vec<Finding>) -> Self {
        Reporter {
            input,
            mode,
            lines: None,
            out,
            junk: None,
            made: HashMap::new(),
        }
    }

    /// Reports a recovery: with the severity of its code, or an error in strict mode.
    pub(super) fn recovery(
        &mut self,
        code: Code,
        range: (usize, usize),
        related: Option<(usize, usize)>,
        message: String,
    ) {
        self.push(code, self.mode.severity(code), range, related, message);
    }

    /// Reports the property `ident` at `range`, repeated in its node after the one at `first`:
    /// the one finding both the lenient parser and the fast scanner make.
    pub(super) fn repeated(&mut self, ident: &str, range: (usize, usize), first: (usize, usize)) {
        let message = format!("the property {ident} appears more than once in this node");
        self.recovery(Code::RepeatedProperty, range, Some(first), message);
    }

    /// Reports a fatal error, whatever the mode.
    pub(super) fn error(&mut self, code: Code, range: (usize, usize), message: String) {
        self.push(code, Severity::Error, range, None, message);
    }

    fn push(
        &mut self,
        code: Code,
        severity: Severity,
        (start, end): (usize, usize),
        related: Option<(usize, usize)>,
        message: String,
    ) {
        let input = self.input;
        let lines = self.lines.get_or_insert_with(|| LineIndex::new(input));
        let span = lines.span(start, end);
        let made = self.made.entry(code).or_default();
        *made += 1;
        // Well past the findings of a code that will be listed (twice as many: reading lists
        // the first in the order of the input, which a rescan may reorder), one is kept
        // without its message or second place, only to be counted (by its game) when reading
        // caps them: a file that repeats one fault a million times holds 160 bytes for each,
        // not its sentence too.
        let (related, message) = if *made > 2 * MAX_LISTED {
            (None, String::new())
        } else {
            (related.map(|(start, end)| lines.span(start, end)), message)
        };
        self.out
            .push(Finding::in_input(code, severity, 0, span, related, message));
    }

    /// Notes skipped bytes `start..end`; consecutive runs of the same code are reported as one.
    pub(super) fn skip(&mut self, code: Code, start: usize, end: usize) {
        self.skip_run(code, start, end, false);
    }

    /// Notes a skipped identifier that has no value.
    pub(super) fn skip_ident(&mut self, start: usize, end: usize) {
        self.skip_run(Code::UnexpectedBytes, start, end, true);
    }

    fn skip_run(&mut self, code: Code, start: usize, end: usize, idents_only: bool) {
        if start >= end {
            return;
        }
        if let Some(junk) = &mut self.junk
            && junk.code == code
        {
            junk.start = junk.start.min(start);
            junk.end = junk.end.max(end);
            junk.idents_only &= idents_only;
            return;
        }
        self.flush();
        self.junk = Some(Junk {
            code,
            start,
            end,
            idents_only,
        });
    }

    /// Reports the pending run of skipped bytes, if any. Called whenever a token is read.
    #[inline]
    pub(super) fn flush(&mut self) {
        if let Some(junk) = self.junk.take() {
            self.report_junk(junk);
        }
    }

    #[cold]
    fn report_junk(&mut self, junk: Junk) {
        let bytes = self.input.get(junk.start..junk.end).unwrap_or_default();
        let count = plural(bytes.len(), "byte", "bytes");
        let verb = if bytes.len() == 1 { "was" } else { "were" };
        let message = match junk.code {
            Code::JunkBeforeCollection => {
                format!(
                    "{count} before the first '(' {verb} skipped: {}",
                    quote(bytes)
                )
            }
            Code::JunkAfterCollection => {
                format!(
                    "{count} after the last game tree {verb} skipped: {}",
                    quote(bytes)
                )
            }
            _ if junk.idents_only && !bytes.iter().any(|&b| super::scanner::is_ws(b)) => {
                format!(
                    "the property identifier {} has no value; it was skipped",
                    quote(bytes)
                )
            }
            _ if junk.idents_only => {
                format!(
                    "property identifiers without a value were skipped: {}",
                    quote(bytes)
                )
            }
            _ => format!("{count} that are not SGF {verb} skipped: {}", quote(bytes)),
        };
        self.recovery(junk.code, (junk.start, junk.end), None, message);
    }
}

/// `1 byte`, `2 bytes`.
pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Quotes bytes of unknown charset for a message: ASCII as is, other bytes escaped, long runs
/// cut short.
pub(super) fn quote(bytes: &[u8]) -> String {
    let mut out = String::from("\"");
    let shown = bytes.get(..QUOTE_LIMIT).unwrap_or(bytes);
    let _ = write!(out, "{}", shown.escape_ascii());
    if shown.len() < bytes.len() {
        out.push('…');
    }
    out.push('"');
    out
}
