//! What bulk readers ask of every tree without typing every node: its moves as written, and
//! its game info, typing only the nodes that hold it.

use std::borrow::Cow;

use crate::charset;
use crate::game_info::GameInfo;
use crate::node_id::NodeId;
use crate::property::GameProperty;
use crate::source::Sources;
use crate::spec::{self, PropertyType};

use super::Game;
use super::game::lean;
use crate::syntax::NodeWalk;

/// A move of a tree: one value of a property whose values are moves by its game's
/// table (`B` and `W` in every game of the specification).
#[derive(Clone, Debug, PartialEq)]
pub struct Play<'a> {
    /// The node that holds it.
    pub node: NodeId,
    /// The definition of its property.
    pub property: &'static spec::Property,
    /// The value as written, escapes and all, decoded from the tree's charset (bytes not
    /// valid in it replaced with U+FFFD). Read it with the game's move type
    /// ([`Value::parse_value`](crate::value::Value::parse_value) under the tree's
    /// [`Context`](crate::value::Context)); an empty value is a pass in Go.
    pub value: Cow<'a, str>,
}

impl<'a, G> Game<'a, G> {
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
        let last = self.main_line().last().unwrap_or(NodeId::ROOT);
        let info = self.info::<P>(last, |node| holders.binary_search(&node).is_ok());
        (plays, info)
    }

    /// The moves of the tree; `holders` gets the nodes that may hold game info (those with a
    /// property of that kind, and those edited), in document order.
    fn scan<P: GameProperty>(&self, holders: &mut Vec<NodeId>) -> Vec<Play<'a>> {
        let game = P::game();
        let tree = self.structure();
        let input = self.bytes();
        let encoding = self.encoding();
        let text = self.text();
        let value = |range: std::ops::Range<usize>| -> Cow<'a, str> {
            match text.and_then(|text| text.get(range.clone())) {
                Some(text) => Cow::Borrowed(text),
                None => charset::decode(encoding, &input[range]).0,
            }
        };
        // The property `ident` names in `node`, if it plays a move; a node with game info
        // is noted among the holders.
        let plays = |ident: &str, node: NodeId, holders: &mut Vec<NodeId>| {
            let index = P::definition_of(ident)?;
            let property = &game.properties[index];
            if property.kind == PropertyType::GameInfo && holders.last() != Some(&node) {
                holders.push(node);
            }
            P::plays_at(index).then_some(property)
        };
        // Most nodes play a move: room for one each saves growing the list as it fills.
        let mut out = Vec::with_capacity(tree.len());
        let mut typed = None;
        for node in self.nodes() {
            if self.is_edited(node) {
                holders.push(node);
                let nodes = typed.get_or_insert_with(|| self.typed::<P>());
                for prop in nodes.props(node) {
                    let Some(property) = prop
                        .definition_index()
                        .filter(|&i| P::plays_at(i))
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
            if tree.is_regular() {
                // One walk over the node's bytes; the values of the properties that play no
                // move are passed over.
                let mut walk = NodeWalk::new(tree, lean(node), input);
                while let Some((ident, first)) = walk.next_prop() {
                    let ident = std::str::from_utf8(&input[ident]).unwrap_or_default();
                    let Some(property) = plays(ident, node, holders) else {
                        continue;
                    };
                    let mut next = Some(first);
                    while let Some(range) = next {
                        out.push(Play {
                            node,
                            property,
                            value: value(range),
                        });
                        next = walk.next_value();
                    }
                }
                continue;
            }
            for prop in tree.props(lean(node), input) {
                let Some(property) = plays(tree.ident(prop, input), node, holders) else {
                    continue;
                };
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

    /// The game info that applies to `node`, as [`GameInfo::of`]
    /// reads it from an owned tree: the `game-info` properties on the node's path from the
    /// root, each from the nearest node that holds any. The nodes that hold game info are
    /// found by identifier; only they are typed.
    pub fn game_info<P: GameProperty>(&self, node: NodeId) -> GameInfo {
        let tree = self.structure();
        let input = self.bytes();
        let game = P::game();
        self.info::<P>(node, |node| {
            self.is_edited(node)
                || tree.props(lean(node), input).any(|prop| {
                    P::definition_of(tree.ident(prop, input))
                        .is_some_and(|i| game.properties[i].kind == PropertyType::GameInfo)
                })
        })
    }

    /// The game info that applies to `node`, from the nodes on its path that `holds_info`
    /// says may hold some: the first value of each of their properties, as written (a node
    /// edited since reading gives what its typed properties write).
    fn info<P: GameProperty>(&self, node: NodeId, holds_info: impl Fn(NodeId) -> bool) -> GameInfo {
        let game = P::game();
        let is_info = |ident: &str| {
            P::definition_of(ident)
                .is_some_and(|i| game.properties[i].kind == PropertyType::GameInfo)
        };
        let mut at = None;
        // The first value of each property of the nodes that hold game info, nearest first.
        let mut found: Vec<(Cow<'a, str>, String)> = Vec::new();
        let mut node_props = Vec::new();
        let path = std::iter::successors(Some(node), |&n| self.parent(n));
        for node in path.filter(|&n| holds_info(n)) {
            node_props.clear();
            self.first_values::<P>(node, &mut node_props);
            if node_props.iter().any(|(ident, _)| is_info(ident)) {
                at.get_or_insert(node);
                found.append(&mut node_props);
            }
        }
        let Some(at) = at else {
            return GameInfo::default();
        };
        // By identifier, the nearest first (a stable sort keeps the path's order).
        found.sort_by(|(a, _), (b, _)| a.cmp(b));
        GameInfo::read(at, self.sources::<P>(), |ident| {
            let first = found.partition_point(|(i, _)| &**i < ident);
            let (_, value) = found.get(first).filter(|(i, _)| i == ident)?;
            Some(value.clone())
        })
    }

    /// The programs or servers recognised as the tree's writer, from its root
    /// (`spec/sources.spec`; see [`Sources`]).
    pub fn sources<P: GameProperty>(&self) -> Sources {
        // Recognition reads the values of `AP` alone.
        let mut root = Vec::new();
        self.first_values_of::<P>(self.root(), |ident| ident == "AP", &mut root);
        Sources::recognise(root.iter().map(|(i, v)| (&**i, v.as_str())))
    }

    /// The identifier and the first value, as written, of each property of `node`.
    fn first_values<P: GameProperty>(&self, node: NodeId, out: &mut Vec<(Cow<'a, str>, String)>) {
        self.first_values_of::<P>(node, |_| true, out);
    }

    /// [`first_values`](Self::first_values), with the values of the identifiers `wanted`
    /// refuses left empty, not decoded.
    fn first_values_of<P: GameProperty>(
        &self,
        node: NodeId,
        wanted: impl Fn(&str) -> bool,
        out: &mut Vec<(Cow<'a, str>, String)>,
    ) {
        let (tree, input, encoding) = (self.structure(), self.bytes(), self.encoding());
        if self.is_edited(node) {
            for prop in self.typed::<P>().props(node) {
                let raw = prop.to_raw();
                let value = raw.values.into_iter().next().unwrap_or_default();
                out.push((Cow::Owned(raw.ident), value));
            }
            return;
        }
        let value = |ident: &str, bytes: &[u8]| {
            if !wanted(ident) {
                return String::new();
            }
            let (text, _) = charset::decode(encoding, bytes);
            crate::value::well_formed(&text).into_owned()
        };
        if tree.is_regular() {
            let mut walk = NodeWalk::new(tree, lean(node), input);
            while let Some((ident, first)) = walk.next_prop() {
                let ident = std::str::from_utf8(&input[ident]).unwrap_or_default();
                out.push((Cow::Borrowed(ident), value(ident, &input[first])));
            }
            return;
        }
        for prop in tree.props(lean(node), input) {
            let ident = tree.ident(prop, input);
            let first = tree.values(prop, input).next();
            let first = first
                .map(|v| value(ident, v.bytes(input)))
                .unwrap_or_default();
            out.push((Cow::Borrowed(ident), first));
        }
    }
}
