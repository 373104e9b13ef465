//! The enum of a tree of any game of the specification (`GameTree`), and its `GameSet` impl that
//! dispatches generic code to the game's property type.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::Game;

use crate::Options;
use crate::names::{camel, enum_name, ident};

pub(crate) fn emit(games: &[&Game], options: &Options) -> TokenStream {
    let core = &options.core;
    let variants: Vec<_> = games.iter().map(|g| ident(&camel(g))).collect();
    let enums: Vec<_> = games.iter().map(|g| ident(&enum_name(g))).collect();
    let docs = games.iter().map(|g| {
        let doc = match g.gm {
            Some(gm) => format!(" A tree of {} (`GM[{gm}]`).", g.name),
            None => " A tree of a game without a section of its own.".to_owned(),
        };
        quote!(#[doc = #doc])
    });
    let build = games.iter().zip(&variants).map(|(g, v)| match g.gm {
        Some(gm) => {
            let gm = proc_macro2::Literal::u32_unsuffixed(gm);
            quote!(#gm => Self::#v(builder.build()))
        }
        None => quote!(_ => Self::#v(builder.build())),
    });
    let fallback = if games.iter().any(|g| g.gm.is_none()) {
        quote!()
    } else {
        let first = &variants[0];
        quote!(_ => Self::#first(builder.build()),)
    };
    quote! {
        /// A game tree of any game of the specification, typed by its game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum GameTree {
            #(#docs #variants(#core::Tree<#enums>),)*
        }

        impl #core::GameSet for GameTree {
            fn build<B: #core::TreeBuilder>(gm: u32, builder: B) -> Self {
                match gm {
                    #(#build,)*
                    #fallback
                }
            }

            fn visit<V: #core::TreeVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    #(Self::#variants(tree) => visitor.visit(tree),)*
                }
            }

            fn visit_mut<V: #core::TreeVisitorMut>(&mut self, visitor: V) -> V::Output {
                match self {
                    #(Self::#variants(tree) => visitor.visit_mut(tree),)*
                }
            }
        }

        #(
            impl ::std::convert::From<#core::Tree<#enums>> for GameTree {
                fn from(tree: #core::Tree<#enums>) -> Self {
                    Self::#variants(tree)
                }
            }
        )*
    }
}
