//! The `lean` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer (the fast structural
//! scanner against the lenient parser); the same check replays `fuzz/regressions/lean/` in
//! `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgf_workspace_tests::fuzz_checks::lean(data));
