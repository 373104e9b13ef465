//! `sgf._sgf`, the native module of the `sgf` Python package: SGF game records read (with the
//! interpreter let go, and on every core for many files), navigated, edited, checked, repaired
//! and written from Python, through `sgf-core`'s collection. Nothing here is written per game:
//! values are made from each game's own types (`games`), dispatched by the tree's `GM`.

// PyO3's macros expand to the `unsafe` calls of the C API they wrap; this crate writes none.
#![allow(unsafe_code)]

mod arrow;
mod collection;
mod findings;
mod games;
mod node;
mod node_ops;
mod tree;
mod tuples;
mod values;

use std::path::PathBuf;

use pyo3::exceptions::{PyIOError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use rayon::prelude::*;

use collection::Collection;

/// Reads SGF from `bytes` (or a `str`) into a collection: a Tygem GIB, WBaduk NGF or
/// Pandanet UGF/UGI record too, told by its content. Lenient by default: damage is recovered
/// from and reported in `Collection.findings`; `strict=True` refuses it. Raises
/// `sgf.ParseError` for an input that does not read.
#[pyfunction]
#[pyo3(signature = (data, *, strict = false))]
fn parse(py: Python<'_>, data: &Bound<'_, PyAny>, strict: bool) -> PyResult<Collection> {
    let read = if let Ok(text) = data.cast::<PyString>() {
        let text = text.to_str()?;
        py.detach(|| collection::read(text.as_bytes(), strict, None))
    } else if let Ok(bytes) = data.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        py.detach(|| collection::read(bytes, strict, None))
    } else {
        return Err(PyTypeError::new_err("parse() takes bytes or str"));
    };
    read.map(Collection::new)
        .map_err(|e| findings::parse_error(py, &e, None))
}

/// Reads the file at `path` into a collection, as `parse` reads its bytes, in the format its
/// extension names (`.sgf`, `.gib`, `.ngf`, `.ugf`, `.ugi`), by its content otherwise.
#[pyfunction]
#[pyo3(signature = (path, *, strict = false))]
fn load(py: Python<'_>, path: PathBuf, strict: bool) -> PyResult<Collection> {
    let read = py.detach(|| load_file(&path, strict));
    outcome(py, &path, read)
}

/// What reading one file gave.
enum Loaded {
    Read(sgf_core::Collection),
    Unreadable(std::io::Error),
    Refused(sgf_core::ParseError),
}

fn load_file(path: &std::path::Path, strict: bool) -> Loaded {
    match std::fs::read(path) {
        Err(e) => Loaded::Unreadable(e),
        Ok(bytes) => match collection::read(&bytes, strict, Some(path)) {
            Ok(collection) => Loaded::Read(collection),
            Err(e) => Loaded::Refused(e),
        },
    }
}

fn outcome(py: Python<'_>, path: &std::path::Path, loaded: Loaded) -> PyResult<Collection> {
    match loaded {
        Loaded::Read(collection) => Ok(Collection::new(collection)),
        Loaded::Unreadable(e) => Err(PyIOError::new_err(format!("{}: {e}", path.display()))),
        Loaded::Refused(e) => Err(findings::parse_error(
            py,
            &e,
            Some(&path.display().to_string()),
        )),
    }
}

/// Reads many files on every core, the interpreter let go meanwhile. Returns, in the order of
/// `paths`, a `Collection` for each file that reads and the exception (`sgf.ParseError` or
/// `OSError`) for each that does not, so that one bad file does not stop a batch.
#[pyfunction]
#[pyo3(signature = (paths, *, strict = false))]
fn read_many(py: Python<'_>, paths: Vec<PathBuf>, strict: bool) -> PyResult<Vec<Py<PyAny>>> {
    let loaded: Vec<Loaded> = py.detach(|| {
        paths
            .par_iter()
            .map(|path| load_file(path, strict))
            .collect()
    });
    paths
        .iter()
        .zip(loaded)
        .map(|(path, loaded)| match outcome(py, path, loaded) {
            Ok(collection) => Ok(Py::new(py, collection)?.into_any()),
            Err(error) => Ok(error.into_value(py).into_any()),
        })
        .collect()
}

/// The native module.
#[pymodule]
fn _sgf(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(read_many, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::to_arrow, m)?)?;
    m.add_class::<arrow::ArrowTable>()?;
    m.add_class::<Collection>()?;
    m.add_class::<tree::Game>()?;
    m.add_class::<node::Node>()?;
    m.add_class::<findings::Finding>()?;
    m.add_class::<findings::Repair>()?;
    m.add_class::<findings::Location>()?;
    m.add_class::<findings::NodePath>()?;
    m.add_class::<findings::Span>()?;
    m.add("ParseError", m.py().get_type::<findings::SgfParseError>())?;
    Ok(())
}
