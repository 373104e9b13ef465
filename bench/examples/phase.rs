//! Runs one phase of sgf-core once over a set of inputs, for a profiler to watch:
//!
//! ```sh
//! cargo build --release -p sgf-bench --example phase
//! valgrind --tool=callgrind target/release/examples/phase typed bulk-utf8
//! ```
//!
//! Phases: `load` (nothing but reading the inputs into memory, which every phase does first:
//! the baseline to subtract), `scan` (the lean trees), `structural` (the lenient parser alone), `read` (a
//! collection read), and a collection read and then: `typed` (every property of every node
//! typed, a node at a time), `owned` (owned typed copies of its trees), `validate`, `encode`
//! and `as-read` (written node per line or as read); `sgf-parse` and `sgf-parse-write`
//! (sgf-parse 4.2.8 reading, or reading and writing). Inputs: a corpus category (`bulk`, `large`), the same with `-utf8` for its files
//! that are valid UTF-8 (those sgf-parse reads), or the path of one file (read `REPEAT` times
//! over if that is set: the difference between 1 and 1,001 copies of a small file, divided by
//! 1,000, is what each input costs however small it is). It prints the time
//! the phase took; callgrind's count of instructions is the steadier figure on a shared
//! machine.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use sgf_bench::{Inputs, corpus, corpus_dir};
use sgf_core::encode::{EncodeOptions, Layout};
use sgf_core::game_set::GameDispatch;
use sgf_core::syntax::{ParseOptions, parse_structure, scan_structure};
use sgf_core::{Game, GameProperty, ReadOptions};

/// Types every property of every node of a tree, a node at a time.
struct TypeAll<'a>(Game<'a>);

impl GameDispatch for TypeAll<'_> {
    type Output = usize;

    fn run<P: GameProperty>(self) -> usize {
        let mut nodes = self.0.typed::<P>();
        self.0.nodes().map(|node| nodes.props(node).len()).sum()
    }
}

fn inputs(which: &str) -> Option<Inputs> {
    let (category, utf8) = match which.strip_suffix("-utf8") {
        Some(category) => (category, true),
        None => (which, false),
    };
    if matches!(category, "bulk" | "large") {
        let mut inputs = corpus(&corpus_dir()?, category);
        if utf8 {
            inputs.files.retain(|f| std::str::from_utf8(f).is_ok());
        }
        return Some(inputs);
    }
    let file = std::fs::read(which).ok()?;
    let copies = std::env::var("REPEAT")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    Some(Inputs {
        name: which.to_owned(),
        files: vec![file; copies],
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [phase, which] = &args[..] else {
        eprintln!(
            "usage: phase load|scan|structural|read|typed|owned|validate|encode|as-read|sgf-parse[-write] bulk|large[-utf8]|FILE"
        );
        return ExitCode::from(2);
    };
    let Some(inputs) = inputs(which) else {
        eprintln!("{which}: no such corpus category or file (is ../shared/corpus there?)");
        return ExitCode::from(2);
    };
    let start = Instant::now();
    match phase.as_str() {
        "load" => {}
        "scan" => {
            let mut findings = Vec::new();
            for file in &inputs.files {
                findings.clear();
                black_box(scan_structure(
                    file,
                    &ParseOptions::default(),
                    &mut findings,
                ));
            }
        }
        "structural" => {
            let mut findings = Vec::new();
            for file in &inputs.files {
                findings.clear();
                black_box(parse_structure(
                    file,
                    &ParseOptions::default(),
                    &mut findings,
                ));
            }
        }
        "sgf-parse" | "sgf-parse-write" => {
            // sgf-parse 4.2.8 on the same files, for a ratio of instructions.
            for text in inputs
                .files
                .iter()
                .filter_map(|f| std::str::from_utf8(f).ok())
            {
                let Ok(parsed) = sgf_parse::parse(text) else {
                    continue;
                };
                if phase == "sgf-parse-write" {
                    black_box(sgf_parse::serialize(&parsed));
                } else {
                    black_box(parsed);
                }
            }
        }
        "read" | "typed" | "owned" | "validate" | "encode" | "as-read" => {
            let layout = match phase.as_str() {
                "as-read" => Layout::AsRead,
                _ => Layout::NodePerLine,
            };
            let options = EncodeOptions {
                layout,
                ..EncodeOptions::default()
            };
            for file in &inputs.files {
                let Ok(collection) = sgf_core::read(file, &ReadOptions::default()) else {
                    continue;
                };
                match phase.as_str() {
                    "typed" => {
                        for game in collection.games() {
                            black_box(game.dispatch(TypeAll(game)));
                        }
                    }
                    "owned" => drop(black_box(collection.to_trees())),
                    "validate" => drop(black_box(sgf_core::validate::validate(&collection))),
                    "encode" | "as-read" => drop(black_box(collection.encode(&options))),
                    _ => drop(black_box(collection)),
                }
            }
        }
        _ => {
            eprintln!(
                "{phase}: not a phase (load, scan, structural, read, typed, owned, validate, encode, as-read, sgf-parse, sgf-parse-write)"
            );
            return ExitCode::from(2);
        }
    }
    let time = start.elapsed();
    eprintln!(
        "{phase} over {} ({} files, {:.1} MB): {:.1} ms",
        inputs.name,
        inputs.files.len(),
        inputs.bytes() as f64 / 1e6,
        time.as_secs_f64() * 1e3
    );
    ExitCode::SUCCESS
}
