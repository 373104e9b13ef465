//! Each game's points, stones and moves as Python values, and back, from the game's own value
//! types ([`OnGrid`]), the same way for every game: nothing here names one.
//!
//! - a value on one point of the grid ([`Grid::Point`]) is `(col, row)`, counted from 0 at the
//!   top left;
//! - a value of several points ([`Grid::Points`], an Amazons move) is the tuple of their
//!   `(col, row)`;
//! - a pass ([`Grid::Pass`]) is `None`;
//! - a value with no form on the grid (a Backgammon roll, a Lines of Action step, Hex's
//!   `swap-pieces`, any value of a game without a module) is the text it is written as.
//!
//! Back from Python, a tuple, `None` or a tuple of tuples is read as the game's value with that
//! form on the grid ([`OnGrid::from_grid`]), checked against the board; a `str` is read as the
//! text the value is written as, in any game.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use sgf_core::GameProperty;
use sgf_core::games::{Grid, OnGrid};
use sgf_core::value::{Context, Value, unescape_text};

use crate::tuples::Shared;

/// A point, stone or move as a Python value.
pub(crate) fn to_python<'py, V: OnGrid>(py: Python<'py>, value: &V) -> PyResult<Bound<'py, PyAny>> {
    match value.to_grid() {
        Some(grid) => grid_to_python(py, &grid),
        None => written(py, value),
    }
}

/// A form on the grid as a Python value.
pub(crate) fn grid_to_python<'py>(py: Python<'py>, grid: &Grid) -> PyResult<Bound<'py, PyAny>> {
    match grid {
        Grid::Pass => Ok(py.None().into_bound(py)),
        &Grid::Point(col, row) => Shared::get(py)?.point(py, col, row),
        Grid::Points(points) => {
            let shared = Shared::get(py)?;
            let points = points
                .iter()
                .map(|&(col, row)| shared.point(py, col, row))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, points)?.into_any())
        }
    }
}

/// A point, stone or move of the game of `P` (`kind` says which, for errors) from a Python
/// value, on the board of `ctx`.
pub(crate) fn from_python<P: GameProperty, V: OnGrid>(
    value: &Bound<'_, PyAny>,
    ctx: &Context,
    kind: &str,
) -> PyResult<V> {
    if value.is_instance_of::<PyString>() {
        return from_written(value, ctx);
    }
    let grid = grid_of(value).ok_or_else(|| {
        PyValueError::new_err(format!(
            "expected a {kind} as (col, row), None for a pass, a tuple of (col, row) for a value \
             of several points, or the str it is written as; not {value}"
        ))
    })?;
    V::from_grid(&grid, ctx).ok_or_else(|| {
        let (columns, rows) = ctx.size;
        PyValueError::new_err(format!(
            "{value} is no {kind} of {} on a board of {columns}x{rows}",
            P::game().name
        ))
    })
}

/// The form on the grid a Python value gives: `None`, `(col, row)`, or a sequence of them.
fn grid_of(value: &Bound<'_, PyAny>) -> Option<Grid> {
    if value.is_none() {
        return Some(Grid::Pass);
    }
    if let Ok((col, row)) = value.extract::<(u32, u32)>() {
        return Some(Grid::Point(col, row));
    }
    value.extract::<Vec<(u32, u32)>>().ok().map(Grid::Points)
}

/// A value as the text it is written as.
fn written<'py, V: Value>(py: Python<'py>, value: &V) -> PyResult<Bound<'py, PyAny>> {
    let mut raw = String::new();
    value.write_value(&mut raw);
    Ok(unescape_text(&raw).into_pyobject(py)?.into_any())
}

/// A value from the text it is written as.
fn from_written<V: Value>(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<V> {
    let text: String = value.extract()?;
    let mut raw = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, ']' | '\\' | ':') {
            raw.push('\\');
        }
        raw.push(c);
    }
    V::parse_value(&raw, ctx).map_err(|e| PyValueError::new_err(e.to_string()))
}
