//! The language of SGF property specifications: the reader, the model, and the resolution of
//! properties and rules per game.
//!
//! `sgf-core`'s build script and the `sgf-macros` proc macros both read specifications through
//! this crate, and `sgf-core`'s generated tables are built from the same model types. The format
//! is described in `spec/README.md` of the workspace.
//!
//! ```
//! let text = "Move properties\nExclusive:\tB W\n\n\
//!             Property:\tB (black move)\nPropvalue:\tmove\nPropertytype:\tmove\n\n\
//!             Property:\tW (white move)\nPropvalue:\tmove\nPropertytype:\tmove\n";
//! let spec = sgf_spec::load(&[("moves.spec", text)]).expect("a valid specification");
//! let other = spec.game(4);
//! assert_eq!(other.name, sgf_spec::OTHER_GAME);
//! assert_eq!(other.properties.len(), 2);
//! ```

mod directive;
mod error;
mod lines;
mod model;
mod parser;
pub mod plan;
mod resolve;
mod source;
mod value_type;

pub use directive::{Directive, DirectiveKind};
pub use error::{Error, Errors};
pub use model::{
    FORMATS, Game, List, Location, Property, PropertyType, Range, Rule, RuleDef, Scalar, Single,
    Str, ValueType, same_ident,
};
pub use parser::{Group, SpecFile, parse_file};
pub use resolve::{OTHER_GAME, Spec, resolve};
pub use source::{Analysis, Measure, Quirk, Recognition, Rewrite, Source};

/// Reads and resolves a specification made of several files, layered in order; `files` holds
/// each file's name (used in error locations) and text. Errors of every file are reported.
pub fn load(files: &[(&str, &str)]) -> Result<Spec, Errors> {
    let mut parsed = Vec::new();
    let mut errors = Vec::new();
    for (name, text) in files {
        match parse_file(name, text) {
            Ok(file) => parsed.push(file),
            Err(Errors(mut e)) => errors.append(&mut e),
        }
    }
    if !errors.is_empty() {
        return Err(Errors(errors));
    }
    resolve(&parsed)
}
