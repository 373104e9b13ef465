//! Typed access to the nodes of a compact tree: a node's properties parsed when asked for,
//! into a buffer reused from node to node.

use crate::finding::Finding;
use crate::property::GameProperty;
use crate::read::{NodeReader, Scratch, context};
use crate::value::Context;

/// The typed properties of a compact tree's nodes, one node at a time.
///
/// ```
/// use sgf_core::{GoProperty, ReadOptions, compact, games::go::Move};
///
/// let read = compact::read(b"(;GM[1]SZ[19];B[pd];W[dd])", &ReadOptions::default()).unwrap();
/// let game = read.collection.game(0);
/// let mut nodes = game.typed::<GoProperty>();
/// let moves = (0..game.structure().len() as u32)
///     .filter(|&node| nodes.props(node).iter().any(|p| matches!(p, GoProperty::B(Move::Play(_)))))
///     .count();
/// assert_eq!(moves, 1);
/// ```
pub struct TypedNodes<'a, P> {
    reader: NodeReader<'a>,
    ctx: Context,
    scratch: Scratch<'a>,
    props: Vec<P>,
    /// Findings are not made on access; the reader still wants somewhere to put them.
    findings: Vec<Finding>,
}

impl<'a, P: GameProperty> TypedNodes<'a, P> {
    pub(super) fn new(reader: NodeReader<'a>) -> Self {
        TypedNodes {
            ctx: context(reader.bytes, reader.tree, P::DEFAULT_SIZE, reader.encoding),
            reader,
            scratch: Scratch::default(),
            props: Vec::new(),
            findings: Vec::new(),
        }
    }

    /// The board and format version the tree's values are read in.
    pub fn context(&self) -> &Context {
        &self.ctx
    }

    /// The properties of `node`, typed. A value its property does not take is kept as written,
    /// as an invalid property.
    ///
    /// # Panics
    /// If `node` is not a node of the tree.
    pub fn props(&mut self, node: u32) -> &[P] {
        let mut replaced = false;
        self.reader.props(
            node,
            &self.ctx,
            &mut self.scratch,
            &mut self.props,
            &mut replaced,
            &mut self.findings,
        );
        &self.props
    }
}
