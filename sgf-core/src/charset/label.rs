//! `CA` labels: from the value as written (`CA[\C\P\1\2\5\1]`, `CA[MS_KANJI]`, `CA[UTF8]`) to
//! an encoding.

use std::borrow::Cow;

use encoding_rs::{
    BIG5, EUC_JP, EUC_KR, Encoding, GB18030, GBK, KOI8_R, KOI8_U, REPLACEMENT, SHIFT_JIS, UTF_8,
    UTF_16BE, UTF_16LE, WINDOWS_1252,
};

/// The encoding a `CA` value names, or `None` if it names none this crate knows.
///
/// The value is read as SGF simple text: escapes are removed (`\C\P\1\2\5\1` is `CP1251`) and
/// surrounding whitespace is trimmed. Then it is looked up as a WHATWG label (encoding_rs's
/// [`Encoding::for_label`], case-insensitive), with `_` and `-` taken for each other, and
/// finally by its letters and digits alone against the spellings real files use: `UTF8`,
/// `MS_KANJI`, `SJIS`, `ISO8859_1`, `Latin1`, `WIN1251`, `EUCKR`, `EUC_JP`, `BIG5-HKSCS`,
/// `KOI8R` and the like.
///
/// As in encoding_rs, ISO-8859-1 and ASCII name windows-1252, and GB2312 names GBK. Labels
/// that encoding_rs maps to its replacement encoding (ISO-2022-KR, HZ-GB-2312, ...) count as
/// unknown, since no text can be decoded with them.
///
/// A label holding a character outside ASCII names none. Labels are ASCII, and the bytes of
/// such a label read differently in each charset: `GB2312` followed by the bytes `EB 70` is
/// `GB2312雙` in GBK but `GB2312\u{FFFD}p` as UTF-8, and by its letters and digits alone the
/// one would name GBK and the other nothing. What the bytes name must not depend on the
/// charset they are read in, which they help decide.
pub fn lookup(label: &str) -> Option<&'static Encoding> {
    let label = unescape(label);
    let label = label.trim();
    if label.is_empty() || !label.is_ascii() {
        return None;
    }
    let found = Encoding::for_label(label.as_bytes())
        .or_else(|| Encoding::for_label(label.replace('_', "-").as_bytes()))
        .or_else(|| Encoding::for_label(label.replace('-', "_").as_bytes()))
        .or_else(|| by_letters_and_digits(label));
    found.filter(|&encoding| encoding != REPLACEMENT)
}

/// Removes SGF escapes: a backslash before a line break removes both, a backslash before any
/// other character keeps only that character.
pub(super) fn unescape(value: &str) -> Cow<'_, str> {
    if !value.contains('\\') {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(first @ ('\n' | '\r')) => {
                let pair = if first == '\n' { '\r' } else { '\n' };
                chars.next_if_eq(&pair);
            }
            Some(escaped) => out.push(escaped),
            None => {}
        }
    }
    Cow::Owned(out)
}

/// Looks a label up by its lowercase letters and digits alone, so that separators that are
/// missing, doubled or of the wrong kind do not matter.
fn by_letters_and_digits(label: &str) -> Option<&'static Encoding> {
    let compact: String = label
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let known = match compact.as_str() {
        "utf8" => Some(UTF_8),
        "utf16" | "utf16le" | "ucs2" | "unicode" => Some(UTF_16LE),
        "utf16be" => Some(UTF_16BE),
        "latin1" | "l1" | "ascii" | "usascii" | "ansi" => Some(WINDOWS_1252),
        "mskanji" | "sjis" | "shiftjis" | "xsjis" | "cp932" | "windows31j" => Some(SHIFT_JIS),
        "gb2312" | "gbk" | "cp936" | "euccn" | "xeuccn" | "gb231280" => Some(GBK),
        "gb18030" => Some(GB18030),
        "big5" | "big5hkscs" | "cp950" | "xxbig5" => Some(BIG5),
        "euckr" | "cp949" | "uhc" | "ksc5601" | "ksc56011987" | "ksx1001" => Some(EUC_KR),
        "eucjp" | "xeucjp" | "ujis" => Some(EUC_JP),
        "koi8" | "koi8r" => Some(KOI8_R),
        "koi8u" | "koi8ru" => Some(KOI8_U),
        _ => None,
    };
    known.or_else(|| numbered(&compact))
}

/// `iso8859N` and `8859N` as `iso-8859-N`; `cpN`, `winN`, `windowsN` and `msN` as
/// `windows-N` for the Windows code pages 874 and 1250 to 1258, else as `cpN` or `ibmN`.
fn numbered(compact: &str) -> Option<&'static Encoding> {
    let digits = |prefix: &str| {
        compact
            .strip_prefix(prefix)
            .filter(|rest| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()))
    };
    if let Some(part) = digits("iso8859").or_else(|| digits("8859")) {
        return Encoding::for_label(format!("iso-8859-{part}").as_bytes());
    }
    let page = ["windows", "win", "cp", "ms", "ibm"]
        .into_iter()
        .find_map(digits)?;
    let windows = matches!(page, "874" | "1250" | "1251" | "1252" | "1253" | "1254")
        || matches!(page, "1255" | "1256" | "1257" | "1258");
    if windows {
        Encoding::for_label(format!("windows-{page}").as_bytes())
    } else {
        Encoding::for_label(format!("cp{page}").as_bytes())
            .or_else(|| Encoding::for_label(format!("ibm{page}").as_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{ISO_8859_2, ISO_8859_15, WINDOWS_1250, WINDOWS_1251};

    fn name(label: &str) -> Option<&'static str> {
        lookup(label).map(Encoding::name)
    }

    #[test]
    fn a_label_outside_ascii_names_nothing_whatever_charset_read_it() {
        // The bytes `GB2312` `EB 70` as GBK and as UTF-8 (where `EB` alone is no character).
        assert_eq!(lookup("GB2312\u{96D9}"), None);
        assert_eq!(lookup("GB2312\u{FFFD}p"), None);
        // A hyphen outside ASCII, and a full-width label.
        assert_eq!(lookup("UTF\u{2011}8"), None);
        assert_eq!(lookup("\u{FF35}\u{FF34}\u{FF26}-8"), None);
        assert_eq!(lookup("GB2312"), Some(GBK));
    }

    #[test]
    fn escapes_are_removed_before_the_lookup() {
        assert_eq!(lookup(r"\C\P\1\2\5\1"), Some(WINDOWS_1251));
        assert_eq!(lookup("UTF\\\n-8"), Some(UTF_8), "a soft line break");
        assert_eq!(unescape(r"a\\b\]c\"), r"a\b]c");
    }

    #[test]
    fn whatwg_labels_are_found_whatever_their_case() {
        assert_eq!(lookup("UTF-8"), Some(UTF_8));
        assert_eq!(lookup("  utf-8 "), Some(UTF_8));
        assert_eq!(lookup("Shift_JIS"), Some(SHIFT_JIS));
        assert_eq!(lookup("EUC-KR"), Some(EUC_KR));
        assert_eq!(lookup("cp1251"), Some(WINDOWS_1251));
        assert_eq!(lookup("Windows-1251"), Some(WINDOWS_1251));
        assert_eq!(lookup("ISO-8859-1"), Some(WINDOWS_1252));
        assert_eq!(
            lookup("GB2312"),
            Some(GBK),
            "encoding_rs reads GB2312 as GBK"
        );
        assert_eq!(lookup("ASCII"), Some(WINDOWS_1252));
    }

    #[test]
    fn spellings_seen_in_real_files_are_aliases() {
        for (label, expected) in [
            ("UTF8", "UTF-8"),
            ("utf_8", "UTF-8"),
            ("MS_KANJI", "Shift_JIS"),
            ("MS-KANJI", "Shift_JIS"),
            ("SJIS", "Shift_JIS"),
            ("Shift-JIS", "Shift_JIS"),
            ("ISO8859_1", "windows-1252"),
            ("ISO8859-1", "windows-1252"),
            ("ISO-8859_1", "windows-1252"),
            ("ISO_8859_15", "ISO-8859-15"),
            ("Latin1", "windows-1252"),
            ("CP1251", "windows-1251"),
            ("WIN1251", "windows-1251"),
            ("win-1250", "windows-1250"),
            ("EUCKR", "EUC-KR"),
            ("EUC_JP", "EUC-JP"),
            ("BIG5-HKSCS", "Big5"),
            ("KOI8R", "KOI8-R"),
            ("KOI8_U", "KOI8-U"),
            ("UTF16LE", "UTF-16LE"),
            ("gb_2312", "GBK"),
            ("GB18030", "gb18030"),
            ("CP866", "IBM866"),
        ] {
            assert_eq!(name(label), Some(expected), "{label}");
        }
        assert_eq!(lookup("iso8859-2"), Some(ISO_8859_2));
        assert_eq!(lookup("8859-15"), Some(ISO_8859_15));
        assert_eq!(lookup("windows1250"), Some(WINDOWS_1250));
    }

    #[test]
    fn unknown_and_unusable_labels_are_none() {
        assert_eq!(lookup("foo"), None);
        assert_eq!(lookup(""), None);
        assert_eq!(lookup(r"\ "), None);
        assert_eq!(lookup("iso8859-99"), None);
        assert_eq!(lookup("cp"), None);
        assert_eq!(
            lookup("ISO-2022-KR"),
            None,
            "encoding_rs's replacement encoding"
        );
    }
}
