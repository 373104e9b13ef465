//! The game-specific value types: each game's `Point`, `Move` and `Stone`, read as the game's
//! section of the specification says (see `GAMES.md`); their points are
//! [`ListPoint`](crate::value::ListPoint)s.
//!
//! A game has a module here when its section of the spec names it (`Module:\tgo`), and only
//! then: the build script checks that the files of `src/games/` and the spec agree, and
//! declares the modules. Adding a game takes its section and its file, nothing else; the file
//! holds all that is the game's own: its values, and their `ToRust` (feature `rust-expr`) and
//! `ArbitraryOnBoard` (feature `arbitrary`) impls. (`cargo fmt` does not reach modules
//! declared by the build script: `.ci/run` checks them with `rustfmt --check`.)
//!
//! Every module exports `Point`, `Move`, `Stone` and `DEFAULT_SIZE` (columns, rows). Coordinates
//! count from 0. Game values are read after removing escapes (`\x` reads as `x`), so that a
//! colon escaped inside a composed value (`C2\:C5`) reads as written; values are written in
//! their canonical form, and `parse(write(v)) == v` for every valid value. Games without a
//! module use [`raw`], which keeps the text exactly as written.

use std::borrow::Cow;

use crate::value::{Context, Value};

pub mod raw;

/// A value of a game as points of its grid (column and row, counted from 0 at the top left):
/// what surfaces outside Rust show it as (a Python tuple, the columns of an Arrow table).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Grid {
    /// A move that places nothing: a pass.
    Pass,
    /// One point.
    Point(u32, u32),
    /// Several points, in the order the value is written (an Amazons move: from, to, arrow).
    Points(Vec<(u32, u32)>),
}

/// A game's point, stone or move seen on the grid. Every game's `Point`, `Stone` and `Move`
/// implement it, so that code outside Rust needs nothing per game: a value with no form on the
/// grid (a Backgammon roll, a Hex swap, any value of a game without a module) shows as the
/// text it is written as.
pub trait OnGrid: Value {
    /// The value on the grid; `None` where it has no form there.
    fn to_grid(&self) -> Option<Grid> {
        None
    }

    /// The value with this form on the grid, as it reads under `ctx` (on its board); `None`
    /// where the game has no such value, or it lies off the board.
    fn from_grid(grid: &Grid, ctx: &Context) -> Option<Self> {
        let _ = (grid, ctx);
        None
    }
}

/// `value` if it reads back under `ctx`: on its board, and writable.
pub(crate) fn on_board<V: Value>(value: V, ctx: &Context) -> Option<V> {
    let mut raw = String::new();
    value.write_value(&mut raw);
    V::parse_value(&raw, ctx).ok()
}

/// A coordinate of a grid that counts in bytes.
pub(crate) fn byte(n: u32) -> Option<u8> {
    u8::try_from(n).ok()
}

// A module per game section of the spec that names one with `Module:` (see `build.rs`).
include!(concat!(env!("OUT_DIR"), "/game_modules.rs"));

/// Implements `Display` for a value type: the value as the game writes it (`pd` in Go, `d11` in
/// Hex).
macro_rules! display_as_written {
    ($value:ty) => {
        impl std::fmt::Display for $value {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let mut text = String::new();
                $crate::value::Value::write_value(self, &mut text);
                f.write_str(&text)
            }
        }
    };
}
pub(crate) use display_as_written;

/// Implements [`OnGrid`] for a point type `{ col: u8, row: u8 }` that any pair of bytes on the
/// board makes.
macro_rules! grid_point_of_bytes {
    ($point:ident) => {
        impl $crate::games::OnGrid for $point {
            fn to_grid(&self) -> Option<$crate::games::Grid> {
                Some($crate::games::Grid::Point(self.col.into(), self.row.into()))
            }

            fn from_grid(grid: &$crate::games::Grid, ctx: &Context) -> Option<Self> {
                match *grid {
                    $crate::games::Grid::Point(col, row) => $crate::games::on_board(
                        $point {
                            col: $crate::games::byte(col)?,
                            row: $crate::games::byte(row)?,
                        },
                        ctx,
                    ),
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use grid_point_of_bytes;

/// Removes the escapes of a raw game value: `\x` reads as `x` (a final lone `\` is kept).
fn unescape(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' {
            chars.next().unwrap_or(c)
        } else {
            c
        });
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{Context, Value, sgfish_strings};

    /// Parses every string with `T` (reaching the end means no panic), and checks that what
    /// parsed reads back the same once written.
    fn survives<T: Value + PartialEq + std::fmt::Debug>(inputs: &[String]) {
        for ctx in [Context::square(19), Context::square(52), Context::square(0)] {
            for raw in inputs {
                if let Ok(value) = T::parse_value(raw, &ctx) {
                    let mut out = String::new();
                    value.write_value(&mut out);
                    assert_eq!(T::parse_value(&out, &ctx), Ok(value), "{raw:?}");
                }
            }
        }
    }

    #[test]
    fn game_parsers_survive_and_round_trip_sgfish_input() {
        let mut inputs = sgfish_strings(600);
        // Valid values of every game, so that the round trip is checked on each.
        let examples = "dd tt ZZ djddgd 31hefe 66 double a y C2:C5++ e1-e3 RESIGN a1 aa1 \
                        swap-pieces 11 46CD 84-86x-68 33+B! 33+A-B x\\:1 a1:zz99 11x-22";
        inputs.extend(examples.split(' ').map(String::from));
        macro_rules! every_game {
            ($(($variant:ident, $property:ident, $module:ident)),*) => {$(
                survives::<$module::Point>(&inputs);
                survives::<$module::Move>(&inputs);
                survives::<$module::Stone>(&inputs);
            )*};
        }
        for_each_game!(every_game);
    }

    #[test]
    fn unescape_removes_backslashes() {
        assert_eq!(unescape("C2:C5"), "C2:C5");
        assert_eq!(unescape(r"C2\:C5\\\]"), r"C2:C5\]");
        assert_eq!(unescape(r"a\"), r"a\");
    }
}
