//! The checks over a whole game tree: where root and game-info properties stand, properties
//! allowed once per game; the node checks, node by node; and, in the games whose rules are
//! known, the board's.

use crate::finding::Severity;
use crate::position::Rules;
use crate::property::GameProperty;
use crate::source::{Sources, TreeQuirks};
use crate::spec::{PropertyType, Rule, Scalar};
use crate::tree::{NodeId, TreeView};
use crate::value::Context;

use super::node::{BadValues, NodeCheck, since_ff4};
use super::plan::Plan;
use crate::finding::{Code, Finding, Listing};
use crate::tree::places::Places;

/// Checks one game tree, listing its findings, and then what its board finds.
pub(super) fn check_with_board<P: Rules, T: TreeView<P> + ?Sized>(
    game: usize,
    tree: &T,
    findings: &mut Listing,
) {
    let places = Places::new(game, tree);
    let bad = check_with(&places, tree, findings);
    if P::MODELLED {
        super::board::check(&places, tree, findings, &bad);
    }
}

/// Checks one game tree, listing its findings.
pub(super) fn check<P: GameProperty, T: TreeView<P> + ?Sized>(
    game: usize,
    tree: &T,
    findings: &mut Listing,
) {
    check_with(&Places::new(game, tree), tree, findings);
}

/// Checks one game tree, its findings placed by `places`. Returns the properties reported as
/// bad values, by node and identifier.
fn check_with<'t, P: GameProperty, T: TreeView<P> + ?Sized>(
    places: &Places<'_, T>,
    tree: &'t T,
    findings: &mut Listing,
) -> BadValues<'t> {
    let ctx = tree.context();
    let strict = Context {
        board_check: true,
        ..ctx
    };
    let plan = Plan::of::<P>();
    let newest = newest_format(tree);
    // The nearest node at or above each node that holds game-info properties.
    let mut game_info: Vec<Option<NodeId>> = vec![None; tree.arena_len()];
    let mut once: Vec<(String, NodeId)> = Vec::new();
    let mut bad = BadValues::default();
    let sources = Sources::of_root(tree);
    let quirks = (!sources.is_empty()).then(|| TreeQuirks::new::<P>(sources));
    let mut seen = Sources::NONE;
    super::source::name(places, tree, sources, findings);
    let once_per_game: Vec<&str> = P::game()
        .rules
        .iter()
        .filter_map(|def| match &def.rule {
            Rule::OncePerGame(set) => Some(set.iter().map(|s| s.as_ref())),
            _ => None,
        })
        .flatten()
        .collect();
    for (node, parent) in tree.preorder_with_parents() {
        let present = plan.present(tree.props(node), &strict);
        if NodeCheck::<P, T>::needed(plan, present, &ctx) {
            NodeCheck {
                places,
                tree,
                node,
                ctx: &ctx,
                strict: &strict,
                plan,
                newest,
                findings,
                bad: &mut bad,
                sources,
                seen: &mut seen,
                game: std::marker::PhantomData,
            }
            .run(present);
        }
        if let Some(quirks) = &quirks
            && present.may_hold(quirks.defined, quirks.outside)
        {
            super::source::quirks(places, tree, quirks, node, findings);
        }
        let above = parent.and_then(|p| game_info[p.index()]);
        if !plan.tree_checks(present) {
            // No root, game-info or once-per-game property: nothing to check or note.
            game_info[node.index()] = above;
            continue;
        }
        let kind_of = |p: &P| p.definition().map(|d| d.kind);
        let props = tree.props(node);
        if node != tree.root() {
            // Once per identifier: a repeat of it in the node is reading's finding.
            let misplaced = props
                .iter()
                .enumerate()
                .filter(|(k, p)| {
                    kind_of(p) == Some(PropertyType::Root)
                        && !props[..*k].iter().any(|q| q.ident() == p.ident())
                })
                .map(|(_, p)| p);
            for p in misplaced {
                let code = Code::MisplacedRootProperty;
                findings.push_with(places.game(), code, Severity::Error, || Finding {
                    code,
                    severity: Severity::Error,
                    location: places.property(node, p.ident()),
                    related: None,
                    message: format!("`{}` belongs in the root node only", p.ident()),
                });
            }
        }
        let info = props
            .iter()
            .find(|p| kind_of(p) == Some(PropertyType::GameInfo));
        game_info[node.index()] = match (info, above) {
            (Some(p), Some(earlier)) => {
                let (code, severity) = (Code::RepeatedGameInfo, since_ff4(&ctx));
                findings.push_with(places.game(), code, severity, || {
                    let first = tree
                        .props(earlier)
                        .iter()
                        .find(|q| kind_of(q) == Some(PropertyType::GameInfo))
                        .map_or("", GameProperty::ident);
                    Finding {
                        code,
                        severity,
                        location: places.property(node, p.ident()),
                        related: Some(Box::new(places.property(earlier, first))),
                        message: format!(
                            "game-info property `{}` below a node that already holds game \
                             info; only one node on a path from the root may",
                            p.ident()
                        ),
                    }
                });
                above
            }
            (Some(_), None) => Some(node),
            (None, above) => above,
        };
        for p in props.iter().filter(|p| once_per_game.contains(&p.ident())) {
            match once.iter().find(|(ident, _)| ident == p.ident()) {
                Some((_, first)) => {
                    let code = Code::RepeatedInGame;
                    findings.push_with(places.game(), code, Severity::Error, || Finding {
                        code,
                        severity: Severity::Error,
                        location: places.property(node, p.ident()),
                        related: Some(Box::new(places.property(*first, p.ident()))),
                        message: format!("`{}` may appear only once in a game", p.ident()),
                    });
                }
                None => once.push((p.ident().to_owned(), node)),
            }
        }
    }
    super::source::name(places, tree, seen.without(sources), findings);
    bad.sorted()
}

/// Whether the root's `FF` names the newest format the spec knows: the top of `FF`'s range.
fn newest_format<P: GameProperty, T: TreeView<P> + ?Sized>(tree: &T) -> bool {
    let newest = P::game().property("FF").and_then(|ff| {
        ff.value.singles().first().and_then(|s| match s.first() {
            Scalar::Number(Some(range)) => range.max,
            _ => None,
        })
    });
    let written = tree
        .get(tree.root(), "FF")
        .and_then(|ff| ff.to_raw().values.first()?.trim().parse::<i64>().ok());
    newest.is_some() && written == newest
}
