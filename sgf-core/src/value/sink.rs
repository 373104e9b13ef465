//! Where the writers of property values put them: the [`ValueSink`] trait, implemented here by
//! `Vec<String>` (one string per value) and by the encoder, which writes straight into its
//! output.

use super::Context;

/// Receives the raw values of one property, in order, from
/// [`GameProperty::write_values`](crate::GameProperty::write_values) and the `write_*` helpers
/// of [`crate::value`].
pub trait ValueSink {
    /// Appends one value: `write` appends its raw text (escaped, without brackets) to the string
    /// it is given, which may already hold text before it.
    fn value(&mut self, write: impl FnOnce(&mut String));

    /// Appends one value given as its raw text.
    fn raw_value(&mut self, raw: &str) {
        self.value(|out| out.push_str(raw));
    }

    /// The tree the values are written into, when the sink knows it: values are then written
    /// as its format version wants them
    /// ([`Value::write_value_in`](super::Value::write_value_in)). `None` writes them as in
    /// FF\[4\].
    fn context(&self) -> Option<&Context> {
        None
    }
}

/// Each value becomes a string of its own.
impl ValueSink for Vec<String> {
    fn value(&mut self, write: impl FnOnce(&mut String)) {
        let mut raw = String::new();
        write(&mut raw);
        self.push(raw);
    }

    fn raw_value(&mut self, raw: &str) {
        self.push(raw.to_owned());
    }
}

/// The first value alone, as raw text; the others are not written.
#[derive(Default)]
pub(crate) struct FirstValue(pub(crate) Option<String>);

impl ValueSink for FirstValue {
    fn value(&mut self, write: impl FnOnce(&mut String)) {
        if self.0.is_none() {
            let mut raw = String::new();
            write(&mut raw);
            self.0 = Some(raw);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_value_is_kept_and_the_others_not_written() {
        let mut first = FirstValue::default();
        first.raw_value("a");
        first.value(|_| unreachable!("a later value is not written"));
        assert_eq!(first.0.as_deref(), Some("a"));
    }

    #[test]
    fn a_vec_holds_one_string_per_value() {
        let mut out = vec!["before".to_owned()];
        out.value(|s| s.push('a'));
        out.value(|_| {});
        out.raw_value("b\\]");
        assert_eq!(out, ["before", "a", "", "b\\]"]);
    }
}
