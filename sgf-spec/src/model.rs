//! The model of a specification: properties, their value and property types, and rules.
//!
//! Every collection in the model is a `Cow<'static, _>`, so the same types serve a model read at
//! build time (owned) and the static tables generated from it (borrowed).

use std::borrow::Cow;
use std::fmt;

use crate::plan::Plan;

/// A string of the model: borrowed in generated tables, owned when read from a file.
pub type Str = Cow<'static, str>;

/// A list of the model: borrowed in generated tables, owned when read from a file.
pub type List<T> = Cow<'static, [T]>;

/// A [`Str`] of a generated table: `text!("B")`. A macro rather than a `const fn`, so that
/// lists of texts stay constants the compiler can promote to `'static`.
#[macro_export]
macro_rules! text {
    ($text:expr) => {
        ::std::borrow::Cow::Borrowed($text)
    };
}

/// A [`List`] of a generated table: `list![text!("W"), text!("KO")]`.
#[macro_export]
macro_rules! list {
    ($($item:expr),* $(,)?) => {
        ::std::borrow::Cow::Borrowed(&[$($item),*])
    };
}

/// A place in a specification file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The file's name as it was given to the reader.
    pub file: Str,
    /// Line, counted from 1.
    pub line: u32,
    /// Column in characters, counted from 1.
    pub col: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// The property type of the specification, which places a property in the game tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PropertyType {
    /// `move`: belongs to a node that makes a move.
    Move,
    /// `setup`: changes the board without a move.
    Setup,
    /// `root`: only in a root node.
    Root,
    /// `game-info`: only in one node on any path from the root.
    GameInfo,
    /// `inherit`: applies to the node and its descendants until set again.
    Inherit,
    /// `-`: no restriction on its place.
    None,
}

impl PropertyType {
    /// Every property type, in the order of the specification.
    pub const ALL: [PropertyType; 6] = [
        PropertyType::Move,
        PropertyType::Setup,
        PropertyType::Root,
        PropertyType::GameInfo,
        PropertyType::Inherit,
        PropertyType::None,
    ];

    /// The keyword of the property type in a specification (`game-info`, `-`, …).
    pub const fn keyword(self) -> &'static str {
        match self {
            PropertyType::Move => "move",
            PropertyType::Setup => "setup",
            PropertyType::Root => "root",
            PropertyType::GameInfo => "game-info",
            PropertyType::Inherit => "inherit",
            PropertyType::None => "-",
        }
    }

    /// The property type of a keyword, ignoring ASCII case.
    pub fn from_keyword(word: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.keyword().eq_ignore_ascii_case(word))
    }
}

/// Inclusive bounds of a number; `max` is `None` where there is no upper bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    /// The smallest allowed value.
    pub min: i64,
    /// The largest allowed value, if any.
    pub max: Option<i64>,
}

impl Range {
    /// Whether `n` lies within the bounds.
    pub const fn contains(&self, n: i64) -> bool {
        n >= self.min
            && match self.max {
                Some(max) => n <= max,
                None => true,
            }
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.max {
            Some(max) => write!(f, "{}-{}", self.min, max),
            None => write!(f, "{}-", self.min),
        }
    }
}

/// A value type that is not composed of others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `number`, optionally bounded.
    Number(Option<Range>),
    /// `real`.
    Real,
    /// `double`: 1 (normal) or 2 (emphasized).
    Double,
    /// `color`: B or W.
    Color,
    /// `simpletext`: one line of text.
    SimpleText,
    /// `text`: text with line breaks.
    Text,
    /// `point`: a point in the syntax of the tree's game.
    Point,
    /// `move`: a move in the syntax of the tree's game.
    Move,
    /// `stone`: a stone in the syntax of the tree's game.
    Stone,
}

impl Scalar {
    /// The keyword of the type in a specification.
    pub const fn keyword(self) -> &'static str {
        match self {
            Scalar::Number(_) => "number",
            Scalar::Real => "real",
            Scalar::Double => "double",
            Scalar::Color => "color",
            Scalar::SimpleText => "simpletext",
            Scalar::Text => "text",
            Scalar::Point => "point",
            Scalar::Move => "move",
            Scalar::Stone => "stone",
        }
    }

    /// Whether the value names a place on the board (`point` or `stone`).
    pub const fn is_place(self) -> bool {
        matches!(self, Scalar::Point | Scalar::Stone)
    }
}

/// One value between brackets: a scalar, or two or more scalars composed with `:`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Single {
    /// The parts, left to right; more than one for a composed value.
    pub parts: List<Scalar>,
}

impl Single {
    /// Whether the value is composed of two or more parts.
    pub fn is_composed(&self) -> bool {
        self.parts.len() > 1
    }

    /// The first part, which a composed value is keyed by (`LB[dd:label]` is at `dd`).
    pub fn first(&self) -> Scalar {
        self.parts.first().copied().unwrap_or(Scalar::SimpleText)
    }
}

/// The value type of a property.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueType {
    /// `none`: one empty value.
    None,
    /// Exactly one value.
    One(Single),
    /// `list of`: one or more values.
    List(Single),
    /// `elist of`: zero or more values (`[]` is empty).
    EList(Single),
    /// `a | b`: one value of the first alternative that fits.
    Alt(List<ValueType>),
}

impl ValueType {
    /// The single values this type may hold, alternatives flattened.
    pub fn singles(&self) -> Vec<&Single> {
        match self {
            ValueType::None => Vec::new(),
            ValueType::One(s) | ValueType::List(s) | ValueType::EList(s) => vec![s],
            ValueType::Alt(alts) => alts.iter().flat_map(ValueType::singles).collect(),
        }
    }

    /// Whether some value of this type is composed.
    pub fn has_composed(&self) -> bool {
        self.singles().iter().any(|s| s.is_composed())
    }

    /// Whether every value of this type is keyed by a point or stone.
    pub fn is_placed(&self) -> bool {
        let singles = self.singles();
        !singles.is_empty() && singles.iter().all(|s| s.first().is_place())
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn single(s: &Single, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            for (i, part) in s.parts.iter().enumerate() {
                if i + 1 < s.parts.len() {
                    f.write_str("composed ")?;
                }
                f.write_str(part.keyword())?;
                if let Scalar::Number(Some(range)) = part {
                    write!(f, " (range: {range})")?;
                }
                if i + 1 < s.parts.len() {
                    f.write_str(" ':' ")?;
                }
            }
            Ok(())
        }
        match self {
            ValueType::None => f.write_str("none"),
            ValueType::One(s) => single(s, f),
            ValueType::List(s) => {
                f.write_str("list of ")?;
                single(s, f)
            }
            ValueType::EList(s) => {
                f.write_str("elist of ")?;
                single(s, f)
            }
            ValueType::Alt(alts) => {
                for (i, alt) in alts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" | ")?;
                    }
                    write!(f, "{alt}")?;
                }
                Ok(())
            }
        }
    }
}

/// A property as defined for one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Property {
    /// The identifier (`B`, `AB`, `KM`).
    pub ident: Str,
    /// The long name given in parentheses after the identifier, if any.
    pub name: Option<Str>,
    /// The value type.
    pub value: ValueType,
    /// The property type.
    pub kind: PropertyType,
    /// The name of the group that defines it (`Move`, `Go`).
    pub group: Str,
    /// The `GM` number of the game section that defines it; `None` for general properties.
    pub game: Option<u32>,
    /// What the property means (the `Function:` text).
    pub doc: Str,
    /// Identifiers of related properties.
    pub related: List<Str>,
    /// Where the definition stands.
    pub defined_at: Location,
}

impl Property {
    /// Whether the property plays a move: its values are moves, as those of `B` and `W` in
    /// every game (not only of the move type, as `KO` or `BL` are).
    pub fn plays(&self) -> bool {
        fn plays(value: &ValueType) -> bool {
            match value {
                ValueType::None => false,
                ValueType::One(s) | ValueType::List(s) | ValueType::EList(s) => {
                    s.parts.contains(&Scalar::Move)
                }
                ValueType::Alt(alts) => alts.iter().any(plays),
            }
        }
        plays(&self.value)
    }
}

/// A restriction, checked by the validator.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// At most one of these properties in a node.
    Exclusive(List<Str>),
    /// No property of the first type in a node with one of the second.
    NoMix(PropertyType, PropertyType),
    /// Each of `props` needs at least one of `any_of` in the same node.
    Requires {
        /// The properties that need a companion.
        props: List<Str>,
        /// The companions, one of which must be present.
        any_of: List<Str>,
    },
    /// A point appears at most once across these properties of a node, except that points may
    /// repeat within one of the `repeatable` properties.
    Unique {
        /// The properties whose points must be unique.
        props: List<Str>,
        /// The properties within which a point may repeat in this game.
        repeatable: List<Str>,
    },
    /// The same value appears at most once in each of these properties.
    NoDuplicates(List<Str>),
    /// The parts of a composed value of these properties must differ.
    DistinctParts(List<Str>),
    /// At most one occurrence of each of these properties in a whole game tree.
    OncePerGame(List<Str>),
    /// These properties are no longer part of the format.
    Dropped(List<Str>),
    /// The text of the property's values follows a format the specification prescribes in prose
    /// (one of [`FORMATS`]).
    Format {
        /// The property.
        prop: Str,
        /// The name of the format.
        format: Str,
    },
    /// An identifier of an earlier format (`FF[1]`, `FF[3]`) that is not defined any more and
    /// whose meaning a defined property carries now (`L` is `LB`).
    Renamed {
        /// The obsolete identifier.
        from: Str,
        /// The property that replaces it.
        to: Str,
    },
    /// Values of a property outside its type that real files commonly write with a known
    /// meaning (`HA[0]` for no handicap, `AP[foxwq]` without a version): worth knowing, not an
    /// error.
    Convention {
        /// The property.
        prop: Str,
        /// The type the conventional values have (`number (range: 0-1)`); it names no point,
        /// move or stone, so that it is checked alike in every game.
        value: ValueType,
        /// What such values mean, for the message.
        meaning: Str,
    },
}

/// The formats a `Format:` directive may name: `date` (`DT`: ISO dates with the shortcuts of
/// FF\[4\]), `result` (`RE`: `B+3.5`, `W+R`, `0`, `Void`, `?`, …) and `backgammon-result` (`RE`
/// with the points of a resignation, `B+6R`).
pub const FORMATS: &[&str] = &["date", "result", "backgammon-result"];

impl Rule {
    /// The directive keyword of the rule.
    pub const fn keyword(&self) -> &'static str {
        match self {
            Rule::Exclusive(_) => "Exclusive",
            Rule::NoMix(..) => "NoMix",
            Rule::Requires { .. } => "Requires",
            Rule::Unique { .. } => "Unique",
            Rule::NoDuplicates(_) => "NoDuplicates",
            Rule::DistinctParts(_) => "DistinctParts",
            Rule::OncePerGame(_) => "OncePerGame",
            Rule::Dropped(_) => "Dropped",
            Rule::Format { .. } => "Format",
            Rule::Renamed { .. } => "Renamed",
            Rule::Convention { .. } => "Convention",
        }
    }

    /// Every defined property the rule names (not the obsolete identifier of `Renamed`).
    pub fn idents(&self) -> Vec<&Str> {
        match self {
            Rule::NoMix(..) => Vec::new(),
            Rule::Format { prop, .. } | Rule::Convention { prop, .. } => vec![prop],
            Rule::Renamed { to, .. } => vec![to],
            Rule::Requires { props, any_of } => props.iter().chain(any_of.iter()).collect(),
            Rule::Unique { props, .. }
            | Rule::Exclusive(props)
            | Rule::NoDuplicates(props)
            | Rule::DistinctParts(props)
            | Rule::OncePerGame(props)
            | Rule::Dropped(props) => props.iter().collect(),
        }
    }
}

/// A rule and where it was stated.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RuleDef {
    /// The rule.
    pub rule: Rule,
    /// Where the directive stands.
    pub defined_at: Location,
}

/// A game with everything that applies to its trees: the general properties and rules, and
/// those of its own section.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// The game's name (`Go`, `Lines of Action`); `Other` for the games without a section.
    pub name: Str,
    /// The `GM` number; `None` for the catch-all of games without a section.
    pub gm: Option<u32>,
    /// The module of `sgf-core` that reads the game's points, moves and stones
    /// (`src/games/<module>.rs`), as its section's `Module:` names it; `None` for a game whose
    /// values are kept as written (`games::raw`).
    pub module: Option<Str>,
    /// The `Restrictions:` prose of the game's section.
    pub doc: Str,
    /// Every property of the game, general ones first, in the order of the specification.
    pub properties: List<Property>,
    /// Every rule that applies to the game's trees.
    pub rules: List<RuleDef>,
    /// The rules compiled over the properties, for checking nodes fast.
    pub plan: Plan,
}

impl Game {
    /// The property with this identifier.
    pub fn property(&self, ident: &str) -> Option<&Property> {
        self.properties.iter().find(|p| same_ident(&p.ident, ident))
    }
}

/// Whether two identifiers are the same. They are a letter or two, compared byte by byte with
/// no call to `memcmp`, which costs more than the comparison where lookups compare many.
pub fn same_ident(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().eq(b.bytes())
}
