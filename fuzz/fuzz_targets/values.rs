//! Raw values read into each game's typed properties: no panic, and whatever reads writes back
//! to raw values that read to the same typed property.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sgf_core::value::Context;
use sgf_core::{
    AmazonsProperty, BackgammonProperty, GameProperty, GoProperty, HexProperty,
    LinesOfActionProperty, OctiProperty, OtherGameProperty, RawProperty,
};

fn check<P: GameProperty>(raw: &RawProperty, ctx: &Context) {
    let (property, error) = P::from_raw(raw.clone(), ctx);
    if error.is_none() {
        let (again, error) = P::from_raw(property.to_raw(), ctx);
        assert_eq!(error, None, "{raw} wrote {}", property.to_raw());
        assert_eq!(again, property, "{raw}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut fields = text.split('\u{0}');
    let Some(size) = fields.next() else { return };
    let size = size.bytes().next().map_or(19, |b| u32::from(b % 60) + 1);
    let Some(ident) = fields.next() else { return };
    let raw = RawProperty::new(ident, fields);
    let ctx = Context::square(size);
    check::<GoProperty>(&raw, &ctx);
    check::<BackgammonProperty>(&raw, &ctx);
    check::<LinesOfActionProperty>(&raw, &ctx);
    check::<HexProperty>(&raw, &ctx);
    check::<AmazonsProperty>(&raw, &ctx);
    check::<OctiProperty>(&raw, &ctx);
    check::<OtherGameProperty>(&raw, &ctx);
});
