//! A plain Go board, written the obvious way and independently of `sgf_core::position::go`: a
//! vector of cells, groups found by breadth-first search with a hash set, every liberty of
//! every group counted. The benchmark replays the corpus with it beside the fast board, and a
//! test holds the fast board's captures to it move by move.

use std::collections::{HashSet, VecDeque};

/// A stone's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    /// Black.
    Black,
    /// White.
    White,
}

impl Stone {
    fn other(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }
}

/// A board of `cols` x `rows`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cols: usize,
    rows: usize,
    cells: Vec<Option<Stone>>,
}

impl Board {
    /// An empty board.
    pub fn new(cols: usize, rows: usize) -> Board {
        Board {
            cols,
            rows,
            cells: vec![None; cols * rows],
        }
    }

    /// The stone at (column, row).
    pub fn get(&self, col: usize, row: usize) -> Option<Stone> {
        self.cells[row * self.cols + col]
    }

    /// Puts a stone on a point or clears it.
    pub fn set(&mut self, col: usize, row: usize, stone: Option<Stone>) {
        if col < self.cols && row < self.rows {
            self.cells[row * self.cols + col] = stone;
        }
    }

    fn neighbours(&self, at: (usize, usize)) -> Vec<(usize, usize)> {
        let (col, row) = at;
        let mut out = Vec::with_capacity(4);
        if col > 0 {
            out.push((col - 1, row));
        }
        if col + 1 < self.cols {
            out.push((col + 1, row));
        }
        if row > 0 {
            out.push((col, row - 1));
        }
        if row + 1 < self.rows {
            out.push((col, row + 1));
        }
        out
    }

    /// The stones of the group on `at`, and how many liberties it has.
    fn group(&self, at: (usize, usize)) -> (Vec<(usize, usize)>, usize) {
        let color = self.get(at.0, at.1);
        let mut seen = HashSet::from([at]);
        let mut liberties = HashSet::new();
        let mut queue = VecDeque::from([at]);
        let mut stones = Vec::new();
        while let Some(p) = queue.pop_front() {
            stones.push(p);
            for n in self.neighbours(p) {
                match self.get(n.0, n.1) {
                    None => {
                        liberties.insert(n);
                    }
                    c if c == color && seen.insert(n) => queue.push_back(n),
                    _ => {}
                }
            }
        }
        (stones, liberties.len())
    }

    /// Plays a stone (replacing what stands there), takes off the opposing groups left without
    /// liberties, then its own if it has none; returns the opposing stones captured, sorted.
    pub fn play(&mut self, stone: Stone, col: usize, row: usize) -> Vec<(usize, usize)> {
        if col >= self.cols || row >= self.rows {
            return Vec::new();
        }
        self.set(col, row, Some(stone));
        let mut captured = Vec::new();
        for n in self.neighbours((col, row)) {
            if self.get(n.0, n.1) == Some(stone.other()) {
                let (stones, liberties) = self.group(n);
                if liberties == 0 {
                    for p in stones {
                        self.set(p.0, p.1, None);
                        captured.push(p);
                    }
                }
            }
        }
        let (own, liberties) = self.group((col, row));
        if liberties == 0 {
            for p in own {
                self.set(p.0, p.1, None);
            }
        }
        captured.sort_unstable();
        captured.dedup();
        captured
    }
}
