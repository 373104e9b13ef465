//! With the `ff5` feature the `FF[5]` draft is layered on the `FF[4]` specification.
#![cfg(feature = "ff5")]

use sgf_core::property::RawProperty;
use sgf_core::spec::Rule;
use sgf_core::value::Context;
use sgf_core::{GameProperty, GoProperty};

#[test]
fn undo_persons_involved_and_machine_readable_overtime_are_typed() {
    let ctx = Context::square(19);
    let (undo, error) = GoProperty::from_raw(RawProperty::new("UN", ["2"]), &ctx);
    assert_eq!((undo, error), (GoProperty::UN(2), None));
    let (pi, error) = GoProperty::from_raw(RawProperty::new("PI", ["RF:Ma Xiaochun"]), &ctx);
    assert!(
        matches!(&pi, GoProperty::PI(list) if list.len() == 1),
        "{pi:?} {error:?}"
    );
    let overtime = RawProperty::new("OT", ["TM:A:10800", "OP:A:60"]);
    let (ot, error) = GoProperty::from_raw(overtime.clone(), &ctx);
    let GoProperty::OT(settings) = &ot else {
        panic!("expected OT as a list, got {ot:?} ({error:?})");
    };
    assert_eq!(settings[0].1.1, 10800.0);
    assert_eq!(ot.to_raw(), overtime);
}

#[test]
fn b_w_and_un_are_exclusive_and_dropped_properties_stay_readable() {
    let go = <GoProperty as GameProperty>::game();
    let exclusive: Vec<_> = go
        .rules
        .iter()
        .filter_map(|r| match &r.rule {
            Rule::Exclusive(props) if props.iter().any(|p| p == "B") => Some(props.len()),
            _ => None,
        })
        .collect();
    assert_eq!(exclusive, [3]);
    let (ko, error) = GoProperty::from_raw(RawProperty::new("KO", [""]), &Context::square(19));
    assert_eq!((ko, error), (GoProperty::KO, None));
}
