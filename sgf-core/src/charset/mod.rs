//! Charsets: byte-order marks and UTF-16, `CA` labels, detection, and decoding values.
//!
//! SGF structure is ASCII, so a file is read in four steps:
//!
//! 1. [`sniff`] the raw input: a UTF-8 byte-order mark is dropped and UTF-16 is transcoded to
//!    UTF-8, so that every later step sees ASCII structure. Offsets of all later findings
//!    refer to the sniffed bytes.
//! 2. Split the sniffed bytes into values, scanning with [`multibyte()`] of the declared
//!    charset (see [`Multibyte`]), and again with that of the decided charset if it differs:
//!    in Shift_JIS, GBK and Big5 a trail byte may look like `\` or `]`.
//! 3. [`decide`] the charset of the file from the root's `CA` value (normalised by [`lookup`])
//!    and the bytes of all its text values: a `CA` is checked against the bytes before it is
//!    trusted, and without one the charset is detected.
//! 4. [`decode`] each value with the chosen charset.
//!
//! What real files do, and so what these steps are built for, is described in `CHARSETS.md`
//! of the project's shared notes.

mod decode;
mod detect;
mod label;
mod legacy;
mod multibyte;
mod names;
mod score;
mod sniff;
mod utf8;

#[cfg(test)]
mod corpus_tests;

pub use decode::decode;
pub(crate) use decode::reads_as_utf8;
pub use detect::{Decision, decide, decide_by_form};
pub(crate) use detect::{Naming, decide_by_form_named, decide_named};
pub use encoding_rs::Encoding;
pub use label::lookup;
pub use multibyte::Multibyte;
pub use sniff::{Form, Sniffed, sniff};

use encoding_rs::{BIG5, GB18030, GBK, SHIFT_JIS};

/// The double-byte scheme to scan a file in when its text is in `encoding`: Shift_JIS, GBK
/// (and GB18030) and Big5 have trail bytes that look like `\` or `]`; every other charset
/// this crate decodes has none.
pub fn multibyte(encoding: &'static Encoding) -> Multibyte {
    if encoding == SHIFT_JIS {
        Multibyte::ShiftJis
    } else if encoding == GBK || encoding == GB18030 {
        Multibyte::Gbk
    } else if encoding == BIG5 {
        Multibyte::Big5
    } else {
        Multibyte::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_JP, EUC_KR, UTF_8, WINDOWS_1252};

    #[test]
    fn double_byte_charsets_with_ascii_trail_bytes_scan_as_such() {
        assert_eq!(multibyte(SHIFT_JIS), Multibyte::ShiftJis);
        assert_eq!(multibyte(GBK), Multibyte::Gbk);
        assert_eq!(multibyte(GB18030), Multibyte::Gbk);
        assert_eq!(multibyte(BIG5), Multibyte::Big5);
        for encoding in [UTF_8, WINDOWS_1252, EUC_KR, EUC_JP] {
            assert_eq!(multibyte(encoding), Multibyte::None, "{}", encoding.name());
        }
    }
}
