//! Running SGFC: building it from `../shared/tools/sgfc` with its own script, and reading its
//! findings (`Line:L Col:C - Error N (critical): message`) from many files on all cores.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// Where SGFC's source and build script are.
const SOURCE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/tools/sgfc");

/// How bad SGFC says a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Kind {
    Warning,
    Error,
    Fatal,
}

/// One finding of SGFC's.
#[derive(Clone, Debug)]
pub(crate) struct Finding {
    pub(crate) kind: Kind,
    /// The number of its message (`error_mesg` in SGFC's `error.c`, counted from 1).
    pub(crate) number: u32,
    /// Where it is; 0 when SGFC gives no place.
    pub(crate) line: u32,
    pub(crate) col: u32,
    pub(crate) message: String,
}

/// What SGFC says about one file.
#[derive(Clone, Debug, Default)]
pub(crate) struct Report {
    pub(crate) findings: Vec<Finding>,
}

impl Report {
    /// The kinds and numbers of the findings: what two reports are compared by.
    pub(crate) fn kinds(&self) -> BTreeSet<(Kind, u32)> {
        self.findings.iter().map(|f| (f.kind, f.number)).collect()
    }

    /// Whether SGFC could not read the file at all.
    pub(crate) fn fatal(&self) -> bool {
        self.findings.iter().any(|f| f.kind == Kind::Fatal)
    }

    /// Whether SGFC reported message `number`.
    pub(crate) fn has(&self, number: u32) -> bool {
        self.findings.iter().any(|f| f.number == number)
    }

    /// Whether SGFC calls the file wrong: an error, or a fatal one.
    pub(crate) fn has_error(&self) -> bool {
        self.findings.iter().any(|f| f.kind != Kind::Warning)
    }
}

/// A built SGFC.
pub(crate) struct Sgfc {
    binary: PathBuf,
    /// Reports by the bytes read and the options: SGFC's report depends on nothing else, and
    /// many writers write the same bytes for a file (or its input's own), so each is run once.
    reports: Mutex<HashMap<Run, Report>>,
}

/// What SGFC reads in one run: a file's bytes, and the options.
type Run = (Vec<u8>, Vec<String>);

impl Sgfc {
    /// Builds SGFC with its script (once per machine: the script reuses an earlier build), or
    /// says why it cannot: its source is absent. A source that does not build fails the test.
    pub(crate) fn build() -> Result<Sgfc, String> {
        let script = Path::new(SOURCE).join("build.sh");
        if !script.is_file() {
            return Err(format!("SGFC's source is not at {SOURCE}"));
        }
        let output = Command::new("bash")
            .arg(&script)
            .output()
            .map_err(|e| format!("{}: {e}", script.display()))?;
        let binary = String::from_utf8_lossy(&output.stdout)
            .lines()
            .last()
            .map(|line| PathBuf::from(line.trim()))
            .filter(|path| output.status.success() && path.is_file())
            .unwrap_or_else(|| {
                panic!(
                    "{} did not build SGFC: {}",
                    script.display(),
                    String::from_utf8_lossy(&output.stderr)
                )
            });
        Ok(Sgfc {
            binary,
            reports: Mutex::default(),
        })
    }

    /// SGFC's report on one file, read with these options (writing nothing); run once for the
    /// same bytes and options.
    pub(crate) fn check(&self, file: &Path, options: &[String]) -> Report {
        let key = (
            std::fs::read(file).expect("a readable file"),
            options.to_vec(),
        );
        if let Some(report) = self.reports.lock().expect("no worker panicked").get(&key) {
            return report.clone();
        }
        let report = self.run(file, options);
        let mut reports = self.reports.lock().expect("no worker panicked");
        reports.insert(key, report.clone());
        report
    }

    /// SGFC run on one file.
    fn run(&self, file: &Path, options: &[String]) -> Report {
        let output = Command::new(&self.binary)
            .args(options)
            .arg(file)
            .output()
            .expect("SGFC runs");
        let text = String::from_utf8_lossy(&output.stdout);
        Report {
            findings: text.lines().filter_map(parse_line).collect(),
        }
    }
}

/// `work` done on each item, results in order, on all cores.
pub(crate) fn parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = items.len().div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|items| scope.spawn(|| items.iter().map(&work).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker"))
            .collect()
    })
}

/// A finding from a line of SGFC's output: `[Line:L Col:C - ]Kind N[ (critical)]: message`.
fn parse_line(line: &str) -> Option<Finding> {
    let (place, rest) = match line.strip_prefix("Line:") {
        Some(rest) => {
            let (place, rest) = rest.split_once(" - ")?;
            let (l, c) = place.split_once(" Col:")?;
            ((l.parse().ok()?, c.parse().ok()?), rest)
        }
        None => ((0, 0), line),
    };
    let (kind, rest) = [
        ("Fatal error ", Kind::Fatal),
        ("Error ", Kind::Error),
        ("Warning ", Kind::Warning),
    ]
    .into_iter()
    .find_map(|(word, kind)| Some((kind, rest.strip_prefix(word)?)))?;
    let (head, message) = rest.split_once(": ")?;
    let number = head.trim_end_matches(" (critical)").parse().ok()?;
    Some(Finding {
        kind,
        number,
        line: place.0,
        col: place.1,
        message: message.to_owned(),
    })
}

#[test]
fn lines_of_sgfc_output_read_into_findings() {
    let finding =
        parse_line("Line:13 Col:8 - Error 13 (critical): property <B> may have only ONE value")
            .expect("a finding");
    assert_eq!(
        (finding.kind, finding.number, finding.line, finding.col),
        (Kind::Error, 13, 13, 8)
    );
    let fatal = parse_line("Fatal error 7: no SGF data found - start mark '(;' missing?")
        .expect("a finding without a place");
    assert_eq!((fatal.kind, fatal.number, fatal.line), (Kind::Fatal, 7, 0));
    assert!(parse_line("test.sgf: 50 error(s)  18 warning(s)  (critical:11)").is_none());
}
