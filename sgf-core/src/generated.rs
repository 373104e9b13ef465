//! The per-game property enums, value enums and static tables, generated at build time from
//! `spec/` by `sgf-codegen` (see `build.rs`). Read what is generated with
//! `cargo run -p sgf-codegen -- print go` (or `all`).

#[allow(clippy::upper_case_acronyms, clippy::large_enum_variant)]
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

    #[test]
    fn a_property_takes_32_bytes_unless_its_games_moves_are_larger() {
        assert!(size_of::<GoProperty>() <= 32);
        assert!(size_of::<HexProperty>() <= 32);
        assert!(size_of::<AmazonsProperty>() <= 32);
        assert!(size_of::<OtherGameProperty>() <= 32);
        assert!(size_of::<BackgammonProperty>() <= bound::<games::backgammon::Move>());
        assert!(size_of::<LinesOfActionProperty>() <= bound::<games::lines_of_action::Move>());
        assert!(size_of::<OctiProperty>() <= bound::<games::octi::Move>());
    }
}
