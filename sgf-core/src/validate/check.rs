//! Reading and validating an input in one go: it is read once, and what reading found and what
//! validation found are reported together, each with its place in the input.

use crate::GameTree;
use crate::collection::Collection;
use crate::read::ReadOptions;

use super::report::Report;
use super::validate;

/// Reads an input and validates it: the findings of both, in the order of the input. Strict
/// mode ([`ReadOptions::strict`]) reports each recovery of reading as an error rather than
/// refusing the input (validation's findings keep their severity). An input with nothing to
/// read gives the reader's errors.
///
/// ```
/// use sgf_core::ReadOptions;
/// use sgf_core::finding::Severity;
/// use sgf_core::validate::{Code, check};
///
/// let report = check(b"(;GM[1]SZ[9];B[ee]W[cc])", &ReadOptions::default());
/// assert_eq!(report.findings[0].code, Code::ExclusiveProperties);
/// assert_eq!(report.findings[0].severity, Severity::Error);
/// assert_eq!(report.findings[0].location.to_string(), "1:19");
/// ```
pub fn check(input: &[u8], options: &ReadOptions) -> Report {
    match Collection::<GameTree>::read_all(input, options) {
        Ok(collection) => validate(&collection),
        Err(error) => Report::new(error.findings),
    }
}
