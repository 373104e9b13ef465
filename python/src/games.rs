//! Each game's points, moves and stones as Python values, and back: a point on a grid is a
//! `(col, row)` tuple counted from 0 at the top left, a Go pass is `None`, an Amazons move is
//! the tuple of its three points, and a value no tuple fits (a Backgammon roll, an Octi jump, a
//! Lines of Action step, any value of a game without a section) is the text it is written as.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use sgf_core::games::{amazons, backgammon, go, hex, lines_of_action, octi, raw};
use sgf_core::value::{Context, ListPoint, Value, unescape_text};

/// The value types of one game, and how each becomes a Python value: by default, the text it
/// is written as.
pub(crate) trait Game {
    /// A point.
    type Point: ListPoint;
    /// A stone (a point, in most games).
    type Stone: ListPoint;
    /// A move.
    type Move: Value;

    fn point<'py>(py: Python<'py>, point: &Self::Point) -> PyResult<Bound<'py, PyAny>> {
        written(py, point)
    }
    fn stone<'py>(py: Python<'py>, stone: &Self::Stone) -> PyResult<Bound<'py, PyAny>> {
        written(py, stone)
    }
    fn play<'py>(py: Python<'py>, play: &Self::Move) -> PyResult<Bound<'py, PyAny>> {
        written(py, play)
    }
    fn point_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<Self::Point> {
        from_written(value, ctx)
    }
    fn stone_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<Self::Stone> {
        from_written(value, ctx)
    }
    fn play_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<Self::Move> {
        from_written(value, ctx)
    }
}

/// Whether a property plays a Go move (`true` for black), and its typed move, to be made a
/// Python value without writing it and reading it again: the common case of reading many
/// games. `None` for any other property, and for properties of other games.
pub(crate) fn go_move<P: 'static>(prop: &P) -> Option<(bool, &go::Move)> {
    let go = (prop as &dyn std::any::Any).downcast_ref::<sgf_core::GoProperty>()?;
    match go {
        sgf_core::GoProperty::B(play) => Some((true, play)),
        sgf_core::GoProperty::W(play) => Some((false, play)),
        _ => None,
    }
}

/// A Go move: `(col, row)`, or `None` for a pass.
pub(crate) fn go_play<'py>(py: Python<'py>, play: &go::Move) -> PyResult<Bound<'py, PyAny>> {
    Go::play(py, play)
}

/// Runs `f` with the value types of the game `gm` names (the raw values of a game without a
/// section).
pub(crate) fn with_game<R>(gm: u32, f: impl GameFn<R>) -> R {
    match gm {
        1 => f.call::<Go>(),
        6 => f.call::<Backgammon>(),
        9 => f.call::<LinesOfAction>(),
        11 => f.call::<Hex>(),
        18 => f.call::<Amazons>(),
        19 => f.call::<Octi>(),
        _ => f.call::<Raw>(),
    }
}

/// Code generic over a game's value types, run by [`with_game`].
pub(crate) trait GameFn<R> {
    fn call<G: Game>(self) -> R;
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

/// `(col, row)` of Python as two coordinates.
fn grid(value: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    value
        .extract::<(u32, u32)>()
        .map_err(|_| PyValueError::new_err("expected a point as (col, row)"))
}

fn pair<'py>(py: Python<'py>, col: u32, row: u32) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyTuple::new(py, [col, row])?.into_any())
}

/// A point checked against the board of `ctx`, through the text it is written as.
fn checked<V: Value>(point: V, ctx: &Context) -> PyResult<V> {
    let mut raw = String::new();
    point.write_value(&mut raw);
    V::parse_value(&raw, ctx).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn go_point(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<go::Point> {
    let (col, row) = grid(value)?;
    let point = u8::try_from(col)
        .ok()
        .zip(u8::try_from(row).ok())
        .and_then(|(col, row)| go::Point::new(col, row))
        .ok_or_else(|| PyValueError::new_err(format!("({col}, {row}) is off every Go board")))?;
    checked(point, ctx)
}

fn go_pair<'py>(py: Python<'py>, point: &go::Point) -> PyResult<Bound<'py, PyAny>> {
    crate::go_tuples::point(py, point)
}

struct Go;

impl Game for Go {
    type Point = go::Point;
    type Stone = go::Stone;
    type Move = go::Move;

    fn point<'py>(py: Python<'py>, point: &go::Point) -> PyResult<Bound<'py, PyAny>> {
        go_pair(py, point)
    }
    fn stone<'py>(py: Python<'py>, stone: &go::Stone) -> PyResult<Bound<'py, PyAny>> {
        go_pair(py, stone)
    }
    fn play<'py>(py: Python<'py>, play: &go::Move) -> PyResult<Bound<'py, PyAny>> {
        match play {
            go::Move::Pass => Ok(py.None().into_bound(py)),
            go::Move::Play(point) => go_pair(py, point),
        }
    }
    fn point_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<go::Point> {
        go_point(value, ctx)
    }
    fn stone_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<go::Stone> {
        go_point(value, ctx)
    }
    fn play_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<go::Move> {
        if value.is_none() {
            Ok(go::Move::Pass)
        } else {
            go_point(value, ctx).map(go::Move::Play)
        }
    }
}

struct Amazons;

impl Game for Amazons {
    type Point = amazons::Point;
    type Stone = amazons::Stone;
    type Move = amazons::Move;

    fn point<'py>(py: Python<'py>, point: &amazons::Point) -> PyResult<Bound<'py, PyAny>> {
        go_pair(py, point)
    }
    fn stone<'py>(py: Python<'py>, stone: &amazons::Stone) -> PyResult<Bound<'py, PyAny>> {
        go_pair(py, stone)
    }
    fn play<'py>(py: Python<'py>, play: &amazons::Move) -> PyResult<Bound<'py, PyAny>> {
        let points = [&play.from, &play.to, &play.arrow]
            .into_iter()
            .map(|p| go_pair(py, p))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyTuple::new(py, points)?.into_any())
    }
    fn point_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<amazons::Point> {
        go_point(value, ctx)
    }
    fn stone_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<amazons::Stone> {
        go_point(value, ctx)
    }
    fn play_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<amazons::Move> {
        let (from, to, arrow): (Bound<'_, PyAny>, Bound<'_, PyAny>, Bound<'_, PyAny>) = value
            .extract()
            .map_err(|_| PyValueError::new_err("expected an Amazons move as (from, to, arrow)"))?;
        let play = amazons::Move {
            from: go_point(&from, ctx)?,
            to: go_point(&to, ctx)?,
            arrow: go_point(&arrow, ctx)?,
        };
        checked(play, ctx)
    }
}

struct Hex;

fn hex_point(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<hex::Point> {
    let (col, row) = grid(value)?;
    checked(hex::Point { col, row }, ctx)
}

impl Game for Hex {
    type Point = hex::Point;
    type Stone = hex::Stone;
    type Move = hex::Move;

    fn point<'py>(py: Python<'py>, point: &hex::Point) -> PyResult<Bound<'py, PyAny>> {
        pair(py, point.col, point.row)
    }
    fn stone<'py>(py: Python<'py>, stone: &hex::Stone) -> PyResult<Bound<'py, PyAny>> {
        pair(py, stone.col, stone.row)
    }
    fn play<'py>(py: Python<'py>, play: &hex::Move) -> PyResult<Bound<'py, PyAny>> {
        match play {
            hex::Move::Play(point) => pair(py, point.col, point.row),
            other => written(py, other),
        }
    }
    fn point_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<hex::Point> {
        hex_point(value, ctx)
    }
    fn stone_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<hex::Stone> {
        hex_point(value, ctx)
    }
    fn play_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<hex::Move> {
        if value.is_instance_of::<pyo3::types::PyString>() {
            from_written(value, ctx)
        } else {
            hex_point(value, ctx).map(hex::Move::Play)
        }
    }
}

struct LinesOfAction;

impl Game for LinesOfAction {
    type Point = lines_of_action::Point;
    type Stone = lines_of_action::Stone;
    type Move = lines_of_action::Move;

    fn point<'py>(py: Python<'py>, point: &lines_of_action::Point) -> PyResult<Bound<'py, PyAny>> {
        pair(py, point.col.into(), point.row.into())
    }
    fn stone<'py>(py: Python<'py>, stone: &lines_of_action::Stone) -> PyResult<Bound<'py, PyAny>> {
        pair(py, stone.col.into(), stone.row.into())
    }
    fn point_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<lines_of_action::Point> {
        let (col, row) = grid(value)?;
        let point = u8::try_from(col)
            .ok()
            .zip(u8::try_from(row).ok())
            .map(|(col, row)| lines_of_action::Point { col, row })
            .ok_or_else(|| PyValueError::new_err(format!("({col}, {row}) is off the board")))?;
        checked(point, ctx)
    }
    fn stone_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<lines_of_action::Stone> {
        Self::point_from(value, ctx)
    }
}

struct Octi;

impl Game for Octi {
    type Point = octi::Point;
    type Stone = octi::Stone;
    type Move = octi::Move;

    fn point<'py>(py: Python<'py>, point: &octi::Point) -> PyResult<Bound<'py, PyAny>> {
        pair(py, point.col.into(), point.row.into())
    }
    fn point_from(value: &Bound<'_, PyAny>, ctx: &Context) -> PyResult<octi::Point> {
        let (col, row) = grid(value)?;
        let point = u8::try_from(col)
            .ok()
            .zip(u8::try_from(row).ok())
            .map(|(col, row)| octi::Point { col, row })
            .ok_or_else(|| PyValueError::new_err(format!("({col}, {row}) is off the board")))?;
        checked(point, ctx)
    }
}

/// Backgammon's points are letters (`a`–`x` the points, `y` the bar, `z` the tray): they stay
/// letters.
struct Backgammon;

impl Game for Backgammon {
    type Point = backgammon::Point;
    type Stone = backgammon::Stone;
    type Move = backgammon::Move;
}

/// A game without a section: its values are the text they are written as.
struct Raw;

impl Game for Raw {
    type Point = raw::Point;
    type Stone = raw::Stone;
    type Move = raw::Move;
}
