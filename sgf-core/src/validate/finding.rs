//! What validation finds: a [`Finding`] with a stable [`Code`], a severity, the place it is
//! about ([`Location`]) and a message a person understands.

use std::cell::{Cell, OnceCell};
use std::fmt;

use crate::diagnostic::{DiagnosticKind, Severity, Span};
use crate::tree::{NodeId, Tree};

/// What a finding is about. The code's text ([`Code::as_str`]) is stable: tools may match on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Code {
    /// Properties of an `Exclusive` rule stand together in a node (`B` and `W`).
    ExclusiveProperties,
    /// Properties of two types a `NoMix` rule keeps apart stand in one node (move and setup).
    MixedPropertyTypes,
    /// A property stands without any of the companions a `Requires` rule asks for (`KO`, `BM`
    /// without a move).
    MissingCompanion,
    /// A point appears twice across the properties of a `Unique` rule, or within one of them.
    RepeatedPoint,
    /// A value of a `NoDuplicates` property appears twice (`AR[aa:bb][aa:bb]`).
    DuplicateValue,
    /// The two parts of a value of a `DistinctParts` property are equal (`AR[cc:cc]`,
    /// `SZ[19:19]`).
    EqualParts,
    /// A `OncePerGame` property appears more than once in a game tree.
    RepeatedInGame,
    /// A property the format has dropped (`Dropped`).
    DroppedProperty,
    /// A text does not follow the format its property prescribes (`Format`: DT, RE).
    BadFormat,
    /// An identifier of an earlier format that a defined property replaces (`Renamed`: L, M).
    ObsoleteProperty,
    /// A `root` property outside the root node.
    MisplacedRootProperty,
    /// `game-info` properties in more than one node on a path from the root.
    RepeatedGameInfo,
    /// A value that does not fit its property's type: wrong syntax, out of range, off the board.
    BadValue,
    /// Something FF\[4\] introduced (a compressed point list, a rectangular board) in a tree of
    /// an earlier format, whose readers cannot read it.
    NewerFeature,
    /// A property the game does not define (kept; only worth knowing).
    UnknownProperty,
    /// A value outside its property's type that real files commonly write with a known
    /// meaning (a `Convention` of the spec: `HA[0]`, `AP[foxwq]`); only worth knowing.
    Convention,
    /// A property appears twice in one node.
    RepeatedProperty,
    /// A stone played on a point that holds one (the board checks, in the games whose
    /// positions are modelled).
    OccupiedPoint,
    /// Setup that changes nothing: `AB` on a black stone, `AE` on an empty point.
    SetupNoEffect,
    /// A ko retaken at once, without `KO` in the node.
    KoRetaken,
    /// A move that leaves its own group without liberties.
    Suicide,
    /// A move the game's rules do not allow (Hex, Amazons, Lines of Action).
    IllegalMove,
    /// Two moves of the same colour in a row, with no setup or `PL` between them.
    SameColourTwice,
    /// `HA` differs from the number of black stones the root sets up.
    HandicapMismatch,
    /// `CA` names a charset other than the one the text was read in.
    CharsetMismatch,
    /// `CA` names no known charset.
    UnknownCharset,
    /// A finding of the reader about the file's structure or bytes.
    Read(DiagnosticKind),
}

impl Code {
    /// The stable text of the code, e.g. `exclusive-properties`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::ExclusiveProperties => "exclusive-properties",
            Code::MixedPropertyTypes => "mixed-property-types",
            Code::MissingCompanion => "missing-companion",
            Code::RepeatedPoint => "repeated-point",
            Code::DuplicateValue => "duplicate-value",
            Code::EqualParts => "equal-parts",
            Code::RepeatedInGame => "repeated-in-game",
            Code::DroppedProperty => "dropped-property",
            Code::BadFormat => "bad-format",
            Code::ObsoleteProperty => "obsolete-property",
            Code::MisplacedRootProperty => "misplaced-root-property",
            Code::RepeatedGameInfo => "repeated-game-info",
            Code::BadValue => "bad-value",
            Code::NewerFeature => "newer-feature",
            Code::UnknownProperty => "unknown-property",
            Code::Convention => "convention",
            Code::RepeatedProperty => "repeated-property",
            Code::OccupiedPoint => "occupied-point",
            Code::SetupNoEffect => "setup-no-effect",
            Code::KoRetaken => "ko-retaken",
            Code::Suicide => "suicide",
            Code::IllegalMove => "illegal-move",
            Code::SameColourTwice => "same-colour-twice",
            Code::HandicapMismatch => "handicap-mismatch",
            Code::CharsetMismatch => "charset-mismatch",
            Code::UnknownCharset => "unknown-charset",
            Code::Read(kind) => kind.code(),
        }
    }

    /// The code of a reader's finding; the kinds validation reports itself map to its codes.
    pub fn from_read(kind: DiagnosticKind) -> Code {
        match kind {
            DiagnosticKind::BadValue => Code::BadValue,
            DiagnosticKind::UnknownProperty => Code::UnknownProperty,
            DiagnosticKind::RepeatedProperty => Code::RepeatedProperty,
            DiagnosticKind::CharsetMismatch => Code::CharsetMismatch,
            DiagnosticKind::UnknownCharset => Code::UnknownCharset,
            other => Code::Read(other),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Code {
    /// A code is serialised as its stable text.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
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

impl NodePath {
    /// The path of a node in a tree, found by walking up to the root.
    pub fn of<P>(tree: &Tree<P>, node: NodeId) -> NodePath {
        let mut forks = Vec::new();
        let mut depth = 0u32;
        let mut at = node;
        while let Some(parent) = tree.parent(at) {
            let index = tree.children(parent).position(|c| c == at).unwrap_or(0);
            if index > 0 {
                forks.push((depth, u32::try_from(index + 1).unwrap_or(u32::MAX)));
            }
            depth += 1;
            at = parent;
        }
        // Depths were counted upwards from the node; turn them into depths from the root.
        let forks = forks
            .into_iter()
            .rev()
            .map(|(up, variation)| (depth - up, variation))
            .collect();
        NodePath { depth, forks }
    }
}

/// The places of the findings of one tree. The path of a node is found by walking up to the
/// root, until the tree has had so many findings that an index of every node's depth and
/// nearest fork pays: a long main line with a finding in every node would otherwise cost its
/// length for each.
pub(crate) struct Places<'t, P> {
    game: usize,
    tree: &'t Tree<P>,
    asked: Cell<usize>,
    index: OnceCell<PathIndex>,
}

/// Paths found by walking up before the index is built.
const PATHS_BEFORE_INDEX: usize = 16;

impl<'t, P> Places<'t, P> {
    pub(crate) fn new(game: usize, tree: &'t Tree<P>) -> Self {
        Places {
            game,
            tree,
            asked: Cell::new(0),
            index: OnceCell::new(),
        }
    }

    /// [`Location::property`], in this tree.
    pub(crate) fn property(&self, node: NodeId, ident: &str) -> Location {
        Location::at(self.game, node, self.path(node), ident)
    }

    fn path(&self, node: NodeId) -> NodePath {
        let asked = self.asked.get() + 1;
        self.asked.set(asked);
        if asked <= PATHS_BEFORE_INDEX {
            return NodePath::of(self.tree, node);
        }
        self.index
            .get_or_init(|| PathIndex::new(self.tree))
            .path(self.tree, node)
    }
}

/// Every node's depth, and its nearest fork: the node itself or its nearest ancestor that is
/// not its parent's first child, with its number among its parent's children.
struct PathIndex {
    depth: Vec<u32>,
    fork: Vec<Option<(NodeId, u32)>>,
}

impl PathIndex {
    fn new<P>(tree: &Tree<P>) -> PathIndex {
        let mut depth = vec![0; tree.arena_len()];
        let mut fork = vec![None; tree.arena_len()];
        for node in tree.preorder() {
            for (k, child) in tree.children(node).enumerate() {
                depth[child.index()] = depth[node.index()] + 1;
                fork[child.index()] = match k {
                    0 => fork[node.index()],
                    _ => Some((child, u32::try_from(k + 1).unwrap_or(u32::MAX))),
                };
            }
        }
        PathIndex { depth, fork }
    }

    fn path<P>(&self, tree: &Tree<P>, node: NodeId) -> NodePath {
        let mut forks = Vec::new();
        let mut at = self.fork[node.index()];
        while let Some((child, variation)) = at {
            forks.push((self.depth[child.index()], variation));
            at = tree.parent(child).and_then(|p| self.fork[p.index()]);
        }
        forks.reverse();
        NodePath {
            depth: self.depth[node.index()],
            forks,
        }
    }
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

    /// The place of a property in a node (`ident` empty for the node itself).
    pub fn property<P>(game: usize, tree: &Tree<P>, node: NodeId, ident: &str) -> Location {
        Location::at(game, node, NodePath::of(tree, node), ident)
    }

    fn at(game: usize, node: NodeId, path: NodePath, ident: &str) -> Location {
        Location {
            game,
            node: Some(node),
            path,
            property: (!ident.is_empty()).then(|| ident.to_owned()),
            value: None,
            span: None,
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

/// One finding of validation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Finding {
    /// What it is about.
    pub code: Code,
    /// How bad it is.
    pub severity: Severity,
    /// Where it is.
    pub location: Location,
    /// A second place it refers to: the other property of a pair, the first occurrence of a
    /// repeat.
    pub related: Option<Location>,
    /// What a person needs to know, in a sentence.
    pub message: String,
}

impl fmt::Display for Finding {
    /// `location: severity[code]: message`, like a compiler.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}[{}]: {}",
            self.location, self.severity, self.code, self.message
        )?;
        if let Some(related) = &self.related {
            write!(f, " (see {related})")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameTree;

    #[test]
    fn the_index_of_paths_finds_what_walking_up_finds() {
        let parsed = crate::parse_str(
            "(;GM[1];B[aa](;W[bb];B[cc](;W[dd])(;W[ee];B[ff]))(;W[gg](;B[hh])(;B[ii])(;B[jj];W[kk])))",
        )
        .expect("a game");
        let GameTree::Go(tree) = &parsed.collection.games[0] else {
            panic!("a Go game")
        };
        let places = Places::new(0, tree);
        let nodes: Vec<NodeId> = tree.preorder().collect();
        // Enough paths to pass the walk and use the index; each node's twice.
        for &node in nodes.iter().chain(&nodes).chain(&nodes) {
            assert_eq!(places.path(node), NodePath::of(tree, node), "{node:?}");
        }
        assert!(places.index.get().is_some(), "the index was built");
    }
}
