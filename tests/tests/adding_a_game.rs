//! Adding a game to `sgf-core` takes a section of the spec and one `src/games/<game>.rs`, and
//! nothing else: a copy of the crate with both added builds with every feature, reads, checks,
//! replays and writes a tree of the new game, and makes arbitrary ones; its `GM` dispatches to
//! its rules, so validation's board checks and repair run on it; and its moves are on the grid
//! (`OnGrid`, what Python and Arrow show moves with), all with no other edit. A file of
//! `src/games/` that no section names fails the build, saying what to add. Adding a source
//! (`spec/sources.spec`) is an entry of the spec alone: the copy recognises it, reads its
//! quirk and knows its private property.
//!
//! The copy is built by cargo, offline, into a target folder kept under `target/tmp`; the first
//! run builds sgf-core and its dependencies (a minute or two on two cores).

use std::path::Path;
use std::process::Command;

/// The crates the copy holds: sgf-core and what it is built from.
const CRATES: [&str; 5] = ["spec", "sgf-spec", "codegen", "sgf-core", "test-support"];

/// The new game's section, appended to the copy's `spec/ff4.spec`.
const SECTION: &str = "
Tic-tac-toe properties
Gametype:\t99
Module:\ttic_tac_toe
Restrictions:\tThree in a row wins; the board is three by three.
";

/// A new source, appended to the copy's `spec/sources.spec`: adding one is a spec entry, with
/// no Rust edit.
const SOURCE: &str = "
Tic-tac-toe Club properties
Source:\tAP tttclub
Restrictions:\tA made-up server, to show that a source is an entry of the spec.

Quirk:\tKM / 10
Meaning:\tthe club writes komi times ten
Evidence:\tThis test.

Property:\tXC (club rating)
Propvalue:\tnumber
Propertytype:\tgame-info
Function:\tThe club's rating of the game.
";

/// The new game's module: its values are Go's, on a 3x3 board. A game of its own syntax would
/// write its types here, as `games/hex.rs` does.
const MODULE: &str = "//! Tic-tac-toe: points and moves written as in Go.

pub use super::go::{Move, Point, Stone};

/// The board: three by three.
pub const DEFAULT_SIZE: (u32, u32) = (3, 3);

/// Arbitrary values of this game.
#[cfg(feature = \"arbitrary\")]
pub(crate) mod arbitrary_on_board {
    /// The largest side of the boards of arbitrary trees of the game.
    pub(crate) const MAX_SIDE: Option<u32> = Some(3);
}
";

/// The tests in the copy: the new game works as every other does, and every mechanism of the
/// core that runs per game, driven by the spec, handles it: the dispatch of its rules (which
/// validation's board checks and repair run on), and its values on the grid (`OnGrid`, which
/// Python and Arrow show moves with), reached generically, with no code naming the game.
const TEST: &str = r#"//! The game added to the spec.

use sgf_core::encode::EncodeOptions;
use sgf_core::game_set::{GameDispatch, GameSet, RulesDispatch};
use sgf_core::games::tic_tac_toe::{Move, Point};
use sgf_core::games::{Grid, OnGrid};
use sgf_core::position::{Positions, Rules};
use sgf_core::property::TicTacToeProperty;
use sgf_core::validate::{Code, validate};
use sgf_core::value::{Context, Value};
use sgf_core::{Collection, Game, GameProperty, GameTree, ReadOptions};

fn read(text: &str) -> Collection {
    sgf_core::read(text.as_bytes(), &ReadOptions::default()).expect("a tree")
}

#[test]
fn the_added_game_reads_checks_replays_and_writes() {
    let collection = read("(;GM[99];B[bb];W[aa];B[zz])");
    let game = collection.game(0);
    assert!(
        matches!(game.to_owned(), GameTree::TicTacToe(_)),
        "a tic-tac-toe tree: {:?}",
        game.to_owned()
    );
    let tree = game.tree::<TicTacToeProperty>();
    let nodes: Vec<_> = game.main_line().collect();
    assert_eq!(
        tree.props(nodes[1]),
        [TicTacToeProperty::B(Move::Play(Point { col: 1, row: 1 }))]
    );
    // `zz` lies off the 3x3 board: the value is kept, and the finding says so.
    let report = validate(&collection);
    assert!(
        report.with_code(Code::BadValue).any(|f| f.location.node == Some(nodes[3])),
        "a point off the board is found: {:?}",
        report.findings
    );
    // The setup-only board of a game without modelled rules counts its moves.
    let mut replay = tree.replay_main_line();
    let mut steps = 0;
    while replay.step().is_some() {
        steps += 1;
    }
    assert_eq!(steps, 4);
    let written = collection.to_text(&EncodeOptions::default());
    let again = read(&written);
    assert_eq!(again, collection, "{written}");
    assert!(written.contains("GM[99]"), "{written}");
}

/// The property type and board of the rules a game's `GM` dispatches to.
struct RulesOf;

impl RulesDispatch for RulesOf {
    type Output = (&'static str, &'static str);

    fn run<P: Rules>(self) -> Self::Output {
        (std::any::type_name::<P>(), std::any::type_name::<P::Board>())
    }
}

/// The property type a game's `GM` dispatches to.
struct PropertyOf;

impl GameDispatch for PropertyOf {
    type Output = &'static str;

    fn run<P: GameProperty>(self) -> &'static str {
        std::any::type_name::<P>()
    }
}

#[test]
fn the_added_game_dispatches_to_its_rules() {
    let property = std::any::type_name::<TicTacToeProperty>();
    let board = std::any::type_name::<sgf_core::position::setup::Board>();
    assert_eq!(GameTree::dispatch(99, PropertyOf), property);
    assert_eq!(GameTree::dispatch_rules(99, RulesOf), Some((property, board)));
    // A game without rules of its own keeps its setup by point and counts its moves; it is
    // not modelled, so its board checks nothing: neither validation nor repair asks it.
    assert!(!<TicTacToeProperty as Rules>::MODELLED);
    let mut collection = read("(;GM[99]AB[aa];AE[bb];B[cc];B[bb])");
    let tree = collection.game(0).tree::<TicTacToeProperty>();
    let last = collection.game(0).main_line().last().expect("a node");
    let setup = tree.position_at(last);
    assert_eq!(setup.get("aa").map(|(color, _)| color), Some(sgf_core::value::Color::Black));
    let report = validate(&collection);
    for code in [Code::SetupNoEffect, Code::SameColourTwice] {
        assert_eq!(report.with_code(code).count(), 0, "{:?}", report.findings);
    }
    assert_eq!(sgf_core::repair::repair(&mut collection), []);
}

/// The moves of a tree on the grid, as Python and Arrow read them: each value of a move read
/// with its game's `Move` type, generically; `.1`: with points off the board refused.
struct MovesOnGrid<'a>(Game<'a>, bool);

impl GameDispatch for MovesOnGrid<'_> {
    type Output = Vec<Option<Grid>>;

    fn run<P: GameProperty>(self) -> Vec<Option<Grid>> {
        let ctx = Context { board_check: self.1, ..*self.0.typed::<P>().context() };
        self.0
            .plays::<P>()
            .iter()
            .map(|play| P::Move::parse_value(&play.value, &ctx).ok()?.to_grid())
            .collect()
    }
}

/// The value of a game's move type at a place of the grid of a tree's board, as written.
struct MoveAt<'a>(Game<'a>, Grid);

impl GameDispatch for MoveAt<'_> {
    type Output = Option<String>;

    fn run<P: GameProperty>(self) -> Option<String> {
        let ctx = Context { board_check: true, ..*self.0.typed::<P>().context() };
        let value = P::Move::from_grid(&self.1, &ctx)?;
        let mut out = String::new();
        value.write_value(&mut out);
        Some(out)
    }
}

#[test]
fn the_added_games_moves_are_on_the_grid() {
    let collection = read("(;GM[99];B[bb];W[];B[ca];W[zz])");
    let game = collection.game(0);
    // Read as typed reading reads them, the board unchecked; then on the game's 3x3 board.
    let played = [Some(Grid::Point(1, 1)), Some(Grid::Pass), Some(Grid::Point(2, 0))];
    let as_read = game.dispatch(MovesOnGrid(game, false));
    assert_eq!(as_read, [&played[..], &[Some(Grid::Point(25, 25))]].concat());
    let on_board = game.dispatch(MovesOnGrid(game, true));
    assert_eq!(on_board, [&played[..], &[None]].concat());
    assert_eq!(game.dispatch(MoveAt(game, Grid::Point(0, 2))).as_deref(), Some("ac"));
    assert_eq!(game.dispatch(MoveAt(game, Grid::Point(3, 0))), None, "off the board");
}

#[test]
fn the_added_source_is_recognised_and_its_quirk_read() {
    let collection = read("(;GM[1]FF[4]AP[tttclub:2]KM[65]XC[3];B[aa])");
    let report = validate(&collection);
    let messages = |code| report.with_code(code).map(|f| f.message.clone()).collect::<Vec<_>>();
    assert_eq!(messages(Code::Source), ["written by Tic-tac-toe Club, recognised by `AP[tttclub]`"]);
    assert!(messages(Code::SourceQuirk)[0].ends_with("it means 6.5"), "{:?}", report.findings);
    // Its private property is known: no unknown property, and a value off its type is bad.
    assert_eq!(messages(Code::UnknownProperty), Vec::<String>::new());
    let game = collection.game(0);
    let info = game.game_info::<sgf_core::GoProperty>(game.root());
    assert_eq!(info.komi, Some(6.5));
    assert_eq!(info.as_written, [("KM".to_owned(), "65".to_owned())]);
    let off_type = validate(&read("(;GM[1]AP[tttclub]XC[x])"));
    assert_eq!(off_type.with_code(Code::BadValue).count(), 1, "{:?}", off_type.findings);
}

#[test]
fn arbitrary_collections_hold_the_added_game() {
    let mut seen = false;
    for seed in 0..400u32 {
        let data: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(seed + 7) >> 3) as u8).collect();
        let mut u = arbitrary::Unstructured::new(&data);
        if let Ok(collection) = sgf_core::arbitrary::arbitrary_collection(&mut u) {
            seen |= collection.games().any(|g| matches!(g.to_owned(), GameTree::TicTacToe(_)));
        }
    }
    assert!(seen, "some arbitrary tree is a tic-tac-toe tree");
}
"#;

#[test]
#[ignore = "builds a copy of sgf-core with a game added (a minute or two the first time)"]
fn a_game_is_a_spec_section_and_one_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let copy = sgf_test_support::temp_dir("adding-a-game");
    for name in CRATES {
        copy_dir(&root.join(name), &copy.join(name));
    }
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("the root manifest");
    let members = manifest
        .lines()
        .find(|line| line.starts_with("members = "))
        .expect("a members line");
    let crates = CRATES.map(|c| format!("{c:?}")).join(", ");
    let manifest = manifest.replace(members, &format!("members = [{crates}]"));
    write(&copy.join("Cargo.toml"), &manifest);
    std::fs::copy(root.join("Cargo.lock"), copy.join("Cargo.lock")).expect("the lock file");

    let spec = copy.join("spec/ff4.spec");
    let text = std::fs::read_to_string(&spec).expect("the spec");
    write(&spec, &format!("{text}{SECTION}"));
    let sources = copy.join("spec/sources.spec");
    let text = std::fs::read_to_string(&sources).expect("the sources");
    write(&sources, &format!("{text}{SOURCE}"));
    write(&copy.join("sgf-core/src/games/tic_tac_toe.rs"), MODULE);
    let manifest = copy.join("sgf-core/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("sgf-core's manifest");
    write(
        &manifest,
        &text.replace(
            "[dev-dependencies]\n",
            "[dev-dependencies]\narbitrary = \"1\"\n",
        ),
    );
    write(&copy.join("sgf-core/tests/added_game.rs"), TEST);

    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("adding-a-game");
    let (ok, output) = cargo(
        &copy,
        &target,
        &[
            "test",
            "-p",
            "sgf-core",
            "--features",
            "arbitrary,rust-expr,serde",
            "--test",
        ],
    );
    assert!(ok, "the copy with tic-tac-toe added fails:\n{output}");
    assert!(output.contains("5 passed"), "{output}");

    write(&copy.join("sgf-core/src/games/chess.rs"), "");
    let (ok, output) = cargo(&copy, &target, &["build", "-p", "sgf-core"]);
    assert!(!ok, "a module no section names builds");
    assert!(
        output.contains("`src/games/chess.rs` is named by no game section"),
        "{output}"
    );
}

/// Runs cargo offline in the copy; whether it succeeded, and what it printed.
fn cargo(dir: &Path, target: &Path, args: &[&str]) -> (bool, String) {
    let mut args = args.to_vec();
    if args.last() == Some(&"--test") {
        args.push("added_game");
    }
    let output = Command::new(env!("CARGO"))
        .args(&args)
        .arg("--offline")
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", target)
        .output()
        .expect("cargo runs");
    let text = String::from_utf8_lossy(&output.stdout) + String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text.into_owned())
}

/// Copies a crate's folder, leaving out build output.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let path = entry.expect("a folder entry").path();
        let name = path.file_name().expect("a name");
        if path.is_dir() {
            if name != "target" {
                copy_dir(&path, &to.join(name));
            }
        } else {
            std::fs::copy(&path, to.join(name))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
