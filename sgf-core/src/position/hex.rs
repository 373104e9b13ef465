//! The Hex board: stones placed on the cells of a rhombus (11x11 unless `SZ` says otherwise),
//! and the swap. `swap-pieces` moves the one stone on the board to its mirror cell (column and
//! row exchanged) in the other colour; `swap-sides`, and `swap` as Hex programs write it,
//! leave the board as it is. After any swap the colour that swapped moves next, as the files of
//! Hex programs go on (`W[swap-pieces];W[h4]` from HexGui, `W[SWAP];W[f6]` from MoHex).

use std::fmt;

use crate::games::hex::{Move, Point};
use crate::value::Color;

use super::grid::Grid;

/// A Hex board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid<Option<Color>>,
}

/// What a Hex move did that the rules do not allow, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The cell held a stone already (it is replaced).
    Occupied,
    /// A swap with other than one stone on the board (the board is left as it is).
    SwapWithoutOneStone(usize),
}

impl Board {
    /// An empty board of `cols` x `rows`; Black (who connects top and bottom) plays first.
    pub fn new(cols: u32, rows: u32) -> Board {
        Board {
            grid: Grid::new(cols, rows, None),
        }
    }

    /// The size: (columns, rows).
    pub fn size(&self) -> (u32, u32) {
        self.grid.size()
    }

    /// The stone on a cell.
    pub fn get(&self, point: Point) -> Option<Color> {
        self.grid.get((point.col, point.row)).flatten()
    }

    /// Every stone, row by row.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.grid
            .cells()
            .filter_map(|((col, row), c)| Some((Point { col, row }, c?)))
    }

    /// Puts a stone on a cell or clears it; returns whether that changed anything.
    pub fn setup(&mut self, point: Point, stone: Option<Color>) -> bool {
        self.grid.set((point.col, point.row), stone)
    }

    /// Plays a move of `color`.
    pub fn play(&mut self, color: Color, m: &Move) -> Option<Fault> {
        self.grid.turn.count_move(color);
        match m {
            Move::Play(point) => {
                let occupied = self.get(*point).is_some();
                self.grid.set((point.col, point.row), Some(color));
                occupied.then_some(Fault::Occupied)
            }
            Move::SwapPieces => {
                self.grid.turn.to_play = color;
                let stones: Vec<(Point, Color)> = self.stones().collect();
                let [(point, stone)] = stones[..] else {
                    return Some(Fault::SwapWithoutOneStone(stones.len()));
                };
                self.grid.set((point.col, point.row), None);
                self.grid.set((point.row, point.col), Some(stone.other()));
                None
            }
            Move::SwapSides | Move::Swap => {
                self.grid.turn.to_play = color;
                let stones = self.stones().count();
                (stones != 1).then_some(Fault::SwapWithoutOneStone(stones))
            }
            Move::Resign | Move::Forfeit => None,
        }
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

    #[test]
    fn stones_are_placed_and_the_swap_mirrors_the_first() {
        let mut board = Board::new(3, 3);
        assert_eq!(
            board.play(Color::Black, &Move::Play(Point { col: 2, row: 0 })),
            None
        );
        assert_eq!(board.play(Color::White, &Move::SwapPieces), None);
        assert_eq!(board.to_string(), "...\n...\nO..\n");
        assert_eq!(
            super::super::Board::to_play(&board),
            Color::White,
            "the swapper plays on"
        );
        assert_eq!(
            board.play(Color::Black, &Move::Play(Point { col: 0, row: 2 })),
            Some(Fault::Occupied)
        );
        assert_eq!(board.play(Color::White, &Move::SwapPieces), None);
        assert_eq!(board.to_string(), "..O\n...\n...\n");
        let mut sides = board.clone();
        assert_eq!(sides.play(Color::Black, &Move::Swap), None);
        assert_eq!(sides.to_string(), "..O\n...\n...\n", "the board stays");
        assert_eq!(
            super::super::Board::to_play(&sides),
            Color::Black,
            "the swapper plays on"
        );
        board.play(Color::Black, &Move::Play(Point { col: 1, row: 1 }));
        assert_eq!(
            board.play(Color::White, &Move::Swap),
            Some(Fault::SwapWithoutOneStone(2))
        );
        assert_eq!(
            board.play(Color::Black, &Move::SwapSides),
            Some(Fault::SwapWithoutOneStone(2))
        );
        assert_eq!(board.stones().count(), 2);
    }
}
