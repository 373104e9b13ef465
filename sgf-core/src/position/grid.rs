//! A rectangular board of cells with undo, whose turn it is and the move number: what the
//! boards of Hex, Amazons and Lines of Action share.

use crate::value::Color;

use super::turn::{Mark, Turn};
use super::undo::UndoLog;

/// Implements [`Board`](super::Board) for a board type that keeps its cells in a [`Grid`]
/// field named `grid`.
macro_rules! grid_board {
    ($board:ty, $point:ty) => {
        impl super::Board for $board {
            type Point = $point;
            type Mark = super::turn::Mark;

            fn mark(&self) -> Self::Mark {
                self.grid.mark()
            }

            fn undo_to(&mut self, mark: Self::Mark) {
                self.grid.undo_to(mark);
            }

            fn trim_undo(&mut self, kept: Option<&Self::Mark>) {
                self.grid.trim_undo(kept);
            }

            fn to_play(&self) -> Color {
                self.grid.turn.to_play
            }

            fn set_to_play(&mut self, color: Color) {
                self.grid.turn.to_play = color;
            }

            fn move_number(&self) -> u32 {
                self.grid.turn.move_number
            }

            fn set_move_number(&mut self, next: u32) {
                self.grid.turn.set_move_number(next);
            }

            fn skip_move(&mut self, color: Color) {
                self.grid.turn.count_move(color);
            }
        }
    };
}

/// A board of `cols` x `rows` cells of type `T`, every change logged for undo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Grid<T> {
    cols: u32,
    rows: u32,
    cells: Vec<T>,
    changes: UndoLog<T>,
    pub(crate) turn: Turn,
}

/// The most cells a grid holds; larger boards are cut to it (a side of 256 for a square).
const MAX_CELLS: u32 = 1 << 16;

impl<T: Copy + PartialEq> Grid<T> {
    /// A grid of `cols` x `rows` (at least 1x1, at most [`MAX_CELLS`] cells) of `empty` cells.
    pub(crate) fn new(cols: u32, rows: u32, empty: T) -> Self {
        let cols = cols.clamp(1, MAX_CELLS);
        let rows = rows.clamp(1, (MAX_CELLS / cols).max(1));
        Grid {
            cols,
            rows,
            cells: vec![empty; (cols * rows) as usize],
            changes: UndoLog::default(),
            turn: Turn::START,
        }
    }

    /// The size: (columns, rows).
    pub(crate) fn size(&self) -> (u32, u32) {
        (self.cols, self.rows)
    }

    /// The index of a cell: below [`MAX_CELLS`], so that it fits a `u16`.
    fn index(&self, (col, row): (u32, u32)) -> Option<u16> {
        (col < self.cols && row < self.rows)
            .then(|| u16::try_from(row * self.cols + col).ok())
            .flatten()
    }

    /// The cell at (column, row); `None` off the board.
    pub(crate) fn get(&self, at: (u32, u32)) -> Option<T> {
        self.index(at).map(|i| self.cells[usize::from(i)])
    }

    /// Sets a cell; returns whether it changed (off the board nothing does).
    pub(crate) fn set(&mut self, at: (u32, u32), to: T) -> bool {
        let Some(i) = self.index(at) else {
            return false;
        };
        let cell = &mut self.cells[usize::from(i)];
        if *cell == to {
            return false;
        }
        self.changes.push(i, *cell);
        *cell = to;
        true
    }

    /// Every cell with its (column, row), row by row.
    pub(crate) fn cells(&self) -> impl Iterator<Item = ((u32, u32), T)> + '_ {
        let cols = self.cols as usize;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, &cell)| (((i % cols) as u32, (i / cols) as u32), cell))
    }

    pub(crate) fn mark(&self) -> Mark {
        Mark {
            changes: self.changes.len(),
            turn: self.turn,
        }
    }

    pub(crate) fn undo_to(&mut self, mark: Mark) {
        self.changes.undo_to(mark.changes, &mut self.cells);
        self.turn = mark.turn;
    }

    /// [`Board::trim_undo`](super::Board::trim_undo).
    pub(crate) fn trim_undo(&mut self, kept: Option<&Mark>) {
        (self.changes).trim(kept.map(|mark| mark.changes), &self.cells);
    }

    /// Writes the grid as rows of characters, the first row first.
    pub(crate) fn write(
        &self,
        f: &mut std::fmt::Formatter<'_>,
        show: impl Fn(T) -> char,
    ) -> std::fmt::Result {
        for row in self.cells.chunks(self.cols as usize) {
            let line: String = row.iter().map(|&c| show(c)).collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl Grid<Option<Color>> {
    /// Writes a grid of stones as rows of `.`, `X` (black) and `O` (white), the first row
    /// first.
    pub(crate) fn write_stones(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write(f, |c| match c {
            None => '.',
            Some(Color::Black) => 'X',
            Some(Color::White) => 'O',
        })
    }
}

/// The direction and the number of steps from `from` to `to` if they lie on one straight or
/// diagonal line (and differ).
pub(crate) fn line(from: (u32, u32), to: (u32, u32)) -> Option<((i64, i64), u32)> {
    let (dc, dr) = (
        i64::from(to.0) - i64::from(from.0),
        i64::from(to.1) - i64::from(from.1),
    );
    if (dc, dr) == (0, 0) || !(dc == 0 || dr == 0 || dc.abs() == dr.abs()) {
        return None;
    }
    let steps = dc.abs().max(dr.abs());
    Some(((dc.signum(), dr.signum()), u32::try_from(steps).ok()?))
}

/// The point `n` steps from `at` in direction `d`, if it is not off the grid's top or left.
pub(crate) fn step(at: (u32, u32), (dc, dr): (i64, i64), n: u32) -> Option<(u32, u32)> {
    let n = i64::from(n);
    let col = u32::try_from(i64::from(at.0) + dc * n).ok()?;
    let row = u32::try_from(i64::from(at.1) + dr * n).ok()?;
    Some((col, row))
}
