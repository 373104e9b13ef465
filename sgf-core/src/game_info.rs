//! The game info of a node, typed: who played (names, ranks, teams), the result, komi,
//! handicap, date and the rest of the `game-info` properties that stand on the node's path
//! from the root, without matching property by property.
//!
//! ```
//! use sgf_core::game_info::{GameResult, WinBy};
//! use sgf_core::value::Color;
//! use sgf_core::{GoProperty, ReadOptions};
//!
//! let text = "(;FF[4]GM[1]PB[Lee Sedol]BR[9p]PW[AlphaGo]KM[7.5]RE[W+R]DT[2016-03-09];B[pd])";
//! let collection = sgf_core::read(text.as_bytes(), &ReadOptions::default())?;
//! let game = collection.game(0);
//! let last = game.main_line().last().unwrap();
//! let info = game.game_info::<GoProperty>(last);
//! assert_eq!(info.black.name.as_deref(), Some("Lee Sedol"));
//! assert_eq!(info.black.rank.as_deref(), Some("9p"));
//! assert_eq!(info.komi, Some(7.5));
//! assert_eq!(info.result, Some(GameResult::Win { winner: Color::White, by: WinBy::Resign }));
//! assert_eq!(info.date.as_deref(), Some("2016-03-09"));
//! # Ok::<(), sgf_core::ParseError>(())
//! ```

use std::fmt;

use crate::property::GameProperty;
use crate::source::{Meant, Sources, first_written};
use crate::spec::PropertyType;
use crate::tree::{NodeId, TreeView};
use crate::value::{Color, Context, SimpleText, Text, Value};

/// A player: name, rank and team, as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// `PB` or `PW`.
    pub name: Option<String>,
    /// `BR` or `WR`.
    pub rank: Option<String>,
    /// `BT` or `WT`.
    pub team: Option<String>,
}

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WinBy {
    /// By points (`B+3.5`).
    Score(f64),
    /// By resignation (`R`, `Resign`).
    Resign,
    /// On time (`T`, `Time`).
    Time,
    /// By forfeit (`F`, `Forfeit`).
    Forfeit,
    /// Not said (`B+`).
    Unspecified,
}

/// The result of a game (`RE`).
#[derive(Clone, Debug, PartialEq)]
pub enum GameResult {
    /// A win.
    Win {
        /// Who won.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// A draw (`0`, `Draw`).
    Draw,
    /// No result, or the game was suspended (`Void`).
    Void,
    /// Unknown (`?`).
    Unknown,
    /// A result written outside the format (`RE[Black wins]`), as written.
    Other(String),
}

impl GameResult {
    /// Reads a result from its text (unescaped).
    pub fn from_text(text: &str) -> GameResult {
        let text = text.trim();
        match text {
            "0" | "Draw" => return GameResult::Draw,
            "Void" => return GameResult::Void,
            "?" => return GameResult::Unknown,
            _ => {}
        }
        let winner = match text.get(..2) {
            Some("B+") => Color::Black,
            Some("W+") => Color::White,
            _ => return GameResult::Other(text.to_owned()),
        };
        let by = match &text[2..] {
            "" => WinBy::Unspecified,
            "R" | "Resign" => WinBy::Resign,
            "T" | "Time" => WinBy::Time,
            "F" | "Forfeit" => WinBy::Forfeit,
            score => match score.parse::<f64>() {
                Ok(points) if points.is_finite() => WinBy::Score(points),
                _ => return GameResult::Other(text.to_owned()),
            },
        };
        GameResult::Win { winner, by }
    }
}

impl fmt::Display for GameResult {
    /// The result in the specification's form (`B+R`, `W+3.5`, `0`, `Void`, `?`), which
    /// [`GameResult::from_text`] reads back; a result in no form as it was written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, by } => {
                f.write_str(match winner {
                    Color::Black => "B+",
                    Color::White => "W+",
                })?;
                match by {
                    WinBy::Score(points) => write!(f, "{points}"),
                    WinBy::Resign => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                    WinBy::Unspecified => Ok(()),
                }
            }
            GameResult::Draw => f.write_str("0"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
            GameResult::Other(text) => f.write_str(text),
        }
    }
}

/// The game info that applies to a node: the `game-info` properties on its path from the root.
/// The specification allows them in one node of a path; where a file spreads them over
/// several, each comes from the nearest node that holds it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    /// The nearest node on the path that holds game info, if any does.
    pub node: Option<NodeId>,
    /// Black: `PB`, `BR`, `BT`.
    pub black: Player,
    /// White: `PW`, `WR`, `WT`.
    pub white: Player,
    /// `RE`, read; its text is kept as [`GameResult::Other`] when it follows no format.
    pub result: Option<GameResult>,
    /// `KM`.
    pub komi: Option<f64>,
    /// `HA`.
    pub handicap: Option<i64>,
    /// `DT`, as written (`1996-05-06,07`).
    pub date: Option<String>,
    /// `RU`.
    pub rules: Option<String>,
    /// `TM`, in seconds.
    pub time_limit: Option<f64>,
    /// `OT`.
    pub overtime: Option<String>,
    /// `EV`.
    pub event: Option<String>,
    /// `RO`.
    pub round: Option<String>,
    /// `PC`.
    pub place: Option<String>,
    /// `GN`.
    pub name: Option<String>,
    /// `GC`.
    pub comment: Option<String>,
    /// `ON`.
    pub opening: Option<String>,
    /// `SO`.
    pub source: Option<String>,
    /// `US`.
    pub user: Option<String>,
    /// `AN`.
    pub annotator: Option<String>,
    /// `CP`.
    pub copyright: Option<String>,
    /// The programs or servers that wrote the tree, recognised from its root
    /// (`spec/sources.spec`). The fields above carry what their quirks say was meant.
    pub sources: Sources,
    /// The values a quirk of a source read as something else, as written: `("KM", "650")`
    /// where Fox's `KM[650]` gave a komi of 6.5, or `("KM", "0")` where Fox's `KM[0]` left
    /// the komi unknown (`None`).
    pub as_written: Vec<(String, String)>,
}

impl GameInfo {
    /// The game info that applies to `node` of a typed tree, read into typed fields from the
    /// `game-info` properties on its path from the root, each from the nearest node that holds
    /// it. A number that is not one by the specification (`KM[.5]`, which validation reports)
    /// is `None`; spaces around it are not held against it. ([`Game::game_info`] reads the
    /// same from a collection's tree, typing only the nodes that hold game info.)
    ///
    /// [`Game::game_info`]: crate::Game::game_info
    pub fn of<P: GameProperty, T: TreeView<P> + ?Sized>(tree: &T, node: NodeId) -> GameInfo {
        let path = || std::iter::successors(Some(node), |&n| tree.parent(n));
        let holds_info = |n: &NodeId| tree.props(*n).iter().any(is_game_info);
        let Some(at) = path().find(holds_info) else {
            return GameInfo::default();
        };
        let sources = Sources::of_root(tree);
        GameInfo::read(at, sources, |ident| {
            first_written(path().find_map(|n| tree.get(n, ident))?)
        })
    }
}

/// Whether a property is one of its game's `game-info` properties.
pub(crate) fn is_game_info<P: GameProperty>(prop: &P) -> bool {
    prop.definition()
        .is_some_and(|d| d.kind == PropertyType::GameInfo)
}

impl GameInfo {
    /// The fields, from `raw`, which gives the first value of a property as written (from the
    /// nearest node on the path that holds it); `at` is the nearest node holding game info.
    /// Where a quirk of the tree's `sources` reads a value as something else, the field holds
    /// what was meant, and the value as written is kept in `as_written`; a property a source
    /// writes under an identifier of its own is read from that.
    pub(crate) fn read(
        at: NodeId,
        sources: Sources,
        written: impl Fn(&str) -> Option<String>,
    ) -> GameInfo {
        let as_written = std::cell::RefCell::new(Vec::new());
        let written =
            |ident: &str| written(ident).or_else(|| sources.written_for(ident).and_then(&written));
        let raw = |ident: &str| {
            let value = written(ident)?;
            let Some(reading) = sources.reading(ident, &value, written) else {
                return Some(value);
            };
            as_written.borrow_mut().push((ident.to_owned(), value));
            match reading.meant {
                Meant::Value(meant) => Some(meant.to_string()),
                Meant::Unknown => None,
                // Read under the identifier it stands for.
                Meant::Renamed(_) => None,
            }
        };
        let ctx = Context::square(19);
        let simple = |ident: &str| {
            SimpleText::parse_value(&raw(ident)?, &ctx)
                .ok()
                .map(SimpleText::into_string)
                .filter(|t| !t.is_empty())
        };
        // Numbers as the specification writes them, around spaces that harm nobody.
        let real = |ident: &str| f64::parse_value(raw(ident)?.trim(), &ctx).ok();
        GameInfo {
            node: Some(at),
            black: Player {
                name: simple("PB"),
                rank: simple("BR"),
                team: simple("BT"),
            },
            white: Player {
                name: simple("PW"),
                rank: simple("WR"),
                team: simple("WT"),
            },
            result: simple("RE").map(|text| GameResult::from_text(&text)),
            komi: real("KM"),
            handicap: raw("HA").and_then(|text| i64::parse_value(text.trim(), &ctx).ok()),
            date: simple("DT"),
            rules: simple("RU"),
            time_limit: real("TM"),
            overtime: simple("OT"),
            event: simple("EV"),
            round: simple("RO"),
            place: simple("PC"),
            name: simple("GN"),
            comment: raw("GC")
                .and_then(|r| Text::parse_value(&r, &ctx).ok())
                .map(Text::into_string),
            opening: simple("ON"),
            source: simple("SO"),
            user: simple("US"),
            annotator: simple("AN"),
            copyright: simple("CP"),
            sources,
            as_written: as_written.take(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_written_in_the_form_they_are_read_from() {
        for text in [
            "B+R", "W+3.5", "B+12", "W+T", "B+F", "W+", "0", "Void", "?", "Jigo",
        ] {
            let result = GameResult::from_text(text);
            assert_eq!(result.to_string(), text);
            assert_eq!(GameResult::from_text(&result.to_string()), result);
        }
        assert_eq!(GameResult::from_text("B+Resign").to_string(), "B+R");
        assert_eq!(GameResult::from_text("Draw").to_string(), "0");
    }

    #[test]
    fn results_read_into_winner_and_how() {
        let win = |winner, by| GameResult::Win { winner, by };
        let cases = [
            ("B+3.5", win(Color::Black, WinBy::Score(3.5))),
            ("W+R", win(Color::White, WinBy::Resign)),
            ("W+Resign", win(Color::White, WinBy::Resign)),
            ("B+T", win(Color::Black, WinBy::Time)),
            ("B+Forfeit", win(Color::Black, WinBy::Forfeit)),
            ("W+", win(Color::White, WinBy::Unspecified)),
            ("0", GameResult::Draw),
            ("Draw", GameResult::Draw),
            ("Void", GameResult::Void),
            ("?", GameResult::Unknown),
            ("Black wins", GameResult::Other("Black wins".into())),
            ("B+Illegal", GameResult::Other("B+Illegal".into())),
        ];
        for (text, expected) in cases {
            assert_eq!(GameResult::from_text(text), expected, "{text}");
        }
    }

    #[test]
    fn game_info_is_found_on_the_path_and_read() {
        let text = "(;FF[4]GM[1]KM[6.5](;PB[Cho]HA[2]RE[B+R]GC[a\\]b];B[aa])(;PB[Lee];B[bb]))";
        let collection = crate::read(text.as_bytes(), &Default::default()).expect("readable");
        let tree = collection.game(0).tree::<crate::GoProperty>();
        let [first, second]: [NodeId; 2] = tree
            .children(tree.root())
            .collect::<Vec<_>>()
            .try_into()
            .expect("two variations");
        let deep = tree.children(first).next().expect("a move");
        let info = GameInfo::of(&tree, deep);
        assert_eq!(info.node, Some(first));
        assert_eq!(info.black.name.as_deref(), Some("Cho"));
        assert_eq!(info.handicap, Some(2));
        assert_eq!(info.comment.as_deref(), Some("a]b"));
        // KM stands in the root, a node above: each property comes from the nearest node that
        // holds it.
        assert_eq!(info.komi, Some(6.5));
        assert_eq!(GameInfo::of(&tree, tree.root()).komi, Some(6.5));
        assert_eq!(
            GameInfo::of(&tree, second).black.name.as_deref(),
            Some("Lee")
        );
    }
}
