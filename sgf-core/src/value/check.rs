//! Whether typed values read back under a context, answered without writing and reading them:
//! the functions the generated `GameProperty::fits` calls, one per shape of property, as the
//! `write_*` functions write them and the readers read them.

use super::list::{ListItem, PointList, point_list};
use super::{Context, Value};
use crate::value::ListPoint;

/// A property with one value.
pub fn fits_one<T: Value>(value: &T, ctx: &Context) -> bool {
    value.fits(ctx)
}

/// A `list of` property: at least one value, and each fits.
pub fn fits_list<T: Value>(values: &[T], ctx: &Context) -> bool {
    !values.is_empty() && fits_elist(values, ctx)
}

/// An `elist of` property: each value fits (the empty list is written `[]`, which reads).
pub fn fits_elist<T: Value>(values: &[T], ctx: &Context) -> bool {
    values.iter().all(|value| value.fits(ctx))
}

/// A `list of point` property: each point fits, and both corners of each rectangle. The empty
/// list is written `[]`, read as one empty point.
pub fn fits_point_list<P: ListPoint>(list: &PointList<P>, ctx: &Context) -> bool {
    if list.items.is_empty() {
        return point_list::<P, &str>(&[""], ctx).is_ok();
    }
    fits_point_elist(list, ctx)
}

/// An `elist of point` property: like [`fits_point_list`], but `[]` is the empty list.
pub fn fits_point_elist<P: Value>(list: &PointList<P>, ctx: &Context) -> bool {
    list.items.iter().all(|item| match item {
        ListItem::Point(point) => point.fits(ctx),
        ListItem::Rect(ul, lr) => ul.fits(ctx) && lr.fits(ctx),
    })
}
