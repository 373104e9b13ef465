//! The spec's game sections are the one registry of games: the modules of `sgf-core` must be
//! the ones they name, and a section added to the spec reaches every generated list.

use sgf_codegen::{Options, check_modules};
use sgf_spec_data::FF4;

const MODULES: [&str; 6] = [
    "amazons",
    "backgammon",
    "go",
    "hex",
    "lines_of_action",
    "octi",
];

/// The files of `src/games/` as the build script passes them: every module, `mod` and `raw`.
fn files(modules: &[&str]) -> Vec<String> {
    let mut files: Vec<String> = modules.iter().map(|m| (*m).to_owned()).collect();
    files.extend(["mod".to_owned(), "raw".to_owned()]);
    files
}

#[test]
fn the_modules_of_the_standard_spec_are_the_files_of_sgf_core() {
    let spec = sgf_spec::load(&[(FF4.name, FF4.text)]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(check_modules(&spec, &files(&MODULES)), Ok(()));
    let on_disk = std::fs::read_dir(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../sgf-core/src/games"
    ))
    .expect("sgf-core's games are readable")
    .map(|entry| entry.expect("an entry").path())
    .filter_map(|path| Some(path.file_stem()?.to_str()?.to_owned()))
    .collect::<Vec<_>>();
    assert_eq!(check_modules(&spec, &on_disk), Ok(()));
}

#[test]
fn a_module_without_a_file_or_a_file_without_a_section_is_an_error() {
    let spec = sgf_spec::load(&[(FF4.name, FF4.text)]).unwrap_or_else(|e| panic!("{e}"));
    let without_go: Vec<&str> = MODULES.into_iter().filter(|m| *m != "go").collect();
    let errors = check_modules(&spec, &files(&without_go)).expect_err("go.rs is missing");
    assert_eq!(
        errors,
        ["the spec names module `go`, but there is no `src/games/go.rs`"]
    );
    let mut extra = MODULES.to_vec();
    extra.push("chess");
    let errors = check_modules(&spec, &files(&extra)).expect_err("chess has no section");
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with("`src/games/chess.rs` is named by no game section"),
        "{errors:?}"
    );
}

#[test]
fn a_game_added_to_the_spec_reaches_every_generated_list() {
    let added = "Tic-tac-toe properties\nGametype:\t99\nModule:\ttic_tac_toe\n\n\
                 Kalah properties\nGametype:\t98\n";
    let spec = sgf_spec::load(&[(FF4.name, FF4.text), ("added.spec", added)])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut modules = MODULES.to_vec();
    modules.push("tic_tac_toe");
    assert_eq!(check_modules(&spec, &files(&modules)), Ok(()));
    let source = sgf_codegen::generate(&spec, &Options::for_core(vec!["added.spec".to_owned()]));
    let squeezed: String = source.split_whitespace().collect();
    for expected in [
        // The game's enum, its values from its module, its variant of `GameTree`.
        "pubenumTicTacToeProperty{",
        "B(games::tic_tac_toe::Move)",
        "99=>Self::TicTacToe(builder.build())",
        // `for_each_game!` lists it, and the game without a module, whose values are raw.
        "(TicTacToe,TicTacToeProperty,tic_tac_toe)",
        "(Kalah,KalahProperty,raw)",
        "B(games::raw::Move)",
    ] {
        assert!(squeezed.contains(expected), "{expected}");
    }
}
