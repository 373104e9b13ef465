//! The `compact` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer (the compact
//! collection against typed reading and writing); the same check replays
//! `fuzz/regressions/compact/` in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgf_workspace_tests::fuzz_checks::compact(data));
