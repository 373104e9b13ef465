//! Resolution: layers the files of a specification and works out, for every game, the
//! properties and rules that apply to its trees.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::directive::{Directive, DirectiveKind};
use crate::error::{Error, Errors};
use crate::model::{Game, Location, Property, Rule, RuleDef, Str};
use crate::parser::{Group, SpecFile};
use crate::plan::plan;
use crate::source::{Recognition, Rewrite, Source};

/// The name of the catch-all game: every `GM` without a section of its own.
pub const OTHER_GAME: &str = "Other";

/// A resolved specification: every game with its properties and rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Spec {
    /// The games with a section, in order of appearance, then the catch-all ([`OTHER_GAME`]).
    pub games: Vec<Game>,
    /// The programs and servers that write SGF, with their private properties and quirks, in
    /// order of appearance.
    pub sources: Vec<Source>,
}

impl Spec {
    /// The game that trees with this `GM` belong to (the catch-all where none has a section).
    pub fn game(&self, gm: u32) -> &Game {
        self.games
            .iter()
            .find(|g| g.gm == Some(gm))
            .or_else(|| self.games.last())
            .expect("a resolved spec always holds the catch-all game")
    }

    /// The game of this name, ignoring ASCII case and spaces (`go`, `linesofaction`, `other`).
    pub fn game_named(&self, name: &str) -> Option<&Game> {
        let key = |s: &str| s.replace(' ', "").to_ascii_lowercase();
        self.games.iter().find(|g| key(&g.name) == key(name))
    }
}

struct Section {
    name: String,
    gm: u32,
    at: Location,
    module: Option<String>,
    doc: String,
    properties: Vec<Property>,
    directives: Vec<Directive>,
}

/// Layers the files in order (a later file may redefine what an earlier one defined) and
/// resolves every game.
pub fn resolve(files: &[SpecFile]) -> Result<Spec, Errors> {
    let mut errors = Vec::new();
    let mut general: Vec<Property> = Vec::new();
    let mut general_directives: Vec<Directive> = Vec::new();
    let mut sections: Vec<Section> = Vec::new();
    let mut sources: Vec<&Group> = Vec::new();
    for file in files {
        let mut seen: HashMap<(Option<u32>, Str), Location> = HashMap::new();
        for group in &file.groups {
            if !group.recognise.is_empty() || !group.quirks.is_empty() || !group.analysis.is_empty()
            {
                sources.push(group);
                continue;
            }
            let (properties, directives) = match group.gametype {
                None => {
                    if group.module.is_some() {
                        errors.push(Error::new(
                            group.at.clone(),
                            "`Module:` belongs to a game section (a group with a `Gametype:`)",
                        ));
                    }
                    (&mut general, &mut general_directives)
                }
                Some(gm) => {
                    let index = match section_for(&mut sections, gm, &group.name, &group.at) {
                        Ok(index) => index,
                        Err(error) => {
                            errors.push(error);
                            continue;
                        }
                    };
                    let section = &mut sections[index];
                    if let Err(error) = set_module(section, group) {
                        errors.push(error);
                    }
                    append_paragraph(&mut section.doc, &group.restrictions);
                    (&mut section.properties, &mut section.directives)
                }
            };
            for property in &group.properties {
                let key = (group.gametype, property.ident.clone());
                if let Some(first) = seen.get(&key) {
                    errors.push(
                        Error::new(
                            property.defined_at.clone(),
                            format!(
                                "property `{}` is defined twice in this scope",
                                property.ident
                            ),
                        )
                        .with_related(first.clone()),
                    );
                    continue;
                }
                seen.insert(key, property.defined_at.clone());
                let property = Property {
                    game: group.gametype,
                    ..property.clone()
                };
                match properties.iter_mut().find(|p| p.ident == property.ident) {
                    Some(earlier) => *earlier = property,
                    None => properties.push(property),
                }
            }
            directives.extend(group.directives.iter().cloned());
        }
    }

    let general_rules = rules_for(&general, &general_directives, &[], &mut errors);
    let mut games = Vec::new();
    for section in &sections {
        let mut properties = general.clone();
        for property in &section.properties {
            match properties.iter_mut().find(|p| p.ident == property.ident) {
                Some(general) => *general = property.clone(),
                None => properties.push(property.clone()),
            }
        }
        let rules = rules_for(
            &properties,
            &section.directives,
            &general_rules,
            &mut errors,
        );
        games.push(Game {
            name: Cow::Owned(section.name.clone()),
            gm: Some(section.gm),
            module: section.module.clone().map(Cow::Owned),
            doc: Cow::Owned(section.doc.clone()),
            plan: plan(&properties, &rules),
            properties: Cow::Owned(properties),
            rules: Cow::Owned(rules),
        });
    }
    let sources = sources
        .into_iter()
        .filter_map(|group| source(group, &games, &general, &mut errors))
        .collect();
    games.push(Game {
        name: Cow::Borrowed(OTHER_GAME),
        gm: None,
        module: None,
        doc: Cow::Borrowed("Every game without a section of its own: the general properties only."),
        plan: plan(&general, &general_rules),
        properties: Cow::Owned(general),
        rules: Cow::Owned(general_rules),
    });
    if errors.is_empty() {
        Ok(Spec { games, sources })
    } else {
        Err(Errors(errors))
    }
}

/// A source's group as a [`Source`], its quirks and properties checked against the general
/// properties and the games': a source's private property may not take a standard identifier (a `Quirk:`
/// renaming says what the source means by one), and each quirk names a property defined by
/// the specification or by the source.
fn source(
    group: &Group,
    games: &[Game],
    general: &[Property],
    errors: &mut Vec<Error>,
) -> Option<Source> {
    let before = errors.len();
    let mut error = |at: &Location, message: String| errors.push(Error::new(at.clone(), message));
    if group.recognise.is_empty() {
        error(
            &group.at,
            format!(
                "`{}` has quirks or analysis but no `Source:` line saying how its files are recognised",
                group.name
            ),
        );
    }
    if group.gametype.is_some() || group.module.is_some() || !group.directives.is_empty() {
        error(
            &group.at,
            format!(
                "a source (`{}`) takes no `Gametype:`, `Module:` or directives",
                group.name
            ),
        );
    }
    let defined = |ident: &str| {
        general.iter().any(|p| p.ident == ident)
            || games.iter().any(|g| g.property(ident).is_some())
    };
    for property in &group.properties {
        if defined(&property.ident) {
            error(
                &property.defined_at,
                format!(
                    "`{}` is a property of the specification; a source says what it means by one with `Quirk:\t{} -> ...`",
                    property.ident, property.ident
                ),
            );
        }
    }
    for property in &group.properties {
        let placed = property.value.singles().iter().any(|single| {
            single
                .parts
                .iter()
                .any(|p| p.is_place() || *p == crate::model::Scalar::Move)
        });
        if placed {
            error(
                &property.defined_at,
                format!(
                    "`{}` is `{}`: a source's private property names no point, move or stone, \
                     since it is checked alike in every game",
                    property.ident, property.value
                ),
            );
        }
    }
    let private = |ident: &str| group.properties.iter().any(|p| p.ident == ident);
    let recognising = group.recognise.iter().filter_map(|r| match r {
        Recognition::Property(idents) => Some(idents.iter()),
        _ => None,
    });
    let analysis = group.analysis.iter().map(|a| &a.prop);
    for ident in recognising.flatten().chain(analysis) {
        if !private(ident) {
            error(
                &group.at,
                format!(
                    "`{ident}` is named by `Source: property` or `Analysis:`, but is no private property of `{}`",
                    group.name
                ),
            );
        }
    }
    for quirk in &group.quirks {
        let named = match &quirk.rewrite {
            Rewrite::Rename(to) => to,
            _ => &quirk.prop,
        };
        if !defined(named) && !private(named) {
            error(
                &quirk.defined_at,
                format!(
                    "the quirk names `{named}`, which is defined neither by the specification nor by this source"
                ),
            );
        }
        if quirk.meaning.is_empty() {
            error(
                &quirk.defined_at,
                "a quirk needs a `Meaning:` line saying what the source means".to_owned(),
            );
        }
    }
    (errors.len() == before).then(|| Source {
        name: Cow::Owned(group.name.clone()),
        doc: Cow::Owned(group.restrictions.clone()),
        recognise: Cow::Owned(group.recognise.clone()),
        quirks: Cow::Owned(group.quirks.clone()),
        properties: Cow::Owned(group.properties.clone()),
        analysis: Cow::Owned(group.analysis.clone()),
        defined_at: group.at.clone(),
    })
}

/// The index of the section for `gm`, created on first use; a game keeps one name.
fn section_for(
    sections: &mut Vec<Section>,
    gm: u32,
    name: &str,
    at: &Location,
) -> Result<usize, Error> {
    if let Some(index) = sections.iter().position(|s| s.gm == gm) {
        let section = &sections[index];
        if section.name != name {
            return Err(Error::new(
                at.clone(),
                format!(
                    "game {gm} is called `{}` elsewhere, not `{name}`",
                    section.name
                ),
            )
            .with_related(section.at.clone()));
        }
        return Ok(index);
    }
    if let Some(other) = sections.iter().find(|s| s.name == name) {
        return Err(Error::new(
            at.clone(),
            format!("`{name}` already has game number {}", other.gm),
        )
        .with_related(other.at.clone()));
    }
    if name == OTHER_GAME {
        return Err(Error::new(
            at.clone(),
            format!("`{OTHER_GAME}` is reserved for the games without a section"),
        ));
    }
    sections.push(Section {
        name: name.to_owned(),
        gm,
        at: at.clone(),
        module: None,
        doc: String::new(),
        properties: Vec::new(),
        directives: Vec::new(),
    });
    Ok(sections.len() - 1)
}

/// Takes the `Module:` of a group into its game's section; layered files may repeat it, not
/// change it.
fn set_module(section: &mut Section, group: &Group) -> Result<(), Error> {
    let Some(module) = &group.module else {
        return Ok(());
    };
    match &section.module {
        Some(earlier) if earlier != module => Err(Error::new(
            group.at.clone(),
            format!(
                "game {} has module `{earlier}` elsewhere, not `{module}`",
                section.gm
            ),
        )
        .with_related(section.at.clone())),
        _ => {
            section.module = Some(module.clone());
            Ok(())
        }
    }
}

fn append_paragraph(doc: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !doc.is_empty() {
        doc.push_str("\n\n");
    }
    doc.push_str(text);
}

/// The rules of a game: `inherited` ones and its own directives, checked against its
/// properties, with `Repeatable` folded into `Unique` and redundant rules dropped.
fn rules_for(
    properties: &[Property],
    directives: &[Directive],
    inherited: &[RuleDef],
    errors: &mut Vec<Error>,
) -> Vec<RuleDef> {
    let mut rules: Vec<RuleDef> = inherited.to_vec();
    let mut repeatable: Vec<(Str, Location)> = Vec::new();
    for directive in directives {
        match &directive.kind {
            DirectiveKind::Repeatable(idents) => {
                repeatable.extend(idents.iter().map(|i| (i.clone(), directive.at.clone())));
            }
            DirectiveKind::Rule(rule) => {
                if check_rule(rule, properties, &directive.at, errors) {
                    // A game's own format for a property replaces the general one.
                    if let Rule::Format { prop, .. } = rule {
                        rules.retain(
                            |def| !matches!(&def.rule, Rule::Format { prop: p, .. } if p == prop),
                        );
                    }
                    rules.push(RuleDef {
                        rule: rule.clone(),
                        defined_at: directive.at.clone(),
                    });
                }
            }
        }
    }
    for (ident, at) in repeatable {
        let mut found = false;
        for def in &mut rules {
            if let Rule::Unique { props, repeatable } = &mut def.rule
                && props.contains(&ident)
            {
                repeatable.to_mut().push(ident.clone());
                found = true;
            }
        }
        if !found {
            errors.push(Error::new(
                at,
                format!("`Repeatable: {ident}` names no property of a `Unique` rule"),
            ));
        }
    }
    drop_redundant(rules)
}

/// Checks that a rule names defined properties of fitting value types.
fn check_rule(
    rule: &Rule,
    properties: &[Property],
    at: &Location,
    errors: &mut Vec<Error>,
) -> bool {
    let before = errors.len();
    if let Rule::Renamed { from, .. } = rule
        && properties.iter().any(|p| &p.ident == from)
    {
        errors.push(Error::new(
            at.clone(),
            format!("`Renamed` names `{from}` as obsolete, but it is a defined property"),
        ));
    }
    for ident in rule.idents() {
        let Some(property) = properties.iter().find(|p| &p.ident == ident) else {
            errors.push(Error::new(
                at.clone(),
                format!(
                    "`{}` names `{ident}`, which is not a defined property",
                    rule.keyword()
                ),
            ));
            continue;
        };
        let (fits, needs) = match rule {
            Rule::Unique { .. } => (
                property.value.is_placed(),
                "values that are points or stones",
            ),
            Rule::DistinctParts(_) => (property.value.has_composed(), "composed values"),
            Rule::NoDuplicates(_) => (
                matches!(
                    property.value,
                    crate::ValueType::List(_) | crate::ValueType::EList(_)
                ),
                "list values",
            ),
            Rule::Convention { value, .. } => (
                !value.singles().iter().any(|s| {
                    s.parts
                        .iter()
                        .any(|p| p.is_place() || matches!(p, crate::Scalar::Move))
                }),
                "a value type without points, moves or stones (its values are checked alike \
                 in every game)",
            ),
            _ => (true, ""),
        };
        if !fits {
            errors.push(Error::new(
                at.clone(),
                format!(
                    "`{}` needs {needs}, but `{ident}` is `{}`",
                    rule.keyword(),
                    property.value
                ),
            ));
        }
    }
    errors.len() == before
}

/// Drops every rule that another rule of the same kind implies (`Exclusive: B W` beside
/// `Exclusive: B W UN`), and exact repeats.
fn drop_redundant(rules: Vec<RuleDef>) -> Vec<RuleDef> {
    let implied = |a: &Rule, b: &Rule| -> bool {
        let subset = |x: &[Str], y: &[Str]| x.iter().all(|i| y.contains(i));
        match (a, b) {
            (Rule::Exclusive(x), Rule::Exclusive(y))
            | (Rule::NoDuplicates(x), Rule::NoDuplicates(y))
            | (Rule::DistinctParts(x), Rule::DistinctParts(y))
            | (Rule::OncePerGame(x), Rule::OncePerGame(y))
            | (Rule::Dropped(x), Rule::Dropped(y)) => subset(x, y),
            (
                Rule::Unique {
                    props: x,
                    repeatable: rx,
                },
                Rule::Unique {
                    props: y,
                    repeatable: ry,
                },
            ) => subset(x, y) && subset(ry, rx),
            (
                Rule::Requires {
                    props: x,
                    any_of: ax,
                },
                Rule::Requires {
                    props: y,
                    any_of: ay,
                },
            ) => subset(x, y) && subset(ay, ax),
            (Rule::NoMix(a1, a2), Rule::NoMix(b1, b2)) => {
                (a1, a2) == (b1, b2) || (a1, a2) == (b2, b1)
            }
            _ => false,
        }
    };
    let mut kept: Vec<RuleDef> = Vec::new();
    for (i, def) in rules.iter().enumerate() {
        let redundant = rules.iter().enumerate().any(|(j, other)| {
            // Of two rules implying each other, the first one stays.
            i != j && implied(&def.rule, &other.rule) && (!implied(&other.rule, &def.rule) || j < i)
        });
        if !redundant {
            kept.push(def.clone());
        }
    }
    kept
}
