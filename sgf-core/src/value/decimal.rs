//! Numbers and reals written in decimal straight into a string, exactly as their `Display`
//! writes them but without its formatting machinery (writing files is mostly writing values).

use std::fmt::Write as _;

/// Appends `n` in decimal with a `.` before its last `decimals` digits (none for 0), padded
/// with zeros to have a digit before the point.
fn push_fixed(mut n: u64, decimals: usize, out: &mut String) {
    // The text backwards into a buffer (20 digits and a point at most), then into `out`.
    let mut text = [b'0'; 24];
    let mut start = text.len();
    let mut digits = 0;
    loop {
        if digits == decimals && decimals > 0 {
            start -= 1;
            text[start] = b'.';
        }
        start -= 1;
        text[start] = b'0' + (n % 10) as u8;
        n /= 10;
        digits += 1;
        if n == 0 && digits > decimals {
            break;
        }
    }
    out.extend(text[start..].iter().map(|&b| char::from(b)));
}

/// Appends `n` as `Display` writes it.
pub(crate) fn push_i64(n: i64, out: &mut String) {
    if n < 0 {
        out.push('-');
    }
    push_fixed(n.unsigned_abs(), 0, out);
}

/// The most decimals [`push_f64`] writes without `Display`.
const MAX_DECIMALS: usize = 6;

/// Appends a finite `value` as `Display` writes it (the shortest decimal that reads back as the
/// same value, without an exponent).
///
/// Values below 10^9 in magnitude with at most six decimals (komi, times; nearly every real in
/// a file) are written by hand: the first number of decimals `d` for which the value scaled by
/// 10^d, rounded, reads back as the value is the shortest decimal. Below 10^9 the gap between
/// neighbouring values is under 10^-6, so no two decimals with `d` digits read back as the same
/// value and the one found is the one `Display` writes. Other values go through `Display`.
pub(crate) fn push_f64(value: f64, out: &mut String) {
    let magnitude = value.abs();
    if magnitude < 1e9 {
        let mut scale = 1.0;
        for decimals in 0..=MAX_DECIMALS {
            // Rounded by adding a half and truncating (`round` is a call to libm). Where a
            // decimal with `decimals` digits reads back as the value, the product is within 0.25
            // of its digits (two roundings below 10^15), so they are found; the division is
            // correctly rounded, as reading the decimal is, so the test holds exactly when the
            // decimal reads back as the value.
            let scaled = (magnitude * scale + 0.5) as u64;
            if scaled as f64 / scale == magnitude {
                if value.is_sign_negative() {
                    out.push('-');
                }
                push_fixed(scaled, decimals, out);
                return;
            }
            scale *= 10.0;
        }
    }
    write!(out, "{value}").expect("writing to a String cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f64_text(value: f64) -> String {
        let mut out = String::new();
        push_f64(value, &mut out);
        out
    }

    #[test]
    fn integers_are_written_as_display_writes_them() {
        for n in [0, 7, -7, 10, -10, 1234567890, i64::MAX, i64::MIN] {
            let mut out = "x".to_owned();
            push_i64(n, &mut out);
            assert_eq!(out, format!("x{n}"));
        }
        for (n, decimals, text) in [(42, 0, "42"), (5, 2, "0.05"), (12345, 3, "12.345")] {
            let mut out = String::new();
            push_fixed(n, decimals, &mut out);
            assert_eq!(out, text);
        }
        let mut out = String::new();
        push_fixed(u64::MAX, 6, &mut out);
        assert_eq!(out, "18446744073709.551615");
    }

    #[test]
    fn reals_are_written_as_display_writes_them() {
        let mut values = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            6.5,
            7.0,
            0.1,
            0.2,
            0.3,
            1e-6,
            1e-7,
            1.5e-6,
            123.456789,
            999999999.999999,
            999999999.9999999,
            1e9,
            -1e9,
            1e15,
            1e300,
            5e-324,
            f64::MAX,
            f64::MIN,
            f64::EPSILON,
            0.1 + 0.2,
            1.0 / 3.0,
            2.0 / 3.0,
        ];
        // Decimals such as time left in a file (`BL[1234.567]`), and their neighbours.
        for k in (-20_000_i64..20_000).chain((0..2000).map(|k| k * 499_999_999_989)) {
            for scale in [1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6, 1e7] {
                let value = k as f64 / scale;
                values.extend([value, value.next_up(), value.next_down()]);
            }
        }
        // Arbitrary bit patterns, from a fixed sequence.
        let mut rng = sgf_test_support::Rng::new(1);
        for _ in 0..100_000 {
            let value = f64::from_bits(rng.next_u64());
            if value.is_finite() {
                values.extend([value, value / 1e290, (value / 1e300).fract() * 1e6]);
            }
        }
        for value in values {
            assert_eq!(f64_text(value), value.to_string(), "{value:e}");
        }
    }
}
