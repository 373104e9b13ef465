//! The Rust type of each value type, and the `sgf-core` functions that read and write it.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::{Game, Scalar, Single, ValueType};

use crate::names::ident;

/// The module of a game's point, move and stone types: `games::go`, or `games::raw`.
pub(crate) fn game_module(game: &Game) -> TokenStream {
    let module = ident(module_name(game));
    quote!(games::#module)
}

/// The name of a game's module under `games`: the one its section names (`go`), or `raw`.
pub(crate) fn module_name(game: &Game) -> &str {
    game.module.as_deref().unwrap_or("raw")
}

/// The Rust type of a scalar in a game.
pub(crate) fn scalar(scalar: Scalar, game: &Game) -> TokenStream {
    let module = game_module(game);
    match scalar {
        Scalar::Number(_) => quote!(i64),
        Scalar::Real => quote!(f64),
        Scalar::Double => quote!(value::Double),
        Scalar::Color => quote!(value::Color),
        Scalar::SimpleText => quote!(value::SimpleText),
        Scalar::Text => quote!(value::Text),
        Scalar::Point => quote!(#module::Point),
        Scalar::Move => quote!(#module::Move),
        Scalar::Stone => quote!(#module::Stone),
    }
}

/// The Rust type of one value: a scalar, or nested pairs for a composed value
/// (`composed a ':' composed b ':' c` is `(A, (B, C))`).
pub(crate) fn single(single: &Single, game: &Game) -> TokenStream {
    let mut parts = single.parts.iter().rev();
    let last = parts.next().map_or(quote!(()), |s| scalar(*s, game));
    parts.fold(last, |right, left| {
        let left = scalar(*left, game);
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
) -> Option<TokenStream> {
    Some(match value {
        ValueType::None => return None,
        ValueType::One(s) => single(s, game),
        ValueType::List(s) | ValueType::EList(s) if is_point_list(s) => {
            let point = single(s, game);
            quote!(value::PointList<#point>)
        }
        ValueType::List(s) | ValueType::EList(s) => {
            let item = single(s, game);
            quote!(Vec<#item>)
        }
        ValueType::Alt(_) => alt.expect("every alternative type has a generated enum"),
    })
}

/// The most bytes a property's value takes inline in its variant: three words, the size of a
/// `String`, a `Vec` or a point list. With the tag, a property enum then takes 32 bytes.
pub(crate) const INLINE_BYTES: usize = 24;

/// Whether a property's value is boxed in its variant: it may take more than
/// [`INLINE_BYTES`], as a composed value holding text does (`AP`), or an alternative with one
/// (`FG`). A lone scalar is never boxed: a game's moves are its most frequent values, and a box
/// would cost an allocation per node; a game module keeps its moves small instead.
pub(crate) fn is_boxed(value: &ValueType, game: &Game) -> bool {
    match value {
        ValueType::One(single) if !single.is_composed() => false,
        _ => max_bytes(value, game) > INLINE_BYTES,
    }
}

/// An upper bound of the bytes a value takes: a list is a `Vec`, a composed value the sum of its
/// parts, an alternative its largest choice plus a tag.
fn max_bytes(value: &ValueType, game: &Game) -> usize {
    match value {
        ValueType::None => 0,
        ValueType::One(single) => single.parts.iter().map(|s| scalar_bytes(*s, game)).sum(),
        ValueType::List(_) | ValueType::EList(_) => INLINE_BYTES,
        ValueType::Alt(choices) => {
            8 + choices
                .iter()
                .map(|c| max_bytes(c, game))
                .max()
                .unwrap_or(0)
        }
    }
}

/// An upper bound of the bytes a scalar takes, counting a word for each small one (numbers,
/// reals, doubles, colours, and a game module's points and stones, which are coordinates) and
/// three for text, a move, and the raw text of a game without a module.
fn scalar_bytes(scalar: Scalar, game: &Game) -> usize {
    let raw = module_name(game) == "raw";
    match scalar {
        Scalar::Number(_) | Scalar::Real | Scalar::Double | Scalar::Color => 8,
        Scalar::Point | Scalar::Stone if !raw => 8,
        Scalar::SimpleText | Scalar::Text | Scalar::Point | Scalar::Stone | Scalar::Move => 24,
    }
}

/// The `sgf-core` functions that read and write a property's values, by cardinality.
/// The `sgf_core::value` function that tells whether a typed value of this type reads back
/// under a context; `None` for a property without value, which always does.
pub(crate) fn fits_function(value: &ValueType) -> Option<TokenStream> {
    let name = match value {
        ValueType::None => return None,
        ValueType::One(_) | ValueType::Alt(_) => "fits_one",
        ValueType::List(s) if is_point_list(s) => "fits_point_list",
        ValueType::EList(s) if is_point_list(s) => "fits_point_elist",
        ValueType::List(_) => "fits_list",
        ValueType::EList(_) => "fits_elist",
    };
    let name = ident(name);
    Some(quote!(__private::#name))
}

pub(crate) fn value_functions(value: &ValueType) -> (TokenStream, TokenStream) {
    let (read, write) = match value {
        ValueType::None => ("none", "write_none"),
        ValueType::One(_) | ValueType::Alt(_) => ("one", "write_one"),
        ValueType::List(s) if is_point_list(s) => ("point_list", "write_point_list"),
        ValueType::EList(s) if is_point_list(s) => ("point_elist", "write_point_list"),
        ValueType::List(_) => ("list", "write_list"),
        ValueType::EList(_) => ("elist", "write_elist"),
    };
    let (read, write) = (ident(read), ident(write));
    (quote!(__private::#read), quote!(__private::#write))
}
