//! The Go board of `sgf_core::position` against an independent, plain one (`naive_go`): every
//! main line of the shared corpus replayed on both captures the same stones at every move and
//! ends in the same position.

use sgf_bench::{corpus, go_trees, naive_main_line};
use sgf_core::position::Positions;
use sgf_core::value::Color;

#[test]
#[ignore = "needs ../shared/corpus"]
fn captures_agree_with_a_plain_board_over_the_corpus() {
    let dir = sgf_test_support::corpus();
    let (mut games, mut moves, mut captured) = (0, 0, 0);
    for category in ["bulk", "games", "large"] {
        for tree in go_trees(&corpus(&dir, category)) {
            let (expected, naive) = naive_main_line(&tree);
            let mut replay = tree.replay_main_line();
            let mut i = 0;
            while let Some(step) = replay.step() {
                let mut ours: Vec<(usize, usize)> = step
                    .outcome
                    .captured
                    .iter()
                    .map(|p| (usize::from(p.col), usize::from(p.row)))
                    .collect();
                ours.sort_unstable();
                assert_eq!(ours, expected[i], "node {i} of a game");
                moves += usize::from(step.outcome.moved.is_some());
                captured += ours.len();
                i += 1;
            }
            let board = replay.board();
            let (cols, rows) = board.size();
            for row in 0..rows {
                for col in 0..cols {
                    let point = sgf_core::games::go::Point { col, row };
                    let theirs = naive
                        .get(usize::from(col), usize::from(row))
                        .map(|s| match s {
                            sgf_bench::naive_go::Stone::Black => Color::Black,
                            sgf_bench::naive_go::Stone::White => Color::White,
                        });
                    assert_eq!(board.get(point), theirs, "{point:?} at the end of a game");
                }
            }
            games += 1;
        }
    }
    eprintln!(
        "{games} Go games, {moves} moves, {captured} stones captured: the same on both boards"
    );
    assert!(games > 10_000 && moves > 2_000_000);
}
