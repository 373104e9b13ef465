//! `sgf!`: an SGF literal read and validated at compile time, expanded to the code that
//! builds its collection from its typed trees.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_core::ReadOptions;
use sgf_core::finding::{Finding, Severity};
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
                ::sgf_core::Collection::<::sgf_core::GameTree>::new()
            })
        }
    }
}

/// The code building the literal's collection, or every error and warning found in it. The
/// literal is read once: what reading found and what validation found are reported together.
fn collection(literal: &LitStr) -> syn::Result<TokenStream> {
    let text = literal.value();
    let read = sgf_core::read(text.as_bytes(), &ReadOptions::default());
    let findings = match &read {
        Ok(collection) => sgf_core::validate::validate(collection).findings,
        Err(error) => error.findings.clone(),
    };
    let mut errors = Errors::default();
    for finding in findings.iter().filter(|f| f.severity >= Severity::Warning) {
        errors.push(literal.span(), message(finding));
    }
    errors.finish()?;
    let collection = read.map_err(|error| syn::Error::new(literal.span(), error.to_string()))?;
    let expr: TokenStream = to_rust(&collection)
        .parse()
        .map_err(|error| syn::Error::new(literal.span(), format!("sgf!: {error}")))?;
    // The expression is generic over the set of games; the literal's are the standard ones.
    Ok(quote!({
        let collection: ::sgf_core::Collection<::sgf_core::GameTree> = #expr;
        collection
    }))
}

/// A finding as a compile error says it: its line and column inside the literal, its
/// severity, code and message, and the place it relates to.
fn message(finding: &Finding) -> String {
    let place = |span: sgf_core::finding::Span| format!("line {}, column {}", span.line, span.col);
    let at = finding
        .location
        .span
        .map(|s| format!("{}: ", place(s)))
        .unwrap_or_default();
    let see = finding
        .related
        .as_ref()
        .and_then(|r| r.span)
        .map(|s| format!(" (see {})", place(s)))
        .unwrap_or_default();
    format!(
        "{at}{}[{}]: {}{see}",
        finding.severity, finding.code, finding.message
    )
}
