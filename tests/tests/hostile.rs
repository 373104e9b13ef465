//! Inputs written to hurt, each made at three sizes (1x, 10x, 100x), through every way the
//! Rust API reads, checks, repairs, draws and writes them. A counting allocator measures the
//! most memory held at once: it must grow linearly with the input, never with what the input
//! expands to (a rectangle of 2,704 points, a fault repeated a million times). Time is the
//! benchmark's (`cargo bench -p sgf-bench`); only memory is measured here.

// A global allocator that counts is `unsafe` to write: it forwards to the system's.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use sgf_core::diagram::{Diagram, svg};
use sgf_core::encode::EncodeOptions;
use sgf_core::finding::MAX_LISTED;
use sgf_core::tree::NodeId;
use sgf_core::{GoProperty, ReadOptions, read};
use sgf_test_support::hostile::GENERATORS;

/// The system allocator, counting the bytes held and the most held at once.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let block = unsafe { System.alloc(layout) };
        if !block.is_null() {
            let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(held, Ordering::Relaxed);
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(block, layout) };
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: the counts are the whole process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The most bytes held at once above what was held before `work` ran.
fn peak_of(work: impl FnOnce()) -> usize {
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    work();
    PEAK.load(Ordering::Relaxed) - before
}

/// Everything the API does to a file: read, validate, repair (sources' quirks too), draw its
/// last node (a Go game), write it, and strip its analysis.
fn everything(input: &[u8]) {
    let mut collection = read(input, &ReadOptions::default()).expect("lenient reading reads it");
    let report = sgf_core::validate::validate(&collection);
    assert!(
        report.findings.len() <= 40 * MAX_LISTED,
        "{}",
        report.findings.len()
    );
    let game = collection.game(0);
    if game.gm() == 1 {
        let tree = game.tree::<GoProperty>();
        let last = tree.preorder().last().unwrap_or(NodeId::ROOT);
        std::hint::black_box(svg(&tree, last, &Diagram::default()));
    }
    std::hint::black_box(
        collection
            .encode(&EncodeOptions::default())
            .expect("writes"),
    );
    let options = sgf_core::repair::RepairOptions {
        source_quirks: true,
    };
    sgf_core::repair::repair_with(&mut collection, &options);
    std::hint::black_box(sgf_core::validate::validate(&collection));
    std::hint::black_box(sgf_core::source::strip_analysis(&mut collection));
}

#[test]
fn memory_grows_linearly_with_the_input_for_every_generator() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let base = 300;
    for (name, generate) in GENERATORS {
        let sizes: Vec<(usize, usize)> = [1, 10, 100]
            .iter()
            .map(|&times| {
                let input = generate(base * times);
                (input.len(), peak_of(|| everything(input.as_bytes())))
            })
            .collect();
        let per_byte: Vec<f64> = sizes
            .iter()
            .map(|&(len, peak)| peak as f64 / len as f64)
            .collect();
        let table = format!("{name}: (input bytes, peak bytes) {sizes:?}");
        println!("{table}");
        // Linear: from 10x to 100x, memory grows at most as the input (with slack for buffers
        // that double), and the largest holds a bounded multiple of the input (a board's worth
        // of state set aside: 16 MiB).
        let (small, large) = (sizes[1], sizes[2]);
        assert!(
            large.1 as f64 <= 15.0 * small.1.max(1 << 20) as f64,
            "not linear: {table}"
        );
        assert!(
            large.1 <= 200 * large.0 + (16 << 20),
            "{:.0} bytes held a byte of input: {table}",
            per_byte[2]
        );
    }
}
