//! The sources recognised in a tree (`spec/sources.spec`): the tree's sources named at its
//! root (those its root names, and those whose private properties its nodes hold), and each
//! value a quirk of them reads as something else, reported with its meaning.

use crate::finding::{Code, Finding, Listing, Severity};
use crate::property::GameProperty;
use crate::source::{Meant, Sources, first_values, how_recognised, readings};
use crate::tree::TreeView;
use crate::tree::places::Places;

/// Names the tree's sources at its root (those its root names, then those `seen` by their
/// private properties elsewhere), and reports each value their quirks read: at the root,
/// renamed identifiers too. A quirk's condition (`when RU[Chinese]`) is looked up in the
/// node, then in the root.
pub(super) fn check<P: GameProperty, T: TreeView<P> + ?Sized>(
    places: &Places<'_, T>,
    tree: &T,
    sources: Sources,
    seen: Sources,
    findings: &mut Listing,
) {
    if sources.is_empty() && seen.is_empty() {
        return;
    }
    let root = first_values(tree.props(tree.root()));
    let pairs = || root.iter().map(|(i, v)| (i.as_str(), v.as_str()));
    for source in sources.iter().chain(seen.without(sources).iter()) {
        findings.push(Finding {
            code: Code::Source,
            severity: Severity::Info,
            location: places.property(tree.root(), ""),
            related: None,
            message: format!(
                "written by {}, recognised by {}",
                source.name,
                how_recognised(source, pairs())
            ),
        });
    }
    if sources.is_empty() {
        // Only a source its root recognises has quirks in the tree.
        return;
    }
    for node in tree.preorder() {
        for (_, ident, written, reading) in readings(sources, tree.props(node), &root) {
            let ident = ident.as_str();
            let (code, severity, location) = match reading.meant {
                Meant::Renamed(_) if node != tree.root() => continue,
                Meant::Renamed(_) => (
                    Code::SourceRenamed,
                    Severity::Warning,
                    places.property(node, ident),
                ),
                Meant::Value(_) => (
                    Code::SourceQuirk,
                    Severity::Warning,
                    places.value(node, ident, 0),
                ),
                Meant::Unknown => (
                    Code::SourceUnknownValue,
                    Severity::Warning,
                    places.value(node, ident, 0),
                ),
            };
            findings.push(Finding {
                code,
                severity,
                location,
                related: None,
                message: reading.message(ident, &written),
            });
        }
    }
}
