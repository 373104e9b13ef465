//! The Lines of Action board: 8x8 (or the root's `SZ`), Black's pieces on the first and last
//! rows and White's on the first and last columns, corners empty, unless the root sets up a
//! position. A piece moves in a straight or diagonal line exactly as many points as there are
//! pieces (of both colours) on that whole line; it may jump its own pieces but not the
//! opponent's, and captures an opponent's piece by landing on it.

use std::fmt;

use crate::games::lines_of_action::{Move, Point};
use crate::value::Color;

use super::grid::{Grid, line, step};

/// A Lines of Action board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid<Option<Color>>,
}

/// Why a move breaks the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No piece of the mover's stands on the start point.
    NoPiece,
    /// The points are not on one straight or diagonal line.
    NotALine,
    /// The move is not as long as its line holds pieces (it holds this many).
    Length(u32),
    /// The piece would jump an opponent's piece.
    JumpsOpponent,
    /// It lands on a piece of its own.
    LandsOnOwn,
    /// It is written as a capture (`:`) and lands on an empty point, or the other way round.
    CaptureMark,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::NoPiece => f.write_str("no piece of the mover's stands on its first point"),
            Fault::NotALine => f.write_str("the two points are not on a straight or diagonal line"),
            Fault::Length(n) => {
                write!(f, "the line holds {n} pieces, and the move is not {n} long")
            }
            Fault::JumpsOpponent => f.write_str("the piece would jump an opponent's piece"),
            Fault::LandsOnOwn => f.write_str("the piece lands on a piece of its own"),
            Fault::CaptureMark => {
                f.write_str("a capture is written with ':' and a move to an empty point with '-'")
            }
        }
    }
}

fn at(point: Point) -> (u32, u32) {
    (u32::from(point.col), u32::from(point.row))
}

impl Board {
    /// An empty board of `cols` x `rows`.
    pub fn new(cols: u32, rows: u32) -> Board {
        Board {
            grid: Grid::new(cols, rows, None),
        }
    }

    /// The standard start: Black on the first and last rows, White on the first and last
    /// columns, corners empty.
    pub fn standard(cols: u32, rows: u32) -> Board {
        let mut board = Board::new(cols, rows);
        let (cols, rows) = board.size();
        for col in 1..cols.saturating_sub(1) {
            board.grid.set((col, 0), Some(Color::Black));
            board.grid.set((col, rows - 1), Some(Color::Black));
        }
        for row in 1..rows.saturating_sub(1) {
            board.grid.set((0, row), Some(Color::White));
            board.grid.set((cols - 1, row), Some(Color::White));
        }
        board
    }

    /// The size: (columns, rows).
    pub fn size(&self) -> (u32, u32) {
        self.grid.size()
    }

    /// The piece on a point.
    pub fn get(&self, point: Point) -> Option<Color> {
        self.grid.get(at(point)).flatten()
    }

    /// Every piece, row by row.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.grid.cells().filter_map(|((col, row), c)| {
            let point = Point {
                col: u8::try_from(col).ok()?,
                row: u8::try_from(row).ok()?,
            };
            Some((point, c?))
        })
    }

    /// Puts a piece on a point or clears it; returns whether that changed anything.
    pub fn setup(&mut self, point: Point, piece: Option<Color>) -> bool {
        self.grid.set(at(point), piece)
    }

    /// How many pieces stand on the whole line through `from` in direction `d`.
    fn pieces_on_line(&self, from: (u32, u32), d: (i64, i64)) -> u32 {
        let mut count = 0;
        for sign in [1, -1] {
            let direction = (d.0 * sign, d.1 * sign);
            let mut n = u32::from(sign == -1);
            while let Some(cell) = step(from, direction, n).and_then(|p| self.grid.get(p)) {
                count += u32::from(cell.is_some());
                n += 1;
            }
        }
        count
    }

    /// Which rule a move of `color` breaks, if one.
    fn fault(
        &self,
        color: Color,
        from: (u32, u32),
        to: (u32, u32),
        capture: bool,
    ) -> Option<Fault> {
        if self.grid.get(from) != Some(Some(color)) {
            return Some(Fault::NoPiece);
        }
        let Some((direction, steps)) = line(from, to) else {
            return Some(Fault::NotALine);
        };
        let pieces = self.pieces_on_line(from, direction);
        if steps != pieces {
            return Some(Fault::Length(pieces));
        }
        let jumps = (1..steps).any(|n| {
            let cell = step(from, direction, n)
                .and_then(|p| self.grid.get(p))
                .flatten();
            cell.is_some_and(|c| c != color)
        });
        if jumps {
            return Some(Fault::JumpsOpponent);
        }
        match self.grid.get(to).flatten() {
            Some(c) if c == color => Some(Fault::LandsOnOwn),
            Some(_) if !capture => Some(Fault::CaptureMark),
            None if capture => Some(Fault::CaptureMark),
            _ => None,
        }
    }

    /// Plays a move of `color`, whatever the rules say (a move is executed as written), and
    /// says which rule it breaks, if one; returns the piece it captured, too.
    pub fn play(&mut self, color: Color, m: &Move) -> (Option<Fault>, Option<Point>) {
        self.grid.turn.count_move(color);
        let Move::Step {
            from, to, capture, ..
        } = m
        else {
            return (None, None);
        };
        let fault = self.fault(color, at(*from), at(*to), *capture);
        let captured = self.get(*to).filter(|&c| c != color).map(|_| *to);
        self.grid.set(at(*from), None);
        self.grid.set(at(*to), Some(color));
        (fault, captured)
    }
}

grid_board!(Board, Point);

impl fmt::Display for Board {
    /// The board as rows of `.`, `X` (black) and `O` (white), row 1 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write_stones(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{Context, Value};

    fn mv(text: &str) -> Move {
        Move::parse_value(text, &Context::square(8)).expect("a move")
    }

    #[test]
    fn pieces_move_as_far_as_their_line_holds_pieces() {
        let mut board = Board::standard(8, 8);
        assert_eq!(board.pieces().count(), 24);
        // Column b holds b1 and b8: a move of two.
        assert_eq!(board.play(Color::Black, &mv("b1-b3")), (None, None));
        // Row 3 now holds a3, b3 and h3: a move of three.
        assert_eq!(board.play(Color::White, &mv("h3-e3")), (None, None));
        // Row 3 holds a3, b3 and e3: Black takes e3, and must write it with ':'.
        let mut wrong = board.clone();
        let e3 = Point { col: 4, row: 2 };
        assert_eq!(
            wrong.play(Color::Black, &mv("b3-e3")),
            (Some(Fault::CaptureMark), Some(e3))
        );
        assert_eq!(board.play(Color::Black, &mv("b3:e3")), (None, Some(e3)));
        assert_eq!(board.get(e3), Some(Color::Black));
        // Column c holds c1 and c8: a move of one is too short.
        assert_eq!(
            board.play(Color::Black, &mv("c1-c2")).0,
            Some(Fault::Length(2))
        );
        // a4 along row 4 (a4, h4): two long, landing on b4; a jump over an opponent is not.
        let mut board = Board::standard(8, 8);
        board.setup(Point { col: 1, row: 3 }, Some(Color::Black));
        assert_eq!(
            board.play(Color::White, &mv("a4-d4")).0,
            Some(Fault::JumpsOpponent)
        );
        assert_eq!(
            board.play(Color::Black, &mv("d5-e6")).0,
            Some(Fault::NoPiece)
        );
        assert_eq!(
            board.play(Color::Black, &mv("d1-e3")).0,
            Some(Fault::NotALine)
        );
    }
}
