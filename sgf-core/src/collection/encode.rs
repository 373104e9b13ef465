//! Writing a collection's trees as text. A node the fast scanner read and nobody edited is
//! copied from the tree's bytes when the output's layout is the one it was read in; the root
//! (whose `CA` the output decides) and every other node are written from their typed
//! properties. A tree nobody edited goes by a shorter way: after its root, its text is copied
//! whole ([`Layout::AsRead`]) or node by node in document order. The text is Unicode: the
//! encoder turns it into the output's charset.

use std::ops::Range;

use encoding_rs::Encoding;

use crate::encode::{EncodeError, EncodeOptions, Layout, TreeWriter, with_ca};
use crate::game_set::{GameDispatch, GameSet};
use crate::node_id::NodeId;
use crate::property::GameProperty;
use crate::read::takes_list;
use crate::syntax::LeanTree;
use crate::value::{Context, ListStyle};

use super::{Collection, Game};

impl<G: GameSet> Collection<G> {
    /// Writes the collection as SGF bytes in the charset `options` ask for
    /// ([`encode::encode`](crate::encode::encode)).
    pub fn encode(&self, options: &EncodeOptions) -> Result<Vec<u8>, EncodeError> {
        crate::encode::encode(self, options)
    }

    /// Writes the collection as SGF text (UTF-8, whatever `options.charset` says).
    pub fn to_text(&self, options: &EncodeOptions) -> String {
        crate::encode::encode_to_string(self, options)
    }
}

impl<G: GameSet> Game<'_, G> {
    /// Writes the tree as Unicode text into `out`, with a `CA` for `charset` as the options
    /// want it, and a line break after it. `declare`: give a tree before FF\[4\] without `CA`
    /// one all the same.
    pub(crate) fn write(
        &self,
        out: &mut String,
        options: &EncodeOptions,
        charset: &'static Encoding,
        declare: bool,
    ) {
        self.dispatch(TreeEncoder {
            game: *self,
            writer: TreeWriter {
                out: &mut *out,
                options,
                charset,
                declare,
                verbatim: false,
            },
        });
        out.push('\n');
    }
}

/// Writes one tree, with its game's property type.
struct TreeEncoder<'a, 'w, G> {
    game: Game<'a, G>,
    writer: TreeWriter<'w>,
}

impl<G> GameDispatch for TreeEncoder<'_, '_, G> {
    type Output = ();

    fn run<P: GameProperty>(mut self) {
        let game = self.game;
        let lean = game.structure();
        let input = game.bytes();
        let options = self.writer.options;
        // Copied nodes keep the line breaks and brackets they were read with: that fits the
        // default layouts only, and only a tree read without recovery whose bytes are its
        // Unicode text (read as UTF-8, or ASCII in a charset that extends it).
        let whole = game.text();
        let utf8 = whole.is_some()
            || game.encoding().is_ascii_compatible() && input[lean.span()].is_ascii();
        let copies = utf8
            && !options.canonical
            && lean.is_regular()
            && options.layout != Layout::Compact
            && options.wrap.is_none()
            && options.point_lists == ListStyle::AsIs;
        // Text, where it is valid UTF-8: that of the whole input checked once, or a node's.
        let text = |range: Range<usize>| match whole {
            Some(text) => text.get(range),
            None => std::str::from_utf8(&input[range]).ok(),
        };
        let mut nodes = game.typed::<P>();
        let ctx = *nodes.context();
        let unedited = copies && !game.has_edits() && !lean.repeats_below_root();
        // Where the root ends, and the text of the tree after it.
        let rest = unedited
            .then(|| lean.node_end(0, input))
            .and_then(|at| Some((at, text(at..lean.span().end)?)));
        if let Some((after_root, rest)) = rest {
            // The root (whose `CA` the output decides), then the rest of the tree from its text:
            // as it was read, or node by node.
            let mark = self.writer.out.len();
            let mut line_start = mark;
            self.writer.out.push_str("(;");
            if !copy_root::<P>(&mut self.writer, lean, input, &ctx, &text) {
                self.writer
                    .root(nodes.props(NodeId::ROOT), &ctx, &mut line_start);
            }
            if options.layout == Layout::AsRead {
                self.writer.out.push_str(rest);
                return;
            }
            if copy_nodes(self.writer.out, lean, input, rest, after_root).is_some() {
                return;
            }
            self.writer.out.truncate(mark);
        }
        self.writer.out.reserve(lean.len() * 8);
        self.writer.walk(
            0,
            |node| lean.children(node),
            |writer, node, line_start| {
                let id = NodeId::from_index(node).unwrap_or(NodeId::ROOT);
                if node == 0 {
                    let copied = copies
                        && !game.is_edited(id)
                        && copy_root::<P>(writer, lean, input, &ctx, &text);
                    if !copied {
                        writer.root(nodes.props(id), &ctx, line_start);
                    }
                    return;
                }
                let copied = (copies && !game.is_edited(id))
                    .then(|| lean.node_text(node, input))
                    .flatten()
                    .and_then(text);
                match copied {
                    Some(text) => writer.out.push_str(text),
                    None => writer.properties(nodes.props(id).iter(), &ctx, line_start),
                }
            },
        );
    }
}

/// Writes the nodes after the root of an unedited tree the fast scanner read, node per line,
/// each copied from `rest` (the tree's text after its root, which starts at offset `base` of
/// `input`): what [`TreeWriter::walk`] writes with every node copied, in document order and
/// without asking each node for its children. A node's depth (how many nodes on its path from
/// the root start a variation) tells how many variations close before it. `None` (with some of
/// the nodes written) where a node's bytes are not found as expected.
fn copy_nodes(
    out: &mut String,
    lean: &LeanTree,
    input: &[u8],
    rest: &str,
    base: usize,
) -> Option<()> {
    let mut depths: Vec<u32> = Vec::with_capacity(lean.len());
    depths.push(0);
    let mut forks = lean.forks.iter().peekable();
    for node in 1..lean.len() as u32 {
        let fork = forks.next_if(|fork| fork.node == node);
        let parent = fork.map_or(node - 1, |fork| fork.parent);
        let depth = depths.get(parent as usize)? + u32::from(fork.is_some());
        if parent != node - 1 {
            // The node before ends a variation, and so may the variations around it.
            let closes = (depths.last()? + 1).checked_sub(depth)?;
            out.extend(std::iter::repeat_n(')', closes as usize));
        }
        out.push('\n');
        if fork.is_some() {
            out.push('(');
        }
        out.push(';');
        let range = lean.node_text(node, input)?;
        out.push_str(rest.get(range.start.checked_sub(base)?..range.end.checked_sub(base)?)?);
        depths.push(depth);
    }
    out.extend(std::iter::repeat_n(')', *depths.last()? as usize + 1));
    Some(())
}

/// The first value of a property's text after its `[`, as written (escapes kept): up to the
/// first `]` that is not escaped, as the typed root reads it.
fn first_value(values: &str) -> &str {
    let bytes = values.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b']' => return &values[..i],
            _ => i += 1,
        }
    }
    values
}

/// Writes the root of a regular tree from its bytes, property by property, with the `CA` the
/// typed encoder would give it ([`TreeWriter::root`]: set to the output charset, near the
/// start). Returns `false`, having written nothing, where the typed root would differ in more
/// than the text of its values: a list property repeated (typed writing merges the repeats) or
/// a property that is not valid UTF-8.
fn copy_root<'t, P: GameProperty>(
    writer: &mut TreeWriter<'_>,
    lean: &LeanTree,
    input: &[u8],
    ctx: &Context,
    text: &impl Fn(Range<usize>) -> Option<&'t str>,
) -> bool {
    let repeats = lean.repeats_ident(0);
    // Room for a `CA` too.
    let mut props: Vec<(&str, &str)> = Vec::with_capacity(lean.root.len() + 1);
    for (ident, range) in lean.written_props(0, input) {
        let Some(written) = text(range) else {
            return false;
        };
        let ident = &written[..ident.len()];
        if repeats && props.iter().any(|(other, _)| *other == ident) && takes_list::<P>(ident) {
            return false;
        }
        props.push((ident, written));
    }
    let declared = props
        .iter()
        .find(|(ident, _)| *ident == "CA")
        .map(|(_, written)| written.strip_prefix("CA[").map(first_value));
    let name = format!("CA[{}]", writer.charset.name());
    let ca = writer
        .sets_ca(declared, ctx)
        .then_some(("CA", name.as_str()));
    for (_, written) in with_ca(props, ca, |(ident, _)| ident) {
        writer.out.push_str(written);
    }
    true
}
