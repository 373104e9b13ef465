//! The checks within one node: each rule of the game's table that speaks of a node, and each
//! property kept verbatim (unknown, or with values that do not fit).

use std::collections::{HashMap, HashSet};

use crate::finding::Severity;
use crate::property::{GameProperty, Verbatim};
use crate::spec::{PropertyType, Rule, RuleDef, Scalar, Single, Str, ValueType};
use crate::tree::{NodeId, TreeView};
use crate::value::{Context, split_composed, unescape_text};

use super::convention;
use super::formats;
use super::items::{Items, composed_values, composes_numbers, is_point_list, items};
use super::named::{RuleGrid, points_named_once};
use super::plan::{Plan, Present, ValueChecks};
use crate::finding::{Code, Finding, Listing, Location};
use crate::source::Sources;
use crate::tree::places::Places;

/// For each property of `props`, how many values the earlier ones with its identifier hold:
/// the index, among the values of that identifier in the node as they stand in the input, of
/// its first value. In one pass for the board, which may have a problem with each of a node's
/// many properties; [`values_before_one`] counts for a single finding.
pub(super) fn values_before<P: GameProperty>(props: &[P]) -> Vec<usize> {
    let mut counted: HashMap<&str, usize> = HashMap::new();
    props
        .iter()
        .map(|p| {
            let count = counted.entry(p.ident()).or_default();
            let before = *count;
            *count += value_count(p);
            before
        })
        .collect()
}

/// [`values_before`] of property `k` alone: the values of the properties before it with its
/// identifier, counted without hashing the node's identifiers. Asked only as a finding is
/// made: past the limit of its code, a finding is counted without being made
/// ([`Listing::push_with`]).
fn values_before_one<P: GameProperty>(props: &[P], k: usize) -> usize {
    let Some(ident) = props.get(k).map(P::ident) else {
        return 0;
    };
    props[..k]
        .iter()
        .filter(|p| p.ident() == ident)
        .map(value_count)
        .sum()
}

/// How many values a property holds, counted without writing them.
fn value_count<P: GameProperty>(property: &P) -> usize {
    /// Counts the values written into it.
    struct Count(usize);
    impl crate::value::ValueSink for Count {
        fn value(&mut self, _: impl FnOnce(&mut String)) {
            self.0 += 1;
        }
    }
    let mut values = Count(0);
    property.write_values(&mut values);
    values.0
}

/// Whether the identifier of property `k` of `props` stands earlier in them.
pub(super) fn repeats_earlier<P: GameProperty>(props: &[P], k: usize) -> bool {
    props
        .get(k)
        .is_some_and(|p| props[..k].iter().any(|q| q.ident() == p.ident()))
}

/// The place of value `index` of property number `k` of `node`. Values are counted across the
/// occurrences of its identifier in the node, as they stand in the input, so that a property
/// repeated in the node points at its own values.
fn value_location<P: GameProperty, T: TreeView<P> + ?Sized>(
    places: &Places<'_, T>,
    tree: &T,
    node: NodeId,
    k: usize,
    index: usize,
) -> Location {
    let props = tree.props(node);
    let earlier = values_before_one(props, k);
    places.value(node, props[k].ident(), earlier + index)
}

/// The properties of a tree reported as bad values, by node and identifier: the board does not
/// report them again. They are noted as they are found, without hashing (a tree may write a bad
/// value in every node), and sorted once for the board to look up its few problems.
#[derive(Default)]
pub(super) struct BadValues<'t> {
    noted: Vec<(NodeId, &'t str)>,
}

impl<'t> BadValues<'t> {
    fn insert(&mut self, node: NodeId, ident: &'t str) {
        self.noted.push((node, ident));
    }

    /// The properties noted, ready to be looked up (nodes are checked in document order, which
    /// is the order of their numbers in a tree as read: most often nothing is left to sort).
    pub(super) fn sorted(mut self) -> Self {
        if !self.noted.is_sorted() {
            self.noted.sort_unstable();
        }
        self
    }

    /// Whether `ident` in `node` was reported as a bad value; `self` is [`Self::sorted`].
    pub(super) fn contains(&self, node: NodeId, ident: &str) -> bool {
        self.noted.binary_search(&(node, ident)).is_ok()
    }
}

/// A node being checked, and where its findings go.
pub(super) struct NodeCheck<'a, 't, P, T: ?Sized> {
    pub(super) places: &'a Places<'a, T>,
    pub(super) tree: &'t T,
    pub(super) node: NodeId,
    pub(super) ctx: &'a Context,
    /// The same board, checked: what reading let through is held to it here.
    pub(super) strict: &'a Context,
    /// The game's rules, compiled.
    pub(super) plan: Plan,
    /// Whether the tree is written in the newest format of the spec (`FF` at the top of its
    /// range), the one whose `Dropped` properties are gone.
    pub(super) newest: bool,
    pub(super) findings: &'a mut Listing,
    /// The properties reported as bad values, listed or counted.
    pub(super) bad: &'a mut BadValues<'t>,
    /// The sources recognised in the tree: their private properties are known, and in the
    /// root the identifiers they rename are reported as that, not by their own rules.
    pub(super) sources: Sources,
    /// The sources whose private properties the tree's nodes hold.
    pub(super) seen: &'a mut Sources,
    /// The game's property type.
    pub(super) game: std::marker::PhantomData<fn() -> P>,
}

impl<'t, P: GameProperty, T: TreeView<P> + ?Sized> NodeCheck<'_, 't, P, T> {
    fn props(&self) -> &[P] {
        self.tree.props(self.node)
    }

    /// Whether findings about `ident` in this node are left to the property it stands for: in
    /// the root, a recognised source renames it.
    fn renamed_at_root(&self, ident: &str) -> bool {
        !self.sources.is_empty() && self.node == self.tree.root() && self.sources.renames(ident)
    }

    /// The severity of `count` values of `ident` that do not fit its type: an error, but a
    /// warning for game info in a tree before FF\[4\] (whose game-info values,
    /// `TM[30:00(5x1:00)]`, had no format yet), unless a property of one value has several
    /// (`PW[a][b]`, which readers refuse in any format).
    fn bad_value_severity(&self, ident: &str, count: usize) -> Severity {
        let Some(definition) = P::game().property(ident) else {
            return Severity::Error;
        };
        let list = matches!(definition.value, ValueType::List(_) | ValueType::EList(_));
        if definition.kind == PropertyType::GameInfo && (list || count <= 1) {
            since_ff4(self.ctx)
        } else {
            Severity::Error
        }
    }

    /// Reports a finding of `code` about the node's property `ident`, which `make` makes: its
    /// place, a place related to it and its message. Past the limit of its code, it is counted
    /// without being made, so that a tree repeating one fault in every node costs the places
    /// and messages of the first [`MAX_LISTED`](crate::finding::MAX_LISTED) only. A property a
    /// recognised source renames in the root is held to the property it stands for instead.
    fn report_with(
        &mut self,
        code: Code,
        severity: Severity,
        ident: &str,
        make: impl FnOnce() -> (Location, Option<Location>, String),
    ) {
        if self.renamed_at_root(ident) {
            return;
        }
        self.findings
            .push_with(self.places.game(), code, severity, || {
                let (location, related, message) = make();
                Finding {
                    code,
                    severity,
                    location,
                    related: related.map(Box::new),
                    message,
                }
            });
    }

    /// Whether [`Self::run`] has anything to look at in a node whose properties `plan` sees as
    /// `present`, in a tree of context `ctx`: most nodes (a move, a comment) have nothing, and
    /// need no `NodeCheck` built. It names each of the branches of `run`.
    pub(super) fn needed(plan: Plan, present: Present, ctx: &Context) -> bool {
        present.irregular()
            || present.values_to_check()
            || plan.rules(present).next().is_some()
            || ctx.before_ff4()
    }

    /// Every check of the node, whose properties the plan sees as `present` (where
    /// [`Self::needed`]). A node with only the properties of its game's table, each once, is
    /// only held to the rules its properties can set off.
    pub(super) fn run(mut self, present: Present) {
        if present.irregular() {
            self.verbatim();
            self.repeated();
        }
        if present.values_to_check() {
            self.typed_values();
        }
        for rule in self.plan.rules(present) {
            if let Some(def) = P::game().rules.get(rule) {
                self.rule(def);
            }
        }
        if self.ctx.before_ff4() {
            self.newer_features();
        }
    }

    /// What came with FF\[4\], in a tree of an earlier format: compressed point lists and
    /// rectangular boards, which the readers of that format cannot read (SGFC calls them
    /// critical).
    fn newer_features(&mut self) {
        let mut found = Vec::new();
        for (k, property) in self.props().iter().enumerate() {
            // A value kept verbatim is reported as a bad value.
            let Some(definition) = property
                .definition()
                .filter(|_| property.verbatim().is_none())
            else {
                continue;
            };
            let feature = if is_point_list(definition) {
                "compressed point lists"
            } else if property.ident() == "SZ" {
                "rectangular boards"
            } else {
                continue;
            };
            for (index, value) in composed_values(property) {
                let written = format!("{}[{value}]", property.ident());
                found.push((k, index, written, feature));
            }
        }
        let (places, tree, node, ff) = (self.places, self.tree, self.node, self.ctx.ff);
        for (k, index, written, feature) in found {
            let ident = tree.props(node)[k].ident();
            self.report_with(Code::NewerFeature, Severity::Error, ident, || {
                let message =
                    format!("`{written}`: {feature} came with FF[4], and this tree is FF[{ff}]");
                (value_location(places, tree, node, k, index), None, message)
            });
        }
    }

    /// Properties kept verbatim: unknown ones (worth knowing) and invalid ones (errors).
    fn verbatim(&mut self) {
        let renamed = |ident: &str| {
            P::game().rules.iter().any(
                |def| matches!(&def.rule, Rule::Renamed { from, .. } if from.as_ref() == ident),
            )
        };
        let tree = self.tree;
        let props = tree.props(self.node);
        for (k, property) in props.iter().enumerate() {
            let Some((why, raw)) = property.verbatim() else {
                continue;
            };
            let (ident, values) = (raw.ident.as_str(), raw.values.as_slice());
            match why {
                // An obsolete identifier is reported by its `Renamed` rule.
                Verbatim::Unknown if renamed(ident) => {}
                // Once per identifier: a repeat of it in the node is reading's finding.
                Verbatim::Unknown if props[..k].iter().any(|p| p.ident() == ident) => {}
                Verbatim::Unknown => self.private(k, ident, values),
                Verbatim::Invalid => self.bad_values(k, values, Some(self.ctx), Vec::new()),
            }
        }
    }

    /// An identifier the game does not define: a source's private property is known (a
    /// value that does not fit its type is a bad value), the source noted as seen; an
    /// identifier a recognised source renames is reported as that at the root; any other is
    /// unknown.
    fn private(&mut self, k: usize, ident: &str, values: &[String]) {
        if self.renamed_at_root(ident) {
            return;
        }
        let (places, tree, node) = (self.places, self.tree, self.node);
        let Some((source, property)) = self.sources.private(ident) else {
            return self.report_with(Code::UnknownProperty, Severity::Info, ident, || {
                let message = format!(
                    "`{ident}` is not a property of {}; it is kept as written",
                    P::game().name
                );
                (places.property(node, ident), None, message)
            });
        };
        *self.seen = self.seen.with(source);
        if !convention::fits(&property.value, values) {
            self.bad.insert(node, tree.props(node)[k].ident());
            self.report_with(Code::BadValue, Severity::Warning, ident, || {
                let written: String = values.iter().map(|v| format!("[{v}]")).collect();
                let message = format!(
                    "`{ident}{written}`: {}'s `{ident}` is {}",
                    source.name, property.value
                );
                (value_location(places, tree, node, k, 0), None, message)
            });
        }
    }

    /// What the readers let through to keep a file typed: points off the board, and numbers out
    /// of their range.
    fn typed_values(&mut self) {
        let strict = self.strict;
        let mut found = Vec::new();
        for (k, property) in self.props().iter().enumerate() {
            let Some(index) = property.definition_index() else {
                continue;
            };
            let ValueChecks { placed, ranged } = self.plan.values(index);
            if !(placed || ranged) || property.verbatim().is_some() {
                continue;
            }
            let misplaced = placed && !property.fits(strict);
            if !(misplaced || ranged) {
                continue;
            }
            let mut values = Vec::new();
            property.write_values(&mut values);
            let mut errors = Vec::new();
            if let Some(definition) = property.definition().filter(|_| ranged) {
                let singles = definition.value.singles();
                for (index, text) in values.iter().enumerate() {
                    if let Some(message) = out_of_range(&singles, text) {
                        errors.push((index, message));
                    }
                }
            }
            if misplaced || !errors.is_empty() {
                found.push((k, values, misplaced.then_some(strict), errors));
            }
        }
        for (k, values, unfit, errors) in found {
            self.bad_values(k, &values, unfit, errors);
        }
    }

    /// Reports the values of the node's property number `k` that do not fit its type: those
    /// that do not read under `unfit`, a context, and `errors`, as `(index, message)`. Values
    /// that follow a convention of the game are reported as that, once for the property. Past
    /// the limit of their code, findings are counted without being made: a tree that writes a
    /// bad value in every node costs their places, their messages and reading them again under
    /// `unfit` for the first [`MAX_LISTED`](crate::finding::MAX_LISTED) only.
    fn bad_values(
        &mut self,
        k: usize,
        values: &[String],
        unfit: Option<&Context>,
        errors: Vec<(usize, String)>,
    ) {
        let (places, tree, node) = (self.places, self.tree, self.node);
        let ident = tree.props(node)[k].ident();
        let at = |index| value_location(places, tree, node, k, index);
        if let Some(meaning) = convention::meaning::<P>(ident, values) {
            return self.report_with(Code::Convention, Severity::Info, ident, || {
                let written: String = values.iter().map(|v| format!("[{v}]")).collect();
                let expected = P::game().property(ident).map_or_else(String::new, |d| {
                    format!("; the specification asks for {}", d.value)
                });
                let message = format!("`{ident}{written}` is {meaning}{expected}");
                (at(0), None, message)
            });
        }
        if unfit.is_none() && errors.is_empty() {
            return;
        }
        let severity = self.bad_value_severity(ident, values.len());
        self.bad.insert(node, ident);
        if let Some(ctx) = unfit {
            // Values that do not read say why when they are read.
            self.report_with(Code::BadValue, severity, ident, || {
                let error = P::parse(ident, values, ctx).err();
                let (index, message) = error.map_or((0, "the value does not fit".into()), |e| {
                    (e.index, e.message)
                });
                (at(index), None, format!("{ident}: {message}"))
            });
        }
        for (index, message) in errors {
            self.report_with(Code::BadValue, severity, ident, || {
                (at(index), None, format!("{ident}: {message}"))
            });
        }
    }

    /// A property that appears twice in the node, in a tree not read from an input (reading
    /// reports each repeat where it stands in the text it reads, and merges those of a list).
    fn repeated(&mut self) {
        if self.tree.is_read_from_input() {
            return;
        }
        let (places, tree, node) = (self.places, self.tree, self.node);
        let props = tree.props(node);
        for k in 1..props.len() {
            let ident = props[k].ident();
            if props[..k].iter().any(|p| p.ident() == ident) {
                self.report_with(Code::RepeatedProperty, Severity::Error, ident, || {
                    let message = format!("`{ident}` appears twice in this node");
                    (places.property(node, ident), None, message)
                });
            }
        }
    }

    fn rule(&mut self, def: &RuleDef) {
        match &def.rule {
            Rule::Exclusive(set) => self.exclusive(set),
            Rule::NoMix(a, b) => self.no_mix(*a, *b),
            Rule::Requires { props, any_of } => self.requires(props, any_of),
            Rule::Unique { props, repeatable } => self.unique(props, repeatable),
            Rule::NoDuplicates(set) => self.no_duplicates(set),
            Rule::DistinctParts(set) => self.distinct_parts(set),
            Rule::Dropped(set) if self.newest => self.dropped(set),
            Rule::Dropped(_) => {}
            Rule::Format { prop, format } => self.format(prop, format),
            // Before FF[4] the old name is the one the format defines.
            Rule::Renamed { .. } if self.ctx.before_ff4() => {}
            Rule::Renamed { from, to } => self.renamed(from, to),
            // Checked over the whole tree.
            Rule::OncePerGame(_) => {}
            // Looked up with the bad values they excuse.
            Rule::Convention { .. } => {}
        }
    }

    /// The identifiers of the node's properties in `set`, in the node's order, each once (a
    /// repeat in the node is reading's finding, not a second property of the set).
    fn present(&self, set: &[Str]) -> Vec<&'t str> {
        let tree = self.tree;
        let mut present: Vec<&str> = Vec::new();
        for ident in tree.props(self.node).iter().map(GameProperty::ident) {
            if set.iter().any(|s| s == ident) && !present.contains(&ident) {
                present.push(ident);
            }
        }
        present
    }

    fn exclusive(&mut self, set: &[Str]) {
        let (places, node) = (self.places, self.node);
        let present = self.present(set);
        if let [first, rest @ ..] = &present[..] {
            for other in rest {
                self.report_with(Code::ExclusiveProperties, Severity::Error, other, || {
                    let message = format!(
                        "`{other}` stands in a node with `{first}`; a node holds at most one of {}",
                        set.join(", ")
                    );
                    let related = Some(places.property(node, first));
                    (places.property(node, other), related, message)
                });
            }
        }
    }

    fn no_mix(&mut self, a: PropertyType, b: PropertyType) {
        let (places, tree, node) = (self.places, self.tree, self.node);
        let first_of = |kind: PropertyType| {
            (tree.props(node).iter())
                .find(|p| p.definition().is_some_and(|d| d.kind == kind))
                .map(|p| p.ident())
        };
        let (Some(first), Some(second)) = (first_of(a), first_of(b)) else {
            return;
        };
        let severity = since_ff4(self.ctx);
        self.report_with(Code::MixedPropertyTypes, severity, second, || {
            let message = format!(
                "{} property `{second}` in a node with {} property `{first}`; {} and {} \
                 properties belong in separate nodes",
                b.keyword(),
                a.keyword(),
                a.keyword(),
                b.keyword()
            );
            let related = Some(places.property(node, first));
            (places.property(node, second), related, message)
        });
    }

    fn requires(&mut self, props: &[Str], any_of: &[Str]) {
        if !self.present(any_of).is_empty() {
            return;
        }
        let (places, node) = (self.places, self.node);
        for ident in self.present(props) {
            self.report_with(Code::MissingCompanion, Severity::Warning, ident, || {
                let message = format!(
                    "`{ident}` needs {} in the same node",
                    one_of(any_of.iter().map(|s| s.as_ref()))
                );
                (places.property(node, ident), None, message)
            });
        }
    }

    /// `Unique`: a point is named once across the properties of `set` in a node (or, in a
    /// property of `repeatable`, several times there). Each repeated point is reported once
    /// where it is first repeated, the points of one value repeating those of one earlier
    /// value together; later repeats of points reported already are counted on the first
    /// finding of their property, so that a node naming the same points a million times makes
    /// one finding, in time bounded by what it writes.
    fn unique(&mut self, set: &[Str], repeatable: &[Str]) {
        if points_named_once(self.props(), set) == Some(true) {
            return;
        }
        match RuleGrid::of(self.props(), set) {
            Some(grid) if grid.values() <= 1 => {}
            Some(grid) => self.unique_cells(set, repeatable, grid),
            None => self.unique_texts(set, repeatable),
        }
    }

    /// `Unique` over the cells of point lists on a grid.
    fn unique_cells(&mut self, set: &[Str], repeatable: &[Str], grid: RuleGrid) {
        let RuleGrid {
            listed,
            cells,
            named: mut grid,
        } = grid;
        let tree = self.tree;
        let props = tree.props(self.node);
        let listed: Vec<(usize, &P)> = listed.iter().map(|&(k, slot)| (slot, &props[k])).collect();
        // Most nodes repeat nothing: a first pass over the words finds out, and only a node
        // that does is named again, remembering where each cell was named first.
        let refused: u64 = listed
            .iter()
            .zip(&cells)
            .flat_map(|((slot, property), values)| {
                let may_repeat = repeatable.iter().any(|r| r == property.ident());
                values
                    .iter()
                    .enumerate()
                    .map(move |(value, rect)| (*slot, may_repeat, value, rect))
            })
            .map(|(slot, may_repeat, value, rect)| grid.name(slot, may_repeat, value, rect, |_| {}))
            .sum();
        if refused == 0 {
            return;
        }
        grid.clear();
        grid.remember_first();
        /// The points of one value that repeat those of one earlier value: a few of them to
        /// name, and how many.
        struct Repeat {
            shown: Vec<(u32, u32)>,
            count: u64,
        }
        /// A value: the index of its property in `listed`, and its own index there.
        type Place = (usize, usize);
        const SHOWN: usize = 4;
        let mut found: Vec<((Place, Place), Repeat)> = Vec::new();
        let mut found_at: HashMap<(Place, Place), usize> = HashMap::new();
        // For each property of `listed`, how many times it repeats points reported already.
        let mut again: Vec<u64> = vec![0; listed.len()];
        for (k, ((slot, property), values)) in listed.iter().zip(&cells).enumerate() {
            let may_repeat = repeatable.iter().any(|r| r == property.ident());
            for (value, rect) in values.iter().enumerate() {
                let mut runs = Vec::new();
                let refused = grid.name(*slot, may_repeat, value, rect, |run| runs.push(run));
                if refused == 0 {
                    continue;
                }
                let mut fresh = 0;
                for run in runs {
                    let run = grid.mark(*slot, run);
                    for cell in run.cells() {
                        fresh += 1;
                        let Some((first_slot, first_value)) = grid.first(cell) else {
                            continue;
                        };
                        let first_k = listed
                            .iter()
                            .position(|(s, _)| *s == first_slot)
                            .unwrap_or(k);
                        let key = ((k, value), (first_k, first_value));
                        // A value repeating a rectangle repeats one value cell after cell.
                        let index = match found.last() {
                            Some((last, _)) if *last == key => found.len() - 1,
                            _ => *found_at.entry(key).or_insert_with(|| {
                                found.push((
                                    key,
                                    Repeat {
                                        shown: Vec::new(),
                                        count: 0,
                                    },
                                ));
                                found.len() - 1
                            }),
                        };
                        let repeat = &mut found[index].1;
                        repeat.count += 1;
                        if repeat.shown.len() < SHOWN {
                            repeat.shown.push(cell);
                        }
                    }
                }
                again[k] += refused - fresh;
            }
        }
        let (places, node) = (self.places, self.node);
        for (((k, value), (first_k, first_value)), repeat) in found {
            let (at, first) = (listed[k].1.ident(), listed[first_k].1.ident());
            let severity = if first == at {
                Severity::Warning
            } else {
                Severity::Error
            };
            let times = std::mem::take(&mut again[k]);
            self.report_with(Code::RepeatedPoint, severity, at, || {
                let points = (listed[k].1.grid_list())
                    .map(|list| list.texts(value, &mut |cell| repeat.shown.contains(&cell)))
                    .unwrap_or_default();
                let listed_points = list_counted(&points, repeat.count);
                let mut message = if first == at {
                    format!("`{at}` lists {listed_points} twice")
                } else {
                    let verb = if repeat.count == 1 { "is" } else { "are" };
                    format!(
                        "{listed_points} {verb} in both `{first}` and `{at}`; a point may be in only one of {}",
                        set.join(", ")
                    )
                };
                if times > 0 {
                    message.push_str(&format!(
                        "; later values of `{at}` repeat points reported already {times} more times"
                    ));
                }
                let related = Some(places.value(node, first, first_value));
                (places.value(node, at, value), related, message)
            });
        }
    }

    /// `Unique` over texts, point by point: for lists whose points have no grid (no rectangle
    /// can expand them), and composed values that stand at a point (`LB[dd:label]`).
    fn unique_texts(&mut self, set: &[Str], repeatable: &[Str]) {
        /// Where a value repeats points of an earlier one: one finding per value, as a
        /// rectangle may repeat many.
        struct Repeat<'p> {
            at: Place<'p>,
            first: Place<'p>,
            points: Vec<&'p str>,
        }
        /// A value of a property: its identifier and index.
        type Place<'p> = (&'p str, usize);
        let tree = self.tree;
        let props = tree.props(self.node);
        let listed: Vec<(&str, Items)> = props
            .iter()
            .filter(|p| set.iter().any(|s| s == p.ident()) && p.verbatim().is_none())
            .map(|p| (p.ident(), items(p, self.ctx)))
            .collect();
        let points = || {
            listed
                .iter()
                .flat_map(|(_, items)| items.iter().map(|i| i.point()))
        };
        if !any_repeat(points()) {
            return;
        }
        let count = listed.iter().map(|(_, items)| items.len()).sum();
        let mut seen: HashMap<&str, Place<'_>> = HashMap::with_capacity(count);
        let mut found: Vec<Repeat<'_>> = Vec::new();
        // Where in `found` the repeats of a value of an earlier one are.
        let mut found_at: HashMap<(Place<'_>, Place<'_>), usize> = HashMap::new();
        // The points reported repeated in each property, and how many times those repeat
        // again after, by property.
        let mut reported: HashSet<(&str, &str)> = HashSet::new();
        let mut again: HashMap<&str, u64> = HashMap::new();
        for (ident, items) in &listed {
            let repeatable = repeatable.iter().any(|r| r == ident);
            for item in items.iter() {
                let point = item.point();
                let Some(&first) = seen.get(point) else {
                    seen.insert(point, (ident, item.value));
                    continue;
                };
                if first.0 == *ident && repeatable {
                    continue;
                }
                if !reported.insert((ident, point)) {
                    *again.entry(ident).or_default() += 1;
                    continue;
                }
                let at = (*ident, item.value);
                let index = *found_at.entry((at, first)).or_insert_with(|| {
                    found.push(Repeat {
                        at,
                        first,
                        points: Vec::new(),
                    });
                    found.len() - 1
                });
                if let Some(repeat) = found.get_mut(index) {
                    repeat.points.push(point);
                }
            }
        }
        let reports: Vec<_> = found
            .into_iter()
            .map(|Repeat { at, first, points }| {
                let listed = list_points(&points);
                let (severity, message) = if first.0 == at.0 {
                    let message = format!("`{}` lists {listed} twice", at.0);
                    (Severity::Warning, message)
                } else {
                    let verb = if points.len() == 1 { "is" } else { "are" };
                    let message = format!(
                        "{listed} {verb} in both `{}` and `{}`; a point may be in only one of {}",
                        first.0,
                        at.0,
                        set.join(", ")
                    );
                    (Severity::Error, message)
                };
                let message = match again.remove(at.0) {
                    Some(times) => format!(
                        "{message}; later values of `{}` repeat points reported already {times} more times",
                        at.0
                    ),
                    None => message,
                };
                let location = self.places.value(self.node, at.0, at.1);
                let related = Some(self.places.value(self.node, first.0, first.1));
                (severity, at.0, location, related, message)
            })
            .collect();
        for (severity, at, location, related, message) in reports {
            let made = || (location, related, message);
            self.report_with(Code::RepeatedPoint, severity, at, made);
        }
    }

    /// `NoDuplicates`: each value held twice is reported once, where it is first repeated;
    /// its later repeats are counted on that finding.
    fn no_duplicates(&mut self, set: &[Str]) {
        let mut found = Vec::new();
        for property in self.props() {
            if !set.iter().any(|s| s == property.ident()) || property.verbatim().is_some() {
                continue;
            }
            let items = items(property, self.ctx);
            // Each value, where it is first, and where it is in `found` once repeated.
            let mut seen: HashMap<&str, (usize, Option<usize>)> =
                HashMap::with_capacity(items.len());
            for item in items.iter() {
                match seen.get_mut(item.text) {
                    Some((_, Some(at))) => {
                        let (_, _, _, _, again): &mut (String, usize, usize, String, u64) =
                            &mut found[*at];
                        *again += 1;
                    }
                    Some((first, at)) => {
                        *at = Some(found.len());
                        found.push((
                            property.ident().to_owned(),
                            item.value,
                            *first,
                            item.text.to_owned(),
                            0,
                        ));
                    }
                    None => {
                        seen.insert(item.text, (item.value, None));
                    }
                }
            }
        }
        let (places, node) = (self.places, self.node);
        for (ident, value, first, text, again) in found {
            self.report_with(Code::DuplicateValue, Severity::Warning, &ident, || {
                let mut message = format!("`{ident}` holds `{text}` twice");
                if again > 0 {
                    message.push_str(&format!(", and {again} more times after"));
                }
                let related = Some(places.value(node, &ident, first));
                (places.value(node, &ident, value), related, message)
            });
        }
    }

    fn distinct_parts(&mut self, set: &[Str]) {
        let mut found = Vec::new();
        for (k, property) in self.props().iter().enumerate() {
            let Some(definition) = property.definition() else {
                continue;
            };
            if !set.iter().any(|s| s == property.ident()) || property.verbatim().is_some() {
                continue;
            }
            for (index, text) in composed_values(property) {
                if split_composed(&text).is_some_and(|(a, b)| a == b) {
                    found.push((k, index, text, composes_numbers(definition)));
                }
            }
        }
        let (places, tree, node) = (self.places, self.tree, self.node);
        for (k, value, text, numbers) in found {
            let ident = tree.props(node)[k].ident();
            let severity = if numbers {
                Severity::Warning
            } else {
                Severity::Error
            };
            self.report_with(Code::EqualParts, severity, ident, || {
                let message = if numbers {
                    let (part, _) = split_composed(&text).unwrap_or((&text, ""));
                    format!("`{ident}[{text}]` says the same twice: write `{ident}[{part}]`")
                } else {
                    format!("`{ident}[{text}]` starts and ends at the same point")
                };
                (value_location(places, tree, node, k, value), None, message)
            });
        }
    }

    fn dropped(&mut self, set: &[Str]) {
        let (places, node) = (self.places, self.node);
        for ident in self.present(set) {
            self.report_with(Code::DroppedProperty, Severity::Warning, ident, || {
                let message = format!("`{ident}` is no longer part of the format");
                (places.property(node, ident), None, message)
            });
        }
    }

    fn format(&mut self, prop: &str, format: &str) {
        let mut found = Vec::new();
        for (k, property) in self.props().iter().enumerate() {
            if property.ident() != prop || property.verbatim().is_some() {
                continue;
            }
            let mut values = Vec::new();
            property.write_values(&mut values);
            for (index, raw) in values.iter().enumerate() {
                let text = unescape_text(raw);
                if let Err(message) = formats::check(format, &text) {
                    found.push((k, index, message, text.is_empty()));
                }
            }
        }
        let (places, tree, node) = (self.places, self.tree, self.node);
        for (k, index, message, empty) in found {
            // An empty text says nothing, wrongly or not (SGFC drops it with a warning).
            let severity = if empty {
                Severity::Warning
            } else {
                since_ff4(self.ctx)
            };
            self.report_with(Code::BadFormat, severity, prop, || {
                let location = value_location(places, tree, node, k, index);
                (location, None, format!("{prop}: {message}"))
            });
        }
    }

    fn renamed(&mut self, from: &str, to: &str) {
        if self.props().iter().any(|p| p.ident() == from) {
            let (places, node) = (self.places, self.node);
            self.report_with(Code::ObsoleteProperty, Severity::Warning, from, || {
                let message =
                    format!("`{from}` is the name an earlier format gave to `{to}`; write `{to}`");
                (places.property(node, from), None, message)
            });
        }
    }
}

/// The severity of breaking a rule that came with FF\[4\] (property types, the formats of game
/// info) in the tree of `ctx`: an error from FF\[4\] on, a warning in a tree of an earlier
/// format, as SGFC has it.
pub(super) fn since_ff4(ctx: &Context) -> Severity {
    if ctx.before_ff4() {
        Severity::Warning
    } else {
        Severity::Error
    }
}

/// Why a value's number parts do not fit the ranges of the value type, if they do not.
fn out_of_range(singles: &[&Single], text: &str) -> Option<String> {
    let composed = split_composed(text);
    let parts = match &composed {
        Some((a, b)) => &[*a, *b][..],
        None => std::slice::from_ref(&text),
    };
    let single = singles.iter().find(|s| s.parts.len() == parts.len())?;
    single.parts.iter().zip(parts).find_map(|(scalar, part)| {
        let Scalar::Number(Some(range)) = scalar else {
            return None;
        };
        let n: i64 = part.trim().parse().ok()?;
        if range.contains(n) {
            return None;
        }
        let expected = match range.max {
            Some(max) => format!("{} to {max}", range.min),
            None => format!("{} or more", range.min),
        };
        Some(format!("{n} is out of range: expected {expected}"))
    })
}

/// Whether some point repeats: the common answer, no, found without hashing the points written
/// as two letters (most games write them so).
fn any_repeat<'a>(points: impl Iterator<Item = &'a str>) -> bool {
    /// The index of a point written as two ASCII letters among the 52 x 52 of them.
    fn letters(point: &str) -> Option<usize> {
        let code = |b: u8| match b {
            b'a'..=b'z' => Some(usize::from(b - b'a')),
            b'A'..=b'Z' => Some(usize::from(b - b'A') + 26),
            _ => None,
        };
        match *point.as_bytes() {
            [col, row] => Some(code(col)? * 52 + code(row)?),
            _ => None,
        }
    }
    let mut bits = [0u64; (52 * 52_usize).div_ceil(64)];
    let mut others = HashSet::new();
    for point in points {
        let new = match letters(point).and_then(|i| Some((bits.get_mut(i / 64)?, i % 64))) {
            Some((word, bit)) => {
                let new = *word & 1 << bit == 0;
                *word |= 1 << bit;
                new
            }
            None => others.insert(point),
        };
        if !new {
            return true;
        }
    }
    false
}

/// `the point `aa``, `the points `aa`, `ab``, or the first few and how many more.
/// `the points `aa`, `bb` and 3 more`: the first few of `count` points, by their texts.
fn list_counted(shown: &[String], count: u64) -> String {
    let named: Vec<String> = shown.iter().map(|p| format!("`{p}`")).collect();
    let more = count.saturating_sub(named.len() as u64);
    match (count, more) {
        (1, _) => format!("the point {}", named.concat()),
        (_, 0) => format!("the points {}", named.join(", ")),
        (_, more) => format!("the points {} and {more} more", named.join(", ")),
    }
}

fn list_points(points: &[&str]) -> String {
    let shown: Vec<String> = points.iter().take(4).map(|p| (*p).to_owned()).collect();
    list_counted(&shown, points.len() as u64)
}

/// `B`, `B or W`, `B, W or UN`.
pub(super) fn one_of<'a>(idents: impl Iterator<Item = &'a str>) -> String {
    let idents: Vec<String> = idents.map(|i| format!("`{i}`")).collect();
    match idents.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => idents.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::any_repeat;

    #[test]
    fn repeats_are_found_among_letter_pairs_and_other_points() {
        let check = |points: &[&str]| any_repeat(points.iter().copied());
        assert!(!check(&[]));
        assert!(!check(&["aa", "ab", "ba", "ZZ", "zZ", "Zz"]));
        assert!(check(&["aa", "ab", "aa"]));
        assert!(check(&["ZZ", "zz", "ZZ"]));
        // Points of other shapes (a Backgammon point, Hex's `a10`, text) go through a set.
        assert!(!check(&["a10", "a1", "aa", "x"]));
        assert!(check(&["a10", "aa", "a10"]));
        assert!(!check(&["é", "e"]));
    }
}
