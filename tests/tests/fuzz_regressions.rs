//! Every input a fuzzer ever found, saved under `fuzz/regressions/<target>/`, replayed through
//! the target's check on stable.

use std::path::Path;

use sgf_workspace_tests::fuzz_checks;

fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let input = std::fs::read(entry.path()).expect("a regression input is readable");
        eprintln!("replaying {}", entry.path().display());
        check(&input);
        count += 1;
    }
    count
}

#[test]
fn parse_regressions_stay_fixed() {
    assert!(
        replay("parse", fuzz_checks::parse) >= 1,
        "the parse target has regression inputs"
    );
}

#[test]
fn values_regressions_stay_fixed() {
    assert!(
        replay("values", fuzz_checks::values) >= 1,
        "the values target has regression inputs"
    );
}

#[test]
fn spec_regressions_stay_fixed() {
    replay("spec", fuzz_checks::spec);
}

#[test]
fn lean_regressions_stay_fixed() {
    replay("lean", fuzz_checks::lean);
}

#[test]
fn blocks_regressions_stay_fixed() {
    replay("blocks", fuzz_checks::blocks);
}

#[test]
fn collection_regressions_stay_fixed() {
    assert!(
        replay("collection", fuzz_checks::collection) >= 1,
        "the collection target has regression inputs"
    );
}

#[test]
fn charset_regressions_stay_fixed() {
    replay("charset", fuzz_checks::charset);
}

#[test]
fn repair_regressions_stay_fixed() {
    assert!(
        replay("repair", fuzz_checks::repair) >= 1,
        "the repair target has regression inputs"
    );
}

#[test]
fn typed_roundtrip_regressions_stay_fixed() {
    assert!(
        replay("typed_roundtrip", fuzz_checks::typed_roundtrip) >= 1,
        "the typed_roundtrip target has regression inputs"
    );
}

#[test]
fn roundtrip_regressions_stay_fixed() {
    assert!(
        replay("roundtrip", fuzz_checks::roundtrip) >= 1,
        "the roundtrip target has regression inputs"
    );
}

#[test]
fn formats_regressions_stay_fixed() {
    assert!(
        replay("formats", fuzz_checks::formats) >= 1,
        "the formats target has regression inputs"
    );
}
