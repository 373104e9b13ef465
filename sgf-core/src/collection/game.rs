//! The view of one game tree of a collection: its game and charset, its nodes and their links,
//! and the ways to its typed properties.

use encoding_rs::Encoding;

use crate::charset;
use crate::game_set::{GameDispatch, GameSet};
use crate::node_id::NodeId;
use crate::property::GameProperty;
use crate::read::NodeReader;
use crate::syntax::LeanTree;
use crate::tree::Tree;
use crate::value::Source;

use super::typed::{TypedNodes, TypedTree};
use super::{Collection, TreeData};

/// One game tree of a [`Collection`]: a view, copied freely, that costs nothing until it is
/// asked for properties. Nodes are numbered in document order, the root first: a node's
/// [`NodeId::index`] is its place in the file, and every node after a node up to its next
/// sibling is in its subtree.
pub struct Game<'a, G = crate::GameTree> {
    collection: &'a Collection<G>,
    index: usize,
}

impl<G> Clone for Game<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Game<'_, G> {}

impl<G> std::fmt::Debug for Game<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("index", &self.index)
            .field("gm", &self.gm())
            .field("nodes", &self.len())
            .finish()
    }
}

impl<'a, G> Game<'a, G> {
    pub(super) fn new(collection: &'a Collection<G>, index: usize) -> Self {
        Game { collection, index }
    }

    fn data(&self) -> &'a TreeData {
        &self.collection.trees[self.index]
    }

    /// The collection the tree belongs to.
    pub fn collection(&self) -> &'a Collection<G> {
        self.collection
    }

    /// The tree's index in its collection.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The tree's game: its root's `GM` (1, Go, without one).
    pub fn gm(&self) -> u32 {
        self.data().gm
    }

    /// The charset the tree's text was read in.
    pub fn charset(&self) -> &'static Encoding {
        self.data().charset
    }

    /// How many nodes the tree has.
    pub fn len(&self) -> usize {
        self.data().lean.len()
    }

    /// Whether the tree has no node (never: every tree has its root).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The root.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// Every node, in document order (parents before children, main lines before variations).
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = NodeId> + use<G> {
        (0..self.len()).map(NodeId::of_index)
    }

    /// The parent of `node`; `None` for the root.
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.lean().parent(lean(node)).map(NodeId::of_lean)
    }

    /// The first child of `node`: the next node of its main line.
    pub fn first_child(&self, node: NodeId) -> Option<NodeId> {
        self.lean().first_child(lean(node)).map(NodeId::of_lean)
    }

    /// The next sibling of `node`: the next variation at its parent.
    pub fn next_sibling(&self, node: NodeId) -> Option<NodeId> {
        self.lean().next_sibling(lean(node)).map(NodeId::of_lean)
    }

    /// The children of `node`, main line first.
    pub fn children(&self, node: NodeId) -> impl Iterator<Item = NodeId> + 'a {
        let tree = self.lean();
        tree.children(lean(node)).map(NodeId::of_lean)
    }

    /// The main line: the root and each first child after it.
    pub fn main_line(&self) -> impl Iterator<Item = NodeId> + 'a {
        let tree = self.lean();
        std::iter::successors(Some(0), |&n| tree.first_child(n)).map(NodeId::of_lean)
    }

    /// The tree's structure: where each node, property and value stands in
    /// [`bytes`](Self::bytes).
    pub fn structure(&self) -> &'a LeanTree {
        &self.data().lean
    }

    fn lean(&self) -> &'a LeanTree {
        &self.data().lean
    }

    /// The bytes the tree is read from: the collection's input, or the tree's own text once it
    /// was replaced.
    pub fn bytes(&self) -> &'a [u8] {
        match &self.data().own {
            Some(own) => own.as_bytes(),
            None => self.collection.input.bytes(),
        }
    }

    /// The same bytes as text, where they are valid UTF-8 and the tree is read as UTF-8.
    pub(crate) fn text(&self) -> Option<&'a str> {
        self.source().map(|source| &***source)
    }

    /// The text of [`text`](Self::text), shared.
    fn source(&self) -> Option<&'a Source> {
        match &self.data().own {
            Some(own) => Some(own),
            None => self
                .collection
                .input
                .text()
                .filter(|_| charset::reads_as_utf8(self.charset())),
        }
    }

    /// The charset the tree's bytes decode in: its charset as read, or UTF-8 for its own text.
    pub(crate) fn encoding(&self) -> &'static Encoding {
        match self.data().own {
            Some(_) => encoding_rs::UTF_8,
            None => self.charset(),
        }
    }

    /// Whether the tree's bytes are the collection's input (it was not replaced), so that the
    /// places of its nodes are places of the input.
    pub fn is_from_input(&self) -> bool {
        self.data().own.is_none()
    }

    /// Whether the tree is as read: not replaced, and no node's properties replaced.
    pub fn is_as_read(&self) -> bool {
        self.data().is_as_read()
    }

    /// Whether `node`'s properties were replaced since reading.
    pub fn is_edited(&self, node: NodeId) -> bool {
        self.data().edits.contains_key(&lean(node))
    }

    /// Whether any node's properties were replaced since reading.
    pub(crate) fn has_edits(&self) -> bool {
        !self.data().edits.is_empty()
    }

    /// The properties of the tree's nodes typed one node at a time, `P` the property type of
    /// its game (see [`gm`](Self::gm); [`dispatch`](Self::dispatch) picks it).
    pub fn typed<P: GameProperty>(&self) -> TypedNodes<'a, P> {
        TypedNodes::new(self.reader())
    }

    /// Every node's properties typed, for code that goes back and forth in the tree, `P` the
    /// property type of its game.
    pub fn tree<P: GameProperty>(&self) -> TypedTree<'a, P> {
        let lines = self.is_from_input().then(|| self.collection.lines());
        TypedTree::new(self.index, self.reader(), lines)
    }

    /// An owned copy of the tree, to edit ([`Collection::replace`] puts it back).
    pub fn to_tree<P: GameProperty>(&self) -> Tree<P> {
        self.tree::<P>().into_tree()
    }

    /// Reads the properties of the tree's nodes.
    pub(crate) fn reader(&self) -> NodeReader<'a> {
        let data = self.data();
        NodeReader {
            bytes: self.bytes(),
            text: self.source(),
            tree: &data.lean,
            encoding: self.encoding(),
            edits: (!data.edits.is_empty()).then_some(&data.edits),
        }
    }
}

impl<'a, G: GameSet> Game<'a, G> {
    /// Runs `dispatch` with the property type of the tree's game.
    pub fn dispatch<D: GameDispatch>(&self, dispatch: D) -> D::Output {
        G::dispatch(self.gm(), dispatch)
    }

    /// An owned copy of the tree, of its game's property type.
    pub fn to_owned(&self) -> G {
        G::build(self.gm(), super::edit::Owned(*self))
    }
}

/// The index in a lean tree of a node.
pub(crate) fn lean(node: NodeId) -> u32 {
    node.index() as u32
}
