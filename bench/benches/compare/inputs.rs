//! The inputs: files of the shared corpus read into memory first, and generated stress inputs
//! at three sizes each, to show how time grows with size.

use std::path::{Path, PathBuf};

/// A set of inputs measured together.
pub(crate) struct Inputs {
    pub(crate) name: String,
    pub(crate) files: Vec<Vec<u8>>,
}

impl Inputs {
    pub(crate) fn bytes(&self) -> usize {
        self.files.iter().map(Vec::len).sum()
    }
}

/// The shared corpus beside the checkout, if it is there.
pub(crate) fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"));
    dir.join("MANIFEST.tsv").is_file().then_some(dir)
}

/// Every file of one corpus category (`bulk`, `large`), as listed in the manifest.
pub(crate) fn corpus(dir: &Path, category: &str) -> Inputs {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    let files = manifest
        .lines()
        .skip(1)
        .filter(|line| line.starts_with(&format!("{category}\t")))
        .filter_map(|line| line.split('\t').nth(1))
        .filter_map(|local| std::fs::read(dir.join(local)).ok())
        .collect();
    Inputs {
        name: format!("corpus {category}"),
        files,
    }
}

/// A point of a 19x19 board from a number.
fn point(i: usize) -> [u8; 2] {
    [b'a' + (i % 19) as u8, b'a' + (i / 19 % 19) as u8]
}

/// A main line of `moves` moves.
pub(crate) fn main_line(moves: usize) -> Inputs {
    let mut text = b"(;GM[1]FF[4]SZ[19]".to_vec();
    for i in 0..moves {
        text.extend_from_slice(if i % 2 == 0 { b";B[" } else { b";W[" });
        text.extend_from_slice(&point(i));
        text.push(b']');
    }
    text.push(b')');
    single(format!("main line, {moves} moves"), text)
}

/// `depth` nested variations: every node holds the next level as its first variation and a
/// one-move variation after it.
pub(crate) fn nested(depth: usize) -> Inputs {
    let text = format!(
        "(;GM[1]{}{})",
        "(;B[aa]".repeat(depth),
        "(;W[bb]))".repeat(depth)
    );
    single(
        format!("nested variations, depth {depth}"),
        text.into_bytes(),
    )
}

/// One comment of about `mb` megabytes, with an escaped `]` or `\` every few words and line
/// breaks, soft ones included.
pub(crate) fn comment(mb: usize) -> Inputs {
    let piece = "a comment with \\] brackets, \\\\ backslashes, soft\\\nbreaks\nand lines. ";
    let mut text = String::from("(;GM[1]C[");
    while text.len() < mb * 1_000_000 {
        text.push_str(piece);
    }
    text.push_str("])");
    single(format!("comment, {mb} MB"), text.into_bytes())
}

/// `nodes` setup nodes on a 52x52 board, each covering the board with compressed rectangles
/// (black rows, white columns and triangles).
pub(crate) fn board52(nodes: usize) -> Inputs {
    let letter = |i: usize| if i < 26 { b'a' + i as u8 } else { b'A' + (i - 26) as u8 } as char;
    let mut node = String::from(";AB");
    for row in (0..52).step_by(2) {
        node.push_str(&format!("[a{r}:Z{r}]", r = letter(row)));
    }
    node.push_str("AW");
    for row in (1..52).step_by(2) {
        node.push_str(&format!("[a{r}:Z{r}]", r = letter(row)));
    }
    node.push_str("TR");
    for col in 0..52 {
        node.push_str(&format!("[{c}a:{c}Z]", c = letter(col)));
    }
    let text = format!("(;GM[1]SZ[52]{})", node.repeat(nodes));
    single(
        format!("52x52 point lists, {nodes} nodes"),
        text.into_bytes(),
    )
}

fn single(name: String, text: Vec<u8>) -> Inputs {
    Inputs {
        name,
        files: vec![text],
    }
}
