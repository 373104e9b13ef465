//! The inputs: files of the shared corpus read into memory first (see the `sgf-bench`
//! library), and generated stress inputs at three sizes each, to show how time grows with size.

pub(crate) use sgf_bench::{Inputs, corpus, corpus_dir};

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
