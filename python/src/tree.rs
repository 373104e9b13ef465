//! `sgf.Game` and `sgf.Node`: handles on a game tree and a node of a collection (the collection
//! and an index), so that taking one copies nothing. A node's properties are typed when asked
//! for, with the property type of the tree's game.

use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use sgf_core::compact::{CompactCollection, CompactGame};
use sgf_core::games::go;
use sgf_core::spec::Scalar;
use sgf_core::syntax::LeanTree;
use sgf_core::value::{Context, Value};
use sgf_core::{GameDispatch, GameProperty, GameSet, GameTree, RawProperty};

use crate::collection::Collection;
use crate::values;

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
        Node {
            collection: self.collection.clone_ref(py),
            game: self.index,
            node,
            generation: self.generation,
        }
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
    /// the move as the game gives it (a Go move `(col, row)`, or `None` for a pass).
    fn moves<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(Bound<'py, PyString>, Bound<'py, PyAny>)>> {
        let collection = self.collection.borrow(py);
        let trees = collection.trees(self.generation)?;
        let game = trees.game(self.index);
        GameTree::dispatch(
            game.gm(),
            MainLineMoves {
                py,
                game,
                input: trees.input(),
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

struct MainLineMoves<'a, 'py> {
    py: Python<'py>,
    game: CompactGame<'a>,
    input: &'a [u8],
}

impl<'py> GameDispatch for MainLineMoves<'_, 'py> {
    type Output = PyResult<Vec<(Bound<'py, PyString>, Bound<'py, PyAny>)>>;
    fn run<P: GameProperty>(self) -> Self::Output {
        let py = self.py;
        let tree = self.game.structure();
        let mut nodes = self.game.typed::<P>();
        let ctx = *nodes.context();
        let gm = self.game.gm();
        let plays: Vec<bool> = P::game()
            .properties
            .iter()
            .map(|d| {
                d.value
                    .singles()
                    .iter()
                    .any(|s| s.parts.contains(&Scalar::Move))
            })
            .collect();
        let colour = |black: bool| {
            if black {
                pyo3::intern!(py, "B").clone()
            } else {
                pyo3::intern!(py, "W").clone()
            }
        };
        let mut moves = Vec::new();
        let mut plain = Vec::new();
        let mut next = Some(0);
        while let Some(node) = next {
            next = tree.first_child(node);
            plain.clear();
            if gm == 1
                && !self.game.is_edited(node)
                && plain_go_moves(tree, self.input, node, &ctx, &mut plain)
            {
                for &(black, play) in &plain {
                    moves.push((colour(black), crate::games::go_play(py, &play)?));
                }
                continue;
            }
            for prop in nodes.props(node) {
                if let Some(play) = crate::games::go_move(py, prop) {
                    let (black, value) = play?;
                    moves.push((colour(black), value));
                } else if prop.definition_index().is_some_and(|i| plays[i])
                    && prop.verbatim().is_none()
                {
                    let value = values::to_python(py, prop, gm, &ctx)?;
                    moves.push((PyString::new(py, prop.ident()), value));
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

/// One node of a game tree. Its properties read like a dict: `node["B"]`, `"C" in node`,
/// `node.get("C")`, `node.keys()`; assigning (`node["C"] = "text"`) or deleting (`del
/// node["C"]`) one edits the node.
#[pyclass(module = "sgf", frozen)]
pub(crate) struct Node {
    collection: Py<Collection>,
    game: usize,
    node: u32,
    generation: u64,
}

impl Node {
    fn handle(&self, py: Python<'_>, node: u32) -> Node {
        Node {
            collection: self.collection.clone_ref(py),
            game: self.game,
            node,
            generation: self.generation,
        }
    }

    /// Runs `read` with the node's typed properties and the tree's context.
    fn read<R: NodeRead>(&self, py: Python<'_>, read: R) -> PyResult<R::Output> {
        let collection = self.collection.borrow(py);
        let game = collection.trees(self.generation)?.game(self.game);
        Ok(GameTree::dispatch(
            game.gm(),
            Dispatched {
                game,
                node: self.node,
                read,
            },
        ))
    }

    /// Replaces the node's properties by what `edit` makes of them.
    fn edit(&self, py: Python<'_>, edit: impl NodeEdit) -> PyResult<()> {
        let mut collection = self.collection.borrow_mut(py);
        let game = collection.trees(self.generation)?.game(self.game);
        let gm = game.gm();
        let edited = GameTree::dispatch(
            gm,
            Dispatched {
                game,
                node: self.node,
                read: EditRead(edit),
            },
        )?;
        edited.apply(&mut collection.inner, self.game, self.node);
        Ok(())
    }

    fn structure<R>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&sgf_core::syntax::LeanTree) -> R,
    ) -> PyResult<R> {
        let collection = self.collection.borrow(py);
        Ok(f(collection
            .trees(self.generation)?
            .game(self.game)
            .structure()))
    }
}

/// What is read of a node, with the property type of its game.
trait NodeRead {
    type Output;
    fn read<P: GameProperty>(self, props: &[P], gm: u32, ctx: &Context) -> Self::Output;
}

struct Dispatched<'a, F> {
    game: CompactGame<'a>,
    node: u32,
    read: F,
}

impl<F: NodeRead> GameDispatch for Dispatched<'_, F> {
    type Output = F::Output;
    fn run<P: GameProperty>(self) -> F::Output {
        let mut nodes = self.game.typed::<P>();
        let ctx = *nodes.context();
        let props = nodes.props(self.node);
        self.read.read(props, self.game.gm(), &ctx)
    }
}

/// An edit of a node: its new properties, made from its current ones.
trait NodeEdit {
    fn edit<P: GameProperty>(self, props: &[P], gm: u32, ctx: &Context) -> PyResult<Vec<P>>;
}

/// Sets the properties of a node of a collection: made while the collection is read, applied
/// once it can be changed.
type Setter = Box<dyn FnOnce(&mut CompactCollection, usize, u32)>;

/// The new properties of a node, of whichever game's property type.
struct Edited(Setter);

impl Edited {
    fn apply(self, collection: &mut CompactCollection, game: usize, node: u32) {
        (self.0)(collection, game, node);
    }
}

struct EditRead<E>(E);

impl<E: NodeEdit> NodeRead for EditRead<E> {
    type Output = PyResult<Edited>;
    fn read<P: GameProperty>(self, props: &[P], gm: u32, ctx: &Context) -> PyResult<Edited> {
        let new = self.0.edit(props, gm, ctx)?;
        Ok(Edited(Box::new(move |collection, game, node| {
            collection.set_props(game, node, &new);
        })))
    }
}

/// The value of the property `ident`, if the node has it.
struct Get<'a, 'py> {
    py: Python<'py>,
    ident: &'a str,
}

impl<'py> NodeRead for Get<'_, 'py> {
    type Output = PyResult<Option<Bound<'py, PyAny>>>;
    fn read<P: GameProperty>(
        self,
        props: &[P],
        gm: u32,
        ctx: &Context,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        props
            .iter()
            .find(|p| p.ident() == self.ident)
            .map(|p| values::to_python(self.py, p, gm, ctx))
            .transpose()
    }
}

/// Every property: `(ident, value)`, in the order of the node.
struct Items<'py> {
    py: Python<'py>,
}

impl<'py> NodeRead for Items<'py> {
    type Output = PyResult<Vec<(String, Bound<'py, PyAny>)>>;
    fn read<P: GameProperty>(
        self,
        props: &[P],
        gm: u32,
        ctx: &Context,
    ) -> PyResult<Vec<(String, Bound<'py, PyAny>)>> {
        props
            .iter()
            .map(|p| {
                Ok((
                    p.ident().to_owned(),
                    values::to_python(self.py, p, gm, ctx)?,
                ))
            })
            .collect()
    }
}

/// The raw properties of the node.
struct Raw;

impl NodeRead for Raw {
    type Output = Vec<RawProperty>;
    fn read<P: GameProperty>(self, props: &[P], _: u32, _: &Context) -> Vec<RawProperty> {
        props.iter().map(GameProperty::to_raw).collect()
    }
}

/// Sets the property `ident` to a Python value (or to raw values), in place of the one the
/// node has, else after its last property.
struct Set<'a, 'py> {
    ident: &'a str,
    value: SetValue<'a, 'py>,
}

enum SetValue<'a, 'py> {
    Python(&'a Bound<'py, PyAny>),
    Raw(Vec<String>),
}

impl NodeEdit for Set<'_, '_> {
    fn edit<P: GameProperty>(self, props: &[P], gm: u32, ctx: &Context) -> PyResult<Vec<P>> {
        let new = match self.value {
            SetValue::Python(value) => {
                // What is set must fit the board, which reading does not hold values to.
                let checked = Context {
                    board_check: true,
                    ..*ctx
                };
                values::from_python::<P>(self.ident, value, gm, &checked)?
            }
            SetValue::Raw(values) => P::from_raw(RawProperty::new(self.ident, values), ctx).0,
        };
        let mut props = props.to_vec();
        match props.iter().position(|p| p.ident() == self.ident) {
            Some(at) => {
                props[at] = new;
                let mut k = at + 1;
                // A property the node repeats (damaged input) is replaced whole.
                while k < props.len() {
                    if props[k].ident() == self.ident {
                        props.remove(k);
                    } else {
                        k += 1;
                    }
                }
            }
            None => props.push(new),
        }
        Ok(props)
    }
}

/// Removes the property `ident`.
struct Remove<'a> {
    ident: &'a str,
}

impl NodeEdit for Remove<'_> {
    fn edit<P: GameProperty>(self, props: &[P], _: u32, _: &Context) -> PyResult<Vec<P>> {
        if !props.iter().any(|p| p.ident() == self.ident) {
            return Err(PyKeyError::new_err(self.ident.to_owned()));
        }
        Ok(props
            .iter()
            .filter(|p| p.ident() != self.ident)
            .cloned()
            .collect())
    }
}

#[pymethods]
impl Node {
    /// The node's index in `Game.nodes()` (0 for the root).
    #[getter]
    fn index(&self) -> u32 {
        self.node
    }

    /// The node above, or `None` for the root.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        let parent = self.structure(py, |tree| tree.parent(self.node))?;
        Ok(parent.map(|p| self.handle(py, p)))
    }

    /// The nodes below, the main line's first.
    #[getter]
    fn children(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        let children = self.structure(py, |tree| tree.children(self.node).collect::<Vec<_>>())?;
        Ok(children.into_iter().map(|c| self.handle(py, c)).collect())
    }

    fn __getitem__<'py>(&self, py: Python<'py>, ident: &str) -> PyResult<Bound<'py, PyAny>> {
        self.read(py, Get { py, ident })??
            .ok_or_else(|| PyKeyError::new_err(ident.to_owned()))
    }

    /// The value of the property `ident`, or `default` if the node does not have it.
    #[pyo3(signature = (ident, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        ident: &str,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        Ok(self.read(py, Get { py, ident })??.or(default))
    }

    fn __contains__(&self, py: Python<'_>, ident: &str) -> PyResult<bool> {
        let raw = self.read(py, Raw)?;
        Ok(raw.iter().any(|p| p.ident == ident))
    }

    /// The identifiers of the node's properties, in order.
    fn keys(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let raw = self.read(py, Raw)?;
        Ok(raw.into_iter().map(|p| p.ident).collect())
    }

    /// `(ident, value)` for every property of the node, in order.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Vec<(String, Bound<'py, PyAny>)>> {
        self.read(py, Items { py })?
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.keys(py)?)?
            .into_any()
            .try_iter()
            .map(Bound::into_any)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        Ok(self.read(py, Raw)?.len())
    }

    /// The values of the property `ident` as they are written in SGF (escapes included), or
    /// `None` if the node does not have it.
    fn raw(&self, py: Python<'_>, ident: &str) -> PyResult<Option<Vec<String>>> {
        let raw = self.read(py, Raw)?;
        Ok(raw.into_iter().find(|p| p.ident == ident).map(|p| p.values))
    }

    /// Sets the property `ident` to values written as SGF (escapes included), kept as
    /// written if they do not fit the property.
    fn set_raw(&self, py: Python<'_>, ident: &str, values: Vec<String>) -> PyResult<()> {
        check_ident(ident)?;
        self.edit(
            py,
            Set {
                ident,
                value: SetValue::Raw(values),
            },
        )
    }

    fn __setitem__(&self, py: Python<'_>, ident: &str, value: Bound<'_, PyAny>) -> PyResult<()> {
        check_ident(ident)?;
        self.edit(
            py,
            Set {
                ident,
                value: SetValue::Python(&value),
            },
        )
    }

    fn __delitem__(&self, py: Python<'_>, ident: &str) -> PyResult<()> {
        self.edit(py, Remove { ident })
    }

    /// The move the node plays: `(colour, move)`, or `None` if it plays none.
    #[getter]
    fn r#move<'py>(&self, py: Python<'py>) -> PyResult<Option<(String, Bound<'py, PyAny>)>> {
        self.read(py, Moves { py })?
    }

    fn __eq__(&self, other: &Node) -> bool {
        self.collection.is(&other.collection)
            && (self.game, self.node, self.generation) == (other.game, other.node, other.generation)
    }

    fn __hash__(&self) -> u64 {
        (self.collection.as_ptr() as u64) ^ ((self.game as u64) << 32) ^ u64::from(self.node)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let raw = self.read(py, Raw)?;
        let text: String = raw.iter().map(ToString::to_string).collect();
        Ok(format!("<sgf.Node {} ;{text}>", self.node))
    }
}

/// The first move property of a node that plays one.
struct Moves<'py> {
    py: Python<'py>,
}

impl<'py> NodeRead for Moves<'py> {
    type Output = PyResult<Option<(String, Bound<'py, PyAny>)>>;
    fn read<P: GameProperty>(
        self,
        props: &[P],
        gm: u32,
        ctx: &Context,
    ) -> PyResult<Option<(String, Bound<'py, PyAny>)>> {
        props
            .iter()
            .find(|p| p.is_move() && p.verbatim().is_none())
            .map(|p| {
                Ok((
                    p.ident().to_owned(),
                    values::to_python(self.py, p, gm, ctx)?,
                ))
            })
            .transpose()
    }
}

/// An identifier is one or more uppercase letters: anything else would not read back.
fn check_ident(ident: &str) -> PyResult<()> {
    if !ident.is_empty() && ident.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(pyo3::exceptions::PyValueError::new_err(format!(
            "a property identifier is one or more uppercase letters, not {ident:?}"
        )))
    }
}
