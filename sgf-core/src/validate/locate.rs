//! Places in the input: the byte span, line and column of each finding of a collection read
//! from that input, found by reading its structure again.

use crate::finding::{LazyLines, Location};
use crate::read::layout;
use crate::syntax::RawTree;

use super::report::Report;

impl Report {
    /// Fills in the span of every finding from the input the collection was read from. The
    /// collection must be as read (a repair moves nodes and properties); places that cannot
    /// be found keep no span.
    pub fn locate(&mut self, input: &[u8]) {
        let (bytes, raw) = layout(input);
        let lines = LazyLines::new(&bytes);
        for finding in &mut self.findings {
            let places =
                std::iter::once(&mut finding.location).chain(finding.related.as_deref_mut());
            for location in places {
                if let Some(tree) = raw.trees.get(location.game) {
                    location.span = find(&bytes, tree, location).map(|(s, e)| lines.span(s, e));
                }
            }
        }
    }
}

/// The byte range of a place: a value, a property (identifier to last value), a node, or the
/// opening of its game tree.
fn find(bytes: &[u8], tree: &RawTree, location: &Location) -> Option<(usize, usize)> {
    let Some(node) = location.node else {
        return Some((tree.start, tree.start + 1));
    };
    let index = u32::try_from(node.index()).ok()?;
    let raw_node = tree.nodes.get(node.index())?;
    let Some(ident) = &location.property else {
        return Some((raw_node.offset, raw_node.offset + 1));
    };
    // Reading merged repeats of a property into its first occurrence: its values are counted
    // across all of them.
    let props: Vec<_> = tree
        .node_props(index)
        .iter()
        .filter(|p| p.ident(bytes) == ident)
        .collect();
    let first = props.first()?;
    let values = props.iter().flat_map(|p| tree.prop_values(p));
    match location.value {
        Some(i) => values.clone().nth(i).map(|v| (v.start, v.end)),
        None => {
            let end = values.last().map_or(first.ident_end, |v| v.end + 1);
            Some((first.ident_start, end))
        }
    }
}
