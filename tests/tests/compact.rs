//! The compact collection held to typed reading (`fuzz_checks::compact`): on the bundled
//! examples, on damaged and unusual inputs, on random edits of a game, and on every corpus file.

use sgf_test_support::Rng;
use sgf_workspace_tests::fuzz_checks;

#[test]
fn the_bundled_examples_read_compact_as_typed() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut count = 0;
    for entry in std::fs::read_dir(dir)
        .expect("the examples exist")
        .flatten()
    {
        fuzz_checks::compact(&std::fs::read(entry.path()).expect("an example reads"));
        count += 1;
    }
    assert!(count >= 3);
}

#[test]
fn unusual_inputs_read_compact_as_typed() {
    for input in [
        &b"(;GM[1]SZ[9];B[aa];W[bb](;B[cc])(;B[dd];W[ee]))"[..],
        b"(;FF[4]CA[UTF-8]C[caf\xc3\xa9 \\] x];B[pd]C[one]C[two];AB[aa][bb]AB[cc])",
        b"(;CA[ISO-8859-1]C[caf\xe9];B[pd])",
        b"(;GM[1];B[zz];W[tt];KM[six])",
        b"(;GM[2];B[aa])(;GM[3]SZ[8];B[a1])",
        b"junk(;B[aa]$?[x];W[bb]",
        b"(;AddBlack[aa];B[pd])",
        b"\xef\xbb\xbf(;C[bom])",
        b"\xff\xfe(\x00;\x00B\x00[\x00a\x00a\x00]\x00)\x00",
        b"(;CA[GB2312]PB[\xb9\xc5\x5d];B[aa])",
        b"()",
        b"",
        // A node without properties before white space, in an input that is not all UTF-8.
        b"(;C[\xff])(;GM[1]FF[4]; \n;B[aa])",
    ] {
        fuzz_checks::compact(input);
    }
}

#[test]
fn random_edits_of_a_game_read_compact_as_typed() {
    let game: &[u8] = b"(;GM[1]FF[4]SZ[19]PB[Black]C[a \\] comment (;B[aa\\])]\n;B[pd];W[dd]AB[aa]AB[bb]\n(;B[pp]C[x\\\\];W[dp])(;B[dq];W[cq](;B[aa])(;B[bb])))";
    let alphabet = b"[]();\\ aB\nCW";
    let mut rng = Rng::new(11);
    for _ in 0..3_000 {
        fuzz_checks::compact(&rng.edit(game, alphabet, 3));
    }
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_corpus_file_reads_compact_as_typed() {
    let corpus = sgf_test_support::corpus();
    let mut files = 0;
    for path in sgf_test_support::sgf_files(&corpus) {
        let input = std::fs::read(&path).expect("a corpus file reads");
        // The check's own panic says what differs; this names the file.
        if std::panic::catch_unwind(|| fuzz_checks::compact(&input)).is_err() {
            panic!("{}", path.display());
        }
        files += 1;
    }
    assert!(files > 1_000, "{files}");
}
