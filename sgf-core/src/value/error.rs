//! [`ValueError`]: why one raw value of a property could not be read, and which one it was.

use std::fmt;

/// The longest part of a raw value quoted in an error message, in characters.
const MAX_QUOTED: usize = 40;

/// A raw value that does not have the syntax its type requires.
///
/// The message says what was expected and what was found, e.g.
/// `expected a Go point (two letters a-z or A-Z), found "a1"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError {
    /// Which value of the property failed, counting from 0 (`AB[aa][zz!]` fails at 1).
    pub index: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl ValueError {
    /// An error with the given message, for the first value of a property (index 0).
    pub fn new(message: impl Into<String>) -> Self {
        ValueError {
            index: 0,
            message: message.into(),
        }
    }

    /// An error saying `expected {what}, found "{found}"`; a long `found` is shortened.
    pub fn expected(what: &str, found: &str) -> Self {
        ValueError::new(format!("expected {what}, found {}", quote(found)))
    }

    /// The same error, for the value at `index` of the property.
    #[must_use]
    pub fn at(self, index: usize) -> Self {
        ValueError { index, ..self }
    }
}

/// Quotes a raw value for a message (Rust string syntax, so line breaks stay visible), shortened
/// to its first [`MAX_QUOTED`] characters.
pub(crate) fn quote(found: &str) -> String {
    match found.char_indices().nth(MAX_QUOTED) {
        Some((cut, _)) => format!("{:?}…", &found[..cut]),
        None => format!("{found:?}"),
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "value {}: {}", self.index, self.message)
    }
}

impl std::error::Error for ValueError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_quotes_what_was_found() {
        let err = ValueError::expected("a number", "1\n2");
        assert_eq!(err.message, r#"expected a number, found "1\n2""#);
        assert_eq!(err.index, 0);
    }

    #[test]
    fn at_sets_the_index_and_display_shows_it() {
        let err = ValueError::new("bad").at(3);
        assert_eq!(err.index, 3);
        assert_eq!(err.to_string(), "value 3: bad");
    }

    #[test]
    fn long_values_are_shortened_on_a_char_boundary() {
        let long = "碁".repeat(100);
        let quoted = quote(&long);
        assert!(quoted.ends_with('…'));
        assert_eq!(quoted.chars().filter(|&c| c == '碁').count(), MAX_QUOTED);
    }
}
