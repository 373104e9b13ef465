//! The `collection` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer (the one
//! model's guarantees: reading's findings, typed views against owned copies, what is written
//! read back, edits read back); the same check replays `fuzz/regressions/collection/` in
//! `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgf_workspace_tests::fuzz_checks::collection(data));
