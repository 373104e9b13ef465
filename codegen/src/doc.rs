//! Doc comments of generated items: one `///` line per line of text.

use proc_macro2::TokenStream;
use quote::quote;

/// `#[doc]` attributes for a text, one per line, each with a leading space as `///` has.
pub(crate) fn attrs(text: &str) -> TokenStream {
    let lines = text.lines().map(|line| {
        let line = if line.is_empty() {
            String::new()
        } else {
            format!(" {line}")
        };
        quote!(#[doc = #line])
    });
    quote!(#(#lines)*)
}
