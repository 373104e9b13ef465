//! `sgf repair`: what validation finds and a program can fix without guessing, fixed by
//! `sgf_core::repair` and written back through the encoder (in place, atomically, or into a
//! directory), each fix printed as `path: location: fixed[code]: message`.

use std::path::Path;

use sgf_core::FileError;
use sgf_core::encode::EncodeOptions;
use sgf_core::repair::RepairOptions;

use crate::batch;
use crate::files::{self, Input};
use crate::fmt;

/// What a run came to, for the exit status.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    /// Files that could not be read or written, or whose output another input claimed.
    pub(crate) failed: usize,
    /// Files that hold no readable SGF, or whose repaired text cannot be written in the
    /// requested charset.
    pub(crate) invalid: usize,
}

/// What is done with a repaired file.
pub(crate) enum Target<'a> {
    /// Written under this directory, at the input's relative path.
    Dir(&'a Path),
    /// Written over the input, atomically.
    InPlace,
    /// Not written: the repairs are only printed.
    DryRun,
}

/// Repairs every input; a file is written only if something in it was repaired.
pub(crate) fn run(
    inputs: &[Input],
    target: &Target<'_>,
    repairs: &RepairOptions,
    options: &EncodeOptions,
) -> Tally {
    let dir = match target {
        Target::Dir(dir) => Some(*dir),
        Target::InPlace | Target::DryRun => None,
    };
    let (jobs, clashes) = fmt::claim(inputs, dir);
    let mut tally = Tally {
        failed: clashes,
        ..Tally::default()
    };
    batch::run(
        &jobs,
        |(input, out)| repair(&input.path, out, target, repairs, options),
        |(input, _), (lines, result)| {
            for line in lines {
                println!("{line}");
            }
            if let Err(error) = result {
                match error {
                    FileError::Io { .. } => tally.failed += 1,
                    FileError::Parse { .. } | FileError::Encode { .. } => tally.invalid += 1,
                }
                for line in files::report(&input.path, &error) {
                    eprintln!("{line}");
                }
            }
        },
    );
    tally
}

/// Reads `path`, repairs it and writes it to `out` unless nothing was repaired or this is a
/// dry run; returns the lines that tell the repairs.
fn repair(
    path: &Path,
    out: &Path,
    target: &Target<'_>,
    repair_options: &RepairOptions,
    options: &EncodeOptions,
) -> (Vec<String>, Result<(), FileError>) {
    let mut collection = match files::read(path) {
        Ok((_, collection)) => collection,
        Err(error) => return (Vec::new(), Err(error)),
    };
    if let Some(origin) = collection.origin().filter(|_| out == path) {
        let source = std::io::Error::other(format!(
            "a record in {} is not repaired in place as SGF; write it under a directory with -o DIR",
            origin.format()
        ));
        let path = path.to_owned();
        return (Vec::new(), Err(FileError::Io { path, source }));
    }
    let repairs = sgf_core::repair::repair_with(&mut collection, repair_options);
    let lines = repairs
        .iter()
        .map(|repair| format!("{}: {repair}", path.display()))
        .collect();
    if repairs.is_empty() || matches!(target, Target::DryRun) {
        return (lines, Ok(()));
    }
    let result = collection
        .encode(options)
        .map_err(|error| FileError::Encode {
            path: path.to_owned(),
            error,
        })
        .and_then(|encoded| fmt::write(out, &encoded));
    (lines, result)
}
