//! `sgf stats`: what a set of files holds. Totals (files, unreadable files, bytes, games,
//! nodes, moves), games by game type and by the source recognised as their writer, files by
//! format (SGF, GIB, NGF, UGF) and by charset and how it was settled, the findings of
//! `sgf check` by code and severity, the largest files and the deepest games; as aligned text
//! or as one JSON object.

use std::cmp::Reverse;
use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Value, json};
use sgf_core::finding::{Code, Severity};
use sgf_core::formats::Format;
use sgf_core::game_set::GameDispatch;
use sgf_core::{FileError, Game, GameProperty};

use crate::batch;
use crate::files::{self, Input};

/// How many of the largest files and deepest games are listed.
const TOP: usize = 5;

/// What one readable file holds.
struct FileStats {
    bytes: u64,
    /// The format it was read in (SGF, GIB, NGF, UGF).
    format: &'static str,
    charset: &'static str,
    /// How the charset was settled (see `charset_decision`).
    decision: &'static str,
    games: Vec<GameStats>,
    /// The code and severity of each finding of `sgf_core::validate::check`.
    /// Each code and severity, with how many findings of them there are.
    findings: Vec<(&'static str, Severity, usize)>,
}

/// What one game tree holds.
struct GameStats {
    gm: u32,
    /// The programs or servers recognised as its writer.
    sources: Vec<&'static str>,
    nodes: usize,
    moves: usize,
    depth: usize,
}

/// The sums over every file.
#[derive(Default)]
struct Totals {
    files: usize,
    unreadable: usize,
    bytes: u64,
    games: usize,
    nodes: usize,
    moves: usize,
    by_game: BTreeMap<u32, usize>,
    by_source: BTreeMap<&'static str, usize>,
    by_format: BTreeMap<&'static str, usize>,
    by_charset: BTreeMap<&'static str, usize>,
    /// Files by charset and how it was settled.
    by_decision: BTreeMap<(&'static str, &'static str), usize>,
    by_code: BTreeMap<(&'static str, Severity), usize>,
    /// `(bytes, file)`, largest first, then by path.
    largest: Vec<(Reverse<u64>, String)>,
    /// `(depth, file, game)`, deepest first, then by path and game.
    deepest: Vec<(Reverse<usize>, String, usize)>,
}

/// Counts over every input and prints the result; returns how many files could not be read.
pub(crate) fn run(inputs: &[Input], walk_failures: usize, as_json: bool) -> usize {
    let mut totals = Totals {
        unreadable: walk_failures,
        ..Totals::default()
    };
    batch::run(
        inputs,
        |input| measure(&input.path),
        |input, result| totals.add(&input.path, result),
    );
    if as_json {
        println!("{}", totals.json());
    } else {
        print!("{}", totals.text());
    }
    totals.unreadable
}

fn measure(path: &Path) -> Result<FileStats, FileError> {
    let (bytes, collection) = files::read(path)?;
    // The reader's findings with the validator's, as `sgf check` prints them.
    // Those counted, not listed, with theirs.
    let report = sgf_core::validate::validate(&collection);
    let findings: Vec<(&'static str, Severity, usize)> =
        sgf_core::finding::tally(&report.findings, &report.omitted)
            .map(|(_, code, severity, count)| (code.as_str(), severity, count))
            .collect();
    Ok(FileStats {
        bytes: bytes.len() as u64,
        format: collection
            .origin()
            .map_or(Format::Sgf, |o| o.format())
            .name(),
        charset: collection.charset().name(),
        decision: charset_decision(&findings),
        games: collection
            .games()
            .map(|game| game.dispatch(Shape(game)))
            .collect(),
        findings,
    })
}

/// How a file's charset was settled, by the reader's findings: `uncertain` (detected, with a
/// runner-up nearly as good), `detected` (without a `CA` or against one, or UTF-16 by its NUL
/// bytes), or `declared or ASCII` (a `CA` or byte-order mark the bytes fit, or text that reads
/// alike in every charset).
fn charset_decision(findings: &[(&'static str, Severity, usize)]) -> &'static str {
    let has = |code: Code| findings.iter().any(|(c, _, _)| *c == code.as_str());
    if has(Code::CharsetUncertain) {
        "uncertain"
    } else if has(Code::CharsetDetected) || has(Code::CharsetMismatch) {
        "detected"
    } else {
        "declared or ASCII"
    }
}

/// The game, the number of nodes, of moves (nodes with `B` or `W`), and of nodes on the
/// longest path from the root (the root included) of a game tree, computed in one pass over
/// its nodes in document order.
struct Shape<'a>(Game<'a>);

impl GameDispatch for Shape<'_> {
    type Output = GameStats;

    fn run<P: GameProperty>(self) -> GameStats {
        let game = self.0;
        let mut typed = game.typed::<P>();
        let mut depth = vec![0; game.len()];
        let mut stats = GameStats {
            gm: game.gm(),
            sources: game
                .sources::<P>()
                .iter()
                .map(|s| s.name.as_ref())
                .collect(),
            nodes: game.len(),
            moves: 0,
            depth: 0,
        };
        // In document order a parent comes before its children.
        for node in game.nodes() {
            let here = game.parent(node).map_or(1, |p| depth[p.index()] + 1);
            depth[node.index()] = here;
            stats.depth = stats.depth.max(here);
            if typed.props(node).iter().any(GameProperty::is_move) {
                stats.moves += 1;
            }
        }
        stats
    }
}

impl Totals {
    fn add(&mut self, path: &Path, result: Result<FileStats, FileError>) {
        self.files += 1;
        let stats = match result {
            Ok(stats) => stats,
            Err(error) => {
                self.unreadable += 1;
                for line in files::report(path, &error) {
                    eprintln!("{line}");
                }
                return;
            }
        };
        let name = path.display().to_string();
        self.bytes += stats.bytes;
        *self.by_format.entry(stats.format).or_default() += 1;
        *self.by_charset.entry(stats.charset).or_default() += 1;
        *self
            .by_decision
            .entry((stats.charset, stats.decision))
            .or_default() += 1;
        for (code, severity, count) in stats.findings {
            *self.by_code.entry((code, severity)).or_default() += count;
        }
        for (index, game) in stats.games.iter().enumerate() {
            self.games += 1;
            self.nodes += game.nodes;
            self.moves += game.moves;
            *self.by_game.entry(game.gm).or_default() += 1;
            for source in &game.sources {
                *self.by_source.entry(source).or_default() += 1;
            }
            self.deepest
                .push((Reverse(game.depth), name.clone(), index + 1));
        }
        self.largest.push((Reverse(stats.bytes), name));
        self.largest.sort();
        self.largest.truncate(TOP);
        self.deepest.sort();
        self.deepest.truncate(TOP);
    }

    fn json(&self) -> Value {
        json!({
            "files": self.files,
            "unreadable": self.unreadable,
            "bytes": self.bytes,
            "games": self.games,
            "nodes": self.nodes,
            "moves": self.moves,
            "games_by_type": self.by_game.iter().map(|(gm, count)| json!({
                "gm": gm,
                "name": game_name(*gm),
                "games": count,
            })).collect::<Vec<_>>(),
            "games_by_source": self.by_source.iter().map(|(source, count)| json!({
                "source": source,
                "games": count,
            })).collect::<Vec<_>>(),
            "files_by_format": self.by_format,
            "files_by_charset": self.by_charset,
            "files_by_charset_decision": self.by_decision.iter().map(|((charset, decision), count)| json!({
                "charset": charset,
                "decision": decision,
                "files": count,
            })).collect::<Vec<_>>(),
            "findings": self.by_code.iter().map(|((code, severity), count)| json!({
                "code": code,
                "severity": severity.to_string(),
                "count": count,
            })).collect::<Vec<_>>(),
            "largest_files": self.largest.iter().map(|(bytes, file)| json!({
                "file": file,
                "bytes": bytes.0,
            })).collect::<Vec<_>>(),
            "deepest_games": self.deepest.iter().map(|(depth, file, game)| json!({
                "file": file,
                "game": game,
                "depth": depth.0,
            })).collect::<Vec<_>>(),
        })
    }

    fn text(&self) -> String {
        let mut out = String::new();
        let totals = [
            ("files", self.files as u64),
            ("unreadable", self.unreadable as u64),
            ("bytes", self.bytes),
            ("games", self.games as u64),
            ("nodes", self.nodes as u64),
            ("moves", self.moves as u64),
        ];
        section(
            &mut out,
            None,
            totals.map(|(k, v)| (k.to_owned(), v)).to_vec(),
        );
        let rows = self.by_game.iter();
        let rows = rows.map(|(gm, n)| (format!("GM[{gm}] {}", game_name(*gm)), *n as u64));
        section(&mut out, Some("games by type"), rows.collect());
        let rows = self
            .by_source
            .iter()
            .map(|(s, n)| ((*s).to_owned(), *n as u64));
        section(
            &mut out,
            Some("games by source (spec/sources.spec)"),
            rows.collect(),
        );
        let rows = self
            .by_format
            .iter()
            .map(|(f, n)| ((*f).to_owned(), *n as u64));
        section(&mut out, Some("files by format"), rows.collect());
        let rows = self
            .by_decision
            .iter()
            .map(|((c, how), n)| (format!("{c} ({how})"), *n as u64));
        section(&mut out, Some("files by charset"), rows.collect());
        let rows = self.by_code.iter();
        let rows = rows.map(|((code, severity), n)| (format!("{code} ({severity})"), *n as u64));
        section(&mut out, Some("findings by code"), rows.collect());
        let rows = self
            .largest
            .iter()
            .map(|(bytes, file)| (file.clone(), bytes.0));
        section(&mut out, Some("largest files (bytes)"), rows.collect());
        let rows = self.deepest.iter();
        let rows = rows.map(|(depth, file, game)| (format!("{file} game {game}"), depth.0 as u64));
        section(
            &mut out,
            Some("deepest games (nodes from the root)"),
            rows.collect(),
        );
        out
    }
}

/// The name of the game with this `GM` (`Other` for games without a section of the spec).
fn game_name(gm: u32) -> String {
    sgf_core::tables::game(gm).name.to_string()
}

/// Appends a titled block of `label  count` rows, labels left-aligned and counts
/// right-aligned; nothing for an empty block.
fn section(out: &mut String, title: Option<&str>, rows: Vec<(String, u64)>) {
    if rows.is_empty() {
        return;
    }
    let indent = match title {
        Some(title) => {
            out.push_str(&format!("\n{title}:\n"));
            "  "
        }
        None => "",
    };
    let label = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let count = rows
        .iter()
        .map(|(_, n)| n.to_string().len())
        .max()
        .unwrap_or(0);
    for (l, n) in rows {
        let pad = label - l.chars().count();
        out.push_str(&format!("{indent}{l}{:pad$}  {n:>count$}\n", ""));
    }
}
