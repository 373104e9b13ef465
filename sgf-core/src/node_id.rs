//! The handle of a node of a game tree, which findings name as well as trees do: it sits below
//! both.

use std::fmt;
use std::num::NonZeroU32;

/// A node of a [`Tree`](crate::Tree): an index into its arena, valid for the tree that made it. It holds the
/// index plus one, so that an `Option<NodeId>` (every link of a node) takes four bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) NonZeroU32);

#[cfg(feature = "serde")]
impl serde::Serialize for NodeId {
    /// A node is serialised as its index in the arena.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.index() as u64)
    }
}

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(NonZeroU32::MIN);

    /// The node's index in the arena.
    #[inline]
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// The node at `index` in the arena (`None` for `u32::MAX`, which no arena reaches).
    #[inline]
    pub(crate) fn from_index(index: u32) -> Option<NodeId> {
        index.checked_add(1).and_then(NonZeroU32::new).map(NodeId)
    }

    /// The node at `index` of a tree, which holds fewer than 2^32 - 1 nodes.
    #[inline]
    pub(crate) fn of_index(index: usize) -> NodeId {
        u32::try_from(index)
            .ok()
            .and_then(NodeId::from_index)
            .expect("a tree holds fewer than 2^32 - 1 nodes")
    }

    /// The node of a lean tree's node number (which is below `u32::MAX`: a tree holds fewer
    /// nodes).
    #[inline]
    pub(crate) fn of_lean(index: u32) -> NodeId {
        NodeId::of_index(index as usize)
    }
}

impl fmt::Debug for NodeId {
    /// `NodeId(index)`, the index in the arena.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NodeId({})", self.index())
    }
}
