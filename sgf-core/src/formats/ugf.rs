//! Pandanet's UGF records and UGI reviews.
//!
//! The layout, as the Pandanet UGF notes and the converters of Sabaki and xyz2sgf read it:
//! sections in brackets, each of `key=value` lines or of records split by commas.
//!
//! ```text
//! [Header]
//! Lang=SJIS                       the charset (a label; JPN, KOR and CHN stand for theirs)
//! Crypt=0,PLAIN_UGF_FILE,…        anything but 0 is encrypted, which this reader refuses
//! Title=…  Place=…  Copyright=…   EV… GN, PC, CP
//! Date=2019/03/08,22:09:00,…      DT from the first part
//! Rule=JPN  Size=19               RU, SZ
//! Hdcp=2,0.50                     the handicap and the komi
//! Winner=B,7.50                   B+7.5; `W,Resign` and `B,Time` are W+R and B+T
//! PlayerB=name,rank,…             PB and BR; PlayerW likewise
//! CoordinateType=IGS              rows counted from the bottom (from the top otherwise)
//! Comment=…                       the game comment
//! [Data]
//! QP,B1,1,0                       the point in two letters from `A`, the colour, the node, a
//!                                 time; node 0 holds the handicap stones; a point off the
//!                                 board (`YA`) is a pass
//! [ReviewNode]                    a UGI review: the tree
//! NODE,2,1,17,16                  node 2, Black (2 White, 0 the root), column and row from 1
//! VARIATION,                      a variation from the node before, up to VARIATIONEND
//! [ReviewComment]
//! .Comment,19                     the comment of node 19, on the lines after it
//! ```
//!
//! A review's tree is read from `[ReviewNode]`, the game's from `[Data]` otherwise. The time
//! field of a `[Data]` move is not kept: what it counts is not known. Every other header field
//! with a value, and the lines of any other section (`[Remote]`, `[Files]`, `[Figure]`), are
//! kept in `GC` (see [`formats`](super)). A `.ugz` file (LHA-compressed) is not read.

use std::collections::HashMap;

use super::handicap::{self, Placement};
use super::lines::{Field, Texts, lines};
use super::record::{self, ROOT, Record};
use super::{Found, Read};
use crate::charset::Naming;
use crate::finding::{Code, Severity};

/// Whether `input` looks like a UGF record: its first line that is not blank is `[Header]`.
pub(crate) fn looks_like(input: &[u8]) -> bool {
    lines(input)
        .map(Field::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.bytes.eq_ignore_ascii_case(b"[Header]"))
}

/// A section: its name and lines.
struct Section<'a> {
    name: &'a str,
    lines: Vec<Field<'a>>,
}

pub(crate) fn read(bytes: &[u8], found: &mut Found<'_>) -> Option<Read> {
    let sections = sections(bytes, found);
    let section = |name: &str| {
        sections
            .iter()
            .find(|s| s.name.eq_ignore_ascii_case(name))
            .map_or(&[][..], |s| &s.lines[..])
    };
    let header: Vec<(&str, Field<'_>, Field<'_>)> = section("Header")
        .iter()
        .filter_map(|&line| {
            let (key, value) = line.split_once(b'=')?;
            Some((key.trim().ascii()?, value.trim(), line))
        })
        .collect();
    if header.is_empty() && section("Data").is_empty() && section("ReviewNode").is_empty() {
        return None;
    }
    let get = |key: &str| header.iter().find(|(k, _, _)| k.eq_ignore_ascii_case(key));
    if let Some((_, value, line)) = get("Crypt")
        && value
            .split(b',')
            .next()
            .and_then(|f| f.number::<u32>())
            .is_some_and(|crypt| crypt != 0)
    {
        found.push(
            Code::NoGameTree,
            Severity::Error,
            line.at(),
            "the record is encrypted (`Crypt` is not 0): its cipher is not known, so it was not \
             read"
                .into(),
        );
        return None;
    }
    let declared = get("Lang").map(|(_, value, _)| *value);
    let mut texts_of: Vec<Field<'_>> = header.iter().map(|(_, value, _)| *value).collect();
    texts_of.extend(section("ReviewComment").iter().copied());
    let texts = decide(found, declared, &texts_of);
    let size = match get("Size") {
        Some((_, value, line)) => match value.number::<u8>() {
            Some(size) if (2..=52).contains(&size) => size,
            _ => {
                found.bad_line(
                    line.at(),
                    "`Size` is the board's size, from 2 to 52; 19 was taken".into(),
                );
                19
            }
        },
        None => 19,
    };
    let igs = get("CoordinateType").is_some_and(|(_, v, _)| v.bytes.eq_ignore_ascii_case(b"IGS"));
    let mut record = Record::new();
    record.set(ROOT, "FF", "4".into(), 0..0);
    record.set(ROOT, "CA", "UTF-8".into(), 0..0);
    record.set(ROOT, "GM", "1".into(), 0..0);
    record.set(
        ROOT,
        "SZ",
        size.to_string(),
        get("Size").map_or(0..0, |h| h.2.at()),
    );
    let (comment, mut kept) = read_header(&header, &texts, &mut record, found);
    // A header line that is no `key=value` is kept as it is.
    for line in section("Header").iter().map(|l| l.trim()) {
        let is_field = line
            .split_once(b'=')
            .is_some_and(|(k, _)| k.trim().ascii().is_some());
        if !line.is_empty() && !is_field {
            kept.push((format!("[Header] {}", texts.text(line)), line.at()));
        }
    }
    let board = Board { size, igs };
    let numbers = if section("ReviewNode").is_empty() {
        read_data(section("Data"), board, &mut record, found)
    } else {
        read_handicap(section("Data"), board, &mut record);
        read_review(section("ReviewNode"), board, &mut record, found)
    };
    // The stones of a handicap on the standard points, where the moves list none.
    if record.get(ROOT, "AB").is_none() {
        let stones = record.get(ROOT, "HA").and_then(|h| h.parse().ok());
        let at = get("Hdcp").map_or(0..0, |h| h.2.at());
        let stones = stones.unwrap_or(0);
        handicap::place(&mut record, size, stones, Placement::Standard, at, found);
    }
    read_comments(
        section("ReviewComment"),
        &numbers,
        &texts,
        &mut record,
        found,
    );
    for other in sections.iter().filter(|s| {
        !["Header", "Data", "ReviewNode", "ReviewComment"]
            .iter()
            .any(|known| s.name.eq_ignore_ascii_case(known))
    }) {
        for line in other.lines.iter().filter(|l| !l.is_empty()) {
            kept.push((format!("[{}] {}", other.name, texts.text(*line)), line.at()));
        }
    }
    super::keep(&mut record, "UGF", comment, &kept);
    Some(Read {
        record,
        charset: texts.charset,
    })
}

/// How UGF names its charset.
const LANG: Naming = Naming {
    field: "Lang",
    settled_by: Some("a Lang field"),
};

/// The charset `Lang` names (its own words for the charsets of Japan, Korea and China
/// included), checked against the bytes, or the one detected.
fn decide(found: &mut Found<'_>, declared: Option<Field<'_>>, texts: &[Field<'_>]) -> Texts {
    let Some((declared, word)) = declared
        .filter(|d| !d.is_empty())
        .and_then(|d| Some((d, d.ascii()?)))
    else {
        return Texts::decide(found, LANG, None, texts);
    };
    // A charset's label, or the word UGF writes for it.
    let label = match word.to_ascii_uppercase().as_str() {
        "JPN" | "JP" | "JAPANESE" => "Shift_JIS",
        "KOR" | "KR" | "KOREAN" => "EUC-KR",
        "CHN" | "CN" | "CHINESE" => "GBK",
        _ => word,
    };
    Texts::decide(found, LANG, Some((label, declared.at())), texts)
}

/// The sections of the file, in order; lines before the first are reported and skipped.
fn sections<'a>(bytes: &'a [u8], found: &mut Found<'_>) -> Vec<Section<'a>> {
    let mut sections: Vec<Section<'a>> = Vec::new();
    for line in lines(bytes) {
        let trimmed = line.trim();
        if let Some(name) = trimmed
            .bytes
            .strip_prefix(b"[")
            .and_then(|r| r.strip_suffix(b"]"))
            .and_then(|n| std::str::from_utf8(n).ok())
            .filter(|n| n.bytes().all(|b| b.is_ascii_alphanumeric()))
        {
            sections.push(Section {
                name,
                lines: Vec::new(),
            });
            continue;
        }
        match sections.last_mut() {
            Some(section) => section.lines.push(line),
            None if trimmed.is_empty() => {}
            None => found.bad_line(
                line.at(),
                "a line before UGF's first section was skipped".into(),
            ),
        }
    }
    sections
}

/// The header's game information; returns the record's comment and the fields kept.
#[allow(clippy::type_complexity)]
fn read_header(
    header: &[(&str, Field<'_>, Field<'_>)],
    texts: &Texts,
    record: &mut Record,
    found: &mut Found<'_>,
) -> (
    Option<(String, std::ops::Range<usize>)>,
    Vec<(String, std::ops::Range<usize>)>,
) {
    let mut comment = None;
    let mut kept = Vec::new();
    for &(key, value, line) in header {
        let at = line.at();
        let parts: Vec<Field<'_>> = value.split(b',').map(Field::trim).collect();
        let mapped = match key.to_ascii_lowercase().as_str() {
            _ if value.is_empty() => true,
            "lang" | "crypt" | "size" | "coordinatetype" => true,
            "title" => {
                let title = texts.text(value);
                record.set(ROOT, "GN", title.trim_end_matches(',').to_owned(), at);
                true
            }
            "place" => {
                record.set(ROOT, "PC", texts.text(value), at);
                true
            }
            "copyright" => {
                record.set(ROOT, "CP", texts.text(value), at);
                true
            }
            "comment" => {
                comment = Some((texts.text(value), at));
                true
            }
            "rule" => {
                let rules = match value.ascii().map(str::to_ascii_uppercase).as_deref() {
                    Some("JPN") => "Japanese".to_owned(),
                    Some("CHN" | "CHI") => "Chinese".to_owned(),
                    Some("KOR") => "Korean".to_owned(),
                    _ => texts.text(value),
                };
                record.set(ROOT, "RU", rules, at);
                true
            }
            "date" => match date(parts[0]) {
                Some(date) => {
                    record.set(ROOT, "DT", date, at);
                    parts.len() == 1
                }
                None => false,
            },
            "hdcp" => hdcp(&parts, line, record, found),
            "winner" => match winner(&parts) {
                Some(re) => {
                    record.set(ROOT, "RE", re, at);
                    true
                }
                None => false,
            },
            "playerb" | "playerw" => {
                let (name, rank) = if key.eq_ignore_ascii_case("PlayerB") {
                    ("PB", "BR")
                } else {
                    ("PW", "WR")
                };
                record.set(ROOT, name, texts.text(parts[0]), at.clone());
                if let Some(level) = parts.get(1).filter(|p| !p.is_empty()) {
                    record.set(ROOT, rank, texts.text(*level), at);
                }
                parts.iter().skip(2).all(Field::is_empty)
            }
            _ => false,
        };
        if !mapped {
            kept.push((format!("{key}={}", texts.text(value)), line.at()));
        }
    }
    (comment, kept)
}

/// `2019/03/08` as `2019-03-08`.
fn date(field: Field<'_>) -> Option<String> {
    let text = field.ascii()?;
    let parts: Vec<u32> = text
        .split(['/', '-'])
        .map(|p| p.trim().parse().ok())
        .collect::<Option<_>>()?;
    match parts[..] {
        [y, m, d] if y >= 1000 && (1..=12).contains(&m) && (1..=31).contains(&d) => {
            Some(format!("{y:04}-{m:02}-{d:02}"))
        }
        _ => None,
    }
}

/// `Hdcp=2,0.50`: the handicap (its stones come with the moves) and the komi. Whether all
/// of it was taken.
fn hdcp(parts: &[Field<'_>], line: Field<'_>, record: &mut Record, found: &mut Found<'_>) -> bool {
    let stones = parts.first().and_then(|p| p.number::<u32>());
    let komi = parts
        .get(1)
        .and_then(|p| p.number::<f64>())
        .filter(|k| k.is_finite() && k.abs() < 10_000.0);
    if let Some(stones) = stones.filter(|&s| s >= 2) {
        record.set(ROOT, "HA", stones.to_string(), line.at());
    }
    match komi {
        Some(komi) => {
            // Komi is written in hundredths (`-5.50`); SGF writes it as short as it reads.
            record.set(ROOT, "KM", format!("{komi}"), line.at());
        }
        None => {
            found.bad_line(
                line.at(),
                "`Hdcp` is the handicap and the komi, two numbers".into(),
            );
            return false;
        }
    }
    stones.is_some() && parts.len() == 2
}

/// `Winner=B,7.50`, `W,Resign`, `B,Time`.
fn winner(parts: &[Field<'_>]) -> Option<String> {
    let who = match parts.first()?.ascii()?.to_ascii_uppercase().as_str() {
        "B" => "B",
        "W" => "W",
        _ => return None,
    };
    let how = parts.get(1).and_then(|p| p.ascii()).unwrap_or("");
    let margin = if let Ok(points) = how.parse::<f64>() {
        if !points.is_finite() || points <= 0.0 || points >= 10_000.0 {
            return None;
        }
        format!("{points}")
    } else if how.to_ascii_lowercase().starts_with("r") {
        "R".to_owned()
    } else if how.to_ascii_lowercase().starts_with("t") {
        "T".to_owned()
    } else if how.is_empty() {
        String::new()
    } else {
        return None;
    };
    Some(format!("{who}+{margin}"))
}

/// How points are counted on the board.
#[derive(Clone, Copy)]
struct Board {
    size: u8,
    /// Rows counted from the bottom.
    igs: bool,
}

impl Board {
    /// The SGF point of column and row counted from 0 (the row from the bottom where `igs`);
    /// `Some("")`, a pass, off the board.
    fn point(self, col: i64, row: i64) -> String {
        let row = if self.igs {
            (i64::from(self.size) - 1).saturating_sub(row)
        } else {
            row
        };
        record::point(self.size, col, row).unwrap_or_default()
    }

    /// A `[Data]` point: two letters from `A`.
    fn letters(self, field: Field<'_>) -> Option<String> {
        let [c, r] = field.bytes else {
            return None;
        };
        if !(c.is_ascii_alphabetic() && r.is_ascii_alphabetic()) {
            return None;
        }
        let at = |b: &u8| i64::from(b.to_ascii_uppercase() - b'A');
        Some(self.point(at(c), at(r)))
    }
}

/// A `[Data]` line: the point, the colour and the node's number.
fn data_move(line: Field<'_>, board: Board) -> Option<(String, &'static str, u32)> {
    let parts: Vec<Field<'_>> = line.trim().split(b',').map(Field::trim).collect();
    let point = board.letters(*parts.first()?)?;
    let ident = match parts.get(1)?.bytes.first()?.to_ascii_uppercase() {
        b'B' => "B",
        b'W' => "W",
        _ => return None,
    };
    Some((point, ident, parts.get(2)?.number()?))
}

/// The moves of `[Data]`; returns the record's node of each node number.
fn read_data(
    lines: &[Field<'_>],
    board: Board,
    record: &mut Record,
    found: &mut Found<'_>,
) -> HashMap<u32, usize> {
    let mut numbers = HashMap::from([(0, ROOT)]);
    let mut node = ROOT;
    for &line in lines.iter().filter(|l| !l.trim().is_empty()) {
        let Some((point, ident, number)) = data_move(line, board) else {
            found.bad_line(
                line.at(),
                "a UGF move is a point (two letters), a colour and a node number; this one was \
                 skipped"
                    .into(),
            );
            continue;
        };
        if number == 0 && ident == "B" && !point.is_empty() {
            record.add(ROOT, "AB", point, line.at());
            continue;
        }
        node = record.child(node, 0);
        record.set(node, ident, point, line.at());
        numbers.insert(number, node);
    }
    numbers
}

/// The handicap stones of `[Data]` (node 0), for a review whose moves come from its tree.
fn read_handicap(lines: &[Field<'_>], board: Board, record: &mut Record) {
    for &line in lines {
        if let Some((point, "B", 0)) = data_move(line, board)
            && !point.is_empty()
        {
            record.add(ROOT, "AB", point, line.at());
        }
    }
}

/// A review's tree; returns the record's node of each node number.
fn read_review(
    lines: &[Field<'_>],
    board: Board,
    record: &mut Record,
    found: &mut Found<'_>,
) -> HashMap<u32, usize> {
    let mut numbers = HashMap::new();
    // The node the next one follows, and where each open variation branched from: the main
    // line goes on from there once the variation ends.
    let mut current = ROOT;
    let mut branches = Vec::new();
    for &line in lines.iter().filter(|l| !l.trim().is_empty()) {
        let parts: Vec<Field<'_>> = line.trim().split(b',').map(Field::trim).collect();
        match parts[0].ascii().map(str::to_ascii_uppercase).as_deref() {
            Some("VARIATION") => {
                // A variation follows the node before it, beside the move after that node.
                branches.push(current);
                continue;
            }
            Some("VARIATIONEND") => {
                if let Some(branch) = branches.pop() {
                    current = branch;
                } else {
                    found.bad_line(
                        line.at(),
                        "a `VARIATIONEND` without its `VARIATION` was skipped".into(),
                    );
                }
                continue;
            }
            Some("NODE") => {}
            _ => {
                found.bad_line(line.at(), "a UGI review line is `NODE`, `VARIATION` or `VARIATIONEND`; this one was skipped".into());
                continue;
            }
        }
        let numbers_of = |i: usize| parts.get(i).and_then(|p| p.number::<i64>());
        let (Some(number), Some(colour), Some(x), Some(y)) =
            (numbers_of(1), numbers_of(2), numbers_of(3), numbers_of(4))
        else {
            found.bad_line(line.at(), "a `NODE` line holds the node's number, its colour and its column and row; this one was skipped".into());
            continue;
        };
        let Ok(number) = u32::try_from(number) else {
            found.bad_line(
                line.at(),
                "a node's number is not negative; this one was skipped".into(),
            );
            continue;
        };
        let ident = match colour {
            0 => {
                numbers.insert(number, ROOT);
                continue;
            }
            1 => "B",
            2 => "W",
            _ => {
                found.bad_line(
                    line.at(),
                    "a node's colour is 0 (the root), 1 (Black) or 2 (White); this one was skipped"
                        .into(),
                );
                continue;
            }
        };
        let node = record.child(current, branches.len());
        let point = board.point(x.saturating_sub(1), y.saturating_sub(1));
        record.set(node, ident, point, line.at());
        numbers.insert(number, node);
        current = node;
    }
    numbers
}

/// A review's comments, each on the node its `.Comment` line names (the root where there is
/// no such node, reported).
fn read_comments(
    lines: &[Field<'_>],
    numbers: &HashMap<u32, usize>,
    texts: &Texts,
    record: &mut Record,
    found: &mut Found<'_>,
) {
    let mut node = None;
    for &line in lines {
        if let Some(rest) = line.trim().after(b".Comment") {
            let number = rest.split(b',').nth(1).and_then(|n| n.number::<u32>());
            node = Some(match number.and_then(|n| numbers.get(&n)) {
                Some(&node) => node,
                None => {
                    found.push(
                        Code::BadRecordLine,
                        Severity::Warning,
                        line.at(),
                        "a comment names no node of the review; it was put on the root".into(),
                    );
                    ROOT
                }
            });
            continue;
        }
        let Some(node) = node else {
            if !line.trim().is_empty() {
                found.bad_line(
                    line.at(),
                    "a line before the first `.Comment` was skipped".into(),
                );
            }
            continue;
        };
        record.append_line(node, "C", texts.text(line).trim(), line.at());
    }
}
