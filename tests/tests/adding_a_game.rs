//! Adding a game to `sgf-core` takes a section of the spec and one `src/games/<game>.rs`, and
//! nothing else: a copy of the crate with both added builds with every feature, reads, checks,
//! replays and writes a tree of the new game, and makes arbitrary ones. A file of `src/games/`
//! that no section names fails the build, saying what to add.
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

/// A test in the copy: the new game works as every other does.
const TEST: &str = r#"//! The game added to the spec.

use sgf_core::encode::{EncodeOptions, encode_to_string};
use sgf_core::games::tic_tac_toe::{Move, Point};
use sgf_core::{GameTree, TicTacToeProperty};

#[test]
fn the_added_game_reads_checks_replays_and_writes() {
    let parsed = sgf_core::parse_str("(;GM[99];B[bb];W[aa];B[zz])").expect("a tree");
    let GameTree::TicTacToe(tree) = &parsed.collection.games[0] else {
        panic!("a tic-tac-toe tree: {:?}", parsed.collection.games[0]);
    };
    let nodes: Vec<_> = tree.main_line().collect();
    assert_eq!(
        tree.props(nodes[1]),
        [TicTacToeProperty::B(Move::Play(Point { col: 1, row: 1 }))]
    );
    // `zz` lies off the 3x3 board: the value is kept, and the finding says so.
    let report = sgf_core::validate::validate(&parsed.collection);
    assert!(!report.findings.is_empty(), "a point off the board is found");
    // The setup-only board of a game without modelled rules counts its moves.
    let mut replay = tree.replay_main_line();
    let mut steps = 0;
    while replay.step().is_some() {
        steps += 1;
    }
    assert_eq!(steps, 4);
    let written = encode_to_string(&parsed.collection, &EncodeOptions::default());
    let again = sgf_core::parse_str(&written).expect("what is written reads");
    assert_eq!(again.collection, parsed.collection, "{written}");
    assert!(written.contains("GM[99]"), "{written}");
}

#[test]
fn arbitrary_collections_hold_the_added_game() {
    let mut seen = false;
    for seed in 0..400u32 {
        let data: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(seed + 7) >> 3) as u8).collect();
        let mut u = arbitrary::Unstructured::new(&data);
        if let Ok(collection) = sgf_core::arbitrary::arbitrary_collection(&mut u) {
            seen |= collection.games.iter().any(|g| matches!(g, GameTree::TicTacToe(_)));
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
    assert!(output.contains("2 passed"), "{output}");

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
