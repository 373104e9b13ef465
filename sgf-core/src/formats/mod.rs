//! Game records of other formats, read as SGF: Tygem's GIB, WBaduk's and Cyberoro's NGF, and
//! Pandanet's UGF and UGI. Each reader turns the file into SGF text (a game tree built node by
//! node, then written), which is then read as any SGF file is, so that a record of any format
//! is one [`Collection`](crate::Collection) on the one model. What the reader found is
//! positioned in the original file, and so is every later finding: the collection keeps an
//! [`Origin`] that maps each property of the SGF text back to the line it came from.
//!
//! None of these formats is documented by its server. Their layouts are inferred, as the open
//! converters inferred them, from Sensei's Library's pages on GIB and NGF, the Pandanet UGF
//! notes, and the readers of Sabaki (`src/modules/fileformats`), gofish and xyz2sgf, and
//! KaTrain (`katrain/core/sgf_parser.py`); what each reader takes from them is in its module.
//!
//! Every field of a header that no SGF property holds is kept in the root's game comment
//! (`GC`), after the record's own comment, under a line `From the <format> header:`, one
//! `key=value` a line: nothing the file holds is dropped.
//!
//! Each reader finds the charset as the SGF reader does ([`charset::decide`]): from the
//! format's own declaration where it has one (UGF's `Lang`), checked against the bytes, and
//! detected from the names and comments otherwise.

mod gib;
mod handicap;
mod lines;
mod ngf;
mod origin;
mod record;
mod result;
mod ugf;

use std::fmt;
use std::ops::Range;
use std::path::Path;

use crate::charset;
use crate::finding::{Code, Finding, LineIndex, Location, Severity, Span};

pub use origin::Origin;
pub(crate) use record::Record;

/// The format of a game record file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// SGF, the Smart Game Format.
    Sgf,
    /// Tygem's `.gib`.
    Gib,
    /// WBaduk's and Cyberoro's `.ngf`.
    Ngf,
    /// Pandanet's `.ugf` and `.ugi` (its reviews, with variations and comments).
    Ugf,
}

impl Format {
    /// The format a file's extension names, in any case: `None` for an extension that names
    /// none (the content is sniffed then). `.ugz`, a compressed UGF, is not read.
    pub fn from_extension(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "sgf" => Format::Sgf,
            "gib" => Format::Gib,
            "ngf" => Format::Ngf,
            "ugf" | "ugi" => Format::Ugf,
            _ => return None,
        })
    }

    /// Whether a file's extension names a format: the files a directory is walked for.
    pub fn is_record_path(path: &Path) -> bool {
        Format::from_extension(path).is_some()
    }

    /// The format of `input` by its content: a GIB header (`\HS`, `\[GAME…=`), a UGF
    /// `[Header]`, or an NGF header (a board size on its second line and `PM` move lines);
    /// SGF for anything else, and for anything holding `(;`, so that no SGF file, however
    /// damaged, is read as another format.
    pub fn sniff(input: &[u8]) -> Format {
        Format::of_sniffed(&charset::sniff(input).bytes)
    }

    /// [`sniff`](Self::sniff) on input already [`charset::sniff`]ed.
    pub(crate) fn of_sniffed(input: &[u8]) -> Format {
        if crate::syntax::find_short(input, b"(;").is_some() {
            return Format::Sgf;
        }
        if gib::looks_like(input) {
            Format::Gib
        } else if ugf::looks_like(input) {
            Format::Ugf
        } else if ngf::looks_like(input) {
            Format::Ngf
        } else {
            Format::Sgf
        }
    }

    /// The format's name, with the servers that write it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Sgf => "SGF",
            Format::Gib => "GIB (Tygem)",
            Format::Ngf => "NGF (WBaduk, Cyberoro)",
            Format::Ugf => "UGF (Pandanet)",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A record of another format, converted: its SGF text, what the reader found (placed in the
/// original), and how to map places of the SGF text back to the original.
pub(crate) struct Converted {
    /// The SGF text; `None` where the file holds no game to read.
    pub(crate) sgf: Option<String>,
    pub(crate) findings: Vec<Finding>,
    pub(crate) origin: Origin,
}

/// Converts `sniffed`, a record in `format` (not SGF), to SGF text.
pub(crate) fn convert(format: Format, sniffed: &charset::Sniffed<'_>) -> Converted {
    let bytes: &[u8] = &sniffed.bytes;
    let lines = LineIndex::new(bytes);
    let mut found = Found {
        lines: &lines,
        form: sniffed.source,
        findings: Vec::new(),
    };
    let read = match format {
        Format::Gib => gib::read(bytes, &mut found),
        Format::Ngf => ngf::read(bytes, &mut found),
        Format::Ugf => ugf::read(bytes, &mut found),
        Format::Sgf => unreachable!("SGF is read by the SGF reader"),
    };
    let charset = read.as_ref().map_or(encoding_rs::UTF_8, |r| r.charset);
    let (sgf, anchors) = match read {
        Some(read) => {
            let (text, anchors) = read.record.write();
            (Some(text), anchors)
        }
        None if found.findings.iter().any(|f| f.code == Code::NoGameTree) => (None, Vec::new()),
        None => {
            found.push(
                Code::NoGameTree,
                Severity::Error,
                0..0,
                format!("the file holds no game: nothing of a {format} record was found"),
            );
            (None, Vec::new())
        }
    };
    let mut findings = found.findings;
    findings.sort_by_key(|f| f.location.span.map(|s| s.start));
    Converted {
        sgf,
        findings,
        origin: Origin::new(format, charset, lines, anchors),
    }
}

/// Keeps in the root's game comment (`GC`) what a record holds that no SGF property does:
/// the record's own comment first, then each of `kept` (`key=value`) a line, under
/// `From the <format> header:`.
pub(crate) fn keep(
    record: &mut Record,
    format: &str,
    comment: Option<(String, Range<usize>)>,
    kept: &[(String, Range<usize>)],
) {
    let mut text = String::new();
    let mut at = None;
    if let Some((comment, place)) = comment {
        text.push_str(&comment);
        at = Some(place);
    }
    if !kept.is_empty() {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str("From the ");
        text.push_str(format);
        text.push_str(" header:");
        for (line, place) in kept {
            text.push('\n');
            text.push_str(line);
            at.get_or_insert_with(|| place.clone());
        }
    }
    if let Some(at) = at {
        record.set(record::ROOT, "GC", text, at);
    }
}

/// What a reader read: the record, and the charset its text was in.
pub(crate) struct Read {
    pub(crate) record: Record,
    pub(crate) charset: &'static encoding_rs::Encoding,
}

/// The findings of a reader, placed in the original file.
pub(crate) struct Found<'a> {
    lines: &'a LineIndex,
    /// What a byte-order mark or UTF-16 said of the charset.
    form: Option<charset::Form>,
    findings: Vec<Finding>,
}

impl Found<'_> {
    /// Reports a finding at bytes `at` of the file.
    pub(crate) fn push(
        &mut self,
        code: Code,
        severity: Severity,
        at: std::ops::Range<usize>,
        message: String,
    ) {
        let finding = found_at(self.lines, code, severity, at, message);
        self.findings.push(finding);
    }

    /// Reports a line that could not be read, and was skipped.
    pub(crate) fn bad_line(&mut self, at: std::ops::Range<usize>, message: String) {
        self.push(Code::BadRecordLine, Severity::Error, at, message);
    }

    /// Adds the findings of deciding the charset; those without a place are put at `at`.
    pub(crate) fn charset(&mut self, findings: Vec<Finding>, at: std::ops::Range<usize>) {
        for mut finding in findings {
            if finding.location.span.is_none() {
                finding.location.span = Some(self.lines.span(at.start, at.end));
            }
            self.findings.push(finding);
        }
    }

    /// The span of bytes `at` of the file.
    pub(crate) fn span(&self, at: std::ops::Range<usize>) -> Span {
        self.lines.span(at.start, at.end)
    }
}

fn found_at(
    lines: &LineIndex,
    code: Code,
    severity: Severity,
    at: std::ops::Range<usize>,
    message: String,
) -> Finding {
    Finding {
        code,
        severity,
        location: Location::in_input(0, lines.span(at.start, at.end)),
        related: None,
        message,
    }
}
