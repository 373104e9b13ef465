//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use sgf_core::encode::{EncodeOptions, encode_to_string};
use sgf_core::{Collection, GameProperty, GameSet, Tree, TreeVisitorMut, parse_str};

/// Removes the root's `CA`, which writing UTF-8 sets.
struct WithoutCa;

impl TreeVisitorMut for WithoutCa {
    type Output = ();

    fn visit_mut<P: GameProperty>(self, tree: &mut Tree<P>) {
        tree.remove(tree.root(), "CA");
    }
}

/// The collection without the roots' `CA`, to compare what was read with what was written in
/// UTF-8.
pub(crate) fn without_ca(mut collection: Collection) -> Collection {
    for game in &mut collection.games {
        game.visit_mut(WithoutCa);
    }
    collection
}

/// Reads text leniently, failing the test on an unreadable input.
pub(crate) fn read(text: &str) -> Collection {
    parse_str(text).unwrap_or_else(|e| panic!("{e}")).collection
}

/// Writes a collection as text.
pub(crate) fn written(collection: &Collection, options: &EncodeOptions) -> String {
    encode_to_string(collection, options)
}

/// The shared corpus of real files beside the checkout, if it is there.
pub(crate) fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"));
    if dir.join("MANIFEST.tsv").is_file() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: {} is absent (the shared corpus is not beside this checkout)",
            dir.display()
        );
        None
    }
}

/// Every file of the corpus manifest that can be read: its path in the corpus and its bytes,
/// one at a time.
pub(crate) fn manifest_files(dir: &std::path::Path) -> impl Iterator<Item = (String, Vec<u8>)> {
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("a readable manifest");
    let dir = dir.to_path_buf();
    let locals: Vec<String> = manifest
        .lines()
        .skip(1)
        .filter_map(|line| line.split('\t').nth(1).map(str::to_owned))
        .collect();
    locals.into_iter().filter_map(move |local| {
        let input = std::fs::read(dir.join(&local)).ok()?;
        Some((local, input))
    })
}
