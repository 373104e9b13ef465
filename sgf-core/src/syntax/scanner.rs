//! Low-level scanning of raw bytes: white space, identifiers, the end of a value (escapes and
//! double-byte characters respected), and the look-ahead that decides whether bytes look like SGF.

use memchr::{memchr, memchr2};

use crate::charset::Multibyte;

/// The `]` ending a value that starts at `i`, in bytes without a double-byte charset, or `None`
/// if the input ends first: what [`find_close`] finds, with short values looked at inline.
#[inline]
pub(super) fn value_end(input: &[u8], i: usize) -> Option<usize> {
    match input.get(i..i + 3) {
        Some([b']', ..]) => Some(i),
        Some([a, b']', ..]) if *a != b'\\' => Some(i + 1),
        Some([a, b, b']']) if *a != b'\\' && *b != b'\\' => Some(i + 2),
        _ => find_close(input, i, Multibyte::None),
    }
}

/// The letter and the value of the property at `at`, if it is one letter and one value of two
/// bytes that are neither `]` nor `\` (`B[pd]`, the most common property of a record): its
/// bracket then stands next to the letter and its `]` three bytes on, which ends the value in
/// any charset without double-byte characters. The caller knows the letter is a capital.
#[inline(always)]
pub(super) fn short_property(input: &[u8], at: usize) -> Option<(u8, [u8; 2])> {
    match *input.get(at..at + 5)? {
        [letter, b'[', x, y, b']'] if !matches!(x, b']' | b'\\') && !matches!(y, b']' | b'\\') => {
            Some((letter, [x, y]))
        }
        _ => None,
    }
}

/// How many bytes of a value are looked at one by one before searching with memchr.
const SHORT_VALUE: usize = 16;

/// The offset of the first `needle` in `haystack`: its first byte found with memchr, the
/// rest compared there. For the few bytes sniffing looks for (`(;`, `CA[`) near the start of
/// an input: a substring searcher's setup runs code that, for each of many small files, is
/// fetched again for one search.
pub(crate) fn find_short(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut from = 0;
    while let Some(found) = memchr(first, haystack.get(from..)?) {
        let at = from + found;
        if haystack[at + 1..].starts_with(rest) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// Whether `b` is SGF white space: space, tab, LF, vertical tab, form feed or CR.
#[inline]
pub(super) fn is_ws(b: u8) -> bool {
    // One bit a byte below 64: a test and a shift, where a match on six bytes is a chain of
    // compares run after every token.
    const WS: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\n' | 1 << 0x0B | 1 << 0x0C | 1 << b'\r';
    b < 64 && WS >> b & 1 != 0
}

/// The offset of the first byte at or after `i` that is not white space (or the input length).
#[inline]
pub(super) fn skip_ws(input: &[u8], mut i: usize) -> usize {
    while let Some(&b) = input.get(i) {
        if !is_ws(b) {
            break;
        }
        i += 1;
    }
    i
}

/// The offset of the first byte at or after `i` that is not an ASCII letter.
#[inline]
pub(super) fn skip_letters(input: &[u8], mut i: usize) -> usize {
    while let Some(&b) = input.get(i) {
        if !b.is_ascii_alphabetic() {
            break;
        }
        i += 1;
    }
    i
}

/// Whether the identifier starting at `at` is `ident`: its bytes, and no letter after them.
#[inline]
pub(super) fn ident_at(input: &[u8], at: usize, ident: &[u8]) -> bool {
    input.get(at..at + ident.len()) == Some(ident)
        && !input
            .get(at + ident.len())
            .is_some_and(u8::is_ascii_alphabetic)
}

/// Whether `b` is none of SGF's tokens: not white space, not a letter, not `(`, `)`, `;`, `[`.
#[inline]
pub(super) fn is_junk(b: u8) -> bool {
    !(is_ws(b) || b.is_ascii_alphabetic() || matches!(b, b'(' | b')' | b';' | b'['))
}

/// The end of the junk starting at `i`: bytes that are no token, stepped over character by
/// character so that a trail byte of a double-byte character is never read as a token.
pub(super) fn skip_junk(input: &[u8], mut i: usize, multibyte: Multibyte) -> usize {
    while let Some(&b) = input.get(i) {
        if !is_junk(b) {
            break;
        }
        i += multibyte.char_len(input, i);
    }
    i
}

/// The offset one past the last byte of `input[start..end]` that is not white space.
pub(super) fn trim_end(input: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && input.get(end - 1).is_some_and(|&b| is_ws(b)) {
        end -= 1;
    }
    end
}

/// Whether a property starts at `i`: letters, optional white space, then `[`.
#[inline]
fn property_at(input: &[u8], i: usize) -> bool {
    let letters = skip_letters(input, i);
    letters > i && input.get(skip_ws(input, letters)) == Some(&b'[')
}

/// Whether what follows a `]` at `i - 1` looks like SGF, so that the `]` ends its value: the end
/// of the input, `[`, `;`, `(`, `)`, or letters followed by optional white space and `[` (or by
/// the end of the input, a file cut short after an identifier).
#[inline]
pub(super) fn sgf_follows(input: &[u8], i: usize) -> bool {
    let j = skip_ws(input, i);
    match input.get(j) {
        None | Some(b'[' | b';' | b'(' | b')') => true,
        Some(b) if b.is_ascii_alphabetic() => {
            let k = skip_ws(input, skip_letters(input, j));
            matches!(input.get(k), None | Some(b'['))
        }
        Some(_) => false,
    }
}

/// The offset of the `(` that starts the next game tree at or after `i`: the first `(` followed
/// (after white space) by `;`, `(` or a property; if there is none and `fallback` is set, the
/// first `(` at all. `None` when no `(` qualifies.
pub(super) fn find_tree_start(input: &[u8], i: usize, fallback: bool) -> Option<usize> {
    let mut first = None;
    let mut from = i;
    while let Some(k) = input.get(from..).and_then(|rest| memchr(b'(', rest)) {
        let open = from + k;
        let next = skip_ws(input, open + 1);
        let tree_like = match input.get(next) {
            Some(b';' | b'(') => true,
            Some(_) => property_at(input, next),
            None => false,
        };
        if tree_like {
            return Some(open);
        }
        first = first.or(Some(open));
        from = open + 1;
    }
    if fallback { first } else { None }
}

/// The offset of the first `;` in `i..limit` that starts a node holding a property (`;GM[1]`).
pub(super) fn find_node_start(input: &[u8], i: usize, limit: usize) -> Option<usize> {
    let mut from = i;
    while let Some(k) = input.get(from..limit).and_then(|rest| memchr(b';', rest)) {
        let semicolon = from + k;
        if property_at(input, skip_ws(input, semicolon + 1)) {
            return Some(semicolon);
        }
        from = semicolon + 1;
    }
    None
}

/// The offset of the next `]` at or after `i` that is neither escaped nor the trail byte of a
/// double-byte character; `None` when the input ends first. A `\` escapes the next character.
pub(super) fn find_close(input: &[u8], mut i: usize, multibyte: Multibyte) -> Option<usize> {
    // Most values are short ASCII (moves, numbers): look at a few bytes before calling memchr.
    let short = input.len().min(i + SHORT_VALUE);
    while i < short {
        match input.get(i) {
            Some(b']') => return Some(i),
            Some(b'\\') if i + 1 < input.len() && input.get(i + 1).is_some_and(u8::is_ascii) => {
                i += 2;
            }
            Some(b) if *b < 0x80 && *b != b'\\' => i += 1,
            _ => break,
        }
    }
    loop {
        let rest = input.get(i..)?;
        let hit = i + memchr2(b']', b'\\', rest)?;
        if multibyte != Multibyte::None && !input.get(i..hit)?.is_ascii() {
            // Walk the characters up to the hit: it may be the trail byte of a pair.
            let mut j = i;
            while j < hit {
                j += multibyte.char_len(input, j);
            }
            if j > hit {
                i = j;
                continue;
            }
        }
        if input.get(hit) == Some(&b']') {
            return Some(hit);
        }
        // A `\`: skip it and the character it escapes.
        let escaped = hit + 1;
        if escaped >= input.len() {
            return None;
        }
        i = escaped + multibyte.char_len(input, escaped);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_skips_escapes() {
        let none = Multibyte::None;
        assert_eq!(find_close(b"ab]", 0, none), Some(2));
        assert_eq!(find_close(br"a\]b]", 0, none), Some(4));
        assert_eq!(find_close(br"a\\]", 0, none), Some(3));
        assert_eq!(find_close(br"a\", 0, none), None);
        assert_eq!(find_close(b"abc", 0, none), None);
        assert_eq!(find_close(b"]", 1, none), None);
    }

    #[test]
    fn close_skips_trail_bytes() {
        // Shift_JIS 0x83 0x5C then `]`; the trail 0x5C is no escape.
        let sjis = b"\x83\x5C]";
        assert_eq!(find_close(sjis, 0, Multibyte::ShiftJis), Some(2));
        assert_eq!(find_close(sjis, 0, Multibyte::None), None);
        // GBK 0xF1 0x5D: the trail 0x5D is no `]`.
        assert_eq!(find_close(b"\xF1\x5Dx]", 0, Multibyte::Gbk), Some(3));
        assert_eq!(find_close(b"\xF1\x5Dx]", 0, Multibyte::None), Some(1));
        // An escaped double-byte character is skipped whole.
        assert_eq!(find_close(b"\\\x83\x5D]", 0, Multibyte::ShiftJis), Some(3));
    }

    #[test]
    fn what_follows_a_bracket() {
        assert!(sgf_follows(b"", 0));
        assert!(sgf_follows(b" \n;", 0));
        assert!(sgf_follows(b"AB [aa]", 0));
        assert!(sgf_follows(b"AB", 0));
        assert!(!sgf_follows(b"b]", 0));
        assert!(!sgf_follows(b" and more", 0));
        assert!(!sgf_follows(b"]", 0));
    }

    #[test]
    fn short_needles_are_found_at_their_first_whole_occurrence() {
        assert_eq!(find_short(b"x(x((;y(;", b"(;"), Some(4));
        assert_eq!(find_short(b"C[CA CA[UTF-8]", b"CA["), Some(5));
        assert_eq!(find_short(b"CA[", b"CA["), Some(0));
        // A first byte at the very end, or a needle cut short there, is no occurrence.
        assert_eq!(find_short(b"x(", b"(;"), None);
        assert_eq!(find_short(b"xCA", b"CA["), None);
        assert_eq!(find_short(b"", b"(;"), None);
        assert_eq!(find_short(b"(;", b""), None);
    }

    #[test]
    fn tree_starts() {
        assert_eq!(find_tree_start(b"x (john) (;", 0, true), Some(9));
        assert_eq!(find_tree_start(b"(B[aa])", 0, true), Some(0));
        assert_eq!(find_tree_start(b"(john)", 0, true), Some(0));
        assert_eq!(find_tree_start(b"(john)", 0, false), None);
        assert_eq!(find_tree_start(b"no tree", 0, true), None);
    }
}
