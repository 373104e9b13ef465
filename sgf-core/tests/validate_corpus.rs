//! Validation of the real files in ../shared/corpus: no panic, every broken file gets a report,
//! and every finding on a file that reads is placed in it. Ignored by default, as they need the
//! corpus.
//! `cargo test -p sgf-core --test validate_corpus -- --ignored --nocapture` prints the findings by code.

mod common;

use std::collections::BTreeMap;

use common::{corpus, manifest_files};
use sgf_core::ReadOptions;
use sgf_core::validate::check;
use sgf_test_support::files_under;

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_broken_file_gets_a_report() {
    let broken = files_under(&corpus().join("broken"));
    assert!(!broken.is_empty(), "the corpus has broken files");
    let mut silent = Vec::new();
    for path in &broken {
        let input = std::fs::read(path).expect("a readable file");
        let report = check(&input, &ReadOptions::default());
        if report.findings.is_empty() {
            silent.push(path.display().to_string());
        }
    }
    // A file kept in broken/ for what a viewer made of it may be valid SGF; say which are.
    eprintln!(
        "{} broken files, {} with no finding: {silent:?}",
        broken.len(),
        silent.len()
    );
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn findings_over_the_corpus_are_placed_and_counted_by_code() {
    let dir = corpus();
    let mut by_code: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    let mut unplaced = Vec::new();
    let (mut files, mut clean) = (0, 0);
    for (local, input) in manifest_files(&dir) {
        files += 1;
        let report = check(&input, &ReadOptions::default());
        clean += usize::from(report.is_clean());
        let mut seen = Vec::new();
        for finding in &report.findings {
            let key = (finding.code.to_string(), finding.severity.to_string());
            let entry = by_code.entry(key.clone()).or_default();
            entry.0 += 1;
            if !seen.contains(&key) {
                entry.1 += 1;
                seen.push(key);
            }
            if finding.location.span.is_none() {
                unplaced.push(format!("{local}: {finding}"));
            }
        }
    }
    eprintln!("{files} files, {clean} clean (no warning or error)");
    eprintln!("| code | severity | findings | files |\n| --- | --- | ---: | ---: |");
    for ((code, severity), (count, in_files)) in &by_code {
        eprintln!("| {code} | {severity} | {count} | {in_files} |");
    }
    assert!(
        unplaced.is_empty(),
        "{} findings without a place, e.g. {:?}",
        unplaced.len(),
        &unplaced[..unplaced.len().min(5)]
    );
}
