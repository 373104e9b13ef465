//! The scalar value types (`number`, `real`, `none`, `double`, `color`) and composed values
//! (`a:b`, the tuple impl), with the splitting and colon escaping composed values need.

use super::decimal;
use super::error::quote;
use super::{Context, Value, ValueError};

/// The SGF `double` type: `1` is normal, `2` is emphasized (e.g. `GB[2]`, "very good for Black").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Double {
    /// `1`: normal.
    Normal,
    /// `2`: emphasized.
    Emphasized,
}

/// The SGF `color` type: `B` or `W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Color {
    /// `B`.
    Black,
    /// `W`.
    White,
}

impl Color {
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The colour as SGF writes it, which is also the identifier of its move: `B` or `W`.
    pub fn letter(self) -> &'static str {
        match self {
            Color::Black => "B",
            Color::White => "W",
        }
    }
}

/// SGF `number`: an optional sign and decimal digits, nothing else (no spaces); a number that
/// does not fit an `i64` is an error.
impl Value for i64 {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        let digits = raw.strip_prefix(['+', '-']).unwrap_or(raw);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ValueError::expected(
                "a number (an optional + or -, then digits 0-9)",
                raw,
            ));
        }
        raw.parse()
            .map_err(|_| ValueError::new(format!("number {} does not fit 64 bits", quote(raw))))
    }

    fn write_value(&self, out: &mut String) {
        decimal::push_i64(*self, out);
    }
}

/// SGF `real`: an optional sign, digits, optionally `.` and more digits; `.5` and `5.` are not
/// reals (the specification's `Number ["." Digit {Digit}]`, and SGFC corrects them). Written
/// with Rust's `{}`, which never uses an exponent and reads back exactly.
/// A value too large for an `f64` is an error. NaN and infinities cannot be written as SGF reals:
/// NaN is written as `0` and the infinities as the largest finite value of their sign.
impl Value for f64 {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        const POWERS: [f64; 16] = [
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
        ];
        let (negative, text) = match raw.as_bytes() {
            [b'-', rest @ ..] => (true, rest),
            [b'+', rest @ ..] => (false, rest),
            all => (false, all),
        };
        // One look at each byte: the digits taken as an integer, and where the point stands.
        let (mut mantissa, mut point, mut other) = (0u64, None, false);
        for (i, &b) in text.iter().enumerate() {
            match b {
                b'0'..=b'9' => {
                    mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(b - b'0'));
                }
                b'.' if point.is_none() => point = Some(i),
                _ => other = true,
            }
        }
        // Digits before the point, and after it if there is one.
        let int = point.unwrap_or(text.len());
        let fraction = point.map_or(0, |p| text.len() - p - 1);
        if other || int == 0 || point.is_some() && fraction == 0 {
            return Err(ValueError::expected(
                "a real number (an optional + or -, digits, optionally '.' and digits)",
                raw,
            ));
        }
        // At most 15 significant digits: as an integer they are exact in an `f64`, as is any
        // power of ten up to 10^22, so the one division rounds correctly and gives what
        // `str::parse` gives (the fast path of Clinger's algorithm). Longer numbers go to it.
        if int + fraction <= 15 {
            let value = mantissa as f64 / POWERS[fraction];
            return Ok(if negative { -value } else { value });
        }
        match raw.parse::<f64>() {
            Ok(value) if value.is_finite() => Ok(value),
            _ => Err(ValueError::new(format!(
                "real number {} is too large",
                quote(raw)
            ))),
        }
    }

    fn write_value(&self, out: &mut String) {
        let value = if self.is_nan() {
            0.0
        } else {
            self.clamp(f64::MIN, f64::MAX)
        };
        decimal::push_f64(value, out);
    }
}

/// SGF `none`: only the empty value `[]`.
impl Value for () {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        if raw.is_empty() {
            Ok(())
        } else {
            Err(ValueError::expected("an empty value", raw))
        }
    }

    fn write_value(&self, _out: &mut String) {}
}

impl Value for Double {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        match raw {
            "1" => Ok(Double::Normal),
            "2" => Ok(Double::Emphasized),
            _ => Err(ValueError::expected("a double (1 or 2)", raw)),
        }
    }

    fn write_value(&self, out: &mut String) {
        out.push(match self {
            Double::Normal => '1',
            Double::Emphasized => '2',
        });
    }
}

impl Value for Color {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        match raw {
            "B" => Ok(Color::Black),
            "W" => Ok(Color::White),
            _ => Err(ValueError::expected("a color (B or W)", raw)),
        }
    }

    fn write_value(&self, out: &mut String) {
        out.push_str(self.letter());
    }
}

/// A composed value `a:b`, split at the first unescaped `:`. On writing, the colons of the left
/// part are escaped (it must not hold a separator); the right part is written as it is, since
/// every colon after the first separator belongs to it. Escaping those too would change values
/// kept as written, such as the raw points of games without a section. Since the split is at
/// the first colon, only the right part may itself be composed.
impl<A: Value, B: Value> Value for (A, B) {
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        let Some((left, right)) = split_composed(raw) else {
            return Err(ValueError::expected(
                "a composed value (two parts separated by ':')",
                raw,
            ));
        };
        fn in_part(side: &'static str) -> impl Fn(ValueError) -> ValueError {
            move |err| ValueError::new(format!("{side} ':': {}", err.message))
        }
        let a = A::parse_value(left, ctx).map_err(in_part("before"))?;
        let b = B::parse_value(right, ctx).map_err(in_part("after"))?;
        Ok((a, b))
    }

    fn write_value(&self, out: &mut String) {
        // The left part straight into `out`; only one with a colon (rare) is taken back out
        // to be escaped.
        let start = out.len();
        self.0.write_value(out);
        if out.as_bytes()[start..].contains(&b':') {
            let left = out.split_off(start);
            escape_colons(&left, out);
        }
        out.push(':');
        self.1.write_value(out);
    }
}

/// Splits a raw value at its first unescaped `:` (a `\` escapes the character after it, so in
/// `a\\:b` the colon separates `a\\` from `b`). `None` if there is no such colon.
pub fn split_composed(raw: &str) -> Option<(&str, &str)> {
    // Both `:` and `\` are ASCII: no byte of another character is taken for them.
    let bytes = raw.as_bytes();
    // Most values are a few bytes (points, moves): looked at directly, not through memchr.
    let mut i = if bytes.len() <= 8 {
        bytes.iter().position(|&b| b == b':' || b == b'\\')?
    } else {
        memchr::memchr2(b':', b'\\', bytes)?
    };
    loop {
        if bytes[i] == b':' {
            return Some((raw.get(..i)?, raw.get(i + 1..)?));
        }
        // A `\` escapes the byte after it (a character's first byte is never a `:`).
        let next = i + 2;
        i = next + memchr::memchr2(b':', b'\\', bytes.get(next..)?)?;
    }
}

/// Appends raw text with a `\` put before each of its unescaped colons.
fn escape_colons(raw: &str, out: &mut String) {
    let mut escaped = false;
    for c in raw.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            ':' => out.push('\\'),
            _ => {}
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::SimpleText;

    const CTX: Context = Context::square(19);

    #[test]
    fn reals_read_without_the_general_algorithm_are_what_str_parse_reads() {
        // Up to 15 digits each way of the point, signs, zeros before and after, and values
        // whose nearest double is hard to find (0.1, 0.3, 9007199254740993's neighbours).
        let mut raws: Vec<String> = vec![
            "0".into(),
            "-0".into(),
            "+0.0".into(),
            "0.1".into(),
            "0.3".into(),
            "-2.5".into(),
            "999999999999999".into(),
            "99999999999999.9".into(),
            "0.000000000000001".into(),
            "123456789012345".into(),
            "1234567890123456".into(),
            "900719925474099.3".into(),
            "0000000000000000000001.5".into(),
            "7.500000000000000000000000001".into(),
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let digits = (seed % 1_000_000_000_000_000).to_string();
            let split = (seed >> 50) as usize % (digits.len() + 1);
            let (int, frac) = digits.split_at(split);
            let sign = ["", "-", "+"][(seed >> 60) as usize % 3];
            raws.push(match (int, frac) {
                ("", frac) => format!("{sign}0.{frac}"),
                (int, "") => format!("{sign}{int}"),
                (int, frac) => format!("{sign}{int}.{frac}"),
            });
        }
        for raw in &raws {
            let ours: f64 = parse(raw).expect("a real");
            let std: f64 = raw.parse().expect("a real");
            assert_eq!(ours.to_bits(), std.to_bits(), "{raw}");
        }
    }

    #[test]
    fn composed_values_split_at_the_first_unescaped_colon_short_or_long() {
        for (raw, split) in [
            ("aa:bb", Some(("aa", "bb"))),
            ("a\\:b:c", Some(("a\\:b", "c"))),
            ("a\\:b", None),
            ("ab", None),
            (":", Some(("", ""))),
            ("\\", None),
            ("a long text:and more", Some(("a long text", "and more"))),
            ("a long \\: text:x", Some(("a long \\: text", "x"))),
            ("a long text without", None),
        ] {
            assert_eq!(split_composed(raw), split, "{raw}");
        }
    }

    fn parse<T: Value>(raw: &str) -> Result<T, ValueError> {
        T::parse_value(raw, &CTX)
    }

    fn write<T: Value>(value: &T) -> String {
        let mut out = String::new();
        value.write_value(&mut out);
        out
    }

    #[test]
    fn numbers_take_a_sign_and_digits_only() {
        assert_eq!(parse::<i64>("42"), Ok(42));
        assert_eq!(parse::<i64>("+7"), Ok(7));
        assert_eq!(parse::<i64>("-0012"), Ok(-12));
        for bad in ["", "+", "1 ", " 1", "1.5", "0x1", "--1", "1e3", "١"] {
            let err = parse::<i64>(bad).expect_err(bad);
            assert!(err.message.starts_with("expected a number"), "{bad}");
        }
        let err = parse::<i64>("9223372036854775808").expect_err("overflow");
        assert_eq!(
            err.message,
            r#"number "9223372036854775808" does not fit 64 bits"#
        );
        assert_eq!(parse::<i64>("-9223372036854775808"), Ok(i64::MIN));
    }

    #[test]
    fn reals_need_digits_on_both_sides_of_the_point() {
        assert_eq!(parse::<f64>("6.5"), Ok(6.5));
        assert_eq!(parse::<f64>("+0.25"), Ok(0.25));
        assert_eq!(parse::<f64>("-3"), Ok(-3.0));
        for bad in [
            ".5",
            "5.",
            "-.5",
            "",
            ".",
            "+.",
            "1e3",
            "NaN",
            "inf",
            "-infinity",
            "1.2.3",
            " 1",
            "1,5",
        ] {
            assert!(parse::<f64>(bad).is_err(), "{bad}");
        }
        let huge = format!("1{}", "0".repeat(400));
        let err = parse::<f64>(&huge).expect_err("too large");
        assert!(err.message.ends_with("is too large"));
    }

    #[test]
    fn reals_round_trip_through_display() {
        for value in [
            0.0,
            -0.0,
            6.5,
            -2.75,
            1e300,
            -1e-300,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            0.1 + 0.2,
        ] {
            assert_eq!(parse::<f64>(&write(&value)), Ok(value), "{value}");
        }
        assert_eq!(write(&f64::NAN), "0");
        assert_eq!(parse::<f64>(&write(&f64::INFINITY)), Ok(f64::MAX));
        assert_eq!(parse::<f64>(&write(&f64::NEG_INFINITY)), Ok(f64::MIN));
    }

    #[test]
    fn none_double_and_color() {
        assert_eq!(parse::<()>(""), Ok(()));
        assert_eq!(
            parse::<()>(" ").map_err(|e| e.message),
            Err(r#"expected an empty value, found " ""#.to_owned())
        );
        assert_eq!(write(&()), "");
        for (raw, value) in [("1", Double::Normal), ("2", Double::Emphasized)] {
            assert_eq!(parse::<Double>(raw), Ok(value));
            assert_eq!(write(&value), raw);
        }
        assert!(parse::<Double>("3").is_err());
        for (raw, value) in [("B", Color::Black), ("W", Color::White)] {
            assert_eq!(parse::<Color>(raw), Ok(value));
            assert_eq!(write(&value), raw);
        }
        let err = parse::<Color>("b").expect_err("lowercase");
        assert_eq!(err.message, r#"expected a color (B or W), found "b""#);
    }

    #[test]
    fn composed_values_split_at_the_first_unescaped_colon() {
        assert_eq!(split_composed("a:b:c"), Some(("a", "b:c")));
        assert_eq!(split_composed(r"a\:b:c"), Some((r"a\:b", "c")));
        assert_eq!(split_composed(r"a\\:b"), Some((r"a\\", "b")));
        assert_eq!(split_composed(r"a\\\:b"), None);
        assert_eq!(split_composed(":"), Some(("", "")));
        assert_eq!(split_composed("ab"), None);
        assert_eq!(split_composed("碁:é"), Some(("碁", "é")));
    }

    #[test]
    fn tuples_parse_each_part_and_need_a_colon() {
        type Pair = (i64, SimpleText);
        assert_eq!(parse::<Pair>("3:x:y"), Ok((3, "x:y".into())));
        assert_eq!(parse::<Pair>(r"3:a\:b"), Ok((3, "a:b".into())));
        let err = parse::<Pair>("3").expect_err("no colon");
        assert!(err.message.starts_with("expected a composed value"));
        let err = parse::<Pair>("x:y").expect_err("bad number");
        assert!(err.message.starts_with("before ':': expected a number"));
        let err = parse::<(i64, i64)>("1:y").expect_err("bad number");
        assert!(err.message.starts_with("after ':': expected a number"));
    }

    #[test]
    fn tuples_escape_the_colons_of_their_left_part_only() {
        let pair: (SimpleText, SimpleText) = ("a:b\\".into(), "c:d]".into());
        let raw = write(&pair);
        assert_eq!(raw, r"a\:b\\:c:d\]");
        assert_eq!(parse::<(SimpleText, SimpleText)>(&raw), Ok(pair.clone()));
        let mut after = "x:".to_owned();
        pair.write_value(&mut after);
        assert_eq!(
            after, r"x:a\:b\\:c:d\]",
            "text before the value stays as it is"
        );

        let nested: (i64, (SimpleText, SimpleText)) = (1, ("x:".into(), ":y".into()));
        let raw = write(&nested);
        assert_eq!(raw, r"1:x\:::y");
        assert_eq!(parse::<(i64, (SimpleText, SimpleText))>(&raw), Ok(nested));
    }
}
