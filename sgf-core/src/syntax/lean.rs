//! The lean raw tree: what a game tree holds once its bytes are kept beside it. A node is one
//! `u32` (where its properties start) and a property eight bytes (where it is written and its
//! identifier, packed); values are found again in the bytes when asked for, and the links of a
//! node are implied by document order except at forks, which sit in a side table. A tree the
//! fast scanner could not read (one that needed a recovery, or a double-byte charset) keeps
//! its full [`RawTree`] on the side instead, so that every value keeps the bounds the lenient
//! reader gave it.

use std::ops::Range;

use super::scanner::{find_close, skip_letters, skip_ws};
use super::{PropertySpan, RawNode, RawTree, ValueSpan};
use crate::charset::Multibyte;

/// "None" in the `u32` links of [`Fork`].
const NONE: u32 = u32::MAX;

/// The packed form of an identifier of more than four letters: read it from the input.
pub(crate) const LONG: u32 = 0;

/// All game trees of an input, in document order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeanCollection {
    /// The game trees.
    pub trees: Vec<LeanTree>,
}

/// One game tree in lean form. Nodes are numbered in document (pre)order from 0, the root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeanTree {
    /// Per node, the index of its first property in `props`; one more entry closes the last run.
    pub(crate) runs: Vec<u32>,
    /// The properties of every node, in document order.
    pub(crate) props: Vec<LeanProp>,
    /// The nodes whose links are not the plain ones (the node before them is their parent, and
    /// they have no next sibling), sorted by node.
    pub(crate) forks: Vec<Fork>,
    /// The offsets of the `;` of nodes without properties, sorted by node (the others are found
    /// from their first property).
    pub(crate) empty: Vec<(u32, u32)>,
    /// Offset of the tree's `(`.
    pub(crate) start: u32,
    /// Offset one past the tree's `)`.
    pub(crate) end: u32,
    /// The tree as the lenient reader read it, when the fast scanner did not.
    pub(crate) raw: Option<Box<RawTree>>,
}

/// A property: where it is written, and its identifier packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LeanProp {
    /// Offset of the identifier's first byte.
    pub at: u32,
    /// The identifier's bytes, little-endian, if it has at most four; else [`LONG`].
    pub key: u32,
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

/// An identifier of up to four bytes packed into a number ([`LONG`] for a longer one).
#[inline]
pub(crate) fn pack(ident: &[u8]) -> u32 {
    if ident.len() > 4 {
        return LONG;
    }
    ident
        .iter()
        .rev()
        .fold(0, |packed, &byte| packed << 8 | u32::from(byte))
}

impl LeanTree {
    /// A lean tree over the lenient reader's tree, which it keeps for the values' bounds.
    pub(crate) fn from_raw(raw: RawTree, input: &[u8]) -> Self {
        let mut runs: Vec<u32> = raw.nodes.iter().map(|n| n.props.start).collect();
        runs.push(raw.props.len() as u32);
        let props = raw
            .props
            .iter()
            .map(|p| LeanProp {
                at: p.ident_start as u32,
                key: pack(p.ident(input).as_bytes()),
            })
            .collect();
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
            runs,
            props,
            forks,
            empty: Vec::new(),
            start: raw.start as u32,
            end: raw.end as u32,
            raw: Some(Box::new(raw)),
        }
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.runs.len() - 1
    }

    /// Whether the tree has no node (never, for a tree a reader made).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
        match self.fork(node) {
            Some(fork) => (fork.parent != NONE).then_some(fork.parent),
            None => node.checked_sub(1),
        }
    }

    /// The next child of the parent of `node`.
    pub fn next_sibling(&self, node: u32) -> Option<u32> {
        self.fork(node)
            .and_then(|fork| (fork.next != NONE).then_some(fork.next))
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

    /// The properties of `node`, as indexes of the tree's properties (for
    /// [`ident`](LeanTree::ident) and [`values`](LeanTree::values)).
    pub fn run(&self, node: u32) -> Range<usize> {
        self.runs[node as usize] as usize..self.runs[node as usize + 1] as usize
    }

    /// How many properties the tree has: their indexes are `0..prop_total()`.
    pub fn prop_total(&self) -> usize {
        self.props.len()
    }

    /// How many properties `node` has.
    pub fn prop_count(&self, node: u32) -> usize {
        self.run(node).len()
    }

    /// The offset of `node`'s `;` (or of where the lenient reader assumed one).
    pub fn node_offset(&self, node: u32, input: &[u8]) -> usize {
        if let Some(raw) = &self.raw {
            return raw.nodes[node as usize].offset;
        }
        match self.props.get(self.run(node)).and_then(|run| run.first()) {
            Some(first) => {
                // White space only stands between a node's `;` and its first identifier.
                let mut at = first.at as usize;
                while at > 0 && input[at - 1] != b';' {
                    at -= 1;
                }
                at - 1
            }
            None => {
                let i = self.empty.partition_point(|&(n, _)| n < node);
                self.empty[i].1 as usize
            }
        }
    }

    /// The bytes of `node` after its `;`, from its first identifier to the `]` of its last
    /// value, in a tree the fast scanner read (`None` in another); `None` too if the node
    /// repeats an identifier, which a writer would rather merge or keep apart by itself.
    pub(crate) fn node_text(&self, node: u32, input: &[u8]) -> Option<Range<usize>> {
        if self.raw.is_some() {
            return None;
        }
        let run = self.run(node);
        let props = &self.props[run.clone()];
        let (Some(first), Some(last)) = (props.first(), run.clone().last()) else {
            return Some(0..0);
        };
        for (k, prop) in props.iter().enumerate().skip(1) {
            let same = |other: &LeanProp| {
                other.key == prop.key
                    && (prop.key != LONG
                        || self.ident(run.start + k, input) == self.ident_at(other.at, input))
            };
            if props[..k].iter().any(same) {
                return None;
            }
        }
        let end = self.values(last, input).last()?.end + 1;
        Some(first.at as usize..end)
    }

    /// The identifier written at `at`, in a tree the fast scanner read.
    fn ident_at<'a>(&self, at: u32, input: &'a [u8]) -> &'a str {
        let at = at as usize;
        std::str::from_utf8(&input[at..skip_letters(input, at)]).unwrap_or_default()
    }

    /// The identifier of the property at `index` (see [`run`](LeanTree::run)).
    pub fn ident<'a>(&'a self, index: usize, input: &'a [u8]) -> &'a str {
        if let Some(raw) = &self.raw {
            return raw.props[index].ident(input);
        }
        self.ident_at(self.props[index].at, input)
    }

    /// The values of the property at `index` (see [`run`](LeanTree::run)), as byte ranges of
    /// `input`.
    pub fn values<'a>(
        &'a self,
        index: usize,
        input: &'a [u8],
    ) -> impl Iterator<Item = ValueSpan> + 'a {
        match &self.raw {
            Some(raw) => {
                let values = raw.props[index].values.clone();
                Values::Kept(raw.values[values.start as usize..values.end as usize].iter())
            }
            None => {
                let at = self.props[index].at as usize;
                Values::Scanned {
                    input,
                    bracket: Some(skip_ws(input, skip_letters(input, at))),
                }
            }
        }
    }

    /// The lenient reader's form of the tree, equal to what it reads from `input` when the fast
    /// scanner read the tree.
    pub fn to_raw(&self, input: &[u8]) -> RawTree {
        if let Some(raw) = &self.raw {
            return (**raw).clone();
        }
        let mut raw = RawTree {
            nodes: Vec::with_capacity(self.len()),
            props: Vec::with_capacity(self.props.len()),
            values: Vec::new(),
            start: self.start as usize,
            end: self.end as usize,
        };
        for node in 0..self.len() as u32 {
            raw.nodes.push(RawNode {
                parent: self.parent(node),
                first_child: self.first_child(node),
                next_sibling: self.next_sibling(node),
                props: self.runs[node as usize]..self.runs[node as usize + 1],
                offset: self.node_offset(node, input),
            });
            for index in self.run(node) {
                let first = raw.values.len() as u32;
                raw.values.extend(self.values(index, input));
                let at = self.props[index].at as usize;
                raw.props.push(PropertySpan {
                    ident_start: at,
                    ident_end: skip_letters(input, at),
                    normalized: None,
                    values: first..raw.values.len() as u32,
                });
            }
        }
        raw
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
