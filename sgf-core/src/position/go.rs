//! The Go board: stones on a grid of up to 52x52 points; moves with captures, suicide (allowed
//! by the specification, and recorded) and simple ko; setup; and undo, so that walking a tree
//! changes one board back and forth instead of copying it at every node.
//!
//! ```
//! use sgf_core::games::go::Point;
//! use sgf_core::position::go::Board;
//! use sgf_core::value::Color;
//!
//! let mut board = Board::new(9, 9);
//! let at = |col, row| Point { col, row };
//! for (color, col, row) in [(Color::Black, 0, 1), (Color::White, 0, 0), (Color::Black, 1, 0)] {
//!     board.play(color, Some(at(col, row)));
//! }
//! assert_eq!(board.get(at(0, 0)), None, "the white stone in the corner was captured");
//! assert_eq!(board.captures(Color::Black), 1);
//! let mark = board.mark();
//! board.play(Color::White, Some(at(4, 4)));
//! board.undo_to(mark);
//! assert_eq!(board.get(at(4, 4)), None);
//! ```

use std::fmt;

use crate::games::go::{MAX_COORDINATE, Point};
use crate::value::Color;

use super::turn::Turn;
use super::undo::UndoLog;

/// A cell of the padded grid.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
/// The frame of cells around the board, so that no neighbour is ever out of bounds.
const EDGE: u8 = 3;

/// The largest side a board may have: 52 (`a`-`z`, `A`-`Z`).
pub const MAX_SIDE: u8 = MAX_COORDINATE + 1;

fn cell(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// What a move did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The opposing stones it captured.
    pub captured: Vec<Point>,
    /// The stones of its own group it took off, without liberties after the captures (a
    /// suicide, which the specification allows and most rules do not); the move's own stone is
    /// among them.
    pub suicided: Vec<Point>,
    /// Whether the point held a stone already (it is replaced, as SGFC replays it).
    pub occupied: bool,
    /// Whether it retook a ko at once: it captured the single stone that had just captured a
    /// single stone on this point.
    pub ko_retake: bool,
}

/// What a move did besides taking stones off, for [`Board::play_into`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Moved {
    /// Whether the point held a stone already.
    pub(crate) occupied: bool,
    /// Whether it retook a ko at once.
    pub(crate) ko_retake: bool,
}

/// What the board was before a node changed it, for [`Board::undo_to`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    changes: usize,
    state: State,
}

/// What the board holds besides its stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    /// The point a stone of this colour may not retake at once, after a simple ko capture.
    ko: Option<(u16, Color)>,
    turn: Turn,
    /// Stones captured by Black and by White.
    captures: [u32; 2],
}

/// A Go board.
#[derive(Clone)]
pub struct Board {
    cols: u8,
    rows: u8,
    /// Cells per padded row: the columns and one edge cell on each side.
    stride: usize,
    cells: Vec<u8>,
    state: State,
    /// Every cell changed, with what it held before, for undo.
    changes: UndoLog<u8>,
    /// Flood fills mark the cells they visit with their generation.
    marks: Vec<u32>,
    generation: u32,
    /// The cells of the group the last flood fill visited.
    group: Vec<u16>,
    /// The flood fill's stack.
    stack: Vec<u16>,
}

impl Board {
    /// An empty board of `cols` x `rows` (each clamped to 1..=52); Black to play, move 0.
    pub fn new(cols: u8, rows: u8) -> Board {
        let (cols, rows) = (cols.clamp(1, MAX_SIDE), rows.clamp(1, MAX_SIDE));
        let stride = usize::from(cols) + 2;
        let len = stride * (usize::from(rows) + 2);
        let mut cells = vec![EDGE; len];
        for row in 0..rows {
            for col in 0..cols {
                cells[(usize::from(row) + 1) * stride + usize::from(col) + 1] = EMPTY;
            }
        }
        Board {
            cols,
            rows,
            stride,
            cells,
            state: State {
                ko: None,
                turn: Turn::START,
                captures: [0, 0],
            },
            // Room for a game's worth of changes, and for the groups of most searches.
            changes: UndoLog::with_capacity(len),
            marks: vec![0; len],
            generation: 0,
            group: Vec::with_capacity(32),
            stack: Vec::with_capacity(32),
        }
    }

    /// The size of the board: (columns, rows).
    pub fn size(&self) -> (u8, u8) {
        (self.cols, self.rows)
    }

    /// The cell of a point, if it is on the board.
    fn index(&self, point: Point) -> Option<u16> {
        (point.col < self.cols && point.row < self.rows).then(|| {
            let index = (usize::from(point.row) + 1) * self.stride + usize::from(point.col) + 1;
            u16::try_from(index).expect("a board of at most 54x54 cells")
        })
    }

    fn point(&self, index: u16) -> Point {
        let index = usize::from(index);
        let (row, col) = (index / self.stride - 1, index % self.stride - 1);
        Point {
            col: u8::try_from(col).expect("a column of the board"),
            row: u8::try_from(row).expect("a row of the board"),
        }
    }

    /// The stone on a point; `None` for an empty point or one off the board.
    pub fn get(&self, point: Point) -> Option<Color> {
        match self.index(point).map(|i| self.cells[usize::from(i)]) {
            Some(BLACK) => Some(Color::Black),
            Some(WHITE) => Some(Color::White),
            _ => None,
        }
    }

    /// Every stone on the board, row by row.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        (0..self.rows).flat_map(move |row| {
            (0..self.cols).filter_map(move |col| {
                let point = Point { col, row };
                self.get(point).map(|color| (point, color))
            })
        })
    }

    /// Whose turn it is: the colour that did not make the last move, or what `PL` or the setup
    /// of a handicap game said.
    pub fn to_play(&self) -> Color {
        self.state.turn.to_play
    }

    /// Sets whose turn it is (`PL`).
    pub fn set_to_play(&mut self, color: Color) {
        self.state.turn.to_play = color;
    }

    /// The number of moves played to reach the position (passes included), or what `MN` set.
    pub fn move_number(&self) -> u32 {
        self.state.turn.move_number
    }

    /// Sets the number of the move about to be played (`MN`): the next move is that one.
    pub fn set_move_number(&mut self, next: u32) {
        self.state.turn.set_move_number(next);
    }

    /// How many stones `color` has captured.
    pub fn captures(&self, color: Color) -> u32 {
        self.state.captures[usize::from(color == Color::White)]
    }

    /// The point `color` may not play on now: the retake of a ko just taken.
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.state.ko.map(|(i, color)| (self.point(i), color))
    }

    /// Where the board is now, to come back to with [`Board::undo_to`].
    pub fn mark(&self) -> Mark {
        Mark {
            changes: self.changes.len(),
            state: self.state,
        }
    }

    /// Takes back everything done since `mark`.
    pub fn undo_to(&mut self, mark: Mark) {
        self.changes.undo_to(mark.changes, &mut self.cells);
        self.state = mark.state;
    }

    /// Forgets what taking the board back to `kept`, and to any mark taken before it, does not
    /// need (`None`: the board will be taken back to no mark taken so far). Marks taken after
    /// `kept` are no longer good. A walk that calls this after each node holds, for each node
    /// it will come back to, at most about a copy of the board, however many stones the path's
    /// setup puts down and takes off.
    pub fn trim_undo(&mut self, kept: Option<&Mark>) {
        (self.changes).trim(kept.map(|mark| mark.changes), &self.cells);
    }

    fn set(&mut self, index: u16, to: u8) {
        let cell = &mut self.cells[usize::from(index)];
        if *cell != to {
            self.changes.push(index, *cell);
            *cell = to;
        }
    }

    /// Puts a stone on a point (`AB`, `AW`) or clears it (`AE`, `None`); returns whether that
    /// changed anything (setup that changes nothing is worth a warning). A point off the board
    /// changes nothing.
    pub fn setup(&mut self, point: Point, stone: Option<Color>) -> bool {
        let Some(index) = self.index(point) else {
            return false;
        };
        let to = stone.map_or(EMPTY, cell);
        let changed = self.cells[usize::from(index)] != to;
        self.set(index, to);
        if changed {
            self.state.ko = None;
        }
        changed
    }

    /// Plays a move of `color`: a stone on `point`, or a pass for `None`. A stone on an occupied
    /// point replaces it; a point off the board is played as a pass. Opposing groups left
    /// without liberties are captured, then the move's own group if it has none (suicide).
    pub fn play(&mut self, color: Color, point: Option<Point>) -> Played {
        let (mut captured, mut suicided) = (Vec::new(), Vec::new());
        let Moved {
            occupied,
            ko_retake,
        } = self.play_into(color, point, &mut captured, &mut suicided);
        Played {
            captured,
            suicided,
            occupied,
            ko_retake,
        }
    }

    /// [`Board::play`], adding the stones the move captures to `captured` and those of its own
    /// group it takes off to `suicided`, so that a replay keeps one list of captures for a node
    /// instead of a new one for every move.
    pub(crate) fn play_into(
        &mut self,
        color: Color,
        point: Option<Point>,
        captured: &mut Vec<Point>,
        suicided: &mut Vec<Point>,
    ) -> Moved {
        self.state.turn.count_move(color);
        let Some(index) = point.and_then(|p| self.index(p)) else {
            self.state.ko = None;
            return Moved::default();
        };
        let moved = Moved {
            ko_retake: self.state.ko == Some((index, color)),
            occupied: self.cells[usize::from(index)] != EMPTY,
        };
        let (own, enemy) = (cell(color), cell(color.other()));
        self.set(index, own);
        // A move searches at most five groups: start the marks afresh long before they wrap.
        if self.generation > u32::MAX - 8 {
            self.marks.fill(0);
            self.generation = 0;
        }
        let first = self.generation + 1;
        let (before, before_suicided) = (captured.len(), suicided.len());
        // Most moves touch an empty point, which stays empty whatever they capture: their own
        // group has a liberty without a search.
        let (mut liberty, mut alone) = (false, true);
        for neighbour in self.neighbours(index) {
            // A group this move already found a liberty of needs no second look.
            let n = usize::from(neighbour);
            let held = self.cells[n];
            match held {
                EMPTY => liberty = true,
                c if c == own => alone = false,
                c if c == enemy && self.marks[n] < first && !self.has_liberty(neighbour) => {
                    self.capture(captured);
                }
                _ => {}
            }
        }
        let taken = &captured[before..];
        let count = u32::try_from(taken.len()).unwrap_or(u32::MAX);
        self.state.captures[usize::from(color == Color::White)] += count;
        // A capture leaves an empty point next to the move.
        if !liberty && taken.is_empty() && !self.has_liberty(index) {
            self.capture(suicided);
            let count = u32::try_from(suicided.len() - before_suicided).unwrap_or(u32::MAX);
            self.state.captures[usize::from(color != Color::White)] += count;
        }
        // A single stone that captured a single stone, with that point its only liberty, may be
        // captured back only after a move elsewhere.
        self.state.ko = match (taken, &suicided[before_suicided..]) {
            ([taken], []) if alone && self.liberties_are(index, *taken) => {
                self.index(*taken).map(|taken| (taken, color.other()))
            }
            _ => None,
        };
        moved
    }

    /// Whether the single stone on `index` has exactly one liberty, the point `only`.
    fn liberties_are(&self, index: u16, only: Point) -> bool {
        let only = self.index(only);
        (self.neighbours(index).iter())
            .filter(|&&n| self.cells[usize::from(n)] == EMPTY)
            .all(|&n| Some(n) == only)
    }

    /// The four neighbours of a cell (edge cells included).
    fn neighbours(&self, index: u16) -> [u16; 4] {
        let stride = u16::try_from(self.stride).expect("a stride of at most 54");
        [index - 1, index + 1, index - stride, index + stride]
    }

    /// Whether the group on `start` has a liberty. Without one, [`Board::group`] holds all its
    /// stones afterwards; with one, the search stops early and it is of no use.
    fn has_liberty(&mut self, start: u16) -> bool {
        // Most groups touch an empty point next to the stone the search starts from.
        if (self.neighbours(start).iter()).any(|&n| self.cells[usize::from(n)] == EMPTY) {
            return true;
        }
        self.generation += 1;
        let generation = self.generation;
        let color = self.cells[usize::from(start)];
        self.group.clear();
        self.stack.clear();
        self.stack.push(start);
        self.marks[usize::from(start)] = generation;
        while let Some(at) = self.stack.pop() {
            self.group.push(at);
            for neighbour in self.neighbours(at) {
                let n = usize::from(neighbour);
                match self.cells[n] {
                    EMPTY => return true,
                    c if c == color && self.marks[n] != generation => {
                        self.marks[n] = generation;
                        self.stack.push(neighbour);
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// Takes the stones of the last group searched off the board, into `into`.
    fn capture(&mut self, into: &mut Vec<Point>) {
        let group = std::mem::take(&mut self.group);
        for &index in &group {
            self.set(index, EMPTY);
            into.push(self.point(index));
        }
        self.group = group;
    }
}

impl fmt::Display for Board {
    /// The board as rows of `.` (empty), `X` (black) and `O` (white), the top row first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows {
            for col in 0..self.cols {
                f.write_str(match self.get(Point { col, row }) {
                    None => ".",
                    Some(Color::Black) => "X",
                    Some(Color::White) => "O",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}x{}\n{self}", self.cols, self.rows)
    }
}

#[cfg(test)]
mod tests;
