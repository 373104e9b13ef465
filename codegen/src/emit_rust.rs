//! `ToRust` impls of the generated enums (property enums and alternative value enums), which
//! write the Rust expression that builds a value, for `sgf-macros` to expand SGF literals at
//! compile time. Emitted only when [`Options::rust_path`] says where the enums are, and in
//! `sgf-core` behind its `rust-expr` feature.
//!
//! The impls are derived from the emitted enum items themselves, as a derive macro would, so
//! that they follow every variant the other emitters generate and cannot drift from them.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{Fields, Item, ItemEnum};

use crate::Options;

/// The `ToRust` impl of every enum among `items` (the output of another emitter); nothing when
/// the options give no path for the generated enums.
pub(crate) fn emit(items: &TokenStream, options: &Options) -> TokenStream {
    let Some(rust_path) = &options.rust_path else {
        return TokenStream::new();
    };
    let file: syn::File =
        syn::parse2(items.clone()).expect("the other emitters emit valid Rust items");
    let impls = file.items.iter().filter_map(|item| match item {
        Item::Enum(item) => Some(emit_enum(item, rust_path, options)),
        _ => None,
    });
    quote!(#(#impls)*)
}

/// The impl for one enum: each variant writes its absolute path and its fields' expressions.
fn emit_enum(item: &ItemEnum, rust_path: &str, options: &Options) -> TokenStream {
    let core = &options.core;
    let name = &item.ident;
    let (mut calls, mut structs) = (false, false);
    let arms: Vec<_> = item
        .variants
        .iter()
        .map(|variant| {
            let v = &variant.ident;
            let path = format!("{rust_path}::{name}::{v}");
            match &variant.fields {
                Fields::Unit => quote!(Self::#v => out.push_str(#path)),
                Fields::Unnamed(fields) => {
                    calls = true;
                    let bindings: Vec<_> = match fields.unnamed.len() {
                        1 => vec![format_ident!("v")],
                        n => (0..n).map(|i| format_ident!("v{i}")).collect(),
                    };
                    quote!(Self::#v(#(#bindings),*) => write_call(#path, &[#(#bindings),*], out))
                }
                Fields::Named(fields) => {
                    structs = true;
                    let names: Vec<_> = fields
                        .named
                        .iter()
                        .filter_map(|f| f.ident.as_ref())
                        .collect();
                    let texts = names.iter().map(ToString::to_string);
                    // Bound to other names, so that a field cannot shadow `out`.
                    let bindings: Vec<_> =
                        (0..names.len()).map(|i| format_ident!("v{i}")).collect();
                    quote! {
                        Self::#v { #(#names: #bindings),* } => write_struct(
                            #path,
                            &[#((#texts, #bindings as &dyn #core::rust_expr::ToRust)),*],
                            out,
                        )
                    }
                }
            }
        })
        .collect();
    let helpers: Vec<_> = [(calls, "write_call"), (structs, "write_struct")]
        .into_iter()
        .filter(|(used, _)| *used)
        .map(|(_, helper)| format_ident!("{helper}"))
        .collect();
    let imports = if helpers.is_empty() {
        TokenStream::new()
    } else {
        quote!(use #core::rust_expr::{#(#helpers),*};)
    };
    // Inside sgf-core, the module is there only for the crates that enable it (sgf-macros).
    let gate = if options.is_core() {
        quote!(#[cfg(feature = "rust-expr")])
    } else {
        TokenStream::new()
    };
    quote! {
        #gate
        impl #core::rust_expr::ToRust for #name {
            fn to_rust(&self, out: &mut String) {
                #imports
                match self {
                    #(#arms,)*
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(rust_path: Option<&str>) -> Options {
        Options {
            rust_path: rust_path.map(str::to_owned),
            ..Options::for_core(Vec::new())
        }
    }

    fn squeezed(tokens: &TokenStream) -> String {
        tokens.to_string().split_whitespace().collect()
    }

    #[test]
    fn every_variant_shape_writes_its_path_and_fields() {
        let items = quote! {
            pub enum E { Unit, One(u8), Two(u8, bool), Named { out: u8, b: bool } }
            pub struct NotAnEnum;
        };
        let expected = quote! {
            #[cfg(feature = "rust-expr")]
            impl crate::rust_expr::ToRust for E {
                fn to_rust(&self, out: &mut String) {
                    use crate::rust_expr::{write_call, write_struct};
                    match self {
                        Self::Unit => out.push_str("::x::E::Unit"),
                        Self::One(v) => write_call("::x::E::One", &[v], out),
                        Self::Two(v0, v1) => write_call("::x::E::Two", &[v0, v1], out),
                        Self::Named { out: v0, b: v1 } => write_struct(
                            "::x::E::Named",
                            &[
                                ("out", v0 as &dyn crate::rust_expr::ToRust),
                                ("b", v1 as &dyn crate::rust_expr::ToRust)
                            ],
                            out,
                        ),
                    }
                }
            }
        };
        let emitted = emit(&items, &options(Some("::x")));
        assert_eq!(squeezed(&emitted), squeezed(&expected));
    }

    #[test]
    fn enums_of_unit_variants_import_nothing() {
        let emitted = emit(
            &quote!(
                enum U {
                    A,
                }
            ),
            &options(Some("::x")),
        );
        assert!(!emitted.to_string().contains("use"), "{emitted}");
    }

    #[test]
    fn nothing_is_emitted_without_a_path() {
        assert!(
            emit(
                &quote!(
                    enum E {
                        A,
                    }
                ),
                &options(None)
            )
            .is_empty()
        );
    }
}
