//! The spec reader on arbitrary text, alone and layered on the standard FF[4] file: it never
//! panics, and every error it reports names a line of the input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let lines = u32::try_from(text.lines().count()).unwrap_or(u32::MAX);
    if let Err(errors) = sgf_spec::load(&[("fuzz.spec", text)]) {
        for error in errors.iter() {
            assert!(error.at.line >= 1 && error.at.line <= lines.max(1), "{error}");
        }
    }
    let ff4 = sgf_spec_data::FF4;
    let _ = sgf_spec::load(&[(ff4.name, ff4.text), ("fuzz.spec", text)]);
});
