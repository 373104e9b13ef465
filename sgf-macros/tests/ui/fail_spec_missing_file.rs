mod app {
    sgf_macros::spec!("no-such-file.spec");
}

fn main() {}
