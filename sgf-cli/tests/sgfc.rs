//! SGFC, the reference checker, as the outside judge of the shared corpus (see `SGFC.md`): what
//! `fmt`, `convert`, `repair` and the collection's encoder write gets no finding SGFC
//! did not report on the input; the
//! files `check` flags with an error are files SGFC flags too, or are named in `SGFC.md`; and
//! every error SGFC reports on its own test file has one of ours on its line.
//!
//! SGFC is built from `../shared/tools/sgfc` (never linked in); where it cannot be, the tests say
//! so and pass. They are ignored by default, as they need the corpus (`.ci/run` runs them).

mod common;
#[path = "sgfc/runner.rs"]
mod runner;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use common::{sgf, temp_dir};
use runner::{Kind, Report, Sgfc, parallel};
use sgf_core::ReadOptions;
use sgf_core::encode::{EncodeOptions, Layout};
use sgf_core::finding::Code;

/// SGFC's own test file, in the corpus.
const TEST_FILE: &str = "broken/herzbube+littlego/sgf/sgfc/test.sgf";

/// The document with the table of SGFC's messages and the files we flag alone.
const DOC: &str = include_str!("../../SGFC.md");

/// SGFC and the corpus. The corpus must be there (the tests are ignored by default for it);
/// where SGFC cannot be built from `../shared/tools/sgfc`, the tests say why and pass.
fn setup() -> Option<(&'static Sgfc, &'static Path)> {
    static SETUP: OnceLock<(PathBuf, Result<Sgfc, String>)> = OnceLock::new();
    let (corpus, sgfc) = SETUP.get_or_init(|| (sgf_test_support::corpus(), Sgfc::build()));
    match sgfc {
        Ok(sgfc) => Some((sgfc, corpus)),
        Err(why) => {
            eprintln!("skipped: {why}");
            None
        }
    }
}

/// The `*.sgf` files of the corpus, relative to it, sorted.
fn corpus_files(corpus: &Path) -> &'static [PathBuf] {
    static FILES: OnceLock<Vec<PathBuf>> = OnceLock::new();
    FILES.get_or_init(|| {
        let relative = |path: PathBuf| path.strip_prefix(corpus).expect("below").to_path_buf();
        // Sorted as the full paths were: they share the prefix.
        sgf_test_support::sgf_files(corpus)
            .into_iter()
            .map(relative)
            .collect()
    })
}

/// What SGFC says about an input: as it reads it by default (its verdict), and as it reads all
/// of it (what outputs are compared with).
struct Baseline {
    plain: Report,
    report: Report,
}

/// The baseline of every corpus file, by relative path.
fn inputs(sgfc: &Sgfc, corpus: &Path) -> &'static BTreeMap<PathBuf, Baseline> {
    static INPUTS: OnceLock<BTreeMap<PathBuf, Baseline>> = OnceLock::new();
    INPUTS.get_or_init(|| {
        let scratch = temp_dir("baselines");
        let files = corpus_files(corpus);
        let numbered: Vec<(usize, &PathBuf)> = files.iter().enumerate().collect();
        let baselines = parallel(&numbered, |(n, file)| {
            baseline(sgfc, &corpus.join(file), &scratch.join(format!("{n}.sgf")))
        });
        files.iter().cloned().zip(baselines).collect()
    })
}

/// SGFC's reports on an input: by default, and read whole where SGFC's own reading stops short
/// of the data our reader recovers. A file that lost the `(` or `;` of a game tree (SGFC finds
/// no SGF, or reads from a later variation on) is read from a copy in `scratch` with them put
/// back where our reader assumes them; the rest as [`whole`] reads it.
fn baseline(sgfc: &Sgfc, file: &Path, scratch: &Path) -> Baseline {
    let plain = sgfc.check(file, &[]);
    let bytes = std::fs::read(file).expect("a readable corpus file");
    let Ok(collection) = sgf_core::read(&bytes, &ReadOptions::default()) else {
        return Baseline {
            report: plain.clone(),
            plain,
        };
    };
    let mut mended = bytes.clone();
    let mut assumed: Vec<(usize, u8)> = (collection.findings().iter())
        .filter_map(|f| match f.code {
            Code::MissingOpenParen => Some((f.location.span?.start, b'(')),
            Code::MissingSemicolon => Some((f.location.span?.start, b';')),
            _ => None,
        })
        .collect();
    assumed.sort_unstable();
    for &(at, byte) in assumed.iter().rev() {
        mended.insert(at, byte);
    }
    let report = if assumed.is_empty() {
        whole(sgfc, file, plain.clone())
    } else {
        std::fs::write(scratch, &mended).expect("a scratch file");
        whole(sgfc, scratch, sgfc.check(scratch, &[]))
    };
    Baseline { plain, report }
}

/// SGFC's report on a file (`report`, read by default) read whole where SGFC's charset handling
/// stops it: where its detection goes wrong (its message 73), the file is read in the charset
/// ours reads it in; where its trees are in different charsets (75), with `-E2`, as SGFC
/// advises.
fn whole(sgfc: &Sgfc, file: &Path, report: Report) -> Report {
    let charset = || {
        let bytes = std::fs::read(file).ok()?;
        let collection = sgf_core::read(&bytes, &ReadOptions::default()).ok()?;
        Some(format!("--encoding={}", collection.charset().name()))
    };
    let retries = [
        report.has(73).then(charset).flatten(),
        report.has(75).then(|| "-E2".to_owned()),
    ];
    for option in retries.into_iter().flatten() {
        let again = sgfc.check(file, &[option]);
        if !again.fatal() {
            return again;
        }
    }
    report
}

#[test]
#[ignore = "needs ../shared/corpus and ../shared/tools/sgfc"]
fn writing_gets_no_sgfc_finding_the_input_did_not_get() {
    let Some((sgfc, corpus)) = setup() else {
        return;
    };
    let inputs = inputs(sgfc, corpus);
    let modes: [(&str, &[&str]); 5] = [
        ("fmt", &["fmt"]),
        ("fmt --keep-charset", &["fmt", "--keep-charset"]),
        ("convert --to UTF-8", &["convert", "--to", "UTF-8"]),
        ("repair", &["repair"]),
        ("repair --source-quirks", &["repair", "--source-quirks"]),
    ];
    let mut worse = Vec::new();
    let writers = modes
        .into_iter()
        .map(|(name, args)| (name, Some(args)))
        .chain([
            ("collection encode", None),
            ("collection encode as read", None),
        ]);
    for (name, args) in writers {
        let out = temp_dir(&name.replace([' ', '-'], ""));
        match args {
            Some(args) => {
                let mut command: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
                command.extend([corpus.as_os_str(), "-o".as_ref(), out.as_os_str()]);
                let status = sgf(&command).status;
                assert!(status.code().is_some(), "sgf {name} ran to its end");
            }
            None => {
                let layout = if name.ends_with("as read") {
                    Layout::AsRead
                } else {
                    Layout::NodePerLine
                };
                write_collection(corpus, inputs.keys(), layout, &out);
            }
        }
        let written: Vec<&PathBuf> = inputs.keys().filter(|f| out.join(f).exists()).collect();
        // Each output as SGFC reads it by default, and whole.
        let outputs = parallel(&written, |file| {
            let output = out.join(file);
            let plain = sgfc.check(&output, &[]);
            (plain.clone(), whole(sgfc, &output, plain))
        });
        let (mut unread, mut files_worse) = (0, 0);
        for (file, (plain, output)) in written.iter().zip(&outputs) {
            let input = &inputs[*file];
            if input.report.fatal() {
                unread += 1;
                continue;
            }
            // Where SGFC read the input as it is, it must read the output as it is too.
            let stops = plain.fatal() && !input.plain.fatal();
            let mut new: BTreeSet<_> = output
                .kinds()
                .difference(&input.report.kinds())
                .copied()
                .collect();
            if stops {
                new.extend(
                    plain
                        .kinds()
                        .into_iter()
                        .filter(|(kind, _)| *kind == Kind::Fatal),
                );
            }
            if !new.is_empty() {
                files_worse += 1;
                worse.push(format!("{name}: {}: {new:?}", file.display()));
            }
        }
        eprintln!(
            "{name}: {} files written, {files_worse} with a new SGFC finding \
             ({unread} inputs SGFC cannot read at all, not compared)",
            written.len()
        );
    }
    assert!(
        worse.is_empty(),
        "{} writes get SGFC findings their input did not get:\n{}",
        worse.len(),
        worse.join("\n")
    );
}

/// Writes each file that reads into `out` (at the same relative path) with the collection's
/// encoder, which copies unedited nodes (or, as read, trees) from the input.
fn write_collection<'a>(
    corpus: &Path,
    files: impl Iterator<Item = &'a PathBuf>,
    layout: Layout,
    out: &Path,
) {
    for file in files {
        let input = std::fs::read(corpus.join(file)).expect("a corpus file reads");
        let Ok(collection) = sgf_core::read(&input, &ReadOptions::default()) else {
            continue;
        };
        let bytes = collection
            .encode(&EncodeOptions {
                layout,
                ..EncodeOptions::default()
            })
            .expect("UTF-8 fits any text");
        let path = out.join(file);
        std::fs::create_dir_all(path.parent().expect("a file has a folder")).expect("mkdir");
        std::fs::write(path, bytes).expect("the output is written");
    }
}

#[test]
#[ignore = "needs ../shared/corpus and ../shared/tools/sgfc"]
fn files_we_flag_with_an_error_are_flagged_by_sgfc_too() {
    let Some((sgfc, corpus)) = setup() else {
        return;
    };
    let inputs = inputs(sgfc, corpus);
    let output = sgf(&[
        "check".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
        "--min-severity".as_ref(),
        "error".as_ref(),
        "--quiet".as_ref(),
        corpus.as_os_str(),
    ]);
    let mut ours = BTreeSet::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let finding: serde_json::Value = serde_json::from_str(line).expect("a line of JSON");
        let file = finding["file"].as_str().expect("a file");
        ours.insert(
            Path::new(file)
                .strip_prefix(corpus)
                .expect("below")
                .to_path_buf(),
        );
    }
    let mut table = [[0usize; 2]; 2];
    let mut only_ours = BTreeSet::new();
    for (file, input) in inputs {
        let (theirs, mine) = (input.plain.has_error(), ours.contains(file));
        table[usize::from(theirs)][usize::from(mine)] += 1;
        if mine && !theirs {
            only_ours.insert(file.clone());
        }
    }
    eprintln!(
        "error verdicts over {} files (SGFC / ours): both {}, neither {}, only ours {}, only SGFC {}",
        inputs.len(),
        table[1][1],
        table[0][0],
        table[0][1],
        table[1][0]
    );
    let justified = justified_files();
    let unexplained: Vec<_> = only_ours.difference(&justified).collect();
    let stale: Vec<_> = justified.difference(&only_ours).collect();
    assert!(
        unexplained.is_empty() && stale.is_empty(),
        "files we flag with an error and SGFC does not, not named in SGFC.md: {unexplained:#?}\n\
         named in SGFC.md but no longer flagged by us alone: {stale:#?}"
    );
}

/// SGFC's messages about reading a file (recoveries, corrected values, games other than Go,
/// charsets): where it gives one, it may replay another tree than ours.
const READS_DIFFERENTLY: &[u32] = &[
    6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 19, 20, 21, 25, 36, 37, 54, 65, 66, 67, 73, 75,
];

#[test]
#[ignore = "needs ../shared/corpus and ../shared/tools/sgfc"]
fn board_checks_agree_with_sgfc_where_both_replay_the_same_tree() {
    let Some((sgfc, corpus)) = setup() else {
        return;
    };
    let files = corpus_files(corpus);
    let restrictive = vec!["-r".to_owned()];
    let theirs = parallel(files, |file| sgfc.check(&corpus.join(file), &restrictive));
    let output = sgf(&[
        "check".as_ref(),
        "--format".as_ref(),
        "json".as_ref(),
        "--quiet".as_ref(),
        corpus.as_os_str(),
    ]);
    let mut ours: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let finding: serde_json::Value = serde_json::from_str(line).expect("a line of JSON");
        let file = Path::new(finding["file"].as_str().expect("a file"));
        let code = finding["code"].as_str().expect("a code").to_owned();
        let file = file.strip_prefix(corpus).expect("below").to_path_buf();
        ours.entry(file).or_default().insert(code);
    }
    let pairs = [
        (58, "occupied-point"),
        (39, "setup-no-effect"),
        (61, "handicap-mismatch"),
        (63, "same-colour-twice"),
    ];
    let mut disagree = Vec::new();
    for (number, code) in pairs {
        let mut table = [[0usize; 2]; 2];
        let mut same_tree = [[0usize; 2]; 2];
        for (file, report) in files.iter().zip(&theirs) {
            let (sgfc_says, we_say) = (
                report.has(number),
                ours.get(file).is_some_and(|codes| codes.contains(code)),
            );
            table[usize::from(sgfc_says)][usize::from(we_say)] += 1;
            if READS_DIFFERENTLY.iter().any(|&n| report.has(n)) {
                continue;
            }
            same_tree[usize::from(sgfc_says)][usize::from(we_say)] += 1;
            // 61 and 63 are SGFC's restrictive checks, whose rules ours differ from on
            // purpose (SGFC.md): compared, not required to agree.
            if sgfc_says != we_say && matches!(number, 58 | 39) {
                disagree.push(format!(
                    "{}: SGFC {number} {sgfc_says}, {code} {we_say}",
                    file.display()
                ));
            }
        }
        eprintln!(
            "SGFC {number} / {code}: files with both {}, only SGFC {}, only ours {}; where both \
             replay the same tree: both {}, only SGFC {}, only ours {}",
            table[1][1],
            table[1][0],
            table[0][1],
            same_tree[1][1],
            same_tree[1][0],
            same_tree[0][1]
        );
    }
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
}

#[test]
#[ignore = "needs ../shared/corpus and ../shared/tools/sgfc"]
fn every_error_sgfc_finds_in_its_test_file_has_one_of_ours_on_its_line() {
    let Some((sgfc, corpus)) = setup() else {
        return;
    };
    let file = corpus.join(TEST_FILE);
    let theirs = sgfc.check(&file, &[]);
    let input = std::fs::read(&file).expect("the test file");
    let ours = sgf_core::validate::check(&input, &ReadOptions::default());
    let codes = codes_by_message();
    let lines: BTreeSet<u32> = rows("## Lines of SGFC's test.sgf")
        .map(|row| row[0].parse().expect("a line number"))
        .collect();
    let (mut matched, mut explained, mut missed) = (0, Vec::new(), Vec::new());
    for finding in theirs.findings.iter().filter(|f| f.kind != Kind::Warning) {
        let Some(accepted) = codes.get(&finding.number) else {
            panic!("SGFC.md has no row for message {}", finding.number);
        };
        if accepted.is_empty() || lines.contains(&finding.line) {
            explained.push((finding.line, finding.number));
            continue;
        }
        let found = ours.findings.iter().any(|f| {
            f.location.span.is_some_and(|s| s.line == finding.line)
                && accepted.contains(f.code.as_str())
        });
        if found {
            matched += 1;
        } else {
            missed.push(format!(
                "{}:{}: SGFC {} {} (accepted: {accepted:?})",
                finding.line, finding.col, finding.number, finding.message
            ));
        }
    }
    eprintln!(
        "SGFC's test.sgf: {matched} of its errors matched on their line, {} explained in \
         SGFC.md (line, message: {explained:?}), {} missed",
        explained.len(),
        missed.len()
    );
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}

/// The codes of ours that stand for each of SGFC's messages, from the table in `SGFC.md`
/// (empty where the table gives none); ranges of numbers (`1–5`) are left out.
fn codes_by_message() -> BTreeMap<u32, BTreeSet<&'static str>> {
    let mut codes = BTreeMap::new();
    for row in rows("## SGFC's messages and our codes") {
        let Ok(number) = row[0].parse::<u32>() else {
            continue;
        };
        let ours = row.get(3).copied().unwrap_or_default();
        let accepted = ours.split('`').skip(1).step_by(2).collect();
        codes.insert(number, accepted);
    }
    codes
}

/// The files `SGFC.md` names as flagged by us alone, with the reason.
fn justified_files() -> BTreeSet<PathBuf> {
    rows("## Files we flag and SGFC does not")
        .map(|row| PathBuf::from(row[0].trim_matches('`')))
        .collect()
}

/// The cells of the rows of the first table under `heading` in `SGFC.md` (header and rule
/// left out).
fn rows(heading: &str) -> impl Iterator<Item = Vec<&'static str>> {
    let section = DOC.split_once(heading).map_or("", |(_, rest)| {
        rest.split("\n## ").next().unwrap_or_default()
    });
    section
        .lines()
        .filter(|line| line.starts_with('|'))
        .skip(2)
        .map(|line| {
            line.trim_matches('|')
                .split(" | ")
                .map(str::trim)
                .collect::<Vec<_>>()
        })
}

#[test]
fn the_sgfc_table_has_a_row_for_every_message() {
    let codes = codes_by_message();
    let ranges = [1..=5, 26..=27, 48..=49, 56..=57, 68..=70];
    for number in 1..=75 {
        let ranged = ranges.iter().any(|r| r.contains(&number));
        assert!(
            codes.contains_key(&number) != ranged,
            "SGFC.md: message {number}"
        );
    }
    assert!(!justified_files().is_empty());
}

/// The records of other formats sgf-core's fixtures hold (GIB, NGF, UGF and UGI, in UTF-8,
/// GB2312, EUC-KR and Shift_JIS, damaged ones too), converted by `sgf convert` and written back
/// in their own charset by `sgf fmt --keep-charset`: SGFC finds nothing in any of them, no
/// error and no warning, and converting twice gives the same bytes.
#[test]
#[ignore = "needs ../shared/tools/sgfc"]
fn records_of_other_formats_convert_to_sgf_that_sgfc_finds_nothing_in() {
    let sgfc = match Sgfc::build() {
        Ok(sgfc) => sgfc,
        Err(why) => {
            eprintln!("skipped: {why}");
            return;
        }
    };
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../sgf-core/tests/formats");
    let mut checked = 0;
    let mut wrong = Vec::new();
    let mut first = None;
    for (name, args) in [
        ("convert", &["convert"][..]),
        ("convert again", &["convert"][..]),
        ("fmt --keep-charset", &["fmt", "--keep-charset"][..]),
    ] {
        let out = temp_dir(&name.replace([' ', '-'], ""));
        let mut command: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        command.extend([fixtures.as_os_str(), "-o".as_ref(), out.as_os_str()]);
        let output = sgf(&command);
        assert_eq!(output.status.code(), Some(0), "sgf {name}: {output:?}");
        let mut written: Vec<PathBuf> = std::fs::read_dir(&*out)
            .expect("written")
            .map(|e| e.expect("an entry").path())
            .collect();
        written.sort();
        assert!(written.len() >= 20, "{written:?}");
        let bytes: Vec<Vec<u8>> = written
            .iter()
            .map(|p| std::fs::read(p).expect("read"))
            .collect();
        match name {
            "convert" => first = Some(bytes),
            "convert again" => assert_eq!(first.as_ref(), Some(&bytes), "converting twice"),
            _ => {}
        }
        for file in &written {
            let report = sgfc.check(file, &[]);
            checked += 1;
            if !report.findings.is_empty() {
                wrong.push(format!("{name}: {}: {:?}", file.display(), report.findings));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    eprintln!("{checked} converted records, no SGFC finding");
}
