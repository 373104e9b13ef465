//! Static tables: each property definition once, each game's table of properties and rules,
//! the lookup of a definition by identifier, and the registry of games by `GM`.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::{Game, Property, Source};

use crate::literal;
use crate::names::{def_name, enum_name, ident, ident_bytes, static_name};

/// Every property definition of the games, once each, as constants of a private module.
pub(crate) fn emit_defs(games: &[&Game]) -> TokenStream {
    let mut seen: Vec<&Property> = Vec::new();
    for game in games {
        for p in game.properties.iter() {
            if !seen.iter().any(|s| s.ident == p.ident && s.game == p.game) {
                seen.push(p);
            }
        }
    }
    let defs = seen.iter().map(|p| {
        let name = def_name(p, games);
        let value = literal::property(p);
        quote!(pub(super) const #name: Property = #value;)
    });
    let imports = literal::model_imports();
    quote! {
        /// The property definitions, each once; the games' tables copy them.
        mod defs {
            #imports

            #(#defs)*
        }
    }
}

/// A game's table and the lookup of its definitions.
pub(crate) fn emit_game(game: &Game) -> TokenStream {
    let table = ident(&static_name(game));
    let properties = ident(&format!("{}_PROPERTIES", static_name(game)));
    let count = proc_macro2::Literal::usize_unsuffixed(game.properties.len());
    let games = [game];
    let defs = game.properties.iter().map(|p| {
        let name = def_name(p, &games);
        quote!(defs::#name)
    });
    let rules = game.rules.iter().map(literal::rule_def);
    let name = literal::text(&game.name);
    let gm = match game.gm {
        Some(gm) => {
            let gm = proc_macro2::Literal::u32_unsuffixed(gm);
            quote!(Some(#gm))
        }
        None => quote!(None),
    };
    let module = match &game.module {
        Some(module) => {
            let module = literal::text(module);
            quote!(Some(#module))
        }
        None => quote!(None),
    };
    let doc = literal::text(&game.doc);
    let plan = literal::plan(&game.plan);
    let table_doc = crate::doc::attrs(&format!(
        "The table of {}: its properties and the rules checked on its trees.",
        describe(game)
    ));
    quote! {
        pub(super) static #properties: [Property; #count] = [#(#defs),*];

        #table_doc
        pub static #table: Game = Game {
            name: #name,
            gm: #gm,
            module: #module,
            doc: #doc,
            properties: ::std::borrow::Cow::Borrowed(&#properties),
            rules: list![#(#rules),*],
            plan: #plan,
        };

    }
}

/// The lookup of a game's property definitions by identifier.
pub(crate) fn emit_lookup(game: &Game) -> TokenStream {
    let properties = ident(&format!("{}_PROPERTIES", static_name(game)));
    let enum_name = ident(&enum_name(game));
    let lookups = game.properties.iter().enumerate().map(|(i, p)| {
        let text = ident_bytes(&p.ident);
        let i = proc_macro2::Literal::usize_unsuffixed(i);
        quote!(#text => Some(&tables::#properties[#i]))
    });
    quote! {
        impl #enum_name {
            /// The definition of a property of this game, by identifier.
            pub fn definition(ident: &str) -> Option<&'static spec::Property> {
                match ident.as_bytes() {
                    #(#lookups,)*
                    _ => None,
                }
            }
        }
    }
}

fn describe(game: &Game) -> String {
    match game.gm {
        Some(gm) => format!("{} (`GM[{gm}]`)", game.name),
        None => "the games without a section of their own".to_owned(),
    }
}

/// The registry of the games' tables and the lookup by `GM`.
pub(crate) fn emit_registry(games: &[&Game]) -> TokenStream {
    let count = proc_macro2::Literal::usize_unsuffixed(games.len());
    let tables = games.iter().map(|g| ident(&static_name(g)));
    let fallback = games
        .iter()
        .find(|g| g.gm.is_none())
        .or(games.last())
        .map(|g| ident(&static_name(g)));
    let arms = games.iter().filter_map(|g| {
        let gm = g.gm?;
        let table = ident(&static_name(g));
        let gm = proc_macro2::Literal::u32_unsuffixed(gm);
        Some(quote!(#gm => &#table))
    });
    quote! {
        /// Every game's table: the games with a section, then the catch-all.
        pub static GAMES: [&Game; #count] = [#(&#tables),*];

        /// The table of the game that trees with this `GM` belong to.
        pub fn game(gm: u32) -> &'static Game {
            match gm {
                #(#arms,)*
                _ => &#fallback,
            }
        }
    }
}

/// The sources of the specification: the programs and servers that write SGF.
pub(crate) fn emit_sources(sources: &[Source]) -> TokenStream {
    let count = proc_macro2::Literal::usize_unsuffixed(sources.len());
    let sources = sources.iter().map(literal::source);
    quote! {
        /// The programs and servers that write SGF: how their files are recognised, their
        /// private properties and their quirks (`spec/sources.spec`).
        pub static SOURCES: [Source; #count] = [#(#sources),*];
    }
}
