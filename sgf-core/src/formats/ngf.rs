//! WBaduk's and Cyberoro's NGF records.
//!
//! The layout, as Sensei's Library's NGF page and the converters of Sabaki and xyz2sgf read
//! it: twelve header lines, then a move a line.
//!
//! ```text
//! Rated game                  1  the game's kind (GN)
//! 19                          2  the board's size
//! ace550      7D*             3  White and rank
//! p81587      5D*             4  Black and rank
//! www.cyberoro.com            5  the site (PC)
//! 2                           6  the handicap
//! 0                           7  not known
//! 0                           8  komi: a whole number, a half point implied in an even game
//! 20170316 [09:51]            9  the date
//! 5                          10  not known
//! White wins by  resign!     11  the result; `Progressing!` for a game not finished
//! 189                        12  how many moves
//! PMABWQRRQ                      `PM`, the move's number in two letters, the colour, then the
//!                                column and the row, each from `B` (the first line) and
//!                                repeated the other way round; `AA` is a pass
//! ```
//!
//! Ranks are written as SGF files write them (`7D*` is `7d*`, `9DP` `9p`). Handicap stones are
//! not listed: they stand on Tygem's points, which WBaduk's records follow. Lines 7, 10 and 12
//! are kept in `GC` (see [`formats`](super)), and so is the result where it is not read.

use super::handicap::{self, Placement};
use super::lines::{Field, Texts, lines};
use super::record::{self, ROOT, Record};
use super::{Found, Read};
use crate::finding::{Code, Severity};

/// The lines before the moves.
const HEADER: usize = 12;

/// Whether `input` looks like an NGF record: the board size, handicap and komi are numbers
/// on lines 2, 6 and 8.
pub(crate) fn looks_like(input: &[u8]) -> bool {
    let head: Vec<Field<'_>> = lines(input).take(HEADER).collect();
    head.len() >= 8
        && head[1]
            .number::<u8>()
            .is_some_and(|size| (2..=52).contains(&size))
        && head[5].number::<u32>().is_some()
        && head[7].number::<i64>().is_some()
}

pub(crate) fn read(bytes: &[u8], found: &mut Found<'_>) -> Option<Read> {
    let all: Vec<Field<'_>> = lines(bytes).collect();
    if all.iter().all(|l| l.trim().is_empty()) {
        return None;
    }
    // Older files hold fewer header lines: the moves start at the first `PM` line.
    let first_move = all
        .iter()
        .position(|l| l.trim().after(b"PM").is_some())
        .unwrap_or(all.len());
    let header: Vec<Field<'_>> = all[..first_move.min(HEADER)]
        .iter()
        .map(|l| l.trim())
        .collect();
    if header.len() < HEADER {
        let (code, severity, at, message) = if first_move == all.len() {
            let end = bytes.len();
            (
                Code::UnexpectedEnd,
                Severity::Error,
                end..end,
                format!(
                    "the record ends after {} of NGF's {HEADER} header lines: it was cut short",
                    header.len()
                ),
            )
        } else {
            (
                Code::BadRecordLine,
                Severity::Warning,
                all[first_move].at(),
                format!(
                    "the moves start after {} header lines, not {HEADER}: the header's fields \
                     were read by their places",
                    header.len()
                ),
            )
        };
        found.push(code, severity, at, message);
    }
    let line = |n: usize| header.get(n).copied();
    let texts = Texts::decide(
        found,
        None,
        &[line(0), line(2), line(3), line(4), line(10)]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>(),
    );
    let mut record = Record::new();
    let size = match line(1) {
        Some(field) => match field.number::<u8>() {
            Some(size) if (2..=52).contains(&size) => size,
            _ => {
                found.bad_line(
                    field.at(),
                    "NGF's second line is the board's size, from 2 to 52; 19 was taken".into(),
                );
                19
            }
        },
        None => 19,
    };
    let at = |n: usize| line(n).map_or(0..0, |f| f.at());
    record.set(ROOT, "FF", "4".into(), 0..0);
    record.set(ROOT, "CA", "UTF-8".into(), 0..0);
    record.set(ROOT, "GM", "1".into(), 0..0);
    record.set(ROOT, "SZ", size.to_string(), at(1));
    let mut kept = Vec::new();
    if let Some(title) = line(0).filter(|f| !f.is_empty()) {
        record.set(ROOT, "GN", texts.text(title), title.at());
    }
    for (n, name, rank) in [(2, "PW", "WR"), (3, "PB", "BR")] {
        if let Some(field) = line(n).filter(|f| !f.is_empty()) {
            let (player, level) = player(&texts.text(field));
            record.set(ROOT, name, player, field.at());
            if let Some(level) = level {
                record.set(ROOT, rank, level, field.at());
            }
        }
    }
    if let Some(site) = line(4).filter(|f| !f.is_empty()) {
        record.set(ROOT, "PC", texts.text(site), site.at());
    }
    let stones = line(5).and_then(|f| f.number::<u32>()).unwrap_or(0);
    if stones >= 2 {
        match handicap::points(size, stones, Placement::Tygem) {
            Some(points) => {
                record.set(ROOT, "HA", stones.to_string(), at(5));
                for (col, row) in points {
                    let point = record::point(size, col, row).expect("the points are on the board");
                    record.add(ROOT, "AB", point, at(5));
                }
            }
            None => found.bad_line(
                at(5),
                format!("a handicap of {stones} stones has no standard points; not placed"),
            ),
        }
    }
    if let Some(field) = line(7) {
        match field.number::<i64>().filter(|k| k.abs() < 10_000) {
            // A whole number, with a half point implied in an even game.
            Some(komi) => {
                let tenths = komi * 10 + if stones < 2 { 5 } else { 0 };
                record.set(ROOT, "KM", record::tenths(tenths), field.at());
            }
            None => found.bad_line(
                field.at(),
                "NGF's eighth line is the komi, a whole number of points".into(),
            ),
        }
    }
    if let Some(field) = line(8)
        && let Some(date) = date(field)
    {
        record.set(ROOT, "DT", date, field.at());
    }
    if let Some(field) = line(10).filter(|f| !f.is_empty()) {
        let text = texts.text(field);
        match result(&text) {
            Some(re) => record.set(ROOT, "RE", re, field.at()),
            None => kept.push((format!("result={text}"), field.at())),
        }
    }
    for (n, key) in [(6, "line 7"), (9, "line 10"), (11, "moves")] {
        if let Some(field) = line(n).filter(|f| !f.is_empty()) {
            kept.push((format!("{key}={}", texts.text(field)), field.at()));
        }
    }
    let moves = read_moves(&all[header.len()..], size, &mut record, found);
    if let Some(field) = line(11)
        && let Some(said) = field.number::<usize>()
        && moves < said
    {
        let end = bytes.len();
        found.push(
            Code::UnexpectedEnd,
            Severity::Warning,
            end..end,
            format!(
                "the header says {said} moves, and {moves} were read: the record may be cut short"
            ),
        );
    }
    super::keep(&mut record, "NGF", None, &kept);
    Some(Read {
        record,
        charset: texts.charset,
    })
}

/// `name   rank`: the name, and the rank in SGF's way if there is one.
fn player(text: &str) -> (String, Option<String>) {
    let text = text.trim();
    match text.rsplit_once(char::is_whitespace) {
        Some((name, rank))
            if !name.trim().is_empty() && rank.starts_with(|c: char| c.is_ascii_digit()) =>
        {
            let rank = rank.replace("DP", "p").replace('D', "d").replace('K', "k");
            (name.trim().to_owned(), Some(rank))
        }
        _ => (text.to_owned(), None),
    }
}

/// `20170316 [09:51]` as `2017-03-16`.
fn date(field: Field<'_>) -> Option<String> {
    let digits = field.take(8).ascii()?;
    if digits.len() != 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (y, m, d) = (&digits[..4], &digits[4..6], &digits[6..]);
    let ok =
        |v: &str, range: std::ops::RangeInclusive<u32>| v.parse().is_ok_and(|v| range.contains(&v));
    (ok(m, 1..=12) && ok(d, 1..=31)).then(|| format!("{y}-{m}-{d}"))
}

/// `White wins by resign!`, `Black wins by 16.5 points! >> …`, `White loses on time`.
fn result(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let winner = if lower.contains("white win") || lower.contains("black lose") {
        "W"
    } else if lower.contains("black win") || lower.contains("white lose") {
        "B"
    } else {
        return None;
    };
    let margin = if lower.contains("resi") {
        "R".to_owned()
    } else if lower.contains("time") {
        "T".to_owned()
    } else {
        let before = lower.split(">>").next().unwrap_or("");
        before
            .split_whitespace()
            .map(|w| w.trim_end_matches(|c: char| !c.is_ascii_digit()))
            .find_map(|w| {
                let value: f64 = w.parse().ok()?;
                (0.0..10_000.0).contains(&value).then(|| {
                    // Tenths, as the margin is written (`16.5`).
                    #[allow(clippy::cast_possible_truncation)]
                    record::tenths((value * 10.0).round() as i64)
                })
            })
            .unwrap_or_default()
    };
    Some(format!("{winner}+{margin}"))
}

/// The move lines; returns how many moves (and passes) were read.
fn read_moves(lines: &[Field<'_>], size: u8, record: &mut Record, found: &mut Found<'_>) -> usize {
    let mut node = ROOT;
    let mut moves = 0;
    for &line in lines {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some(body) = line.after(b"PM").filter(|b| b.bytes.len() >= 5) else {
            found.bad_line(
                line.at(),
                "an NGF move line is `PM`, two letters, the colour and four letters; this one \
                 was skipped"
                    .into(),
            );
            continue;
        };
        let ident = match body.bytes[2].to_ascii_uppercase() {
            b'B' => "B",
            b'W' => "W",
            _ => {
                found.bad_line(
                    line.at(),
                    "an NGF move is by `B` or `W`; this one was skipped".into(),
                );
                continue;
            }
        };
        let coordinate = |b: u8| i64::from(b.to_ascii_uppercase()) - i64::from(b'B');
        let (col, row) = (coordinate(body.bytes[3]), coordinate(body.bytes[4]));
        let point = if (col, row) == (-1, -1) {
            Some(String::new())
        } else {
            record::point(size, col, row)
        };
        let Some(point) = point else {
            found.bad_line(
                line.at(),
                "an NGF move is on the board (letters from `B`) or a pass (`AA`); this one was \
                 skipped"
                    .into(),
            );
            continue;
        };
        node = record.child(node, 0);
        record.set(node, ident, point, line.at());
        moves += 1;
    }
    moves
}
