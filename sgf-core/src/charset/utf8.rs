//! How much the text values of a file look like UTF-8, counting the two ways server downloads
//! break it: a `?` in place of one byte of a character, and a character cut short by the end
//! of a value.

/// What a scan of the text values as UTF-8 found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Utf8Evidence {
    /// Complete multi-byte sequences.
    pub(super) valid: usize,
    /// Whether some complete sequence is three or four bytes long (CJK, most symbols).
    pub(super) long: bool,
    /// Multi-byte sequences with a `?` in place of one or more of their bytes.
    pub(super) patched: usize,
    /// Multi-byte sequences cut short by the end of a value.
    pub(super) cut: usize,
    /// Bytes of 0x80 and above that belong to no sequence of either kind.
    pub(super) garbage: usize,
}

impl Utf8Evidence {
    /// Scans every value on its own, so that a cut at the end of one value is seen as such.
    pub(super) fn of(texts: &[&[u8]]) -> Self {
        let mut evidence = Utf8Evidence::default();
        for text in texts {
            evidence.scan(text);
        }
        evidence
    }

    /// Whether any byte is 0x80 or above.
    pub(super) fn has_non_ascii(&self) -> bool {
        self.valid > 0 || self.broken() > 0
    }

    /// Whether the values are valid UTF-8 (pure ASCII included).
    pub(super) fn is_clean(&self) -> bool {
        self.broken() == 0
    }

    /// How many places are not valid UTF-8.
    pub(super) fn broken(&self) -> usize {
        self.patched + self.cut + self.garbage
    }

    /// Whether the values are overwhelmingly UTF-8: at least twice as many good sequences as
    /// broken places, where a byte that fits no pattern of breakage counts twice; or, where
    /// every broken place is one of the two that servers leave (a `?` for a byte, a character
    /// cut at the end of a value), at least as many good sequences, some of three bytes or
    /// more. Legacy CJK or Latin text is far from this: most of its non-ASCII bytes are
    /// garbage as UTF-8.
    pub(super) fn is_mostly_utf8(&self) -> bool {
        let broken = self.patched + self.cut;
        self.valid > 0
            && (self.valid >= 2 * (broken + 2 * self.garbage)
                || (self.garbage == 0 && self.long && self.valid >= broken))
    }

    fn scan(&mut self, bytes: &[u8]) {
        let mut i = 0;
        while let Some(&lead) = bytes.get(i) {
            if lead < 0x80 {
                i += 1;
                continue;
            }
            let len = match lead {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => 0,
            };
            if len == 0 {
                if is_continuation(lead) && i > 0 && bytes[i - 1] == b'?' {
                    // A `?` in place of the lead byte: its continuation bytes follow.
                    let run = bytes[i..]
                        .iter()
                        .take(3)
                        .take_while(|&&b| is_continuation(b))
                        .count();
                    self.patched += 1;
                    i += run;
                } else {
                    self.garbage += 1;
                    i += 1;
                }
                continue;
            }
            let mut k = 1;
            let mut wildcard = false;
            let mut fits = true;
            while k < len {
                match bytes.get(i + k) {
                    None => break,
                    Some(b'?') => wildcard = true,
                    Some(&b) if fits_after(lead, k, b) => {}
                    Some(_) => {
                        fits = false;
                        break;
                    }
                }
                k += 1;
            }
            if !fits {
                self.garbage += 1;
                i += 1;
            } else if k < len {
                self.cut += 1;
                i += k;
            } else {
                if wildcard {
                    self.patched += 1;
                } else {
                    self.valid += 1;
                    self.long |= len > 2;
                }
                i += len;
            }
        }
    }
}

fn is_continuation(b: u8) -> bool {
    (0x80..=0xBF).contains(&b)
}

/// Whether `b` may stand at position `k` of a sequence led by `lead` (no overlong forms, no
/// surrogates, nothing above U+10FFFF).
fn fits_after(lead: u8, k: usize, b: u8) -> bool {
    if k > 1 {
        return is_continuation(b);
    }
    match lead {
        0xE0 => (0xA0..=0xBF).contains(&b),
        0xED => (0x80..=0x9F).contains(&b),
        0xF0 => (0x90..=0xBF).contains(&b),
        0xF4 => (0x80..=0x8F).contains(&b),
        _ => is_continuation(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(texts: &[&str]) -> Utf8Evidence {
        let bytes: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
        Utf8Evidence::of(&bytes)
    }

    #[test]
    fn clean_utf8_counts_its_characters() {
        let evidence = of(&["Pedro Páramo", "载舟之水", "plain"]);
        assert_eq!(evidence.valid, 5);
        assert!(evidence.long);
        assert!(evidence.is_clean() && evidence.has_non_ascii());
        assert!(!of(&["ascii"]).has_non_ascii());
    }

    #[test]
    fn a_question_mark_in_place_of_a_byte_is_a_patched_character() {
        // 王元 and a third character whose middle byte became `?`, as in Fox downloads.
        let evidence = Utf8Evidence::of(&[b"\xe7\x8e\x8b\xe5\x85\x83\xe5?\x87", "9段".as_bytes()]);
        assert_eq!(
            (evidence.valid, evidence.patched, evidence.garbage),
            (3, 1, 0)
        );
        assert!(evidence.is_mostly_utf8());
        // The last byte replaced, and the lead byte replaced.
        let evidence = Utf8Evidence::of(&[b"\xe7\xbb?\xe8\x89\xba", b"?\xbb\xbf\xe6\x8c\x87"]);
        assert_eq!(
            (evidence.valid, evidence.patched, evidence.garbage),
            (2, 2, 0)
        );
    }

    #[test]
    fn a_character_cut_at_the_end_of_a_value_is_cut() {
        let evidence = Utf8Evidence::of(&[b"\xe6\x9e\x97\xe4\xbf\xae\xe5\xb9", b"x"]);
        assert_eq!((evidence.valid, evidence.cut, evidence.garbage), (2, 1, 0));
        assert!(evidence.is_mostly_utf8());
    }

    #[test]
    fn short_names_each_cut_or_patched_are_still_utf8() {
        // 柯洁 and 时越 each cut short, as byte-limited fields leave them, and a name of three
        // characters each with a `?` for a byte: as many broken places as whole characters.
        let cut = Utf8Evidence::of(&[b"\xe6\x9f\xaf\xe6\xb4", b"\xe6\x97\xb6\xe8\xb6"]);
        assert_eq!((cut.valid, cut.cut, cut.garbage), (2, 2, 0));
        assert!(cut.is_mostly_utf8());
        let patched = Utf8Evidence::of(&[b"\xe3?\xb5\xe3?\x8b\xe3?\x97", "余炳9段".as_bytes()]);
        assert_eq!((patched.valid, patched.patched), (3, 3));
        assert!(patched.is_mostly_utf8());
        // Fewer whole characters than broken places is not enough, nor are two-byte ones alone.
        assert!(!Utf8Evidence::of(&[b"\xe6\x9f\xaf\xe6\xb4", b"\xe6\x97"]).is_mostly_utf8());
        assert!(!Utf8Evidence::of(&[b"\xc3\xa9\xe6\xb4"]).is_mostly_utf8());
    }

    #[test]
    fn legacy_text_is_garbage_as_utf8() {
        // GBK 古力 柯洁, windows-1252 "créé", EUC-KR 이세돌.
        for text in [
            &b"\xb9\xc5\xc1\xa6 \xbf\xc2\xbd\xe0"[..],
            b"cr\xe9\xe9",
            b"\xc0\xcc\xbc\xbc\xb5\xb9",
        ] {
            let evidence = Utf8Evidence::of(&[text]);
            assert!(!evidence.is_clean(), "{text:x?}");
            assert!(!evidence.is_mostly_utf8(), "{text:x?}");
        }
        assert!(!Utf8Evidence::of(&[b"Qu\xe9?"]).is_mostly_utf8());
    }
}
