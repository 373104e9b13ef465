//! The typed properties of one node of a lean tree: its values decoded in the tree's charset,
//! repeats of a list merged, each parsed through its game's table. Typed reading builds whole
//! trees from it; the compact tree calls it for the node asked for.

use std::borrow::Cow;
use std::collections::HashMap;

use encoding_rs::Encoding;

use crate::charset;
use crate::finding::{Code, Finding, LazyLines};
use crate::property::{GameProperty, RawProperty};
use crate::spec::ValueType;
use crate::syntax::{LeanProperty, LeanTree, Mode};
use crate::value::{Context, ValueError, well_formed};

/// Reads the typed properties of the nodes of one lean tree.
pub(crate) struct NodeReader<'a> {
    pub(crate) bytes: &'a [u8],
    /// The input as text, when it is valid UTF-8 and the tree is read as UTF-8: values are
    /// then sliced from it without decoding.
    pub(crate) text: Option<&'a str>,
    pub(crate) tree: &'a LeanTree,
    pub(crate) encoding: &'static Encoding,
    pub(crate) mode: Mode,
    /// Where findings about values stand; `None` to make none (typed access to a compact
    /// tree, whose values are checked when it is materialised).
    pub(crate) lines: Option<&'a LazyLines<'a>>,
    /// Nodes whose properties were replaced, by node: read from here, not the input.
    pub(crate) edits: Option<&'a Edits>,
}

/// The properties of edited nodes, by node.
pub(crate) type Edits = std::collections::BTreeMap<u32, Vec<RawProperty>>;

/// Whether the repeats of `ident` in a node can be merged into one property: the game defines
/// it as a list (`list of`, `elist of`), or it is the empty identifier of values written
/// without one, which can only be written once, first in the node.
pub(crate) fn takes_list<P: GameProperty>(ident: &str) -> bool {
    ident.is_empty()
        || P::game()
            .property(ident)
            .is_some_and(|d| matches!(d.value, ValueType::List(_) | ValueType::EList(_)))
}

/// Buffers reused from node to node.
#[derive(Default)]
pub(crate) struct Scratch<'a> {
    /// The node's properties, and their identifiers.
    props: Vec<LeanProperty>,
    idents: Vec<&'a str>,
    /// The decoded values of the property being read, borrowed from the input when they can be.
    values: Vec<Cow<'a, str>>,
    /// Where each of those values stands in the input.
    spans: Vec<(usize, usize)>,
    /// Which properties of the node were merged into an earlier one of the same identifier.
    merged: Vec<bool>,
}

/// Nodes with more properties than this look repeats up in a map rather than by scanning.
const SCAN_LIMIT: usize = 16;

impl<'a> NodeReader<'a> {
    /// The typed properties of a node, into `out` (emptied first); repeats of a list property
    /// are merged into the first. `replaced` is set if bytes not valid in the charset were
    /// replaced; a value its property does not take is reported into `findings`.
    pub(crate) fn props<P: GameProperty>(
        &self,
        node: u32,
        ctx: &Context,
        scratch: &mut Scratch<'a>,
        out: &mut Vec<P>,
        replaced: &mut bool,
        findings: &mut Vec<Finding>,
    ) {
        out.clear();
        if let Some(edited) = self.edits.and_then(|edits| edits.get(&node)) {
            out.extend(edited.iter().map(|raw| P::from_raw(raw.clone(), ctx).0));
            return;
        }
        let (bytes, tree): (&'a [u8], &'a LeanTree) = (self.bytes, self.tree);
        scratch.props.clear();
        scratch.props.extend(tree.props(node, bytes));
        scratch.idents.clear();
        scratch
            .idents
            .extend(scratch.props.iter().map(|&prop| tree.ident(prop, bytes)));
        let count = scratch.idents.len();
        let mut later: HashMap<&str, Vec<usize>> = HashMap::new();
        if count > SCAN_LIMIT {
            for (k, ident) in scratch.idents.iter().enumerate().skip(1) {
                later.entry(ident).or_default().push(k);
            }
        }
        scratch.merged.clear();
        scratch.merged.resize(count, false);
        for k in 0..count {
            if scratch.merged[k] {
                continue;
            }
            let ident = scratch.idents[k];
            scratch.values.clear();
            scratch.spans.clear();
            self.push_values(scratch.props[k], scratch, replaced);
            let repeats: Vec<usize> = if count <= SCAN_LIMIT {
                (k + 1..count)
                    .filter(|&j| scratch.idents[j] == ident)
                    .collect()
            } else {
                later.get(ident).map_or_else(Vec::new, |js| {
                    js.iter().copied().filter(|&j| j > k).collect()
                })
            };
            // Repeats of a list are merged into it: the values read as one list, which any
            // reader takes. Any other property is kept once per occurrence, as written: merged,
            // its values would make a property no reader takes (`AP[GNU Go:3.8][foxwq]`).
            if !repeats.is_empty() && takes_list::<P>(ident) {
                for j in repeats {
                    scratch.merged[j] = true;
                    self.push_values(scratch.props[j], scratch, replaced);
                }
            }
            out.push(match P::parse(ident, &scratch.values, ctx) {
                Ok(property) => property,
                Err(error) => {
                    if let Some(lines) = self.lines {
                        findings.push(self.bad_value(lines, ident, &error, &scratch.spans));
                    }
                    P::invalid(RawProperty {
                        ident: ident.to_owned(),
                        values: scratch.values.drain(..).map(Cow::into_owned).collect(),
                    })
                }
            });
        }
        // Values without an identifier (after junk: `B[aa]$?[x]`) come first, where writing
        // must put them, so that a node reads the same before and after a round trip.
        if let Some(k) = out.iter().position(|p| p.ident().is_empty())
            && k > 0
        {
            let bare = out.remove(k);
            out.insert(0, bare);
        }
    }

    /// Decodes the values of `prop` into the scratch buffers.
    fn push_values(&self, prop: LeanProperty, scratch: &mut Scratch<'a>, replaced: &mut bool) {
        let bytes: &'a [u8] = self.bytes;
        for span in self.tree.values(prop, bytes) {
            let (text, bad) = match self.text.and_then(|text| text.get(span.start..span.end)) {
                Some(text) => (Cow::Borrowed(text), false),
                None => charset::decode(self.encoding, &bytes[span.start..span.end]),
            };
            *replaced |= bad;
            // A `]` the parser took into the value (an unescaped bracket that did not end it)
            // and a lone `\` ending a value cut short are escaped, so that writing the raw text
            // back never depends on recovering again.
            scratch.values.push(match text {
                Cow::Borrowed(text) => well_formed(text),
                Cow::Owned(text) => match well_formed(&text) {
                    Cow::Borrowed(_) => Cow::Owned(text),
                    Cow::Owned(fixed) => Cow::Owned(fixed),
                },
            });
            scratch.spans.push((span.start, span.end));
        }
    }

    fn bad_value(
        &self,
        lines: &LazyLines<'_>,
        ident: &str,
        error: &ValueError,
        spans: &[(usize, usize)],
    ) -> Finding {
        let (start, end) = spans
            .get(error.index)
            .or(spans.first())
            .copied()
            .unwrap_or((0, 0));
        Finding::in_input(
            Code::BadValue,
            self.mode.severity(Code::BadValue),
            0,
            lines.span(start, end),
            None,
            format!("{ident}: {}; the value is kept as written", error.message),
        )
    }
}
