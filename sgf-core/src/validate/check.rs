//! Reading and validating an input in one go: the reader's findings and the validator's, each
//! with its place in the input.

use crate::diagnostic::{Diagnostic, DiagnosticKind};

use super::finding::{Code, Finding, Location};
use super::report::Report;
use super::validate;

/// Reads an input leniently and validates it: the findings of both, in the order of the input.
/// An input that cannot be read at all gives the reader's errors.
pub fn check(input: &[u8]) -> Report {
    match crate::parse(input) {
        Ok(parsed) => check_parsed(input, &parsed),
        Err(error) => {
            let findings = error
                .diagnostics
                .into_iter()
                .map(|d| from_diagnostic(d, 0))
                .collect();
            Report { findings }
        }
    }
}

/// [`check`] of an input already read leniently into `parsed` (the standard games), for a
/// caller that needs the collection too.
pub fn check_parsed(input: &[u8], parsed: &crate::Parsed) -> Report {
    let mut report = validate(&parsed.collection);
    // The reader reports each repeat of a property where it stands, merged or not.
    report.retain(|f| f.code != Code::RepeatedProperty);
    report.locate(input);
    let read: Vec<Finding> = parsed
        .diagnostics
        .iter()
        // The validator reports these itself, with their node and property.
        .filter(|d| {
            !matches!(
                d.kind,
                DiagnosticKind::BadValue | DiagnosticKind::UnknownProperty
            )
        })
        .map(|d| {
            // The last game tree starting at or before the finding (the end of a file cut short
            // lies one past its last tree).
            let game = parsed
                .spans
                .iter()
                .rposition(|s| s.start <= d.span.start)
                .unwrap_or(0);
            from_diagnostic(d.clone(), game)
        })
        .collect();
    // A value the end of the input cut short is reported as that: what is left of it does not
    // fit its type for the same reason.
    let cut: Vec<usize> = read
        .iter()
        .filter(|r| r.code == Code::Read(DiagnosticKind::UnexpectedEnd))
        .filter_map(|r| Some(r.related.as_ref()?.span?.start + 1))
        .collect();
    report.retain(|f| {
        f.code != Code::BadValue || f.location.span.is_none_or(|s| !cut.contains(&s.start))
    });
    // The reader explains a `CA` that does not fit the bytes better than the validator can.
    let charset = [Code::CharsetMismatch, Code::UnknownCharset];
    report.retain(|f| {
        !charset.contains(&f.code)
            || !read
                .iter()
                .any(|r| r.code == f.code && r.location.game == f.location.game)
    });
    report.findings.extend(read);
    report.findings.sort_by_key(|f| {
        (
            f.location.game,
            f.location.span.map_or(usize::MAX, |s| s.start),
        )
    });
    report
}

/// A finding of the reader.
fn from_diagnostic(diagnostic: Diagnostic, game: usize) -> Finding {
    Finding {
        code: Code::from_read(diagnostic.kind),
        severity: diagnostic.severity,
        location: Location {
            span: Some(diagnostic.span),
            ..Location::game(game)
        },
        related: diagnostic.related.map(|span| Location {
            span: Some(span),
            ..Location::game(game)
        }),
        message: diagnostic.message,
    }
}
