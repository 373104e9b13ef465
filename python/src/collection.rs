//! `sgf.Collection`: the game trees of one file, held as `sgf-core` holds them (the file's bytes
//! and a few bytes a node), their properties typed when a node is asked for them. Writing
//! copies every node nobody edited from the input; validation and repair work on the
//! collection itself.

use pyo3::exceptions::{PyIOError, PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sgf_core::ReadOptions;
use sgf_core::encode::{EncodeOptions, Layout, OutputCharset};

use crate::findings::{self, Finding, Repair};
use crate::tree::Game;

/// The game trees of one SGF file.
#[pyclass(module = "sgf")]
pub(crate) struct Collection {
    pub(crate) inner: sgf_core::Collection,
    /// How many times the trees were rebuilt (by a repair): nodes taken before then no longer
    /// name the same nodes.
    pub(crate) generation: u64,
}

impl Collection {
    pub(crate) fn new(inner: sgf_core::Collection) -> Self {
        Collection {
            inner,
            generation: 0,
        }
    }

    /// The trees, if they are still those that a game or node taken at `generation` names.
    pub(crate) fn trees(&self, generation: u64) -> PyResult<&sgf_core::Collection> {
        if self.generation == generation {
            Ok(&self.inner)
        } else {
            Err(PyRuntimeError::new_err(
                "the collection was repaired since this game or node was taken",
            ))
        }
    }
}

/// Reads bytes into a collection (the caller has let go of the interpreter): SGF, or a record
/// of another format (GIB, NGF, UGF/UGI), in the format the extension of `path` (the file they
/// came from) names, told by the content otherwise.
pub(crate) fn read(
    bytes: &[u8],
    strict: bool,
    path: Option<&std::path::Path>,
) -> Result<sgf_core::Collection, sgf_core::ParseError> {
    let options = if strict {
        ReadOptions::strict()
    } else {
        ReadOptions::default()
    };
    let options = path.map_or(options, |path| options.for_path(path));
    sgf_core::read(bytes, &options)
}

fn encode_options(charset: Option<&str>, layout: &str) -> PyResult<EncodeOptions> {
    let charset = match charset {
        None => OutputCharset::Utf8,
        Some("source") => OutputCharset::Source,
        Some(label) => OutputCharset::Other(
            sgf_core::charset::lookup(label)
                .ok_or_else(|| PyValueError::new_err(format!("no charset named {label:?}")))?,
        ),
    };
    let layout = match layout {
        "compact" => Layout::Compact,
        "node-per-line" => Layout::NodePerLine,
        "as-read" => Layout::AsRead,
        other => {
            return Err(PyValueError::new_err(format!(
                "layout is \"node-per-line\", \"compact\" or \"as-read\", not {other:?}"
            )));
        }
    };
    Ok(EncodeOptions {
        charset,
        layout,
        ..EncodeOptions::default()
    })
}

#[pymethods]
impl Collection {
    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __getitem__(slf: Bound<'_, Self>, index: isize) -> PyResult<Game> {
        let len = slf.borrow().inner.len();
        let at = if index < 0 {
            index + len as isize
        } else {
            index
        };
        if at < 0 || at as usize >= len {
            return Err(PyIndexError::new_err("game index out of range"));
        }
        Ok(Game::new(&slf, at as usize))
    }

    /// The game trees, in the order of the file.
    #[getter]
    fn games(slf: Bound<'_, Self>) -> Vec<Game> {
        let len = slf.borrow().inner.len();
        (0..len).map(|i| Game::new(&slf, i)).collect()
    }

    /// The name of the charset the text was read in (`"UTF-8"`, `"GBK"`).
    #[getter]
    fn charset(&self) -> &'static str {
        self.inner.charset().name()
    }

    /// The format the file was read in: `"SGF"`, or the format of a record converted to SGF
    /// on the way in (`"GIB (Tygem)"`, `"NGF (WBaduk, Cyberoro)"`, `"UGF (Pandanet)"`).
    #[getter]
    fn format(&self) -> &'static str {
        let format = self.inner.origin().map(|o| o.format());
        format.unwrap_or(sgf_core::formats::Format::Sgf).name()
    }

    /// What reading found: damage it recovered from, charsets it decided (also after a
    /// repair: it is what reading the input found).
    #[getter]
    fn findings(&self, py: Python<'_>) -> PyResult<Vec<Py<Finding>>> {
        findings::to_python(py, self.inner.findings())
    }

    /// The findings of reading counted, not listed: past 1,000 of one code, `findings` lists
    /// the first and these count the rest, a dict for each game and code (`game`, `code`,
    /// `severity`, `count`).
    #[getter]
    fn omitted<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        findings::omitted(py, self.inner.omitted())
    }

    /// The collection as SGF bytes: in UTF-8 (the default), in the charset it was read in
    /// (`charset="source"`) or in another one (`charset="GB18030"`); one node a line (the
    /// default), `"compact"`, or `"as-read"`, which keeps the line breaks of every node nobody
    /// edited.
    #[pyo3(signature = (*, charset = None, layout = "node-per-line"))]
    fn encode<'py>(
        &self,
        py: Python<'py>,
        charset: Option<&str>,
        layout: &str,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let options = encode_options(charset, layout)?;
        let bytes = py
            .detach(|| self.inner.encode(&options))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Writes the collection to `path` as [`encode`] writes it, atomically (a reader of the
    /// file sees the old text or the new, never part of it).
    #[pyo3(signature = (path, *, charset = None, layout = "node-per-line"))]
    fn save(
        &self,
        py: Python<'_>,
        path: std::path::PathBuf,
        charset: Option<&str>,
        layout: &str,
    ) -> PyResult<()> {
        let options = encode_options(charset, layout)?;
        py.detach(|| {
            let bytes = self
                .inner
                .encode(&options)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            sgf_core::file::write_atomic(&path, &bytes)
                .map_err(|e| PyIOError::new_err(format!("{}: {e}", path.display())))
        })
    }

    /// Checks every game tree against the specification: values that do not fit their
    /// property, unknown properties, and the rules (moves mixed with setup, repeated points,
    /// properties out of place, …), each placed in the input where it was read from, with
    /// what reading found (`findings`) in the trees still as read: every finding once.
    ///
    /// At most 1,000 findings of one code are listed; with `omitted=True` the result is the
    /// pair `(findings, omitted)`, `omitted` counting the rest as `Collection.omitted` does.
    #[pyo3(signature = (*, omitted = false))]
    fn validate<'py>(&self, py: Python<'py>, omitted: bool) -> PyResult<Bound<'py, PyAny>> {
        let report = py.detach(|| sgf_core::validate::validate(&self.inner));
        let listed = findings::to_python(py, &report.findings)?;
        if omitted {
            let counted = findings::omitted(py, &report.omitted)?;
            Ok((listed, counted).into_pyobject(py)?.into_any())
        } else {
            Ok(listed.into_pyobject(py)?.into_any())
        }
    }

    /// Repairs what validation finds and a program can fix without guessing, and returns what
    /// was done. Repairs may split nodes: `Node` objects taken before a repair that changed
    /// something no longer name nodes (using one raises `RuntimeError`).
    fn repair(&mut self, py: Python<'_>) -> PyResult<Vec<Py<Repair>>> {
        let inner = &mut self.inner;
        let repairs = py.detach(|| sgf_core::repair::repair(inner));
        if !repairs.is_empty() {
            self.generation += 1;
        }
        findings::repairs(py, &repairs)
    }

    fn __repr__(&self) -> String {
        format!(
            "<sgf.Collection of {} game tree(s), read in {}>",
            self.inner.len(),
            self.inner.charset().name()
        )
    }
}
