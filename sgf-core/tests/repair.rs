//! Repairs: each fixes what it says and reports it; a repaired collection validates clean of
//! what repairs fix, keeps every move, round-trips, and repairing it again changes nothing —
//! on fixed cases and on collections generated with random damage.

use sgf_core::encode::{EncodeOptions, Layout, encode_to_string};
use sgf_core::game_set::GameDispatch;
use sgf_core::repair::{CLEARED, repair};
use sgf_core::spec::Scalar;
use sgf_core::validate::{Code, validate};
use sgf_core::{Collection, Game, GameProperty, ReadOptions};
use sgf_test_support::Rng;

/// The codes repairs clear, and `obsolete-property`: these inputs write `L` and `M` with points.
fn fixed(code: Code) -> bool {
    CLEARED.contains(&code) || code == Code::ObsoleteProperty
}

fn compact(collection: &Collection) -> String {
    let options = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    encode_to_string(collection, &options)
}

/// Reads text leniently.
fn read(input: &str) -> Collection {
    sgf_core::read(input.as_bytes(), &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{input}: {e}"))
}

/// Every value of every move of every tree, as written.
fn moves(collection: &Collection) -> Vec<String> {
    struct Moves<'a>(Game<'a>);
    impl GameDispatch for Moves<'_> {
        type Output = Vec<String>;
        fn run<P: GameProperty>(self) -> Vec<String> {
            let tree = self.0.tree::<P>();
            tree.preorder()
                .flat_map(|id| tree.props(id))
                .filter(|p| {
                    p.definition().is_some_and(|d| {
                        d.value
                            .singles()
                            .iter()
                            .any(|s| s.parts.contains(&Scalar::Move))
                    })
                })
                .flat_map(|p| {
                    let raw = p.to_raw();
                    raw.values
                        .into_iter()
                        .map(move |v| format!("{}[{v}]", raw.ident))
                })
                .collect()
        }
    }
    collection
        .games()
        .flat_map(|game| game.dispatch(Moves(game)))
        .collect()
}

/// The names of the sources each tree is recognised as (`spec/sources.spec`).
fn sources(collection: &Collection) -> Vec<Vec<&'static str>> {
    struct Names<'a>(Game<'a>);
    impl GameDispatch for Names<'_> {
        type Output = Vec<&'static str>;
        fn run<P: GameProperty>(self) -> Vec<&'static str> {
            self.0.sources::<P>().iter().map(|s| &*s.name).collect()
        }
    }
    collection
        .games()
        .map(|game| game.dispatch(Names(game)))
        .collect()
}

/// Repairs and checks what every repair must hold; returns the collection written and the
/// codes of the repairs.
fn repaired(input: &str) -> (String, Vec<&'static str>) {
    let mut collection = read(input);
    let mut before = moves(&collection);
    let sources_before = sources(&collection);
    let repairs = repair(&mut collection);
    let report = validate(&collection);
    let left: Vec<_> = report.findings.iter().filter(|f| fixed(f.code)).collect();
    assert!(left.is_empty(), "{input}: left after repair: {left:?}");
    assert_eq!(
        repair(&mut collection.clone()),
        [],
        "{input}: a second repair changed something"
    );
    let mut after = moves(&collection);
    before.sort();
    after.sort();
    assert_eq!(before, after, "{input}: moves changed");
    let text = compact(&collection);
    let again = read(&text);
    assert_eq!(
        compact(&again),
        text,
        "{input}: the repaired collection does not round-trip"
    );
    // Dropping the `AP` that names a source would change what its quirks mean (`KM[650]`).
    assert_eq!(
        sources(&again),
        sources_before,
        "{input}: repair changed the sources the trees are read as"
    );
    (text, repairs.iter().map(|r| r.code.as_str()).collect())
}

#[test]
fn each_repair_does_what_it_says() {
    let cases: &[(&str, &str, &[&str])] = &[
        // Split a node with two moves, and one mixing moves and setup (KO goes with its move).
        (
            "(;GM[1];B[aa]W[bb])",
            "(;GM[1];B[aa];W[bb])",
            &["exclusive-properties"],
        ),
        (
            "(;GM[1];AB[cc]B[aa]KO[]C[x])",
            "(;GM[1];AB[cc]C[x];B[aa]KO[])",
            &["mixed-property-types"],
        ),
        (
            "(;GM[1];B[aa]AW[dd]W[bb](;B[cc])(;B[ee]))",
            "(;GM[1];AW[dd];B[aa];W[bb](;B[cc])(;B[ee]))",
            &["exclusive-properties", "mixed-property-types"],
        ),
        // Repeated points and values, equal parts.
        (
            "(;GM[1]AB[aa][aa]AW[aa][bb])",
            "(;GM[1]AB[aa]AW[bb])",
            &["repeated-point", "repeated-point"],
        ),
        (
            "(;GM[1]FF[4]AB[aa:bb]AE[bb])",
            "(;GM[1]FF[4]AB[aa:bb])",
            &["repeated-point"],
        ),
        (
            "(;GM[6]AB[a][a]AW[a])",
            "(;GM[6]AB[a][a])",
            &["repeated-point"],
        ),
        (
            "(;GM[1]AR[aa:bb][aa:bb][cc:cc])",
            "(;GM[1]AR[aa:bb])",
            &["duplicate-value", "equal-parts"],
        ),
        ("(;GM[1]SZ[9:9])", "(;GM[1]SZ[9])", &["equal-parts"]),
        // Annotations that contradict each other: the first stays.
        (
            "(;GM[1];B[aa]BM[1]TE[2])",
            "(;GM[1];B[aa]BM[1])",
            &["exclusive-properties"],
        ),
        // Root properties go to the root.
        (
            "(;GM[1];B[aa]ST[2])",
            "(;GM[1]ST[2];B[aa])",
            &["misplaced-root-property"],
        ),
        (
            "(;GM[1]ST[1];ST[2])",
            "(;GM[1]ST[1];)",
            &["misplaced-root-property"],
        ),
        // A `GM` moves only where it names the game the tree was read as (game 1 without one):
        // elsewhere it would make another game of a tree typed as Go (in Backgammon, `a` is a
        // point, and the label's line breaks would read as spaces).
        (
            "(;ST[1];GM[1])",
            "(;ST[1]GM[1];)",
            &["misplaced-root-property"],
        ),
        (
            "(;ST[1];GM[6];LB[a:x\n\ny])",
            "(;ST[1];;LB[a:x\n\ny])",
            &["misplaced-root-property"],
        ),
        // Earlier formats' names.
        (
            "(;GM[1]FF[4];L[aa][bb]M[cc])",
            "(;GM[1]FF[4];LB[aa:a][bb:b]MA[cc])",
            &["obsolete-property", "obsolete-property"],
        ),
        (
            "(;GM[1]FF[4];LB[aa:x]L[bb])",
            "(;GM[1]FF[4];LB[aa:x][bb:a])",
            &["obsolete-property", "repeated-property"],
        ),
        // Before FF[4] they are the format's own names.
        ("(;GM[1]FF[3];L[aa]M[cc])", "(;GM[1]FF[3];L[aa]M[cc])", &[]),
        // A property with more values than it holds keeps its first.
        (
            "(;GM[1]AP[GNU Go:3.8][foxwq])",
            "(;GM[1]AP[GNU Go:3.8])",
            &["bad-value"],
        ),
        // Repeats of a property: texts are joined, an equal repeat goes, a move gets a node of
        // its own, anything else keeps its first (or the repeat that names the tree's source).
        (
            "(;GM[1]C[one]C[two])",
            "(;GM[1]C[one\n\ntwo])",
            &["repeated-property"],
        ),
        (
            "(;GM[1];B[ab]B[ab]W[cc]B[dd])",
            "(;GM[1];B[ab];W[cc];B[ab];B[dd])",
            &[
                "repeated-property",
                "repeated-property",
                "exclusive-properties",
            ],
        ),
        (
            "(;GM[1]C[one]C[two]C[one])",
            "(;GM[1]C[one\n\ntwo\n\none])",
            &["repeated-property", "repeated-property"],
        ),
        // A property the game does not define keeps every value.
        (
            "(;GM[1]XX[a]XX[b]XX[a])",
            "(;GM[1]XX[a][b][a])",
            &["repeated-property", "repeated-property"],
        ),
        // The repeat that names the tree's source is kept: without it, Fox's `KM[650]` would
        // read as 650.
        (
            "(;GM[1]AP[GNU Go:3.8]AP[foxwq]AP[GNU Go:3.8])",
            "(;GM[1]AP[foxwq])",
            &["repeated-property", "repeated-property"],
        ),
        (
            "(;GM[1]FF[4]AP[GNU Go:3.8]KM[650]AP[foxwq])",
            "(;GM[1]FF[4]AP[foxwq]KM[650])",
            &["repeated-property"],
        ),
        // Setup that changes nothing goes, point by point.
        (
            "(;GM[1]FF[4]AB[aa][bb];AB[aa][cc]AE[dd])",
            "(;GM[1]FF[4]AB[aa][bb];AB[cc])",
            &["setup-no-effect", "setup-no-effect"],
        ),
        // Compressed point lists came with FF[4].
        (
            "(;FF[3]AB[aa:ab][cc])",
            "(;FF[3]AB[aa][ab][cc])",
            &["newer-feature"],
        ),
        // A charset `CA` names that the text is not in.
        ("(;GM[1]CA[klingon])", "(;GM[1])", &["unknown-charset"]),
    ];
    let mut wrong = Vec::new();
    for (input, expected, codes) in cases {
        let (text, mut found) = repaired(input);
        // Writing UTF-8 names its charset.
        let text = text.trim_end().replacen("CA[UTF-8]", "", 1);
        // The order of the rules, which the FF[5] layer changes, orders the repairs.
        let mut codes = codes.to_vec();
        found.sort_unstable();
        codes.sort_unstable();
        if text != *expected || found != codes {
            wrong.push(format!(
                "{input}:\n  got      {text} {found:?}\n  expected {expected} {codes:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn repairs_name_what_they_dropped() {
    let mut collection = read("(;GM[1]AP[GNU Go:3.8]AP[foxwq];ST[2])");
    let repairs: Vec<String> = repair(&mut collection)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        repairs,
        [
            "game 1, node 1, ST: fixed[misplaced-root-property]: moved `ST` to the root",
            "game 1, root, AP: fixed[repeated-property]: dropped `AP[GNU Go:3.8]` and kept the repeat `AP[foxwq]`, which names the source Fox Weiqi",
        ]
    );
}

/// Repairs the collection and gives the message of each repair.
fn repair_messages(collection: &mut Collection) -> Vec<String> {
    repair(collection).into_iter().map(|r| r.message).collect()
}

#[test]
fn of_two_aps_that_name_sources_the_first_stays() {
    // One `AP` holds one program: whichever goes, a source goes with it, named in the report.
    let mut collection = read("(;GM[1]AP[Sabaki:0.52]AP[foxwq])");
    assert_eq!(sources(&collection), [["Fox Weiqi", "Sabaki"]]);
    let repairs = repair_messages(&mut collection);
    assert_eq!(
        repairs,
        ["dropped the repeated `AP[foxwq]`: the node holds `AP[Sabaki:0.52]`"]
    );
    assert_eq!(compact(&collection).trim_end(), "(;GM[1]AP[Sabaki:0.52])");
}

#[test]
fn a_long_property_is_named_by_its_size_in_each_repeat_dropped() {
    let name = "a name that goes on".repeat(10);
    let mut collection = read(&format!("(;GM[1]GN[{name}]GN[x]GN[y])"));
    let repairs = repair_messages(&mut collection);
    assert_eq!(
        repairs,
        [
            "dropped the repeated `GN[x]`: the node holds `GN` with a value of 190 bytes",
            "dropped the repeated `GN[y]`: the node holds `GN` with a value of 190 bytes",
        ]
    );
    assert_eq!(
        compact(&collection).trim_end(),
        format!("(;GM[1]GN[{name}])")
    );
}

/// A Go game tree of a few nodes and variations, each node with a random mix of properties,
/// damaged in every way the repairs know.
fn damaged_game(rng: &mut Rng) -> String {
    const POINTS: &[&str] = &["aa", "ab", "bb", "cc", "dd", "aa:bb", "cc:dd"];
    const PROPS: &[&str] = &[
        "B", "W", "AB", "AW", "AE", "CR", "MA", "SQ", "TR", "LB", "AR", "LN", "KO", "BM", "TE",
        "DM", "UC", "TB", "TW", "L", "M", "ST", "SZ", "C", "PL",
    ];
    let mut out = String::from("(;GM[1]FF[4]");
    let nodes = 1 + rng.below(6);
    for n in 0..nodes {
        if n > 0 && rng.below(4) == 0 {
            out.push('(');
        }
        out.push(';');
        for _ in 0..1 + rng.below(5) {
            let ident = *rng.pick(PROPS);
            out.push_str(ident);
            let single = |rng: &mut Rng| rng.pick(&POINTS[..5]).to_string();
            let values: Vec<String> = match ident {
                "B" | "W" => vec![single(rng)],
                "KO" => vec![String::new()],
                "BM" | "TE" | "DM" | "UC" => vec!["1".to_owned()],
                "ST" => vec!["2".to_owned()],
                "SZ" => vec![rng.pick(&["9", "9:9", "19"]).to_string()],
                "C" => vec!["x".to_owned()],
                "PL" => vec!["B".to_owned()],
                "LB" => (0..1 + rng.below(3))
                    .map(|_| format!("{}:x", single(rng)))
                    .collect(),
                "AR" | "LN" => (0..1 + rng.below(3))
                    .map(|_| format!("{}:{}", single(rng), single(rng)))
                    .collect(),
                _ => (0..1 + rng.below(4))
                    .map(|_| rng.pick(POINTS).to_string())
                    .collect(),
            };
            for value in values {
                out.push_str(&format!("[{value}]"));
            }
        }
    }
    out.push_str(&")".repeat(out.matches('(').count()));
    out
}

#[test]
fn repaired_random_damage_validates_clean_of_what_repairs_fix() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let input = damaged_game(&mut rng);
        repaired(&input);
    }
}

#[test]
fn repairs_name_each_node_by_its_path_as_read() {
    // Both nodes mix setup and a move: the second is node 2 as read, though the split of the
    // first puts it at depth 3 in the repaired tree.
    let mut collection = read("(;GM[1];AB[aa]B[bb];AB[cc]W[dd])");
    let places: Vec<String> = repair(&mut collection)
        .iter()
        .map(|r| r.location.path.to_string())
        .collect();
    assert_eq!(places, ["node 1", "node 2"]);
    assert_eq!(
        compact(&collection).trim_end(),
        "(;GM[1];AB[aa];B[bb];AB[cc];W[dd])"
    );
}
