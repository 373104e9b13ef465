//! The sources recognised in a tree (`spec/sources.spec`): the tree's sources named at its
//! root (those its root names, and those whose private properties its nodes hold), and each
//! value a quirk of them reads as something else, reported with its meaning.

use crate::finding::{Code, Finding, Listing, Severity};
use crate::property::GameProperty;
use crate::source::{Meant, Sources, TreeQuirks, root_names};
use crate::tree::places::Places;
use crate::tree::{NodeId, TreeView};

/// Names `sources` at the tree's root: those its root names, before its nodes are checked,
/// and after them those seen by their private properties elsewhere.
pub(super) fn name<P: GameProperty, T: TreeView<P> + ?Sized>(
    places: &Places<'_, T>,
    tree: &T,
    sources: Sources,
    findings: &mut Listing,
) {
    if sources.is_empty() {
        return;
    }
    root_names(tree.props(tree.root()), |root| {
        for source in sources.iter() {
            findings.push(Finding {
                code: Code::Source,
                severity: Severity::Info,
                location: places.property(tree.root(), ""),
                related: None,
                message: format!(
                    "written by {}, recognised by {}",
                    source.name,
                    root.how(source)
                ),
            });
        }
    });
}

/// Reports each value of `node` that a quirk of the tree's sources reads (at the root,
/// renamed identifiers too).
pub(super) fn quirks<P: GameProperty, T: TreeView<P> + ?Sized>(
    places: &Places<'_, T>,
    tree: &T,
    quirks: &TreeQuirks,
    node: NodeId,
    findings: &mut Listing,
) {
    let props = tree.props(node);
    if !quirks.speak_of(props) {
        return;
    }
    for (_, ident, written, reading) in quirks.readings(props, tree.props(tree.root())) {
        let ident = ident.as_str();
        let code = match reading.meant {
            Meant::Renamed(_) if node != tree.root() => continue,
            Meant::Renamed(_) => Code::SourceRenamed,
            Meant::Value(_) => Code::SourceQuirk,
            Meant::Unknown => Code::SourceUnknownValue,
        };
        findings.push_with(places.game(), code, Severity::Warning, || Finding {
            code,
            severity: Severity::Warning,
            location: match code {
                Code::SourceRenamed => places.property(node, ident),
                _ => places.value(node, ident, 0),
            },
            related: None,
            message: reading.message(ident, &written),
        });
    }
}
