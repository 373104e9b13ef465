fn main() {
    let _ = sgf_macros::sgf!("(;GM[1]DT[2001-02-29]RE[Black wins])");
}
