fn main() {
    let _ = sgf_macros::sgf!("(;GM[1]PB[Honinbo Shusaku];B[aa];PW[Gennan Inseki])");
}
