//! The inputs of a command: paths given on the command line, directories walked for game
//! records (`*.sgf`, and the other formats sgf-core reads: `*.gib`, `*.ngf`, `*.ugf`, `*.ugi`),
//! and reading one file into a collection.

use std::path::{Path, PathBuf};

use sgf_core::formats::Format;
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
/// directory for every game record below it (`*.sgf`, `*.gib`, `*.ngf`, `*.ugf`, `*.ugi`, the
/// extension in any case), sorted by path so that
/// runs are deterministic. Directories that cannot be read are reported on stderr and skipped;
/// the second value counts them.
pub(crate) fn collect(paths: &[PathBuf]) -> (Vec<Input>, usize) {
    let mut inputs = Vec::new();
    let mut failures = 0;
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            failures += walk(path, &mut found);
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

/// Adds the game records below `root` to `found`, sorted by path (component by component),
/// without recursion (an explicit stack), and returns how many directories could not be read.
/// Each directory's entries are sorted by name and visited in that order, which is the order
/// of their paths: no sort of the whole list, whose comparisons of paths would cost more than
/// the walk. Symbolic links to directories are not followed, so a link cycle cannot make the
/// walk endless.
fn walk(root: &Path, found: &mut Vec<PathBuf>) -> usize {
    let mut failures = 0;
    // What is left to visit, the next last: directories to read and files found.
    let mut stack = vec![(root.to_path_buf(), true)];
    let mut entries = Vec::new();
    while let Some((path, is_dir)) = stack.pop() {
        if !is_dir {
            found.push(path);
            continue;
        }
        let dir = match std::fs::read_dir(&path) {
            Ok(dir) => dir,
            Err(error) => {
                eprintln!("sgf: {}: {error}", path.display());
                failures += 1;
                continue;
            }
        };
        entries.clear();
        for entry in dir {
            let entry = match entry {
                Ok(entry) => entry,
                Err(error) => {
                    eprintln!("sgf: {}: {error}", path.display());
                    failures += 1;
                    continue;
                }
            };
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let path = entry.path();
            if kind.is_dir() {
                entries.push((path, true));
            // A link is followed to see whether it names a file.
            } else if Format::is_record_path(&path)
                && (kind.is_file() || kind.is_symlink() && path.is_file())
            {
                entries.push((path, false));
            }
        }
        entries.sort_unstable_by(|(a, _), (b, _)| a.file_name().cmp(&b.file_name()));
        stack.extend(entries.drain(..).rev());
    }
    failures
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
        sgf_core::read(&bytes, &options(path, false)).map_err(|error| FileError::Parse {
            path: path.to_owned(),
            error,
        })?;
    Ok((bytes, collection))
}

/// How to read `path`: strictly or not, in the format its extension names (by its content
/// where the extension names none).
pub(crate) fn options(path: &Path, strict: bool) -> ReadOptions {
    let options = if strict {
        ReadOptions::strict()
    } else {
        ReadOptions::default()
    };
    options.for_path(path)
}

/// Where a file read from `path` is written as SGF: the same path, but a record of another
/// format gets `.sgf` after its name (`game.gib` becomes `game.gib.sgf`, beside a `game.ngf`
/// that becomes `game.ngf.sgf`).
pub(crate) fn sgf_path(path: &Path) -> PathBuf {
    match Format::from_extension(path) {
        Some(Format::Sgf) | None => path.to_owned(),
        Some(_) => {
            let mut name = path.as_os_str().to_owned();
            name.push(".sgf");
            PathBuf::from(name)
        }
    }
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
        let is_record = |p: &str| Format::is_record_path(Path::new(p));
        assert!(is_record("a/b.SGF"));
        assert!(is_record("b.Sgf"));
        assert!(is_record("b.GIB") && is_record("b.ngf") && is_record("b.ugi"));
        assert!(!is_record("b.sgf.txt"));
        assert!(!is_record("sgf"));
    }

    #[test]
    fn a_record_of_another_format_is_written_as_sgf_beside_its_name() {
        assert_eq!(sgf_path(Path::new("a/b.gib")), Path::new("a/b.gib.sgf"));
        assert_eq!(sgf_path(Path::new("a/b.UGI")), Path::new("a/b.UGI.sgf"));
        assert_eq!(sgf_path(Path::new("a/b.SGF")), Path::new("a/b.SGF"));
        assert_eq!(sgf_path(Path::new("a/b.txt")), Path::new("a/b.txt"));
    }
}
