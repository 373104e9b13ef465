//! Findings and repairs as Python objects, and `sgf.ParseError`, the exception of an input that
//! does not read, with the place of its first error.
//!
//! A finding has the one form Rust serializes ([`sgf_core::finding::Finding`] with serde, as
//! `sgf check --format json` writes it): `code` (kebab-case), `severity` (`"info"`,
//! `"warning"` or `"error"`), `location` (`game`, `node`, `path` with `depth` and `forks`,
//! `property`, `value`, `span` with `start`, `end`, `line` and `col`), `related` and `message`.
//! The attributes are those fields, by the same names; `to_dict()` is that serialization
//! itself, as Python values.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sgf_core::ParseError;
use sgf_core::finding::{Finding as CoreFinding, Location as CoreLocation, NodePath as CorePath};
use sgf_core::finding::{Severity, Span as CoreSpan};
use sgf_core::repair::Repair as CoreRepair;

create_exception!(
    _sgf,
    SgfParseError,
    PyValueError,
    "An input that does not read as SGF. `findings` lists what reading found (the errors \
     among them; at most 1,000 of one code), `omitted` counts the rest as \
     `Collection.omitted` does, `line` and `col` place the first error (1-based), `path` \
     names the file when one was read."
);

/// What reading or validation found at one place.
#[pyclass(module = "sgf", name = "Finding", frozen)]
pub(crate) struct Finding {
    /// The finding's code, as `sgf check` names it (`repeated-property`).
    #[pyo3(get)]
    code: String,
    /// `"error"`, `"warning"` or `"info"`.
    #[pyo3(get)]
    severity: String,
    /// Where it is.
    #[pyo3(get)]
    location: Py<Location>,
    /// A second place it refers to (the first occurrence of a repeat), or `None`.
    #[pyo3(get)]
    related: Option<Py<Location>>,
    /// What a person needs to know, in a sentence.
    #[pyo3(get)]
    message: String,
    /// The finding as Rust has it, for `to_dict` and `str`.
    core: CoreFinding,
}

#[pymethods]
impl Finding {
    /// The finding as Rust serializes it (`sgf check --format json`), as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.core)
    }

    fn __eq__(&self, other: &Finding) -> bool {
        self.core == other.core
    }

    fn __str__(&self) -> String {
        self.core.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Finding {}>", self.core)
    }
}

/// One fix a repair made: the code of the finding it fixed, where, and what was done.
#[pyclass(module = "sgf", name = "Repair", frozen)]
pub(crate) struct Repair {
    /// The code of the finding fixed.
    #[pyo3(get)]
    code: String,
    /// Where, before the fix.
    #[pyo3(get)]
    location: Py<Location>,
    /// What was done, in a sentence.
    #[pyo3(get)]
    message: String,
    /// The repair as Rust has it, for `to_dict` and `str`.
    core: CoreRepair,
}

#[pymethods]
impl Repair {
    /// The repair as Rust serializes it, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        serialized(py, &self.core)
    }

    fn __eq__(&self, other: &Repair) -> bool {
        self.core == other.core
    }

    fn __str__(&self) -> String {
        self.core.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Repair {}>", self.core)
    }
}

/// The place a finding is about.
#[pyclass(module = "sgf", name = "Location", frozen, get_all, eq)]
#[derive(PartialEq)]
pub(crate) struct Location {
    /// The game tree's index in its collection.
    game: usize,
    /// The node's index in `Game.nodes()`, if the finding is about one.
    node: Option<usize>,
    /// Where that node stands.
    path: NodePath,
    /// The property's identifier, if the finding is about one.
    property: Option<String>,
    /// The index of the value within the property, if the finding is about one.
    value: Option<usize>,
    /// The bytes of the input, with line and column, when they are known.
    span: Option<Span>,
}

#[pymethods]
impl Location {
    fn __repr__(&self) -> String {
        fn or_none<T: std::fmt::Display>(value: Option<T>) -> String {
            value.map_or_else(|| "None".to_owned(), |v| v.to_string())
        }
        format!(
            "Location(game={}, node={}, path={}, property={}, value={}, span={})",
            self.game,
            or_none(self.node),
            self.path.__repr__(),
            or_none(self.property.as_ref().map(|p| format!("'{p}'"))),
            or_none(self.value),
            or_none(self.span.as_ref().map(Span::__repr__)),
        )
    }
}

/// Where a node stands in its tree: its depth (the root is 0), and each `(depth, variation)`
/// where its path leaves the main line (the variation counted from 1).
#[pyclass(module = "sgf", name = "NodePath", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct NodePath {
    depth: u32,
    forks: Vec<(u32, u32)>,
}

#[pymethods]
impl NodePath {
    fn __repr__(&self) -> String {
        format!("NodePath(depth={}, forks={:?})", self.depth, self.forks)
    }
}

/// Bytes of the input: `start` and `end` offsets, and the `line` and `col` (1-based, the
/// column in bytes) where they start.
#[pyclass(module = "sgf", name = "Span", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub(crate) struct Span {
    start: usize,
    end: usize,
    line: u32,
    col: u32,
}

#[pymethods]
impl Span {
    fn __repr__(&self) -> String {
        let Span {
            start,
            end,
            line,
            col,
        } = self;
        format!("Span(start={start}, end={end}, line={line}, col={col})")
    }
}

// Each conversion takes the Rust struct apart whole, so that a field added there fails to
// compile here until Python has it too.

impl From<&CoreSpan> for Span {
    fn from(span: &CoreSpan) -> Self {
        let CoreSpan {
            start,
            end,
            line,
            col,
        } = *span;
        Span {
            start,
            end,
            line,
            col,
        }
    }
}

impl From<&CorePath> for NodePath {
    fn from(path: &CorePath) -> Self {
        let CorePath { depth, forks } = path;
        NodePath {
            depth: *depth,
            forks: forks.clone(),
        }
    }
}

impl From<&CoreLocation> for Location {
    fn from(location: &CoreLocation) -> Self {
        let CoreLocation {
            game,
            node,
            path,
            property,
            value,
            span,
        } = location;
        Location {
            game: *game,
            node: node.map(|n| n.index()),
            path: path.into(),
            property: property.clone(),
            value: *value,
            span: span.as_ref().map(Span::from),
        }
    }
}

fn location(py: Python<'_>, location: &CoreLocation) -> PyResult<Py<Location>> {
    Py::new(py, Location::from(location))
}

fn finding(py: Python<'_>, core: &CoreFinding) -> PyResult<Finding> {
    let CoreFinding {
        code,
        severity,
        location: at,
        related,
        message,
    } = core;
    Ok(Finding {
        code: code.as_str().to_owned(),
        severity: severity.to_string(),
        location: location(py, at)?,
        related: related.as_deref().map(|r| location(py, r)).transpose()?,
        message: message.clone(),
        core: core.clone(),
    })
}

fn repair(py: Python<'_>, core: &CoreRepair) -> PyResult<Repair> {
    let CoreRepair {
        code,
        location: at,
        message,
    } = core;
    Ok(Repair {
        code: code.as_str().to_owned(),
        location: location(py, at)?,
        message: message.clone(),
        core: core.clone(),
    })
}

/// The Python objects of `findings`.
pub(crate) fn to_python(py: Python<'_>, findings: &[CoreFinding]) -> PyResult<Vec<Py<Finding>>> {
    findings
        .iter()
        .map(|f| Py::new(py, finding(py, f)?))
        .collect()
}

/// Findings counted, not listed, as dicts of Rust's serialized form (`game`, `code`,
/// `severity`, `count`).
pub(crate) fn omitted<'py>(
    py: Python<'py>,
    omitted: &[sgf_core::finding::Omitted],
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    omitted.iter().map(|o| serialized(py, o)).collect()
}

/// The Python objects of `repairs`.
pub(crate) fn repairs(py: Python<'_>, repairs: &[CoreRepair]) -> PyResult<Vec<Py<Repair>>> {
    repairs
        .iter()
        .map(|r| Py::new(py, repair(py, r)?))
        .collect()
}

/// What serde makes of `value`, as Python values: objects are dicts, arrays lists.
fn serialized<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    json_to_python(py, &json)
}

fn json_to_python<'py>(py: Python<'py>, json: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match json {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(n), _) => n.into_pyobject(py)?.into_any(),
            (None, Some(n)) => n.into_pyobject(py)?.into_any(),
            (None, None) => n.as_f64().into_pyobject(py)?.into_any(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_python(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(fields) => {
            let dict = PyDict::new(py);
            for (key, value) in fields {
                dict.set_item(key, json_to_python(py, value)?)?;
            }
            dict.into_any()
        }
    })
}

/// `sgf.ParseError` for an input that does not read; `path` names the file it came from.
pub(crate) fn parse_error(py: Python<'_>, error: &ParseError, path: Option<&str>) -> PyErr {
    let first = error
        .findings
        .iter()
        .find(|f| f.severity == Severity::Error)
        .or(error.findings.first());
    let span = first.and_then(|f| f.location.span);
    let message = match (path, first) {
        (Some(path), Some(first)) => format!("{path}: {first}"),
        (None, Some(first)) => first.to_string(),
        (Some(path), None) => format!("{path}: {error}"),
        (None, None) => error.to_string(),
    };
    let exception = SgfParseError::new_err(message);
    let value = exception.value(py);
    let attributes = (|| -> PyResult<()> {
        value.setattr("findings", to_python(py, &error.findings)?)?;
        value.setattr("omitted", omitted(py, &error.omitted)?)?;
        value.setattr("line", span.map(|s| s.line))?;
        value.setattr("col", span.map(|s| s.col))?;
        value.setattr("path", path)?;
        Ok(())
    })();
    match attributes {
        Ok(()) => exception,
        Err(e) => e,
    }
}
