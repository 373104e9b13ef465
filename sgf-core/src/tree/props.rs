//! The properties of one node, borrowed to edit them: [`PropsMut`], a slice of the tree's
//! property arena that also grows and shrinks, moving the node's run to the end of the arena
//! when it must, and the compaction that reclaims the slots runs leave behind.

use std::ops::{Deref, DerefMut};

use super::{NodeId, Tree, arena_index};

/// The properties of a node, borrowed from [`Tree::props_mut`] to add, remove or replace some.
/// It derefs to the slice of the properties; [`push`](Self::push), [`insert`](Self::insert),
/// [`remove`](Self::remove) and [`clear`](Self::clear) change how many there are, as on a `Vec`.
///
/// A node's properties are a run in the tree's arena. A run that grows while other runs follow
/// it moves to the end of the arena first (its properties are cloned there), and a property
/// removed from such a run is returned as a clone; the slots left behind are reclaimed when
/// they outnumber the properties in use, so an edit costs amortised O(properties of the node).
pub struct PropsMut<'a, P> {
    tree: &'a mut Tree<P>,
    id: NodeId,
}

impl<'a, P> PropsMut<'a, P> {
    /// The properties of node `id`.
    ///
    /// # Panics
    /// If `id` is not a node of this tree.
    pub(super) fn new(tree: &'a mut Tree<P>, id: NodeId) -> Self {
        assert!(
            id.index() < tree.nodes.len(),
            "{id:?} is not a node of this tree"
        );
        PropsMut { tree, id }
    }

    /// The node's run: where it starts in the arena and how long it is.
    fn run(&self) -> (usize, usize) {
        let run = self.tree.run(self.id);
        (run.start, run.len())
    }

    /// Whether the node's run ends the arena, so that it grows and shrinks in place.
    fn at_end(&self) -> bool {
        let (start, len) = self.run();
        start + len == self.tree.props.len()
    }

    fn set_run(&mut self, start: usize, len: usize) {
        let node = &mut self.tree.nodes[self.id.index()];
        node.start = arena_index(start);
        node.len = arena_index(len);
    }

    /// Removes every property of the node.
    pub fn clear(&mut self) {
        let (start, len) = self.run();
        if self.at_end() {
            self.tree.props.truncate(start);
        } else {
            self.tree.garbage += len;
        }
        self.set_run(self.tree.props.len(), 0);
        self.tree.reclaim();
    }
}

impl<P: Clone> PropsMut<'_, P> {
    /// Appends a property.
    ///
    /// # Panics
    /// If the tree would hold 2^32 properties or more.
    pub fn push(&mut self, property: P) {
        if !self.at_end() {
            self.move_to_end();
        }
        let (start, len) = self.run();
        self.tree.props.push(property);
        self.set_run(start, len + 1);
        self.tree.reclaim();
    }

    /// Inserts a property at `index`, shifting the later ones.
    ///
    /// # Panics
    /// If `index` is greater than the number of properties, or as [`push`](Self::push).
    pub fn insert(&mut self, index: usize, property: P) {
        assert!(index <= self.len(), "insertion index {index} past the end");
        self.push(property);
        self[index..].rotate_right(1);
    }

    /// Removes the property at `index` and returns it, shifting the later ones.
    ///
    /// # Panics
    /// If `index` is out of bounds.
    pub fn remove(&mut self, index: usize) -> P {
        assert!(index < self.len(), "removal index {index} out of bounds");
        self[index..].rotate_left(1);
        let (start, len) = self.run();
        let removed = if self.at_end() {
            self.tree
                .props
                .pop()
                .expect("the run ends the arena and holds the property")
        } else {
            self.tree.garbage += 1;
            self.tree.props[start + len - 1].clone()
        };
        self.set_run(start, len - 1);
        self.tree.reclaim();
        removed
    }

    /// Moves the node's run to the end of the arena, leaving its old slots as garbage.
    fn move_to_end(&mut self) {
        let (start, len) = self.run();
        let new_start = self.tree.props.len();
        self.tree.props.extend_from_within(start..start + len);
        self.tree.garbage += len;
        self.set_run(new_start, len);
    }
}

impl<P> Deref for PropsMut<'_, P> {
    type Target = [P];

    fn deref(&self) -> &[P] {
        self.tree.props(self.id)
    }
}

impl<P> DerefMut for PropsMut<'_, P> {
    fn deref_mut(&mut self) -> &mut [P] {
        let run = self.tree.run(self.id);
        &mut self.tree.props[run]
    }
}

impl<P> Tree<P> {
    /// Compacts the arena when the slots no run holds outnumber the properties in use: each
    /// node's run moves, in node order, into an arena without gaps.
    fn reclaim(&mut self) {
        if self.garbage <= self.props.len() / 2 {
            return;
        }
        let mut old: Vec<Option<P>> = std::mem::take(&mut self.props)
            .into_iter()
            .map(Some)
            .collect();
        self.props.reserve_exact(old.len() - self.garbage);
        for node in &mut self.nodes {
            let start = self.props.len();
            if node.len > 0 {
                let run = &mut old[node.start as usize..][..node.len as usize];
                self.props.extend(
                    run.iter_mut()
                        .map(|slot| slot.take().expect("no two runs share a slot")),
                );
            }
            node.start = arena_index(start);
        }
        self.garbage = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The arena holds each node's run and no more than as many garbage slots again.
    fn check(tree: &Tree<i32>) {
        let used: usize = tree.nodes.iter().map(|n| n.len as usize).sum();
        assert_eq!(used + tree.garbage, tree.props.len());
        assert!(tree.garbage <= tree.props.len() / 2, "{}", tree.garbage);
    }

    #[test]
    fn a_run_grows_and_shrinks_in_place_at_the_end_and_moves_elsewhere() {
        let mut tree = Tree::new(vec![1, 2]);
        let child = tree.add_child(tree.root(), vec![3]);
        tree.props_mut(child).push(4);
        assert_eq!((tree.props.len(), tree.garbage), (4, 0));
        tree.props_mut(tree.root()).insert(1, 9);
        assert_eq!(tree.props(tree.root()), [1, 9, 2]);
        assert_eq!(tree.props(child), [3, 4]);
        assert_eq!(tree.garbage, 2);
        check(&tree);
        assert_eq!(tree.props_mut(child).remove(0), 3);
        assert_eq!(tree.props_mut(tree.root()).remove(2), 2);
        assert_eq!(tree.props(tree.root()), [1, 9]);
        assert_eq!(tree.props(child), [4]);
        check(&tree);
        tree.props_mut(tree.root())[0] = 7;
        tree.props_mut(child).clear();
        assert_eq!(
            (tree.props(tree.root()), tree.props(child)),
            (&[7, 9][..], &[][..])
        );
        check(&tree);
    }

    #[test]
    fn edits_match_a_vec_per_node() {
        let mut model: Vec<Vec<i32>> = vec![vec![0]];
        let mut tree = Tree::new(vec![0]);
        let mut ids = vec![tree.root()];
        // A fixed linear congruential sequence, so that the test replays the same edits.
        let mut state = 12345_u64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        for step in 0..5000_i32 {
            let k = next(ids.len());
            let (id, props) = (ids[k], &mut model[k]);
            let value = step;
            match next(6) {
                0 => {
                    ids.push(tree.add_child(id, vec![value]));
                    model.push(vec![value]);
                }
                1 | 2 => {
                    tree.props_mut(id).push(value);
                    props.push(value);
                }
                3 => {
                    let at = next(props.len() + 1);
                    tree.props_mut(id).insert(at, value);
                    props.insert(at, value);
                }
                4 if !props.is_empty() => {
                    let at = next(props.len());
                    assert_eq!(tree.props_mut(id).remove(at), props.remove(at));
                }
                _ => {
                    tree.props_mut(id).clear();
                    props.clear();
                }
            }
            check(&tree);
            for (id, props) in ids.iter().zip(&model) {
                assert_eq!(tree.props(*id), &props[..], "step {step}");
            }
        }
    }

    #[test]
    fn an_empty_run_left_past_the_end_reads_empty_and_grows() {
        let mut tree = Tree::new(vec![1, 2]);
        let empty = tree.add_child(tree.root(), Vec::new());
        tree.props_mut(tree.root()).clear();
        assert_eq!((tree.props(empty), tree.props.len()), (&[][..], 0));
        tree.props_mut(empty).push(3);
        tree.props_mut(tree.root()).push(4);
        assert_eq!(
            (tree.props(tree.root()), tree.props(empty)),
            (&[4][..], &[3][..])
        );
        check(&tree);
    }

    #[test]
    fn many_edits_keep_the_arena_within_twice_what_is_used() {
        let mut tree = Tree::new(vec![0]);
        let nodes: Vec<NodeId> = (1..50)
            .map(|i| tree.add_child(tree.root(), vec![i]))
            .collect();
        for round in 0..20 {
            for (i, &id) in nodes.iter().enumerate() {
                tree.props_mut(id).push(round);
                check(&tree);
                if tree.props(id).len() > 3 {
                    tree.props_mut(id).remove(1);
                    check(&tree);
                }
                assert_eq!(tree.props(id)[0], i as i32 + 1);
            }
        }
        for &id in &nodes {
            assert_eq!(tree.props(id)[1..], [18, 19]);
        }
    }
}
