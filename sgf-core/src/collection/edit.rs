//! Edits of a collection: a node's properties replaced (held on the side), a tree replaced by
//! an owned one or added (written once into text of its own, which the tree is read from from
//! then on), and the owned copies edits start from.

use crate::game_set::{GameSet, TreeBuilder};
use crate::node_id::NodeId;
use crate::property::GameProperty;
use crate::read::{Edits, root_number_of};
use crate::syntax::{LeanTree, Mode, ParseOptions, scan_structure};
use crate::tree::Tree;
use crate::value::Source;

use super::game::lean;
use super::{Collection, Game, TreeData};

/// Builds the owned tree of a game of the collection, with its game's property type.
pub(super) struct Owned<'a, G>(pub(super) Game<'a, G>);

impl<G> TreeBuilder for Owned<'_, G> {
    fn build<P: GameProperty>(self) -> Tree<P> {
        self.0.to_tree::<P>()
    }
}

impl<G: GameSet> Collection<G> {
    /// Replaces the properties of `node` of game tree `game`. They are held on the side, read
    /// from there by the typed views and written from there.
    ///
    /// # Panics
    /// If there is no such tree or node.
    pub fn set_props<P: GameProperty>(&mut self, game: usize, node: NodeId, props: &[P]) {
        let tree = &mut self.trees[game];
        assert!(
            node.index() < tree.lean.len(),
            "{node:?} is not in game tree {game}"
        );
        tree.edits
            .insert(lean(node), props.iter().map(GameProperty::to_raw).collect());
    }

    /// Replaces game tree `game` with `tree` (an owned copy from [`Game::to_owned`], edited).
    /// The tree keeps the charset it was read in.
    ///
    /// # Panics
    /// If there is no such tree.
    pub fn replace(&mut self, game: usize, tree: impl Into<G>) {
        self.replace_text(game, crate::encode::tree_text(&tree.into()));
    }

    /// Replaces game tree `game` with the tree `text` holds (written by the encoder). What
    /// reading found in the tree it replaces goes with it.
    pub(crate) fn replace_text(&mut self, game: usize, text: String) {
        let charset = self.trees[game].charset;
        self.trees[game] = TreeData::from_text(text, charset);
        self.findings.retain(|f| f.location.game != game);
    }

    /// Adds a game tree at the end.
    pub fn push(&mut self, tree: impl Into<G>) {
        let charset = self.charset;
        let text = crate::encode::tree_text(&tree.into());
        self.trees.push(TreeData::from_text(text, charset));
    }

    /// Removes game tree `game`, and what reading found in it.
    ///
    /// # Panics
    /// If there is no such tree.
    pub fn remove(&mut self, game: usize) {
        self.trees.remove(game);
        self.findings.retain(|f| f.location.game != game);
        for finding in &mut self.findings {
            if finding.location.game > game {
                finding.location.game -= 1;
                if let Some(related) = &mut finding.related {
                    related.game -= 1;
                }
            }
        }
    }

    /// A collection of these trees, held as Unicode.
    pub fn from_trees(trees: impl IntoIterator<Item = impl Into<G>>) -> Self {
        let mut collection = Collection::new();
        for tree in trees {
            collection.push(tree);
        }
        collection
    }

    /// An owned copy of every tree.
    pub fn to_trees(&self) -> Vec<G> {
        self.games().map(|game| game.to_owned()).collect()
    }
}

impl TreeData {
    /// A tree of its own text, which an owned tree was written into as it is (its `CA` too).
    fn from_text(text: String, charset: &'static encoding_rs::Encoding) -> TreeData {
        let options = ParseOptions {
            mode: Mode::Lenient,
            ..ParseOptions::default()
        };
        let mut findings = Vec::new();
        let mut lean = scan_structure(text.as_bytes(), &options, &mut findings);
        let lean = match lean.trees.len() {
            1 => lean.trees.remove(0),
            // A tree always writes as one tree: this is only a guard.
            _ => LeanTree::default(),
        };
        TreeData {
            gm: root_number_of(text.as_bytes(), &lean, "GM").unwrap_or(1),
            lean,
            charset,
            own: Some(Source::new(text.into_boxed_str())),
            edits: Edits::new(),
        }
    }
}

impl<G: GameSet> PartialEq for Collection<G> {
    /// Collections are equal when their trees are, property by property: how their text was
    /// written and which charset it was read in are not what it says.
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.games().zip(other.games()).all(|(a, b)| a.same_as(&b))
    }
}

impl<G: GameSet> Game<'_, G> {
    /// Whether two trees hold the same typed properties in the same shape.
    fn same_as(&self, other: &Self) -> bool {
        self.gm() == other.gm() && self.to_owned() == other.to_owned()
    }
}
