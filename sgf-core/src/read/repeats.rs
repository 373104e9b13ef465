//! The repeats of an identifier among the properties of one node: typing merges the repeats of
//! a list, and reading numbers a finding's value across them. Both link each property to the
//! next one with its identifier, here.

/// No later property with the same identifier.
pub(super) const NO_REPEAT: usize = usize::MAX;

/// Up to how many properties a node's repeats are found by comparing each property with those
/// before it; a node with more sorts them.
const FEW_PROPS: usize = 32;

/// Buffers reused from node to node.
#[derive(Default)]
pub(super) struct Links {
    /// The first eight bytes of each identifier, packed into an integer (the whole of any
    /// identifier in use): identifiers are compared by it, by their text only where it agrees.
    packed: Vec<u64>,
    /// The properties in the order of their identifiers, in a node of many.
    order: Vec<usize>,
    /// For each property, the next one with its identifier ([`NO_REPEAT`] for none).
    pub(super) next: Vec<usize>,
}

impl Links {
    /// Links each of a node's properties, given by their identifiers in order, to the next one
    /// with the same identifier, in [`Links::next`]. A node of a million properties costs a
    /// sort, not their square.
    pub(super) fn link(&mut self, idents: &[&str]) {
        self.packed.clear();
        self.packed.extend(
            idents
                .iter()
                .map(|i| i.bytes().take(8).fold(0, |acc, b| acc << 8 | u64::from(b))),
        );
        let packed = &self.packed;
        let same = |j: usize, k: usize| packed[j] == packed[k] && idents[j] == idents[k];
        self.next.clear();
        self.next.resize(idents.len(), NO_REPEAT);
        if idents.len() <= FEW_PROPS {
            // Each property is the next of the last one before it with its identifier.
            for k in 1..idents.len() {
                if let Some(j) = (0..k).rev().find(|&j| same(j, k)) {
                    self.next[j] = k;
                }
            }
        } else {
            // In the order of their identifiers, and in the order written within each.
            self.order.clear();
            self.order.extend(0..idents.len());
            self.order
                .sort_unstable_by_key(|&k| (packed[k], idents[k], k));
            for pair in self.order.windows(2) {
                if same(pair[0], pair[1]) {
                    self.next[pair[0]] = pair[1];
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The links `Links::link` makes, written out.
    fn links(idents: &[&str]) -> Vec<usize> {
        let mut links = Links::default();
        links.link(idents);
        links.next
    }

    #[test]
    fn each_property_is_linked_to_the_next_with_its_identifier() {
        const N: usize = NO_REPEAT;
        assert_eq!(links(&[]), Vec::<usize>::new());
        assert_eq!(links(&["B", "C", "B", "AB", "B"]), [2, N, 4, N, N]);
        // Identifiers alike in their first eight letters are told apart by the rest.
        assert_eq!(
            links(&["LONGIDENTA", "LONGIDENTB", "LONGIDENTA"]),
            [2, N, N]
        );
    }

    #[test]
    fn a_node_of_many_properties_is_linked_as_one_of_few() {
        const N: usize = NO_REPEAT;
        // The same identifiers, past the number compared one by one: the sorted path links
        // them as the look-back would.
        let many: Vec<String> = (0..3 * FEW_PROPS).map(|i| format!("X{}", i % 7)).collect();
        let idents: Vec<&str> = many.iter().map(String::as_str).collect();
        let expected: Vec<usize> = (0..idents.len())
            .map(|k| {
                (k + 1..idents.len())
                    .find(|&j| idents[j] == idents[k])
                    .unwrap_or(N)
            })
            .collect();
        assert_eq!(links(&idents), expected);
    }
}
