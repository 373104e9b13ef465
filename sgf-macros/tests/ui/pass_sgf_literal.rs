//! An SGF literal builds the same typed collection reading the text at run time would, boxed
//! values (`AP`, an unknown `XX`) included.

use sgf_core::games::go::{Move, Point};
use sgf_core::{GameTree, GoProperty, ReadOptions};

const TEXT: &str = "(;GM[1]FF[4]SZ[9]AP[ui:1]XX[y]C[A \\]comment]AB[aa:bb](;B[ee];W[cc]LB[cc:x])(;B[ii]))";

fn main() {
    let collection = sgf_macros::sgf!("(;GM[1]FF[4]SZ[9]AP[ui:1]XX[y]C[A \\]comment]AB[aa:bb](;B[ee];W[cc]LB[cc:x])(;B[ii]))");
    let read = sgf_core::read(TEXT.as_bytes(), &ReadOptions::default()).expect("readable");
    assert_eq!(collection, read);
    let game = collection.game(0);
    assert!(matches!(game.to_owned(), GameTree::Go(_)), "a Go tree");
    let tree = game.tree::<GoProperty>();
    let first = game.first_child(game.root()).expect("a move");
    assert_eq!(
        tree.props(first),
        [GoProperty::B(Move::Play(Point { col: 4, row: 4 }))]
    );
}
