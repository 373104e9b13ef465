//! Replaying a tree: along one path ([`Replay`], node by node), or over every node in document
//! order ([`Positions::walk`]), applying each node to one board and undoing it on the way back.

use crate::node_id::NodeId;
use crate::tree::TreeView;

use super::{Board, Outcome, Rules};

/// The outcome of a node of game `P`.
type OutcomeOf<P> = Outcome<<<P as Rules>::Board as Board>::Point>;

/// A path of a tree replayed node by node: each [`Replay::step`] applies the next node and
/// lends the board as it is after it. Not an [`Iterator`], as each step borrows the one board.
pub struct Replay<'t, P: Rules, T: ?Sized> {
    tree: &'t T,
    path: Vec<NodeId>,
    next: usize,
    board: P::Board,
    outcome: OutcomeOf<P>,
}

/// One node of a replay: the node, the board after it, and what it did.
pub struct Step<'a, P: Rules> {
    /// The node.
    pub node: NodeId,
    /// The position after the node.
    pub board: &'a P::Board,
    /// What the node did: who moved, what was captured, what is wrong.
    pub outcome: &'a OutcomeOf<P>,
}

impl<P: Rules, T: TreeView<P> + ?Sized> Replay<'_, P, T> {
    /// Applies the next node of the path; `None` after the last.
    pub fn step(&mut self) -> Option<Step<'_, P>> {
        let node = *self.path.get(self.next)?;
        self.next += 1;
        self.outcome = P::apply(&mut self.board, self.tree.props(node));
        Some(Step {
            node,
            board: &self.board,
            outcome: &self.outcome,
        })
    }

    /// The board as the last step left it (before the first step: the start position).
    pub fn board(&self) -> &P::Board {
        &self.board
    }

    /// The board as the last step left it.
    pub fn into_board(self) -> P::Board {
        self.board
    }
}

/// The positions of a typed tree of a game whose [`Rules`] are known: a view of a collection's
/// tree ([`Game::tree`](crate::Game::tree)) or an owned [`Tree`](crate::Tree).
///
/// ```
/// use sgf_core::position::Positions;
/// use sgf_core::{GoProperty, ReadOptions};
///
/// let collection = sgf_core::read(b"(;FF[4]GM[1]SZ[5];B[ba];W[aa];B[ab])", &ReadOptions::default())?;
/// let tree = collection.game(0).tree::<GoProperty>();
/// let mut replay = tree.replay_main_line();
/// let mut captured = Vec::new();
/// while let Some(step) = replay.step() {
///     captured.extend(step.outcome.captured.iter().copied());
/// }
/// let last = collection.game(0).main_line().last().unwrap();
/// assert_eq!(tree.position_at(last).to_string(), ".X...\nX....\n.....\n.....\n.....\n");
/// assert_eq!(captured.len(), 1);
/// # Ok::<(), sgf_core::ParseError>(())
/// ```
pub trait Positions<P: Rules>: TreeView<P> {
    /// The board before the root: the game's start, of the tree's size.
    fn start(&self) -> P::Board {
        P::start(self.props(self.root()), &self.context())
    }

    /// The position after `node`: the tree replayed from its root along the path to it.
    fn position_at(&self, node: NodeId) -> P::Board {
        let mut replay = self.replay_path(node);
        while replay.step().is_some() {}
        replay.into_board()
    }

    /// Replays the path from the root to `node`, node by node.
    fn replay_path(&self, node: NodeId) -> Replay<'_, P, Self> {
        let mut path: Vec<NodeId> =
            std::iter::successors(Some(node), |&n| self.parent(n)).collect();
        path.reverse();
        self.replay(path)
    }

    /// Replays the main line (the first child of every node), node by node.
    fn replay_main_line(&self) -> Replay<'_, P, Self> {
        self.replay(self.main_line().collect())
    }

    /// Replays a path of nodes, each the parent of the next.
    fn replay(&self, path: Vec<NodeId>) -> Replay<'_, P, Self> {
        Replay {
            tree: self,
            path,
            next: 0,
            board: Positions::start(self),
            outcome: Outcome::default(),
        }
    }

    /// Visits every node in document order (preorder) with the position after it and what it
    /// did. One board is changed and changed back: nothing is copied per node, and nothing
    /// recurses, however deep the tree.
    fn walk(&self, mut visit: impl FnMut(NodeId, &P::Board, &OutcomeOf<P>)) {
        walk_with_parents(self, |node, _, board, outcome| visit(node, board, outcome));
    }
}

/// [`Positions::walk`], each node visited with its parent too.
pub(crate) fn walk_with_parents<P: Rules, T: TreeView<P> + ?Sized>(
    tree: &T,
    mut visit: impl FnMut(NodeId, Option<NodeId>, &P::Board, &OutcomeOf<P>),
) {
    let mut board = Positions::start(tree);
    // The nodes of the path to the node visited last, each with the board before it: a node
    // whose parent is not the last of them takes the board back to before the first node
    // left.
    // Most trees are about as deep as they are long: room for the first few thousand nodes
    // saves growing it step by step.
    let mut path: Vec<(NodeId, <P::Board as Board>::Mark)> =
        Vec::with_capacity(tree.arena_len().min(1 << 12));
    for (node, parent) in tree.preorder_with_parents() {
        let mut left = None;
        while path.last().is_some_and(|&(last, _)| Some(last) != parent) {
            left = path.pop().map(|(_, mark)| mark);
        }
        if let Some(mark) = left {
            board.undo_to(mark);
        }
        path.push((node, board.mark()));
        let outcome = P::apply(&mut board, tree.props(node));
        visit(node, parent, &board, &outcome);
    }
}

impl<P: Rules, T: TreeView<P> + ?Sized> Positions<P> for T {}
