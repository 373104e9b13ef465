//! Dispatch over the games of a specification. The generated `GameTree` enum (one variant per
//! game) implements [`GameSet`], so code written once, generic over a game's property type,
//! runs on a tree of any game, and applications that generate their own games reuse it.

use std::fmt;

use crate::property::GameProperty;
use crate::tree::Tree;

/// Makes the tree of one game, whichever game the `GM` picks.
pub trait TreeBuilder {
    /// Builds the tree with the property type of the picked game.
    fn build<P: GameProperty>(self) -> Tree<P>;
}

/// Code that runs with the property type of a game picked by its `GM`, with no tree at hand
/// (reading a compact tree, whose properties are typed on access).
pub trait GameDispatch {
    /// What the run returns.
    type Output;
    /// Runs with the property type of the picked game.
    fn run<P: GameProperty>(self) -> Self::Output;
}

/// Code that runs with the [`Rules`](crate::position::Rules) of a game picked by its `GM`: its
/// board and what a node does to it, for the games whose positions are modelled.
pub trait RulesDispatch {
    /// What the run returns.
    type Output;
    /// Runs with the property type of the picked game.
    fn run<P: crate::position::Rules>(self) -> Self::Output;
}

/// Reads a tree of any game.
pub trait TreeVisitor {
    /// What the visit returns.
    type Output;
    /// Visits the tree with its game's property type.
    fn visit<P: GameProperty>(self, tree: &Tree<P>) -> Self::Output;
}

/// Changes a tree of any game.
pub trait TreeVisitorMut {
    /// What the visit returns.
    type Output;
    /// Visits the tree with its game's property type.
    fn visit_mut<P: GameProperty>(self, tree: &mut Tree<P>) -> Self::Output;
}

/// The games of a specification: a tree of any of them. Generated from the spec as
/// `GameTree`; an application's spec generates its own.
pub trait GameSet: Sized + Clone + fmt::Debug + PartialEq {
    /// Builds the tree of the game with this `GM` (the catch-all game for a `GM` without a
    /// section).
    fn build<B: TreeBuilder>(gm: u32, builder: B) -> Self;

    /// Runs `dispatch` with the property type of the game with this `GM` (the catch-all game
    /// for a `GM` without a section), as [`build`](GameSet::build) picks it.
    fn dispatch<D: GameDispatch>(gm: u32, dispatch: D) -> D::Output;

    /// Runs `dispatch` with the rules of the game with this `GM`, where its positions are
    /// modelled: every game of the standard specification ([`GameTree`](crate::GameTree));
    /// `None` by default, for a set of games without rules.
    fn dispatch_rules<D: RulesDispatch>(gm: u32, dispatch: D) -> Option<D::Output> {
        let _ = (gm, dispatch);
        None
    }

    /// Visits the tree with its game's property type.
    fn visit<V: TreeVisitor>(&self, visitor: V) -> V::Output;

    /// Visits the tree with its game's property type, to change it.
    fn visit_mut<V: TreeVisitorMut>(&mut self, visitor: V) -> V::Output;
}
