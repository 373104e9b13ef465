//! Byte-order marks and UTF-16: turning the raw input into bytes whose structure is ASCII.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};

/// The input, ready for the structural parser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sniffed<'a> {
    /// The bytes to parse: the input without a UTF-8 byte-order mark, or UTF-16 input
    /// transcoded to UTF-8. Offsets of every later finding refer to these bytes, not to the
    /// raw input.
    pub bytes: Cow<'a, [u8]>,
    /// Where the bytes came from: UTF-8 if a byte-order mark was dropped, UTF-16LE or
    /// UTF-16BE if they were transcoded, `None` if they are the input unchanged.
    pub source: Option<Form>,
}

/// The charset the form of an input shows: the one its byte-order mark names, or UTF-16 seen
/// by its NUL bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    /// The charset.
    pub encoding: &'static Encoding,
    /// Whether a byte-order mark names it.
    pub bom: bool,
}

/// Drops a UTF-8 byte-order mark, and transcodes UTF-16 to UTF-8: with a byte-order mark, or
/// without one when NUL bytes in every other position show it (SGF starts with `(`, so
/// UTF-16LE input starts `(\0;\0`). Otherwise the input is borrowed unchanged.
///
/// Unpaired surrogates and a final odd byte of UTF-16 become U+FFFD.
pub fn sniff(input: &[u8]) -> Sniffed<'_> {
    if let Some(rest) = input.strip_prefix(b"\xEF\xBB\xBF") {
        return Sniffed {
            bytes: Cow::Borrowed(rest),
            source: Some(Form {
                encoding: UTF_8,
                bom: true,
            }),
        };
    }
    let utf16 = match input {
        [0xFF, 0xFE, rest @ ..] => Some((UTF_16LE, true, rest)),
        [0xFE, 0xFF, rest @ ..] => Some((UTF_16BE, true, rest)),
        _ => nul_pattern(input).map(|encoding| (encoding, false, input)),
    };
    match utf16 {
        Some((encoding, bom, rest)) => {
            let (text, _) = encoding.decode_without_bom_handling(rest);
            Sniffed {
                bytes: Cow::Owned(text.into_owned().into_bytes()),
                source: Some(Form { encoding, bom }),
            }
        }
        None => Sniffed {
            bytes: Cow::Borrowed(input),
            source: None,
        },
    }
}

/// UTF-16 without a byte-order mark: among the first 64 code units, the first, at least four,
/// and at least 3 in 4, have a NUL high byte and a non-NUL low byte (ASCII structure), and no
/// unit has them the other way round. The first unit counts because SGF text starts with ASCII
/// (`(`, white space): UTF-8 text starts with two ASCII bytes, however many NUL bytes a value
/// right after them holds.
fn nul_pattern(input: &[u8]) -> Option<&'static Encoding> {
    // Either order needs a first unit with one NUL byte: most input is done with here.
    match input {
        [low, high, ..] if (*low == 0) != (*high == 0) => {}
        _ => return None,
    }
    let units: Vec<[u8; 2]> = input
        .chunks_exact(2)
        .take(64)
        .map(|pair| [pair[0], pair[1]])
        .collect();
    let little_ascii: fn(&[u8; 2]) -> bool = |&[low, high]| high == 0 && low != 0;
    let big_ascii: fn(&[u8; 2]) -> bool = |&[high, low]| high == 0 && low != 0;
    let count = |f: fn(&[u8; 2]) -> bool| units.iter().filter(|&unit| f(unit)).count();
    let (little, big) = (count(little_ascii), count(big_ascii));
    let enough = |n: usize| n >= 4 && 4 * n >= 3 * units.len();
    let starts = |f: fn(&[u8; 2]) -> bool| units.first().is_some_and(f);
    if enough(little) && big == 0 && starts(little_ascii) {
        Some(UTF_16LE)
    } else if enough(big) && little == 0 && starts(big_ascii) {
        Some(UTF_16BE)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        text.encode_utf16()
            .flat_map(|unit| {
                if big_endian {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                }
            })
            .collect()
    }

    const GAME: &str = "(;GM[1]PB[井山裕太]PW[Go Seigen];B[pd])";

    #[test]
    fn a_utf8_byte_order_mark_is_dropped() {
        let input = [b"\xEF\xBB\xBF".as_slice(), GAME.as_bytes()].concat();
        let sniffed = sniff(&input);
        assert_eq!(sniffed.bytes, GAME.as_bytes());
        assert!(matches!(sniffed.bytes, Cow::Borrowed(_)));
        assert_eq!(
            sniffed.source,
            Some(Form {
                encoding: UTF_8,
                bom: true
            })
        );
    }

    #[test]
    fn utf16_with_a_byte_order_mark_is_transcoded() {
        for (bom, big_endian, encoding) in [
            ([0xFF, 0xFE], false, UTF_16LE),
            ([0xFE, 0xFF], true, UTF_16BE),
        ] {
            let input = [bom.as_slice(), &utf16(GAME, big_endian)].concat();
            let sniffed = sniff(&input);
            assert_eq!(sniffed.bytes, GAME.as_bytes(), "{}", encoding.name());
            assert_eq!(
                sniffed.source,
                Some(Form {
                    encoding,
                    bom: true
                })
            );
        }
    }

    #[test]
    fn utf16_without_a_byte_order_mark_is_seen_by_its_nul_bytes() {
        for (big_endian, encoding) in [(false, UTF_16LE), (true, UTF_16BE)] {
            let input = utf16(GAME, big_endian);
            let sniffed = sniff(&input);
            assert_eq!(sniffed.bytes, GAME.as_bytes(), "{}", encoding.name());
            assert_eq!(
                sniffed.source,
                Some(Form {
                    encoding,
                    bom: false
                })
            );
        }
        let leading_space = utf16(&format!("\r\n {GAME}"), false);
        let seen = sniff(&leading_space).source.map(|form| form.encoding);
        assert_eq!(seen, Some(UTF_16LE));
    }

    #[test]
    fn other_input_is_borrowed_unchanged() {
        for input in [GAME.as_bytes(), b"", b"(", b"(\0", b"(;C[a\0b\0c]\0)"] {
            let sniffed = sniff(input);
            assert_eq!(sniffed.source, None, "{input:?}");
            assert!(matches!(sniffed.bytes, Cow::Borrowed(bytes) if bytes == input));
        }
    }

    /// Found while writing the `typed_roundtrip` fuzz target: a comment of ASCII letters and
    /// NUL characters made a UTF-8 file look like UTF-16, and it did not read at all.
    #[test]
    fn nul_characters_in_a_value_do_not_make_utf8_utf16() {
        for text in ["a\0", "\0a"] {
            let input = format!("(;GM[1]C[{}])", text.repeat(60));
            assert_eq!(sniff(input.as_bytes()).source, None, "{input:?}");
        }
    }

    #[test]
    fn broken_utf16_is_replaced() {
        let mut input = vec![0xFF, 0xFE];
        input.extend_from_slice(&utf16("(;C[", false));
        input.extend_from_slice(&[0x00, 0xD8]); // an unpaired high surrogate
        input.extend_from_slice(&utf16("])", false));
        input.push(b'x');
        assert_eq!(sniff(&input).bytes, "(;C[\u{FFFD}])\u{FFFD}".as_bytes());
    }
}
