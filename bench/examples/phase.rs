//! Runs one phase of sgf-core once over a set of inputs, for a profiler to watch:
//!
//! ```sh
//! cargo build --release -p sgf-bench --example phase
//! valgrind --tool=callgrind target/release/examples/phase typed bulk-utf8
//! ```
//!
//! Phases: `scan` (the lean trees), `structural` (the lenient parser alone), `compact` (a
//! compact collection read), `compact-encode` and `compact-as-read` (read, then written node
//! per line or as read), `typed`, `validate` (typed, then validation), `encode` (typed, then
//! encode), `sgf-parse` and `sgf-parse-write` (sgf-parse 4.2.8 reading, or reading and
//! writing). Inputs: a corpus category (`bulk`, `large`), the same with `-utf8` for its files
//! that are valid UTF-8 (those sgf-parse reads), or the path of one file. It prints the time
//! the phase took; callgrind's count of instructions is the steadier figure on a shared
//! machine.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use sgf_bench::{Inputs, corpus, corpus_dir};
use sgf_core::ReadOptions;
use sgf_core::compact;
use sgf_core::encode::{EncodeOptions, Layout, encode_to_string};
use sgf_core::syntax::{ParseOptions, parse_structure, scan_structure};

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
    Some(Inputs {
        name: which.to_owned(),
        files: vec![file],
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [phase, which] = &args[..] else {
        eprintln!(
            "usage: phase scan|structural|compact|compact-encode|compact-as-read|typed|validate|encode|sgf-parse[-write] bulk|large[-utf8]|FILE"
        );
        return ExitCode::from(2);
    };
    let Some(inputs) = inputs(which) else {
        eprintln!("{which}: no such corpus category or file (is ../shared/corpus there?)");
        return ExitCode::from(2);
    };
    let start = Instant::now();
    match phase.as_str() {
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
        "typed" | "validate" | "encode" => {
            let options = EncodeOptions {
                layout: Layout::Compact,
                ..EncodeOptions::default()
            };
            for file in &inputs.files {
                let Ok(parsed) = sgf_core::parse(file) else {
                    continue;
                };
                match phase.as_str() {
                    "validate" => drop(black_box(sgf_core::validate::validate(&parsed.collection))),
                    "encode" => drop(black_box(encode_to_string(&parsed.collection, &options))),
                    _ => drop(black_box(parsed)),
                }
            }
        }
        "compact" | "compact-encode" | "compact-as-read" => {
            let layout = match phase.as_str() {
                "compact-as-read" => Layout::AsRead,
                _ => Layout::NodePerLine,
            };
            let options = EncodeOptions {
                layout,
                ..EncodeOptions::default()
            };
            for file in &inputs.files {
                let Ok(read) = compact::read(file, &ReadOptions::default()) else {
                    continue;
                };
                if phase == "compact" {
                    black_box(read);
                } else {
                    let _ = black_box(read.collection.encode(&options));
                }
            }
        }
        _ => {
            eprintln!(
                "{phase}: not a phase (scan, structural, compact, compact-encode, compact-as-read, typed, validate, encode, sgf-parse, sgf-parse-write)"
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
