//! What a property is: its raw form as written in a file, the [`GameProperty`] trait that
//! every generated per-game property enum implements, and those enums: one per game section of
//! the specification ([`GoProperty`], [`HexProperty`], …, and [`OtherGameProperty`] for every
//! game without a section), with the value enums of the properties that take one of several
//! types ([`SzValue`], …).

use std::fmt;

pub use crate::generated::*;

use crate::games::OnGrid;
use crate::spec;
use crate::value::{Context, GridList, ListPoint, ListStyle, RawValue, ValueError, ValueSink};

/// A property as written in a file: its identifier and the raw text of each value (the text
/// between the brackets, escapes included, decoded to Unicode).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RawProperty {
    /// The identifier, e.g. `B` or a private `XX`.
    pub ident: String,
    /// The raw values, in order.
    pub values: Vec<String>,
}

impl RawProperty {
    /// A raw property from an identifier and raw values.
    pub fn new<I, S>(ident: &str, values: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        RawProperty {
            ident: ident.to_owned(),
            values: values.into_iter().map(Into::into).collect(),
        }
    }
}

impl fmt::Display for RawProperty {
    /// Writes the property as in a file: `AB[aa][bb]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.ident)?;
        for value in &self.values {
            write!(f, "[{value}]")?;
        }
        Ok(())
    }
}

/// Why a property is kept verbatim, as its raw form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verbatim {
    /// The game does not define the identifier.
    Unknown,
    /// The values do not fit the property's type.
    Invalid,
}

/// A game's typed property: one enum per game is generated from the specification
/// ([`GoProperty`], …), and applications generate their own the same way.
pub trait GameProperty: Sized + Clone + fmt::Debug + PartialEq + 'static {
    /// The board size (columns, rows) of the game when the root has no `SZ`.
    const DEFAULT_SIZE: (u32, u32);

    /// The game's point: the `Point` of the module its section of the spec names.
    type Point: ListPoint + OnGrid;
    /// The game's stone.
    type Stone: ListPoint + OnGrid;
    /// The game's move.
    type Move: OnGrid + Clone + PartialEq + fmt::Debug;

    /// The game's table: its properties and rules.
    fn game() -> &'static spec::Game;

    /// Reads a property from its identifier and the raw text of its values. An identifier the
    /// game does not define gives `Unknown`, kept verbatim; values that do not fit the type give
    /// the error (see [`Self::from_raw`] to keep them as `Invalid`).
    fn parse<S: RawValue>(ident: &str, values: &[S], ctx: &Context) -> Result<Self, ValueError>;

    /// Reads a property of a one-letter identifier and one value of two bytes, neither of them
    /// `]` nor `\`, where its value type can tell it without [`Self::parse`]: `B[pd]` in Go
    /// (see [`Value::parse_short`](crate::value::Value::parse_short)). `None` leaves it to
    /// `parse`; a property given is the one `parse` gives. Generated with the enum; by
    /// default, always `None`.
    #[inline(always)]
    fn parse_short(ident: u8, value: [u8; 2], ctx: &Context) -> Option<Self> {
        let _ = (ident, value, ctx);
        None
    }

    /// A property of this game whose values do not fit its type, kept verbatim.
    fn invalid(raw: RawProperty) -> Self;

    /// Reads a raw property. A property the game does not define becomes `Unknown`; one whose
    /// values do not fit its type becomes `Invalid`, kept verbatim, with the error.
    fn from_raw(raw: RawProperty, ctx: &Context) -> (Self, Option<ValueError>) {
        match Self::parse(&raw.ident, &raw.values, ctx) {
            Ok(property) => (property, None),
            Err(error) => (Self::invalid(raw), Some(error)),
        }
    }

    /// The raw form of a property kept verbatim, and why: `Unknown` or `Invalid`; `None` for a
    /// typed one.
    fn verbatim(&self) -> Option<(Verbatim, &RawProperty)>;

    /// Appends the raw text of each value to `out` (a `Vec<String>` takes one string per value).
    fn write_values<S: ValueSink>(&self, out: &mut S);

    /// Whether the property holds a point list, which [`Self::restyle_point_lists`] rewrites
    /// (`true` unless an implementation knows better).
    fn holds_point_list(&self) -> bool {
        true
    }

    /// Rewrites the point lists of the property (compressed rectangles or single points).
    fn restyle_point_lists(&mut self, style: ListStyle);

    /// The property's point list as cells of its game's grid, for code that follows its
    /// rectangles without expanding them; `None` for a property without one (the default).
    fn grid_list(&self) -> Option<&dyn GridList> {
        None
    }

    /// The identifier.
    fn ident(&self) -> &str;

    /// Whether the property reads back under `ctx`: exactly when [`Self::parse`] of its
    /// identifier and the values it writes succeeds with `ctx`. Validation asks this with the
    /// board checked, of properties read without; generated enums answer it from the typed
    /// values, without writing and reading them again.
    fn fits(&self, ctx: &Context) -> bool {
        let mut values = Vec::new();
        self.write_values(&mut values);
        Self::parse(self.ident(), &values, ctx).is_ok()
    }

    /// The property in its raw form, as it is written to a file.
    fn to_raw(&self) -> RawProperty {
        let mut values = Vec::new();
        self.write_values(&mut values);
        RawProperty {
            ident: self.ident().to_owned(),
            values,
        }
    }

    /// The position of the property's definition in the game's table
    /// ([`spec::Game::properties`]); `None` for an unknown one. Generated enums answer from the
    /// variant, without comparing identifiers.
    fn definition_index(&self) -> Option<usize> {
        let ident = self.ident();
        Self::game()
            .properties
            .iter()
            .position(|p| p.ident == ident)
    }

    /// The position of the definition of `ident` in the game's table; `None` for an identifier
    /// the game does not define. Generated enums answer with one match, without searching.
    fn definition_of(ident: &str) -> Option<usize> {
        Self::game()
            .properties
            .iter()
            .position(|p| p.ident == ident)
    }

    /// Whether the definition at `index` of the game's table plays a move
    /// ([`spec::Property::plays`]). Generated enums answer from a static table.
    fn plays_at(index: usize) -> bool {
        Self::game()
            .properties
            .get(index)
            .is_some_and(spec::Property::plays)
    }

    /// The definition of the property in the game's table; `None` for an unknown one.
    fn definition(&self) -> Option<&'static spec::Property> {
        Self::game().properties.get(self.definition_index()?)
    }

    /// Whether the property plays a move (its value is a move, as `B` and `W` in every game),
    /// as the game's table says: not only of the move type, as `KO` or `BL` are.
    fn is_move(&self) -> bool {
        self.definition_index().is_some_and(Self::plays_at)
    }
}
