//! Every command on records of other formats (sgf-core's fixtures in `tests/formats/`): told
//! by their extension or, where it names none, by their content; findings shown at the lines
//! of the file; converted to SGF beside their names, never over them.

use std::path::{Path, PathBuf};

mod common;

use common::{sgf, stderr, stdout, temp_dir};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../sgf-core/tests/formats")
        .join(name)
}

#[test]
fn check_shows_the_line_of_the_file_a_finding_is_about() {
    // A GIB in GB2312, cut in its last move line.
    let path = fixture("cut-short.gib");
    let file = std::fs::read(&path).expect("the fixture");
    let last = file.split(|&b| b == b'\n').count();
    assert!(file.ends_with(b"\nSTO 0 22 1 9"));
    let output = sgf(&["check".as_ref(), path.as_os_str()]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(2), "{text}{}", stderr(&output));
    let at = format!("cut-short.gib:{last}:1: error[bad-record-line]");
    assert!(text.contains(&at), "{text}");
    assert!(text.contains(&format!(" {last} | STO 0 22 1 9")), "{text}");
}

#[test]
fn convert_writes_sgf_beside_each_name_under_the_directory() {
    let out = temp_dir("convert-formats");
    let dir = fixture("");
    let output = sgf(&[
        "convert".as_ref(),
        dir.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for name in ["utf8.gib", "gb2312.ngf", "shift_jis.ugf", "euc-kr.ugi"] {
        let written = std::fs::read_to_string(out.join(format!("{name}.sgf"))).expect(name);
        assert!(
            written.starts_with("(;FF[4]CA[UTF-8]GM[1]SZ[19]"),
            "{written}"
        );
    }
    let output = sgf(&["check".as_ref(), out.join("euc-kr.ugi.sgf").as_os_str()]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

#[test]
fn a_record_is_never_rewritten_in_place_as_sgf() {
    let dir = temp_dir("in-place");
    let path = dir.join("game.ngf");
    let before = std::fs::read(fixture("utf8.ngf")).expect("fixture");
    std::fs::write(&path, &before).expect("copied");
    for command in ["fmt", "repair"] {
        let output = sgf(&[command.as_ref(), path.as_os_str()]);
        assert_eq!(
            output.status.code(),
            Some(3),
            "{command}: {}",
            stderr(&output)
        );
        assert!(stderr(&output).contains("-o DIR"), "{}", stderr(&output));
        assert_eq!(
            std::fs::read(&path).expect("still there"),
            before,
            "{command}"
        );
    }
}

#[test]
fn a_record_is_told_by_its_content_where_its_extension_says_nothing() {
    let dir = temp_dir("sniffed");
    let path = dir.join("download.txt");
    std::fs::copy(fixture("gb2312.gib"), &path).expect("copied");
    let output = sgf(&["dump".as_ref(), path.as_os_str()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let dumped = stdout(&output);
    assert!(
        dumped.contains("李世石") && dumped.contains("\"GBK\""),
        "{dumped}"
    );
}

#[test]
fn stats_export_and_render_take_records_of_every_format() {
    let dir = fixture("");
    let output = sgf(&["stats".as_ref(), dir.as_os_str()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let stats = stdout(&output);
    assert!(
        stats.contains("EUC-KR") && stats.contains("Shift_JIS"),
        "{stats}"
    );
    for format in ["GIB (Tygem)", "NGF (WBaduk, Cyberoro)", "UGF (Pandanet)"] {
        assert!(stats.contains(format), "{stats}");
    }

    let out = temp_dir("export-formats");
    let output = sgf(&[
        "export".as_ref(),
        dir.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(out.join("games.parquet").exists() && out.join("moves.parquet").exists());

    let svg = out.join("board.svg");
    let game = fixture("euc-kr-handicap.ngf");
    let output = sgf(&[
        "render".as_ref(),
        game.as_os_str(),
        "-o".as_ref(),
        svg.as_os_str(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let drawn = std::fs::read_to_string(&svg).expect("drawn");
    assert!(
        drawn.starts_with("<svg") || drawn.contains("<svg"),
        "{drawn}"
    );
}
