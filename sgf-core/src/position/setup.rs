//! The board of the games whose moves are not modelled (Backgammon, Octi, and the games without
//! a section of their own): the stones their setup properties place, by point as written,
//! with how many stand on each (Backgammon writes several checkers on one point by repeating
//! it). Moves are counted, and change whose turn it is, but move no stone.

use std::collections::BTreeMap;
use std::fmt;

use crate::value::Color;

pub use super::turn::Mark;
use super::turn::Turn;

/// The stones set up on a board, by point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Each point with stones: their colour and how many.
    stones: BTreeMap<String, (Color, u32)>,
    /// What each change replaced, for undo.
    changes: Vec<(String, Option<(Color, u32)>)>,
    turn: Turn,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            stones: BTreeMap::new(),
            changes: Vec::new(),
            turn: Turn::START,
        }
    }
}

impl Board {
    /// The stones on a point (its text as the game writes it): their colour and how many.
    pub fn get(&self, point: &str) -> Option<(Color, u32)> {
        self.stones.get(point).copied()
    }

    /// Every point with stones, in the order of their texts.
    pub fn stones(&self) -> impl Iterator<Item = (&str, Color, u32)> {
        self.stones
            .iter()
            .map(|(point, &(color, count))| (point.as_str(), color, count))
    }

    /// Adds a stone of `color` to a point (a point of the other colour is cleared first), or
    /// clears it for `None`; returns whether that changed anything.
    pub fn setup(&mut self, point: &str, stone: Option<Color>) -> bool {
        let before = self.stones.get(point).copied();
        let after = match (stone, before) {
            (None, _) => None,
            (Some(color), Some((held, count))) if held == color => Some((color, count + 1)),
            (Some(color), _) => Some((color, 1)),
        };
        if after == before {
            return false;
        }
        self.changes.push((point.to_owned(), before));
        match after {
            Some(stones) => self.stones.insert(point.to_owned(), stones),
            None => self.stones.remove(point),
        };
        true
    }

    /// Counts a move of `color`: the other colour plays next.
    pub fn count_move(&mut self, color: Color) {
        self.turn.count_move(color);
    }
}

impl super::Board for Board {
    type Point = String;
    type Mark = Mark;

    fn mark(&self) -> Mark {
        Mark {
            changes: self.changes.len(),
            turn: self.turn,
        }
    }

    fn undo_to(&mut self, mark: Mark) {
        while self.changes.len() > mark.changes {
            let (point, before) = self.changes.pop().expect("a change after the mark");
            match before {
                Some(stones) => self.stones.insert(point, stones),
                None => self.stones.remove(&point),
            };
        }
        self.turn = mark.turn;
    }

    /// Each change is a point written in the input, so the log grows only as the input does:
    /// it is only let go of where no mark will be taken back to.
    fn trim_undo(&mut self, kept: Option<&Mark>) {
        if kept.is_none() {
            self.changes.clear();
        }
    }

    fn to_play(&self) -> Color {
        self.turn.to_play
    }

    fn set_to_play(&mut self, color: Color) {
        self.turn.to_play = color;
    }

    fn move_number(&self) -> u32 {
        self.turn.move_number
    }

    fn set_move_number(&mut self, next: u32) {
        self.turn.set_move_number(next);
    }

    fn skip_move(&mut self, color: Color) {
        self.count_move(color);
    }
}

impl fmt::Display for Board {
    /// One line per point with stones: `point X` (black) or `point O` (white), repeated for
    /// each stone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (point, color, count) in self.stones() {
            let stone = match color {
                Color::Black => "X",
                Color::White => "O",
            };
            writeln!(f, "{point} {}", stone.repeat(count as usize))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Board as _;

    #[test]
    fn setup_counts_stones_per_point_and_undoes() {
        let mut board = Board::default();
        let mark = board.mark();
        assert!(board.setup("a", Some(Color::Black)));
        assert!(board.setup("a", Some(Color::Black)));
        assert!(board.setup("x", Some(Color::White)));
        board.count_move(Color::Black);
        assert_eq!(board.get("a"), Some((Color::Black, 2)));
        assert_eq!(board.to_string(), "a XX\nx O\n");
        assert_eq!((board.to_play(), board.move_number()), (Color::White, 1));
        assert!(board.setup("a", None));
        assert!(!board.setup("a", None));
        board.undo_to(mark);
        assert_eq!(board, Board::default());
    }
}
