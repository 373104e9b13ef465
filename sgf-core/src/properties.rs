//! The per-game property enums, value enums and static tables, generated at build time from
//! `spec/` by `sgf-codegen` (see `build.rs`). Read what is generated with
//! `cargo run -p sgf-codegen -- print go` (or `all`).

#[allow(clippy::upper_case_acronyms, clippy::large_enum_variant)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/properties.rs"));
}

pub use generated::*;
