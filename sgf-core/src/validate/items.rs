//! The values of a typed property as the canonical texts the rules compare: point lists
//! expanded to single points, each text with the index of the value it came from.

use crate::property::GameProperty;
use crate::spec::{Property, Scalar, ValueType};
use crate::value::{Context, ListStyle, split_composed};

/// One compared value: its index among the property's values and its canonical text.
pub(crate) struct Item {
    pub(crate) value: usize,
    pub(crate) text: String,
}

impl Item {
    /// The point a value stands at: the whole text, or the first part of a composed value
    /// (`LB[dd:label]` stands at `dd`).
    pub(crate) fn point(&self) -> &str {
        split_composed(&self.text).map_or(&self.text, |(point, _)| point)
    }
}

/// The items of a property; a compressed rectangle of a point list gives one item per point.
pub(crate) fn items<P: GameProperty>(property: &P, ctx: &Context) -> Vec<Item> {
    let mut values = Vec::new();
    property.write_values(&mut values);
    let lists_points = property.definition().is_some_and(is_point_list);
    let mut out = Vec::with_capacity(values.len());
    for (value, text) in values.into_iter().enumerate() {
        if lists_points
            && split_composed(&text).is_some()
            && let Ok(mut rectangle) = P::parse(property.ident(), &[&text], ctx)
        {
            rectangle.restyle_point_lists(ListStyle::Expanded);
            let mut points = Vec::new();
            rectangle.write_values(&mut points);
            out.extend(points.into_iter().map(|text| Item { value, text }));
            continue;
        }
        out.push(Item { value, text });
    }
    out
}

/// Whether a property lists single points or stones, which may be compressed into rectangles.
fn is_point_list(definition: &Property) -> bool {
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
