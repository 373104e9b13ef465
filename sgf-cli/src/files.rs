//! The inputs of a command: paths given on the command line, directories walked for `*.sgf`
//! files, and reading one file into a collection.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use sgf_core::{Collection, FileError, ReadOptions};

/// One file to process.
pub(crate) struct Input {
    /// The file, as found (the argument joined with the path below it).
    pub(crate) path: PathBuf,
    /// Its path relative to the directory argument it was found under, or its file name for a
    /// file named on the command line: where it goes under an output directory.
    pub(crate) relative: PathBuf,
}

/// The files named by `paths`, in order: a file stands for itself (whatever its extension), a
/// directory for every `*.sgf` file below it (extension in any case), sorted by path so that
/// runs are deterministic. Directories that cannot be read are reported on stderr and skipped;
/// the second value counts them.
pub(crate) fn collect(paths: &[PathBuf]) -> (Vec<Input>, usize) {
    let mut inputs = Vec::new();
    let mut failures = 0;
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            failures += walk(path, &mut found);
            found.sort();
            inputs.extend(found.into_iter().map(|file| Input {
                relative: file.strip_prefix(path).unwrap_or(&file).to_path_buf(),
                path: file,
            }));
        } else {
            let relative = path.file_name().map_or_else(|| path.clone(), PathBuf::from);
            inputs.push(Input {
                path: path.clone(),
                relative,
            });
        }
    }
    (inputs, failures)
}

/// Adds the `*.sgf` files below `root` to `found`, without recursion (an explicit stack), and
/// returns how many directories could not be read. Symbolic links to directories are not
/// followed, so a link cycle cannot make the walk endless.
fn walk(root: &Path, found: &mut Vec<PathBuf>) -> usize {
    let mut failures = 0;
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) => {
                eprintln!("sgf: {}: {error}", dir.display());
                failures += 1;
                continue;
            }
        };
        for entry in entries {
            let entry = match entry {
                Ok(entry) => entry,
                Err(error) => {
                    eprintln!("sgf: {}: {error}", dir.display());
                    failures += 1;
                    continue;
                }
            };
            let path = entry.path();
            let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
            if is_dir {
                stack.push(path);
            } else if is_sgf(&path) && path.is_file() {
                found.push(path);
            }
        }
    }
    failures
}

/// Whether a file name ends in `.sgf`, in any case.
fn is_sgf(path: &Path) -> bool {
    path.extension()
        .and_then(OsStr::to_str)
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// Reads a file's bytes.
pub(crate) fn bytes(path: &Path) -> Result<Vec<u8>, FileError> {
    std::fs::read(path).map_err(|source| FileError::Io {
        path: path.to_owned(),
        source,
    })
}

/// Reads a file into a collection, leniently, keeping its bytes as they are on disk (to
/// compare with, or to count: the collection's [`input`](Collection::input) has no
/// byte-order mark, and UTF-16 converted to UTF-8).
pub(crate) fn read(path: &Path) -> Result<(Vec<u8>, Collection), FileError> {
    let bytes = bytes(path)?;
    let collection =
        sgf_core::read(&bytes, &ReadOptions::default()).map_err(|error| FileError::Parse {
            path: path.to_owned(),
            error,
        })?;
    Ok((bytes, collection))
}

/// The lines that report a failure: the error, or for a file without readable SGF each of
/// its findings (`path:line:col: severity: message`).
pub(crate) fn report(path: &Path, error: &FileError) -> Vec<String> {
    match error {
        FileError::Parse { error, .. } if !error.findings.is_empty() => error
            .findings
            .iter()
            .map(|d| format!("{}:{d}", path.display()))
            .collect(),
        _ => vec![format!("sgf: {error}")],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_is_matched_in_any_case() {
        assert!(is_sgf(Path::new("a/b.SGF")));
        assert!(is_sgf(Path::new("b.Sgf")));
        assert!(!is_sgf(Path::new("b.sgf.txt")));
        assert!(!is_sgf(Path::new("sgf")));
    }
}
