//! Procedural macros for SGF, sharing the spec reader (`sgf-spec`) and the generator
//! (`sgf-codegen`) with `sgf-core`'s build script.
//!
//! - [`sgf!`] reads and validates an SGF literal at compile time and expands to code that
//!   builds its typed trees directly and makes them a collection (`Collection::from_trees`,
//!   which holds them as the text it writes of them): a literal with an error does not
//!   compile.
//! - [`spec!`] generates property enums, tables and a game set for an application's own
//!   properties or games, layered on the standard FF\[4\] specification.
//!
//! Errors are compile errors at the macro's input, all of them at once, with the line and
//! column inside the SGF text or the spec file.

mod app_spec;
mod errors;
mod sgf_literal;

use proc_macro::TokenStream;

/// A collection read and validated at compile time.
///
/// ```
/// let collection = sgf_macros::sgf!("(;GM[1]SZ[9];B[ee];W[cc])");
/// assert_eq!(collection.len(), 1);
/// assert_eq!(collection.game(0).len(), 3);
/// ```
///
/// A syntax error, or any error or warning of the validator (`B` and `W` in one node, a
/// point off the board), is a compile error naming the line and column inside the literal
/// and giving the run-time validator's message.
#[proc_macro]
pub fn sgf(input: TokenStream) -> TokenStream {
    sgf_literal::expand(input.into()).into()
}

/// Properties for an application's own spec, layered on the standard FF\[4\] one:
/// `spec!("my-app.spec")` reads a file relative to the calling crate's manifest directory,
/// `spec!(text = "…")` takes the spec inline. Expands to the property enums, `tables` and the
/// `GameTree` game set, like `sgf-core`'s own; call it in a module of its own.
#[proc_macro]
pub fn spec(input: TokenStream) -> TokenStream {
    app_spec::expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}
