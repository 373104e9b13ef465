//! Stage 1 of the fast structural scanner: the input classified 64 bytes at a time into bit
//! masks of the bytes stage 2 stops at (the `]` that are not escaped, the bytes that are not
//! white space), as simdjson's stage 1 does, so that stage 2 jumps from one to the next with
//! `trailing_zeros` instead of looking at every byte.
//!
//! Each 64-byte block is classified once into masks of `]`, `\` and white space: with AVX2 where
//! the processor has it, else with SSE2 on x86_64 (where it is baseline), and elsewhere in plain
//! Rust. All give the same masks, which the tests and the fuzz target `blocks` hold to a
//! byte-by-byte reference. The one thing a block cannot tell alone is whether a `]` is escaped,
//! as the run of `\` before it may start in an earlier block: [`Escapes`] carries that from
//! block to block.

use super::scanner::is_ws;

/// Bit masks of one input: bit `i % 64` of word `i / 64` stands for byte `i`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bits {
    /// `]` that are not escaped: not preceded by an odd-length run of `\` (a `\` escapes the
    /// next byte).
    pub closes: Vec<u64>,
    /// Bytes that are not SGF white space (space, `\t`, `\n`, 0x0B, 0x0C, `\r`).
    pub tokens: Vec<u64>,
}

/// Classifies the whole input. Words past the end of the input hold no bits (the tail block is
/// padded as if with white space that is no `]`).
/// `closes.len() == tokens.len() == input.len().div_ceil(64)`.
pub(crate) fn index(input: &[u8]) -> Bits {
    let mut bits = Bits::default();
    index_into(input, &mut bits);
    bits
}

/// Same as [`index`], reusing the vectors' allocations (cleared first).
pub(crate) fn index_into(input: &[u8], bits: &mut Bits) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    match x86::avx2() {
        Some(avx2) => avx2(input, bits),
        None => x86::sse2(input, bits),
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    portable(input, bits);
}

/// The first set bit at or after `from` in `words`, as a byte offset; `None` if there is none.
pub(crate) fn next(words: &[u64], from: usize) -> Option<usize> {
    let at = from / 64;
    let first = words.get(at)? & (u64::MAX << (from % 64));
    if first != 0 {
        return Some(at * 64 + first.trailing_zeros() as usize);
    }
    let (skipped, word) = words[at + 1..].iter().enumerate().find(|(_, w)| **w != 0)?;
    Some((at + 1 + skipped) * 64 + word.trailing_zeros() as usize)
}

/// Whether [`index`], and every way of indexing this processor can run, give what the
/// byte-by-byte reference gives for `input`: what the fuzz target `blocks` checks.
#[doc(hidden)]
pub fn blocks_agree(input: &[u8]) -> bool {
    let expected = naive(input);
    let mut bits = Bits::default();
    index(input) == expected
        && paths().into_iter().all(|(_, path)| {
            path(input, &mut bits);
            bits == expected
        })
}

/// A way of indexing: what [`index_into`] does, with one classification of blocks.
type Path = fn(&[u8], &mut Bits);

/// Every way of indexing this processor can run, by name, the one [`index`] takes first.
fn paths() -> Vec<(&'static str, Path)> {
    let mut paths: Vec<(&'static str, Path)> = Vec::new();
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        paths.extend(x86::avx2().map(|avx2| ("avx2", avx2)));
        paths.push(("sse2", x86::sse2));
    }
    paths.push(("portable", portable));
    paths
}

/// One block classified, each mask with bit `i` for byte `i` of the block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Raw {
    /// `]`, escaped or not.
    closes: u64,
    /// `\`.
    backslashes: u64,
    /// SGF white space.
    spaces: u64,
}

/// The loop of [`index_into`], with `classify` for each block. Always inlined, so that the loop
/// is compiled with the target features of its caller, and `classify` (a type parameter) is
/// inlined into it.
#[inline(always)]
fn index_with(input: &[u8], bits: &mut Bits, classify: impl Fn(&[u8; 64]) -> Raw) {
    let words = input.len().div_ceil(64);
    bits.closes.clear();
    bits.closes.resize(words, 0);
    bits.tokens.clear();
    bits.tokens.resize(words, 0);
    let (blocks, tail) = input.as_chunks::<64>();
    let mut escapes = Escapes::default();
    let mut step = |block: &[u8; 64], closes: &mut u64, tokens: &mut u64| {
        let raw = classify(block);
        *closes = raw.closes & !escapes.escaped(raw.backslashes);
        *tokens = !raw.spaces;
    };
    let words = bits.closes.iter_mut().zip(&mut bits.tokens);
    for (block, (closes, tokens)) in blocks.iter().zip(words) {
        step(block, closes, tokens);
    }
    if !tail.is_empty() {
        let mut padded = [b' '; 64];
        padded[..tail.len()].copy_from_slice(tail);
        // The tail has the last word, past those of the whole blocks.
        let last = blocks.len();
        step(&padded, &mut bits.closes[last], &mut bits.tokens[last]);
    }
}

/// Which bytes a `\` escapes, block after block.
#[derive(Default)]
struct Escapes {
    /// 1 if the first byte of the next block is escaped (by the last `\` of this one), else 0.
    carry: u64,
}

impl Escapes {
    /// The bytes of the next block that a `\` escapes, given its mask of `\`.
    ///
    /// simdjson's trick: in a run of `\` starting at bit `s`, those at `s`, `s + 2`, … escape
    /// the byte after them. Subtracting the runs from themselves shifted up one bit, with the
    /// odd bits set, borrows through each run that starts at an even bit (making it ones) and
    /// through none that starts at an odd bit (making it zeros); flipping the odd bits back
    /// then leaves, in every run at once, 1 on each `\` that escapes and on the byte after the
    /// run if its last `\` escapes that.
    fn escaped(&mut self, backslashes: u64) -> u64 {
        const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
        // An escaped `\` escapes nothing: its run starts after it.
        let runs = backslashes & !self.carry;
        let escaping = ((runs << 1 | ODD).wrapping_sub(runs)) ^ ODD;
        // The escaping `\` drop out; the escaped ones and the bytes after runs come in.
        let escaped = escaping ^ (backslashes | self.carry);
        self.carry = (escaping & backslashes) >> 63;
        escaped
    }
}

/// [`index_into`] in plain Rust, for any processor.
fn portable(input: &[u8], bits: &mut Bits) {
    index_with(input, bits, classify_portable);
}

/// A block classified in plain Rust that the compiler turns into vector comparisons (a class
/// at a time, as bytes of 0 or 1), each 8 of them then gathered into a byte of the mask.
fn classify_portable(block: &[u8; 64]) -> Raw {
    Raw {
        closes: gather(block.map(|b| u8::from(b == b']'))),
        backslashes: gather(block.map(|b| u8::from(b == b'\\'))),
        spaces: gather(block.map(|b| u8::from(is_ws(b)))),
    }
}

/// The mask of 64 bytes that are each 0 or 1.
fn gather(ones: [u8; 64]) -> u64 {
    let (groups, _) = ones.as_chunks::<8>();
    let mut mask = 0;
    for (k, group) in groups.iter().enumerate() {
        // Byte `j` of the factor is `1 << (7 - j)`, so byte `i` of the group lands on bit
        // `56 + i` of the product, and every other pair below bit 56, each on a bit of its own
        // (so nothing carries), or past bit 63.
        let bits = u64::from_le_bytes(*group).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= bits << (8 * k);
    }
    mask
}

/// The classification with x86_64 vector instructions: SSE2, which every x86_64 processor has,
/// and AVX2, which most of the last decade have. AVX2 takes half the instructions (about 0.7 a
/// byte for the whole index, against 1.5 with SSE2 and 3.6 in plain Rust).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod x86 {
    use core::arch::x86_64::{
        __m128i, __m256i, _mm_add_epi8, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_movemask_epi8,
        _mm_or_si128, _mm_set1_epi8, _mm_setr_epi32, _mm256_add_epi8, _mm256_cmpeq_epi8,
        _mm256_cmpgt_epi8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
        _mm256_setr_epi32,
    };

    use super::{Bits, Path, Raw, index_with};

    /// [`index_into`](super::index_into) with SSE2.
    #[allow(unsafe_code)]
    pub(super) fn sse2(input: &[u8], bits: &mut Bits) {
        // SAFETY: the build enables SSE2, as every x86_64 target does (this module is compiled
        // only where it does), so the program runs only on processors that have it.
        unsafe { index_sse2(input, bits) }
    }

    /// [`index_into`](super::index_into) with AVX2, if the processor has it.
    #[allow(unsafe_code)]
    pub(super) fn avx2() -> Option<Path> {
        std::arch::is_x86_feature_detected!("avx2").then_some(|input, bits| {
            // SAFETY: the processor has AVX2, as this is returned only when it does.
            unsafe { index_avx2(input, bits) }
        })
    }

    /// The whole loop compiled for SSE2, so that the intrinsics are inlined into it.
    #[target_feature(enable = "sse2")]
    fn index_sse2(input: &[u8], bits: &mut Bits) {
        index_with(input, bits, |block| classify_sse2(block));
    }

    /// The whole loop compiled for AVX2, so that the intrinsics are inlined into it.
    #[target_feature(enable = "avx2")]
    fn index_avx2(input: &[u8], bits: &mut Bits) {
        index_with(input, bits, |block| classify_avx2(block));
    }

    /// A block classified 16 bytes at a time.
    #[target_feature(enable = "sse2")]
    fn classify_sse2(block: &[u8; 64]) -> Raw {
        let mut raw = Raw::default();
        for (i, chunk) in block.as_chunks::<16>().0.iter().enumerate() {
            // Built from four words, which LLVM merges into one load: `_mm_loadu_si128`
            // would take a raw pointer, and so `unsafe`.
            let (words, _) = chunk.as_chunks::<4>();
            let word = |j: usize| i32::from_le_bytes(words[j]);
            let x = _mm_setr_epi32(word(0), word(1), word(2), word(3));
            let splat = |b: u8| _mm_set1_epi8(b as i8);
            let close = _mm_cmpeq_epi8(x, splat(b']'));
            let backslash = _mm_cmpeq_epi8(x, splat(b'\\'));
            // Adding 0x77 takes 0x09..=0x0D to -128..=-124, the five `i8` below 0x85 (-123).
            let control = _mm_cmpgt_epi8(splat(0x85), _mm_add_epi8(x, splat(0x77)));
            let space = _mm_or_si128(control, _mm_cmpeq_epi8(x, splat(b' ')));
            let mask = |bytes: __m128i| u64::from(_mm_movemask_epi8(bytes) as u16) << (16 * i);
            raw.closes |= mask(close);
            raw.backslashes |= mask(backslash);
            raw.spaces |= mask(space);
        }
        raw
    }

    /// A block classified 32 bytes at a time, as [`classify_sse2`] does 16.
    #[target_feature(enable = "avx2")]
    fn classify_avx2(block: &[u8; 64]) -> Raw {
        let mut raw = Raw::default();
        for (i, chunk) in block.as_chunks::<32>().0.iter().enumerate() {
            let (words, _) = chunk.as_chunks::<4>();
            let word = |j: usize| i32::from_le_bytes(words[j]);
            let x = _mm256_setr_epi32(
                word(0),
                word(1),
                word(2),
                word(3),
                word(4),
                word(5),
                word(6),
                word(7),
            );
            let splat = |b: u8| _mm256_set1_epi8(b as i8);
            let close = _mm256_cmpeq_epi8(x, splat(b']'));
            let backslash = _mm256_cmpeq_epi8(x, splat(b'\\'));
            let control = _mm256_cmpgt_epi8(splat(0x85), _mm256_add_epi8(x, splat(0x77)));
            let space = _mm256_or_si256(control, _mm256_cmpeq_epi8(x, splat(b' ')));
            let mask = |bytes: __m256i| u64::from(_mm256_movemask_epi8(bytes) as u32) << (32 * i);
            raw.closes |= mask(close);
            raw.backslashes |= mask(backslash);
            raw.spaces |= mask(space);
        }
        raw
    }
}

/// The masks worked out byte by byte, the obvious way: what [`index`] must give.
fn naive(input: &[u8]) -> Bits {
    let words = input.len().div_ceil(64);
    let mut bits = Bits {
        closes: vec![0; words],
        tokens: vec![0; words],
    };
    // How many `\` come right before the current byte.
    let mut run = 0;
    for (i, &b) in input.iter().enumerate() {
        let bit = 1 << (i % 64);
        if b == b']' && run % 2 == 0 {
            bits.closes[i / 64] |= bit;
        }
        if !is_ws(b) {
            bits.tokens[i / 64] |= bit;
        }
        run = if b == b'\\' { run + 1 } else { 0 };
    }
    bits
}

#[cfg(test)]
mod tests;
