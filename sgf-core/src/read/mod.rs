//! Reading SGF: bytes → byte-order mark and UTF-16 → structure → charset per game tree →
//! typed properties through each game's generated table. Lenient by default: damage is
//! recovered from and reported; strict mode refuses it.

mod node_props;
mod repeats;
mod root;

use std::fmt;

use encoding_rs::Encoding;

use crate::charset::{self, Decision, Form};
use crate::collection::Collection;
use crate::finding::{Code, Finding, LazyLines, Location, Severity};
use crate::formats::Format;
use crate::node_id::NodeId;
use crate::spec::Scalar;
use crate::syntax::{LeanCollection, LeanProperty, LeanTree, Mode, ParseOptions, scan_structure};
use crate::tree::places::Places;

pub(crate) use node_props::{Edits, NodeReader, Scratch, takes_list};
use repeats::{Links, NO_REPEAT};
pub(crate) use root::context;
use root::root_number;
use root::{decide, declared_scheme};

/// How a file is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Lenient (recover and warn) or strict (refuse what lenient mode recovers from).
    pub mode: Mode,
    /// The format of the input (SGF, or a record of another format, converted); `None` to
    /// tell it by the content ([`Format::sniff`]). [`load`](crate::load) takes it from the
    /// file's extension where that names one.
    pub format: Option<Format>,
}

impl ReadOptions {
    /// Strict reading: every recovery of lenient mode is an error.
    pub fn strict() -> Self {
        ReadOptions {
            mode: Mode::Strict,
            format: None,
        }
    }

    /// These options for the file at `path`: in the format its extension names (`.sgf`,
    /// `.gib`, `.ngf`, `.ugf`, `.ugi`), unless these name one.
    pub fn for_path(self, path: &std::path::Path) -> Self {
        ReadOptions {
            format: self.format.or_else(|| Format::from_extension(path)),
            ..self
        }
    }

    /// These options, reading `format`.
    pub fn with_format(self, format: Format) -> Self {
        ReadOptions {
            format: Some(format),
            ..self
        }
    }
}

/// A file that could not be read: it has no game tree, or strict mode found errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The findings, errors and warnings: at most
    /// [`MAX_LISTED`](crate::finding::MAX_LISTED) of each code.
    pub findings: Vec<Finding>,
    /// The findings counted past that, not listed.
    pub omitted: Vec<crate::finding::Omitted>,
}

impl ParseError {
    /// The error of these findings, listing at most
    /// [`MAX_LISTED`](crate::finding::MAX_LISTED) of each code.
    pub(crate) fn new(mut findings: Vec<Finding>) -> ParseError {
        let mut omitted = Vec::new();
        crate::finding::cap(&mut findings, &mut omitted);
        ParseError { findings, omitted }
    }

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
        let counted = self
            .omitted
            .iter()
            .filter(|o| o.severity == Severity::Error);
        let more =
            (self.errors().count() + counted.map(|o| o.count).sum::<usize>()).saturating_sub(1);
        if more > 0 {
            write!(f, " (and {more} more errors)")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// Reads SGF bytes into the standard games: the one way in.
///
/// Lenient by default: damage is recovered from, each recovery reported in
/// [`Collection::findings`] with its line and column, and only an input with nothing to read
/// fails; [`ReadOptions::strict`] refuses what lenient reading recovers from. Properties are
/// typed when they are asked for ([`Game::typed`](crate::Game::typed)); validation
/// ([`validate`](crate::validate::validate)) checks them against the specification.
///
/// ```
/// use sgf_core::{GoProperty, ReadOptions, games::go::Move};
///
/// let collection = sgf_core::read(b"(;GM[1]SZ[9];B[ee];W[cc])", &ReadOptions::default())?;
/// let game = collection.game(0);
/// let mut nodes = game.typed::<GoProperty>();
/// let first = game.first_child(game.root()).expect("a move");
/// assert!(matches!(nodes.props(first), [GoProperty::B(Move::Play(_))]));
/// # Ok::<(), sgf_core::ParseError>(())
/// ```
pub fn read(input: &[u8], options: &ReadOptions) -> Result<Collection, ParseError> {
    Collection::read(input, options)
}

/// The structure of an input, with what its trees' roots and bytes say about reading them.
pub(crate) struct Structure<'a> {
    pub(crate) lean: LeanCollection,
    /// Per tree: its game and charset.
    pub(crate) facts: Vec<TreeFacts>,
    /// The charset of the collection: the source's, or its first tree's.
    pub(crate) charset: &'static Encoding,
    /// The input as text, if it is valid UTF-8 (checked once rather than value by value).
    pub(crate) text: Option<&'a str>,
    /// The findings so far.
    pub(crate) findings: Vec<Finding>,
}

/// The game and charset of one tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeFacts {
    pub(crate) gm: u32,
    pub(crate) encoding: &'static Encoding,
}

/// Reads the structure of `bytes` (a sniffed input whose byte-order mark or UTF-16 said
/// `source`), and decides each tree's charset and game.
pub(crate) fn read_structure<'a>(
    bytes: &'a [u8],
    source: Option<Form>,
    mode: Mode,
    lines: &LazyLines<'_>,
) -> Structure<'a> {
    let mut findings = Vec::new();
    // The whole input is checked once, a vector at a time, up to its first byte that is not
    // UTF-8: the standard library's check, a word at a time, cost four instructions a byte
    // over text that is not ASCII.
    let text = simdutf8::compat::from_utf8(bytes).ok();
    let (lean, decisions) = structure(bytes, text.is_some(), source, mode, lines, &mut findings);
    let charset = match source {
        Some(form) if form.encoding != encoding_rs::UTF_8 => form.encoding,
        _ => decisions.first().map_or(encoding_rs::UTF_8, |d| d.encoding),
    };
    let mut facts = Vec::with_capacity(decisions.len());
    for (tree, decision) in lean.trees.iter().zip(decisions) {
        findings.extend(decision.findings);
        facts.push(TreeFacts {
            gm: root_number(bytes, tree, "GM", decision.encoding).unwrap_or(1),
            encoding: decision.encoding,
        });
    }
    Structure {
        lean,
        facts,
        charset,
        text,
        findings,
    }
}

/// The findings of a reading in the order of the input, each with the game tree it belongs
/// to.
pub(crate) fn finish(
    bytes: &[u8],
    trees: &[&LeanTree],
    mut findings: Vec<Finding>,
    mode: Mode,
) -> Vec<Finding> {
    if mode == Mode::Lenient {
        allow_lowercase_before_ff4(bytes, trees, &mut findings);
    }
    place(trees, &mut findings);
    name_places(bytes, trees, &mut findings);
    // Held as long as the collection: no spare room (most inputs have a finding or two, in a
    // vector that grew to room for four).
    findings.iter_mut().for_each(Finding::shrink_to_fit);
    findings.shrink_to_fit();
    findings
}

/// Names the node, property and value that each finding's bytes stand in (the findings in the
/// order of the input, each with its game tree): a finding of reading is then placed as one
/// of validation is, by node path as well as by line and column.
fn name_places(bytes: &[u8], trees: &[&LeanTree], findings: &mut [Finding]) {
    let mut start = 0;
    while start < findings.len() {
        let game = findings[start].location.game;
        let end = start + findings[start..].partition_point(|f| f.location.game == game);
        if let Some(&tree) = trees.get(game) {
            let places = Places::new(game, tree);
            let mut node = NodeProps::default();
            for finding in &mut findings[start..end] {
                let locations =
                    std::iter::once(&mut finding.location).chain(finding.related.as_deref_mut());
                for location in locations {
                    name_place(bytes, tree, &places, &mut node, location);
                }
            }
        }
        start = end;
    }
}

/// The properties of a node, kept while the findings in it are named (there may be one for
/// each property), and for each the values of the earlier ones with its identifier; its
/// buffers serve node after node.
#[derive(Default)]
struct NodeProps<'a> {
    node: Option<u32>,
    props: Vec<LeanProperty>,
    earlier: Vec<usize>,
    idents: Vec<&'a str>,
    repeats: Links,
}

impl<'a> NodeProps<'a> {
    /// Holds the properties of `node` of `tree`, unless it holds them already.
    fn hold(&mut self, bytes: &'a [u8], tree: &'a LeanTree, node: u32) {
        if self.node == Some(node) {
            return;
        }
        self.node = Some(node);
        self.props.clear();
        self.props.extend(tree.props(node, bytes));
        self.earlier.clear();
        self.earlier.resize(self.props.len(), 0);
        // A node that repeats no identifier (the scanner lists those that do) has no earlier
        // values to count. Elsewhere each repeat counts on from the values of the one before.
        if tree.is_regular() && !tree.repeats_ident(node) {
            return;
        }
        self.idents.clear();
        self.idents
            .extend(self.props.iter().map(|&p| tree.ident(p, bytes)));
        self.repeats.link(&self.idents);
        for (k, &next) in self.repeats.next.iter().enumerate() {
            if next != NO_REPEAT {
                self.earlier[next] = self.earlier[k] + tree.values(self.props[k], bytes).count();
            }
        }
    }
}

/// Names the node, property and value of a place in the input that lies in `tree`; `cached`
/// holds the properties of the node named last.
fn name_place<'a>(
    bytes: &'a [u8],
    tree: &'a LeanTree,
    places: &Places<'_, LeanTree>,
    cached: &mut NodeProps<'a>,
    at: &mut Location,
) {
    let Some(span) = at.span.filter(|s| tree.span().contains(&s.start)) else {
        return;
    };
    let first = tree.node_offset(0);
    if at.node.is_some() || span.start < first {
        return;
    }
    let node = tree.node_at(span.start);
    cached.hold(bytes, tree, node);
    let NodeProps { props, earlier, .. } = cached;
    // The property whose bytes (identifier to last value) hold the place: the last to start
    // at or before it. Its values are looked at only when the place is past its identifier.
    let named = props
        .partition_point(|p| p.offset() <= span.start)
        .checked_sub(1)
        .and_then(|k| {
            let prop = props[k];
            let ident = tree.ident(prop, bytes);
            if span.start < tree.ident_end(prop, bytes) {
                return Some((ident, None));
            }
            let (index, value) = tree
                .values(prop, bytes)
                .enumerate()
                .find(|(_, v)| span.start <= v.end)?;
            if span.start < value.start {
                // Between two values, or on a bracket.
                return Some((ident, None));
            }
            // Values count across the earlier repeats of the property in the node.
            Some((ident, Some(earlier[k] + index)))
        });
    let id = NodeId::of_lean(node);
    let place = match named {
        Some((ident, value)) => {
            let place = places.at(id, ident);
            match value {
                Some(value) => place.with_value(value),
                None => place,
            }
        }
        None => places.at(id, ""),
    };
    *at = Location {
        span: Some(span),
        ..place
    };
}

/// The number in the first value of a root property of a tree read as UTF-8 (a tree's own
/// text), if it reads as one.
pub(crate) fn root_number_of(bytes: &[u8], tree: &LeanTree, ident: &str) -> Option<u32> {
    root_number(bytes, tree, ident, encoding_rs::UTF_8)
}

/// The structure of the game trees and the charset of each. A double-byte charset's trail
/// bytes may be `\` or `]`: the first scan already follows the charset the file declares, and a
/// second one follows the charset decided if it differs. Where the declared charset is one of
/// those, UTF-8 was decided for its bytes being valid UTF-8, and the declared charset reads the
/// structure without an error that UTF-8 makes, the structure settles it for the declaration:
/// text can be valid in both (Big5's `廔包` is UTF-8's `ὥ]`), and only the declared charset
/// then reads the brackets as the writer meant them. Against another legacy charset, chosen
/// because the declared one reads the text worse, the structure does not count: writing the
/// text back in the declared charset may change its bytes (Shift_JIS has two codes for some
/// characters), and with them what the structure said. `utf8`: whether all of `bytes` are
/// valid UTF-8.
fn structure(
    bytes: &[u8],
    utf8: bool,
    source: Option<Form>,
    mode: Mode,
    lines: &LazyLines<'_>,
    findings: &mut Vec<Finding>,
) -> (LeanCollection, Vec<Decision>) {
    let mut options = ParseOptions {
        mode,
        // Bytes whose form showed their charset are UTF-8, whatever a `CA` says.
        multibyte: match source {
            Some(_) => charset::Multibyte::None,
            None => declared_scheme(bytes),
        },
        textless: Some(textless),
    };
    let decide_all = |raw: &LeanCollection| -> Vec<Decision> {
        raw.trees
            .iter()
            .map(|tree| decide(bytes, utf8, tree, lines, source))
            .collect()
    };
    let mut raw = scan_structure(bytes, &options, findings);
    let mut decisions = decide_all(&raw);
    if let Some(multibyte) = decisions
        .iter()
        .map(|d| charset::multibyte(d.encoding))
        .find(|m| *m != options.multibyte)
    {
        let declared = options.multibyte;
        options.multibyte = multibyte;
        let mut rescanned = Vec::new();
        let again = scan_structure(bytes, &options, &mut rescanned);
        let errors = |findings: &[Finding]| findings.iter().any(|f| f.severity == Severity::Error);
        let utf8 = decisions.iter().all(|d| d.encoding == encoding_rs::UTF_8);
        // The declared scan stands only if every tree then reads in a charset of its scheme:
        // the `CA` it was found by may stand outside a root, or in one tree of several.
        let all_declare = decisions.iter().all(|d| {
            d.declared
                .is_some_and(|e| charset::multibyte(e) == declared)
        });
        if declared != charset::Multibyte::None
            && utf8
            && all_declare
            && !errors(findings)
            && errors(&rescanned)
        {
            trust_declared(&mut decisions, declared);
        } else {
            *findings = rescanned;
            raw = again;
            decisions = decide_all(&raw);
        }
    }
    (raw, decisions)
}

/// Reads each tree whose `CA` names a charset of the double-byte `scheme` in that charset, as
/// it declares, without the findings of the detection that overruled it.
fn trust_declared(decisions: &mut [Decision], scheme: charset::Multibyte) {
    for decision in decisions {
        let Some(declared) = decision.declared else {
            continue;
        };
        if charset::multibyte(declared) == scheme && decision.encoding != declared {
            decision.encoding = declared;
            decision.findings.retain(|f| {
                !matches!(
                    f.code,
                    Code::CharsetMismatch
                        | Code::CharsetDetected
                        | Code::CharsetUncertain
                        | Code::InvalidBytes
                )
            });
        }
    }
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

/// Findings come from several passes: puts them in the order of the input, each with the game
/// tree it belongs to.
pub(crate) fn place(trees: &[&LeanTree], findings: &mut [Finding]) {
    let spans: Vec<std::ops::Range<usize>> = trees.iter().map(|t| t.span()).collect();
    place_in(&spans, findings);
}

/// [`place`], with the byte ranges of the trees.
pub(crate) fn place_in(spans: &[std::ops::Range<usize>], findings: &mut [Finding]) {
    findings.sort_by_key(|f| f.location.span.map(|s| s.start));
    assign_games(spans, findings);
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
fn allow_lowercase_before_ff4(bytes: &[u8], trees: &[&LeanTree], findings: &mut [Finding]) {
    for finding in findings
        .iter_mut()
        .filter(|f| f.code == Code::LowercaseIdent)
    {
        let start = finding.location.span.map_or(0, |s| s.start);
        let tree = trees.iter().find(|t| t.span().contains(&start));
        // The tree's charset is not known here; `FF` is read as UTF-8, which only a value
        // with non-ASCII spaces around its digits would read otherwise.
        if tree.is_some_and(|t| context(bytes, t, (19, 19), encoding_rs::UTF_8).before_ff4()) {
            finding.severity = Severity::Info;
        }
    }
}
