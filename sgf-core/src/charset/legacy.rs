//! Detecting a legacy charset: every candidate decoding of the text values is scored (see
//! `score`), and chardetng's guess earns a bonus.

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, GBK, KOI8_R, KOI8_U, SHIFT_JIS, WINDOWS_1252};

use super::score::{is_cjk, score};

/// How the legacy charsets rank on a text: the best, and the best runner-up that reads it
/// differently.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ranking {
    /// The charset chosen.
    pub(super) encoding: &'static Encoding,
    /// Its score (see `score`).
    pub(super) score: i64,
    /// How many replacement characters its decoding holds.
    pub(super) replaced: usize,
    /// The best-ranked other charset whose decoding differs from the chosen one's, and how far
    /// behind it ranks, in percent of the chosen one's rank (0: a tie). `None` when no other
    /// charset reads the text differently, or when the chosen one was the fallback taken for a
    /// text nothing reads well.
    pub(super) runner_up: Option<(&'static Encoding, i64)>,
}

/// The legacy charset whose decoding of `texts` scores best, with its runner-up. Ties go to
/// the earlier candidate: GBK, Big5, Shift_JIS, EUC-KR, EUC-JP, then chardetng's guess, then
/// windows-1252. When even the best decoding is poor (under 0.2 points a non-ASCII byte: rare
/// characters only, or worse), the FF\[4\] default ISO-8859-1, that is windows-1252, is taken
/// instead.
///
/// Some short texts stay ambiguous: a lone traditional character in Big5 is as plausible as a
/// common simplified one in GBK; GBK, by far the most common legacy charset of unlabelled SGF
/// files, wins those. Names tell the charsets apart where the rows of the characters cannot
/// (EUC-JP kanji without kana are as plausible GBK hanzi by their rows): see `score`.
pub(super) fn best_legacy(texts: &[&[u8]]) -> Ranking {
    // Every candidate reads the values once, joined by line breaks (no trail byte of any of
    // these charsets): per-value calls cost more than the bytes themselves.
    let joined = texts.join(&b'\n');
    let texts = &[&joined[..]][..];
    let guess = chardetng_guess(texts);
    let high_bytes: usize = texts
        .iter()
        .map(|text| text.iter().filter(|&&b| b >= 0x80).count())
        .sum();
    let high_bytes = i64::try_from(high_bytes).unwrap_or(i64::MAX / 4);
    // (charset, score, replaced, rank), best first; a stable sort keeps ties in order.
    let mut ranked: Vec<(&'static Encoding, i64, usize, i64)> = Vec::with_capacity(7);
    for candidate in [GBK, BIG5, SHIFT_JIS, EUC_KR, EUC_JP, guess, WINDOWS_1252] {
        if ranked.iter().any(|r| r.0 == candidate) {
            continue;
        }
        let (total, replaced) = score(candidate, texts);
        let rank = if candidate == guess {
            total.saturating_add(2 * high_bytes)
        } else {
            total
        };
        ranked.push((candidate, total, replaced, rank));
    }
    ranked.sort_by_key(|r| std::cmp::Reverse(r.3));
    let (encoding, total, replaced, rank) = ranked[0];
    if total < 2 * high_bytes && encoding != WINDOWS_1252 {
        let (total, replaced) = score(WINDOWS_1252, texts);
        return Ranking {
            encoding: WINDOWS_1252,
            score: total,
            replaced,
            runner_up: None,
        };
    }
    let read = |encoding: &'static Encoding| encoding.decode_without_bom_handling(&joined).0;
    let chosen = read(encoding);
    let runner_up = ranked[1..]
        .iter()
        .find(|r| read(r.0) != chosen)
        .map(|r| (r.0, behind(rank, r.3)));
    Ranking {
        encoding,
        score: total,
        replaced,
        runner_up,
    }
}

/// How far `second` ranks behind `first`, in percent of `first` (100 when `first` is not
/// above zero).
fn behind(first: i64, second: i64) -> i64 {
    if first <= 0 {
        return 100;
    }
    let gap = i128::from(first) - i128::from(second);
    i64::try_from(gap * 100 / i128::from(first)).unwrap_or(100)
}

/// chardetng's guess over the values, each followed by a line break; a guess outside the
/// charsets SGF files are written in becomes windows-1252.
fn chardetng_guess(texts: &[&[u8]]) -> &'static Encoding {
    let mut detector = EncodingDetector::new(Iso2022JpDetection::Deny);
    for text in texts {
        detector.feed(text, false);
        detector.feed(b"\n", false);
    }
    detector.feed(b"", true);
    let guess = detector.guess(None, Utf8Detection::Deny);
    let plausible = is_cjk(guess)
        || guess == KOI8_R
        || guess == KOI8_U
        || (guess.name().starts_with("windows-125"))
        || (guess.name().starts_with("ISO-8859-")
            && !["ISO-8859-5", "ISO-8859-6", "ISO-8859-8", "ISO-8859-8-I"].contains(&guess.name()));
    if plausible { guess } else { WINDOWS_1252 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::WINDOWS_1251;

    fn best(encoding: &'static Encoding, names: &[&str]) -> &'static Encoding {
        let texts: Vec<Vec<u8>> = names
            .iter()
            .map(|name| encoding.encode(name).0.into_owned())
            .collect();
        let texts: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
        best_legacy(&texts).encoding
    }

    #[test]
    fn short_names_are_read_in_their_charset() {
        let cases: &[(&'static Encoding, &[&str])] = &[
            // chardetng alone guesses EUC-KR, ISO-8859-5 and EUC-JP for the first three.
            (GBK, &["古力", "柯洁"]),
            (GBK, &["白"]),
            (GBK, &["盘面\r\nB: 91\r\nW: 95"]),
            (GBK, &["常昊", "马晓春"]),
            (GBK, &["时越", "陈耀烨", "黑中盘胜"]),
            (BIG5, &["周俊勳", "王銘琬"]),
            (BIG5, &["林海峰", "圍棋"]),
            (EUC_KR, &["이세돌", "박정환"]),
            (EUC_KR, &["이창호", "조훈현"]),
            (EUC_KR, &["신진서", "최정"]),
            (EUC_KR, &["흑"]),
            (SHIFT_JIS, &["井山 裕太", "山下 敬吾"]),
            (SHIFT_JIS, &["張栩", "趙治勲"]),
            (SHIFT_JIS, &["黒"]),
            (EUC_JP, &["井山 裕太"]),
            (EUC_KR, &["李昌鎬", "劉昌赫"]),
            (SHIFT_JIS, &["藤沢里菜", "上野愛咲美"]),
            (EUC_JP, &["黒中押し勝ち"]),
            (EUC_JP, &["ひかる"]),
            (WINDOWS_1251, &["Бай Ганьо", "Мечо Пух"]),
            (WINDOWS_1251, &["Иванов", "Пётр"]),
            (WINDOWS_1252, &["Jan Hrabánek"]),
            (WINDOWS_1252, &["Fichier SGF créé par TurboGo"]),
            (WINDOWS_1252, &["Müller", "Søren"]),
        ];
        for (encoding, names) in cases {
            assert_eq!(best(encoding, names), *encoding, "{names:?}");
        }
        // KOI8-R and KOI8-U read Russian alike; chardetng says KOI8-U.
        assert!([KOI8_R, KOI8_U].contains(&best(KOI8_R, &["Иванов", "Пётр"])));
    }

    #[test]
    fn ambiguous_short_texts_go_to_gbk() {
        assert_eq!(best(BIG5, &["黑"]), GBK, "Big5 黑 is GBK 堵");
    }

    #[test]
    fn bytes_nothing_reads_well_fall_back_to_windows_1252() {
        // GBK reads 0x81 0x8D as one rare extension character; that is not enough.
        assert_eq!(best_legacy(&[b"\x81\x8d"]).encoding, WINDOWS_1252);
        assert_eq!(best_legacy(&[b"\xb0"]).encoding, WINDOWS_1252);
    }

    #[test]
    fn chardetng_guesses_outside_sgf_charsets_are_dropped() {
        // GBK 白 alone: chardetng guesses ISO-8859-5 (Аз).
        assert_eq!(chardetng_guess(&[b"\xb0\xd7"]), WINDOWS_1252);
        let russian = KOI8_R.encode("Иванов Пётр").0;
        assert_eq!(chardetng_guess(&[&russian]), KOI8_U);
    }
}
