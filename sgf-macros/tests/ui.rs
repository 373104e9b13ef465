//! UI tests of the macros: the cases that compile, and the compile errors of those that do not
//! (`tests/ui/<case>.rs` with its `.stderr`). The `.stderr` files were blessed on rustc 1.95.0
//! (stable, 2026-04-14) with `TRYBUILD=overwrite cargo test -p sgf-macros --test ui`; another
//! compiler may word or place its part of the messages differently.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.pass("tests/ui/pass_*.rs");
    cases.compile_fail("tests/ui/fail_*.rs");
}
