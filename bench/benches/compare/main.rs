//! `cargo bench -p sgf-bench`: sgf-core's phases (structural parse, typed parse with charset
//! decoding, validation, encode) side by side with sgf-parse on the same inputs in the same run,
//! as MB/s of input, nodes/s and the ratio of our throughput to theirs, with the shares of the
//! typed read that validation and the board's replay alone take; the scaling of each phase
//! on generated stress inputs at three sizes; the memory held by the parsed bulk corpus; and
//! the replay of Go positions against a plain board and sgfmill's; and the phases over hostile
//! inputs at three sizes (`cargo bench -p sgf-bench -- hostile` runs those alone).
//!
//! Every figure is the median of `SGF_BENCH_PASSES` passes (default 5) over inputs read into
//! memory first. Output is Markdown, ready for `BENCHMARKS.md`. Without `../shared/corpus` the
//! corpus tables are skipped with a message and the stress inputs still run.
//!
//! (A harness of its own rather than criterion: a report must put two libraries' throughputs
//! side by side as a ratio, measured in the same run, which criterion's per-benchmark reports
//! do not do.)

mod inputs;
mod positions;

use std::hint::black_box;
use std::time::{Duration, Instant};

use inputs::Inputs;
use sgf_core::encode::{EncodeOptions, Layout};
use sgf_core::game_set::{GameDispatch, GameSet, RulesDispatch};
use sgf_core::position::{Positions, Rules};
use sgf_core::syntax::{ParseOptions, parse_structure, scan_structure};
use sgf_core::{Collection, Game, GameProperty, GameTree, ReadOptions};

fn passes() -> usize {
    std::env::var("SGF_BENCH_PASSES")
        .ok()
        .and_then(|p| p.parse().ok())
        .filter(|p| *p > 0)
        .unwrap_or(5)
}

/// The median time of running `f` once per pass, after a run left untimed: the first row
/// measured would otherwise pay for cold caches, page faults and buffers growing.
fn median(mut f: impl FnMut()) -> Duration {
    median_of(|| {
        let start = Instant::now();
        f();
        start.elapsed()
    })
}

/// [`median`] of the times `f` measures itself, for a pass that times only part of its work.
fn median_of(mut f: impl FnMut() -> Duration) -> Duration {
    f();
    let mut times: Vec<Duration> = (0..passes()).map(|_| f()).collect();
    times.sort();
    times[times.len() / 2]
}

fn mb_per_s(bytes: usize, time: Duration) -> f64 {
    bytes as f64 / time.as_secs_f64() / 1e6
}

/// Nodes in the inputs, as the structural parser counts them.
fn nodes(inputs: &Inputs) -> usize {
    let mut findings = Vec::new();
    inputs
        .files
        .iter()
        .map(|f| {
            findings.clear();
            parse_structure(f, &ParseOptions::default(), &mut findings)
                .trees
                .iter()
                .map(|t| t.nodes.len())
                .sum::<usize>()
        })
        .sum()
}

struct Row {
    phase: &'static str,
    time: Duration,
    bytes: usize,
    nodes: usize,
}

impl Row {
    fn print(&self, theirs: Option<&Row>) {
        let ratio = theirs.map_or("".to_owned(), |t| {
            format!(
                "{:.1}x",
                mb_per_s(self.bytes, self.time) / mb_per_s(t.bytes, t.time)
            )
        });
        println!(
            "| {} | {:.1} | {:.2} | {:.1} | {} |",
            self.phase,
            self.time.as_secs_f64() * 1e3,
            mb_per_s(self.bytes, self.time),
            self.nodes as f64 / self.time.as_secs_f64() / 1e6,
            ratio
        );
    }
}

/// Our phases on a set of inputs.
struct Ours {
    /// The structural scan: lean trees, the lenient parser where the fast scanner gives up.
    scan: Row,
    /// The lenient structural parser alone.
    structural: Row,
    /// `read`: the scan, charsets and games decided, values typed on access.
    read: Row,
    /// `read`, then every property of every node typed, a node at a time (every move found).
    typed: Row,
    /// `read`, then an owned copy of every tree (`to_trees`).
    owned: Row,
    /// Validation of the collections read (reading not included).
    validate: Row,
    /// The collections written (default layout: unedited nodes copied).
    encode: Row,
    /// The collections written as read (unedited trees copied after the root).
    as_read: Row,
}

/// Types every property of every node of a tree, a node at a time, counting the moves.
struct CountMoves<'a>(Game<'a>);

impl GameDispatch for CountMoves<'_> {
    type Output = usize;

    fn run<P: GameProperty>(self) -> usize {
        let mut nodes = self.0.typed::<P>();
        self.0
            .nodes()
            .map(|node| nodes.props(node).iter().filter(|p| p.is_move()).count())
            .sum()
    }
}

fn ours(inputs: &Inputs) -> Ours {
    let (bytes, nodes) = (inputs.bytes(), nodes(inputs));
    let scan = median(|| {
        let mut findings = Vec::new();
        for f in &inputs.files {
            findings.clear();
            black_box(scan_structure(f, &ParseOptions::default(), &mut findings));
        }
    });
    let structural = median(|| {
        let mut findings = Vec::new();
        for f in &inputs.files {
            findings.clear();
            black_box(parse_structure(f, &ParseOptions::default(), &mut findings));
        }
    });
    let options = ReadOptions::default();
    let read = median(|| {
        for f in &inputs.files {
            let _ = black_box(sgf_core::read(f, &options));
        }
    });
    let typed = median(|| {
        for f in &inputs.files {
            if let Ok(collection) = sgf_core::read(f, &options) {
                for game in collection.games() {
                    black_box(game.dispatch(CountMoves(game)));
                }
            }
        }
    });
    let owned = median(|| {
        for f in &inputs.files {
            if let Ok(collection) = sgf_core::read(f, &options) {
                black_box(collection.to_trees());
            }
        }
    });
    let collections = read_all(inputs);
    let validate = median(|| {
        for c in &collections {
            black_box(sgf_core::validate::validate(c));
        }
    });
    let encode = median(|| {
        for c in &collections {
            let _ = black_box(c.encode(&EncodeOptions::default()));
        }
    });
    let layout = EncodeOptions {
        layout: Layout::AsRead,
        ..EncodeOptions::default()
    };
    let as_read = median(|| {
        for c in &collections {
            let _ = black_box(c.encode(&layout));
        }
    });
    let row = |phase, time| Row {
        phase,
        time,
        bytes,
        nodes,
    };
    Ours {
        scan: row("structural scan (lean trees)", scan),
        structural: row("lenient structural parser alone", structural),
        read: row("`read` (charsets decided; values typed on access)", read),
        typed: row(
            "`read`, then every property of every node typed (`typed::<P>()`, `props(node)`)",
            typed,
        ),
        owned: row("`read`, then owned typed trees (`to_trees()`)", owned),
        validate: row("validation of the collections read (`validate`)", validate),
        encode: row("encode (unedited nodes copied)", encode),
        as_read: row("encode, layout as read (unedited trees copied)", as_read),
    }
}

/// The collections of the inputs that read.
fn read_all(inputs: &Inputs) -> Vec<Collection> {
    let options = ReadOptions::default();
    (inputs.files.iter())
        .filter_map(|f| sgf_core::read(f, &options).ok())
        .collect()
}

/// The board's replay alone, which validation makes (issue 14's checks): every node of each
/// tree of a modelled game applied on its board (`Positions::walk`), timed right after the tree
/// is typed (untimed), as validation replays it. No validation that replays every node on these
/// boards takes less.
fn replay(inputs: &Inputs) -> Duration {
    let collections = read_all(inputs);
    median_of(|| {
        (collections.iter().flat_map(Collection::games))
            .filter_map(|game| GameTree::dispatch_rules(game.gm(), TimedReplay(game)))
            .sum()
    })
}

/// The time of one tree's replay on its board, none for a game whose moves are not played on it
/// (validation does not replay those either).
struct TimedReplay<'a>(Game<'a>);

impl RulesDispatch for TimedReplay<'_> {
    type Output = Duration;

    fn run<P: Rules>(self) -> Duration {
        if !P::MODELLED {
            return Duration::ZERO;
        }
        let tree = self.0.tree::<P>();
        let start = Instant::now();
        tree.walk(|node, board, outcome| {
            black_box((node, board, outcome));
        });
        start.elapsed()
    }
}

/// sgf-parse on inputs it reads.
fn theirs(inputs: &Inputs) -> [Row; 2] {
    let texts: Vec<&str> = inputs
        .files
        .iter()
        .filter_map(|f| std::str::from_utf8(f).ok())
        .collect();
    let parsed: Vec<_> = texts
        .iter()
        .filter_map(|t| sgf_parse::parse(t).ok())
        .collect();
    let bytes: usize = texts.iter().map(|t| t.len()).sum();
    let nodes = nodes(&Inputs {
        name: String::new(),
        files: texts.iter().map(|t| t.as_bytes().to_vec()).collect(),
    });
    let parse = median(|| {
        for t in &texts {
            let _ = black_box(sgf_parse::parse(t));
        }
    });
    let write = median(|| {
        for p in &parsed {
            black_box(sgf_parse::serialize(p));
        }
    });
    let row = |phase, time| Row {
        phase,
        time,
        bytes,
        nodes,
    };
    [
        row("sgf-parse 4.2.8 parse", parse),
        row("sgf-parse 4.2.8 write", write),
    ]
}

fn header(title: &str) {
    println!("\n### {title}\n");
    println!("| phase | median ms | MB/s | Mnodes/s | ratio to sgf-parse |");
    println!("| --- | ---: | ---: | ---: | ---: |");
}

fn compare(inputs: &Inputs) {
    // Ratios are over the same bytes: the files sgf-parse reads (UTF-8 text it accepts).
    let readable = Inputs {
        name: format!("{}, the files sgf-parse reads", inputs.name),
        files: inputs
            .files
            .iter()
            .filter(|f| std::str::from_utf8(f).is_ok_and(|t| sgf_parse::parse(t).is_ok()))
            .cloned()
            .collect(),
    };
    header(&format!(
        "{}: {} of {} files, {:.1} of {:.1} MB",
        readable.name,
        readable.files.len(),
        inputs.files.len(),
        readable.bytes() as f64 / 1e6,
        inputs.bytes() as f64 / 1e6
    ));
    let ours_readable = ours(&readable);
    let [parse, write] = theirs(&readable);
    ours_readable.print(&parse, &write);
    parse.print(None);
    write.print(None);
    let (not_utf8, rejected) = theirs_count(inputs);
    println!(
        "\nOf all {} files, sgf-parse cannot take {not_utf8} that are not UTF-8 and rejects {rejected} more. \
         sgf-core over all of them ({:.1} MB):\n",
        inputs.files.len(),
        inputs.bytes() as f64 / 1e6
    );
    println!("| phase | median ms | MB/s | Mnodes/s | |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    let all = ours(inputs);
    for row in all.rows() {
        row.print(None);
    }
    println!(
        "\nValidation takes {} of the time of the typed read over the files sgf-parse reads, {} over all {} files.",
        share(ours_readable.validate.time, ours_readable.typed.time),
        share(all.validate.time, all.typed.time),
        inputs.files.len()
    );
    println!(
        "\nThe board's replay alone (every node of the trees of modelled games, typed already, applied on their boards: \
         the floor of a validation that replays them) takes {} of the typed read over the files \
         sgf-parse reads, {} over all {} files.",
        share(replay(&readable), ours_readable.typed.time),
        share(replay(inputs), all.typed.time),
        inputs.files.len()
    );
}

impl Ours {
    fn rows(&self) -> [&Row; 8] {
        [
            &self.scan,
            &self.structural,
            &self.read,
            &self.typed,
            &self.owned,
            &self.validate,
            &self.encode,
            &self.as_read,
        ]
    }

    /// Our rows, each read against sgf-parse's parse and each write against its write.
    fn print(&self, parse: &Row, write: &Row) {
        for row in self.rows() {
            let theirs = if std::ptr::eq(row, &self.validate) {
                None
            } else if [&self.encode, &self.as_read]
                .iter()
                .any(|r| std::ptr::eq(row, *r))
            {
                Some(write)
            } else {
                Some(parse)
            };
            row.print(theirs);
        }
    }
}

/// The time of `part` as a percentage of the time of `whole`.
fn share(part: Duration, whole: Duration) -> String {
    format!("{:.0}%", part.as_secs_f64() / whole.as_secs_f64() * 100.0)
}

/// How many files sgf-parse cannot take as text, and how many more it rejects.
fn theirs_count(inputs: &Inputs) -> (usize, usize) {
    let texts: Vec<&str> = inputs
        .files
        .iter()
        .filter_map(|f| std::str::from_utf8(f).ok())
        .collect();
    let rejected = texts
        .iter()
        .filter(|t| sgf_parse::parse(t).is_err())
        .count();
    (inputs.files.len() - texts.len(), rejected)
}

/// Resident memory of this process in bytes, from `/proc/self/status` (Linux).
fn resident() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn memory(inputs: &Inputs) {
    // The collections with their findings, measured first and held while the owned trees are,
    // so that neither reuses memory the other freed.
    let before = resident();
    let collections = read_all(inputs);
    let held = resident().zip(before).map(|(a, b)| a.saturating_sub(b));
    let before = resident();
    let owned: Vec<_> = collections.iter().map(Collection::to_trees).collect();
    let held_owned = resident().zip(before).map(|(a, b)| a.saturating_sub(b));
    let input = inputs.bytes() as f64;
    if let (Some(held), Some(held_owned)) = (held, held_owned) {
        let findings: usize = collections.iter().map(|c| c.findings().len()).sum();
        println!(
            "\nMemory held by the {} collections of {}, with their {findings} findings: {:.1} MB for \
             {:.1} MB of input, {:.2}x its size (growth of resident memory, /proc/self/status).",
            collections.len(),
            inputs.name,
            held as f64 / 1e6,
            input / 1e6,
            held as f64 / input
        );
        println!(
            "\nMemory held by owned typed copies of the same trees (`to_trees`): {:.1} MB, {:.2}x the input.",
            held_owned as f64 / 1e6,
            held_owned as f64 / input
        );
    }
    black_box((collections, owned));
}

fn scaling(make: fn(usize) -> Inputs, sizes: [usize; 3]) {
    table(sizes.map(make));
}

/// The phases of each of `inputs`, a row each.
fn table(inputs: [Inputs; 3]) {
    let runs: Vec<(Inputs, Ours)> = inputs
        .into_iter()
        .map(|inputs| {
            let rows = ours(&inputs);
            (inputs, rows)
        })
        .collect();
    println!(
        "\n| input | MB | scan ms | lenient parser ms | read ms | every node typed ms | owned trees ms | validation ms | encode ms | encode as read ms |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (inputs, ours) in &runs {
        let cells: Vec<String> = ours
            .rows()
            .iter()
            .map(|r| format!("{:.1}", r.time.as_secs_f64() * 1e3))
            .collect();
        println!(
            "| {} | {:.1} | {} |",
            inputs.name,
            inputs.bytes() as f64 / 1e6,
            cells.join(" | ")
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; `positions` measures the replay of positions alone.
    if std::env::args().any(|a| a == "positions") {
        match inputs::corpus_dir() {
            Some(dir) => positions::replay(&dir),
            None => println!("skipped: ../shared/corpus is absent"),
        }
        return;
    }
    // `hostile` measures the hostile inputs alone.
    if std::env::args().any(|a| a == "hostile") {
        hostile();
        return;
    }
    println!("## sgf-core vs sgf-parse ({} passes, median)", passes());
    match inputs::corpus_dir() {
        Some(dir) => {
            let bulk = inputs::corpus(&dir, "bulk");
            memory(&bulk);
            compare(&bulk);
            compare(&inputs::corpus(&dir, "large"));
            positions::replay(&dir);
        }
        None => {
            println!("\nskipped: ../shared/corpus is absent, so the corpus tables are not measured")
        }
    }
    println!(
        "\n## Scaling on generated inputs (sgf-parse is not run: it overflows its stack on deep trees)"
    );
    scaling(inputs::main_line, [250_000, 500_000, 1_000_000]);
    scaling(inputs::nested, [25_000, 50_000, 100_000]);
    scaling(inputs::comment, [12, 25, 50]);
    scaling(inputs::board52, [1_000, 2_000, 4_000]);
    hostile();
}

/// The phases over each hostile input at three sizes: their time must grow linearly.
fn hostile() {
    println!(
        "\n## Hostile inputs at 1x, 10x and 100x (`sgf_test_support::hostile`): time must grow linearly"
    );
    let sizes = [1_000, 10_000, 100_000];
    for (name, generate) in sgf_test_support::hostile::GENERATORS {
        println!("\n{name}:");
        table(sizes.map(|n| Inputs {
            name: format!("{n} repeats"),
            files: vec![generate(n).into_bytes()],
        }));
        // Repair rewrites what the phases above only look at: its own row, read included.
        let repair: Vec<String> = sizes
            .iter()
            .map(|&n| {
                let input = generate(n);
                let time = median(|| {
                    let mut collection = sgf_core::read(input.as_bytes(), &ReadOptions::default())
                        .expect("lenient reading reads every hostile input");
                    black_box(sgf_core::repair::repair(&mut collection));
                });
                format!("{:.1}", time.as_secs_f64() * 1e3)
            })
            .collect();
        println!("\nread and repair, ms: {}", repair.join(" | "));
    }
}
