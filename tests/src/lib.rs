//! Properties generated from the standard specification plus `fixtures/extra.spec` (a private
//! `XX` and a Gomoku section), compiled outside `sgf-core` against its public API, the way an
//! application generates its own.

#[allow(clippy::upper_case_acronyms, clippy::large_enum_variant)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/properties.rs"));
}

pub use generated::*;

/// The examples of the workspace README, run as doctests.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub mod fuzz_checks;
