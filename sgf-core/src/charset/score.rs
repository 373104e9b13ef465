//! How plausible one decoding of a file's text is, so that the detector can choose between
//! charsets that all decode the same bytes: the scripts and character classes a decoding
//! yields, and for CJK how common its characters are.
//!
//! Scores are in tenths of a point per character. Common CJK characters earn about 3 points
//! (1.5 per byte), a non-ASCII letter inside a Latin word 2 points, a Cyrillic or Greek letter
//! in a word of its own script 1.5; replacement characters, C1 controls, private-use
//! characters, half-width katakana and stray symbols cost points.

use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, GB18030, GBK, SHIFT_JIS, UTF_8};

use super::names::{is_common_hangul, is_name_han};

/// What each name character of a decoding earns (a Han character common in names, a common
/// Hangul syllable, a kana) when they make up at least two thirds of its CJK characters:
/// names are most of the CJK text SGF files hold, and a decoding in the wrong charset yields
/// their characters only by chance, about one in five, too seldom to make up most of a text.
/// A decoding broken (replacement characters) in more places than half its number of name
/// characters earns nothing for them (a name cut short breaks once), nor does one that holds
/// any other character foreign to text (a C1 control, a private-use character, a half-width
/// katakana): names are read in the right charset, not pieced out of bytes of another one.
const NAME_BONUS: i64 = 20;

/// The score of decoding all `texts` with `encoding`, and how many replacement characters
/// that decoding holds.
pub(super) fn score(encoding: &'static Encoding, texts: &[&[u8]]) -> (i64, usize) {
    let mut total = 0;
    let mut replaced = 0;
    let (mut cjk, mut names, mut foreign) = (0, 0, false);
    for text in texts {
        let (decoded, _) = encoding.decode_without_bom_handling(text);
        total += score_str(encoding, &decoded);
        for c in decoded.chars() {
            if is_han(c) || is_hangul(c) || is_kana(c) {
                cjk += 1;
                names += usize::from(is_name_char(encoding, c));
            } else if c == '\u{FFFD}' {
                replaced += 1;
            } else {
                foreign |= is_foreign(c);
            }
        }
    }
    if 3 * names >= 2 * cjk && 2 * replaced <= names && !foreign {
        let names = i64::try_from(names).unwrap_or(i64::MAX / NAME_BONUS);
        total += NAME_BONUS * names;
    }
    (total, replaced)
}

/// Whether `c` is a Han character common in names, a common Hangul syllable, or a kana read in
/// a charset Japanese is written in.
fn is_name_char(encoding: &'static Encoding, c: char) -> bool {
    is_name_han(c) || is_common_hangul(c) || (is_kana(c) && writes_japanese(encoding))
}

fn writes_japanese(encoding: &'static Encoding) -> bool {
    encoding == SHIFT_JIS || encoding == EUC_JP || encoding == UTF_8
}

/// Whether `encoding` is one of the double-byte CJK charsets the detector weighs.
pub(super) fn is_cjk(encoding: &'static Encoding) -> bool {
    [GBK, GB18030, BIG5, SHIFT_JIS, EUC_KR, EUC_JP].contains(&encoding)
}

/// The score of one decoded value.
pub(super) fn score_str(encoding: &'static Encoding, text: &str) -> i64 {
    let double_byte = is_cjk(encoding);
    let mut total = 0;
    let mut word = String::new();
    for c in text.chars() {
        if c.is_alphabetic() && !is_cjk_char(c) {
            word.push(c);
            continue;
        }
        total += score_word(&word, double_byte);
        word.clear();
        total += score_char(encoding, c);
    }
    total + score_word(&word, double_byte)
}

fn is_cjk_char(c: char) -> bool {
    is_han(c) || is_kana(c) || is_hangul(c) || matches!(c, '\u{FF61}'..='\u{FF9F}')
}

fn is_han(c: char) -> bool {
    is_rare_han(c) || matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

/// Whether `c` is a Han character of the extensions (A, and B on), which names and comments
/// hardly ever use, where the bytes of a double-byte charset often land when read as UTF-8.
pub(super) fn is_rare_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}') || ('\u{20000}'..='\u{3FFFF}').contains(&c)
}

fn is_kana(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{30FF}')
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}')
}

/// Whether `c` is what a decoding in the wrong charset yields, hardly ever text: a replacement
/// character, a C1 control, a private-use character or a half-width katakana. These cost the
/// most points.
pub(super) fn is_foreign(c: char) -> bool {
    matches!(
        c,
        '\u{FFFD}'
            | '\u{80}'..='\u{9F}'
            | '\u{E000}'..='\u{F8FF}'
            | '\u{F0000}'..='\u{10FFFF}'
            | '\u{FF61}'..='\u{FF9F}'
    )
}

/// A character that is not part of a word of alphabetic non-CJK letters.
fn score_char(encoding: &'static Encoding, c: char) -> i64 {
    match c {
        '\0'..='\u{7F}' => 0,
        '\u{FFFD}' => -40,
        '\u{80}'..='\u{9F}' => -30,
        '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{10FFFF}' => -20,
        '\u{FF61}'..='\u{FF9F}' => -20,
        _ if is_han(c) => han(encoding, c),
        _ if is_hangul(c) => hangul(encoding, c),
        _ if is_kana(c) => {
            if writes_japanese(encoding) {
                30
            } else {
                5
            }
        }
        '\u{3000}'..='\u{303F}' | '\u{FF01}'..='\u{FF60}' | '\u{FFE0}'..='\u{FFEF}' => 5,
        '\u{A0}' => 0,
        '«' | '»' | '–' | '—' | '‘' | '’' | '‚' | '“' | '”' | '„' | '…' | '•' | '·' | '€' | '¿'
        | '¡' => 3,
        _ => -10,
    }
}

/// A word of alphabetic non-CJK letters. Its non-ASCII letters are plausible inside a Latin
/// word, or as a word of their own in a cased script (Cyrillic, Greek) when the case runs
/// right; a word of Latin letters that are all non-ASCII is not how Latin languages look. In
/// a CJK charset such letters come from its symbol rows and count as stray symbols.
fn score_word(word: &str, double_byte: bool) -> i64 {
    let non_ascii = word.chars().filter(|c| !c.is_ascii()).count();
    if non_ascii == 0 {
        return 0;
    }
    let count = i64::try_from(non_ascii).unwrap_or(i64::MAX / 64);
    if double_byte {
        return -10 * count;
    }
    let has_ascii = word.chars().any(|c| c.is_ascii());
    let latin = word
        .chars()
        .filter(|&c| !c.is_ascii() && is_latin(c))
        .count();
    let mixed_scripts = latin > 0 && latin < non_ascii;
    let mut lower_seen = false;
    let mut case_runs_right = true;
    for c in word.chars() {
        if c.is_lowercase() {
            lower_seen = true;
        } else if c.is_uppercase() && lower_seen {
            case_runs_right = false;
        }
    }
    let each = if mixed_scripts {
        0
    } else if has_ascii && latin == non_ascii {
        20
    } else if latin > 0 {
        2
    } else if !case_runs_right {
        0
    } else if word.chars().count() >= 3 {
        15
    } else {
        5
    };
    each * count
}

fn is_latin(c: char) -> bool {
    matches!(c, '\u{C0}'..='\u{24F}' | '\u{1E00}'..='\u{1EFF}')
}

/// A Han character, by how common the rows it is encoded in are: the first level of GB2312,
/// Big5 and JIS X 0208 holds the common characters, the second level rarer ones, the
/// extensions (GBK, HKSCS, IBM) rare ones. Hanja in EUC-KR are rare in today's Korean.
fn han(encoding: &'static Encoding, c: char) -> i64 {
    if encoding == UTF_8 {
        return if is_rare_han(c) { 3 } else { 30 };
    }
    let Some((lead, trail, len)) = encoded(encoding, c) else {
        return 0;
    };
    if encoding == GBK || encoding == GB18030 {
        match (len, lead, trail) {
            (2, 0xB0..=0xD7, 0xA1..) => 30,
            (2, 0xD8..=0xF7, 0xA1..) => 15,
            (2, ..) => 3,
            _ => 1,
        }
    } else if encoding == BIG5 {
        match (lead, trail) {
            (0xA4..=0xC5, _) | (0xC6, ..=0x7E) => 27,
            (0xC9..=0xF9, _) => 10,
            _ => 2,
        }
    } else if encoding == SHIFT_JIS {
        match (lead, trail) {
            (0x88..=0x97, _) | (0x98, ..=0x72) => 30,
            (0x98..=0x9F | 0xE0..=0xEA, _) => 10,
            _ => 3,
        }
    } else if encoding == EUC_JP {
        match (len, lead) {
            (2, 0xB0..=0xCF) => 25,
            (2, 0xD0..=0xF4) => 10,
            _ => 2,
        }
    } else {
        10
    }
}

/// A Hangul syllable: one of the common ones, one of the 2,350 of KS X 1001, or one of the
/// rare ones only Unified Hangul Code adds to EUC-KR.
fn hangul(encoding: &'static Encoding, c: char) -> i64 {
    if is_common_hangul(c) {
        return 32;
    }
    if encoding == UTF_8 {
        return 18;
    }
    match encoded(encoding, c) {
        Some((0xB0..=0xC8, 0xA1.., 2)) => 18,
        _ => 3,
    }
}

/// The first two bytes of `c` in `encoding`, and the length of its encoding.
fn encoded(encoding: &'static Encoding, c: char) -> Option<(u8, u8, usize)> {
    let mut utf8 = [0; 4];
    let mut out = [0; 8];
    let mut encoder = encoding.new_encoder();
    let (result, _, written) =
        encoder.encode_from_utf8_without_replacement(c.encode_utf8(&mut utf8), &mut out, true);
    match (result, out.get(..written)?) {
        (encoding_rs::EncoderResult::InputEmpty, [lead, trail, ..]) => {
            Some((*lead, *trail, written))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{ISO_8859_5, WINDOWS_1251, WINDOWS_1252};

    fn of(encoding: &'static Encoding, text: &[u8]) -> i64 {
        score(encoding, &[text]).0
    }

    #[test]
    fn common_characters_outscore_rare_ones() {
        // GBK 古力: both first-level GB2312; the same bytes in EUC-KR are 뮴제, in Big5 and
        // EUC-JP less common characters.
        let guli = b"\xb9\xc5\xc1\xa6";
        assert_eq!(
            of(GBK, guli),
            2 * 30 + 2 * NAME_BONUS,
            "both are name characters"
        );
        assert!(of(EUC_KR, guli) < 60);
        assert!(of(BIG5, guli) < 60);
        assert!(of(EUC_JP, guli) < 60);
        // Shift_JIS 井山 read as GBK are rare extension characters.
        assert!(of(SHIFT_JIS, b"\x88\xe4\x8eR") > 4 * of(GBK, b"\x88\xe4\x8eR"));
    }

    #[test]
    fn common_hangul_outscores_the_same_bytes_in_gbk() {
        let (korean, _, _) = EUC_KR.encode("이세돌 박정환");
        assert!(of(EUC_KR, &korean) > of(GBK, &korean));
    }

    #[test]
    fn kana_is_japanese_evidence_only_in_japanese_charsets() {
        let (kana, _, _) = EUC_JP.encode("ひかる");
        assert_eq!(of(EUC_JP, &kana), 3 * 30 + 3 * NAME_BONUS);
        assert!(
            of(GBK, &kana) < 20,
            "GB2312 has kana too, at the same bytes"
        );
    }

    #[test]
    fn names_outscore_the_same_bytes_read_as_other_characters() {
        // Kanji alone: each of these EUC-JP names reads as first-level GB2312 hanzi too, which
        // the rows alone rank above JIS X 0208's first level.
        for name in ["井山裕太", "山下敬吾", "高尾紳路"] {
            let (bytes, _, _) = EUC_JP.encode(name);
            assert!(of(EUC_JP, &bytes) > of(GBK, &bytes), "{name}");
        }
        // Hanja alone, which EUC-KR's rows rank low.
        for name in ["李昌鎬", "曺薰鉉"] {
            let (bytes, _, _) = EUC_KR.encode(name);
            assert!(of(EUC_KR, &bytes) > of(GBK, &bytes), "{name}");
            assert!(of(EUC_KR, &bytes) > of(BIG5, &bytes), "{name}");
        }
    }

    #[test]
    fn a_few_name_characters_by_chance_earn_nothing() {
        // GBK 盘面 (board) reads in EUC-JP as 徒中: one name character of two.
        let board = b"\xc5\xcc\xc3\xe6";
        assert_eq!(of(EUC_JP, board), 2 * 25);
        assert!(of(GBK, board) > of(EUC_JP, board));
        // A decoding broken in more places than half its name characters earns nothing for them.
        assert_eq!(
            of(BIG5, b"\xb9-\xac\xee\xac\xee\xac"),
            2 * 27 - 2 * 40,
            "two lone bytes and 秋秋"
        );
    }

    #[test]
    fn letters_score_by_their_word() {
        assert_eq!(of(WINDOWS_1252, b"cr\xe9\xe9 par"), 40);
        assert_eq!(of(WINDOWS_1251, b"\xc8\xe2\xe0\xed\xee\xe2"), 90, "Иванов");
        assert_eq!(of(ISO_8859_5, b"\xb0\xd7"), 10, "Аз, a word of two letters");
        assert!(of(WINDOWS_1252, b"\xb0\xd7") < 0, "°×");
        assert!(of(WINDOWS_1252, b"\xc5\xcc\xc3\xe6") < 10, "ÅÌÃæ");
        let (greek, _, _) = GBK.encode("ΑΒΓ");
        assert!(of(GBK, &greek) < 0, "Greek from GBK's symbol rows");
    }

    #[test]
    fn replacement_characters_c1_controls_and_halfwidth_kana_cost_points() {
        assert_eq!(score(GBK, &[b"\xb0"]), (-40, 1));
        assert!(of(WINDOWS_1252, b"\x81") < 0);
        assert!(of(SHIFT_JIS, b"\xb0\xd7") < 0);
    }
}
