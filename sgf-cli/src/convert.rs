//! `sgf convert`: files re-encoded into another charset through the encoder, with the root's
//! `CA` set to it. The source charset is the one the reader settled on: the declared `CA`, or
//! the detected one where `CA` is missing or wrong.

use std::path::Path;

use sgf_core::encode::OutputCharset;

use crate::files::Input;
use crate::fmt::{self, Style, Tally, Target};

/// A charset named on the command line (a WHATWG label such as `GBK`, `Shift_JIS`, `latin1`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Charset(pub(crate) &'static sgf_core::charset::Encoding);

/// Parses a charset label for clap; an error names the label.
pub(crate) fn parse_charset(label: &str) -> Result<Charset, String> {
    sgf_core::charset::lookup(label)
        .map(Charset)
        .ok_or_else(|| {
            format!("no charset is called {label:?} (e.g. UTF-8, GBK, Shift_JIS, windows-1252)")
        })
}

/// Converts every input into `to`, writing under `output`.
pub(crate) fn run(inputs: &[Input], to: Charset, output: &Path, style: &Style) -> Tally {
    let options = style.options(OutputCharset::Other(to.0));
    fmt::run(inputs, &Target::Dir(output), false, &options)
}
