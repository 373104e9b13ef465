//! Validation: every rule of the specification checked on a collection, from the generated
//! tables. The rules of a game's table (`Exclusive`, `NoMix`, `Requires`, `Unique`,
//! `NoDuplicates`, `DistinctParts`, `OncePerGame`, `Dropped`, `Format`, `Renamed`) and its
//! property types (`root`, `game-info`) drive the checks, so editing `spec/` changes them with no
//! Rust edit; value types, ranges and board sizes are checked by the generated readers, whose
//! `Invalid` properties are reported here.
//!
//! ```
//! use sgf_core::validate::{Code, validate};
//! use sgf_core::finding::Severity;
//!
//! let input = b"(;GM[1]SZ[9];B[ee]W[cc])";
//! let collection = sgf_core::read(input, &sgf_core::ReadOptions::default()).unwrap();
//! let report = validate(&collection);
//! let finding = &report.findings[0];
//! assert_eq!(finding.code, Code::ExclusiveProperties);
//! assert_eq!(finding.severity, Severity::Error);
//! assert_eq!(finding.location.path.to_string(), "node 1");
//! assert_eq!(finding.location.property.as_deref(), Some("W"));
//! assert_eq!(finding.location.to_string(), "1:19");
//! ```
//!
//! [`check`] reads a file and validates it in one go, with the byte span, line and column of
//! each finding.

mod board;
mod check;
mod convention;
mod formats;
pub(crate) mod items;
pub(crate) mod named;
mod node;
mod plan;
mod report;
mod source;
pub(crate) mod tree;

pub use crate::finding::{Code, Finding, Location, NodePath};
pub use check::check;
pub use report::Report;

use crate::collection::{Collection, Game};
use crate::finding::{Listing, Severity};
use crate::game_set::{GameDispatch, GameSet, RulesDispatch};
use crate::node_id::NodeId;
use crate::position::Rules;
use crate::property::GameProperty;

/// Checks every game tree of a collection against the rules of its game, and reports them
/// with what reading found ([`Collection::findings`]) in the trees still as read: every
/// finding once, in the order of the games and of their places in the input, each with its
/// node and, where the tree was read from the input, its line and column.
pub fn validate<G: GameSet>(collection: &Collection<G>) -> Report {
    // Listed as they are made, at most `MAX_LISTED` of a code: a tree that repeats one fault
    // a million times is counted, not held.
    let mut listing = Listing::new(collection.omitted().to_vec());
    let read = read_findings(collection);
    // The values the end of the input cut short: reading reports them as that, and what is
    // left of them does not fit their type for the same reason.
    for finding in &read {
        if finding.code == Code::UnexpectedEnd
            && let Some(span) = finding.related.as_ref().and_then(|r| r.span)
        {
            listing.leave_out(Code::BadValue, span.start + 1);
        }
    }
    read.into_iter().for_each(|f| listing.push(f));
    // Bytes not valid in a charset are reported once for the collection.
    let mut invalid = listing
        .findings
        .iter()
        .any(|f| f.code == Code::InvalidBytes);
    for game in collection.games() {
        let checked = G::dispatch_rules(
            game.gm(),
            WithRules {
                game,
                findings: &mut listing,
                invalid: &mut invalid,
            },
        );
        if checked.is_none() {
            game.dispatch(Plain {
                game,
                findings: &mut listing,
                invalid: &mut invalid,
            });
        }
    }
    let (mut findings, omitted) = listing.finish();
    findings.sort_by_key(|f| (f.location.game, f.location.span.map(|s| s.start)));
    Report { findings, omitted }
}

/// The findings of reading that still hold: those of the trees not replaced, but for the
/// nodes whose properties were replaced.
fn read_findings<G>(collection: &Collection<G>) -> Vec<Finding> {
    collection
        .findings()
        .iter()
        .filter(|f| {
            let Some(game) = collection.games().nth(f.location.game) else {
                return true;
            };
            if game.is_as_read() {
                return true;
            }
            let at = f.location.span.map_or(0, |s| s.start);
            let tree = game.structure();
            let node = NodeId::from_index(tree.node_at(at)).unwrap_or(NodeId::ROOT);
            game.is_from_input() && !game.is_edited(node)
        })
        .cloned()
        .collect()
}

/// The values a collection's trees hold that do not fit their property: what strict reading
/// refuses, as validation reports it.
pub(crate) fn bad_values<G: GameSet>(collection: &Collection<G>) -> Vec<Finding> {
    let mut report = validate(collection);
    report.retain(|f| f.code == Code::BadValue);
    for finding in &mut report.findings {
        finding.severity = collection
            .mode()
            .severity(Code::BadValue)
            .max(finding.severity);
    }
    report.findings
}

/// Checks one tree of a game whose rules are known: its board too.
struct WithRules<'a, 'f, G> {
    game: Game<'a, G>,
    findings: &'f mut Listing,
    /// Whether bytes not valid in a charset were reported already.
    invalid: &'f mut bool,
}

impl<G> RulesDispatch for WithRules<'_, '_, G> {
    type Output = ();

    fn run<P: Rules>(self) {
        let tree = self.game.tree::<P>();
        tree::check_with_board(self.game.index(), &tree, self.findings);
        invalid_bytes(
            self.game,
            tree.replaced_bytes(),
            self.invalid,
            self.findings,
        );
    }
}

/// Checks one tree of a game without rules.
struct Plain<'a, 'f, G> {
    game: Game<'a, G>,
    findings: &'f mut Listing,
    /// Whether bytes not valid in a charset were reported already.
    invalid: &'f mut bool,
}

impl<G> GameDispatch for Plain<'_, '_, G> {
    type Output = ();

    fn run<P: GameProperty>(self) {
        let tree = self.game.tree::<P>();
        tree::check(self.game.index(), &tree, self.findings);
        invalid_bytes(
            self.game,
            tree.replaced_bytes(),
            self.invalid,
            self.findings,
        );
    }
}

/// Bytes not valid in the charset of a tree, found where its values were decoded; reported
/// once for the collection, where reading or an earlier tree did not report them already.
fn invalid_bytes<G>(
    game: Game<'_, G>,
    replaced: bool,
    reported: &mut bool,
    findings: &mut Listing,
) {
    if !replaced || *reported {
        return;
    }
    *reported = true;
    let at = game.structure().span().start;
    let mut location = Location::game(game.index());
    if game.is_from_input() {
        location.span = Some(game.collection().lines().span(at, at));
    }
    findings.push(Finding {
        code: Code::InvalidBytes,
        severity: Severity::Warning,
        location,
        related: None,
        message: format!(
            "bytes not valid in {} were replaced with U+FFFD",
            game.charset().name()
        ),
    });
}
