//! Reading SGF: bytes → byte-order mark and UTF-16 → structure → charset per game tree →
//! typed properties through each game's generated table. Lenient by default: damage is
//! recovered from and reported; strict mode refuses it.

mod node_props;
mod root;

use std::borrow::Cow;
use std::fmt;

use encoding_rs::Encoding;

use crate::GameTree;
use crate::charset::{self, Decision, Form};
use crate::collection::Collection;
use crate::finding::{Code, Finding, LazyLines, Severity};
use crate::game_set::{GameSet, TreeBuilder};
use crate::property::GameProperty;
use crate::spec::Scalar;
use crate::syntax::{LeanCollection, LeanTree, Mode, ParseOptions, RawCollection, scan_structure};
use crate::tree::{NodeId, Tree};

pub(crate) use node_props::{Edits, NodeReader, Scratch, takes_list};
pub(crate) use root::context;
use root::root_number;
use root::{decide, declared_scheme};

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
    let mut read = read_structure(bytes, sniffed.source, options.mode, &lines);
    let mut games = Vec::with_capacity(read.lean.trees.len());
    let mut invalid_reported = read.invalid_reported();
    for (tree, facts) in read.lean.trees.iter().zip(&read.facts) {
        games.push(G::build(
            facts.gm,
            TypedTreeBuilder {
                reader: NodeReader {
                    bytes,
                    text: read.text.filter(|_| charset::reads_as_utf8(facts.encoding)),
                    tree,
                    encoding: facts.encoding,
                    mode: options.mode,
                    lines: Some(&lines),
                    edits: None,
                },
                findings: &mut read.findings,
                invalid_reported: &mut invalid_reported,
            },
        ));
    }
    let trees: Vec<&LeanTree> = read.lean.trees.iter().collect();
    let findings = finish(bytes, &trees, read.findings, options.mode)?;
    Ok(Parsed {
        collection: Collection {
            games,
            charset: read.charset,
        },
        findings,
        spans: read.lean.trees.iter().map(LeanTree::span).collect(),
    })
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

impl Structure<'_> {
    /// Whether bytes not valid in a charset were reported already.
    pub(crate) fn invalid_reported(&self) -> bool {
        self.findings.iter().any(|f| f.code == Code::InvalidBytes)
    }
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
    let (lean, decisions) = structure(bytes, source, mode, lines, &mut findings);
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
        text: std::str::from_utf8(bytes).ok(),
        findings,
    }
}

/// The findings of a reading in the order of the input, each with the game tree it belongs
/// to; or the error if the reading failed (no tree, a fatal finding, an error in strict mode).
pub(crate) fn finish(
    bytes: &[u8],
    trees: &[&LeanTree],
    mut findings: Vec<Finding>,
    mode: Mode,
) -> Result<Vec<Finding>, ParseError> {
    if mode == Mode::Lenient {
        allow_lowercase_before_ff4(bytes, trees, &mut findings);
    }
    place(trees, &mut findings);
    let failed = trees.is_empty()
        || findings.iter().any(|f| f.code.is_fatal())
        || mode == Mode::Strict && findings.iter().any(|d| d.severity == Severity::Error);
    if failed {
        return Err(ParseError { findings });
    }
    Ok(findings)
}

/// The raw game trees of an input as lenient reading finds them, in the bytes it reads (a
/// UTF-16 input transcoded): where the findings about a collection read from the input stand.
pub(crate) fn layout(input: &[u8]) -> (Cow<'_, [u8]>, RawCollection) {
    let sniffed = charset::sniff(input);
    let lines = LazyLines::new(&sniffed.bytes);
    let (lean, _) = structure(
        &sniffed.bytes,
        sniffed.source,
        Mode::Lenient,
        &lines,
        &mut Vec::new(),
    );
    let trees = lean
        .trees
        .iter()
        .map(|t| t.to_raw(&sniffed.bytes))
        .collect();
    (sniffed.bytes, RawCollection { trees })
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
/// characters), and with them what the structure said.
fn structure(
    bytes: &[u8],
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
            .map(|tree| decide(bytes, tree, lines, source))
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
    findings.sort_by_key(|f| f.location.span.map(|s| s.start));
    let spans: Vec<std::ops::Range<usize>> = trees.iter().map(|t| t.span()).collect();
    assign_games(&spans, findings);
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

/// Builds one typed tree from its lean structure, with the property type of its game.
pub(crate) struct TypedTreeBuilder<'a> {
    pub(crate) reader: NodeReader<'a>,
    pub(crate) findings: &'a mut Vec<Finding>,
    /// Whether bytes not valid in a charset were reported already (by the charset decisions
    /// or an earlier tree): once is enough.
    pub(crate) invalid_reported: &'a mut bool,
}

impl TreeBuilder for TypedTreeBuilder<'_> {
    fn build<P: GameProperty>(self) -> Tree<P> {
        let reader = &self.reader;
        let lean = reader.tree;
        let ctx = context(reader.bytes, lean, P::DEFAULT_SIZE, reader.encoding);
        let mut ids: Vec<NodeId> = Vec::with_capacity(lean.len());
        let mut tree = Tree::new(Vec::new());
        tree.reserve_exact(lean.len().saturating_sub(1), lean.prop_total());
        let mut replaced = false;
        let mut scratch = Scratch::default();
        let mut props = Vec::new();
        for node in 0..lean.len() as u32 {
            reader.props::<P>(
                node,
                &ctx,
                &mut scratch,
                &mut props,
                &mut replaced,
                self.findings,
            );
            let id = match lean.parent(node).and_then(|p| ids.get(p as usize)) {
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
        if let Some(lines) = reader.lines
            && replaced
            && !*self.invalid_reported
        {
            *self.invalid_reported = true;
            let at = lean.span().start;
            self.findings.push(Finding::in_input(
                Code::InvalidBytes,
                Severity::Warning,
                0,
                lines.span(at, at),
                None,
                format!(
                    "bytes not valid in {} were replaced with U+FFFD",
                    reader.encoding.name()
                ),
            ));
        }
        tree
    }
}
