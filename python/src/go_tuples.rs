//! Go's points and moves as Python tuples, each made once: tuples are immutable, so the
//! millions of moves of a bulk read can share the few thousand there are instead of each
//! allocating its own `(col, row)` and `(colour, point)`.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyTuple};
use sgf_core::games::go;

/// Points per side of the largest Go board.
const SIDE: usize = go::MAX_COORDINATE as usize + 1;

struct Shared {
    /// `(col, row)`, at `col * SIDE + row`.
    points: Vec<Py<PyTuple>>,
    /// `("B", point)` and `("W", point)` at the index of the point, then `("B", None)` and
    /// `("W", None)` at `SIDE * SIDE`.
    moves: [Vec<Py<PyTuple>>; 2],
}

static SHARED: PyOnceLock<Shared> = PyOnceLock::new();

fn shared(py: Python<'_>) -> PyResult<&Shared> {
    SHARED.get_or_try_init(py, || {
        let mut points = Vec::with_capacity(SIDE * SIDE);
        for col in 0..SIDE {
            for row in 0..SIDE {
                points.push(PyTuple::new(py, [col, row])?.unbind());
            }
        }
        let colour_moves = |colour: &str| -> PyResult<Vec<Py<PyTuple>>> {
            let colour = PyString::new(py, colour);
            let mut moves = Vec::with_capacity(SIDE * SIDE + 1);
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

fn index(point: &go::Point) -> usize {
    usize::from(point.col) * SIDE + usize::from(point.row)
}

/// A Go point as `(col, row)`.
pub(crate) fn point<'py>(py: Python<'py>, point: &go::Point) -> PyResult<Bound<'py, PyAny>> {
    let shared = shared(py)?;
    Ok(shared.points[index(point)].bind(py).clone().into_any())
}

/// A Go move with its colour: `("B", (col, row))`, or `("W", None)` for a white pass.
pub(crate) fn coloured_move<'py>(
    py: Python<'py>,
    black: bool,
    play: &go::Move,
) -> PyResult<Bound<'py, PyAny>> {
    let moves = &shared(py)?.moves[usize::from(!black)];
    let at = match play {
        go::Move::Play(point) => index(point),
        go::Move::Pass => SIDE * SIDE,
    };
    Ok(moves[at].bind(py).clone().into_any())
}
