//! `sgf fmt`: files written back through the encoder, into a directory.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sgf_core::encode::{EncodeOptions, Layout, OutputCharset};
use sgf_core::value::ListStyle;

/// The layout options of the command line.
pub(crate) struct Style {
    pub(crate) keep_charset: bool,
    pub(crate) compact: bool,
    pub(crate) wrap: Option<usize>,
    pub(crate) compress: bool,
    pub(crate) expand: bool,
}

impl Style {
    fn options(&self) -> EncodeOptions {
        EncodeOptions {
            charset: if self.keep_charset {
                OutputCharset::Source
            } else {
                OutputCharset::Utf8
            },
            layout: if self.compact {
                Layout::Compact
            } else {
                Layout::NodePerLine
            },
            wrap: self.wrap,
            point_lists: match (self.compress, self.expand) {
                (true, _) => ListStyle::Compressed,
                (_, true) => ListStyle::Expanded,
                _ => ListStyle::AsIs,
            },
        }
    }
}

/// Rewrites every file into `output`; returns how many could not be read or written.
pub(crate) fn run(files: &[PathBuf], output: &Path, style: Style) -> usize {
    if let Err(error) = std::fs::create_dir_all(output) {
        eprintln!("sgf: {}: {error}", output.display());
        return files.len();
    }
    let options = style.options();
    let mut written = HashSet::new();
    let mut failures = 0;
    for path in files {
        let Some(name) = path.file_name() else {
            eprintln!("sgf: {}: not a file", path.display());
            failures += 1;
            continue;
        };
        let target = output.join(name);
        if !written.insert(target.clone()) {
            eprintln!(
                "sgf: {}: another input has the same name; not written",
                path.display()
            );
            failures += 1;
            continue;
        }
        let result = sgf_core::load(path).and_then(|parsed| {
            for d in &parsed.diagnostics {
                eprintln!("{}:{d}", path.display());
            }
            sgf_core::save(&target, &parsed.collection, &options)
        });
        if let Err(error) = result {
            crate::dump::report(path, &error);
            failures += 1;
        }
    }
    failures
}
