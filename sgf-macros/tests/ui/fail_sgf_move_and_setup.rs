fn main() {
    let _ = sgf_macros::sgf!("(;FF[4]GM[1];AB[aa]B[bb])");
}
