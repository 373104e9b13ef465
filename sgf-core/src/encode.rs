//! Writing collections back to SGF: every property in order, values escaped, unknown and
//! invalid properties verbatim; UTF-8 with `CA[UTF-8]` by default, or another charset; a choice
//! of layouts and of how point lists are written. Nothing recurses on the depth of a tree.

use std::fmt;
use std::ops::Range;

use encoding_rs::Encoding;

use crate::charset::Multibyte;
use crate::collection::{Collection, Game};
use crate::game_set::{GameDispatch, GameSet, TreeVisitor};
use crate::node_id::NodeId;
use crate::property::{GameProperty, RawProperty};
use crate::read::ReadOptions;
use crate::tree::Tree;
use crate::value::{Context, ListStyle, ValueSink};

/// The charset of the output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputCharset {
    /// UTF-8, with the root's `CA` set to `UTF-8` (added where there is none).
    #[default]
    Utf8,
    /// The charset the collection was read in; a `CA` naming another charset is corrected, a
    /// missing one stays missing (as in the source).
    Source,
    /// This charset, with the root's `CA` set to its name.
    Other(&'static Encoding),
}

/// Where line breaks go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Layout {
    /// No line breaks between tokens.
    Compact,
    /// Each node and each variation starts a line.
    #[default]
    NodePerLine,
    /// Nodes copied from the input of a [collection](crate::Collection) keep the line
    /// breaks they were read with, and an unedited tree is copied whole after its root; every
    /// node written from its properties starts a line, as in `NodePerLine`.
    AsRead,
}

/// How a collection is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// The charset of the output.
    pub charset: OutputCharset,
    /// Where line breaks go.
    pub layout: Layout,
    /// Break lines between properties and values to keep them at most this long where possible
    /// (a long value is never split).
    pub wrap: Option<usize>,
    /// How point lists are written (in a tree before FF\[4\], which has no compressed lists,
    /// `Compressed` keeps them as they are).
    pub point_lists: ListStyle,
    /// Write every node from its typed properties, each value in the form the encoder writes
    /// it (`KM[0.00]` as `KM[0]`, escapes only where needed), rather than copy the nodes nobody
    /// edited as they were read. What `sgf fmt` writes.
    pub canonical: bool,
}

/// A collection that cannot be written in the requested charset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    /// The index of the game tree whose text does not fit.
    pub game: usize,
    /// What does not fit.
    pub message: String,
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game + 1, self.message)
    }
}

impl std::error::Error for EncodeError {}

/// Writes a collection as SGF text (UTF-8, whatever `options.charset` says).
pub fn encode_to_string<G: GameSet>(collection: &Collection<G>, options: &EncodeOptions) -> String {
    let charset = output_charset(collection, options);
    let mut out = String::with_capacity(collection.input().len() + 64);
    for game in collection.games() {
        game.write(&mut out, options, charset, false);
    }
    out
}

/// The text of one owned tree as it is, its `CA` too, node per line: what a tree replaced in a
/// collection is read from.
pub(crate) fn tree_text<G: GameSet>(tree: &G) -> String {
    struct Text;
    impl TreeVisitor for Text {
        type Output = String;
        fn visit<P: GameProperty>(self, tree: &Tree<P>) -> String {
            typed_tree_text(tree)
        }
    }
    tree.visit(Text)
}

/// [`tree_text`] of a tree of one game.
pub(crate) fn typed_tree_text<P: GameProperty>(tree: &Tree<P>) -> String {
    let options = EncodeOptions::default();
    let mut out = String::new();
    TreeWriter {
        out: &mut out,
        options: &options,
        charset: encoding_rs::UTF_8,
        declare: false,
        verbatim: true,
    }
    .visit(tree);
    out
}

/// The charset `options` write `collection` in.
fn output_charset<G>(collection: &Collection<G>, options: &EncodeOptions) -> &'static Encoding {
    match options.charset {
        OutputCharset::Utf8 => encoding_rs::UTF_8,
        OutputCharset::Source => collection.charset(),
        OutputCharset::Other(encoding) => encoding,
    }
}

/// Writes a collection as SGF bytes in the requested charset.
///
/// A tree before FF\[4\] is given no `CA` (those formats do not define it), nor one whose
/// source had none when its charset is kept: a reader finds its charset by detection.
///
/// Bytes in a charset other than UTF-8 are read back before they are returned. Where the
/// reader would take them for other text (text in a legacy charset that is short, or unlike
/// the language it is in), the trees without a `CA` get one after all: what the text says
/// matters more than a strict checker's warning about a property the format does not define.
/// Where the reader would still take them for other text (text that is also valid UTF-8 or
/// another charset's, such as the bytes Big5 writes for `頧包[`, which are UTF-8's `轥][`),
/// the collection is not written, and the error names the first tree read otherwise. UTF-8
/// always reads back.
pub fn encode<G: GameSet>(
    collection: &Collection<G>,
    options: &EncodeOptions,
) -> Result<Vec<u8>, EncodeError> {
    let encoding = output_charset(collection, options);
    if encoding == encoding_rs::UTF_8 {
        return Ok(encode_to_string(collection, options).into_bytes());
    }
    // The bytes written, with or without a `CA` added to trees that have none, and the first
    // tree they would be misread in.
    let write = |declare| -> Result<(Vec<u8>, Option<usize>), EncodeError> {
        let trees = encode_trees(collection, options, encoding, declare)?;
        let bytes = concat(&trees, encoding);
        let misread = misread(&bytes, collection, options, encoding, declare)?;
        Ok((bytes, misread))
    };
    let (mut bytes, mut misread) = write(false)?;
    if misread.is_some() && collection.games().any(|game| undeclared(&game)) {
        (bytes, misread) = write(true)?;
    }
    match misread {
        Some(game) => Err(EncodeError {
            game,
            message: format!(
                "its text, written in {}, would be read back as other text; UTF-8 keeps it",
                encoding.name()
            ),
        }),
        None => Ok(bytes),
    }
}

/// The trees' bytes as one file: UTF-16 starts with a byte-order mark.
fn concat(trees: &[Vec<u8>], encoding: &'static Encoding) -> Vec<u8> {
    let mut bytes = match encoding {
        e if e == encoding_rs::UTF_16LE => vec![0xFF, 0xFE],
        e if e == encoding_rs::UTF_16BE => vec![0xFE, 0xFF],
        _ => Vec::new(),
    };
    for tree in trees {
        bytes.extend_from_slice(tree);
    }
    bytes
}

/// The index of the first tree of `collection` that `bytes`, its trees written in `encoding`,
/// are read back otherwise than they were written: not in `encoding`, or as a tree whose
/// properties are not the ones written; `None` if every tree reads back. The trees are compared
/// as written from their typed properties, without line breaks: a node copied with the line
/// breaks it was read with may be read back by the lenient reader (a double-byte charset), which
/// keeps no copy of a node's bytes, and is written again from its properties, which mean the
/// same.
fn misread<G: GameSet>(
    bytes: &[u8],
    collection: &Collection<G>,
    options: &EncodeOptions,
    encoding: &'static Encoding,
    declare: bool,
) -> Result<Option<usize>, EncodeError> {
    let Ok(again) = Collection::<crate::GameTree>::read(bytes, &ReadOptions::default()) else {
        return Ok(Some(0));
    };
    if again.charset() != encoding {
        return Ok(Some(0));
    }
    let compact = EncodeOptions {
        layout: Layout::Compact,
        ..*options
    };
    let written = encode_trees(collection, &compact, encoding, declare)?;
    let read = match encode_trees(&again, &compact, encoding, declare) {
        Ok(read) => read,
        Err(error) => return Ok(Some(error.game)),
    };
    Ok((0..written.len().max(read.len())).find(|&i| written.get(i) != read.get(i)))
}

/// Writes each tree of a collection in a charset other than UTF-8 (to name the one whose text
/// does not fit).
fn encode_trees<G: GameSet>(
    collection: &Collection<G>,
    options: &EncodeOptions,
    encoding: &'static Encoding,
    declare: bool,
) -> Result<Vec<Vec<u8>>, EncodeError> {
    let mut trees = Vec::with_capacity(collection.len());
    for game in collection.games() {
        let mut text = String::new();
        game.write(&mut text, options, encoding, declare);
        trees.push(encode_text(&text, encoding).map_err(|message| EncodeError {
            game: game.index(),
            message,
        })?);
    }
    Ok(trees)
}

/// Whether a tree's root has no `CA`.
fn undeclared<G: GameSet>(game: &Game<'_, G>) -> bool {
    struct Undeclared<'a, G>(Game<'a, G>);
    impl<G> GameDispatch for Undeclared<'_, G> {
        type Output = bool;
        fn run<P: GameProperty>(self) -> bool {
            let mut nodes = self.0.typed::<P>();
            !nodes.props(NodeId::ROOT).iter().any(|p| p.ident() == "CA")
        }
    }
    game.dispatch(Undeclared(*game))
}

/// Text in a charset (UTF-16 without a byte-order mark).
fn encode_text(text: &str, encoding: &'static Encoding) -> Result<Vec<u8>, String> {
    if encoding == encoding_rs::UTF_16LE || encoding == encoding_rs::UTF_16BE {
        let le = encoding == encoding_rs::UTF_16LE;
        let units = text.encode_utf16();
        return Ok(units
            .flat_map(|u| if le { u.to_le_bytes() } else { u.to_be_bytes() })
            .collect());
    }
    let (bytes, _, unmappable) = encoding.encode(text);
    if unmappable {
        let c = text
            .chars()
            .find(|c| encoding.encode(c.encode_utf8(&mut [0; 4])).2)
            .unwrap_or('\u{FFFD}');
        return Err(format!(
            "{c:?} (U+{:04X}) cannot be written in {}",
            u32::from(c),
            encoding.name()
        ));
    }
    Ok(bytes.into_owned())
}

/// Writes one tree; a visitor, so it runs with the tree's property type.
pub(crate) struct TreeWriter<'a> {
    pub(crate) out: &'a mut String,
    pub(crate) options: &'a EncodeOptions,
    /// The charset written.
    pub(crate) charset: &'static Encoding,
    /// Whether a tree before FF\[4\] without `CA` gets one all the same.
    pub(crate) declare: bool,
    /// Whether the root is written as it is, its `CA` untouched (a tree's own text).
    pub(crate) verbatim: bool,
}

enum Frame<N> {
    Open(N),
    Close,
}

impl TreeVisitor for TreeWriter<'_> {
    type Output = ();

    fn visit<P: GameProperty>(mut self, tree: &Tree<P>) {
        // Most of a file is its nodes (`;B[pd]` and a line break): room for those up front
        // saves growing the output step by step.
        self.out.reserve(tree.arena_len() * 8);
        let ctx = tree.context();
        let root = tree.root();
        self.walk(
            root,
            |node| tree.children(node),
            |writer, node, line_start| {
                if node == root {
                    writer.root(tree.props(root), &ctx, line_start);
                } else {
                    writer.properties(tree.props(node).iter(), &ctx, line_start);
                }
            },
        );
    }
}

impl TreeWriter<'_> {
    /// Writes the structure of a tree from `root`, depth first without recursion: `(`, `;`
    /// before each node, whose properties `node` writes (given where the current line starts),
    /// line breaks as the layout asks, and `)`.
    pub(crate) fn walk<N: Copy, C: Iterator<Item = N>>(
        &mut self,
        root: N,
        children: impl Fn(N) -> C,
        mut node: impl FnMut(&mut Self, N, &mut usize),
    ) {
        let mut line_start = self.out.len();
        let node_per_line = self.options.layout != Layout::Compact;
        self.out.push_str("(;");
        node(self, root, &mut line_start);
        let mut stack = Vec::new();
        let mut current = root;
        loop {
            let mut kids = children(current);
            let (next, starts_variation) = match (kids.next(), kids.next()) {
                (Some(only), None) => (only, false),
                (Some(a), Some(b)) => {
                    stack.push(Frame::Close);
                    let rest: Vec<N> = kids.collect();
                    stack.extend(rest.into_iter().rev().map(Frame::Open));
                    stack.push(Frame::Open(b));
                    (a, true)
                }
                (None, _) => {
                    self.out.push(')');
                    // Close variations until one is left to open.
                    loop {
                        match stack.pop() {
                            Some(Frame::Close) => self.out.push(')'),
                            Some(Frame::Open(next)) => break (next, true),
                            None => return,
                        }
                    }
                }
            };
            if node_per_line {
                self.out.push('\n');
                line_start = self.out.len();
            }
            if starts_variation {
                self.out.push('(');
            }
            self.out.push(';');
            node(self, next, &mut line_start);
            current = next;
        }
    }

    /// Writes the root's properties, its `CA` as the output charset wants it; written
    /// verbatim, as they stand.
    pub(crate) fn root<P: GameProperty>(
        &mut self,
        props: &[P],
        ctx: &Context,
        line_start: &mut usize,
    ) {
        if self.verbatim {
            self.properties(props.iter(), ctx, line_start);
            return;
        }
        let ca = self.root_ca(props, ctx);
        let props = with_ca(props.iter().collect(), ca.as_ref(), |p| p.ident());
        self.properties(props.into_iter(), ctx, line_start);
    }
}

impl TreeWriter<'_> {
    /// The `CA` the root must have for the output charset, if it does not have it already.
    fn root_ca<P: GameProperty>(&self, props: &[P], ctx: &Context) -> Option<P> {
        let declared = props.iter().find(|p| p.ident() == "CA").map(|ca| {
            let raw = ca.to_raw();
            raw.values.into_iter().next()
        });
        self.sets_ca(declared.as_ref().map(Option::as_deref), ctx)
            .then(|| ca_property(self.charset.name()))
    }

    /// Whether the root must be given a `CA` naming the output charset; `declared` is the
    /// first value of the `CA` it has (`None` if it has none).
    pub(crate) fn sets_ca(&self, declared: Option<Option<&str>>, ctx: &Context) -> bool {
        let keep = self.options.charset == OutputCharset::Source;
        match declared {
            // None is added before FF[4] (those formats do not define `CA`, see `encode`), nor
            // where the source charset is kept as the source left it; except for a double-byte
            // charset, whose trail bytes may be `\` or `]`: a reader must know it before it can
            // even find where values end.
            None => {
                let double_byte = crate::charset::multibyte(self.charset) != Multibyte::None;
                double_byte || self.declare || !(keep || ctx.before_ff4())
            }
            // One that names another charset than the one written is corrected.
            Some(label) => !keep || label.and_then(crate::charset::lookup) != Some(self.charset),
        }
    }

    /// Writes the properties of a node. Values without an identifier can only stand first in
    /// a node: anywhere else they would read as more values of the property before them.
    pub(crate) fn properties<'p, P: GameProperty + 'p>(
        &mut self,
        props: impl Iterator<Item = &'p P> + Clone,
        ctx: &Context,
        line_start: &mut usize,
    ) {
        if props.clone().any(|p| p.ident().is_empty()) {
            let bare = props.clone().filter(|p| p.ident().is_empty());
            let named = props.filter(|p| !p.ident().is_empty());
            for property in bare.chain(named) {
                self.property(property, ctx, line_start);
            }
        } else {
            for property in props {
                self.property(property, ctx, line_start);
            }
        }
    }

    /// Writes one property, its values straight into the output as the tree of `ctx` wants
    /// them.
    fn property<P: GameProperty>(&mut self, property: &P, ctx: &Context, line_start: &mut usize) {
        let start = self.out.len();
        let ident = property.ident();
        // Most identifiers are one or two letters: pushed as characters, they need no call to
        // copy them.
        match *ident.as_bytes() {
            [a] if a.is_ascii() => self.out.push(char::from(a)),
            [a, b] if a.is_ascii() && b.is_ascii() => {
                self.out.push(char::from(a));
                self.out.push(char::from(b));
            }
            _ => self.out.push_str(ident),
        }
        let ident_end = self.out.len();
        let mut values = Bracketed {
            out: self.out,
            wrapping: self.options.wrap.map(|width| (width, line_start)),
            next_start: start,
            ctx,
        };
        // Compressed point lists came with FF[4]: an older tree keeps its lists as they are.
        let style = match self.options.point_lists {
            ListStyle::Compressed if ctx.before_ff4() => ListStyle::AsIs,
            style => style,
        };
        if style == ListStyle::AsIs || !property.holds_point_list() {
            property.write_values(&mut values);
        } else {
            let mut restyled = property.clone();
            restyled.restyle_point_lists(style);
            restyled.write_values(&mut values);
        }
        if values.out.len() == ident_end {
            // No values: the identifier alone may still need a line of its own.
            values.wrap(ident_end..ident_end);
        }
    }
}

/// The encoder's [`ValueSink`]: each value in brackets, straight into the output, with a line
/// break before a value (or, for the first, before the identifier) where wrapping asks for one.
struct Bracketed<'a> {
    out: &'a mut String,
    /// The wrap width and where the current line starts; `None` without wrapping.
    wrapping: Option<(usize, &'a mut usize)>,
    /// Where a line break before the last value would go: before the identifier for the first.
    next_start: usize,
    /// The tree the values are written into.
    ctx: &'a Context,
}

impl ValueSink for Bracketed<'_> {
    #[inline]
    fn value(&mut self, write: impl FnOnce(&mut String)) {
        self.out.push('[');
        let start = self.out.len();
        write(self.out);
        let end = self.out.len();
        self.out.push(']');
        if self.wrapping.is_some() {
            self.wrap(start..end);
        }
        self.next_start = self.out.len();
    }

    fn context(&self) -> Option<&Context> {
        Some(self.ctx)
    }
}

impl Bracketed<'_> {
    /// Starts a new line before what was written since `next_start` if it runs past the wrap
    /// width, as if it had been decided before writing it (breaks are rare, so moving the text
    /// once is cheaper than measuring every value first); then notes a line break inside
    /// `value`, the raw text just written.
    fn wrap(&mut self, mut value: Range<usize>) {
        let Some((width, line_start)) = &mut self.wrapping else {
            return;
        };
        let start = self.next_start;
        if self.out.len() - **line_start > *width
            && start > **line_start
            && !self.out[..start].ends_with(['(', ';', '\n'])
        {
            self.out.insert(start, '\n');
            **line_start = start + 1;
            value = value.start + 1..value.end + 1;
        }
        if let Some(newline) = self.out[value.clone()].rfind('\n') {
            **line_start = value.start + newline + 1;
        }
    }
}

/// A `CA` property naming a charset.
fn ca_property<P: GameProperty>(label: &str) -> P {
    P::from_raw(RawProperty::new("CA", [label]), &Context::square(19)).0
}

/// The root's properties with its `CA` (replaced by `ca`, if given) near the start: where it is
/// if only `FF` and `GM` come before it, else after the `FF` and `GM` that open the root (and
/// after values without an identifier, which must stay first). Readers look for it before they
/// read the rest: SGFC looks in the first kilobyte, and loses a `CA` that comes after three
/// `(`, even in the texts of earlier properties.
pub(crate) fn with_ca<T>(mut props: Vec<T>, ca: Option<T>, ident: impl Fn(&T) -> &str) -> Vec<T> {
    let bare = props.iter().take_while(|p| ident(p).is_empty()).count();
    let opening = bare
        + props[bare..]
            .iter()
            .take_while(|p| matches!(ident(p), "FF" | "GM"))
            .count();
    match (props.iter().position(|p| ident(p) == "CA"), ca) {
        (Some(index), ca) if index <= opening => {
            if let Some(ca) = ca {
                props[index] = ca;
            }
        }
        (Some(index), ca) => {
            let old = props.remove(index);
            props.insert(opening, ca.unwrap_or(old));
        }
        (None, Some(ca)) => props.insert(opening, ca),
        (None, None) => {}
    }
    props
}
