//! Arbitrary points, moves and stones of each game, in the game's syntax and on the board.

use ::arbitrary::{Arbitrary, Result, Unstructured};

use super::{ArbitraryOnBoard, any_text, coordinate};
use crate::games::{amazons, backgammon, go, hex, lines_of_action as loa, octi, raw};
use crate::value::well_formed;

/// A coordinate of a type that holds it in a byte, on a side of `len` points of which the type
/// can write at most `max` (at most 256).
fn byte(u: &mut Unstructured<'_>, len: u32, max: u32) -> Result<u8> {
    Ok(u8::try_from(coordinate(u, len, max)?).unwrap_or(u8::MAX))
}

impl ArbitraryOnBoard for go::Point {
    const LARGEST_BOARD: (u32, u32) = (52, 52);

    fn arbitrary_on(u: &mut Unstructured<'_>, (cols, rows): (u32, u32)) -> Result<Self> {
        let max = u32::from(go::MAX_COORDINATE) + 1;
        Ok(go::Point {
            col: byte(u, cols, max)?,
            row: byte(u, rows, max)?,
        })
    }
}

/// A pass now and then, else a stone on the board (so `tt` only where it is no pass).
impl ArbitraryOnBoard for go::Move {
    const LARGEST_BOARD: (u32, u32) = go::Point::LARGEST_BOARD;

    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
        Ok(if u.ratio(1, 8)? {
            go::Move::Pass
        } else {
            go::Move::Play(go::Point::arbitrary_on(u, board)?)
        })
    }
}

impl ArbitraryOnBoard for amazons::Move {
    const LARGEST_BOARD: (u32, u32) = go::Point::LARGEST_BOARD;

    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
        Ok(amazons::Move {
            from: go::Point::arbitrary_on(u, board)?,
            to: go::Point::arbitrary_on(u, board)?,
            arrow: go::Point::arbitrary_on(u, board)?,
        })
    }
}

/// Any of the 26 positions; `SZ` means nothing in backgammon.
impl ArbitraryOnBoard for backgammon::Point {
    const LARGEST_BOARD: (u32, u32) = backgammon::DEFAULT_SIZE;

    fn arbitrary_on(u: &mut Unstructured<'_>, _board: (u32, u32)) -> Result<Self> {
        Ok(backgammon::Point(u.int_in_range(0..=25)?))
    }
}

/// Mostly rolls of two dice with up to four checker moves; now and then a word of the cube.
impl ArbitraryOnBoard for backgammon::Move {
    const LARGEST_BOARD: (u32, u32) = backgammon::DEFAULT_SIZE;

    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
        Ok(match u.choose_index(8)? {
            0 => backgammon::Move::Double,
            1 => backgammon::Move::Take,
            2 => backgammon::Move::Drop,
            _ => {
                let dice = (u.int_in_range(1..=6)?, u.int_in_range(1..=6)?);
                let mut moves = Vec::new();
                for _ in 0..u.int_in_range(0..=4)? {
                    let from = backgammon::Point::arbitrary_on(u, board)?;
                    moves.push((from, backgammon::Point::arbitrary_on(u, board)?));
                }
                backgammon::Move::Roll { dice, moves }
            }
        })
    }
}

impl ArbitraryOnBoard for loa::Point {
    const LARGEST_BOARD: (u32, u32) = (26, 256);

    fn arbitrary_on(u: &mut Unstructured<'_>, (cols, rows): (u32, u32)) -> Result<Self> {
        Ok(loa::Point {
            col: byte(u, cols, 26)?,
            row: byte(u, rows, 256)?,
        })
    }
}

/// `resign` now and then, else a step with any annotation that does not start with a digit
/// (which would read as part of the row).
impl ArbitraryOnBoard for loa::Move {
    const LARGEST_BOARD: (u32, u32) = loa::Point::LARGEST_BOARD;

    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
        if u.ratio(1, 8)? {
            return Ok(loa::Move::Resign);
        }
        let (from, to) = (
            loa::Point::arbitrary_on(u, board)?,
            loa::Point::arbitrary_on(u, board)?,
        );
        let annotation = any_text(u)?;
        Ok(loa::Move::Step {
            from,
            to,
            capture: u.arbitrary()?,
            annotation: annotation
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .to_owned(),
        })
    }
}

impl ArbitraryOnBoard for hex::Point {
    const LARGEST_BOARD: (u32, u32) = (u32::MAX, u32::MAX);

    fn arbitrary_on(u: &mut Unstructured<'_>, (cols, rows): (u32, u32)) -> Result<Self> {
        Ok(hex::Point {
            col: coordinate(u, cols, u32::MAX)?,
            row: coordinate(u, rows, u32::MAX)?,
        })
    }
}

impl ArbitraryOnBoard for hex::Move {
    const LARGEST_BOARD: (u32, u32) = hex::Point::LARGEST_BOARD;

    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
        Ok(match u.choose_index(9)? {
            0 => hex::Move::SwapPieces,
            1 => hex::Move::SwapSides,
            2 => hex::Move::Swap,
            3 => hex::Move::Resign,
            4 => hex::Move::Forfeit,
            _ => hex::Move::Play(hex::Point::arbitrary_on(u, board)?),
        })
    }
}

/// Digits 1-9, and within the board where it is smaller.
impl ArbitraryOnBoard for octi::Point {
    const LARGEST_BOARD: (u32, u32) = octi::DEFAULT_SIZE;

    fn arbitrary_on(u: &mut Unstructured<'_>, (cols, rows): (u32, u32)) -> Result<Self> {
        Ok(octi::Point {
            col: byte(u, cols, 9)?,
            row: byte(u, rows, 9)?,
        })
    }
}

impl ArbitraryOnBoard for octi::Stone {
    const LARGEST_BOARD: (u32, u32) = octi::DEFAULT_SIZE;

    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
        Ok(octi::Stone {
            point: octi::Point::arbitrary_on(u, board)?,
            prongs: u.arbitrary()?,
        })
    }
}

/// Any move of the four kinds; a jump passes two to five points and captures after any but
/// the first.
impl ArbitraryOnBoard for octi::Move {
    const LARGEST_BOARD: (u32, u32) = octi::DEFAULT_SIZE;

    fn arbitrary_on(u: &mut Unstructured<'_>, board: (u32, u32)) -> Result<Self> {
        let point = octi::Point::arbitrary_on(u, board)?;
        Ok(match u.choose_index(4)? {
            0 => octi::Move::NewPod(point),
            1 => octi::Move::AddProng {
                point,
                prong: u.arbitrary()?,
                superprong: u.arbitrary()?,
            },
            2 => octi::Move::TurnProng {
                point,
                from: u.arbitrary()?,
                to: u.arbitrary()?,
            },
            _ => {
                let (mut path, mut captures) = (vec![point], Vec::new());
                for i in 1..u.int_in_range(2..=5)? {
                    path.push(octi::Point::arbitrary_on(u, board)?);
                    if u.ratio(1, 3)? {
                        captures.push(i);
                    }
                }
                octi::Move::Jump { path, captures }
            }
        })
    }
}

/// Any Unicode, made valid raw text (every `]` escaped, no lone `\` at the end).
fn raw_text(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(well_formed(&any_text(u)?).into_owned())
}

/// Raw text; games without a section have no board.
impl ArbitraryOnBoard for raw::Point {
    const LARGEST_BOARD: (u32, u32) = raw::DEFAULT_SIZE;

    fn arbitrary_on(u: &mut Unstructured<'_>, _board: (u32, u32)) -> Result<Self> {
        raw_text(u).map(raw::Point)
    }
}

/// Raw text; games without a section have no board.
impl ArbitraryOnBoard for raw::Move {
    const LARGEST_BOARD: (u32, u32) = raw::DEFAULT_SIZE;

    fn arbitrary_on(u: &mut Unstructured<'_>, _board: (u32, u32)) -> Result<Self> {
        raw_text(u).map(raw::Move)
    }
}

/// Implements `Arbitrary` for game values on their [`ArbitraryOnBoard::LARGEST_BOARD`].
macro_rules! on_the_largest_board {
    ($($ty:ty),* $(,)?) => {$(
        impl<'a> Arbitrary<'a> for $ty {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                Self::arbitrary_on(u, Self::LARGEST_BOARD)
            }
        }
    )*};
}

on_the_largest_board!(
    go::Point,
    go::Move,
    amazons::Move,
    backgammon::Point,
    backgammon::Move,
    loa::Point,
    loa::Move,
    hex::Point,
    hex::Move,
    octi::Point,
    octi::Stone,
    octi::Move,
    raw::Point,
    raw::Move,
);
