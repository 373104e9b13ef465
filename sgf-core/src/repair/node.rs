//! The repairs within a node: renamed identifiers, repeated properties, surplus values,
//! repeated points and values, equal parts, and annotations that exclude one another.

use std::collections::{HashMap, HashSet};

use crate::property::{GameProperty, RawProperty, Verbatim};
use crate::source::Sources;
use crate::spec::{PropertyType, Rule, Scalar, Str, ValueType};
use crate::tree::NodeId;
use crate::validate::items::{composes_numbers, is_point_list, items};
use crate::validate::named::{RuleGrid, Run};
use crate::validate::{Code, Location};
use crate::value::{ListStyle, split_composed};

use super::Fixer;

impl<P: GameProperty> Fixer<'_, P> {
    /// Every repair within one node.
    pub(super) fn node(&mut self, node: NodeId) {
        for def in P::game().rules.iter() {
            // Before FF[4] the old name is the one the format defines.
            if let Rule::Renamed { from, to } = &def.rule
                && !self.ctx.before_ff4()
            {
                self.rename(node, from, to);
            }
        }
        self.merge_repeats(node);
        self.surplus_values(node);
        if self.ctx.before_ff4() {
            self.expand_lists(node);
        }
        for def in P::game().rules.iter() {
            match &def.rule {
                Rule::Unique { props, repeatable } => self.unique(node, props, repeatable),
                Rule::NoDuplicates(set) => self.no_duplicates(node, set),
                Rule::DistinctParts(set) => self.distinct_parts(node, set),
                Rule::Exclusive(set) => self.keep_first(node, set),
                _ => {}
            }
        }
    }

    /// Renames an obsolete identifier; a list of points becomes a list of labels `a`, `b`, …
    /// when the new property labels points.
    fn rename(&mut self, node: NodeId, from: &str, to: &str) {
        for k in 0..self.tree.props(node).len() {
            let property = &self.tree.props(node)[k];
            let Some((Verbatim::Unknown, raw)) = property.verbatim() else {
                continue;
            };
            if raw.ident != from {
                continue;
            }
            let location = self.location(node, from);
            let old = raw.clone();
            let labelled: Vec<String> = old
                .values
                .iter()
                .zip(labels())
                .map(|(point, label)| format!("{point}:{label}"))
                .collect();
            let renamed = P::parse(to, &old.values, &self.ctx)
                .or_else(|_| P::parse(to, &labelled, &self.ctx));
            let Ok(renamed) = renamed else {
                continue;
            };
            let message = format!("renamed `{old}` to `{}`", renamed.to_raw());
            self.tree.props_mut(node)[k] = renamed;
            self.report(Code::ObsoleteProperty, location, message);
        }
    }

    /// Merges each property repeated in the node into its first occurrence where their values
    /// can stand together: the values of a list, and texts (`C`), joined by a blank line as
    /// SGFC joins them. A repeated move is played in a new node below (no move is dropped); any
    /// other repeat is dropped, named in the report unless it equals the first. Where a repeat
    /// names a source the first does not (`AP[foxwq]` after `AP[GNU Go:3.8]`), the first is
    /// dropped instead: repair does not change the quirks the tree is read with.
    ///
    /// Each repeat is looked at once: the values merged so far are built on, not written out
    /// and read again for each repeat, so that a node repeating a property many times costs
    /// what it holds, not its square.
    fn merge_repeats(&mut self, node: NodeId) {
        let props = self.tree.props(node);
        let mut seen = HashSet::new();
        if props.iter().all(|p| seen.insert(p.ident())) {
            return;
        }
        // Each identifier's first occurrence, in order, with its repeats.
        let mut groups: Vec<(P, Vec<P>)> = Vec::new();
        let mut group_of: HashMap<String, usize> = HashMap::new();
        let taken = props.to_vec();
        self.tree.props_mut(node).clear();
        for p in taken {
            match group_of.get(p.ident()) {
                Some(&g) => groups[g].1.push(p),
                None => {
                    group_of.insert(p.ident().to_owned(), groups.len());
                    groups.push((p, Vec::new()));
                }
            }
        }
        // Where the next repeated move goes: below those moved already, in their order.
        let mut below = node;
        for (first, repeats) in groups {
            let merged = if repeats.is_empty() {
                first
            } else {
                let location = self.location(node, first.ident());
                self.merge_into(first, repeats, &location, &mut below)
            };
            self.tree.props_mut(node).push(merged);
        }
    }

    /// Merges `repeats` into `first`, one by one, as [`Self::merge_repeats`] says.
    fn merge_into(
        &mut self,
        first: P,
        repeats: Vec<P>,
        location: &Location,
        below: &mut NodeId,
    ) -> P {
        let ident = first.ident().to_owned();
        let ctx = self.ctx;
        let value = first.definition().map(|d| &d.value);
        let is_move = first
            .definition()
            .is_some_and(|d| d.kind == PropertyType::Move);
        // A list (or a property the game does not define) takes a repeat's values exactly
        // when its own and the repeat's each read as items of it: each item of a list is read
        // on its own. One value takes no second. Any other type is asked with them all.
        let list = matches!(value, None | Some(ValueType::List(_) | ValueType::EList(_)));
        let one = matches!(value, Some(ValueType::One(_) | ValueType::None));
        let items_read = |values: &[String]| match values {
            // `[]` alone is an empty elist, but an empty item in a longer list.
            [empty] if empty.is_empty() => P::parse(&ident, &[empty, empty], &ctx).is_ok(),
            _ => P::parse(&ident, values, &ctx).is_ok(),
        };
        let joins = first.definition().is_some_and(
            |d| matches!(&d.value, ValueType::One(s) if s.parts[..] == [Scalar::Text]),
        );
        // The first as it stands, and its values as written: the property is read from them
        // once at the end where they changed.
        let mut current = first;
        let mut values = current.to_raw().values;
        let mut changed = false;
        let first_reads = list && items_read(&values);
        for later in repeats {
            let later_raw = later.to_raw();
            let merges = if list {
                first_reads && items_read(&later_raw.values)
            } else if one {
                false
            } else {
                let mut all = values.clone();
                all.extend(later_raw.values.iter().cloned());
                P::parse(&ident, &all, &ctx).is_ok()
            };
            let message = if merges {
                values.extend(later_raw.values);
                changed = true;
                format!("merged the repeated `{ident}` into the first")
            } else if is_move {
                *below = self.moves_below(*below, &later_raw);
                if later_raw.values.len() > 1 {
                    format!("moved the repeated `{later_raw}` to new nodes below, one move a node")
                } else {
                    format!("moved the repeated `{later_raw}` to a new node below")
                }
            } else if values == later_raw.values {
                format!("dropped the repeated `{later_raw}`, the same as the first")
            } else if joins {
                // Texts joined by a blank line, into the one value of the first.
                if values.len() > 1 {
                    values = vec![values.join("\n\n")];
                }
                for more in &later_raw.values {
                    values[0].push_str("\n\n");
                    values[0].push_str(more);
                }
                changed = true;
                format!(
                    "merged the text of the repeated `{ident}` into the first, after a blank line"
                )
            } else if let Some(names) = names_more_sources(&ident, &values, &later_raw.values) {
                // The repeat that names the tree's source is the one kept: dropped, it would
                // leave the tree read without its source's quirks (Fox's `KM[650]` as 650).
                let dropped = brief(&ident, &values);
                current = later;
                values = later_raw.values.clone();
                changed = false;
                format!(
                    "dropped {dropped} and kept the repeat `{later_raw}`, which names the source {names}"
                )
            } else {
                let held = brief(&ident, &values);
                format!("dropped the repeated `{later_raw}`: the node holds {held}")
            };
            self.report(Code::RepeatedProperty, location.clone(), message);
        }
        if changed {
            // Read once, as each merge was asked; kept verbatim if it somehow does not read.
            current = P::parse(&ident, &values, &ctx)
                .unwrap_or_else(|_| P::invalid(RawProperty::new(&ident, &values)));
        }
        current
    }

    /// Expands the compressed point lists of a node in a tree before FF\[4\], which had none,
    /// where the game's points make rectangles.
    fn expand_lists(&mut self, node: NodeId) {
        for k in 0..self.tree.props(node).len() {
            let property = &self.tree.props(node)[k];
            if property.verbatim().is_some() || !property.definition().is_some_and(is_point_list) {
                continue;
            }
            let old = property.to_raw();
            if !old.values.iter().any(|v| split_composed(v).is_some()) {
                continue;
            }
            let mut expanded = property.clone();
            expanded.restyle_point_lists(ListStyle::Expanded);
            // A game whose points make no rectangles (one without a section of its own)
            // cannot expand them: its lists stay as they are, still reported by validation.
            if expanded == *property {
                continue;
            }
            let location = self.location(node, &old.ident);
            let message = format!(
                "expanded `{old}` into single points: compressed point lists came with FF[4]"
            );
            self.tree.props_mut(node)[k] = expanded;
            self.report(Code::NewerFeature, location, message);
        }
    }

    /// Keeps the first value of a property whose type holds one value and that has several
    /// (`AP[GNU Go:3.8][foxwq]`); a move's further values are not dropped but played in new
    /// nodes below, one a node.
    fn surplus_values(&mut self, node: NodeId) {
        for k in 0..self.tree.props(node).len() {
            let Some((Verbatim::Invalid, raw)) = self.tree.props(node)[k].verbatim() else {
                continue;
            };
            let single = self.tree.props(node)[k]
                .definition()
                .is_some_and(|d| !matches!(d.value, ValueType::List(_) | ValueType::EList(_)));
            if !single || raw.values.len() < 2 {
                continue;
            }
            let Ok(first) = P::parse(&raw.ident, &raw.values[..1], &self.ctx) else {
                continue;
            };
            let dropped = RawProperty {
                ident: raw.ident.clone(),
                values: raw.values[1..].to_vec(),
            };
            let location = self.location(node, &raw.ident).with_value(1);
            let is_move = first
                .definition()
                .is_some_and(|d| d.kind == PropertyType::Move);
            let message = if is_move {
                self.moves_below(node, &dropped);
                format!("moved `{dropped}` to new nodes below, one move a node")
            } else {
                format!(
                    "kept `{}` and dropped `{dropped}`: `{}` holds one value",
                    first.to_raw(),
                    raw.ident
                )
            };
            self.tree.props_mut(node)[k] = first;
            self.report(Code::BadValue, location, message);
        }
    }

    /// Plays each value of a move in a new node of its own below `node`, in order; returns the
    /// last of them.
    fn moves_below(&mut self, node: NodeId, moves: &RawProperty) -> NodeId {
        let mut at = node;
        for value in &moves.values {
            let raw = RawProperty::new(&moves.ident, [value]);
            at = self
                .tree
                .insert_below(at, vec![P::from_raw(raw, &self.ctx).0]);
        }
        at
    }

    /// Drops points already named in the node by a property of the rule (or earlier in the same
    /// property, unless it is repeatable there).
    fn unique(&mut self, node: NodeId, set: &[Str], repeatable: &[Str]) {
        let props = self.tree.props(node);
        let edits = match RuleGrid::of(props, set) {
            Some(grid) => unique_cells(props, grid, repeatable),
            None => self.unique_texts(node, set, repeatable),
        };
        self.apply(
            node,
            edits,
            Code::RepeatedPoint,
            "named earlier in the node",
        );
    }

    /// The edits of [`Self::unique`] point by point, over texts: for lists whose points have
    /// no grid (and so no rectangles), and values that stand at a point (`LB[dd:label]`).
    fn unique_texts(&self, node: NodeId, set: &[Str], repeatable: &[Str]) -> Vec<Edit> {
        // Each point named so far, and the property that named it first.
        let mut seen: HashMap<String, String> = HashMap::new();
        let mut edits = Vec::new();
        for (k, property) in self.tree.props(node).iter().enumerate() {
            let ident = property.ident();
            if !set.iter().any(|s| s == ident) || property.verbatim().is_some() {
                continue;
            }
            let repeats = repeatable.iter().any(|r| r == ident);
            let mut edit = Edit::new(k);
            for item in items(property, &self.ctx).iter() {
                let text = item.text.to_owned();
                match seen.get(item.point()) {
                    Some(first) if !(repeats && first == ident) => edit.drop_value(text),
                    Some(_) => edit.kept.push(text),
                    None => {
                        seen.insert(item.point().to_owned(), ident.to_owned());
                        edit.kept.push(text);
                    }
                }
            }
            edits.push(edit);
        }
        edits
    }

    /// Drops repeated values of a property.
    fn no_duplicates(&mut self, node: NodeId, set: &[Str]) {
        let mut edits = Vec::new();
        for (k, property) in self.tree.props(node).iter().enumerate() {
            if !set.iter().any(|s| s == property.ident()) || property.verbatim().is_some() {
                continue;
            }
            let mut edit = Edit::new(k);
            let items = items(property, &self.ctx);
            let mut kept = HashSet::with_capacity(items.len());
            for item in items.iter() {
                if kept.insert(item.text) {
                    edit.kept.push(item.text.to_owned());
                } else {
                    edit.drop_value(item.text.to_owned());
                }
            }
            edits.push(edit);
        }
        self.apply(node, edits, Code::DuplicateValue, "repeated");
    }

    /// Writes `SZ[19:19]` as `SZ[19]`, and drops arrows and lines from a point to itself.
    fn distinct_parts(&mut self, node: NodeId, set: &[Str]) {
        let mut edits = Vec::new();
        for (k, property) in self.tree.props(node).iter().enumerate() {
            let Some(definition) = property.definition() else {
                continue;
            };
            if !set.iter().any(|s| s == property.ident()) || property.verbatim().is_some() {
                continue;
            }
            let numbers = composes_numbers(definition);
            let mut edit = Edit::new(k);
            let mut values = Vec::new();
            property.write_values(&mut values);
            for value in values {
                match split_composed(&value) {
                    Some((a, b)) if a == b && numbers => {
                        edit.kept.push(a.to_owned());
                        edit.rewritten = true;
                    }
                    Some((a, b)) if a == b => edit.drop_value(value),
                    _ => edit.kept.push(value),
                }
            }
            edits.push(edit);
        }
        self.apply(node, edits, Code::EqualParts, "with equal parts");
    }

    /// Applies the edits that change something, last property first so that removing one
    /// leaves the indexes of the others as they are.
    fn apply(&mut self, node: NodeId, edits: Vec<Edit>, code: Code, why: &str) {
        for edit in edits.into_iter().rev() {
            if edit.rewritten || !edit.dropped.is_empty() {
                self.rebuild(node, edit, code, why);
            }
        }
    }

    /// Replaces property `k` of the node by one with the `kept` values (compressed again if it
    /// was), or removes it when none is left; reports what was dropped.
    fn rebuild(&mut self, node: NodeId, edit: Edit, code: Code, why: &str) {
        let Edit {
            index: k,
            kept,
            dropped,
            more,
            ..
        } = edit;
        let old = self.tree.props(node)[k].to_raw();
        let location = self.location(node, &old.ident);
        let what = if dropped.is_empty() {
            format!("wrote `{old}` as")
        } else {
            let values: Vec<String> = dropped.iter().map(|v| format!("[{v}]")).collect();
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            format!(
                "dropped {}{more} {why} from `{}`; now",
                values.concat(),
                old.ident
            )
        };
        let message = if kept.is_empty() {
            self.tree.props_mut(node).remove(k);
            format!("{what} `{}` is empty and removed", old.ident)
        } else {
            let Ok(mut new) = P::parse(&old.ident, &kept, &self.ctx) else {
                return;
            };
            if old.values.iter().any(|v| split_composed(v).is_some()) {
                new.restyle_point_lists(ListStyle::Compressed);
            }
            let message = format!("{what} `{}`", new.to_raw());
            self.tree.props_mut(node)[k] = new;
            message
        };
        self.report(code, location, message);
    }

    /// Of properties that exclude one another, keeps the first, or the moves among them if
    /// there are any: a move is never dropped (several are split into nodes of their own).
    fn keep_first(&mut self, node: NodeId, set: &[Str]) {
        let props = self.tree.props(node);
        let present: Vec<usize> = (0..props.len())
            .filter(|&k| set.iter().any(|s| s == props[k].ident()))
            .collect();
        let moves: Vec<usize> = present
            .iter()
            .copied()
            .filter(|&k| props[k].is_move())
            .collect();
        let kept: Vec<usize> = if moves.is_empty() {
            present.iter().copied().take(1).collect()
        } else {
            moves
        };
        let Some(&first) = kept.first() else {
            return;
        };
        let first = props[first].to_raw();
        for k in present.into_iter().rev().filter(|k| !kept.contains(k)) {
            let location = self.location(node, self.tree.props(node)[k].ident());
            let dropped = self.tree.props_mut(node).remove(k).to_raw();
            let message = format!("dropped `{dropped}`, which contradicts `{first}`");
            self.report(Code::ExclusiveProperties, location, message);
        }
    }
}

/// The edits of the `Unique` rule over the cells of point lists on a grid: a value whose cells
/// were all named earlier is dropped whole, one named in part keeps its new points.
fn unique_cells<P: GameProperty>(props: &[P], grid: RuleGrid, repeatable: &[Str]) -> Vec<Edit> {
    let RuleGrid {
        listed,
        cells,
        named: mut grid,
    } = grid;
    let mut edits = Vec::new();
    for (&(k, slot), cells) in listed.iter().zip(&cells) {
        let property = &props[k];
        let Some(list) = property.grid_list() else {
            continue;
        };
        let repeats = repeatable.iter().any(|r| r == property.ident());
        let mut texts = Vec::new();
        property.write_values(&mut texts);
        let mut edit = Edit::new(k);
        for ((value, rect), text) in cells.iter().enumerate().zip(texts) {
            let mut runs = Vec::new();
            let count = grid.name(slot, repeats, value, rect, |run| runs.push(run));
            if count == 0 {
                edit.kept.push(text);
            } else if count == rect.len() {
                edit.drop_value(text);
            } else {
                let refused: HashSet<_> = runs.into_iter().flat_map(Run::cells).collect();
                edit.kept
                    .extend(list.texts(value, &mut |cell| !refused.contains(&cell)));
                for point in list.texts(value, &mut |cell| refused.contains(&cell)) {
                    edit.drop_value(point);
                }
            }
        }
        edits.push(edit);
    }
    edits
}

/// A planned change of one property of a node: the values it keeps and those it drops.
struct Edit {
    index: usize,
    kept: Vec<String>,
    /// The first values dropped, named in the report.
    dropped: Vec<String>,
    /// How many more were dropped.
    more: usize,
    /// Whether a kept value is written differently (`SZ[19:19]` as `SZ[19]`).
    rewritten: bool,
}

impl Edit {
    /// The most dropped values a report names; the rest are counted.
    const NAMED: usize = 8;

    /// Drops a value: named in the report, or counted past the first few.
    fn drop_value(&mut self, value: String) {
        if self.dropped.len() < Self::NAMED {
            self.dropped.push(value);
        } else {
            self.more += 1;
        }
    }

    fn new(index: usize) -> Self {
        Edit {
            index,
            kept: Vec::new(),
            dropped: Vec::new(),
            more: 0,
            rewritten: false,
        }
    }
}

/// The names of the sources that the repeat `later` of `ident` names and the values held do
/// not (`AP[foxwq]` after `AP[GNU Go:3.8]`): `None` where it names none of its own, or where
/// the values held name one it does not (either way a source would go: the first stays).
fn names_more_sources(ident: &str, held: &[String], later: &[String]) -> Option<String> {
    let named = |values: &[String]| {
        let value = values.first().map_or("", String::as_str);
        Sources::recognise(std::iter::once((ident, value)))
    };
    let (held, later) = (named(held), named(later));
    if !held.without(later).is_empty() {
        return None;
    }
    let names: Vec<&str> = later.without(held).iter().map(|s| &*s.name).collect();
    (!names.is_empty()).then(|| names.join(" and "))
}

/// A property as a report names it: as written (`` `AP[GNU Go:3.8]` ``), or, where that is
/// long, by its identifier and size, so that a report on many repeats of a large property
/// does not write it out each time.
fn brief(ident: &str, values: &[String]) -> String {
    const SHOWN: usize = 80;
    let written = values.iter().map(|v| v.len() + 2).sum::<usize>() + ident.len();
    if written <= SHOWN {
        return format!("`{}`", RawProperty::new(ident, values));
    }
    match values {
        [one] => format!("`{ident}` with a value of {} bytes", one.len()),
        _ => format!("`{ident}` with {} values", values.len()),
    }
}

/// Labels `a` to `z`, then `A` to `Z`, then numbers: `L` lettered its points in order.
fn labels() -> impl Iterator<Item = String> {
    ('a'..='z')
        .chain('A'..='Z')
        .map(String::from)
        .chain((53..).map(|n: u32| n.to_string()))
}
