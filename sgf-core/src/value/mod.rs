//! Typed property values: the [`Value`] trait every value type implements, and the value types
//! the specification names (`number`, `real`, `double`, `color`, `simpletext`, `text`, `none`,
//! composed values and lists). Game-specific points, moves and stones live in [`crate::games`].
//!
//! A value is read from and written to its *raw text*: the characters between `[` and `]` as
//! they stand in the file, escapes included, already decoded to Unicode. Escaping rules are
//! applied here, so that a raw text always round-trips: `parse(write(v)) == v`.

mod cells;
pub(crate) mod check;
mod decimal;
mod error;
pub(crate) mod list;
mod list_point;
mod scalar;
mod sink;
mod text;

pub use cells::{Cells, GridList};
pub use error::ValueError;
pub use list::{ListItem, ListStyle, PointList};
pub use list_point::{ListPoint, MAX_RECTANGLE_POINTS};
pub(crate) use list_point::{byte_grid_list_point, byte_rectangle, grid_fits, grid_rectangle};
pub use scalar::split_composed;
pub use scalar::{Color, Double};
pub(crate) use sink::FirstValue;
pub use sink::ValueSink;
pub use text::{SimpleText, Source, Text, unescape_text};
pub(crate) use text::{escape, well_formed};

/// The tree a value is read for or written into: some games read a value differently
/// depending on the board size (in Go, `[tt]` is a pass on boards up to 19x19 and a point on
/// larger ones), and write it as the tree's format version wants (a Go pass is `[tt]` before
/// FF\[4\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// Board size as (columns, rows), from the root's `SZ` or the game's default.
    pub size: (u32, u32),
    /// Whether a point off the board is an error. Reading leaves it off, so that a file with a
    /// wrong `SZ` still reads typed; validation turns it on.
    pub board_check: bool,
    /// The format version of the tree: its root's `FF`, 1 when it has none (the
    /// specification's default). Contexts made without a tree say 4.
    pub ff: u32,
}

impl Context {
    /// The format version a tree is in when its root has no `FF`.
    pub const DEFAULT_FF: u32 = 1;

    /// A context for a square board of the given size, in FF\[4\].
    pub const fn square(size: u32) -> Self {
        Context::board((size, size))
    }

    /// A context for a board of (columns, rows), in FF\[4\].
    pub const fn board(size: (u32, u32)) -> Self {
        Context {
            size,
            board_check: false,
            ff: 4,
        }
    }

    /// The same context in the format version written as `text` (the raw value of the root's
    /// `FF`), or in [`Context::DEFAULT_FF`] when there is none; a value that is no number
    /// leaves FF\[4\].
    pub fn with_ff_text(self, text: Option<&str>) -> Self {
        let ff = match text {
            None => Context::DEFAULT_FF,
            Some(text) => root_number(text).unwrap_or(4),
        };
        Context { ff, ..self }
    }

    /// Whether the tree is written in a format before FF\[4\].
    pub const fn before_ff4(&self) -> bool {
        self.ff < 4
    }

    /// Whether the point at (column, row) passes: on the board, or the context does not check.
    #[inline]
    pub fn holds(&self, (col, row): (u32, u32)) -> bool {
        !self.board_check || (col < self.size.0 && row < self.size.1)
    }

    /// An error if [`Context::board_check`] is on and the point at (column, row), written
    /// `raw`, is off the board.
    #[inline]
    pub fn on_board(&self, (col, row): (u32, u32), raw: &str) -> Result<(), ValueError> {
        if self.holds((col, row)) {
            return Ok(());
        }
        Err(off_board(self, raw))
    }

    /// The context of a board given by the raw text of an `SZ` value (`19` or `19:13`), or of
    /// `default` (columns, rows) when the text is not a size.
    pub fn from_size_text(text: &str, default: (u32, u32)) -> Self {
        let number = |s: &str| root_number(s).filter(|n| *n > 0);
        let size = match text.split_once(':') {
            Some((cols, rows)) => number(cols).zip(number(rows)).unwrap_or(default),
            None => number(text).map_or(default, |n| (n, n)),
        };
        Context::board(size)
    }
}

/// The error of a point off the board of `ctx`, written `raw`.
#[cold]
fn off_board(ctx: &Context, raw: &str) -> ValueError {
    ValueError::new(format!(
        "{} is off the {}x{} board",
        error::quote(raw),
        ctx.size.0,
        ctx.size.1
    ))
}

/// The number a root property such as `GM`, `FF` or `SZ` gives as raw text, read as the
/// `number` value type reads it (`-0` and `+4` included, so that what is written back of
/// the value gives the same), around white space; `None` if it is none or does not fit a
/// `u32`.
pub(crate) fn root_number(text: &str) -> Option<u32> {
    let number: i64 = text.trim().parse().ok()?;
    u32::try_from(number).ok()
}

/// A raw value as it is handed to a property's parser: its text (escapes included), and the
/// input it stands in, where a text value may share it rather than copy it. Plain strings
/// have no input to share.
pub trait RawValue: AsRef<str> {
    /// The input the text is a slice of, if it is one.
    fn source(&self) -> Option<&Source> {
        None
    }
}

impl RawValue for str {}
impl RawValue for &str {}
impl RawValue for String {}
impl RawValue for &String {}
impl RawValue for Box<str> {}
impl RawValue for std::borrow::Cow<'_, str> {}

/// A raw value sliced from a collection's input: what the reader hands to the parsers.
#[derive(Clone, Copy, Debug)]
pub struct Raw<'a> {
    text: &'a str,
    source: Option<&'a Source>,
}

impl<'a> Raw<'a> {
    /// A raw value, `text`, a slice of `source` if given.
    pub fn new(text: &'a str, source: Option<&'a Source>) -> Self {
        Raw { text, source }
    }
}

impl AsRef<str> for Raw<'_> {
    fn as_ref(&self) -> &str {
        self.text
    }
}

impl RawValue for Raw<'_> {
    fn source(&self) -> Option<&Source> {
        self.source
    }
}

/// A value type of the specification: it reads one raw value (the text between one pair of
/// brackets) and writes it back.
pub trait Value: Sized {
    /// Reads a value from its raw text (escapes included).
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError>;

    /// Reads a value from a raw value, which may stand in an input the value can share (text
    /// values do: see [`Text`]). By default, [`Value::parse_value`] of its text.
    fn parse_raw<R: RawValue + ?Sized>(raw: &R, ctx: &Context) -> Result<Self, ValueError> {
        Self::parse_value(raw.as_ref(), ctx)
    }

    /// Reads a value of two bytes, neither of them `]` nor `\`, where the type can tell it
    /// without [`Value::parse_value`]: a Go move on the board (`pd`), the value most game records
    /// are made of. `None` leaves it to `parse_value`; a value given is the one `parse_value`
    /// gives. By default, always `None`.
    #[inline(always)]
    fn parse_short(raw: [u8; 2], ctx: &Context) -> Option<Self> {
        let _ = (raw, ctx);
        None
    }

    /// Appends the raw text of the value (escaped, without brackets) to `out`.
    fn write_value(&self, out: &mut String);

    /// Appends the raw text of the value as the tree of `ctx` wants it written: what
    /// [`Value::write_value`] writes, unless the game writes the value differently in that
    /// tree's format version (a Go pass is `tt` before FF\[4\]).
    fn write_value_in(&self, out: &mut String, ctx: &Context) {
        let _ = ctx;
        self.write_value(out);
    }

    /// Whether the value reads back under `ctx`: exactly when reading what it writes with
    /// `ctx` succeeds. Validation asks this with the board checked, of values that were read
    /// without; types holding points answer it without writing and reading again.
    fn fits(&self, ctx: &Context) -> bool {
        let mut raw = String::new();
        self.write_value(&mut raw);
        Self::parse_value(&raw, ctx).is_ok()
    }
}

/// A boxed value reads and writes as the value: property enums box their rare large values.
impl<T: Value> Value for Box<T> {
    fn parse_value(raw: &str, ctx: &Context) -> Result<Self, ValueError> {
        T::parse_value(raw, ctx).map(Box::new)
    }

    fn write_value(&self, out: &mut String) {
        (**self).write_value(out);
    }

    fn write_value_in(&self, out: &mut String, ctx: &Context) {
        (**self).write_value_in(out, ctx);
    }

    fn fits(&self, ctx: &Context) -> bool {
        (**self).fits(ctx)
    }
}

/// Pseudo-random short strings of characters that matter in SGF values, for tests that check
/// that no input makes a parser panic.
#[cfg(test)]
pub(crate) fn sgfish_strings(count: usize) -> Vec<String> {
    const CHARS: &[char] = &[
        'a', 'b', 'd', 't', 's', 'y', 'z', 'A', 'Z', 'C', 'H', 'x', '0', '1', '6', '9', '+', '-',
        '.', ':', '!', '\\', ']', '[', ' ', '\n', '\r', '\t', 'é', '碁',
    ];
    let mut rng = sgf_test_support::Rng::new(0x2545_f491_4f6c_dd1d);
    (0..count)
        .map(|_| {
            let len = rng.below(9);
            (0..len).map(|_| *rng.pick(CHARS)).collect()
        })
        .collect()
}
