//! The checks of the fuzz targets, as ordinary functions: the cargo-fuzz binaries in `fuzz/`
//! call them, and `tests/fuzz_regressions.rs` replays every input saved under
//! `fuzz/regressions/<target>/` through them on stable, so CI keeps every finding fixed.
//! Each panics when its property does not hold.

use arbitrary::Unstructured;
use sgf_core::compact::CompactGame;
use sgf_core::encode::{EncodeOptions, Layout, OutputCharset, encode, encode_to_string};
use sgf_core::finding::Finding;
use sgf_core::value::Context;
use sgf_core::{
    GameProperty, GameSet, GameTree, Parsed, RawProperty, ReadOptions, Tree, TreeVisitor,
};

/// The spec reader on arbitrary text, alone and layered on `FF[4]`: no panic, and every error
/// names a line of the input.
pub fn spec(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = u32::try_from(text.lines().count()).unwrap_or(u32::MAX);
    if let Err(errors) = sgf_spec::load(&[("fuzz.spec", text)]) {
        for error in errors.iter() {
            assert!(
                error.at.line >= 1 && error.at.line <= lines.max(1),
                "{error}"
            );
        }
    }
    let ff4 = sgf_spec_data::FF4;
    let _ = sgf_spec::load(&[(ff4.name, ff4.text), ("fuzz.spec", text)]);
}

/// Raw values read into each game's properties: whatever reads writes raw values that read to
/// the same property. The input is a board size byte, an identifier and values, separated by
/// NUL characters.
pub fn values(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut fields = text.split('\u{0}');
    let Some(size) = fields.next() else { return };
    let size = size.bytes().next().map_or(19, |b| u32::from(b % 60) + 1);
    let Some(ident) = fields.next() else { return };
    let raw = RawProperty::new(ident, fields);
    let ctx = Context::square(size);
    macro_rules! every_game {
        ($(($variant:ident, $property:ident, $module:ident)),*) => {
            $(round_trip::<sgf_core::$property>(&raw, &ctx);)*
        };
    }
    sgf_core::for_each_game!(every_game);
}

fn round_trip<P: GameProperty>(raw: &RawProperty, ctx: &Context) {
    let (property, error) = P::from_raw(raw.clone(), ctx);
    if error.is_none() {
        let (again, error) = P::from_raw(property.to_raw(), ctx);
        assert_eq!(error, None, "{raw} wrote {}", property.to_raw());
        assert_eq!(again, property, "{raw}");
    }
}

/// The whole reading pipeline on arbitrary bytes, lenient and strict: no panic; and whatever
/// reads, written in UTF-8 and read again, writes the same text again.
pub fn parse(data: &[u8]) {
    let _ = sgf_core::parse_with::<sgf_core::GameTree>(data, &ReadOptions::strict());
    if let Ok(first) = sgf_core::parse(data) {
        rewrite(&first);
    }
}

/// The fast structural scanner against the lenient parser on arbitrary bytes: where the fast
/// scanner reads an input, it reads what the lenient parser reads, which finds nothing to
/// report. The bytes are also read with a `(;` in front and a `)` behind, so that most inputs
/// are games and the fast path is taken often.
pub fn lean(data: &[u8]) {
    let wrapped = [b"(;", data, b")"].concat();
    for input in [data, &wrapped] {
        if let Err(disagreement) = sgf_core::syntax::fast_scan_agrees(input) {
            panic!("{:?}: {disagreement}", String::from_utf8_lossy(input));
        }
    }
}

/// The fast scanner's first stage on arbitrary bytes: every way of classifying the input's
/// blocks this processor can run (AVX2, SSE2, plain Rust) gives the byte-by-byte reference's
/// bit masks.
pub fn blocks(data: &[u8]) {
    assert!(sgf_core::__private::blocks_agree(data));
}

/// The compact collection against typed reading on arbitrary bytes, lenient and strict: it
/// reads where typed reading reads, with the same findings once its values are checked; it
/// materialises to the same collection; typed access to each node gives that node's
/// properties; and what it writes, copying nodes or whole trees, reads back as what the typed
/// encoder writes does (the same text, in a layout it copies no node in).
pub fn compact(data: &[u8]) {
    for options in [ReadOptions::default(), ReadOptions::strict()] {
        let typed = sgf_core::parse_with::<GameTree>(data, &options);
        let compact = sgf_core::compact::read(data, &options);
        let (typed, compact) = match (typed, compact) {
            (Err(typed), Err(compact)) => {
                assert_eq!(sorted(compact.findings), sorted(typed.findings));
                continue;
            }
            (Ok(typed), Ok(compact)) => (typed, compact),
            (typed, compact) => panic!("typed: {typed:?}\ncompact: {compact:?}"),
        };
        let collection = &compact.collection;
        let (materialized, mut findings) = collection.materialize::<GameTree>();
        assert!(materialized == typed.collection);
        assert_eq!(materialized.charset, typed.collection.charset);
        if options.mode == sgf_core::Mode::Strict {
            findings.clear();
        }
        findings.extend(compact.findings);
        assert_eq!(sorted(findings), sorted(typed.findings));
        for (game, tree) in collection.games().zip(&typed.collection.games) {
            tree.visit(SameNodes(game));
        }
        for charset in [OutputCharset::Utf8, OutputCharset::Source] {
            let typed_options = EncodeOptions {
                charset,
                ..EncodeOptions::default()
            };
            let Ok(typed_text) = encode(&typed.collection, &typed_options) else {
                // Text the source charset cannot hold (bytes reading replaced).
                assert!(collection.encode(&typed_options).is_err());
                continue;
            };
            let typed_reread = sgf_core::parse(&typed_text).expect("typed text reads");
            for layout in [Layout::NodePerLine, Layout::AsRead] {
                let options = EncodeOptions {
                    layout,
                    ..typed_options
                };
                let written = collection
                    .encode(&options)
                    .expect("what the typed encoder fits");
                let reread =
                    sgf_core::parse(&written).expect("what the compact encoder writes reads");
                assert!(
                    reread.collection == typed_reread.collection,
                    "{charset:?}, {layout:?}:\n{}\n{}",
                    String::from_utf8_lossy(&written),
                    String::from_utf8_lossy(&typed_text)
                );
            }
        }
        let compact_layout = EncodeOptions {
            layout: Layout::Compact,
            ..EncodeOptions::default()
        };
        assert_eq!(
            String::from_utf8(collection.encode(&compact_layout).expect("UTF-8 fits")).ok(),
            Some(encode_to_string(&typed.collection, &compact_layout))
        );
    }
}

/// Findings in a fixed order: readers may report two at the same place in either order.
fn sorted(mut findings: Vec<Finding>) -> Vec<Finding> {
    findings.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    findings
}

/// Checks typed access to each node of a compact tree against the typed tree read from the
/// same bytes.
struct SameNodes<'a>(CompactGame<'a>);

impl TreeVisitor for SameNodes<'_> {
    type Output = ();

    fn visit<P: GameProperty>(self, tree: &Tree<P>) {
        let structure = self.0.structure();
        let mut nodes = self.0.typed::<P>();
        assert_eq!(tree.len(), structure.len());
        for (index, id) in tree.preorder().enumerate() {
            assert_eq!(nodes.props(index as u32), tree.props(id), "node {index}");
        }
    }
}

/// A reading written in UTF-8 and read again: the text, and the second reading, which writes
/// the same text again.
fn rewrite(first: &Parsed) -> (String, Parsed) {
    let options = EncodeOptions::default();
    let text = encode_to_string(&first.collection, &options);
    let second = sgf_core::parse(text.as_bytes()).expect("what the encoder writes reads back");
    assert_eq!(encode_to_string(&second.collection, &options), text);
    (text, second)
}

/// Bytes read, written in UTF-8 and read again: the second reading equals the first (but for
/// the root's `CA`, which writing UTF-8 sets), and writing it again gives the same text.
pub fn roundtrip(data: &[u8]) {
    let Ok(first) = sgf_core::parse(data) else {
        return;
    };
    let (text, second) = rewrite(&first);
    assert!(
        without_ca(second.collection) == without_ca(first.collection),
        "the second reading differs from the first:\n{text}"
    );
}

/// Typed collections made from the bytes by `sgf_core::arbitrary` (every game, every property
/// type, values valid by construction), written with the default options, in the compact
/// layout and wrapped at 30 columns: each reads back without a finding, equal to what was
/// written, and writes the same text again.
pub fn typed_roundtrip(data: &[u8]) {
    let Ok(collection) = sgf_core::arbitrary::arbitrary_collection(&mut Unstructured::new(data))
    else {
        return;
    };
    let compact = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    let wrapped = EncodeOptions {
        wrap: Some(30),
        ..EncodeOptions::default()
    };
    for options in [EncodeOptions::default(), compact, wrapped] {
        let text = encode_to_string(&collection, &options);
        let parsed = sgf_core::parse(text.as_bytes())
            .unwrap_or_else(|e| panic!("what the encoder writes reads back: {e}\n{text}"));
        if let Some(finding) = parsed.findings.first() {
            panic!("what the encoder writes reads without a finding: {finding}\n{text}");
        }
        assert_eq!(parsed.collection, collection, "{text}");
        assert_eq!(encode_to_string(&parsed.collection, &options), text);
    }
}

/// Validation and repair on arbitrary bytes: no panic; every finding on an input that reads is
/// placed in it; a repaired collection keeps every move, has none of the findings repairs fix
/// left, repairs to itself, and reads back from what it writes as it was.
pub fn repair(data: &[u8]) {
    use sgf_core::validate::{check, validate};
    let report = check(data);
    let Ok(parsed) = sgf_core::parse(data) else {
        return;
    };
    for finding in &report.findings {
        assert!(finding.location.span.is_some(), "unplaced: {finding}");
    }
    let mut collection = parsed.collection;
    let before = moves(&collection);
    sgf_core::repair::repair(&mut collection);
    assert_eq!(
        moves(&collection),
        before,
        "a repair lost or changed a move"
    );
    let left: Vec<_> = validate(&collection)
        .findings
        .into_iter()
        .filter(|f| sgf_core::repair::CLEARED.contains(&f.code))
        .collect();
    assert!(left.is_empty(), "left after repair: {left:?}");
    assert_eq!(sgf_core::repair::repair(&mut collection.clone()), []);
    let text = encode_to_string(&collection, &EncodeOptions::default());
    let again = sgf_core::parse(text.as_bytes()).expect("what the encoder writes reads back");
    assert_eq!(
        encode_to_string(&again.collection, &EncodeOptions::default()),
        text
    );
}

/// The values of every move of a collection, sorted: repairs may move a move to a node of its
/// own, never drop or change one.
fn moves(collection: &sgf_core::Collection) -> Vec<String> {
    struct Moves;
    impl sgf_core::TreeVisitor for Moves {
        type Output = Vec<String>;
        fn visit<P: GameProperty>(self, tree: &sgf_core::Tree<P>) -> Vec<String> {
            let is_move = |p: &P| {
                p.definition().is_some_and(|d| {
                    d.value
                        .singles()
                        .iter()
                        .any(|s| s.parts.contains(&sgf_core::spec::Scalar::Move))
                })
            };
            // Each value as its own property reads it, so that a move kept verbatim among
            // others (`W[tt][x]`) compares in the form it takes alone (`W[]`, a pass). The
            // board is the same for both sides: a repair may move `SZ` to the root.
            let ctx = Context::square(19);
            tree.preorder()
                .flat_map(|id| tree.props(id))
                .filter(|p| is_move(p))
                .flat_map(|p| {
                    let raw = p.to_raw();
                    raw.values.into_iter().map(move |v| {
                        let alone = RawProperty::new(&raw.ident, [v]);
                        P::from_raw(alone, &ctx).0.to_raw().to_string()
                    })
                })
                .collect()
        }
    }
    let mut all: Vec<String> = collection
        .games
        .iter()
        .flat_map(|g| sgf_core::GameSet::visit(g, Moves))
        .collect();
    all.sort();
    all
}

/// Labels real files write in `CA`, right or wrong, and some that name nothing.
const LABELS: [&str; 16] = [
    "UTF-8",
    "utf8",
    "GB2312",
    "GBK",
    "Big5",
    "Shift_JIS",
    "MS_KANJI",
    "EUC-KR",
    "EUC-JP",
    "ISO-8859-1",
    "ISO8859_1",
    "windows-1251",
    "KOI8-R",
    "\\C\\P\\1\\2\\5\\1",
    "foo",
    "",
];

/// Random bytes as text under a `CA` picked by the first byte (or none): reading never panics,
/// and what is read, written back in the charset it was read in, reads back the same but for a
/// `CA` corrected to that charset (or the encoder refuses to write it, having read it back).
pub fn charset(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let mut input = b"(;GM[1]".to_vec();
    if let Some(label) = LABELS.get(usize::from(pick) % 20) {
        input.extend_from_slice(format!("CA[{label}]").as_bytes());
    }
    let (names, comment) = body.split_at(body.len().min(12));
    for (ident, value) in [(&b"PB"[..], names), (b"C", comment)] {
        input.extend_from_slice(ident);
        input.push(b'[');
        for &byte in value {
            if matches!(byte, b']' | b'\\') {
                input.push(b'\\');
            }
            input.push(byte);
        }
        input.push(b']');
    }
    input.push(b')');
    let Ok(first) = sgf_core::parse(&input) else {
        return;
    };
    let keep = EncodeOptions {
        charset: sgf_core::encode::OutputCharset::Source,
        ..EncodeOptions::default()
    };
    let Ok(bytes) = sgf_core::encode::encode(&first.collection, &keep) else {
        return;
    };
    let again = sgf_core::parse(&bytes).expect("what the encoder writes reads back");
    assert_eq!(without_ca(again.collection), without_ca(first.collection));
}

/// The collection without the roots' `CA`.
fn without_ca(mut collection: sgf_core::Collection) -> sgf_core::Collection {
    struct Remove;
    impl sgf_core::TreeVisitorMut for Remove {
        type Output = ();
        fn visit_mut<P: GameProperty>(self, tree: &mut sgf_core::Tree<P>) {
            tree.remove(tree.root(), "CA");
        }
    }
    for game in &mut collection.games {
        sgf_core::GameSet::visit_mut(game, Remove);
    }
    collection
}
