//! The structural SGF parser: raw bytes to raw game trees, every node, property and value with
//! its byte position, recovering from broken files with a [`Finding`] for each recovery.
//!
//! This layer knows the FF\[4\] grammar and nothing else: it does not decode charsets, unescape
//! text or interpret values. Its output is flat — per game tree, one array of nodes, one of
//! properties and one of values, linked by index — so that neither parsing nor dropping it
//! recurses, however deep the input.
//!
//! ```
//! use sgf_core::syntax::{parse_structure, ParseOptions};
//!
//! let input = b"(;GM[1](;B[aa];W[bb])(;B[cc]))";
//! let mut findings = Vec::new();
//! let collection = parse_structure(input, &ParseOptions::default(), &mut findings);
//! assert!(findings.is_empty());
//! let tree = &collection.trees[0];
//! let variations: Vec<u32> = tree.children(0).collect();
//! assert_eq!(variations.len(), 2);
//! let b = &tree.node_props(variations[0])[0];
//! assert_eq!(b.ident(input), "B");
//! assert_eq!(tree.prop_values(b)[0].bytes(input), b"aa");
//! ```
//!
//! # Recoveries
//!
//! In [`Mode::Lenient`] each recovery has the severity of its code
//! ([`Code::reading_severity`]: an error for what breaks the grammar); in [`Mode::Strict`]
//! every one is a [`Severity::Error`] and the caller refuses the input, but the best-effort
//! result is returned all the same. Besides the rules documented on [`Code`]:
//!
//! - A game tree starts at the first `(` followed by `;`, `(` or a property; only before the
//!   first game tree, a `(` followed by anything else is taken when there is no better one.
//! - `()` is skipped. A `(` directly followed by `(` (`((;A)(;B))`) opens no sequence of its own:
//!   its variations hang where its first node would have; at the top level each of them becomes
//!   a game tree of the collection.
//! - A node after a variation (`(;A(;B);C)`, or `(;A(;B)C[x])` with a node assumed) is read as
//!   a further variation of the node before the variation (A), reported as unexpected bytes.
//! - An identifier with no value is skipped as unexpected bytes; `B2[aa]` reads `B[aa]` and skips
//!   `2`.
//! - A `]` is taken into its value when what follows does not look like SGF, so bytes that are
//!   not SGF right after a value (`C[aa] 12 ;W[bb]`) become part of it up to the next fitting
//!   `]`; except in the value of an identifier [`ParseOptions::textless`] names, which ends at
//!   its first `]` (`B[aa]] ;W[bb]` skips the second `]`). If a value runs to the end of the input this way, it ends at its first `]` after all
//!   (`;W[aa] C)`), unless values have already been scanned to the end of the input for as many
//!   bytes as the input holds (which keeps the parse linear).
//! - When no game tree results (e.g. the input is `()`), [`Code::NoGameTree`] is
//!   reported too.
//! - A game tree with more than `u32::MAX` nodes, properties or values (only possible in an
//!   input of over 4 GiB) stops the parse with an error of code [`Code::TooLarge`].
//!
//! [`Finding`]: crate::finding::Finding
//! [`Code`]: crate::finding::Code
//! [`Code::NoGameTree`]: crate::finding::Code::NoGameTree
//! [`Code::TooLarge`]: crate::finding::Code::TooLarge
//! [`Code::reading_severity`]: crate::finding::Code::reading_severity
//! [`Severity::Error`]: crate::finding::Severity::Error

pub(crate) mod blocks;
mod fast;
mod lean;
mod parser;
mod raw_tree_builder;
mod report;
mod scanner;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_lean;
#[cfg(test)]
mod tests_stress;
#[cfg(test)]
mod tests_values;

use std::ops::Range;

use crate::charset::Multibyte;
use crate::finding::{Code, Finding, Severity};

pub use lean::{LeanCollection, LeanProperty, LeanTree, Props};
pub(crate) use lean::{NodeWalk, Walked};
pub(crate) use scanner::find_short;

/// How strictly the input is held to the grammar.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Recover from every error, reporting each recovery with the severity of its code
    /// ([`Code::reading_severity`]).
    #[default]
    Lenient,
    /// Recover the same way, but report each recovery as an error.
    Strict,
}

impl Mode {
    /// The severity of a recovery reported with `code` in this mode.
    pub fn severity(self, code: Code) -> Severity {
        match self {
            Mode::Lenient => code.reading_severity().unwrap_or(Severity::Error),
            Mode::Strict => Severity::Error,
        }
    }
}

/// How to parse.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseOptions {
    /// Lenient or strict.
    pub mode: Mode,
    /// The double-byte scheme values are scanned in, so that a trail byte `\` or `]` belongs to
    /// its character.
    pub multibyte: Multibyte,
    /// The identifiers whose values hold no text, and so never a `]` (points, moves, numbers):
    /// such a value ends at its first `]`, and bytes after it that are not SGF are skipped,
    /// where a text would take them in. `None`: any value may hold text.
    pub textless: Option<fn(&str) -> bool>,
}

/// All game trees of an input, in document order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawCollection {
    /// The game trees.
    pub trees: Vec<RawTree>,
}

/// One game tree: its nodes, properties and values in flat arrays, linked by index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawTree {
    /// The nodes in document (pre)order; `nodes[0]` is the root.
    pub nodes: Vec<RawNode>,
    /// All properties, node by node, in document order.
    pub props: Vec<PropertySpan>,
    /// All values, property by property, in document order.
    pub values: Vec<ValueSpan>,
    /// Offset of the tree's `(`.
    pub start: usize,
    /// Offset one past the tree's `)`, or the input length if the input ends inside the tree.
    pub end: usize,
}

/// A node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawNode {
    /// The node it follows, `None` for the root.
    pub parent: Option<u32>,
    /// Its first child: the next node of its sequence, or of its first variation.
    pub first_child: Option<u32>,
    /// The next child of its parent.
    pub next_sibling: Option<u32>,
    /// Its properties, indexes into [`RawTree::props`].
    pub props: Range<u32>,
    /// Offset of its `;`, or of where a missing `;` was assumed.
    pub offset: usize,
}

/// A property as written: where its identifier is, and its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertySpan {
    /// Offset of the identifier's first byte.
    pub ident_start: usize,
    /// Offset one past the identifier's last byte; equal to `ident_start` if there is none.
    pub ident_end: usize,
    /// The identifier to read when the written one is not plain uppercase: its uppercase
    /// letters (`AddBlack` → `AB`), the letters uppercased if none is (`b` → `B`), or `""` for
    /// values written without an identifier.
    pub normalized: Option<Box<str>>,
    /// Its values, indexes into [`RawTree::values`].
    pub values: Range<u32>,
}

/// A value: the bytes between `[` and `]`, escapes included and not undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValueSpan {
    /// Offset of the first byte after `[`.
    pub start: usize,
    /// Offset of the closing `]` (or the input length if the input ends inside the value).
    pub end: usize,
}

impl ValueSpan {
    /// The raw bytes of the value in `input` (empty if `input` is not the parsed input).
    pub fn bytes<'a>(&self, input: &'a [u8]) -> &'a [u8] {
        input.get(self.start..self.end).unwrap_or_default()
    }
}

impl PropertySpan {
    /// The identifier: [`normalized`](PropertySpan::normalized) if set, else the written one, which is
    /// plain ASCII (empty if `input` is not the parsed input).
    pub fn ident<'a>(&'a self, input: &'a [u8]) -> &'a str {
        match &self.normalized {
            Some(ident) => ident,
            None => input
                .get(self.ident_start..self.ident_end)
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .unwrap_or_default(),
        }
    }
}

impl RawTree {
    /// The children of `node`, in document order: the first is its main line.
    pub fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let first = self.node(node).and_then(|n| n.first_child);
        std::iter::successors(first, move |&child| {
            self.node(child).and_then(|n| n.next_sibling)
        })
    }

    /// The properties of `node` (empty if there is no such node).
    pub fn node_props(&self, node: u32) -> &[PropertySpan] {
        self.node(node)
            .and_then(|n| self.props.get(n.props.start as usize..n.props.end as usize))
            .unwrap_or_default()
    }

    /// The values of `prop`, a property of this tree.
    pub fn prop_values(&self, prop: &PropertySpan) -> &[ValueSpan] {
        self.values
            .get(prop.values.start as usize..prop.values.end as usize)
            .unwrap_or_default()
    }

    fn node(&self, node: u32) -> Option<&RawNode> {
        self.nodes.get(node as usize)
    }
}

/// Parses the structure of an SGF collection, appending a [`Finding`] for each recovery and
/// error to `findings`. Never fails: the result is the best reading of the input, possibly
/// with no game tree; an error among the findings tells the caller to refuse it.
pub fn parse_structure(
    input: &[u8],
    options: &ParseOptions,
    findings: &mut Vec<Finding>,
) -> RawCollection {
    parser::parse(input, *options, findings, raw_tree_builder::MAX_ITEMS)
}

/// Reads the structure of an SGF collection into [`LeanTree`]s: with the fast scanner, which
/// classifies the input's bytes 64 at a time, where the input needs no recovery (but for
/// properties repeated in a node) and no double-byte charset; else with the lenient parser ([`parse_structure`]), appending its
/// findings to `findings` as it does. Either way the trees are what the lenient parser reads
/// ([`LeanTree::to_raw`] gives its form back).
///
/// ```
/// use sgf_core::syntax::{scan_structure, ParseOptions};
///
/// let input = b"(;GM[1](;B[aa];W[bb])(;B[cc]))";
/// let mut findings = Vec::new();
/// let collection = scan_structure(input, &ParseOptions::default(), &mut findings);
/// let tree = &collection.trees[0];
/// assert!(tree.is_regular());
/// assert_eq!(tree.children(0).collect::<Vec<_>>(), [1, 3]);
/// assert_eq!(tree.to_raw(input).nodes.len(), 4);
/// ```
pub fn scan_structure(
    input: &[u8],
    options: &ParseOptions,
    findings: &mut Vec<Finding>,
) -> LeanCollection {
    if options.multibyte == Multibyte::None {
        let fast = SCRATCH.with_borrow_mut(|scratch| {
            let read = fast::scan(input, options.mode, scratch, findings);
            if scratch.held() > KEPT {
                *scratch = fast::Scratch::default();
            }
            read
        });
        if let Ok(collection) = fast {
            return collection;
        }
    }
    let raw = parse_structure(input, options, findings);
    LeanCollection {
        trees: raw.trees.into_iter().map(LeanTree::from_raw).collect(),
    }
}

thread_local! {
    /// The fast scanner's buffers, reused from input to input on a thread, which saves growing
    /// them for each of many small files. Those a large input grew are let go when it is read
    /// ([`KEPT`]), so that a thread does not hold on to them.
    static SCRATCH: std::cell::RefCell<fast::Scratch> = std::cell::RefCell::default();
}

/// The most bytes the scanner's buffers keep on a thread between inputs.
const KEPT: usize = 1 << 20;

/// Whether the fast scanner, where it reads `input`, reads what the lenient parser reads. For
/// the fuzz target that compares them; not an API.
#[doc(hidden)]
pub fn fast_scan_agrees(input: &[u8]) -> Result<bool, String> {
    fast::compare_with_lenient(input)
}
