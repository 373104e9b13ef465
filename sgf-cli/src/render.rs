//! `sgf render`: the position at one node of a Go game as a diagram, SVG (`sgf_core::diagram`)
//! or PNG (the SVG rasterised with resvg).

use std::path::{Path, PathBuf};

use sgf_core::collection::TypedTree;
use sgf_core::diagram::{self, Diagram};
use sgf_core::position::Positions;
use sgf_core::{Game, GameProperty, GoProperty, NodeId};

use crate::files;

/// Which node to draw.
pub(crate) enum Node {
    /// The last node of the main line.
    Last,
    /// The node at this index in document order, as `sgf dump` numbers them.
    Index(usize),
    /// The node of the main line after this move.
    Move(u32),
}

/// What to draw and where.
pub(crate) struct Request {
    pub(crate) file: PathBuf,
    /// The game of the file, counted from 1.
    pub(crate) game: usize,
    pub(crate) node: Node,
    pub(crate) numbers: Option<(u32, u32)>,
    pub(crate) output: PathBuf,
    /// The distance between two lines, in pixels.
    pub(crate) cell: f64,
}

/// Why a diagram could not be drawn, with the exit status it gives.
pub(crate) struct Failure {
    pub(crate) message: String,
    pub(crate) status: u8,
}

fn failure(status: u8, message: String) -> Failure {
    Failure { message, status }
}

/// Draws the diagram the request asks for.
pub(crate) fn run(request: &Request) -> Result<(), Failure> {
    let (_, collection) = files::read(&request.file)
        .map_err(|error| failure(3, files::report(&request.file, &error).join("\n")))?;
    let name = request.file.display();
    let index = request.game.wrapping_sub(1);
    if index >= collection.len() {
        return Err(failure(
            2,
            format!("{name}: there is no game {}", request.game),
        ));
    }
    let game = collection.game(index);
    // Go is the game whose section of the specification has its `GM`.
    if GoProperty::game().gm != Some(game.gm()) {
        return Err(failure(
            2,
            format!(
                "{name}: game {} is not Go; render draws Go boards",
                request.game
            ),
        ));
    }
    let tree = game.tree::<GoProperty>();
    let node = find(game, &tree, &request.node)
        .ok_or_else(|| failure(2, format!("{name}: game {} has no such node", request.game)))?;
    let diagram = Diagram {
        cell: request.cell,
        numbers: request.numbers,
        ..Diagram::default()
    };
    let svg = diagram::svg(&tree, node, &diagram);
    let bytes = match extension(&request.output).as_deref() {
        Some("svg") => svg.into_bytes(),
        Some("png") => png(&svg).map_err(|message| failure(3, message))?,
        _ => {
            return Err(failure(
                2,
                format!("{}: write a .svg or a .png", request.output.display()),
            ));
        }
    };
    crate::fmt::write(&request.output, &bytes)
        .map_err(|error| failure(3, files::report(&request.output, &error).join("\n")))
}

fn extension(path: &Path) -> Option<String> {
    Some(path.extension()?.to_str()?.to_ascii_lowercase())
}

/// The node a request names, in `game`, whose typed view is `tree`.
fn find(game: Game<'_>, tree: &TypedTree<'_, GoProperty>, node: &Node) -> Option<NodeId> {
    match node {
        Node::Last => game.main_line().last(),
        Node::Index(index) => game.nodes().nth(*index),
        Node::Move(number) => {
            if *number == 0 {
                return Some(game.root());
            }
            // The first node whose move has the number (`MN` may give one twice).
            let mut replay = tree.replay_main_line();
            while let Some(step) = replay.step() {
                if step.outcome.moved.is_some() && step.board.move_number() == *number {
                    return Some(step.node);
                }
            }
            None
        }
    }
}

/// An SVG document rasterised to PNG, text in the system's fonts.
fn png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("the diagram: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| "the diagram has no size".to_owned())?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}
