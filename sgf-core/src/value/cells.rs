//! The cells a point list names on its game's grid: each value a rectangle of (column, row)
//! cells, a single point a rectangle of one. The rules on points follow rectangles a row at a
//! time through these, never point by point, so that what a list costs is bounded by what is
//! written, not by the points its rectangles expand to.

use std::ops::RangeInclusive;

use super::{ListItem, ListPoint, PointList};

/// The cells one value of a point list names: its columns and rows, both ends included.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cells {
    /// The columns, left to right.
    pub cols: RangeInclusive<u32>,
    /// The rows, top to bottom.
    pub rows: RangeInclusive<u32>,
}

impl Cells {
    /// The cells of one point.
    pub fn one((col, row): (u32, u32)) -> Cells {
        Cells {
            cols: col..=col,
            rows: row..=row,
        }
    }

    /// How many cells there are.
    pub fn len(&self) -> u64 {
        let side = |r: &RangeInclusive<u32>| u64::from(r.end() - r.start()) + 1;
        side(&self.cols) * side(&self.rows)
    }

    /// Whether there is no cell (never: a value names at least one point).
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// A point list seen as cells of a grid, for code that holds points without knowing their
/// game: the rules of a node on its points, the board's setup.
pub trait GridList {
    /// How many values the list holds (a rectangle counts once).
    fn len(&self) -> usize;

    /// Whether the list holds no value.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Each value's cells, in order; `None` when a point of the list has no place on a grid
    /// (backgammon's), or a rectangle is not one its game accepts (built by hand).
    fn cells(&self) -> Option<Vec<Cells>>;

    /// The raw texts of the points of value `value` whose cell `keep` takes, row by row.
    fn texts(&self, value: usize, keep: &mut dyn FnMut((u32, u32)) -> bool) -> Vec<String>;

    /// Gives `cell` the cell of each value, in order, while the values are single points on
    /// a grid; whether they all were (a rectangle, or a point with no place on a grid, stops
    /// it).
    fn each_point(&self, cell: &mut dyn FnMut((u32, u32))) -> bool;
}

impl<P: ListPoint> GridList for PointList<P> {
    fn len(&self) -> usize {
        self.items.len()
    }

    fn cells(&self) -> Option<Vec<Cells>> {
        self.items
            .iter()
            .map(|item| match item {
                ListItem::Point(p) => Some(Cells::one(p.grid_position()?)),
                ListItem::Rect(ul, lr) if P::is_rectangle(ul, lr) => {
                    let ((c0, r0), (c1, r1)) = (ul.grid_position()?, lr.grid_position()?);
                    Some(Cells {
                        cols: c0..=c1,
                        rows: r0..=r1,
                    })
                }
                ListItem::Rect(..) => None,
            })
            .collect()
    }

    fn each_point(&self, cell: &mut dyn FnMut((u32, u32))) -> bool {
        self.items.iter().all(|item| match item {
            ListItem::Point(p) => p.grid_position().map(&mut *cell).is_some(),
            ListItem::Rect(..) => false,
        })
    }

    fn texts(&self, value: usize, keep: &mut dyn FnMut((u32, u32)) -> bool) -> Vec<String> {
        let points = self.items.get(value).map(ListItem::points);
        points
            .into_iter()
            .flatten()
            .filter(|p| p.grid_position().is_some_and(&mut *keep))
            .map(|p| {
                let mut text = String::new();
                p.write_value(&mut text);
                text
            })
            .collect()
    }
}
