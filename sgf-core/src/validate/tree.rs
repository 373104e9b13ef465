//! The checks over a whole game tree: where root and game-info properties stand, properties
//! allowed once per game, the charset `CA` names; and the node checks, node by node.

use encoding_rs::Encoding;

use crate::charset;
use crate::finding::Severity;
use crate::property::GameProperty;
use crate::spec::{PropertyType, Rule, Scalar};
use crate::tree::{NodeId, Tree};
use crate::value::{Context, unescape_text};

use super::node::{NodeCheck, since_ff4};
use super::places::Places;
use super::plan::Plan;
use crate::finding::{Code, Finding, Location};

/// Checks one game tree, appending its findings.
pub(super) fn check<P: GameProperty>(
    game: usize,
    tree: &Tree<P>,
    charset: &'static Encoding,
    findings: &mut Vec<Finding>,
) {
    let first_finding = findings.len();
    let places = Places::new(game, tree);
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
    let once_per_game: Vec<&str> = P::game()
        .rules
        .iter()
        .filter_map(|def| match &def.rule {
            Rule::OncePerGame(set) => Some(set.iter().map(|s| s.as_ref())),
            _ => None,
        })
        .flatten()
        .collect();
    for node in tree.preorder() {
        let present = NodeCheck {
            places: &places,
            tree,
            node,
            ctx: &ctx,
            strict: &strict,
            plan,
            newest,
            findings,
        }
        .run();
        let above = tree.parent(node).and_then(|p| game_info[p.index()]);
        if !plan.tree_checks(present) {
            // No root, game-info or once-per-game property: nothing to check or note.
            game_info[node.index()] = above;
            continue;
        }
        let kind_of = |p: &P| p.definition().map(|d| d.kind);
        let props = tree.props(node);
        if node != tree.root() {
            for p in props
                .iter()
                .filter(|p| kind_of(p) == Some(PropertyType::Root))
            {
                findings.push(Finding {
                    code: Code::MisplacedRootProperty,
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
                let first = tree
                    .props(earlier)
                    .iter()
                    .find(|q| kind_of(q) == Some(PropertyType::GameInfo))
                    .map_or("", GameProperty::ident);
                findings.push(Finding {
                    code: Code::RepeatedGameInfo,
                    severity: since_ff4(&ctx),
                    location: places.property(node, p.ident()),
                    related: Some(Box::new(places.property(earlier, first))),
                    message: format!(
                        "game-info property `{}` below a node that already holds game info; \
                         only one node on a path from the root may",
                        p.ident()
                    ),
                });
                above
            }
            (Some(_), None) => Some(node),
            (None, above) => above,
        };
        for p in props.iter().filter(|p| once_per_game.contains(&p.ident())) {
            match once.iter().find(|(ident, _)| ident == p.ident()) {
                Some((_, first)) => findings.push(Finding {
                    code: Code::RepeatedInGame,
                    severity: Severity::Error,
                    location: places.property(node, p.ident()),
                    related: Some(Box::new(places.property(*first, p.ident()))),
                    message: format!("`{}` may appear only once in a game", p.ident()),
                }),
                None => once.push((p.ident().to_owned(), node)),
            }
        }
    }
    check_charset(game, tree, charset, findings);
    super::board::check(&places, tree, findings, first_finding);
}

/// Whether the root's `FF` names the newest format the spec knows: the top of `FF`'s range.
fn newest_format<P: GameProperty>(tree: &Tree<P>) -> bool {
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

/// The root's `CA` must name the charset the text was read in.
fn check_charset<P: GameProperty>(
    game: usize,
    tree: &Tree<P>,
    charset: &'static Encoding,
    findings: &mut Vec<Finding>,
) {
    let Some(ca) = tree.get(tree.root(), "CA") else {
        return;
    };
    let Some(label) = ca.to_raw().values.first().map(|v| unescape_text(v)) else {
        return;
    };
    let location = Location::property(game, tree, tree.root(), "CA");
    let (code, message) = match charset::lookup(&label) {
        None => (
            Code::UnknownCharset,
            format!("`CA[{label}]` names no known charset"),
        ),
        Some(named) if named != charset => (
            Code::CharsetMismatch,
            format!(
                "`CA[{label}]` names {}, but the text is in {}",
                named.name(),
                charset.name()
            ),
        ),
        Some(_) => return,
    };
    findings.push(Finding {
        code,
        severity: Severity::Warning,
        location,
        related: None,
        message,
    });
}
