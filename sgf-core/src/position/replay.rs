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
        // A replay never goes back.
        self.board.trim_undo(None);
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
    /// recurses, however deep the tree. The board keeps what it takes to undo a node only
    /// while a sibling of the node or of a node above it is still to come.
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
    // The nodes of the path to the node visited last, each with whether a sibling follows it:
    // a node whose parent is not the last of them takes the board back to before the first
    // node left, which is one a sibling follows. The boards before those nodes are `marks`,
    // and the board forgets what it would take to go back further than the last of them.
    // Most trees are about as deep as they are long: room for the first few thousand nodes
    // saves growing it step by step.
    let mut path: Vec<(NodeId, bool)> = Vec::with_capacity(tree.arena_len().min(1 << 12));
    let mut marks: Vec<<P::Board as Board>::Mark> = Vec::new();
    for (node, parent, followed) in tree.preorder_with_links() {
        let mut left = None;
        while let Some(&(last, marked)) = path.last()
            && Some(last) != parent
        {
            path.pop();
            if marked {
                left = marks.pop();
            }
        }
        if let Some(mark) = left {
            board.undo_to(mark);
        }
        path.push((node, followed));
        if followed {
            marks.push(board.mark());
        }
        let outcome = P::apply(&mut board, tree.props(node));
        board.trim_undo(marks.last());
        visit(node, parent, &board, &outcome);
    }
}

impl<P: Rules, T: TreeView<P> + ?Sized> Positions<P> for T {}

#[cfg(test)]
mod tests {
    use super::{Board, Positions, Rules};
    use crate::property::GameProperty;
    use crate::{AmazonsProperty, GoProperty, ReadOptions, read};

    /// Every board the walk visits against the same node replayed on its own from the root:
    /// the walk undoes its way back through variations, and keeps only part of what it did
    /// (a stretch of setup larger than the board as a copy of it).
    fn walk_agrees_with_replays<P: Rules + GameProperty>(input: &str) {
        let collection = read(input.as_bytes(), &ReadOptions::default()).expect("it reads");
        let tree = collection.game(0).tree::<P>();
        let mut visited = 0;
        tree.walk(|node, board, _| {
            let replayed = tree.position_at(node);
            assert_eq!(
                board.to_string(),
                replayed.to_string(),
                "{node:?} of {input}"
            );
            assert_eq!(board.to_play(), replayed.to_play(), "{node:?} of {input}");
            visited += 1;
        });
        assert_eq!(visited, tree.len());
    }

    /// Variations nested in variations, siblings after each, setup that turns the whole board
    /// over, moves and captures between.
    fn trees(game: u8, moves: [&str; 3]) -> Vec<String> {
        let [a, b, c] = moves;
        let flip = ";AB[aa:ee]AW[aa:ee]";
        let nested: String = (1..=6)
            .map(|k| {
                format!(
                    "(;AB[aa:ee]{};{a}AW[aa:{}{}]",
                    flip.repeat(k % 3),
                    "abcde".as_bytes()[k % 5] as char,
                    "abcde".as_bytes()[(k + 2) % 5] as char
                )
            })
            .collect();
        let closed = "(;AE[aa:ee])(;B[cc]))".repeat(6);
        vec![
            format!("(;GM[{game}]FF[4]SZ[5]{nested}{closed})"),
            format!(
                "(;GM[{game}]FF[4]SZ[5](;AB[aa:ee]{};{a}(;{b}{flip}{flip};{c})(;AE[aa:cc];{b}))(;{c}{};{a})(;AW[bb:dd]))",
                flip.repeat(4),
                flip.repeat(7)
            ),
        ]
    }

    #[test]
    fn walking_a_go_tree_gives_the_boards_of_replays() {
        for input in trees(1, ["B[cc]", "W[cd]", "B[ab]"]) {
            walk_agrees_with_replays::<GoProperty>(&input);
        }
    }

    #[test]
    fn walking_an_amazons_tree_gives_the_boards_of_replays() {
        for input in trees(18, ["B[aaabac]", "W[eeedec]", "B[ababbb]"]) {
            walk_agrees_with_replays::<AmazonsProperty>(&input);
        }
    }
}
