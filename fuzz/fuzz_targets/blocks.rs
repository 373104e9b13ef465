//! The `blocks` check of `sgf_workspace_tests::fuzz_checks` under libFuzzer (the fast
//! scanner's first stage: every way of classifying blocks this processor runs against the
//! byte-by-byte reference); the same check replays `fuzz/regressions/blocks/` in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sgf_workspace_tests::fuzz_checks::blocks(data));
