//! What a node of each game does to its board: the [`Rules`] of each property type of the
//! specification. Setup (`AB`, `AW`, `AE`), `PL` and `MN` work alike in every game; the move
//! is each game's own.

use std::collections::HashMap;
use std::fmt::{self, Write};

use crate::games::{go as go_values, hex as hex_values, lines_of_action as loa_values};
use crate::generated::{AmazonsProperty, GoProperty, HexProperty, LinesOfActionProperty};
use crate::property::{GameProperty, Verbatim};
use crate::value::{Cells, Color, Context, GridList, ListItem, ListPoint, PointList, Value};

use super::{
    Board, Outcome, Problem, ProblemKind, Rules, amazons, go, hex, lines_of_action, setup,
};

/// A property as the board sees it, in the terms every game shares.
enum Role<'a, P: Roles> {
    /// `AB` or `AW`.
    Setup(&'a PointList<P::Stone>, Color),
    /// `AE`.
    Clear(&'a PointList<P::Point>),
    /// `PL`.
    Turn(Color),
    /// `MN`.
    Number(i64),
    /// `B` or `W`.
    Move(Color, &'a P::Move),
    /// Anything else.
    Other,
}

/// A property type of a game, whose setup, `PL`, `MN` and moves the board follows.
trait Roles: GameProperty {
    fn role(&self) -> Role<'_, Self>;
}

/// The same variants in every game's property type.
macro_rules! roles {
    ($(($variant:ident, $property:ident, $module:ident)),*) => {$(
        impl Roles for crate::$property {
            fn role(&self) -> Role<'_, Self> {
                use crate::$property as P;
                match self {
                    P::AB(list) => Role::Setup(list, Color::Black),
                    P::AW(list) => Role::Setup(list, Color::White),
                    P::AE(list) => Role::Clear(list),
                    P::PL(color) => Role::Turn(*color),
                    P::MN(number) => Role::Number(*number),
                    P::B(m) => Role::Move(Color::Black, m),
                    P::W(m) => Role::Move(Color::White, m),
                    _ => Role::Other,
                }
            }
        }
    )*};
}

for_each_game!(roles);

/// A board that setup puts points of type `Pt` on.
trait Place<Pt> {
    /// Puts a stone on a point (`AB`, `AW`) or clears it (`AE`, `None`); returns whether that
    /// changed anything.
    fn place(&mut self, point: &Pt, stone: Option<Color>) -> bool;
}

/// Applies a node as every game does: its setup and `MN` (the number of the move in the node)
/// first, then `PL` and its move in the order written. `play` plays the move of the node's property `k`, noting in the outcome what
/// it captured and what is wrong with it. A move whose value does not fit its type (kept
/// verbatim) is counted but changes no stone.
fn apply_node<P, B>(
    board: &mut B,
    props: &[P],
    mut play: impl FnMut(&mut B, usize, Color, &P::Move, &mut Outcome<B::Point>),
) -> Outcome<B::Point>
where
    P: Roles,
    B: Board + Place<P::Stone> + Place<P::Point>,
{
    let mut outcome = Outcome::default();
    for (k, property) in props.iter().enumerate() {
        match property.role() {
            Role::Setup(list, color) => set_up(board, k, property, list, Some(color), &mut outcome),
            Role::Clear(list) => set_up(board, k, property, list, None, &mut outcome),
            Role::Number(number) => {
                board.set_move_number(u32::try_from(number.max(0)).unwrap_or(u32::MAX))
            }
            _ => {}
        }
    }
    for (k, property) in props.iter().enumerate() {
        let color = match property.role() {
            Role::Turn(color) => {
                board.set_to_play(color);
                outcome.restarts = true;
                continue;
            }
            Role::Move(color, m) => {
                play(board, k, color, m, &mut outcome);
                color
            }
            _ => match unreadable_move(property) {
                Some(color) => {
                    board.skip_move(color);
                    color
                }
                None => continue,
            },
        };
        outcome.moved = Some(color);
        outcome.moves += 1;
    }
    outcome
}

/// Puts the points of the node's setup property `k` on the board (`stone`: a colour, or `None`
/// to clear them), noting the values that change nothing. A value the list holds already
/// changes nothing again: it is not placed again, and its later repeats are counted on its
/// problem, so that a list naming a rectangle a million times costs a million lookups.
fn set_up<P: GameProperty, B: Place<Pt>, Pt: ListPoint, O>(
    board: &mut B,
    k: usize,
    property: &P,
    list: &PointList<Pt>,
    stone: Option<Color>,
    outcome: &mut Outcome<O>,
) {
    /// A value that changes nothing: its index, how many of its points are unchanged, how
    /// many it has, and how many later values repeat it.
    struct NoEffect {
        value: usize,
        unchanged: usize,
        all: usize,
        repeats: usize,
    }
    outcome.restarts = true;
    // Only rectangles can make a repeat cost more than it is written: they alone are looked up.
    let rectangles = list.items.iter().any(|i| matches!(i, ListItem::Rect(..)));
    let cells = if rectangles {
        list.cells().unwrap_or_default()
    } else {
        Vec::new()
    };
    // Each rectangle placed already, and its entry in `no_effect` once a repeat changed nothing.
    let mut placed: HashMap<&Cells, Option<usize>> = HashMap::new();
    let mut no_effect: Vec<NoEffect> = Vec::new();
    for (value, item) in list.items.iter().enumerate() {
        let (all, unchanged) = match item {
            ListItem::Point(point) => (1, usize::from(!board.place(point, stone))),
            ListItem::Rect(..) => {
                let key = cells.get(value);
                if let Some(seen) = key.and_then(|key| placed.get_mut(key)) {
                    match *seen {
                        Some(at) => no_effect[at].repeats += 1,
                        None => {
                            let all =
                                key.map_or(1, |k| usize::try_from(k.len()).unwrap_or(usize::MAX));
                            *seen = Some(no_effect.len());
                            no_effect.push(NoEffect {
                                value,
                                unchanged: all,
                                all,
                                repeats: 0,
                            });
                        }
                    }
                    continue;
                }
                if let Some(key) = key {
                    placed.insert(key, None);
                }
                let points = item.points();
                let unchanged = points.iter().filter(|p| !board.place(p, stone)).count();
                (points.len(), unchanged)
            }
        };
        if unchanged > 0 {
            no_effect.push(NoEffect {
                value,
                unchanged,
                all,
                repeats: 0,
            });
        }
    }
    for NoEffect {
        value,
        unchanged,
        all,
        repeats,
    } in no_effect
    {
        let mut message = quoted(property.ident(), |out| match &list.items[value] {
            ListItem::Point(point) => point.write_value(out),
            ListItem::Rect(ul, lr) => {
                ul.write_value(out);
                out.push(':');
                lr.write_value(out);
            }
        });
        message.push_str(" changes nothing");
        let (one, many) = match stone {
            Some(Color::Black) => ("holds a black stone", "hold black stones"),
            Some(Color::White) => ("holds a white stone", "hold white stones"),
            None => ("is empty", "are empty"),
        };
        // Writing into a string does not fail.
        let _ = match (all, unchanged) {
            (1, _) => write!(message, ": the point {one} already"),
            (all, n) if n == all => write!(message, ": its {all} points {many} already"),
            (all, n) => write!(message, " at {n} of its {all} points: they {many} already"),
        };
        if repeats > 0 {
            let s = if repeats == 1 { "" } else { "s" };
            let _ = write!(
                message,
                "; nor do the {repeats} later value{s} that repeat it"
            );
        }
        outcome.problems.push(Problem {
            kind: ProblemKind::SetupNoEffect,
            property: k,
            value: Some(value),
            message,
        });
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

/// A problem with the move of `color` in the node's property `k`: `B[..]` or `W[..]`, then
/// what is wrong.
fn move_problem<M: Value>(
    kind: ProblemKind,
    k: usize,
    color: Color,
    m: &M,
    what: fmt::Arguments<'_>,
) -> Problem {
    let mut message = quoted(color.letter(), |out| m.write_value(out));
    message.push(' ');
    match what.as_str() {
        Some(what) => message.push_str(what),
        // Writing into a string does not fail.
        None => {
            let _ = message.write_fmt(what);
        }
    }
    Problem {
        kind,
        property: k,
        value: Some(0),
        message,
    }
}

/// A move the game's rules do not allow, and why.
fn illegal<M: Value>(k: usize, color: Color, m: &M, why: impl fmt::Display) -> Problem {
    move_problem(
        ProblemKind::IllegalMove,
        k,
        color,
        m,
        format_args!("breaks the rules: {why}"),
    )
}

/// `` `B[pd]` ``, the start of a problem's message: an identifier and what `value` writes,
/// into one string with room for the rest (a record may make a problem of every node, and
/// formatting it from parts would make a string of each).
fn quoted(ident: &str, value: impl FnOnce(&mut String)) -> String {
    let mut message = String::with_capacity(64);
    message.push('`');
    message.push_str(ident);
    message.push('[');
    value(&mut message);
    message.push_str("]`");
    message
}

/// The value of a property as written.
fn written<V: Value>(value: &V) -> String {
    let mut out = String::new();
    value.write_value(&mut out);
    out
}

/// Setup on the boards of the games whose points they know.
macro_rules! place_points {
    ($($board:ty: $point:ty),*) => {$(
        impl Place<$point> for $board {
            fn place(&mut self, point: &$point, stone: Option<Color>) -> bool {
                self.setup(*point, stone)
            }
        }
    )*};
}

place_points!(
    go::Board: go_values::Point,
    hex::Board: hex_values::Point,
    lines_of_action::Board: loa_values::Point
);

impl Place<go_values::Point> for amazons::Board {
    fn place(&mut self, point: &go_values::Point, stone: Option<Color>) -> bool {
        self.setup(
            *point,
            stone.map_or(amazons::Cell::Empty, amazons::Cell::Amazon),
        )
    }
}

/// The games whose moves are not modelled keep their setup by point as written.
impl<Pt: Value> Place<Pt> for setup::Board {
    fn place(&mut self, point: &Pt, stone: Option<Color>) -> bool {
        self.setup(&written(point), stone)
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

    fn trim_undo(&mut self, kept: Option<&go::Mark>) {
        go::Board::trim_undo(self, kept);
    }

    fn to_play(&self) -> Color {
        go::Board::to_play(self)
    }

    fn set_to_play(&mut self, color: Color) {
        go::Board::set_to_play(self, color);
    }

    fn move_number(&self) -> u32 {
        go::Board::move_number(self)
    }

    fn set_move_number(&mut self, next: u32) {
        go::Board::set_move_number(self, next);
    }

    fn skip_move(&mut self, color: Color) {
        self.play(color, None);
    }
}

/// The handicap the root of a Go tree says (`HA`), if it says one that reads.
fn handicap(root: &[GoProperty]) -> Option<i64> {
    root.iter().find_map(|p| match p {
        GoProperty::HA(n) => Some(*n),
        _ => None,
    })
}

impl Rules for GoProperty {
    type Board = go::Board;

    fn handicap_mismatch(root: &[Self]) -> Option<(i64, usize)> {
        let ha = handicap(root)?;
        if root.iter().any(|p| matches!(p, GoProperty::AW(_))) {
            return None;
        }
        let stones = root
            .iter()
            .find_map(|p| match p {
                GoProperty::AB(list) => Some(list.distinct_points().len()),
                _ => None,
            })
            .unwrap_or(0);
        let expected = if ha < 2 { 0 } else { ha };
        (i64::try_from(stones).ok() != Some(expected)).then_some((ha, stones))
    }

    /// An empty board of the root's size; White to play first in a handicap game (`HA` of two
    /// or more), whose stones the root sets up.
    fn start(root: &[Self], ctx: &Context) -> go::Board {
        let (cols, rows) = ctx.size;
        // `Board::new` holds each side to 1-52.
        let side = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
        let mut board = go::Board::new(side(cols), side(rows));
        if handicap(root).is_some_and(|n| n >= 2) {
            board.set_to_play(Color::White);
        }
        board
    }

    fn apply(board: &mut go::Board, props: &[Self]) -> Outcome<go_values::Point> {
        let play =
            |board: &mut go::Board, k, color, m: &go_values::Move, outcome: &mut Outcome<_>| {
                let point = match m {
                    go_values::Move::Play(point) => Some(*point),
                    go_values::Move::Pass => None,
                };
                let mut suicided = Vec::new();
                let played = board.play_into(color, point, &mut outcome.captured, &mut suicided);
                let problem = |kind, what| move_problem(kind, k, color, m, what);
                if played.occupied {
                    outcome.problems.push(problem(
                        ProblemKind::OccupiedPoint,
                        format_args!("is played on a point that holds a stone"),
                    ));
                }
                if played.ko_retake && !props.iter().any(|p| matches!(p, GoProperty::KO)) {
                    outcome.problems.push(problem(
                        ProblemKind::KoRetaken,
                        format_args!(
                            "retakes the ko at once; a node that means it says so with `KO`"
                        ),
                    ));
                }
                if !suicided.is_empty() {
                    let stones = suicided.len();
                    outcome.problems.push(problem(
                        ProblemKind::Suicide,
                        format_args!(
                            "leaves its own group without liberties: {stones} stone{} taken off \
                         (a suicide)",
                            if stones == 1 { "" } else { "s" }
                        ),
                    ));
                }
            };
        apply_node(board, props, play)
    }
}

/// The rules of every game whose moves are not modelled (every game but those with an arm of
/// their own, whose `Rules` impls follow): its setup, by point as written, and its moves
/// counted.
macro_rules! setup_only {
    ($(($variant:ident, $property:ident, $module:ident)),*) => {$(
        setup_only!($variant crate::$property);
    )*};
    (Go $property:path) => {};
    (Hex $property:path) => {};
    (Amazons $property:path) => {};
    (LinesOfAction $property:path) => {};
    ($variant:ident $property:path) => {
        impl Rules for $property {
            type Board = setup::Board;

            const MODELLED: bool = false;

            fn start(_root: &[Self], _ctx: &Context) -> setup::Board {
                setup::Board::default()
            }

            fn apply(board: &mut setup::Board, props: &[Self]) -> Outcome<String> {
                apply_node(board, props, |board: &mut setup::Board, _, color, _, _| {
                    board.count_move(color);
                })
            }
        }
    };
}

for_each_game!(setup_only);

/// Whether the root of a tree sets up a position (`AB`, `AW`, `AE`, or Amazons' `AA`).
fn root_sets_up<P: GameProperty>(root: &[P]) -> bool {
    root.iter()
        .any(|p| matches!(p.ident(), "AB" | "AW" | "AE" | "AA"))
}

impl Rules for HexProperty {
    type Board = hex::Board;

    fn start(_root: &[Self], ctx: &Context) -> hex::Board {
        let (cols, rows) = ctx.size;
        hex::Board::new(cols, rows)
    }

    fn apply(board: &mut hex::Board, props: &[Self]) -> Outcome<hex_values::Point> {
        apply_node(
            board,
            props,
            |board: &mut hex::Board, k, color, m, outcome| {
                let problem = match board.play(color, m) {
                    None => None,
                    Some(hex::Fault::Occupied) => Some(move_problem(
                        ProblemKind::OccupiedPoint,
                        k,
                        color,
                        m,
                        format_args!("is played on a cell that holds a stone"),
                    )),
                    Some(hex::Fault::SwapWithoutOneStone(n)) => Some(illegal(
                        k,
                        color,
                        m,
                        format_args!("a swap needs one stone on the board, and it holds {n}"),
                    )),
                };
                outcome.problems.extend(problem);
            },
        )
    }
}

impl Rules for AmazonsProperty {
    type Board = amazons::Board;

    /// The root's size; the default amazons unless the root sets up a position.
    fn start(root: &[Self], ctx: &Context) -> amazons::Board {
        let (cols, rows) = ctx.size;
        if root_sets_up(root) {
            amazons::Board::new(cols, rows)
        } else {
            amazons::Board::standard(cols, rows)
        }
    }

    /// The arrows a node sets up (`AA`) go on the board with its other setup.
    fn apply(board: &mut amazons::Board, props: &[Self]) -> Outcome<go_values::Point> {
        use amazons::Cell;
        for property in props {
            if let AmazonsProperty::AA(list) = property {
                for point in list.distinct_points() {
                    board.setup(point, Cell::Arrow);
                }
            }
        }
        apply_node(
            board,
            props,
            |board: &mut amazons::Board, k, color, m, outcome| {
                if let Some(fault) = board.play(color, m) {
                    outcome.problems.push(illegal(k, color, m, fault));
                }
            },
        )
    }
}

impl Rules for LinesOfActionProperty {
    type Board = lines_of_action::Board;

    /// The root's size; the standard start unless the root sets up a position.
    fn start(root: &[Self], ctx: &Context) -> lines_of_action::Board {
        let (cols, rows) = ctx.size;
        if root_sets_up(root) {
            lines_of_action::Board::new(cols, rows)
        } else {
            lines_of_action::Board::standard(cols, rows)
        }
    }

    fn apply(board: &mut lines_of_action::Board, props: &[Self]) -> Outcome<loa_values::Point> {
        apply_node(
            board,
            props,
            |board: &mut lines_of_action::Board, k, color, m, outcome| {
                let (fault, captured) = board.play(color, m);
                if let Some(fault) = fault {
                    outcome.problems.push(illegal(k, color, m, fault));
                }
                outcome.captured.extend(captured);
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::GoProperty;
    use crate::position::Positions;

    /// The move number after each node of the main line of a Go game.
    fn move_numbers(sgf: &str) -> Vec<u32> {
        let collection = crate::read(sgf.as_bytes(), &Default::default()).expect("a game");
        let tree = collection.game(0).tree::<GoProperty>();
        let mut replay = tree.replay_main_line();
        let mut numbers = Vec::new();
        while let Some(step) = replay.step() {
            numbers.push(step.board.move_number());
        }
        numbers
    }

    #[test]
    fn mn_numbers_the_move_of_its_node_wherever_it_stands_in_it() {
        assert_eq!(move_numbers("(;GM[1]SZ[9];MN[5]B[aa];W[bb])"), [0, 5, 6]);
        assert_eq!(move_numbers("(;GM[1]SZ[9];B[aa]MN[5];W[bb])"), [0, 5, 6]);
    }

    #[test]
    fn the_move_number_stops_at_its_largest() {
        let numbers = move_numbers("(;GM[1]SZ[9];MN[4294967295]B[aa];W[bb];B[cc])");
        assert_eq!(numbers, [0, u32::MAX, u32::MAX, u32::MAX]);
    }
}
