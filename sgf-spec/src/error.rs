//! Errors of reading a specification: each names `file:line:col` and what was expected.

use std::fmt;

use crate::model::Location;

/// One error in a specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Where the error is.
    pub at: Location,
    /// What is wrong, and what was expected.
    pub message: String,
    /// A second place the error refers to (the first definition of a duplicate).
    pub related: Option<Location>,
}

impl Error {
    pub(crate) fn new(at: Location, message: impl Into<String>) -> Self {
        Error {
            at,
            message: message.into(),
            related: None,
        }
    }

    pub(crate) fn with_related(mut self, related: Location) -> Self {
        self.related = Some(related);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: error: {}", self.at, self.message)?;
        if let Some(related) = &self.related {
            write!(f, " (first defined at {related})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// Every error found in a specification; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Errors(pub Vec<Error>);

impl Errors {
    /// The errors, in the order of the files and lines.
    pub fn iter(&self) -> std::slice::Iter<'_, Error> {
        self.0.iter()
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Errors {}

impl From<Error> for Errors {
    fn from(error: Error) -> Self {
        Errors(vec![error])
    }
}
