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
//! A second layout, seen in a Chinese file among Sabaki's tests, marks its eleven header lines
//! `GI`: the event, two players with their ranks, two lines not known, the date (`2006-9-5`),
//! the size, the handicap, a line not known, the komi and how many moves; after the moves, more
//! `GI` lines and the result in words (`IDB[211] 黑中盘胜[EndTxt]`). Its players are read in
//! the order of the first layout, White then Black: nothing shows the other order.
//!
//! Ranks are written as SGF files write them (`7D*` is `7d*`, `9DP` `9p`). Handicap stones are
//! not listed: they stand on Tygem's points, which WBaduk's records follow. A result in words
//! is read in English, Korean, Chinese or Japanese. The lines not known, the count of moves,
//! a result that could not be read and the `GI` lines after the moves are kept in `GC` (see
//! [`formats`](super)).

use super::handicap::{self, Placement};
use super::lines::{Field, Texts, UNNAMED, lines};
use super::record::{self, ROOT, Record};
use super::{Found, Read, result};
use crate::finding::{Code, Severity};

/// Where a layout keeps each field of its header, by line (from 0).
struct Layout {
    /// How many header lines it has.
    lines: usize,
    title: usize,
    size: usize,
    white: usize,
    black: usize,
    site: Option<usize>,
    handicap: usize,
    komi: usize,
    date: usize,
    result: Option<usize>,
    moves: usize,
    /// The lines whose meaning is not known.
    unknown: &'static [usize],
    /// The prefix of every header line.
    prefix: &'static [u8],
}

const PLAIN: Layout = Layout {
    lines: 12,
    title: 0,
    size: 1,
    white: 2,
    black: 3,
    site: Some(4),
    handicap: 5,
    komi: 7,
    date: 8,
    result: Some(10),
    moves: 11,
    unknown: &[6, 9],
    prefix: b"",
};

const MARKED: Layout = Layout {
    lines: 11,
    title: 0,
    white: 1,
    black: 2,
    site: None,
    date: 5,
    size: 6,
    handicap: 7,
    komi: 9,
    result: None,
    moves: 10,
    unknown: &[3, 4, 8],
    prefix: b"GI",
};

/// Whether `input` looks like an NGF record: the board size, handicap and komi are numbers
/// on lines 2, 6 and 8, or its first line is marked `GI` and a move line follows.
pub(crate) fn looks_like(input: &[u8]) -> bool {
    let head: Vec<Field<'_>> = lines(input).take(PLAIN.lines + 1).collect();
    let plain = head.len() >= 8
        && head[1]
            .number::<u8>()
            .is_some_and(|size| (2..=52).contains(&size))
        && head[5].number::<u32>().is_some()
        && head[7].number::<i64>().is_some();
    let marked = head.first().is_some_and(|l| l.after(b"GI").is_some())
        && head.iter().any(|l| move_line(l.trim()).is_some());
    plain || marked
}

/// A move line's body after `PM`: the number, the colour and the point.
fn move_line(line: Field<'_>) -> Option<Field<'_>> {
    line.after(b"PM").filter(|b| b.bytes.len() >= 5)
}

pub(crate) fn read(bytes: &[u8], found: &mut Found<'_>) -> Option<Read> {
    let all: Vec<Field<'_>> = lines(bytes).collect();
    if all.iter().all(|l| l.trim().is_empty()) {
        return None;
    }
    let layout = match all.first() {
        Some(first) if first.after(MARKED.prefix).is_some() => &MARKED,
        _ => &PLAIN,
    };
    // Older files hold fewer header lines: the moves start at the first `PM` line.
    let first_move = all
        .iter()
        .position(|l| l.trim().after(b"PM").is_some())
        .unwrap_or(all.len());
    let header: Vec<Field<'_>> = all[..first_move.min(layout.lines)]
        .iter()
        .map(|l| l.after(layout.prefix).unwrap_or(*l).trim())
        .collect();
    short_header(&all, first_move, header.len(), layout, bytes.len(), found);
    let line = |n: usize| header.get(n).copied();
    let texts_of: Vec<Field<'_>> = [Some(layout.title), Some(layout.white), Some(layout.black)]
        .into_iter()
        .chain([layout.site, layout.result])
        .flatten()
        .filter_map(line)
        .chain(all[first_move..].iter().copied())
        .collect();
    let texts = Texts::decide(found, UNNAMED, None, &texts_of);
    let mut record = Record::new();
    let size = match line(layout.size) {
        Some(field) => match field.number::<u8>() {
            Some(size) if (2..=52).contains(&size) => size,
            _ => {
                found.bad_line(
                    field.at(),
                    "an NGF header line holds the board's size, from 2 to 52, here; 19 was taken"
                        .into(),
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
    record.set(ROOT, "SZ", size.to_string(), at(layout.size));
    let mut kept = Vec::new();
    if let Some(title) = line(layout.title).filter(|f| !f.is_empty()) {
        record.set(ROOT, "GN", texts.text(title), title.at());
    }
    for (n, name, rank) in [(layout.white, "PW", "WR"), (layout.black, "PB", "BR")] {
        if let Some(field) = line(n).filter(|f| !f.is_empty()) {
            let (player, level) = player(&texts.text(field));
            record.set(ROOT, name, player, field.at());
            if let Some(level) = level {
                record.set(ROOT, rank, level, field.at());
            }
        }
    }
    if let Some(site) = layout.site.and_then(line).filter(|f| !f.is_empty()) {
        record.set(ROOT, "PC", texts.text(site), site.at());
    }
    let stones = line(layout.handicap)
        .and_then(|f| f.number::<u32>())
        .unwrap_or(0);
    let at_handicap = at(layout.handicap);
    handicap::place(
        &mut record,
        size,
        stones,
        Placement::Tygem,
        at_handicap,
        found,
    );
    if let Some(field) = line(layout.komi) {
        match field.number::<i64>().filter(|k| k.abs() < 10_000) {
            // A whole number, with a half point implied in an even game.
            Some(komi) => {
                let tenths = komi * 10 + if stones < 2 { 5 } else { 0 };
                record.set(ROOT, "KM", record::tenths(tenths), field.at());
            }
            None => found.bad_line(
                field.at(),
                "an NGF header line holds the komi here, a whole number of points".into(),
            ),
        }
    }
    if let Some(field) = line(layout.date)
        && let Some(date) = date(field)
    {
        record.set(ROOT, "DT", date, field.at());
    }
    if let Some(field) = layout.result.and_then(line).filter(|f| !f.is_empty()) {
        let text = texts.text(field);
        match result::from_words(&text) {
            Some(re) => record.set(ROOT, "RE", re, field.at()),
            None => kept.push((format!("result={text}"), field.at())),
        }
    }
    for &n in layout.unknown {
        if let Some(field) = line(n).filter(|f| !f.is_empty()) {
            kept.push((format!("line {}={}", n + 1, texts.text(field)), field.at()));
        }
    }
    if let Some(field) = line(layout.moves).filter(|f| !f.is_empty()) {
        kept.push((format!("moves={}", texts.text(field)), field.at()));
    }
    let body = &all[header.len()..];
    let moves = read_moves(body, size, &texts, &mut record, &mut kept, found);
    if let Some(field) = line(layout.moves)
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

/// Reports a header of fewer lines than the layout's: cut short where no move follows, read by
/// the places of its lines otherwise.
fn short_header(
    all: &[Field<'_>],
    first_move: usize,
    lines: usize,
    layout: &Layout,
    end: usize,
    found: &mut Found<'_>,
) {
    if lines >= layout.lines {
        return;
    }
    if first_move == all.len() {
        found.push(
            Code::UnexpectedEnd,
            Severity::Error,
            end..end,
            format!(
                "the record ends after {lines} of NGF's {} header lines: it was cut short",
                layout.lines
            ),
        );
    } else {
        found.push(
            Code::BadRecordLine,
            Severity::Warning,
            all[first_move].at(),
            format!(
                "the moves start after {lines} header lines, not {}: the header's fields were \
                 read by their places",
                layout.lines
            ),
        );
    }
}

/// `name   rank`: the name, and the rank in SGF's way if there is one.
fn player(text: &str) -> (String, Option<String>) {
    let text = text.trim();
    match text.rsplit_once(char::is_whitespace) {
        Some((name, rank)) if !name.trim().is_empty() && is_rank(rank) => {
            let rank = rank.replace("DP", "p").replace('D', "d").replace('K', "k");
            (name.trim().to_owned(), Some(rank))
        }
        _ => (text.to_owned(), None),
    }
}

/// Whether a word is a rank: `7D*`, `9DP`, `10K`, or in words (`初段`, `5단`, `1급`).
fn is_rank(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit())
        || ["段", "级", "級", "단", "급"]
            .iter()
            .any(|r| word.contains(r))
}

/// `20170316 [09:51]` or `2006-9-5` as `2017-03-16`.
fn date(field: Field<'_>) -> Option<String> {
    let text = field.ascii()?;
    let (y, m, d) = match text.get(..8) {
        Some(digits) if digits.bytes().all(|b| b.is_ascii_digit()) => {
            (&digits[..4], &digits[4..6], &digits[6..])
        }
        _ => {
            let mut parts = text.split(['-', ' ']);
            (parts.next()?, parts.next()?, parts.next()?)
        }
    };
    let (y, m, d): (u32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    ((1000..=9999).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d))
        .then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// The lines after the header: the moves, and in a marked file the `GI` lines after them and
/// the result in words (`IDB[211] 黑中盘胜[EndTxt]`). Returns how many moves (and passes) were
/// read.
fn read_moves(
    lines: &[Field<'_>],
    size: u8,
    texts: &Texts,
    record: &mut Record,
    kept: &mut Vec<(String, std::ops::Range<usize>)>,
    found: &mut Found<'_>,
) -> usize {
    let mut node = ROOT;
    let mut moves = 0;
    for &line in lines {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.after(b"GI") {
            kept.push((format!("GI={}", texts.text(rest)), line.at()));
            continue;
        }
        if let Some(rest) = line.after(b"IDB[") {
            let text = texts.text(rest);
            let words = text.split_once(']').map_or(&text[..], |(_, w)| w);
            let words = words.trim().trim_end_matches("[EndTxt]").trim();
            match result::from_words(words) {
                Some(re) if record.get(ROOT, "RE").is_none() => {
                    record.set(ROOT, "RE", re, line.at());
                }
                _ => kept.push((format!("result={words}"), line.at())),
            }
            continue;
        }
        let Some(body) = move_line(line) else {
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
