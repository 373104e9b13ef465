//! Replaying positions: every main line of the Go games of the bulk corpus, from parsed trees,
//! on sgf-core's board, on a plain board written the obvious way (`sgf_bench::naive_go`), and
//! on sgfmill's board (Python), in moves per second.

use std::hint::black_box;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use sgf_bench::{go_trees, naive_main_line};
use sgf_core::position::Positions;
use sgf_core::{GoProperty, Tree};

use crate::{inputs, median};

/// The moves of the main lines of the trees.
fn main_line_moves(trees: &[Tree<GoProperty>]) -> usize {
    trees
        .iter()
        .map(|tree| {
            tree.main_line()
                .flat_map(|n| tree.props(n))
                .filter(|p| matches!(p, GoProperty::B(_) | GoProperty::W(_)))
                .count()
        })
        .sum()
}

fn per_second(moves: usize, time: Duration) -> f64 {
    moves as f64 / time.as_secs_f64() / 1e6
}

/// sgfmill replaying the main lines of the files, if Python and sgfmill are installed: (moves,
/// seconds, games, files it could not read).
fn sgfmill(dir: &Path) -> Option<(usize, f64, usize, usize)> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/python/sgfmill_replay.py");
    let available = Command::new("python3")
        .args(["-c", "import sgfmill"])
        .status()
        .is_ok_and(|s| s.success());
    if !available {
        return None;
    }
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).ok()?;
    let paths: String = manifest
        .lines()
        .filter(|l| l.starts_with("bulk\t"))
        .filter_map(|l| l.split('\t').nth(1))
        .map(|local| format!("{}\n", dir.join(local).display()))
        .collect();
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(paths.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let field = |name: &str| -> Option<f64> {
        let at = text.find(&format!("\"{name}\": "))? + name.len() + 4;
        text[at..].split([',', '}']).next()?.trim().parse().ok()
    };
    Some((
        field("moves")? as usize,
        field("seconds")?,
        field("games")? as usize,
        field("unread")? as usize,
    ))
}

/// The replay table over the bulk corpus.
pub(crate) fn replay(dir: &Path) {
    let bulk = inputs::corpus(dir, "bulk");
    let trees = go_trees(&bulk);
    let moves = main_line_moves(&trees);
    let ours = median(|| {
        for tree in &trees {
            let mut replay = tree.replay_main_line();
            while let Some(step) = replay.step() {
                black_box(step.outcome.captured.len());
            }
        }
    });
    let naive = median(|| {
        for tree in &trees {
            black_box(naive_main_line(tree));
        }
    });
    println!(
        "\n### Positions: the main lines of the {} Go games of the bulk corpus, {moves} moves, \
         from parsed trees, captures included\n",
        trees.len()
    );
    println!("| board | games | moves | median ms | Mmoves/s | sgf-core's speed over it |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    let row = |name: &str, games: usize, moves: usize, time: Duration| {
        println!(
            "| {name} | {games} | {moves} | {:.1} | {:.2} | {:.1}x |",
            time.as_secs_f64() * 1e3,
            per_second(moves, time),
            per_second(moves, ours) / per_second(moves, time)
        );
    };
    row("sgf-core `position::go`", trees.len(), moves, ours);
    row(
        "plain board (`naive_go`: hash sets, every liberty)",
        trees.len(),
        moves,
        naive,
    );
    match sgfmill(dir) {
        Some((played, seconds, games, unread)) => {
            let time = Duration::from_secs_f64(seconds);
            println!(
                "| sgfmill 1.1.1 (Python; {unread} files it cannot read) | {games} | {played} | \
                 {:.1} | {:.2} | {:.1}x |",
                seconds * 1e3,
                per_second(played, time),
                per_second(moves, ours) / per_second(played, time)
            );
        }
        None => println!(
            "\nsgfmill not measured: `python3 -c \"import sgfmill\"` fails (pip install sgfmill)"
        ),
    }
}
