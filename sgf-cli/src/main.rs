//! `sgf`: the command-line tool. This first cut reads collections and writes them back:
//! `sgf dump` prints typed game trees as JSON, `sgf fmt` rewrites files through the encoder.

mod dump;
mod fmt;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Read, convert and rewrite SGF game records.
#[derive(Parser)]
#[command(name = "sgf", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print each game tree as one line of JSON: its nodes in order, each with its parent and
    /// its properties (text decoded to Unicode, escapes resolved), plus the game number, the
    /// charset the file was read in, and the warnings about it.
    ///
    /// Example: sgf dump games/*.sgf --json > games.jsonl
    Dump {
        /// The SGF files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// JSON Lines output, one game per line (the only format so far).
        #[arg(long, default_value_t = true)]
        json: bool,
    },
    /// Write files back through the encoder into a directory: UTF-8 with CA[UTF-8] unless
    /// --keep-charset, one node per line unless --compact.
    ///
    /// Example: sgf fmt old/*.sgf -o clean/
    Fmt {
        /// The SGF files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The directory to write to (created if missing); files keep their names.
        #[arg(short, long)]
        output: PathBuf,
        /// Write each file in the charset it was read in.
        #[arg(long)]
        keep_charset: bool,
        /// No line breaks between nodes.
        #[arg(long)]
        compact: bool,
        /// Break lines at this width where possible.
        #[arg(long)]
        wrap: Option<usize>,
        /// Write point lists compressed into rectangles.
        #[arg(long, conflicts_with = "expand")]
        compress: bool,
        /// Write every point of a point list on its own.
        #[arg(long)]
        expand: bool,
    },
}

/// Exit status when a file could not be read at all.
const UNREADABLE: u8 = 3;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let failures = match cli.command {
        Command::Dump { files, json: _ } => dump::run(&files),
        Command::Fmt {
            files,
            output,
            keep_charset,
            compact,
            wrap,
            compress,
            expand,
        } => fmt::run(
            &files,
            &output,
            fmt::Style {
                keep_charset,
                compact,
                wrap,
                compress,
                expand,
            },
        ),
    };
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(UNREADABLE)
    }
}
