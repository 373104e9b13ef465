//! The Amazons board: amazons (queens) of both colours and arrows on a 10x10 board (or the
//! root's `SZ`). A move takes an amazon of the mover's any number of points in a straight or
//! diagonal line over empty points, then shoots an arrow from where it landed the same way;
//! the arrow's point is blocked for the rest of the game. Without setup in the root, the game
//! starts from `AB[dj][gj][ag][jg]AW[da][ga][ad][jd]`.

use std::fmt;

use crate::games::amazons::{DEFAULT_BLACK, DEFAULT_WHITE, Move, Point};
use crate::value::Color;

use super::grid::{Grid, line, step};

/// A point of the board: empty, an amazon, or an arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// An amazon of this colour.
    Amazon(Color),
    /// An arrow (`AA`), which blocks the point.
    Arrow,
}

/// An Amazons board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid<Cell>,
}

/// Why an Amazons move breaks the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No amazon of the mover's stands on the start point.
    NoAmazon,
    /// The amazon's way to where it lands is not a free straight or diagonal line.
    BlockedMove,
    /// The arrow's way from where the amazon landed is not a free straight or diagonal line.
    BlockedArrow,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Fault::NoAmazon => "no amazon of the mover's stands on its first point",
            Fault::BlockedMove => {
                "the amazon's way to its second point is not a free straight or diagonal line"
            }
            Fault::BlockedArrow => {
                "the arrow's way from the second point to the third is not a free straight or \
                 diagonal line"
            }
        })
    }
}

fn at(point: Point) -> (u32, u32) {
    (u32::from(point.col), u32::from(point.row))
}

impl Board {
    /// An empty board of `cols` x `rows`.
    pub fn new(cols: u32, rows: u32) -> Board {
        Board {
            grid: Grid::new(cols, rows, Cell::Empty),
        }
    }

    /// The board with the default start position: four amazons of each colour.
    pub fn standard(cols: u32, rows: u32) -> Board {
        let mut board = Board::new(cols, rows);
        for (points, color) in [(DEFAULT_BLACK, Color::Black), (DEFAULT_WHITE, Color::White)] {
            for point in points {
                board.grid.set(at(point), Cell::Amazon(color));
            }
        }
        board
    }

    /// The size: (columns, rows).
    pub fn size(&self) -> (u32, u32) {
        self.grid.size()
    }

    /// What stands on a point (empty off the board).
    pub fn get(&self, point: Point) -> Cell {
        self.grid.get(at(point)).unwrap_or(Cell::Empty)
    }

    /// Every amazon and arrow, row by row.
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Cell)> + '_ {
        self.grid.cells().filter_map(|((col, row), cell)| {
            let point = Point {
                col: u8::try_from(col).ok()?,
                row: u8::try_from(row).ok()?,
            };
            (cell != Cell::Empty).then_some((point, cell))
        })
    }

    /// Sets what stands on a point; returns whether that changed anything.
    pub fn setup(&mut self, point: Point, cell: Cell) -> bool {
        self.grid.set(at(point), cell)
    }

    /// Whether every point from `from` (not included) to `to` (included) on one straight or
    /// diagonal line is empty.
    fn free(&self, from: (u32, u32), to: (u32, u32)) -> bool {
        line(from, to).is_some_and(|(direction, steps)| {
            (1..=steps).all(|n| {
                step(from, direction, n).and_then(|p| self.grid.get(p)) == Some(Cell::Empty)
            })
        })
    }

    /// Plays a move of `color`, whatever the rules say (a move is executed as written), and
    /// says which rule it breaks, if one.
    pub fn play(&mut self, color: Color, m: &Move) -> Option<Fault> {
        self.grid.turn.count_move(color);
        let (from, to, arrow) = (at(m.from), at(m.to), at(m.arrow));
        let fault = if self.grid.get(from) != Some(Cell::Amazon(color)) {
            Some(Fault::NoAmazon)
        } else if !self.free(from, to) {
            Some(Fault::BlockedMove)
        } else {
            None
        };
        self.grid.set(from, Cell::Empty);
        self.grid.set(to, Cell::Amazon(color));
        let fault = fault.or_else(|| (!self.free(to, arrow)).then_some(Fault::BlockedArrow));
        self.grid.set(arrow, Cell::Arrow);
        fault
    }
}

grid_board!(Board, Point);

impl fmt::Display for Board {
    /// The board as rows of `.`, `X` (a black amazon), `O` (a white one) and `#` (an arrow).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.write(f, |c| match c {
            Cell::Empty => '.',
            Cell::Amazon(Color::Black) => 'X',
            Cell::Amazon(Color::White) => 'O',
            Cell::Arrow => '#',
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{Context, Value};

    fn mv(text: &str) -> Move {
        Move::parse_value(text, &Context::square(10)).expect("a move")
    }

    #[test]
    fn amazons_move_and_shoot_along_free_lines() {
        let mut board = Board::standard(10, 10);
        assert_eq!(board.pieces().count(), 8);
        // White's amazon at da moves down to dd and shoots back up to da's column at db.
        assert_eq!(board.play(Color::White, &mv("daddda")), None);
        assert_eq!(board.get(mv("daddda").to), Cell::Amazon(Color::White));
        assert_eq!(board.get(mv("daddda").arrow), Cell::Arrow);
        // Black's amazon at dj cannot move through the arrow's column past the white amazon.
        assert_eq!(
            board.play(Color::Black, &mv("djdaea")),
            Some(Fault::BlockedMove)
        );
        // Not a line at all.
        assert_eq!(
            board.play(Color::White, &mv("ddefeg")),
            Some(Fault::BlockedMove)
        );
        // No amazon there.
        assert_eq!(
            board.play(Color::Black, &mv("eeefeg")),
            Some(Fault::NoAmazon)
        );
        let text = board.to_string();
        assert_eq!(text.lines().count(), 10);
        assert!(text.contains('#'));
    }
}
