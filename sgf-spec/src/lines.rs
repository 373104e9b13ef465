//! The line structure of a specification file: headers, key lines, continuations.

/// What a line of a specification is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineKind<'a> {
    /// Empty or white space only.
    Blank,
    /// `#` at column 0.
    Comment,
    /// A group header: text at column 0 ending in `properties`.
    Header(&'a str),
    /// `Key:` at column 0 and its value.
    Key {
        /// The key, without the colon.
        key: &'a str,
        /// The value, trimmed.
        value: &'a str,
        /// Column of the value's first character (1-based; of the line's end if empty).
        value_col: u32,
    },
    /// A line starting with white space: continues the key above.
    Continuation {
        /// The text, trimmed.
        text: &'a str,
        /// Column of the text's first character (1-based).
        col: u32,
    },
    /// None of the above.
    Garbled,
}

/// One line of a file, numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line<'a> {
    pub(crate) number: u32,
    pub(crate) kind: LineKind<'a>,
}

/// Splits a file into classified lines. Line endings may be LF or CRLF.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    text.lines().zip(1u32..).map(|(line, number)| Line {
        number,
        kind: classify(line),
    })
}

fn classify(line: &str) -> LineKind<'_> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return LineKind::Blank;
    }
    if line.starts_with(char::is_whitespace) {
        return LineKind::Continuation {
            text: trimmed,
            col: column_of(line, trimmed),
        };
    }
    if line.starts_with('#') {
        return LineKind::Comment;
    }
    if let Some((key, rest)) = line.split_once(':')
        && is_key(key)
        && (rest.is_empty() || rest.starts_with(char::is_whitespace))
    {
        let value = rest.trim();
        let value_col = if value.is_empty() {
            char_count(line) + 1
        } else {
            column_of(line, value)
        };
        return LineKind::Key {
            key,
            value,
            value_col,
        };
    }
    if trimmed.ends_with("properties") {
        return LineKind::Header(trimmed);
    }
    LineKind::Garbled
}

/// A key is a word of ASCII letters (`Propvalue`, `NoMix`), possibly with inner dashes.
fn is_key(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphabetic() || c == '-')
}

fn char_count(s: &str) -> u32 {
    u32::try_from(s.chars().count()).unwrap_or(u32::MAX)
}

/// The 1-based column at which `part` (a subslice of `line`) starts.
fn column_of(line: &str, part: &str) -> u32 {
    let offset = (part.as_ptr() as usize).saturating_sub(line.as_ptr() as usize);
    char_count(line.get(..offset).unwrap_or("")) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(line: &str) -> LineKind<'_> {
        classify(line)
    }

    #[test]
    fn key_lines_accept_tabs_or_spaces_after_the_colon() {
        for line in ["Propvalue:\tmove", "Propvalue:   move", "Propvalue: move"] {
            match kind(line) {
                LineKind::Key { key, value, .. } => assert_eq!((key, value), ("Propvalue", "move")),
                other => panic!("{line:?} read as {other:?}"),
            }
        }
    }

    #[test]
    fn value_column_counts_characters() {
        assert_eq!(
            kind("Property:\tB (black)"),
            LineKind::Key {
                key: "Property",
                value: "B (black)",
                value_col: 11
            }
        );
    }

    #[test]
    fn indented_lines_continue_whatever_their_indentation() {
        assert_eq!(
            kind("                should be `b' (black)"),
            LineKind::Continuation {
                text: "should be `b' (black)",
                col: 17
            }
        );
        assert_eq!(
            kind("\t\tPoints must be unique."),
            LineKind::Continuation {
                text: "Points must be unique.",
                col: 3
            }
        );
    }

    #[test]
    fn headers_comments_blanks_and_garbage() {
        assert_eq!(kind("Go properties"), LineKind::Header("Go properties"));
        assert_eq!(kind("# a comment"), LineKind::Comment);
        assert_eq!(kind(" \t"), LineKind::Blank);
        assert_eq!(kind("Propvalue move"), LineKind::Garbled);
        assert_eq!(kind("Prop value: move"), LineKind::Garbled);
    }
}
