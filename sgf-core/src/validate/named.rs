//! The cells the properties of a rule named so far in a node, for the rule that a point is
//! named once (`Unique`): a value is checked a row of its rectangle at a time, 64 cells to a
//! word, never point by point. A node that names the same 2,704 points a million times costs a
//! million rows of words, and holds no more than its board.

use crate::property::GameProperty;
use crate::spec::Str;
use crate::value::Cells;

/// The properties of a node that a `Unique` rule holds, as cells of one grid.
pub(crate) struct RuleGrid {
    /// Each property of the rule in the node (not kept verbatim): its index in the node and
    /// its slot, the index of its identifier in the rule's set.
    pub(crate) listed: Vec<(usize, usize)>,
    /// The cells of each value of each of them.
    pub(crate) cells: Vec<Vec<Cells>>,
    /// The cells named so far.
    pub(crate) named: Named,
}

impl RuleGrid {
    /// The grid of the properties of `set` among `props`; `None` where one of them is not a
    /// point list on a grid (or they lie too far apart for one), for the rule to be checked
    /// point by point.
    pub(crate) fn of<P: GameProperty>(props: &[P], set: &[Str]) -> Option<RuleGrid> {
        let listed: Vec<(usize, usize)> = (0..props.len())
            .filter(|&k| props[k].verbatim().is_none())
            .filter_map(|k| Some((k, set.iter().position(|s| s == props[k].ident())?)))
            .collect();
        let lists = listed
            .iter()
            .map(|&(k, _)| props[k].grid_list())
            .collect::<Option<Vec<_>>>()?;
        // One value repeats nothing: no grid is made for it.
        if lists.iter().map(|l| l.len()).sum::<usize>() <= 1 {
            return Some(RuleGrid {
                listed,
                cells: Vec::new(),
                named: Named::default(),
            });
        }
        let cells = lists
            .iter()
            .map(|l| l.cells())
            .collect::<Option<Vec<_>>>()?;
        let named = Named::new(set.len(), cells.iter().flatten())?;
        Some(RuleGrid {
            listed,
            cells,
            named,
        })
    }

    /// How many values the properties hold together (none counted where they hold one).
    pub(crate) fn values(&self) -> usize {
        self.cells.iter().map(Vec::len).sum()
    }
}

/// Whether the properties of `set` among `props` (but those kept verbatim) name no cell twice,
/// where that is cheap to find out: each of their values is a single point on a grid of at
/// most 64x64 cells. `None` where it is not. Most nodes that a `Unique` rule speaks of are a
/// move's marks or a position's stones, and name every point once.
pub(crate) fn points_named_once<P: GameProperty>(props: &[P], set: &[Str]) -> Option<bool> {
    // A row of cells to a word.
    let mut named = [0u64; 64];
    let mut repeated = false;
    for property in props {
        if property.verbatim().is_some() || !set.iter().any(|s| s == property.ident()) {
            continue;
        }
        let mut on_grid = true;
        let all_points = property.grid_list()?.each_point(&mut |(col, row)| match (
            named.get_mut(row as usize),
            1u64.checked_shl(col),
        ) {
            (Some(word), Some(bit)) => {
                repeated |= *word & bit != 0;
                *word |= bit;
            }
            _ => on_grid = false,
        });
        if !(all_points && on_grid) {
            return None;
        }
    }
    Some(!repeated)
}

/// The most cells the grid of one node may span; a node whose points lie further apart is
/// checked point by point.
const MAX_CELLS: u64 = 1 << 20;

/// A run of cells within one row: the bits of word `word` of row `row`.
#[derive(Clone, Copy)]
pub(crate) struct Run {
    pub(crate) row: u32,
    pub(crate) word: u32,
    pub(crate) bits: u64,
}

impl Run {
    /// The (column, row) of each cell of the run, left to right.
    pub(crate) fn cells(self) -> impl Iterator<Item = (u32, u32)> {
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            Some((self.word * 64 + bit, self.row))
        })
    }
}

/// The cells named so far, by the property of the rule that named each first.
#[derive(Default)]
pub(crate) struct Named {
    /// Words a row.
    width: usize,
    /// For each property of the rule (its slot), the cells it named first.
    first_by: Vec<Vec<u64>>,
    /// For each slot, the cells a caller marked (validation: those reported repeated there).
    marked: Vec<Vec<u64>>,
    /// The value that named each cell first, by cell (row by row, `cols` cells each): its
    /// slot and its index, `NOBODY` for none. Kept only once asked for
    /// ([`Named::remember_first`]), as only a report of repeats needs it; a grid of cells
    /// rather than a map, as a node repeating a rectangle names each of its cells.
    first: Option<Vec<(u32, u32)>>,
    /// The columns and rows of the grid.
    cols: usize,
    rows: usize,
}

/// No value named the cell.
const NOBODY: (u32, u32) = (u32::MAX, u32::MAX);

impl Named {
    /// A grid for `slots` properties wide and tall enough for `cells`; `None` when they lie
    /// too far apart for one.
    pub(crate) fn new<'c>(slots: usize, cells: impl Iterator<Item = &'c Cells>) -> Option<Named> {
        let (mut cols, mut rows) = (0u64, 0u64);
        for c in cells {
            cols = cols.max(u64::from(*c.cols.end()) + 1);
            rows = rows.max(u64::from(*c.rows.end()) + 1);
        }
        let width = cols.div_ceil(64);
        if width * 64 * rows > MAX_CELLS {
            return None;
        }
        let words = usize::try_from(width * rows).ok()?;
        Some(Named {
            width: usize::try_from(width).ok()?,
            first_by: vec![vec![0; words]; slots],
            marked: vec![vec![0; words]; slots],
            first: None,
            cols: usize::try_from(cols).ok()?,
            rows: usize::try_from(rows).ok()?,
        })
    }

    /// From now on, remembers the value that names each cell first.
    pub(crate) fn remember_first(&mut self) {
        let cells = self.cols * self.rows;
        self.first.get_or_insert_with(|| vec![NOBODY; cells]);
    }

    /// Forgets every cell named, to name them again.
    pub(crate) fn clear(&mut self) {
        for words in self.first_by.iter_mut().chain(&mut self.marked) {
            words.fill(0);
        }
        if let Some(first) = &mut self.first {
            first.fill(NOBODY);
        }
    }

    /// Names the cells of value `value` of the property in `slot`, and calls `conflict` with
    /// the runs of them the rule refuses: named before by another property, or by this one
    /// unless it is `repeatable`. Cells named for the first time become the slot's. Returns
    /// how many cells conflict.
    pub(crate) fn name(
        &mut self,
        slot: usize,
        repeatable: bool,
        value: usize,
        cells: &Cells,
        mut conflict: impl FnMut(Run),
    ) -> u64 {
        let mut count = 0;
        for row in cells.rows.clone() {
            for (word, mask) in masks(cells) {
                let at = row as usize * self.width + word as usize;
                let seen = self.first_by.iter().fold(0, |all, by| all | by[at]);
                let fresh = mask & !seen;
                let own = if repeatable {
                    self.first_by[slot][at]
                } else {
                    0
                };
                let refused = mask & seen & !own;
                if fresh != 0 {
                    self.first_by[slot][at] |= fresh;
                    if let Some(first) = &mut self.first {
                        let run = Run {
                            row,
                            word,
                            bits: fresh,
                        };
                        // An index past `u32` is not remembered: it names no value.
                        let by = match (u32::try_from(slot), u32::try_from(value)) {
                            (Ok(slot), Ok(value)) => (slot, value),
                            _ => NOBODY,
                        };
                        for cell in run.cells() {
                            if let Some(entry) = first.get_mut(cell_index(self.cols, cell)) {
                                *entry = by;
                            }
                        }
                    }
                }
                if refused != 0 {
                    count += u64::from(refused.count_ones());
                    conflict(Run {
                        row,
                        word,
                        bits: refused,
                    });
                }
            }
        }
        count
    }

    /// The slot and value that named `cell` first, where remembered.
    pub(crate) fn first(&self, cell: (u32, u32)) -> Option<(usize, usize)> {
        let by = *self.first.as_ref()?.get(cell_index(self.cols, cell))?;
        (by != NOBODY).then_some((by.0 as usize, by.1 as usize))
    }

    /// Marks the cells of `run` for `slot`; gives back those not marked before.
    pub(crate) fn mark(&mut self, slot: usize, run: Run) -> Run {
        let at = run.row as usize * self.width + run.word as usize;
        let marked = &mut self.marked[slot][at];
        let new = run.bits & !*marked;
        *marked |= new;
        Run { bits: new, ..run }
    }
}

/// The index of a cell in [`Named::first`], on a grid `cols` cells wide.
fn cell_index(cols: usize, (col, row): (u32, u32)) -> usize {
    row as usize * cols + col as usize
}

/// The words a rectangle's columns fall in, each with the bits of its columns there.
fn masks(cells: &Cells) -> impl Iterator<Item = (u32, u64)> + use<> {
    let (first, last) = (*cells.cols.start(), *cells.cols.end());
    (first / 64..=last / 64).map(move |word| {
        let lo = first.max(word * 64) - word * 64;
        let hi = last.min(word * 64 + 63) - word * 64;
        let bits = (u64::MAX >> (63 - hi)) & (u64::MAX << lo);
        (word, bits)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(cols: std::ops::RangeInclusive<u32>, rows: std::ops::RangeInclusive<u32>) -> Cells {
        Cells { cols, rows }
    }

    fn named(named: &mut Named, slot: usize, repeatable: bool, cells: &Cells) -> Vec<(u32, u32)> {
        let mut refused = Vec::new();
        named.name(slot, repeatable, 0, cells, |run| {
            refused.extend(run.cells())
        });
        refused
    }

    #[test]
    fn masks_cover_the_columns_across_words() {
        let words: Vec<_> = masks(&rect(60..=130, 0..=0)).collect();
        assert_eq!(words, [(0, 0xF << 60), (1, u64::MAX), (2, 0b111)]);
        assert_eq!(
            masks(&rect(5..=5, 0..=0)).collect::<Vec<_>>(),
            [(0, 1 << 5)]
        );
    }

    #[test]
    fn a_cell_named_again_is_refused_unless_its_own_property_may_repeat_it() {
        let cells = [rect(0..=2, 0..=1), rect(1..=1, 1..=1)];
        let mut grid = Named::new(2, cells.iter()).expect("small");
        grid.remember_first();
        assert!(named(&mut grid, 0, false, &cells[0]).is_empty());
        assert_eq!(named(&mut grid, 0, false, &cells[1]), [(1, 1)]);
        assert!(named(&mut grid, 0, true, &cells[1]).is_empty());
        assert_eq!(named(&mut grid, 1, true, &cells[1]), [(1, 1)]);
        assert_eq!(grid.first((2, 1)), Some((0, 0)));
        assert_eq!(grid.first((3, 1)), None);
    }

    #[test]
    fn marks_come_back_once() {
        let cells = rect(0..=3, 0..=0);
        let mut grid = Named::new(1, [&cells].into_iter()).expect("small");
        let run = Run {
            row: 0,
            word: 0,
            bits: 0b0110,
        };
        assert_eq!(grid.mark(0, run).bits, 0b0110);
        assert_eq!(
            grid.mark(
                0,
                Run {
                    bits: 0b1110,
                    ..run
                }
            )
            .bits,
            0b1000
        );
    }

    #[test]
    fn points_far_apart_make_no_grid() {
        let far = [
            rect(0..=0, 0..=0),
            rect(1 << 20..=1 << 20, 1 << 20..=1 << 20),
        ];
        assert!(Named::new(1, far.iter()).is_none());
    }
}
