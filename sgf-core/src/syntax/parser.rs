//! The parser's main loop: one pass over the input with an explicit stack (in the builder),
//! reading tokens, properties and values, and deciding each recovery.

use super::raw_tree_builder::{Full, NodeOpened, Opened, RawTreeBuilder};
use super::report::{Reporter, plural, quote};
use super::scanner::{
    find_close, find_node_start, find_tree_start, sgf_follows, skip_junk, skip_letters, skip_ws,
    trim_end,
};
use super::{ParseOptions, RawCollection};
use crate::charset::Multibyte;
use crate::finding::{Code, Finding};

/// Parses `input`, allowing at most `limit` nodes, properties and values per tree.
pub(super) fn parse(
    input: &[u8],
    options: ParseOptions,
    findings: &mut Vec<Finding>,
    limit: usize,
) -> RawCollection {
    let mut parser = Parser {
        input,
        multibyte: options.multibyte,
        textless: options.textless,
        report: Reporter::new(input, options.mode, findings),
        builder: RawTreeBuilder::new(input, limit),
        pending: None,
        first_tree: None,
        rejected: Vec::new(),
        fallback_budget: input.len(),
    };
    let start = skip_ws(input, 0);
    if start == input.len() {
        let message = if input.is_empty() {
            "the input is empty; it holds no game tree"
        } else {
            "the input holds only white space; it holds no game tree"
        };
        parser
            .report
            .error(Code::NoGameTree, (0, input.len()), message.to_owned());
    } else {
        parser.run(start);
    }
    parser.builder.finish()
}

/// The state of one parse.
struct Parser<'a> {
    input: &'a [u8],
    multibyte: Multibyte,
    textless: Option<fn(&str) -> bool>,
    report: Reporter<'a>,
    builder: RawTreeBuilder,
    /// An identifier read but not yet followed by a value: `2` in `B2[aa]` stands between.
    pending: Option<(usize, usize)>,
    /// Offset of the first game tree's `(`, once one is found.
    first_tree: Option<usize>,
    /// The `]` inside the value being read that were not followed by SGF.
    rejected: Vec<usize>,
    /// How many bytes values that ran to the end of the input may still have scanned before
    /// falling back to their first `]`.
    fallback_budget: usize,
}

impl Parser<'_> {
    fn run(&mut self, mut pos: usize) {
        let input = self.input;
        loop {
            pos = skip_ws(input, pos);
            let Some(&byte) = input.get(pos) else {
                self.end_of_input(None);
                return;
            };
            if self.builder.depth() == 0 {
                pos = self.between_trees(pos);
                continue;
            }
            pos = match byte {
                b';' => {
                    self.token();
                    match self.builder.open_node(pos) {
                        Ok(NodeOpened::InSequence) => {}
                        Ok(NodeOpened::AfterVariation) => self.report.recovery(
                            Code::NodeAfterVariation,
                            (pos, pos + 1),
                            None,
                            "a node follows a variation in the same game tree; it was read as a \
                             further variation"
                                .to_owned(),
                        ),
                        Err(Full) => {
                            self.full(pos);
                            return;
                        }
                    }
                    pos + 1
                }
                b'(' => {
                    self.token();
                    if let Opened::Wrapper { open, top_level } = self.builder.open(pos) {
                        let message = if top_level {
                            "a game tree starts with '(' instead of a node; the game trees inside \
                             it were read as game trees of the collection"
                        } else {
                            "a variation starts with '(' instead of a node; the variations inside \
                             it were attached to the node before it"
                        };
                        self.report.recovery(
                            Code::EmptyGameTree,
                            (open, open + 1),
                            None,
                            message.to_owned(),
                        );
                    }
                    pos + 1
                }
                b')' => {
                    self.token();
                    if let Some(open) = self.builder.close(pos + 1) {
                        self.report.recovery(
                            Code::EmptyGameTree,
                            (open, pos + 1),
                            None,
                            "a game tree holds no node; it was skipped".to_owned(),
                        );
                    }
                    pos + 1
                }
                b'[' => {
                    let ident = self.pending.take();
                    match self.property(ident, pos) {
                        Some(next) => next,
                        None => return,
                    }
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    let end = skip_letters(input, pos);
                    let after = skip_ws(input, end);
                    self.drop_pending();
                    if input.get(after) == Some(&b'[') {
                        match self.property(Some((pos, end)), after) {
                            Some(next) => next,
                            None => return,
                        }
                    } else {
                        self.pending = Some((pos, end));
                        end
                    }
                }
                _ => {
                    let end = skip_junk(input, pos, self.multibyte);
                    self.report.skip(Code::UnexpectedBytes, pos, end);
                    end
                }
            };
        }
    }

    /// Before a structural token: an identifier left without value is skipped, and skipped bytes
    /// so far are reported.
    #[inline]
    fn token(&mut self) {
        self.drop_pending();
        self.report.flush();
    }

    fn drop_pending(&mut self) {
        if let Some((start, end)) = self.pending.take() {
            self.report.skip_ident(start, end);
        }
    }

    /// Outside every game tree: skips to the next one and opens it; returns where to go on.
    fn between_trees(&mut self, pos: usize) -> usize {
        let input = self.input;
        let first = self.first_tree.is_none();
        let open = find_tree_start(input, pos, first);
        if first && let Some(node) = find_node_start(input, pos, open.unwrap_or(input.len())) {
            // A node before any `(`: the file lost its opening parenthesis.
            self.report
                .skip(Code::JunkBeforeCollection, pos, trim_end(input, pos, node));
            self.report.flush();
            let message = "the first game tree starts at ';' without its '('; one was assumed";
            self.report.recovery(
                Code::MissingOpenParen,
                (node, node + 1),
                None,
                message.to_owned(),
            );
            self.first_tree = Some(node);
            self.builder.open(node);
            return node;
        }
        match open {
            Some(open) => {
                let kind = if first {
                    Code::JunkBeforeCollection
                } else {
                    Code::UnexpectedBytes
                };
                self.report.skip(kind, pos, trim_end(input, pos, open));
                self.report.flush();
                self.first_tree.get_or_insert(open);
                self.builder.open(open);
                open + 1
            }
            None if first => {
                let end = trim_end(input, pos, input.len());
                let message = format!(
                    "the input holds no game tree: there is no '(' in its {}",
                    plural(input.len(), "byte", "bytes")
                );
                self.report.error(Code::NoGameTree, (pos, end), message);
                input.len()
            }
            None => {
                let end = trim_end(input, pos, input.len());
                self.report.skip(Code::JunkAfterCollection, pos, end);
                input.len()
            }
        }
    }

    /// Reads a property whose first value opens at `bracket`; returns where to go on, or `None`
    /// if the input ended or the tree is full (everything is then closed).
    fn property(&mut self, ident: Option<(usize, usize)>, bracket: usize) -> Option<usize> {
        self.report.flush();
        let input = self.input;
        let (start, end) = ident.unwrap_or((bracket, bracket));
        let written = input.get(start..end).unwrap_or_default();
        let marked = if ident.is_some() {
            (start, end)
        } else {
            (bracket, bracket + 1)
        };
        if !self.builder.node_open() {
            let message = match self.builder.open_node(start) {
                Err(Full) => return self.full(start),
                Ok(NodeOpened::InSequence) => {
                    "a node starts without ';'; one was assumed here".to_owned()
                }
                Ok(NodeOpened::AfterVariation) => "a property follows a variation without ';' \
                                                   before it; a node was assumed here, read as \
                                                   a further variation"
                    .to_owned(),
            };
            self.report
                .recovery(Code::MissingSemicolon, marked, None, message);
        }
        let normalized = if ident.is_none() || written.iter().any(u8::is_ascii_lowercase) {
            self.normalize(written, marked)
        } else {
            None
        };
        if self
            .builder
            .push_prop(input, start..end, normalized)
            .is_err()
        {
            return self.full(start);
        }
        if let Some(first) = self.builder.repeated(input) {
            let ident = self.builder.last_ident(input);
            self.report.repeated(&ident, marked, first);
        }
        self.values(bracket)
    }

    /// The identifier to read for one written without capitals only, reported: `""` when
    /// there is none, else its capitals, or its letters uppercased if it has no capital.
    #[cold]
    fn normalize(&mut self, written: &[u8], marked: (usize, usize)) -> Option<Box<str>> {
        if written.is_empty() {
            self.report.recovery(
                Code::ValueWithoutIdent,
                marked,
                None,
                "a value stands without a property identifier; it was kept under an empty \
                 identifier"
                    .to_owned(),
            );
            return Some(Box::from(""));
        }
        let name = String::from_utf8_lossy(written);
        let capitals: String = written
            .iter()
            .filter(|b| b.is_ascii_uppercase())
            .map(|&b| char::from(b))
            .collect();
        let upper = if capitals.is_empty() {
            name.to_ascii_uppercase()
        } else {
            capitals
        };
        let message =
            format!("the identifier {name} holds lowercase letters; it was read as {upper}");
        self.report
            .recovery(Code::LowercaseIdent, marked, None, message);
        Some(upper.into_boxed_str())
    }

    /// Reads the values of the last property, the first opening at `bracket`.
    fn values(&mut self, mut bracket: usize) -> Option<usize> {
        let input = self.input;
        loop {
            let start = bracket + 1;
            self.rejected.clear();
            let mut from = start;
            let close = loop {
                match find_close(input, from, self.multibyte) {
                    Some(close) if sgf_follows(input, close + 1) => break Some(close),
                    Some(close) if self.textless() => break Some(close),
                    Some(close) => {
                        self.rejected.push(close);
                        from = close + 1;
                    }
                    None => break self.fall_back(start),
                }
            };
            let Some(close) = close else {
                self.report_rejected();
                if self.builder.push_value(start, input.len()).is_err() {
                    return self.full(bracket);
                }
                let ident = self.builder.last_ident(input);
                self.end_of_input(Some((ident, bracket)));
                return None;
            };
            self.report_rejected();
            if self.builder.push_value(start, close).is_err() {
                return self.full(bracket);
            }
            let next = skip_ws(input, close + 1);
            if input.get(next) == Some(&b'[') {
                bracket = next;
            } else {
                return Some(close + 1);
            }
        }
    }

    /// Whether the property being read holds no text, so that its value ends at its first `]`.
    #[cold]
    fn textless(&self) -> bool {
        self.textless
            .is_some_and(|textless| textless(&self.builder.last_ident(self.input)))
    }

    /// A value starting at `start` runs to the end of the input past `]`s that were not
    /// followed by SGF: the first of them ends it after all (`W[aa] C)`), as long as the bytes
    /// scanned this way stay within the input's length in total, which keeps the parse linear.
    fn fall_back(&mut self, start: usize) -> Option<usize> {
        let first = self.rejected.first().copied()?;
        let scanned = self.input.len() - start;
        self.fallback_budget = self.fallback_budget.checked_sub(scanned)?;
        self.rejected.clear();
        Some(first)
    }

    /// Reports the `]` taken as part of the value just read.
    #[inline]
    fn report_rejected(&mut self) {
        if !self.rejected.is_empty() {
            self.report_rejected_slow();
        }
    }

    #[cold]
    fn report_rejected_slow(&mut self) {
        let ident = self.builder.last_ident(self.input);
        let rejected = std::mem::take(&mut self.rejected);
        for &close in &rejected {
            let message = format!(
                "a ']' in a value of {ident} is not followed by SGF; it was taken as part of the \
                 value (it should be written '\\]')"
            );
            self.report
                .recovery(Code::UnescapedBracket, (close, close + 1), None, message);
        }
        self.rejected = rejected;
    }

    /// At the end of the input, possibly inside a value of `ident` opened at a `[`: closes all.
    fn end_of_input(&mut self, value: Option<(String, usize)>) {
        self.token();
        let len = self.input.len();
        let open = self.builder.close_all(len);
        if open > 0 {
            let trees = plural(open, "open game tree", "open game trees");
            let (message, related) = match value {
                Some((ident, bracket)) => (
                    format!(
                        "the input ends inside a value of {ident}; the value and {trees} were \
                         closed"
                    ),
                    Some((bracket, bracket + 1)),
                ),
                None => {
                    let verb = if open == 1 { "was" } else { "were" };
                    (
                        format!("the input ends inside a game tree; {trees} {verb} closed"),
                        None,
                    )
                }
            };
            self.report
                .recovery(Code::UnexpectedEnd, (len, len), related, message);
        }
        if let Some(first) = self.first_tree
            && self.builder.tree_count() == 0
        {
            self.report.error(
                Code::NoGameTree,
                (first, len),
                "the input holds no game tree with a node".to_owned(),
            );
        }
    }

    /// A tree holds the most items an index can reach: stop reading at `pos`.
    #[cold]
    fn full(&mut self, pos: usize) -> Option<usize> {
        self.pending = None;
        self.report.flush();
        self.builder.close_all(pos);
        let rest = self.input.get(pos..).unwrap_or_default();
        let message = format!(
            "a game tree holds more nodes, properties or values than can be counted; the last {} \
             of the input ({}) were not read",
            plural(rest.len(), "byte", "bytes"),
            quote(rest)
        );
        self.report
            .error(Code::TooLarge, (pos, self.input.len()), message);
        None
    }
}
