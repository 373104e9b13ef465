fn main() {
    let _ = sgf_macros::sgf!("(;GM[1]SZ[9];B[jj])");
}
