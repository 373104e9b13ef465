//! Where the SGF text of a record of another format came from: places in the text mapped back
//! to the lines of the original file, so that findings point at what the user has.

use std::ops::Range;

use encoding_rs::Encoding;

use super::Format;
use super::record::Anchor;
use crate::finding::{Finding, LineIndex, Span};

/// The file a collection was converted from, for a record of another format than SGF.
#[derive(Clone, Debug)]
pub struct Origin {
    format: Format,
    charset: &'static Encoding,
    lines: LineIndex,
    /// Each property of the SGF text (its first byte), in order, with the bytes of the file
    /// it was read from.
    anchors: Vec<Anchor>,
}

impl Origin {
    pub(crate) fn new(
        format: Format,
        charset: &'static Encoding,
        lines: LineIndex,
        mut anchors: Vec<Anchor>,
    ) -> Origin {
        anchors.shrink_to_fit();
        Origin {
            format,
            charset,
            lines,
            anchors,
        }
    }

    /// The format of the file.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The charset the file's text was in.
    pub fn charset(&self) -> &'static Encoding {
        self.charset
    }

    /// The place in the original file of bytes `start..end` of the SGF text: the bytes the
    /// property holding `start` was read from.
    pub(crate) fn span(&self, start: usize, _end: usize) -> Span {
        let at = self.anchors.partition_point(|(sgf, _)| *sgf <= start);
        let bytes: Range<usize> = match at {
            0 => 0..0,
            at => self.anchors[at - 1].1.clone(),
        };
        self.lines.span(bytes.start, bytes.end)
    }

    /// Moves a finding placed in the SGF text to the original file.
    pub(crate) fn place(&self, finding: &mut Finding) {
        let locations =
            std::iter::once(&mut finding.location).chain(finding.related.as_deref_mut());
        for location in locations {
            if let Some(span) = &mut location.span {
                *span = self.span(span.start, span.end);
            }
        }
    }
}
