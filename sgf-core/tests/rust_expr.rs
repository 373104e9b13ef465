//! `ToRust`: the expressions written for properties of every game, read from raw text, are the
//! expected ones, and evaluating them (the expected expressions are compiled into this test)
//! builds the same values; every property of the spec corpus (../shared/corpus/spec) writes a
//! well-formed expression (ignored by default, as it needs the corpus).

mod common;

use std::path::Path;

use sgf_core::property::{
    AmazonsProperty, BackgammonProperty, GoProperty, HexProperty, LinesOfActionProperty,
    OctiProperty, OtherGameProperty, RawProperty,
};
use sgf_core::rust_expr::{ToRust, to_rust};
use sgf_core::value::Context;
use sgf_core::{GameProperty, GameTree, ReadOptions, Tree};

/// Reads a property of game `P` from its identifier and raw values.
fn read<P: GameProperty>(ident: &str, values: &[&str], ctx: &Context) -> P {
    P::from_raw(RawProperty::new(ident, values.iter().copied()), ctx).0
}

/// Reads a property of game `P` that must be valid for its type.
fn valid<P: GameProperty>(ident: &str, values: &[&str], ctx: &Context) -> P {
    let (property, error) = P::from_raw(RawProperty::new(ident, values.iter().copied()), ctx);
    assert_eq!(error, None, "{ident}{values:?}");
    property
}

/// The expression without white space and trailing commas outside string literals, to compare
/// expressions that differ only in layout (as `stringify!` and rustfmt lay tokens out).
fn squeezed(expr: &str) -> String {
    let mut out = String::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in expr.chars() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        } else if c.is_whitespace() {
            continue;
        } else if matches!(c, ')' | ']' | '}') && out.ends_with(',') {
            out.pop();
        }
        out.push(c);
    }
    out
}

/// Checks that `$value` writes exactly the expression given as tokens (up to spacing), and that
/// the expression, compiled here, builds a value equal to `$value`.
macro_rules! builds {
    ($value:expr, $($expr:tt)+) => {{
        let value = $value;
        assert_eq!(squeezed(&to_rust(&value)), squeezed(stringify!($($expr)+)));
        assert_eq!(value, $($expr)+);
    }};
}

#[test]
fn go_properties_write_their_paths_and_values() {
    let ctx = Context::square(19);
    let b: GoProperty = valid("B", &["de"], &ctx);
    assert_eq!(
        to_rust(&b),
        "::sgf_core::property::GoProperty::B(::sgf_core::games::go::Move::Play(\
         ::sgf_core::games::go::Point { col: 3_u8, row: 4_u8 }))"
    );
    builds!(
        valid::<GoProperty>("W", &["tt"], &ctx),
        ::sgf_core::property::GoProperty::W(::sgf_core::games::go::Move::Pass)
    );
    builds!(
        valid::<GoProperty>("DO", &[""], &ctx),
        ::sgf_core::property::GoProperty::DO
    );
    builds!(
        valid::<GoProperty>("AB", &["aa:bb", "cc"], &ctx),
        ::sgf_core::property::GoProperty::AB(::sgf_core::value::PointList {
            items: vec![
                ::sgf_core::value::ListItem::Rect(
                    ::sgf_core::games::go::Point {
                        col: 0_u8,
                        row: 0_u8
                    },
                    ::sgf_core::games::go::Point {
                        col: 1_u8,
                        row: 1_u8
                    },
                ),
                ::sgf_core::value::ListItem::Point(::sgf_core::games::go::Point {
                    col: 2_u8,
                    row: 2_u8,
                }),
            ],
        })
    );
    builds!(
        valid::<GoProperty>("TW", &[""], &ctx),
        ::sgf_core::property::GoProperty::TW(::sgf_core::value::PointList { items: Vec::new() })
    );
    builds!(
        valid::<GoProperty>("KM", &["6.5"], &ctx),
        ::sgf_core::property::GoProperty::KM(f64::from_bits(0x401a000000000000_u64))
    );
    builds!(
        valid::<GoProperty>("HA", &["-12"], &ctx),
        ::sgf_core::property::GoProperty::HA(-12_i64)
    );
    builds!(
        valid::<GoProperty>("PL", &["W"], &ctx),
        ::sgf_core::property::GoProperty::PL(::sgf_core::value::Color::White)
    );
    builds!(
        valid::<GoProperty>("GB", &["2"], &ctx),
        ::sgf_core::property::GoProperty::GB(::sgf_core::value::Double::Emphasized)
    );
    builds!(
        valid::<GoProperty>("AP", &[r"Go\: \]x:1.0"], &ctx),
        ::sgf_core::property::GoProperty::AP(Box::new((
            ::sgf_core::value::SimpleText::from(String::from("Go: ]x")),
            ::sgf_core::value::SimpleText::from(String::from("1.0")),
        )))
    );
    builds!(
        valid::<GoProperty>("LB", &["dd:A"], &ctx),
        ::sgf_core::property::GoProperty::LB(vec![(
            ::sgf_core::games::go::Point {
                col: 3_u8,
                row: 3_u8
            },
            ::sgf_core::value::SimpleText::from(String::from("A")),
        )])
    );
}

#[test]
fn texts_are_escaped_string_literals() {
    let ctx = Context::square(19);
    let c: GoProperty = valid("C", &["He said \"hi\"\\\\\r\nand left\t碁"], &ctx);
    assert_eq!(
        to_rust(&c),
        r#"::sgf_core::property::GoProperty::C(::sgf_core::value::Text::from(String::from("He said \"hi\"\\\nand left 碁")))"#
    );
    builds!(
        c,
        ::sgf_core::property::GoProperty::C(::sgf_core::value::Text::from(String::from(
            "He said \"hi\"\\\nand left 碁"
        )))
    );
}

#[test]
fn reals_keep_every_bit() {
    let ctx = Context::square(19);
    for raw in [
        "0.1",
        "-0",
        "1e3x",
        &format!("1{}", "0".repeat(300)),
        "5.",
        ".5",
    ] {
        if let GoProperty::KM(v) = read::<GoProperty>("KM", &[raw], &ctx) {
            let expr = to_rust(&GoProperty::KM(v));
            let bits = format!("{:#018x}_u64", v.to_bits());
            assert_eq!(
                expr,
                format!("::sgf_core::property::GoProperty::KM(f64::from_bits({bits}))")
            );
        }
    }
    builds!(
        GoProperty::KM(-0.0),
        ::sgf_core::property::GoProperty::KM(f64::from_bits(0x8000000000000000_u64))
    );
    builds!(
        GoProperty::V(f64::MAX),
        ::sgf_core::property::GoProperty::V(f64::from_bits(0x7fefffffffffffff_u64))
    );
}

#[test]
fn alternative_values_name_their_enums() {
    let ctx = Context::square(19);
    builds!(
        valid::<GoProperty>("SZ", &["19:13"], &ctx),
        ::sgf_core::property::GoProperty::SZ(::sgf_core::property::SzValue::Composed((
            19_i64, 13_i64
        )))
    );
    builds!(
        valid::<GoProperty>("SZ", &["9"], &ctx),
        ::sgf_core::property::GoProperty::SZ(::sgf_core::property::SzValue::Number(9_i64))
    );
    builds!(
        valid::<GoProperty>("FG", &[""], &ctx),
        ::sgf_core::property::GoProperty::FG(Box::new(::sgf_core::property::FgValue::None))
    );
}

#[test]
fn verbatim_properties_write_their_raw_form() {
    let ctx = Context::square(19);
    let unknown: GoProperty = valid("XX", &["a]b", ""], &ctx);
    assert_eq!(
        to_rust(&unknown),
        r#"::sgf_core::property::GoProperty::Unknown(Box::new(::sgf_core::property::RawProperty { ident: String::from("XX"), values: vec![String::from("a]b"), String::from("")] }))"#
    );
    builds!(
        read::<GoProperty>("B", &["d"], &ctx),
        ::sgf_core::property::GoProperty::Invalid(Box::new(::sgf_core::property::RawProperty {
            ident: String::from("B"),
            values: vec![String::from("d")],
        }))
    );
    builds!(
        OtherGameProperty::Unknown(Box::new(RawProperty::new("YY", Vec::<String>::new()))),
        ::sgf_core::property::OtherGameProperty::Unknown(Box::new(
            ::sgf_core::property::RawProperty {
                ident: String::from("YY"),
                values: Vec::new(),
            }
        ))
    );
}

#[test]
fn backgammon_moves_and_points() {
    let ctx = Context::board(sgf_core::games::backgammon::DEFAULT_SIZE);
    builds!(
        valid::<BackgammonProperty>("W", &["31hefe"], &ctx),
        ::sgf_core::property::BackgammonProperty::W(::sgf_core::games::backgammon::Move::Roll {
            dice: (3_u8, 1_u8),
            moves: vec![
                (
                    ::sgf_core::games::backgammon::Point(7_u8),
                    ::sgf_core::games::backgammon::Point(4_u8),
                ),
                (
                    ::sgf_core::games::backgammon::Point(5_u8),
                    ::sgf_core::games::backgammon::Point(4_u8),
                ),
            ],
        })
    );
    builds!(
        valid::<BackgammonProperty>("B", &["66"], &ctx),
        ::sgf_core::property::BackgammonProperty::B(::sgf_core::games::backgammon::Move::Roll {
            dice: (6_u8, 6_u8),
            moves: Vec::new(),
        })
    );
    builds!(
        valid::<BackgammonProperty>("B", &["double"], &ctx),
        ::sgf_core::property::BackgammonProperty::B(::sgf_core::games::backgammon::Move::Double)
    );
    builds!(
        valid::<BackgammonProperty>("AB", &["z", "z"], &ctx),
        ::sgf_core::property::BackgammonProperty::AB(::sgf_core::value::PointList {
            items: vec![
                ::sgf_core::value::ListItem::Point(::sgf_core::games::backgammon::Point(25_u8)),
                ::sgf_core::value::ListItem::Point(::sgf_core::games::backgammon::Point(25_u8)),
            ],
        })
    );
}

#[test]
fn lines_of_action_moves_and_points() {
    let ctx = Context::square(8);
    builds!(
        valid::<LinesOfActionProperty>("B", &[r"C2\:C5++"], &ctx),
        ::sgf_core::property::LinesOfActionProperty::B(
            ::sgf_core::games::lines_of_action::Move::Step {
                from: ::sgf_core::games::lines_of_action::Point {
                    col: 2_u8,
                    row: 1_u8
                },
                to: ::sgf_core::games::lines_of_action::Point {
                    col: 2_u8,
                    row: 4_u8
                },
                capture: true,
                annotation: String::from("++"),
            }
        )
    );
    builds!(
        valid::<LinesOfActionProperty>("W", &["resign"], &ctx),
        ::sgf_core::property::LinesOfActionProperty::W(
            ::sgf_core::games::lines_of_action::Move::Resign
        )
    );
    builds!(
        valid::<LinesOfActionProperty>("AW", &["a1:b2"], &ctx),
        ::sgf_core::property::LinesOfActionProperty::AW(::sgf_core::value::PointList {
            items: vec![::sgf_core::value::ListItem::Rect(
                ::sgf_core::games::lines_of_action::Point {
                    col: 0_u8,
                    row: 0_u8
                },
                ::sgf_core::games::lines_of_action::Point {
                    col: 1_u8,
                    row: 1_u8
                },
            )],
        })
    );
}

#[test]
fn hex_moves_and_points() {
    let ctx = Context::square(11);
    builds!(
        valid::<HexProperty>("B", &["d11"], &ctx),
        ::sgf_core::property::HexProperty::B(::sgf_core::games::hex::Move::Play(
            ::sgf_core::games::hex::Point {
                col: 3_u32,
                row: 10_u32
            }
        ))
    );
    builds!(
        valid::<HexProperty>("W", &["swap-pieces"], &ctx),
        ::sgf_core::property::HexProperty::W(::sgf_core::games::hex::Move::SwapPieces)
    );
    builds!(
        valid::<HexProperty>("W", &["forfeit"], &ctx),
        ::sgf_core::property::HexProperty::W(::sgf_core::games::hex::Move::Forfeit)
    );
}

#[test]
fn amazons_moves() {
    let ctx = Context::square(10);
    builds!(
        valid::<AmazonsProperty>("B", &["djddgd"], &ctx),
        ::sgf_core::property::AmazonsProperty::B(::sgf_core::games::amazons::Move {
            from: ::sgf_core::games::go::Point {
                col: 3_u8,
                row: 9_u8
            },
            to: ::sgf_core::games::go::Point {
                col: 3_u8,
                row: 3_u8
            },
            arrow: ::sgf_core::games::go::Point {
                col: 6_u8,
                row: 3_u8
            },
        })
    );
}

#[test]
fn octi_moves_stones_and_prongs() {
    let ctx = Context::square(9);
    builds!(
        valid::<OctiProperty>("W", &["84-86x-68"], &ctx),
        ::sgf_core::property::OctiProperty::W(::sgf_core::games::octi::Move::Jump {
            path: vec![
                ::sgf_core::games::octi::Point {
                    col: 7_u8,
                    row: 3_u8
                },
                ::sgf_core::games::octi::Point {
                    col: 7_u8,
                    row: 5_u8
                },
                ::sgf_core::games::octi::Point {
                    col: 5_u8,
                    row: 7_u8
                },
            ],
            captures: vec![1_usize],
        })
    );
    builds!(
        valid::<OctiProperty>("B", &["33+B!"], &ctx),
        ::sgf_core::property::OctiProperty::B(::sgf_core::games::octi::Move::AddProng {
            point: ::sgf_core::games::octi::Point {
                col: 2_u8,
                row: 2_u8
            },
            prong: ::sgf_core::games::octi::Prong::B,
            superprong: true,
        })
    );
    builds!(
        valid::<OctiProperty>("B", &["33+A-H"], &ctx),
        ::sgf_core::property::OctiProperty::B(::sgf_core::games::octi::Move::TurnProng {
            point: ::sgf_core::games::octi::Point {
                col: 2_u8,
                row: 2_u8
            },
            from: ::sgf_core::games::octi::Prong::A,
            to: ::sgf_core::games::octi::Prong::H,
        })
    );
    builds!(
        valid::<OctiProperty>("W", &["73"], &ctx),
        ::sgf_core::property::OctiProperty::W(::sgf_core::games::octi::Move::NewPod(
            ::sgf_core::games::octi::Point {
                col: 6_u8,
                row: 2_u8
            }
        ))
    );
    builds!(
        valid::<OctiProperty>("AB", &["46CD"], &ctx),
        ::sgf_core::property::OctiProperty::AB(::sgf_core::value::PointList {
            items: vec![::sgf_core::value::ListItem::Point(
                ::sgf_core::games::octi::Stone {
                    point: ::sgf_core::games::octi::Point {
                        col: 3_u8,
                        row: 5_u8
                    },
                    prongs: 12_u8,
                }
            )],
        })
    );
}

#[test]
fn games_without_a_section_keep_raw_text() {
    let ctx = Context::square(8);
    builds!(
        valid::<OtherGameProperty>("B", &[r"e4\]"], &ctx),
        ::sgf_core::property::OtherGameProperty::B(::sgf_core::games::raw::Move(String::from(
            "e4\\]"
        )))
    );
    builds!(
        valid::<OtherGameProperty>("AW", &["a1:b2"], &ctx),
        ::sgf_core::property::OtherGameProperty::AW(::sgf_core::value::PointList {
            items: vec![::sgf_core::value::ListItem::Point(
                ::sgf_core::games::raw::Point(String::from("a1:b2"))
            )],
        })
    );
}

/// Whether every `(`, `[` and `{` outside string literals is closed, in order.
fn balanced(expr: &str) -> bool {
    let mut open = Vec::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in expr.chars() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => open.push(c),
            ')' | ']' | '}' => {
                let expected = match c {
                    ')' => '(',
                    ']' => '[',
                    _ => '{',
                };
                if open.pop() != Some(expected) {
                    return false;
                }
            }
            _ => {}
        }
    }
    open.is_empty() && !in_string
}

#[test]
fn the_balance_check_sees_strings_and_order() {
    assert!(balanced(r#"a(b[c{"(\")"}])"#));
    assert!(!balanced("a(b]"));
    assert!(!balanced("a(("));
    assert!(!balanced(r#"a("b)"#));
}

/// Checks every property of a tree; returns how many there are.
fn check_tree<P: GameProperty + ToRust>(tree: &Tree<P>, enum_name: &str, file: &Path) -> usize {
    let prefix = format!("::sgf_core::property::{enum_name}::");
    let mut count = 0;
    for node in tree.preorder() {
        for property in tree.props(node) {
            let expr = to_rust(property);
            let what = format!("{}: {}", file.display(), property.to_raw());
            assert!(expr.starts_with(&prefix), "{what}: {expr}");
            assert!(expr.len() > prefix.len(), "{what}: {expr}");
            assert!(balanced(&expr), "{what}: {expr}");
            count += 1;
        }
    }
    count
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_property_of_the_spec_corpus_writes_a_balanced_expression() {
    let corpus = common::corpus();
    let files = sgf_test_support::sgf_files(&corpus.join("spec"));
    assert!(!files.is_empty(), "no .sgf file under {}", corpus.display());
    let mut properties = 0;
    for file in &files {
        let input = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let Ok(collection) = sgf_core::read(&input, &ReadOptions::default()) else {
            eprintln!("unreadable, skipped: {}", file.display());
            continue;
        };
        macro_rules! check_game {
            ($(($variant:ident, $property:ident, $module:ident)),*) => {
                |game: &GameTree| match game {
                    $(GameTree::$variant(t) => check_tree(t, stringify!($property), file),)*
                }
            };
        }
        let check_game = sgf_core::for_each_game!(check_game);
        for game in collection.games() {
            properties += check_game(&game.to_owned());
        }
    }
    eprintln!("{properties} properties of {} files checked", files.len());
    assert!(properties > 0);
}
