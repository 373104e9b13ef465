//! The SGF property specification texts: the complete `FF[4]` specification and the `FF[5]` draft
//! layered on top of it. The format is described in this crate's `README.md`.
//!
//! `sgf-core`'s build script reads these texts, so a build follows every edit of the files.

/// A specification file: its name (as used in error locations) and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpecText {
    /// The file's path relative to the workspace root, e.g. `spec/ff4.spec`.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// The `FF[4]` specification: the general properties and the sections of Go, Backgammon, Lines of
/// Action, Hex, Amazons and Octi.
pub const FF4: SpecText = SpecText {
    name: "spec/ff4.spec",
    text: include_str!("../ff4.spec"),
};

/// The `FF[5]` draft, read on top of [`FF4`]: `UN`, `PI`, a machine-readable `OT`, and the
/// properties `FF[5]` drops.
pub const FF5: SpecText = SpecText {
    name: "spec/ff5.spec",
    text: include_str!("../ff5.spec"),
};

/// The programs and servers that write SGF, read on top of [`FF4`] (and [`FF5`]): how their
/// files are recognised, their private properties and their quirks.
pub const SOURCES: SpecText = SpecText {
    name: "spec/sources.spec",
    text: include_str!("../sources.spec"),
};

/// The directory holding the specification files, for build scripts that print
/// `cargo:rerun-if-changed` for them.
pub const DIR: &str = env!("CARGO_MANIFEST_DIR");
