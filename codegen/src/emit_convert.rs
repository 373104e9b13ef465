//! Conversions of a game's property enum: raw values to typed variants and back, through the
//! `GameProperty` trait of `sgf-core`. Each method of the impl is made by a function of its own.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use sgf_spec::{Game, Property, Scalar, ValueType};

use crate::names::{enum_name, ident, ident_bytes, static_name};
use crate::rust_type;

pub(crate) fn emit(game: &Game) -> TokenStream {
    let name = ident(&enum_name(game));
    let table = ident(&static_name(game));
    let module = rust_type::game_module(game);
    let parse = parse(game);
    let parse_short = parse_short(game);
    let write_values = write_values(game);
    let point_lists = point_lists(game);
    let identifier = identifier(game);
    let fits = fits(game);
    let definition_index = definition_index(game);
    quote! {
        impl GameProperty for #name {
            const DEFAULT_SIZE: (u32, u32) = #module::DEFAULT_SIZE;

            type Point = #module::Point;
            type Stone = #module::Stone;
            type Move = #module::Move;

            fn game() -> &'static spec::Game {
                &tables::#table
            }

            #parse

            #parse_short

            fn invalid(raw: RawProperty) -> Self {
                Self::Invalid(Box::new(raw))
            }

            fn verbatim(&self) -> Option<(Verbatim, &RawProperty)> {
                match self {
                    Self::Unknown(raw) => Some((Verbatim::Unknown, &**raw)),
                    Self::Invalid(raw) => Some((Verbatim::Invalid, &**raw)),
                    _ => None,
                }
            }

            #write_values

            #point_lists

            #identifier

            #fits

            #definition_index
        }
    }
}

/// The pattern of a property's variant: `Self::B(binding)`, or `Self::KO` for a property
/// without a value.
fn variant(property: &Property, binding: TokenStream) -> TokenStream {
    let variant = ident(&property.ident);
    if property.value == ValueType::None {
        quote!(Self::#variant)
    } else {
        quote!(Self::#variant(#binding))
    }
}

/// `parse`: an identifier and raw values to a variant, or `Unknown`.
fn parse(game: &Game) -> TokenStream {
    let arms = game.properties.iter().map(|p| {
        let text = ident_bytes(&p.ident);
        let (read_fn, _) = rust_type::value_functions(&p.value);
        let variant = ident(&p.ident);
        if p.value == ValueType::None {
            quote!(#text => #read_fn(values).map(|()| Self::#variant))
        } else {
            quote!(#text => #read_fn(values, ctx).map(Self::#variant))
        }
    });
    quote! {
        fn parse<S: value::RawValue>(
            ident: &str,
            values: &[S],
            ctx: &value::Context,
        ) -> Result<Self, value::ValueError> {
            match ident.as_bytes() {
                #(#arms,)*
                _ => Ok(Self::Unknown(Box::new(RawProperty::new(
                    ident,
                    values.iter().map(|v| v.as_ref()),
                )))),
            }
        }
    }
}

/// `parse_short`: the properties of one letter and one move or point (`B`, `W`), each read by
/// its value type's `parse_short`; the trait's default for a game without them.
fn parse_short(game: &Game) -> TokenStream {
    let arms: Vec<TokenStream> = game
        .properties
        .iter()
        .filter(|p| {
            p.ident.len() == 1
                && matches!(&p.value, ValueType::One(single)
                    if matches!(&single.parts[..], [Scalar::Move | Scalar::Point | Scalar::Stone]))
        })
        .map(|p| {
            let letter = Literal::byte_character(p.ident.as_bytes()[0]);
            let variant = ident(&p.ident);
            quote!(#letter => value::Value::parse_short(value, ctx).map(Self::#variant))
        })
        .collect();
    if arms.is_empty() {
        return TokenStream::new();
    }
    quote! {
        #[inline(always)]
        fn parse_short(ident: u8, value: [u8; 2], ctx: &value::Context) -> Option<Self> {
            match ident {
                #(#arms,)*
                _ => None,
            }
        }
    }
}

/// `write_values`: each variant's values as raw text.
fn write_values(game: &Game) -> TokenStream {
    let arms = game.properties.iter().map(|p| {
        let (_, write_fn) = rust_type::value_functions(&p.value);
        let pattern = variant(p, quote!(value));
        if p.value == ValueType::None {
            quote!(#pattern => #write_fn(out))
        } else {
            quote!(#pattern => #write_fn(value, out))
        }
    });
    quote! {
        fn write_values<S: value::ValueSink>(&self, out: &mut S) {
            match self {
                #(#arms,)*
                Self::Unknown(raw) | Self::Invalid(raw) => __private::write_raw(&raw.values, out),
            }
        }
    }
}

/// `holds_point_list` and `restyle_point_lists`, over the properties whose values are point
/// lists.
fn point_lists(game: &Game) -> TokenStream {
    let lists: Vec<proc_macro2::Ident> = game
        .properties
        .iter()
        .filter(|p| rust_type::holds_point_list(&p.value))
        .map(|p| ident(&p.ident))
        .collect();
    let holds_point_list = if lists.is_empty() {
        quote!(false)
    } else {
        quote!(matches!(self, #(Self::#lists(_))|*))
    };
    quote! {
        fn holds_point_list(&self) -> bool {
            #holds_point_list
        }

        fn restyle_point_lists(&mut self, style: value::ListStyle) {
            match self {
                #(Self::#lists(list) => list.restyle(style),)*
                _ => {}
            }
        }

        fn grid_list(&self) -> Option<&dyn value::GridList> {
            match self {
                #(Self::#lists(list) => Some(list),)*
                _ => None,
            }
        }
    }
}

/// `ident`: the identifier of each variant.
fn identifier(game: &Game) -> TokenStream {
    let arms = game.properties.iter().map(|p| {
        let text = p.ident.as_ref();
        let pattern = variant(p, quote!(_));
        quote!(#pattern => #text)
    });
    quote! {
        #[inline]
        fn ident(&self) -> &str {
            match self {
                #(#arms,)*
                Self::Unknown(raw) | Self::Invalid(raw) => &raw.ident,
            }
        }
    }
}

/// `fits`: whether each variant's values read back under a context, from the typed values.
fn fits(game: &Game) -> TokenStream {
    let arms = game.properties.iter().map(|p| {
        let variant = ident(&p.ident);
        match rust_type::fits_function(&p.value) {
            Some(fits_fn) => quote!(Self::#variant(value) => #fits_fn(value, ctx)),
            None => quote!(Self::#variant => true),
        }
    });
    quote! {
        fn fits(&self, ctx: &value::Context) -> bool {
            match self {
                #(#arms,)*
                Self::Unknown(_) => true,
                Self::Invalid(raw) => Self::parse(&raw.ident, &raw.values, ctx).is_ok(),
            }
        }
    }
}

/// `definition_index`: each variant's place in the table, and an identifier's for the
/// properties kept verbatim.
fn definition_index(game: &Game) -> TokenStream {
    let indexed = game.properties.iter().enumerate().map(|(i, p)| {
        let i = Literal::usize_unsuffixed(i);
        let pattern = variant(p, quote!(_));
        let text = ident_bytes(&p.ident);
        (quote!(#pattern => Some(#i)), quote!(#text => Some(#i)))
    });
    let (variants, lookups): (Vec<_>, Vec<_>) = indexed.unzip();
    let plays = game.properties.iter().map(|p| p.plays());
    quote! {
        fn definition_index(&self) -> Option<usize> {
            match self {
                #(#variants,)*
                Self::Unknown(raw) | Self::Invalid(raw) => Self::definition_of(&raw.ident),
            }
        }

        fn definition_of(ident: &str) -> Option<usize> {
            match ident.as_bytes() {
                #(#lookups,)*
                _ => None,
            }
        }

        fn plays_at(index: usize) -> bool {
            const PLAYS: &[bool] = &[#(#plays),*];
            PLAYS.get(index).copied().unwrap_or(false)
        }
    }
}
