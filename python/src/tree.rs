//! `sgf.Game`: a handle on a game tree of a collection (the collection and an index), so that
//! taking one copies nothing; its nodes, main line and moves.

use pyo3::prelude::*;
use pyo3::types::PyString;
use sgf_core::compact::CompactGame;
use sgf_core::games::go;
use sgf_core::syntax::LeanTree;
use sgf_core::value::{Context, Value};
use sgf_core::{GameDispatch, GameProperty, GameSet, GameTree};

use crate::collection::Collection;
use crate::node::Node;
use crate::{go_tuples, values};

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

    fn node(&self, py: Python<'_>, node: u32) -> Node {
        Node::new(
            self.collection.clone_ref(py),
            self.index,
            node,
            self.generation,
        )
    }

    /// Runs `f` on the tree, if the collection still holds it as it was.
    fn with<R>(&self, py: Python<'_>, f: impl FnOnce(CompactGame<'_>) -> R) -> PyResult<R> {
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
        let gm = self.gm(py)?;
        Ok(GameTree::dispatch(gm, GameName))
    }

    /// The board: `(columns, rows)`, from the root's `SZ` or the game's default.
    #[getter]
    fn size(&self, py: Python<'_>) -> PyResult<(u32, u32)> {
        let ctx = self.with(py, |game| {
            GameTree::dispatch(game.gm(), TreeContext { game })
        })?;
        Ok(ctx.size)
    }

    /// The root node.
    #[getter]
    fn root(&self, py: Python<'_>) -> Node {
        self.node(py, 0)
    }

    /// Every node, in the order of the file (preorder: a node, then its first variation
    /// whole, then the next).
    fn nodes(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        let len = self.with(py, |game| game.structure().len() as u32)?;
        Ok((0..len).map(|node| self.node(py, node)).collect())
    }

    /// The main line: the root, its first child, that child's first child, and so on.
    fn main_line(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        let nodes = self.with(py, |game| {
            let tree = game.structure();
            std::iter::successors(Some(0), |&node| tree.first_child(node)).collect::<Vec<u32>>()
        })?;
        Ok(nodes.into_iter().map(|node| self.node(py, node)).collect())
    }

    /// The moves of the main line, in order: `(colour, move)` with colour `"B"` or `"W"` and
    /// the move as the game gives it (a Go move `(col, row)`, or `None` for a pass). With
    /// `variations`, the moves of every node, in the order of the file (preorder).
    #[pyo3(signature = (variations = false))]
    fn moves<'py>(&self, py: Python<'py>, variations: bool) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let collection = self.collection.borrow(py);
        let trees = collection.trees(self.generation)?;
        let game = trees.game(self.index);
        GameTree::dispatch(
            game.gm(),
            Moves {
                py,
                game,
                input: trees.input(),
                variations,
            },
        )
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |game| game.structure().len())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let (gm, len) = self.with(py, |game| (game.gm(), game.structure().len()))?;
        Ok(format!(
            "<sgf.Game {} of {len} node(s)>",
            GameTree::dispatch(gm, GameName)
        ))
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
    game: CompactGame<'a>,
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
    game: CompactGame<'a>,
    input: &'a [u8],
    variations: bool,
}

impl<'py> GameDispatch for Moves<'_, 'py> {
    type Output = PyResult<Vec<Bound<'py, PyAny>>>;
    fn run<P: GameProperty>(self) -> Self::Output {
        let py = self.py;
        let tree = self.game.structure();
        let mut nodes = self.game.typed::<P>();
        let ctx = *nodes.context();
        let gm = self.game.gm();
        let mut moves = Vec::new();
        let mut plain = Vec::new();
        let len = tree.len() as u32;
        let mut next = Some(0);
        while let Some(node) = next {
            next = if self.variations {
                Some(node + 1).filter(|&n| n < len)
            } else {
                tree.first_child(node)
            };
            plain.clear();
            if gm == 1
                && !self.game.is_edited(node)
                && plain_go_moves(tree, self.input, node, &ctx, &mut plain)
            {
                for &(black, play) in &plain {
                    moves.push(go_tuples::coloured_move(py, black, &play)?);
                }
                continue;
            }
            for prop in nodes.props(node) {
                if let Some((black, play)) = crate::games::go_move(prop) {
                    moves.push(go_tuples::coloured_move(py, black, play)?);
                } else if prop.is_move() && prop.verbatim().is_none() {
                    let value = values::to_python(py, prop, gm, &ctx)?;
                    let pair = (PyString::new(py, prop.ident()), value);
                    moves.push(pair.into_pyobject(py)?.into_any());
                }
            }
        }
        Ok(moves)
    }
}

/// The Go moves of a node, read straight from its bytes where they are written plainly: each
/// of `B` and `W` at most once, with one value, and every identifier in capitals. Returns
/// whether it could; the typed reading, slower, reads the same moves from any node.
fn plain_go_moves(
    tree: &LeanTree,
    input: &[u8],
    node: u32,
    ctx: &Context,
    out: &mut Vec<(bool, go::Move)>,
) -> bool {
    let (mut black, mut white) = (false, false);
    for prop in tree.props(node, input) {
        let ident = tree.ident(prop, input);
        let seen = match ident {
            "B" => &mut black,
            "W" => &mut white,
            _ if ident.bytes().all(|b| b.is_ascii_uppercase()) => continue,
            _ => return false,
        };
        let mut values = tree.values(prop, input);
        let (Some(value), None) = (values.next(), values.next()) else {
            return false;
        };
        let Ok(raw) = std::str::from_utf8(value.bytes(input)) else {
            return false;
        };
        let Ok(play) = <go::Move as Value>::parse_value(raw, ctx) else {
            return false;
        };
        if std::mem::replace(seen, true) {
            return false;
        }
        out.push((ident == "B", play));
    }
    true
}
