//! Go diagrams as SVG: the position at a node, with coordinates, the last move marked, the
//! node's markup (`CR`, `SQ`, `TR`, `MA`, `SL`, `LB`, `AR`, `LN`, `DD`) and, on request, the
//! numbers of a range of moves on the stones they placed. `sgf render` writes them, and
//! rasterises them to PNG.
//!
//! ```
//! use sgf_core::diagram::{Diagram, svg};
//! use sgf_core::{GoProperty, ReadOptions};
//!
//! let collection = sgf_core::read(b"(;FF[4]GM[1]SZ[9];B[ee];W[cc]CR[ee])", &ReadOptions::default())?;
//! let game = collection.game(0);
//! let last = game.main_line().last().unwrap();
//! let text = svg(&game.tree::<GoProperty>(), last, &Diagram::default());
//! assert!(text.starts_with("<svg") && text.contains("<circle"));
//! # Ok::<(), sgf_core::ParseError>(())
//! ```

use std::fmt::Write as _;

use crate::games::go::{Move, Point};
use crate::generated::GoProperty;
use crate::position::Positions;
use crate::position::go::Board;
use crate::tree::{NodeId, TreeView};
use crate::value::Color;

/// How a diagram is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Diagram {
    /// The distance between two lines, in pixels.
    pub cell: f64,
    /// Whether the columns and rows are labelled (`A`-`T` without `I`, rows counted from the
    /// bottom).
    pub coordinates: bool,
    /// Number the stones placed by the moves of this range (move numbers, both included), where
    /// they still stand; the last move is then not marked otherwise.
    pub numbers: Option<(u32, u32)>,
}

impl Default for Diagram {
    fn default() -> Self {
        Diagram {
            cell: 32.0,
            coordinates: true,
            numbers: None,
        }
    }
}

/// The colour of a diagram's board.
const WOOD: &str = "#dcb35c";

/// What a diagram shows of the position after `node`, gathered by replaying its path.
struct Scene {
    board: Board,
    /// The last move on the path that placed a stone, and whose it was.
    last: Option<(Point, Color)>,
    /// The move number that placed each stone still standing, by point.
    numbers: Vec<(Point, u32)>,
}

/// Replays the path to `node`, noting the last move and the move that placed each stone.
fn scene<T: TreeView<GoProperty> + ?Sized>(tree: &T, node: NodeId) -> Scene {
    let mut replay = tree.replay_path(node);
    let mut last = None;
    let mut numbers: Vec<(Point, u32)> = Vec::new();
    while let Some(step) = replay.step() {
        for property in tree.props(step.node) {
            let (color, Move::Play(point)) = (match property {
                GoProperty::B(m) => (Color::Black, *m),
                GoProperty::W(m) => (Color::White, *m),
                _ => continue,
            }) else {
                continue;
            };
            last = Some((point, color));
            numbers.retain(|(p, _)| *p != point);
            numbers.push((point, step.board.move_number()));
        }
        numbers.retain(|(p, _)| step.board.get(*p).is_some());
    }
    Scene {
        board: replay.into_board(),
        last,
        numbers,
    }
}

/// The letters of the columns of a Go diagram: `A` to `Z` without `I` for boards up to 25
/// wide, the SGF letters beyond.
fn column_label(col: u8, cols: u8) -> String {
    const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    match LETTERS.get(usize::from(col)) {
        Some(&letter) if cols <= 25 => char::from(letter).to_string(),
        _ => Point { col, row: 0 }.to_string()[..1].to_owned(),
    }
}

/// The star points of the usual square boards.
fn star_points(cols: u8, rows: u8) -> Vec<(u8, u8)> {
    let lines: &[u8] = match (cols, rows) {
        (19, 19) => &[3, 9, 15],
        (13, 13) => &[3, 6, 9],
        (9, 9) => &[2, 6],
        _ => &[],
    };
    let mut points: Vec<(u8, u8)> = lines
        .iter()
        .flat_map(|&c| lines.iter().map(move |&r| (c, r)))
        .collect();
    if (cols, rows) == (9, 9) {
        points.push((4, 4));
    }
    points
}

/// Draws the position after `node` of a Go tree as an SVG document.
pub fn svg<T: TreeView<GoProperty> + ?Sized>(tree: &T, node: NodeId, diagram: &Diagram) -> String {
    let scene = scene(tree, node);
    let (cols, rows) = scene.board.size();
    let cell = diagram.cell;
    let margin = if diagram.coordinates {
        cell * 1.2
    } else {
        cell * 0.7
    };
    let at = |p: Point| {
        (
            margin + f64::from(p.col) * cell,
            margin + f64::from(p.row) * cell,
        )
    };
    let width = margin * 2.0 + f64::from(cols - 1) * cell;
    let height = margin * 2.0 + f64::from(rows - 1) * cell;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.1} {height:.1}\" font-family=\"DejaVu Sans, Arial, sans-serif\">\
         <rect width=\"100%\" height=\"100%\" fill=\"{WOOD}\"/>"
    );
    // Grid, star points and coordinates.
    let (first, last_x, last_y) = (
        margin,
        at(Point {
            col: cols - 1,
            row: 0,
        })
        .0,
        at(Point {
            col: 0,
            row: rows - 1,
        })
        .1,
    );
    for col in 0..cols {
        let x = at(Point { col, row: 0 }).0;
        let _ = write!(
            out,
            "<line x1=\"{x:.1}\" y1=\"{first:.1}\" x2=\"{x:.1}\" y2=\"{last_y:.1}\" stroke=\"#000\" stroke-width=\"1\"/>"
        );
    }
    for row in 0..rows {
        let y = at(Point { col: 0, row }).1;
        let _ = write!(
            out,
            "<line x1=\"{first:.1}\" y1=\"{y:.1}\" x2=\"{last_x:.1}\" y2=\"{y:.1}\" stroke=\"#000\" stroke-width=\"1\"/>"
        );
    }
    for (col, row) in star_points(cols, rows) {
        let (x, y) = at(Point { col, row });
        let _ = write!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"#000\"/>",
            cell * 0.1
        );
    }
    if diagram.coordinates {
        let size = cell * 0.4;
        for col in 0..cols {
            let x = at(Point { col, row: 0 }).0;
            let label = column_label(col, cols);
            for y in [margin * 0.45, height - margin * 0.45] {
                text(&mut out, x, y, size, "#000", &label);
            }
        }
        for row in 0..rows {
            let y = at(Point { col: 0, row }).1;
            let label = (rows - row).to_string();
            for x in [margin * 0.45, width - margin * 0.45] {
                text(&mut out, x, y, size, "#000", &label);
            }
        }
    }
    // Stones.
    for (point, color) in scene.board.stones() {
        let (x, y) = at(point);
        let (fill, stroke) = match color {
            Color::Black => ("#111", "#000"),
            Color::White => ("#f8f8f8", "#000"),
        };
        let _ = write!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1\"/>",
            cell * 0.47
        );
    }
    // The color a mark takes on a point: light on a black stone, dark elsewhere.
    let ink = |p: Point| match scene.board.get(p) {
        Some(Color::Black) => "#fff",
        _ => "#000",
    };
    let numbered: Vec<(Point, u32)> = match diagram.numbers {
        Some((from, to)) => scene
            .numbers
            .iter()
            .copied()
            .filter(|(_, n)| (from..=to).contains(n))
            .collect(),
        None => Vec::new(),
    };
    for &(point, number) in &numbered {
        let (x, y) = at(point);
        let size = if number >= 100 {
            cell * 0.38
        } else {
            cell * 0.5
        };
        text(&mut out, x, y, size, ink(point), &number.to_string());
    }
    // The last move is marked unless a number or the node's own markup stands on it.
    let marked = marked_points(tree.props(node));
    let plain = |p: &Point| !numbered.iter().any(|(q, _)| q == p) && !marked.contains(p);
    if let Some((point, _)) = scene.last.filter(|(p, _)| plain(p))
        && scene.board.get(point).is_some()
    {
        let (x, y) = at(point);
        let _ = write!(
            out,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1}\"/>",
            cell * 0.22,
            ink(point),
            cell * 0.08
        );
    }
    markup(&mut out, tree.props(node), &scene.board, cell, &at, &ink);
    out.push_str("</svg>\n");
    out
}

/// Appends a text centred on (x, y).
fn text(out: &mut String, x: f64, y: f64, size: f64, fill: &str, label: &str) {
    let escaped = label
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let _ = write!(
        out,
        "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{size:.1}\" fill=\"{fill}\" \
         text-anchor=\"middle\">{escaped}</text>",
        y + size * 0.35
    );
}

/// The points a node's markup draws on (its marks and labels).
fn marked_points(props: &[GoProperty]) -> Vec<Point> {
    let mut marked = Vec::new();
    for property in props {
        match property {
            GoProperty::CR(list)
            | GoProperty::SQ(list)
            | GoProperty::TR(list)
            | GoProperty::MA(list) => marked.extend(list.distinct_points()),
            GoProperty::LB(labels) => marked.extend(labels.iter().map(|(p, _)| *p)),
            _ => {}
        }
    }
    marked
}

/// Draws the markup of a node's properties.
fn markup(
    out: &mut String,
    props: &[GoProperty],
    board: &Board,
    cell: f64,
    at: &impl Fn(Point) -> (f64, f64),
    ink: &impl Fn(Point) -> &'static str,
) {
    let width = cell * 0.08;
    for property in props {
        match property {
            GoProperty::CR(list) => {
                for p in list.distinct_points() {
                    let (x, y) = at(p);
                    let _ = write!(
                        out,
                        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width:.1}\"/>",
                        cell * 0.26,
                        ink(p)
                    );
                }
            }
            GoProperty::SQ(list) => {
                for p in list.distinct_points() {
                    let (x, y) = at(p);
                    let h = cell * 0.24;
                    let _ = write!(
                        out,
                        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width:.1}\"/>",
                        x - h,
                        y - h,
                        h * 2.0,
                        h * 2.0,
                        ink(p)
                    );
                }
            }
            GoProperty::TR(list) => {
                for p in list.distinct_points() {
                    let (x, y) = at(p);
                    let r = cell * 0.3;
                    let _ = write!(
                        out,
                        "<polygon points=\"{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width:.1}\"/>",
                        y - r,
                        x - r * 0.87,
                        y + r * 0.5,
                        x + r * 0.87,
                        y + r * 0.5,
                        ink(p)
                    );
                }
            }
            GoProperty::MA(list) => {
                for p in list.distinct_points() {
                    let (x, y) = at(p);
                    let h = cell * 0.22;
                    let _ = write!(
                        out,
                        "<path d=\"M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}\" stroke=\"{}\" stroke-width=\"{width:.1}\"/>",
                        x - h,
                        y - h,
                        x + h,
                        y + h,
                        x - h,
                        y + h,
                        x + h,
                        y - h,
                        ink(p)
                    );
                }
            }
            GoProperty::SL(list) => {
                for p in list.distinct_points() {
                    let (x, y) = at(p);
                    let h = cell * 0.5;
                    let _ = write!(
                        out,
                        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{cell:.1}\" height=\"{cell:.1}\" fill=\"#3060ff\" fill-opacity=\"0.45\"/>",
                        x - h,
                        y - h
                    );
                }
            }
            GoProperty::DD(list) => {
                for p in list.distinct_points() {
                    let (x, y) = at(p);
                    let h = cell * 0.5;
                    let _ = write!(
                        out,
                        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{cell:.1}\" height=\"{cell:.1}\" fill=\"{WOOD}\" fill-opacity=\"0.6\"/>",
                        x - h,
                        y - h
                    );
                }
            }
            GoProperty::LB(labels) => {
                for (p, label) in labels {
                    let (x, y) = at(*p);
                    if board.get(*p).is_none() {
                        // The label stands on the wood, not on the lines.
                        let h = cell * 0.32;
                        let _ = write!(
                            out,
                            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{WOOD}\"/>",
                            x - h,
                            y - h,
                            h * 2.0,
                            h * 2.0
                        );
                    }
                    text(out, x, y, cell * 0.5, ink(*p), label);
                }
            }
            GoProperty::AR(pairs) | GoProperty::LN(pairs) => {
                let arrow = matches!(property, GoProperty::AR(_));
                for (from, to) in pairs {
                    let ((x1, y1), (x2, y2)) = (at(*from), at(*to));
                    let _ = write!(
                        out,
                        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#c00\" stroke-width=\"{width:.1}\"/>"
                    );
                    if arrow {
                        let (dx, dy) = (x2 - x1, y2 - y1);
                        let length = (dx * dx + dy * dy).sqrt().max(1.0);
                        let (ux, uy) = (dx / length, dy / length);
                        let head = cell * 0.3;
                        let (bx, by) = (x2 - ux * head, y2 - uy * head);
                        let _ = write!(
                            out,
                            "<polygon points=\"{x2:.1},{y2:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"#c00\"/>",
                            bx - uy * head * 0.5,
                            by + ux * head * 0.5,
                            bx + uy * head * 0.5,
                            by - ux * head * 0.5
                        );
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> crate::Tree<GoProperty> {
        let collection = crate::read(text.as_bytes(), &Default::default()).expect("readable");
        collection.game(0).to_tree()
    }

    #[test]
    fn the_scene_holds_the_last_move_and_the_numbers_of_standing_stones() {
        let tree = tree("(;FF[4]SZ[5];B[ba];W[aa];B[ab];W[cc])");
        let last = tree.main_line().last().expect("a node");
        let scene = scene(&tree, last);
        assert_eq!(scene.last, Some((Point { col: 2, row: 2 }, Color::White)));
        // White's aa was captured: no number stays on it.
        let numbers: Vec<u32> = scene.numbers.iter().map(|(_, n)| *n).collect();
        assert_eq!(numbers, [1, 3, 4]);
    }

    #[test]
    fn columns_skip_i_up_to_25_and_use_sgf_letters_beyond() {
        assert_eq!(column_label(7, 19), "H");
        assert_eq!(column_label(8, 19), "J");
        assert_eq!(column_label(8, 30), "i");
        assert_eq!(column_label(27, 30), "B");
    }

    #[test]
    fn markup_and_numbers_are_drawn() {
        let tree = tree(
            "(;FF[4]SZ[9];B[ee];W[cc]CR[ee]SQ[aa]TR[bb]MA[dd]SL[ff]LB[gg:A<]AR[aa:ii]LN[ai:ia]DD[hh])",
        );
        let last = tree.main_line().last().expect("a node");
        let text = svg(
            &tree,
            last,
            &Diagram {
                numbers: Some((1, 2)),
                ..Diagram::default()
            },
        );
        for element in ["<polygon", "<path", "fill-opacity", "A&lt;", ">1<", ">2<"] {
            assert!(text.contains(element), "{element} in {text}");
        }
    }
}
