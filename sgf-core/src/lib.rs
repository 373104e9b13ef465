//! Typed SGF game records, read and written losslessly, checked against the specification.
//!
//! # Start here
//!
//! [`read`] (or [`load`] for a file) gives a [`Collection`]: the game trees of a file. A
//! [`Game`] is one of them; its properties are typed when asked for, as the property enum of
//! its game ([`GoProperty`] for Go), generated from the specification in `spec/`.
//!
//! ```
//! use sgf_core::games::go::{Move, Point};
//! use sgf_core::{GoProperty, ReadOptions};
//!
//! let input = b"(;GM[1]FF[4]SZ[19]PB[Lee]PW[Cho];B[pd];W[dp];B[pp])";
//! let collection = sgf_core::read(input, &ReadOptions::default())?;
//! let game = collection.game(0);
//! let mut nodes = game.typed::<GoProperty>();
//! let mut black = Vec::new();
//! for node in game.main_line() {
//!     for property in nodes.props(node) {
//!         if let GoProperty::B(Move::Play(Point { col, row })) = property {
//!             black.push((*col, *row));
//!         }
//!     }
//! }
//! assert_eq!(black, [(15, 3), (15, 15)]);
//! # Ok::<(), sgf_core::ParseError>(())
//! ```
//!
//! [`read`] and [`load`] take records of other formats too: Tygem's `.gib`, WBaduk's and
//! Cyberoro's `.ngf`, Pandanet's `.ugf` and `.ugi`, told by the extension or the content
//! ([`formats`]). Each is read as the SGF it converts to, one game tree, with its findings at
//! the lines of the file.
//!
//! Then, as needed:
//!
//! - What reading recovered from: [`Collection::findings`], each with its line and column.
//!   Every rule of the specification: [`validate::validate`] (or [`validate::check`], which reads
//!   and validates in one go); what can be fixed without guessing: [`repair::repair`].
//! - Writing: [`Collection::encode`] (or [`save`]) with [`encode::EncodeOptions`].
//! - Positions on the board: [`Game::tree`] and [`position::Positions`]; a diagram:
//!   [`diagram`]; who played, the result and the rest of the game info:
//!   [`Game::game_info`].
//! - Editing: [`Collection::set_props`] for a node's properties, or an owned copy of a tree
//!   ([`Game::to_owned`], a [`GameTree`] holding a [`Tree`]) edited and put back with
//!   [`Collection::replace`]; [`Collection::from_trees`] makes a collection in memory.
//! - A tree of any game: [`Game::dispatch`] runs code written once for any property type with
//!   the one of the tree's game ([`game_set`]); the other games' enums are in [`property`].
//!
//! # One model of a game record
//!
//! A [`Collection`] is the one model: the bytes of the file, and per game tree its structure
//! (a `u32` a node, the forks of its variations on the side), its game and its charset. It is
//! lossless: everything written is found again in the bytes, and writing copies what nobody
//! edited. Typed properties are views over it, in the manner of a syntax tree with typed views
//! over it: [`Game::typed`] types a node when it is asked for, and [`Game::tree`] types every
//! node of a tree once, for what goes back and forth in it. Text values that need no decoding
//! and no unescaping share the input's bytes rather than copy them; points, moves and numbers
//! are plain values. Validation, repair, positions, diagrams, the `sgf` tool, Python, the Arrow
//! tables and the Parquet export all read collections this way.
//!
//! Edits are held on the side: a node whose properties are replaced keeps them beside the
//! bytes, and a tree replaced by an owned one is written once into text of its own, read from
//! then on. Owned data is made only where a caller asks for it.
//!
//! What stays of owned trees, and why: [`Tree`], an arena of nodes each holding its typed
//! properties, is the form a tree takes to be *changed* (nodes added, moved, split: what
//! repair does, and what a program building a game does), and to be made without a file
//! ([`Collection::from_trees`], the `sgf!` macro). It reads as the typed views do
//! ([`tree::TreeView`]), so positions and diagrams work on both. It is no second model of a
//! file: reading never makes one, and a collection holds none.
//!
//! # Layers
//!
//! In the order data flows, each module using only those before it (tests aside):
//!
//! 1. [`finding`]: what reading, validation and repair report, and where: spans with lines and
//!    columns, games, nodes ([`NodeId`]) and properties.
//! 2. [`charset`]: bytes to text: byte-order marks, `CA` labels, detection, decoding.
//! 3. [`syntax`]: bytes to game trees' structure (every node, property and value with its
//!    bytes), recovering from damage.
//! 4. [`value`]: the specification's value types, lists of points and their rectangles.
//! 5. [`games`]: each game's points, moves and stones, and how they stand on a grid.
//! 6. [`property`]: the [`GameProperty`] trait, the generated property enums and [`tables`];
//!    [`game_set`]: code run with the property type of a tree's game.
//! 7. [`tree`]: owned trees, and the [`tree::TreeView`] every typed tree reads through.
//! 8. [`collection`] and [`read`] (and [`load`]): bytes to the one model, and its typed views;
//!    [`formats`]: records of other formats (Tygem's GIB, WBaduk's NGF, Pandanet's UGF and
//!    UGI) read into the same model, through SGF text and back to their own lines.
//! 9. [`encode`] (and [`save`]): a collection to bytes.
//! 10. [`position`], [`game_info`] and [`source`]: what the moves do on the board, who
//!     played, and what the program or server that wrote the file meant by its quirks.
//! 11. [`validate`] and [`repair`]: the specification's rules and the board's, and their fixes.
//! 12. [`diagram`]: a position drawn.
//!
//! Beside them: [`file`](mod@file) (reading and writing files safely), and, behind features for the
//! crates that need them, `rust_expr` (values as Rust expressions, for `sgf-macros`:
//! `rust-expr`) and `arbitrary` (values for fuzzing: `arbitrary`).

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
pub mod formats;
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
pub mod source;
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
