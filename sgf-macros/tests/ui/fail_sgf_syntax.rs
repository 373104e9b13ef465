fn main() {
    let _ = sgf_macros::sgf!("(;GM[1];B[aa]");
}
