//! Procedural macros for SGF: compile-time checked `sgf!` literals and `spec!` for an
//! application's own properties.
//!
//! Nothing is exported yet: the macros are the subject of their own issue, and will share the
//! spec reader (`sgf-spec`) and the generator (`sgf-codegen`) with `sgf-core`'s build script.
