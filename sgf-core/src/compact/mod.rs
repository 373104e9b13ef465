//! The compact collection: the bytes of a file kept beside its lean trees, each with its game
//! and charset, and properties typed when a node is asked for them. Reading one costs little
//! more than reading the structure, and holding one little more than the input. A node whose
//! properties are replaced keeps them on the side; writing copies every other node from the
//! input where the output allows, and materialising gives the owned [`Collection`] of typed
//! trees, with the findings about values.

mod encode;
mod nodes;
mod plays;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_plays;

use encoding_rs::Encoding;

use crate::GameTree;
use crate::charset;
use crate::collection::Collection;
use crate::finding::{Finding, LazyLines};
use crate::game_set::GameSet;
use crate::property::GameProperty;
use crate::read::{
    Edits, NodeReader, ParseError, ReadOptions, TreeFacts, TypedTreeBuilder, finish, place,
    read_structure,
};
use crate::syntax::{LeanTree, Mode};

pub use nodes::TypedNodes;
pub use plays::Play;

/// The game trees of a file in compact form, with the file's bytes.
#[derive(Clone, Debug)]
pub struct CompactCollection {
    /// The bytes read: the input, or the input converted to UTF-8 if it was UTF-16.
    input: Input,
    trees: Vec<CompactTree>,
    /// The charset the text was read in.
    charset: &'static Encoding,
    mode: Mode,
    /// Whether reading reported bytes not valid in a charset (materialising then reports no
    /// more).
    invalid_reported: bool,
}

/// The bytes of a collection: as text when they are valid UTF-8 (checked once, so that values
/// are sliced from it without checking them again).
#[derive(Clone, Debug)]
enum Input {
    Text(Box<str>),
    Bytes(Box<[u8]>),
}

impl Input {
    fn bytes(&self) -> &[u8] {
        match self {
            Input::Text(text) => text.as_bytes(),
            Input::Bytes(bytes) => bytes,
        }
    }

    fn text(&self) -> Option<&str> {
        match self {
            Input::Text(text) => Some(text),
            Input::Bytes(_) => None,
        }
    }
}

/// One game tree: its structure, its game and charset, and the nodes edited since reading.
#[derive(Clone, Debug)]
struct CompactTree {
    lean: LeanTree,
    facts: TreeFacts,
    edits: Edits,
}

impl CompactTree {
    /// Whether a node of the tree was edited.
    fn has_edits(&self) -> bool {
        !self.edits.is_empty()
    }
}

/// A compact collection read from a file, with the findings of reading its structure and
/// charsets (those about values come from [`CompactCollection::materialize`]).
#[derive(Clone, Debug)]
pub struct CompactParsed {
    /// The game trees.
    pub collection: CompactCollection,
    /// Warnings and notes, in the order of their places in the input.
    pub findings: Vec<Finding>,
}

/// Reads SGF bytes into a compact collection. Lenient mode recovers from damage as
/// [`parse_with`](crate::parse_with) does; strict mode also checks every value, so that it
/// refuses what strict typed reading refuses.
pub fn read(input: &[u8], options: &ReadOptions) -> Result<CompactParsed, ParseError> {
    let sniffed = charset::sniff(input);
    let bytes: &[u8] = &sniffed.bytes;
    let lines = LazyLines::new(bytes);
    let read = read_structure(bytes, sniffed.source, options.mode, &lines);
    let invalid_reported = read.invalid_reported();
    let trees = read
        .lean
        .trees
        .into_iter()
        .zip(read.facts)
        .map(|(lean, facts)| CompactTree {
            lean,
            facts,
            edits: Edits::new(),
        })
        .collect();
    let collection = CompactCollection {
        input: match read.text {
            Some(text) => Input::Text(text.into()),
            None => Input::Bytes(bytes.into()),
        },
        trees,
        charset: read.charset,
        mode: options.mode,
        invalid_reported,
    };
    let mut findings = read.findings;
    if options.mode == Mode::Strict {
        findings.extend(collection.materialize::<GameTree>().1);
    }
    let trees: Vec<&LeanTree> = collection.trees.iter().map(|t| &t.lean).collect();
    let findings = finish(bytes, &trees, findings, options.mode)?;
    Ok(CompactParsed {
        collection,
        findings,
    })
}

impl CompactCollection {
    /// How many game trees the collection has.
    pub fn len(&self) -> usize {
        self.trees.len()
    }

    /// Whether the collection has no game tree (never, for one read from a file).
    pub fn is_empty(&self) -> bool {
        self.trees.is_empty()
    }

    /// The charset the text was read in.
    pub fn charset(&self) -> &'static Encoding {
        self.charset
    }

    /// The bytes the trees were read from: the input, converted to UTF-8 if it was UTF-16.
    /// Offsets of the trees and findings refer to them.
    pub fn input(&self) -> &[u8] {
        self.input.bytes()
    }

    /// The game tree at `index`.
    ///
    /// # Panics
    /// If there is no such tree.
    pub fn game(&self, index: usize) -> CompactGame<'_> {
        CompactGame {
            collection: self,
            tree: &self.trees[index],
        }
    }

    /// The game trees, in order.
    pub fn games(&self) -> impl ExactSizeIterator<Item = CompactGame<'_>> {
        self.trees.iter().map(|tree| CompactGame {
            collection: self,
            tree,
        })
    }

    /// Replaces the properties of `node` of game tree `game` (the node is materialised: its
    /// properties are held on the side from now on, and written from there).
    ///
    /// # Panics
    /// If there is no such tree or node.
    pub fn set_props<P: GameProperty>(&mut self, game: usize, node: u32, props: &[P]) {
        let tree = &mut self.trees[game];
        assert!(
            (node as usize) < tree.lean.len(),
            "node {node} is not in game tree {game}"
        );
        tree.edits
            .insert(node, props.iter().map(GameProperty::to_raw).collect());
    }

    /// The owned typed collection, every value parsed, with the findings about values that
    /// do not fit their property (they are kept as written, as invalid properties).
    pub fn materialize<G: GameSet>(&self) -> (Collection<G>, Vec<Finding>) {
        let lines = LazyLines::new(self.input.bytes());
        let mut findings = Vec::new();
        let mut invalid_reported = self.invalid_reported;
        let games = self
            .games()
            .map(|game| {
                G::build(
                    game.gm(),
                    TypedTreeBuilder {
                        reader: game.reader(Some(&lines)),
                        findings: &mut findings,
                        invalid_reported: &mut invalid_reported,
                    },
                )
            })
            .collect();
        let trees: Vec<&LeanTree> = self.trees.iter().map(|t| &t.lean).collect();
        place(&trees, &mut findings);
        let collection = Collection {
            games,
            charset: self.charset,
        };
        (collection, findings)
    }
}

/// One game tree of a compact collection.
#[derive(Clone, Copy, Debug)]
pub struct CompactGame<'a> {
    collection: &'a CompactCollection,
    tree: &'a CompactTree,
}

impl<'a> CompactGame<'a> {
    /// The tree's game: its root's `GM` (1, Go, without one).
    pub fn gm(&self) -> u32 {
        self.tree.facts.gm
    }

    /// The charset the tree's text is read in.
    pub fn charset(&self) -> &'static Encoding {
        self.tree.facts.encoding
    }

    /// The tree's structure: its nodes (numbered in document order, 0 the root), their links,
    /// and where each property and value stands in [`CompactCollection::input`].
    pub fn structure(&self) -> &'a LeanTree {
        &self.tree.lean
    }

    /// Typed access to the nodes' properties, with `P` the property type of the tree's game
    /// (see [`gm`](CompactGame::gm); [`GameTree::dispatch`](GameSet::dispatch) picks it).
    pub fn typed<P: GameProperty>(&self) -> TypedNodes<'a, P> {
        TypedNodes::new(self.reader(None))
    }

    /// Whether `node`'s properties were replaced since reading.
    pub fn is_edited(&self, node: u32) -> bool {
        self.tree.edits.contains_key(&node)
    }

    /// Reads the typed properties of the tree's nodes; `lines` to report values that do not
    /// fit.
    fn reader(&self, lines: Option<&'a LazyLines<'a>>) -> NodeReader<'a> {
        let input = &self.collection.input;
        NodeReader {
            bytes: input.bytes(),
            text: input
                .text()
                .filter(|_| charset::reads_as_utf8(self.charset())),
            tree: &self.tree.lean,
            encoding: self.charset(),
            mode: self.collection.mode,
            lines,
            edits: (!self.tree.edits.is_empty()).then_some(&self.tree.edits),
        }
    }
}
