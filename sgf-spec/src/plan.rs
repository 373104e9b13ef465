//! A game's rules compiled for checking nodes fast: which properties of its table need their
//! values checked again, and for each rule the properties that can set it off, as bit sets over
//! the table, so that most nodes (a move and little else) pass most rules with one test.
//!
//! Resolution compiles the plan of every game, and `sgf-codegen` writes it into the game's
//! static table with the rest, so that the validator finds it ready.

use std::borrow::Cow;

use crate::model::{List, Property, PropertyType, Rule, RuleDef, Scalar, Str};

/// Properties of a table as bits of their indexes.
pub type PropertyBits = u128;

/// Rules of a game as bits of their indexes.
pub type RuleBits = u64;

/// The most properties a planned table may hold: in a larger one, every rule runs on every
/// node, and the values of the properties past it are always checked.
pub const MAX_PLANNED: usize = PropertyBits::BITS as usize;

/// The most rules a planned game may hold.
pub const MAX_RULES: usize = RuleBits::BITS as usize;

/// When a rule can find something in a node, given the node's properties of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// Never by the table's properties (it is checked over the whole tree, or names only
    /// identifiers outside the table).
    Never,
    /// One of these properties is present.
    Any(PropertyBits),
    /// Two of these properties are present.
    Two(PropertyBits),
    /// One property of each set is present.
    Both(PropertyBits, PropertyBits),
}

/// A game's rules compiled over its table of properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The properties holding points or moves, which reading does not hold to the board.
    pub placed: PropertyBits,
    /// The properties holding numbers with a range, which reading does not hold to it.
    pub ranged: PropertyBits,
    /// One per rule of the game, in order; empty if the game is too big to plan.
    pub triggers: List<Trigger>,
    /// One per property of the table: the rules whose trigger names it.
    pub rules_of: List<RuleBits>,
    /// The rules that name an identifier outside the table (`Renamed { from: "L" }`), which
    /// only a property unknown to the table can carry.
    pub name_unknown: RuleBits,
    /// The properties the checks over the whole tree look at: root and game-info properties,
    /// and those allowed once per game.
    pub tree_bits: PropertyBits,
    /// Whether a rule allowed once per game names an identifier outside the table.
    pub once_unknown: bool,
}

/// The plan of a game with these properties and rules.
pub(crate) fn plan(properties: &[Property], rules: &[RuleDef]) -> Plan {
    let of_properties = |wanted: &dyn Fn(&Property) -> bool| {
        (properties.iter().enumerate().take(MAX_PLANNED))
            .filter(|(_, p)| wanted(p))
            .fold(0, |bits: PropertyBits, (i, _)| bits | 1 << i)
    };
    let holds = |p: &Property, wanted: fn(Scalar) -> bool| {
        (p.value.singles().iter()).any(|single| single.parts.iter().any(|s| wanted(*s)))
    };
    let mut plan = Plan {
        placed: of_properties(&|p| holds(p, |s| s.is_place() || matches!(s, Scalar::Move))),
        ranged: of_properties(&|p| holds(p, |s| matches!(s, Scalar::Number(Some(_))))),
        triggers: Cow::Owned(Vec::new()),
        rules_of: Cow::Owned(Vec::new()),
        name_unknown: 0,
        tree_bits: 0,
        once_unknown: false,
    };
    if properties.len() > MAX_PLANNED || rules.len() > MAX_RULES {
        return plan;
    }
    let index = |ident: &str| properties.iter().position(|p| p.ident == ident);
    let bits = |set: &[Str]| {
        set.iter()
            .filter_map(|ident| index(ident))
            .fold(0, |bits: PropertyBits, i| bits | 1 << i)
    };
    let of_kind = |kind: PropertyType| of_properties(&|p| p.kind == kind);
    let mut triggers = Vec::with_capacity(rules.len());
    for (r, def) in rules.iter().enumerate() {
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
        triggers.push(match trigger {
            Trigger::Any(0) | Trigger::Two(0) => Trigger::Never,
            Trigger::Both(a, b) if a == 0 || b == 0 => Trigger::Never,
            trigger => trigger,
        });
    }
    plan.tree_bits |= of_kind(PropertyType::Root) | of_kind(PropertyType::GameInfo);
    plan.rules_of = Cow::Owned(
        (0..properties.len())
            .map(|i| {
                let named = |set: PropertyBits| set & 1 << i != 0;
                (triggers.iter().enumerate())
                    .filter(|(_, trigger)| match trigger {
                        Trigger::Never => false,
                        Trigger::Any(set) | Trigger::Two(set) => named(*set),
                        Trigger::Both(a, b) => named(*a) || named(*b),
                    })
                    .fold(0, |rules: RuleBits, (r, _)| rules | 1 << r)
            })
            .collect(),
    );
    plan.triggers = Cow::Owned(triggers);
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &str = "Moves properties
Exclusive:\tB W
Requires:\tKO -> B W

Property:\tB
Propvalue:\tmove
Propertytype:\tmove

Property:\tW
Propvalue:\tmove
Propertytype:\tmove

Property:\tKO
Propvalue:\tnone
Propertytype:\tmove

Property:\tSZ
Propvalue:\tnumber (range: 1-52)
Propertytype:\troot
";

    #[test]
    fn each_rule_is_set_off_by_the_properties_it_names() {
        let spec = crate::load(&[("t.spec", SPEC)]).unwrap_or_else(|e| panic!("{e}"));
        let game = &spec.games[0];
        let bit = |ident: &str| {
            let index = game.properties.iter().position(|p| p.ident == ident);
            1 << index.unwrap_or_else(|| panic!("{ident} is in the table"))
        };
        let plan = &game.plan;
        assert_eq!(plan.placed, bit("B") | bit("W"));
        assert_eq!(plan.ranged, bit("SZ"));
        assert_eq!(plan.tree_bits, bit("SZ"));
        assert_eq!(plan.triggers.len(), game.rules.len());
        let exclusive = Trigger::Two(bit("B") | bit("W"));
        let requires = Trigger::Any(bit("KO"));
        let rule = |trigger: Trigger| {
            let index = plan.triggers.iter().position(|t| *t == trigger);
            1 << index.unwrap_or_else(|| panic!("{trigger:?} is planned"))
        };
        let b = game.properties.iter().position(|p| p.ident == "B");
        let ko = game.properties.iter().position(|p| p.ident == "KO");
        assert_eq!(plan.rules_of[b.expect("B")], rule(exclusive));
        assert_eq!(plan.rules_of[ko.expect("KO")], rule(requires));
    }

    #[test]
    fn a_table_too_large_is_not_planned() {
        let mut spec = String::from("Many properties\n");
        for i in 0..=MAX_PLANNED {
            let ident: String = [b'A' + (i / 26) as u8, b'A' + (i % 26) as u8]
                .iter()
                .map(|&b| char::from(b))
                .collect();
            spec += &format!("\nProperty:\t{ident}\nPropvalue:\tnumber\nPropertytype:\t-\n");
        }
        let spec = crate::load(&[("t.spec", &spec)]).unwrap_or_else(|e| panic!("{e}"));
        assert!(spec.games[0].properties.len() > MAX_PLANNED);
        assert!(spec.games[0].plan.triggers.is_empty());
        assert!(spec.games[0].plan.rules_of.is_empty());
    }
}
