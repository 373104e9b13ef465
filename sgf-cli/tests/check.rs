//! `sgf check` and `sgf repair` as a user runs them: findings printed like a compiler's (with
//! the source line and carets, or one line each) or as JSON Lines, the severity filter, strict
//! reading, the summary, exit statuses, deterministic order over a directory, and repaired
//! files that check clean.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod common;

use common::{sgf, stderr, stdout, temp_dir};

/// Writes `bytes` to `name` in `dir` and returns its path.
fn fixture(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("a directory");
    std::fs::write(&path, bytes).expect("a fixture");
    path
}

const CLEAN: &[u8] = b"(;GM[1]FF[4]CA[UTF-8]SZ[9];B[ee];W[cc])";
/// `B` and `W` in one node: an error, the `W` at 1:19.
const BOTH_MOVES: &[u8] = b"(;GM[1]SZ[9];B[ee]W[cc])";
/// A date with month 13: a warning only.
const BAD_DATE: &[u8] = b"(;GM[1]DT[1996-13-01])";
/// An unknown property: an info only.
const UNKNOWN: &[u8] = b"(;GM[1]SZ[9]XX[1];B[ee])";

#[test]
fn a_clean_file_exits_0_and_prints_nothing_on_stdout() {
    let dir = temp_dir("clean");
    let clean = fixture(&dir, "clean.sgf", CLEAN);
    let output = sgf(&["check".as_ref(), clean.as_os_str()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output), "1 file: 0 errors, 0 warnings\n");
}

#[test]
fn an_error_is_printed_with_path_line_and_column_and_exits_2() {
    let dir = temp_dir("error");
    let file = fixture(&dir, "both.sgf", BOTH_MOVES);
    let output = sgf(&["check".as_ref(), "--no-source".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let text = stdout(&output);
    let prefix = format!("{}:1:19: error[exclusive-properties]: ", file.display());
    assert!(text.starts_with(&prefix), "{text}");
    assert!(
        text.trim_end().ends_with("(see 1:14)"),
        "the B it clashes with: {text}"
    );
    assert_eq!(text.lines().count(), 1, "one line with --no-source: {text}");
    assert_eq!(stderr(&output), "1 file: 1 error, 0 warnings\n");
}

/// `B` and `W` in one node on line 2, after a comment in which `é` takes two bytes and one
/// character, and `好` three bytes and one character: the `W` is at byte column 15 and at
/// character 12 of its line.
const NON_ASCII: &str = "(;GM[1]SZ[9]\n;C[é好]B[ee]W[cc])\n";

#[test]
fn each_finding_is_followed_by_its_source_line_with_carets_under_its_place() {
    let dir = temp_dir("source");
    let file = fixture(&dir, "non-ascii.sgf", NON_ASCII.as_bytes());
    let output = sgf(&["check".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let expected = format!(
        "{}:2:15: error[exclusive-properties]: `W` stands in a node with `B`; a node holds at \
         most one of B, W (see 2:10)\n   |\n 2 | ;C[é好]B[ee]W[cc])\n   |            ^^^^^\n",
        file.display()
    );
    assert_eq!(stdout(&output), expected);
    assert_eq!(stderr(&output), "1 file: 1 error, 0 warnings\n");

    let short = sgf(&["check".as_ref(), "--no-source".as_ref(), file.as_os_str()]);
    assert_eq!(short.status.code(), Some(2));
    assert_eq!(
        stdout(&short),
        expected.lines().next().expect("a first line").to_owned() + "\n"
    );
}

#[test]
fn the_source_line_is_shown_in_the_charset_the_file_was_read_in() {
    let dir = temp_dir("source-gbk");
    // `李世石` in GBK, without `CA`, then `B` and `W` in one node.
    let gbk = b"(;GM[1]SZ[9]PB[\xc0\xee\xca\xc0\xca\xaf];B[ee]W[cc])";
    let file = fixture(&dir, "gbk.sgf", gbk);
    let output = sgf(&["check".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert!(
        lines[0].contains(":1:29: error[exclusive-properties]"),
        "{lines:?}"
    );
    assert_eq!(lines[2], " 1 | (;GM[1]SZ[9]PB[李世石];B[ee]W[cc])");
    assert_eq!(lines[3], format!("   | {}^^^^^", " ".repeat(25)));
}

#[test]
fn the_source_line_of_utf16_input_is_the_text_the_columns_count_in() {
    let dir = temp_dir("source-utf16");
    // UTF-16LE with a byte-order mark: spans count in the UTF-8 the input is read as.
    let text = "(;GM[1]SZ[9]PB[李世石];B[ee]W[cc])";
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    let file = fixture(&dir, "utf16.sgf", &bytes);
    let output = sgf(&["check".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_owned).collect();
    assert!(
        lines[0].contains(":1:32: error[exclusive-properties]"),
        "{lines:?}"
    );
    assert_eq!(lines[2], format!(" 1 | {text}"));
    assert_eq!(lines[3], format!("   | {}^^^^^", " ".repeat(25)));
}

/// A file cut short: lenient reading closes the value and the game tree, and reports an error
/// (SGFC calls it critical).
const CUT_SHORT: &[u8] = b"(;GM[1]C[x]";

/// Text before the collection: harmless, so lenient reading only warns.
const HEADER: &[u8] = b"Game record\n(;GM[1]FF[4]C[x])";

#[test]
fn strict_reading_turns_a_recovery_into_an_error() {
    let dir = temp_dir("strict");
    let cut = fixture(&dir, "cut.sgf", CUT_SHORT);
    let header = fixture(&dir, "header.sgf", HEADER);
    let check = |strict: bool, file: &Path| {
        let mut args = vec!["check".as_ref(), "--no-source".as_ref(), file.as_os_str()];
        if strict {
            args.push("--strict".as_ref());
        }
        sgf(&args)
    };
    for strict in [false, true] {
        let output = check(strict, &cut);
        assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
        assert!(
            stdout(&output).contains(":1:12: error[unexpected-end]: "),
            "{}",
            stdout(&output)
        );
    }
    let lenient = check(false, &header);
    assert_eq!(lenient.status.code(), Some(1), "{}", stdout(&lenient));
    assert!(
        stdout(&lenient).contains(":1:1: warning[junk-before-collection]: "),
        "{}",
        stdout(&lenient)
    );
    let strict = check(true, &header);
    assert_eq!(strict.status.code(), Some(2), "{}", stdout(&strict));
    assert!(
        stdout(&strict).contains(":1:1: error[junk-before-collection]: "),
        "{}",
        stdout(&strict)
    );
    assert_eq!(stderr(&strict), "1 file: 1 error, 0 warnings\n");

    let date = fixture(&dir, "date.sgf", BAD_DATE);
    let validator = sgf(&["check".as_ref(), "--strict".as_ref(), date.as_os_str()]);
    assert_eq!(
        validator.status.code(),
        Some(1),
        "the validator's warnings stay warnings: {}",
        stdout(&validator)
    );
}

#[test]
fn warnings_only_exit_1() {
    let dir = temp_dir("warning");
    let file = fixture(&dir, "date.sgf", BAD_DATE);
    let output = sgf(&["check".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stdout(&output).contains(":1:11: warning[bad-format]: "),
        "{}",
        stdout(&output)
    );
}

#[test]
fn infos_are_hidden_unless_asked_for_and_errors_alone_can_be_asked_for() {
    let dir = temp_dir("severity");
    let unknown = fixture(&dir, "unknown.sgf", UNKNOWN);
    let date = fixture(&dir, "date.sgf", BAD_DATE);

    let hidden = sgf(&["check".as_ref(), unknown.as_os_str()]);
    assert_eq!(hidden.status.code(), Some(0));
    assert_eq!(stdout(&hidden), "");

    let shown = sgf(&[
        "check".as_ref(),
        "--min-severity".as_ref(),
        "info".as_ref(),
        unknown.as_os_str(),
    ]);
    assert_eq!(shown.status.code(), Some(0), "an info is not a failure");
    assert!(
        stdout(&shown).contains(":1:13: info[unknown-property]: "),
        "{}",
        stdout(&shown)
    );
    assert_eq!(stderr(&shown), "1 file: 0 errors, 0 warnings, 1 info\n");

    let errors_only = sgf(&[
        "check".as_ref(),
        "--min-severity".as_ref(),
        "error".as_ref(),
        date.as_os_str(),
    ]);
    assert_eq!(
        errors_only.status.code(),
        Some(0),
        "hidden warnings do not count"
    );
    assert_eq!(stdout(&errors_only), "");
}

#[test]
fn quiet_leaves_out_the_summary() {
    let dir = temp_dir("quiet");
    let file = fixture(&dir, "date.sgf", BAD_DATE);
    let output = sgf(&["check".as_ref(), "--quiet".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), "");
    assert_eq!(
        stdout(&output).lines().count(),
        4,
        "a finding and its source"
    );
}

#[test]
fn a_file_that_is_not_sgf_is_an_error() {
    let dir = temp_dir("not-sgf");
    let file = fixture(&dir, "notes.sgf", b"just some text");
    let output = sgf(&["check".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stdout(&output).contains(":1:1: error[no-game-tree]: "),
        "{}",
        stdout(&output)
    );
}

#[test]
fn json_lines_carry_the_file_and_the_serialised_finding() {
    let dir = temp_dir("json");
    let both = fixture(&dir, "both.sgf", BOTH_MOVES);
    let date = fixture(&dir, "date.sgf", BAD_DATE);
    let output = sgf(&[
        "check".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
        both.as_os_str(),
        date.as_os_str(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let findings: Vec<Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect();
    assert_eq!(findings.len(), 2, "{findings:?}");
    let error = &findings[0];
    assert_eq!(error["file"], Value::from(both.display().to_string()));
    assert_eq!(error["code"], Value::from("exclusive-properties"));
    assert_eq!(error["severity"], Value::from("error"));
    assert_eq!(error["location"]["property"], Value::from("W"));
    assert_eq!(error["location"]["span"]["line"], Value::from(1));
    assert_eq!(error["location"]["span"]["col"], Value::from(19));
    assert_eq!(error["related"]["span"]["col"], Value::from(14));
    assert!(error["message"].is_string());
    let warning = &findings[1];
    assert_eq!(warning["file"], Value::from(date.display().to_string()));
    assert_eq!(
        (&warning["code"], &warning["severity"]),
        (&Value::from("bad-format"), &Value::from("warning"))
    );
}

#[test]
fn a_directory_is_walked_in_sorted_order_whatever_the_scheduling() {
    let dir = temp_dir("walk");
    // More files than one batch of the parallel runner, so that several batches are printed.
    let count = 300;
    for i in 0..count {
        let bytes = if i % 2 == 0 { BOTH_MOVES } else { BAD_DATE };
        fixture(&dir, &format!("sub/{i:03}.sgf"), bytes);
    }
    fixture(&dir, "clean.sgf", CLEAN);
    fixture(&dir, "readme.txt", BOTH_MOVES);
    let output = sgf(&["check".as_ref(), "--no-source".as_ref(), dir.as_os_str()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let files: Vec<String> = stdout(&output)
        .lines()
        .map(|line| line.split(':').next().expect("a path").to_owned())
        .collect();
    let expected: Vec<String> = (0..count)
        .map(|i| dir.join(format!("sub/{i:03}.sgf")).display().to_string())
        .collect();
    assert_eq!(files, expected, "one finding per file, in sorted order");
    assert_eq!(
        stderr(&output),
        format!("{} files: 150 errors, 150 warnings\n", count + 1)
    );
}

#[test]
fn a_missing_file_exits_3_and_the_others_are_still_checked() {
    let dir = temp_dir("missing");
    let both = fixture(&dir, "both.sgf", BOTH_MOVES);
    let missing = dir.join("missing.sgf");
    let output = sgf(&["check".as_ref(), missing.as_os_str(), both.as_os_str()]);
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("error[exclusive-properties]"),
        "{}",
        stdout(&output)
    );
    let errors = stderr(&output);
    assert!(errors.contains("missing.sgf"), "{errors}");
    assert!(
        errors.ends_with("2 files: 1 error, 0 warnings, 1 unreadable\n"),
        "{errors}"
    );
}

/// Moves of both colours in one node: `repair` splits it.
const TWO_MOVES: &[u8] = b"(;GM[1];B[aa]W[bb])";

#[test]
fn repair_rewrites_a_file_so_that_it_checks_clean() {
    let dir = temp_dir("repair");
    let file = fixture(&dir, "two.sgf", TWO_MOVES);
    let before = sgf(&["check".as_ref(), file.as_os_str()]);
    assert_eq!(before.status.code(), Some(2));

    let output = sgf(&["repair".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(&format!(
            "{}: game 1, node 1: fixed[exclusive-properties]: ",
            file.display()
        )),
        "{text}"
    );
    let repaired = std::fs::read_to_string(&file).expect("readable");
    assert!(
        repaired.contains(";B[aa]") && repaired.contains(";W[bb]"),
        "{repaired}"
    );

    let after = sgf(&["check".as_ref(), file.as_os_str()]);
    assert_eq!(after.status.code(), Some(0), "{}", stdout(&after));
    assert_eq!(stdout(&after), "");

    let again = sgf(&["repair".as_ref(), file.as_os_str()]);
    assert_eq!(again.status.code(), Some(0));
    assert_eq!(stdout(&again), "", "nothing is left to repair");
    assert_eq!(std::fs::read_to_string(&file).expect("readable"), repaired);
}

#[test]
fn repair_dry_run_prints_the_repairs_and_leaves_the_file_unchanged() {
    let dir = temp_dir("dry-run");
    let file = fixture(&dir, "two.sgf", TWO_MOVES);
    let output = sgf(&["repair".as_ref(), "--dry-run".as_ref(), file.as_os_str()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("fixed[exclusive-properties]"),
        "{}",
        stdout(&output)
    );
    assert_eq!(std::fs::read(&file).expect("readable"), TWO_MOVES);
}

#[test]
fn repair_into_a_directory_writes_only_the_repaired_files() {
    let dir = temp_dir("repair-out");
    let input = dir.join("in");
    fixture(&input, "a/two.sgf", TWO_MOVES);
    fixture(&input, "clean.sgf", CLEAN);
    let out = dir.join("out");
    let output = sgf(&[
        "repair".as_ref(),
        input.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        out.join("a/two.sgf").is_file(),
        "kept its path below the argument"
    );
    assert!(
        !out.join("clean.sgf").exists(),
        "nothing to repair, nothing written"
    );
    assert_eq!(
        std::fs::read(input.join("a/two.sgf")).expect("readable"),
        TWO_MOVES,
        "the input is left alone"
    );
}

#[test]
fn repair_exits_2_on_a_file_that_is_not_sgf_and_3_on_a_missing_one() {
    let dir = temp_dir("repair-fail");
    let text = fixture(&dir, "text.sgf", b"no game here");
    let two = fixture(&dir, "two.sgf", TWO_MOVES);
    let output = sgf(&["repair".as_ref(), text.as_os_str(), two.as_os_str()]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("text.sgf:1:1: error"),
        "{}",
        stderr(&output)
    );
    assert_ne!(
        std::fs::read(&two).expect("readable"),
        TWO_MOVES,
        "the other file is still repaired"
    );

    let missing = dir.join("missing.sgf");
    let output = sgf(&["repair".as_ref(), missing.as_os_str(), text.as_os_str()]);
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn repair_over_the_broken_corpus_leaves_nothing_it_fixes_and_nothing_to_repair_again() {
    let corpus = sgf_test_support::needs("corpus/broken");
    let dir = temp_dir("corpus");
    let copy = Command::new("cp")
        .arg("-r")
        .arg(&corpus)
        .arg(&*dir)
        .status()
        .expect("cp runs");
    assert!(copy.success());
    let broken = dir.join("broken");

    let output = sgf(&["repair".as_ref(), broken.as_os_str()]);
    assert_eq!(
        output.status.code(),
        Some(2),
        "files without SGF: {}",
        stderr(&output)
    );
    let fixed: Vec<String> = stdout(&output)
        .lines()
        .filter_map(|line| {
            let code = line.split_once(": fixed[")?.1.split_once(']')?.0;
            Some(code.to_owned())
        })
        .collect();
    assert!(fixed.iter().any(|c| c == "obsolete-property"), "{fixed:?}");

    let again = sgf(&["repair".as_ref(), "--dry-run".as_ref(), broken.as_os_str()]);
    assert_eq!(
        stdout(&again),
        "",
        "repairing a repaired file changes nothing"
    );

    let check = sgf(&[
        "check".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
        broken.as_os_str(),
    ]);
    let left: Vec<String> = stdout(&check)
        .lines()
        .map(|line| {
            let finding: Value = serde_json::from_str(line).expect("each line is JSON");
            finding["code"].as_str().expect("a code").to_owned()
        })
        .collect();
    for code in [
        "exclusive-properties",
        "mixed-property-types",
        "obsolete-property",
        "misplaced-root-property",
        "repeated-point",
        "equal-parts",
    ] {
        assert!(
            !left.iter().any(|c| c == code),
            "{code} is left after repair: {left:?}"
        );
    }
}
