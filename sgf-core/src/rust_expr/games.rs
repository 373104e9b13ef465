//! [`ToRust`] for the points, moves and stones of every game module of [`crate::games`]. Each
//! impl names every field, so that a field added to a game type must be added here too.

use super::{ToRust, write_call, write_struct};
use crate::games::{amazons, backgammon, go, hex, lines_of_action, octi, raw};

/// Implements [`ToRust`] for a point type with public `col` and `row` fields.
macro_rules! grid_point {
    ($ty:ty, $path:literal) => {
        impl ToRust for $ty {
            fn to_rust(&self, out: &mut String) {
                let Self { col, row } = self;
                write_struct($path, &[("col", col), ("row", row)], out);
            }
        }
    };
}

// Amazons reuses Go's point type, so this impl covers both.
grid_point!(go::Point, "::sgf_core::games::go::Point");
grid_point!(
    lines_of_action::Point,
    "::sgf_core::games::lines_of_action::Point"
);
grid_point!(hex::Point, "::sgf_core::games::hex::Point");
grid_point!(octi::Point, "::sgf_core::games::octi::Point");

impl ToRust for go::Move {
    fn to_rust(&self, out: &mut String) {
        const PATH: &str = "::sgf_core::games::go::Move";
        match self {
            go::Move::Pass => write_unit(PATH, "Pass", out),
            go::Move::Play(p) => write_call(&format!("{PATH}::Play"), &[p], out),
        }
    }
}

impl ToRust for amazons::Move {
    fn to_rust(&self, out: &mut String) {
        let amazons::Move { from, to, arrow } = self;
        let fields: [(&str, &dyn ToRust); 3] = [("from", from), ("to", to), ("arrow", arrow)];
        write_struct("::sgf_core::games::amazons::Move", &fields, out);
    }
}

impl ToRust for backgammon::Point {
    fn to_rust(&self, out: &mut String) {
        write_call("::sgf_core::games::backgammon::Point", &[&self.0], out);
    }
}

impl ToRust for backgammon::Move {
    fn to_rust(&self, out: &mut String) {
        const PATH: &str = "::sgf_core::games::backgammon::Move";
        match self {
            backgammon::Move::Double => write_unit(PATH, "Double", out),
            backgammon::Move::Take => write_unit(PATH, "Take", out),
            backgammon::Move::Drop => write_unit(PATH, "Drop", out),
            backgammon::Move::Roll { dice, moves } => {
                let fields: [(&str, &dyn ToRust); 2] = [("dice", dice), ("moves", moves)];
                write_struct(&format!("{PATH}::Roll"), &fields, out);
            }
        }
    }
}

impl ToRust for lines_of_action::Move {
    fn to_rust(&self, out: &mut String) {
        const PATH: &str = "::sgf_core::games::lines_of_action::Move";
        match self {
            lines_of_action::Move::Step {
                from,
                to,
                capture,
                annotation,
            } => {
                let fields: [(&str, &dyn ToRust); 4] = [
                    ("from", from),
                    ("to", to),
                    ("capture", capture),
                    ("annotation", annotation),
                ];
                write_struct(&format!("{PATH}::Step"), &fields, out);
            }
            lines_of_action::Move::Resign => write_unit(PATH, "Resign", out),
        }
    }
}

impl ToRust for hex::Move {
    fn to_rust(&self, out: &mut String) {
        const PATH: &str = "::sgf_core::games::hex::Move";
        match self {
            hex::Move::Play(p) => write_call(&format!("{PATH}::Play"), &[p], out),
            hex::Move::SwapPieces => write_unit(PATH, "SwapPieces", out),
            hex::Move::SwapSides => write_unit(PATH, "SwapSides", out),
            hex::Move::Swap => write_unit(PATH, "Swap", out),
            hex::Move::Resign => write_unit(PATH, "Resign", out),
            hex::Move::Forfeit => write_unit(PATH, "Forfeit", out),
        }
    }
}

impl ToRust for octi::Prong {
    fn to_rust(&self, out: &mut String) {
        const PATH: &str = "::sgf_core::games::octi::Prong";
        let variant = match self {
            octi::Prong::A => "A",
            octi::Prong::B => "B",
            octi::Prong::C => "C",
            octi::Prong::D => "D",
            octi::Prong::E => "E",
            octi::Prong::F => "F",
            octi::Prong::G => "G",
            octi::Prong::H => "H",
        };
        write_unit(PATH, variant, out);
    }
}

impl ToRust for octi::Stone {
    fn to_rust(&self, out: &mut String) {
        let octi::Stone { point, prongs } = self;
        let fields: [(&str, &dyn ToRust); 2] = [("point", point), ("prongs", prongs)];
        write_struct("::sgf_core::games::octi::Stone", &fields, out);
    }
}

impl ToRust for octi::Move {
    fn to_rust(&self, out: &mut String) {
        const PATH: &str = "::sgf_core::games::octi::Move";
        match self {
            octi::Move::NewPod(p) => write_call(&format!("{PATH}::NewPod"), &[p], out),
            octi::Move::AddProng {
                point,
                prong,
                superprong,
            } => {
                let fields: [(&str, &dyn ToRust); 3] = [
                    ("point", point),
                    ("prong", prong),
                    ("superprong", superprong),
                ];
                write_struct(&format!("{PATH}::AddProng"), &fields, out);
            }
            octi::Move::TurnProng { point, from, to } => {
                let fields: [(&str, &dyn ToRust); 3] =
                    [("point", point), ("from", from), ("to", to)];
                write_struct(&format!("{PATH}::TurnProng"), &fields, out);
            }
            octi::Move::Jump { path, captures } => {
                let fields: [(&str, &dyn ToRust); 2] = [("path", path), ("captures", captures)];
                write_struct(&format!("{PATH}::Jump"), &fields, out);
            }
        }
    }
}

impl ToRust for raw::Point {
    fn to_rust(&self, out: &mut String) {
        write_call("::sgf_core::games::raw::Point", &[&self.0], out);
    }
}

impl ToRust for raw::Move {
    fn to_rust(&self, out: &mut String) {
        write_call("::sgf_core::games::raw::Move", &[&self.0], out);
    }
}

/// Appends `path::variant`, a unit variant.
fn write_unit(path: &str, variant: &str, out: &mut String) {
    out.push_str(path);
    out.push_str("::");
    out.push_str(variant);
}
