//! An application's spec, inline: its own property and game plug into the reader and the
//! validator like the standard ones.

mod app {
    sgf_macros::spec!(
        text = "Analysis properties
Unique:\tXV

Property:\tXV (visits)
Propvalue:\tlist of point
Propertytype:\t-
Function:\tPoints an engine looked at.

Gomoku properties
Gametype:\t4

Property:\tOP (opening)
Propvalue:\tsimpletext
Propertytype:\tgame-info
Function:\tThe opening rule played.
"
    );
}

use sgf_core::validate::{Code, validate};

fn main() {
    let text = b"(;GM[1];B[aa]XV[bb][bb])(;GM[4]OP[swap2])";
    let collection =
        sgf_core::Collection::<app::GameTree>::read(text, &Default::default()).expect("readable");
    let go = collection.game(0);
    assert!(matches!(go.to_owned(), app::GameTree::Go(_)), "a Go tree");
    let tree = go.tree::<app::GoProperty>();
    let node = go.first_child(go.root()).expect("a node");
    assert!(matches!(tree.props(node)[1], app::GoProperty::XV(_)));
    assert!(matches!(collection.game(1).to_owned(), app::GameTree::Gomoku(_)));
    let report = validate(&collection);
    assert_eq!(report.with_code(Code::RepeatedPoint).count(), 1);
    assert_eq!(app::tables::game(4).name, "Gomoku");
}
