//! The source line under a finding, shown the way rustc shows it: the line's text, decoded for
//! display, and a row of carets under the bytes of the finding's span.

use sgf_core::charset::Encoding;
use sgf_core::finding::Span;

/// The most characters of a line that are shown; a longer line is cut around the span.
const WIDTH: usize = 100;
/// How many characters before the span a cut line keeps.
const BEFORE: usize = 40;
/// The most bytes looked at on each side of the span's start: enough for [`WIDTH`]
/// characters of four bytes, so a very long line costs no more than a short one.
const REACH: usize = 4 * WIDTH;

/// The text the spans of a file's findings count in, and how to decode it for display.
pub(crate) struct Source<'a> {
    /// The input as the reader parsed it: without a byte-order mark, UTF-16 transcoded to
    /// UTF-8 (the bytes spans refer to).
    bytes: &'a [u8],
    /// The charset the file was read in; `None` shows the bytes as UTF-8, replacing what is
    /// not valid with U+FFFD.
    encoding: Option<&'static Encoding>,
}

impl<'a> Source<'a> {
    pub(crate) fn new(bytes: &'a [u8], encoding: Option<&'static Encoding>) -> Self {
        Source { bytes, encoding }
    }

    /// Three lines: an empty gutter, the span's first line with its number, and the carets
    /// under the span (at least one; a span running past the end of its line is underlined to
    /// the end of it).
    pub(crate) fn snippet(&self, span: Span) -> String {
        let bytes = self.bytes;
        let start = span.start.min(bytes.len());
        // The column counts bytes from the start of the line, from 1.
        let col = usize::try_from(span.col.max(1) - 1).unwrap_or(usize::MAX);
        let line_start = start.saturating_sub(col);
        let end = span.end.clamp(start, bytes.len());

        let mut from = line_start.max(start.saturating_sub(REACH));
        if self.encoding.is_none() {
            // Start the window on a character of UTF-8, not inside one.
            while from < start && bytes[from] & 0xC0 == 0x80 {
                from += 1;
            }
        }
        let limit = bytes.len().min(start.saturating_add(REACH));
        let line_end = bytes[start..limit]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(limit, |i| start + i);
        let cut_before = from > line_start;
        let cut_after = line_end == limit && limit < bytes.len();
        let under_end = end.min(line_end);

        let before = self.chars(&bytes[from..start]);
        let under = self.chars(&bytes[start..under_end]);
        let after = self.chars(&bytes[under_end..line_end]);

        let long = cut_before || cut_after || before.len() + under.len() + after.len() > WIDTH;
        let before_shown = if long {
            before.len().min(BEFORE)
        } else {
            before.len()
        };
        let budget = WIDTH - before_shown;
        let under_shown = under.len().min(budget);
        let after_shown = after.len().min(budget - under_shown);

        let mut text = String::new();
        let lead = cut_before || before_shown < before.len();
        if lead {
            text.push('…');
        }
        text.extend(&before[before.len() - before_shown..]);
        text.extend(&under[..under_shown]);
        text.extend(&after[..after_shown]);
        if cut_after || under_shown + after_shown < under.len() + after.len() {
            text.push('…');
        }
        let offset = before_shown + usize::from(lead);

        let number = span.line.to_string();
        let gutter = " ".repeat(number.len());
        let line = format!(" {number} | {text}");
        format!(
            " {gutter} |\n{}\n {gutter} | {}{}",
            line.trim_end(),
            " ".repeat(offset),
            "^".repeat(under_shown.max(1))
        )
    }

    /// The characters of some bytes of a line, one per character shown: a tab as a space, a
    /// control character as U+FFFD, so that the carets line up with the text.
    fn chars(&self, bytes: &[u8]) -> Vec<char> {
        let text = match self.encoding {
            Some(encoding) => sgf_core::charset::decode(encoding, bytes).0,
            None => String::from_utf8_lossy(bytes),
        };
        text.chars()
            .map(|c| match c {
                '\t' => ' ',
                c if c.is_control() => '\u{FFFD}',
                c => c,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The span of `len` bytes at byte `start` of `input`, with its line and column.
    fn span(input: &[u8], start: usize, len: usize) -> Span {
        let before = &input[..start];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        Span {
            start,
            end: start + len,
            line: u32::try_from(before.iter().filter(|&&b| b == b'\n').count() + 1)
                .expect("a small line number"),
            col: u32::try_from(start - line_start + 1).expect("a small column"),
        }
    }

    fn show(input: &[u8], start: usize, len: usize) -> String {
        Source::new(input, None).snippet(span(input, start, len))
    }

    #[test]
    fn the_carets_stand_under_the_span() {
        let input = b"(;GM[1]\n;B[ee]W[cc])";
        assert_eq!(
            show(input, 14, 5),
            "   |\n 2 | ;B[ee]W[cc])\n   |       ^^^^^"
        );
    }

    #[test]
    fn an_empty_span_and_one_at_the_end_of_the_input_get_one_caret() {
        assert_eq!(
            show(b"(;GM[1]C[x]", 11, 0),
            format!("   |\n 1 | (;GM[1]C[x]\n   | {}^", " ".repeat(11))
        );
        assert_eq!(show(b"", 0, 0), "   |\n 1 |\n   | ^");
    }

    #[test]
    fn a_span_over_several_lines_is_underlined_to_the_end_of_its_first() {
        let input = b"(;C[one\ntwo])";
        assert_eq!(show(input, 2, 10), "   |\n 1 | (;C[one\n   |   ^^^^^");
    }

    #[test]
    fn tabs_and_control_characters_take_one_column_each() {
        let input = b"(;\tC[a\x01b]B[aa])";
        assert_eq!(
            show(input, 9, 5),
            format!(
                "   |\n 1 | (; C[a\u{FFFD}b]B[aa])\n   | {}^^^^^",
                " ".repeat(9)
            )
        );
    }

    #[test]
    fn characters_are_counted_not_bytes_in_utf8_and_in_the_file_s_charset() {
        let utf8 = "(;PB[李世石]B[aa])".as_bytes();
        assert_eq!(
            show(utf8, 15, 5),
            format!("   |\n 1 | (;PB[李世石]B[aa])\n   | {}^^^^^", " ".repeat(9))
        );
        let gbk = b"(;PB[\xc0\xee\xca\xc0\xca\xaf]B[aa])";
        let gb = Encoding::for_label(b"gbk").expect("GBK is known");
        assert_eq!(
            Source::new(gbk, Some(gb)).snippet(span(gbk, 12, 5)),
            format!("   |\n 1 | (;PB[李世石]B[aa])\n   | {}^^^^^", " ".repeat(9))
        );
    }

    #[test]
    fn a_long_line_is_cut_around_the_span() {
        let mut input = b"(;C[".to_vec();
        input.extend(std::iter::repeat_n(b'x', 500));
        input.extend(b"]B[aa]");
        input.extend(std::iter::repeat_n(b'y', 500));
        let start = 4 + 500 + 1;
        let shown = show(&input, start, 5);
        let lines: Vec<&str> = shown.lines().collect();
        let text = format!("…{}]B[aa]{}…", "x".repeat(39), "y".repeat(55));
        assert_eq!(lines[1], format!(" 1 | {text}"));
        assert_eq!(lines[2], format!("   | {}^^^^^", " ".repeat(41)));
        assert_eq!(lines[1].chars().count(), 5 + WIDTH + 2);
    }

    #[test]
    fn a_long_span_is_cut_at_the_width() {
        let mut input = b"(;C[".to_vec();
        input.extend(std::iter::repeat_n(b'x', 300));
        input.push(b']');
        let shown = show(&input, 2, 303);
        let lines: Vec<&str> = shown.lines().collect();
        assert_eq!(lines[1], format!(" 1 | (;C[{}…", "x".repeat(96)));
        assert_eq!(lines[2], format!("   |   {}", "^".repeat(98)));
    }

    #[test]
    fn the_gutter_is_as_wide_as_the_line_number() {
        let mut input = b"(;GM[1]".to_vec();
        input.extend(std::iter::repeat_n(b'\n', 11));
        input.extend(b";B[aa])");
        let start = input.len() - 6;
        assert_eq!(show(&input, start, 5), "    |\n 12 | ;B[aa])\n    |  ^^^^^");
    }
}
