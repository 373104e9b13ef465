//! A game's property enum: one variant per identifier carrying its typed value, documented from
//! the spec, plus `Unknown` and `Invalid` variants that keep raw values verbatim.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::{Game, Property};

use crate::emit_alt::Alts;
use crate::names::{enum_name, ident};
use crate::rust_type;

pub(crate) fn emit(game: &Game, alts: &Alts) -> TokenStream {
    let name = ident(&enum_name(game));
    let doc = crate::doc::attrs(&enum_doc(game));
    let variants = game.properties.iter().map(|p| {
        let variant = ident(&p.ident);
        let doc = crate::doc::attrs(&variant_doc(p));
        match rust_type::payload(&p.value, game, alts.name_for(game, p)) {
            Some(ty) if rust_type::is_boxed(&p.value, game) => {
                quote!(#doc #variant(Box<#ty>))
            }
            Some(ty) => quote!(#doc #variant(#ty)),
            None => quote!(#doc #variant),
        }
    });
    quote! {
        #doc
        #[derive(Clone, Debug, PartialEq)]
        #[non_exhaustive]
        pub enum #name {
            #(#variants,)*
            /// A property this game does not define (a private property, or one of another
            /// format), kept verbatim.
            Unknown(Box<RawProperty>),
            /// A property of this game whose values do not fit its value type, kept verbatim.
            Invalid(Box<RawProperty>),
        }
    }
}

fn enum_doc(game: &Game) -> String {
    let mut doc = match game.gm {
        Some(gm) => format!("The properties of {} (`GM[{gm}]`) game trees.", game.name),
        None => "The properties of game trees of every game without a section of its own in the \
                 specification (Othello, chess, …): the general properties, with points, moves \
                 and stones kept as raw text."
            .to_owned(),
    };
    if !game.doc.is_empty() && game.gm.is_some() {
        doc.push_str("\n\n");
        doc.push_str(&game.doc);
    }
    doc.push_str(
        "\n\nValues that may take more than three words are boxed: `Unknown`, `Invalid`, and\n\
         composed values holding text such as `AP`. A property then takes 32 bytes (more in a\n\
         game whose moves are larger); a match binds the box, which derefs to the value.",
    );
    doc
}

fn variant_doc(p: &Property) -> String {
    let title = match &p.name {
        Some(name) => {
            let mut chars = name.chars();
            let first = chars
                .next()
                .map(|c| c.to_uppercase().collect::<String>())
                .unwrap_or_default();
            format!("{first}{} (`{}`).", chars.as_str(), p.ident)
        }
        None => format!("`{}`.", p.ident),
    };
    format!(
        "{title}\n\n{}\n\nValue `{}`, property type `{}`; defined at {}.",
        p.doc,
        p.value,
        p.kind.keyword(),
        p.defined_at
    )
}
