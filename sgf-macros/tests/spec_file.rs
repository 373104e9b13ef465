//! `spec!` with a file relative to the crate's manifest: the application's properties are typed
//! variants of every game, read, validated and written like the standard ones.

mod analysis {
    sgf_macros::spec!("tests/fixtures/analysis.spec");
}

use analysis::{GameTree, GoProperty};
use sgf_core::Collection;
use sgf_core::encode::{EncodeOptions, Layout};
use sgf_core::validate::{Code, validate};

const TEXT: &str = "(;GM[1]SZ[19];B[pd]SBKV[55.30]LZ[pd 1200 visits];SBKV[40])";

#[test]
fn private_properties_read_typed_validate_and_write_back() {
    let collection =
        Collection::<GameTree>::read(TEXT.as_bytes(), &Default::default()).expect("readable");
    let game = collection.game(0);
    assert!(matches!(game.to_owned(), GameTree::Go(_)), "a Go tree");
    let tree = game.tree::<GoProperty>();
    let node = game.first_child(game.root()).expect("a move");
    assert!(
        matches!(tree.props(node)[1], GoProperty::SBKV(v) if (v - 55.3).abs() < 1e-9),
        "{:?}",
        tree.props(node)
    );
    assert!(
        matches!(&tree.props(node)[2], GoProperty::LZ(text) if text.as_str() == "pd 1200 visits")
    );
    // `Requires: SBKV -> B W` of the application's spec.
    let report = validate(&collection);
    let codes: Vec<Code> = report.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [Code::MissingCompanion]);
    let options = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    let written = collection.to_text(&options);
    // Reals are written in their shortest form.
    assert!(
        written.contains(";B[pd]SBKV[55.3]LZ[pd 1200 visits];SBKV[40]"),
        "{written}"
    );
}
