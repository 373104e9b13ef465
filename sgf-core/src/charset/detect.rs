//! Choosing the charset of a file: the declared `CA` checked against the bytes of the text
//! values, UTF-8 (clean or "dirty"), and detection among the legacy charsets SGF files are
//! written in.

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE};

use super::label::{lookup, unescape};
use super::legacy::best_legacy;
use super::score::{is_cjk, is_foreign, score};
use super::sniff::Form;
use super::utf8::Utf8Evidence;
use crate::finding::{Code, Finding, Location, Severity, Span};

/// The charset chosen for a file, and what was found on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The charset to [`decode`](super::decode()) every value of the file with. Never UTF-16:
    /// [`sniff`](super::sniff()) has transcoded UTF-16 input to UTF-8.
    pub encoding: &'static Encoding,
    /// The charset the `CA` value names, if it names a known one (even when the bytes showed
    /// it wrong).
    pub declared: Option<&'static Encoding>,
    /// `UnknownCharset` and `CharsetMismatch` (at the `CA` value), `CharsetDetected`,
    /// `CharsetUncertain` and `InvalidBytes` (without a span, having no better place).
    pub findings: Vec<Finding>,
}

/// Where a file names its charset, in the words of the findings: SGF's `CA`, or the field of
/// another format (UGF's `Lang`), and what would settle a detection that is uncertain.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Naming {
    /// The field that names the charset.
    pub(crate) field: &'static str,
    /// What would settle an uncertain detection; `None` for a format with no way to say.
    pub(crate) settled_by: Option<&'static str>,
}

/// SGF's: the root's `CA`.
pub(crate) const SGF_CA: Naming = Naming {
    field: "CA",
    settled_by: Some("a CA property"),
};

/// Chooses the charset of a file.
///
/// `declared` is the raw `CA` value of the root and its span; `texts` are the bytes of every
/// text and simple-text value of the file (the ASCII structure around them carries no
/// evidence, and all of them share one charset). Offsets refer to the [`sniff`](super::sniff())ed
/// bytes.
///
/// - Text that is all ASCII is read in the declared charset if it is known, else as UTF-8.
/// - A known `CA` is trusted if the bytes fit it: UTF-8 must validate (a few broken sequences
///   are replaced, with a warning); a legacy charset must decode without replacement into
///   plausible text, and a single-byte one is not trusted over bytes that are valid non-ASCII
///   UTF-8 (the classic `CA[ISO-8859-1]` lie). A double-byte charset whose reading holds
///   nothing foreign to text (no replacement, C1 control, private-use character or half-width
///   katakana) is trusted even when it reads as symbols only. A declaration compared with
///   other charsets must win both on the bytes of the file and on those its charset writes
///   back for the same text. Otherwise a `CharsetMismatch` warning names both, and the
///   charset is detected.
/// - Detection: valid UTF-8 is UTF-8; overwhelmingly valid UTF-8 with a few broken
///   sequences (a `?` in place of a byte, a character cut at the end of a value) is UTF-8 with
///   an `InvalidBytes` warning, and so is text whose only broken places are of those two kinds
///   if it has at least as many whole characters, some of three bytes (names of two or three
///   characters each cut short, as byte-limited fields leave them: never a legacy charset's
///   mojibake). Anything else is scored in GBK, Big5, Shift_JIS, EUC-KR, EUC-JP, chardetng's
///   guess and windows-1252 (ISO-8859-1, the FF\[4\] default): by how common the characters
///   of each decoding are (the rows of each charset that hold the common characters, Hangul
///   syllables and Han characters common in names, kana in a Japanese charset) and how
///   script-consistent (letters in words of their own script, no replacement characters, C1
///   controls or private-use characters), chardetng's guess earning a small bonus. When even
///   the best decoding reads poorly, windows-1252 is taken.
/// - Without a `CA`, the charset detected is reported as `CharsetDetected` (an info) with how
///   sure it is: valid UTF-8, or the lead over the runner-up, the best other charset that
///   reads the text differently. A runner-up within `SURE_LEAD` percent makes the detection a
///   `CharsetUncertain` warning that names both. After a lying `CA`, the `CharsetMismatch`
///   warning names the charset detected instead, and `CharsetUncertain` is added if need be.
pub fn decide(declared: Option<(&str, Span)>, texts: &[&[u8]]) -> Decision {
    decide_named(SGF_CA, declared, texts)
}

/// [`decide`] for a file that names its charset as `naming` says.
pub(crate) fn decide_named(
    naming: Naming,
    declared: Option<(&str, Span)>,
    texts: &[&[u8]],
) -> Decision {
    let mut findings = Vec::new();
    let unescaped = declared.map(|(value, span)| (unescape(value), span));
    let label = unescaped
        .as_ref()
        .map(|(value, span)| (value.trim(), *span));
    let known = declared.and_then(|(value, _)| lookup(value));
    if let (Some((label, span)), None) = (label, known) {
        findings.push(finding(
            Code::UnknownCharset,
            Severity::Warning,
            Some(span),
            format!(
                "{} names no known charset: {label:?}; the charset is detected",
                naming.field
            ),
        ));
    }
    let evidence = Utf8Evidence::of(texts);
    let mut decision = Decision {
        encoding: UTF_8,
        declared: known,
        findings,
    };
    if !evidence.has_non_ascii() {
        decision.encoding = known.map_or(UTF_8, as_decoded);
        return decision;
    }
    let Some(declared_encoding) = known else {
        detect(naming, &mut decision, &evidence, texts, None);
        return decision;
    };
    let (said, span) = label.unwrap_or_default();
    match check_declared(as_decoded(declared_encoding), &evidence, texts) {
        Verdict::Trusted { replaced } => {
            decision.encoding = as_decoded(declared_encoding);
            if replaced > 0 {
                decision
                    .findings
                    .push(invalid_bytes(decision.encoding, replaced));
            }
        }
        Verdict::Lies => {
            detect(naming, &mut decision, &evidence, texts, Some((said, span)));
        }
    }
    decision
}

/// Chooses the charset of text whose input shows it by its form ([`sniff`](super::sniff())'s
/// `source`): UTF-16, which `sniff` has transcoded to UTF-8; or UTF-8 after a byte-order mark,
/// if the text is UTF-8 but for a few broken sequences. `None` for a byte-order mark that the
/// text belies: its charset is decided as if there were none.
///
/// The form overrules a `CA` naming a legacy charset (a file converted without its `CA`
/// following), with a `CharsetMismatch` warning; UTF-16 seen by its NUL bytes alone is reported
/// as `CharsetDetected`.
pub fn decide_by_form(
    form: Form,
    declared: Option<(&str, Span)>,
    texts: &[&[u8]],
) -> Option<Decision> {
    decide_by_form_named(SGF_CA, form, declared, texts)
}

/// [`decide_by_form`] for a file that names its charset as `naming` says.
pub(crate) fn decide_by_form_named(
    naming: Naming,
    form: Form,
    declared: Option<(&str, Span)>,
    texts: &[&[u8]],
) -> Option<Decision> {
    let evidence = Utf8Evidence::of(texts);
    if form.encoding == UTF_8 && !evidence.is_clean() && !evidence.is_mostly_utf8() {
        return None;
    }
    let known = declared.and_then(|(value, _)| lookup(value));
    let mut decision = Decision {
        encoding: UTF_8,
        declared: known,
        findings: Vec::new(),
    };
    let name = form.encoding.name();
    let how = if form.bom {
        "as its byte-order mark says"
    } else {
        "as its NUL bytes show"
    };
    if let Some((value, span)) = declared {
        let label = unescape(value);
        let label = label.trim();
        let said = match known {
            None => Some((
                Code::UnknownCharset,
                format!("{} names no known charset: {label:?}", naming.field),
            )),
            Some(named) if as_decoded(named) != UTF_8 => Some((
                Code::CharsetMismatch,
                format!("{} says {label}", naming.field),
            )),
            Some(_) => None,
        };
        if let Some((code, said)) = said {
            decision.findings.push(finding(
                code,
                Severity::Warning,
                Some(span),
                format!("{said}, but the text is {name}, {how}; it is read as {name}"),
            ));
        }
    }
    if !form.bom {
        decision.findings.push(finding(
            Code::CharsetDetected,
            Severity::Info,
            None,
            format!("the charset was detected: the text is {name}, {how}"),
        ));
    }
    let replaced = if evidence.is_clean() {
        0
    } else {
        count_replaced(UTF_8, texts)
    };
    if replaced > 0 {
        decision.findings.push(invalid_bytes(UTF_8, replaced));
    }
    Some(decision)
}

/// UTF-16 labels name UTF-8 once [`sniff`](super::sniff()) has transcoded the input.
fn as_decoded(encoding: &'static Encoding) -> &'static Encoding {
    if encoding == UTF_16LE || encoding == UTF_16BE {
        UTF_8
    } else {
        encoding
    }
}

enum Verdict {
    Trusted { replaced: usize },
    Lies,
}

fn check_declared(
    declared: &'static Encoding,
    evidence: &Utf8Evidence,
    texts: &[&[u8]],
) -> Verdict {
    if declared == UTF_8 {
        return if evidence.is_clean() {
            Verdict::Trusted { replaced: 0 }
        } else if evidence.is_mostly_utf8() {
            Verdict::Trusted {
                replaced: count_replaced(UTF_8, texts),
            }
        } else {
            Verdict::Lies
        };
    }
    let (declared_score, replaced) = score(declared, texts);
    if evidence.is_mostly_utf8() {
        // Valid non-ASCII UTF-8 is rarely an accident: a legacy double-byte text forms a valid
        // two-byte sequence now and then, a three-byte one or a run of them hardly ever, and
        // then mostly as a rare Han character of the extensions (Big5's `蓐包` is UTF-8's `㽥]`).
        // That holds for UTF-8 with a few broken places too: a short Big5 text can be four
        // such characters and one byte of no sequence.
        let utf8_wins = if !is_cjk(declared) || replaced > 0 {
            true
        } else {
            (evidence.long && !reads_rare_han(texts)) || score(UTF_8, texts).0 > declared_score
        };
        return if utf8_wins {
            Verdict::Lies
        } else {
            Verdict::Trusted { replaced: 0 }
        };
    }
    if replaced == 0 && declared_score > 0 {
        return Verdict::Trusted { replaced: 0 };
    }
    if is_cjk(declared) && reads_as_text(declared, texts) {
        // A double-byte reading that scores no more than zero yet holds nothing foreign to
        // text is mostly symbols (`≒`, `①`, `→`): rare, but written on purpose. Other
        // charsets are no yardstick for it, as their readings of the same text change with
        // its bytes: the encoder writes NEC's `≒` (0x87 0x90) as the standard 0x81 0xE0,
        // which windows-1251 reads as a plausible `Ѓа`, so a comparison would trust the `CA`
        // of a file and not that of the same text written back.
        return Verdict::Trusted { replaced: 0 };
    }
    // Other charsets read the bytes as the file has them and as the declared charset writes
    // them back, which differ where it has two codes for one character (NEC's and IBM's
    // duplicates in Shift_JIS): the declaration that holds for the file must hold for the
    // same text written back. Only a double-byte charset has such duplicates, and it gets
    // here with a score of zero or below, so detection on the file's bytes never lands on it
    // (`best_legacy` gives a double-byte charset only at a score above zero).
    let beaten = |texts: &[&[u8]]| {
        let best = best_legacy(texts);
        best.encoding != declared && best.score > declared_score
    };
    let lies = beaten(texts)
        || (replaced == 0
            && rewritten(declared, texts).is_some_and(|again| {
                let again: Vec<&[u8]> = again.iter().map(Vec::as_slice).collect();
                beaten(&again)
            }));
    if lies {
        Verdict::Lies
    } else {
        Verdict::Trusted { replaced }
    }
}

/// `texts` as `encoding` writes what it reads in them, if that differs from them: a charset
/// with two codes for one character writes only one of them. `None` also when some character
/// read cannot be written (JIS X 0212 in EUC-JP, four-byte GB18030 in GBK), as the encoder
/// then writes nothing either.
fn rewritten(encoding: &'static Encoding, texts: &[&[u8]]) -> Option<Vec<Vec<u8>>> {
    let mut changed = false;
    let mut again = Vec::with_capacity(texts.len());
    for text in texts {
        let (decoded, _) = encoding.decode_without_bom_handling(text);
        let (bytes, _, unmappable) = encoding.encode(&decoded);
        if unmappable {
            return None;
        }
        changed |= bytes != *text;
        again.push(bytes.into_owned());
    }
    changed.then_some(again)
}

/// Whether `texts`, read as UTF-8, hold a rare Han character of the extensions.
fn reads_rare_han(texts: &[&[u8]]) -> bool {
    texts.iter().any(|text| {
        String::from_utf8_lossy(text)
            .chars()
            .any(super::score::is_rare_han)
    })
}

/// Whether decoding `texts` in `encoding` yields nothing that text in the right charset hardly
/// ever holds: no replacement character, C1 control, private-use character or half-width
/// katakana (what a double-byte charset makes of bytes of another one, such as EUC-KR Hangul
/// read as Shift_JIS). C0 controls read alike in every charset, so they tell nothing.
fn reads_as_text(encoding: &'static Encoding, texts: &[&[u8]]) -> bool {
    texts.iter().all(|text| {
        let (decoded, _) = encoding.decode_without_bom_handling(text);
        !decoded.chars().any(is_foreign)
    })
}

/// How far behind the chosen charset, in percent of its rank, a runner-up must rank for the
/// detection to be sure. The right charset of a name or two often leads by no more than a
/// quarter; a lead of a few percent is a coin toss (GBK `盘面`, "the board", reads as EUC-JP's
/// `徒中` only 3% worse).
const SURE_LEAD: i64 = 15;

/// Detects the charset, after a lying `CA` (`lied` holds its label and span) or without one.
fn detect(
    naming: Naming,
    decision: &mut Decision,
    evidence: &Utf8Evidence,
    texts: &[&[u8]],
    lied: Option<(&str, Span)>,
) {
    let (encoding, replaced, how) = if evidence.is_clean() {
        (UTF_8, 0, Some("it is valid UTF-8".to_owned()))
    } else if evidence.is_mostly_utf8() {
        let replaced = count_replaced(UTF_8, texts);
        (
            UTF_8,
            replaced,
            Some("it is UTF-8 but for a few broken sequences".to_owned()),
        )
    } else {
        let ranking = best_legacy(texts);
        let how = match ranking.runner_up {
            Some((second, behind)) if behind < SURE_LEAD => {
                decision.findings.push(finding(
                    Code::CharsetUncertain,
                    Severity::Warning,
                    None,
                    format!(
                        "the charset is uncertain: the text reads as {}, and nearly as well as \
                         {} (ranked {behind}% lower){}",
                        ranking.encoding.name(),
                        second.name(),
                        naming
                            .settled_by
                            .map_or(String::new(), |by| format!("; {by} would settle it")),
                    ),
                ));
                None
            }
            Some((second, behind)) => Some(format!(
                "it reads best so, {behind}% ahead of {}, the runner-up",
                second.name()
            )),
            None if ranking.score < 0 => {
                Some("nothing reads it well, and ISO-8859-1 is the FF[4] default".to_owned())
            }
            None => Some("no other charset reads it otherwise".to_owned()),
        };
        (ranking.encoding, ranking.replaced, how)
    };
    decision.encoding = encoding;
    let name = encoding.name();
    if let Some((label, span)) = lied {
        decision.findings.push(finding(
            Code::CharsetMismatch,
            Severity::Warning,
            Some(span),
            format!(
                "{} says {label} but the text is {name}; it is read as {name}",
                naming.field
            ),
        ));
    } else if let Some(how) = how {
        decision.findings.push(finding(
            Code::CharsetDetected,
            Severity::Info,
            None,
            format!("the charset was detected: the text is {name}, as {how}"),
        ));
    }
    if replaced > 0 {
        decision.findings.push(invalid_bytes(encoding, replaced));
    }
}

/// How many replacement characters decoding `texts` puts in, not counting those the text
/// already holds as valid UTF-8.
fn count_replaced(encoding: &'static Encoding, texts: &[&[u8]]) -> usize {
    texts
        .iter()
        .map(|text| {
            let (decoded, _) = encoding.decode_without_bom_handling(text);
            let literal = if encoding == UTF_8 {
                text.windows(3)
                    .filter(|w| *w == "\u{FFFD}".as_bytes())
                    .count()
            } else {
                0
            };
            decoded.matches('\u{FFFD}').count().saturating_sub(literal)
        })
        .sum()
}

fn invalid_bytes(encoding: &'static Encoding, replaced: usize) -> Finding {
    let name = encoding.name();
    let what = if replaced == 1 {
        "1 sequence".to_owned()
    } else {
        format!("{replaced} sequences")
    };
    finding(
        Code::InvalidBytes,
        Severity::Warning,
        None,
        format!("the text is {name} with {what} not valid in it, replaced with U+FFFD"),
    )
}

/// A finding about the charset, at `span` of the input, or unplaced (`None`) when it is about
/// the text as a whole: the reader then places it at the first value concerned.
fn finding(code: Code, severity: Severity, span: Option<Span>, message: String) -> Finding {
    Finding {
        code,
        severity,
        location: Location {
            span,
            ..Location::game(0)
        },
        related: None,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{BIG5, EUC_JP, EUC_KR, GBK, KOI8_R, SHIFT_JIS, WINDOWS_1251, WINDOWS_1252};

    const CA: Span = Span {
        start: 5,
        end: 11,
        line: 1,
        col: 6,
    };

    fn encoded(encoding: &'static Encoding, texts: &[&str]) -> Vec<Vec<u8>> {
        texts
            .iter()
            .map(|text| {
                let (bytes, _, unmappable) = encoding.encode(text);
                assert!(!unmappable, "{text} in {}", encoding.name());
                bytes.into_owned()
            })
            .collect()
    }

    fn decide_bytes(declared: Option<&str>, texts: &[Vec<u8>]) -> Decision {
        let texts: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
        decide(declared.map(|label| (label, CA)), &texts)
    }

    fn kinds(decision: &Decision) -> Vec<(Code, Severity)> {
        decision
            .findings
            .iter()
            .map(|d| (d.code, d.severity))
            .collect()
    }

    fn decoded(decision: &Decision, texts: &[Vec<u8>]) -> Vec<String> {
        texts
            .iter()
            .map(|text| super::super::decode(decision.encoding, text).0.into_owned())
            .collect()
    }

    #[test]
    fn ascii_text_is_read_in_the_declared_charset_or_utf8() {
        let texts = encoded(UTF_8, &["GNU Go", "Kitani Minoru"]);
        for (label, expected) in [
            (None, UTF_8),
            (Some("ISO8859_1"), WINDOWS_1252),
            (Some("UTF8"), UTF_8),
            (Some("GB2312"), GBK),
            (Some("UTF-16LE"), UTF_8),
        ] {
            let decision = decide_bytes(label, &texts);
            assert_eq!(decision.encoding, expected, "{label:?}");
            assert!(decision.findings.is_empty(), "{label:?}");
        }
        assert_eq!(decide(None, &[]).encoding, UTF_8);
    }

    #[test]
    fn an_unknown_label_is_warned_about_at_the_ca_value() {
        let decision = decide_bytes(Some("foo"), &encoded(UTF_8, &["GNU Go"]));
        assert_eq!(decision.encoding, UTF_8);
        assert_eq!(decision.declared, None);
        assert_eq!(
            kinds(&decision),
            [(Code::UnknownCharset, Severity::Warning)]
        );
        assert_eq!(decision.findings[0].location.span, Some(CA));
        assert!(decision.findings[0].message.contains("foo"));
        // With non-ASCII text, the charset is then detected.
        let decision = decide_bytes(Some("foo"), &encoded(GBK, &["古力", "柯洁"]));
        assert_eq!(decision.encoding, GBK);
        assert_eq!(decision.findings[1].code, Code::CharsetDetected);
    }

    #[test]
    fn a_declared_charset_that_fits_the_bytes_is_trusted() {
        let cases: &[(&str, &'static Encoding, &[&str])] = &[
            ("GB2312", GBK, &["古力", "柯洁", "围棋 is fun"]),
            ("Big5", BIG5, &["周俊勳", "王銘琬"]),
            ("MS_KANJI", SHIFT_JIS, &["井山 裕太", "山下 敬吾"]),
            ("EUC-KR", EUC_KR, &["이세돌", "박정환"]),
            ("EUC_JP", EUC_JP, &["井山 裕太", "山下 敬吾"]),
            (r"\C\P\1\2\5\1", WINDOWS_1251, &["Бай Ганьо", "Мечо Пух"]),
            ("KOI8R", KOI8_R, &["Иванов", "Пётр"]),
            ("ISO-8859-1", WINDOWS_1252, &["Jan Hrabánek", "créé"]),
            ("UTF-8", UTF_8, &["载舟之水", "Pedro Páramo"]),
        ];
        for (label, encoding, names) in cases {
            let texts = encoded(encoding, names);
            let decision = decide_bytes(Some(label), &texts);
            assert_eq!(decision.encoding, *encoding, "{label}");
            assert_eq!(decision.declared, Some(*encoding), "{label}");
            assert!(
                decision.findings.is_empty(),
                "{label}: {:?}",
                decision.findings
            );
            assert_eq!(decoded(&decision, &texts), *names, "{label}");
        }
    }

    #[test]
    fn a_ca_that_lies_is_overruled_with_a_warning_at_it() {
        let cases: &[(&str, &'static Encoding, &[&str], &str)] = &[
            (
                "gb2312",
                UTF_8,
                &["载舟之水", "柯洁"],
                "CA says gb2312 but the text is UTF-8",
            ),
            (
                "UTF-8",
                GBK,
                &["古力", "柯洁"],
                "CA says UTF-8 but the text is GBK",
            ),
            (
                "ISO-8859-1",
                UTF_8,
                &["Müller"],
                "CA says ISO-8859-1 but the text is UTF-8",
            ),
            (
                "ISO-8859-1",
                GBK,
                &["古力", "柯洁"],
                "CA says ISO-8859-1 but the text is GBK",
            ),
            (
                "Shift_JIS",
                EUC_KR,
                &["이세돌", "박정환"],
                "CA says Shift_JIS but the text is EUC-KR",
            ),
        ];
        for (label, actual, names, message) in cases {
            let texts = encoded(actual, names);
            let decision = decide_bytes(Some(label), &texts);
            assert_eq!(decision.encoding, *actual, "{label}");
            assert!(decision.declared.is_some_and(|d| d != *actual), "{label}");
            assert_eq!(
                kinds(&decision),
                [(Code::CharsetMismatch, Severity::Warning)]
            );
            assert_eq!(decision.findings[0].location.span, Some(CA));
            assert!(decision.findings[0].message.starts_with(message), "{label}");
            assert_eq!(decoded(&decision, &texts), *names, "{label}");
        }
    }

    #[test]
    fn a_detected_legacy_charset_is_noted() {
        for (encoding, names) in [(GBK, ["古力", "柯洁"]), (EUC_KR, ["이세돌", "박정환"])]
        {
            let texts = encoded(encoding, &names);
            let decision = decide_bytes(None, &texts);
            assert_eq!(decision.encoding, encoding);
            assert_eq!(decision.declared, None);
            assert_eq!(kinds(&decision), [(Code::CharsetDetected, Severity::Info)]);
            assert_eq!(decision.findings[0].location.span, None);
            let message = &decision.findings[0].message;
            let said = format!(
                "the charset was detected: the text is {}, as it reads best so, ",
                encoding.name()
            );
            assert!(message.starts_with(&said), "{message}");
            assert!(message.ends_with(", the runner-up"), "{message}");
            assert_eq!(decoded(&decision, &texts), names);
        }
    }

    #[test]
    fn a_nearly_tied_runner_up_makes_the_detection_uncertain() {
        // GBK 盘面 ("the board") reads as EUC-JP's 徒中 only a few percent worse.
        let texts = encoded(GBK, &["盘面"]);
        let decision = decide_bytes(None, &texts);
        assert_eq!(decision.encoding, GBK);
        assert_eq!(
            kinds(&decision),
            [(Code::CharsetUncertain, Severity::Warning)]
        );
        let message = &decision.findings[0].message;
        assert!(
            message.starts_with(
                "the charset is uncertain: the text reads as GBK, and nearly as well as EUC-JP"
            ),
            "{message}"
        );
        // A lying `CA` is reported as well.
        let decision = decide_bytes(Some("Shift_JIS"), &texts);
        assert_eq!(
            kinds(&decision),
            [
                (Code::CharsetUncertain, Severity::Warning),
                (Code::CharsetMismatch, Severity::Warning)
            ]
        );
    }

    #[test]
    fn plain_utf8_is_noted_only_without_ca() {
        // U+FFFD that the text holds as such is no invalid byte.
        let texts = encoded(UTF_8, &["载舟之水", "이세돌", "Pedro Páramo", "\u{FFFD}R"]);
        let decision = decide_bytes(Some("UTF-8"), &texts);
        assert_eq!(decision.encoding, UTF_8);
        assert!(decision.findings.is_empty(), "{:?}", decision.findings);
        let decision = decide_bytes(None, &texts);
        assert_eq!(decision.encoding, UTF_8);
        assert_eq!(kinds(&decision), [(Code::CharsetDetected, Severity::Info)]);
        assert_eq!(
            decision.findings[0].message,
            "the charset was detected: the text is UTF-8, as it is valid UTF-8"
        );
    }

    #[test]
    fn dirty_utf8_is_utf8_with_a_warning() {
        let question_mark: &[u8] = b"\xe7\x8e\x8b\xe5\x85\x83\xe5?\x87"; // 王元均, 均 broken
        let cut: &[u8] = b"\xe6\x9e\x97\xe4\xbf\xae\xe5\xb9"; // 林修平, 平 cut short
        let texts = vec![
            question_mark.to_vec(),
            cut.to_vec(),
            "9段".as_bytes().to_vec(),
        ];
        for label in [None, Some("UTF-8")] {
            let decision = decide_bytes(label, &texts);
            assert_eq!(decision.encoding, UTF_8);
            let invalid = (Code::InvalidBytes, Severity::Warning);
            if label.is_some() {
                assert_eq!(kinds(&decision), [invalid]);
            } else {
                assert_eq!(
                    kinds(&decision),
                    [(Code::CharsetDetected, Severity::Info), invalid]
                );
            }
            let message = &decision.findings.last().expect("a finding").message;
            assert!(message.contains("3 sequences"));
            assert_eq!(
                decoded(&decision, &texts),
                ["王元\u{FFFD}?\u{FFFD}", "林修\u{FFFD}", "9段"]
            );
        }
        let decision = decide_bytes(Some("GB2312"), &texts);
        assert_eq!(decision.encoding, UTF_8);
        assert_eq!(
            kinds(&decision),
            [
                (Code::CharsetMismatch, Severity::Warning),
                (Code::InvalidBytes, Severity::Warning)
            ]
        );
    }

    #[test]
    fn broken_bytes_in_the_declared_charset_are_replaced_with_a_warning() {
        let texts = vec![
            b"\xb9\xc5\xc1\xa6\xb9".to_vec(),
            b"\xbf\xc2\xbd\xe0".to_vec(),
        ];
        let decision = decide_bytes(Some("GB2312"), &texts);
        assert_eq!(decision.encoding, GBK);
        assert_eq!(kinds(&decision), [(Code::InvalidBytes, Severity::Warning)]);
        assert_eq!(decoded(&decision, &texts), ["古力\u{FFFD}", "柯洁"]);
    }

    #[test]
    fn double_byte_text_that_reads_as_a_rare_utf8_han_keeps_its_charset() {
        // Big5's `蓐包$` is `e3 bd a5 5d 24`: valid UTF-8 (`㽥]$`), with a three-byte sequence,
        // but one of the rare Han characters of extension A (found by the charset fuzz target).
        let texts = encoded(BIG5, &["蓐包$"]);
        assert_eq!(String::from_utf8_lossy(&texts[0]), "㽥]$");
        let decision = decide_bytes(Some("Big5"), &texts);
        assert_eq!(decision.encoding, BIG5, "{:?}", decision.findings);
        assert_eq!(decoded(&decision, &texts), ["蓐包$"]);
        // With a byte of no UTF-8 sequence beside them (Big5's `霄` is `be 5d`), the text is
        // still mostly UTF-8, and still Big5.
        let texts = encoded(BIG5, &["蓐包蓐包蓐包蓐包霄"]);
        let decision = decide_bytes(Some("Big5"), &texts);
        assert_eq!(decision.encoding, BIG5, "{:?}", decision.findings);
        assert_eq!(decoded(&decision, &texts), ["蓐包蓐包蓐包蓐包霄"]);
        // Common Han in UTF-8, clean or cut short, still beats a declared double-byte charset.
        let texts = vec!["李昌镐".as_bytes().to_vec()];
        assert_eq!(decide_bytes(Some("Big5"), &texts).encoding, UTF_8);
        let mut cut = "李昌镐李昌镐".as_bytes().to_vec();
        cut.push(0xE6);
        assert_eq!(decide_bytes(Some("Big5"), &[cut]).encoding, UTF_8);
    }

    #[test]
    fn the_form_of_the_input_overrules_a_legacy_ca() {
        let span = Span::default();
        let utf16 = Form {
            encoding: UTF_16LE,
            bom: true,
        };
        // `José` in UTF-8 reads as GBK's `Jos茅` too; UTF-16 transcoded by `sniff` is UTF-8.
        let texts: &[&[u8]] = &["José".as_bytes()];
        let decision = decide_by_form(utf16, Some(("GB2312", span)), texts).expect("UTF-16");
        assert_eq!(decision.encoding, UTF_8);
        assert_eq!(decision.declared, Some(GBK));
        assert_eq!(
            kinds(&decision),
            [(Code::CharsetMismatch, Severity::Warning)]
        );
        assert!(
            decision.findings[0]
                .message
                .contains("UTF-16LE, as its byte-order mark says")
        );
        // A `CA` naming UTF-16 or UTF-8 agrees; NUL bytes alone are a detection.
        let seen = Form {
            bom: false,
            ..utf16
        };
        let decision = decide_by_form(seen, Some(("UTF-16", span)), texts).expect("UTF-16");
        assert_eq!(kinds(&decision), [(Code::CharsetDetected, Severity::Info)]);
        let decision = decide_by_form(utf16, Some(("UTF-8", span)), texts).expect("UTF-16");
        assert_eq!(kinds(&decision), []);
        // A UTF-8 byte-order mark holds for text that is UTF-8 but for a cut character, and not
        // for text that is not UTF-8 at all.
        let bom = Form {
            encoding: UTF_8,
            bom: true,
        };
        let cut: &[&[u8]] = &[b"\xe6\x9d\x8e\xe6\x98\x8c\xe9\x95"];
        let decision = decide_by_form(bom, None, cut).expect("UTF-8");
        assert_eq!(kinds(&decision), [(Code::InvalidBytes, Severity::Warning)]);
        let gbk = encoded(GBK, &["古力", "柯洁"]);
        let gbk: Vec<&[u8]> = gbk.iter().map(Vec::as_slice).collect();
        assert_eq!(decide_by_form(bom, None, &gbk), None);
    }

    #[test]
    fn a_declared_double_byte_charset_that_reads_as_symbols_is_trusted() {
        // Symbols score below zero, and windows-1251 reads the bytes better: 0x81 0xE0 (the
        // standard `≒`, which the encoder writes for NEC's 0x87 0x90) as `Ѓа`.
        let cases: &[(&str, &'static Encoding, &[&str])] = &[
            ("Shift_JIS", SHIFT_JIS, &["≒ "]),
            ("MS_KANJI", SHIFT_JIS, &["≒ab", "①→"]),
            ("GB2312", GBK, &["①", "※"]),
            ("Big5", BIG5, &["※", "→"]),
        ];
        let nec = (vec![b"\x87\x90\x0b".to_vec()], vec!["≒\u{b}"]);
        let cases = cases
            .iter()
            .map(|(label, encoding, names)| {
                (*label, *encoding, encoded(encoding, names), names.to_vec())
            })
            .chain([("Shift_JIS", SHIFT_JIS, nec.0, nec.1)]);
        for (label, encoding, texts, names) in cases {
            let as_slices: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
            assert!(score(encoding, &as_slices).0 <= 0, "{label}: {names:?}");
            let decision = decide_bytes(Some(label), &texts);
            assert_eq!(decision.encoding, encoding, "{label}: {names:?}");
            assert!(
                decision.findings.is_empty(),
                "{label}: {:?}",
                decision.findings
            );
            assert_eq!(decoded(&decision, &texts), names, "{label}");
        }
        // Half-width katakana are foreign to such a reading: EUC-KR Hangul under
        // `CA[Shift_JIS]` is still overruled.
        let korean = encoded(EUC_KR, &["이세돌"]);
        assert_eq!(decide_bytes(Some("Shift_JIS"), &korean).encoding, EUC_KR);
    }

    #[test]
    fn a_declared_charset_is_judged_by_the_bytes_it_writes_back_too() {
        // Shift_JIS reads half-width katakana and the IBM kanji 鉙 twice, in its NEC-selected
        // code 0xEE 0xAC; the encoder writes 鉙 as the IBM code 0xFB 0xC8, which windows-1252
        // reads better than the original bytes (`ûÈ`, a Latin word, instead of `î¬`).
        let file = vec![b"\xb9-\xac\xee\xac\xee\xac".to_vec()];
        let written_back = vec![b"\xb9-\xac\xfb\xc8\xfb\xc8".to_vec()];
        let as_slices: Vec<&[u8]> = file.iter().map(Vec::as_slice).collect();
        assert_eq!(rewritten(SHIFT_JIS, &as_slices), Some(written_back.clone()));
        for texts in [&file, &written_back] {
            let decision = decide_bytes(Some("Shift_JIS"), texts);
            assert_eq!(decision.encoding, WINDOWS_1252, "{texts:x?}");
            assert_eq!(
                kinds(&decision),
                [(Code::CharsetMismatch, Severity::Warning)]
            );
        }
        // Bytes a charset writes as they are need no second reading.
        let texts = encoded(SHIFT_JIS, &["井山 裕太"]);
        let as_slices: Vec<&[u8]> = texts.iter().map(Vec::as_slice).collect();
        assert_eq!(rewritten(SHIFT_JIS, &as_slices), None);
    }
}
