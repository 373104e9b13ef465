//! Reading SGF: bytes → byte-order mark and UTF-16 → structure → charset per game tree →
//! typed properties through each game's generated table. Lenient by default: damage is
//! recovered from and reported; strict mode refuses it.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use encoding_rs::Encoding;

use crate::GameTree;
use crate::charset::{self, Decision, Multibyte};
use crate::collection::Collection;
use crate::finding::{Code, Finding, LazyLines, Severity};
use crate::game_set::{GameSet, TreeBuilder};
use crate::property::{GameProperty, RawProperty};
use crate::spec::{Scalar, ValueType};
use crate::syntax::{Mode, ParseOptions, PropertySpan, RawCollection, RawTree, parse_structure};
use crate::tree::{NodeId, Tree};
use crate::value::{Context, ValueError, well_formed};

/// How a file is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Lenient (recover and warn) or strict (refuse what lenient mode recovers from).
    pub mode: Mode,
}

impl ReadOptions {
    /// Strict reading: every recovery of lenient mode is an error.
    pub fn strict() -> Self {
        ReadOptions { mode: Mode::Strict }
    }
}

/// A collection read from a file, with every finding. Offsets refer to the input after a
/// UTF-16 file was converted to UTF-8 (they are the input's own offsets otherwise).
#[derive(Clone, Debug)]
pub struct Parsed<G = GameTree> {
    /// The game trees.
    pub collection: Collection<G>,
    /// Warnings and notes, in the order of their places in the input.
    pub findings: Vec<Finding>,
    /// The byte range of each game tree in the input, from its `(` to its `)`.
    pub spans: Vec<std::ops::Range<usize>>,
}

/// A file that could not be read: it has no game tree, or strict mode found errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Every finding, errors and warnings.
    pub findings: Vec<Finding>,
}

impl ParseError {
    /// The findings of error severity.
    pub fn errors(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.errors().next() {
            Some(first) => write!(f, "{first}")?,
            None => f.write_str("the input could not be read")?,
        }
        let more = self.errors().count().saturating_sub(1);
        if more > 0 {
            write!(f, " (and {more} more errors)")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// Reads SGF bytes leniently into the standard games.
pub fn parse(input: &[u8]) -> Result<Parsed, ParseError> {
    parse_with(input, &ReadOptions::default())
}

/// Reads SGF text leniently into the standard games. The text is taken as UTF-8 bytes; a `CA`
/// naming another charset is checked against them like any other.
pub fn parse_str(text: &str) -> Result<Parsed, ParseError> {
    parse(text.as_bytes())
}

/// Reads SGF bytes into the games of `G` (the standard [`GameTree`], or an application's own).
pub fn parse_with<G: GameSet>(
    input: &[u8],
    options: &ReadOptions,
) -> Result<Parsed<G>, ParseError> {
    let sniffed = charset::sniff(input);
    let bytes: &[u8] = &sniffed.bytes;
    let lines = LazyLines::new(bytes);
    let mut findings = Vec::new();
    let (raw, decisions) = structure(bytes, options.mode, &lines, &mut findings);
    let charset = match sniffed.source {
        Some(source) if source != encoding_rs::UTF_8 => source,
        _ => decisions.first().map_or(encoding_rs::UTF_8, |d| d.encoding),
    };
    // Valid UTF-8 is checked once for the whole input rather than value by value.
    let text = std::str::from_utf8(bytes).ok();
    let mut games = Vec::with_capacity(raw.trees.len());
    for (tree, decision) in raw.trees.iter().zip(decisions) {
        findings.extend(decision.findings);
        let gm = root_number(bytes, tree, "GM").unwrap_or(1);
        games.push(G::build(
            gm,
            TypedTreeBuilder {
                bytes,
                text: text.filter(|_| charset::reads_as_utf8(decision.encoding)),
                tree,
                encoding: decision.encoding,
                mode: options.mode,
                lines: &lines,
                findings: &mut findings,
            },
        ));
    }
    if options.mode == Mode::Lenient {
        allow_lowercase_before_ff4(bytes, &raw, &mut findings);
    }
    // Findings come from several passes; report them in the order of the input, each with the
    // game tree it belongs to.
    findings.sort_by_key(|f| f.location.span.map(|s| s.start));
    let spans: Vec<std::ops::Range<usize>> = raw.trees.iter().map(|t| t.start..t.end).collect();
    assign_games(&spans, &mut findings);
    let failed = games.is_empty()
        || findings.iter().any(|f| f.code.is_fatal())
        || options.mode == Mode::Strict && findings.iter().any(|d| d.severity == Severity::Error);
    if failed {
        return Err(ParseError { findings });
    }
    Ok(Parsed {
        collection: Collection { games, charset },
        findings,
        spans,
    })
}

/// The raw game trees of an input as lenient reading finds them, in the bytes it reads (a
/// UTF-16 input transcoded): where the findings about a collection read from the input stand.
pub(crate) fn layout(input: &[u8]) -> (Cow<'_, [u8]>, RawCollection) {
    let sniffed = charset::sniff(input);
    let lines = LazyLines::new(&sniffed.bytes);
    let (raw, _) = structure(&sniffed.bytes, Mode::Lenient, &lines, &mut Vec::new());
    (sniffed.bytes, raw)
}

/// The structure of the game trees and the charset of each. A double-byte charset's trail
/// bytes may be `\` or `]`: the first scan already follows the charset the file declares, and a
/// second one follows the charset decided if it differs.
fn structure(
    bytes: &[u8],
    mode: Mode,
    lines: &LazyLines<'_>,
    findings: &mut Vec<Finding>,
) -> (RawCollection, Vec<Decision>) {
    let mut options = ParseOptions {
        mode,
        multibyte: declared_scheme(bytes),
        textless: Some(textless),
    };
    let mut raw = parse_structure(bytes, &options, findings);
    let mut decisions: Vec<Decision> = raw.trees.iter().map(|t| decide(bytes, t, lines)).collect();
    if let Some(multibyte) = decisions
        .iter()
        .map(|d| charset::multibyte(d.encoding))
        .find(|m| *m != options.multibyte)
    {
        options.multibyte = multibyte;
        findings.clear();
        raw = parse_structure(bytes, &options, findings);
        decisions = raw.trees.iter().map(|t| decide(bytes, t, lines)).collect();
    }
    (raw, decisions)
}

/// Whether the standard games define `ident`, each with a value that holds no text (a point, a
/// move, a number): its values never hold a `]`.
fn textless(ident: &str) -> bool {
    let mut defined = false;
    for game in crate::tables::GAMES {
        let Some(property) = game.property(ident) else {
            continue;
        };
        let mut parts = property
            .value
            .singles()
            .into_iter()
            .flat_map(|s| s.parts.iter());
        if parts.any(|part| matches!(part, Scalar::Text | Scalar::SimpleText)) {
            return false;
        }
        defined = true;
    }
    defined
}

/// Gives each finding of the reader, in the order of the input, the game tree it belongs to:
/// the last one starting at or before it (the first for what comes before every tree; the end
/// of a file cut short lies one past its last tree).
fn assign_games(spans: &[std::ops::Range<usize>], findings: &mut [Finding]) {
    let mut game = 0;
    for finding in findings {
        let start = finding.location.span.map_or(0, |s| s.start);
        while spans.get(game + 1).is_some_and(|next| next.start <= start) {
            game += 1;
        }
        finding.location.game = game;
        if let Some(related) = &mut finding.related {
            related.game = game;
        }
    }
}

/// Lowercase letters in identifiers were allowed before FF\[4\] (`AddBlack`): in an older
/// tree, that they were read is only worth knowing.
fn allow_lowercase_before_ff4(bytes: &[u8], raw: &RawCollection, findings: &mut [Finding]) {
    for finding in findings
        .iter_mut()
        .filter(|f| f.code == Code::LowercaseIdent)
    {
        let start = finding.location.span.map_or(0, |s| s.start);
        let tree = raw.trees.iter().find(|t| (t.start..t.end).contains(&start));
        if tree.is_some_and(|t| context(bytes, t, (19, 19)).before_ff4()) {
            finding.severity = Severity::Info;
        }
    }
}

/// The charset of one tree, from its root's `CA` and the bytes of its values.
fn decide(bytes: &[u8], tree: &RawTree, lines: &LazyLines<'_>) -> Decision {
    let declared = tree
        .node_props(0)
        .iter()
        .find(|p| p.ident(bytes) == "CA")
        .and_then(|p| {
            let value = tree.prop_values(p).first()?;
            let label = String::from_utf8_lossy(&bytes[value.start..value.end]).into_owned();
            Some((label, lines.span(value.start, value.end)))
        });
    let texts: Vec<&crate::syntax::ValueSpan> = tree
        .values
        .iter()
        .filter(|v| !bytes[v.start..v.end].is_ascii())
        .collect();
    let text_bytes = sample(texts.iter().map(|v| &bytes[v.start..v.end]));
    let mut decision = charset::decide(
        declared.as_ref().map(|(l, s)| (l.as_str(), *s)),
        &text_bytes,
    );
    // Findings the charset layer could not place point at the first value they are about.
    for finding in &mut decision.findings {
        if finding.location.span.is_none() {
            let bad = texts
                .iter()
                .find(|v| charset::decode(decision.encoding, &bytes[v.start..v.end]).1)
                .or(texts.first());
            if let Some(value) = bad {
                finding.location.span = Some(lines.span(value.start, value.end));
            }
        }
    }
    decision
}

/// The double-byte scheme of the charset a file declares with its first `CA` near the start (the
/// root's properties, before any text could hide a `CA[` inside a value).
fn declared_scheme(bytes: &[u8]) -> Multibyte {
    let head = &bytes[..bytes.len().min(4096)];
    let Some(at) = memchr::memmem::find(head, b"CA[") else {
        return Multibyte::None;
    };
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
fn root_value<'a>(bytes: &'a [u8], tree: &RawTree, ident: &str) -> Option<&'a [u8]> {
    let prop = tree
        .node_props(0)
        .iter()
        .find(|p| p.ident(bytes) == ident)?;
    Some(tree.prop_values(prop).first()?.bytes(bytes))
}

/// A number in the first value of a root property (`GM`), if it reads as one.
fn root_number(bytes: &[u8], tree: &RawTree, ident: &str) -> Option<u32> {
    std::str::from_utf8(root_value(bytes, tree, ident)?)
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// The board and format version of a tree: its root's `SZ` (`19` or `19:13`, else the game's
/// default) and `FF`, as [`Tree::context`] finds them in a typed tree.
fn context(bytes: &[u8], tree: &RawTree, default: (u32, u32)) -> Context {
    let first = |ident| root_value(bytes, tree, ident).map(String::from_utf8_lossy);
    let size = first("SZ").unwrap_or_default();
    Context::from_size_text(&size, default).with_ff_text(first("FF").as_deref())
}

/// Builds one typed tree from its raw structure, with the property type of its game.
struct TypedTreeBuilder<'a> {
    bytes: &'a [u8],
    /// The input as text, when it is valid UTF-8 and the tree is read as UTF-8: values are
    /// then sliced from it without decoding.
    text: Option<&'a str>,
    tree: &'a RawTree,
    encoding: &'static Encoding,
    mode: Mode,
    lines: &'a LazyLines<'a>,
    findings: &'a mut Vec<Finding>,
}

impl TreeBuilder for TypedTreeBuilder<'_> {
    fn build<P: GameProperty>(mut self) -> Tree<P> {
        let ctx = context(self.bytes, self.tree, P::DEFAULT_SIZE);
        let mut ids: Vec<NodeId> = Vec::with_capacity(self.tree.nodes.len());
        let mut tree = Tree::new(Vec::new());
        tree.reserve_exact(
            self.tree.nodes.len().saturating_sub(1),
            self.tree.props.len(),
        );
        let mut replaced = false;
        let mut scratch = Scratch::default();
        let mut props = Vec::new();
        for (index, node) in self.tree.nodes.iter().enumerate() {
            self.props::<P>(index, &ctx, &mut scratch, &mut props, &mut replaced);
            let id = match node.parent.and_then(|p| ids.get(p as usize)) {
                Some(&parent) => tree.add_child(parent, props.drain(..)),
                None => {
                    let mut root = tree.props_mut(tree.root());
                    root.clear();
                    props.drain(..).for_each(|p| root.push(p));
                    tree.root()
                }
            };
            ids.push(id);
        }
        if replaced && !self.findings.iter().any(|f| f.code == Code::InvalidBytes) {
            let span = self.lines.span(self.tree.start, self.tree.start);
            self.findings.push(Finding::in_input(
                Code::InvalidBytes,
                Severity::Warning,
                0,
                span,
                None,
                format!(
                    "bytes not valid in {} were replaced with U+FFFD",
                    self.encoding.name()
                ),
            ));
        }
        tree
    }
}

/// Whether the repeats of `ident` in a node can be merged into one property: the game defines
/// it as a list (`list of`, `elist of`), or it is the empty identifier of values written
/// without one, which can only be written once, first in the node.
fn takes_list<P: GameProperty>(ident: &str) -> bool {
    ident.is_empty()
        || P::game()
            .property(ident)
            .is_some_and(|d| matches!(d.value, ValueType::List(_) | ValueType::EList(_)))
}

/// Buffers reused from property to property while a tree is built.
#[derive(Default)]
struct Scratch<'a> {
    /// The decoded values of the property being read, borrowed from the input when they can be.
    values: Vec<Cow<'a, str>>,
    /// Where each of those values stands in the input.
    spans: Vec<(usize, usize)>,
    /// Which properties of the node were merged into an earlier one of the same identifier.
    merged: Vec<bool>,
}

/// Nodes with more properties than this look repeats up in a map rather than by scanning.
const SCAN_LIMIT: usize = 16;

impl<'a> TypedTreeBuilder<'a> {
    /// The typed properties of a node, into `out` (emptied first); repeats of a list property
    /// are merged into the first.
    fn props<P: GameProperty>(
        &mut self,
        node: usize,
        ctx: &Context,
        scratch: &mut Scratch<'a>,
        out: &mut Vec<P>,
        replaced: &mut bool,
    ) {
        let (bytes, tree) = (self.bytes, self.tree);
        let raw_props = tree.node_props(u32::try_from(node).unwrap_or(u32::MAX));
        let idents: Vec<&str> = if raw_props.len() > SCAN_LIMIT {
            raw_props.iter().map(|p| p.ident(bytes)).collect()
        } else {
            Vec::new()
        };
        let mut later: HashMap<&str, Vec<usize>> = HashMap::new();
        for (k, ident) in idents.iter().enumerate().skip(1) {
            later.entry(ident).or_default().push(k);
        }
        scratch.merged.clear();
        scratch.merged.resize(raw_props.len(), false);
        out.clear();
        for (k, prop) in raw_props.iter().enumerate() {
            if scratch.merged[k] {
                continue;
            }
            let ident = prop.ident(bytes);
            scratch.values.clear();
            scratch.spans.clear();
            self.push_values(prop, scratch, replaced);
            let repeats: Vec<usize> = if idents.is_empty() {
                (k + 1..raw_props.len())
                    .filter(|&j| raw_props[j].ident(bytes) == ident)
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
                    self.push_values(&raw_props[j], scratch, replaced);
                }
            }
            out.push(match P::parse(ident, &scratch.values, ctx) {
                Ok(property) => property,
                Err(error) => {
                    self.bad_value(ident, &error, &scratch.spans);
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

    /// Decodes the values of a raw property into the scratch buffers.
    fn push_values(&self, prop: &PropertySpan, scratch: &mut Scratch<'a>, replaced: &mut bool) {
        let bytes: &'a [u8] = self.bytes;
        for span in self.tree.prop_values(prop) {
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

    fn bad_value(&mut self, ident: &str, error: &ValueError, spans: &[(usize, usize)]) {
        let (start, end) = spans
            .get(error.index)
            .or(spans.first())
            .copied()
            .unwrap_or((0, 0));
        self.findings.push(Finding::in_input(
            Code::BadValue,
            self.mode.severity(Code::BadValue),
            0,
            self.lines.span(start, end),
            None,
            format!("{ident}: {}; the value is kept as written", error.message),
        ));
    }
}
