//! The whole reading pipeline on arbitrary bytes, lenient and strict: no panic; and whatever
//! reads, written in UTF-8 and read again, writes the same text again (encode is stable).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sgf_core::encode::{EncodeOptions, encode_to_string};
use sgf_core::{ReadOptions, parse, parse_with};

fuzz_target!(|data: &[u8]| {
    let _ = parse_with::<sgf_core::GameTree>(data, &ReadOptions::strict());
    let Ok(first) = parse(data) else { return };
    let options = EncodeOptions::default();
    let text = encode_to_string(&first.collection, &options);
    let second = parse(text.as_bytes()).expect("what the encoder writes reads back");
    assert_eq!(encode_to_string(&second.collection, &options), text);
});
