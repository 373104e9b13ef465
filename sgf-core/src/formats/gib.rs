//! Tygem's GIB records.
//!
//! The layout, as Sensei's Library's GIB page and the converters of Sabaki, KaTrain and
//! xyz2sgf read it:
//!
//! ```text
//! \HS
//! \[GAMEBLACKNAME=jy512 (15K)\]       player and rank; GAMEWHITENAME likewise
//! \[GAMEINFOMAIN=GBKIND:3,...,GRLT:0,ZIPSU:65,GONGJE:65,...\]
//! \[GAMETAG=S1,...,G65,W0,Z65,...,C2016:03:26:17:29,...\]
//! \HE
//! \GS
//! INI 0 1 3 &4                        the handicap is the fourth field
//! STO 0 2 2 15 15                     move 2, by White (1 Black, 2 White), column 15, row 15
//! \GE
//! ```
//!
//! - `GRLT` is how the game ended: 0 and 1 Black or White by points (`ZIPSU`, the margin
//!   times ten), 3 and 4 by resignation, 7 and 8 on time; `GONGJE` is the komi times ten.
//!   `GAMETAG` repeats them as `W`, `Z` and `G`, and holds the date as `C`; it is read where
//!   `GAMEINFOMAIN` is missing. `GTIME:1200-30-3` is 1,200 seconds and 3 byo-yomi periods of
//!   30.
//! - Where `GONGJE` is 0 and `DUM` is not (a handicap game whose `GAMECONDITION` reads
//!   `3 Handicap : White Dum(5)`), the komi is `DUM`, in points. Where no code gives the
//!   result, `GAMERESULT` is read in words (`흑 시간승`, Black on time).
//! - Coordinates count from 0 at the top left, as SGF's do; the board is 19 lines. Ranks are
//!   kept as written (`9D`, `1급`).
//! - Handicap stones are not listed: they stand on Tygem's points
//!   ([`Placement::Tygem`](super::handicap::Placement)).
//!
//! `GAMENAME` becomes `EV`, `GAMEPLACE` `PC`, `GAMEDATE` `DT` and `GAMECOMMENT` the game
//! comment; every other field with a value is kept in `GC` (see [`formats`](super)).

use super::handicap::{self, Placement};
use super::lines::{Field, Texts, UNNAMED, lines};
use super::record::{self, ROOT, Record};
use super::{Found, Read, result};
use crate::finding::{Code, Severity};

const SIZE: u8 = 19;

/// Whether `input` looks like a GIB record: a line starting `\HS` or `\[GAME`.
pub(crate) fn looks_like(input: &[u8]) -> bool {
    lines(input).take(64).any(|line| {
        let line = line.trim();
        line.after(b"\\HS").is_some_and(|rest| rest.is_empty()) || line.after(b"\\[GAME").is_some()
    })
}

/// A header field: `\[KEY=value\]`.
struct HeaderField<'a> {
    key: &'a str,
    value: Field<'a>,
    line: Field<'a>,
}

/// Where the reader is in the file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Outside,
    Header,
    Game,
}

pub(crate) fn read(bytes: &[u8], found: &mut Found<'_>) -> Option<Read> {
    let mut header: Vec<HeaderField<'_>> = Vec::new();
    let mut game_lines: Vec<Field<'_>> = Vec::new();
    let mut section = Section::Outside;
    let mut ended = false;
    let mut last = 0..0;
    for line in lines(bytes) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        last = line.at();
        match line.bytes {
            b"\\HS" => section = Section::Header,
            b"\\HE" => section = Section::Outside,
            b"\\GS" => section = Section::Game,
            b"\\GE" => {
                section = Section::Outside;
                ended = true;
            }
            _ if section == Section::Header => match header_field(line) {
                Some(field) => header.push(field),
                None => found.bad_line(
                    line.at(),
                    "a GIB header line holds `\\[KEY=value\\]`; this one was skipped".into(),
                ),
            },
            _ if section == Section::Game => game_lines.push(line),
            _ => found.bad_line(
                line.at(),
                "a line outside GIB's header (`\\HS`…`\\HE`) and game (`\\GS`…`\\GE`) was skipped"
                    .into(),
            ),
        }
    }
    if header.is_empty() && game_lines.is_empty() {
        return None;
    }
    if !ended {
        found.push(
            Code::UnexpectedEnd,
            Severity::Error,
            last.end..last.end,
            "the record ends before `\\GE`: it was cut short; what it holds was read".into(),
        );
    }
    let values: Vec<Field<'_>> = header.iter().map(|f| f.value).collect();
    let texts = Texts::decide(found, UNNAMED, None, &values);
    let mut record = Record::new();
    record.set(ROOT, "FF", "4".into(), 0..0);
    record.set(ROOT, "CA", "UTF-8".into(), 0..0);
    record.set(ROOT, "GM", "1".into(), 0..0);
    record.set(ROOT, "SZ", SIZE.to_string(), 0..0);
    read_header(&header, &texts, &mut record);
    read_game(&game_lines, &mut record, found);
    Some(Read {
        record,
        charset: texts.charset,
    })
}

fn header_field(line: Field<'_>) -> Option<HeaderField<'_>> {
    let inner = line.after(b"\\[")?;
    let inner = inner.take(inner.bytes.strip_suffix(b"\\]")?.len());
    let (key, value) = inner.split_once(b'=')?;
    Some(HeaderField {
        key: key.trim().ascii()?,
        value: value.trim(),
        line,
    })
}

fn read_header(header: &[HeaderField<'_>], texts: &Texts, record: &mut Record) {
    let mut kept = Vec::new();
    let mut comment = None;
    for field in header {
        let at = field.line.at();
        match field.key {
            "GAMEBLACKNAME" | "GAMEWHITENAME" if !field.value.is_empty() => {
                let (name, rank) = player(&texts.text(field.value));
                let (p, r) = if field.key == "GAMEBLACKNAME" {
                    ("PB", "BR")
                } else {
                    ("PW", "WR")
                };
                record.set(ROOT, p, name, at.clone());
                if let Some(rank) = rank {
                    record.set(ROOT, r, rank, at);
                }
            }
            "GAMENAME" if !field.value.is_empty() => {
                record.set(ROOT, "EV", texts.text(field.value), at);
            }
            "GAMEPLACE" if !field.value.is_empty() => {
                record.set(ROOT, "PC", texts.text(field.value), at);
            }
            "GAMEDATE" if date(field.value).is_some() => {
                record.set(ROOT, "DT", date(field.value).unwrap_or_default(), at);
            }
            "GAMECOMMENT" if !field.value.is_empty() => {
                comment = Some((texts.text(field.value), at));
            }
            _ => {
                if field.key == "GAMEINFOMAIN" {
                    info_main(field, record);
                }
                if !field.value.is_empty() {
                    kept.push((format!("{}={}", field.key, texts.text(field.value)), at));
                }
            }
        }
    }
    // GAMETAG only where GAMEINFOMAIN said nothing, and the result in words where neither did.
    if let Some(tag) = header.iter().find(|f| f.key == "GAMETAG") {
        game_tag(tag, record);
    }
    if record.get(ROOT, "RE").is_none()
        && let Some(field) = header.iter().find(|f| f.key == "GAMERESULT")
        && let Some(re) = result::from_words(&texts.text(field.value))
    {
        record.set(ROOT, "RE", re, field.line.at());
    }
    super::keep(record, "GIB", comment, &kept);
}

/// `name (rank)`: the name, and the rank if there is one.
fn player(text: &str) -> (String, Option<String>) {
    if let Some(open) = text.rfind('(')
        && let Some(rank) = text[open + 1..].strip_suffix(')')
        && !text[..open].trim().is_empty()
    {
        return (text[..open].trim().to_owned(), Some(rank.trim().to_owned()));
    }
    (text.trim().to_owned(), None)
}

/// `2016- 3-26-17-29-25` as `2016-03-26`.
fn date(value: Field<'_>) -> Option<String> {
    let text = value.ascii()?;
    let mut parts = text.split('-').map(|p| p.trim().parse::<u32>());
    let (Some(Ok(y)), Some(Ok(m)), Some(Ok(d))) = (parts.next(), parts.next(), parts.next()) else {
        return None;
    };
    ((1..=12).contains(&m) && (1..=31).contains(&d) && y >= 1000)
        .then(|| format!("{y:04}-{m:02}-{d:02}"))
}

/// The result of `GRLT` (and the margin, `ZIPSU`, in tenths).
fn result(grlt: u32, zipsu: Option<i64>) -> Option<String> {
    Some(match grlt {
        0 | 1 => {
            let winner = if grlt == 0 { "B" } else { "W" };
            match zipsu {
                Some(margin) if margin > 0 => format!("{winner}+{}", record::tenths(margin)),
                _ => format!("{winner}+"),
            }
        }
        3 => "B+R".into(),
        4 => "W+R".into(),
        7 => "B+T".into(),
        8 => "W+T".into(),
        _ => return None,
    })
}

/// `GAMEINFOMAIN`: the result, the komi and the time.
fn info_main(field: &HeaderField<'_>, record: &mut Record) {
    let at = field.line.at();
    let pairs: Vec<(&str, &str)> = field
        .value
        .split(b',')
        .filter_map(|part| {
            let (k, v) = part.split_once(b':')?;
            Some((k.trim().ascii()?, v.trim().ascii()?))
        })
        .collect();
    let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
    let zipsu = get("ZIPSU").and_then(|v| v.parse().ok());
    if let Some(re) = get("GRLT")
        .and_then(|v| v.parse().ok())
        .and_then(|g| result(g, zipsu))
    {
        record.set(ROOT, "RE", re, at.clone());
    }
    let number = |key: &str| get(key).and_then(|v| v.parse::<i64>().ok());
    if let Some(komi) = komi(number("GONGJE"), number("DUM")) {
        record.set(ROOT, "KM", komi, at.clone());
    }
    if let Some(time) = get("GTIME") {
        let parts: Vec<u32> = time.split('-').filter_map(|p| p.parse().ok()).collect();
        if let [main, period, count] = parts[..] {
            record.set(ROOT, "TM", main.to_string(), at.clone());
            if count > 0 && period > 0 {
                record.set(ROOT, "OT", format!("{count}x{period} byo-yomi"), at);
            }
        }
    }
}

/// The komi: `GONGJE` (in tenths), or in a handicap game where it is 0 the `DUM` White is
/// given (in points: `3 Handicap : White Dum(5)` in `GAMECONDITION` beside `DUM:5`).
fn komi(gongje: Option<i64>, dum: Option<i64>) -> Option<String> {
    match (gongje, dum) {
        (Some(0) | None, Some(dum)) if dum != 0 && dum.abs() < 1_000 => {
            Some(record::tenths(dum * 10))
        }
        (Some(gongje), _) => Some(record::tenths(gongje)),
        (None, _) => None,
    }
}

/// `GAMETAG`: what `GAMEINFOMAIN` did not say.
fn game_tag(field: &HeaderField<'_>, record: &mut Record) {
    let at = field.line.at();
    let parts: Vec<(char, &str)> = field
        .value
        .split(b',')
        .filter_map(|part| {
            let text = part.trim().ascii()?;
            let first = text.chars().next()?;
            Some((first, &text[1..]))
        })
        .collect();
    let get = |key: char| parts.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
    if record.get(ROOT, "RE").is_none()
        && let Some(re) = get('W')
            .and_then(|v| v.parse().ok())
            .and_then(|g| result(g, get('Z').and_then(|z| z.parse().ok())))
    {
        record.set(ROOT, "RE", re, at.clone());
    }
    let number = |key: char| get(key).and_then(|v| v.parse::<i64>().ok());
    if record.get(ROOT, "KM").is_none()
        && let Some(komi) = komi(number('G'), number('D'))
    {
        record.set(ROOT, "KM", komi, at.clone());
    }
    if record.get(ROOT, "DT").is_none()
        && let Some(c) = get('C')
    {
        let parts: Vec<u32> = c.split(':').filter_map(|p| p.parse().ok()).collect();
        if let [y, m, d, ..] = parts[..]
            && (1..=12).contains(&m)
            && (1..=31).contains(&d)
        {
            record.set(ROOT, "DT", format!("{y:04}-{m:02}-{d:02}"), at);
        }
    }
}

/// The game section: the handicap (`INI`) and the moves (`STO`).
fn read_game(game: &[Field<'_>], record: &mut Record, found: &mut Found<'_>) {
    let mut node = ROOT;
    for &line in game {
        let words: Vec<Field<'_>> = line.words().collect();
        let command = words.first().and_then(Field::ascii).unwrap_or("");
        match command {
            "INI" => {
                let Some(stones) = words.get(3).and_then(Field::number::<u32>) else {
                    found.bad_line(
                        line.at(),
                        "an `INI` line gives the handicap as its fourth field; it has none".into(),
                    );
                    continue;
                };
                handicap::place(record, SIZE, stones, Placement::Tygem, line.at(), found);
            }
            "STO" => {
                let colour = words.get(3).and_then(Field::number::<u32>);
                let col = words.get(4).and_then(Field::number::<i64>);
                let row = words.get(5).and_then(Field::number::<i64>);
                let ident = match colour {
                    Some(1) => "B",
                    Some(2) => "W",
                    _ => {
                        found.bad_line(
                            line.at(),
                            "a `STO` line gives the colour (1 Black, 2 White) as its fourth field; \
                             this one was skipped"
                                .into(),
                        );
                        continue;
                    }
                };
                let Some(point) = col
                    .zip(row)
                    .and_then(|(col, row)| record::point(SIZE, col, row))
                else {
                    found.bad_line(
                        line.at(),
                        "a `STO` line ends in a point of the board (two numbers from 0 to 18); \
                         this one was skipped"
                            .into(),
                    );
                    continue;
                };
                node = record.child(node, 0);
                record.set(node, ident, point, line.at());
            }
            // What the lines before `INI` hold is not known; they are numbers.
            _ if line.bytes.iter().all(|b| b" &0123456789".contains(b)) => {}
            _ => found.push(
                Code::BadRecordLine,
                Severity::Warning,
                line.at(),
                "a line of GIB's game section this reader does not know was skipped".into(),
            ),
        }
    }
}
