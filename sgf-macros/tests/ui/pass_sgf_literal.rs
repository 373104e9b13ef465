//! An SGF literal builds the same typed collection reading the text at run time would, boxed
//! values (`AP`, an unknown `XX`) included.

use sgf_core::games::go::{Move, Point};
use sgf_core::{GameTree, GoProperty};

const TEXT: &str = "(;GM[1]FF[4]SZ[9]AP[ui:1]XX[y]C[A \\]comment]AB[aa:bb](;B[ee];W[cc]LB[cc:x])(;B[ii]))";

fn main() {
    let collection = sgf_macros::sgf!("(;GM[1]FF[4]SZ[9]AP[ui:1]XX[y]C[A \\]comment]AB[aa:bb](;B[ee];W[cc]LB[cc:x])(;B[ii]))");
    let read = sgf_core::parse_str(TEXT).expect("readable").collection;
    assert_eq!(collection, read);
    let GameTree::Go(tree) = &collection.games[0] else {
        panic!("a Go tree");
    };
    let first = tree.children(tree.root()).next().expect("a move");
    assert_eq!(
        tree.props(first),
        [GoProperty::B(Move::Play(Point { col: 4, row: 4 }))]
    );
}
