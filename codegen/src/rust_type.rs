//! The Rust type of each value type, and the `sgf-core` functions that read and write it.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::{Game, Scalar, Single, ValueType};

use crate::Options;
use crate::names::ident;

/// The module of a game's point, move and stone types: `games::go`, or `games::raw`.
pub(crate) fn game_module(game: &Game, options: &Options) -> TokenStream {
    let core = &options.core;
    let module = game
        .gm
        .and_then(|gm| options.game_modules.iter().find(|(g, _)| *g == gm))
        .map_or("raw", |(_, m)| m.as_str());
    let module = ident(module);
    quote!(#core::games::#module)
}

/// The Rust type of a scalar in a game.
pub(crate) fn scalar(scalar: Scalar, game: &Game, options: &Options) -> TokenStream {
    let core = &options.core;
    let module = game_module(game, options);
    match scalar {
        Scalar::Number(_) => quote!(i64),
        Scalar::Real => quote!(f64),
        Scalar::Double => quote!(#core::value::Double),
        Scalar::Color => quote!(#core::value::Color),
        Scalar::SimpleText => quote!(#core::value::SimpleText),
        Scalar::Text => quote!(#core::value::Text),
        Scalar::Point => quote!(#module::Point),
        Scalar::Move => quote!(#module::Move),
        Scalar::Stone => quote!(#module::Stone),
    }
}

/// The Rust type of one value: a scalar, or nested pairs for a composed value
/// (`composed a ':' composed b ':' c` is `(A, (B, C))`).
pub(crate) fn single(single: &Single, game: &Game, options: &Options) -> TokenStream {
    let mut parts = single.parts.iter().rev();
    let last = parts
        .next()
        .map_or(quote!(()), |s| scalar(*s, game, options));
    parts.fold(last, |right, left| {
        let left = scalar(*left, game, options);
        quote!((#left, #right))
    })
}

/// Whether a list of this value is a point list, which may hold compressed rectangles.
fn is_point_list(single: &Single) -> bool {
    !single.is_composed() && single.first().is_place()
}

/// Whether a property's value is a point list (`value::PointList`).
pub(crate) fn holds_point_list(value: &ValueType) -> bool {
    matches!(value, ValueType::List(s) | ValueType::EList(s) if is_point_list(s))
}

/// The Rust type of a property's value; `None` for the `none` type (a unit variant). `alt`
/// names the enum generated for an alternative type.
pub(crate) fn payload(
    value: &ValueType,
    game: &Game,
    alt: Option<TokenStream>,
    options: &Options,
) -> Option<TokenStream> {
    let core = &options.core;
    Some(match value {
        ValueType::None => return None,
        ValueType::One(s) => single(s, game, options),
        ValueType::List(s) | ValueType::EList(s) if is_point_list(s) => {
            let point = single(s, game, options);
            quote!(#core::value::PointList<#point>)
        }
        ValueType::List(s) | ValueType::EList(s) => {
            let item = single(s, game, options);
            quote!(::std::vec::Vec<#item>)
        }
        ValueType::Alt(_) => alt.expect("every alternative type has a generated enum"),
    })
}

/// The `sgf-core` functions that read and write a property's values, by cardinality.
/// The `sgf_core::value` function that tells whether a typed value of this type reads back
/// under a context; `None` for a property without value, which always does.
pub(crate) fn fits_function(value: &ValueType, options: &Options) -> Option<TokenStream> {
    let core = &options.core;
    let name = match value {
        ValueType::None => return None,
        ValueType::One(_) | ValueType::Alt(_) => "fits_one",
        ValueType::List(s) if is_point_list(s) => "fits_point_list",
        ValueType::EList(s) if is_point_list(s) => "fits_point_elist",
        ValueType::List(_) => "fits_list",
        ValueType::EList(_) => "fits_elist",
    };
    let name = ident(name);
    Some(quote!(#core::value::#name))
}

pub(crate) fn value_functions(value: &ValueType, options: &Options) -> (TokenStream, TokenStream) {
    let core = &options.core;
    let (read, write) = match value {
        ValueType::None => ("none", "write_none"),
        ValueType::One(_) | ValueType::Alt(_) => ("one", "write_one"),
        ValueType::List(s) if is_point_list(s) => ("point_list", "write_point_list"),
        ValueType::EList(s) if is_point_list(s) => ("point_elist", "write_point_list"),
        ValueType::List(_) => ("list", "write_list"),
        ValueType::EList(_) => ("elist", "write_elist"),
    };
    let (read, write) = (ident(read), ident(write));
    (quote!(#core::value::#read), quote!(#core::value::#write))
}
