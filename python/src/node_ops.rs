//! What a `Node` reads and changes, run with the property type of the tree's game: each read
//! ([`NodeRead`]) and edit ([`NodeEdit`]) gets the node's typed properties and the tree's
//! context.

use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use sgf_core::game_set::GameDispatch;
use sgf_core::property::RawProperty;
use sgf_core::value::Context;
use sgf_core::{Collection, Game, GameProperty, NodeId};

use crate::values;

/// What is read of a node, with the property type of its game.
pub(crate) trait NodeRead {
    type Output;
    fn read<P: GameProperty>(self, props: &[P], ctx: &Context) -> Self::Output;
}

pub(crate) struct Dispatched<'a, F> {
    pub(crate) game: Game<'a>,
    pub(crate) node: NodeId,
    pub(crate) read: F,
}

impl<F: NodeRead> GameDispatch for Dispatched<'_, F> {
    type Output = F::Output;
    fn run<P: GameProperty>(self) -> F::Output {
        let mut nodes = self.game.typed::<P>();
        let ctx = *nodes.context();
        let props = nodes.props(self.node);
        self.read.read(props, &ctx)
    }
}

/// An edit of a node: its new properties, made from its current ones.
pub(crate) trait NodeEdit {
    fn edit<P: GameProperty>(self, props: &[P], ctx: &Context) -> PyResult<Vec<P>>;
}

/// Sets the properties of a node of a collection: made while the collection is read, applied
/// once it can be changed.
type Setter = Box<dyn FnOnce(&mut Collection, usize, NodeId)>;

/// The new properties of a node, of whichever game's property type.
pub(crate) struct Edited(Setter);

impl Edited {
    pub(crate) fn apply(self, collection: &mut Collection, game: usize, node: NodeId) {
        (self.0)(collection, game, node);
    }
}

pub(crate) struct EditRead<E>(pub(crate) E);

impl<E: NodeEdit> NodeRead for EditRead<E> {
    type Output = PyResult<Edited>;
    fn read<P: GameProperty>(self, props: &[P], ctx: &Context) -> PyResult<Edited> {
        let new = self.0.edit(props, ctx)?;
        Ok(Edited(Box::new(move |collection, game, node| {
            collection.set_props(game, node, &new);
        })))
    }
}

/// The value of the property `ident`, if the node has it.
pub(crate) struct Get<'a, 'py> {
    pub(crate) py: Python<'py>,
    pub(crate) ident: &'a str,
}

impl<'py> NodeRead for Get<'_, 'py> {
    type Output = PyResult<Option<Bound<'py, PyAny>>>;
    fn read<P: GameProperty>(
        self,
        props: &[P],
        ctx: &Context,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        props
            .iter()
            .find(|p| p.ident() == self.ident)
            .map(|p| values::to_python(self.py, p, ctx))
            .transpose()
    }
}

/// Every property: `(ident, value)`, in the order of the node.
pub(crate) struct Items<'py> {
    pub(crate) py: Python<'py>,
}

impl<'py> NodeRead for Items<'py> {
    type Output = PyResult<Vec<(String, Bound<'py, PyAny>)>>;
    fn read<P: GameProperty>(
        self,
        props: &[P],
        ctx: &Context,
    ) -> PyResult<Vec<(String, Bound<'py, PyAny>)>> {
        props
            .iter()
            .map(|p| Ok((p.ident().to_owned(), values::to_python(self.py, p, ctx)?)))
            .collect()
    }
}

/// The raw properties of the node.
pub(crate) struct Raw;

impl NodeRead for Raw {
    type Output = Vec<RawProperty>;
    fn read<P: GameProperty>(self, props: &[P], _: &Context) -> Vec<RawProperty> {
        props.iter().map(GameProperty::to_raw).collect()
    }
}

/// Sets the property `ident` to a Python value (or to raw values), in place of the one the
/// node has, else after its last property.
pub(crate) struct Set<'a, 'py> {
    pub(crate) ident: &'a str,
    pub(crate) value: SetValue<'a, 'py>,
}

pub(crate) enum SetValue<'a, 'py> {
    Python(&'a Bound<'py, PyAny>),
    Raw(Vec<String>),
}

impl NodeEdit for Set<'_, '_> {
    fn edit<P: GameProperty>(self, props: &[P], ctx: &Context) -> PyResult<Vec<P>> {
        let new = match self.value {
            SetValue::Python(value) => {
                // What is set must fit the board, which reading does not hold values to.
                let checked = Context {
                    board_check: true,
                    ..*ctx
                };
                values::from_python::<P>(self.ident, value, &checked)?
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
pub(crate) struct Remove<'a> {
    pub(crate) ident: &'a str,
}

impl NodeEdit for Remove<'_> {
    fn edit<P: GameProperty>(self, props: &[P], _: &Context) -> PyResult<Vec<P>> {
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

/// The first move property of a node that plays one.
pub(crate) struct Moves<'py> {
    pub(crate) py: Python<'py>,
}

impl<'py> NodeRead for Moves<'py> {
    type Output = PyResult<Option<(String, Bound<'py, PyAny>)>>;
    fn read<P: GameProperty>(
        self,
        props: &[P],
        ctx: &Context,
    ) -> PyResult<Option<(String, Bound<'py, PyAny>)>> {
        props
            .iter()
            .find(|p| p.is_move() && p.verbatim().is_none())
            .map(|p| Ok((p.ident().to_owned(), values::to_python(self.py, p, ctx)?)))
            .transpose()
    }
}
