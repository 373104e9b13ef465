//! The places of findings in a tree: a node's [`NodePath`], found by walking up to
//! the root or, for a tree with many findings, from an index; and its bytes in the input, where
//! the tree was read from one.

use std::cell::{Cell, OnceCell};

use super::{Links, NodeId, TreeView};
use crate::finding::{Location, NodePath};

impl Location {
    /// The place of a property in a node (`ident` empty for the node itself), with its bytes
    /// where the tree was read from an input.
    pub fn property<P, T: TreeView<P> + ?Sized>(
        game: usize,
        tree: &T,
        node: NodeId,
        ident: &str,
    ) -> Location {
        let mut location = Location::at(game, node, NodePath::of(tree, node), ident);
        location.span = tree.span(node, (!ident.is_empty()).then_some(ident), None);
        location
    }
}

impl NodePath {
    /// The path of a node in a tree, found by walking up to the root.
    pub fn of<T: Links + ?Sized>(tree: &T, node: NodeId) -> NodePath {
        let mut forks = Vec::new();
        let mut depth = 0u32;
        let mut at = node;
        while let Some(parent) = tree.parent(at) {
            let index = tree.children(parent).position(|c| c == at).unwrap_or(0);
            if index > 0 {
                forks.push((depth, u32::try_from(index + 1).unwrap_or(u32::MAX)));
            }
            depth += 1;
            at = parent;
        }
        // Depths were counted upwards from the node; turn them into depths from the root.
        let forks = forks
            .into_iter()
            .rev()
            .map(|(up, variation)| (depth - up, variation))
            .collect();
        NodePath { depth, forks }
    }
}

/// The places of the findings of one tree. The path of a node is found by walking up to the
/// root, until the tree has had so many findings that an index of every node's depth and
/// nearest fork pays: a long main line with a finding in every node would otherwise cost its
/// length for each.
pub(crate) struct Places<'t, T: ?Sized> {
    game: usize,
    tree: &'t T,
    asked: Cell<usize>,
    index: OnceCell<PathIndex>,
}

/// Paths found by walking up before the index is built.
const PATHS_BEFORE_INDEX: usize = 16;

impl<'t, T: Links + ?Sized> Places<'t, T> {
    pub(crate) fn new(game: usize, tree: &'t T) -> Self {
        Places {
            game,
            tree,
            asked: Cell::new(0),
            index: OnceCell::new(),
        }
    }

    /// The place of a property (`ident` empty for the node itself), without its bytes.
    pub(crate) fn at(&self, node: NodeId, ident: &str) -> Location {
        Location::at(self.game, node, self.path(node), ident)
    }
}

impl<'t, T: ?Sized> Places<'t, T> {
    /// The index of the tree's game in its collection.
    pub(crate) fn game(&self) -> usize {
        self.game
    }

    /// [`Location::property`], in this tree.
    pub(crate) fn property<P>(&self, node: NodeId, ident: &str) -> Location
    where
        T: TreeView<P>,
    {
        let mut location = self.at(node, ident);
        location.span = self
            .tree
            .span(node, (!ident.is_empty()).then_some(ident), None);
        location
    }

    /// The place of value number `value` of a property in a node, counted across its repeats.
    pub(crate) fn value<P>(&self, node: NodeId, ident: &str, value: usize) -> Location
    where
        T: TreeView<P>,
    {
        let mut location = self.at(node, ident).with_value(value);
        location.span = self.tree.span(node, Some(ident), Some(value));
        location
    }
}

impl<'t, T: Links + ?Sized> Places<'t, T> {
    pub(crate) fn path(&self, node: NodeId) -> NodePath {
        let asked = self.asked.get() + 1;
        self.asked.set(asked);
        if asked <= PATHS_BEFORE_INDEX {
            return self.tree.path(node);
        }
        self.index
            .get_or_init(|| PathIndex::new(self.tree))
            .path(self.tree, node)
    }
}

/// Every node's depth, and its nearest fork: the node itself or its nearest ancestor that is
/// not its parent's first child, with its number among its parent's children.
struct PathIndex {
    depth: Vec<u32>,
    fork: Vec<Option<(NodeId, u32)>>,
}

impl PathIndex {
    fn new<T: Links + ?Sized>(tree: &T) -> PathIndex {
        let mut depth = vec![0; tree.arena_len()];
        let mut fork = vec![None; tree.arena_len()];
        for node in tree.preorder() {
            for (k, child) in tree.children(node).enumerate() {
                depth[child.index()] = depth[node.index()] + 1;
                fork[child.index()] = match k {
                    0 => fork[node.index()],
                    _ => Some((child, u32::try_from(k + 1).unwrap_or(u32::MAX))),
                };
            }
        }
        PathIndex { depth, fork }
    }

    fn path<T: Links + ?Sized>(&self, tree: &T, node: NodeId) -> NodePath {
        let mut forks = Vec::new();
        let mut at = self.fork[node.index()];
        while let Some((child, variation)) = at {
            forks.push((self.depth[child.index()], variation));
            at = tree.parent(child).and_then(|p| self.fork[p.index()]);
        }
        forks.reverse();
        NodePath {
            depth: self.depth[node.index()],
            forks,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GoProperty;

    #[test]
    fn the_index_of_paths_finds_what_walking_up_finds() {
        let collection = crate::read(
            b"(;GM[1];B[aa](;W[bb];B[cc](;W[dd])(;W[ee];B[ff]))(;W[gg](;B[hh])(;B[ii])(;B[jj];W[kk])))",
            &Default::default(),
        )
        .expect("a game");
        let tree = &collection.game(0).tree::<GoProperty>();
        let places = Places::new(0, tree);
        let nodes: Vec<NodeId> = tree.preorder().collect();
        // Enough paths to pass the walk and use the index; each node's twice.
        for &node in nodes.iter().chain(&nodes).chain(&nodes) {
            assert_eq!(places.path(node), NodePath::of(tree, node), "{node:?}");
        }
        assert!(places.index.get().is_some(), "the index was built");
    }
}
