//! The per-game property enums, value enums and static tables, generated at build time from
//! `spec/` by `sgf-codegen` (see `build.rs`). Read what is generated with
//! `cargo run -p sgf-codegen -- print go` (or `all`).

#[allow(clippy::upper_case_acronyms, clippy::large_enum_variant)]
#[macro_use]
mod emitted {
    include!(concat!(env!("OUT_DIR"), "/properties.rs"));
}

pub use emitted::*;

#[cfg(test)]
mod tests {
    use std::mem::size_of;

    use super::*;
    use crate::games;

    /// The bytes a property takes at most: a tag and three words (a `String` or a `Vec`
    /// inline), the larger values being boxed; more only when the game's moves, kept inline
    /// because they are its most frequent values, are larger.
    fn bound<M>() -> usize {
        32.max(size_of::<M>() + 8)
    }

    macro_rules! sizes {
        ($(($variant:ident, $property:ident, $module:ident)),*) => {
            [$((stringify!($property), size_of::<$property>(), bound::<games::$module::Move>())),*]
        };
    }

    #[test]
    fn a_property_takes_32_bytes_unless_its_games_moves_are_larger() {
        let sizes = for_each_game!(sizes);
        for (property, size, bound) in sizes {
            assert!(
                size <= bound,
                "{property} takes {size} bytes, more than {bound}"
            );
        }
        // Go's moves are small: its properties take 32 bytes.
        assert_eq!(sizes[0].0, "GoProperty");
        assert!(sizes[0].1 <= 32);
    }
}
