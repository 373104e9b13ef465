//! Every way of indexing (AVX2, SSE2, plain Rust) against the byte-by-byte reference.

use sgf_test_support::Rng;

use super::*;

/// The bytes that make escapes interesting, over and over, with a little of everything else.
const DENSE: &[u8] = b"\\\\\\\\]]] a\t[";

/// `len` bytes, each from `alphabet`.
fn text(rng: &mut Rng, alphabet: &[u8], len: usize) -> Vec<u8> {
    (0..len).map(|_| *rng.pick(alphabet)).collect()
}

/// `index`, and every way of indexing this processor can run, give what the reference gives
/// on `input`.
fn check(input: &[u8]) {
    let expected = naive(input);
    assert_eq!(index(input), expected, "{:?}", input.escape_ascii());
    let mut bits = Bits::default();
    for (name, path) in paths() {
        path(input, &mut bits);
        assert_eq!(bits, expected, "{name} on {:?}", input.escape_ascii());
    }
}

/// The offsets of the set bits of `words`.
fn offsets(words: &[u64]) -> Vec<usize> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = next(words, from) {
        found.push(at);
        from = at + 1;
    }
    found
}

/// A block classified byte by byte, white space spelled out.
fn bytewise(block: &[u8; 64]) -> Raw {
    let mut raw = Raw::default();
    for (i, b) in block.iter().enumerate() {
        let bit = 1 << i;
        match b {
            b']' => raw.closes |= bit,
            b'\\' => raw.backslashes |= bit,
            b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r' => raw.spaces |= bit,
            _ => {}
        }
    }
    raw
}

#[test]
fn every_byte_at_every_position_is_classified() {
    for background in [b'a', b' ', b'\\', b']', 0xFF] {
        for byte in 0..=u8::MAX {
            for at in 0..64 {
                let mut block = [background; 64];
                block[at] = byte;
                let expected = bytewise(&block);
                assert_eq!(classify_portable(&block), expected, "{byte:#04x} at {at}");
                check(&block);
            }
        }
    }
}

#[test]
fn random_blocks_are_classified() {
    let mut rng = Rng::new(64);
    let every_byte: Vec<u8> = (0..=u8::MAX).collect();
    for round in 0..4000 {
        let alphabet = if round % 2 == 0 { DENSE } else { &every_byte };
        let block: [u8; 64] = text(&mut rng, alphabet, 64).try_into().expect("64 bytes");
        let expected = bytewise(&block);
        assert_eq!(
            classify_portable(&block),
            expected,
            "{:?}",
            block.escape_ascii()
        );
        check(&block);
    }
}

#[test]
fn the_best_path_this_processor_has_comes_first() {
    let names: Vec<&str> = paths().into_iter().map(|(name, _)| name).collect();
    let mut expected = Vec::new();
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        if std::arch::is_x86_feature_detected!("avx2") {
            expected.push("avx2");
        }
        expected.push("sse2");
    }
    expected.push("portable");
    assert_eq!(names, expected);
    eprintln!("paths: {names:?}");
}

#[test]
fn escapes_are_told_from_their_bytes() {
    assert_eq!(index(br"a\]b]").closes, [1 << 4]);
    assert_eq!(index(br"a\\]").closes, [1 << 3]);
    assert_eq!(index(br"\\\]]").closes, [1 << 4]);
    assert_eq!(index(b"a ]\t\n").tokens, [0b101]);
    for case in [
        &br"a\]b]"[..],
        br"a\\]",
        br"\",
        br"]\",
        br"\\\\]\]]",
        b"",
        b" ",
        b"]",
    ] {
        check(case);
    }
}

#[test]
fn runs_of_backslashes_cross_blocks() {
    for run in [1, 2, 63, 64, 65, 66, 127, 128, 129, 130, 131] {
        for before in [0, 1, 2, 31, 62, 63, 64, 65] {
            let mut input = vec![b'x'; before];
            input.extend(std::iter::repeat_n(b'\\', run));
            input.extend(b"]]");
            check(&input);
            let closes = offsets(&index(&input).closes);
            let end = before + run;
            let expected = if run % 2 == 0 {
                vec![end, end + 1]
            } else {
                vec![end + 1]
            };
            assert_eq!(closes, expected, "{run} `\\` after {before} bytes");
        }
    }
}

#[test]
fn inputs_around_a_block_long() {
    for len in [0, 1, 63, 64, 65, 127, 128, 129] {
        for fill in [b'a', b' ', b']', b'\\'] {
            let input = vec![fill; len];
            check(&input);
            let bits = index(&input);
            assert_eq!(bits.closes.len(), len.div_ceil(64));
            assert_eq!(bits.tokens.len(), len.div_ceil(64));
            let tokens = if fill == b' ' { 0 } else { len };
            assert_eq!(offsets(&bits.tokens).len(), tokens, "{len} of {fill}");
        }
    }
}

#[test]
fn every_short_text_across_a_block_boundary() {
    // Every text of 8 bytes out of 4, written over the boundary of the first two blocks.
    const ALPHABET: [u8; 4] = [b'\\', b']', b'a', b' '];
    let mut input = vec![b'\\'; 128];
    for n in 0..4usize.pow(8) {
        for (i, byte) in input[60..68].iter_mut().enumerate() {
            *byte = ALPHABET[n / 4usize.pow(i as u32) % 4];
        }
        check(&input);
    }
}

#[test]
fn random_inputs_match_the_reference() {
    let mut rng = Rng::new(130);
    let every_byte: Vec<u8> = (0..=u8::MAX).collect();
    for round in 0..3000 {
        let alphabet = match round % 3 {
            0 => DENSE,
            1 => b"\\\\\\\\\\\\\\]",
            _ => &every_byte,
        };
        let len = rng.below(400);
        check(&text(&mut rng, alphabet, len));
    }
}

#[test]
fn next_steps_over_words() {
    let words = [0, 1 << 63, 0, 0, 1 | 1 << 5];
    assert_eq!(next(&words, 0), Some(127));
    assert_eq!(next(&words, 127), Some(127));
    assert_eq!(next(&words, 128), Some(256));
    assert_eq!(next(&words, 256), Some(256));
    assert_eq!(next(&words, 257), Some(261));
    assert_eq!(next(&words, 262), None);
    assert_eq!(next(&words, 320), None);
    assert_eq!(next(&words, usize::MAX), None);
    assert_eq!(next(&[], 0), None);
    assert_eq!(next(&[0, 0], 3), None);
    assert_eq!(next(&[u64::MAX], 63), Some(63));
    assert_eq!(offsets(&words), [127, 256, 261]);
}

#[test]
fn index_into_forgets_the_last_input() {
    let mut bits = index(&[b']'; 200]);
    index_into(b"]", &mut bits);
    assert_eq!(bits, index(b"]"));
    index_into(b"", &mut bits);
    assert_eq!(bits, Bits::default());
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn every_corpus_file_matches_the_reference() {
    let files = sgf_test_support::sgf_files(&sgf_test_support::corpus());
    let mut bytes = 0;
    for path in &files {
        let input = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(blocks_agree(&input), "{}", path.display());
        bytes += input.len();
    }
    assert!(!files.is_empty(), "the corpus has .sgf files");
    eprintln!(
        "{} files, {bytes} bytes: index agrees with the reference",
        files.len()
    );
}

#[test]
#[ignore = "timing: run with --release and read the figure"]
fn throughput() {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let files = sgf_test_support::sgf_files(std::path::Path::new(examples));
    let mut input = Vec::with_capacity(50 << 20);
    for path in files.iter().cycle() {
        if input.len() >= 50 << 20 {
            break;
        }
        input.extend(std::fs::read(path).expect("an example is readable"));
    }
    let mut bits = Bits::default();
    for (name, path) in paths() {
        let best = (0..10)
            .map(|_| {
                let start = std::time::Instant::now();
                path(std::hint::black_box(&input), &mut bits);
                std::hint::black_box(&bits);
                start.elapsed()
            })
            .min()
            .expect("ten runs");
        let gb_per_s = input.len() as f64 / best.as_secs_f64() / 1e9;
        eprintln!(
            "{name}: {} bytes in {best:?}, {gb_per_s:.2} GB/s",
            input.len()
        );
        assert_eq!(bits.tokens.len(), input.len().div_ceil(64));
    }
}
