//! Reading and validating an input in one go: the reader's findings and the validator's, each
//! with its place in the input.

use crate::finding::{Code, Finding};

use super::report::Report;
use super::validate;

/// Reads an input leniently and validates it: the findings of both, in the order of the input.
/// An input that cannot be read at all gives the reader's errors.
pub fn check(input: &[u8]) -> Report {
    match crate::parse(input) {
        Ok(parsed) => check_parsed(input, &parsed),
        Err(error) => Report {
            findings: error.findings,
        },
    }
}

/// [`check`] of an input already read leniently into `parsed` (the standard games), for a
/// caller that needs the collection too.
///
/// Five codes both the reader and validation report; each problem is reported once, by the
/// one that places it better. Validation places a bad value or an unknown property in its node
/// and property; the reader places each repeat of a property where it stands, and explains a
/// `CA` that does not fit the bytes with what it read instead.
pub fn check_parsed(input: &[u8], parsed: &crate::Parsed) -> Report {
    let mut report = validate(&parsed.collection);
    report.retain(|f| f.code != Code::RepeatedProperty);
    report.locate(input);
    let read: Vec<&Finding> = parsed
        .findings
        .iter()
        .filter(|f| !matches!(f.code, Code::BadValue | Code::UnknownProperty))
        .collect();
    // A value the end of the input cut short is reported as that: what is left of it does not
    // fit its type for the same reason.
    let cut: Vec<usize> = read
        .iter()
        .filter(|r| r.code == Code::UnexpectedEnd)
        .filter_map(|r| Some(r.related.as_ref()?.span?.start + 1))
        .collect();
    report.retain(|f| {
        f.code != Code::BadValue || f.location.span.is_none_or(|s| !cut.contains(&s.start))
    });
    let charset = [Code::CharsetMismatch, Code::UnknownCharset];
    report.retain(|f| {
        !charset.contains(&f.code)
            || !read
                .iter()
                .any(|r| r.code == f.code && r.location.game == f.location.game)
    });
    report.findings.extend(read.into_iter().cloned());
    report.findings.sort_by_key(|f| {
        (
            f.location.game,
            f.location.span.map_or(usize::MAX, |s| s.start),
        )
    });
    report
}
