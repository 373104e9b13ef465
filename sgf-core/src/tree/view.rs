//! [`Links`] and [`TreeView`]: what reading a game tree takes, whether the tree is a view of a
//! collection's ([`Game`](crate::Game), [`TypedTree`](crate::collection::TypedTree)) or an owned
//! [`Tree`]. Positions, validation, diagrams and the places of findings are written once against
//! them.

use crate::finding::{NodePath, Span};
use crate::node_id::NodeId;
use crate::property::GameProperty;
use crate::syntax::LeanTree;
use crate::value::Context;

use super::Tree;

/// The nodes of a game tree and their links.
pub trait Links {
    /// How many nodes [`NodeId::index`] counts up to: every node's index is below it.
    fn arena_len(&self) -> usize;

    /// The parent of a node; `None` for the root.
    fn parent(&self, node: NodeId) -> Option<NodeId>;

    /// The first child of a node: the next node of its main line.
    fn first_child(&self, node: NodeId) -> Option<NodeId>;

    /// The next child of the parent of a node.
    fn next_sibling(&self, node: NodeId) -> Option<NodeId>;

    /// The root.
    fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// Where a node stands: its depth and the variations taken on the way from the root.
    fn path(&self, node: NodeId) -> NodePath {
        NodePath::of(self, node)
    }

    /// The children of a node, main line first.
    fn children(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.first_child(node), |&child| self.next_sibling(child))
    }

    /// The main line: the root and each first child after it.
    fn main_line(&self) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(self.root()), |&node| self.first_child(node))
    }

    /// Every node reached from the root, parents before children, main lines before
    /// variations; without recursion.
    fn preorder(&self) -> impl Iterator<Item = NodeId> + '_ {
        let mut stack = vec![self.root()];
        std::iter::from_fn(move || {
            let node = stack.pop()?;
            if let Some(sibling) = self.next_sibling(node) {
                stack.push(sibling);
            }
            if let Some(child) = self.first_child(node) {
                stack.push(child);
            }
            Some(node)
        })
    }

    /// [`Links::preorder`], each node with its parent.
    fn preorder_with_parents(&self) -> impl Iterator<Item = (NodeId, Option<NodeId>)> + '_ {
        (self.preorder_with_links()).map(|(node, parent, _)| (node, parent))
    }

    /// Every node in document order with its parent and whether a sibling follows it: a walk
    /// that undoes its way back comes back to before the nodes that have one, and to no
    /// other.
    fn preorder_with_links(&self) -> impl Iterator<Item = (NodeId, Option<NodeId>, bool)> + '_ {
        (self.preorder()).map(|node| (node, self.parent(node), self.next_sibling(node).is_some()))
    }
}

/// A typed game tree to read: its nodes and links, and their properties.
pub trait TreeView<P>: Links {
    /// The properties of a node, in order.
    fn props(&self, node: NodeId) -> &[P];

    /// The board and format version of the tree, from its root.
    fn context(&self) -> Context;

    /// Whether the tree is read from a collection's input, whose reading reported what it
    /// found in the tree's text (repeated properties among it).
    fn is_read_from_input(&self) -> bool {
        false
    }

    /// Where a place stands in the input the tree was read from: the property `ident` of a
    /// node (all of it, or its value number `value`), or the node itself; `None` where the tree
    /// was not read from an input, or the place is not in it.
    fn span(&self, node: NodeId, ident: Option<&str>, value: Option<usize>) -> Option<Span> {
        let _ = (node, ident, value);
        None
    }

    /// The property with this identifier in a node.
    fn get(&self, node: NodeId, ident: &str) -> Option<&P>
    where
        P: GameProperty,
    {
        self.props(node).iter().find(|p| p.ident() == ident)
    }
}

impl<P> Links for Tree<P> {
    fn arena_len(&self) -> usize {
        Tree::arena_len(self)
    }

    fn parent(&self, node: NodeId) -> Option<NodeId> {
        Tree::parent(self, node)
    }

    fn first_child(&self, node: NodeId) -> Option<NodeId> {
        Tree::children(self, node).next()
    }

    fn next_sibling(&self, node: NodeId) -> Option<NodeId> {
        Tree::next_sibling(self, node)
    }
}

/// A lean tree's nodes, numbered in document order.
impl Links for LeanTree {
    fn arena_len(&self) -> usize {
        self.len()
    }

    fn parent(&self, node: NodeId) -> Option<NodeId> {
        LeanTree::parent(self, node.index() as u32).map(NodeId::of_lean)
    }

    fn first_child(&self, node: NodeId) -> Option<NodeId> {
        LeanTree::first_child(self, node.index() as u32).map(NodeId::of_lean)
    }

    fn next_sibling(&self, node: NodeId) -> Option<NodeId> {
        LeanTree::next_sibling(self, node.index() as u32).map(NodeId::of_lean)
    }

    fn path(&self, node: NodeId) -> NodePath {
        LeanTree::path(self, node.index() as u32)
    }

    /// Document order, which is the preorder of a lean tree.
    fn preorder(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.len()).map(NodeId::of_index)
    }

    /// Document order, the links found in one pass rather than looked up node by node.
    fn preorder_with_links(&self) -> impl Iterator<Item = (NodeId, Option<NodeId>, bool)> + '_ {
        (self.links().enumerate()).map(|(node, (parent, followed))| {
            (
                NodeId::of_index(node),
                parent.map(NodeId::of_lean),
                followed,
            )
        })
    }
}

impl<P: GameProperty> TreeView<P> for Tree<P> {
    fn props(&self, node: NodeId) -> &[P] {
        Tree::props(self, node)
    }

    fn context(&self) -> Context {
        Tree::context(self)
    }
}
