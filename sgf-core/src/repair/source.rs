//! The repairs of sources' quirks (`spec/sources.spec`), asked for with
//! [`RepairOptions::source_quirks`](super::RepairOptions): what a quirk of the tree's source
//! says for certain is written as standard SGF. A scaled value is written as meant
//! (`KM[650]` from Fox becomes `KM[6.5]`), and an identifier the source writes for a standard
//! property is renamed in the root where its value fits that property (`TE[...]` of the
//! Nihon Kiin becomes `EV[...]`). A value whose meaning is not known (Fox's `KM[0]`) stays as
//! it is, reported by validation: nothing is guessed; so does a value whose meaning, written,
//! the quirk would read again (a whole number of komi, which Fox's `KM` would scale once more).

use crate::property::{GameProperty, RawProperty};
use crate::source::{Meant, Sources, TreeQuirks, first_written};
use crate::tree::NodeId;
use crate::validate::Code;

use super::Fixer;

impl<P: GameProperty> Fixer<'_, P> {
    /// Rewrites what the quirks of `sources` say for certain, in every node of the tree.
    pub(super) fn source_quirks(&mut self, sources: Sources, nodes: &[NodeId]) {
        if sources.is_empty() {
            return;
        }
        let quirks = TreeQuirks::new::<P>(sources);
        for &node in nodes {
            let root = self.tree.root();
            let readings = quirks.readings(self.tree.props(node), self.tree.props(root));
            for (k, ident, written, reading) in readings {
                let ident = ident.as_str();
                let (to, value) = match reading.meant {
                    Meant::Value(meant) => match real(meant) {
                        Some(value) => (ident, value),
                        None => continue,
                    },
                    Meant::Renamed(to) if node == self.tree.root() => (to, written.clone()),
                    Meant::Renamed(_) | Meant::Unknown => continue,
                };
                // Only a property of one value, into a property the node does not hold yet.
                let property = &self.tree.props(node)[k];
                if property.to_raw().values.len() != 1
                    || (to != ident && self.tree.get(node, to).is_some())
                {
                    continue;
                }
                let Ok(fixed) = P::parse(to, std::slice::from_ref(&value), &self.ctx) else {
                    continue;
                };
                if fixed.verbatim().is_some() {
                    continue;
                }
                // A meant value that the quirk would read again as written is left as it
                // stands (validation still reports it): Fox's `KM[750]` under Chinese rules
                // means 15, and `KM[15]` would mean 0.3 to the next reader.
                let again = first_written(&fixed).unwrap_or_default();
                let (props, root) = (self.tree.props(node), self.tree.props(root));
                if quirks.reading(props, root, to, &again).is_some() {
                    continue;
                }
                let location = self.location(node, ident);
                let message = format!(
                    "rewrote `{ident}[{written}]` as `{}`: {}",
                    RawProperty::new(to, [value]),
                    reading.quirk.meaning
                );
                self.tree.props_mut(node)[k] = fixed;
                let code = match reading.meant {
                    Meant::Renamed(_) => Code::SourceRenamed,
                    _ => Code::SourceQuirk,
                };
                self.report(code, location, message);
            }
        }
    }
}

/// A meant value as the text of an SGF real, never in exponent form.
fn real(value: f64) -> Option<String> {
    let text = format!("{value:?}");
    (value.is_finite() && !text.contains(['e', 'E'])).then_some(text)
}
