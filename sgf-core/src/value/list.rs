//! How many values a property takes (`none`, one value, `list of`, `elist of`), lists of points
//! that may use compressed rectangles ([`PointList`]), and the writers of each. The generated
//! property code calls these with the raw values of one property.

use std::collections::{BTreeMap, HashSet};

use super::error::quote;
use super::scalar::split_composed;
use super::{Context, RawValue, Value, ValueError, ValueSink};
use crate::value::{GridList, ListPoint};

/// One value of a point list: a point, or a compressed rectangle `ul:lr`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ListItem<P> {
    /// A single point (or stone).
    Point(P),
    /// Every point from the upper-left to the lower-right corner, both included.
    Rect(P, P),
}

impl<P: ListPoint> ListItem<P> {
    /// The points of the value: a point, or its rectangle's row by row. A rectangle the game
    /// does not accept (built by hand) gives its two corners.
    pub fn points(&self) -> Vec<P> {
        match self {
            ListItem::Point(p) => vec![p.clone()],
            ListItem::Rect(ul, lr) => match P::rectangle(ul, lr) {
                Some(rect) => rect,
                None if ul == lr => vec![ul.clone()],
                None => vec![ul.clone(), lr.clone()],
            },
        }
    }
}

/// How point lists are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ListStyle {
    /// As they are held: single points and rectangles as read or built.
    #[default]
    AsIs,
    /// Compressed into rectangles where the game has them ([`PointList::compressed`]).
    Compressed,
    /// Every point on its own ([`PointList::expanded`]).
    Expanded,
}

/// A list of points or stones as written: single points and compressed rectangles, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointList<P> {
    /// The values of the list, one per pair of brackets.
    pub items: Vec<ListItem<P>>,
}

impl<P> Default for PointList<P> {
    fn default() -> Self {
        PointList { items: Vec::new() }
    }
}

impl<P> PointList<P> {
    /// The number of values (a rectangle counts once).
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the list has no values.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// A list of single points, in the given order.
    pub fn from_points(points: impl IntoIterator<Item = P>) -> Self {
        PointList {
            items: points.into_iter().map(ListItem::Point).collect(),
        }
    }
}

impl<P: ListPoint> PointList<P> {
    /// Every point of the list, rectangles expanded row by row, in the order of the list.
    /// A rectangle the game does not accept (built by hand) gives its two corners.
    pub fn points(&self) -> Vec<P> {
        self.indexed_points().into_iter().map(|(_, p)| p).collect()
    }

    /// [`PointList::points`], each with the index of the value it is written in (the points of
    /// a rectangle share one).
    pub fn indexed_points(&self) -> Vec<(usize, P)> {
        let values = self.items.iter().enumerate();
        values
            .flat_map(|(index, item)| item.points().into_iter().map(move |p| (index, p)))
            .collect()
    }

    /// Every point of the list once, in the order first named. A value that repeats an
    /// earlier one is not expanded again, so that the cost is bounded by the distinct values
    /// (each at most [`MAX_RECTANGLE_POINTS`](crate::value::MAX_RECTANGLE_POINTS)), not by the
    /// repeats. Points with no place on a grid (backgammon's, where a repeat means another
    /// checker) are all kept, as [`PointList::points`] gives them.
    pub fn distinct_points(&self) -> Vec<P> {
        let Some(cells) = self.cells() else {
            return self.points();
        };
        let mut values = HashSet::new();
        let mut seen = HashSet::new();
        let mut points = Vec::new();
        for (item, cells) in self.items.iter().zip(&cells) {
            if !values.insert(cells) {
                continue;
            }
            points.extend(
                item.points()
                    .into_iter()
                    .filter(|p| p.grid_position().is_some_and(|at| seen.insert(at))),
            );
        }
        points
    }

    /// The list in a style: [`ListStyle::AsIs`] leaves it as it is.
    pub fn restyle(&mut self, style: ListStyle) {
        match style {
            ListStyle::AsIs => {}
            ListStyle::Compressed => *self = self.compressed(),
            ListStyle::Expanded => *self = self.expanded(),
        }
    }

    /// The same points, each as a single point, once ([`PointList::distinct_points`]: a list
    /// naming a rectangle a million times expands to its points, not a million copies).
    #[must_use]
    pub fn expanded(&self) -> Self {
        PointList::from_points(self.distinct_points())
    }

    /// The same set of points with as few values as a greedy pass finds: from the first free
    /// point in row order, a rectangle as wide, then as tall, as the free points allow. Points
    /// listed twice are listed once. For games without rectangles this is [`Self::expanded`]
    /// (repeated points, which mean several checkers in backgammon, are kept).
    #[must_use]
    pub fn compressed(&self) -> Self {
        let points = self.distinct_points();
        let Some(positions) = points
            .iter()
            .map(ListPoint::grid_position)
            .collect::<Option<Vec<_>>>()
        else {
            return PointList::from_points(points);
        };
        // Keyed by (row, column), so that iteration goes row by row.
        let mut cells = BTreeMap::new();
        for (p, (col, row)) in points.into_iter().zip(positions) {
            cells.entry((row, col)).or_insert(p);
        }
        let mut covered = HashSet::new();
        let mut items = Vec::new();
        for (&(row, col), ul) in &cells {
            if covered.contains(&(row, col)) {
                continue;
            }
            let free = |r: u32, c: u32| cells.contains_key(&(r, c)) && !covered.contains(&(r, c));
            let mut width = 1;
            while col.checked_add(width).is_some_and(|c| free(row, c)) {
                width += 1;
            }
            // Inclusive ends: the exclusive ones may not fit a `u32`.
            let last_col = col + (width - 1);
            let mut height = 1;
            while row
                .checked_add(height)
                .is_some_and(|r| (col..=last_col).all(|c| free(r, c)))
            {
                height += 1;
            }
            let last_row = row + (height - 1);
            let rect: Vec<_> = (row..=last_row)
                .flat_map(|r| (col..=last_col).map(move |c| (r, c)))
                .collect();
            covered.extend(rect.iter().copied());
            let lr = &cells[&(last_row, last_col)];
            let fits = P::rectangle(ul, lr).is_some_and(|r| r.len() == rect.len());
            if rect.len() > 1 && fits {
                items.push(ListItem::Rect(ul.clone(), lr.clone()));
            } else {
                items.extend(rect.iter().map(|key| ListItem::Point(cells[key].clone())));
            }
        }
        PointList { items }
    }
}

/// Reads a property of type `none`: exactly one empty value.
pub fn none<S: RawValue>(values: &[S]) -> Result<(), ValueError> {
    let value = single(values)?;
    <()>::parse_value(value.as_ref(), &Context::square(0))
}

/// Reads a property with exactly one value.
#[inline]
pub fn one<T: Value, S: RawValue>(values: &[S], ctx: &Context) -> Result<T, ValueError> {
    T::parse_raw(single(values)?, ctx)
}

/// Reads a `list of` property: one or more values.
pub fn list<T: Value, S: RawValue>(values: &[S], ctx: &Context) -> Result<Vec<T>, ValueError> {
    if values.is_empty() {
        return Err(ValueError::new("expected at least one value, found none"));
    }
    each(values, |raw| T::parse_raw(raw, ctx))
}

/// Reads an `elist of` property: like [`list`], but a single empty value `[]` is the empty list.
pub fn elist<T: Value, S: RawValue>(values: &[S], ctx: &Context) -> Result<Vec<T>, ValueError> {
    if is_empty_list(values) {
        return Ok(Vec::new());
    }
    list(values, ctx)
}

/// Reads a `list of point` or `list of stone` property: one or more values, each a point or a
/// rectangle `ul:lr` where the game defines rectangles. Where it does not, a value with a colon
/// that reads as a single point (raw values of games without a section) is that point.
pub fn point_list<P: ListPoint, S: RawValue>(
    values: &[S],
    ctx: &Context,
) -> Result<PointList<P>, ValueError> {
    if values.is_empty() {
        return Err(ValueError::new("expected at least one value, found none"));
    }
    let items = each(values, |raw| parse_item(raw.as_ref(), ctx))?;
    Ok(PointList { items })
}

/// Each value read by `read`, into a vector of the right size from the start (collecting
/// `Result`s cannot know it, and grows the vector as it goes); an error names its value.
fn each<T, S>(
    values: &[S],
    mut read: impl FnMut(&S) -> Result<T, ValueError>,
) -> Result<Vec<T>, ValueError> {
    let mut out = Vec::with_capacity(values.len());
    for (i, raw) in values.iter().enumerate() {
        out.push(read(raw).map_err(|e| e.at(i))?);
    }
    Ok(out)
}

/// Reads an `elist of point` property: like [`point_list`], but `[]` is the empty list.
pub fn point_elist<P: ListPoint, S: RawValue>(
    values: &[S],
    ctx: &Context,
) -> Result<PointList<P>, ValueError> {
    if is_empty_list(values) {
        return Ok(PointList::default());
    }
    point_list(values, ctx)
}

/// Appends the single empty value of a `none` property.
pub fn write_none(out: &mut impl ValueSink) {
    out.value(|_| {});
}

/// Appends the raw text of one value, as the sink's tree wants it written, if it names one.
pub fn write_one<T: Value>(value: &T, out: &mut impl ValueSink) {
    match out.context().copied() {
        Some(ctx) => out.value(|raw| value.write_value_in(raw, &ctx)),
        None => out.value(|raw| value.write_value(raw)),
    }
}

/// Appends one raw value per element. An empty slice appends nothing: a `list of` property
/// needs a value, so a property with an empty list should be left out.
pub fn write_list<T: Value>(values: &[T], out: &mut impl ValueSink) {
    for value in values {
        write_one(value, out);
    }
}

/// Appends one raw value per element, or a single empty value for the empty list.
pub fn write_elist<T: Value>(values: &[T], out: &mut impl ValueSink) {
    if values.is_empty() {
        write_none(out);
    }
    write_list(values, out);
}

/// Appends one raw value per item, rectangles as `ul:lr`; the empty list is one empty value.
pub fn write_point_list<P: ListPoint>(list: &PointList<P>, out: &mut impl ValueSink) {
    if list.is_empty() {
        write_none(out);
    }
    for item in &list.items {
        out.value(|raw| match item {
            ListItem::Point(p) => p.write_value(raw),
            ListItem::Rect(ul, lr) => {
                ul.write_value(raw);
                raw.push(':');
                lr.write_value(raw);
            }
        });
    }
}

/// Appends values kept verbatim, as they are (the values of an unknown or invalid property).
pub fn write_raw(values: &[String], out: &mut impl ValueSink) {
    for value in values {
        out.raw_value(value);
    }
}

/// The only value of a property that must have exactly one.
fn single<S: RawValue>(values: &[S]) -> Result<&S, ValueError> {
    match values {
        [value] => Ok(value),
        [] => Err(ValueError::new("expected one value, found none")),
        _ => Err(ValueError::new(format!("expected one value, found {}", values.len())).at(1)),
    }
}

/// Whether the values are the single empty value `[]` that stands for an empty list.
fn is_empty_list<S: RawValue>(values: &[S]) -> bool {
    matches!(values, [value] if value.as_ref().is_empty())
}

/// Reads one value of a point list.
fn parse_item<P: ListPoint>(raw: &str, ctx: &Context) -> Result<ListItem<P>, ValueError> {
    let Some((left, right)) = split_composed(raw) else {
        return P::parse_value(raw, ctx).map(ListItem::Point);
    };
    let corners = P::parse_value(left, ctx).and_then(|ul| Ok((ul, P::parse_value(right, ctx)?)));
    if let Ok((ul, lr)) = &corners
        && P::is_rectangle(ul, lr)
    {
        return Ok(ListItem::Rect(ul.clone(), lr.clone()));
    }
    if let Ok(point) = P::parse_value(raw, ctx) {
        return Ok(ListItem::Point(point));
    }
    Err(match corners {
        Err(err) => ValueError::new(format!("in rectangle {}: {}", quote(raw), err.message)),
        Ok((ul, _)) if !P::is_rectangle(&ul, &ul) => {
            ValueError::expected("a point (this game has no rectangles `ul:lr`)", raw)
        }
        Ok(_) => ValueError::expected(
            "a rectangle from its upper-left to its lower-right corner",
            raw,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go;
    use crate::value::sgfish_strings;
    use crate::value::{Color, Double, SimpleText, Text};

    const CTX: Context = Context::square(19);

    #[test]
    fn none_takes_exactly_one_empty_value() {
        assert_eq!(none(&[""]), Ok(()));
        assert_eq!(none::<&str>(&[]).map_err(|e| e.index), Err(0));
        assert_eq!(
            none(&["x"]).map_err(|e| e.message),
            Err(r#"expected an empty value, found "x""#.to_owned())
        );
        let err = none(&["", ""]).expect_err("two values");
        assert_eq!(
            (err.index, err.message.as_str()),
            (1, "expected one value, found 2")
        );
    }

    #[test]
    fn one_and_lists_report_the_failing_index() {
        assert_eq!(one::<i64, _>(&["5"], &CTX), Ok(5));
        assert_eq!(
            one::<i64, _>(&["5", "6"], &CTX).map_err(|e| e.index),
            Err(1)
        );
        assert_eq!(list::<i64, _>(&["1", "2"], &CTX), Ok(vec![1, 2]));
        let err = list::<i64, _>(&["1", "2", "x"], &CTX).expect_err("bad third");
        assert_eq!(err.index, 2);
        assert!(list::<i64, String>(&[], &CTX).is_err());
        assert!(list::<i64, _>(&[""], &CTX).is_err());
        assert_eq!(elist::<i64, _>(&[""], &CTX), Ok(vec![]));
        assert_eq!(elist::<i64, _>(&["3"], &CTX), Ok(vec![3]));
        assert_eq!(
            elist::<i64, _>(&["3", ""], &CTX).map_err(|e| e.index),
            Err(1)
        );
        let texts = list::<SimpleText, _>(&[""], &CTX).expect("an empty text is a value");
        assert_eq!(texts, [SimpleText::default()]);
    }

    #[test]
    fn point_lists_report_the_failing_index() {
        let err = point_list::<go::Point, _>(&["aa", "bb", "b"], &CTX).expect_err("bad");
        assert_eq!(err.index, 2);
        assert!(point_list::<go::Point, String>(&[], &CTX).is_err());
        let err = point_elist::<go::Point, _>(&["aa", ""], &CTX).expect_err("empty");
        assert_eq!(err.index, 1);
    }

    #[test]
    fn writers_append_raw_values() {
        let mut out = Vec::new();
        write_none(&mut out);
        write_one(&Color::White, &mut out);
        write_list(&[1_i64, -2], &mut out);
        write_list::<i64>(&[], &mut out);
        write_elist::<i64>(&[], &mut out);
        write_elist(&[Double::Emphasized], &mut out);
        write_raw(&["x:y".to_owned()], &mut out);
        assert_eq!(out, ["", "W", "1", "-2", "", "2", "x:y"]);
        let values = ["x\\]", "a:b"].map(Text::from);
        out.clear();
        write_list(&values, &mut out);
        assert_eq!(list::<Text, _>(&out, &CTX), Ok(values.to_vec()));
    }

    #[test]
    fn no_value_parser_panics_on_sgfish_input() {
        let mut inputs = sgfish_strings(600);
        inputs.extend(["aa:bb", "ab:ba", r"a\a:bb", "ZZ:ZZ", "1:2.5:x"].map(String::from));
        for raw in &inputs {
            let values = [raw.as_str(), raw.as_str()];
            let _ = one::<i64, _>(&values[..1], &CTX);
            let _ = one::<f64, _>(&values[..1], &CTX);
            let _ = one::<Double, _>(&values[..1], &CTX);
            let _ = one::<Color, _>(&values[..1], &CTX);
            let _ = one::<(SimpleText, Text), _>(&values[..1], &CTX);
            let _ = one::<(i64, (f64, SimpleText)), _>(&values[..1], &CTX);
            let _ = none(&values[..1]);
            let _ = elist::<(), _>(&values, &CTX);
            if let Ok(list) = point_list::<go::Point, _>(&values, &CTX) {
                let sorted = |mut points: Vec<go::Point>| {
                    points.sort();
                    points.dedup();
                    points
                };
                assert_eq!(sorted(list.compressed().points()), sorted(list.points()));
            }
            let _ = point_elist::<crate::games::raw::Point, _>(&values, &CTX);
            for text in [
                SimpleText::parse_value(raw, &CTX).map(SimpleText::into_string),
                Text::parse_value(raw, &CTX).map(Text::into_string),
            ] {
                assert!(text.is_ok());
            }
        }
    }
}
