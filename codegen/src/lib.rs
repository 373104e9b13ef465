//! The generator: turns a resolved specification into Rust source for `sgf-core` (or for an
//! application's own properties).
//!
//! It reads as its pipeline: [`sgf_spec::load`] reads and resolves the spec files; [`generate`]
//! emits per game a property enum (`emit_enum`), its conversions between raw and typed
//! values (`emit_convert`), and its static table of properties and rules (`emit_table`),
//! plus the value enums of alternative types (`emit_alt`) and the enum of a tree of any game
//! (`emit_game_set`); the property and value enums get `ToRust` impls that write the Rust
//! expression building a value (`emit_rust`, for `sgf-core` only); the tokens are formatted with
//! `prettyplease` and a header naming the spec and the command is put on top.

mod doc;
mod emit_alt;
mod emit_convert;
mod emit_enum;
mod emit_game_set;
mod emit_rust;
mod emit_table;
mod literal;
mod names;
mod rust_type;

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::{Game, Source, Spec};

pub use names::{enum_name, static_name};

/// How the generated code refers to the world around it.
#[derive(Clone, Debug)]
pub struct Options {
    /// The path of `sgf-core` as seen from the generated code: `crate` inside `sgf-core`,
    /// `::sgf_core` elsewhere.
    pub core: TokenStream,
    /// The spec files the code was generated from, named in the header.
    pub sources: Vec<String>,
    /// The command that regenerates the code, named in the header.
    pub command: String,
    /// The absolute path the generated enums are reached by from any crate (`::sgf_core`), or
    /// `None` for code whose enums have no such path. With a path, the enums implement
    /// `sgf_core::rust_expr::ToRust`, writing expressions that name them by it.
    pub rust_path: Option<String>,
}

/// How the code inside `sgf-core` is regenerated, as its header says.
const CORE_COMMAND: &str = "cargo build -p sgf-core (this build script); read it with \
                            `cargo run -p sgf-codegen -- print all`";

impl Options {
    /// The options for code placed inside `sgf-core`, with its native game modules.
    pub fn for_core(sources: Vec<String>) -> Self {
        Options {
            core: quote!(crate),
            sources,
            command: CORE_COMMAND.to_owned(),
            rust_path: Some("::sgf_core::property".to_owned()),
        }
    }

    /// Whether the code is placed inside `sgf-core`.
    pub fn is_core(&self) -> bool {
        self.core.to_string() == "crate"
    }

    /// The options for code outside `sgf-core`, whose games read their values with the modules
    /// of `sgf-core` their sections name.
    pub fn for_dependent(sources: Vec<String>, command: &str) -> Self {
        Options {
            core: quote!(::sgf_core),
            command: command.to_owned(),
            rust_path: None,
            ..Self::for_core(sources)
        }
    }
}

/// Checks that the game modules of `sgf-core` (the files of `src/games/`, by name without
/// `.rs`, besides `mod` and `raw`) are exactly those the spec's game sections name with
/// `Module:`: the spec is the one registry of games. Returns a message per mismatch.
pub fn check_modules(spec: &Spec, files: &[String]) -> Result<(), Vec<String>> {
    let named: Vec<&str> = spec
        .games
        .iter()
        .filter_map(|g| g.module.as_deref())
        .collect();
    let mut errors: Vec<String> = named
        .iter()
        .filter(|m| !files.iter().any(|f| f == *m))
        .map(|m| format!("the spec names module `{m}`, but there is no `src/games/{m}.rs`"))
        .collect();
    errors.extend(
        files
            .iter()
            .filter(|f| !["mod", "raw"].contains(&f.as_str()) && !named.contains(&f.as_str()))
            .map(|f| {
                format!(
                    "`src/games/{f}.rs` is named by no game section; add `Module:\t{f}` to \
                     its game's section of the spec"
                )
            }),
    );
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Generates the Rust source for every game of the specification.
pub fn generate(spec: &Spec, options: &Options) -> String {
    let games: Vec<&Game> = spec.games.iter().collect();
    format_source(generate_tokens(&games, &spec.sources, options), options)
}

/// Generates the Rust source for one game only, for reading (`sgf-codegen print go`). The
/// shared property definitions and value enums it refers to are included; the sources are
/// not (their table is empty).
pub fn generate_game(game: &Game, options: &Options) -> String {
    format_source(generate_tokens(&[game], &[], options), options)
}

/// The items generated for every game of the specification, unformatted: what a proc macro
/// expands to.
pub fn generate_items(spec: &Spec, options: &Options) -> TokenStream {
    let games: Vec<&Game> = spec.games.iter().collect();
    generate_tokens(&games, &spec.sources, options)
}

fn generate_tokens(games: &[&Game], sources: &[Source], options: &Options) -> TokenStream {
    let core = &options.core;
    let alts = emit_alt::collect(games);
    let alt_enums = alts.emit();
    let alt_to_rust = emit_rust::emit(&alt_enums, options);
    let enums = games.iter().map(|game| {
        let enum_tokens = emit_enum::emit(game, &alts);
        let convert = emit_convert::emit(game);
        let to_rust = emit_rust::emit(&enum_tokens, options);
        let lookup = emit_table::emit_lookup(game);
        quote! { #enum_tokens #convert #to_rust #lookup }
    });
    let game_set = emit_game_set::emit(games, options);
    let game_set_to_rust = emit_rust::emit(&game_set, options);
    let defs = emit_table::emit_defs(games);
    let tables = games.iter().map(|game| emit_table::emit_game(game));
    let registry = emit_table::emit_registry(games);
    let sources = emit_table::emit_sources(sources);
    let imports = literal::model_imports();
    quote! {
        #[allow(unused_imports)]
        use #core::{
            __private, games, spec, value,
            game_set::{GameDispatch, GameSet, TreeBuilder, TreeVisitor, TreeVisitorMut},
            property::{GameProperty, RawProperty, Verbatim},
            Tree,
        };

        #alt_enums
        #alt_to_rust
        #(#enums)*
        #game_set
        #game_set_to_rust

        /// The static tables of the games: properties, value and property types, rules.
        pub mod tables {
            use super::spec;
            #imports

            #defs
            #(#tables)*
            #registry
            #sources
        }
    }
}

fn format_source(tokens: TokenStream, options: &Options) -> String {
    let file: syn::File = syn::parse2(tokens).expect("the generator emits valid Rust items");
    let sources = options.sources.join(", ");
    format!(
        "// @generated by sgf-codegen from {sources}. Do not edit: edit the spec instead.\n\
         // Regenerate with: {}\n\n{}",
        options.command,
        prettyplease::unparse(&file)
    )
}
