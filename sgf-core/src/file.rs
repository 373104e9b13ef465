//! Files: loading a collection from a path, and saving one so that a crash or an error never
//! leaves a truncated file (a temporary file in the same directory, synced, then renamed).

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::collection::Collection;
use crate::encode::{EncodeError, EncodeOptions, encode};
use crate::game_set::GameSet;
use crate::read::{ParseError, ReadOptions, read};

/// A file that could not be loaded or saved.
#[derive(Debug)]
pub enum FileError {
    /// The file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file holds no readable SGF (or strict mode found errors).
    Parse {
        /// The file.
        path: PathBuf,
        /// The findings.
        error: ParseError,
    },
    /// The collection cannot be written in the requested charset.
    Encode {
        /// The file.
        path: PathBuf,
        /// What does not fit.
        error: EncodeError,
    },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            FileError::Parse { path, error } => write!(f, "{}: {error}", path.display()),
            FileError::Encode { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FileError::Io { source, .. } => Some(source),
            FileError::Parse { error, .. } => Some(error),
            FileError::Encode { error, .. } => Some(error),
        }
    }
}

/// Reads a file, as [`read`] reads bytes, in the format its extension names (`.sgf`, `.gib`,
/// `.ngf`, `.ugf`, `.ugi`) unless `options` name one; by its content where neither does.
pub fn load(path: impl AsRef<Path>, options: &ReadOptions) -> Result<Collection, FileError> {
    let path = path.as_ref();
    let options = &options.for_path(path);
    let bytes = fs::read(path).map_err(|source| FileError::Io {
        path: path.to_owned(),
        source,
    })?;
    read(&bytes, options).map_err(|error| FileError::Parse {
        path: path.to_owned(),
        error,
    })
}

/// Saves a collection atomically: the file is either left as it was or fully replaced.
pub fn save<G: GameSet>(
    path: impl AsRef<Path>,
    collection: &Collection<G>,
    options: &EncodeOptions,
) -> Result<(), FileError> {
    let path = path.as_ref();
    let bytes = encode(collection, options).map_err(|error| FileError::Encode {
        path: path.to_owned(),
        error,
    })?;
    write_atomic(path, &bytes).map_err(|source| FileError::Io {
        path: path.to_owned(),
        source,
    })
}

/// Writes `bytes` to `path` through a temporary file in the same directory, synced and renamed
/// over the target; on any error the temporary file is removed and the target is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let temp = dir.join(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_the_target_and_no_temporary_file() {
        let dir = sgf_test_support::temp_dir("core-atomic");
        let target = dir.join("game.sgf");
        fs::write(&target, b"(;GM[1])").expect("the original file");
        write_atomic(&target, b"(;GM[1]SZ[9])").expect("the write succeeds");
        assert_eq!(fs::read(&target).expect("readable"), b"(;GM[1]SZ[9])");
        // Renaming onto a directory fails: the directory and the original stay, no temp is left.
        let blocked = dir.join("blocked");
        fs::create_dir_all(blocked.join("inner")).expect("a directory in the way");
        assert!(write_atomic(&blocked, b"data").is_err());
        assert!(blocked.is_dir());
        let leftovers: Vec<_> = fs::read_dir(&dir)
            .expect("listable")
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }
}
