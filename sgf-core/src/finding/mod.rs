//! Findings about an input or a collection: what was wrong ([`Code`]), how bad it is
//! ([`Severity`]), where ([`Location`]: a game, a node, a property and, when the collection was
//! read, its bytes as a [`Span`] with line and column), and a message a person understands.
//! Reading, validation, repair and the command line all report [`Finding`]s, never strings.

mod code;
mod limit;
mod lines;
mod place;

use std::fmt;

pub use code::Code;
pub(crate) use limit::{Listing, cap};
pub use limit::{MAX_LISTED, Omitted, tally};
pub(crate) use lines::LazyLines;
pub use lines::LineIndex;
pub use place::{Location, NodePath, Span};

/// How bad a finding is for the readers of the file, calibrated against the FF\[4\]
/// specification and SGFC, the reference checker. Lenient reading reads past errors too,
/// reporting how it recovered; only a file with nothing to read fails
/// ([`Code::is_fatal`]), and strict reading fails on any recovery.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum Severity {
    /// Worth knowing; nothing is wrong, or nothing that harms anyone (a detected charset, an
    /// unknown property, a value outside the specification that real files commonly write).
    Info,
    /// Something is off, but readers manage: a text that does not follow its format in a file
    /// of an older format, a repeated point, a dirty byte replaced.
    Warning,
    /// The file is wrong for its readers: it breaks the grammar (they may refuse it, as SGFC
    /// does), or a value or a node breaks the specification in a way that loses its meaning.
    /// Strict reading refuses the file; lenient reading recovered what it could.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One finding: of reading, of validation, or of repair.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Finding {
    /// What it is about.
    pub code: Code,
    /// How bad it is.
    pub severity: Severity,
    /// Where it is.
    pub location: Location,
    /// A second place it refers to: the other property of a pair, the first occurrence of a
    /// repeat. Boxed, as most findings have none: a finding takes 160 bytes, not 272.
    pub related: Option<Box<Location>>,
    /// What a person needs to know, in a sentence.
    pub message: String,
}

impl fmt::Display for Finding {
    /// `location: severity[code]: message`, like a compiler.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}[{}]: {}",
            self.location, self.severity, self.code, self.message
        )?;
        if let Some(related) = &self.related {
            write!(f, " (see {related})")?;
        }
        Ok(())
    }
}

impl Finding {
    /// Gives back the spare room of the finding's strings, for a finding held as long as its
    /// collection (a message made with `format!` holds about twice its length).
    pub(crate) fn shrink_to_fit(&mut self) {
        self.message.shrink_to_fit();
        let locations = std::iter::once(&mut self.location).chain(self.related.as_deref_mut());
        for location in locations {
            if let Some(property) = &mut location.property {
                property.shrink_to_fit();
            }
        }
    }

    /// Whether the finding is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// A finding of the reader in game tree `game`, at `span` of the input.
    pub fn in_input(
        code: Code,
        severity: Severity,
        game: usize,
        span: Span,
        related: Option<Span>,
        message: String,
    ) -> Finding {
        Finding {
            code,
            severity,
            location: Location::in_input(game, span),
            related: related.map(|span| Box::new(Location::in_input(game, span))),
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of many findings (a dirty one) holds them all: each stays small.
    #[test]
    fn a_finding_without_a_related_place_keeps_it_out_of_line() {
        assert!(
            std::mem::size_of::<Finding>() <= 160,
            "{}",
            std::mem::size_of::<Finding>()
        );
    }

    #[test]
    fn findings_print_like_a_compiler() {
        let lines = LineIndex::new(b";B[aa]\n;B[bb]B[cc]");
        let finding = Finding::in_input(
            Code::RepeatedProperty,
            Severity::Error,
            0,
            lines.span(13, 14),
            Some(lines.span(8, 9)),
            "B appears twice in this node".to_owned(),
        );
        assert_eq!(
            finding.to_string(),
            "2:7: error[repeated-property]: B appears twice in this node (see 2:2)"
        );
    }
}
