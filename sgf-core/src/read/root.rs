//! What a game tree's root and bytes say about how to read it: its charset, its game and its
//! board.

use std::borrow::Cow;

use encoding_rs::Encoding;

use crate::charset::{self, Decision, Form, Multibyte};
use crate::finding::{LazyLines, Span};
use crate::syntax::{LeanTree, ValueSpan};
use crate::value::Context;

/// The charset of one tree, from the form of the input (`source`), its root's `CA` and the
/// bytes of its values. `utf8`: whether all of `bytes` are valid UTF-8 (found once for the
/// input, not again for each tree).
pub(super) fn decide(
    bytes: &[u8],
    utf8: bool,
    tree: &LeanTree,
    lines: &LazyLines<'_>,
    source: Option<Form>,
) -> Decision {
    // The `CA` is placed on its line only if a finding is about it: the lines are indexed
    // when first needed, and most inputs need them for no finding at all. Until then its span
    // has line 0, which no placed span has.
    let declared = first_value(tree, bytes, "CA").map(|value| {
        let label = String::from_utf8_lossy(value.bytes(bytes));
        let unplaced = Span {
            start: value.start,
            end: value.end,
            line: 0,
            col: 0,
        };
        (label, unplaced)
    });
    // The values are found lazily: the sample of the first ones is all that is needed, unless
    // a finding has to be placed.
    let texts = || texts(tree, bytes);
    let text_bytes = sample(texts().map(|v| v.bytes(bytes)));
    let declared = declared.as_ref().map(|(l, s)| (l.as_ref(), *s));
    let by_form = source.and_then(|form| charset::decide_by_form(form, declared, &text_bytes));
    let mut decision = by_form.unwrap_or_else(|| charset::decide(declared, &text_bytes));
    // Findings the charset layer could not place point at the first value they are about, or,
    // in a tree whose text is all ASCII once decoded (UTF-16 seen by its NUL bytes), at the
    // tree's start.
    // A tree valid as UTF-8 read as UTF-8 has no value to decode in search of a bad one;
    // whether it is, is found once, when a finding first needs it.
    let encoding = decision.encoding;
    let mut clean = None;
    for finding in &mut decision.findings {
        if let Some(span) = &mut finding.location.span
            && span.line == 0
        {
            *span = lines.span(span.start, span.end);
        }
        if finding.location.span.is_none() {
            let clean = *clean.get_or_insert_with(|| {
                encoding == encoding_rs::UTF_8
                    && (utf8
                        || bytes
                            .get(tree.span())
                            .is_some_and(|b| std::str::from_utf8(b).is_ok()))
            });
            let bad = (!clean)
                .then(|| texts().find(|v| charset::decode(encoding, v.bytes(bytes)).1))
                .flatten()
                .or_else(|| texts().next());
            let (start, end) = match bad {
                Some(value) => (value.start, value.end),
                None => (
                    tree.span().start,
                    (tree.span().start + 1).min(tree.span().end),
                ),
            };
            finding.location.span = Some(lines.span(start, end));
        }
    }
    decision
}

/// The values of a tree that hold bytes outside ASCII, in order. They are found from those
/// bytes: the search for the next one passes over ASCII at the speed of a slice check, and only
/// the nodes it falls in are walked (most trees are ASCII but for a name or two in the root).
fn texts<'a>(tree: &'a LeanTree, bytes: &'a [u8]) -> impl Iterator<Item = ValueSpan> + 'a {
    let end = tree.span().end;
    let mut pos = tree.span().start;
    // The nodes before this one were walked.
    let mut walked = 0;
    // The texts found in the last node walked, last first.
    let mut found: Vec<ValueSpan> = Vec::new();
    std::iter::from_fn(move || {
        loop {
            if let Some(value) = found.pop() {
                return Some(value);
            }
            let at = pos + first_non_ascii(&bytes[pos..end])?;
            pos = at + 1;
            let node = tree.node_at(at);
            if node < walked {
                // Outside any value (junk the lenient reader skipped).
                continue;
            }
            walked = node + 1;
            for prop in tree.props(node, bytes) {
                for value in tree.values(prop, bytes) {
                    pos = pos.max(value.end + 1).min(end);
                    if !value.bytes(bytes).is_ascii() {
                        found.push(value);
                    }
                }
            }
            found.reverse();
        }
    })
}

/// The offset of the first byte of `bytes` outside ASCII.
fn first_non_ascii(bytes: &[u8]) -> Option<usize> {
    // Wide steps over ASCII, then narrower ones into the wide chunk that is not.
    let wide = bytes.chunks(1024).position(|chunk| !chunk.is_ascii())? * 1024;
    let chunk = &bytes[wide..bytes.len().min(wide + 1024)];
    let narrow = chunk.chunks(64).position(|chunk| !chunk.is_ascii())? * 64;
    Some(wide + narrow + chunk[narrow..].iter().position(|b| !b.is_ascii())?)
}

/// The double-byte scheme of the charset a file declares with its first `CA` near the start,
/// where a root's stands: the first `CA[` of its first 4 KB, if no byte outside ASCII comes
/// before it. Text before it, in whatever charset, could hide where it stands (GBK pairs a
/// UTF-8 `환`'s last byte with the `]` after it): such a `CA` is found in the root the scan
/// reads, and the scan follows it then (the scan it shapes is held to the charsets decided).
pub(super) fn declared_scheme(bytes: &[u8]) -> Multibyte {
    let head = &bytes[..bytes.len().min(4096)];
    let Some(at) = crate::syntax::find_short(head, b"CA[") else {
        return Multibyte::None;
    };
    if !head[..at].is_ascii() {
        return Multibyte::None;
    }
    let label = &head[at + 3..];
    let Some(end) = memchr::memchr(b']', label) else {
        return Multibyte::None;
    };
    std::str::from_utf8(&label[..end])
        .ok()
        .and_then(charset::lookup)
        .map_or(Multibyte::None, charset::multibyte)
}

/// How many bytes of text the charset is decided on. Names and the first comments tell the
/// charset as well as a whole file would, and detection costs several decodings of what it is
/// given; bytes past the sample that do not fit are still found when each value is decoded.
const DETECTION_SAMPLE: usize = 512;

/// The first values, up to [`DETECTION_SAMPLE`] bytes; a long value is cut after an ASCII
/// byte, so that no character is split.
fn sample<'a>(values: impl Iterator<Item = &'a [u8]>) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut left = DETECTION_SAMPLE;
    for value in values {
        if value.len() <= left {
            left -= value.len();
            out.push(value);
            continue;
        }
        let cut = value[..left]
            .iter()
            .rposition(u8::is_ascii)
            .map_or(0, |i| i + 1);
        if cut > 0 {
            out.push(&value[..cut]);
        }
        break;
    }
    out
}

/// The raw first value of a root property.
fn root_value<'a>(bytes: &'a [u8], tree: &LeanTree, ident: &str) -> Option<&'a [u8]> {
    Some(first_value(tree, bytes, ident)?.bytes(bytes))
}

/// Where the first value of a root property stands.
fn first_value(tree: &LeanTree, bytes: &[u8], ident: &str) -> Option<ValueSpan> {
    let prop = tree
        .props(0, bytes)
        .find(|&prop| tree.has_ident(prop, bytes, ident))?;
    tree.values(prop, bytes).next()
}

/// The first value of a root property as text in the tree's charset, as typed reading sees
/// it: what a number around spaces reads as must not depend on whether the bytes were UTF-8
/// (a no-break space is 0xA0 in windows-1252, and written again in UTF-8 it is two bytes).
fn root_text<'a>(
    bytes: &'a [u8],
    tree: &LeanTree,
    ident: &str,
    encoding: &'static Encoding,
) -> Option<Cow<'a, str>> {
    Some(charset::decode(encoding, root_value(bytes, tree, ident)?).0)
}

/// A number in the first value of a root property (`GM`), if it reads as one.
pub(crate) fn root_number(
    bytes: &[u8],
    tree: &LeanTree,
    ident: &str,
    encoding: &'static Encoding,
) -> Option<u32> {
    crate::value::root_number(&root_text(bytes, tree, ident, encoding)?)
}

/// The board and format version of a tree: its root's `SZ` (`19` or `19:13`, else the game's
/// default) and `FF`, as [`Tree::context`] finds them in a typed tree, its values read in the
/// tree's charset.
pub(crate) fn context(
    bytes: &[u8],
    tree: &LeanTree,
    default: (u32, u32),
    encoding: &'static Encoding,
) -> Context {
    let first = |ident| root_text(bytes, tree, ident, encoding);
    let size = first("SZ").unwrap_or_default();
    Context::from_size_text(&size, default).with_ff_text(first("FF").as_deref())
}
