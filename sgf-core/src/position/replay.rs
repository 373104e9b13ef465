//! Replaying a tree: along one path ([`Replay`], node by node), or over every node in document
//! order ([`Tree::walk`]), applying each node to one board and undoing it on the way back.

use crate::tree::{NodeId, Tree};

use super::{Board, Outcome, Rules};

/// The outcome of a node of game `P`.
type OutcomeOf<P> = Outcome<<<P as Rules>::Board as Board>::Point>;

/// A path of a tree replayed node by node: each [`Replay::step`] applies the next node and
/// lends the board as it is after it. Not an [`Iterator`], as each step borrows the one board.
pub struct Replay<'t, P: Rules> {
    tree: &'t Tree<P>,
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

impl<P: Rules> Replay<'_, P> {
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

/// A step of [`Tree::walk`]'s explicit stack.
enum Frame<M> {
    Enter(NodeId),
    Leave(M),
}

impl<P: Rules> Tree<P> {
    /// Replays the path from the root to `node`, node by node.
    pub fn replay_path(&self, node: NodeId) -> Replay<'_, P> {
        let mut path: Vec<NodeId> =
            std::iter::successors(Some(node), |&n| self.parent(n)).collect();
        path.reverse();
        self.replay(path)
    }

    /// Replays the main line (the first child of every node), node by node.
    pub fn replay_main_line(&self) -> Replay<'_, P> {
        self.replay(self.main_line().collect())
    }

    fn replay(&self, path: Vec<NodeId>) -> Replay<'_, P> {
        Replay {
            tree: self,
            path,
            next: 0,
            board: P::start(self),
            outcome: Outcome::default(),
        }
    }

    /// Visits every node in document order (preorder) with the position after it and what it
    /// did. One board is changed and changed back: nothing is copied per node, and nothing
    /// recurses, however deep the tree.
    pub fn walk(&self, mut visit: impl FnMut(NodeId, &P::Board, &OutcomeOf<P>)) {
        let mut board = P::start(self);
        let mut stack = vec![Frame::Enter(self.root())];
        while let Some(frame) = stack.pop() {
            match frame {
                Frame::Enter(node) => {
                    let mark = board.mark();
                    let outcome = P::apply(&mut board, self.props(node));
                    visit(node, &board, &outcome);
                    stack.push(Frame::Leave(mark));
                    let first = stack.len();
                    stack.extend(self.children(node).map(Frame::Enter));
                    stack[first..].reverse();
                }
                Frame::Leave(mark) => board.undo_to(mark),
            }
        }
    }
}
