//! The places findings are about: bytes of the input ([`Span`]), and games, nodes and
//! properties ([`Location`]).

use std::fmt;

use crate::node_id::NodeId;

/// A range of the input: byte offsets, and the line and column where it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
    /// Line of the first byte, counted from 1. CR, LF, CRLF and LFCR each end a line.
    pub line: u32,
    /// Column of the first byte, counted from 1 in bytes from the start of its line.
    pub col: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// Where a node stands in its game tree: its depth (the root is 0) and the variations taken on
/// the way from the root. Only the forks into a variation other than the first are held, so a
/// node deep in a main line costs nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct NodePath {
    /// How many moves down from the root: the root is 0.
    pub depth: u32,
    /// Each `(depth, variation)` where the path leaves the main line of its parent: the node at
    /// `depth` is the parent's child number `variation`, counted from 1 (1 is the main line).
    pub forks: Vec<(u32, u32)>,
}

impl fmt::Display for NodePath {
    /// `root`, `node 35`, or `node 35 (variation 2 at node 20)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.depth == 0 {
            return f.write_str("root");
        }
        write!(f, "node {}", self.depth)?;
        for (i, (depth, variation)) in self.forks.iter().enumerate() {
            let open = if i == 0 { " (" } else { ", " };
            write!(f, "{open}variation {variation} at node {depth}")?;
        }
        if !self.forks.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// The place a finding is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Location {
    /// The game tree's index in the collection.
    pub game: usize,
    /// The node in its tree, if the finding is about one.
    pub node: Option<NodeId>,
    /// Where that node stands.
    pub path: NodePath,
    /// The property's identifier, if the finding is about one.
    pub property: Option<String>,
    /// The index of the value within the property, if the finding is about one.
    pub value: Option<usize>,
    /// The bytes of the input, when the collection was read from one and the place is known.
    pub span: Option<Span>,
}

impl Location {
    /// The place of a whole game tree.
    pub fn game(game: usize) -> Location {
        Location {
            game,
            node: None,
            path: NodePath::default(),
            property: None,
            value: None,
            span: None,
        }
    }

    /// The place of a property (`ident` empty for the node itself) of a node at `path`.
    pub(crate) fn at(game: usize, node: NodeId, path: NodePath, ident: &str) -> Location {
        Location {
            game,
            node: Some(node),
            path,
            property: (!ident.is_empty()).then(|| ident.to_owned()),
            value: None,
            span: None,
        }
    }

    /// A place in the input of a game tree, known by its bytes only (what the reader finds).
    pub fn in_input(game: usize, span: Span) -> Location {
        Location {
            span: Some(span),
            ..Location::game(game)
        }
    }

    /// The same place, narrowed to one value of its property.
    pub fn with_value(mut self, value: usize) -> Location {
        self.value = Some(value);
        self
    }
}

impl fmt::Display for Location {
    /// `game 1, node 35, B`, or `line:col` when the span is known.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(span) = self.span {
            return write!(f, "{span}");
        }
        write!(f, "game {}", self.game + 1)?;
        if self.node.is_some() {
            write!(f, ", {}", self.path)?;
        }
        if let Some(property) = &self.property {
            write!(f, ", {property}")?;
        }
        if let Some(value) = self.value {
            write!(f, "[{}]", value + 1)?;
        }
        Ok(())
    }
}
