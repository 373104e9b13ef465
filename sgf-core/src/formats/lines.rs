//! The text of a record of another format: its lines and fields as byte ranges of the file,
//! and the charset its names and comments are decoded in.

use std::ops::Range;

use encoding_rs::Encoding;

use super::Found;
use crate::charset::{self, Naming};

/// A run of bytes of the file, with where it stands.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Field<'a> {
    pub(crate) bytes: &'a [u8],
    /// Where the bytes start in the file.
    pub(crate) start: usize,
}

impl<'a> Field<'a> {
    /// The bytes' range in the file.
    pub(crate) fn at(&self) -> Range<usize> {
        self.start..self.start + self.bytes.len()
    }

    /// The field without white space (ASCII) at either end.
    pub(crate) fn trim(self) -> Field<'a> {
        let lead = self
            .bytes
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        let rest = &self.bytes[lead..];
        let trail = rest
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        Field {
            bytes: &rest[..rest.len() - trail],
            start: self.start + lead,
        }
    }

    /// The bytes after `len` of them.
    pub(crate) fn skip(self, len: usize) -> Field<'a> {
        let len = len.min(self.bytes.len());
        Field {
            bytes: &self.bytes[len..],
            start: self.start + len,
        }
    }

    /// The first `len` bytes.
    pub(crate) fn take(self, len: usize) -> Field<'a> {
        Field {
            bytes: &self.bytes[..len.min(self.bytes.len())],
            start: self.start,
        }
    }

    /// The rest after `prefix`, if the field starts with it (in any case).
    pub(crate) fn after(self, prefix: &[u8]) -> Option<Field<'a>> {
        let head = self.bytes.get(..prefix.len())?;
        head.eq_ignore_ascii_case(prefix)
            .then(|| self.skip(prefix.len()))
    }

    /// The parts between `separator`s.
    pub(crate) fn split(self, separator: u8) -> impl Iterator<Item = Field<'a>> {
        let mut start = self.start;
        self.bytes
            .split(move |&b| b == separator)
            .map(move |bytes| {
                let field = Field { bytes, start };
                start += bytes.len() + 1;
                field
            })
    }

    /// The parts between runs of ASCII white space.
    pub(crate) fn words(self) -> impl Iterator<Item = Field<'a>> {
        self.split(b' ')
            .flat_map(|f| f.split(b'\t'))
            .map(Field::trim)
            .filter(|f| !f.bytes.is_empty())
    }

    /// The two parts around the first `separator`.
    pub(crate) fn split_once(self, separator: u8) -> Option<(Field<'a>, Field<'a>)> {
        let at = self.bytes.iter().position(|&b| b == separator)?;
        Some((self.take(at), self.skip(at + 1)))
    }

    /// The field as ASCII text (`None` if it is not ASCII).
    pub(crate) fn ascii(&self) -> Option<&'a str> {
        self.bytes
            .is_ascii()
            .then(|| std::str::from_utf8(self.bytes).ok())
            .flatten()
    }

    /// The field read as a number, white space around it allowed.
    pub(crate) fn number<T: std::str::FromStr>(&self) -> Option<T> {
        self.trim().ascii()?.parse().ok()
    }

    /// Whether the field is empty.
    pub(crate) fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
}

/// The lines of `bytes`, each without its end (LF, CRLF or CR).
pub(crate) fn lines(bytes: &[u8]) -> impl Iterator<Item = Field<'_>> {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= bytes.len() {
            return None;
        }
        let rest = &bytes[start..];
        let (len, next) = match memchr::memchr2(b'\n', b'\r', rest) {
            Some(at) if rest[at] == b'\r' && rest.get(at + 1) == Some(&b'\n') => (at, at + 2),
            Some(at) => (at, at + 1),
            None => (rest.len(), rest.len()),
        };
        let line = Field {
            bytes: &rest[..len],
            start,
        };
        start += next;
        Some(line)
    })
}

/// The naming of a format that does not name its charset (GIB, NGF).
pub(crate) const UNNAMED: Naming = Naming {
    field: "the record",
    settled_by: None,
};

/// The texts of a record (names, comments, titles), decoded in the charset they share.
pub(crate) struct Texts {
    pub(crate) charset: &'static Encoding,
}

impl Texts {
    /// Decides the charset of `texts`, the fields of a record that hold words, as SGF's reader
    /// decides between `CA` and the bytes: by a byte-order mark or UTF-16, else by the charset
    /// `declared` labels (at the bytes where `naming`'s field names it) if the bytes fit it,
    /// else by detection.
    pub(crate) fn decide(
        found: &mut Found<'_>,
        naming: Naming,
        declared: Option<(&str, Range<usize>)>,
        texts: &[Field<'_>],
    ) -> Texts {
        let first = texts
            .iter()
            .find(|t| !t.bytes.is_ascii())
            .or(texts.first())
            .map_or(0..0, Field::at);
        let bytes: Vec<&[u8]> = texts.iter().map(|t| t.bytes).collect();
        let label = declared.map(|(label, at)| (label, found.span(at)));
        let by_form = found
            .form
            .and_then(|form| charset::decide_by_form_named(naming, form, label, &bytes));
        let decision = by_form.unwrap_or_else(|| charset::decide_named(naming, label, &bytes));
        found.charset(decision.findings, first);
        Texts {
            charset: decision.encoding,
        }
    }

    /// A field's text, decoded (what is not valid in the charset replaced with U+FFFD, which
    /// deciding the charset has reported).
    pub(crate) fn text(&self, field: Field<'_>) -> String {
        charset::decode(self.charset, field.bytes).0.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_fields_keep_their_places_in_the_file() {
        let bytes = b"ab\r\n cd,ef \rg";
        let all: Vec<Field<'_>> = lines(bytes).collect();
        assert_eq!(all.len(), 3);
        assert_eq!(all[1].bytes, b" cd,ef ");
        let parts: Vec<(Vec<u8>, usize)> = all[1]
            .trim()
            .split(b',')
            .map(|f| (f.bytes.to_vec(), f.start))
            .collect();
        assert_eq!(parts, [(b"cd".to_vec(), 5), (b"ef".to_vec(), 8)]);
        assert_eq!(all[2].at(), 12..13);
    }
}
