use super::*;

fn at(text: &str) -> Point {
    let b = text.as_bytes();
    Point {
        col: b[0] - b'a',
        row: b[1] - b'a',
    }
}

/// Plays alternating moves from Black, `..` a pass; returns the board and what each did.
fn game(size: u8, moves: &str) -> (Board, Vec<Played>) {
    let mut board = Board::new(size, size);
    let mut played = Vec::new();
    for (i, m) in moves.split_whitespace().enumerate() {
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        played.push(board.play(color, (m != "..").then(|| at(m))));
    }
    (board, played)
}

#[test]
fn stones_without_liberties_are_captured() {
    // A corner, an edge and a group of two in the middle.
    let (board, played) = game(9, "ba aa ab .. .. ");
    assert_eq!(played[2].captured, [at("aa")]);
    assert_eq!(board.get(at("aa")), None);
    assert_eq!(board.captures(Color::Black), 1);
    let (board, played) = game(9, "ee ed .. fd .. dd .. fe .. de .. eg .. ff .. df .. ef");
    let last = played.last().expect("a move");
    let mut captured = last.captured.clone();
    captured.sort();
    assert_eq!(captured, [at("ee")], "{board}");
    // A stone surrounded by a group of the other colour, taken by the last of four moves.
    let (board, played) = game(5, "bb ab .. ba .. cb .. bc");
    assert_eq!(played[7].captured, [at("bb")], "{board}");
    assert_eq!(board.captures(Color::White), 1);
}

#[test]
fn one_move_captures_several_groups() {
    // Two black stones in atari on both sides of the point White fills.
    let mut board = Board::new(5, 5);
    for (p, c) in [("ab", Color::Black), ("cb", Color::Black)] {
        board.setup(at(p), Some(c));
    }
    for p in ["aa", "ac", "ca", "cc", "db"] {
        board.setup(at(p), Some(Color::White));
    }
    let played = board.play(Color::White, Some(at("bb")));
    let mut captured = played.captured.clone();
    captured.sort();
    assert_eq!(captured, [at("ab"), at("cb")]);
    assert_eq!(board.captures(Color::White), 2);
}

#[test]
fn a_move_without_liberties_that_captures_nothing_is_a_suicide() {
    let mut board = Board::new(5, 5);
    for p in ["ba", "ab"] {
        board.setup(at(p), Some(Color::White));
    }
    let played = board.play(Color::Black, Some(at("aa")));
    assert_eq!(played.suicided, [at("aa")]);
    assert_eq!(board.get(at("aa")), None);
    assert_eq!(
        board.captures(Color::White),
        1,
        "the suicided stone counts for White"
    );
    // A group of two.
    let mut board = Board::new(5, 5);
    board.setup(at("aa"), Some(Color::Black));
    for p in ["ca", "ab", "bb"] {
        board.setup(at(p), Some(Color::White));
    }
    let played = board.play(Color::Black, Some(at("ba")));
    let mut suicided = played.suicided.clone();
    suicided.sort();
    assert_eq!(suicided, [at("aa"), at("ba")]);
}

#[test]
fn a_simple_ko_is_noted_and_its_immediate_retake_reported() {
    // Black takes the ko at cb; White retakes at once at bb.
    let mut board = Board::new(5, 5);
    for p in ["ba", "ab", "bc"] {
        board.setup(at(p), Some(Color::Black));
    }
    for p in ["ca", "db", "cc", "bb"] {
        board.setup(at(p), Some(Color::White));
    }
    let take = board.play(Color::Black, Some(at("cb")));
    assert_eq!(take.captured, [at("bb")]);
    assert_eq!(board.ko(), Some((at("bb"), Color::White)));
    let mark = board.mark();
    let retake = board.play(Color::White, Some(at("bb")));
    assert!(retake.ko_retake);
    assert_eq!(retake.captured, [at("cb")]);
    board.undo_to(mark);
    // After a move elsewhere, the retake is no ko retake.
    board.play(Color::White, Some(at("ee")));
    board.play(Color::Black, Some(at("ed")));
    assert!(!board.play(Color::White, Some(at("bb"))).ko_retake);
}

#[test]
fn a_stone_on_an_occupied_point_replaces_it() {
    let (board, played) = game(9, "ee ee");
    assert!(played[1].occupied);
    assert_eq!(board.get(at("ee")), Some(Color::White));
}

#[test]
fn undo_restores_stones_turn_numbers_captures_and_ko() {
    let (mut board, _) = game(9, "ba aa");
    let before = board.to_string();
    let mark = board.mark();
    let state = (board.to_play(), board.move_number(), board.ko());
    board.play(Color::Black, Some(at("ab")));
    board.setup(at("ii"), Some(Color::White));
    board.play(Color::White, None);
    assert_ne!(board.to_string(), before);
    board.undo_to(mark);
    assert_eq!(board.to_string(), before);
    assert_eq!((board.to_play(), board.move_number(), board.ko()), state);
    assert_eq!(board.captures(Color::Black), 0);
}

#[test]
fn setup_says_whether_it_changed_anything() {
    let mut board = Board::new(9, 9);
    assert!(board.setup(at("cc"), Some(Color::Black)));
    assert!(!board.setup(at("cc"), Some(Color::Black)));
    assert!(board.setup(at("cc"), Some(Color::White)));
    assert!(board.setup(at("cc"), None));
    assert!(!board.setup(at("cc"), None));
    assert!(!board.setup(at("zz"), Some(Color::Black)), "off the board");
}

#[test]
fn passes_and_points_off_the_board_change_no_stone() {
    let (board, _) = game(9, ".. ee ..");
    assert_eq!(board.move_number(), 3);
    assert_eq!(board.to_play(), Color::White);
    assert_eq!(board.stones().count(), 1);
    let mut board = Board::new(9, 9);
    board.play(Color::Black, Some(at("tt")));
    assert_eq!(board.stones().count(), 0);
}

#[test]
fn boards_are_rectangular_up_to_52_a_side() {
    let mut board = Board::new(52, 3);
    board.play(Color::Black, Some(Point { col: 51, row: 2 }));
    assert_eq!(board.get(Point { col: 51, row: 2 }), Some(Color::Black));
    assert_eq!(board.size(), (52, 3));
    assert_eq!(Board::new(60, 0).size(), (52, 1));
    let text = board.to_string();
    assert_eq!(text.lines().count(), 3);
    assert!(text.lines().all(|l| l.len() == 52));
    assert!(text.ends_with("X\n"));
}

#[test]
fn a_long_game_replays_the_same_forward_and_after_undo() {
    // Random moves on a small board: every capture, suicide and ko path gets exercised, and
    // undoing each move gives back the position before it.
    let mut board = Board::new(7, 7);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut history: Vec<(Mark, String)> = Vec::new();
    for i in 0..5000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let (col, row) = ((seed % 7) as u8, ((seed >> 8) % 7) as u8);
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        history.push((board.mark(), board.to_string()));
        let played = board.play(color, Some(Point { col, row }));
        // Every stone left has a liberty.
        for (point, _) in board.stones() {
            let index = board.index(point).expect("on the board");
            assert!(board.clone().has_liberty(index), "{point:?} in\n{board}");
        }
        assert!(played.suicided.is_empty() || played.captured.is_empty());
    }
    while let Some((mark, text)) = history.pop() {
        board.undo_to(mark);
        assert_eq!(board.to_string(), text);
    }
}
