//! Helpers shared by the integration tests.
#![allow(dead_code)]

use sgf_core::encode::EncodeOptions;
use sgf_core::game_set::{GameSet, TreeVisitorMut};
use sgf_core::{Collection, GameProperty, GameTree, ReadOptions, Tree};

/// Removes the root's `CA`, which writing UTF-8 sets.
struct WithoutCa;

impl TreeVisitorMut for WithoutCa {
    type Output = ();

    fn visit_mut<P: GameProperty>(self, tree: &mut Tree<P>) {
        tree.remove(tree.root(), "CA");
    }
}

/// Owned copies of the trees of a collection without the roots' `CA`, to compare what was
/// read with what was written in UTF-8.
pub(crate) fn without_ca(collection: &Collection) -> Vec<GameTree> {
    let mut trees = collection.to_trees();
    for tree in &mut trees {
        tree.visit_mut(WithoutCa);
    }
    trees
}

/// Removes the roots' `CA` in the collection itself, as an application editing it would: each
/// tree is replaced by its copy without one, and keeps the charset it was read in.
pub(crate) fn drop_ca(collection: &mut Collection) {
    for (index, tree) in without_ca(collection).into_iter().enumerate() {
        collection.replace(index, tree);
    }
}

/// Reads bytes leniently, failing the test on an unreadable input.
pub(crate) fn read_bytes(input: &[u8]) -> Collection {
    sgf_core::read(input, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// Reads text leniently, failing the test on an unreadable input.
pub(crate) fn read(text: &str) -> Collection {
    read_bytes(text.as_bytes())
}

/// Writes a collection as text.
pub(crate) fn written(collection: &Collection, options: &EncodeOptions) -> String {
    collection.to_text(options)
}

#[allow(unused_imports)]
pub(crate) use sgf_test_support::{corpus, manifest, manifest_files};
