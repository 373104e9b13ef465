//! The grammar of value types (`list of composed point ':' simpletext`, `number (range: 1-4)`).

use std::borrow::Cow;

use crate::model::{Range, Scalar, Single, ValueType};

/// An error in a value type: the character offset within the text, and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TypeError {
    pub(crate) offset: usize,
    pub(crate) message: String,
}

/// Reads a value type.
pub(crate) fn parse(text: &str) -> Result<ValueType, TypeError> {
    let mut tokens = Tokens::new(text);
    let mut alts = vec![alternative(&mut tokens)?];
    while tokens.eat("|") {
        alts.push(alternative(&mut tokens)?);
    }
    if let Some(token) = tokens.peek() {
        return Err(tokens.error_at(token, "expected `|` or the end of the value type"));
    }
    if alts.len() == 1 {
        return Ok(alts.remove(0));
    }
    if let Some(index) = alts
        .iter()
        .position(|a| matches!(a, ValueType::List(_) | ValueType::EList(_)))
    {
        return Err(TypeError {
            offset: 0,
            message: format!(
                "alternative {} is a list; alternatives must be single values",
                index + 1
            ),
        });
    }
    Ok(ValueType::Alt(Cow::Owned(alts)))
}

fn alternative(tokens: &mut Tokens<'_>) -> Result<ValueType, TypeError> {
    if tokens.eat_word("none") {
        return Ok(ValueType::None);
    }
    if tokens.eat_word("list") {
        tokens.expect_word("of")?;
        return Ok(ValueType::List(single(tokens)?));
    }
    if tokens.eat_word("elist") {
        tokens.expect_word("of")?;
        return Ok(ValueType::EList(single(tokens)?));
    }
    Ok(ValueType::One(single(tokens)?))
}

fn single(tokens: &mut Tokens<'_>) -> Result<Single, TypeError> {
    let mut parts = Vec::new();
    while tokens.eat_word("composed") {
        parts.push(scalar(tokens)?);
        tokens.eat("':'");
    }
    parts.push(scalar(tokens)?);
    Ok(Single {
        parts: Cow::Owned(parts),
    })
}

const SCALARS: [Scalar; 9] = [
    Scalar::Number(None),
    Scalar::Real,
    Scalar::Double,
    Scalar::Color,
    Scalar::SimpleText,
    Scalar::Text,
    Scalar::Point,
    Scalar::Move,
    Scalar::Stone,
];

fn scalar(tokens: &mut Tokens<'_>) -> Result<Scalar, TypeError> {
    let Some(token) = tokens.next() else {
        return Err(tokens.error_at_end("expected a value type"));
    };
    let found = SCALARS
        .into_iter()
        .find(|s| s.keyword().eq_ignore_ascii_case(token.text));
    match found {
        Some(Scalar::Number(_)) if tokens.eat("(") => Ok(Scalar::Number(Some(range(tokens)?))),
        Some(scalar) => Ok(scalar),
        None => Err(tokens.error_at(
            token,
            format!(
                "unknown value type `{}`; expected one of none, number, real, double, color, \
                 simpletext, text, point, move, stone, list of, elist of, composed",
                token.text
            ),
        )),
    }
}

/// Reads `range: a-b)` or `range: a-)` after the opening parenthesis.
fn range(tokens: &mut Tokens<'_>) -> Result<Range, TypeError> {
    tokens.expect_word("range:")?;
    let Some(token) = tokens.next() else {
        return Err(tokens.error_at_end("expected a range such as `1-4` or `2-`"));
    };
    let bad = |tokens: &Tokens<'_>| {
        tokens.error_at(
            token,
            format!(
                "expected a range such as `1-4` or `2-`, found `{}`",
                token.text
            ),
        )
    };
    let (min, max) = token.text.split_once('-').ok_or_else(|| bad(tokens))?;
    let min: i64 = min.parse().map_err(|_| bad(tokens))?;
    let max = match max {
        "" => None,
        max => Some(max.parse::<i64>().map_err(|_| bad(tokens))?),
    };
    if max.is_some_and(|max| max < min) {
        return Err(tokens.error_at(token, "the range's upper bound is below its lower bound"));
    }
    if !tokens.eat(")") {
        return Err(tokens.error_here("expected `)` after the range"));
    }
    Ok(Range { min, max })
}

#[derive(Clone, Copy, Debug)]
struct Token<'a> {
    text: &'a str,
    offset: usize,
}

/// Words of a value type; `(`, `)` and `|` are tokens of their own.
struct Tokens<'a> {
    tokens: Vec<Token<'a>>,
    next: usize,
    len: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Self {
        let mut tokens = Vec::new();
        let mut start = None;
        for (byte, c) in text.char_indices() {
            let split = c.is_whitespace() || matches!(c, '(' | ')' | '|');
            if split {
                if let Some(s) = start.take() {
                    tokens.push(token(text, s, byte));
                }
                if !c.is_whitespace() {
                    tokens.push(token(text, byte, byte + c.len_utf8()));
                }
            } else if start.is_none() {
                start = Some(byte);
            }
        }
        if let Some(s) = start {
            tokens.push(token(text, s, text.len()));
        }
        Tokens {
            tokens,
            next: 0,
            len: text.chars().count(),
        }
    }

    fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    fn next(&mut self) -> Option<Token<'a>> {
        let token = self.peek()?;
        self.next += 1;
        Some(token)
    }

    fn eat(&mut self, text: &str) -> bool {
        match self.peek() {
            Some(token) if token.text.eq_ignore_ascii_case(text) => {
                self.next += 1;
                true
            }
            _ => false,
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        self.eat(word)
    }

    fn expect_word(&mut self, word: &str) -> Result<(), TypeError> {
        if self.eat(word) {
            Ok(())
        } else {
            Err(self.error_here(format!("expected `{word}`")))
        }
    }

    fn error_at(&self, token: Token<'_>, message: impl Into<String>) -> TypeError {
        TypeError {
            offset: token.offset,
            message: message.into(),
        }
    }

    fn error_at_end(&self, message: impl Into<String>) -> TypeError {
        TypeError {
            offset: self.len,
            message: message.into(),
        }
    }

    fn error_here(&self, message: impl Into<String>) -> TypeError {
        match self.peek() {
            Some(token) => {
                let message = format!("{}, found `{}`", message.into(), token.text);
                self.error_at(token, message)
            }
            None => self.error_at_end(format!("{}, found the end of the line", message.into())),
        }
    }
}

/// A token of `text[start..end]`, its offset counted in characters.
fn token(text: &str, start: usize, end: usize) -> Token<'_> {
    Token {
        text: &text[start..end],
        offset: text[..start].chars().count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str) -> String {
        match parse(text) {
            Ok(t) => t.to_string(),
            Err(e) => format!("error at {}: {}", e.offset, e.message),
        }
    }

    #[test]
    fn every_form_of_the_grammar_reads_and_prints_back() {
        for text in [
            "none",
            "number",
            "number (range: 1-4)",
            "number (range: 2-)",
            "real",
            "double",
            "color",
            "simpletext",
            "text",
            "point",
            "move",
            "stone",
            "list of point",
            "elist of point",
            "list of composed point ':' simpletext",
            "composed simpletext ':' composed simpletext ':' real",
            "number | composed number ':' number",
            "none | composed number ':' simpletext",
        ] {
            assert_eq!(shown(text), text);
        }
    }

    #[test]
    fn keywords_ignore_case_and_the_colon_of_composed_is_optional() {
        assert_eq!(shown("SimpleText"), "simpletext");
        assert_eq!(
            shown("list of composed point point"),
            "list of composed point ':' point"
        );
        assert_eq!(
            shown("composed number SimpleText"),
            "composed number ':' simpletext"
        );
    }

    #[test]
    fn errors_point_at_the_offending_word() {
        assert_eq!(
            shown("list of pint"),
            "error at 8: unknown value type `pint`; expected one of none, number, real, double, \
             color, simpletext, text, point, move, stone, list of, elist of, composed"
        );
        assert_eq!(
            shown("list point"),
            "error at 5: expected `of`, found `point`"
        );
        assert_eq!(
            shown("number (range: 4-1)"),
            "error at 15: the range's upper bound is below its lower bound"
        );
        assert_eq!(
            shown("number (range: 1-4"),
            "error at 18: expected `)` after the range, found the end of the line"
        );
        assert_eq!(
            shown("point point"),
            "error at 6: expected `|` or the end of the value type"
        );
        assert_eq!(
            shown("number | list of point"),
            "error at 0: alternative 2 is a list; alternatives must be single values"
        );
        assert_eq!(shown(""), "error at 0: expected a value type");
    }
}
