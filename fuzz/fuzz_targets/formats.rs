//! The `formats` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer (the readers of
//! GIB, NGF and UGF, each on every input); the same check replays `fuzz/regressions/formats/`
//! in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgf_workspace_tests::fuzz_checks::formats(data));
