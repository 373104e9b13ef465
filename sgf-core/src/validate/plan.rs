//! A game's rules compiled for checking nodes fast: which properties of the table need their
//! values checked again, and for each node rule the properties that can set it off, as bit sets
//! over the table, so that most nodes (a move and little else) pass most rules with one test.
//!
//! A plan is built once per game table and kept for the life of the program, as the table is.

use std::sync::{Mutex, PoisonError};

use crate::property::{GameProperty, Verbatim};
use crate::spec::{Game, PropertyType, Rule, Scalar, Str};
use crate::value::Context;

/// Properties of a table as bits of their indexes. Tables of more than 128 properties are not
/// planned (every rule then runs on every node).
type Bits = u128;

/// The most properties a planned table may hold.
const MAX_PLANNED: usize = Bits::BITS as usize;

/// Rules of a game as bits of their indexes; games of more than 64 rules are not planned.
type RuleBits = u64;

/// The most rules a planned game may hold.
const MAX_RULES: usize = RuleBits::BITS as usize;

/// When a rule can find something in a node, given the node's properties of the table.
#[derive(Clone, Copy, Debug)]
enum Trigger {
    /// Never by the table's properties (it is checked over the whole tree, or names only
    /// identifiers outside the table).
    Never,
    /// One of these properties is present.
    Any(Bits),
    /// Two of these properties are present.
    Two(Bits),
    /// One property of each set is present.
    Both(Bits, Bits),
}

/// What a property's values need from the validator, beyond what reading checked.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ValueChecks {
    /// It holds points or moves, which reading does not hold to the board.
    pub(super) placed: bool,
    /// It holds numbers with a range, which reading does not hold to it.
    pub(super) ranged: bool,
}

/// A game's rules compiled over its table.
#[derive(Debug)]
pub(super) struct Plan {
    game: &'static Game,
    /// One per property of the table.
    values: Vec<ValueChecks>,
    /// One per rule of the game, in order; empty if the game is too big to plan.
    triggers: Vec<Trigger>,
    /// One per property of the table: the rules whose trigger names it.
    rules_of: Vec<RuleBits>,
    /// The rules that name an identifier outside the table (`Renamed { from: "L" }`), which
    /// only a property unknown to the table can carry.
    name_unknown: RuleBits,
    /// The properties the checks over the whole tree look at: root and game-info properties,
    /// and those allowed once per game.
    tree_bits: Bits,
    /// Whether a rule allowed once per game names an identifier outside the table.
    once_unknown: bool,
}

/// The properties of a node as the plan sees them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Present {
    bits: Bits,
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
}

impl Plan {
    /// The plan of `P`'s game, built on first use.
    pub(super) fn of<P: GameProperty>() -> &'static Plan {
        static PLANS: Mutex<Vec<&'static Plan>> = Mutex::new(Vec::new());
        let game = P::game();
        let mut plans = PLANS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(plan) = plans.iter().find(|p| std::ptr::eq(p.game, game)) {
            return plan;
        }
        // Leaked on purpose: one plan per game table, which is itself `'static`.
        let plan: &'static Plan = Box::leak(Box::new(Plan::new(game)));
        plans.push(plan);
        plan
    }

    fn new(game: &'static Game) -> Plan {
        let values = game
            .properties
            .iter()
            .map(|p| {
                let singles = p.value.singles();
                let parts = || singles.iter().flat_map(|s| s.parts.iter());
                ValueChecks {
                    placed: parts().any(|p| p.is_place() || matches!(p, Scalar::Move)),
                    ranged: parts().any(|p| matches!(p, Scalar::Number(Some(_)))),
                }
            })
            .collect();
        let mut plan = Plan {
            game,
            values,
            triggers: Vec::new(),
            rules_of: Vec::new(),
            name_unknown: 0,
            tree_bits: 0,
            once_unknown: false,
        };
        if game.properties.len() > MAX_PLANNED || game.rules.len() > MAX_RULES {
            return plan;
        }
        let index = |ident: &str| game.properties.iter().position(|p| p.ident == ident);
        let bits = |set: &[Str]| {
            set.iter()
                .filter_map(|ident| index(ident))
                .fold(0, |bits: Bits, i| bits | 1 << i)
        };
        let of_kind = |kind: PropertyType| {
            (game.properties.iter().enumerate())
                .filter(|(_, p)| p.kind == kind)
                .fold(0, |bits: Bits, (i, _)| bits | 1 << i)
        };
        for (r, def) in game.rules.iter().enumerate() {
            let (trigger, named) = match &def.rule {
                Rule::Exclusive(set) => (Trigger::Two(bits(set)), &set[..]),
                Rule::NoMix(a, b) => (Trigger::Both(of_kind(*a), of_kind(*b)), &[][..]),
                Rule::Requires { props: set, .. }
                | Rule::Unique { props: set, .. }
                | Rule::NoDuplicates(set)
                | Rule::DistinctParts(set)
                | Rule::Dropped(set) => (Trigger::Any(bits(set)), &set[..]),
                Rule::Format { prop: ident, .. } | Rule::Renamed { from: ident, .. } => {
                    let set = std::slice::from_ref(ident);
                    (Trigger::Any(bits(set)), set)
                }
                // Looked up with the bad values it excuses.
                Rule::Convention { .. } => (Trigger::Never, &[][..]),
                Rule::OncePerGame(set) => {
                    plan.tree_bits |= bits(set);
                    plan.once_unknown |= set.iter().any(|ident| index(ident).is_none());
                    (Trigger::Never, &[][..])
                }
            };
            if named.iter().any(|ident| index(ident).is_none()) {
                plan.name_unknown |= 1 << r;
            }
            plan.triggers.push(match trigger {
                Trigger::Any(0) | Trigger::Two(0) => Trigger::Never,
                Trigger::Both(a, b) if a == 0 || b == 0 => Trigger::Never,
                trigger => trigger,
            });
        }
        plan.tree_bits |= of_kind(PropertyType::Root) | of_kind(PropertyType::GameInfo);
        plan.rules_of = (0..game.properties.len())
            .map(|i| {
                let named = |set: Bits| set & 1 << i != 0;
                (plan.triggers.iter().enumerate())
                    .filter(|(_, trigger)| match trigger {
                        Trigger::Never => false,
                        Trigger::Any(set) | Trigger::Two(set) => named(*set),
                        Trigger::Both(a, b) => named(*a) || named(*b),
                    })
                    .fold(0, |rules: RuleBits, (r, _)| rules | 1 << r)
            })
            .collect();
        plan
    }

    /// What the values of the property at `index` of the table need checked.
    pub(super) fn values(&self, index: usize) -> ValueChecks {
        self.values.get(index).copied().unwrap_or_default()
    }

    /// The node's properties, seen through the plan; `strict` is the board values are held to.
    pub(super) fn present<P: GameProperty>(&self, props: &[P], strict: &Context) -> Present {
        let mut present = Present {
            unplanned: self.triggers.is_empty(),
            ..Present::default()
        };
        for property in props {
            match (property.definition_index(), property.verbatim()) {
                (Some(i), None) if i < MAX_PLANNED && present.bits & 1 << i == 0 => {
                    present.bits |= 1 << i;
                    present.rules |= self.rules_of.get(i).copied().unwrap_or_default();
                    let checks = self.values(i);
                    present.values |= checks.ranged || checks.placed && !property.fits(strict);
                }
                (None, Some((Verbatim::Unknown, _))) => {
                    present.unknown = true;
                    present.verbatim = true;
                    present.rules |= self.name_unknown;
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
    pub(super) fn rules(&self, present: Present) -> impl Iterator<Item = usize> + '_ {
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
            || present.bits & self.tree_bits != 0
            || present.unknown && self.once_unknown
    }

    /// Whether a rule can find anything in a node with these properties.
    fn applies(&self, rule: usize, present: Present) -> bool {
        if present.unknown && self.name_unknown & 1 << rule != 0 {
            return true;
        }
        let bits = present.bits;
        match self.triggers.get(rule) {
            None => true,
            Some(Trigger::Never) => false,
            Some(Trigger::Any(set)) => bits & set != 0,
            Some(Trigger::Two(set)) => (bits & set).count_ones() >= 2,
            Some(Trigger::Both(a, b)) => bits & a != 0 && bits & b != 0,
        }
    }
}
