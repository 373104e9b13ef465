//! What the workspace's tests share, so that each is written once: where `../shared` is, the
//! files of its corpus (walked without recursion, in a stable order), a deterministic random
//! generator whose failures replay, temporary directories removed when dropped, and the
//! generators of hostile inputs ([`hostile`]).
//!
//! A test that needs `../shared` is marked `#[ignore = "needs ../shared/corpus"]` (or
//! `../shared/seeds`): `cargo test` then reports it as ignored, with the reason, where the
//! folder is absent, and `.ci/run` runs it with `--ignored`. Run that way without the folder,
//! it fails with a message naming the missing path instead of passing having checked nothing.

pub mod hostile;

use std::ops::Deref;
use std::path::{Path, PathBuf};

/// `../shared` beside the checkout, where the shared corpus, seeds and tools live.
pub fn shared() -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(1);
    let beside = workspace.and_then(Path::parent).unwrap_or(Path::new(".."));
    beside.join("shared")
}

/// The folder `relative` of `../shared`; fails the test, naming it, where it is absent.
pub fn needs(relative: &str) -> PathBuf {
    let dir = shared().join(relative);
    assert!(
        dir.exists(),
        "this test needs ../shared/{relative} beside the checkout, and {} is absent",
        dir.display()
    );
    dir
}

/// The shared corpus of real files (`../shared/corpus`); fails the test where it is absent.
pub fn corpus() -> PathBuf {
    let dir = needs("corpus");
    assert!(
        dir.join("MANIFEST.tsv").is_file(),
        "{} holds no MANIFEST.tsv",
        dir.display()
    );
    dir
}

/// The shared corpus, if it is there: for benchmarks and tools that measure what they find.
pub fn corpus_if_present() -> Option<PathBuf> {
    let dir = shared().join("corpus");
    dir.join("MANIFEST.tsv").is_file().then_some(dir)
}

/// Every file under `dir`, recursively and without recursing, sorted.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every `.sgf` file under `dir` (the extension in any case), sorted.
pub fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = files_under(dir);
    files.retain(|path| {
        path.extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("sgf"))
    });
    files
}

/// The files the corpus manifest lists, as `(category, path in the corpus)`, in its order.
pub fn manifest(corpus: &Path) -> Vec<(String, String)> {
    let manifest = std::fs::read_to_string(corpus.join("MANIFEST.tsv"))
        .unwrap_or_else(|e| panic!("{}: {e}", corpus.join("MANIFEST.tsv").display()));
    manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut fields = line.split('\t');
            Some((fields.next()?.to_owned(), fields.next()?.to_owned()))
        })
        .collect()
}

/// Every file of the manifest that can be read, as its path in the corpus and its bytes, one
/// at a time.
pub fn manifest_files(corpus: &Path) -> impl Iterator<Item = (String, Vec<u8>)> + use<> {
    let corpus = corpus.to_path_buf();
    manifest(&corpus).into_iter().filter_map(move |(_, local)| {
        let input = std::fs::read(corpus.join(&local)).ok()?;
        Some((local, input))
    })
}

/// An empty directory `sgf-NAME-PID` under the system's temporary folder, removed with
/// everything in it when dropped, whether the test passed or not. Names must differ between
/// the tests of one test binary.
pub fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("sgf-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    TempDir(dir)
}

/// A directory that [`temp_dir`] made; it derefs to its path.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A small deterministic generator (xorshift64): the same numbers on every run, so that a
/// failure replays.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`: any value, small ones included, which are spread over the
    /// bits first (and made odd, as xorshift never leaves zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// One of `items` (which must not be empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// `len` bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64().to_le_bytes()[0]).collect()
    }

    /// `input` with 1 to `most` random edits, each removing a byte, replacing one with a byte
    /// of `alphabet`, or inserting one.
    pub fn edit(&mut self, input: &[u8], alphabet: &[u8], most: usize) -> Vec<u8> {
        let mut edited = input.to_vec();
        for _ in 0..1 + self.below(most) {
            let at = self.below(edited.len() + 1);
            match self.below(3) {
                0 if at < edited.len() => {
                    edited.remove(at);
                }
                1 if at < edited.len() => edited[at] = *self.pick(alphabet),
                _ => edited.insert(at, *self.pick(alphabet)),
            }
        }
        edited
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_replays_and_stays_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let first: Vec<u64> = (0..100).map(|_| a.next_u64()).collect();
        assert_eq!(first, (0..100).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert!(first.iter().collect::<std::collections::HashSet<_>>().len() > 95);
        assert!((0..1000).all(|_| a.below(3) < 3));
        assert_ne!(Rng::new(0).next_u64(), 0);
    }

    #[test]
    fn the_walk_finds_sgf_files_in_any_case_in_order() {
        let dir = temp_dir("test-support-walk");
        std::fs::create_dir_all(dir.join("a/b")).expect("a subdirectory");
        for name in ["z.sgf", "a/b/c.SGF", "a/notes.txt", "a/y.sgf"] {
            std::fs::write(dir.join(name), b"").expect("a file");
        }
        let names = |files: Vec<PathBuf>| -> Vec<String> {
            let strip = |p: &PathBuf| p.strip_prefix(&dir).expect("below").display().to_string();
            files.iter().map(strip).collect()
        };
        assert_eq!(names(sgf_files(&dir)), ["a/b/c.SGF", "a/y.sgf", "z.sgf"]);
        assert_eq!(files_under(&dir).len(), 4);
        let path = dir.to_path_buf();
        drop(dir);
        assert!(!path.exists(), "a temporary directory is gone once dropped");
    }
}
