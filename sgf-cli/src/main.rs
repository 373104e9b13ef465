//! `sgf`: the command-line tool. `sgf dump` prints typed game trees as JSON, `sgf fmt`
//! rewrites files through the encoder, `sgf convert` re-encodes them into another charset,
//! `sgf stats` counts what a set of files holds, `sgf export` writes their games and moves
//! as Parquet tables, `sgf check` validates files against the rules
//! of their games, and `sgf repair` fixes what can be fixed without guessing. Every command
//! takes files and directories (walked for `*.sgf`, `*.gib`, `*.ngf`, `*.ugf` and `*.ugi`),
//! works on all cores, and prints its results in input order.

mod batch;
mod check;
mod convert;
mod dump;
mod export;
mod files;
mod fmt;
mod render;
mod repair;
mod source;
mod stats;

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
    /// Print each game tree as one line of JSON (JSON Lines).
    ///
    /// Each line holds the game's nodes in order, each with its parent and its properties
    /// (text decoded to Unicode, escapes resolved), plus the file, the game number, the charset
    /// the file was read in, and what reading found about it: `findings`, each in the form
    /// `sgf check --format json` prints (code, severity, location, related, message).
    ///
    /// Exit status: 0 on success; 3 if a file or directory could not be read at all (the
    /// others are still dumped).
    ///
    /// Example: sgf dump games/ --jsonl > games.jsonl
    Dump {
        /// Game records (SGF, GIB, NGF, UGF, UGI), and directories to search for them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// JSON Lines output, one game per line (the only format so far; --json is an alias).
        #[arg(long, alias = "json", default_value_t = true)]
        jsonl: bool,
        /// One line per node of each game's main line instead: the move played, the stones it
        /// captured, whose turn it is, the move number, and the board as rows of `.`, `X`
        /// (black), `O` (white) (Amazons' arrows `#`; games not modelled list their setup).
        #[arg(long)]
        positions: bool,
    },
    /// Write files back through the encoder: into a directory, in place, or only check them.
    ///
    /// UTF-8 with `CA[UTF-8]` unless --keep-charset, one node per line unless --compact, every
    /// value in the form the encoder writes it (`KM[0.00]` becomes `KM[0]`). With -o,
    /// files found under a directory argument keep their path below it in the output directory;
    /// without -o, each file is replaced atomically (and left alone when nothing changes).
    ///
    /// Exit status: 0 on success; 1 with --check if a file would change; 2 if a file's text
    /// cannot be written in its charset; 3 if a file could not be read or written, or two
    /// inputs map to the same output (the other files are still done; the highest status wins).
    ///
    /// Example: sgf fmt old/ -o clean/ && sgf fmt --check clean/
    Fmt {
        /// Game records (SGF, GIB, NGF, UGF, UGI), and directories to search for them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The directory to write to (created if missing); without it, files are rewritten in
        /// place.
        #[arg(short, long, value_name = "DIR")]
        output: Option<PathBuf>,
        /// Write nothing: list the files whose formatted form differs from their bytes.
        #[arg(long, conflicts_with = "output")]
        check: bool,
        /// Write each file in the charset it was read in.
        #[arg(long)]
        keep_charset: bool,
        /// Remove the analysis programs' properties (Sabaki's SBKV and SBKS, Lizzie's LZ,
        /// KaTrain's KT and KTV: the `Analysis:` of spec/sources.spec), printing on stderr how
        /// many went from each file and their bytes.
        #[arg(long)]
        strip_analysis: bool,
        #[command(flatten)]
        style: fmt::Style,
    },
    /// Re-encode files into a charset, with the root's CA set to it.
    ///
    /// The source charset is the declared CA, or the detected one where CA is missing or
    /// wrong. A file whose text cannot be written in the target charset is reported and not
    /// written.
    ///
    /// Exit status: 0 on success; 2 if a file's text cannot be written in the target charset;
    /// 3 if a file could not be read or written (the others are still converted; the highest
    /// status wins).
    ///
    /// Example: sgf convert --to GBK games/ -o gbk/
    Convert {
        /// Game records (SGF, GIB, NGF, UGF, UGI), and directories to search for them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The charset to write (a label such as UTF-8, GBK, Shift_JIS, windows-1252).
        #[arg(long, default_value = "UTF-8", value_parser = convert::parse_charset, value_name = "CHARSET")]
        to: convert::Charset,
        /// The directory to write to (created if missing); files found under a directory
        /// argument keep their path below it.
        #[arg(short, long, value_name = "DIR")]
        output: PathBuf,
        #[command(flatten)]
        style: fmt::Style,
    },
    /// Write the games, moves and analysis of files as three Parquet tables, DIR/games.parquet
    /// (one row per game tree: file, game, board, players, ranks, result, date, komi, handicap,
    /// rules, the source recognised as its writer, charset, counts of nodes, moves and reading
    /// findings), DIR/moves.parquet (one row per move: game, node, parent, variation, number,
    /// colour, value, and the point played in Go and Hex) and DIR/analysis.parquet (one row
    /// per node where an analysis program wrote a win rate or score lead), for DuckDB, pandas
    /// or Spark.
    ///
    /// A game's `game_id` is its number in the export, in input order; the moves name it.
    /// Values are as written, texts decoded from each file's charset, but where the tree's
    /// source writes one in its own way (spec/sources.spec): then the column holds what was
    /// meant (Fox's `KM[650]` is a komi of 6.5, and `KM[0]` none known), and `as_written` the
    /// value as written. The findings counted are those of reading (structure and charsets);
    /// `sgf check` validates.
    ///
    /// Exit status: 0 on success; 2 if the tables could not be written; 3 if a file or
    /// directory could not be read (the others are still exported).
    ///
    /// Example: sgf export games/ -o out && duckdb -c "select black, count(*) from 'out/games.parquet' group by all"
    Export {
        /// Game records (SGF, GIB, NGF, UGF, UGI), and directories to search for them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The directory the three tables are written into (made if missing; tables of the
        /// same names in it are replaced).
        #[arg(short, long, value_name = "DIR")]
        output: PathBuf,
    },
    /// Count what files hold: games, nodes, moves, games by type, files by format and by
    /// charset, findings by code and severity, the largest files and the deepest games.
    ///
    /// Moves are nodes with a B or W property; a game's depth is the number of nodes on its
    /// longest path from the root. The findings are those `sgf check --min-severity info`
    /// prints for the readable files (infos included), counted by their stable code.
    ///
    /// Exit status: 0 on success; 3 if a file or directory could not be read at all (counted
    /// as unreadable; the others are still counted).
    ///
    /// Example: sgf stats corpus/ --json | jq .games
    Stats {
        /// Game records (SGF, GIB, NGF, UGF, UGI), and directories to search for them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Print one JSON object instead of aligned text.
        #[arg(long)]
        json: bool,
    },
    /// Validate files against the rules of their games, and print each finding like a
    /// compiler: `path:line:col: severity[code]: message`, then the source line with carets
    /// under the place.
    ///
    /// Reports what the reader recovered from (damaged structure, unescaped brackets, a wrong
    /// CA) and what breaks a rule of the specification (B and W in one node, a move beside
    /// setup, a root property below the root, a malformed DT or RE, a point off the board).
    /// A file that holds no SGF is an error (no-game-tree). The codes in brackets are stable.
    /// The source line is shown in the charset the file was read in, tabs and control
    /// characters as one column each, a long line cut around the place; --no-source prints
    /// one line per finding. A count of the findings goes to stderr.
    ///
    /// Exit status: 0 if there is no warning and no error; 1 if there are warnings but no
    /// error; 2 if there is an error; 3 if a file or directory could not be read from disk
    /// (the others are still checked; the highest status wins). Only findings of at least
    /// --min-severity count.
    ///
    /// Example: sgf check games/ --format json | jq -r .code | sort | uniq -c
    Check {
        /// Game records (SGF, GIB, NGF, UGF, UGI), and directories to search for them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// Print findings as text or as JSON Lines (one object per finding, with "file").
        #[arg(long, value_enum, default_value_t = check::Format::Text)]
        format: check::Format,
        /// Print and count only findings of this severity or worse; the infos (unknown
        /// properties, detected charsets) are hidden unless asked for.
        #[arg(long, value_enum, default_value_t = check::Level::Warning, value_name = "SEVERITY")]
        min_severity: check::Level,
        /// Read strictly: every recovery of lenient reading is an error, as
        /// `sgf_core::ReadOptions::strict()` reads. Most already are (a file cut short, junk
        /// between nodes, a missing `;` or `(`, an unescaped `]`, a repeated property); this
        /// adds text before the collection and lowercase identifiers in files before `FF[4]`.
        /// Findings about the charset and those of the validator keep their severity.
        #[arg(long)]
        strict: bool,
        /// Print each finding on one line, without the source line and carets under it.
        #[arg(long)]
        no_source: bool,
        /// Do not print the count of findings on stderr.
        #[arg(short, long)]
        quiet: bool,
    },
    /// Fix what validation finds and a program can fix without guessing, and write the
    /// repaired files back through the encoder.
    ///
    /// Obsolete identifiers are renamed in `FF[4]` files (L to LB), properties repeated in a
    /// node resolved, repeated points and values dropped, setup that changes nothing dropped,
    /// nodes that mix a move with setup (or hold B and W) split in two, root properties moved
    /// to the root, and a wrong CA corrected; no move is ever dropped. Each fix is printed as
    /// `path: location: fixed[code]: message`. Only files with at least one fix are written:
    /// replaced atomically, or with -o written into DIR (keeping their path below a directory
    /// argument). Written as `sgf fmt` writes: UTF-8 with `CA[UTF-8]` unless --keep-charset, one
    /// node per line unless --compact. What the reader alone recovers from (junk, an unescaped
    /// bracket, a lost `(` or `;`) is written clean by `sgf fmt`.
    ///
    /// Exit status: 0 on success; 2 if a file holds no readable SGF or its repaired text
    /// cannot be written in its charset; 3 if a file could not be read or written, or two
    /// inputs map to the same output (the other files are still repaired; the highest status
    /// wins).
    ///
    /// Example: sgf repair --dry-run games/ && sgf repair games/ -o repaired/
    Repair {
        /// Game records (SGF, GIB, NGF, UGF, UGI), and directories to search for them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The directory to write repaired files to (created if missing); without it, files
        /// are repaired in place.
        #[arg(short, long, value_name = "DIR")]
        output: Option<PathBuf>,
        /// Write nothing: only print the repairs that would be made.
        #[arg(long, conflicts_with = "output")]
        dry_run: bool,
        /// Write each file in the charset it was read in.
        #[arg(long)]
        keep_charset: bool,
        /// Also write what the quirks of each tree's source (spec/sources.spec; `sgf check`
        /// names it) say for certain as standard SGF: Fox's `KM[650]` becomes `KM[6.5]`, the
        /// Nihon Kiin's `TE` in the root becomes `EV`. A value whose meaning is not known
        /// (Fox's `KM[0]`) stays as it is: nothing is guessed.
        #[arg(long)]
        source_quirks: bool,
        #[command(flatten)]
        style: fmt::Style,
    },
    /// Draw the position at a node of a Go game: SVG, or PNG for an output named *.png.
    ///
    /// The board with its coordinates, the stones after the node, the last move marked, the
    /// node's markup (CR, SQ, TR, MA, SL, LB, AR, LN, DD) and, with --numbers, the numbers of a
    /// range of moves on the stones they placed. Without --node or --move, the last node of
    /// the main line.
    ///
    /// Exit status: 0 on success; 2 if there is no such game or node, the game is not Go or
    /// the output is neither .svg nor .png; 3 if the file could not be read or the diagram
    /// written.
    ///
    /// Example: sgf render game.sgf --move 50 --numbers 41-50 -o move50.png
    Render {
        /// The game record (SGF, GIB, NGF, UGF, UGI).
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The game of the file, counted from 1.
        #[arg(long, default_value_t = 1)]
        game: usize,
        /// The node at this index in document order, as `sgf dump` numbers them (the root is
        /// 0).
        #[arg(long, value_name = "INDEX", conflicts_with = "at_move")]
        node: Option<usize>,
        /// The node of the main line after this move.
        #[arg(long = "move", value_name = "N")]
        at_move: Option<u32>,
        /// Number the stones placed by these moves, e.g. 1-50.
        #[arg(long, value_name = "FROM-TO", value_parser = parse_range)]
        numbers: Option<(u32, u32)>,
        /// The distance between two lines, in pixels (4 to 200).
        #[arg(long, default_value_t = 32.0, value_parser = parse_cell)]
        cell: f64,
        /// The file to write: *.svg or *.png.
        #[arg(short, long, value_name = "OUT")]
        output: PathBuf,
    },
}

/// A range of move numbers: `41-50`, or `7` for one move.
fn parse_cell(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(cell) if (4.0..=200.0).contains(&cell) => Ok(cell),
        _ => Err(format!("`{text}` is not a number of pixels from 4 to 200")),
    }
}

fn parse_range(text: &str) -> Result<(u32, u32), String> {
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{text}` is not a range of move numbers such as 1-50"))
    };
    let (from, to) = match text.split_once('-') {
        Some((from, to)) => (number(from)?, number(to)?),
        None => (number(text)?, number(text)?),
    };
    if from > to {
        return Err(format!("`{text}` runs backwards"));
    }
    Ok((from, to))
}

/// Exit status with `fmt --check` when a file would change.
const CHANGED: u8 = 1;
/// Exit status when a file's text cannot be written in the requested charset.
const UNWRITABLE: u8 = 2;
/// Exit status of `check` when the worst finding is a warning.
const WARNINGS: u8 = 1;
/// Exit status of `check` when there is an error, and of `repair` when a file holds no
/// readable SGF.
const ERRORS: u8 = 2;
/// Exit status when a file could not be read at all.
const UNREADABLE: u8 = 3;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let status = match cli.command {
        Command::Dump {
            paths,
            jsonl: _,
            positions,
        } => {
            let (inputs, walk_failures) = files::collect(&paths);
            failed(walk_failures + dump::run(&inputs, positions))
        }
        Command::Fmt {
            paths,
            output,
            check,
            keep_charset,
            strip_analysis,
            style,
        } => {
            let (inputs, walk_failures) = files::collect(&paths);
            let target = match (&output, check) {
                (_, true) => fmt::Target::Check,
                (Some(dir), false) => fmt::Target::Dir(dir),
                (None, false) => fmt::Target::InPlace,
            };
            let options = style.options(charset(keep_charset));
            let tally = fmt::run(&inputs, &target, strip_analysis, &options);
            tallied(walk_failures, &tally)
        }
        Command::Convert {
            paths,
            to,
            output,
            style,
        } => {
            let (inputs, walk_failures) = files::collect(&paths);
            tallied(walk_failures, &convert::run(&inputs, to, &output, &style))
        }
        Command::Export { paths, output } => {
            let (inputs, walk_failures) = files::collect(&paths);
            match export::run(&inputs, &output) {
                Ok(tally) => {
                    eprintln!(
                        "sgf: {} games and {} moves from {} files in {}",
                        tally.games,
                        tally.moves,
                        tally.files - tally.unreadable,
                        output.display()
                    );
                    failed(walk_failures + tally.unreadable)
                }
                Err(export::Unwritable(message)) => {
                    eprintln!("{message}");
                    UNWRITABLE
                }
            }
        }
        Command::Stats { paths, json } => {
            let (inputs, walk_failures) = files::collect(&paths);
            failed(stats::run(&inputs, walk_failures, json))
        }
        Command::Check {
            paths,
            format,
            min_severity,
            strict,
            no_source,
            quiet,
        } => {
            let (inputs, walk_failures) = files::collect(&paths);
            let options = check::Options {
                format,
                level: min_severity,
                strict,
                source: !no_source,
                quiet,
            };
            checked(&check::run(&inputs, walk_failures, &options))
        }
        Command::Repair {
            paths,
            output,
            dry_run,
            keep_charset,
            source_quirks,
            style,
        } => {
            let (inputs, walk_failures) = files::collect(&paths);
            let target = match (&output, dry_run) {
                (_, true) => repair::Target::DryRun,
                (Some(dir), false) => repair::Target::Dir(dir),
                (None, false) => repair::Target::InPlace,
            };
            let repairs = sgf_core::repair::RepairOptions { source_quirks };
            let options = style.options(charset(keep_charset));
            let tally = repair::run(&inputs, &target, &repairs, &options);
            repaired(walk_failures, &tally)
        }
        Command::Render {
            file,
            game,
            node,
            at_move,
            numbers,
            cell,
            output,
        } => {
            let node = match (node, at_move) {
                (Some(index), _) => render::Node::Index(index),
                (None, Some(number)) => render::Node::Move(number),
                (None, None) => render::Node::Last,
            };
            let request = render::Request {
                file,
                game,
                node,
                numbers,
                output,
                cell,
            };
            match render::run(&request) {
                Ok(()) => 0,
                Err(failure) => {
                    eprintln!("sgf: {}", failure.message);
                    failure.status
                }
            }
        }
    };
    ExitCode::from(status)
}

/// The charset `fmt` and `repair` write in: UTF-8, or with `--keep-charset` the one each file
/// was read in.
fn charset(keep: bool) -> sgf_core::encode::OutputCharset {
    if keep {
        sgf_core::encode::OutputCharset::Source
    } else {
        sgf_core::encode::OutputCharset::Utf8
    }
}

/// The status of a run in which `failures` files could not be read.
fn failed(failures: usize) -> u8 {
    if failures == 0 { 0 } else { UNREADABLE }
}

/// The status of a `fmt` or `convert` run: the highest that applies.
fn tallied(walk_failures: usize, tally: &fmt::Tally) -> u8 {
    if walk_failures + tally.failed > 0 {
        UNREADABLE
    } else if tally.unwritable > 0 {
        UNWRITABLE
    } else if tally.changed > 0 {
        CHANGED
    } else {
        0
    }
}

/// The status of a `check` run: the highest that applies.
fn checked(tally: &check::Tally) -> u8 {
    if tally.unreadable > 0 {
        UNREADABLE
    } else if tally.errors > 0 {
        ERRORS
    } else if tally.warnings > 0 {
        WARNINGS
    } else {
        0
    }
}

/// The status of a `repair` run: the highest that applies.
fn repaired(walk_failures: usize, tally: &repair::Tally) -> u8 {
    if walk_failures + tally.failed > 0 {
        UNREADABLE
    } else if tally.invalid > 0 {
        ERRORS
    } else {
        0
    }
}
