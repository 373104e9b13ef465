//! The enum of a tree of any game of the specification (`GameTree`), its `GameSet` impl that
//! dispatches generic code to the game's property type, and (inside `sgf-core`) the
//! `for_each_game!` macro that lists the games for code that must name each one.

use proc_macro2::{Ident, TokenStream};
use quote::quote;
use sgf_spec::Game;

use crate::Options;
use crate::names::{camel, enum_name, ident};
use crate::rust_type::module_name;

pub(crate) fn emit(games: &[&Game], options: &Options) -> TokenStream {
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
    let dispatch: Vec<TokenStream> = games
        .iter()
        .zip(&enums)
        .map(|(g, e)| match g.gm {
            Some(gm) => {
                let gm = proc_macro2::Literal::u32_unsuffixed(gm);
                quote!(#gm => dispatch.run::<#e>())
            }
            None => quote!(_ => dispatch.run::<#e>()),
        })
        .collect();
    let (fallback, dispatch_fallback) = if games.iter().any(|g| g.gm.is_none()) {
        (quote!(), quote!())
    } else {
        let (first, first_enum) = (&variants[0], &enums[0]);
        (
            quote!(_ => Self::#first(builder.build()),),
            quote!(_ => dispatch.run::<#first_enum>(),),
        )
    };
    let (for_each_game, dispatch_rules) = if options.is_core() {
        (
            emit_for_each_game(games, &variants, &enums),
            emit_dispatch_rules(&dispatch, &dispatch_fallback),
        )
    } else {
        (TokenStream::new(), TokenStream::new())
    };
    quote! {
        #for_each_game

        /// A game tree of any game of the specification, typed by its game.
        #[derive(Clone, Debug, PartialEq)]
        pub enum GameTree {
            #(#docs #variants(Tree<#enums>),)*
        }

        impl GameSet for GameTree {
            fn build<B: TreeBuilder>(gm: u32, builder: B) -> Self {
                match gm {
                    #(#build,)*
                    #fallback
                }
            }

            fn dispatch<D: GameDispatch>(gm: u32, dispatch: D) -> D::Output {
                match gm {
                    #(#dispatch,)*
                    #dispatch_fallback
                }
            }

            #dispatch_rules

            fn visit<V: TreeVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    #(Self::#variants(tree) => visitor.visit(tree),)*
                }
            }

            fn visit_mut<V: TreeVisitorMut>(&mut self, visitor: V) -> V::Output {
                match self {
                    #(Self::#variants(tree) => visitor.visit_mut(tree),)*
                }
            }
        }

        #(
            impl From<Tree<#enums>> for GameTree {
                fn from(tree: Tree<#enums>) -> Self {
                    Self::#variants(tree)
                }
            }
        )*
    }
}

/// `dispatch_rules`, inside `sgf-core`, whose every game has `Rules` (those not modelled have
/// a board of setup only): the arms of `dispatch`, the result in `Some`.
fn emit_dispatch_rules(arms: &[TokenStream], fallback: &TokenStream) -> TokenStream {
    quote! {
        fn dispatch_rules<D: crate::game_set::RulesDispatch>(
            gm: u32,
            dispatch: D,
        ) -> Option<D::Output> {
            Some(match gm {
                #(#arms,)*
                #fallback
            })
        }
    }
}

/// `for_each_game!(callback)` calls `callback! { (Go, GoProperty, go), ... }`: every game's
/// `GameTree` variant, property enum and module of values under `games`.
fn emit_for_each_game(games: &[&Game], variants: &[Ident], enums: &[Ident]) -> TokenStream {
    let modules = games.iter().map(|g| ident(module_name(g)));
    quote! {
        /// Calls the macro named `$callback` once, with every game of the specification as
        /// `(Variant, Property, module)`: its variant of [`GameTree`], its property enum, and
        /// its module of point, move and stone types under [`games`](crate::games) (`raw` for a
        /// game without one). Code that has to name each game (a match over every variant, a
        /// test of every game) stays complete when a game is added to the specification.
        ///
        /// ```
        /// macro_rules! names {
        ///     ($(($variant:ident, $property:ident, $module:ident)),*) => {
        ///         [$(stringify!($variant)),*]
        ///     };
        /// }
        /// let games = sgf_core::for_each_game!(names);
        /// assert_eq!(games[0], "Go");
        /// assert_eq!(games.last(), Some(&"OtherGame"));
        /// ```
        #[macro_export]
        macro_rules! for_each_game {
            ($callback:ident) => {
                $callback! { #((#variants, #enums, #modules)),* }
            };
        }
    }
}
