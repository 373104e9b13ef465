//! Names of generated items: enums, statics and constants derived from games and properties.

use proc_macro2::{Ident, Span};
use sgf_spec::{Game, Property, Scalar};

/// The words of a game's name as a type name: `Lines of Action` → `LinesOfAction`; the
/// catch-all game is `OtherGame`.
pub(crate) fn camel(game: &Game) -> String {
    if game.gm.is_none() {
        return "OtherGame".to_owned();
    }
    game.name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// The name of a game's property enum: `GoProperty`, `LinesOfActionProperty`.
pub fn enum_name(game: &Game) -> String {
    format!("{}Property", camel(game))
}

/// The name of a game's static table: `GO`, `LINES_OF_ACTION`, `OTHER_GAME`.
pub fn static_name(game: &Game) -> String {
    let camel = camel(game);
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The name of the constant holding a property definition: `B` for a general property,
/// `OCTI_RU` for one of a game section.
pub(crate) fn def_name(property: &Property, games: &[&Game]) -> Ident {
    let name = match property.game {
        None => property.ident.to_string(),
        Some(gm) => {
            let prefix = games
                .iter()
                .find(|g| g.gm == Some(gm))
                .map(|g| static_name(g))
                .unwrap_or_else(|| format!("GM{gm}"));
            format!("{prefix}_{}", property.ident)
        }
    };
    ident(&name)
}

/// An identifier in the call site's hygiene.
pub(crate) fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

/// The variant name of a scalar value type: `Number`, `SimpleText`, `Point`.
pub(crate) fn scalar_name(scalar: Scalar) -> &'static str {
    match scalar {
        Scalar::Number(_) => "Number",
        Scalar::Real => "Real",
        Scalar::Double => "Double",
        Scalar::Color => "Color",
        Scalar::SimpleText => "SimpleText",
        Scalar::Text => "Text",
        Scalar::Point => "Point",
        Scalar::Move => "Move",
        Scalar::Stone => "Stone",
    }
}

/// The pattern matching an identifier's bytes, `[b'K', b'O']`, for a `match ident.as_bytes()`:
/// patterns of bytes compile to a branch on the length and then on each byte, where string
/// patterns are compared one after another.
pub(crate) fn ident_bytes(ident: &str) -> proc_macro2::TokenStream {
    let bytes = ident.bytes().map(proc_macro2::Literal::byte_character);
    quote::quote!([#(#bytes),*])
}
