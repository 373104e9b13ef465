//! Typed SGF game records.
//!
//! The property enums of each game ([`GoProperty`], [`BackgammonProperty`],
//! [`LinesOfActionProperty`], [`HexProperty`], [`AmazonsProperty`], [`OctiProperty`], and
//! [`OtherGameProperty`] for every game without a section of its own) are generated at build
//! time from the specification in `spec/`, with their value types, static [`tables`] of
//! properties and rules, and conversions between raw and typed values.
//!
//! ```
//! use sgf_core::games::go::{Move, Point};
//! use sgf_core::value::Context;
//! use sgf_core::{GameProperty, GoProperty, RawProperty};
//!
//! let ctx = Context::square(19);
//! let (property, error) = GoProperty::from_raw(RawProperty::new("B", ["pd"]), &ctx);
//! assert!(error.is_none());
//! match property {
//!     GoProperty::B(Move::Play(Point { col, row })) => assert_eq!((col, row), (15, 3)),
//!     other => panic!("expected a black move, got {other:?}"),
//! }
//! assert_eq!(property.to_raw().to_string(), "B[pd]");
//! ```

#[cfg(feature = "arbitrary")]
pub mod arbitrary;
pub mod charset;
mod collection;
pub mod diagnostic;
pub mod diagram;
pub mod encode;
mod file;
pub mod game_info;
mod game_set;
pub mod games;
pub mod parse;
pub mod position;
mod properties;
mod property;
mod read;
pub mod repair;
pub mod rust_expr;
pub mod tree;
pub mod validate;
pub mod value;

/// The specification model the generated [`tables`] are made of.
pub use sgf_spec as spec;

pub use collection::Collection;
pub use file::{FileError, load, load_with, save, write_atomic};
pub use game_set::{GameSet, TreeBuilder, TreeVisitor, TreeVisitorMut};
pub use parse::Mode;
pub use properties::*;
pub use property::{GameProperty, RawProperty, Verbatim};
pub use read::{ParseError, Parsed, ReadOptions, parse, parse_str, parse_with};
pub use tree::{NodeId, Tree};
