//! What every board keeps besides its pieces: whose turn it is and the move number, and where a
//! board of logged changes was, for undo.

use crate::value::Color;

/// Whose turn it is and how many moves were played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    pub(crate) to_play: Color,
    pub(crate) move_number: u32,
}

impl Turn {
    /// Black to play, no move played.
    pub(crate) const START: Turn = Turn {
        to_play: Color::Black,
        move_number: 0,
    };

    /// Counts a move of `color`: the other colour plays next.
    pub(crate) fn count_move(&mut self, color: Color) {
        self.move_number = self.move_number.saturating_add(1);
        self.to_play = color.other();
    }

    /// Sets the number of the move about to be played (`MN`): the next move is that one.
    pub(crate) fn set_move_number(&mut self, next: u32) {
        self.move_number = next.saturating_sub(1);
    }
}

/// Where a board that logs its changes was, for [`Board::undo_to`](super::Board::undo_to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// How many changes the log held.
    pub(crate) changes: usize,
    pub(crate) turn: Turn,
}
