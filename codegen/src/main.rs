//! `sgf-codegen`: prints the Rust generated from the specification, for reading.
//!
//! ```text
//! sgf-codegen print go                  the Go enum, table and conversions
//! sgf-codegen print all --ff5           everything, with the `FF[5]` draft layered on
//! sgf-codegen print other --spec my.spec   with an application's spec layered on
//! sgf-codegen games                     the games of the specification
//! ```

use std::process::ExitCode;

use sgf_codegen::Options;

const USAGE: &str = "usage: sgf-codegen print GAME|all [--ff5] [--spec FILE]...\n       \
                     sgf-codegen games [--ff5] [--spec FILE]...\n\
                     GAME is a game's name without spaces (`go`, `linesofaction`, `other`), as \
                     `sgf-codegen games` lists them";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<String, String> {
    let mut args = args.into_iter();
    let command = args.next().ok_or(USAGE)?;
    let mut game = None;
    let mut files = vec![(
        sgf_spec_data::FF4.name.to_owned(),
        sgf_spec_data::FF4.text.to_owned(),
    )];
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--ff5" => files.push((
                sgf_spec_data::FF5.name.to_owned(),
                sgf_spec_data::FF5.text.to_owned(),
            )),
            "--spec" => {
                let path = args.next().ok_or("--spec needs a file")?;
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
                files.push((path, text));
            }
            "-h" | "--help" => return Ok(format!("{USAGE}\n")),
            _ if game.is_none() && command == "print" => game = Some(arg),
            _ => return Err(format!("unexpected argument `{arg}`\n{USAGE}")),
        }
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let spec = sgf_spec::load(&borrowed).map_err(|e| e.to_string())?;
    let options = Options::for_core(files.iter().map(|(n, _)| n.clone()).collect());
    match command.as_str() {
        "games" => Ok(spec
            .games
            .iter()
            .map(|g| {
                let gm = g.gm.map_or("-".to_owned(), |gm| gm.to_string());
                format!(
                    "{gm:>3}  {:<16} {:<16} {} properties, {} rules\n",
                    g.name,
                    g.module.as_deref().unwrap_or("raw"),
                    g.properties.len(),
                    g.rules.len()
                )
            })
            .collect()),
        "print" => match game.as_deref().ok_or(USAGE)? {
            "all" => Ok(sgf_codegen::generate(&spec, &options)),
            name => {
                let game = spec
                    .game_named(name)
                    .ok_or_else(|| format!("no game named `{name}`\n{USAGE}"))?;
                Ok(sgf_codegen::generate_game(game, &options))
            }
        },
        _ => Err(USAGE.to_owned()),
    }
}
