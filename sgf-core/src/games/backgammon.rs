//! Backgammon (`GM[6]`): points are one lowercase letter; a move is a roll of two dice with up
//! to four checker moves (`W[31hefe]`), or one of `double`, `take`, `drop`.

use super::unescape;
use crate::value::{Context, ListPoint, Value, ValueError};

/// The size of the "board" when the root has no `SZ`: 26 positions in one row, the 24 points
/// plus the bar and the bear-off tray. `SZ` means nothing in backgammon; this is the range of
/// [`Point`] (the usual 24 would leave out the bar and the tray).
pub const DEFAULT_SIZE: (u32, u32) = (26, 1);

/// What a point looks like, for error messages.
const POINT_SYNTAX: &str = "a backgammon point (one letter a-z)";

/// What a move looks like, for error messages.
const MOVE_SYNTAX: &str = "a backgammon move (two dice 1-6, then up to four from/to letter \
                           pairs, e.g. \"31hefe\"; or double, take, drop)";

/// A position: `Point(0)` to `Point(23)` (`a`-`x`) are points 1-24 counted from White's side
/// (24-1 from Black's), [`BAR`] (`y`) is the bar and [`BEAR_OFF`] (`z`) the bear-off tray.
/// Values above 25 cannot be written (they are written as `?`, which does not read back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u8);

/// The bar, `y`.
pub const BAR: Point = Point(24);

/// The bear-off tray, `z`.
pub const BEAR_OFF: Point = Point(25);

/// A stone (a checker) is a point. Several checkers on one point are written by repeating the
/// point, so setup lists may repeat stones.
pub type Stone = Point;

/// A move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// `double`: the player offers a double.
    Double,
    /// `take`: the player takes the double.
    Take,
    /// `drop`: the player drops the double.
    Drop,
    /// A roll of the dice and the checkers moved: `31hefe` is dice 3 and 1, h to e and f to e.
    /// No moves (`66`) means the player could not move.
    Roll {
        /// The two dice, each 1-6, in the order written.
        dice: (u8, u8),
        /// The checkers moved, from and to, at most four.
        moves: Vec<(Point, Point)>,
    },
}

impl Point {
    /// Reads a point from one character.
    fn from_char(c: char) -> Option<Self> {
        let byte = u8::try_from(c).ok()?;
        byte.is_ascii_lowercase().then(|| Point(byte - b'a'))
    }

    /// The letter of the point, `?` if it has none.
    fn letter(self) -> char {
        if self.0 < 26 {
            char::from(b'a' + self.0)
        } else {
            '?'
        }
    }
}

impl Value for Point {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        let text = unescape(raw);
        let mut chars = text.chars();
        match (chars.next().and_then(Point::from_char), chars.next()) {
            (Some(point), None) => Ok(point),
            _ => Err(ValueError::expected(POINT_SYNTAX, raw)),
        }
    }

    fn write_value(&self, out: &mut String) {
        out.push(self.letter());
    }
}

/// Backgammon has no rectangles.
impl ListPoint for Point {
    fn rectangle(_ul: &Self, _lr: &Self) -> Option<Vec<Self>> {
        None
    }
}

/// The value of a die, 1-6.
fn die(c: char) -> Option<u8> {
    c.to_digit(10)
        .filter(|d| (1..=6).contains(d))
        .and_then(|d| u8::try_from(d).ok())
}

impl Value for Move {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        let text = unescape(raw);
        match &*text {
            "double" => return Ok(Move::Double),
            "take" => return Ok(Move::Take),
            "drop" => return Ok(Move::Drop),
            _ => {}
        }
        let error = || ValueError::expected(MOVE_SYNTAX, raw);
        let chars: Vec<char> = text.chars().collect();
        let (dice, rest) = match chars.as_slice() {
            [a, b, rest @ ..] => (
                (die(*a).ok_or_else(error)?, die(*b).ok_or_else(error)?),
                rest,
            ),
            _ => return Err(error()),
        };
        if rest.len() % 2 != 0 || rest.len() > 8 {
            return Err(error());
        }
        let moves = rest
            .chunks_exact(2)
            .map(|pair| Some((Point::from_char(pair[0])?, Point::from_char(pair[1])?)))
            .collect::<Option<_>>()
            .ok_or_else(error)?;
        Ok(Move::Roll { dice, moves })
    }

    fn write_value(&self, out: &mut String) {
        match self {
            Move::Double => out.push_str("double"),
            Move::Take => out.push_str("take"),
            Move::Drop => out.push_str("drop"),
            Move::Roll { dice, moves } => {
                for d in [dice.0, dice.1] {
                    out.push(if (1..=6).contains(&d) {
                        char::from(b'0' + d)
                    } else {
                        '?'
                    });
                }
                for (from, to) in moves {
                    out.push(from.letter());
                    out.push(to.letter());
                }
            }
        }
    }
}

/// The Rust expressions that build this game's values, for `sgf-macros`.
#[cfg(feature = "rust-expr")]
mod to_rust {
    use crate::games::backgammon;
    use crate::rust_expr::{ToRust, write_call, write_struct, write_unit};

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
}

/// Arbitrary values of this game, in its syntax and on the board.
#[cfg(feature = "arbitrary")]
pub(crate) mod arbitrary_on_board {
    use ::arbitrary::{Result, Unstructured};

    use crate::arbitrary::ArbitraryOnBoard;
    use crate::games::backgammon;

    /// The largest side of the boards (`SZ`) of arbitrary trees of the game: `SZ` means nothing in
    /// backgammon.
    pub(crate) const MAX_SIDE: Option<u32> = None;

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

    crate::arbitrary::on_the_largest_board!(backgammon::Point, backgammon::Move);
}

/// Backgammon's points are letters (`a`-`x` the points, `y` the bar, `z` the tray), and its
/// moves rolls and doubling: they stay text.
impl super::OnGrid for Point {}

impl super::OnGrid for Move {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::{point_list, write_point_list};
    use crate::value::PointList;

    const CTX: Context = Context::board(DEFAULT_SIZE);

    fn mv(raw: &str) -> Result<Move, ValueError> {
        Move::parse_value(raw, &CTX)
    }

    fn roll(dice: (u8, u8), moves: &[(u8, u8)]) -> Move {
        let moves = moves.iter().map(|&(f, t)| (Point(f), Point(t))).collect();
        Move::Roll { dice, moves }
    }

    #[test]
    fn the_examples_of_the_specification_read() {
        assert_eq!(mv("31hefe"), Ok(roll((3, 1), &[(7, 4), (5, 4)])));
        assert_eq!(mv("61yg"), Ok(roll((6, 1), &[(24, 6)])));
        assert_eq!(mv("66"), Ok(roll((6, 6), &[])));
        assert_eq!(
            mv("66fzezdzcz"),
            Ok(roll((6, 6), &[(5, 25), (4, 25), (3, 25), (2, 25)]))
        );
        assert_eq!(mv("double"), Ok(Move::Double));
        assert_eq!(mv("take"), Ok(Move::Take));
        assert_eq!(mv("drop"), Ok(Move::Drop));
    }

    #[test]
    fn moves_round_trip() {
        for raw in [
            "31hefe",
            "61yg",
            "66",
            "66fzezdzcz",
            "double",
            "take",
            "drop",
            "12az",
        ] {
            let mut out = String::new();
            mv(raw).expect(raw).write_value(&mut out);
            assert_eq!(out, raw);
        }
    }

    #[test]
    fn bad_moves_are_rejected() {
        for bad in [
            "",
            "3",
            "71",
            "30",
            "31h",
            "31hefefefefe",
            "31HE",
            "Double",
            "31 he",
        ] {
            let err = mv(bad).expect_err(bad);
            assert!(
                err.message.starts_with("expected a backgammon move"),
                "{bad}"
            );
        }
    }

    #[test]
    fn points_are_lowercase_letters_and_may_repeat() {
        assert_eq!(Point::parse_value("a", &CTX), Ok(Point(0)));
        assert_eq!(Point::parse_value("y", &CTX), Ok(BAR));
        assert_eq!(Point::parse_value("z", &CTX), Ok(BEAR_OFF));
        for bad in ["", "A", "ab", "1", "é"] {
            assert!(Point::parse_value(bad, &CTX).is_err(), "{bad}");
        }
        let list: PointList<Point> = point_list(&["a", "a", "x"], &CTX).expect("repeats");
        assert_eq!(list.compressed().points(), [Point(0), Point(0), Point(23)]);
        let mut out = Vec::new();
        write_point_list(&list, &mut out);
        assert_eq!(out, ["a", "a", "x"]);
        let err = point_list::<Point, _>(&["a", "a:c"], &CTX).expect_err("no rectangles");
        assert_eq!(err.index, 1);
        assert!(err.message.contains("no rectangles"), "{}", err.message);
    }
}
