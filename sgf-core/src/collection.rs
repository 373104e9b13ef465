//! A collection: the game trees of one file, each typed by its game, and the charset the file
//! was read in.

use encoding_rs::Encoding;

use crate::GameTree;
use crate::game_set::GameSet;

/// The game trees of a file, in order. `G` is the set of games of the specification:
/// [`GameTree`] for the standard one.
#[derive(Clone, Debug)]
pub struct Collection<G = GameTree> {
    /// The game trees.
    pub games: Vec<G>,
    /// The charset the text was read in (UTF-8 for a collection built in memory).
    pub charset: &'static Encoding,
}

impl<G: GameSet> Collection<G> {
    /// A collection of these games, held as Unicode.
    pub fn new(games: Vec<G>) -> Self {
        Collection {
            games,
            charset: encoding_rs::UTF_8,
        }
    }
}

impl<G: GameSet> Default for Collection<G> {
    fn default() -> Self {
        Collection::new(Vec::new())
    }
}

impl<G: PartialEq> PartialEq for Collection<G> {
    /// Collections are equal when their games are: the charset they were read in is where the
    /// text came from, not what it is.
    fn eq(&self, other: &Self) -> bool {
        self.games == other.games
    }
}
