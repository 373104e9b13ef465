//! Decoding one value with the charset chosen for its file.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};

/// Decodes the bytes of one value, replacing what is not valid in `encoding` with U+FFFD.
/// Returns the text and whether anything was replaced.
///
/// The text is borrowed, without allocating, when the bytes are valid UTF-8 under UTF-8 or
/// ASCII under any ASCII-compatible charset: the common case, as every value goes through
/// here. UTF-16 decodes as UTF-8, since [`sniff`](super::sniff()) has transcoded UTF-16 input.
/// Escapes are left as they are: removing them is the caller's business, after decoding, so
/// that a trail byte 0x5C of a double-byte charset is never taken for one.
pub fn decode<'a>(encoding: &'static Encoding, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
    // Most values are a few bytes of ASCII (moves, numbers): checked here, without setting up
    // a decoder.
    if bytes.len() <= 16
        && bytes.is_ascii()
        && encoding.is_ascii_compatible()
        && let Ok(text) = std::str::from_utf8(bytes)
    {
        return (Cow::Borrowed(text), false);
    }
    let encoding = if reads_as_utf8(encoding) {
        UTF_8
    } else {
        encoding
    };
    encoding.decode_without_bom_handling(bytes)
}

/// Whether text in `encoding` is read as UTF-8: UTF-8 itself, and UTF-16, which
/// [`sniff`](super::sniff()) has transcoded.
pub(crate) fn reads_as_utf8(encoding: &'static Encoding) -> bool {
    encoding == UTF_8 || encoding == UTF_16LE || encoding == UTF_16BE
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{GBK, ISO_2022_JP, SHIFT_JIS, WINDOWS_1251, WINDOWS_1252};

    #[test]
    fn utf8_and_ascii_are_borrowed() {
        let (text, replaced) = decode(UTF_8, "载舟之水".as_bytes());
        assert!(matches!(text, Cow::Borrowed("载舟之水")) && !replaced);
        for encoding in [WINDOWS_1252, GBK, SHIFT_JIS, WINDOWS_1251] {
            let (text, replaced) = decode(encoding, b"Go Seigen");
            assert!(
                matches!(text, Cow::Borrowed("Go Seigen")),
                "{}",
                encoding.name()
            );
            assert!(!replaced);
        }
    }

    #[test]
    fn legacy_bytes_are_decoded() {
        assert_eq!(decode(GBK, b"\xb9\xc5\xc1\xa6"), (Cow::from("古力"), false));
        assert_eq!(
            decode(WINDOWS_1252, b"cr\xe9\xe9"),
            (Cow::from("créé"), false)
        );
        // Shift_JIS ソ ends in 0x5C, which stays part of the character.
        assert_eq!(decode(SHIFT_JIS, b"\x83\x5c"), (Cow::from("ソ"), false));
        let (text, _) = decode(ISO_2022_JP, b"\x1b$B$3\x1b(B");
        assert_eq!(text, "こ");
    }

    #[test]
    fn invalid_bytes_are_replaced_and_reported() {
        assert_eq!(
            decode(UTF_8, b"\xe7\x8e\x8b\xe5?\x87"),
            (Cow::from("王\u{FFFD}?\u{FFFD}"), true)
        );
        assert_eq!(decode(GBK, b"\xb9"), (Cow::from("\u{FFFD}"), true));
    }

    #[test]
    fn utf16_decodes_as_the_utf8_it_was_sniffed_into() {
        assert_eq!(decode(UTF_16LE, "Go".as_bytes()), (Cow::from("Go"), false));
        assert_eq!(
            decode(UTF_16BE, "囲碁".as_bytes()),
            (Cow::from("囲碁"), false)
        );
    }
}
