//! Benchmarks live in `benches/compare`: run them with `cargo bench -p sgf-bench` (or a plain
//! `cargo bench`); `BENCHMARKS.md` at the workspace root holds the results. This library loads
//! the shared corpus for them and for `examples/phase.rs`, which runs one phase for a profiler.

pub mod naive_go;

use std::path::Path;

use sgf_core::games::go::Move;
use sgf_core::{GameTree, GoProperty, ReadOptions, Tree};

/// A set of inputs measured together.
pub struct Inputs {
    /// What the inputs are, for a report.
    pub name: String,
    /// The files, read into memory.
    pub files: Vec<Vec<u8>>,
}

impl Inputs {
    /// The size of all the files together.
    pub fn bytes(&self) -> usize {
        self.files.iter().map(Vec::len).sum()
    }
}

/// The shared corpus beside the checkout (`../shared/corpus`), if it is there.
pub use sgf_test_support::corpus_if_present as corpus_dir;

/// Every file of one corpus category (`bulk`, `large`), as listed in the manifest.
pub fn corpus(dir: &Path, category: &str) -> Inputs {
    let files = sgf_test_support::manifest(dir)
        .into_iter()
        .filter(|(of, _)| of == category)
        .filter_map(|(_, local)| std::fs::read(dir.join(local)).ok())
        .collect();
    Inputs {
        name: format!("corpus {category}"),
        files,
    }
}

/// The Go trees of the inputs that read, as owned trees.
pub fn go_trees(inputs: &Inputs) -> Vec<Tree<GoProperty>> {
    inputs
        .files
        .iter()
        .filter_map(|f| sgf_core::read(f, &ReadOptions::default()).ok())
        .flat_map(|collection| collection.to_trees())
        .filter_map(|game| match game {
            GameTree::Go(tree) => Some(tree),
            _ => None,
        })
        .collect()
}

/// The main line of a Go tree replayed on the [`naive_go`] board: the stones each node's move
/// captured (sorted), node by node, and the board after the last.
pub fn naive_main_line(tree: &Tree<GoProperty>) -> (Vec<Vec<(usize, usize)>>, naive_go::Board) {
    use naive_go::Stone;
    let (cols, rows) = tree.context().size;
    let side = |n: u32| n.clamp(1, 52) as usize;
    let mut board = naive_go::Board::new(side(cols), side(rows));
    let mut captures = Vec::new();
    for node in tree.main_line() {
        let mut captured = Vec::new();
        for property in tree.props(node) {
            let (list, stone) = match property {
                GoProperty::AB(list) => (list, Some(Stone::Black)),
                GoProperty::AW(list) => (list, Some(Stone::White)),
                GoProperty::AE(list) => (list, None),
                _ => continue,
            };
            for p in list.points() {
                board.set(usize::from(p.col), usize::from(p.row), stone);
            }
        }
        for property in tree.props(node) {
            let (stone, m) = match property {
                GoProperty::B(m) => (Stone::Black, m),
                GoProperty::W(m) => (Stone::White, m),
                _ => continue,
            };
            if let Move::Play(p) = m {
                captured.extend(board.play(stone, usize::from(p.col), usize::from(p.row)));
            }
        }
        captured.sort_unstable();
        captures.push(captured);
    }
    (captures, board)
}
