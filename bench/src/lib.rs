//! Benchmarks live in `benches/compare`: run them with `cargo bench -p sgf-bench` (or a plain
//! `cargo bench`); `BENCHMARKS.md` at the workspace root holds the results.
