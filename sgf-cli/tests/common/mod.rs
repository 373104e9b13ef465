//! What the tests of the `sgf` binary share: running it, reading what it printed, and
//! temporary directories that are gone when the test ends.

// Each test crate uses some of these.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs the binary with `args`.
pub(crate) fn sgf<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sgf"))
        .args(args)
        .output()
        .expect("the sgf binary runs")
}

pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub(crate) fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[allow(unused_imports)]
pub(crate) use sgf_test_support::{TempDir, temp_dir};
