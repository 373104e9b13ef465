//! Model values as Rust expressions, for the static tables: a `Property` of the spec becomes
//! the `Property { .. }` literal that rebuilds it, borrowed.

use proc_macro2::TokenStream;
use quote::quote;
use sgf_spec::plan::{Plan, Trigger};
use sgf_spec::{Location, Property, PropertyType, Rule, RuleDef, Scalar, Single, Str, ValueType};

pub(crate) struct Literal {
    spec: TokenStream,
}

impl Literal {
    pub(crate) fn new() -> Self {
        Literal { spec: quote!(spec) }
    }

    fn str(&self, s: &str) -> TokenStream {
        quote!(Cow::Borrowed(#s))
    }

    fn strs(&self, list: &[Str]) -> TokenStream {
        let items = list.iter().map(|s| self.str(s));
        quote!(Cow::Borrowed(&[#(#items),*]))
    }

    fn location(&self, at: &Location) -> TokenStream {
        let spec = &self.spec;
        let file = self.str(&at.file);
        let line = proc_macro2::Literal::u32_unsuffixed(at.line);
        let col = proc_macro2::Literal::u32_unsuffixed(at.col);
        quote!(#spec::Location { file: #file, line: #line, col: #col })
    }

    pub(crate) fn property_type(&self, kind: PropertyType) -> TokenStream {
        let spec = &self.spec;
        let variant = crate::names::ident(match kind {
            PropertyType::Move => "Move",
            PropertyType::Setup => "Setup",
            PropertyType::Root => "Root",
            PropertyType::GameInfo => "GameInfo",
            PropertyType::Inherit => "Inherit",
            PropertyType::None => "None",
        });
        quote!(#spec::PropertyType::#variant)
    }

    fn scalar(&self, scalar: Scalar) -> TokenStream {
        let spec = &self.spec;
        match scalar {
            Scalar::Number(None) => quote!(#spec::Scalar::Number(None)),
            Scalar::Number(Some(range)) => {
                let min = proc_macro2::Literal::i64_unsuffixed(range.min);
                let max = match range.max {
                    Some(max) => {
                        let max = proc_macro2::Literal::i64_unsuffixed(max);
                        quote!(Some(#max))
                    }
                    None => quote!(None),
                };
                quote!(#spec::Scalar::Number(Some(#spec::Range { min: #min, max: #max })))
            }
            other => {
                let variant = crate::names::ident(crate::names::scalar_name(other));
                quote!(#spec::Scalar::#variant)
            }
        }
    }

    fn single(&self, single: &Single) -> TokenStream {
        let spec = &self.spec;
        let parts = single.parts.iter().map(|s| self.scalar(*s));
        quote!(#spec::Single { parts: Cow::Borrowed(&[#(#parts),*]) })
    }

    fn value_type(&self, value: &ValueType) -> TokenStream {
        let spec = &self.spec;
        match value {
            ValueType::None => quote!(#spec::ValueType::None),
            ValueType::One(s) => {
                let s = self.single(s);
                quote!(#spec::ValueType::One(#s))
            }
            ValueType::List(s) => {
                let s = self.single(s);
                quote!(#spec::ValueType::List(#s))
            }
            ValueType::EList(s) => {
                let s = self.single(s);
                quote!(#spec::ValueType::EList(#s))
            }
            ValueType::Alt(alts) => {
                let alts = alts.iter().map(|a| self.value_type(a));
                quote!(#spec::ValueType::Alt(Cow::Borrowed(&[#(#alts),*])))
            }
        }
    }

    pub(crate) fn property(&self, p: &Property) -> TokenStream {
        let spec = &self.spec;
        let ident = self.str(&p.ident);
        let name = match &p.name {
            Some(name) => {
                let name = self.str(name);
                quote!(Some(#name))
            }
            None => quote!(None),
        };
        let value = self.value_type(&p.value);
        let kind = self.property_type(p.kind);
        let group = self.str(&p.group);
        let game = match p.game {
            Some(gm) => {
                let gm = proc_macro2::Literal::u32_unsuffixed(gm);
                quote!(Some(#gm))
            }
            None => quote!(None),
        };
        let doc = self.str(&p.doc);
        let related = self.strs(&p.related);
        let at = self.location(&p.defined_at);
        quote! {
            #spec::Property {
                ident: #ident, name: #name, value: #value, kind: #kind, group: #group,
                game: #game, doc: #doc, related: #related, defined_at: #at,
            }
        }
    }

    fn rule(&self, rule: &Rule) -> TokenStream {
        let spec = &self.spec;
        let list = |variant: &str, props: &[Str]| {
            let variant = crate::names::ident(variant);
            let props = self.strs(props);
            quote!(#spec::Rule::#variant(#props))
        };
        match rule {
            Rule::Exclusive(p) => list("Exclusive", p),
            Rule::NoDuplicates(p) => list("NoDuplicates", p),
            Rule::DistinctParts(p) => list("DistinctParts", p),
            Rule::OncePerGame(p) => list("OncePerGame", p),
            Rule::Dropped(p) => list("Dropped", p),
            Rule::NoMix(a, b) => {
                let (a, b) = (self.property_type(*a), self.property_type(*b));
                quote!(#spec::Rule::NoMix(#a, #b))
            }
            Rule::Requires { props, any_of } => {
                let (props, any_of) = (self.strs(props), self.strs(any_of));
                quote!(#spec::Rule::Requires { props: #props, any_of: #any_of })
            }
            Rule::Format { prop, format } => {
                let (prop, format) = (self.str(prop), self.str(format));
                quote!(#spec::Rule::Format { prop: #prop, format: #format })
            }
            Rule::Renamed { from, to } => {
                let (from, to) = (self.str(from), self.str(to));
                quote!(#spec::Rule::Renamed { from: #from, to: #to })
            }
            Rule::Convention {
                prop,
                value,
                meaning,
            } => {
                let (prop, value, meaning) =
                    (self.str(prop), self.value_type(value), self.str(meaning));
                quote!(#spec::Rule::Convention { prop: #prop, value: #value, meaning: #meaning })
            }
            Rule::Unique { props, repeatable } => {
                let (props, repeatable) = (self.strs(props), self.strs(repeatable));
                quote!(#spec::Rule::Unique { props: #props, repeatable: #repeatable })
            }
        }
    }

    pub(crate) fn rule_def(&self, def: &RuleDef) -> TokenStream {
        let spec = &self.spec;
        let rule = self.rule(&def.rule);
        let at = self.location(&def.defined_at);
        quote!(#spec::RuleDef { rule: #rule, defined_at: #at })
    }

    pub(crate) fn text(&self, s: &str) -> TokenStream {
        self.str(s)
    }

    /// A game's compiled plan, its bit sets in hexadecimal.
    pub(crate) fn plan(&self, plan: &Plan) -> TokenStream {
        let spec = &self.spec;
        let placed = bits(plan.placed);
        let ranged = bits(plan.ranged);
        let triggers = plan.triggers.iter().map(|t| match *t {
            Trigger::Never => quote!(#spec::plan::Trigger::Never),
            Trigger::Any(set) => {
                let set = bits(set);
                quote!(#spec::plan::Trigger::Any(#set))
            }
            Trigger::Two(set) => {
                let set = bits(set);
                quote!(#spec::plan::Trigger::Two(#set))
            }
            Trigger::Both(a, b) => {
                let (a, b) = (bits(a), bits(b));
                quote!(#spec::plan::Trigger::Both(#a, #b))
            }
        });
        let rules_of = plan.rules_of.iter().map(|r| bits(u128::from(*r)));
        let name_unknown = bits(u128::from(plan.name_unknown));
        let tree_bits = bits(plan.tree_bits);
        let once_unknown = plan.once_unknown;
        quote! {
            #spec::plan::Plan {
                placed: #placed,
                ranged: #ranged,
                triggers: Cow::Borrowed(&[#(#triggers),*]),
                rules_of: Cow::Borrowed(&[#(#rules_of),*]),
                name_unknown: #name_unknown,
                tree_bits: #tree_bits,
                once_unknown: #once_unknown,
            }
        }
    }
}

/// A bit set as a hexadecimal literal.
fn bits(set: u128) -> syn::LitInt {
    syn::LitInt::new(&format!("{set:#x}"), proc_macro2::Span::call_site())
}
