//! What a node of each game does to its board: the [`Rules`] of each property type of the
//! specification. Setup (`AB`, `AW`, `AE`), `PL` and `MN` work alike in every game; the move
//! is each game's own.

use std::fmt;

use crate::games::{ListPoint, go as go_values, hex as hex_values, lines_of_action as loa_values};
use crate::properties::{
    AmazonsProperty, BackgammonProperty, GoProperty, HexProperty, LinesOfActionProperty,
    OctiProperty, OtherGameProperty,
};
use crate::property::{GameProperty, Verbatim};
use crate::tree::Tree;
use crate::value::{Color, ListItem, PointList, Value};

use super::{
    Board, Outcome, Problem, ProblemKind, Rules, amazons, go, hex, lines_of_action, setup,
};

/// Each point of a list with the index of the value it is written in (a rectangle's points
/// share one).
fn points<Pt: ListPoint>(list: &PointList<Pt>) -> Vec<(usize, Pt)> {
    let mut out = Vec::new();
    for (index, item) in list.items.iter().enumerate() {
        match item {
            ListItem::Point(point) => out.push((index, point.clone())),
            ListItem::Rect(ul, lr) => out.extend(
                Pt::rectangle(ul, lr)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|p| (index, p)),
            ),
        }
    }
    out
}

/// Puts the points of a setup property (`AB`, `AW`: a colour; `AE`: `None`) on the board with
/// `place`, noting those that change nothing.
fn set_up<B, Pt: ListPoint + fmt::Debug>(
    board: &mut B,
    property: usize,
    ident: &str,
    list: &PointList<Pt>,
    stone: Option<Color>,
    place: impl Fn(&mut B, &Pt, Option<Color>) -> bool,
    problems: &mut Vec<Problem>,
) {
    for (value, point) in points(list) {
        if !place(board, &point, stone) {
            let mut written = String::new();
            point.write_value(&mut written);
            let what = match stone {
                Some(Color::Black) => "holds a black stone already",
                Some(Color::White) => "holds a white stone already",
                None => "is empty already",
            };
            problems.push(Problem {
                kind: ProblemKind::SetupNoEffect,
                property,
                value: Some(value),
                message: format!("`{ident}[{written}]` changes nothing: the point {what}"),
            });
        }
    }
}

impl Board for go::Board {
    type Point = go_values::Point;
    type Mark = go::Mark;

    fn mark(&self) -> go::Mark {
        go::Board::mark(self)
    }

    fn undo_to(&mut self, mark: go::Mark) {
        go::Board::undo_to(self, mark);
    }

    fn to_play(&self) -> Color {
        go::Board::to_play(self)
    }

    fn move_number(&self) -> u32 {
        go::Board::move_number(self)
    }

    fn skip_move(&mut self, color: Color) {
        self.play(color, None);
    }
}

/// The size of a tree's board as a Go board holds it (each side 1-52).
fn go_size<P: GameProperty>(tree: &Tree<P>) -> (u8, u8) {
    let (cols, rows) = tree.context().size;
    let side = |n: u32| u8::try_from(n.min(52)).unwrap_or(52);
    (side(cols), side(rows))
}

/// The number of handicap stones the root says (`HA`), if it says two or more.
fn handicap<P: GameProperty>(tree: &Tree<P>) -> Option<i64> {
    let ha = tree.get(tree.root(), "HA")?.to_raw();
    ha.values.first()?.trim().parse().ok().filter(|n| *n >= 2)
}

impl Rules for GoProperty {
    type Board = go::Board;

    /// An empty board of the root's size; White to play first in a handicap game (`HA` of two
    /// or more), whose stones the root sets up.
    fn start(tree: &Tree<Self>) -> go::Board {
        let (cols, rows) = go_size(tree);
        let mut board = go::Board::new(cols, rows);
        if handicap(tree).is_some() {
            board.set_to_play(Color::White);
        }
        board
    }

    fn apply(board: &mut go::Board, props: &[Self]) -> Outcome<go_values::Point> {
        let mut outcome = Outcome::default();
        let place =
            |board: &mut go::Board, point: &go_values::Point, stone| board.setup(*point, stone);
        for (k, property) in props.iter().enumerate() {
            let (list, stone) = match property {
                GoProperty::AB(list) => (list, Some(Color::Black)),
                GoProperty::AW(list) => (list, Some(Color::White)),
                GoProperty::AE(list) => (list, None),
                _ => continue,
            };
            set_up(
                board,
                k,
                property.ident(),
                list,
                stone,
                place,
                &mut outcome.problems,
            );
        }
        let forced = props.iter().any(|p| matches!(p, GoProperty::KO));
        for (k, property) in props.iter().enumerate() {
            if let Some(color) = unreadable_move(property) {
                board.skip_move(color);
                outcome.moved = Some(color);
                continue;
            }
            match property {
                GoProperty::PL(color) => board.set_to_play(*color),
                GoProperty::MN(number) => {
                    board.set_move_number(u32::try_from(*number).unwrap_or(0));
                }
                GoProperty::B(m) | GoProperty::W(m) => {
                    let color = if matches!(property, GoProperty::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let point = match m {
                        go_values::Move::Play(point) => Some(*point),
                        go_values::Move::Pass => None,
                    };
                    let played = board.play(color, point);
                    outcome.moved = Some(color);
                    let problem = |kind, message: String| Problem {
                        kind,
                        property: k,
                        value: Some(0),
                        message,
                    };
                    let ident = property.ident();
                    let mut written = String::new();
                    m.write_value(&mut written);
                    if played.occupied {
                        outcome.problems.push(problem(
                            ProblemKind::OccupiedPoint,
                            format!("`{ident}[{written}]` is played on a point that holds a stone"),
                        ));
                    }
                    if played.ko_retake && !forced {
                        outcome.problems.push(problem(
                            ProblemKind::KoRetaken,
                            format!(
                                "`{ident}[{written}]` retakes the ko at once; a node that means \
                                 it says so with `KO`"
                            ),
                        ));
                    }
                    if !played.suicided.is_empty() {
                        let stones = played.suicided.len();
                        outcome.problems.push(problem(
                            ProblemKind::Suicide,
                            format!(
                                "`{ident}[{written}]` leaves its own group without liberties: \
                                 {stones} stone{} taken off (a suicide)",
                                if stones == 1 { "" } else { "s" }
                            ),
                        ));
                    }
                    outcome.captured.extend(played.captured);
                }
                _ => {}
            }
        }
        outcome
    }
}

/// The colour of a move whose value does not fit its type (kept verbatim).
fn unreadable_move<P: GameProperty>(property: &P) -> Option<Color> {
    match property.verbatim() {
        Some((Verbatim::Invalid, raw)) if raw.ident == "B" => Some(Color::Black),
        Some((Verbatim::Invalid, raw)) if raw.ident == "W" => Some(Color::White),
        _ => None,
    }
}

/// Puts the points of a setup property on a board of points as written.
fn place_written<Pt: ListPoint>(
    board: &mut setup::Board,
    list: &PointList<Pt>,
    stone: Option<Color>,
) {
    for (_, point) in points(list) {
        let mut written = String::new();
        point.write_value(&mut written);
        board.setup(&written, stone);
    }
}

/// The rules of a game whose moves are not modelled: its setup, by point as written, and its
/// moves counted.
macro_rules! setup_only {
    ($($property:ident),*) => {$(
        impl Rules for $property {
            type Board = setup::Board;

            fn start(_tree: &Tree<Self>) -> setup::Board {
                setup::Board::default()
            }

            fn apply(board: &mut setup::Board, props: &[Self]) -> Outcome<String> {
                let mut outcome = Outcome::default();
                for property in props {
                    match property {
                        $property::AB(list) => place_written(board, list, Some(Color::Black)),
                        $property::AW(list) => place_written(board, list, Some(Color::White)),
                        $property::AE(list) => place_written(board, list, None),
                        _ => {}
                    }
                }
                for property in props {
                    if let Some(color) = unreadable_move(property) {
                        board.skip_move(color);
                        outcome.moved = Some(color);
                        continue;
                    }
                    match property {
                        $property::PL(color) => board.set_to_play(*color),
                        $property::MN(number) => {
                            board.set_move_number(u32::try_from(*number).unwrap_or(0));
                        }
                        $property::B(_) => {
                            board.count_move(Color::Black);
                            outcome.moved = Some(Color::Black);
                        }
                        $property::W(_) => {
                            board.count_move(Color::White);
                            outcome.moved = Some(Color::White);
                        }
                        _ => {}
                    }
                }
                outcome
            }
        }
    )*};
}

setup_only!(BackgammonProperty, OctiProperty, OtherGameProperty);

/// The size of a tree's board on a grid, as its context gives it.
fn grid_size<P: GameProperty>(tree: &Tree<P>) -> (u32, u32) {
    tree.context().size
}

/// Whether the root of a tree sets up a position (`AB`, `AW`, `AE`, or Amazons' `AA`).
fn root_sets_up<P: GameProperty>(tree: &Tree<P>) -> bool {
    ["AB", "AW", "AE", "AA"]
        .iter()
        .any(|ident| tree.get(tree.root(), ident).is_some())
}

/// A problem with the move of a node, at the property `k`'s value.
fn illegal(k: usize, ident: &str, written: impl fmt::Display, why: impl fmt::Display) -> Problem {
    Problem {
        kind: ProblemKind::IllegalMove,
        property: k,
        value: Some(0),
        message: format!("`{ident}[{written}]`: {why}"),
    }
}

/// The colour of a move property (`B` or `W`).
fn mover(ident: &str) -> Color {
    if ident == "W" {
        Color::White
    } else {
        Color::Black
    }
}

/// The value of a property as written.
fn written<V: Value>(value: &V) -> String {
    let mut out = String::new();
    value.write_value(&mut out);
    out
}

impl Rules for HexProperty {
    type Board = hex::Board;

    fn start(tree: &Tree<Self>) -> hex::Board {
        let (cols, rows) = grid_size(tree);
        hex::Board::new(cols, rows)
    }

    fn apply(board: &mut hex::Board, props: &[Self]) -> Outcome<hex_values::Point> {
        let mut outcome = Outcome::default();
        let place =
            |board: &mut hex::Board, point: &hex_values::Point, stone| board.setup(*point, stone);
        for (k, property) in props.iter().enumerate() {
            match property {
                HexProperty::AB(list) => set_up(
                    board,
                    k,
                    "AB",
                    list,
                    Some(Color::Black),
                    place,
                    &mut outcome.problems,
                ),
                HexProperty::AW(list) => set_up(
                    board,
                    k,
                    "AW",
                    list,
                    Some(Color::White),
                    place,
                    &mut outcome.problems,
                ),
                HexProperty::AE(list) => {
                    set_up(board, k, "AE", list, None, place, &mut outcome.problems)
                }
                _ => {}
            }
        }
        for (k, property) in props.iter().enumerate() {
            if let Some(color) = unreadable_move(property) {
                board.skip_move(color);
                outcome.moved = Some(color);
                continue;
            }
            match property {
                HexProperty::PL(color) => board.set_to_play(*color),
                HexProperty::MN(n) => board.set_move_number(u32::try_from(*n).unwrap_or(0)),
                HexProperty::B(m) | HexProperty::W(m) => {
                    let color = mover(property.ident());
                    outcome.moved = Some(color);
                    let problem = match board.play(color, m) {
                        None => None,
                        Some(hex::Fault::Occupied) => Some(Problem {
                            kind: ProblemKind::OccupiedPoint,
                            property: k,
                            value: Some(0),
                            message: format!(
                                "`{}[{}]` is played on a cell that holds a stone",
                                property.ident(),
                                written(m)
                            ),
                        }),
                        Some(hex::Fault::SwapWithoutOneStone(n)) => Some(illegal(
                            k,
                            property.ident(),
                            written(m),
                            format!("a swap needs one stone on the board, and it holds {n}"),
                        )),
                    };
                    outcome.problems.extend(problem);
                }
                _ => {}
            }
        }
        outcome
    }
}

impl Rules for AmazonsProperty {
    type Board = amazons::Board;

    /// The root's size; the default amazons unless the root sets up a position.
    fn start(tree: &Tree<Self>) -> amazons::Board {
        let (cols, rows) = grid_size(tree);
        if root_sets_up(tree) {
            amazons::Board::new(cols, rows)
        } else {
            amazons::Board::standard(cols, rows)
        }
    }

    fn apply(board: &mut amazons::Board, props: &[Self]) -> Outcome<go_values::Point> {
        use amazons::Cell;
        let mut outcome = Outcome::default();
        let place = |board: &mut amazons::Board, point: &go_values::Point, stone: Option<Color>| {
            board.setup(*point, stone.map_or(Cell::Empty, Cell::Amazon))
        };
        for (k, property) in props.iter().enumerate() {
            match property {
                AmazonsProperty::AB(list) => set_up(
                    board,
                    k,
                    "AB",
                    list,
                    Some(Color::Black),
                    place,
                    &mut outcome.problems,
                ),
                AmazonsProperty::AW(list) => set_up(
                    board,
                    k,
                    "AW",
                    list,
                    Some(Color::White),
                    place,
                    &mut outcome.problems,
                ),
                AmazonsProperty::AE(list) => {
                    set_up(board, k, "AE", list, None, place, &mut outcome.problems)
                }
                AmazonsProperty::AA(list) => {
                    for (_, point) in points(list) {
                        board.setup(point, Cell::Arrow);
                    }
                }
                _ => {}
            }
        }
        for (k, property) in props.iter().enumerate() {
            if let Some(color) = unreadable_move(property) {
                board.skip_move(color);
                outcome.moved = Some(color);
                continue;
            }
            match property {
                AmazonsProperty::PL(color) => board.set_to_play(*color),
                AmazonsProperty::MN(n) => board.set_move_number(u32::try_from(*n).unwrap_or(0)),
                AmazonsProperty::B(m) | AmazonsProperty::W(m) => {
                    let color = mover(property.ident());
                    outcome.moved = Some(color);
                    if let Some(fault) = board.play(color, m) {
                        outcome
                            .problems
                            .push(illegal(k, property.ident(), written(m), fault));
                    }
                }
                _ => {}
            }
        }
        outcome
    }
}

impl Rules for LinesOfActionProperty {
    type Board = lines_of_action::Board;

    /// The root's size; the standard start unless the root sets up a position.
    fn start(tree: &Tree<Self>) -> lines_of_action::Board {
        let (cols, rows) = grid_size(tree);
        if root_sets_up(tree) {
            lines_of_action::Board::new(cols, rows)
        } else {
            lines_of_action::Board::standard(cols, rows)
        }
    }

    fn apply(board: &mut lines_of_action::Board, props: &[Self]) -> Outcome<loa_values::Point> {
        let mut outcome = Outcome::default();
        let place = |board: &mut lines_of_action::Board, point: &loa_values::Point, stone| {
            board.setup(*point, stone)
        };
        for (k, property) in props.iter().enumerate() {
            match property {
                LinesOfActionProperty::AB(list) => set_up(
                    board,
                    k,
                    "AB",
                    list,
                    Some(Color::Black),
                    place,
                    &mut outcome.problems,
                ),
                LinesOfActionProperty::AW(list) => set_up(
                    board,
                    k,
                    "AW",
                    list,
                    Some(Color::White),
                    place,
                    &mut outcome.problems,
                ),
                LinesOfActionProperty::AE(list) => {
                    set_up(board, k, "AE", list, None, place, &mut outcome.problems)
                }
                _ => {}
            }
        }
        for (k, property) in props.iter().enumerate() {
            if let Some(color) = unreadable_move(property) {
                board.skip_move(color);
                outcome.moved = Some(color);
                continue;
            }
            match property {
                LinesOfActionProperty::PL(color) => board.set_to_play(*color),
                LinesOfActionProperty::MN(n) => {
                    board.set_move_number(u32::try_from(*n).unwrap_or(0));
                }
                LinesOfActionProperty::B(m) | LinesOfActionProperty::W(m) => {
                    let color = mover(property.ident());
                    outcome.moved = Some(color);
                    let (fault, captured) = board.play(color, m);
                    if let Some(fault) = fault {
                        outcome
                            .problems
                            .push(illegal(k, property.ident(), written(m), fault));
                    }
                    outcome.captured.extend(captured);
                }
                _ => {}
            }
        }
        outcome
    }
}

/// Code generic over the rules of a game, for a tree whose game has them.
pub(crate) trait RulesVisitor {
    /// What the visit returns.
    type Output;
    /// Visits the tree with its game's rules.
    fn visit<P: Rules>(self, tree: &Tree<P>) -> Self::Output;
}

/// Visits `tree` with its game's rules if its property type is one of the standard games'
/// whose positions are modelled (Go, Hex, Amazons, Lines of Action); `None` for any other.
pub(crate) fn visit_rules<P: GameProperty, V: RulesVisitor>(
    tree: &Tree<P>,
    visitor: V,
) -> Option<V::Output> {
    let tree: &dyn std::any::Any = tree;
    if let Some(tree) = tree.downcast_ref::<Tree<GoProperty>>() {
        Some(visitor.visit(tree))
    } else if let Some(tree) = tree.downcast_ref::<Tree<HexProperty>>() {
        Some(visitor.visit(tree))
    } else if let Some(tree) = tree.downcast_ref::<Tree<AmazonsProperty>>() {
        Some(visitor.visit(tree))
    } else {
        tree.downcast_ref::<Tree<LinesOfActionProperty>>()
            .map(|tree| visitor.visit(tree))
    }
}
