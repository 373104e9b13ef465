//! How the structure of a file is scanned in a legacy double-byte charset: in Shift_JIS, GBK
//! (GB18030) and Big5 the second byte of a character may be `\` (0x5C) or `]` (0x5D), which must
//! not be read as an escape or as the end of a value.

/// The double-byte scheme of the charset a file is scanned in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Multibyte {
    /// Every byte stands alone where structure is concerned (UTF-8, the ISO-8859 and Windows
    /// single-byte charsets, EUC-KR and EUC-JP, whose trail bytes are all 0xA1 or above).
    #[default]
    None,
    /// Shift_JIS: lead 0x81-0x9F or 0xE0-0xFC, trail 0x40-0x7E or 0x80-0xFC.
    ShiftJis,
    /// GBK and GB18030: lead 0x81-0xFE, trail 0x40-0x7E or 0x80-0xFE; GB18030's four-byte
    /// sequences (lead, 0x30-0x39, 0x81-0xFE, 0x30-0x39) hold no ASCII punctuation.
    Gbk,
    /// Big5: lead 0x81-0xFE, trail 0x40-0x7E or 0xA1-0xFE.
    Big5,
}

impl Multibyte {
    /// How many bytes the character starting at `bytes[i]` spans: 2 for a lead byte followed by
    /// a trail byte of the scheme, else 1. `i` must be in bounds.
    #[inline]
    pub fn char_len(self, bytes: &[u8], i: usize) -> usize {
        let lead = bytes[i];
        if lead < 0x81 {
            return 1;
        }
        let Some(&trail) = bytes.get(i + 1) else {
            return 1;
        };
        let paired = match self {
            Multibyte::None => false,
            Multibyte::ShiftJis => {
                matches!(lead, 0x81..=0x9F | 0xE0..=0xFC)
                    && matches!(trail, 0x40..=0x7E | 0x80..=0xFC)
            }
            Multibyte::Gbk => lead <= 0xFE && matches!(trail, 0x40..=0x7E | 0x80..=0xFE),
            Multibyte::Big5 => lead <= 0xFE && matches!(trail, 0x40..=0x7E | 0xA1..=0xFE),
        };
        if paired { 2 } else { 1 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trail_backslash_or_bracket_belongs_to_its_character() {
        // Shift_JIS "ソ" is 0x83 0x5C; Big5 "功" is 0xA5 0x5C; GBK "癩" is 0xF1 0x5D.
        assert_eq!(Multibyte::ShiftJis.char_len(&[0x83, 0x5C], 0), 2);
        assert_eq!(Multibyte::Big5.char_len(&[0xA5, 0x5C], 0), 2);
        assert_eq!(Multibyte::Gbk.char_len(&[0xF1, 0x5D], 0), 2);
        assert_eq!(Multibyte::None.char_len(&[0x83, 0x5C], 0), 1);
        assert_eq!(Multibyte::ShiftJis.char_len(b"\\]", 0), 1);
        assert_eq!(
            Multibyte::ShiftJis.char_len(&[0x83], 0),
            1,
            "a lead byte at the end stands alone"
        );
        assert_eq!(
            Multibyte::Big5.char_len(&[0xA5, 0x30], 0),
            1,
            "0x30 is no Big5 trail byte"
        );
    }
}
