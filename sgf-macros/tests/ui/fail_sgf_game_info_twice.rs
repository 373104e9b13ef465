fn main() {
    let _ = sgf_macros::sgf!("(;FF[4]GM[1]PB[Honinbo Shusaku];B[aa];PW[Gennan Inseki])");
}
