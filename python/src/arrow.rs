//! `sgf.to_arrow`: the `games` and `moves` tables of many files (those `sgf export` writes), read
//! on every core and handed to pyarrow through the Arrow C stream interface, without a copy.

use std::path::PathBuf;

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchIterator};
use arrow_schema::SchemaRef;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyCapsule};
use rayon::prelude::*;
use sgf_arrow::{Tables, TablesBuilder};

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

    /// Appends the input's tables to `builder`, or says why it does not read.
    fn push_to(&self, builder: &mut TablesBuilder) -> Result<(), String> {
        let name = self.name();
        let pushed = match self {
            Owned::Path(path) => {
                builder.push_bytes(&name, &std::fs::read(path).map_err(|e| e.to_string())?)
            }
            Owned::Named(_, bytes) => builder.push_bytes(&name, bytes),
        };
        pushed.map_err(|error| error.to_string())
    }
}

/// How many inputs a worker reads into one batch of rows.
const SOURCES_PER_BATCH: usize = 64;

/// The tables of some inputs, with the games numbered from 0, and those that did not read.
fn read_batch(sources: &[Owned]) -> (Tables, Vec<(String, String)>) {
    let mut builder = TablesBuilder::default();
    let mut unreadable = Vec::new();
    for source in sources {
        if let Err(why) = source.push_to(&mut builder) {
            unreadable.push((source.name(), why));
        }
    }
    (builder.finish(), unreadable)
}

/// One table, for pyarrow to take through `__arrow_c_stream__` (the Arrow PyCapsule
/// interface): `pyarrow.table(t)` then owns its buffers, which are never copied.
#[pyclass(module = "sgf._sgf", name = "ArrowTable")]
pub(crate) struct ArrowTable {
    /// The batches, until pyarrow takes them.
    batches: Option<Vec<RecordBatch>>,
    schema: SchemaRef,
}

#[pymethods]
impl ArrowTable {
    /// The table as an `ArrowArrayStream` of its batches, in a capsule; a table is taken once.
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        // The schema is fixed: a consumer that asks for another casts what it gets.
        let _ = requested_schema;
        let batches = self
            .batches
            .take()
            .ok_or_else(|| PyValueError::new_err("this table was already taken by pyarrow"))?;
        let reader = RecordBatchIterator::new(batches.into_iter().map(Ok), self.schema.clone());
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
    let read: Vec<(Tables, Vec<(String, String)>)> = py.detach(|| {
        owned
            .par_chunks(SOURCES_PER_BATCH)
            .map(read_batch)
            .collect()
    });
    let (mut games, mut moves, mut unreadable) = (Vec::new(), Vec::new(), Vec::new());
    let mut first_game = 0;
    for (tables, failed) in read {
        let tables =
            (tables.renumbered(first_game)).map_err(|e| PyValueError::new_err(e.to_string()))?;
        first_game += tables.games.num_rows() as u64;
        games.push(tables.games);
        moves.push(tables.moves);
        unreadable.extend(failed);
    }
    let table = |batches, schema| ArrowTable {
        batches: Some(batches),
        schema,
    };
    Ok((
        table(games, sgf_arrow::games_schema()),
        table(moves, sgf_arrow::moves_schema()),
        unreadable,
    ))
}
