//! The checks that need the board, in the games whose positions are modelled
//! ([`crate::position`]): a stone played on an occupied point, setup that changes nothing, a ko
//! retaken at once without `KO`, a suicide, a move the game's rules forbid, two moves of one
//! colour in a row, and a handicap (`HA`) that differs from the stones the root sets up. They
//! are warnings, as in SGFC: a record may keep what was played, legal or not.

use std::any::Any;

use crate::diagnostic::Severity;
use crate::position::{Board, Outcome, ProblemKind, Rules, RulesVisitor, visit_rules};
use crate::properties::GoProperty;
use crate::property::GameProperty;
use crate::tree::{NodeId, Tree};
use crate::value::Color;

use super::finding::{Code, Finding, Location};

/// Appends the board's findings about a tree of a modelled game; other games have none.
pub(super) fn check<P: GameProperty>(game: usize, tree: &Tree<P>, findings: &mut Vec<Finding>) {
    visit_rules(tree, Replayed { game, findings });
    let tree: &dyn Any = tree;
    if let Some(tree) = tree.downcast_ref::<Tree<GoProperty>>() {
        handicap(game, tree, findings);
    }
}

/// The board's findings about a tree, through its game's rules.
struct Replayed<'a> {
    game: usize,
    findings: &'a mut Vec<Finding>,
}

impl RulesVisitor for Replayed<'_> {
    type Output = ();

    fn visit<P: Rules>(self, tree: &Tree<P>) {
        replay(self.game, tree, self.findings);
    }
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
/// property already reported as a bad value (a point off the board) is not reported again.
fn replay<P: Rules>(game: usize, tree: &Tree<P>, findings: &mut Vec<Finding>) {
    let bad: Vec<(Option<NodeId>, Option<String>)> = findings
        .iter()
        .filter(|f| f.code == Code::BadValue && f.location.game == game)
        .map(|f| (f.location.node, f.location.property.clone()))
        .collect();
    // The colour of the last move on the path to each node, if no setup or `PL` came since,
    // and whose turn it is after each node.
    let mut last_mover: Vec<Option<Color>> = vec![None; tree.arena_len()];
    let mut to_play: Vec<Color> = vec![Color::Black; tree.arena_len()];
    tree.walk(
        |node, board, outcome: &Outcome<<P::Board as Board>::Point>| {
            let props = tree.props(node);
            for problem in &outcome.problems {
                let ident = props.get(problem.property).map_or("", GameProperty::ident);
                if bad
                    .iter()
                    .any(|(n, p)| *n == Some(node) && p.as_deref() == Some(ident))
                {
                    continue;
                }
                let location = Location::property(game, tree, node, ident);
                findings.push(Finding {
                    code: code(problem.kind),
                    severity: Severity::Warning,
                    location: match problem.value {
                        Some(value) => location.with_value(value),
                        None => location,
                    },
                    related: None,
                    message: problem.message.clone(),
                });
            }
            let parent = tree.parent(node);
            let before = parent.and_then(|p| last_mover[p.index()]);
            if let (Some(color), Some(previous), Some(parent)) = (outcome.moved, before, parent)
                && color == previous
                && to_play[parent.index()] != color
                && !outcome.restarts
                && outcome.moves == 1
            {
                findings.push(same_colour(game, tree, node, color));
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

fn same_colour<P: GameProperty>(
    game: usize,
    tree: &Tree<P>,
    node: NodeId,
    color: Color,
) -> Finding {
    let name = match color {
        Color::Black => "Black",
        Color::White => "White",
    };
    Finding {
        code: Code::SameColourTwice,
        severity: Severity::Warning,
        location: Location::property(game, tree, node, color.letter()),
        related: None,
        message: format!(
            "{name} moves twice in a row; a node that means it says whose turn it is with `PL`"
        ),
    }
}

/// `HA` and the black stones the root sets up, in a root that sets up no white ones (with
/// white stones, the setup is a position, not a handicap). `HA[0]` and `HA[1]` mean no
/// handicap stones.
fn handicap(game: usize, tree: &Tree<GoProperty>, findings: &mut Vec<Finding>) {
    let root = tree.root();
    let Some(ha) = crate::position::handicap(tree) else {
        return;
    };
    if tree.get(root, "AW").is_some() {
        return;
    }
    let stones = match tree.get(root, "AB") {
        Some(GoProperty::AB(list)) => list.points().len(),
        _ => 0,
    };
    let expected = if ha < 2 { 0 } else { ha };
    if i64::try_from(stones).ok() == Some(expected) {
        return;
    }
    findings.push(Finding {
        code: Code::HandicapMismatch,
        severity: Severity::Warning,
        location: Location::property(game, tree, root, "HA").with_value(0),
        related: None,
        message: format!(
            "`HA[{ha}]`, and the root sets up {stones} black stone{}",
            if stones == 1 { "" } else { "s" }
        ),
    });
}
