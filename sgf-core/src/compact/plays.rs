//! What bulk readers ask of every tree without typing every node: its moves as written, and
//! its game info, typing only the nodes that hold it.

use std::borrow::Cow;
use std::sync::{Mutex, PoisonError};

use crate::charset;
use crate::game_info::{GameInfo, is_game_info};
use crate::node_id::NodeId;
use crate::property::GameProperty;
use crate::spec::{self, PropertyType};

use super::CompactGame;

/// A move of a compact tree: one value of a property whose values are moves by its game's
/// table (`B` and `W` in every game of the specification).
#[derive(Clone, Debug, PartialEq)]
pub struct Play<'a> {
    /// The node that holds it.
    pub node: u32,
    /// The definition of its property.
    pub property: &'static spec::Property,
    /// The value as written, escapes and all, decoded from the tree's charset (bytes not
    /// valid in it replaced with U+FFFD). Read it with the game's move type
    /// ([`Value::parse_value`](crate::value::Value::parse_value) under the tree's
    /// [`Context`](crate::value::Context)); an empty value is a pass in Go.
    pub value: Cow<'a, str>,
}

impl<'a> CompactGame<'a> {
    /// The moves of the tree in document order (a node, then its first variation whole, then
    /// the next), `P` the property type of its game. They are found by identifier in the
    /// bytes and never typed, so that reading every move of a large archive costs little more
    /// than reading its structure; a node edited since reading gives the values its typed
    /// properties write. Every value is given, also where a property repeats in a node or
    /// holds more than one value, which typed reading reports.
    pub fn plays<P: GameProperty>(&self) -> Vec<Play<'a>> {
        self.scan::<P>(&mut Vec::new())
    }

    /// The moves of the tree, as [`plays`](Self::plays) gives them, and the game info of the
    /// last node of its main line, as [`game_info`](Self::game_info) reads it, in one pass
    /// over the bytes: what a bulk reader asks of every tree.
    pub fn plays_and_info<P: GameProperty>(&self) -> (Vec<Play<'a>>, GameInfo) {
        let mut holders = Vec::new();
        let plays = self.scan::<P>(&mut holders);
        let tree = self.structure();
        let last = std::iter::successors(Some(0), |&node| tree.first_child(node)).last();
        let info = self.info::<P>(last.unwrap_or(0), |node| {
            holders.binary_search(&node).is_ok()
        });
        (plays, info)
    }

    /// The moves of the tree; `holders` gets the nodes that may hold game info (those with a
    /// property of that kind, and those edited), in document order.
    fn scan<P: GameProperty>(&self, holders: &mut Vec<u32>) -> Vec<Play<'a>> {
        let game = P::game();
        let tree = self.structure();
        let input = self.collection.input.bytes();
        let encoding = self.charset();
        let kinds = Kinds::cached(game);
        // Most nodes play a move: room for one each saves growing the list as it fills.
        let mut out = Vec::with_capacity(tree.len());
        let mut typed = None;
        for node in 0..tree.len() as u32 {
            if self.is_edited(node) {
                holders.push(node);
                let nodes = typed.get_or_insert_with(|| self.typed::<P>());
                for prop in nodes.props(node) {
                    let Some(property) = prop
                        .definition_index()
                        .filter(|&i| kinds.plays[i])
                        .map(|i| &game.properties[i])
                    else {
                        continue;
                    };
                    if prop.verbatim().is_some() {
                        continue;
                    }
                    let mut values: Vec<String> = Vec::new();
                    prop.write_values(&mut values);
                    out.extend(values.into_iter().map(|value| Play {
                        node,
                        property,
                        value: Cow::Owned(value),
                    }));
                }
                continue;
            }
            for prop in tree.props(node, input) {
                let Some(index) = kinds.index(tree.ident(prop, input)) else {
                    continue;
                };
                if kinds.info[index] && holders.last() != Some(&node) {
                    holders.push(node);
                }
                if !kinds.plays[index] {
                    continue;
                }
                let property = &game.properties[index];
                for value in tree.values(prop, input) {
                    let (value, _) = charset::decode(encoding, value.bytes(input));
                    out.push(Play {
                        node,
                        property,
                        value,
                    });
                }
            }
        }
        out
    }

    /// The game info that applies to `node`, as [`Tree::game_info`](crate::Tree::game_info)
    /// reads it from an owned tree: the `game-info` properties on the node's path from the
    /// root, each from the nearest node that holds any. The nodes that hold game info are
    /// found by identifier; only they are typed.
    pub fn game_info<P: GameProperty>(&self, node: u32) -> GameInfo {
        let tree = self.structure();
        let input = self.collection.input.bytes();
        let kinds = Kinds::cached(P::game());
        self.info::<P>(node, |node| {
            self.is_edited(node)
                || tree.props(node, input).any(|prop| {
                    kinds
                        .index(tree.ident(prop, input))
                        .is_some_and(|i| kinds.info[i])
                })
        })
    }

    /// The game info that applies to `node`, typing only the nodes on its path that
    /// `holds_info` says may hold some.
    fn info<P: GameProperty>(&self, node: u32, holds_info: impl Fn(u32) -> bool) -> GameInfo {
        let tree = self.structure();
        let mut nodes = self.typed::<P>();
        let mut at = None;
        // The properties of the nodes that hold game info, nearest first.
        let mut found = Vec::new();
        let path = std::iter::successors(Some(node), |&n| tree.parent(n));
        for node in path.filter(|&n| holds_info(n)) {
            let props = nodes.props(node);
            if props.iter().any(is_game_info) {
                at.get_or_insert(node);
                found.extend(props.iter().map(|p| p.to_raw()));
            }
        }
        let Some(at) = at.and_then(NodeId::from_index) else {
            return GameInfo::default();
        };
        GameInfo::read(at, |ident| {
            let prop = found.iter().find(|p| p.ident == ident)?;
            prop.values.first().cloned()
        })
    }
}

/// A game's properties by identifier, and which of them play a move or hold game info: a table
/// indexed by the identifiers of one or two capitals (all the specification's), a search for
/// longer ones.
pub(super) struct Kinds {
    /// For each identifier of one or two capitals, the index of its definition plus one.
    short: Box<[u16; SHORT]>,
    /// The identifiers of more letters, with the indexes of their definitions.
    long: Vec<(&'static str, usize)>,
    /// By definition: whether its values are moves.
    plays: Vec<bool>,
    /// By definition: whether it is game info.
    info: Vec<bool>,
}

/// The identifiers of one or two capitals: 27 by 27, a letter or none in the second place.
const SHORT: usize = 27 * 27;

/// The slot of an identifier of one or two capitals.
fn short_slot(ident: &str) -> Option<usize> {
    let letter = |b: u8| b.is_ascii_uppercase().then(|| usize::from(b - b'A') + 1);
    match *ident.as_bytes() {
        [a] => Some(letter(a)? * 27),
        [a, b] => Some(letter(a)? * 27 + letter(b)?),
        _ => None,
    }
}

impl Kinds {
    /// The table of `game`, made once per game and kept: a tree asks for it twice, and a
    /// bulk reader reads thousands of trees.
    pub(super) fn cached(game: &'static spec::Game) -> &'static Kinds {
        static MADE: Mutex<Vec<(&'static spec::Game, &'static Kinds)>> = Mutex::new(Vec::new());
        let mut made = MADE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&(_, kinds)) = made.iter().find(|(g, _)| std::ptr::eq(*g, game)) {
            return kinds;
        }
        // One table per game the program defines, so never more than a handful.
        let kinds: &'static Kinds = Box::leak(Box::new(Kinds::of(game)));
        made.push((game, kinds));
        kinds
    }

    pub(super) fn of(game: &'static spec::Game) -> Kinds {
        let mut short = Box::new([0u16; SHORT]);
        let mut long = Vec::new();
        for (index, property) in game.properties.iter().enumerate() {
            match short_slot(&property.ident) {
                Some(slot) => short[slot] = index as u16 + 1,
                None => long.push((&*property.ident, index)),
            }
        }
        let plays = game.properties.iter().map(spec::Property::plays).collect();
        let info = game
            .properties
            .iter()
            .map(|d| d.kind == PropertyType::GameInfo)
            .collect();
        Kinds {
            short,
            long,
            plays,
            info,
        }
    }

    /// The index of the definition of `ident` in the game's table.
    pub(super) fn index(&self, ident: &str) -> Option<usize> {
        match short_slot(ident) {
            Some(slot) => usize::from(self.short[slot]).checked_sub(1),
            None => self.long.iter().find(|(i, _)| *i == ident).map(|&(_, x)| x),
        }
    }
}
