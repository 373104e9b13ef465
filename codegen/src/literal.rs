//! Model values as Rust expressions, for the static tables: a `Property` of the spec becomes
//! the `Property { .. }` literal that rebuilds it, borrowed (`text!("B")`, `list![..]`). The
//! model's names are imported where the literals stand ([`model_imports`]).

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::plan::{Plan, Trigger};
use sgf_spec::{
    Location, Measure, Property, PropertyType, Quirk, Recognition, Rewrite, Rule, RuleDef, Scalar,
    Single, Source, Str, ValueType,
};

/// The `use` lines of a module holding literals, its parent importing the model as `spec`.
pub(crate) fn model_imports() -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use super::spec::plan::{Plan, Trigger};
        #[allow(unused_imports)]
        use super::spec::{
            Analysis, Game, Location, Measure, Property, PropertyType, Quirk, Range, Recognition,
            Rewrite, Rule, RuleDef, Scalar, Single, Source, ValueType, list, text,
        };
    }
}

/// A string of the model.
pub(crate) fn text(s: &str) -> TokenStream {
    quote!(text!(#s))
}

fn strs(list: &[Str]) -> TokenStream {
    let items = list.iter().map(|s| text(s));
    quote!(list![#(#items),*])
}

fn location(at: &Location) -> TokenStream {
    let file = text(&at.file);
    let line = proc_macro2::Literal::u32_unsuffixed(at.line);
    let col = proc_macro2::Literal::u32_unsuffixed(at.col);
    quote!(Location { file: #file, line: #line, col: #col })
}

pub(crate) fn property_type(kind: PropertyType) -> TokenStream {
    let variant = crate::names::ident(match kind {
        PropertyType::Move => "Move",
        PropertyType::Setup => "Setup",
        PropertyType::Root => "Root",
        PropertyType::GameInfo => "GameInfo",
        PropertyType::Inherit => "Inherit",
        PropertyType::None => "None",
    });
    quote!(PropertyType::#variant)
}

fn scalar(scalar: Scalar) -> TokenStream {
    match scalar {
        Scalar::Number(None) => quote!(Scalar::Number(None)),
        Scalar::Number(Some(range)) => {
            let min = proc_macro2::Literal::i64_unsuffixed(range.min);
            let max = match range.max {
                Some(max) => {
                    let max = proc_macro2::Literal::i64_unsuffixed(max);
                    quote!(Some(#max))
                }
                None => quote!(None),
            };
            quote!(Scalar::Number(Some(Range { min: #min, max: #max })))
        }
        other => {
            let variant = crate::names::ident(crate::names::scalar_name(other));
            quote!(Scalar::#variant)
        }
    }
}

fn single(single: &Single) -> TokenStream {
    let parts = single.parts.iter().map(|s| scalar(*s));
    quote!(Single {
        parts: list![#(#parts),*]
    })
}

fn value_type(value: &ValueType) -> TokenStream {
    match value {
        ValueType::None => quote!(ValueType::None),
        ValueType::One(s) => {
            let s = single(s);
            quote!(ValueType::One(#s))
        }
        ValueType::List(s) => {
            let s = single(s);
            quote!(ValueType::List(#s))
        }
        ValueType::EList(s) => {
            let s = single(s);
            quote!(ValueType::EList(#s))
        }
        ValueType::Alt(alts) => {
            let alts = alts.iter().map(value_type);
            quote!(ValueType::Alt(list![#(#alts),*]))
        }
    }
}

pub(crate) fn property(p: &Property) -> TokenStream {
    let ident = text(&p.ident);
    let name = match &p.name {
        Some(name) => {
            let name = text(name);
            quote!(Some(#name))
        }
        None => quote!(None),
    };
    let value = value_type(&p.value);
    let kind = property_type(p.kind);
    let group = text(&p.group);
    let game = match p.game {
        Some(gm) => {
            let gm = proc_macro2::Literal::u32_unsuffixed(gm);
            quote!(Some(#gm))
        }
        None => quote!(None),
    };
    let doc = text(&p.doc);
    let related = strs(&p.related);
    let at = location(&p.defined_at);
    quote! {
        Property {
            ident: #ident, name: #name, value: #value, kind: #kind, group: #group,
            game: #game, doc: #doc, related: #related, defined_at: #at,
        }
    }
}

/// A source of the specification: its recognitions, quirks and private properties.
pub(crate) fn source(source: &Source) -> TokenStream {
    let name = text(&source.name);
    let doc = text(&source.doc);
    let recognise = source.recognise.iter().map(|r| match r {
        Recognition::Application(name) => {
            let name = text(name);
            quote!(Recognition::Application(#name))
        }
        Recognition::Root(idents) => {
            let idents = strs(idents);
            quote!(Recognition::Root(#idents))
        }
        Recognition::Property(idents) => {
            let idents = strs(idents);
            quote!(Recognition::Property(#idents))
        }
    });
    let analysis = source.analysis.iter().map(|a| {
        let prop = text(&a.prop);
        let measure = match a.measure {
            Some(Measure::WinRate) => quote!(Some(Measure::WinRate)),
            Some(Measure::ScoreLead) => quote!(Some(Measure::ScoreLead)),
            None => quote!(None),
        };
        let mover = a.mover;
        let word = match a.word {
            Some(word) => {
                let word = proc_macro2::Literal::u32_unsuffixed(word);
                quote!(Some(#word))
            }
            None => quote!(None),
        };
        quote!(Analysis { prop: #prop, measure: #measure, mover: #mover, word: #word })
    });
    let quirks = source.quirks.iter().map(quirk);
    let properties = source.properties.iter().map(property);
    let at = location(&source.defined_at);
    quote! {
        Source {
            name: #name, doc: #doc, recognise: list![#(#recognise),*],
            quirks: list![#(#quirks),*], properties: list![#(#properties),*],
            analysis: list![#(#analysis),*], defined_at: #at,
        }
    }
}

fn quirk(quirk: &Quirk) -> TokenStream {
    let prop = text(&quirk.prop);
    let rewrite = match &quirk.rewrite {
        Rewrite::Scale { divisor, when } => {
            let divisor = proc_macro2::Literal::i64_unsuffixed(*divisor);
            let when = match when {
                Some((prop, value)) => {
                    let (prop, value) = (text(prop), text(value));
                    quote!(Some((#prop, #value)))
                }
                None => quote!(None),
            };
            quote!(Rewrite::Scale { divisor: #divisor, when: #when })
        }
        Rewrite::Unknown(value) => {
            let value = text(value);
            quote!(Rewrite::Unknown(#value))
        }
        Rewrite::Rename(to) => {
            let to = text(to);
            quote!(Rewrite::Rename(#to))
        }
    };
    let meaning = text(&quirk.meaning);
    let evidence = text(&quirk.evidence);
    let at = location(&quirk.defined_at);
    quote! {
        Quirk {
            prop: #prop, rewrite: #rewrite, meaning: #meaning, evidence: #evidence,
            defined_at: #at,
        }
    }
}

fn rule(rule: &Rule) -> TokenStream {
    let list = |variant: &str, props: &[Str]| {
        let variant = crate::names::ident(variant);
        let props = strs(props);
        quote!(Rule::#variant(#props))
    };
    match rule {
        Rule::Exclusive(p) => list("Exclusive", p),
        Rule::NoDuplicates(p) => list("NoDuplicates", p),
        Rule::DistinctParts(p) => list("DistinctParts", p),
        Rule::OncePerGame(p) => list("OncePerGame", p),
        Rule::Dropped(p) => list("Dropped", p),
        Rule::NoMix(a, b) => {
            let (a, b) = (property_type(*a), property_type(*b));
            quote!(Rule::NoMix(#a, #b))
        }
        Rule::Requires { props, any_of } => {
            let (props, any_of) = (strs(props), strs(any_of));
            quote!(Rule::Requires { props: #props, any_of: #any_of })
        }
        Rule::Format { prop, format } => {
            let (prop, format) = (text(prop), text(format));
            quote!(Rule::Format { prop: #prop, format: #format })
        }
        Rule::Renamed { from, to } => {
            let (from, to) = (text(from), text(to));
            quote!(Rule::Renamed { from: #from, to: #to })
        }
        Rule::Convention {
            prop,
            value,
            meaning,
        } => {
            let (prop, value, meaning) = (text(prop), value_type(value), text(meaning));
            quote!(Rule::Convention { prop: #prop, value: #value, meaning: #meaning })
        }
        Rule::Unique { props, repeatable } => {
            let (props, repeatable) = (strs(props), strs(repeatable));
            quote!(Rule::Unique { props: #props, repeatable: #repeatable })
        }
    }
}

pub(crate) fn rule_def(def: &RuleDef) -> TokenStream {
    let rule = rule(&def.rule);
    let at = location(&def.defined_at);
    quote!(RuleDef { rule: #rule, defined_at: #at })
}

/// A game's compiled plan, its bit sets in hexadecimal.
pub(crate) fn plan(plan: &Plan) -> TokenStream {
    let placed = bits(plan.placed);
    let ranged = bits(plan.ranged);
    let triggers = plan.triggers.iter().map(|t| match *t {
        Trigger::Never => quote!(Trigger::Never),
        Trigger::Any(set) => {
            let set = bits(set);
            quote!(Trigger::Any(#set))
        }
        Trigger::Two(set) => {
            let set = bits(set);
            quote!(Trigger::Two(#set))
        }
        Trigger::Both(a, b) => {
            let (a, b) = (bits(a), bits(b));
            quote!(Trigger::Both(#a, #b))
        }
    });
    let rules_of = plan.rules_of.iter().map(|r| bits(u128::from(*r)));
    let name_unknown = bits(u128::from(plan.name_unknown));
    let tree_bits = bits(plan.tree_bits);
    let once_unknown = plan.once_unknown;
    quote! {
        Plan {
            placed: #placed,
            ranged: #ranged,
            triggers: list![#(#triggers),*],
            rules_of: list![#(#rules_of),*],
            name_unknown: #name_unknown,
            tree_bits: #tree_bits,
            once_unknown: #once_unknown,
        }
    }
}

/// A bit set as a hexadecimal literal.
fn bits(set: u128) -> syn::LitInt {
    syn::LitInt::new(&format!("{set:#x}"), proc_macro2::Span::call_site())
}
