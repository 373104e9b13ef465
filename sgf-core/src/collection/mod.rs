//! The collection: the one model of the game records of a file. It keeps the file's bytes and,
//! per game tree, its lean structure (a `u32` a node), its game and its charset; properties
//! are typed when a view asks for them, and edits are held on the side.
//!
//! - [`Game`] is the view of one tree: its nodes and their links, and its typed views,
//!   [`TypedNodes`] (a node at a time) and [`TypedTree`] (every node, for what walks a tree
//!   back and forth: validation, positions, diagrams).
//! - Edits: [`Collection::set_props`] replaces the properties of one node, held on the side
//!   and read from there; [`Collection::replace`] and [`Collection::push`] take an owned tree
//!   ([`Tree`](crate::Tree), in the [`GameTree`] of its game), which is written once into text
//!   of its own that the tree is read from from then on.
//! - Writing ([`Collection::encode`]) copies what nobody edited from the input.

mod edit;
mod encode;
mod game;
mod plays;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_plays;
mod typed;

use std::marker::PhantomData;
use std::sync::OnceLock;

use encoding_rs::Encoding;

use crate::GameTree;
use crate::charset;
use crate::finding::{Finding, LazyLines, LineIndex, Omitted, Span};
use crate::formats::{self, Format, Origin};
use crate::game_set::GameSet;
use crate::read::{Edits, ParseError, ReadOptions, finish, read_structure};
use crate::syntax::{LeanTree, Mode};
use crate::value::Source;

pub use game::Game;
pub use plays::Play;
pub use typed::{TypedNodes, TypedTree};

/// The game trees of a file, each with its game and charset, over the bytes they were read
/// from; `G` is the set of games their properties are typed in ([`GameTree`], the standard
/// games, unless an application generates its own).
///
/// ```
/// use sgf_core::{GoProperty, ReadOptions, games::go::Move};
///
/// let collection = sgf_core::read(b"(;GM[1]SZ[19];B[pd];W[dd])", &ReadOptions::default())?;
/// let game = collection.game(0);
/// let mut nodes = game.typed::<GoProperty>();
/// let black = game
///     .nodes()
///     .filter(|&node| nodes.props(node).iter().any(|p| matches!(p, GoProperty::B(Move::Play(_)))))
///     .count();
/// assert_eq!(black, 1);
/// # Ok::<(), sgf_core::ParseError>(())
/// ```
pub struct Collection<G = GameTree> {
    /// The bytes read: the input, or the input converted to UTF-8 if it was UTF-16.
    input: Input,
    trees: Vec<TreeData>,
    /// The charset the text was read in.
    charset: &'static Encoding,
    mode: Mode,
    /// What reading found, in the order of the input, each with its game tree.
    findings: Vec<Finding>,
    /// Lines of the input, indexed when a finding is first placed in it.
    lines: OnceLock<LineIndex>,
    /// What few collections hold, out of line so that the others hold a pointer for it.
    rare: Option<Box<Rare>>,
    games: PhantomData<fn() -> G>,
}

/// The parts of a collection that few have.
#[derive(Clone, Default)]
struct Rare {
    /// The findings of reading counted past [`MAX_LISTED`](crate::finding::MAX_LISTED) of
    /// their code, not listed.
    omitted: Vec<Omitted>,
    /// The file of another format the input was converted from, if it was.
    origin: Option<Origin>,
}

// By hand: the derive would ask `G` for the traits, which the marker does not need.
impl<G> Clone for Collection<G> {
    fn clone(&self) -> Self {
        Collection {
            input: self.input.clone(),
            trees: self.trees.clone(),
            charset: self.charset,
            mode: self.mode,
            findings: self.findings.clone(),
            lines: self.lines.clone(),
            rare: self.rare.clone(),
            games: PhantomData,
        }
    }
}

impl<G> std::fmt::Debug for Collection<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Collection")
            .field("trees", &self.trees.len())
            .field("charset", &self.charset.name())
            .field("findings", &self.findings.len())
            .finish_non_exhaustive()
    }
}

/// The bytes of a collection: as text when they are valid UTF-8 (checked once, so that values
/// are sliced from it without checking them again, and text values share it).
#[derive(Clone, Debug)]
enum Input {
    Text(Source),
    Bytes(Box<[u8]>),
}

impl Input {
    fn bytes(&self) -> &[u8] {
        match self {
            Input::Text(text) => text.as_bytes(),
            Input::Bytes(bytes) => bytes,
        }
    }

    fn text(&self) -> Option<&Source> {
        match self {
            Input::Text(text) => Some(text),
            Input::Bytes(_) => None,
        }
    }
}

/// One game tree: its structure, its game and charset, and its edits.
#[derive(Clone, Debug)]
struct TreeData {
    lean: LeanTree,
    /// Its root's `GM` (1 without one).
    gm: u32,
    /// The charset its text was read in.
    charset: &'static Encoding,
    /// The tree's own text, once it was replaced by an owned tree: `lean` is read from it, in
    /// UTF-8, and not from the input.
    own: Option<Source>,
    /// The nodes whose properties were replaced.
    edits: Edits,
}

impl TreeData {
    /// Whether the tree is as read: not replaced, no node edited.
    fn is_as_read(&self) -> bool {
        self.own.is_none() && self.edits.is_empty()
    }
}

impl<G: GameSet> Collection<G> {
    /// Reads SGF bytes. Lenient mode ([`ReadOptions::default`]) recovers from damage and
    /// reports each recovery in [`findings`](Self::findings); strict mode refuses the input
    /// where lenient mode would recover, and where a value does not fit its property. Fails
    /// only where there is nothing to read (or strict mode refused it), with every finding.
    ///
    /// The free function [`read`](crate::read) reads into the standard games.
    pub fn read(input: &[u8], options: &ReadOptions) -> Result<Self, ParseError> {
        let (collection, findings) = Self::read_format(input, options);
        let mut failed = collection.is_none()
            || findings.iter().any(|f| f.code.is_fatal())
            || options.mode == Mode::Strict && findings.iter().any(Finding::is_error);
        let Some(mut collection) = collection.filter(|_| !failed) else {
            return Err(ParseError::new(findings));
        };
        if options.mode == Mode::Strict {
            // Strict reading refuses a value its property does not take: what validation
            // reports as a bad value, an error in this mode.
            let bad = crate::validate::bad_values(&collection);
            failed = bad.iter().any(Finding::is_error);
            if failed {
                let mut findings = findings;
                findings.extend(bad);
                crate::read::place_in(&collection.spans(), &mut findings);
                return Err(ParseError::new(findings));
            }
        }
        collection.set_findings(findings);
        Ok(collection)
    }

    /// Reads all there is to read, for a checker: as [`read`](Self::read) does, but where
    /// strict mode would refuse the input, the collection is kept with its findings (each
    /// recovery an error). Fails only where there is no game tree, or the input is too large.
    pub fn read_all(input: &[u8], options: &ReadOptions) -> Result<Self, ParseError> {
        match Self::read_format(input, options) {
            (Some(mut collection), findings) if !findings.iter().any(|f| f.code.is_fatal()) => {
                collection.set_findings(findings);
                Ok(collection)
            }
            (_, findings) => Err(ParseError::new(findings)),
        }
    }

    /// Reads `input` in the format `options` name, or the one its content shows: SGF as it is,
    /// a record of another format converted to SGF first (see [`formats`](crate::formats)).
    fn read_format(input: &[u8], options: &ReadOptions) -> (Option<Self>, Vec<Finding>) {
        // Sniffed once: UTF-16 is transcoded here, not again for each step.
        let sniffed = charset::sniff(input);
        let format = options
            .format
            .unwrap_or_else(|| Format::of_sniffed(&sniffed.bytes));
        if format == Format::Sgf {
            return Self::read_report(&sniffed, options.mode);
        }
        let converted = formats::convert(format, &sniffed);
        let mut findings = converted.findings;
        if options.mode == Mode::Strict {
            for finding in findings.iter_mut().filter(|f| f.code.is_recovery()) {
                finding.severity = crate::finding::Severity::Error;
            }
        }
        let Some(sgf) = converted.sgf else {
            return (None, findings);
        };
        let (collection, read) = Self::read_report(&charset::sniff(sgf.as_bytes()), options.mode);
        let origin = converted.origin;
        // The SGF text is written to be read without a finding; any there is placed in the
        // original too.
        findings.extend(read.into_iter().map(|mut finding| {
            origin.place(&mut finding);
            finding
        }));
        let collection = collection.map(|mut collection| {
            collection.charset = origin.charset();
            collection.lines = OnceLock::new();
            collection.rare.get_or_insert_default().origin = Some(origin);
            collection
        });
        (collection, findings)
    }

    /// Reads `input` as [`read`](Self::read) does with `mode`, but keeps what it read even
    /// where strict mode would refuse it: the collection (`None` where there is no game tree),
    /// and every finding of reading, with the severity `mode` gives it.
    fn read_report(sniffed: &charset::Sniffed<'_>, mode: Mode) -> (Option<Self>, Vec<Finding>) {
        let bytes: &[u8] = &sniffed.bytes;
        let lines = LazyLines::new(bytes);
        let read = read_structure(bytes, sniffed.source, mode, &lines);
        let trees: Vec<TreeData> = read
            .lean
            .trees
            .into_iter()
            .zip(read.facts)
            .map(|(lean, facts)| TreeData {
                lean,
                gm: facts.gm,
                // A UTF-16 input was turned into UTF-8 before it was read: its trees' text was
                // in UTF-16, and reads as the UTF-8 it is now.
                charset: match read.charset {
                    utf16 if charset::reads_as_utf8(utf16) && utf16 != encoding_rs::UTF_8 => utf16,
                    _ => facts.encoding,
                },
                own: None,
                edits: Edits::new(),
            })
            .collect();
        let leans: Vec<&LeanTree> = trees.iter().map(|t| &t.lean).collect();
        let findings = finish(bytes, &leans, read.findings, mode);
        if trees.is_empty() {
            return (None, findings);
        }
        let collection = Collection {
            input: match read.text {
                Some(text) => Input::Text(Source::new(text.into())),
                None => Input::Bytes(bytes.into()),
            },
            trees,
            charset: read.charset,
            mode,
            findings: Vec::new(),
            lines: lines.into_index().map(OnceLock::from).unwrap_or_default(),
            rare: None,
            games: PhantomData,
        };
        (Some(collection), findings)
    }

    /// A collection of no game tree, held as Unicode, to [`push`](Self::push) trees into.
    pub fn new() -> Self {
        Collection {
            input: Input::Text(Source::default()),
            trees: Vec::new(),
            charset: encoding_rs::UTF_8,
            mode: Mode::Lenient,
            findings: Vec::new(),
            lines: OnceLock::new(),
            rare: None,
            games: PhantomData,
        }
    }
}

impl<G: GameSet> Default for Collection<G> {
    fn default() -> Self {
        Collection::new()
    }
}

impl<G> Collection<G> {
    /// How many game trees the collection has.
    pub fn len(&self) -> usize {
        self.trees.len()
    }

    /// Whether the collection has no game tree (never, for one read from a file).
    pub fn is_empty(&self) -> bool {
        self.trees.is_empty()
    }

    /// The charset the text was read in (UTF-8 for a collection made in memory).
    pub fn charset(&self) -> &'static Encoding {
        self.charset
    }

    /// How strictly the collection was read.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// What reading found: each recovery from damage, and how the charset was decided, in
    /// the order of the input, each with its game tree and its line and column. Validation
    /// ([`validate`](crate::validate::validate)) reports them with its own findings.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// The findings of reading that were counted, not listed: past
    /// [`MAX_LISTED`](crate::finding::MAX_LISTED) of one code.
    pub fn omitted(&self) -> &[Omitted] {
        self.rare.as_ref().map_or(&[], |rare| &rare.omitted)
    }

    /// Sets what reading found, listing at most [`MAX_LISTED`](crate::finding::MAX_LISTED) of
    /// each code.
    fn set_findings(&mut self, mut findings: Vec<Finding>) {
        let mut omitted = Vec::new();
        crate::finding::cap(&mut findings, &mut omitted);
        if !omitted.is_empty() || self.rare.is_some() {
            self.rare.get_or_insert_default().omitted = omitted;
        }
        self.findings = findings;
    }

    /// The bytes the trees were read from: the input, converted to UTF-8 if it was UTF-16;
    /// for a record of another format, the SGF text it was converted to. Spans of the findings
    /// count in them, but for a record of another format, where they count in the file read,
    /// taken as these bytes are (a byte-order mark dropped, UTF-16 as UTF-8; see
    /// [`origin`](Self::origin)).
    pub fn input(&self) -> &[u8] {
        self.input.bytes()
    }

    /// The file of another format the collection was converted from (GIB, NGF, UGF), if it
    /// was: its format and charset.
    pub fn origin(&self) -> Option<&Origin> {
        self.rare.as_ref()?.origin.as_ref()
    }

    /// The game tree at `index`.
    ///
    /// # Panics
    /// If there is no such tree.
    pub fn game(&self, index: usize) -> Game<'_, G> {
        assert!(index < self.trees.len(), "there is no game tree {index}");
        Game::new(self, index)
    }

    /// The game trees, in order.
    pub fn games(&self) -> impl ExactSizeIterator<Item = Game<'_, G>> + '_ {
        (0..self.trees.len()).map(|index| Game::new(self, index))
    }

    /// The byte range of each game tree as read, from its `(` to its `)` (of its own text,
    /// for a tree replaced since).
    pub fn spans(&self) -> Vec<std::ops::Range<usize>> {
        self.trees.iter().map(|t| t.lean.span()).collect()
    }

    /// The lines of the input, to place findings in it.
    pub(crate) fn lines(&self) -> Lines<'_> {
        Lines {
            index: &self.lines,
            origin: self.origin(),
            input: self.input.bytes(),
        }
    }
}

/// The lines of a collection's input, indexed when a place is first asked for.
#[derive(Clone, Copy)]
pub(crate) struct Lines<'a> {
    index: &'a OnceLock<LineIndex>,
    origin: Option<&'a Origin>,
    input: &'a [u8],
}

impl Lines<'_> {
    /// The span, with line and column, of the bytes `start..end` of the input.
    pub(crate) fn span(&self, start: usize, end: usize) -> Span {
        if let Some(origin) = self.origin {
            return origin.span(start, end);
        }
        self.index
            .get_or_init(|| LineIndex::new(self.input))
            .span(start, end)
    }
}
