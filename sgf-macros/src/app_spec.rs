//! `spec!`: an application's own spec, layered on the standard one and generated into
//! property enums, tables and a game set by the same generator as `sgf-core`'s.

use std::path::PathBuf;

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitStr, Token};

use crate::errors::Errors;

/// Where the spec comes from.
enum Source {
    /// `"my-app.spec"`: a file relative to the calling crate's manifest directory.
    File(LitStr),
    /// `text = "…"`: the spec itself.
    Text(LitStr),
}

impl Parse for Source {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if input.peek(Ident) {
            let key: Ident = input.parse()?;
            if key != "text" {
                return Err(syn::Error::new(
                    key.span(),
                    "expected a spec file name or `text = \"…\"`",
                ));
            }
            input.parse::<Token![=]>()?;
            return Ok(Source::Text(input.parse()?));
        }
        Ok(Source::File(input.parse()?))
    }
}

pub(crate) fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let source: Source = syn::parse2(input)?;
    let (literal, name, text, tracked) = match &source {
        Source::File(literal) => {
            let name = literal.value();
            let dir =
                std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(PathBuf::new, PathBuf::from);
            let path = dir.join(&name);
            let text = std::fs::read_to_string(&path).map_err(|error| {
                syn::Error::new(
                    literal.span(),
                    format!(
                        "cannot read the spec file `{name}` (relative to the crate's manifest \
                         directory): {error}"
                    ),
                )
            })?;
            let path = path.to_string_lossy().into_owned();
            // Rebuild when the spec changes.
            let tracked = quote!(
                const _: &[u8] = ::core::include_bytes!(#path);
            );
            (literal, name, text, tracked)
        }
        Source::Text(literal) => (literal, "inline spec".to_owned(), literal.value(), quote!()),
    };
    let ff4 = sgf_spec_data::FF4;
    let spec = sgf_spec::load(&[(ff4.name, ff4.text), (&name, &text)]).map_err(|found| {
        let mut errors = Errors::default();
        for error in found.iter() {
            errors.push(literal.span(), error);
        }
        errors
            .finish()
            .err()
            .unwrap_or_else(|| syn::Error::new(literal.span(), "the spec could not be read"))
    })?;
    let options = sgf_codegen::Options::for_dependent(
        vec![ff4.name.to_owned(), name],
        "the `sgf_macros::spec!` call",
    );
    let generated = sgf_codegen::generate_items(&spec, &options);
    Ok(quote! {
        #[allow(clippy::upper_case_acronyms, clippy::large_enum_variant)]
        mod __sgf_spec {
            #generated
        }
        pub use __sgf_spec::*;
        #tracked
    })
}
