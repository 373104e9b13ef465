//! Findings about an input: what was wrong, where, and how bad. Errors and warnings are values
//! with a kind, a severity and a span (byte offset, line and column), never strings.

use std::cell::OnceCell;
use std::fmt;

/// How bad a finding is for the readers of the file, calibrated against the FF\[4\]
/// specification and SGFC, the reference checker. Lenient reading reads past errors too,
/// reporting how it recovered; only a file with nothing to read fails
/// ([`DiagnosticKind::is_fatal`]), and strict reading fails on any recovery.
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

/// A range of the input: byte offsets, and the line and column where it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
    /// Line of the first byte, counted from 1. CR, LF, CRLF and LFCR each end a line.
    pub line: u32,
    /// Column of the first byte, counted from 1 in bytes from the start of its line.
    pub col: u32,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// What a finding is about. New kinds may be added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// The input holds no game tree at all.
    NoGameTree,
    /// Bytes before the first `(` were skipped.
    JunkBeforeCollection,
    /// Bytes after the last game tree were skipped.
    JunkAfterCollection,
    /// Bytes that are not SGF between tokens were skipped.
    UnexpectedBytes,
    /// The input ends inside a game tree or a value (a file cut short); the open trees were
    /// closed.
    UnexpectedEnd,
    /// A `(` is not followed by `;`; a node was assumed.
    MissingSemicolon,
    /// The first game tree starts with a node (`;GM[1]...`) without its `(`; one was assumed.
    MissingOpenParen,
    /// A game tree or variation holds no node.
    EmptyGameTree,
    /// A node follows the variations of a sequence (`(;A(;B);C)`), which the grammar does not
    /// allow; it was read as a further variation.
    NodeAfterVariation,
    /// An unescaped `]` inside a value, followed by something that does not look like SGF, was
    /// taken as part of the value.
    UnescapedBracket,
    /// Values stand without a property identifier before them; they are kept under an empty
    /// identifier.
    ValueWithoutIdent,
    /// An identifier holds lowercase letters (`FF[1]`/`FF[3]` style, e.g. `AddBlack`); it is read by
    /// its uppercase letters.
    LowercaseIdent,
    /// A property appears twice in one node; the values were merged into the first.
    RepeatedProperty,
    /// A value does not fit its property's type; it is kept verbatim as `Invalid`.
    BadValue,
    /// A property this game does not define; it is kept verbatim as `Unknown`.
    UnknownProperty,
    /// The charset was detected (no `CA`, or a `CA` that could not be trusted).
    CharsetDetected,
    /// The `CA` property names a charset the bytes are not in.
    CharsetMismatch,
    /// The `CA` property names no known charset.
    UnknownCharset,
    /// Bytes not valid in the charset were replaced with U+FFFD.
    InvalidBytes,
    /// A game tree holds more nodes, properties or values than can be counted (an input of over
    /// 4 GiB); reading stops there.
    TooLarge,
}

impl DiagnosticKind {
    /// A stable name of the kind, e.g. `missing-semicolon`, for tools to match on.
    pub fn code(self) -> &'static str {
        match self {
            DiagnosticKind::NoGameTree => "no-game-tree",
            DiagnosticKind::JunkBeforeCollection => "junk-before-collection",
            DiagnosticKind::JunkAfterCollection => "junk-after-collection",
            DiagnosticKind::UnexpectedBytes => "unexpected-bytes",
            DiagnosticKind::UnexpectedEnd => "unexpected-end",
            DiagnosticKind::MissingSemicolon => "missing-semicolon",
            DiagnosticKind::MissingOpenParen => "missing-open-paren",
            DiagnosticKind::EmptyGameTree => "empty-game-tree",
            DiagnosticKind::NodeAfterVariation => "node-after-variation",
            DiagnosticKind::UnescapedBracket => "unescaped-bracket",
            DiagnosticKind::ValueWithoutIdent => "value-without-ident",
            DiagnosticKind::LowercaseIdent => "lowercase-ident",
            DiagnosticKind::RepeatedProperty => "repeated-property",
            DiagnosticKind::BadValue => "bad-value",
            DiagnosticKind::UnknownProperty => "unknown-property",
            DiagnosticKind::CharsetDetected => "charset-detected",
            DiagnosticKind::CharsetMismatch => "charset-mismatch",
            DiagnosticKind::UnknownCharset => "unknown-charset",
            DiagnosticKind::InvalidBytes => "invalid-bytes",
            DiagnosticKind::TooLarge => "too-large",
        }
    }

    /// The severity of a finding of this kind in lenient reading (strict reading makes every
    /// recovery an error). What breaks the grammar is an error, as it is for SGFC, which calls
    /// all of it critical but junk before the collection; a lowercase identifier is one only
    /// from FF\[4\] on (reading makes it an info in an older tree, where it was allowed).
    pub fn severity(self) -> Severity {
        match self {
            DiagnosticKind::NoGameTree
            | DiagnosticKind::JunkAfterCollection
            | DiagnosticKind::UnexpectedBytes
            | DiagnosticKind::UnexpectedEnd
            | DiagnosticKind::MissingSemicolon
            | DiagnosticKind::MissingOpenParen
            | DiagnosticKind::EmptyGameTree
            | DiagnosticKind::NodeAfterVariation
            | DiagnosticKind::UnescapedBracket
            | DiagnosticKind::ValueWithoutIdent
            | DiagnosticKind::LowercaseIdent
            | DiagnosticKind::RepeatedProperty
            | DiagnosticKind::TooLarge => Severity::Error,
            DiagnosticKind::JunkBeforeCollection
            | DiagnosticKind::BadValue
            | DiagnosticKind::CharsetMismatch
            | DiagnosticKind::UnknownCharset
            | DiagnosticKind::InvalidBytes => Severity::Warning,
            DiagnosticKind::UnknownProperty | DiagnosticKind::CharsetDetected => Severity::Info,
        }
    }

    /// Whether a finding of this kind leaves nothing to read, so that even lenient reading
    /// fails: no game tree, or a tree too large to hold.
    pub fn is_fatal(self) -> bool {
        matches!(self, DiagnosticKind::NoGameTree | DiagnosticKind::TooLarge)
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// What it is about.
    pub kind: DiagnosticKind,
    /// How bad it is.
    pub severity: Severity,
    /// Where it is.
    pub span: Span,
    /// A second place it refers to, e.g. the first occurrence of a repeated property.
    pub related: Option<Span>,
    /// What a person needs to know, in a sentence.
    pub message: String,
}

impl fmt::Display for Diagnostic {
    /// `line:col: severity: message`, and where the related place is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}: {}", self.span, self.severity, self.message)?;
        if let Some(related) = self.related {
            write!(f, " (see {related})")?;
        }
        Ok(())
    }
}

/// Line starts of an input, to turn byte offsets into spans with line and column.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    len: usize,
}

impl LineIndex {
    /// Indexes the line starts of `input`: after LF, CR, CRLF and LFCR.
    pub fn new(input: &[u8]) -> Self {
        let mut starts = vec![0];
        let mut i = 0;
        while let Some(found) = memchr::memchr2(b'\n', b'\r', &input[i..]) {
            let at = i + found;
            let pair = if input[at] == b'\n' { b'\r' } else { b'\n' };
            i = if input.get(at + 1) == Some(&pair) {
                at + 2
            } else {
                at + 1
            };
            starts.push(i);
        }
        LineIndex {
            starts,
            len: input.len(),
        }
    }

    /// The span of bytes `start..end` (clamped to the input).
    pub fn span(&self, start: usize, end: usize) -> Span {
        let start = start.min(self.len);
        let end = end.clamp(start, self.len);
        let line = self.starts.partition_point(|&s| s <= start).max(1);
        let col = start - self.starts[line - 1] + 1;
        Span {
            start,
            end,
            line: u32::try_from(line).unwrap_or(u32::MAX),
            col: u32::try_from(col).unwrap_or(u32::MAX),
        }
    }
}

/// The line index of the input, made when the first finding needs a line and column.
pub(crate) struct LazyLines<'a> {
    bytes: &'a [u8],
    index: OnceCell<LineIndex>,
}

impl<'a> LazyLines<'a> {
    /// The lines of `bytes`, indexed when first asked for.
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        LazyLines {
            bytes,
            index: OnceCell::new(),
        }
    }

    /// The span of the bytes `start..end`, with the line and column of `start`.
    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        self.index
            .get_or_init(|| LineIndex::new(self.bytes))
            .span(start, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_end_at_lf_cr_crlf_and_lfcr() {
        let index = LineIndex::new(b"a\nb\rc\r\nd\n\re");
        let at = |offset| {
            let span = index.span(offset, offset);
            (span.line, span.col)
        };
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(2), (2, 1));
        assert_eq!(at(4), (3, 1));
        assert_eq!(at(7), (4, 1));
        assert_eq!(at(10), (5, 1));
        assert_eq!(at(99), (5, 2), "offsets past the end are clamped");
    }

    #[test]
    fn diagnostics_print_like_a_compiler() {
        let diagnostic = Diagnostic {
            kind: DiagnosticKind::RepeatedProperty,
            severity: Severity::Warning,
            span: LineIndex::new(b";B[aa]\n;B[bb]B[cc]").span(13, 14),
            related: Some(LineIndex::new(b"").span(0, 0)),
            message: "B appears twice in this node; values merged".to_owned(),
        };
        assert_eq!(
            diagnostic.to_string(),
            "2:7: warning: B appears twice in this node; values merged (see 1:1)"
        );
    }
}
