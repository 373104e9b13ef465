//! The report of a validation: its findings, with ways to ask it about them.

use crate::finding::Severity;

use crate::finding::{Code, Finding};

/// What validation found, in the order of the games and of their nodes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Report {
    /// The findings.
    pub findings: Vec<Finding>,
}

impl Report {
    /// The severity of the worst finding; `None` when there is none.
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }

    /// Whether nothing is wrong: no error and no warning (notes may remain).
    pub fn is_clean(&self) -> bool {
        self.worst().is_none_or(|s| s < Severity::Warning)
    }

    /// The findings of at least this severity.
    pub fn at_least(&self, severity: Severity) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.severity >= severity)
    }

    /// The findings of this code.
    pub fn with_code(&self, code: Code) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.code == code)
    }

    /// Keeps only the findings `keep` says yes to.
    pub fn retain(&mut self, keep: impl FnMut(&Finding) -> bool) {
        self.findings.retain(keep);
    }
}
