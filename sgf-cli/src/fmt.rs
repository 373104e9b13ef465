//! `sgf fmt` and `sgf convert`: files written back through the encoder, into a directory
//! (keeping the paths below directory arguments) or in place, atomically; or only checked.
//! `sgf repair` writes its files the same way.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use sgf_core::FileError;
use sgf_core::encode::{EncodeOptions, Layout, OutputCharset};
use sgf_core::value::ListStyle;

use crate::batch;
use crate::files::{self, Input};

/// The layout options of the command line.
#[derive(clap::Args)]
pub(crate) struct Style {
    /// No line breaks between nodes.
    #[arg(long)]
    compact: bool,
    /// Break lines at this width where possible.
    #[arg(long, value_name = "N")]
    wrap: Option<usize>,
    /// Write point lists compressed into rectangles.
    #[arg(long, conflicts_with = "expand")]
    compress: bool,
    /// Write every point of a point list on its own.
    #[arg(long)]
    expand: bool,
}

impl Style {
    /// The encoder's options for this style, in `charset`: every node written from its typed
    /// properties, in the form the encoder gives each value.
    pub(crate) fn options(&self, charset: OutputCharset) -> EncodeOptions {
        EncodeOptions {
            charset,
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
            canonical: true,
        }
    }
}

/// Where the results go.
pub(crate) enum Target<'a> {
    /// Under this directory, at each input's relative path.
    Dir(&'a Path),
    /// Over each input, atomically (left alone when nothing changes).
    InPlace,
    /// Nowhere: the files that would change are listed on stdout.
    Check,
}

/// What a run came to, for the exit status.
#[derive(Default)]
pub(crate) struct Tally {
    /// Files that could not be read or written, or whose output another input claimed.
    pub(crate) failed: usize,
    /// Files whose text cannot be written in the requested charset.
    pub(crate) unwritable: usize,
    /// With [`Target::Check`]: files that would change.
    pub(crate) changed: usize,
}

/// What became of one file.
enum Done {
    Written,
    Unchanged,
    WouldChange,
}

/// Rewrites (or checks) every input with `options`, without its analysis properties if
/// `strip` is set.
pub(crate) fn run(
    inputs: &[Input],
    target: &Target<'_>,
    strip: bool,
    options: &EncodeOptions,
) -> Tally {
    let dir = match target {
        Target::Dir(dir) => Some(*dir),
        Target::InPlace | Target::Check => None,
    };
    let (jobs, clashes) = claim(inputs, dir);
    let mut tally = Tally {
        failed: clashes,
        ..Tally::default()
    };
    batch::run(
        &jobs,
        |(input, out)| rewrite(&input.path, out, target, strip, options),
        |(input, _), (notes, result)| {
            for note in notes {
                eprintln!("{note}");
            }
            match result {
                Ok(Done::WouldChange) => {
                    println!("{}", input.path.display());
                    tally.changed += 1;
                }
                Ok(Done::Written | Done::Unchanged) => {}
                Err(error) => {
                    if matches!(error, FileError::Encode { .. }) {
                        tally.unwritable += 1;
                    } else {
                        tally.failed += 1;
                    }
                    for line in files::report(&input.path, &error) {
                        eprintln!("{line}");
                    }
                }
            }
        },
    );
    tally
}

/// Reads `path` and writes it to `out` (or compares it); returns the findings to print too.
fn rewrite(
    path: &Path,
    out: &Path,
    target: &Target<'_>,
    strip: bool,
    options: &EncodeOptions,
) -> (Vec<String>, Result<Done, FileError>) {
    let (bytes, mut collection) = match files::read(path) {
        Ok(read) => read,
        Err(error) => return (Vec::new(), Err(error)),
    };
    if let Err(error) = not_over_another_format(path, &collection, target) {
        return (Vec::new(), Err(error));
    }
    let mut notes: Vec<String> = collection
        .findings()
        .iter()
        .map(|d| format!("{}:{d}", path.display()))
        .collect();
    if strip {
        let stripped = sgf_core::source::strip_analysis(&mut collection);
        if stripped.properties > 0 {
            notes.push(format!(
                "{}: removed {} analysis properties, {} bytes",
                path.display(),
                stripped.properties,
                stripped.bytes
            ));
        }
    }
    let result = (|| {
        let encoded = collection
            .encode(options)
            .map_err(|error| FileError::Encode {
                path: path.to_owned(),
                error,
            })?;
        match target {
            Target::Check if encoded == bytes => Ok(Done::Unchanged),
            Target::Check => Ok(Done::WouldChange),
            Target::InPlace if encoded == bytes => Ok(Done::Unchanged),
            Target::InPlace | Target::Dir(_) => {
                write(out, &encoded)?;
                Ok(Done::Written)
            }
        }
    })();
    (notes, result)
}

/// Refuses to write SGF over a record of another format (in place): it is written under a
/// directory, as `.sgf`, or not at all.
pub(crate) fn not_over_another_format(
    path: &Path,
    collection: &sgf_core::Collection,
    target: &Target<'_>,
) -> Result<(), FileError> {
    match (collection.origin(), target) {
        (Some(origin), Target::InPlace) => Err(FileError::Io {
            path: path.to_owned(),
            source: std::io::Error::other(format!(
                "a record in {} is not rewritten in place as SGF; write it under a directory \
                 with -o DIR",
                origin.format()
            )),
        }),
        _ => Ok(()),
    }
}

/// Pairs every input with the file it is written to: the input itself, or its relative path
/// under `dir`. An input whose output another input already claimed is reported on stderr and
/// left out; the second value counts those.
pub(crate) fn claim<'a>(
    inputs: &'a [Input],
    dir: Option<&Path>,
) -> (Vec<(&'a Input, PathBuf)>, usize) {
    let mut claimed = HashSet::new();
    let mut jobs = Vec::new();
    let mut clashes = 0;
    for input in inputs {
        let path = match dir {
            Some(dir) => dir.join(files::sgf_path(&input.relative)),
            None => input.path.clone(),
        };
        if claimed.insert(path.clone()) {
            jobs.push((input, path));
        } else {
            eprintln!(
                "sgf: {}: another input is also written to {}; not written",
                input.path.display(),
                path.display()
            );
            clashes += 1;
        }
    }
    (jobs, clashes)
}

/// Writes `bytes` to `out` atomically, creating its directory if missing.
pub(crate) fn write(out: &Path, bytes: &[u8]) -> Result<(), FileError> {
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|source| FileError::Io {
            path: parent.to_owned(),
            source,
        })?;
    }
    sgf_core::file::write_atomic(out, bytes).map_err(|source| FileError::Io {
        path: out.to_owned(),
        source,
    })
}
