//! Helpers shared by the integration tests.
#![allow(dead_code)]

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

#[allow(unused_imports)]
pub(crate) use sgf_test_support::{corpus, manifest, manifest_files};
