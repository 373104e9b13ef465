//! The values of a typed property as the canonical texts the rules compare: point lists
//! expanded to single points, each text with the index of the value it came from.

use std::ops::Range;

use crate::property::GameProperty;
use crate::spec::{Property, Scalar, ValueType};
use crate::value::{Context, ListStyle, ValueSink, split_composed};

/// The compared values of a property, their texts one after another in one string.
pub(crate) struct Items {
    text: String,
    /// Each item: the index of its value among the property's, and where its text is.
    items: Vec<(usize, Range<usize>)>,
}

/// One compared value: its index among the property's values and its canonical text.
#[derive(Clone, Copy)]
pub(crate) struct Item<'a> {
    pub(crate) value: usize,
    pub(crate) text: &'a str,
}

impl<'a> Item<'a> {
    /// The point a value stands at: the whole text, or the first part of a composed value
    /// (`LB[dd:label]` stands at `dd`).
    pub(crate) fn point(&self) -> &'a str {
        split_composed(self.text).map_or(self.text, |(point, _)| point)
    }
}

impl Items {
    /// The items, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Item<'_>> {
        self.items.iter().map(|(value, range)| Item {
            value: *value,
            text: self.text.get(range.clone()).unwrap_or_default(),
        })
    }

    /// How many items there are.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }
}

/// Writes values one after another into one string, noting where each ends.
struct Texts<'a> {
    text: &'a mut String,
    ends: Vec<usize>,
}

impl ValueSink for Texts<'_> {
    fn value(&mut self, write: impl FnOnce(&mut String)) {
        write(self.text);
        self.ends.push(self.text.len());
    }
}

/// The items of a property; a compressed rectangle of a point list gives one item per point.
pub(crate) fn items<P: GameProperty>(property: &P, ctx: &Context) -> Items {
    let mut text = String::new();
    let mut values = Texts {
        text: &mut text,
        ends: Vec::new(),
    };
    property.write_values(&mut values);
    let ends = values.ends;
    let lists_points = property.definition().is_some_and(is_point_list);
    let mut items = Vec::with_capacity(ends.len());
    let mut start = 0;
    for (value, end) in ends.into_iter().enumerate() {
        let range = start..end;
        start = end;
        let rectangle = match text.get(range.clone()) {
            Some(raw) if lists_points && split_composed(raw).is_some() => {
                P::parse(property.ident(), &[raw], ctx).ok()
            }
            _ => None,
        };
        let Some(mut rectangle) = rectangle else {
            items.push((value, range));
            continue;
        };
        rectangle.restyle_point_lists(ListStyle::Expanded);
        // The points are written after every value, past what the buffer holds so far.
        let mut from = text.len();
        let mut points = Texts {
            text: &mut text,
            ends: Vec::new(),
        };
        rectangle.write_values(&mut points);
        for point_end in points.ends {
            items.push((value, from..point_end));
            from = point_end;
        }
    }
    Items { text, items }
}

/// The values of a property written in two parts (`a:b`), each with its index among the
/// property's values. One buffer serves every value.
pub(crate) fn composed_values<P: GameProperty>(property: &P) -> Vec<(usize, String)> {
    struct Composed {
        buffer: String,
        next: usize,
        found: Vec<(usize, String)>,
    }
    impl ValueSink for Composed {
        fn value(&mut self, write: impl FnOnce(&mut String)) {
            self.buffer.clear();
            write(&mut self.buffer);
            if split_composed(&self.buffer).is_some() {
                self.found.push((self.next, self.buffer.clone()));
            }
            self.next += 1;
        }
    }
    let mut composed = Composed {
        buffer: String::new(),
        next: 0,
        found: Vec::new(),
    };
    property.write_values(&mut composed);
    composed.found
}

/// Whether a property lists single points or stones, which may be compressed into rectangles.
pub(crate) fn is_point_list(definition: &Property) -> bool {
    match &definition.value {
        ValueType::List(single) | ValueType::EList(single) => {
            !single.is_composed() && single.first().is_place()
        }
        _ => false,
    }
}

/// Whether the parts of a composed value of the property are numbers (`SZ[19:19]`), whose
/// equal parts only say the same thing twice, rather than points (`AR[cc:cc]`), whose equal
/// parts make no sense.
pub(crate) fn composes_numbers(definition: &Property) -> bool {
    definition
        .value
        .singles()
        .iter()
        .filter(|s| s.is_composed())
        .all(|s| s.parts.iter().all(|p| matches!(p, Scalar::Number(_))))
}
