//! Octi (`GM[19]`): points are two digits, column then row (`11` south-west to `99`
//! north-east); a stone is a pod's point and its prong letters (`46CD`); moves add pods and
//! prongs, turn prongs, and jump (`84-86x-68`).

use super::unescape;
use crate::value::{Context, ListPoint, Value, ValueError};

/// The board size when the root has no `SZ`: points run from `11` to `99`, so the default is that
/// whole 9x9 range.
pub const DEFAULT_SIZE: (u32, u32) = (9, 9);

/// What a stone looks like, for error messages.
const STONE_SYNTAX: &str = "an Octi stone (two digits 1-9, then prong letters A-H, e.g. \"46CD\")";

/// What a move looks like, for error messages.
const MOVE_SYNTAX: &str =
    "an Octi move (e.g. \"73\", \"33+B\", \"33+B!\", \"33+A-B\", \"84-86x-68\")";

/// A point: `col` 0 is column digit `1` (west), `row` 0 is row digit `1` (south); both go up to
/// 8 (digit `9`). Octi has no rectangles. Coordinates above 8 cannot be written (they are written
/// as `?`, which does not read back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// The column, 0 for digit `1`.
    pub col: u8,
    /// The row, 0 for digit `1`.
    pub row: u8,
}

/// A prong direction: `A` points north, the others follow clockwise (`C` east, `E` south, `G`
/// west).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Prong {
    /// North.
    A,
    /// North-east.
    B,
    /// East.
    C,
    /// South-east.
    D,
    /// South.
    E,
    /// South-west.
    F,
    /// West.
    G,
    /// North-west.
    H,
}

/// A stone: a pod on `point` with its prongs. `prongs` has bit `n` set for the `n`-th letter
/// (`A` is bit 0); read in any order, written from `A` to `H`. `0` stands for no letters, which
/// the specification allows when all pods of the stack are alike: a pod without prongs is
/// written the same way, so the format does not tell the two apart and neither does this type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stone {
    /// Where the pod stands.
    pub point: Point,
    /// The prongs, one bit per [`Prong`].
    pub prongs: u8,
}

/// A move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A new pod enters at the point: `73`.
    NewPod(Point),
    /// A prong is added to the pod on `point`: `33+B`, or `33+B!` for a superprong.
    AddProng {
        /// The pod's point.
        point: Point,
        /// The prong added.
        prong: Prong,
        /// Whether it is a superprong (`!`).
        superprong: bool,
    },
    /// A prong of the pod on `point` is turned: `33+A-B` turns `A` to `B`.
    TurnProng {
        /// The pod's point.
        point: Point,
        /// The prong turned.
        from: Prong,
        /// Its new direction.
        to: Prong,
    },
    /// A move or a chain of jumps through `path` (at least two points): `84-86-68`.
    Jump {
        /// The points the pod passes, from its start.
        path: Vec<Point>,
        /// The positions in `path` after which a capture happens, marked `x`: `84-86x-68` is
        /// `[1]`. In increasing order, each at least 1.
        captures: Vec<usize>,
    },
}

impl Prong {
    /// Every prong, from `A` to `H`.
    pub const ALL: [Prong; 8] = [
        Prong::A,
        Prong::B,
        Prong::C,
        Prong::D,
        Prong::E,
        Prong::F,
        Prong::G,
        Prong::H,
    ];

    /// The prong's letter.
    pub fn letter(self) -> char {
        char::from(b'A' + self as u8)
    }

    /// The prong's bit in [`Stone::prongs`].
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The prong of a letter `A`-`H`.
    fn from_byte(byte: u8) -> Option<Prong> {
        Prong::ALL
            .get(usize::from(byte.checked_sub(b'A')?))
            .copied()
    }
}

impl Stone {
    /// Whether the pod has the prong.
    pub fn has(&self, prong: Prong) -> bool {
        self.prongs & prong.bit() != 0
    }
}

/// Reads a point from two bytes.
fn point(bytes: &[u8]) -> Option<Point> {
    let digit = |b: u8| (b'1'..=b'9').contains(&b).then(|| b - b'1');
    match bytes {
        [c, r] => Some(Point {
            col: digit(*c)?,
            row: digit(*r)?,
        }),
        _ => None,
    }
}

impl Point {
    /// Appends the point's two digits.
    fn write(self, out: &mut String) {
        for d in [self.col, self.row] {
            out.push(if d < 9 { char::from(b'1' + d) } else { '?' });
        }
    }
}

impl Value for Point {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        let what = "an Octi point (two digits 1-9, column then row)";
        point(unescape(raw).as_bytes()).ok_or_else(|| ValueError::expected(what, raw))
    }

    fn write_value(&self, out: &mut String) {
        self.write(out);
    }
}

impl Value for Stone {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        let text = unescape(raw);
        let bytes = text.as_bytes();
        let error = || ValueError::expected(STONE_SYNTAX, raw);
        let point = point(bytes.get(..2).ok_or_else(error)?).ok_or_else(error)?;
        let mut prongs = 0;
        for &byte in &bytes[2..] {
            let bit = Prong::from_byte(byte).ok_or_else(error)?.bit();
            if prongs & bit != 0 {
                let letter = char::from(byte);
                return Err(ValueError::new(format!(
                    "expected each prong letter once, found {letter} twice"
                )));
            }
            prongs |= bit;
        }
        Ok(Stone { point, prongs })
    }

    fn write_value(&self, out: &mut String) {
        self.point.write(out);
        let prongs = Prong::ALL.into_iter().filter(|&p| self.has(p));
        out.extend(prongs.map(Prong::letter));
    }
}

/// Octi has no rectangles, neither of points nor of stones.
impl ListPoint for Point {
    fn rectangle(_ul: &Self, _lr: &Self) -> Option<Vec<Self>> {
        None
    }
}

/// Octi has no rectangles (see [`Point`]).
impl ListPoint for Stone {
    fn rectangle(_ul: &Self, _lr: &Self) -> Option<Vec<Self>> {
        None
    }
}

/// Reads a move from unescaped text.
fn read_move(text: &str) -> Option<Move> {
    let bytes = text.as_bytes();
    let first = point(bytes.get(..2)?)?;
    match &bytes[2..] {
        [] => Some(Move::NewPod(first)),
        [b'+', p, bang @ ..] if matches!(bang, [] | [b'!']) => Some(Move::AddProng {
            point: first,
            prong: Prong::from_byte(*p)?,
            superprong: !bang.is_empty(),
        }),
        [b'+', f, b'-', t] => Some(Move::TurnProng {
            point: first,
            from: Prong::from_byte(*f)?,
            to: Prong::from_byte(*t)?,
        }),
        mut rest => {
            let (mut path, mut captures) = (vec![first], Vec::new());
            loop {
                if let [b'x', tail @ ..] = rest {
                    captures.push(path.len() - 1);
                    rest = tail;
                }
                match rest {
                    [] => break,
                    [b'-', c, r, tail @ ..] => {
                        path.push(point(&[*c, *r])?);
                        rest = tail;
                    }
                    _ => return None,
                }
            }
            (path.len() >= 2 && captures.first() != Some(&0))
                .then_some(Move::Jump { path, captures })
        }
    }
}

impl Value for Move {
    fn parse_value(raw: &str, _ctx: &Context) -> Result<Self, ValueError> {
        read_move(&unescape(raw)).ok_or_else(|| ValueError::expected(MOVE_SYNTAX, raw))
    }

    fn write_value(&self, out: &mut String) {
        match self {
            Move::NewPod(point) => point.write(out),
            Move::AddProng {
                point,
                prong,
                superprong,
            } => {
                point.write(out);
                out.push('+');
                out.push(prong.letter());
                if *superprong {
                    out.push('!');
                }
            }
            Move::TurnProng { point, from, to } => {
                point.write(out);
                out.extend(['+', from.letter(), '-', to.letter()]);
            }
            Move::Jump { path, captures } => {
                for (i, point) in path.iter().enumerate() {
                    if i > 0 {
                        out.push('-');
                    }
                    point.write(out);
                    if captures.contains(&i) {
                        out.push('x');
                    }
                }
            }
        }
    }
}

/// The Rust expressions that build this game's values, for `sgf-macros`.
#[cfg(feature = "rust-expr")]
mod to_rust {
    use crate::games::octi;
    use crate::rust_expr::{ToRust, grid_point, write_call, write_struct, write_unit};

    grid_point!(octi::Point, "::sgf_core::games::octi::Point");

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
}

/// Arbitrary values of this game, in its syntax and on the board.
#[cfg(feature = "arbitrary")]
pub(crate) mod arbitrary_on_board {
    use ::arbitrary::{Result, Unstructured};

    use crate::arbitrary::{ArbitraryOnBoard, byte};
    use crate::games::octi;

    /// The largest side of the boards (`SZ`) of arbitrary trees of the game: Octi is played on
    /// boards up to 9x9 (its standard board is 6x7).
    pub(crate) const MAX_SIDE: Option<u32> = Some(9);

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

    crate::arbitrary::on_the_largest_board!(octi::Point, octi::Stone, octi::Move);
}

super::grid_point_of_bytes!(Point);

/// A stone holds its prongs, and a move builds or moves pods: they stay text.
impl super::OnGrid for Stone {}

impl super::OnGrid for Move {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::{point_elist, point_list};

    const CTX: Context = Context::square(9);

    fn pt(raw: &str) -> Point {
        Point::parse_value(raw, &CTX).expect("a valid point")
    }

    fn mv(raw: &str) -> Result<Move, ValueError> {
        Move::parse_value(raw, &CTX)
    }

    fn write<T: Value>(value: &T) -> String {
        let mut out = String::new();
        value.write_value(&mut out);
        out
    }

    #[test]
    fn points_are_two_digits_from_the_south_west() {
        assert_eq!(pt("11"), Point { col: 0, row: 0 });
        assert_eq!(pt("99"), Point { col: 8, row: 8 });
        assert_eq!(pt("46"), Point { col: 3, row: 5 });
        for bad in ["", "1", "10", "01", "111", "a1", "4 6"] {
            let err = Point::parse_value(bad, &CTX).expect_err(bad);
            assert!(err.message.starts_with("expected an Octi point"), "{bad}");
        }
        assert!(point_list::<Point, _>(&["11:33"], &CTX).is_err());
    }

    #[test]
    fn stones_carry_prong_letters() {
        let s = Stone::parse_value("46CD", &CTX).expect("the example");
        assert_eq!(s.point, pt("46"));
        assert!(s.has(Prong::C) && s.has(Prong::D) && !s.has(Prong::A));
        assert_eq!(s.prongs, 0b1100);
        let bare = Stone::parse_value("46", &CTX).expect("no letters");
        assert_eq!(bare.prongs, 0);
        assert_eq!(Stone::parse_value("46DC", &CTX), Ok(s));
        let sorted = Stone::parse_value("46HA", &CTX).expect("valid");
        assert_eq!(write(&sorted), "46AH");
        for raw in ["46CD", "46", "11ABCDEFGH"] {
            assert_eq!(write(&Stone::parse_value(raw, &CTX).expect(raw)), raw);
        }
        for bad in ["4", "46I", "46c", "46C-", "0"] {
            let err = Stone::parse_value(bad, &CTX).expect_err(bad);
            assert!(err.message.starts_with("expected an Octi stone"), "{bad}");
        }
        let err = Stone::parse_value("46CC", &CTX).expect_err("twice");
        assert_eq!(
            err.message,
            "expected each prong letter once, found C twice"
        );
        let list = point_elist::<Stone, _>(&["46CD", "46CD"], &CTX).expect("a stack");
        assert_eq!(list.points().len(), 2);
    }

    #[test]
    fn the_move_examples_of_the_specification_read() {
        assert_eq!(mv("73"), Ok(Move::NewPod(pt("73"))));
        let add = |superprong| Move::AddProng {
            point: pt("33"),
            prong: Prong::B,
            superprong,
        };
        assert_eq!(mv("33+B"), Ok(add(false)));
        assert_eq!(mv("33+B!"), Ok(add(true)));
        assert_eq!(
            mv("33+A-B"),
            Ok(Move::TurnProng {
                point: pt("33"),
                from: Prong::A,
                to: Prong::B
            })
        );
        let jump = |captures: &[usize]| Move::Jump {
            path: vec![pt("84"), pt("86"), pt("68")],
            captures: captures.to_vec(),
        };
        assert_eq!(mv("84-86-68"), Ok(jump(&[])));
        assert_eq!(mv("84-86-68x"), Ok(jump(&[2])));
        assert_eq!(mv("84-86x-68"), Ok(jump(&[1])));
        assert_eq!(mv("84-86x-68x"), Ok(jump(&[1, 2])));
    }

    #[test]
    fn moves_write_back_exactly() {
        for raw in "73 33+B 33+B! 33+A-B 84-86-68 84-86-68x 84-86x-68 12-13".split(' ') {
            assert_eq!(write(&mv(raw).expect(raw)), raw);
        }
    }

    #[test]
    fn bad_moves_are_rejected() {
        let bad_moves = ". 7 73x 84x-86 84- 84-8 84--86 33+ 33+I 33+B!! 33+A- 84-86xx 33+B!C";
        for bad in bad_moves.split(' ').chain([""]) {
            let err = mv(bad).expect_err(bad);
            assert!(err.message.starts_with("expected an Octi move"), "{bad}");
        }
    }
}
