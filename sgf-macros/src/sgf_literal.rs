//! `sgf!`: an SGF literal read and validated at compile time, expanded to the code that
//! builds its typed collection.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_core::finding::Severity;
use sgf_core::rust_expr::to_rust;
use syn::LitStr;

use crate::errors::Errors;

pub(crate) fn expand(input: TokenStream) -> TokenStream {
    let literal: LitStr = match syn::parse2(input) {
        Ok(literal) => literal,
        Err(error) => return error.into_compile_error(),
    };
    match collection(&literal) {
        Ok(code) => code,
        // Every error, then a value of the right type, so that no error follows from them.
        Err(error) => {
            let errors = error.into_compile_error();
            quote!({
                #errors
                ::sgf_core::Collection::<::sgf_core::GameTree>::new(::std::vec::Vec::new())
            })
        }
    }
}

/// The code building the literal's collection, or every error and warning found in it.
fn collection(literal: &LitStr) -> syn::Result<TokenStream> {
    let text = literal.value();
    let mut errors = Errors::default();
    for finding in sgf_core::validate::check(text.as_bytes()).findings {
        if finding.severity < Severity::Warning {
            continue;
        }
        let place =
            |span: sgf_core::finding::Span| format!("line {}, column {}", span.line, span.col);
        let at = finding
            .location
            .span
            .map(|s| format!("{}: ", place(s)))
            .unwrap_or_default();
        let see = finding
            .related
            .and_then(|r| r.span)
            .map(|s| format!(" (see {})", place(s)))
            .unwrap_or_default();
        errors.push(
            literal.span(),
            format!(
                "{at}{}[{}]: {}{see}",
                finding.severity, finding.code, finding.message
            ),
        );
    }
    errors.finish()?;
    let parsed = sgf_core::parse_str(&text)
        .map_err(|error| syn::Error::new(literal.span(), error.to_string()))?;
    to_rust(&parsed.collection)
        .parse()
        .map_err(|error| syn::Error::new(literal.span(), format!("sgf!: {error}")))
}
