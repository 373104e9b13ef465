//! The text types [`SimpleText`] and [`Text`]: escapes, soft line breaks and white space.
//!
//! Reading applies the rules of the specification: `\` makes the next character literal; a `\`
//! right before a line break removes the line break (a soft break); a line break is one of CR,
//! LF, CRLF or LFCR. White space here means the ASCII controls tab, line feed, vertical tab, form
//! feed and carriage return (other Unicode spaces, such as the ideographic space, are kept): in
//! simpletext each of them becomes a space, line breaks included, and in text every line break
//! becomes `\n` and the other white space a space. An escaped white-space character is still
//! converted. Writing escapes `\` and `]` and nothing else.

use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;

use super::{Context, Value, ValueError};

/// SGF `simpletext`: a single line of text, held unescaped (`AN[Honinbo \] Shusaku]` holds
/// `Honinbo ] Shusaku`).
///
/// A value read from a file contains no white space but spaces. Written back, any other white
/// space reads as a space, so `parse(write(t)) == t` holds for texts without it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SimpleText(pub String);

/// SGF `text`: formatted text with line breaks (`\n`), held unescaped.
///
/// A value read from a file contains no white space but spaces and `\n`. Written back, a `\r`
/// reads as a line break and other white space as a space, so `parse(write(t)) == t` holds for
/// texts without them.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Text(pub String);

/// Implements the traits both text types share; `$keep_lines` says whether line breaks stay.
macro_rules! text_type {
    ($name:ident, $keep_lines:expr) => {
        impl Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                $name(text)
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                $name(text.to_owned())
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl Value for $name {
            fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
                Ok($name(unescape(raw, $keep_lines)))
            }

            fn write_value(&self, out: &mut String) {
                escape(&self.0, out);
            }
        }
    };
}

text_type!(SimpleText, false);
text_type!(Text, true);

/// Whether `c` is white space in the sense of the specification (see the module docs).
fn is_white_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// The text of any raw value with its escapes resolved as in `text` values: `\x` is `x`, a `\`
/// before a line break removes it, line breaks are `\n` and other white space is a space.
pub fn unescape_text(raw: &str) -> String {
    unescape(raw, true)
}

/// Unescapes raw text; line breaks become `\n` if `keep_lines`, else spaces.
fn unescape(raw: &str, keep_lines: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        let (c, escaped) = match c {
            // A `\` ending the raw text escapes nothing; it is kept rather than lost.
            '\\' => (chars.next().unwrap_or('\\'), true),
            _ => (c, false),
        };
        if let '\n' | '\r' = c {
            // CRLF and LFCR are one line break.
            let pair = if c == '\n' { '\r' } else { '\n' };
            chars.next_if_eq(&pair);
            if !escaped {
                out.push(if keep_lines { '\n' } else { ' ' });
            }
        } else if is_white_space(c) {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// Raw text as it may stand between brackets: an unescaped `]` gets a `\`, and a lone `\` at
/// the end is paired, so that the text stays one value whatever reads it. Text that needs
/// neither (nearly all) is borrowed.
pub(crate) fn well_formed(raw: &str) -> Cow<'_, str> {
    if !raw.contains([']', '\\']) {
        return Cow::Borrowed(raw);
    }
    let mut escaped = false;
    let needs_change = raw.chars().any(|c| match c {
        _ if escaped => {
            escaped = false;
            false
        }
        '\\' => {
            escaped = true;
            false
        }
        c => c == ']',
    }) || escaped;
    if !needs_change {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len() + 2);
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                out.push(chars.next().unwrap_or('\\'));
            }
            ']' => out.push_str("\\]"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Appends `text` with `\` and `]` escaped, as text and free text inside game values are
/// written.
pub(crate) fn escape(text: &str, out: &mut String) {
    // Both are ASCII, so every position found is a character boundary; the text between them
    // is copied in one piece.
    let mut copied = 0;
    for i in memchr::memchr2_iter(b'\\', b']', text.as_bytes()) {
        out.push_str(&text[copied..i]);
        out.push('\\');
        copied = i;
    }
    out.push_str(&text[copied..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    const CTX: Context = Context::square(19);

    fn simple(raw: &str) -> String {
        SimpleText::parse_value(raw, &CTX)
            .expect("text never fails")
            .0
    }

    fn text(raw: &str) -> String {
        Text::parse_value(raw, &CTX).expect("text never fails").0
    }

    fn write<T: Value>(value: &T) -> String {
        let mut out = String::new();
        value.write_value(&mut out);
        out
    }

    #[test]
    fn a_backslash_makes_the_next_character_literal() {
        assert_eq!(simple(r"a\]b"), "a]b");
        assert_eq!(simple(r"a\\b"), r"a\b");
        assert_eq!(simple(r"a\:b"), "a:b");
        assert_eq!(simple(r"\x\y"), "xy");
        assert_eq!(text(r"\\\]"), r"\]");
        assert_eq!(text(r"end\"), r"end\");
    }

    #[test]
    fn soft_line_breaks_are_removed() {
        for raw in ["ab\\\ncd", "ab\\\r\ncd", "ab\\\n\rcd", "ab\\\rcd"] {
            assert_eq!(simple(raw), "abcd", "{raw:?}");
            assert_eq!(text(raw), "abcd", "{raw:?}");
        }
        // Only the one line break right after the backslash goes.
        assert_eq!(text("a\\\n\nb"), "a\nb");
        // An escaped backslash before a line break is no soft break.
        assert_eq!(text("a\\\\\nb"), "a\\\nb");
    }

    #[test]
    fn simpletext_turns_all_white_space_into_spaces() {
        assert_eq!(simple("a\tb\u{b}c\u{c}d"), "a b c d");
        assert_eq!(simple("a\nb\r\nc\n\rd\re"), "a b c d e");
        assert_eq!(simple("a\n\nb"), "a  b");
        assert_eq!(simple("a\\\tb"), "a b");
        assert_eq!(simple("碁\u{3000}石"), "碁\u{3000}石");
    }

    #[test]
    fn text_normalises_line_breaks_and_other_white_space() {
        assert_eq!(text("a\r\nb\n\rc\rd\ne"), "a\nb\nc\nd\ne");
        assert_eq!(text("a\r\n\r\nb"), "a\n\nb");
        assert_eq!(text("a\n\r\nb"), "a\n\nb");
        assert_eq!(text("a\tb\u{c}c"), "a b c");
        assert_eq!(text("a\\\tb"), "a b");
    }

    #[test]
    fn well_formed_raw_text_is_borrowed_and_stray_brackets_are_escaped() {
        assert!(matches!(well_formed(r"a\]b\\c"), Cow::Borrowed(_)));
        assert_eq!(well_formed("a]b"), r"a\]b");
        assert_eq!(well_formed(r"cut\"), r"cut\\");
        assert_eq!(well_formed(r"a\]]"), r"a\]\]");
    }

    #[test]
    fn writing_escapes_backslash_and_bracket_only() {
        assert_eq!(write(&SimpleText::from(r"a]b\c:d")), r"a\]b\\c:d");
        assert_eq!(write(&Text::from("line 1\nline 2]")), "line 1\nline 2\\]");
        assert_eq!(write(&Text::from(r"]\\]é]")), r"\]\\\\\]é\]");
        assert_eq!(write(&Text::from("")), "");
    }

    #[test]
    fn texts_round_trip() {
        let samples = [
            "",
            "plain",
            "]",
            "\\",
            "\\\\]",
            "a:b",
            "ends with \\",
            "碁 é",
            "[x]",
            " ",
        ];
        for s in samples {
            let t = SimpleText::from(s);
            assert_eq!(SimpleText::parse_value(&write(&t), &CTX), Ok(t));
        }
        for s in samples
            .iter()
            .copied()
            .chain(["a\nb", "\\\n", "\n\n\\\n]\n", "\n"])
        {
            let t = Text::from(s);
            assert_eq!(Text::parse_value(&write(&t), &CTX), Ok(t), "{s:?}");
        }
    }

    #[test]
    fn read_texts_round_trip() {
        for raw in crate::value::sgfish_strings(600) {
            let t = SimpleText::parse_value(&raw, &CTX).expect("text never fails");
            assert_eq!(SimpleText::parse_value(&write(&t), &CTX), Ok(t), "{raw:?}");
            let t = Text::parse_value(&raw, &CTX).expect("text never fails");
            assert_eq!(Text::parse_value(&write(&t), &CTX), Ok(t), "{raw:?}");
        }
    }

    #[test]
    fn texts_behave_like_strings() {
        let t = Text::from("abc".to_owned());
        assert_eq!(t.len(), 3);
        assert_eq!(t.to_string(), "abc");
        assert_eq!(SimpleText::default().0, "");
    }
}
