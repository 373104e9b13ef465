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
use std::hash::{Hash, Hasher};
use std::ops::{Deref, Range};
use std::sync::Arc;

use super::{Context, RawValue, Value, ValueError};

/// The text of a collection's input, shared by the values that hold part of it.
pub type Source = Arc<Box<str>>;

/// A text as a typed value holds it: a copy of its own, or a range of the input it was read
/// from, shared rather than copied (a text that needed no decoding and no unescaping).
#[derive(Clone)]
enum Held {
    Owned(Box<str>),
    Shared {
        source: Source,
        start: u32,
        end: u32,
    },
}

impl Held {
    fn as_str(&self) -> &str {
        match self {
            Held::Owned(text) => text,
            Held::Shared { source, start, end } => source
                .get(*start as usize..*end as usize)
                .unwrap_or_default(),
        }
    }

    /// `text` itself as it stands in `source`, if it does; else a copy.
    fn of(text: &str, source: Option<&Source>) -> Held {
        match source.and_then(|source| within(source, text)) {
            Some(range) => Held::Shared {
                source: Arc::clone(source.expect("a range was found in it")),
                start: range.start as u32,
                end: range.end as u32,
            },
            None => Held::Owned(text.into()),
        }
    }
}

/// Where `text` stands in `source`, if it is a slice of it (offsets below 2^32).
fn within(source: &str, text: &str) -> Option<Range<usize>> {
    let start = (text.as_ptr() as usize).checked_sub(source.as_ptr() as usize)?;
    let end = start + text.len();
    (end <= source.len() && end <= u32::MAX as usize).then_some(start..end)
}

/// SGF `simpletext`: a single line of text, held unescaped (`AN[Honinbo \] Shusaku]` holds
/// `Honinbo ] Shusaku`).
///
/// A value read from a file contains no white space but spaces. Written back, any other white
/// space reads as a space, so `parse(write(t)) == t` holds for texts without it. A text read
/// from a collection's input that needed no unescaping shares the input's bytes rather than
/// copying them.
#[derive(Clone)]
pub struct SimpleText(Held);

/// SGF `text`: formatted text with line breaks (`\n`), held unescaped.
///
/// A value read from a file contains no white space but spaces and `\n`. Written back, a `\r`
/// reads as a line break and other white space as a space, so `parse(write(t)) == t` holds for
/// texts without them. Like [`SimpleText`], it shares the input's bytes where it can.
#[derive(Clone)]
pub struct Text(Held);

/// Implements the traits both text types share; `$keep_lines` says whether line breaks stay.
macro_rules! text_type {
    ($name:ident, $keep_lines:expr) => {
        impl $name {
            /// The text.
            pub fn as_str(&self) -> &str {
                self.0.as_str()
            }

            /// The text, owned.
            pub fn into_string(self) -> String {
                match self.0 {
                    Held::Owned(text) => text.into_string(),
                    shared => shared.as_str().to_owned(),
                }
            }

            /// Whether the text shares the bytes of the input it was read from.
            pub fn is_shared(&self) -> bool {
                matches!(self.0, Held::Shared { .. })
            }
        }

        impl Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                self.0.as_str()
            }
        }

        impl Default for $name {
            fn default() -> Self {
                $name(Held::Owned(Box::default()))
            }
        }

        impl PartialEq for $name {
            fn eq(&self, other: &Self) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl Eq for $name {}

        impl Hash for $name {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_str().hash(state);
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_tuple(stringify!($name))
                    .field(&self.as_str())
                    .finish()
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                $name(Held::Owned(text.into_boxed_str()))
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                $name(Held::Owned(text.into()))
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl Value for $name {
            fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
                Ok($name::from(unescape(raw, $keep_lines)))
            }

            fn parse_raw<R: RawValue + ?Sized>(
                raw: &R,
                _ctx: &Context,
            ) -> Result<Self, ValueError> {
                let text = raw.as_ref();
                if plain(text, $keep_lines) {
                    return Ok($name(Held::of(text, raw.source())));
                }
                Ok($name::from(unescape(text, $keep_lines)))
            }

            fn write_value(&self, out: &mut String) {
                escape(self.as_str(), out);
            }
        }
    };
}

text_type!(SimpleText, false);
text_type!(Text, true);

/// Whether raw text reads as itself: no escape, and no white space that reading changes (in
/// simpletext every character but the space; in text, every one but the space and `\n`).
fn plain(raw: &str, keep_lines: bool) -> bool {
    find_special(raw.as_bytes(), |b| !plain_byte(b, keep_lines)).is_none()
}

/// The offset of the first of `bytes` that `special` picks, where it picks none but bytes
/// below the space and `\`: eight bytes at a time, a word with none of those passed over whole.
fn find_special(bytes: &[u8], special: impl Fn(u8) -> bool) -> Option<usize> {
    let (words, rest) = bytes.as_chunks::<8>();
    for (i, word) in words.iter().enumerate() {
        if may_be_special(u64::from_le_bytes(*word))
            && let Some(k) = word.iter().position(|&b| special(b))
        {
            return Some(i * 8 + k);
        }
    }
    let tail = rest.iter().position(|&b| special(b))?;
    Some(words.len() * 8 + tail)
}

/// Whether eight bytes may hold one that [`plain_byte`] looks at: below the space, or a `\`.
/// Never `false` where one does (a byte after one may be taken for one too).
fn may_be_special(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    // A byte below `n` borrows through its high bit, which it did not have.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGH_BITS;
    (below(word, b' ') | below(word ^ (ONES * u64::from(b'\\')), 1)) != 0
}

/// Whether a byte of raw text reads as itself (see [`plain`]).
fn plain_byte(b: u8, keep_lines: bool) -> bool {
    match b {
        b'\\' | b'\t' | b'\r' | 0x0B | 0x0C => false,
        b'\n' => keep_lines,
        _ => true,
    }
}

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
    // Runs of bytes that read as themselves are copied whole: only the bytes that may read as
    // something else (escapes, white space, and a `\n` which a `\r` after it joins into one
    // line break; all ASCII) are looked at one by one.
    let special = |b: u8| !plain_byte(b, keep_lines) || b == b'\n';
    let bytes = raw.as_bytes();
    let Some(first) = find_special(bytes, special) else {
        return raw.to_owned();
    };
    let mut out = String::with_capacity(raw.len());
    let mut at = first;
    out.push_str(&raw[..at]);
    while at < bytes.len() {
        let (c, escaped, next) = match bytes[at] {
            // A `\` ending the raw text escapes nothing; it is kept rather than lost.
            b'\\' => match raw[at + 1..].chars().next() {
                Some(c) => (c, true, at + 1 + c.len_utf8()),
                None => ('\\', true, at + 1),
            },
            b => (char::from(b), false, at + 1),
        };
        at = next;
        if let '\n' | '\r' = c {
            // CRLF and LFCR are one line break.
            let pair = if c == '\n' { b'\r' } else { b'\n' };
            if bytes.get(at) == Some(&pair) {
                at += 1;
            }
            if !escaped {
                out.push(if keep_lines { '\n' } else { ' ' });
            }
        } else if is_white_space(c) {
            out.push(' ');
        } else {
            out.push(c);
        }
        let run = find_special(&bytes[at..], special).map_or(bytes.len(), |k| at + k);
        out.push_str(&raw[at..run]);
        at = run;
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
            .into_string()
    }

    /// A word at a time finds what a byte at a time finds: each byte value, at each place in
    /// and around a word, among ASCII letters and among the bytes of multibyte characters.
    #[test]
    fn special_bytes_are_found_a_word_at_a_time_as_one_by_one() {
        for keep_lines in [false, true] {
            let special = |b: u8| !plain_byte(b, keep_lines) || b == b'\n';
            for filler in [b'a', 0x80, 0xC3, 0xFF, b'\\' + 1, b' '] {
                for len in [0, 7, 8, 9, 17, 24] {
                    for at in 0..len {
                        for b in 0..=u8::MAX {
                            let mut bytes = vec![filler; len];
                            bytes[at] = b;
                            let expected = bytes.iter().position(|&b| special(b));
                            assert_eq!(find_special(&bytes, special), expected, "{bytes:?}");
                        }
                    }
                }
            }
        }
    }

    /// Unescaping character by character, as the specification describes it: the oracle the
    /// run-copying `unescape` is held to.
    fn unescape_by_chars(raw: &str, keep_lines: bool) -> String {
        let mut out = String::new();
        let mut chars = raw.chars().peekable();
        while let Some(c) = chars.next() {
            let (c, escaped) = match c {
                '\\' => (chars.next().unwrap_or('\\'), true),
                _ => (c, false),
            };
            if let '\n' | '\r' = c {
                chars.next_if_eq(&if c == '\n' { '\r' } else { '\n' });
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

    #[test]
    fn unescape_copies_runs_as_reading_character_by_character_would() {
        // Every text of up to five of these characters, which hold each case: escapes of
        // line breaks, of white space and of a character of two bytes, CRLF, LFCR and a `\`
        // at the end.
        let alphabet = ['a', '\\', '\n', '\r', '\t', ' ', 'é', ']'];
        let mut texts = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = texts
                .iter()
                .filter(|t| t.chars().count() == texts.last().map_or(0, |l| l.chars().count()))
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(longer);
        }
        assert!(texts.len() > 30_000);
        for raw in &texts {
            for keep_lines in [false, true] {
                assert_eq!(
                    unescape(raw, keep_lines),
                    unescape_by_chars(raw, keep_lines),
                    "{raw:?}, keep_lines {keep_lines}"
                );
            }
        }
    }

    fn text(raw: &str) -> String {
        Text::parse_value(raw, &CTX)
            .expect("text never fails")
            .into_string()
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
        assert_eq!(SimpleText::default().as_str(), "");
    }

    #[test]
    fn plain_text_read_from_a_source_is_shared() {
        let source: Source = Arc::new("C[plain]C[a\\]b]N[x\ny]".into());
        let raw = |range: Range<usize>| crate::value::Raw::new(&source[range], Some(&source));
        let plain = Text::parse_raw(&raw(2..7), &CTX).expect("text never fails");
        assert!(plain.is_shared());
        assert_eq!(plain, Text::from("plain"));
        let escaped = Text::parse_raw(&raw(10..14), &CTX).expect("text never fails");
        assert!(!escaped.is_shared());
        assert_eq!(escaped.as_str(), "a]b");
        // A line break is a space in simpletext: that text is its own.
        let broken = SimpleText::parse_raw(&raw(17..20), &CTX).expect("text never fails");
        assert_eq!((broken.as_str(), broken.is_shared()), ("x y", false));
        let kept = Text::parse_raw(&raw(17..20), &CTX).expect("text never fails");
        assert_eq!((kept.as_str(), kept.is_shared()), ("x\ny", true));
        // A text outside the source is copied.
        let elsewhere = String::from("plain");
        let copied = Text::parse_raw(&crate::value::Raw::new(&elsewhere, Some(&source)), &CTX);
        assert!(!copied.expect("text never fails").is_shared());
    }
}
