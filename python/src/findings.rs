//! Findings and repairs as Python objects, and `sgf.ParseError`, the exception of an input that
//! does not read, with the place of its first error.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sgf_core::ParseError;
use sgf_core::finding::{Finding as CoreFinding, Location, Severity};
use sgf_core::repair::Repair as CoreRepair;

create_exception!(
    _sgf,
    SgfParseError,
    PyValueError,
    "An input that does not read as SGF. `findings` lists what reading found (the errors \
     among them), `line` and `col` place the first error (1-based), `path` names the file \
     when one was read."
);

/// What reading, validation or a repair found at one place.
#[pyclass(module = "sgf", name = "Finding", frozen, get_all)]
pub(crate) struct Finding {
    /// The finding's code, as `sgf check` names it (`repeated-property`).
    code: String,
    /// `"error"`, `"warning"` or `"note"`.
    severity: String,
    /// What a person needs to know, in a sentence.
    message: String,
    /// The index of the game tree in its collection.
    game: usize,
    /// The node, as an index into `Game.nodes()`, if the finding is about one.
    node: Option<usize>,
    /// The property's identifier, if the finding is about one.
    property: Option<String>,
    /// Line and column in the input (1-based), when the place is known.
    line: Option<u32>,
    col: Option<u32>,
    /// The whole finding as `sgf check` prints it.
    text: String,
}

#[pymethods]
impl Finding {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<Finding {}>", self.text)
    }
}

/// One fix a repair made: the code of the finding it fixed, where, and what was done.
#[pyclass(module = "sgf", name = "Repair", frozen, get_all)]
pub(crate) struct Repair {
    /// The code of the finding fixed.
    code: String,
    /// What was done, in a sentence.
    message: String,
    game: usize,
    node: Option<usize>,
    property: Option<String>,
    line: Option<u32>,
    col: Option<u32>,
    text: String,
}

#[pymethods]
impl Repair {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("<Repair {}>", self.text)
    }
}

fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        _ => "note",
    }
}

fn place(location: &Location) -> (Option<u32>, Option<u32>) {
    location
        .span
        .map_or((None, None), |span| (Some(span.line), Some(span.col)))
}

impl From<&CoreFinding> for Finding {
    fn from(finding: &CoreFinding) -> Self {
        let (line, col) = place(&finding.location);
        Finding {
            code: finding.code.as_str().to_owned(),
            severity: severity(finding.severity).to_owned(),
            message: finding.message.clone(),
            game: finding.location.game,
            node: finding.location.node.map(|n| n.index()),
            property: finding.location.property.clone(),
            line,
            col,
            text: finding.to_string(),
        }
    }
}

impl From<&CoreRepair> for Repair {
    fn from(repair: &CoreRepair) -> Self {
        let (line, col) = place(&repair.location);
        Repair {
            code: repair.code.as_str().to_owned(),
            message: repair.message.clone(),
            game: repair.location.game,
            node: repair.location.node.map(|n| n.index()),
            property: repair.location.property.clone(),
            line,
            col,
            text: repair.to_string(),
        }
    }
}

/// The Python objects of `findings`.
pub(crate) fn to_python(py: Python<'_>, findings: &[CoreFinding]) -> PyResult<Vec<Py<Finding>>> {
    findings
        .iter()
        .map(|f| Py::new(py, Finding::from(f)))
        .collect()
}

/// `sgf.ParseError` for an input that does not read; `path` names the file it came from.
pub(crate) fn parse_error(py: Python<'_>, error: &ParseError, path: Option<&str>) -> PyErr {
    let first = error
        .findings
        .iter()
        .find(|f| f.severity == Severity::Error)
        .or(error.findings.first());
    let (line, col) = first.map_or((None, None), |f| place(&f.location));
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
        value.setattr("line", line)?;
        value.setattr("col", col)?;
        value.setattr("path", path)?;
        Ok(())
    })();
    match attributes {
        Ok(()) => exception,
        Err(e) => e,
    }
}
