//! The checks that need the board, in the games whose positions are modelled
//! ([`crate::position`]): a stone played on an occupied point, setup that changes nothing, a ko
//! retaken at once without `KO`, a suicide, a move the game's rules forbid, two moves of one
//! colour in a row, and a handicap (`HA`) that differs from the stones the root sets up. They
//! are warnings, as in SGFC: a record may keep what was played, legal or not.

use std::borrow::Cow;

use crate::finding::Severity;
use crate::position::{Board, Outcome, Problem, ProblemKind, Rules, walk_with_parents};
use crate::property::GameProperty;
use crate::tree::{NodeId, TreeView};
use crate::value::Color;

use super::node::BadValues;
use crate::finding::{Code, Finding, Listing};
use crate::tree::places::Places;

/// Lists the board's findings about a tree. The properties in `bad`, reported as bad values
/// already (a point off the board), are not reported again.
pub(super) fn check<P: Rules, T: TreeView<P> + ?Sized>(
    places: &Places<'_, T>,
    tree: &T,
    findings: &mut Listing,
    bad: &BadValues<'_>,
) {
    let mut list = |found: Found<'_>| {
        findings.push_with(places.game(), found.code, Severity::Warning, || Finding {
            code: found.code,
            severity: Severity::Warning,
            location: match found.value {
                Some(value) => places.value(found.node, found.ident, value),
                None => places.property(found.node, found.ident),
            },
            related: None,
            message: found.message.into_owned(),
        });
    };
    replay(tree, bad, &mut list);
    handicap(tree).into_iter().for_each(list);
}

/// A finding of the board, before its place in the tree is written out: what it borrows is
/// copied only if it is listed, not counted.
struct Found<'a> {
    code: Code,
    node: NodeId,
    ident: &'a str,
    value: Option<usize>,
    message: Cow<'a, str>,
}

/// The code of a problem the board finds.
fn code(kind: ProblemKind) -> Code {
    match kind {
        ProblemKind::OccupiedPoint => Code::OccupiedPoint,
        ProblemKind::SetupNoEffect => Code::SetupNoEffect,
        ProblemKind::KoRetaken => Code::KoRetaken,
        ProblemKind::Suicide => Code::Suicide,
        ProblemKind::IllegalMove => Code::IllegalMove,
    }
}

/// Replays every node of the tree, reporting what the board finds and two moves of one colour
/// in a row where the other colour was to play (setup and `PL` start the count anew; a swap of
/// sides in Hex lets the swapper play on; a node with two moves is an error already). A
/// property in `bad` is not reported again. Each finding goes to `found` as it is made.
fn replay<P: Rules, T: TreeView<P> + ?Sized>(
    tree: &T,
    bad: &BadValues<'_>,
    found: &mut impl FnMut(Found<'_>),
) {
    // The colour of the last move on the path to each node, if no setup or `PL` came since,
    // and whose turn it is after each node.
    let mut last_mover: Vec<Option<Color>> = vec![None; tree.arena_len()];
    let mut to_play: Vec<Color> = vec![Color::Black; tree.arena_len()];
    walk_with_parents(
        tree,
        |node, parent, board, outcome: &Outcome<<P::Board as Board>::Point>| {
            let props = tree.props(node);
            // A property repeated in the node: its values count on from the earlier ones'.
            let repeats = |p: &Problem| super::node::repeats_earlier(props, p.property);
            let earlier = if outcome.problems.iter().any(repeats) {
                super::node::values_before(props)
            } else {
                Vec::new()
            };
            for problem in &outcome.problems {
                let ident = props.get(problem.property).map_or("", GameProperty::ident);
                if bad.contains(node, ident) {
                    continue;
                }
                let earlier = earlier.get(problem.property).copied().unwrap_or(0);
                let value = problem.value.map(|value| value + earlier);
                found(Found {
                    code: code(problem.kind),
                    node,
                    ident,
                    value,
                    message: Cow::Borrowed(&problem.message),
                });
            }
            let before = parent.and_then(|p| last_mover[p.index()]);
            if let (Some(color), Some(previous), Some(parent)) = (outcome.moved, before, parent)
                && color == previous
                && to_play[parent.index()] != color
                && !outcome.restarts
                && outcome.moves == 1
            {
                found(same_colour(node, color));
            }
            to_play[node.index()] = board.to_play();
            last_mover[node.index()] = match outcome.moved {
                Some(color) => Some(color),
                None if outcome.restarts => None,
                None => before,
            };
        },
    );
}

fn same_colour(node: NodeId, color: Color) -> Found<'static> {
    let name = match color {
        Color::Black => "Black",
        Color::White => "White",
    };
    Found {
        code: Code::SameColourTwice,
        node,
        ident: color.letter(),
        value: None,
        message: Cow::Owned(format!(
            "{name} moves twice in a row; a node that means it says whose turn it is with `PL`"
        )),
    }
}

/// `HA` and the black stones the root sets up, in a root that sets up no white ones (with
/// white stones, the setup is a position, not a handicap), as the game's rules see them.
fn handicap<P: Rules, T: TreeView<P> + ?Sized>(tree: &T) -> Option<Found<'static>> {
    let (ha, stones) = P::handicap_mismatch(tree.props(tree.root()))?;
    Some(Found {
        code: Code::HandicapMismatch,
        node: tree.root(),
        ident: "HA",
        value: Some(0),
        message: Cow::Owned(format!(
            "`HA[{ha}]`, and the root sets up {stones} black stone{}",
            if stones == 1 { "" } else { "s" }
        )),
    })
}
