//! `sgf.Node`: a handle on a node of a game tree (the collection, the tree's index and the
//! node's), whose properties read and change like a dict's items, typed when asked for with the
//! property type of the tree's game.

use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use sgf_core::NodeId;

use crate::collection::Collection;
use crate::node_ops::{
    Dispatched, EditRead, Get, Items, Moves, NodeEdit, NodeRead, Raw, Remove, Set, SetValue,
};

/// One node of a game tree. Its properties read like a dict: `node["B"]`, `"C" in node`,
/// `node.get("C")`, `node.keys()`; assigning (`node["C"] = "text"`) or deleting (`del
/// node["C"]`) one edits the node.
#[pyclass(module = "sgf", frozen)]
pub(crate) struct Node {
    collection: Py<Collection>,
    game: usize,
    node: NodeId,
    generation: u64,
}

impl Node {
    pub(crate) fn new(
        collection: Py<Collection>,
        game: usize,
        node: NodeId,
        generation: u64,
    ) -> Self {
        Node {
            collection,
            game,
            node,
            generation,
        }
    }

    fn handle(&self, py: Python<'_>, node: NodeId) -> Node {
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
        Ok(game.dispatch(Dispatched {
            game,
            node: self.node,
            read,
        }))
    }

    /// Replaces the node's properties by what `edit` makes of them.
    fn edit(&self, py: Python<'_>, edit: impl NodeEdit) -> PyResult<()> {
        let mut collection = self.collection.borrow_mut(py);
        let game = collection.trees(self.generation)?.game(self.game);
        let edited = game.dispatch(Dispatched {
            game,
            node: self.node,
            read: EditRead(edit),
        })?;
        edited.apply(&mut collection.inner, self.game, self.node);
        Ok(())
    }

    /// Runs `f` on the node's tree, if the collection still holds it as it was.
    fn tree<R>(&self, py: Python<'_>, f: impl FnOnce(sgf_core::Game<'_>) -> R) -> PyResult<R> {
        let collection = self.collection.borrow(py);
        Ok(f(collection.trees(self.generation)?.game(self.game)))
    }
}

#[pymethods]
impl Node {
    /// The node's index in `Game.nodes()` (0 for the root).
    #[getter]
    fn index(&self) -> usize {
        self.node.index()
    }

    /// The node above, or `None` for the root.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<Node>> {
        let parent = self.tree(py, |game| game.parent(self.node))?;
        Ok(parent.map(|p| self.handle(py, p)))
    }

    /// The nodes below, the main line's first.
    #[getter]
    fn children(&self, py: Python<'_>) -> PyResult<Vec<Node>> {
        let children = self.tree(py, |game| game.children(self.node).collect::<Vec<_>>())?;
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
        (self.collection.as_ptr() as u64) ^ ((self.game as u64) << 32) ^ self.node.index() as u64
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let raw = self.read(py, Raw)?;
        let text: String = raw.iter().map(ToString::to_string).collect();
        Ok(format!("<sgf.Node {} ;{text}>", self.node.index()))
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
