//! The generated source, as a snapshot: every change of the generator or of `spec/` shows in
//! review as a diff of `tests/snapshots/`. Accept a deliberate change with
//! `INSTA_UPDATE=always cargo test -p sgf-codegen --test snapshot` (or `cargo insta review`).

use sgf_codegen::Options;
use sgf_spec_data::FF4;

fn options(sources: &[&str]) -> Options {
    Options::for_core(sources.iter().map(|s| (*s).to_owned()).collect())
}

#[test]
fn ff4_all_games() {
    let spec = sgf_spec::load(&[(FF4.name, FF4.text)]).unwrap_or_else(|e| panic!("{e}"));
    insta::assert_snapshot!(sgf_codegen::generate(&spec, &options(&[FF4.name])));
}
