//! The undo log of a board of cells: each change, with what its cell held before. A walk keeps
//! it only as far back as it will come back to ([`UndoLog::trim`]), and a stretch of changes
//! that would take more room than a copy of the board is kept as that copy: a line of setup
//! that flips the whole board in every node costs a board's cells, not the cells it changed,
//! and a variation nested in another costs at most a board each.

use std::mem::{size_of, size_of_val};

/// Every change of a board's cells since the log was last cleared: the cell and what it held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UndoLog<T> {
    changes: Vec<(u16, T)>,
    /// Copies of the board, each with the place in `changes` it stands for: undoing past that
    /// place puts the copy back, and the entry there is only a placeholder.
    copies: Vec<(usize, Box<[T]>)>,
}

impl<T> Default for UndoLog<T> {
    fn default() -> Self {
        UndoLog {
            changes: Vec::new(),
            copies: Vec::new(),
        }
    }
}

impl<T: Copy> UndoLog<T> {
    /// A log with room for `capacity` changes.
    pub(crate) fn with_capacity(capacity: usize) -> Self {
        UndoLog {
            changes: Vec::with_capacity(capacity),
            copies: Vec::new(),
        }
    }

    /// How many changes the log holds: where a mark taken now stands.
    pub(crate) fn len(&self) -> usize {
        self.changes.len()
    }

    /// Logs that `cell` held `before` and was changed.
    pub(crate) fn push(&mut self, cell: u16, before: T) {
        self.changes.push((cell, before));
    }

    /// Takes `cells` back to where the log held `len` changes, last change first.
    pub(crate) fn undo_to(&mut self, len: usize, cells: &mut [T]) {
        while self.changes.len() > len {
            let Some((cell, before)) = self.changes.pop() else {
                break;
            };
            match self.copies.last() {
                Some((at, _)) if *at == self.changes.len() => {
                    if let Some((_, copy)) = self.copies.pop() {
                        cells.copy_from_slice(&copy);
                    }
                }
                _ => {
                    if let Some(held) = cells.get_mut(usize::from(cell)) {
                        *held = before;
                    }
                }
            }
        }
    }

    /// Forgets what no mark that is kept needs, for the board `cells`: `kept` is where the
    /// last mark the board will be taken back to stands ([`UndoLog::len`] when it was taken;
    /// `None`: it will be taken back to none). Marks taken before `kept` stay good, marks
    /// taken after it do not.
    ///
    /// Taking a cell back needs only its first change after the mark. Once the changes after
    /// the last mark kept take more room than a copy of the board, the later changes of each
    /// cell are dropped; if what is left still takes more than half of that room, the board
    /// as it was at the mark is kept as a copy instead. Everything after a copy is dropped
    /// while no mark after it is kept: taking the board back past it puts the copy back.
    /// Each change is looked at again only after a copy's worth of new ones, so the cost stays
    /// a constant a change.
    #[inline]
    pub(crate) fn trim(&mut self, kept: Option<usize>, cells: &[T]) {
        let Some(kept) = kept else {
            self.changes.clear();
            if !self.copies.is_empty() {
                self.copies.clear();
            }
            return;
        };
        if let Some(&(at, _)) = self.copies.last()
            && kept <= at
        {
            self.changes.truncate(at + 1);
            return;
        }
        let from = kept.min(self.changes.len());
        if (self.changes.len() - from) * size_of::<(u16, T)>() > size_of_val(cells) {
            self.compact(from, cells);
        }
    }

    /// Keeps of the changes after `from` the first of each cell, or a copy of `cells` as they
    /// were at `from` where that takes less room ([`UndoLog::trim`]).
    #[inline(never)]
    fn compact(&mut self, from: usize, cells: &[T]) {
        let mut seen = vec![false; cells.len()];
        let mut len = from;
        for k in from..self.changes.len() {
            let (cell, before) = self.changes[k];
            if let Some(seen) = seen.get_mut(usize::from(cell))
                && !std::mem::replace(seen, true)
            {
                self.changes[len] = (cell, before);
                len += 1;
            }
        }
        self.changes.truncate(len);
        if (len - from) * size_of::<(u16, T)>() <= size_of_val(cells) / 2 {
            return;
        }
        // The board at the mark: each cell changed since, as its first change found it.
        let mut at_mark = cells.to_vec();
        for &(cell, before) in &self.changes[from..] {
            at_mark[usize::from(cell)] = before;
        }
        // The placeholder holds any change: the copy is what is put back.
        let placeholder = self.changes[from];
        self.changes.truncate(from);
        self.changes.push(placeholder);
        self.copies.push((from, at_mark.into_boxed_slice()));
    }
}

#[cfg(test)]
mod tests {
    use super::UndoLog;

    /// A board of `n` cells holding numbers, with its log.
    struct Cells {
        cells: Vec<u32>,
        log: UndoLog<u32>,
    }

    impl Cells {
        fn new(n: usize) -> Self {
            Cells {
                cells: vec![0; n],
                log: UndoLog::default(),
            }
        }

        fn set(&mut self, cell: u16, to: u32) {
            let held = &mut self.cells[usize::from(cell)];
            self.log.push(cell, *held);
            *held = to;
        }

        fn undo_to(&mut self, len: usize) {
            self.log.undo_to(len, &mut self.cells);
        }

        fn trim(&mut self, kept: Option<usize>) {
            self.log.trim(kept, &self.cells);
        }
    }

    /// A walk of random changes, marks, trims to the last mark and undos, against copies of
    /// the board taken at each mark: every undo gives the board back as it was at its mark.
    #[test]
    fn undoing_after_trims_gives_back_the_board_at_each_mark() {
        for (n, seed) in [(1, 7_u64), (4, 1), (9, 2), (30, 3), (361, 4)] {
            let mut state = seed;
            let mut random = move |below: u64| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state % below
            };
            let mut board = Cells::new(n);
            let mut marks: Vec<(usize, Vec<u32>)> = Vec::new();
            let mut copied = false;
            for step in 0..20_000 {
                match random(100) {
                    0..=1 => marks.push((board.log.len(), board.cells.clone())),
                    2..=3 => {
                        if let Some((len, cells)) = marks.pop() {
                            board.undo_to(len);
                            assert_eq!(board.cells, cells, "{n} cells, step {step}");
                        }
                    }
                    _ => {
                        let cell = random(n as u64) as u16;
                        board.set(cell, random(4) as u32);
                    }
                }
                board.trim(marks.last().map(|(len, _)| *len));
                copied |= !board.log.copies.is_empty();
            }
            assert!(
                copied,
                "{n} cells: no stretch of changes was kept as a copy"
            );
            while let Some((len, cells)) = marks.pop() {
                board.undo_to(len);
                assert_eq!(board.cells, cells, "{n} cells, at the end");
            }
        }
    }

    #[test]
    fn a_line_that_flips_the_board_again_and_again_keeps_a_copy_of_it() {
        let mut board = Cells::new(100);
        board.set(0, 1);
        let kept = board.log.len();
        let at_kept = board.cells.clone();
        for round in 0..1_000 {
            for cell in 0..100 {
                board.set(cell, round);
            }
            board.trim(Some(kept));
        }
        // The placeholder of the copy, and nothing after it.
        assert_eq!(board.log.len(), kept + 1);
        assert_eq!(board.log.copies.len(), 1);
        board.undo_to(kept);
        assert_eq!(board.cells, at_kept);
        assert!(board.log.copies.is_empty());
        board.undo_to(0);
        assert_eq!(board.cells, vec![0; 100]);
    }

    #[test]
    fn a_few_changes_of_one_cell_are_kept_as_one() {
        let mut board = Cells::new(8);
        for to in 1..=4 {
            board.set(0, to);
        }
        // Four changes take no more room than a copy: left as they are.
        board.trim(Some(0));
        assert_eq!(board.log.len(), 4);
        board.set(0, 5);
        // Five take more: the first is all that taking the cell back needs.
        board.trim(Some(0));
        assert_eq!(board.log.len(), 1);
        assert!(board.log.copies.is_empty());
        board.undo_to(0);
        assert_eq!(board.cells, vec![0; 8]);
    }

    #[test]
    fn trimming_to_no_mark_forgets_everything() {
        let mut board = Cells::new(2);
        board.set(0, 1);
        board.set(1, 1);
        board.trim(None);
        assert_eq!(board.log.len(), 0);
        board.undo_to(0);
        assert_eq!(board.cells, vec![1, 1]);
    }
}
