//! The lean raw tree: what a game tree holds once its bytes are kept beside it. A node is one
//! `u32`, the offset of its `;`; its properties and values are found again in the bytes when
//! asked for, and the links of a node are implied by document order except at forks, which sit
//! in a side table. A tree the fast scanner could not read (one that needed a recovery, or a
//! double-byte charset) keeps its full [`RawTree`] on the side instead, so that every property
//! and value keeps the bounds the lenient reader gave it.

use std::ops::Range;

use super::scanner::{
    find_close, ident_at, is_ws, short_property, skip_letters, skip_ws, trim_end, value_end,
};
use super::{PropertySpan, RawNode, RawTree, ValueSpan};
use crate::charset::Multibyte;
use crate::finding::NodePath;

/// "None" in the `u32` links of [`Fork`].
pub(super) const NONE: u32 = u32::MAX;

/// All game trees of an input, in document order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeanCollection {
    /// The game trees.
    pub trees: Vec<LeanTree>,
}

/// One game tree in lean form. Nodes are numbered in document (pre)order from 0, the root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeanTree {
    /// Per node, the offset of its `;` (or of where the lenient reader assumed one).
    pub(crate) nodes: Vec<u32>,
    /// The nodes whose links are not the plain ones (the node before them is their parent, and
    /// they have no next sibling), sorted by node.
    pub(crate) forks: Vec<Fork>,
    /// How many properties the tree has.
    pub(crate) prop_total: u32,
    /// The nodes that repeat an identifier, sorted (in a tree the fast scanner read).
    pub(crate) repeats: Vec<u32>,
    /// The properties of the root, in a tree the fast scanner read. Readers and writers ask the
    /// root for its charset, game, board size and format again and again: listing them once
    /// costs 8 bytes a property and saves finding them again in the bytes each time.
    pub(crate) root: Box<[LeanProperty]>,
    /// Offset of the tree's `(`.
    pub(crate) start: u32,
    /// Offset one past the tree's `)`.
    pub(crate) end: u32,
    /// The tree as the lenient reader read it, when the fast scanner did not.
    pub(crate) raw: Option<Box<RawTree>>,
}

/// The links of a node that is not plain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fork {
    pub node: u32,
    /// Its parent ([`NONE`] for the root).
    pub parent: u32,
    /// Its next sibling ([`NONE`] if it has none).
    pub next: u32,
}

/// The parent of `node`, given its fork if it starts one: the node before it otherwise.
fn parent_of(node: u32, fork: Option<&Fork>) -> Option<u32> {
    match fork {
        Some(fork) => (fork.parent != NONE).then_some(fork.parent),
        None => node.checked_sub(1),
    }
}

/// A property of a node of a [`LeanTree`], for [`LeanTree::ident`] and [`LeanTree::values`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeanProperty {
    /// Offset of the identifier's first byte.
    at: u32,
    /// In a tree the fast scanner read, the offset of the first `[`; else the index of the
    /// property in the lenient reader's tree.
    values: u32,
}

impl LeanProperty {
    /// A property the fast scanner read: its identifier at `at`, its first `[` at `bracket`.
    pub(super) fn scanned(at: usize, bracket: usize) -> Self {
        LeanProperty {
            at: at as u32,
            values: bracket as u32,
        }
    }

    /// Offset of the identifier's first byte.
    pub fn offset(&self) -> usize {
        self.at as usize
    }
}

impl LeanTree {
    /// A lean tree over the lenient reader's tree, which it keeps for the properties' bounds.
    pub(crate) fn from_raw(raw: RawTree) -> Self {
        let nodes = raw.nodes.iter().map(|n| n.offset as u32).collect();
        let forks = raw
            .nodes
            .iter()
            .enumerate()
            .filter(|(i, n)| n.parent != (*i as u32).checked_sub(1) || n.next_sibling.is_some())
            .map(|(i, n)| Fork {
                node: i as u32,
                parent: n.parent.unwrap_or(NONE),
                next: n.next_sibling.unwrap_or(NONE),
            })
            .collect();
        LeanTree {
            nodes,
            forks,
            repeats: Vec::new(),
            root: Box::default(),
            prop_total: raw.props.len() as u32,
            start: raw.start as u32,
            end: raw.end as u32,
            raw: Some(Box::new(raw)),
        }
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no node (never, for a tree a reader made).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many properties the tree has.
    pub fn prop_total(&self) -> usize {
        self.prop_total as usize
    }

    /// The byte range of the tree, from its `(` to one past its `)`.
    pub fn span(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Whether the fast scanner read the tree (else it holds the lenient reader's tree).
    pub fn is_regular(&self) -> bool {
        self.raw.is_none()
    }

    fn fork(&self, node: u32) -> Option<&Fork> {
        self.forks
            .binary_search_by_key(&node, |f| f.node)
            .ok()
            .map(|i| &self.forks[i])
    }

    /// The parent of `node`; `None` for the root.
    pub fn parent(&self, node: u32) -> Option<u32> {
        parent_of(node, self.fork(node))
    }

    /// The parent of each node, in order ([`LeanTree::parent`] of each, in one pass).
    pub(crate) fn parents(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        self.links().map(|(parent, _)| parent)
    }

    /// The parent of each node and whether a sibling follows it, in order, in one pass.
    pub(crate) fn links(&self) -> impl Iterator<Item = (Option<u32>, bool)> + '_ {
        let mut forks = self.forks.iter().peekable();
        (0..self.len() as u32).map(move |node| {
            let fork = forks.next_if(|f| f.node == node);
            (parent_of(node, fork), fork.is_some_and(|f| f.next != NONE))
        })
    }

    /// The next child of the parent of `node`.
    pub fn next_sibling(&self, node: u32) -> Option<u32> {
        self.fork(node)
            .and_then(|fork| (fork.next != NONE).then_some(fork.next))
    }

    /// Where `node` stands: its depth and the variations taken on the way from the root. The
    /// nodes between forks are plain (each the first child of the node before it), so the walk
    /// up jumps from fork to fork, and costs the forks on the path, not its length.
    pub fn path(&self, node: u32) -> NodePath {
        let mut up: Vec<(u32, u32)> = Vec::new();
        let mut depth = 0u32;
        let mut at = node;
        loop {
            let below = self.forks.partition_point(|f| f.node <= at);
            let Some(fork) = below.checked_sub(1).map(|i| self.forks[i]) else {
                depth += at;
                break;
            };
            depth += at - fork.node;
            at = fork.node;
            if fork.parent == NONE {
                break;
            }
            let index = self
                .children(fork.parent)
                .position(|c| c == at)
                .unwrap_or(0);
            if index > 0 {
                up.push((depth, u32::try_from(index + 1).unwrap_or(u32::MAX)));
            }
            depth += 1;
            at = fork.parent;
        }
        // Depths were counted upwards from the node; turn them into depths from the root.
        let forks = up
            .into_iter()
            .rev()
            .map(|(from_node, variation)| (depth - from_node, variation))
            .collect();
        NodePath { depth, forks }
    }

    /// The first child of `node`: in document order, the node after it if that is its child.
    pub fn first_child(&self, node: u32) -> Option<u32> {
        let next = node + 1;
        ((next as usize) < self.len() && self.parent(next) == Some(node)).then_some(next)
    }

    /// The children of `node`, main line first.
    pub fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        std::iter::successors(self.first_child(node), |&child| self.next_sibling(child))
    }

    /// The offset of `node`'s `;` (or of where the lenient reader assumed one).
    pub fn node_offset(&self, node: u32) -> usize {
        self.nodes[node as usize] as usize
    }

    /// The node whose bytes hold `offset`: the last one whose `;` stands at or before it.
    pub(crate) fn node_at(&self, offset: usize) -> u32 {
        let after = self.nodes.partition_point(|&at| at as usize <= offset);
        after.saturating_sub(1) as u32
    }

    /// The properties of `node`, in order, found again in `input`.
    pub fn props<'a>(&'a self, node: u32, input: &'a [u8]) -> Props<'a> {
        match &self.raw {
            Some(raw) => {
                let run = raw.nodes[node as usize].props.clone();
                Props(Walk::Kept {
                    raw,
                    indexes: run.start..run.end,
                })
            }
            None if node == 0 => Props(Walk::Listed(self.root.iter())),
            None => Props(Walk::Scanned {
                input,
                pos: skip_ws(input, self.node_offset(node) + 1),
            }),
        }
    }

    /// The identifier of a property of this tree.
    pub fn ident<'a>(&'a self, prop: LeanProperty, input: &'a [u8]) -> &'a str {
        if let Some(raw) = &self.raw {
            return raw.props[prop.values as usize].ident(input);
        }
        let at = prop.at as usize;
        std::str::from_utf8(&input[at..skip_letters(input, at)]).unwrap_or_default()
    }

    /// One past the last byte of the identifier of a property of this tree, as written.
    pub fn ident_end(&self, prop: LeanProperty, input: &[u8]) -> usize {
        match &self.raw {
            Some(raw) => raw.props[prop.values as usize].ident_end,
            None => skip_letters(input, prop.at as usize),
        }
    }

    /// Whether a property of this tree has the identifier `ident`: what comparing
    /// [`ident`](Self::ident) with it says, without making a `str` first.
    pub(crate) fn has_ident(&self, prop: LeanProperty, input: &[u8], ident: &str) -> bool {
        if self.raw.is_some() {
            return self.ident(prop, input) == ident;
        }
        ident_at(input, prop.at as usize, ident.as_bytes())
    }

    /// The values of a property of this tree, as byte ranges of `input`.
    pub fn values<'a>(
        &'a self,
        prop: LeanProperty,
        input: &'a [u8],
    ) -> impl Iterator<Item = ValueSpan> + 'a {
        match &self.raw {
            Some(raw) => {
                let values = raw.props[prop.values as usize].values.clone();
                Values::Kept(raw.values[values.start as usize..values.end as usize].iter())
            }
            None => Values::Scanned {
                input,
                bracket: Some(prop.values as usize),
            },
        }
    }

    /// The bytes of `node` after its `;`, from its first identifier to the `]` of its last
    /// value, in a tree the fast scanner read (`None` in another); `None` too if the node
    /// repeats an identifier, which a writer would rather merge or keep apart by itself.
    pub(crate) fn node_text(&self, node: u32, input: &[u8]) -> Option<Range<usize>> {
        if self.raw.is_some() || self.repeats_ident(node) {
            return None;
        }
        let end = self.node_end(node, input);
        // A node without properties ends at its `;`, before any white space after it.
        let start = skip_ws(input, self.node_offset(node) + 1).min(end);
        Some(start..end)
    }

    /// The properties of `node`, each as the byte ranges of its identifier and of all it was
    /// written as (from the identifier to the `]` of its last value), in a tree the fast scanner
    /// read: only white space stands between a property and the next, so none of the values has
    /// to be found again.
    pub(crate) fn written_props<'a>(
        &'a self,
        node: u32,
        input: &'a [u8],
    ) -> impl Iterator<Item = (Range<usize>, Range<usize>)> + 'a {
        let mut starts = self.props(node, input).map(|p| p.offset()).peekable();
        let last = self.node_end(node, input);
        std::iter::from_fn(move || {
            let start = starts.next()?;
            let end = starts
                .peek()
                .map_or(last, |&next| trim_end(input, start, next));
            Some((start..skip_letters(input, start), start..end))
        })
    }

    /// One past the `]` of the last value of `node` (its `;` if it has none), in a tree the
    /// fast scanner read.
    pub(crate) fn node_end(&self, node: u32, input: &[u8]) -> usize {
        // Only white space, `(` and `)` stand between the last `]` of a node and the `;` of the
        // next one (or the tree's last `)`).
        let start = self.node_offset(node);
        let next = self
            .nodes
            .get(node as usize + 1)
            .map_or(self.end as usize, |&next| next as usize);
        input[start..next]
            .iter()
            .rposition(|&b| !is_ws(b) && b != b'(' && b != b')')
            .map_or(start, |last| start + last + 1)
    }

    /// Whether `node` repeats an identifier, in a tree the fast scanner read.
    #[inline]
    pub(crate) fn repeats_ident(&self, node: u32) -> bool {
        !self.repeats.is_empty() && self.repeats.binary_search(&node).is_ok()
    }

    /// Whether a node other than the root repeats an identifier.
    pub(crate) fn repeats_below_root(&self) -> bool {
        self.repeats.iter().any(|&node| node > 0)
    }

    /// The lenient reader's form of the tree, equal to what it reads from `input` when the fast
    /// scanner read the tree.
    pub fn to_raw(&self, input: &[u8]) -> RawTree {
        if let Some(raw) = &self.raw {
            return (**raw).clone();
        }
        let mut raw = RawTree {
            nodes: Vec::with_capacity(self.len()),
            props: Vec::with_capacity(self.prop_total()),
            values: Vec::new(),
            start: self.start as usize,
            end: self.end as usize,
        };
        for node in 0..self.len() as u32 {
            let first = raw.props.len() as u32;
            for prop in self.props(node, input) {
                let values = raw.values.len() as u32;
                raw.values.extend(self.values(prop, input));
                raw.props.push(PropertySpan {
                    ident_start: prop.offset(),
                    ident_end: skip_letters(input, prop.offset()),
                    normalized: None,
                    values: values..raw.values.len() as u32,
                });
            }
            raw.nodes.push(RawNode {
                parent: self.parent(node),
                first_child: self.first_child(node),
                next_sibling: self.next_sibling(node),
                props: first..raw.props.len() as u32,
                offset: self.node_offset(node),
            });
        }
        raw
    }
}

/// A walk over the properties of one node of a tree the fast scanner read, in one pass over its
/// bytes: each property's identifier and first value, then its further values if asked for
/// (those not asked for are passed over). White space between tokens is rare: it is looked
/// for only where a byte is not what comes next in the common case. Each range it gives lies
/// within the bytes, its start not past its end, and each of its ends stands at or just after a
/// byte below 0x80 that the walk looked at (or at the end of the bytes): the typed walk over
/// UTF-8 slices text at them unchecked.
pub(crate) struct NodeWalk<'a> {
    input: &'a [u8],
    pos: usize,
}

impl<'a> NodeWalk<'a> {
    /// The walk over `node` of `tree`, which the fast scanner read.
    #[inline]
    pub(crate) fn new(tree: &LeanTree, node: u32, input: &'a [u8]) -> Self {
        debug_assert!(tree.is_regular(), "a tree the fast scanner read");
        let mut walk = NodeWalk {
            input,
            pos: tree.node_offset(node) + 1,
        };
        walk.pos = walk.ws(walk.pos);
        walk
    }

    #[inline(always)]
    fn ws(&self, pos: usize) -> usize {
        match self.input.get(pos) {
            Some(b) if is_ws(*b) => skip_ws(self.input, pos),
            _ => pos,
        }
    }

    /// The next property: a move or a point written short (`B[pd]`), or its identifier and
    /// its first value as byte ranges.
    #[inline(always)]
    pub(crate) fn next(&mut self) -> Option<Walked> {
        while self.next_value().is_some() {}
        let start = self.pos;
        if !self.input.get(start)?.is_ascii_uppercase() {
            return None;
        }
        // Most properties are moves, one capital and a value of two bytes: looked at at once.
        if let Some((letter, pair)) = short_property(self.input, start) {
            self.pos = self.ws(start + 5);
            let short = Walked::Short {
                at: start,
                letter,
                pair,
            };
            if self.input.get(self.pos) == Some(&b'[') {
                let (name, first) = short.ranges();
                return Some(Walked::Ranges(name, first));
            }
            return Some(short);
        }
        let end = skip_letters(self.input, start + 1);
        self.pos = self.ws(end);
        let first = self.next_value()?;
        Some(Walked::Ranges(start..end, first))
    }

    /// The next property: its identifier and its first value, as byte ranges.
    #[inline(always)]
    pub(crate) fn next_prop(&mut self) -> Option<(Range<usize>, Range<usize>)> {
        Some(self.next()?.ranges())
    }

    /// The next value of the property last given, as a byte range.
    #[inline(always)]
    pub(crate) fn next_value(&mut self) -> Option<Range<usize>> {
        if self.input.get(self.pos) != Some(&b'[') {
            return None;
        }
        let start = self.pos + 1;
        let close = value_end(self.input, start)?;
        self.pos = self.ws(close + 1);
        Some(start..close)
    }
}

/// A property [`NodeWalk::next`] found.
pub(crate) enum Walked {
    /// One capital at `at` and one value of two bytes, neither of them `]` nor `\`, with no
    /// value after it (`B[pd]`).
    Short {
        at: usize,
        letter: u8,
        pair: [u8; 2],
    },
    /// An identifier and its first value, as byte ranges; more values may follow.
    Ranges(Range<usize>, Range<usize>),
}

impl Walked {
    /// The identifier and the first value, as byte ranges.
    #[inline(always)]
    pub(crate) fn ranges(self) -> (Range<usize>, Range<usize>) {
        match self {
            Walked::Short { at, .. } => (at..at + 1, at + 2..at + 4),
            Walked::Ranges(name, first) => (name, first),
        }
    }
}

/// The properties of one node ([`LeanTree::props`]).
pub struct Props<'a>(Walk<'a>);

/// How the properties of a node are found.
enum Walk<'a> {
    /// Kept by the lenient reader.
    Kept {
        raw: &'a RawTree,
        indexes: Range<u32>,
    },
    /// Listed by the fast scanner (the root's).
    Listed(std::slice::Iter<'a, LeanProperty>),
    /// Found again in the bytes the fast scanner read, from the identifier at `pos`: each
    /// property is an identifier in capitals and values, and the node ends at the first byte
    /// after them that is not a capital.
    Scanned { input: &'a [u8], pos: usize },
}

impl Iterator for Props<'_> {
    type Item = LeanProperty;

    fn next(&mut self) -> Option<LeanProperty> {
        match &mut self.0 {
            Walk::Kept { raw, indexes } => {
                let index = indexes.next()?;
                Some(LeanProperty {
                    at: raw.props[index as usize].ident_start as u32,
                    values: index,
                })
            }
            Walk::Listed(props) => props.next().copied(),
            Walk::Scanned { input, pos } => {
                let at = *pos;
                if !input.get(at)?.is_ascii_uppercase() {
                    return None;
                }
                let first = skip_ws(input, skip_letters(input, at));
                let mut bracket = first;
                // Past the values: each ends at its first `]` that is not escaped.
                loop {
                    let close = find_close(input, bracket + 1, Multibyte::None)?;
                    let after = skip_ws(input, close + 1);
                    if input.get(after) != Some(&b'[') {
                        *pos = after;
                        break;
                    }
                    bracket = after;
                }
                Some(LeanProperty {
                    at: at as u32,
                    values: first as u32,
                })
            }
        }
    }
}

/// The values of one property.
enum Values<'a> {
    /// Kept by the lenient reader.
    Kept(std::slice::Iter<'a, ValueSpan>),
    /// Found again in the bytes the fast scanner read: each value ends at its first `]` that is
    /// not escaped.
    Scanned {
        input: &'a [u8],
        bracket: Option<usize>,
    },
}

impl Iterator for Values<'_> {
    type Item = ValueSpan;

    fn next(&mut self) -> Option<ValueSpan> {
        match self {
            Values::Kept(iter) => iter.next().copied(),
            Values::Scanned { input, bracket } => {
                let start = bracket.take()? + 1;
                let end = find_close(input, start, Multibyte::None)?;
                let next = skip_ws(input, end + 1);
                if input.get(next) == Some(&b'[') {
                    *bracket = Some(next);
                }
                Some(ValueSpan { start, end })
            }
        }
    }
}
