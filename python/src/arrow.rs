//! `sgf.to_arrow`: the `games` and `moves` tables of many files (those `sgf export` writes), read
//! on every core and handed to pyarrow through the Arrow C stream interface, without a copy.

use std::path::PathBuf;

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchIterator};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule};
use rayon::prelude::*;
use sgf_arrow::Tables;
use sgf_core::{ReadOptions, compact};

/// One input: a file to read, or a name and the bytes read under it.
#[derive(FromPyObject)]
pub(crate) enum Source<'py> {
    Path(PathBuf),
    Named(String, Bound<'py, PyBytes>),
}

/// An input with its bytes copied out of Python, so that it can be read without the GIL.
enum Owned {
    Path(PathBuf),
    Named(String, Vec<u8>),
}

impl Owned {
    fn name(&self) -> String {
        match self {
            Owned::Path(path) => path.to_string_lossy().into_owned(),
            Owned::Named(name, _) => name.clone(),
        }
    }

    /// The input's tables, or why it does not read.
    fn tables(&self) -> Result<Tables, String> {
        let read = |bytes: &[u8]| match compact::read(bytes, &ReadOptions::default()) {
            Ok(read) => Ok(Tables::of_file(&self.name(), &read)),
            Err(error) => Err(error.to_string()),
        };
        match self {
            Owned::Path(path) => read(&std::fs::read(path).map_err(|e| e.to_string())?),
            Owned::Named(_, bytes) => read(bytes),
        }
    }
}

/// One table, for pyarrow to take through `__arrow_c_stream__` (the Arrow PyCapsule
/// interface): `pyarrow.table(t)` then owns its buffers, which are never copied.
#[pyclass(module = "sgf._sgf", name = "ArrowTable")]
pub(crate) struct ArrowTable {
    batch: Option<RecordBatch>,
}

#[pymethods]
impl ArrowTable {
    /// The table as an `ArrowArrayStream` of one batch, in a capsule; a table is taken once.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        // The schema is fixed: a consumer that asks for another casts what it gets.
        let _ = requested_schema;
        let batch = self
            .batch
            .take()
            .ok_or_else(|| PyValueError::new_err("this table was already taken by pyarrow"))?;
        let schema = batch.schema();
        let reader = RecordBatchIterator::new([Ok(batch)], schema);
        let stream = FFI_ArrowArrayStream::new(Box::new(reader));
        PyCapsule::new_with_value(py, stream, c"arrow_array_stream")
    }
}

/// What `to_arrow` gives: the games table, the moves table, and each input that did not read
/// as `(name, why)`.
type Read = (ArrowTable, ArrowTable, Vec<(String, String)>);

/// The tables of `sources` (paths, or `(name, bytes)` pairs), read on every core with the
/// interpreter let go, the games numbered from 0 in the order of `sources`.
#[pyfunction]
pub(crate) fn to_arrow(py: Python<'_>, sources: Vec<Source<'_>>) -> PyResult<Read> {
    let owned: Vec<Owned> = sources
        .into_iter()
        .map(|source| match source {
            Source::Path(path) => Owned::Path(path),
            Source::Named(name, bytes) => Owned::Named(name, bytes.as_bytes().to_vec()),
        })
        .collect();
    let (tables, unreadable) = py.detach(|| {
        let read: Vec<Result<Tables, String>> = owned.par_iter().map(Owned::tables).collect();
        let mut unreadable = Vec::new();
        let tables: Vec<Tables> = owned
            .iter()
            .zip(read)
            .filter_map(|(source, read)| {
                read.map_err(|why| unreadable.push((source.name(), why)))
                    .ok()
            })
            .collect();
        (Tables::concat(tables, 0), unreadable)
    });
    let tables = tables.map_err(|e| PyValueError::new_err(e.to_string()))?;
    let table = |batch| ArrowTable { batch: Some(batch) };
    Ok((table(tables.games), table(tables.moves), unreadable))
}
