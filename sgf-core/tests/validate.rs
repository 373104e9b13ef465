//! Validation: each check has a small input that triggers it, at a known line and column, and
//! one that does not; findings carry their place and print like a compiler's.

use sgf_core::finding::Severity;
use sgf_core::property::RawProperty;
use sgf_core::validate::{Code, Report, validate};
use sgf_core::{Collection, GameProperty, GameTree, GoProperty, ReadOptions, Tree};

/// Reads leniently and validates.
fn check(input: &[u8]) -> Report {
    sgf_core::validate::check(input, &ReadOptions::default())
}

/// (code, input that triggers it, `line:col` of the finding, input that does not).
const CASES: &[(&str, &str, &str, &str)] = &[
    // A node holds one move; annotations judge one move; position judgements exclude each other.
    (
        "exclusive-properties",
        "(;SZ[9];B[ee]W[cc])",
        "1:14",
        "(;SZ[9];B[ee];W[cc])",
    ),
    (
        "exclusive-properties",
        "(;;B[aa]BM[1]TE[1])",
        "1:14",
        "(;;B[aa]BM[1])",
    ),
    ("exclusive-properties", "(;DM[1]\nUC[2])", "2:1", "(;DM[1])"),
    // Move and setup properties in separate nodes.
    (
        "mixed-property-types",
        "(;;AB[aa]B[bb])",
        "1:4",
        "(;AB[aa];B[bb])",
    ),
    // KO and move annotations need a move.
    ("missing-companion", "(;;KO[])", "1:4", "(;;B[aa]KO[])"),
    ("missing-companion", "(;;IT[])", "1:4", "(;;W[aa]IT[])"),
    // Unique points: setup, markup, territory, labels; within one property or across several.
    (
        "repeated-point",
        "(;AB[aa]AW[ab][aa])",
        "1:16",
        "(;AB[aa]AW[ab])",
    ),
    (
        "repeated-point",
        "(;FF[4]AB[aa:bb]AE[bb])",
        "1:20",
        "(;FF[4]AB[aa:bb]AW[cc])",
    ),
    (
        "repeated-point",
        "(;CR[aa]MA[bb]TR[aa])",
        "1:18",
        "(;CR[aa]MA[bb]TR[cc])",
    ),
    (
        "repeated-point",
        "(;TB[aa]TW[aa])",
        "1:12",
        "(;TB[aa]TW[bb])",
    ),
    (
        "repeated-point",
        "(;LB[aa:x][aa:y])",
        "1:12",
        "(;LB[aa:x][bb:y])",
    ),
    ("repeated-point", "(;VW[aa][aa])", "1:10", "(;VW[aa][bb])"),
    // Backgammon writes several checkers on one point by repeating it, but not across colours.
    (
        "repeated-point",
        "(;GM[6]AB[a][a]AW[a])",
        "1:19",
        "(;GM[6]AB[a][a]AW[b])",
    ),
    // Octi: BO and WO list a point once; AS repeats no arrow and points nowhere from itself.
    (
        "repeated-point",
        "(;GM[19]BO[11][11])",
        "1:16",
        "(;GM[19]BO[11][12])",
    ),
    (
        "duplicate-value",
        "(;GM[19];AS[11:12][11:12])",
        "1:20",
        "(;GM[19];AS[11:12][11:13])",
    ),
    (
        "equal-parts",
        "(;GM[19];AS[11:11])",
        "1:13",
        "(;GM[19];AS[11:12])",
    ),
    // Arrows and lines: no repeats, no zero length.
    (
        "duplicate-value",
        "(;AR[aa:bb][aa:bb])",
        "1:13",
        "(;AR[aa:bb][bb:aa])",
    ),
    ("equal-parts", "(;LN[cc:cc])", "1:6", "(;LN[cc:cd])"),
    ("equal-parts", "(;SZ[19:19])", "1:6", "(;FF[4]SZ[19:13])"),
    // Hex: at most one IP in a game tree, variations included.
    (
        "repeated-in-game",
        "(;GM[11](;IP[End])(;IP[End]))",
        "1:21",
        "(;GM[11](;IP[End])(;B[a1]))",
    ),
    // Formats the specification gives in prose.
    (
        "bad-format",
        "(;DT[1996-13-01])",
        "1:6",
        "(;DT[1996-12-27,28,1997-01-03])",
    ),
    (
        "bad-format",
        "(;DT[2001-02-29])",
        "1:6",
        "(;DT[2000-02-29])",
    ),
    ("bad-format", "(;RE[Black wins])", "1:6", "(;RE[B+Resign])"),
    ("bad-format", "(;RE[B+6R])", "1:6", "(;GM[6]RE[B+6R])"),
    // Properties of earlier formats, in an FF[4] tree (before, they are the format's own).
    (
        "obsolete-property",
        "(;FF[4];L[aa][bb])",
        "1:9",
        "(;FF[4];LB[aa:a][bb:b])",
    ),
    (
        "obsolete-property",
        "(;FF[4];M[aa])",
        "1:9",
        "(;FF[3];M[aa])",
    ),
    // Root properties in the root; game info once on a path.
    ("misplaced-root-property", "(;;SZ[9])", "1:4", "(;SZ[9])"),
    (
        "misplaced-root-property",
        "(;GM[11];IS[tries:on])",
        "1:10",
        "(;GM[11]IS[tries:on])",
    ),
    (
        "repeated-game-info",
        "(;PB[x];PW[y])",
        "1:9",
        "(;PB[x]PW[y];B[aa])",
    ),
    (
        "repeated-game-info",
        "(;GM[1];PB[x];B[aa];RE[B+R])",
        "1:21",
        "(;GM[1](;PB[x])(;PB[y]))",
    ),
    // Values: type, range, board.
    ("bad-value", "(;SZ[9];B[jj])", "1:11", "(;SZ[9];B[ii])"),
    (
        "bad-value",
        "(;FF[4]SZ[19:5];B[ah])",
        "1:19",
        "(;FF[4]SZ[19:5];B[sa])",
    ),
    ("bad-value", "(;SZ[53])", "1:6", "(;SZ[52])"),
    ("bad-value", "(;FF[6])", "1:6", "(;FF[4])"),
    ("bad-value", "(;GM[21])", "1:6", "(;GM[20])"),
    ("bad-value", "(;ST[4])", "1:6", "(;ST[3])"),
    ("bad-value", "(;PM[3])", "1:6", "(;PM[2])"),
    ("bad-value", "(;HA[-1])", "1:6", "(;HA[2]AB[dd][pp])"),
    ("bad-value", "(;FF[4]BL[34.])", "1:11", "(;FF[4]BL[34.5])"),
    // Values outside the specification that real files write with a known meaning.
    ("convention", "(;HA[0])", "1:6", "(;HA[2]AB[dd][pp])"),
    ("convention", "(;HA[1])", "1:6", "(;HA[3]AB[dd][pp][pd])"),
    ("convention", "(;AP[foxwq])", "1:6", "(;AP[foxwq:1.0])"),
    ("bad-value", "(;KM[six])", "1:6", "(;KM[6.5])"),
    (
        "bad-value",
        "(;GM[11]SZ[5];B[f1])",
        "1:17",
        "(;GM[11]SZ[5];B[e5])",
    ),
    (
        "bad-value",
        "(;GM[9];B[b1-z9])",
        "1:11",
        "(;GM[9];B[b1-b3])",
    ),
    // What came with FF[4], in an older tree.
    (
        "newer-feature",
        "(;FF[3]AB[aa:bb])",
        "1:11",
        "(;FF[4]AB[aa:bb])",
    ),
    ("newer-feature", "(;SZ[19:13])", "1:6", "(;FF[4]SZ[19:13])"),
    // The board: what is played and set up, in the games whose positions are modelled.
    (
        "occupied-point",
        "(;FF[4];B[aa];W[aa])",
        "1:17",
        "(;FF[4];B[aa];W[ab])",
    ),
    (
        "setup-no-effect",
        "(;FF[4]AB[aa];AB[aa])",
        "1:18",
        "(;FF[4]AB[aa];AW[aa])",
    ),
    (
        "ko-retaken",
        "(;FF[4]SZ[5]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[bb])",
        "1:54",
        "(;FF[4]SZ[5]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];W[bb]KO[])",
    ),
    (
        "suicide",
        "(;FF[4]SZ[5]AW[ba][ab];B[aa])",
        "1:26",
        "(;FF[4]SZ[5]AW[ba];B[aa])",
    ),
    (
        "same-colour-twice",
        "(;FF[4];B[aa];B[bb])",
        "1:15",
        "(;FF[4];B[aa];PL[B];B[bb])",
    ),
    (
        "handicap-mismatch",
        "(;FF[4]HA[3]AB[dd][pp])",
        "1:11",
        "(;FF[4]HA[2]AB[dd][pp])",
    ),
    (
        "illegal-move",
        "(;GM[9];B[c1-c2])",
        "1:11",
        "(;GM[9];B[b1-b3])",
    ),
    (
        "illegal-move",
        "(;GM[18];B[djdaea])",
        "1:12",
        "(;GM[18];B[djddgd])",
    ),
    // Unknown properties are worth knowing, not wrong.
    ("unknown-property", "(;ZZ[1])", "1:3", "(;C[1])"),
    // The charset `CA` names.
    ("unknown-charset", "(;CA[klingon])", "1:6", "(;CA[UTF-8])"),
];

fn codes(report: &Report) -> Vec<&'static str> {
    report.findings.iter().map(|f| f.code.as_str()).collect()
}

#[test]
fn each_check_fires_where_it_should_and_not_elsewhere() {
    let mut wrong = Vec::new();
    for (code, bad, at, good) in CASES {
        let report = check(bad.as_bytes());
        match report.findings.iter().find(|f| f.code.as_str() == *code) {
            None => wrong.push(format!(
                "{bad}: expected {code}, found {:?}",
                codes(&report)
            )),
            Some(found) if found.location.span.map(|s| s.to_string()).as_deref() != Some(*at) => {
                wrong.push(format!("{bad}: expected {code} at {at}, found {found}"));
            }
            Some(_) => {}
        }
        let report = check(good.as_bytes());
        if codes(&report).contains(code) {
            wrong.push(format!("{good}: unexpected {code}: {:?}", report.findings));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn clean_inputs_report_nothing_at_all() {
    for (_, _, _, good) in CASES {
        let report = check(good.as_bytes());
        assert!(report.is_clean(), "{good}: {:?}", report.findings);
    }
}

/// Severities follow SGFC and the format version: what came with FF[4] (property types, the
/// formats of game info) is an error from FF[4] on and a warning before; a convention is only
/// worth knowing.
#[test]
fn severities_follow_the_format_version() {
    let cases: &[(&str, &str, Severity)] = &[
        ("(;FF[4]TM[9 hours])", "bad-value", Severity::Error),
        ("(;FF[3]TM[30:00(5x1:00)])", "bad-value", Severity::Warning),
        ("(;FF[3]PW[a][b])", "bad-value", Severity::Error),
        (
            "(;FF[4];AB[aa]B[bb])",
            "mixed-property-types",
            Severity::Error,
        ),
        (
            "(;FF[3];AB[aa]B[bb])",
            "mixed-property-types",
            Severity::Warning,
        ),
        ("(;;AB[aa]B[bb])", "mixed-property-types", Severity::Warning),
        ("(;FF[4]PB[x];PW[y])", "repeated-game-info", Severity::Error),
        (
            "(;FF[3]PB[x];PW[y])",
            "repeated-game-info",
            Severity::Warning,
        ),
        ("(;FF[4]RE[draw])", "bad-format", Severity::Error),
        ("(;FF[3]RE[draw])", "bad-format", Severity::Warning),
        ("(;FF[4]RE[])", "bad-format", Severity::Warning),
        ("(;FF[4]HA[0])", "convention", Severity::Info),
        (
            "(;FF[4]AP[foxwq]AP[GNU Go:3.8])",
            "convention",
            Severity::Info,
        ),
        (
            "(;FF[4]AP[foxwq]AP[GNU Go:3.8])",
            "repeated-property",
            Severity::Error,
        ),
    ];
    let mut wrong = Vec::new();
    for &(input, code, severity) in cases {
        let report = check(input.as_bytes());
        let found: Vec<_> = report
            .findings
            .iter()
            .map(|f| (f.code.as_str(), f.severity))
            .collect();
        if !found.contains(&(code, severity)) {
            wrong.push(format!(
                "{input}: expected {code} as {severity}, found {found:?}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn one_problem_gives_one_finding() {
    // A repeated property is reported once; the repeat holds its own value, which is not a
    // second problem (the version AP lacks is a third, different thing; that it names Fox,
    // the tree's writer, is worth knowing).
    let report = check(b"(;FF[4]GM[1]AP[GNU Go:3.8]AP[foxwq]C[a]C[b])");
    assert_eq!(
        codes(&report),
        [
            "source",
            "repeated-property",
            "convention",
            "repeated-property"
        ],
        "{:?}",
        report.findings
    );
    // A value cut short by the end of the file is that, not also a bad value.
    let report = check(b"(;FF[4];B[pd];W[p");
    assert_eq!(codes(&report), ["unexpected-end"], "{:?}", report.findings);
    // A root property twice below the root is misplaced once, and repeated once; so is an
    // unknown property unknown once; a move repeated in its node is not a second move of the
    // node, and each of its values is found on the board at its own place.
    for (input, expected) in [
        (
            &b"(;GM[1];B[aa]AP[x:1]AP[y:2])"[..],
            &["misplaced-root-property", "repeated-property"][..],
        ),
        (
            b"(;GM[1];B[aa]TC[x]TC[y])",
            &["unknown-property", "repeated-property"],
        ),
        (
            b"(;GM[1];B[aa];W[aa]W[aa])",
            &["occupied-point", "repeated-property", "occupied-point"],
        ),
    ] {
        let report = check(input);
        assert_eq!(codes(&report), expected, "{:?}", report.findings);
        let places: Vec<_> = report.findings.iter().map(|f| &f.location).collect();
        for (i, place) in places.iter().enumerate() {
            assert!(!places[i + 1..].contains(place), "{:?}", report.findings);
        }
    }
}

#[test]
fn unknown_properties_are_notes_never_errors() {
    let report = check(b"(;GM[1]KGS[x]ZZ[1])");
    assert_eq!(report.findings.len(), 2);
    assert!(report.findings.iter().all(|f| f.severity == Severity::Info));
    assert!(report.is_clean());
    assert_eq!(report.worst(), Some(Severity::Info));
}

#[test]
fn findings_print_like_a_compiler_and_point_at_the_other_place() {
    let report = check(b"(;GM[1]SZ[9]\n;B[ee]W[cc])");
    let [finding] = &report.findings[..] else {
        panic!("{:?}", report.findings);
    };
    // With the FF[5] layer, the rule is `Exclusive: B W UN`.
    let text = finding.to_string();
    let expected = "2:7: error[exclusive-properties]: `W` stands in a node with `B`; a node holds \
                    at most one of B, W";
    assert!(text.starts_with(expected), "{text}");
    assert!(text.ends_with(" (see 2:2)"), "{text}");
    assert_eq!(finding.location.property.as_deref(), Some("W"));
    assert_eq!(finding.location.path.to_string(), "node 1");
}

#[test]
fn locations_name_game_node_path_and_value_without_an_input() {
    let input = "(;GM[1](;B[aa])(;B[bb];W[cc](;B[dd])(;B[ee]AB[ff][ff])))(;GM[1])";
    let read = sgf_core::read(input.as_bytes(), &ReadOptions::default()).expect("readable");
    // The same trees made in memory: there is no input to place findings in.
    let made: Collection = Collection::from_trees(read.to_trees());
    let report = validate(&made);
    let finding = report
        .with_code(Code::RepeatedPoint)
        .next()
        .expect("a repeat");
    assert_eq!(finding.location.game, 0);
    assert_eq!(
        finding.location.span, None,
        "a tree made in memory has no input"
    );
    assert_eq!(finding.location.path.depth, 3);
    assert_eq!(finding.location.path.forks, [(1, 2), (3, 2)]);
    assert_eq!(
        finding.location.to_string(),
        "game 1, node 3 (variation 2 at node 1, variation 2 at node 3), AB[2]"
    );
    // Validating what was read places the same finding in the input, at the second `ff`.
    let report = validate(&read);
    let placed = report
        .with_code(Code::RepeatedPoint)
        .next()
        .expect("a repeat");
    assert_eq!(placed.location.path, finding.location.path);
    assert_eq!(placed.location.property, finding.location.property);
    let at = input.rfind("ff").expect("the repeat");
    assert_eq!(
        placed
            .location
            .span
            .map(|s| (s.start, s.end, s.line, s.col)),
        Some((at, at + 2, 1, at as u32 + 1))
    );
}

#[test]
fn values_of_repeated_properties_are_found_where_they_were_written() {
    // Reading merges the two AB into one; the finding still points at the second one's value.
    let report = check(b"(;AB[aa]C[x]AB[bb][aa])");
    let finding = report
        .with_code(Code::RepeatedPoint)
        .next()
        .expect("a repeat");
    assert_eq!(
        finding.location.span.map(|s| (s.start, s.end)),
        Some((19, 21))
    );
    assert_eq!(
        finding
            .related
            .as_ref()
            .and_then(|r| r.span)
            .map(|s| s.start),
        Some(5)
    );
}

#[test]
fn a_repeated_property_built_in_memory_is_reported() {
    let ctx = sgf_core::value::Context::square(19);
    let b = |v: &str| GoProperty::from_raw(RawProperty::new("C", [v]), &ctx).0;
    let tree = Tree::new(vec![b("one"), b("two")]);
    let collection: Collection = Collection::from_trees([GameTree::from(tree)]);
    let report = validate(&collection);
    assert_eq!(codes(&report), ["repeated-property"]);
}

#[test]
fn reading_findings_come_with_their_code_and_place() {
    let report = check(b"(;GM[1];B[aa]\n;W[bb]");
    let finding = report.findings.last().expect("a finding");
    assert_eq!(finding.code.as_str(), "unexpected-end");
    // A file cut short is wrong for readers (SGFC calls it critical), though lenient reading
    // recovers.
    assert_eq!(finding.severity, Severity::Error);
    let report = check(b"no sgf here");
    assert_eq!(report.worst(), Some(Severity::Error));
    assert_eq!(codes(&report), ["no-game-tree"]);
}

#[test]
fn a_lying_charset_is_reported_once() {
    let report = check("(;CA[ISO-8859-1]C[日本語])".as_bytes());
    assert_eq!(
        report.with_code(Code::CharsetMismatch).count(),
        1,
        "{:?}",
        report.findings
    );
}

#[cfg(feature = "ff5")]
#[test]
fn the_ff5_rules_come_with_the_ff5_spec() {
    let report = check(b"(;FF[5];B[aa]UN[bb])");
    assert!(
        codes(&report).contains(&"exclusive-properties"),
        "{:?}",
        report.findings
    );
    let report = check(b"(;FF[5]US[me])");
    assert!(
        codes(&report).contains(&"dropped-property"),
        "{:?}",
        report.findings
    );
    let report = check(b"(;FF[4]US[me])");
    assert!(
        report.is_clean(),
        "FF[4] still has US: {:?}",
        report.findings
    );
}

#[test]
fn a_point_repeated_many_times_is_reported_once_with_its_count() {
    // `aa:cc` names 9 points; its four repeats name them 36 more times.
    let report = check(b"(;GM[1]FF[4]SZ[19]AB[aa:cc][aa:cc][bb][aa:cc][aa:cc]AW[bb:cc])");
    let repeats: Vec<_> = report.with_code(Code::RepeatedPoint).collect();
    let messages: Vec<&str> = repeats.iter().map(|f| f.message.as_str()).collect();
    // In `AB`: once, at the first repeat, with the 19 later repeats (`bb` among them) counted; in
    // `AW`: the four points it shares with `AB`, an error.
    assert_eq!(repeats.len(), 2, "{messages:?}");
    assert_eq!(repeats[0].location.value, Some(1));
    assert!(
        messages[0].contains(
            "and 5 more twice; later values of `AB` repeat points reported already 19 more times"
        ),
        "{messages:?}"
    );
    assert_eq!(repeats[1].severity, Severity::Error);
    assert!(
        messages[1].starts_with("the points `bb`, `cb`, `bc`, `cc` are in both `AB` and `AW`"),
        "{messages:?}"
    );
}

#[test]
fn past_the_limit_findings_of_a_code_are_counted() {
    use sgf_core::finding::MAX_LISTED;
    let count = MAX_LISTED + 500;
    let input = format!("(;GM[1]FF[4]SZ[19]{})", ";B[aa]".repeat(count + 1));
    let report = check(input.as_bytes());
    let occupied = report
        .findings
        .iter()
        .filter(|f| f.code == Code::OccupiedPoint);
    assert_eq!(occupied.count(), MAX_LISTED);
    let omitted: usize = report
        .omitted
        .iter()
        .filter(|o| o.code == Code::OccupiedPoint)
        .map(|o| o.count)
        .sum();
    assert_eq!(omitted, count - MAX_LISTED);
    // Counted with their severity: same-colour-twice is counted past the limit too.
    let listed = report.at_least(Severity::Warning).count();
    let counted: usize = report.omitted.iter().map(|o| o.count).sum();
    assert_eq!(report.count(Severity::Warning), listed + counted);
    assert_eq!(report.worst(), Some(Severity::Warning));
}

#[test]
fn past_the_limit_quirks_and_game_info_are_counted() {
    use sgf_core::finding::MAX_LISTED;
    // A Fox tree with a komi in points times 100 in every node: a quirk, and game info below
    // the root's, in each.
    let count = MAX_LISTED + 200;
    let nodes = ";B[aa]KM[650]".repeat(count);
    let input = format!("(;GM[1]FF[4]AP[foxwq]KM[650]{nodes})");
    let report = check(input.as_bytes());
    for code in [Code::SourceQuirk, Code::RepeatedGameInfo] {
        let listed = report.with_code(code).count();
        let counted: usize = (report.omitted.iter())
            .filter(|o| o.code == code)
            .map(|o| o.count)
            .sum();
        assert_eq!(listed, MAX_LISTED, "{code:?}");
        // The root's komi is a quirk too.
        let expected = count + usize::from(code == Code::SourceQuirk);
        assert_eq!(listed + counted, expected, "{code:?}");
    }
}

#[test]
fn strict_reading_lists_the_first_errors_of_a_code_and_counts_the_rest() {
    use sgf_core::finding::MAX_LISTED;
    let repeats = 3 * MAX_LISTED;
    let input = format!("(;GM[1]FF[4]{})", "C[x]".repeat(repeats + 1));
    let error = sgf_core::read(input.as_bytes(), &ReadOptions::strict()).expect_err("repeats");
    let listed: Vec<_> = error
        .findings
        .iter()
        .filter(|f| f.code == Code::RepeatedProperty)
        .collect();
    assert_eq!(listed.len(), MAX_LISTED);
    assert!(
        listed
            .iter()
            .all(|f| !f.message.is_empty() && f.related.is_some())
    );
    let counted: usize = error.omitted.iter().map(|o| o.count).sum();
    assert_eq!(counted, repeats - MAX_LISTED);
    assert!(
        error
            .to_string()
            .ends_with(&format!("(and {} more errors)", repeats - 1))
    );
}

#[test]
fn past_the_limit_bad_values_are_counted_and_nothing_else_is_made_of_them() {
    use sgf_core::finding::MAX_LISTED;
    // Moves off a 5x5 board, alternating colours: each is a bad value, listed or counted, and
    // nothing more.
    let count = MAX_LISTED + 300;
    let input = format!("(;GM[1]FF[4]SZ[5]{})", ";B[ss];W[ss]".repeat(count / 2));
    let report = check(input.as_bytes());
    assert_eq!(report.with_code(Code::BadValue).count(), MAX_LISTED);
    let counted: usize = report
        .omitted
        .iter()
        .filter(|o| o.code == Code::BadValue)
        .map(|o| o.count)
        .sum();
    assert_eq!(counted, count - MAX_LISTED);
    assert!(
        report.findings.iter().all(|f| f.code == Code::BadValue),
        "{:?}",
        report.findings.iter().find(|f| f.code != Code::BadValue)
    );
}

#[test]
fn past_the_limit_the_rules_of_nodes_count_what_they_do_not_list() {
    use sgf_core::finding::MAX_LISTED;
    // Every node mixes a move with setup, and its black and white stones share a point: two
    // rules broken in each node, the first MAX_LISTED of each listed with place and message.
    let count = MAX_LISTED + 150;
    let input = format!(
        "(;GM[1]FF[4]SZ[9]{})",
        ";B[ee]AB[aa:bb]AW[bb:cc]".repeat(count)
    );
    let report = check(input.as_bytes());
    for code in [Code::MixedPropertyTypes, Code::RepeatedPoint] {
        let listed: Vec<_> = report.with_code(code).collect();
        let counted: usize = (report.omitted.iter())
            .filter(|o| o.code == code)
            .map(|o| o.count)
            .sum();
        assert_eq!(listed.len(), MAX_LISTED, "{code:?}");
        assert_eq!(listed.len() + counted, count, "{code:?}");
        assert!(
            (listed.iter()).all(|f| !f.message.is_empty() && f.location.span.is_some()),
            "{code:?}"
        );
    }
}
