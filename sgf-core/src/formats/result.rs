//! Results written as words, as the servers write them: `White wins by resign!`,
//! `Black wins by 16.5 points!` (NGF), `흑 시간승` (a Korean GIB's `GAMERESULT`), `黑中盘胜` (a
//! Chinese NGF), `白3目半勝ち`; read as SGF's `RE`.

/// The colours' words, in English, Korean, Chinese and Japanese.
const BLACK: &[&str] = &["black", "흑", "黑", "黒"];
const WHITE: &[&str] = &["white", "백", "白"];
/// Words that make the colour named the loser.
const LOSES: &[&str] = &["lose", "패", "负", "負"];
/// Words that make it the winner.
const WINS: &[&str] = &["win", "승", "胜", "勝"];
/// Words of a win by resignation and on time.
const RESIGNATION: &[&str] = &["resi", "불계", "中盘", "中盤", "中押"];
const TIME: &[&str] = &["time", "시간", "超时", "時間"];
/// Words after a number that add a half point: `3집반`, `3目半`.
const HALF: &[&str] = &["집반", "目半", "반", "半"];

/// The `RE` value of a result in words, or `None` where no winner is named (`Progressing!`).
/// The margin is left out where it is not written, or written in stones (`1/4子`).
pub(crate) fn from_words(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let first = |words: &[&str]| {
        words
            .iter()
            .filter_map(|w| lower.find(w).map(|at| (at, w.len())))
            .min()
    };
    let (colour, rest) = match (first(BLACK), first(WHITE)) {
        (Some(b), w) if w.is_none_or(|w| b.0 < w.0) => ('B', &lower[b.0 + b.1..]),
        (_, Some(w)) => ('W', &lower[w.0 + w.1..]),
        _ => return None,
    };
    let has = |words: &[&str]| words.iter().any(|w| rest.contains(w));
    let winner = match (has(LOSES), has(WINS)) {
        (true, _) => {
            if colour == 'B' {
                'W'
            } else {
                'B'
            }
        }
        (false, true) => colour,
        (false, false) => return None,
    };
    let margin = if has(RESIGNATION) {
        "R".to_owned()
    } else if has(TIME) {
        "T".to_owned()
    } else {
        points(rest).unwrap_or_default()
    };
    Some(format!("{winner}+{margin}"))
}

/// The first number of `text` (`16.5`, `3` before `집반`), as SGF writes a real; `None` where
/// it counts stones (`1/4子`) or there is none.
fn points(text: &str) -> Option<String> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let digits = text[start..]
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map_or(&text[start..], |end| &text[start..start + end]);
    let after = &text[start + digits.len()..];
    if after.starts_with('/') || after.starts_with('子') {
        return None;
    }
    let value: f64 = digits.trim_end_matches('.').parse().ok()?;
    let half = HALF.iter().any(|h| after.trim_start().starts_with(h));
    let value = value + if half { 0.5 } else { 0.0 };
    (value.is_finite() && value > 0.0 && value < 10_000.0).then(|| format!("{value}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_words_read_as_sgf_writes_them() {
        for (words, re) in [
            ("White wins by resign!", Some("W+R")),
            ("Black wins by resi!", Some("B+R")),
            (
                "Black wins by 16.5 points! >> White(66):Black(89)",
                Some("B+16.5"),
            ),
            ("White loses on time", Some("B+T")),
            ("Black wins by 0.5!", Some("B+0.5")),
            ("흑 시간승", Some("B+T")),
            ("백 불계승", Some("W+R")),
            ("흑 3집반승", Some("B+3.5")),
            ("黑中盘胜(现场消息)", Some("B+R")),
            ("白胜1/4子", Some("W+")),
            ("白3目半勝ち", Some("W+3.5")),
            ("黒時間切れ負け", Some("W+T")),
            ("Progressing!", None),
            ("", None),
        ] {
            assert_eq!(from_words(words).as_deref(), re, "{words}");
        }
    }
}
