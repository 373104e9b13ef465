//! What real sources meant: the programs and servers of `spec/sources.spec`, recognised in a
//! tree's root, with the meaning of the values they write in their own way.
//!
//! A tree's [`Sources`] are found from its root ([`Sources::recognise`]): an `AP` that names a
//! source (every `AP` of the root counts; Fox writes two), or the identifiers a source's
//! roots hold. In a tree a source is recognised in:
//! - its private properties are known, not unknown ([`Sources::private`]);
//! - each of its quirks gives the meaning of the values it fits ([`Sources::reading`]):
//!   `KM[650]` from Fox is a komi of 6.5; Fox's `KM[0]` says nothing of the komi played; the
//!   Nihon Kiin's `TE` is the event.
//!
//! An analysis program's private properties (Sabaki's `SBKV`, Lizzie's `LZ`) name their source
//! wherever they stand, since those programs write into files of any origin.
//! [`strip_analysis`] removes them.
//!
//! Validation reports each quirk it sees (`source-quirk`, `source-unknown-value`,
//! `source-renamed`) and names the sources (`source`); [`GameInfo`](crate::game_info::GameInfo)
//! and `sgf export` carry the meant values, with those as written kept beside them;
//! `sgf repair --source-quirks` rewrites what is certain. Nothing here names a source: all of
//! it comes from the specification's tables ([`tables::SOURCES`]).

use crate::collection::{Collection, Game};
use crate::game_set::{GameDispatch, GameSet};
use crate::property::{GameProperty, Verbatim};
use crate::spec::plan::{MAX_PLANNED, PropertyBits};
use crate::spec::{Analysis, Property, Quirk, Recognition, Rewrite, Source, same_ident};
use crate::tables;
use crate::tree::{NodeId, TreeView};

/// The sources recognised in a tree: a set over [`tables::SOURCES`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sources(u64);

/// What a quirk of a recognised source says a value means.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Meant {
    /// The value meant, where the source writes it scaled (`KM[650]`: 6.5).
    Value(f64),
    /// The written value says nothing of what was meant; nothing is guessed.
    Unknown,
    /// The source's identifier for this standard property (`TE` for `EV`).
    Renamed(&'static str),
}

/// A value read through a quirk of a recognised source.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    /// The source.
    pub source: &'static Source,
    /// Its quirk that fits the value.
    pub quirk: &'static Quirk,
    /// What the value means.
    pub meant: Meant,
}

impl Reading {
    /// The message of the finding that reports it: what `ident[written]` means.
    pub fn message(&self, ident: &str, written: &str) -> String {
        let name = &self.source.name;
        let meaning = &self.quirk.meaning;
        match self.meant {
            Meant::Value(value) => {
                format!("`{ident}[{written}]` from {name}: {meaning}; it means {value}")
            }
            Meant::Unknown => format!("`{ident}[{written}]` from {name}: {meaning}"),
            Meant::Renamed(to) => {
                format!("`{ident}` from {name} is `{to}`: {meaning}")
            }
        }
    }
}

impl Sources {
    /// No source.
    pub const NONE: Sources = Sources(0);

    /// The sources a root is recognised as, from the identifier and first value of each of
    /// its properties (a property repeated in the root comes once for each occurrence).
    pub fn recognise<'v>(root: impl Iterator<Item = (&'v str, &'v str)>) -> Sources {
        RootNames::of(root).sources()
    }

    /// The sources the root of a typed tree is recognised as.
    pub fn of_root<P: GameProperty, T: TreeView<P> + ?Sized>(tree: &T) -> Sources {
        root_names(tree.props(tree.root()), |root| root.sources())
    }

    /// Whether no source is recognised.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The sources, in the order of the specification.
    pub fn iter(self) -> impl Iterator<Item = &'static Source> {
        tables::SOURCES
            .iter()
            .enumerate()
            .filter(move |(i, _)| *i < 64 && self.0 & (1 << i) != 0)
            .map(|(_, s)| s)
    }

    /// These sources and `source`.
    pub fn with(self, source: &'static Source) -> Sources {
        let index = tables::SOURCES.iter().position(|s| std::ptr::eq(s, source));
        match index {
            Some(i) if i < 64 => Sources(self.0 | 1 << i),
            _ => self,
        }
    }

    /// The sources in `self` that are not in `other`.
    pub fn without(self, other: Sources) -> Sources {
        Sources(self.0 & !other.0)
    }

    /// The private property with this identifier: of a recognised source, or of a source it
    /// names wherever it stands (`Source: property`, as an analysis program's).
    pub fn private(self, ident: &str) -> Option<(&'static Source, &'static Property)> {
        let of = |source: &'static Source| {
            let property = source.properties.iter().find(|p| p.ident == ident)?;
            Some((source, property))
        };
        self.iter().find_map(of).or_else(|| {
            tables::SOURCES
                .iter()
                .filter(|source| names_its_source(source, ident))
                .find_map(of)
        })
    }

    /// The analysis property with this identifier, as [`private`](Self::private) finds it.
    pub fn analysis(self, ident: &str) -> Option<(&'static Source, &'static Analysis)> {
        let (source, _) = self.private(ident)?;
        let analysis = source.analysis.iter().find(|a| a.prop == ident)?;
        Some((source, analysis))
    }

    /// The meaning a quirk of a recognised source gives `ident[written]`, if one fits. `raw`
    /// gives the first value of another property of the game info, as written, for the
    /// conditions of quirks (`when RU[Chinese]`).
    pub fn reading(
        self,
        ident: &str,
        written: &str,
        raw: impl Fn(&str) -> Option<String>,
    ) -> Option<Reading> {
        self.iter().find_map(|source| {
            source.quirks.iter().find_map(|quirk| {
                if quirk.prop != ident {
                    return None;
                }
                let meant = match &quirk.rewrite {
                    Rewrite::Unknown(value) if written.trim() == value.as_ref() => Meant::Unknown,
                    Rewrite::Unknown(_) => return None,
                    Rewrite::Rename(to) => Meant::Renamed(to),
                    Rewrite::Scale { when, .. } => {
                        let holds = |(prop, value): &(crate::spec::Str, crate::spec::Str)| {
                            raw(prop).is_some_and(|v| v.trim().eq_ignore_ascii_case(value))
                        };
                        if !when.as_ref().is_none_or(holds) {
                            return None;
                        }
                        Meant::Value(quirk.rewrite.scale(written)?)
                    }
                };
                Some(Reading {
                    source,
                    quirk,
                    meant,
                })
            })
        })
    }

    /// The identifiers the quirks of the recognised sources speak of, each once.
    pub fn quirked(self) -> Vec<&'static str> {
        let mut idents: Vec<&'static str> = Vec::new();
        for quirk in self.iter().flat_map(|s| s.quirks.iter()) {
            if !idents.contains(&quirk.prop.as_ref()) {
                idents.push(quirk.prop.as_ref());
            }
        }
        idents
    }

    /// The identifier a recognised source writes for the standard property `ident`, if one
    /// renames it (`EV` is the Nihon Kiin's `TE`).
    pub fn written_for(self, ident: &str) -> Option<&'static str> {
        self.iter().find_map(|source| {
            source.quirks.iter().find_map(|q| match &q.rewrite {
                Rewrite::Rename(to) if to == ident => Some(q.prop.as_ref()),
                _ => None,
            })
        })
    }

    /// Whether a recognised source renames `ident` (writes it for a standard property).
    pub fn renames(self, ident: &str) -> bool {
        self.iter().any(|source| {
            source
                .quirks
                .iter()
                .any(|q| q.prop == ident && matches!(q.rewrite, Rewrite::Rename(_)))
        })
    }
}

/// What [`strip_analysis`] removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stripped {
    /// The analysis properties removed.
    pub properties: usize,
    /// Their bytes, as the encoder writes them (identifier and values, in UTF-8).
    pub bytes: usize,
}

/// Removes every analysis property (a source's `Analysis:` in `spec/sources.spec`: Sabaki's
/// `SBKV` and `SBKS`, Lizzie's `LZ`, KaTrain's `KT`) from every tree of a collection, and
/// says how much went. A tree without any stays as it was read.
pub fn strip_analysis<G: GameSet>(collection: &mut Collection<G>) -> Stripped {
    let mut total = Stripped::default();
    for index in 0..collection.len() {
        let game = collection.game(index);
        if let Some((text, stripped)) = game.dispatch(Strip(game)) {
            collection.replace_text(index, text);
            total.properties += stripped.properties;
            total.bytes += stripped.bytes;
        }
    }
    total
}

/// Strips one tree: its text without analysis, if it had any.
struct Strip<'a, G>(Game<'a, G>);

impl<G> GameDispatch for Strip<'_, G> {
    type Output = Option<(String, Stripped)>;

    fn run<P: GameProperty>(self) -> Self::Output {
        let game = self.0;
        let sources = game.sources::<P>();
        let is_analysis = |p: &P| {
            matches!(p.verbatim(), Some((Verbatim::Unknown, _)))
                && sources.analysis(p.ident()).is_some()
        };
        let mut typed = game.typed::<P>();
        let holders: Vec<NodeId> = game
            .nodes()
            .filter(|&node| typed.props(node).iter().any(is_analysis))
            .collect();
        if holders.is_empty() {
            return None;
        }
        let mut tree = game.to_tree::<P>();
        let mut stripped = Stripped::default();
        for node in holders {
            let mut props = tree.props_mut(node);
            for k in (0..props.len()).rev() {
                if is_analysis(&props[k]) {
                    stripped.properties += 1;
                    stripped.bytes += props.remove(k).to_raw().to_string().len();
                }
            }
        }
        Some((crate::encode::typed_tree_text(&tree), stripped))
    }
}

/// Calls `f` with what recognition reads of a root's typed properties. Only the values of
/// `AP` are read, and only they are written out.
pub(crate) fn root_names<P: GameProperty, R>(
    props: &[P],
    f: impl FnOnce(&RootNames<'_>) -> R,
) -> R {
    let applications: Vec<String> = props
        .iter()
        .filter(|p| p.ident() == "AP")
        .filter_map(first_written)
        .collect();
    f(&RootNames {
        idents: props.iter().map(|p| p.ident()).collect(),
        programs: applications.iter().map(|v| program(v)).collect(),
    })
}

/// The sources of one tree and what their quirks speak of, for reading its nodes' quirks.
pub(crate) struct TreeQuirks {
    sources: Sources,
    /// [`Sources::quirked`].
    quirked: Vec<&'static str>,
    /// The quirked identifiers the game's table defines, as bits of their places in it, and
    /// whether some quirked identifier is outside it: a node whose properties are none of them
    /// has nothing to read.
    pub(crate) defined: PropertyBits,
    pub(crate) outside: bool,
}

impl TreeQuirks {
    pub(crate) fn new<P: GameProperty>(sources: Sources) -> Self {
        let quirked = sources.quirked();
        let places = quirked.iter().map(|ident| P::definition_of(ident));
        let (mut defined, mut outside) = (0, false);
        for place in places {
            match place {
                Some(i) if i < MAX_PLANNED => defined |= 1 << i,
                _ => outside = true,
            }
        }
        TreeQuirks {
            sources,
            quirked,
            defined,
            outside,
        }
    }

    /// Whether a quirk speaks of one of these properties.
    pub(crate) fn speak_of<P: GameProperty>(&self, props: &[P]) -> bool {
        props.iter().any(|p| self.quirked.contains(&p.ident()))
    }

    /// The properties of a node that the quirks read, each with its index in the node (the
    /// first occurrence of each identifier), its identifier and first value as written, and
    /// the reading ([`Self::reading`]; `root` is the tree's root). A node holding no
    /// identifier a quirk names is not written out.
    pub(crate) fn readings<P: GameProperty>(
        &self,
        props: &[P],
        root: &[P],
    ) -> Vec<(usize, String, String, Reading)> {
        if !self.speak_of(props) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (k, property) in props.iter().enumerate() {
            // Only a quirk's own identifier has a reading.
            let ident = property.ident();
            if !self.quirked.contains(&ident) || props[..k].iter().any(|p| p.ident() == ident) {
                continue;
            }
            let written = first_written(property).unwrap_or_default();
            if let Some(reading) = self.reading(props, root, ident, &written) {
                out.push((k, ident.to_owned(), written, reading));
            }
        }
        out
    }

    /// The reading of `ident[written]` in a node holding `props`, in a tree whose root holds
    /// `root`: a quirk's condition (`when RU[Chinese]`) is looked up in the node, then in the
    /// root, in the first value of the property as written.
    pub(crate) fn reading<P: GameProperty>(
        &self,
        props: &[P],
        root: &[P],
        ident: &str,
        written: &str,
    ) -> Option<Reading> {
        let first = |props: &[P], ident: &str| {
            let property = props.iter().find(|p| p.ident() == ident)?;
            Some(first_written(property).unwrap_or_default())
        };
        let condition = |ident: &str| first(props, ident).or_else(|| first(root, ident));
        self.sources.reading(ident, written, condition)
    }
}

/// The first value of a property, as written.
pub(crate) fn first_written<P: GameProperty>(property: &P) -> Option<String> {
    let mut first = crate::value::FirstValue::default();
    property.write_values(&mut first);
    first.0
}

/// Whether `ident` names `source` wherever it stands (`Source: property`).
fn names_its_source(source: &Source, ident: &str) -> bool {
    source.recognise.iter().any(|r| match r {
        Recognition::Property(idents) => idents.iter().any(|i| i == ident),
        _ => false,
    })
}

/// What recognition reads of a root, gathered in one pass over it: its identifiers, and the
/// programs its `AP`s name.
pub(crate) struct RootNames<'v> {
    idents: Vec<&'v str>,
    programs: Vec<&'v str>,
}

impl<'v> RootNames<'v> {
    /// The names of a root given as the identifier and first value of each property.
    fn of(root: impl Iterator<Item = (&'v str, &'v str)>) -> Self {
        let mut names = RootNames {
            idents: Vec::new(),
            programs: Vec::new(),
        };
        for (ident, value) in root {
            names.idents.push(ident);
            if ident == "AP" {
                names.programs.push(program(value));
            }
        }
        names
    }

    /// The sources the root is recognised as.
    fn sources(&self) -> Sources {
        let mut found = 0;
        for (i, source) in tables::SOURCES.iter().enumerate().take(u64::BITS as usize) {
            if source.recognise.iter().any(|r| self.fits(r)) {
                found |= 1 << i;
            }
        }
        Sources(found)
    }

    /// Whether the root fits one way of recognising a source.
    fn fits(&self, recognition: &Recognition) -> bool {
        match recognition {
            Recognition::Application(name) => {
                self.programs.iter().any(|p| p.eq_ignore_ascii_case(name))
            }
            Recognition::Root(idents) => idents
                .iter()
                .all(|wanted| self.idents.iter().any(|i| same_ident(i, wanted))),
            Recognition::Property(idents) => {
                (self.idents.iter()).any(|i| idents.iter().any(|w| same_ident(i, w)))
            }
        }
    }

    /// How `source` is recognised in the root, for messages: `AP[foxwq]`, or the
    /// identifiers; where the root does not recognise it, by its properties elsewhere.
    pub(crate) fn how(&self, source: &Source) -> String {
        source
            .recognise
            .iter()
            .find(|r| self.fits(r))
            .map(|r| match r {
                Recognition::Application(name) => format!("`AP[{name}]`"),
                Recognition::Root(idents) => {
                    let idents: Vec<String> = idents.iter().map(|i| format!("`{i}`")).collect();
                    format!("a root holding {}", idents.join(" and "))
                }
                Recognition::Property(idents) => {
                    let idents: Vec<String> = idents.iter().map(|i| format!("`{i}`")).collect();
                    format!("its {} properties", idents.join(" or "))
                }
            })
            .unwrap_or_else(|| {
                let idents = source.recognise.iter().flat_map(|r| match r {
                    Recognition::Property(idents) => {
                        idents.iter().map(|i| format!("`{i}`")).collect()
                    }
                    _ => Vec::new(),
                });
                format!("its {} properties", idents.collect::<Vec<_>>().join(" or "))
            })
    }
}

/// The program an `AP` value names: what stands before its `:version`, trimmed.
fn program(value: &str) -> &str {
    value
        .split_once(':')
        .map_or(value, |(program, _)| program)
        .trim()
}

/// How a source was recognised in a root, for messages: `AP[foxwq]`, or the identifiers;
/// where the root did not recognise it, by its properties elsewhere in the tree.
pub fn how_recognised<'v>(
    source: &Source,
    root: impl Iterator<Item = (&'v str, &'v str)>,
) -> String {
    RootNames::of(root).how(source)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(props: &[(&'static str, &'static str)]) -> Sources {
        Sources::recognise(props.iter().copied())
    }

    fn names(sources: Sources) -> Vec<&'static str> {
        sources.iter().map(|s| s.name.as_ref()).collect()
    }

    #[test]
    fn the_specification_s_sources_fit_in_the_set() {
        assert!(tables::SOURCES.len() <= 64, "Sources holds 64 sources");
    }

    #[test]
    fn sources_are_recognised_by_any_ap_of_the_root_or_by_its_identifiers() {
        let fox = root(&[("AP", "GNU Go:3.8"), ("KM", "650"), ("AP", "foxwq")]);
        assert_eq!(names(fox), ["Fox Weiqi"]);
        assert_eq!(names(root(&[("AP", "FoxWQ:1.0")])), ["Fox Weiqi"]);
        assert!(root(&[("AP", "GNU Go:3.8")]).is_empty());
        assert!(root(&[("AP", "foxwqx")]).is_empty());
        let kiin = root(&[("TE", "x"), ("RD", "2025-06-12"), ("KO", "y")]);
        assert_eq!(names(kiin), ["Nihon Kiin"]);
        assert!(root(&[("RD", "2015-10-20"), ("DT", "2015-10-20")]).is_empty());
    }

    #[test]
    fn fox_komi_reads_as_meant_under_each_rule_and_zero_is_unknown() {
        let fox = root(&[("AP", "foxwq")]);
        let meant = |km: &str, ru: &'static str| {
            fox.reading("KM", km, |ident| (ident == "RU").then(|| ru.to_owned()))
                .map(|r| r.meant)
        };
        assert_eq!(meant("650", "Japanese"), Some(Meant::Value(6.5)));
        assert_eq!(meant("750", "Japanese"), Some(Meant::Value(7.5)));
        assert_eq!(meant("375", "Chinese"), Some(Meant::Value(7.5)));
        assert_eq!(meant("325", "chinese"), Some(Meant::Value(6.5)));
        assert_eq!(meant("0", "Japanese"), Some(Meant::Unknown));
        assert_eq!(
            meant("6.5", "Japanese"),
            None,
            "a komi written as meant stays"
        );
        assert_eq!(Sources::NONE.reading("KM", "650", |_| None), None);
    }

    #[test]
    fn an_analysis_property_names_its_source_wherever_it_stands() {
        let (source, property) = Sources::NONE.private("SBKV").expect("Sabaki's");
        assert_eq!((&*source.name, &*property.ident), ("Sabaki", "SBKV"));
        let (_, analysis) = Sources::NONE
            .analysis("SBKS")
            .expect("an analysis property");
        assert_eq!(analysis.measure, Some(crate::spec::Measure::ScoreLead));
        let (_, lizzie) = Sources::NONE.analysis("LZ").expect("Lizzie's");
        assert!(lizzie.mover && lizzie.word == Some(2));
        // KaTrain's analysis is compressed: known, with no number to table.
        assert_eq!(
            Sources::NONE.analysis("KT").map(|(_, a)| a.measure),
            Some(None)
        );
        // A private property of a source recognised only by its root is not known elsewhere.
        assert_eq!(Sources::NONE.private("TC"), None);
        let seen = Sources::NONE.with(source);
        assert_eq!(names(seen), ["Sabaki"]);
        assert!(seen.without(seen).is_empty());
        assert_eq!(
            how_recognised(source, std::iter::empty()),
            "its `SBKV` or `SBKS` properties"
        );
    }

    #[test]
    fn renamings_and_private_properties_belong_to_their_source() {
        let kiin = root(&[("TE", "x"), ("RD", "2025-06-12"), ("KO", "y")]);
        let reading = kiin.reading("TE", "x", |_| None).expect("a renaming");
        assert_eq!(reading.meant, Meant::Renamed("EV"));
        assert!(reading.message("TE", "x").contains("is `EV`"));
        assert_eq!(kiin.written_for("DT"), Some("RD"));
        assert!(kiin.renames("KO") && !kiin.renames("KM"));
        assert!(kiin.private("LT").is_some() && kiin.private("TC").is_none());
        let fox = root(&[("AP", "foxwq")]);
        assert_eq!(
            fox.private("TC").map(|(s, p)| (&*s.name, &*p.ident)),
            Some(("Fox Weiqi", "TC"))
        );
        assert_eq!(fox.reading("TE", "x", |_| None), None);
    }
}
