//! `sgf dump`: game trees as JSON Lines, the bridge into data pipelines.
//!
//! One object per game: `file`, `game` (1-based index in the file), `gm`, `charset`,
//! `findings` (the reader's findings about the game, in the one serialized form of a finding
//! that `sgf check --format json` prints too: `code`, `severity`, `location`, `related`,
//! `message`), and `nodes` in preorder, each `{"parent": index or null, "props": {"B": ["pd"],
//! ...}}`. The flat node list keeps arbitrarily deep trees out of the JSON nesting.
//!
//! With `--positions`, one object per node of each game's main line instead: `file`, `game`,
//! `node` (0 for the root), `move_number`, `move` (`"B[pd]"` or null), `captured` (points as
//! written), `to_play` and `board` (rows of `.`, `X`, `O`), so that analysis needs no board of
//! its own.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Map, Value, json};
use sgf_core::finding::Finding;
use sgf_core::game_set::{GameDispatch, GameSet, RulesDispatch};
use sgf_core::position::{Board, Positions, Rules};
use sgf_core::value::unescape_text;
use sgf_core::{Collection, Game, GameProperty, GameTree};

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
    let (_, collection) = files::read(path)?;
    let findings = findings_by_game(&collection);
    let lines = collection
        .games()
        .zip(findings)
        .map(|(game, findings)| {
            let mut line = json!({
                "file": path.display().to_string(),
                "game": game.index() + 1,
                "gm": game.gm(),
                "charset": collection.charset().name(),
                "findings": findings,
                "nodes": game.dispatch(Nodes(game)),
            });
            // Findings counted, not listed, where there are any.
            let omitted: Vec<_> = collection
                .omitted()
                .iter()
                .filter(|o| o.game == game.index())
                .collect();
            if !omitted.is_empty() {
                line["omitted"] = json!(omitted);
            }
            line.to_string()
        })
        .collect();
    Ok(lines)
}

/// The reader's findings, serialized, listed with the game each is in or follows (a finding
/// past the last game with the last game, so that none is left out).
fn findings_by_game(collection: &Collection) -> Vec<Vec<Value>> {
    let mut by_game = vec![Vec::new(); collection.len()];
    let last = collection.len().saturating_sub(1);
    for finding in collection.findings() {
        if let Some(list) = by_game.get_mut(finding.location.game.min(last)) {
            list.push(serialized(finding));
        }
    }
    by_game
}

/// A finding in its one serialized form, as `sgf check --format json` prints it.
pub(crate) fn serialized(finding: &Finding) -> Value {
    // A finding is plain data: serializing it cannot fail; if it ever did, say so in its place.
    serde_json::to_value(finding).unwrap_or_else(|error| json!({ "error": error.to_string() }))
}

/// The nodes of a tree in document order (preorder), with parent indices and decoded property
/// values.
struct Nodes<'a>(Game<'a, GameTree>);

impl GameDispatch for Nodes<'_> {
    type Output = Value;

    fn run<P: GameProperty>(self) -> Value {
        let game = self.0;
        let mut typed = game.typed::<P>();
        let nodes = game.nodes().map(|node| {
            // Nodes are numbered in document order: a parent's index is its place in the list.
            let parent = game.parent(node).map(|p| p.index());
            // A property repeated in the node lists the values of each occurrence in turn.
            let mut props = Map::new();
            for property in typed.props(node) {
                let raw = property.to_raw();
                let values = raw.values.iter().map(|v| Value::String(unescape_text(v)));
                let entry = props.entry(raw.ident).or_insert_with(|| json!([]));
                if let Value::Array(all) = entry {
                    all.extend(values);
                }
            }
            json!({ "parent": parent, "props": props })
        });
        Value::Array(nodes.collect())
    }
}

/// The JSON lines of one file with `--positions`: one per node of each game's main line.
fn position_lines(path: &Path) -> Result<Vec<String>, sgf_core::FileError> {
    let (_, collection) = files::read(path)?;
    let file = path.display().to_string();
    let mut lines = Vec::new();
    for game in collection.games() {
        let main_line = MainLine { game, file: &file };
        // Every game of the standard specification has rules (the games not modelled replay
        // their setup); a game without would list its main line's nodes with no board.
        let positions = GameTree::dispatch_rules(game.gm(), main_line)
            .unwrap_or_else(|| unmodelled(game, &file));
        lines.extend(positions.into_iter().map(|v| v.to_string()));
    }
    Ok(lines)
}

/// The positions of a game's main line, each with its file, game (from 1) and node (its index
/// in the main line, the root being 0).
struct MainLine<'a, 'f> {
    game: Game<'a, GameTree>,
    file: &'f str,
}

impl RulesDispatch for MainLine<'_, '_> {
    type Output = Vec<Value>;

    fn run<P: Rules>(self) -> Vec<Value> {
        let tree = self.game.tree::<P>();
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
                "file": self.file,
                "game": self.game.index() + 1,
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
}

/// The main line of a game whose positions are not modelled: each node with its move, and
/// nulls where a board would say more.
fn unmodelled(game: Game<'_, GameTree>, file: &str) -> Vec<Value> {
    struct Moves<'a>(Game<'a, GameTree>);

    impl GameDispatch for Moves<'_> {
        type Output = Vec<Option<String>>;

        fn run<P: GameProperty>(self) -> Vec<Option<String>> {
            let mut typed = self.0.typed::<P>();
            self.0
                .main_line()
                .map(|node| {
                    let props = typed.props(node);
                    let played = props.iter().find(|p| p.is_move());
                    played.map(|p| p.to_raw().to_string())
                })
                .collect()
        }
    }

    game.dispatch(Moves(game))
        .into_iter()
        .enumerate()
        .map(|(node, played)| {
            json!({
                "file": file,
                "game": game.index() + 1,
                "node": node,
                "move_number": null,
                "move": played,
                "captured": [],
                "to_play": null,
                "board": null,
            })
        })
        .collect()
}
