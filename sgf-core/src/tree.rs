//! A game tree: an arena of nodes, each linked to its parent, children and next sibling and
//! holding a run of the tree's property arena. Nothing here recurses, so trees of any depth are
//! walked, compared and dropped in constant stack space.

pub(crate) mod places;
mod props;
mod view;

use std::fmt;
use std::num::NonZeroU32;

use crate::property::GameProperty;
use crate::value::Context;

pub use crate::node_id::NodeId;
pub use props::PropsMut;
pub use view::{Links, TreeView};

/// A node: its run of properties in the arena and its links. 24 bytes, and no allocation of
/// its own.
#[derive(Clone, Debug)]
struct Node {
    /// Where the node's properties start in [`Tree::props`].
    start: u32,
    /// How many properties the node has.
    len: u32,
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    last_child: Option<NodeId>,
    next_sibling: Option<NodeId>,
}

/// A game tree with properties of type `P` (a game's property enum, e.g. `GoProperty`). The
/// first child of a node continues its main line; the others start variations.
///
/// The properties of all nodes share one arena, each node's in one run, so that a node costs no
/// allocation of its own. A run that must grow or shrink away from the end of the arena moves to
/// its end; the slots it leaves are reclaimed when they outnumber the properties in use.
#[derive(Clone)]
pub struct Tree<P> {
    nodes: Vec<Node>,
    /// The properties of every node, in runs.
    props: Vec<P>,
    /// How many slots of `props` belong to no node's run.
    garbage: usize,
}

impl<P> Tree<P> {
    /// A tree of one root node with these properties.
    ///
    /// # Panics
    /// If the root has 2^32 properties or more.
    pub fn new(root: Vec<P>) -> Self {
        let mut tree = Tree {
            nodes: Vec::new(),
            props: Vec::new(),
            garbage: 0,
        };
        tree.push_node(root, None);
        tree
    }

    /// Makes room for exactly `nodes` more nodes and `props` more properties, so that a tree
    /// whose size is known holds no spare capacity (a tree grown one node at a time may hold up
    /// to twice its size).
    pub fn reserve_exact(&mut self, nodes: usize, props: usize) {
        self.nodes.reserve_exact(nodes);
        self.props.reserve_exact(props);
    }

    /// Appends a node without children, its properties at the end of the arena, linked to its
    /// parent as its last child.
    fn push_node(&mut self, props: impl IntoIterator<Item = P>, parent: Option<NodeId>) -> NodeId {
        let start = self.props.len();
        self.props.extend(props);
        self.push_run(start, self.props.len(), parent)
    }

    /// Appends a node without children holding the run `start..end` of the arena, linked to its
    /// parent as its last child.
    fn push_run(&mut self, start: usize, end: usize, parent: Option<NodeId>) -> NodeId {
        let id = u32::try_from(self.nodes.len() + 1)
            .ok()
            .and_then(NonZeroU32::new)
            .map(NodeId)
            .expect("a tree holds fewer than 2^32 - 1 nodes");
        self.nodes.push(Node {
            start: arena_index(start),
            len: arena_index(end - start),
            parent,
            first_child: None,
            last_child: None,
            next_sibling: None,
        });
        if let Some(parent) = parent {
            let parent_node = &mut self.nodes[parent.index()];
            match parent_node.last_child.replace(id) {
                Some(last) => self.nodes[last.index()].next_sibling = Some(id),
                None => parent_node.first_child = Some(id),
            }
        }
        id
    }

    /// A tree whose arena is `props` as it is, not copied: each node's run follows the one
    /// before, and `nodes` gives, in document order (the root first, a parent before its
    /// children, children in order), each node's parent and where its run ends.
    ///
    /// # Panics
    /// If a parent is not an earlier node, the root has one, or the runs do not cover `props`.
    pub(crate) fn from_runs(
        props: Vec<P>,
        nodes: impl IntoIterator<Item = (Option<NodeId>, usize)>,
    ) -> Self {
        let nodes = nodes.into_iter();
        let mut tree = Tree {
            nodes: Vec::with_capacity(nodes.size_hint().0),
            props: Vec::new(),
            garbage: 0,
        };
        let mut start = 0;
        for (parent, end) in nodes {
            debug_assert!(
                parent.is_some_and(|p| p.index() < tree.nodes.len()) != tree.nodes.is_empty(),
                "the root first, and each parent before its children"
            );
            assert!(start <= end && end <= props.len(), "runs within the arena");
            tree.push_run(start, end, parent);
            start = end;
        }
        assert!(
            start == props.len() && !tree.nodes.is_empty(),
            "a root, and runs covering the arena"
        );
        tree.props = props;
        tree
    }

    /// The root node.
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// How many nodes the arena holds (removed subtrees included until the tree is rebuilt).
    pub fn arena_len(&self) -> usize {
        self.nodes.len()
    }

    fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The properties of a node, in order.
    ///
    /// # Panics
    /// If `id` is not a node of this tree.
    pub fn props(&self, id: NodeId) -> &[P] {
        &self.props[self.run(id)]
    }

    /// Where the properties of a node are in the arena. An empty run may have been left past
    /// the end of the arena as it shrank, so it is taken as the empty range at the end.
    fn run(&self, id: NodeId) -> std::ops::Range<usize> {
        let node = self.node(id);
        match node.len as usize {
            0 => self.props.len()..self.props.len(),
            len => node.start as usize..node.start as usize + len,
        }
    }

    /// The properties of a node, to add, remove or replace some: a slice that also grows and
    /// shrinks (see [`PropsMut`]).
    ///
    /// # Panics
    /// If `id` is not a node of this tree.
    pub fn props_mut(&mut self, id: NodeId) -> PropsMut<'_, P> {
        PropsMut::new(self, id)
    }

    /// The parent of a node; `None` for the root (and for the root of a removed subtree).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The children of a node, main line first.
    pub fn children(&self, id: NodeId) -> Children<'_, P> {
        Children {
            tree: self,
            next: self.node(id).first_child,
        }
    }

    /// The next sibling of a node: the next variation at its parent.
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).next_sibling
    }

    /// Adds a node with these properties as the last child of `parent`.
    ///
    /// # Panics
    /// If `parent` is not a node of this tree, or the tree would exceed 2^32 nodes or
    /// properties.
    pub fn add_child(&mut self, parent: NodeId, props: impl IntoIterator<Item = P>) -> NodeId {
        self.push_node(props, Some(parent))
    }

    /// Inserts a node with these properties between `parent` and its children: the new node
    /// becomes the only child of `parent`, and the children of `parent` become its children,
    /// in order. Used to split a node in two.
    ///
    /// # Panics
    /// If `parent` is not a node of this tree, or the tree would exceed 2^32 nodes or
    /// properties.
    pub fn insert_below(&mut self, parent: NodeId, props: Vec<P>) -> NodeId {
        let first = self.nodes[parent.index()].first_child.take();
        let last = self.nodes[parent.index()].last_child.take();
        let id = self.add_child(parent, props);
        let mut cursor = first;
        while let Some(child) = cursor {
            self.nodes[child.index()].parent = Some(id);
            cursor = self.node(child).next_sibling;
        }
        let node = &mut self.nodes[id.index()];
        node.first_child = first;
        node.last_child = last;
        id
    }

    /// Detaches a node and its descendants from the tree; they are no longer reached from the
    /// root. The root itself cannot be removed: its properties and children are cleared instead.
    pub fn remove_subtree(&mut self, id: NodeId) {
        let Some(parent) = self.node(id).parent else {
            self.props_mut(id).clear();
            let root = &mut self.nodes[id.index()];
            root.first_child = None;
            root.last_child = None;
            return;
        };
        let next = self.node(id).next_sibling;
        let mut prev = None;
        let mut cursor = self.node(parent).first_child;
        while let Some(child) = cursor {
            if child == id {
                break;
            }
            prev = Some(child);
            cursor = self.node(child).next_sibling;
        }
        match prev {
            Some(prev) => self.nodes[prev.index()].next_sibling = next,
            None => self.nodes[parent.index()].first_child = next,
        }
        if self.node(parent).last_child == Some(id) {
            self.nodes[parent.index()].last_child = prev;
        }
        let node = &mut self.nodes[id.index()];
        node.parent = None;
        node.next_sibling = None;
    }

    /// The main line: the root and each first child after it.
    pub fn main_line(&self) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(self.root()), |&id| self.node(id).first_child)
    }

    /// Every node reached from the root, parents before children, main lines before variations.
    pub fn preorder(&self) -> Preorder<'_, P> {
        Preorder {
            tree: self,
            stack: vec![self.root()],
        }
    }

    /// How many nodes are reached from the root.
    pub fn len(&self) -> usize {
        self.preorder().count()
    }

    /// Whether the tree is only a root without properties.
    pub fn is_empty(&self) -> bool {
        self.nodes[0].len == 0 && self.nodes[0].first_child.is_none()
    }
}

impl<P: GameProperty> Tree<P> {
    /// The board and format version of the tree, from its root: the first value of `SZ` (or
    /// the game's default size) and `FF` (1 when there is none, as the specification says).
    pub fn context(&self) -> Context {
        let first = |ident| {
            self.get(self.root(), ident)
                .and_then(|p| p.to_raw().values.into_iter().next())
        };
        let size = first("SZ").unwrap_or_default();
        Context::from_size_text(&size, P::DEFAULT_SIZE).with_ff_text(first("FF").as_deref())
    }

    /// The property with this identifier in a node.
    pub fn get(&self, id: NodeId, ident: &str) -> Option<&P> {
        self.props(id).iter().find(|p| p.ident() == ident)
    }

    /// Sets a property in a node: replaces the one with the same identifier, or appends it.
    pub fn set(&mut self, id: NodeId, property: P) {
        let mut props = self.props_mut(id);
        match props.iter_mut().find(|p| p.ident() == property.ident()) {
            Some(old) => *old = property,
            None => props.push(property),
        }
    }

    /// Removes the property with this identifier from a node and returns it.
    pub fn remove(&mut self, id: NodeId, ident: &str) -> Option<P> {
        let mut props = self.props_mut(id);
        let index = props.iter().position(|p| p.ident() == ident)?;
        Some(props.remove(index))
    }
}

/// The children of a node.
pub struct Children<'a, P> {
    tree: &'a Tree<P>,
    next: Option<NodeId>,
}

impl<P> Iterator for Children<'_, P> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.tree.node(id).next_sibling;
        Some(id)
    }
}

/// Nodes in preorder, with an explicit stack.
pub struct Preorder<'a, P> {
    tree: &'a Tree<P>,
    stack: Vec<NodeId>,
}

impl<P> Iterator for Preorder<'_, P> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.stack.pop()?;
        let node = self.tree.node(id);
        if let Some(sibling) = node.next_sibling {
            self.stack.push(sibling);
        }
        if let Some(child) = node.first_child {
            self.stack.push(child);
        }
        Some(id)
    }
}

impl<P: PartialEq> PartialEq for Tree<P> {
    /// Trees are equal when their nodes reached from the root are, in shape and properties,
    /// whatever the order they were made in.
    fn eq(&self, other: &Self) -> bool {
        let mut left = self.preorder();
        let mut right = other.preorder();
        loop {
            match (left.next(), right.next()) {
                (None, None) => return true,
                (Some(a), Some(b)) => {
                    let (props_a, props_b) = (self.props(a), other.props(b));
                    let (a, b) = (self.node(a), other.node(b));
                    if props_a != props_b
                        || a.first_child.is_some() != b.first_child.is_some()
                        || a.next_sibling.is_some() != b.next_sibling.is_some()
                    {
                        return false;
                    }
                }
                _ => return false,
            }
        }
    }
}

/// An index into the property arena, which holds fewer than 2^32 properties.
#[inline]
fn arena_index(index: usize) -> u32 {
    u32::try_from(index).expect("a tree holds fewer than 2^32 properties")
}

impl<P: fmt::Debug> fmt::Debug for Tree<P> {
    /// Each node reached from the root, indented by depth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        for id in self.preorder() {
            list.entry(&(id, self.node(id).parent, self.props(id)));
        }
        list.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_takes_four_bytes() {
        assert_eq!(std::mem::size_of::<Option<NodeId>>(), 4);
        assert_eq!(NodeId::ROOT.index(), 0);
        let mut tree = Tree::new(vec![1]);
        let child = tree.add_child(tree.root(), vec![2]);
        assert_eq!((child.index(), tree.props(child)), (1, &[2][..]));
        assert_eq!(format!("{child:?}"), "NodeId(1)");
    }

    #[test]
    fn a_node_inserted_below_takes_over_the_children() {
        let mut tree = Tree::new(vec![0]);
        let a = tree.add_child(tree.root(), vec![1]);
        let b = tree.add_child(tree.root(), vec![2]);
        let c = tree.add_child(a, vec![3]);
        let mid = tree.insert_below(tree.root(), vec![9]);
        assert_eq!(tree.children(tree.root()).collect::<Vec<_>>(), [mid]);
        assert_eq!(tree.children(mid).collect::<Vec<_>>(), [a, b]);
        assert_eq!(
            (tree.parent(a), tree.parent(b), tree.parent(c)),
            (Some(mid), Some(mid), Some(a))
        );
        let leaf = tree.insert_below(c, vec![4]);
        assert_eq!(tree.children(c).collect::<Vec<_>>(), [leaf]);
        assert_eq!(tree.children(leaf).count(), 0);
        let order: Vec<i32> = tree.preorder().map(|id| tree.props(id)[0]).collect();
        assert_eq!(order, [0, 9, 1, 3, 4, 2]);
    }
}
