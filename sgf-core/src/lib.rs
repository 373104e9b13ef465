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
//! use sgf_core::property::RawProperty;
//! use sgf_core::{GameProperty, GoProperty};
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
//!
//! # Layers
//!
//! In the order data flows, each module using only those before it (tests aside):
//!
//! 1. [`finding`]: what reading, validation and repair report, and where: spans with lines and
//!    columns, games, nodes ([`NodeId`]) and properties.
//! 2. [`charset`]: bytes to text: byte-order marks, `CA` labels, detection, decoding.
//! 3. [`syntax`]: bytes to raw game trees (every node, property and value with its bytes),
//!    recovering from damage.
//! 4. [`value`]: the specification's value types, lists of points and their rectangles.
//! 5. [`games`]: each game's points, moves and stones.
//! 6. [`GameProperty`] and [`RawProperty`], and the generated property enums and [`tables`].
//! 7. [`tree`] and [`Collection`]: typed game trees.
//! 8. [`parse`] (and [`parse_with`], [`load`]): bytes to a typed collection.
//! 9. [`encode`] (and [`save`]): a collection to bytes.
//! 10. [`position`] and [`game_info`]: what the moves do on the board, and who played.
//! 11. [`validate`] and [`repair`]: the specification's rules and the board's, and their fixes.
//! 12. [`diagram`]: a position drawn.
//!
//! Beside them, behind features for the crates that need them: `rust_expr` (values as Rust
//! expressions, for `sgf-macros`: `rust-expr`) and `arbitrary` (values for fuzzing:
//! `arbitrary`).

// First, so that the `for_each_game!` it defines is in scope in every module after it.
#[macro_use]
mod generated;

#[cfg(feature = "arbitrary")]
pub mod arbitrary;
pub mod charset;
pub mod collection;
pub mod diagram;
pub mod encode;
pub mod file;
pub mod finding;
pub mod game_info;
pub mod game_set;
pub mod games;
mod node_id;
pub mod position;
pub mod property;
mod read;
pub mod repair;
#[cfg(feature = "rust-expr")]
pub mod rust_expr;
pub mod syntax;
pub mod tree;
pub mod validate;
pub mod value;

/// The specification model the generated [`tables`] are made of.
pub use sgf_spec as spec;

/// What generated property enums call, here and in applications' own (`sgf_macros::spec!`):
/// reading, writing and checking values by their shape. Not an API: it changes with the
/// generator.
#[doc(hidden)]
pub mod __private {
    pub use crate::syntax::blocks::blocks_agree;
    pub use crate::value::check::{
        fits_elist, fits_list, fits_one, fits_point_elist, fits_point_list,
    };
    pub use crate::value::list::{
        elist, list, none, one, point_elist, point_list, write_elist, write_list, write_none,
        write_one, write_point_list, write_raw,
    };
}

pub use collection::{Collection, Game};
pub use file::{FileError, load, save};
pub use finding::Finding;
pub use generated::{GameTree, GoProperty, tables};
pub use property::GameProperty;
pub use read::{ParseError, ReadOptions, read};
pub use syntax::Mode;
pub use tree::{NodeId, Tree};

// Every generated item, for the modules of the crate (`crate::HexProperty`); outside, they are
// reached through [`property`].
#[allow(unused_imports)]
pub(crate) use generated::*;
