//! Splitting a node in two: a node that mixes moves with setup (a `NoMix` rule), or holds
//! several moves (an `Exclusive` rule of moves), becomes a chain of nodes, as SGFC does.

use crate::property::GameProperty;
use crate::spec::{PropertyType, Rule, Str};
use crate::tree::NodeId;
use crate::validate::Code;

use super::Fixer;

impl<P: GameProperty> Fixer<'_, P> {
    /// Splits the node until no `NoMix` or move `Exclusive` rule is broken in it or in the
    /// nodes split from it. What moves out of a node is what comes later in the game, so each
    /// new node goes right below the node it came from.
    pub(super) fn split(&mut self, node: NodeId) {
        let mut work = vec![node];
        while let Some(at) = work.pop() {
            let moved = P::game().rules.iter().find_map(|def| match &def.rule {
                Rule::NoMix(a, b) => self.mixed(at, *a, *b),
                Rule::Exclusive(set) => self.second_move(at, set),
                _ => None,
            });
            let Some((code, moving)) = moved else {
                continue;
            };
            let location = self.location(at, "");
            let mut taken = Vec::new();
            for k in moving.iter().rev() {
                taken.push(self.tree.props_mut(at).remove(*k));
            }
            taken.reverse();
            let idents: Vec<String> = taken.iter().map(|p| format!("`{}`", p.ident())).collect();
            let message = format!("moved {} to a new node below", idents.join(", "));
            let below = self.tree.insert_below(at, taken);
            work.extend([below, at]);
            self.report(code, location, message);
        }
    }

    /// The properties to move out of a node that mixes types `a` and `b`: those of type `a`,
    /// with the properties that require one of them (`KO`, `BM` require a move).
    fn mixed(&self, node: NodeId, a: PropertyType, b: PropertyType) -> Option<(Code, Vec<usize>)> {
        let props = self.tree.props(node);
        let kind = |p: &P| p.definition().map(|d| d.kind);
        if !props.iter().any(|p| kind(p) == Some(b)) {
            return None;
        }
        let moving: Vec<&str> = props
            .iter()
            .filter(|p| kind(p) == Some(a))
            .map(GameProperty::ident)
            .collect();
        if moving.is_empty() {
            return None;
        }
        let companions = companions::<P>(&moving);
        let indexes = (0..props.len())
            .filter(|&k| {
                let ident = props[k].ident();
                moving.contains(&ident) || companions.contains(&ident)
            })
            .collect();
        Some((Code::MixedPropertyTypes, indexes))
    }

    /// The properties to move out of a node with several moves of `set`: the second move and
    /// every one after it.
    fn second_move(&self, node: NodeId, set: &[Str]) -> Option<(Code, Vec<usize>)> {
        let props = self.tree.props(node);
        let moves: Vec<usize> = (0..props.len())
            .filter(|&k| set.iter().any(|s| s == props[k].ident()) && props[k].is_move())
            .collect();
        (moves.len() > 1).then(|| (Code::ExclusiveProperties, moves[1..].to_vec()))
    }
}

/// The properties that `Requires` rules of the game tie to one of `idents`.
fn companions<P: GameProperty>(idents: &[&str]) -> Vec<&'static str> {
    P::game()
        .rules
        .iter()
        .filter_map(|def| match &def.rule {
            Rule::Requires { props, any_of } if any_of.iter().any(|i| idents.contains(&&**i)) => {
                Some(props.iter().map(|p| &**p))
            }
            _ => None,
        })
        .flatten()
        .collect()
}
