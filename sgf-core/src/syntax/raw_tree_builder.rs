//! Building flat game trees: an explicit stack of open parentheses, nodes linked to their
//! parent and siblings in O(1), and the check for properties repeated in a node.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::ops::Range;

use super::{PropertySpan, RawCollection, RawNode, RawTree, ValueSpan};

/// The most nodes, properties or values one tree can hold: indexes are `u32`.
pub(super) const MAX_ITEMS: usize = u32::MAX as usize;

/// Up to this many properties in a node, repeats are found by comparing with each; beyond, with
/// a hash map, so that a node with a huge number of properties stays linear.
const LINEAR_REPEAT_CHECK: usize = 16;

/// The same for identifiers compared in their packed form, which is cheaper.
const LINEAR_PACKED_CHECK: usize = 64;

/// A tree is full: it holds the most items an index can reach.
#[derive(Debug)]
pub(super) struct Full;

/// An open `(`.
struct Frame {
    /// Offset of the `(`.
    open: usize,
    /// The node the first node of this frame's sequence follows.
    parent: Option<u32>,
    /// The last node of this frame's sequence so far.
    last: Option<u32>,
    /// Whether a variation opened in this frame since its last node.
    had_child: bool,
    /// The last child so far of `last`; children are linked to it in O(1).
    last_child: Option<u32>,
    /// The index of the frame whose `last` is `parent`, which tracks `parent`'s children.
    owner: usize,
}

/// Which link of a node points to a new node.
enum Link {
    FirstChild,
    NextSibling,
}

/// What opening a `(` inside a tree found.
pub(super) enum Opened {
    /// A variation after a node.
    Variation,
    /// A `(` right after `(`: its frame holds no node; `top_level` if it is a tree's `(`.
    Wrapper { open: usize, top_level: bool },
}

/// What opening a node found.
pub(super) enum NodeOpened {
    /// The next node of a sequence.
    InSequence,
    /// A node after a variation closed: read as a further variation.
    AfterVariation,
}

/// Builds the game trees of one parse.
pub(super) struct RawTreeBuilder {
    trees: Vec<RawTree>,
    tree: RawTree,
    /// The stack depth of the frame holding the current tree's root, if a tree is open.
    root_depth: Option<usize>,
    stack: Vec<Frame>,
    /// The node properties go to, if one is open.
    node: Option<u32>,
    /// The identifiers of the current node's properties, packed (see [`packed`]).
    keys: Vec<u64>,
    /// Hash of an identifier to its first property in the current node, once the node is big.
    seen: HashMap<u64, u32>,
    hasher: RandomState,
    limit: usize,
}

impl RawTreeBuilder {
    /// A builder for `input`, its first tree's arrays sized for the nodes and values the input
    /// seems to hold (every `;` and `[`, up to a quarter of its length each), so that they do
    /// not grow again and again.
    pub(super) fn new(input: &[u8], limit: usize) -> Self {
        let estimate = |byte| {
            memchr::memchr_iter(byte, input)
                .count()
                .min(input.len() / 4)
        };
        let (nodes, values) = (estimate(b';'), estimate(b'['));
        RawTreeBuilder {
            trees: Vec::new(),
            tree: RawTree {
                nodes: Vec::with_capacity(nodes),
                props: Vec::with_capacity(values),
                values: Vec::with_capacity(values),
                ..RawTree::default()
            },
            root_depth: None,
            stack: Vec::new(),
            node: None,
            keys: Vec::new(),
            seen: HashMap::new(),
            hasher: RandomState::new(),
            limit: limit.min(MAX_ITEMS),
        }
    }

    /// How many `(` are open.
    pub(super) fn depth(&self) -> usize {
        self.stack.len()
    }

    /// How many game trees are complete.
    pub(super) fn tree_count(&self) -> usize {
        self.trees.len()
    }

    /// Whether a node is open to take properties.
    pub(super) fn node_open(&self) -> bool {
        self.node.is_some()
    }

    /// Opens a `(` at `offset`.
    pub(super) fn open(&mut self, offset: usize) -> Opened {
        self.node = None;
        let top = self.stack.len().checked_sub(1);
        let (parent, owner, outcome) = match self.stack.last_mut() {
            None => (None, 0, Opened::Variation),
            Some(frame) => {
                let wrapper = frame.last.is_none() && !frame.had_child;
                frame.had_child = true;
                let outcome = if wrapper {
                    Opened::Wrapper {
                        open: frame.open,
                        top_level: frame.parent.is_none(),
                    }
                } else {
                    Opened::Variation
                };
                let owner = match (frame.last, top) {
                    (Some(_), Some(top)) => top,
                    _ => frame.owner,
                };
                (frame.last.or(frame.parent), owner, outcome)
            }
        };
        self.stack.push(Frame {
            open: offset,
            parent,
            last: None,
            had_child: false,
            last_child: None,
            owner,
        });
        outcome
    }

    /// Closes the innermost `(` with a `)` that ends at `end`. Returns the offset of its `(` if
    /// it held nothing.
    pub(super) fn close(&mut self, end: usize) -> Option<usize> {
        self.node = None;
        let frame = self.stack.pop()?;
        if self.root_depth == Some(self.stack.len() + 1) {
            self.finish_tree(end);
        }
        (frame.last.is_none() && !frame.had_child).then_some(frame.open)
    }

    /// Closes every open `(` at the end of the input; returns how many there were.
    pub(super) fn close_all(&mut self, end: usize) -> usize {
        let open = self.stack.len();
        self.stack.clear();
        self.node = None;
        if self.root_depth.is_some() {
            self.finish_tree(end);
        }
        open
    }

    fn finish_tree(&mut self, end: usize) {
        self.root_depth = None;
        self.tree.end = end;
        let mut tree = std::mem::take(&mut self.tree);
        // The first tree's arrays were sized for the whole input: give back what one tree of
        // several did not use.
        if tree.nodes.capacity() > 2 * tree.nodes.len()
            || tree.values.capacity() > 2 * tree.values.len()
        {
            tree.nodes.shrink_to_fit();
            tree.props.shrink_to_fit();
            tree.values.shrink_to_fit();
        }
        self.trees.push(tree);
    }

    /// Opens a node at `offset` in the innermost frame (there must be one).
    pub(super) fn open_node(&mut self, offset: usize) -> Result<NodeOpened, Full> {
        if self.tree.nodes.len() >= self.limit {
            return Err(Full);
        }
        let depth = self.stack.len();
        let Some(frame) = self.stack.last_mut() else {
            return Err(Full);
        };
        let outcome = if frame.had_child {
            frame.had_child = false;
            NodeOpened::AfterVariation
        } else {
            NodeOpened::InSequence
        };
        let parent = frame.last.or(frame.parent);
        if parent.is_none() {
            if self.root_depth.is_some() {
                // Not reached: a frame without a parent node holds no open tree. Kept so that a
                // mistake here could never mix two trees.
                self.tree.end = offset;
                self.trees.push(std::mem::take(&mut self.tree));
            }
            // A root: a new tree, starting at this frame's `(` unless a tree started there.
            self.tree.start = match outcome {
                NodeOpened::InSequence => frame.open,
                NodeOpened::AfterVariation => offset,
            };
            self.root_depth = Some(depth);
        }
        let id = index(self.tree.nodes.len());
        // The parent's previous last child, now `id`: kept by this frame if the parent is its
        // last node, else by the frame that owns the parent.
        let (previous, owner) = if frame.last.is_some() {
            (frame.last_child.take(), None)
        } else {
            (None, Some(frame.owner))
        };
        frame.last = Some(id);
        frame.last_child = None;
        let previous = match owner {
            Some(owner) if parent.is_some() => self
                .stack
                .get_mut(owner)
                .and_then(|frame| frame.last_child.replace(id)),
            _ => previous,
        };
        let props = index(self.tree.props.len());
        self.tree.nodes.push(RawNode {
            parent,
            first_child: None,
            next_sibling: None,
            props: props..props,
            offset,
        });
        if let Some(parent) = parent {
            let (node, link) = match previous {
                None => (parent, Link::FirstChild),
                Some(previous) => (previous, Link::NextSibling),
            };
            if let Some(node) = self.tree.nodes.get_mut(node as usize) {
                match link {
                    Link::FirstChild => node.first_child = Some(id),
                    Link::NextSibling => node.next_sibling = Some(id),
                }
            }
        }
        self.node = Some(id);
        self.keys.clear();
        if !self.seen.is_empty() {
            // Clearing costs the map's capacity: drop a big map rather than clear it per node.
            if self.seen.capacity() > 1024 {
                self.seen = HashMap::new();
            } else {
                self.seen.clear();
            }
        }
        Ok(outcome)
    }

    /// Adds a property (with no value yet) to the open node (there must be one).
    pub(super) fn push_prop(
        &mut self,
        input: &[u8],
        ident: Range<usize>,
        normalized: Option<Box<str>>,
    ) -> Result<(), Full> {
        if self.tree.props.len() >= self.limit {
            return Err(Full);
        }
        let values = index(self.tree.values.len());
        let prop = PropertySpan {
            ident_start: ident.start,
            ident_end: ident.end,
            normalized,
            values: values..values,
        };
        self.keys.push(packed(key(&prop, input)));
        self.tree.props.push(prop);
        let end = index(self.tree.props.len());
        if let Some(node) = self
            .node
            .and_then(|node| self.tree.nodes.get_mut(node as usize))
        {
            node.props.end = end;
        }
        Ok(())
    }

    /// Adds a value to the last property.
    pub(super) fn push_value(&mut self, start: usize, end: usize) -> Result<(), Full> {
        if self.tree.values.len() >= self.limit {
            return Err(Full);
        }
        self.tree.values.push(ValueSpan { start, end });
        let count = index(self.tree.values.len());
        if let Some(prop) = self.tree.props.last_mut() {
            prop.values.end = count;
        }
        Ok(())
    }

    /// If the last property repeats an earlier one of its node, that one's identifier range.
    pub(super) fn repeated(&mut self, input: &[u8]) -> Option<(usize, usize)> {
        // Most nodes hold a few properties with short identifiers: compare their packed forms.
        let (&packed_last, packed_earlier) = self.keys.split_last()?;
        let node = self.tree.nodes.get(self.node? as usize)?;
        let start = node.props.start as usize;
        if packed_last != LONG && packed_earlier.len() < LINEAR_PACKED_CHECK {
            let k = packed_earlier
                .iter()
                .position(|&k| k == packed_last && k != 0)?;
            let first = self.tree.props.get(start + k)?;
            return Some((first.ident_start, first.ident_end));
        }
        let props = self.tree.props.get(start..node.props.end as usize)?;
        let (last, earlier) = props.split_last()?;
        let ident = key(last, input);
        if earlier.is_empty() || ident.is_empty() {
            return None;
        }
        let first = if earlier.len() < LINEAR_REPEAT_CHECK {
            earlier.iter().find(|prop| key(prop, input) == ident)
        } else {
            if self.seen.is_empty() {
                for (i, prop) in earlier.iter().enumerate() {
                    let hash = self.hasher.hash_one(key(prop, input));
                    self.seen.entry(hash).or_insert(index(i));
                }
            }
            let hash = self.hasher.hash_one(ident);
            let at = *self.seen.entry(hash).or_insert(index(earlier.len()));
            match earlier.get(at as usize) {
                Some(prop) if key(prop, input) == ident => Some(prop),
                // The same hash for another identifier: look at each.
                Some(_) => earlier.iter().find(|prop| key(prop, input) == ident),
                None => None,
            }
        };
        first.map(|prop| (prop.ident_start, prop.ident_end))
    }

    /// The identifier of the last property, for a message.
    #[cold]
    pub(super) fn last_ident(&self, input: &[u8]) -> String {
        match self.tree.props.last().map(|prop| prop.ident(input)) {
            None | Some("") => "a property without identifier".to_owned(),
            Some(ident) => ident.to_owned(),
        }
    }

    /// The game trees read.
    pub(super) fn finish(self) -> RawCollection {
        RawCollection { trees: self.trees }
    }
}

/// The identifier of a property as bytes.
#[inline]
fn key<'a>(prop: &'a PropertySpan, input: &'a [u8]) -> &'a [u8] {
    match &prop.normalized {
        Some(ident) => ident.as_bytes(),
        None => input
            .get(prop.ident_start..prop.ident_end)
            .unwrap_or_default(),
    }
}

/// The packed form of identifiers too long to pack.
const LONG: u64 = u64::MAX;

/// An identifier of up to eight bytes packed into a number, so that comparing two takes one
/// step; a longer one (rare: identifiers are one or two capitals) is [`LONG`], compared by its
/// bytes. Identifiers are letters, never zero bytes, so no two pack alike.
fn packed(ident: &[u8]) -> u64 {
    if ident.len() > 8 {
        return LONG;
    }
    ident
        .iter()
        .fold(0, |packed, &byte| packed << 8 | u64::from(byte))
}

/// An index that fits `u32`: every caller checked the length against the limit.
fn index(len: usize) -> u32 {
    u32::try_from(len).unwrap_or(u32::MAX)
}
