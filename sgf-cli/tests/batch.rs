//! The commands over directories and many files: walking (nested, sorted, only `*.sgf`),
//! `stats` numbers, `fmt` into a directory, in place and `--check`, `convert` between
//! charsets, and exit statuses.

use std::path::Path;

use serde_json::Value;

mod common;

use common::{TempDir, sgf, stderr, stdout, temp_dir};

fn write(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("a directory");
    std::fs::write(path, bytes).expect("a fixture");
}

/// `古力`, `李世石` and `中文评论` in GBK, without `CA`.
const GBK: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[\xb9\xc5\xc1\xa6]PW[\xc0\xee\xca\xc0\xca\xaf]\
C[\xd6\xd0\xce\xc4\xc6\xc0\xc2\xdb];B[pd];W[dp])";

/// A tree of fixtures: nested directories, an upper-case extension, files that are not SGF.
///
/// | file                 | games        | nodes | moves | depth | charset | findings                            |
/// |----------------------|--------------|-------|-------|-------|---------|-------------------------------------|
/// | a.sgf                | Go           | 6     | 5     | 5     | UTF-8   |                                     |
/// | d.sgf                | Go           | 2     | 1     | 2     | UTF-8   | repeated PB                         |
/// | sub/b.SGF            | Go, Hex      | 2 + 1 | 1 + 0 | 2, 1  | UTF-8   |                                     |
/// | sub/deeper/c.sgf     | Go           | 3     | 2     | 3     | GBK     | charset detected                    |
fn fixtures(name: &str) -> TempDir {
    let dir = temp_dir(name);
    write(
        &dir.join("a.sgf"),
        b"(;GM[1]FF[4]CA[UTF-8]SZ[9];B[aa];W[bb](;B[cc])(;B[dd];W[ee]))",
    );
    write(&dir.join("d.sgf"), b"(;GM[1]PB[a]PB[b];B[aa])");
    write(&dir.join("sub/b.SGF"), b"(;GM[1];B[aa])(;GM[11]C[hex])");
    write(&dir.join("sub/deeper/c.sgf"), GBK);
    write(&dir.join("notes.txt"), b"(;GM[1];B[aa])");
    write(&dir.join("sub/backup.sgf.bak"), b"(;GM[1];B[aa])");
    dir
}

#[test]
fn dump_walks_directories_in_sorted_order_and_skips_other_files() {
    let dir = fixtures("dump-walk");
    for flag in ["--jsonl", "--json"] {
        let output = sgf(&[dir.as_os_str(), flag.as_ref()]
            .iter()
            .map(|s| s.to_os_string())
            .chain(std::iter::once("dump".into()))
            .rev()
            .collect::<Vec<_>>());
        assert!(output.status.success(), "{}", stderr(&output));
        let games: Vec<(String, u64)> = stdout(&output)
            .lines()
            .map(|line| {
                let game: Value = serde_json::from_str(line).expect("JSON");
                let file = game["file"].as_str().expect("a file");
                let relative = Path::new(file)
                    .strip_prefix(&dir)
                    .expect("under the argument");
                (
                    relative.display().to_string(),
                    game["game"].as_u64().expect("a number"),
                )
            })
            .collect();
        assert_eq!(
            games,
            [
                ("a.sgf".to_owned(), 1),
                ("d.sgf".to_owned(), 1),
                ("sub/b.SGF".to_owned(), 1),
                ("sub/b.SGF".to_owned(), 2),
                ("sub/deeper/c.sgf".to_owned(), 1),
            ]
        );
    }
}

#[test]
fn a_directory_is_walked_in_the_order_of_its_paths_by_component() {
    // By bytes, `a-b.sgf` < `a.sgf` < `a/z.sgf` (`-` < `.` < `/`); by component the
    // directory `a` comes first, as its name is a prefix of the others.
    let dir = temp_dir("walk-order");
    for name in ["a.sgf", "a-b.sgf", "a/z.sgf", "a/y/x.sgf", "b/a.sgf"] {
        write(&dir.join(name), b"(;GM[1];B[aa])");
    }
    let output = sgf(&["dump".as_ref(), dir.as_os_str()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let files: Vec<String> = stdout(&output)
        .lines()
        .map(|line| {
            let game: Value = serde_json::from_str(line).expect("JSON");
            let file = Path::new(game["file"].as_str().expect("a file"));
            let relative = file.strip_prefix(&dir).expect("under the argument");
            relative.display().to_string()
        })
        .collect();
    let mut by_component: Vec<&Path> = files.iter().map(Path::new).collect();
    by_component.sort();
    assert_eq!(
        files,
        ["a/y/x.sgf", "a/z.sgf", "a-b.sgf", "a.sgf", "b/a.sgf"]
    );
    assert_eq!(
        files.iter().map(Path::new).collect::<Vec<_>>(),
        by_component
    );
}

#[test]
fn stats_counts_exactly_and_its_json_reads_back() {
    let dir = fixtures("stats");
    let output = sgf(&["stats".as_ref(), dir.as_os_str(), "--json".as_ref()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let stats: Value = serde_json::from_str(&stdout(&output)).expect("one JSON object");
    for (key, expected) in [
        ("files", 4),
        ("unreadable", 0),
        ("games", 5),
        ("nodes", 14),
        ("moves", 9),
    ] {
        assert_eq!(stats[key], Value::from(expected), "{key} in {stats}");
    }
    assert_eq!(
        stats["games_by_type"],
        serde_json::json!([
            {"gm": 1, "name": "Go", "games": 4},
            {"gm": 11, "name": "Hex", "games": 1},
        ])
    );
    assert_eq!(
        stats["files_by_charset"],
        serde_json::json!({"GBK": 1, "UTF-8": 3})
    );
    assert_eq!(
        stats["files_by_charset_decision"],
        serde_json::json!([
            {"charset": "GBK", "decision": "detected", "files": 1},
            {"charset": "UTF-8", "decision": "declared or ASCII", "files": 3},
        ])
    );
    assert_eq!(
        stats["findings"],
        serde_json::json!([
            {"code": "charset-detected", "severity": "info", "count": 1},
            {"code": "repeated-property", "severity": "error", "count": 1},
        ]),
        "the findings of `sgf check --min-severity info`, by code and severity"
    );
    assert!(stats.get("diagnostics").is_none(), "{stats}");
    let deepest: Vec<(String, u64)> = stats["deepest_games"]
        .as_array()
        .expect("deepest games")
        .iter()
        .map(|g| {
            let file = Path::new(g["file"].as_str().expect("a file"));
            let name = file.file_name().expect("a name").to_string_lossy();
            (
                format!("{name}#{}", g["game"]),
                g["depth"].as_u64().expect("a depth"),
            )
        })
        .collect();
    let expected = [
        ("a.sgf#1", 5),
        ("c.sgf#1", 3),
        ("d.sgf#1", 2),
        ("b.SGF#1", 2),
    ];
    let expected: Vec<(String, u64)> = expected.map(|(n, d)| (n.to_owned(), d)).to_vec();
    assert_eq!(
        deepest[..4],
        expected[..],
        "ties are ordered by path: d.sgf before sub/b.SGF"
    );
    assert_eq!(deepest.len(), 5);
    let largest = stats["largest_files"].as_array().expect("largest files");
    assert_eq!(largest.len(), 4);
    let largest: Vec<(&str, u64)> = largest
        .iter()
        .map(|f| {
            let file = Path::new(f["file"].as_str().expect("a file"));
            let name = file.file_name().and_then(|n| n.to_str()).expect("a name");
            (name, f["bytes"].as_u64().expect("a size"))
        })
        .collect();
    assert_eq!(
        largest,
        [("a.sgf", 61), ("c.sgf", 60), ("b.SGF", 29), ("d.sgf", 24)]
    );

    let text = sgf(&["stats".as_ref(), dir.as_os_str()]);
    let text = stdout(&text);
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().eq(["nodes", "14"])),
        "{text}"
    );
    assert!(text.contains("GM[11] Hex"), "{text}");
    assert!(text.contains("\nfindings by code:\n"), "{text}");
    assert!(
        text.lines().any(|l| l
            .split_whitespace()
            .eq(["repeated-property", "(error)", "1"])),
        "{text}"
    );
}

#[test]
fn stats_counts_unreadable_files_and_exits_with_3() {
    let dir = fixtures("unreadable");
    write(&dir.join("sub/empty.sgf"), b"");
    let output = sgf(&["stats".as_ref(), dir.as_os_str(), "--json".as_ref()]);
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    let stats: Value = serde_json::from_str(&stdout(&output)).expect("one JSON object");
    assert_eq!(stats["files"], Value::from(5));
    assert_eq!(stats["unreadable"], Value::from(1));
    assert_eq!(
        stats["games"],
        Value::from(5),
        "the other files are counted"
    );
    assert!(stderr(&output).contains("empty.sgf:1:1: error"));
}

#[test]
fn fmt_into_a_directory_keeps_relative_paths() {
    let dir = fixtures("fmt-tree");
    let out = temp_dir("fmt-tree-out");
    let output = sgf(&[
        "fmt".as_ref(),
        dir.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    // FF[4] files name their charset; the others have no FF, so they are FF[1] files, and
    // FF[1] defines no CA.
    for (name, ff4) in [
        ("a.sgf", true),
        ("d.sgf", false),
        ("sub/b.SGF", false),
        ("sub/deeper/c.sgf", true),
    ] {
        let text = std::fs::read_to_string(out.join(name)).expect("written as UTF-8");
        assert_eq!(text.contains("CA[UTF-8]"), ff4, "{name}: {text}");
    }
    assert!(
        std::fs::read_to_string(out.join("sub/deeper/c.sgf"))
            .expect("written")
            .contains("PB[古力]")
    );
    assert!(!out.join("notes.txt").exists());
    let check = sgf(&["fmt".as_ref(), "--check".as_ref(), out.as_os_str()]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

#[test]
fn fmt_reports_two_inputs_with_the_same_output_and_writes_the_first() {
    let dir = temp_dir("fmt-clash");
    write(&dir.join("one/x.sgf"), b"(;GM[1]C[one])");
    write(&dir.join("two/x.sgf"), b"(;GM[1]C[two])");
    let out = dir.join("out");
    let output = sgf(&[
        "fmt".as_ref(),
        dir.join("one/x.sgf").as_os_str(),
        dir.join("two/x.sgf").as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(output.status.code(), Some(3));
    assert!(stderr(&output).contains("two/x.sgf"), "{}", stderr(&output));
    let written = std::fs::read_to_string(out.join("x.sgf")).expect("written");
    assert!(written.contains("C[one]"), "{written}");
}

#[test]
fn fmt_check_fails_until_the_files_are_formatted_in_place() {
    let dir = fixtures("fmt-check");
    let before = std::fs::read(dir.join("a.sgf")).expect("a fixture");
    let check = sgf(&["fmt".as_ref(), "--check".as_ref(), dir.as_os_str()]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    assert_eq!(stdout(&check).lines().count(), 4, "{}", stdout(&check));
    assert_eq!(
        std::fs::read(dir.join("a.sgf")).expect("still there"),
        before,
        "--check writes nothing"
    );

    let fmt = sgf(&["fmt".as_ref(), dir.as_os_str()]);
    assert!(fmt.status.success(), "{}", stderr(&fmt));
    let after = std::fs::read_to_string(dir.join("sub/deeper/c.sgf")).expect("rewritten");
    assert!(
        after.contains("CA[UTF-8]") && after.contains("PB[古力]"),
        "{after}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).expect("untouched"),
        "(;GM[1];B[aa])"
    );

    let check = sgf(&["fmt".as_ref(), "--check".as_ref(), dir.as_os_str()]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    assert_eq!(stdout(&check), "");
}

#[cfg(unix)]
#[test]
fn fmt_in_place_leaves_the_original_intact_when_it_cannot_write() {
    use std::os::unix::fs::PermissionsExt;

    let dir = temp_dir("fmt-readonly");
    let file = dir.join("locked/x.sgf");
    let original = b"(;GM[1];B[aa];W[bb])".as_slice();
    write(&file, original);
    let locked = dir.join("locked");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).expect("chmod");
    // Root (and anyone with CAP_DAC_OVERRIDE) writes into read-only directories anyway, so
    // there is nothing to observe then: probe for that and skip.
    if std::fs::write(locked.join("probe"), b"").is_ok() {
        eprintln!("skipped: this user can write into a read-only directory (root?)");
        let _ = std::fs::remove_file(locked.join("probe"));
        return;
    }
    let output = sgf(&["fmt".as_ref(), file.as_os_str()]);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
    assert_eq!(std::fs::read(&file).expect("still there"), original);
    let names: Vec<_> = std::fs::read_dir(&locked)
        .expect("readable")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    assert_eq!(names, ["x.sgf"], "no temporary file is left behind");
}

#[test]
fn convert_to_gbk_writes_gbk_bytes_that_read_back_equal() {
    let dir = temp_dir("convert-gbk");
    let source = dir.join("in/zh.sgf");
    write(
        &source,
        "(;GM[1]FF[4]CA[UTF-8]PB[古力]PW[李世石]C[中文评论];B[pd])".as_bytes(),
    );
    let out = dir.join("out");
    let output = sgf(&[
        "convert".as_ref(),
        "--to".as_ref(),
        "GBK".as_ref(),
        dir.join("in").as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let bytes = std::fs::read(out.join("zh.sgf")).expect("written");
    let contains = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    assert!(contains(b"CA[GBK]"), "{}", String::from_utf8_lossy(&bytes));
    assert!(contains(b"PB[\xb9\xc5\xc1\xa6]"), "古力 in GBK");
    assert!(std::str::from_utf8(&bytes).is_err(), "not UTF-8 any more");

    let dump = |path: &Path| -> Value {
        let output = sgf(&["dump".as_ref(), path.as_os_str()]);
        assert!(output.status.success(), "{}", stderr(&output));
        serde_json::from_str(stdout(&output).trim()).expect("one game")
    };
    let (before, after) = (dump(&source), dump(&out.join("zh.sgf")));
    assert_eq!(after["charset"], Value::from("GBK"));
    for ident in ["PB", "PW", "C"] {
        assert_eq!(
            before["nodes"][0]["props"][ident],
            after["nodes"][0]["props"][ident]
        );
    }
    assert_eq!(after["nodes"][1], before["nodes"][1]);
}

#[test]
fn convert_from_a_detected_charset_sets_ca() {
    let dir = temp_dir("convert-detected");
    write(&dir.join("c.sgf"), GBK);
    let out = dir.join("out");
    let output = sgf(&[
        "convert".as_ref(),
        dir.join("c.sgf").as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = std::fs::read_to_string(out.join("c.sgf")).expect("UTF-8 by default");
    assert!(
        text.contains("CA[UTF-8]") && text.contains("PW[李世石]"),
        "{text}"
    );
}

#[test]
fn convert_to_a_charset_without_the_text_fails_with_2_and_writes_nothing() {
    let dir = temp_dir("convert-1252");
    write(&dir.join("zh.sgf"), "(;GM[1]CA[UTF-8]PB[古力])".as_bytes());
    write(&dir.join("en.sgf"), b"(;GM[1]PB[Caf\xc3\xa9])");
    let out = dir.join("out");
    let output = sgf(&[
        "convert".as_ref(),
        "--to".as_ref(),
        "windows-1252".as_ref(),
        dir.join("zh.sgf").as_os_str(),
        dir.join("en.sgf").as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(stderr(&output).contains("zh.sgf"), "{}", stderr(&output));
    assert!(!out.join("zh.sgf").exists(), "nothing written for it");
    let en = std::fs::read(out.join("en.sgf")).expect("the other file is converted");
    assert!(
        en.windows(8).any(|w| w == b"PB[Caf\xe9]"),
        "{}",
        String::from_utf8_lossy(&en)
    );

    let unknown = sgf(&["convert", "--to", "klingon", "x.sgf", "-o", "out"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("klingon"), "{}", stderr(&unknown));
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn stats_runs_over_the_bulk_corpus() {
    let bulk = sgf_test_support::needs("corpus/bulk");
    let started = std::time::Instant::now();
    let output = sgf(&["stats".as_ref(), bulk.as_os_str(), "--json".as_ref()]);
    let elapsed = started.elapsed();
    assert!(
        output.status.code().is_some_and(|c| c == 0 || c == 3),
        "{}",
        stderr(&output)
    );
    let stats: Value = serde_json::from_str(&stdout(&output)).expect("one JSON object");
    let count = |key: &str| stats[key].as_u64().expect("a count");
    eprintln!(
        "bulk corpus in {elapsed:?}: {} files ({} unreadable), {} games, {} nodes, {} moves",
        count("files"),
        count("unreadable"),
        count("games"),
        count("nodes"),
        count("moves"),
    );
    assert!(count("files") > 1000);
    assert!(count("unreadable") < count("files") / 100, "{stats}");
    assert!(count("games") >= count("files") - count("unreadable"));
    assert!(count("moves") <= count("nodes"));
    assert_eq!(output.status.code() == Some(3), count("unreadable") > 0);
}
