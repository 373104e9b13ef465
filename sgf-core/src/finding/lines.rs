//! Lines and columns of an input: byte offsets turned into [`Span`]s.

use std::cell::OnceCell;

use super::Span;

/// Line starts of an input, to turn byte offsets into spans with line and column.
#[derive(Clone, Debug)]
pub struct LineIndex {
    /// Held as long as the collection it indexes, at its size.
    starts: Box<[usize]>,
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
            starts: starts.into_boxed_slice(),
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

    /// The index, if it was made.
    pub(crate) fn into_index(self) -> Option<LineIndex> {
        self.index.into_inner()
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
}
