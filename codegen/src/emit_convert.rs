//! Conversions of a game's property enum: raw values to typed variants and back, through the
//! `GameProperty` trait of `sgf-core`.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::{Game, ValueType};

use crate::Options;
use crate::names::{enum_name, ident, static_name};
use crate::rust_type;

pub(crate) fn emit(game: &Game, options: &Options) -> TokenStream {
    let core = &options.core;
    let name = ident(&enum_name(game));
    let table = ident(&static_name(game));
    let mut parse = Vec::new();
    let mut write = Vec::new();
    let mut idents = Vec::new();
    let mut restyle = Vec::new();
    let mut lists = Vec::new();
    let mut indexes = Vec::new();
    let mut lookups = Vec::new();
    let mut fits = Vec::new();
    for (i, p) in game.properties.iter().enumerate() {
        let i = proc_macro2::Literal::usize_unsuffixed(i);
        let variant = ident(&p.ident);
        let text = p.ident.as_ref();
        lookups.push(quote!(#text => Some(#i)));
        let (read_fn, write_fn) = rust_type::value_functions(&p.value, options);
        fits.push(match rust_type::fits_function(&p.value, options) {
            Some(fits_fn) => quote!(Self::#variant(value) => #fits_fn(value, ctx)),
            None => quote!(Self::#variant => true),
        });
        if rust_type::holds_point_list(&p.value) {
            restyle.push(quote!(Self::#variant(list) => list.restyle(style)));
            lists.push(quote!(Self::#variant(_)));
        }
        if p.value == ValueType::None {
            parse.push(quote!(#text => #read_fn(values).map(|()| Self::#variant)));
            write.push(quote!(Self::#variant => #write_fn(out)));
            idents.push(quote!(Self::#variant => #text));
            indexes.push(quote!(Self::#variant => Some(#i)));
        } else {
            parse.push(quote!(#text => #read_fn(values, ctx).map(Self::#variant)));
            write.push(quote!(Self::#variant(value) => #write_fn(value, out)));
            idents.push(quote!(Self::#variant(_) => #text));
            indexes.push(quote!(Self::#variant(_) => Some(#i)));
        }
    }
    let module = rust_type::game_module(game, options);
    let holds_point_list = if lists.is_empty() {
        quote!(false)
    } else {
        quote!(matches!(self, #(#lists)|*))
    };
    quote! {
        impl #core::GameProperty for #name {
            const DEFAULT_SIZE: (u32, u32) = #module::DEFAULT_SIZE;

            fn game() -> &'static spec::Game {
                &tables::#table
            }

            fn parse<S: ::std::convert::AsRef<str>>(
                ident: &str,
                values: &[S],
                ctx: &#core::value::Context,
            ) -> ::std::result::Result<Self, #core::value::ValueError> {
                match ident {
                    #(#parse,)*
                    _ => Ok(Self::Unknown(::std::boxed::Box::new(#core::RawProperty::new(
                        ident,
                        values.iter().map(|v| v.as_ref()),
                    )))),
                }
            }

            fn invalid(raw: #core::RawProperty) -> Self {
                Self::Invalid(::std::boxed::Box::new(raw))
            }

            fn verbatim(&self) -> ::std::option::Option<(#core::Verbatim, &#core::RawProperty)> {
                match self {
                    Self::Unknown(raw) => Some((#core::Verbatim::Unknown, &**raw)),
                    Self::Invalid(raw) => Some((#core::Verbatim::Invalid, &**raw)),
                    _ => None,
                }
            }

            fn write_values<S: #core::value::ValueSink>(&self, out: &mut S) {
                match self {
                    #(#write,)*
                    Self::Unknown(raw) | Self::Invalid(raw) => #core::value::write_raw(&raw.values, out),
                }
            }

            fn holds_point_list(&self) -> bool {
                #holds_point_list
            }

            fn restyle_point_lists(&mut self, style: #core::value::ListStyle) {
                match self {
                    #(#restyle,)*
                    _ => {}
                }
            }

            #[inline]
            fn ident(&self) -> &str {
                match self {
                    #(#idents,)*
                    Self::Unknown(raw) | Self::Invalid(raw) => &raw.ident,
                }
            }

            fn fits(&self, ctx: &#core::value::Context) -> bool {
                match self {
                    #(#fits,)*
                    Self::Unknown(_) => true,
                    Self::Invalid(raw) => Self::parse(&raw.ident, &raw.values, ctx).is_ok(),
                }
            }

            fn definition_index(&self) -> ::std::option::Option<usize> {
                match self {
                    #(#indexes,)*
                    Self::Unknown(raw) | Self::Invalid(raw) => match raw.ident.as_str() {
                        #(#lookups,)*
                        _ => None,
                    },
                }
            }
        }
    }
}
