//! The typed properties of one node of a lean tree: its values decoded in the tree's charset,
//! repeats of a list merged, each parsed through its game's table. The typed views of a tree
//! call it node by node, or for every node of a tree at once.

use std::borrow::Cow;
use std::ops::Range;

use encoding_rs::Encoding;

use super::repeats::{Links, NO_REPEAT};
use crate::charset;
use crate::property::{GameProperty, RawProperty};
use crate::spec::ValueType;
use crate::syntax::{LeanProperty, LeanTree, NodeWalk, Walked};
use crate::value::{Context, Raw, RawValue, Source, well_formed};

/// The values of a property with several that the buffer makes room for at once.
const LIST_ROOM: usize = 32;

/// Reads the typed properties of the nodes of one lean tree.
#[derive(Clone, Copy)]
pub(crate) struct NodeReader<'a> {
    pub(crate) bytes: &'a [u8],
    /// The bytes as text, when they are valid UTF-8 and the tree is read as UTF-8: values are
    /// then sliced from it without decoding, and text values share it.
    pub(crate) text: Option<&'a Source>,
    pub(crate) tree: &'a LeanTree,
    pub(crate) encoding: &'static Encoding,
    /// Nodes whose properties were replaced, by node: read from here, not the bytes.
    pub(crate) edits: Option<&'a Edits>,
}

/// The properties of edited nodes, by node.
pub(crate) type Edits = std::collections::BTreeMap<u32, Vec<RawProperty>>;

/// Whether the repeats of `ident` in a node can be merged into one property: the game defines
/// it as a list (`list of`, `elist of`), or it is the empty identifier of values written
/// without one, which can only be written once, first in the node.
pub(crate) fn takes_list<P: GameProperty>(ident: &str) -> bool {
    ident.is_empty()
        || P::definition_of(ident)
            .and_then(|i| P::game().properties.get(i))
            .is_some_and(|d| matches!(d.value, ValueType::List(_) | ValueType::EList(_)))
}

/// Buffers reused from node to node.
#[derive(Default)]
pub(crate) struct Scratch<'a> {
    /// The values of a property with several.
    texts: Vec<Raw<'a>>,
    /// The node's properties, and their identifiers.
    props: Vec<LeanProperty>,
    idents: Vec<&'a str>,
    /// The decoded values of the property being read, borrowed from the input when they can be.
    values: Vec<Cow<'a, str>>,
    /// Which properties of the node were merged into an earlier one of the same identifier.
    merged: Vec<bool>,
    /// Each property of the node linked to the next of the same identifier.
    repeats: Links,
    /// Whether bytes not valid in the charset were replaced in a value read so far.
    replaced: bool,
}

impl Scratch<'_> {
    /// Whether bytes not valid in the tree's charset were replaced in a value read so far.
    pub(crate) fn replaced(&self) -> bool {
        self.replaced
    }
}

impl<'a> NodeReader<'a> {
    /// Appends the typed properties of a node to `out`; repeats of a list property are merged
    /// into the first. A value its property does not take is kept as written, as an invalid
    /// property (which validation reports).
    #[inline]
    pub(crate) fn props<P: GameProperty>(
        &self,
        node: u32,
        ctx: &Context,
        scratch: &mut Scratch<'a>,
        out: &mut Vec<P>,
    ) {
        if self.edits.is_none() && self.tree.is_regular() && !self.tree.repeats_ident(node) {
            self.regular_props(node, self.text, ctx, scratch, out);
        } else {
            self.other_props(node, ctx, scratch, out);
        }
    }

    /// [`Self::props`] of a node edited, read by the lenient reader, or repeating an
    /// identifier.
    #[inline(never)]
    fn other_props<P: GameProperty>(
        &self,
        node: u32,
        ctx: &Context,
        scratch: &mut Scratch<'a>,
        out: &mut Vec<P>,
    ) {
        let first = out.len();
        if let Some(edited) = self.edits.and_then(|edits| edits.get(&node)) {
            out.extend(edited.iter().map(|raw| P::from_raw(raw.clone(), ctx).0));
            return;
        }
        let (bytes, tree): (&'a [u8], &'a LeanTree) = (self.bytes, self.tree);
        if tree.is_regular() && !tree.repeats_ident(node) {
            self.regular_props(node, self.text, ctx, scratch, out);
            return;
        }
        scratch.props.clear();
        scratch.props.extend(tree.props(node, bytes));
        scratch.idents.clear();
        scratch
            .idents
            .extend(scratch.props.iter().map(|&prop| tree.ident(prop, bytes)));
        let count = scratch.idents.len();
        // A tree the lenient reader read, or a node the scanner saw repeat an identifier (the
        // rest were walked above), may hold repeats.
        scratch.repeats.link(&scratch.idents);
        scratch.merged.clear();
        scratch.merged.resize(count, false);
        for k in 0..count {
            if scratch.merged[k] {
                continue;
            }
            let ident = scratch.idents[k];
            scratch.values.clear();
            self.push_values(scratch.props[k], scratch);
            // Repeats of a list are merged into it: the values read as one list, which any
            // reader takes. Any other property is kept once per occurrence, as written: merged,
            // its values would make a property no reader takes (`AP[GNU Go:3.8][foxwq]`).
            if takes_list::<P>(ident) {
                let mut j = scratch.repeats.next[k];
                while j != NO_REPEAT {
                    scratch.merged[j] = true;
                    self.push_values(scratch.props[j], scratch);
                    j = scratch.repeats.next[j];
                }
            }
            out.push(match P::parse(ident, &scratch.values, ctx) {
                Ok(property) => property,
                Err(_) => P::invalid(RawProperty {
                    ident: ident.to_owned(),
                    values: scratch.values.drain(..).map(Cow::into_owned).collect(),
                }),
            });
        }
        // Values without an identifier (after junk: `B[aa]$?[x]`) come first, where writing
        // must put them, so that a node reads the same before and after a round trip.
        if let Some(k) = out[first..].iter().position(|p| p.ident().is_empty())
            && k > 0
        {
            out[first..=first + k].rotate_right(1);
        }
    }

    /// Appends the typed properties of every node of the tree to `out`, in order, and where
    /// each node's start in `out` to `starts` (and one past the last).
    pub(crate) fn all_props<P: GameProperty>(
        &self,
        ctx: &Context,
        scratch: &mut Scratch<'a>,
        out: &mut Vec<P>,
        starts: &mut Vec<u32>,
    ) {
        for node in 0..self.tree.len() as u32 {
            starts.push(out.len() as u32);
            self.props(node, ctx, scratch, out);
        }
        starts.push(out.len() as u32);
    }

    /// The properties of a node in the common case, in one walk over its bytes: a tree the
    /// scanner read (its values well formed, in a charset without double-byte characters),
    /// each identifier once in the node. Where the input is valid UTF-8 (`text`), values are
    /// sliced from it and text values share it; elsewhere each is decoded.
    #[inline(always)]
    fn regular_props<P: GameProperty>(
        &self,
        node: u32,
        text: Option<&'a Source>,
        ctx: &Context,
        scratch: &mut Scratch<'a>,
        out: &mut Vec<P>,
    ) {
        let bytes: &'a [u8] = self.bytes;
        match text {
            Some(source) => {
                let text: &'a str = source;
                // SAFETY: `walk_props` slices only ranges that `walk`, over `text`, gave.
                #[allow(unsafe_code)]
                let slice = |range| unsafe { slice_walked(text, range) };
                let value = |range| Raw::new(slice(range), Some(source));
                let walk = NodeWalk::new(self.tree, node, text.as_bytes());
                Self::walk_props(walk, slice, value, ctx, &mut scratch.texts, out);
            }
            None => {
                let encoding = self.encoding;
                let Scratch {
                    values, replaced, ..
                } = scratch;
                // An identifier is ASCII letters.
                let ident = |range: Range<usize>| {
                    std::str::from_utf8(bytes.get(range).unwrap_or_default()).unwrap_or_default()
                };
                let value = |range: Range<usize>| {
                    let (value, bad) =
                        charset::decode(encoding, bytes.get(range).unwrap_or_default());
                    *replaced |= bad;
                    value
                };
                let walk = NodeWalk::new(self.tree, node, bytes);
                Self::walk_props(walk, ident, value, ctx, values, out);
            }
        }
    }

    /// The walk of [`Self::regular_props`] over one node: `ident` and `value` give an
    /// identifier and a value from where they stand; `buffer` holds the values of a property
    /// with several.
    #[inline(always)]
    fn walk_props<P: GameProperty, V: RawValue>(
        mut walk: NodeWalk<'a>,
        ident: impl Fn(Range<usize>) -> &'a str,
        mut value: impl FnMut(Range<usize>) -> V,
        ctx: &Context,
        buffer: &mut Vec<V>,
        out: &mut Vec<P>,
    ) {
        while let Some(walked) = walk.next() {
            // Most properties are moves (`B[pd]`): read from their bytes where the game can.
            if let Walked::Short { letter, pair, .. } = walked
                && let Some(property) = P::parse_short(letter, pair, ctx)
            {
                out.push(property);
                continue;
            }
            let (name, first) = walked.ranges();
            let name = ident(name);
            let first = value(first);
            let values = match walk.next_value() {
                Some(second) => {
                    buffer.clear();
                    // Room at once for the list of a handicap or a small position: grown from
                    // nothing, the buffer of each tree moved three or four times.
                    buffer.reserve(LIST_ROOM);
                    buffer.push(first);
                    buffer.push(value(second));
                    while let Some(more) = walk.next_value() {
                        buffer.push(value(more));
                    }
                    &buffer[..]
                }
                None => std::slice::from_ref(&first),
            };
            // Each outcome pushed where it is known: a property passed on through another
            // `Result` is copied piece by piece, and the pieces, read back at once, stall.
            match P::parse(name, values, ctx) {
                Ok(property) => out.push(property),
                Err(_) => out.push(P::invalid(RawProperty::new(
                    name,
                    values.iter().map(|v| v.as_ref()),
                ))),
            }
        }
    }

    /// Decodes the values of `prop` into the scratch buffers.
    fn push_values(&self, prop: LeanProperty, scratch: &mut Scratch<'a>) {
        let bytes: &'a [u8] = self.bytes;
        // A value the scanner read ends at its first `]` that is not escaped: it is well formed.
        let regular = self.tree.is_regular();
        for span in self.tree.values(prop, bytes) {
            let (text, bad) = match self.text.and_then(|text| text.get(span.start..span.end)) {
                Some(text) => (Cow::Borrowed(text), false),
                None => charset::decode(self.encoding, &bytes[span.start..span.end]),
            };
            scratch.replaced |= bad;
            // A `]` the parser took into the value (an unescaped bracket that did not end it)
            // and a lone `\` ending a value cut short are escaped, so that writing the raw text
            // back never depends on recovering again.
            scratch.values.push(match text {
                text if regular => text,
                Cow::Borrowed(text) => well_formed(text),
                Cow::Owned(text) => match well_formed(&text) {
                    Cow::Borrowed(_) => Cow::Owned(text),
                    Cow::Owned(fixed) => Cow::Owned(fixed),
                },
            });
        }
    }
}

/// `text[range]`, without looking again at whether the range's ends fall between characters:
/// for the ranges of a [`NodeWalk`] over `text.as_bytes()`, that look cost 35 instructions a
/// property, a tenth of typing a move.
///
/// # Safety
/// `range` is one that a `NodeWalk` over `text.as_bytes()` gave: within the bytes, its start
/// not past its end, and each end at or just after a byte below 0x80 (or at the end), which in
/// UTF-8 is a character of its own, so that both ends are boundaries between characters.
#[inline(always)]
#[allow(unsafe_code)]
unsafe fn slice_walked(text: &str, range: Range<usize>) -> &str {
    debug_assert!(
        text.get(range.clone()).is_some(),
        "{range:?} out of a walk over the text"
    );
    // SAFETY: the caller's range lies within `text`, at boundaries between its characters.
    unsafe { text.get_unchecked(range) }
}
