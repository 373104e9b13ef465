//! Running a command over many files: in parallel on every core, a chunk at a time so that
//! never more than a chunk of results is held in memory, with each chunk's results handed on
//! in input order (the output does not depend on scheduling), and a progress bar on stderr
//! when stderr is a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

/// How many files are processed between two rounds of output.
const CHUNK: usize = 256;

/// Runs `work` on every input (usually a [`crate::files::Input`]) in parallel and hands its results to `emit` in input order.
/// `emit` runs on the calling thread with the progress bar out of the way, so it may print.
pub(crate) fn run<I, T, W, E>(inputs: &[I], work: W, mut emit: E)
where
    I: Sync,
    T: Send,
    W: Fn(&I) -> T + Sync,
    E: FnMut(&I, T),
{
    let bar = progress(inputs.len());
    for chunk in inputs.chunks(CHUNK) {
        let results: Vec<T> = chunk
            .par_iter()
            .map(|input| {
                let result = work(input);
                bar.inc(1);
                result
            })
            .collect();
        bar.suspend(|| {
            for (input, result) in chunk.iter().zip(results) {
                emit(input, result);
            }
        });
    }
    bar.finish_and_clear();
}

/// A progress bar on stderr if it is a terminal, a hidden one otherwise.
pub(crate) fn progress(len: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} (eta {eta})")
    {
        bar.set_style(style);
    }
    bar
}
