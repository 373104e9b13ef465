//! The typed views of a tree: [`TypedNodes`], a node's properties parsed when asked for into a
//! buffer reused from node to node, and [`TypedTree`], every node's parsed once into one arena,
//! for code that goes back and forth in the tree.

use std::cell::RefCell;

use crate::finding::Span;
use crate::node_id::NodeId;
use crate::property::GameProperty;
use crate::read::{NodeReader, Scratch, context};
use crate::syntax::LeanTree;
use crate::tree::{Links, Tree, TreeView};
use crate::value::Context;

use super::Lines;
use super::game::lean;

/// The properties [`TypedNodes`] makes room for at first.
const ROOM: usize = 32;

/// The typed properties of a tree's nodes, one node at a time.
///
/// ```
/// use sgf_core::{GoProperty, ReadOptions, games::go::Move};
///
/// let collection = sgf_core::read(b"(;GM[1]SZ[19];B[pd];W[dd])", &ReadOptions::default())?;
/// let game = collection.game(0);
/// let mut nodes = game.typed::<GoProperty>();
/// let moves = game
///     .nodes()
///     .filter(|&node| nodes.props(node).iter().any(|p| matches!(p, GoProperty::B(Move::Play(_)))))
///     .count();
/// assert_eq!(moves, 1);
/// # Ok::<(), sgf_core::ParseError>(())
/// ```
pub struct TypedNodes<'a, P> {
    reader: NodeReader<'a>,
    ctx: Context,
    scratch: Scratch<'a>,
    props: Vec<P>,
}

impl<'a, P: GameProperty> TypedNodes<'a, P> {
    pub(super) fn new(reader: NodeReader<'a>) -> Self {
        TypedNodes {
            ctx: context(reader.bytes, reader.tree, P::DEFAULT_SIZE, reader.encoding),
            reader,
            scratch: Scratch::default(),
            // Room for a root's properties, the most a node of most games has (Fox roots
            // have twenty and more): a buffer grown from nothing moved four times.
            props: Vec::with_capacity(ROOM),
        }
    }

    /// The board and format version the tree's values are read in.
    pub fn context(&self) -> &Context {
        &self.ctx
    }

    /// The properties of `node`, typed. A value its property does not take is kept as written,
    /// as an invalid property.
    ///
    /// # Panics
    /// If `node` is not a node of the tree.
    pub fn props(&mut self, node: NodeId) -> &[P] {
        self.props.clear();
        self.reader
            .props(lean(node), &self.ctx, &mut self.scratch, &mut self.props);
        &self.props
    }
}

/// Every node of a tree with its properties typed: a view over the collection's tree that
/// holds the typed properties in one arena and finds the links of the nodes in the tree's
/// structure. It reads as an owned [`Tree`] reads ([`TreeView`]); [`to_tree`](Self::to_tree)
/// copies it into one.
pub struct TypedTree<'a, P> {
    game: usize,
    tree: &'a LeanTree,
    bytes: &'a [u8],
    /// The lines of the input, where the tree's bytes are the input's.
    lines: Option<Lines<'a>>,
    ctx: Context,
    props: Vec<P>,
    /// Where each node's properties start in `props`, and one past the last.
    starts: Vec<u32>,
    /// Whether bytes not valid in the tree's charset were replaced.
    replaced: bool,
    /// The byte ranges of the values of the last property whose values were placed, by node
    /// and identifier: a property with a finding on each of its many values is walked once.
    value_ranges: RefCell<Option<ValueRanges>>,
}

/// The byte ranges of the values of one property of one node: its node, its identifier and
/// the ranges.
type ValueRanges = (u32, String, Vec<(usize, usize)>);

impl<'a, P: GameProperty> TypedTree<'a, P> {
    pub(super) fn new(game: usize, reader: NodeReader<'a>, lines: Option<Lines<'a>>) -> Self {
        let tree = reader.tree;
        let ctx = context(reader.bytes, tree, P::DEFAULT_SIZE, reader.encoding);
        let mut props = Vec::with_capacity(tree.prop_total());
        let mut starts = Vec::with_capacity(tree.len() + 1);
        let mut scratch = Scratch::default();
        reader.all_props(&ctx, &mut scratch, &mut props, &mut starts);
        TypedTree {
            game,
            tree,
            bytes: reader.bytes,
            lines,
            ctx,
            props,
            starts,
            replaced: scratch.replaced(),
            value_ranges: RefCell::new(None),
        }
    }

    /// The index of the tree in its collection.
    pub fn game(&self) -> usize {
        self.game
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.tree.len()
    }

    /// Whether the tree has no node (never: every tree has its root).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The board and format version the tree's values were read in.
    pub fn context(&self) -> Context {
        self.ctx
    }

    /// Whether bytes not valid in the tree's charset were replaced with U+FFFD.
    pub(crate) fn replaced_bytes(&self) -> bool {
        self.replaced
    }

    /// The span of the bytes `start..end` of the input, where the tree was read from it.
    pub(crate) fn input_span(&self, start: usize, end: usize) -> Option<Span> {
        Some(self.lines?.span(start, end))
    }

    /// An owned copy of the tree, its nodes numbered as here.
    pub fn to_tree(&self) -> Tree<P> {
        let mut tree = Tree::new(self.props(NodeId::ROOT).to_vec());
        tree.reserve_exact(self.len().saturating_sub(1), self.props.len());
        for node in (1..self.len() as u32).filter_map(NodeId::from_index) {
            let parent = Links::parent(self, node).unwrap_or(NodeId::ROOT);
            tree.add_child(parent, self.props(node).iter().cloned());
        }
        tree
    }

    /// The tree as an owned [`Tree`], its nodes numbered as here: [`Self::to_tree`] without
    /// copying, the arena of typed properties moved into it as it is.
    pub fn into_tree(self) -> Tree<P> {
        let TypedTree {
            tree,
            props,
            starts,
            ..
        } = self;
        let parents = tree.parents().map(|parent| parent.map(NodeId::of_lean));
        let runs = parents.zip(starts.iter().skip(1).map(|&end| end as usize));
        Tree::from_runs(props, runs)
    }

    /// The root.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// The parent of `node`; `None` for the root.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        Links::parent(self, node)
    }

    /// The children of `node`, main line first.
    pub fn children(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        Links::children(self, node)
    }

    /// The main line: the root and each first child after it.
    pub fn main_line(&self) -> impl Iterator<Item = NodeId> + '_ {
        Links::main_line(self)
    }

    /// Every node, in document order: parents before children, main lines before variations.
    pub fn preorder(&self) -> impl Iterator<Item = NodeId> + use<P> {
        (0..self.len()).map(NodeId::of_index)
    }

    /// The property with this identifier in `node`.
    pub fn get(&self, node: NodeId, ident: &str) -> Option<&P> {
        self.props(node).iter().find(|p| p.ident() == ident)
    }

    /// The properties of `node`.
    ///
    /// # Panics
    /// If `node` is not a node of the tree.
    pub fn props(&self, node: NodeId) -> &[P] {
        let at = node.index();
        &self.props[self.starts[at] as usize..self.starts[at + 1] as usize]
    }

    /// Where the property `ident` of `node` stands in the input (its identifier to its last
    /// value, or its value number `value`; the node's `;` without an identifier): `None` where
    /// the tree was not read from the input, or the node was edited.
    pub fn span(&self, node: NodeId, ident: Option<&str>, value: Option<usize>) -> Option<Span> {
        self.lines?;
        let (start, end) = match (ident, value) {
            (Some(ident), Some(value)) => self.value_range(lean(node), ident, value)?,
            _ => place(self.tree, self.bytes, lean(node), ident)?,
        };
        self.input_span(start, end)
    }

    /// The bytes of value `value` of property `ident` of `node`, from the ranges of its values
    /// found once for the node and identifier.
    fn value_range(&self, node: u32, ident: &str, value: usize) -> Option<(usize, usize)> {
        let mut cached = self.value_ranges.borrow_mut();
        let hit = matches!(&*cached, Some((n, i, _)) if *n == node && i == ident);
        if !hit {
            *cached = Some((
                node,
                ident.to_owned(),
                value_ranges(self.tree, self.bytes, node, ident),
            ));
        }
        cached.as_ref()?.2.get(value).copied()
    }
}

impl<P> Links for TypedTree<'_, P> {
    fn arena_len(&self) -> usize {
        self.tree.len()
    }

    fn parent(&self, node: NodeId) -> Option<NodeId> {
        Links::parent(self.tree, node)
    }

    fn first_child(&self, node: NodeId) -> Option<NodeId> {
        Links::first_child(self.tree, node)
    }

    fn next_sibling(&self, node: NodeId) -> Option<NodeId> {
        Links::next_sibling(self.tree, node)
    }

    fn path(&self, node: NodeId) -> crate::finding::NodePath {
        Links::path(self.tree, node)
    }

    fn preorder(&self) -> impl Iterator<Item = NodeId> + '_ {
        Links::preorder(self.tree)
    }

    fn preorder_with_links(&self) -> impl Iterator<Item = (NodeId, Option<NodeId>, bool)> + '_ {
        Links::preorder_with_links(self.tree)
    }
}

impl<P: GameProperty> TreeView<P> for TypedTree<'_, P> {
    fn props(&self, node: NodeId) -> &[P] {
        TypedTree::props(self, node)
    }

    fn context(&self) -> Context {
        self.ctx
    }

    fn is_read_from_input(&self) -> bool {
        self.lines.is_some()
    }

    fn span(&self, node: NodeId, ident: Option<&str>, value: Option<usize>) -> Option<Span> {
        TypedTree::span(self, node, ident, value)
    }
}

/// The byte ranges of the values of `ident` in `node`, repeats counted on from the first.
fn value_ranges(tree: &LeanTree, bytes: &[u8], node: u32, ident: &str) -> Vec<(usize, usize)> {
    if node as usize >= tree.len() {
        return Vec::new();
    }
    tree.props(node, bytes)
        .filter(|&p| tree.has_ident(p, bytes, ident))
        .flat_map(|p| tree.values(p, bytes))
        .map(|v| (v.start, v.end))
        .collect()
}

/// The byte range of a place in a lean tree: a property (its identifier to its last value,
/// repeats counted on from the first, as reading merges them), or a node (its `;`).
fn place(tree: &LeanTree, bytes: &[u8], node: u32, ident: Option<&str>) -> Option<(usize, usize)> {
    if node as usize >= tree.len() {
        return None;
    }
    let Some(ident) = ident else {
        let at = tree.node_offset(node);
        return Some((at, at + 1));
    };
    let mut props = tree
        .props(node, bytes)
        .filter(|&p| tree.has_ident(p, bytes, ident))
        .peekable();
    let first = *props.peek()?;
    let ident_end = tree.ident_end(first, bytes);
    let end = props
        .flat_map(|p| tree.values(p, bytes))
        .last()
        .map_or(ident_end, |v| v.end + 1);
    Some((first.offset(), end))
}
