//! `sgf dump`: game trees as JSON Lines, the bridge into data pipelines.
//!
//! One object per game: `file`, `game` (1-based index in the file), `gm`, `charset`,
//! `diagnostics` (the reader's findings, each with `line`, `col`, `severity`, `kind`, `message`),
//! and `nodes` in preorder, each `{"parent": index or null, "props": {"B": ["pd"], ...}}`. The
//! flat node list keeps arbitrarily deep trees out of the JSON nesting.
//!
//! With `--positions`, one object per node of each game's main line instead: `file`, `game`,
//! `node` (0 for the root), `move_number`, `move` (`"B[pd]"` or null), `captured` (points as
//! written), `to_play` and `board` (rows of `.`, `X`, `O`), so that analysis needs no board of
//! its own.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Map, Value, json};
use sgf_core::finding::Finding;
use sgf_core::position::{Board, Rules};
use sgf_core::value::unescape_text;
use sgf_core::{GameProperty, GameSet, GameTree, Tree, TreeVisitor};

use crate::batch;
use crate::files::{self, Input};

/// Dumps every file (its games, or with `positions` the positions of their main lines);
/// returns how many could not be read.
pub(crate) fn run(inputs: &[Input], positions: bool) -> usize {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut failures = 0;
    let mut closed = false;
    batch::run(
        inputs,
        |input| {
            if positions {
                position_lines(&input.path)
            } else {
                lines(&input.path)
            }
        },
        |input, result| match result {
            Ok(lines) => {
                for line in lines {
                    if !closed && writeln!(out, "{line}").is_err() {
                        closed = true;
                    }
                }
            }
            Err(error) => {
                failures += 1;
                let _ = out.flush();
                for line in files::report(&input.path, &error) {
                    eprintln!("{line}");
                }
            }
        },
    );
    let _ = out.flush();
    failures
}

/// The JSON lines of one file, one per game.
fn lines(path: &Path) -> Result<Vec<String>, sgf_core::FileError> {
    let (_, parsed) = files::read(path)?;
    let lines = parsed
        .collection
        .games
        .iter()
        .enumerate()
        .map(|(index, game)| {
            let findings: Vec<Value> = parsed
                .findings
                .iter()
                .filter(|f| f.location.game == index)
                .map(finding)
                .collect();
            json!({
                "file": path.display().to_string(),
                "game": index + 1,
                "gm": game.visit(Gm),
                "charset": parsed.collection.charset.name(),
                "diagnostics": findings,
                "nodes": game.visit(Nodes),
            })
            .to_string()
        })
        .collect();
    Ok(lines)
}

/// A finding of the reader: it always has its span.
fn finding(f: &Finding) -> Value {
    let span = f.location.span.unwrap_or_default();
    json!({
        "line": span.line,
        "col": span.col,
        "severity": f.severity.to_string(),
        "kind": format!("{:?}", f.code),
        "message": f.message,
    })
}

/// The `GM` of a tree (1 when absent).
pub(crate) struct Gm;

impl TreeVisitor for Gm {
    type Output = u32;

    fn visit<P: GameProperty>(self, tree: &Tree<P>) -> u32 {
        tree.get(tree.root(), "GM")
            .and_then(|gm| {
                gm.to_raw()
                    .values
                    .first()
                    .and_then(|v| v.trim().parse().ok())
            })
            .unwrap_or(1)
    }
}

/// The nodes of a tree in preorder, with parent indices and decoded property values.
struct Nodes;

impl TreeVisitor for Nodes {
    type Output = Value;

    fn visit<P: GameProperty>(self, tree: &Tree<P>) -> Value {
        let mut order = vec![usize::MAX; tree.arena_len()];
        let mut nodes = Vec::new();
        for (position, id) in tree.preorder().enumerate() {
            order[id.index()] = position;
            let parent = tree.parent(id).map(|p| order[p.index()]);
            // A property repeated in the node lists the values of each occurrence in turn.
            let mut props = Map::new();
            for property in tree.props(id) {
                let raw = property.to_raw();
                let values = raw.values.iter().map(|v| Value::String(unescape_text(v)));
                let entry = props.entry(raw.ident).or_insert_with(|| json!([]));
                if let Value::Array(all) = entry {
                    all.extend(values);
                }
            }
            nodes.push(json!({ "parent": parent, "props": props }));
        }
        Value::Array(nodes)
    }
}

/// The JSON lines of one file with `--positions`: one per node of each game's main line.
fn position_lines(path: &Path) -> Result<Vec<String>, sgf_core::FileError> {
    let (_, parsed) = files::read(path)?;
    let mut lines = Vec::new();
    for (index, game) in parsed.collection.games.iter().enumerate() {
        let file = path.display().to_string();
        let game_number = index + 1;
        macro_rules! every_game {
            ($(($variant:ident, $property:ident, $module:ident)),*) => {
                match game {
                    $(GameTree::$variant(tree) => positions(tree, &file, game_number),)*
                }
            };
        }
        let positions = sgf_core::for_each_game!(every_game);
        lines.extend(positions.into_iter().map(|v| v.to_string()));
    }
    Ok(lines)
}

/// The positions of a tree's main line, each with its file, game (from 1) and node (its index
/// in the main line, the root being 0).
fn positions<P: Rules>(tree: &Tree<P>, file: &str, game: usize) -> Vec<Value> {
    let mut out = Vec::new();
    let mut replay = tree.replay_main_line();
    while let Some(step) = replay.step() {
        let played = tree
            .props(step.node)
            .iter()
            .find(|p| p.is_move())
            .map(|p| p.to_raw().to_string());
        let captured: Vec<String> = step
            .outcome
            .captured
            .iter()
            .map(ToString::to_string)
            .collect();
        let board: Vec<String> = step.board.to_string().lines().map(str::to_owned).collect();
        out.push(json!({
            "file": file,
            "game": game,
            "node": out.len(),
            "move_number": step.board.move_number(),
            "move": played,
            "captured": captured,
            "to_play": step.board.to_play().letter(),
            "board": board,
        }));
    }
    out
}
