//! The `sgf` binary as a user runs it: JSON output parsed back, exit statuses, `fmt` output
//! that reads back and is stable, and a run over the shared corpus.

use std::path::Path;
use std::process::Output;

use serde_json::Value;

mod common;

use common::{sgf, temp_dir};

fn example(name: &str) -> String {
    format!("{}/../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json_lines(output: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

#[test]
fn dump_prints_one_json_object_per_game() {
    let output = sgf(&[
        "dump",
        &example("variations.sgf"),
        &example("gbk-no-ca.sgf"),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let games = json_lines(&output);
    assert_eq!(games.len(), 2);
    let go = &games[0];
    assert_eq!(
        (&go["game"], &go["gm"], &go["charset"]),
        (&Value::from(1), &Value::from(1), &Value::from("UTF-8"))
    );
    let nodes = go["nodes"].as_array().expect("nodes");
    assert_eq!(nodes[0]["props"]["PB"], Value::from(vec!["Black"]));
    let variations = nodes.iter().filter(|n| n["parent"] == 3).count();
    assert_eq!(variations, 3, "three variations after the third move");
    let comment = nodes
        .iter()
        .find_map(|n| n["props"]["LB"].as_array())
        .expect("labels");
    assert_eq!(comment[0], Value::from("gg:A"));

    let gbk = &games[1];
    assert_eq!(gbk["charset"], Value::from("GBK"));
    assert_eq!(gbk["nodes"][0]["props"]["PB"], Value::from(vec!["古力"]));
    let comment = gbk["nodes"][0]["props"]["C"][0]
        .as_str()
        .expect("a comment");
    assert!(
        comment.contains("嘰嘰 and 塢"),
        "trail bytes \\ and ] stay in their characters: {comment}"
    );
}

#[test]
fn dump_positions_replays_each_main_line() {
    let dir = temp_dir("positions");
    let file = dir.join("capture.sgf");
    std::fs::write(
        &file,
        "(;FF[4]GM[1]SZ[3];B[ba];W[aa];B[ab](;W[cc]))(;GM[11]SZ[2];B[b1];W[swap-pieces])",
    )
    .expect("a fixture");
    let output = sgf(&["dump", "--positions", file.to_str().expect("a path")]);
    assert!(output.status.success());
    let lines = json_lines(&output);
    assert_eq!(
        lines.len(),
        5 + 3,
        "the root and four moves, then Hex's root and two"
    );
    let capture = &lines[3];
    assert_eq!(capture["move"], "B[ab]");
    assert_eq!(capture["captured"], serde_json::json!(["aa"]));
    assert_eq!(capture["move_number"], 3);
    assert_eq!(capture["to_play"], "W");
    assert_eq!(capture["board"], serde_json::json!([".X.", "X..", "..."]));
    assert_eq!(lines[4]["board"], serde_json::json!([".X.", "X..", "..O"]));
    assert_eq!(lines[7]["game"], 2);
    assert_eq!(
        lines[7]["board"],
        serde_json::json!(["..", "O."]),
        "the swap mirrors b1 to a2"
    );
}

#[test]
fn dump_reports_warnings_with_positions_and_keeps_going_past_unreadable_files() {
    let dir = temp_dir("empty");
    let empty = dir.join("empty.sgf");
    std::fs::write(&empty, b"").expect("an empty file");
    let output = sgf(&[
        "dump",
        &example("damaged.sgf"),
        "/nonexistent/x.sgf",
        empty.to_str().expect("UTF-8 path"),
    ]);
    assert_eq!(
        output.status.code(),
        Some(3),
        "an unreadable file gives exit status 3"
    );
    let games = json_lines(&output);
    assert_eq!(games.len(), 1, "the damaged file is still read");
    let findings = games[0]["findings"].as_array().expect("findings");
    let codes: Vec<_> = findings.iter().map(|d| d["code"].clone()).collect();
    let lines: Vec<u64> = findings
        .iter()
        .map(|d| d["location"]["span"]["line"].as_u64().expect("a line"))
        .collect();
    assert!(
        lines.is_sorted(),
        "findings are in the order of the file: {lines:?}"
    );
    for code in [
        "junk-before-collection",
        "repeated-property",
        "unescaped-bracket",
        "unexpected-end",
    ] {
        assert!(
            codes.contains(&Value::from(code)),
            "{code} missing from {codes:?}"
        );
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("/nonexistent/x.sgf"), "{stderr}");
    assert!(stderr.contains("empty.sgf:1:1: error"), "{stderr}");
}

#[test]
fn every_finding_is_listed_once_with_the_game_it_follows() {
    let dir = temp_dir("findings");
    let file = dir.join("two-games.sgf");
    std::fs::write(&file, b"junk (;GM[1];B[aa]) stray (;GM[1];W[bb]) tail").expect("a fixture");
    let output = sgf(&["dump", file.to_str().expect("UTF-8 path")]);
    let games = json_lines(&output);
    let codes = |game: &Value| -> Vec<String> {
        game["findings"]
            .as_array()
            .expect("findings")
            .iter()
            .map(|d| d["code"].as_str().unwrap_or("").to_owned())
            .collect()
    };
    assert_eq!(
        codes(&games[0]),
        ["junk-before-collection", "unexpected-bytes"]
    );
    assert_eq!(codes(&games[1]), ["junk-after-collection"]);
}

#[test]
fn dump_writes_each_finding_as_check_does() {
    let damaged = example("damaged.sgf");
    let dump = sgf(&["dump", &damaged]);
    let games = json_lines(&dump);
    let dumped = games[0]["findings"].as_array().expect("findings");
    assert!(!dumped.is_empty());
    let check = sgf(&[
        "check",
        "--format",
        "json",
        "--min-severity",
        "info",
        &damaged,
    ]);
    let checked: Vec<Value> = json_lines(&check)
        .into_iter()
        .map(|mut finding| {
            finding
                .as_object_mut()
                .expect("an object")
                .remove("file")
                .expect("the file first");
            finding
        })
        .collect();
    for finding in dumped {
        let fields: Vec<&String> = finding.as_object().expect("an object").keys().collect();
        assert_eq!(
            fields,
            ["code", "severity", "location", "related", "message"],
            "{finding}"
        );
        assert!(
            ["info", "warning", "error"].contains(&finding["severity"].as_str().unwrap_or("")),
            "severities as Rust names them: {finding}"
        );
        assert!(
            checked.contains(finding),
            "what reading found, check prints alike: {finding} not in {checked:?}"
        );
    }
}

#[test]
fn fmt_writes_utf8_that_reads_back_and_is_stable() {
    let dir = temp_dir("fmt");
    let first = dir.join("first");
    let files = ["variations.sgf", "gbk-no-ca.sgf", "damaged.sgf"].map(example);
    let mut args = vec!["fmt"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["-o", first.to_str().expect("UTF-8 path")]);
    let output = sgf(&args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let gbk = std::fs::read_to_string(first.join("gbk-no-ca.sgf")).expect("UTF-8 output");
    assert!(
        gbk.contains("CA[UTF-8]") && gbk.contains("PB[古力]"),
        "{gbk}"
    );

    let second = dir.join("second");
    let again: Vec<String> = files
        .iter()
        .map(|f| {
            first
                .join(Path::new(f).file_name().expect("a name"))
                .display()
                .to_string()
        })
        .collect();
    let mut args = vec!["fmt"];
    args.extend(again.iter().map(String::as_str));
    args.extend(["-o", second.to_str().expect("UTF-8 path")]);
    assert!(sgf(&args).status.success());
    for name in ["variations.sgf", "gbk-no-ca.sgf", "damaged.sgf"] {
        let a = std::fs::read(first.join(name)).expect("written");
        let b = std::fs::read(second.join(name)).expect("written");
        assert_eq!(
            String::from_utf8_lossy(&a),
            String::from_utf8_lossy(&b),
            "fmt is not idempotent on {name}"
        );
    }
}

#[test]
fn fmt_keeps_the_source_charset_on_request() {
    let dir = temp_dir("keep");
    let source = example("gbk-no-ca.sgf");
    let output = sgf(&[
        "fmt",
        &source,
        "-o",
        dir.to_str().expect("UTF-8 path"),
        "--keep-charset",
        "--compact",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = std::fs::read(dir.join("gbk-no-ca.sgf")).expect("written");
    // The text stays in GBK byte for byte; the only change is the CA the output declares, so
    // that a reader knows the double-byte scheme before it looks for the ends of values.
    let original = std::fs::read(&source).expect("readable");
    let expected: Vec<u8> = [
        &b"(;GM[1]FF[4]CA[GBK]"[..],
        &original[b"(;GM[1]FF[4]".len()..],
    ]
    .concat()
    .into_iter()
    .filter(|b| *b != b'\n')
    .collect();
    let written: Vec<u8> = written.into_iter().filter(|b| *b != b'\n').collect();
    assert_eq!(
        written, expected,
        "the GBK bytes are written back as they were, with CA[GBK]"
    );
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn dump_runs_over_the_shared_corpus_without_a_crash() {
    let dir = sgf_test_support::needs("corpus/encodings/SabakiHQ+sgf/tests/sgf");
    let files: Vec<String> = sgf_test_support::sgf_files(&dir)
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    assert!(!files.is_empty());
    let mut args = vec!["dump"];
    args.extend(files.iter().map(String::as_str));
    let output = sgf(&args);
    assert!(
        output.status.code().is_some_and(|c| c == 0 || c == 3),
        "{output:?}"
    );
    let games = json_lines(&output);
    assert!(
        games.len() >= files.len() - 1,
        "{} games from {} files",
        games.len(),
        files.len()
    );
    let names: Vec<&Value> = games
        .iter()
        .map(|g| &g["nodes"][0]["props"]["PB"])
        .collect();
    let han = |n: &&Value| {
        n.to_string()
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
    };
    assert!(
        names.iter().any(han),
        "CJK player names are decoded: {names:?}"
    );
}
