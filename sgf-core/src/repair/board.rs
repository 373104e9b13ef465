//! The repair that needs the board: setup that changes nothing (`AB` on a black stone, `AE` on
//! an empty point) is dropped, point by point, in the games whose positions are modelled.

use crate::position::{Positions, ProblemKind, Rules};
use crate::property::RawProperty;
use crate::tree::NodeId;
use crate::validate::Code;
use crate::value::split_composed;

use super::Fixer;

impl<P: Rules> Fixer<'_, P> {
    /// Drops the values of setup properties that change nothing. A rectangle (`AB[aa:cc]`) of
    /// which some points change something stays as it is.
    pub(super) fn setup_no_effect(&mut self) {
        // The setup values that change nothing, found by replaying the tree: (node, property
        // index in the node, value index, message).
        let mut found: Vec<(NodeId, usize, usize, String)> = Vec::new();
        self.tree.walk(|node, _, outcome| {
            for problem in &outcome.problems {
                if let (ProblemKind::SetupNoEffect, Some(value)) = (problem.kind, problem.value) {
                    found.push((node, problem.property, value, problem.message.clone()));
                }
            }
        });
        // Values are taken out from the last, so that the indexes of the others hold.
        for (node, k, value, message) in found.into_iter().rev() {
            let raw = self.tree.props(node)[k].to_raw();
            if raw
                .values
                .get(value)
                .is_none_or(|v| split_composed(v).is_some())
            {
                continue;
            }
            let location = self.location(node, &raw.ident).with_value(value);
            let mut values = raw.values.clone();
            values.remove(value);
            if values.is_empty() {
                self.tree.props_mut(node).remove(k);
            } else {
                let (property, _) = P::from_raw(
                    RawProperty {
                        ident: raw.ident.clone(),
                        values,
                    },
                    &self.ctx,
                );
                self.tree.props_mut(node)[k] = property;
            }
            self.report(Code::SetupNoEffect, location, format!("dropped: {message}"));
        }
    }
}
