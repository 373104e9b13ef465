//! Enums for alternative value types (`SZ`: `number | composed number ':' number`), one per
//! distinct Rust shape, shared by the games whose definitions have that shape.

use proc_macro2::{Ident, TokenStream};
use quote::quote;
use sgf_spec::{Game, Property, ValueType};

use crate::names::{camel, ident, scalar_name};
use crate::rust_type;

/// One generated enum.
struct AltEnum {
    name: Ident,
    /// The Rust types of the alternatives, as text: two definitions share an enum exactly when
    /// these agree.
    shape: String,
    variants: Vec<(Ident, Option<TokenStream>, String)>,
    property: String,
}

/// The enums of every alternative type of the games being generated.
pub(crate) struct Alts {
    enums: Vec<AltEnum>,
    /// (game name, identifier) → index in `enums`.
    uses: Vec<(String, String, usize)>,
}

/// Finds every alternative type and names its enum `SzValue`, or `GoSzValue` where another
/// definition of the same identifier has another shape.
pub(crate) fn collect(games: &[&Game]) -> Alts {
    let mut alts = Alts {
        enums: Vec::new(),
        uses: Vec::new(),
    };
    for game in games {
        for property in game.properties.iter() {
            let ValueType::Alt(choices) = &property.value else {
                continue;
            };
            let variants = variants(choices, game);
            let shape = variants
                .iter()
                .map(|(_, ty, _)| ty.as_ref().map_or(String::new(), ToString::to_string))
                .collect::<Vec<_>>()
                .join(" | ");
            let index = match alts
                .enums
                .iter()
                .position(|e| e.shape == shape && e.property == *property.ident)
            {
                Some(index) => index,
                None => {
                    let plain = format!("{}Value", camel_ident(property));
                    let taken = alts.enums.iter().any(|e| e.name == plain);
                    let name = if taken {
                        format!("{}{plain}", camel(game))
                    } else {
                        plain
                    };
                    alts.enums.push(AltEnum {
                        name: ident(&name),
                        shape,
                        variants,
                        property: property.ident.to_string(),
                    });
                    alts.enums.len() - 1
                }
            };
            alts.uses
                .push((game.name.to_string(), property.ident.to_string(), index));
        }
    }
    alts
}

/// `SZ` → `Sz`.
fn camel_ident(property: &Property) -> String {
    let mut chars = property.ident.chars();
    chars
        .next()
        .map(|c| c.to_string() + &chars.as_str().to_ascii_lowercase())
        .unwrap_or_default()
}

/// Variant name, payload type and spec type of each alternative.
fn variants(choices: &[ValueType], game: &Game) -> Vec<(Ident, Option<TokenStream>, String)> {
    let mut out: Vec<(Ident, Option<TokenStream>, String)> = Vec::new();
    for choice in choices {
        let base = match choice {
            ValueType::One(s) if s.is_composed() => "Composed",
            ValueType::One(s) => scalar_name(s.first()),
            _ => "None",
        };
        let taken = |name: &str| out.iter().any(|(v, _, _)| v == name);
        let mut name = base.to_owned();
        let mut n = 2;
        while taken(&name) {
            name = format!("{base}{n}");
            n += 1;
        }
        let payload = rust_type::payload(choice, game, None);
        out.push((ident(&name), payload, without_ranges(&choice.to_string())));
    }
    out
}

/// A value type as text without its number ranges, which differ between the games that share
/// an enum and are checked by the validator, not by reading.
fn without_ranges(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(" (range:") {
        out.push_str(&rest[..start]);
        rest = rest[start..]
            .find(')')
            .map_or("", |end| &rest[start + end + 1..]);
    }
    out.push_str(rest);
    out
}

impl Alts {
    /// The enum of a game's property with an alternative type.
    pub(crate) fn name_for(&self, game: &Game, property: &Property) -> Option<TokenStream> {
        self.uses
            .iter()
            .find(|(g, p, _)| *g == *game.name && *p == *property.ident)
            .map(|(_, _, i)| {
                let name = &self.enums[*i].name;
                quote!(#name)
            })
    }

    /// The enums and their `Value` impls.
    pub(crate) fn emit(&self) -> TokenStream {
        let enums = self.enums.iter().map(|e| {
            let name = &e.name;
            let doc = crate::doc::attrs(&format!(
                "A value of `{}`: one of {}.",
                e.property,
                e.variants
                    .iter()
                    .map(|(_, _, t)| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            let expected = e
                .variants
                .iter()
                .map(|(_, _, t)| t.as_str())
                .collect::<Vec<_>>()
                .join(" or ");
            let variants = e.variants.iter().map(|(v, ty, spec)| {
                let doc = crate::doc::attrs(&format!("`{spec}`."));
                match ty {
                    Some(ty) => quote!(#doc #v(#ty)),
                    None => quote!(#doc #v),
                }
            });
            let parse = e.variants.iter().map(|(v, ty, _)| match ty {
                Some(ty) => quote! {
                    if let Ok(v) = <#ty as value::Value>::parse_value(raw, ctx) {
                        return Ok(Self::#v(v));
                    }
                },
                None => quote! {
                    if raw.is_empty() {
                        return Ok(Self::#v);
                    }
                },
            });
            let write = e.variants.iter().map(|(v, ty, _)| match ty {
                Some(_) => quote!(Self::#v(v) => value::Value::write_value(v, out)),
                None => quote!(Self::#v => {}),
            });
            quote! {
                #doc
                #[derive(Clone, Debug, PartialEq)]
                pub enum #name { #(#variants),* }

                impl value::Value for #name {
                    fn parse_value(
                        raw: &str,
                        ctx: &value::Context,
                    ) -> Result<Self, value::ValueError> {
                        #(#parse)*
                        Err(value::ValueError::new(format!(
                            "expected {}, found {:?}", #expected, raw
                        )))
                    }

                    fn write_value(&self, out: &mut String) {
                        match self { #(#write),* }
                    }
                }
            }
        });
        quote!(#(#enums)*)
    }
}
