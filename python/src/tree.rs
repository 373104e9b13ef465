//! `sgf.Game`: a handle on a game tree of a collection (the collection and an index), so that
//! taking one copies nothing; its nodes, main line and moves.

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use sgf_core::game_set::GameDispatch;
use sgf_core::games::OnGrid;
use sgf_core::syntax::LeanTree;
use sgf_core::value::{Context, Value};
use sgf_core::{GameProperty, NodeId};

use crate::collection::Collection;
use crate::node::Node;
use crate::tuples::Shared;
use crate::{games, values};

/// One game tree of a collection.
#[pyclass(module = "sgf", frozen)]
pub(crate) struct Game {
    collection: Py<Collection>,
    index: usize,
    generation: u64,
}

impl Game {
    pub(crate) fn new(collection: &Bound<'_, Collection>, index: usize) -> Self {
        Game {
            generation: collection.borrow().generation,
            collection: collection.clone().unbind(),
            index,
        }
    }

    fn node(&self, py: Python<'_>, node: NodeId) -> Node {
        Node::new(
            self.collection.clone_ref(py),
            self.index,
            node,
            self.generation,
        )
    }

    /// Runs `f` on the tree, if the collection still holds it as it was.
    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(sgf_core::Game<'_>) -> R) -> PyResult<R> {
        let collection = self.collection.borrow(py);
        Ok(f(collection.trees(self.generation)?.game(self.index)))
    }
}

#[pymethods]
impl Game {
    /// The game's number (`GM`): 1 for Go.
    #[getter]
    fn gm(&self, py: Python<'_>) -> PyResult<u32> {
        self.with(py, |game| game.gm())
    }

    /// The game's name as the specification gives it (`"Go"`; `"Other"` for a game without a
    /// section).
    #[getter]
    fn name(&self, py: Python<'_>) -> PyResult<String> {
        self.with(py, |game| game.dispatch(GameName))
    }

    /// The board: `(columns, rows)`, from the root's `SZ` or the game's default.
    #[getter]
    fn size(&self, py: Python<'_>) -> PyResult<(u32, u32)> {
        let ctx = self.with(py, |game| game.dispatch(TreeContext { game }))?;
        Ok(ctx.size)
    }

    /// The root node.
    #[getter]
    fn root(&self, py: Python<'_>) -> Node {
        self.node(py, NodeId::ROOT)
    }

    /// Every node, in the order of the file (preorder: a node, then its first variation
    /// whole, then the next).
    fn nodes(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        let nodes = self.with(py, |game| game.nodes().collect::<Vec<_>>())?;
        Ok(nodes.into_iter().map(|node| self.node(py, node)).collect())
    }

    /// The main line: the root, its first child, that child's first child, and so on.
    fn main_line(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        let nodes = self.with(py, |game| game.main_line().collect::<Vec<_>>())?;
        Ok(nodes.into_iter().map(|node| self.node(py, node)).collect())
    }

    /// The moves of the main line, in order: `(colour, move)` with colour `"B"` or `"W"` and
    /// the move as the game gives it (a Go move `(col, row)`, or `None` for a pass). With
    /// `variations`, the moves of every node, in the order of the file (preorder).
    #[pyo3(signature = (variations = false))]
    fn moves<'py>(&self, py: Python<'py>, variations: bool) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let collection = self.collection.borrow(py);
        let game = collection.trees(self.generation)?.game(self.index);
        game.dispatch(Moves {
            py,
            game,
            variations,
        })
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |game| game.len())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let (name, len) = self.with(py, |game| (game.dispatch(GameName), game.len()))?;
        Ok(format!("<sgf.Game {name} of {len} node(s)>"))
    }
}

/// The name of a game.
struct GameName;

impl GameDispatch for GameName {
    type Output = String;
    fn run<P: GameProperty>(self) -> String {
        P::game().name.to_string()
    }
}

/// The board and format version a tree's values are read in.
struct TreeContext<'a> {
    game: sgf_core::Game<'a>,
}

impl GameDispatch for TreeContext<'_> {
    type Output = Context;
    fn run<P: GameProperty>(self) -> Context {
        *self.game.typed::<P>().context()
    }
}

/// The moves of the main line, or of every node (`variations`).
struct Moves<'a, 'py> {
    py: Python<'py>,
    game: sgf_core::Game<'a>,
    variations: bool,
}

impl<'py> GameDispatch for Moves<'_, 'py> {
    type Output = PyResult<Vec<Bound<'py, PyAny>>>;
    fn run<P: GameProperty>(self) -> Self::Output {
        let (py, game) = (self.py, self.game);
        let (tree, bytes) = (game.structure(), game.bytes());
        let mut nodes = game.typed::<P>();
        let ctx = *nodes.context();
        let order: Box<dyn Iterator<Item = NodeId>> = if self.variations {
            Box::new(game.nodes())
        } else {
            Box::new(game.main_line())
        };
        let shared = Shared::get(py)?;
        let mut moves = Vec::new();
        let mut plain = Vec::new();
        for node in order {
            plain.clear();
            if !game.is_edited(node) && plain_moves::<P>(tree, bytes, node, &ctx, &mut plain) {
                for (ident, play) in &plain {
                    moves.push(coloured_move(py, shared, ident, play)?);
                }
                continue;
            }
            for prop in nodes.props(node) {
                if !prop.is_move() || prop.verbatim().is_some() {
                    continue;
                }
                // `GameProperty` gives no typed value of a property whatever its game: the move
                // is written and read again as the game's move type.
                let mut written: Vec<String> = Vec::new();
                prop.write_values(&mut written);
                let play = match written.as_slice() {
                    [value] => P::Move::parse_value(value, &ctx).ok(),
                    _ => None,
                };
                if let Some(play) = play {
                    moves.push(coloured_move(py, shared, prop.ident(), &play)?);
                } else {
                    let value = values::to_python(py, prop, &ctx)?;
                    let pair = (PyString::new(py, prop.ident()), value);
                    moves.push(pair.into_pyobject(py)?.into_any());
                }
            }
        }
        Ok(moves)
    }
}

/// A move with the identifier of its property: `("B", (col, row))`, shared where it can be.
fn coloured_move<'py, M: OnGrid>(
    py: Python<'py>,
    shared: &Shared,
    ident: &str,
    play: &M,
) -> PyResult<Bound<'py, PyAny>> {
    let value = match play.to_grid() {
        Some(grid) => match shared.coloured_move(py, ident, &grid) {
            Some(pair) => return Ok(pair),
            None => games::grid_to_python(py, &grid)?,
        },
        None => games::to_python(py, play)?,
    };
    let pair = [PyString::new(py, ident).into_any(), value];
    Ok(PyTuple::new(py, pair)?.into_any())
}

/// The moves of a node, read straight from its bytes with the game's move type, where they are
/// written plainly: each property that plays once, with one value of printable ASCII (the
/// same text in every charset), and every identifier in capitals. Returns whether it could;
/// the typed reading, slower, reads the same moves from any node.
fn plain_moves<'a, P: GameProperty>(
    tree: &'a LeanTree,
    input: &'a [u8],
    node: NodeId,
    ctx: &Context,
    out: &mut Vec<(&'a str, P::Move)>,
) -> bool {
    let first = out.len();
    for prop in tree.props(node.index() as u32, input) {
        let ident = tree.ident(prop, input);
        if !ident.bytes().all(|b| b.is_ascii_uppercase()) {
            return false;
        }
        if !P::definition_of(ident).is_some_and(P::plays_at) {
            continue;
        }
        let mut values = tree.values(prop, input);
        let (Some(value), None) = (values.next(), values.next()) else {
            return false;
        };
        let raw = value.bytes(input);
        if !raw.iter().all(|&b| (0x20..0x7f).contains(&b)) {
            return false;
        }
        let Ok(raw) = std::str::from_utf8(raw) else {
            return false;
        };
        let Ok(play) = P::Move::parse_value(raw, ctx) else {
            return false;
        };
        if out[first..].iter().any(|(seen, _)| *seen == ident) {
            return false;
        }
        out.push((ident, play));
    }
    true
}
