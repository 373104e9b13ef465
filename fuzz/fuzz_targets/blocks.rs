//! The fast scanner's first stage (`sgf_core::syntax::blocks`) on arbitrary bytes: every way of
//! classifying the input's blocks this processor can run (AVX2, SSE2, plain Rust) gives the same
//! bit masks as the byte-by-byte reference.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| assert!(sgf_core::__private::blocks_agree(data)));
