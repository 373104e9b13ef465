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
//! let parsed = sgf_core::parse_str("(;GM[1]SZ[9];B[ee]W[cc])").unwrap();
//! let report = validate(&parsed.collection);
//! let finding = &report.findings[0];
//! assert_eq!(finding.code, Code::ExclusiveProperties);
//! assert_eq!(finding.severity, Severity::Error);
//! assert_eq!(finding.location.to_string(), "game 1, node 1, W");
//! ```
//!
//! [`check`] reads a file and validates it in one go, with the byte span, line and column of
//! each finding.

mod board;
mod check;
mod convention;
mod formats;
pub(crate) mod items;
mod locate;
mod node;
mod places;
mod plan;
mod report;
pub(crate) mod tree;

pub use crate::finding::{Code, Finding, Location, NodePath};
pub use check::{check, check_parsed};
pub use report::Report;

use crate::collection::Collection;
use crate::game_set::{GameSet, TreeVisitor};
use crate::property::GameProperty;
use crate::tree::Tree;

/// Checks every game tree of a collection against the rules of its game.
pub fn validate<G: GameSet>(collection: &Collection<G>) -> Report {
    let mut findings = Vec::new();
    for (game, tree) in collection.games.iter().enumerate() {
        tree.visit(Validator {
            game,
            charset: collection.charset,
            findings: &mut findings,
        });
    }
    Report { findings }
}

/// Checks one game tree, whichever its game.
struct Validator<'a> {
    game: usize,
    charset: &'static encoding_rs::Encoding,
    findings: &'a mut Vec<Finding>,
}

impl TreeVisitor for Validator<'_> {
    type Output = ();

    fn visit<P: GameProperty>(self, tree: &Tree<P>) {
        tree::check(self.game, tree, self.charset, self.findings);
    }
}
