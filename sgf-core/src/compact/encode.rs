//! Writing a compact collection. In UTF-8, a node the fast scanner read and nobody edited is
//! copied from the input when the output's layout is the one it was read in; the root (whose
//! `CA` the output decides) and every other node are written from their typed properties, as
//! the typed encoder writes them. Other charsets go through the typed collection.

use crate::GameTree;
use crate::encode::{EncodeError, EncodeOptions, Layout, OutputCharset, TreeWriter};
use crate::game_set::{GameDispatch, GameSet};
use crate::property::GameProperty;
use crate::value::ListStyle;

use super::{CompactCollection, CompactGame};

impl CompactCollection {
    /// Writes the collection as SGF bytes, as [`encode`](crate::encode::encode) writes its
    /// typed collection.
    pub fn encode(&self, options: &EncodeOptions) -> Result<Vec<u8>, EncodeError> {
        let charset = match options.charset {
            OutputCharset::Utf8 => encoding_rs::UTF_8,
            OutputCharset::Source => self.charset,
            OutputCharset::Other(encoding) => encoding,
        };
        if charset != encoding_rs::UTF_8 {
            return crate::encode::encode(&self.materialize::<GameTree>().0, options);
        }
        let mut out = String::with_capacity(self.input().len() + 64);
        for game in self.games() {
            GameTree::dispatch(
                game.gm(),
                TreeEncoder {
                    game,
                    writer: TreeWriter {
                        out: &mut out,
                        options,
                        charset,
                        declare: false,
                    },
                },
            );
            out.push('\n');
        }
        Ok(out.into_bytes())
    }
}

/// Writes one tree, with its game's property type.
struct TreeEncoder<'a, 'w> {
    game: CompactGame<'a>,
    writer: TreeWriter<'w>,
}

impl GameDispatch for TreeEncoder<'_, '_> {
    type Output = ();

    fn run<P: GameProperty>(mut self) {
        let game = self.game;
        let lean = game.structure();
        let input = game.collection.input.text();
        let options = self.writer.options;
        // Copied nodes keep the line breaks and brackets they were read with: that fits the
        // default layout only, and only a tree read without recovery as UTF-8.
        let copies = lean.is_regular()
            && game.charset() == encoding_rs::UTF_8
            && options.layout == Layout::NodePerLine
            && options.wrap.is_none()
            && options.point_lists == ListStyle::AsIs;
        let mut nodes = game.typed::<P>();
        let ctx = *nodes.context();
        self.writer.out.reserve(lean.len() * 8);
        self.writer.walk(
            0,
            |node| lean.children(node),
            |writer, node, line_start| {
                if node == 0 {
                    writer.root(nodes.props(0), &ctx, line_start);
                    return;
                }
                let text = input.filter(|_| copies && !game.is_edited(node));
                match text.and_then(|text| text.get(lean.node_text(node, text.as_bytes())?)) {
                    Some(text) => writer.out.push_str(text),
                    None => writer.properties(nodes.props(node).iter(), &ctx, line_start),
                }
            },
        );
    }
}
