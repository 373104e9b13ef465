//! The checks of the fuzz targets, as ordinary functions: the cargo-fuzz binaries in `fuzz/`
//! call them, and `tests/fuzz_regressions.rs` replays every input saved under
//! `fuzz/regressions/<target>/` through them on stable, so CI keeps every finding fixed.
//! Each panics when its property does not hold.

use arbitrary::Unstructured;
use sgf_core::encode::{EncodeOptions, Layout, OutputCharset};
use sgf_core::finding::{Code, Finding};
use sgf_core::game_set::{GameDispatch, GameSet, TreeVisitor, TreeVisitorMut};
use sgf_core::property::RawProperty;
use sgf_core::tree::Links;
use sgf_core::validate::validate;
use sgf_core::value::Context;
use sgf_core::{Collection, GameProperty, GameTree, Mode, NodeId, ReadOptions, Tree};

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
            $(round_trip::<sgf_core::property::$property>(&raw, &ctx);)*
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

/// The whole reading pipeline on arbitrary bytes, lenient and strict: no panic, every node of
/// every tree typed; and whatever reads, written in UTF-8 and read again, writes the same text
/// again.
pub fn parse(data: &[u8]) {
    if let Ok(strict) = sgf_core::read(data, &ReadOptions::strict()) {
        let _ = strict.to_trees();
    }
    if let Ok(first) = read(data) {
        let _ = first.to_trees();
        rewrite(&first);
    }
}

/// Reads bytes leniently.
fn read(data: &[u8]) -> Result<Collection, sgf_core::ParseError> {
    sgf_core::read(data, &ReadOptions::default())
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

/// The one model's guarantees on arbitrary bytes, read leniently and strictly:
/// - reading: [`Collection::read`] reads where [`Collection::read_all`] does, with the same
///   findings, and refuses only what strict mode refuses (an error of reading, or a value its
///   property does not take, each reported); what strict reading reads, lenient reading reads
///   the same;
/// - findings: validation reports every finding of reading, once;
/// - typed views are the owned copies: node by node, [`Game::typed`](sgf_core::Game::typed),
///   [`Game::tree`](sgf_core::Game::tree) and [`Game::to_tree`](sgf_core::Game::to_tree) give
///   the same properties and links, in document order;
/// - writing: what the collection writes (copying the nodes nobody edited) and what its owned
///   copies write (every tree replaced, so written from its typed properties) read back as the
///   same typed trees as the collection (but for the roots' `CA`), in every layout, in UTF-8
///   and in the charset read; in the compact layout, which copies no node, they are the same
///   bytes;
/// - edits read back: a node's properties replaced, or a tree replaced by an edited owned copy,
///   are what the views give and what the written text reads back as, and nothing else changes.
///   Each edit writes and reads the whole collection, so only the first, middle and last trees
///   are edited: editing every tree would make an input of many small trees cost the square of
///   its size, and leave the fuzzer a few runs a second.
pub fn collection(data: &[u8]) {
    let mut lenient = None;
    for options in [ReadOptions::default(), ReadOptions::strict()] {
        let Some(collection) = read_both_ways(data, &options) else {
            continue;
        };
        if options.mode == Mode::Strict {
            let lenient: &Collection = lenient
                .as_ref()
                .expect("what strict reading reads, lenient reading reads");
            assert!(collection == *lenient, "strict and lenient reading differ");
        }
        findings_once(&collection);
        for game in collection.games() {
            game.dispatch(SameViews(game));
        }
        let owned = owned_copies(&collection);
        assert!(owned == collection, "the owned copies differ");
        let made = Collection::<GameTree>::from_trees(collection.to_trees());
        assert!(
            made == collection,
            "a collection of the owned copies differs"
        );
        writes_read_back(&collection, &owned);
        for index in first_middle_last(collection.len()) {
            collection
                .game(index)
                .dispatch(SetProps(&collection, index));
            replace_reads_back(&collection, index);
        }
        if options.mode == Mode::Lenient {
            lenient = Some(collection);
        }
    }
}

/// The indices of the first, middle and last of `len` items, each once.
fn first_middle_last(len: usize) -> impl Iterator<Item = usize> {
    let mut indices = vec![0, len / 2, len.saturating_sub(1)];
    indices.dedup();
    indices.into_iter().filter(move |&i| i < len)
}

/// Reads `data` with [`Collection::read`] and with [`Collection::read_all`] and holds them to
/// each other; the collection `read` reads, if it does.
fn read_both_ways(data: &[u8], options: &ReadOptions) -> Option<Collection> {
    let strict = options.mode == Mode::Strict;
    match (
        Collection::<GameTree>::read(data, options),
        Collection::<GameTree>::read_all(data, options),
    ) {
        (Err(read), Err(all)) => {
            assert_eq!(read.findings, all.findings);
            None
        }
        (Ok(read), Ok(all)) => {
            assert_eq!(read.findings(), all.findings());
            assert!(read == all, "read and read_all read different trees");
            if strict {
                let errors: Vec<_> = read.findings().iter().filter(|f| f.is_error()).collect();
                assert!(errors.is_empty(), "strict reading kept errors: {errors:?}");
                let bad: Vec<_> = validate(&read).with_code(Code::BadValue).cloned().collect();
                assert!(bad.is_empty(), "strict reading kept bad values: {bad:?}");
            }
            Some(read)
        }
        (Err(refused), Ok(all)) => {
            assert!(
                strict,
                "lenient reading refused what read_all reads: {refused}"
            );
            // Every finding of reading is reported, and a bad value besides only where
            // reading found no error.
            let mut extra = refused.findings.clone();
            for finding in all.findings() {
                let at = extra.iter().position(|f| f == finding);
                let at = at.unwrap_or_else(|| panic!("not reported: {finding}"));
                extra.remove(at);
            }
            assert!(
                extra
                    .iter()
                    .all(|f| f.code == Code::BadValue && f.is_error()),
                "{extra:?}"
            );
            let reading_errors = all.findings().iter().any(Finding::is_error);
            assert!(reading_errors == extra.is_empty(), "{:?}", refused.findings);
            None
        }
        (Ok(_), Err(all)) => panic!("read reads what read_all refuses: {all}"),
    }
}

/// Validation of a collection as read reports every finding of reading, and each finding
/// once: no rule of validation reports again what reading found, and no two findings are the
/// same (a property repeated in a node is one finding, not one per repeat).
fn findings_once(collection: &Collection) {
    let mut report = validate(collection).findings;
    for finding in collection.findings() {
        let at = report.iter().position(|f| f == finding);
        let at = at.unwrap_or_else(|| panic!("validation dropped a finding of reading: {finding}"));
        report.remove(at);
    }
    for (i, finding) in report.iter().enumerate() {
        assert!(
            !report[i + 1..].contains(finding),
            "reported twice: {finding}"
        );
        assert!(
            !collection.findings().contains(finding),
            "reported by reading and validation: {finding}"
        );
    }
}

/// Holds the typed views of one tree to its owned copy.
struct SameViews<'a>(sgf_core::Game<'a>);

impl GameDispatch for SameViews<'_> {
    type Output = ();

    fn run<P: GameProperty>(self) {
        let game = self.0;
        let view = game.tree::<P>();
        let owned = game.to_tree::<P>();
        let mut nodes = game.typed::<P>();
        assert_eq!((view.len(), owned.len()), (game.len(), game.len()));
        assert_eq!(view.context(), *nodes.context());
        assert_eq!(owned.context(), view.context());
        let order: Vec<NodeId> = game.nodes().collect();
        assert_eq!(
            owned.preorder().collect::<Vec<_>>(),
            order,
            "document order"
        );
        assert_eq!(view.preorder().collect::<Vec<_>>(), order, "document order");
        for node in order {
            assert_eq!(nodes.props(node), view.props(node), "{node:?}");
            assert_eq!(view.props(node), owned.props(node), "{node:?}");
            let of_game = [
                game.parent(node),
                game.first_child(node),
                game.next_sibling(node),
            ];
            let (of_view, of_owned) = (links(&view, node), links(&owned, node));
            assert_eq!(of_view, of_game, "{node:?}");
            assert_eq!(of_owned, of_game, "{node:?}");
        }
    }
}

/// The parent, first child and next sibling of a node.
fn links<T: Links>(tree: &T, node: NodeId) -> [Option<NodeId>; 3] {
    [
        tree.parent(node),
        tree.first_child(node),
        tree.next_sibling(node),
    ]
}

/// The collection with every tree replaced by its owned copy: written from its typed
/// properties, with nothing copied from the input.
fn owned_copies(collection: &Collection) -> Collection {
    let mut owned = collection.clone();
    for (index, tree) in collection.to_trees().into_iter().enumerate() {
        owned.replace(index, tree);
    }
    owned
}

/// What a collection writes, and what its owned copies write, in every layout, in UTF-8 and in
/// the charset read, read back as the same typed trees as the collection (but for the roots'
/// `CA`); in the compact layout, which copies no node, they are the same bytes.
fn writes_read_back(collection: &Collection, owned: &Collection) {
    for charset in [OutputCharset::Utf8, OutputCharset::Source] {
        for layout in [Layout::Compact, Layout::NodePerLine, Layout::AsRead] {
            let options = EncodeOptions {
                charset,
                layout,
                ..EncodeOptions::default()
            };
            let (copied, written) = match (collection.encode(&options), owned.encode(&options)) {
                (Ok(copied), Ok(written)) => (copied, written),
                // Text the charset read cannot hold (bytes reading replaced), either way.
                (Err(_), Err(_)) => {
                    assert_eq!(charset, OutputCharset::Source);
                    continue;
                }
                (copied, written) => panic!(
                    "{charset:?}, {layout:?}: copied {:?}, written {:?}",
                    copied.map(|c| String::from_utf8_lossy(&c).into_owned()),
                    written.map(|w| String::from_utf8_lossy(&w).into_owned())
                ),
            };
            let show = || {
                format!(
                    "{charset:?}, {layout:?}:\n{}\n{}",
                    String::from_utf8_lossy(&copied),
                    String::from_utf8_lossy(&written)
                )
            };
            if layout == Layout::Compact {
                assert!(copied == written, "{}", show());
            }
            let reread = read(&copied).unwrap_or_else(|e| panic!("{e}: {}", show()));
            let rewritten = read(&written).unwrap_or_else(|e| panic!("{e}: {}", show()));
            assert!(reread == rewritten, "{}", show());
            assert!(without_ca(&reread) == without_ca(collection), "{}", show());
        }
    }
}

/// Replaces the properties of one node below the root of game tree `.1` (the last in document
/// order, so that the board and charset stay as read): they are what the views give, and what
/// the written text reads back as, and no other node changes.
struct SetProps<'a>(&'a Collection, usize);

impl GameDispatch for SetProps<'_> {
    type Output = ();

    fn run<P: GameProperty>(self) {
        let SetProps(collection, index) = self;
        let game = collection.game(index);
        let Some(node) = game.nodes().last().filter(|&n| n != NodeId::ROOT) else {
            return;
        };
        let before = game.to_tree::<P>();
        // The node's properties, the first left out and the others in reverse order.
        let props: Vec<P> = before.props(node).iter().skip(1).rev().cloned().collect();
        let mut edited = collection.clone();
        edited.set_props(index, node, &props);
        let game = edited.game(index);
        assert!(game.is_edited(node) && !game.is_as_read());
        assert_eq!(game.typed::<P>().props(node), props);
        let mut expected = before.clone();
        expected.props_mut(node).clear();
        for property in &props {
            expected.props_mut(node).push(property.clone());
        }
        assert!(
            game.to_tree::<P>() == expected,
            "only the edited node changes"
        );
        for other in (0..edited.len()).filter(|&i| i != index) {
            assert!(edited.game(other).is_as_read());
        }
        let text = edited.to_text(&EncodeOptions::default());
        let reread = read(text.as_bytes()).unwrap_or_else(|e| panic!("{e}:\n{text}"));
        assert_eq!(reread.len(), edited.len(), "{text}");
        let again = reread.game(index);
        assert_eq!(again.len(), game.len(), "{text}");
        assert_eq!(again.tree::<P>().props(node), props, "{text}");
        assert!(without_ca(&reread) == without_ca(&edited), "{text}");
    }
}

/// Replaces game tree `index` with its owned copy with an empty node added below its last
/// node: the collection holds that tree, writes it, and reads it back; the other trees stay as
/// read.
fn replace_reads_back(collection: &Collection, index: usize) {
    struct AddLeaf;
    impl TreeVisitorMut for AddLeaf {
        type Output = ();
        fn visit_mut<P: GameProperty>(self, tree: &mut Tree<P>) {
            let last = tree.preorder().last().unwrap_or(tree.root());
            tree.add_child(last, []);
        }
    }
    let mut tree = collection.game(index).to_owned();
    tree.visit_mut(AddLeaf);
    let mut edited = collection.clone();
    edited.replace(index, tree.clone());
    let game = edited.game(index);
    assert!(!game.is_from_input() && !game.is_as_read());
    assert_eq!(game.len(), collection.game(index).len() + 1);
    assert_eq!(game.to_owned(), tree);
    for other in (0..edited.len()).filter(|&i| i != index) {
        assert!(edited.game(other).is_as_read());
    }
    let text = edited.to_text(&EncodeOptions::default());
    let reread = read(text.as_bytes()).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    assert!(without_ca(&reread) == without_ca(&edited), "{text}");
}

/// A reading written in UTF-8 and read again: the text, and the second reading, which writes
/// the same text again.
fn rewrite(first: &Collection) -> (String, Collection) {
    let options = EncodeOptions::default();
    let text = first.to_text(&options);
    let second = read(text.as_bytes()).expect("what the encoder writes reads back");
    assert_eq!(second.to_text(&options), text);
    (text, second)
}

/// Bytes read, written in UTF-8 and read again: the second reading equals the first (but for
/// the root's `CA`, which writing UTF-8 sets), and writing it again gives the same text; the
/// same for the owned copies of the trees read, written from their typed properties.
pub fn roundtrip(data: &[u8]) {
    let Ok(first) = read(data) else {
        return;
    };
    for first in [owned_copies(&first), first] {
        let (text, second) = rewrite(&first);
        assert!(
            without_ca(&second) == without_ca(&first),
            "the second reading differs from the first:\n{text}"
        );
    }
}

/// Typed trees made from the bytes by `sgf_core::arbitrary` (one to three, of every game,
/// every property type, values valid by construction: `sgf_core::arbitrary::arbitrary_trees`),
/// in a collection, written with the default options, in the compact layout and wrapped at 30
/// columns: the collection holds the trees, and each text reads back without a finding, as the
/// same trees, and writes the same text again.
pub fn typed_roundtrip(data: &[u8]) {
    let Ok(trees) = sgf_core::arbitrary::arbitrary_trees(&mut Unstructured::new(data)) else {
        return;
    };
    let collection = Collection::<GameTree>::from_trees(trees.clone());
    assert_eq!(collection.to_trees(), trees);
    let compact = EncodeOptions {
        layout: Layout::Compact,
        ..EncodeOptions::default()
    };
    let wrapped = EncodeOptions {
        wrap: Some(30),
        ..EncodeOptions::default()
    };
    for options in [EncodeOptions::default(), compact, wrapped] {
        let text = collection.to_text(&options);
        let parsed = read(text.as_bytes())
            .unwrap_or_else(|e| panic!("what the encoder writes reads back: {e}\n{text}"));
        if let Some(finding) = parsed.findings().first() {
            panic!("what the encoder writes reads without a finding: {finding}\n{text}");
        }
        assert_eq!(parsed.to_trees(), trees, "{text}");
        assert_eq!(parsed.to_text(&options), text);
    }
}

/// Validation and repair on arbitrary bytes: no panic; every finding on an input that reads is
/// placed in it; a repaired collection keeps every move, has none of the findings repairs fix
/// left, repairs to itself, and reads back from what it writes as it was.
pub fn repair(data: &[u8]) {
    let report = sgf_core::validate::check(data, &ReadOptions::default());
    let Ok(mut collection) = read(data) else {
        return;
    };
    for finding in &report.findings {
        assert!(finding.location.span.is_some(), "unplaced: {finding}");
    }
    let before = moves(&collection);
    sources(collection.clone(), &before);
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
    let text = collection.to_text(&EncodeOptions::default());
    let again = read(text.as_bytes()).expect("what the encoder writes reads back");
    assert_eq!(again.to_text(&EncodeOptions::default()), text);
}

/// Repair with the quirks of sources (`spec/sources.spec`), then stripping analysis: no move
/// lost or changed, a second repair changes nothing, and what is written reads back.
fn sources(mut collection: Collection, before: &[String]) {
    let options = sgf_core::repair::RepairOptions {
        source_quirks: true,
    };
    sgf_core::repair::repair_with(&mut collection, &options);
    assert_eq!(
        moves(&collection),
        before,
        "a repair of quirks lost or changed a move"
    );
    assert_eq!(
        sgf_core::repair::repair_with(&mut collection.clone(), &options),
        []
    );
    sgf_core::source::strip_analysis(&mut collection);
    assert_eq!(moves(&collection), before, "stripping analysis lost a move");
    let text = collection.to_text(&EncodeOptions::default());
    read(text.as_bytes()).expect("what the encoder writes reads back");
}

/// The values of every move of a collection, sorted: repairs may move a move to a node of its
/// own, never drop or change one.
fn moves(collection: &Collection) -> Vec<String> {
    struct Moves;
    impl TreeVisitor for Moves {
        type Output = Vec<String>;
        fn visit<P: GameProperty>(self, tree: &Tree<P>) -> Vec<String> {
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
        .to_trees()
        .iter()
        .flat_map(|g| g.visit(Moves))
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
    let Ok(first) = read(&input) else {
        return;
    };
    let keep = EncodeOptions {
        charset: OutputCharset::Source,
        ..EncodeOptions::default()
    };
    // As read (nodes copied where they can be), and as owned copies written from their typed
    // properties.
    for first in [owned_copies(&first), first] {
        let Ok(bytes) = first.encode(&keep) else {
            continue;
        };
        let again = read(&bytes).expect("what the encoder writes reads back");
        assert_eq!(without_ca(&again), without_ca(&first));
    }
}

/// The owned trees of a collection without their roots' `CA`.
fn without_ca(collection: &Collection) -> Vec<GameTree> {
    struct Remove;
    impl TreeVisitorMut for Remove {
        type Output = ();
        fn visit_mut<P: GameProperty>(self, tree: &mut Tree<P>) {
            tree.remove(tree.root(), "CA");
        }
    }
    let mut trees = collection.to_trees();
    for tree in &mut trees {
        tree.visit_mut(Remove);
    }
    trees
}

/// The readers of other formats (GIB, NGF, UGF) on arbitrary bytes, each of them on every
/// input: no panic; where one reads a game, its findings lie in the input (as sniffed: a
/// byte-order mark dropped, UTF-16 turned to UTF-8), its SGF text reads
/// back as SGF without a finding worth a warning and writes the same bytes again, validation
/// places its findings in the input too, and reading the input a second time gives the same
/// SGF. Sniffing the format never panics either.
pub fn formats(data: &[u8]) {
    use sgf_core::finding::Severity;
    use sgf_core::formats::Format;

    let _ = Format::sniff(data);
    // Spans count in the input as sniffed, as SGF's do: without a byte-order mark, UTF-16 as
    // UTF-8.
    let len = sgf_core::charset::sniff(data).bytes.len();
    for format in [Format::Gib, Format::Ngf, Format::Ugf] {
        let options = ReadOptions::default().with_format(format);
        let Ok(collection) = sgf_core::read(data, &options) else {
            continue;
        };
        assert!(collection.origin().is_some(), "{format}: read as SGF");
        let in_input = |finding: &Finding| {
            finding
                .location
                .span
                .is_none_or(|s| s.start <= s.end && s.end <= len)
        };
        assert!(
            collection.findings().iter().all(in_input),
            "{format}: a finding outside the input: {:?}",
            collection.findings()
        );
        let report = validate(&collection);
        assert!(
            report.findings.iter().all(in_input),
            "{format}: a finding of validation outside the input"
        );
        let options = EncodeOptions::default();
        let written = collection
            .encode(&options)
            .expect("a converted record is UTF-8");
        let again = sgf_core::read(&written, &ReadOptions::default().with_format(Format::Sgf))
            .unwrap_or_else(|e| panic!("{format}: its SGF does not read back: {e}"));
        assert!(
            again
                .findings()
                .iter()
                .all(|f| f.severity < Severity::Warning),
            "{format}: its SGF reads back with findings: {:?}\n{}",
            again.findings(),
            String::from_utf8_lossy(&written)
        );
        assert_eq!(again.encode(&options).expect("UTF-8"), written, "{format}");
        let second = sgf_core::read(data, &ReadOptions::default().with_format(format))
            .expect("read once, read twice");
        assert_eq!(second.input(), collection.input(), "{format}: read twice");
    }
}
