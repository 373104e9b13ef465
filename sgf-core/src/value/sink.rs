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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vec_holds_one_string_per_value() {
        let mut out = vec!["before".to_owned()];
        out.value(|s| s.push('a'));
        out.value(|_| {});
        out.raw_value("b\\]");
        assert_eq!(out, ["before", "a", "", "b\\]"]);
    }
}
