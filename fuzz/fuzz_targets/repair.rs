//! The `repair` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer (validation and
//! repair on arbitrary input); the same check replays `fuzz/regressions/repair/` in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgf_workspace_tests::fuzz_checks::repair(data));
