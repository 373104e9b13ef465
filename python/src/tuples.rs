//! Points and moves as Python tuples, each made once: tuples are immutable, so the millions of
//! moves of a bulk read can share the few thousand there are instead of each allocating its own
//! `(col, row)` and `(colour, point)`. Nothing here is a game's: a point is a point of any
//! grid ([`Grid`]), and a move is shared when its property is `B` or `W`, the identifiers every
//! game of the specification plays with.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple};
use sgf_core::games::Grid;

/// Points per side of the shared grid: every point of a board of up to 52 lines a side, the
/// most that SGF's letter coordinates write. Points beyond get tuples of their own.
const SIDE: u32 = 52;

/// The index in the shared tables of a point, if it is shared.
fn index(col: u32, row: u32) -> Option<usize> {
    (col < SIDE && row < SIDE).then(|| (col * SIDE + row) as usize)
}

/// The index of a pass in the tables of moves, after every point.
const PASS: usize = (SIDE * SIDE) as usize;

/// The shared tuples, made once per interpreter: [`Shared::get`].
pub(crate) struct Shared {
    /// `(col, row)`, at `col * SIDE + row`.
    points: Vec<Py<PyTuple>>,
    /// `("B", point)` and `("W", point)` at the index of the point, then `("B", None)` and
    /// `("W", None)` at [`PASS`].
    moves: [Vec<Py<PyTuple>>; 2],
}

static SHARED: PyOnceLock<Shared> = PyOnceLock::new();

impl Shared {
    /// The shared tuples, made the first time they are asked for. Code that makes many
    /// takes them once.
    pub(crate) fn get(py: Python<'_>) -> PyResult<&Shared> {
        SHARED.get_or_try_init(py, || {
            let mut points = Vec::with_capacity(PASS);
            for col in 0..SIDE {
                for row in 0..SIDE {
                    points.push(PyTuple::new(py, [col, row])?.unbind());
                }
            }
            let colour_moves = |colour: &str| -> PyResult<Vec<Py<PyTuple>>> {
                let colour = PyString::new(py, colour);
                let mut moves = Vec::with_capacity(PASS + 1);
                for point in &points {
                    let pair: [Bound<'_, PyAny>; 2] =
                        [colour.clone().into_any(), point.bind(py).clone().into_any()];
                    moves.push(PyTuple::new(py, pair)?.unbind());
                }
                let pass: [Bound<'_, PyAny>; 2] = [colour.into_any(), py.None().into_bound(py)];
                moves.push(PyTuple::new(py, pass)?.unbind());
                Ok(moves)
            };
            let moves = [colour_moves("B")?, colour_moves("W")?];
            Ok(Shared { points, moves })
        })
    }

    /// A point as `(col, row)`.
    pub(crate) fn point<'py>(
        &self,
        py: Python<'py>,
        col: u32,
        row: u32,
    ) -> PyResult<Bound<'py, PyAny>> {
        match index(col, row) {
            Some(at) => Ok(self.points[at].bind(py).clone().into_any()),
            None => Ok(PyTuple::new(py, [col, row])?.into_any()),
        }
    }

    /// A move with the identifier of its property, `(ident, move)`, where a shared tuple is
    /// it: `B` or `W` playing a point of the shared grid, or passing. `None` for any other.
    pub(crate) fn coloured_move<'py>(
        &self,
        py: Python<'py>,
        ident: &str,
        grid: &Grid,
    ) -> Option<Bound<'py, PyAny>> {
        let colour = match ident {
            "B" => 0,
            "W" => 1,
            _ => return None,
        };
        let at = match *grid {
            Grid::Pass => PASS,
            Grid::Point(col, row) => index(col, row)?,
            Grid::Points(_) => return None,
        };
        Some(self.moves[colour][at].bind(py).clone().into_any())
    }
}
