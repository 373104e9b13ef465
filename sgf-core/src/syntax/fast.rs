//! The fast structural scanner: reads a well-formed input into [`LeanTree`]s by walking the bit
//! masks of [`blocks`](super::blocks) (the `]` that end values, the bytes that are not white
//! space) instead of looking at every byte. It reads only what needs no recovery: at the first
//! thing the lenient parser would report (a missing `;`, a lowercase identifier, a repeated
//! property, a `]` not followed by SGF, bytes that are no token, an input cut short), it gives
//! up and the caller reads the input with the lenient parser. What it reads is what the lenient
//! parser would read, node for node and value for value (tested on every corpus file and by the
//! `lean` fuzz target).

use std::ops::Range;

use super::blocks::{Bits, index_into, next};
use super::lean::{Fork, LeanCollection, LeanProperty, LeanTree, NONE, NodeWalk};
use super::report::Reporter;
use super::scanner::{ident_at, is_ws, short_property};
use super::{Mode, RawTree};
use crate::finding::Finding;

/// Up to this many properties in a node are checked for repeats by comparing packed
/// identifiers; a node with more goes to the lenient parser, which hashes them.
const MAX_PROPS: usize = 64;

/// The most nodes the buffer of [`Scratch`] keeps room for between inputs.
const KEPT_NODES: usize = 1 << 16;

/// The packed form of an identifier of more than four letters: compare it in the input.
const LONG: u32 = 0;

/// A property of the node being read: where its identifier starts, and the identifier packed.
#[derive(Clone, Copy)]
struct Key {
    at: u32,
    key: u32,
}

/// The fast scanner gave up: the input needs the lenient parser.
pub(super) struct GiveUp;

/// An open `(`.
struct Frame {
    /// The node the first node of this frame's sequence follows ([`NONE`] in the tree's own).
    hang: u32,
    /// The last node of this frame's sequence so far ([`NONE`] before its first).
    last: u32,
    /// The entry in the forks of the first node of this frame's sequence, if it is a variation.
    first: Option<usize>,
    /// The entry in the forks of the first node of the last variation closed in this frame:
    /// the next variation links to it as its next sibling.
    last_child: Option<usize>,
}

/// What the fast scanner reuses from one input to the next, so that reading many small inputs
/// does not allocate and grow the same buffers again for each.
#[derive(Default)]
pub(super) struct Scratch {
    bits: Bits,
    /// The nodes of the tree being read, copied out at their exact number when it ends.
    nodes: Vec<u32>,
    /// The properties of the root of the tree being read.
    root: Vec<LeanProperty>,
    stack: Vec<Frame>,
    keys: Vec<Key>,
}

impl Scratch {
    /// The bytes its buffers hold on to: as many as the largest input read with it needed.
    pub(super) fn held(&self) -> usize {
        use std::mem::size_of;
        (self.bits.closes.capacity() + self.bits.tokens.capacity()) * size_of::<u64>()
            + self.nodes.capacity() * size_of::<u32>()
            + self.root.capacity() * size_of::<LeanProperty>()
            + self.stack.capacity() * size_of::<Frame>()
            + self.keys.capacity() * size_of::<Key>()
    }
}

/// Reads `input`, appending a finding for each repeated property to `findings`, or gives up
/// (leaving `findings` as it was).
pub(super) fn scan(
    input: &[u8],
    mode: Mode,
    scratch: &mut Scratch,
    findings: &mut Vec<Finding>,
) -> Result<LeanCollection, GiveUp> {
    if u32::try_from(input.len()).is_err() {
        return Err(GiveUp);
    }
    let Scratch {
        bits,
        nodes,
        root,
        stack,
        keys,
    } = scratch;
    index_into(input, bits);
    let before = findings.len();
    let mut scanner = Scanner {
        input,
        bits,
        nodes,
        root,
        stack,
        keys,
        report: Reporter::new(input, mode, findings),
    };
    let trees = scanner.trees();
    if trees.is_err() {
        findings.truncate(before);
    }
    // A thread keeps the node buffer of ordinary games, not that of the largest tree it read.
    if nodes.capacity() > KEPT_NODES {
        *nodes = Vec::new();
    }
    trees.map(|trees| LeanCollection { trees })
}

struct Scanner<'a> {
    input: &'a [u8],
    bits: &'a Bits,
    /// The nodes of the tree being read.
    nodes: &'a mut Vec<u32>,
    /// The properties of the root of the tree being read.
    root: &'a mut Vec<LeanProperty>,
    stack: &'a mut Vec<Frame>,
    /// The properties of the node being read, to find repeats.
    keys: &'a mut Vec<Key>,
    report: Reporter<'a>,
}

impl Scanner<'_> {
    /// Reads every game tree of the input.
    fn trees(&mut self) -> Result<Vec<LeanTree>, GiveUp> {
        let mut trees = Vec::new();
        let mut pos = self.token(0);
        while let Some(open) = pos {
            let (tree, end) = self.tree(open)?;
            trees.push(tree);
            pos = self.token(end);
        }
        if trees.is_empty() {
            return Err(GiveUp);
        }
        Ok(trees)
    }

    /// The offset of the first byte at or after `pos` that is not white space.
    #[inline]
    fn token(&self, pos: usize) -> Option<usize> {
        match self.input.get(pos) {
            Some(&b) if !is_ws(b) => Some(pos),
            Some(_) => next(&self.bits.tokens, pos + 1),
            None => None,
        }
    }

    /// Reads the game tree whose `(` is at `open`; returns it and the offset after its `)`.
    fn tree(&mut self, open: usize) -> Result<(LeanTree, usize), GiveUp> {
        let input = self.input;
        if input[open] != b'(' {
            return Err(GiveUp);
        }
        let mut tree = LeanTree {
            start: open as u32,
            ..LeanTree::default()
        };
        self.nodes.clear();
        self.root.clear();
        self.stack.clear();
        self.stack.push(Frame {
            hang: NONE,
            last: NONE,
            first: None,
            last_child: None,
        });
        let mut pos = self.token(open + 1).ok_or(GiveUp)?;
        if input[pos] != b';' {
            return Err(GiveUp);
        }
        loop {
            match input[pos] {
                b';' => pos = self.node(&mut tree, pos)?,
                b'(' => {
                    let frame = self.stack.last().ok_or(GiveUp)?;
                    if frame.last == NONE {
                        return Err(GiveUp);
                    }
                    let hang = frame.last;
                    self.stack.push(Frame {
                        hang,
                        last: NONE,
                        first: None,
                        last_child: None,
                    });
                    pos = self.token(pos + 1).ok_or(GiveUp)?;
                    if input[pos] != b';' {
                        return Err(GiveUp);
                    }
                }
                b')' => {
                    let frame = self.stack.pop().ok_or(GiveUp)?;
                    let Some(outer) = self.stack.last_mut() else {
                        tree.end = pos as u32 + 1;
                        // One allocation of the exact size: held trees keep no spare room.
                        tree.nodes = self.nodes.as_slice().into();
                        tree.root = self.root.as_slice().into();
                        // Entries are made in the order of their nodes, so the forks stay
                        // sorted; a variation's first node found with no sibling is plain.
                        tree.forks.retain(|f| !is_plain(f));
                        debug_assert!(tree.forks.is_sorted_by_key(|f| f.node));
                        return Ok((tree, pos + 1));
                    };
                    outer.last_child = frame.first;
                    pos = self.token(pos + 1).ok_or(GiveUp)?;
                }
                _ => return Err(GiveUp),
            }
        }
    }

    /// Reads the node whose `;` is at `semicolon`; returns the offset of the next token.
    fn node(&mut self, tree: &mut LeanTree, semicolon: usize) -> Result<usize, GiveUp> {
        let input = self.input;
        let node = self.nodes.len() as u32;
        let frame = self.stack.last_mut().ok_or(GiveUp)?;
        if frame.last_child.is_some() {
            // A node after a variation: the lenient parser reports it.
            return Err(GiveUp);
        }
        if frame.last == NONE && frame.hang != NONE {
            // The first node of a variation: an entry in the forks, made now so that the
            // entries come in the order of their nodes, linked to the variation before it.
            // The first variation's entry, whose parent is the node before it, is dropped
            // at the end of the tree if no sibling comes.
            let hang = frame.hang;
            let outer = self.stack.len() - 2;
            if let Some(previous) = self.stack[outer].last_child {
                tree.forks[previous].next = node;
            }
            tree.forks.push(Fork {
                node,
                parent: hang,
                next: NONE,
            });
            self.stack[outer + 1].first = Some(tree.forks.len() - 1);
        }
        let frame = self.stack.last_mut().ok_or(GiveUp)?;
        frame.last = node;
        self.nodes.push(semicolon as u32);
        self.keys.clear();
        let mut pos = self.token(semicolon + 1).ok_or(GiveUp)?;
        while input[pos].is_ascii_uppercase() {
            let start = pos;
            // The identifier packed, one past it, its first value's `[` and that value's `]`.
            let (key, end, bracket, close) = match short_property(input, start) {
                Some((letter, _)) => (u32::from(letter), start + 1, start + 1, start + 4),
                None => {
                    let (key, end) = packed_ident(input, start);
                    let bracket = self.token(end).ok_or(GiveUp)?;
                    if input[bracket] != b'[' || input[end].is_ascii_lowercase() {
                        return Err(GiveUp);
                    }
                    let close = next(&self.bits.closes, bracket + 1).ok_or(GiveUp)?;
                    (key, end, bracket, close)
                }
            };
            if self.keys.len() >= MAX_PROPS {
                return Err(GiveUp);
            }
            if let Some(first) = self.keys.iter().find(|p| {
                p.key == key && (key != LONG || ident_at(input, p.at as usize, &input[start..end]))
            }) {
                let first = first.at as usize;
                self.repeated(first, start, end);
                if tree.repeats.last() != Some(&node) {
                    tree.repeats.push(node);
                }
            }
            self.keys.push(Key {
                at: start as u32,
                key,
            });
            if node == 0 {
                self.root.push(LeanProperty::scanned(start, bracket));
            }
            tree.prop_total += 1;
            pos = self.values_after(close)?;
        }
        match input[pos] {
            b';' | b'(' | b')' => Ok(pos),
            _ => Err(GiveUp),
        }
    }

    /// Reports the property at `start..end`, whose identifier the one at `first` already has
    /// in its node, as the lenient parser does.
    #[cold]
    fn repeated(&mut self, first: usize, start: usize, end: usize) {
        let ident = String::from_utf8_lossy(&self.input[start..end]);
        let related = (first, first + (end - start));
        self.report.repeated(&ident, (start, end), related);
    }

    /// Reads the values of a property from the `]` that closes its first value, at `close`;
    /// returns the offset of the next token. The caller checks that it looks like SGF (else the
    /// `]` would be part of the value), as it reads the next property or node.
    #[inline]
    fn values_after(&self, mut close: usize) -> Result<usize, GiveUp> {
        loop {
            let after = self.token(close + 1).ok_or(GiveUp)?;
            if self.input[after] != b'[' {
                return Ok(after);
            }
            close = next(&self.bits.closes, after + 1).ok_or(GiveUp)?;
        }
    }
}

/// The identifier at `start`, packed while it is read (up to four letters, else `LONG`), and
/// one past its last letter.
#[inline(always)]
fn packed_ident(input: &[u8], start: usize) -> (u32, usize) {
    let mut key = u32::from(input[start]);
    let mut end = start + 1;
    while let Some(&letter) = input.get(end).filter(|b| b.is_ascii_uppercase()) {
        key = match end - start {
            1..4 => key | u32::from(letter) << (8 * (end - start)),
            _ => LONG,
        };
        end += 1;
    }
    (key, end)
}

/// Whether the entry of a variation's first node says no more than the plain links: its parent
/// is the node before it and it has no next sibling (a variation alone in its parentheses).
fn is_plain(fork: &Fork) -> bool {
    fork.next == NONE && fork.node.checked_sub(1) == Some(fork.parent)
}

/// Holds the fast scanner to the lenient parser on `input`: `Ok(true)` if the fast scanner read
/// it as the lenient parser does, with the same findings and each node's properties walked
/// where the parser found them (the ranges the typed walk slices UTF-8 at unchecked), `Ok(false)`
/// if it gave up, and the disagreement otherwise. For the tests and the fuzz target that
/// compare them.
pub(crate) fn compare_with_lenient(input: &[u8]) -> Result<bool, String> {
    let mut findings = Vec::new();
    let lenient = super::parse_structure(input, &super::ParseOptions::default(), &mut findings);
    let mut found = Vec::new();
    let Ok(fast) = scan(input, Mode::Lenient, &mut Scratch::default(), &mut found) else {
        return Ok(false);
    };
    if found != findings {
        return Err(format!("found {found:?}, the parser {findings:?}"));
    }
    let trees: Vec<_> = fast.trees.iter().map(|t| t.to_raw(input)).collect();
    if trees != lenient.trees {
        return Err(format!("read {trees:?}, the parser {:?}", lenient.trees));
    }
    for (lean, raw) in fast.trees.iter().zip(&lenient.trees) {
        for node in 0..lean.len() as u32 {
            if !lean.children(node).eq(raw.children(node)) {
                return Err(format!("the children of node {node} differ"));
            }
            let walked = walked_props(lean, node, input);
            if walked != raw_props(raw, node) {
                return Err(format!("the walk over node {node} gave {walked:?}"));
            }
        }
    }
    Ok(true)
}

/// The identifier and value ranges of each property of a node, as the typed walk finds them.
type PropRanges = Vec<(Range<usize>, Vec<Range<usize>>)>;

/// [`PropRanges`] of `node` as a [`NodeWalk`] gives them.
fn walked_props(lean: &LeanTree, node: u32, input: &[u8]) -> PropRanges {
    let mut walk = NodeWalk::new(lean, node, input);
    let mut props = Vec::new();
    while let Some((ident, first)) = walk.next_prop() {
        let mut values = vec![first];
        values.extend(std::iter::from_fn(|| walk.next_value()));
        props.push((ident, values));
    }
    props
}

/// [`PropRanges`] of `node` as the lenient parser read them.
fn raw_props(raw: &RawTree, node: u32) -> PropRanges {
    let values = |p| raw.prop_values(p).iter().map(|v| v.start..v.end).collect();
    raw.node_props(node)
        .iter()
        .map(|p| (p.ident_start..p.ident_end, values(p)))
        .collect()
}
