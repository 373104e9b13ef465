//! The report of a validation: its findings, with ways to ask it about them.

use crate::finding::{Code, Finding, Omitted, Severity};

/// What validation found, in the order of the games and of their nodes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Report {
    /// The findings: at most [`MAX_LISTED`](crate::finding::MAX_LISTED) of each code.
    pub findings: Vec<Finding>,
    /// The findings counted past that, not listed.
    pub omitted: Vec<Omitted>,
}

impl Report {
    /// A report of these findings, listing at most
    /// [`MAX_LISTED`](crate::finding::MAX_LISTED) of each code and counting the rest.
    pub fn new(mut findings: Vec<Finding>) -> Report {
        let mut omitted = Vec::new();
        crate::finding::cap(&mut findings, &mut omitted);
        Report { findings, omitted }
    }

    /// The severity of the worst finding, listed or counted; `None` when there is none.
    pub fn worst(&self) -> Option<Severity> {
        let listed = self.findings.iter().map(|f| f.severity);
        listed.chain(self.omitted.iter().map(|o| o.severity)).max()
    }

    /// How many findings there are of this severity, listed and counted.
    pub fn count(&self, severity: Severity) -> usize {
        let all = crate::finding::tally(&self.findings, &self.omitted);
        all.filter(|t| t.2 == severity).map(|t| t.3).sum()
    }

    /// Whether nothing is wrong: no error and no warning (notes may remain).
    pub fn is_clean(&self) -> bool {
        self.worst().is_none_or(|s| s < Severity::Warning)
    }

    /// The listed findings of at least this severity.
    pub fn at_least(&self, severity: Severity) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.severity >= severity)
    }

    /// The listed findings of this code.
    pub fn with_code(&self, code: Code) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.code == code)
    }

    /// Keeps only the findings `keep` says yes to.
    pub fn retain(&mut self, keep: impl FnMut(&Finding) -> bool) {
        self.findings.retain(keep);
    }
}
