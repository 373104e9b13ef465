//! Benchmarks live in `benches/compare`: run them with `cargo bench -p sgf-bench` (or a plain
//! `cargo bench`); `BENCHMARKS.md` at the workspace root holds the results. This library loads
//! the shared corpus for them and for `examples/phase.rs`, which runs one phase for a profiler.

use std::path::{Path, PathBuf};

/// A set of inputs measured together.
pub struct Inputs {
    /// What the inputs are, for a report.
    pub name: String,
    /// The files, read into memory.
    pub files: Vec<Vec<u8>>,
}

impl Inputs {
    /// The size of all the files together.
    pub fn bytes(&self) -> usize {
        self.files.iter().map(Vec::len).sum()
    }
}

/// The shared corpus beside the checkout (`../shared/corpus`), if it is there.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"));
    dir.join("MANIFEST.tsv").is_file().then_some(dir)
}

/// Every file of one corpus category (`bulk`, `large`), as listed in the manifest.
pub fn corpus(dir: &Path, category: &str) -> Inputs {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap_or_default();
    let files = manifest
        .lines()
        .skip(1)
        .filter(|line| line.starts_with(&format!("{category}\t")))
        .filter_map(|line| line.split('\t').nth(1))
        .filter_map(|local| std::fs::read(dir.join(local)).ok())
        .collect();
    Inputs {
        name: format!("corpus {category}"),
        files,
    }
}
