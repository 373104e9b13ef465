//! A game's rules compiled for checking nodes fast ([`spec::plan::Plan`], compiled when the
//! spec is resolved and written into the game's static table by the generator), asked about
//! the properties of a node: which rules they can set off, and whose values need checking
//! again, so that most nodes (a move and little else) pass most rules with one test.

use crate::property::{GameProperty, Verbatim};
use crate::spec::Game;
use crate::spec::plan::{MAX_PLANNED, PropertyBits, RuleBits, Trigger};
use crate::value::Context;

/// What a property's values need from the validator, beyond what reading checked.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ValueChecks {
    /// It holds points or moves, which reading does not hold to the board.
    pub(super) placed: bool,
    /// It holds numbers with a range, which reading does not hold to it.
    pub(super) ranged: bool,
}

/// The plan of a game, asked about nodes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    game: &'static Game,
}

/// The properties of a node as the plan sees them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Present {
    bits: PropertyBits,
    /// The rules that can find anything in the node.
    rules: RuleBits,
    /// Some property is unknown to the table.
    unknown: bool,
    /// Some property is kept verbatim.
    verbatim: bool,
    /// Some property's values may not hold under the checked board, or have ranges to check.
    values: bool,
    /// Some property is outside the plan (its values do not fit, it repeats in the node, or
    /// the game is too big to plan): every check must look.
    unplanned: bool,
}

impl Present {
    /// Whether the checks of properties kept verbatim or repeated have anything to look at.
    pub(super) fn irregular(self) -> bool {
        self.verbatim || self.unplanned
    }

    /// Whether the check of typed values has anything to look at.
    pub(super) fn values_to_check(self) -> bool {
        self.values || self.unplanned
    }

    /// Whether some property of the node may be one of `table`, properties of the table as
    /// bits, or (where `outside`) one of some identifiers outside it.
    pub(super) fn may_hold(self, table: PropertyBits, outside: bool) -> bool {
        self.unplanned || self.bits & table != 0 || outside && self.unknown
    }
}

impl Plan {
    /// The plan of `P`'s game.
    pub(super) fn of<P: GameProperty>() -> Plan {
        Plan { game: P::game() }
    }

    /// What the values of the property at `index` of the table need checked.
    pub(super) fn values(&self, index: usize) -> ValueChecks {
        let plan = &self.game.plan;
        let bit = |set: PropertyBits| index >= MAX_PLANNED || set & 1 << index != 0;
        ValueChecks {
            placed: bit(plan.placed),
            ranged: bit(plan.ranged),
        }
    }

    /// The node's properties, seen through the plan; `strict` is the board values are held to.
    pub(super) fn present<P: GameProperty>(&self, props: &[P], strict: &Context) -> Present {
        let mut present = Present {
            unplanned: self.game.plan.triggers.is_empty(),
            ..Present::default()
        };
        for property in props {
            match (property.definition_index(), property.verbatim()) {
                (Some(i), None) if i < MAX_PLANNED && present.bits & 1 << i == 0 => {
                    present.bits |= 1 << i;
                    present.rules |= self.game.plan.rules_of.get(i).copied().unwrap_or_default();
                    let checks = self.values(i);
                    present.values |= checks.ranged || checks.placed && !property.fits(strict);
                }
                (None, Some((Verbatim::Unknown, _))) => {
                    present.unknown = true;
                    present.verbatim = true;
                    present.rules |= self.game.plan.name_unknown;
                }
                (_, verbatim) => {
                    present.verbatim |= verbatim.is_some();
                    present.unplanned = true;
                }
            }
        }
        present
    }

    /// The indexes of the game's rules that can find anything in a node with these properties,
    /// in order.
    pub(super) fn rules(self, present: Present) -> impl Iterator<Item = usize> {
        let mut every = 0..if present.unplanned {
            self.game.rules.len()
        } else {
            0
        };
        let mut candidates = present.rules;
        std::iter::from_fn(move || {
            if present.unplanned {
                return every.next();
            }
            while candidates != 0 {
                let rule = candidates.trailing_zeros() as usize;
                candidates &= candidates - 1;
                if self.applies(rule, present) {
                    return Some(rule);
                }
            }
            None
        })
    }

    /// Whether the checks over the whole tree have anything to look at in a node with these
    /// properties (or note: where game info stands).
    pub(super) fn tree_checks(&self, present: Present) -> bool {
        present.unplanned
            || present.bits & self.game.plan.tree_bits != 0
            || present.unknown && self.game.plan.once_unknown
    }

    /// Whether a rule can find anything in a node with these properties.
    fn applies(&self, rule: usize, present: Present) -> bool {
        let plan = &self.game.plan;
        if present.unknown && plan.name_unknown & 1 << rule != 0 {
            return true;
        }
        let bits = present.bits;
        match plan.triggers.get(rule) {
            None => true,
            Some(Trigger::Never) => false,
            Some(Trigger::Any(set)) => bits & set != 0,
            Some(Trigger::Two(set)) => (bits & set).count_ones() >= 2,
            Some(Trigger::Both(a, b)) => bits & a != 0 && bits & b != 0,
        }
    }
}
