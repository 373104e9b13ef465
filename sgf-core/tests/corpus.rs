//! Real files from ../shared/corpus: every file reads leniently without a panic, every file
//! that reads round-trips (read, encode, read: equal), and the FF[4] example file's typed
//! values are what the specification's example says. Ignored by default, as they need the corpus:
//! `cargo test -p sgf-core --test corpus -- --ignored --nocapture` runs them and prints the counts.

mod common;

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use common::{corpus, manifest, manifest_files, read, without_ca, written};
use sgf_core::encode::{EncodeOptions, Layout};
use sgf_core::games::go::{Move, Point};
use sgf_core::property::SzValue;
use sgf_core::tree::TreeView;
use sgf_core::value::{Color, Double, ListItem, SimpleText};
use sgf_core::{Collection, GameTree, GoProperty, NodeId, ParseError, ReadOptions};

/// Reads leniently.
fn parse(input: &[u8]) -> Result<Collection, ParseError> {
    sgf_core::read(input, &ReadOptions::default())
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_file_reads_without_panic_and_round_trips() {
    let dir = corpus();
    let mut files = 0;
    let mut bytes = 0;
    let mut unreadable: Vec<String> = Vec::new();
    let mut panics: Vec<String> = Vec::new();
    let mut mismatches: Vec<String> = Vec::new();
    let mut warnings: BTreeMap<String, usize> = BTreeMap::new();
    let mut games = 0;
    let compact = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    for (local, input) in manifest_files(&dir) {
        let local = local.as_str();
        files += 1;
        bytes += input.len();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let collection = parse(&input).map_err(|e| e.to_string())?;
            let out = written(&collection, &compact);
            let again = parse(out.as_bytes())
                .map_err(|e| format!("the written file does not read: {e}"))?;
            let equal = without_ca(&again) == without_ca(&collection);
            Ok::<_, String>((collection, equal))
        }));
        match outcome {
            Err(_) => panics.push(local.to_owned()),
            Ok(Err(error)) => unreadable.push(format!("{local}: {error}")),
            Ok(Ok((collection, equal))) => {
                games += collection.len();
                for d in collection.findings() {
                    *warnings
                        .entry(format!("{:?} ({})", d.code, d.severity))
                        .or_default() += 1;
                }
                if !equal {
                    mismatches.push(local.to_owned());
                }
            }
        }
    }
    eprintln!(
        "{files} files, {bytes} bytes, {games} games read from {} files",
        files - unreadable.len() - panics.len()
    );
    eprintln!(
        "round trips equal: {}",
        files - unreadable.len() - panics.len() - mismatches.len()
    );
    eprintln!("findings by kind:");
    for (kind, count) in &warnings {
        eprintln!("  {count:6}  {kind}");
    }
    eprintln!("unreadable ({}):", unreadable.len());
    for file in &unreadable {
        eprintln!("  {file}");
    }
    assert!(panics.is_empty(), "panicked on {panics:?}");
    assert!(
        mismatches.is_empty(),
        "round trips differ for {mismatches:?}"
    );
    // Only files without a single property value (empty files, git symlinks checked out as
    // text) may be unreadable.
    let with_values: Vec<_> = unreadable
        .iter()
        .filter(|f| {
            let local = f.split(": ").next().unwrap_or(f);
            std::fs::read(dir.join(local)).is_ok_and(|bytes| bytes.contains(&b'['))
        })
        .collect();
    assert!(
        with_values.is_empty(),
        "unreadable files that hold SGF values: {with_values:?}"
    );
}

/// The FF[4] example file; its first tree is a Go tree.
fn ff4_example() -> Collection {
    let path = corpus().join("spec/herzbube+littlego/sgf/sgfc/ff4_ex.sgf");
    let input = std::fs::read(&path).expect("the FF[4] example is in the corpus");
    let collection = parse(&input).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(collection.len(), 2, "the example holds two game trees");
    let first = collection.game(0);
    assert_eq!(first.gm(), 1, "expected a Go tree, got {first:?}");
    collection
}

fn point(name: &str) -> Point {
    let b = name.as_bytes();
    Point {
        col: b[0] - b'a',
        row: b[1] - b'a',
    }
}

fn play(name: &str) -> Move {
    Move::Play(point(name))
}

/// The node reached from `from` by following first children `steps` times.
fn down(tree: &impl TreeView<GoProperty>, from: NodeId, steps: usize) -> NodeId {
    (0..steps).fold(from, |id, _| {
        tree.children(id).next().expect("a deeper node")
    })
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_ff4_example_reads_into_the_right_typed_values() {
    let collection = ff4_example();
    let tree = collection.game(0).tree::<GoProperty>();
    let root = tree.root();
    let get = |id: NodeId, ident: &str| tree.get(id, ident).cloned();
    assert_eq!(get(root, "FF"), Some(GoProperty::FF(4)));
    assert_eq!(get(root, "GM"), Some(GoProperty::GM(1)));
    assert_eq!(get(root, "SZ"), Some(GoProperty::SZ(SzValue::Number(19))));
    assert_eq!(
        get(root, "AP"),
        Some(GoProperty::AP(Box::new((
            SimpleText::from("Primiview"),
            SimpleText::from("3.1")
        ))))
    );
    assert_eq!(
        get(root, "US"),
        Some(GoProperty::US(SimpleText::from("Arno Hollosi")))
    );
    assert_eq!(
        get(root, "GN"),
        Some(GoProperty::GN(SimpleText::from("Gametree 1: properties")))
    );

    let variations: Vec<NodeId> = tree.children(root).collect();
    assert_eq!(variations.len(), 5, "five variations under the root");

    // Moves, comments and annotations.
    let moves = variations[0];
    assert_eq!(get(moves, "B"), Some(GoProperty::B(play("pd"))));
    assert_eq!(
        get(moves, "N"),
        Some(GoProperty::N(SimpleText::from(
            "Moves, comments, annotations"
        )))
    );
    let w = down(&tree, moves, 1);
    assert_eq!(
        (get(w, "W"), get(w, "GW")),
        (
            Some(GoProperty::W(play("dp"))),
            Some(GoProperty::GW(Double::Normal))
        )
    );
    assert_eq!(
        get(down(&tree, moves, 2), "GB"),
        Some(GoProperty::GB(Double::Emphasized))
    );
    assert_eq!(
        get(down(&tree, moves, 4), "DM"),
        Some(GoProperty::DM(Double::Normal))
    );
    assert_eq!(
        get(down(&tree, moves, 6), "TE"),
        Some(GoProperty::TE(Double::Normal))
    );
    assert_eq!(
        get(down(&tree, moves, 7), "BM"),
        Some(GoProperty::BM(Double::Emphasized))
    );
    assert_eq!(get(down(&tree, moves, 8), "DO"), Some(GoProperty::DO));
    assert_eq!(get(down(&tree, moves, 9), "IT"), Some(GoProperty::IT));
    assert_eq!(
        get(down(&tree, moves, 11), "W"),
        Some(GoProperty::W(Move::Pass)),
        "W[] is a pass"
    );
    assert_eq!(
        get(down(&tree, moves, 12), "B"),
        Some(GoProperty::B(Move::Pass)),
        "B[tt] is a pass on 19x19"
    );

    // Setup with compressed point lists, both corners included.
    let setup = variations[1];
    let Some(GoProperty::AB(black)) = get(setup, "AB") else {
        panic!("AB in the setup node")
    };
    assert_eq!(
        black.items.last(),
        Some(&ListItem::Rect(point("do"), point("gq")))
    );
    assert_eq!(black.points().len(), 4 + 4 * 3);
    let Some(GoProperty::AW(white)) = get(setup, "AW") else {
        panic!("AW in the setup node")
    };
    assert_eq!(white.points().len(), 4 + 2 * 4 + 4);
    let erase = down(&tree, setup, 1);
    let Some(GoProperty::C(comment)) = get(erase, "C") else {
        panic!("a comment")
    };
    assert!(
        comment.contains("erased in FF[3] way"),
        "the escaped ] reads as ]: {comment:?}"
    );
    assert_eq!(
        get(down(&tree, setup, 2), "PL"),
        Some(GoProperty::PL(Color::Black))
    );
    assert_eq!(
        get(down(&tree, setup, 3), "PL"),
        Some(GoProperty::PL(Color::White))
    );

    // Markup, labels, arrows and lines.
    let markup = down(&tree, variations[2], 1);
    let Some(GoProperty::TB(black_area)) = get(markup, "TB") else {
        panic!("TB")
    };
    assert_eq!(black_area.points().len(), 3 * 3 + 4 * 2 + 1);
    let labels = down(&tree, variations[2], 2);
    let Some(GoProperty::LB(list)) = get(labels, "LB") else {
        panic!("LB")
    };
    assert_eq!(list.len(), 22);
    assert_eq!(list[8], (point("gs"), SimpleText::from("ABCDEFGH")));
    let arrows = down(&tree, variations[2], 3);
    let Some(GoProperty::AR(pairs)) = get(arrows, "AR") else {
        panic!("AR")
    };
    assert_eq!(pairs[0], (point("aa"), point("sc")));
    assert_eq!(pairs.len(), 8);
    let Some(GoProperty::C(text)) = get(arrows, "C") else {
        panic!("C")
    };
    assert_eq!(text.as_str(), "Arrows, lines and dimmed points.");
}

/// Both as read (its nodes copied from the input where the layout allows it) and as a
/// collection made in memory from its owned Go tree (written from the typed properties), the
/// example reads back the same in both layouts.
#[test]
#[ignore = "needs ../shared/corpus"]
fn the_ff4_example_round_trips_in_both_layouts() {
    let read_in = ff4_example();
    let GameTree::Go(tree) = read_in.game(0).to_owned() else {
        panic!("expected a Go tree");
    };
    let made = Collection::from_trees([GameTree::Go(tree)]);
    assert_eq!(without_ca(&made)[..], without_ca(&read_in)[..1]);
    for collection in [&read_in, &made] {
        for layout in [Layout::Compact, Layout::NodePerLine] {
            let options = EncodeOptions {
                layout,
                ..EncodeOptions::default()
            };
            let again = read(&written(collection, &options));
            assert!(
                without_ca(&again) == without_ca(collection),
                "{} trees, {layout:?}",
                collection.len()
            );
        }
    }
}

/// Written back in the charset it was read in (`OutputCharset::Source`), every file of
/// corpus/encodings reads back the same in that charset: GBK, Shift_JIS, EUC-KR, windows-125x,
/// UTF-16. Only a `CA` that named another charset than the one the text is in is corrected.
#[test]
#[ignore = "needs ../shared/corpus"]
fn the_encodings_round_trip_in_their_own_charset() {
    let dir = corpus();
    let keep = EncodeOptions {
        charset: sgf_core::encode::OutputCharset::Source,
        ..EncodeOptions::default()
    };
    let mut checked = Vec::new();
    let mut failures = Vec::new();
    let mut corrected = 0;
    for (_, local) in manifest(&dir)
        .into_iter()
        .filter(|(category, _)| category == "encodings")
    {
        let local = local.as_str();
        let Ok(input) = std::fs::read(dir.join(local)) else {
            continue;
        };
        let Ok(first) = parse(&input) else { continue };
        let charset = first.charset().name();
        match sgf_core::encode::encode(&first, &keep) {
            Err(error) => failures.push(format!("{local} ({charset}): {error}")),
            Ok(bytes) => match parse(&bytes) {
                Err(error) => {
                    failures.push(format!("{local} ({charset}): does not read back: {error}"))
                }
                Ok(again) => {
                    if again.charset() != first.charset() {
                        failures.push(format!(
                            "{local}: read back as {} instead of {charset}",
                            again.charset().name()
                        ));
                    } else if without_ca(&again) != without_ca(&first) {
                        failures.push(format!("{local} ({charset}): reads back differently"));
                    } else if again != first {
                        corrected += 1;
                    }
                }
            },
        }
        checked.push(charset);
    }
    checked.sort_unstable();
    checked.dedup();
    eprintln!("charsets written back: {checked:?}; CA corrected in {corrected} files");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
