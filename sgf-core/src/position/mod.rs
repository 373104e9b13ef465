//! Positions: the boards of games replayed from their trees, for the games whose rules are
//! simple and public, and the setup of every other game.
//!
//! - **Go** ([`go`]): setup, moves with captures, suicide (allowed by the specification, and
//!   recorded), simple ko (a retake at once is reported), passes, `PL`, `MN`, rectangular boards
//!   up to 52x52.
//! - **Hex** ([`hex`]): placement, setup, and the swap: `swap-pieces` moves the one stone to
//!   its mirror point in the other colour; `swap-sides`, and `swap` as Hex programs write it,
//!   exchange the players and leave the board as it is.
//! - **Amazons** ([`amazons`]): the queens' moves and arrows, from the default start or the
//!   root's setup, each checked for a free straight or diagonal path.
//! - **Lines of Action** ([`lines_of_action`]): moves and captures from the standard start (or
//!   the root's setup), each checked against the rule that a piece moves as many points as its
//!   line holds pieces, over its own pieces but not the opponent's.
//! - **Every other game** ([`setup`]): the stones its setup properties place (`AB`, `AW`, `AE`),
//!   by point; its moves are counted but not played. Backgammon is a game of dice whose moves
//!   need its bar, bear-off and doubling rules; Octi's moves build and move stacks of pods and
//!   prongs; chess, shogi and the rest have no section in the specification. None of them is
//!   modelled.
//!
//! A tree is replayed without recursion and without copying the board at every node: moving
//! down applies a node, moving back undoes it ([`Board::undo_to`]). What the board keeps to
//! undo is only what the walk will come back to ([`Board::trim_undo`]): a line of setup that
//! turns the whole board over in every node holds a board's worth of changes, not all of them,
//! and each variation the walk will come back to before holds at most about a copy of the
//! board.
//!
//! ```
//! use sgf_core::position::Positions;
//! use sgf_core::tree::TreeView;
//! use sgf_core::{GoProperty, ReadOptions};
//!
//! let input = b"(;FF[4]GM[1]SZ[5];B[ba];W[aa];B[ab])";
//! let collection = sgf_core::read(input, &ReadOptions::default()).unwrap();
//! let tree = collection.game(0).tree::<GoProperty>();
//! let mut replay = tree.replay_main_line();
//! let mut captured = Vec::new();
//! while let Some(step) = replay.step() {
//!     captured.extend(step.outcome.captured.iter().copied());
//! }
//! let last = tree.main_line().last().unwrap();
//! assert_eq!(tree.position_at(last).to_string(), ".X...\nX....\n.....\n.....\n.....\n");
//! assert_eq!(captured.len(), 1);
//! ```

#[macro_use]
mod grid;

pub mod amazons;
mod games;
pub mod go;
pub mod hex;
pub mod lines_of_action;
mod replay;
pub mod setup;
mod turn;
mod undo;

use std::fmt;

use crate::property::GameProperty;
use crate::value::{Color, Context};

pub(crate) use replay::walk_with_parents;
pub use replay::{Positions, Replay, Step};

/// A board that a game's nodes change and that can be taken back to an earlier state.
pub trait Board: Clone + fmt::Display {
    /// A point of the board, shown as the game writes it.
    type Point: Clone + fmt::Debug + fmt::Display + PartialEq;
    /// Where the board was, for [`Board::undo_to`].
    type Mark: Copy;

    /// Where the board is now.
    fn mark(&self) -> Self::Mark;

    /// Takes back everything done since `mark`.
    fn undo_to(&mut self, mark: Self::Mark);

    /// Forgets what taking the board back to `kept`, and to any mark taken before it, does not
    /// need (`None`: the board will be taken back to no mark taken so far); marks taken after
    /// `kept` are no longer good. A walk calls it after each node, so that a board whose undo
    /// log could grow faster than the input (a node of setup flips a whole board in ten bytes)
    /// keeps only what the walk will come back to. A board whose log grows at most as its input
    /// may leave this as it is: it does nothing.
    fn trim_undo(&mut self, kept: Option<&Self::Mark>) {
        let _ = kept;
    }

    /// Whose turn it is: the colour that did not make the last move, or what `PL` said.
    fn to_play(&self) -> Color;

    /// Sets whose turn it is (`PL`).
    fn set_to_play(&mut self, color: Color);

    /// The number of moves played to reach the position (passes included), or what `MN` set.
    fn move_number(&self) -> u32;

    /// Sets the number of the move about to be played (`MN`): the next move is that one.
    fn set_move_number(&mut self, next: u32);

    /// Counts a move of `color` that changes no stone: one whose value does not fit its type,
    /// which validation reports as a bad value.
    fn skip_move(&mut self, color: Color);
}

/// A game whose trees replay into positions: its property type knows the board a tree starts
/// from and what a node does to it. Every game of the standard specification has one (the
/// games not modelled get [`setup::Board`]).
pub trait Rules: GameProperty {
    /// The game's board.
    type Board: Board;

    /// Whether the game's moves are played on its board. A game that is not modelled keeps
    /// only its setup, by point as written: its board says nothing about a record, and
    /// validation and repair ask nothing of it.
    const MODELLED: bool = true;

    /// The board a tree starts from, before its root (whose properties are `root`, and `ctx`
    /// its size): the game's start position if it has one and the root sets up none.
    fn start(root: &[Self], ctx: &Context) -> Self::Board;

    /// The handicap (`HA`) of a root that sets up black stones only, and how many it sets up,
    /// where the two differ (`HA[0]` and `HA[1]` mean no handicap stones); `None` in a game
    /// without a handicap.
    fn handicap_mismatch(root: &[Self]) -> Option<(i64, usize)> {
        let _ = root;
        None
    }

    /// Applies one node's properties to the board (setup first, then the move), and says what
    /// happened.
    fn apply(board: &mut Self::Board, props: &[Self]) -> Outcome<<Self::Board as Board>::Point>;
}

/// What one node did to the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome<Pt> {
    /// The colour that moved in the node, if one did (the last, if it holds two moves).
    pub moved: Option<Color>,
    /// How many moves the node holds (more than one is an error of the record).
    pub moves: usize,
    /// Whether the node sets up stones (`AB`, `AW`, `AE`) or says whose turn it is (`PL`):
    /// after it, the order of play starts afresh.
    pub restarts: bool,
    /// The stones its move captured.
    pub captured: Vec<Pt>,
    /// What the board says is wrong with the node, for validation.
    pub problems: Vec<Problem>,
}

impl<Pt> Default for Outcome<Pt> {
    fn default() -> Self {
        Outcome {
            moved: None,
            moves: 0,
            restarts: false,
            captured: Vec::new(),
            problems: Vec::new(),
        }
    }
}

/// Something a node does that the board says is wrong: where it is (the property, by its index
/// in the node, and the value) and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// The index of the property in its node.
    pub property: usize,
    /// The index of the value within the property, where one is meant.
    pub value: Option<usize>,
    /// What a person needs to know, in a sentence.
    pub message: String,
}

/// What the board finds wrong with a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ProblemKind {
    /// A stone played on a point that holds one.
    OccupiedPoint,
    /// Setup that changes nothing: `AB` on a black stone, `AE` on an empty point.
    SetupNoEffect,
    /// A ko retaken at once, without `KO` in the node.
    KoRetaken,
    /// A move that leaves its own group without liberties.
    Suicide,
    /// A move the game's rules do not allow (an Amazon's path blocked, a Lines of Action move
    /// of the wrong length, a piece that is not the mover's).
    IllegalMove,
}
