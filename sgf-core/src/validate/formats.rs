//! The value formats FF[4] prescribes in prose for simpletext properties: dates (`DT`) and game
//! results (`RE`, with the backgammon variant that gives the points of a resignation).

/// The names of the formats [`check`] knows: those a spec's `Format:` directive may name.
#[cfg(test)]
const FORMATS: &[&str] = crate::spec::FORMATS;

/// The most characters of an offending text a message shows, so that messages stay short.
const MAX_SHOWN: usize = 20;

/// The full date forms, which may always appear.
const DATE_FORMS: &str = "`YYYY-MM-DD`, `YYYY-MM` or `YYYY`";

/// Everything a result may be, for messages about text that is no result at all.
const RESULT_FORMS: &str = "`B+`, `W+` with an optional score, R/Resign, T/Time, F/Forfeit, \
                            `0`/`Draw`, `Void` or `?`";

/// Everything a backgammon result may be: a resignation may give the points before the R.
const BACKGAMMON_FORMS: &str = "`B+`, `W+` with an optional score, [points]R/Resign, T/Time, \
                                F/Forfeit, `0`/`Draw`, `Void` or `?`";

/// The reasons a win may give instead of a score.
const REASONS: &[&str] = &["R", "Resign", "T", "Time", "F", "Forfeit"];

/// The English month names, for messages about days.
const MONTHS: &str = "January February March April May June July August September October \
                      November December";

/// Checks the text of a value (already unescaped, surrounding whitespace NOT trimmed) against a
/// format. Returns a message a person understands, saying what is wrong and what was expected,
/// e.g. "month 13 does not exist" or "`Black wins` is not a result: expected `B+`, `W+` with an
/// optional score, R/Resign, T/Time, F/Forfeit, `0`/`Draw`, `Void` or `?`".
///
/// `format` is one of [`crate::spec::FORMATS`]; any other name is an error.
pub(crate) fn check(format: &str, text: &str) -> Result<(), String> {
    let (noun, expected) = match format {
        "date" => ("date", DATE_FORMS),
        "result" => ("result", RESULT_FORMS),
        "backgammon-result" => ("result", BACKGAMMON_FORMS),
        _ => return Err(format!("unknown format `{}`", show(format))),
    };
    if text.is_empty() {
        return Err(format!("empty {noun}: expected {expected}"));
    }
    if text.trim() != text {
        return Err(format!(
            "`{}` has white space at its start or end; a {noun} has none",
            show(text)
        ));
    }
    match format {
        "date" => check_date(text),
        _ => check_result(text, format == "backgammon-result"),
    }
}

/// Shows a text in a message: at most [`MAX_SHOWN`] characters, control characters escaped.
fn show(text: &str) -> String {
    let mut shown = String::new();
    for c in text.chars() {
        if shown.chars().count() >= MAX_SHOWN {
            shown.push('…');
            break;
        }
        if c.is_control() {
            shown.extend(c.escape_debug());
        } else {
            shown.push(c);
        }
    }
    shown
}

/// Checks a result: a draw, no result, an unknown result, or a win with a score or a reason.
fn check_result(text: &str, backgammon: bool) -> Result<(), String> {
    if matches!(text, "0" | "Draw" | "Void" | "?") {
        return Ok(());
    }
    let (expected, resign) = match backgammon {
        true => (BACKGAMMON_FORMS, "[points]R/Resign"),
        false => (RESULT_FORMS, "R/Resign"),
    };
    let Some(rest) = text.strip_prefix("B+").or_else(|| text.strip_prefix("W+")) else {
        if text.starts_with("b+") || text.starts_with("w+") {
            return Err(format!(
                "`{}`: the winner is written `B` or `W`",
                show(text)
            ));
        }
        return Err(format!(
            "`{}` is not a result: expected {expected}",
            show(text)
        ));
    };
    let winner = &text[..2];
    if rest.is_empty() || REASONS.contains(&rest) || is_real(rest) {
        return Ok(());
    }
    if backgammon {
        let reason = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        if reason.len() < rest.len() && matches!(reason, "R" | "Resign") {
            return Ok(());
        }
    }
    if let Some(reason) = REASONS.iter().find(|r| r.eq_ignore_ascii_case(rest)) {
        return Err(format!(
            "`{winner}{rest}`: case matters, write `{winner}{reason}`"
        ));
    }
    Err(format!(
        "`{}` after `{winner}` is not a score or a reason: expected a number like `3.5`, \
         {resign}, T/Time, F/Forfeit or nothing",
        show(rest)
    ))
}

/// Whether `text` is an SGF real, as the value type `real` reads one (on any board: a real
/// does not depend on it). A score too large for an `f64` is not.
fn is_real(text: &str) -> bool {
    use crate::value::{Context, Value};
    f64::parse_value(text, &Context::square(19)).is_ok()
}

/// How precise the previous date of a list was, with the year and month it lends to shortcuts.
#[derive(Clone, Copy)]
enum Previous {
    /// No date yet: the first date must be written in full.
    Nothing,
    /// `YYYY`: no shortcut may follow.
    Year,
    /// `YYYY-MM` or `MM`: `MM` and `MM-DD` may follow.
    Month(u32),
    /// `YYYY-MM-DD`, `MM-DD` or `DD`: `DD` and `MM-DD` may follow.
    Day(u32, u32),
}

/// Checks a list of dates separated by commas, reading shortcuts from left to right.
fn check_date(text: &str) -> Result<(), String> {
    let mut previous = Previous::Nothing;
    for part in text.split(',') {
        if part.is_empty() {
            return Err(format!(
                "`{}` has an empty date: separate dates by single commas, with none at either end",
                show(text)
            ));
        }
        previous = check_date_part(part, previous)?;
    }
    Ok(())
}

/// Checks one date of a list given the one before it, and returns what it lends to the next one.
fn check_date_part(part: &str, previous: Previous) -> Result<Previous, String> {
    if part.contains(char::is_whitespace) {
        return Err(format!(
            "`{}` contains a space: separate dates by commas alone, e.g. `1996-05-06,07`",
            show(part)
        ));
    }
    let fields: Vec<&str> = part.split('-').collect();
    let widths: Vec<usize> = fields.iter().map(|f| f.len()).collect();
    let digits = fields.iter().all(|f| f.bytes().all(|b| b.is_ascii_digit()));
    // Every field has at most four ASCII digits, so the number fits and the arithmetic is exact.
    let n = |i: usize| {
        fields[i]
            .bytes()
            .fold(0, |n, b| n * 10 + u32::from(b - b'0'))
    };
    let (year, month, day) = match (digits, widths.as_slice(), previous) {
        (true, [4], _) => return Ok(Previous::Year),
        (true, [4, 2], _) => (n(0), n(1), None),
        (true, [4, 2, 2], _) => (n(0), n(1), Some(n(2))),
        (true, [2, 2], Previous::Month(y) | Previous::Day(y, _)) => (y, n(0), Some(n(1))),
        (true, [2], Previous::Month(y)) => (y, n(0), None),
        (true, [2], Previous::Day(y, m)) => (y, m, Some(n(0))),
        (true, [2] | [2, 2], Previous::Nothing) => {
            return Err(format!(
                "`{}` is a shortcut, but no date comes before it: the first date is {DATE_FORMS}",
                show(part)
            ));
        }
        (true, [2] | [2, 2], Previous::Year) => {
            return Err(format!(
                "`{}` cannot follow a year alone: write {DATE_FORMS} in full",
                show(part)
            ));
        }
        _ => {
            let shortcuts = match previous {
                Previous::Month(..) => " (or a shortcut: `MM`, `MM-DD`)",
                Previous::Day(..) => " (or a shortcut: `DD`, `MM-DD`)",
                Previous::Nothing | Previous::Year => "",
            };
            return Err(format!(
                "`{}` is not a date: expected {DATE_FORMS}{shortcuts}",
                show(part)
            ));
        }
    };
    let Some(name) = month
        .checked_sub(1)
        .and_then(|i| MONTHS.split(' ').nth(i as usize))
    else {
        return Err(format!("month {month} does not exist (in `{part}`)"));
    };
    let Some(day) = day else {
        return Ok(Previous::Month(year));
    };
    if day == 0 || day > days_in_month(year, month) {
        return Err(format!(
            "day {day} does not exist in {name} {year:04} (in `{part}`)"
        ));
    }
    Ok(Previous::Day(year, month))
}

/// The number of days of a month (1 to 12) of the Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dates that pass, separated by spaces.
    const GOOD_DATES: &str = "1996-05-06 1996-05 1996 1996-05-06,07,08 1996-05,06 2000-02-29 \
        1996-12-27,28,1997-01-03,04 1997-05-05,06-10 1996,1997 1996-05,06-01,02 2024-02-29 \
        1996-05-06,07-08,09 1996,1997-01-01 1996-01-31,02-29 0000-01-01";

    /// Dates that fail, separated by spaces; those with spaces are in the test.
    const BAD_DATES: &str = "2001-02-29 1900-02-29 1996-13-01 1996-00-01 1996-04-31 1996-05-00 \
        1996-5-6 96-05-06 1996/05/06 1996-05-06, ,1996 1996,,1997 1996,07 1996,05-06 05-06 06 \
        1996-05-06,07-08-09 1996-05,06,32 1996-05-06,31,06-31 1996-05-06-07 +996 １９９６ 19960506";

    /// Results that pass, separated by spaces, in both the general and the backgammon format.
    const GOOD_RESULTS: &str = "0 Draw Void ? B+ W+ B+0.5 W+64 B+12.5 W+-3 B++1 B+R B+Resign \
        B+T B+Time B+F B+Forfeit W+R W+Resign W+T W+Time W+F W+Forfeit";

    /// Results that fail in both formats, separated by spaces; those with spaces are in the test.
    const BAD_RESULTS: &str = "b+r B+r w+resign Jigo B+.5 B+5. B+1.2.3 B+RT B-R B + draw B+Res \
        R+B B+R6 B+6T B+6r B+R6R B+6.5R B+-6R 0.0 B+W+";

    /// Asserts that each text passes `format`, or fails it with a message under 150 characters.
    fn expect<'a>(format: &str, texts: impl IntoIterator<Item = &'a str>, pass: bool) {
        for text in texts {
            match check(format, text) {
                Ok(()) => assert!(pass, "{format} `{text}` passed"),
                Err(message) => {
                    assert!(!pass, "{format} `{text}` failed: {message}");
                    assert!(message.chars().count() < 150, "too long: {message}");
                }
            }
        }
    }

    #[test]
    fn dates() {
        expect("date", GOOD_DATES.split_whitespace(), true);
        expect("date", BAD_DATES.split_whitespace(), false);
        let spaced = [
            "1996-05-06, 07",
            "May 6 1996",
            " 1996",
            "1996 ",
            "",
            "1996-05-06,\t07",
        ];
        expect("date", spaced, false);
    }

    #[test]
    fn date_messages_name_the_problem() {
        let message = |text| check("date", text).expect_err(text);
        assert_eq!(
            message("1996-13-01"),
            "month 13 does not exist (in `1996-13-01`)"
        );
        let feb = "day 29 does not exist in February 2001 (in `2001-02-29`)";
        assert_eq!(message("2001-02-29"), feb);
        assert!(message("1996-06-30,31").contains("day 31 does not exist in June 1996"));
        assert!(message("1996-5-6").starts_with("`1996-5-6` is not a date: expected `YYYY-"));
        assert!(message("1996,07").starts_with("`07` cannot follow a year alone"));
        assert!(message("1996-05-06, 07").contains("contains a space"));
        assert!(message("1996-05-06,").contains("empty date"));
        assert!(message("").starts_with("empty date"));
    }

    #[test]
    fn results() {
        for format in ["result", "backgammon-result"] {
            expect(format, GOOD_RESULTS.split_whitespace(), true);
            expect(format, BAD_RESULTS.split_whitespace(), false);
            let spaced = [
                "Black resigns",
                "B+ 3.5",
                "",
                " B+R",
                "B+R ",
                "B+6 R",
                "W+\n1",
            ];
            expect(format, spaced, false);
        }
        expect("result", ["B+6R", "W+2Resign"], false);
        expect(
            "backgammon-result",
            ["B+6R", "W+2Resign", "W+4", "B+12Resign"],
            true,
        );
    }

    #[test]
    fn result_messages_name_the_problem() {
        let message = |format, text| check(format, text).expect_err(text);
        let expected = format!("`Black wins` is not a result: expected {RESULT_FORMS}");
        assert_eq!(message("result", "Black wins"), expected);
        assert!(message("result", "B+ 3.5").starts_with("` 3.5` after `B+` is not a score"));
        assert_eq!(message("result", "B+r"), "`B+r`: case matters, write `B+R`");
        assert!(message("backgammon-result", "W+x").contains("[points]R/Resign"));
    }

    #[test]
    fn long_and_odd_texts_give_short_messages() {
        let long = "x".repeat(500);
        let texts = [
            &*long,
            &format!("B+{long}"),
            &format!("1996,{long}"),
            &"\u{1}".repeat(99),
        ];
        for format in FORMATS {
            expect(format, texts.iter().map(|t| &**t), false);
        }
    }

    #[test]
    fn a_score_is_a_real_as_the_value_type_reads_one() {
        let huge = "9".repeat(400);
        expect("result", [format!("B+{}", "9".repeat(300)).as_str()], true);
        expect("result", [format!("W+{huge}").as_str()], false);
        let message = check("result", &format!("W+{huge}")).expect_err("too large");
        assert!(message.contains("is not a score"), "{message}");
    }

    #[test]
    fn unknown_formats_are_errors() {
        assert_eq!(check("time", "1"), Err("unknown format `time`".to_owned()));
        for format in FORMATS {
            assert!(!check(format, "x").expect_err(format).starts_with("unknown"));
        }
    }
}
