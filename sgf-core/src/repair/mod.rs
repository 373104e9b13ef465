//! Repairs: what validation finds and a program can fix without guessing, fixed from the same
//! generated rules, each fix reported. Opt-in: reading never repairs.
//!
//! In order, for each game tree:
//!
//! - `root` properties outside the root move to the root (dropped, and reported, when the root
//!   already has them, or for a `GM` that would make the tree another game's than it was read
//!   as), so that the rest reads the tree's `FF` and `SZ`;
//! - identifiers of earlier formats are renamed, in an FF\[4\] tree (`Renamed: L -> LB`;
//!   `L`'s points become labels `a`, `b`, …);
//! - a property repeated in a node is merged into the first where the values can stand
//!   together (a list; texts, joined by a blank line); a repeated move is played in a new node
//!   below; any other repeat is dropped and reported, but for one that names the tree's source
//!   (`AP[foxwq]` beside `AP[GNU Go:3.8]`), which is kept in place of the first;
//! - a property with more values than its type holds (`AP[GNU Go:3.8][foxwq]`) keeps its first,
//!   and the others are reported (a move's are played in new nodes below);
//! - in a tree before FF\[4\], compressed point lists are expanded into single points;
//! - repeated points (`Unique`), repeated values (`NoDuplicates`) and values with equal parts
//!   (`DistinctParts`: `AR[cc:cc]` is dropped, `SZ[19:19]` becomes `SZ[19]`) are dropped, the
//!   first occurrence kept; of properties that exclude one another and are not moves
//!   (`BM`/`TE`, `DM`/`GB`), the first is kept;
//! - a node that mixes the property types of a `NoMix` rule is split in two: the properties of
//!   the first type (moves), with those that require them (`KO`, `BM`), go to a new node below;
//!   a node with several moves of an `Exclusive` rule (`B` and `W`) is split the same way, one
//!   move a node;
//! - in the games whose positions are modelled, setup that changes nothing (`AB` on a black
//!   stone, `AE` on an empty point) is dropped, point by point;
//! - a root `CA` naming another charset than the text was read in names that charset.
//!
//! With [`RepairOptions::source_quirks`], once root properties stand in the root and each node
//! is repaired, what the quirks of the tree's source (`spec/sources.spec`) say for certain is
//! written as standard SGF: `KM[650]` from Fox becomes `KM[6.5]`, the Nihon Kiin's `TE[...]` in
//! the root becomes `EV[...]`. A value whose meaning is not known (Fox's `KM[0]`) stays.
//!
//! A repaired collection has none of these findings left, and repairing it again changes
//! nothing. No move is ever dropped.
//!
//! ```
//! use sgf_core::repair::repair;
//! use sgf_core::validate::validate;
//!
//! let input = b"(;GM[1];B[aa]W[bb]AB[cc][cc])";
//! let mut collection = sgf_core::read(input, &sgf_core::ReadOptions::default()).unwrap();
//! let repairs = repair(&mut collection);
//! assert_eq!(repairs.len(), 3);
//! assert!(validate(&collection).is_clean());
//! let text = sgf_core::encode::encode_to_string(&collection, &Default::default());
//! assert!(text.ends_with(";AB[cc]\n;B[aa]\n;W[bb])\n"), "{text}");
//! ```

mod board;
mod node;
mod source;
mod split;

use std::fmt;

use encoding_rs::Encoding;

use crate::collection::{Collection, Game};
use crate::finding::NodePath;
use crate::game_set::{GameDispatch, GameSet, RulesDispatch};
use crate::position::Rules;
use crate::property::{GameProperty, RawProperty};
use crate::syntax::LeanTree;
use crate::tree::places::Places;
use crate::tree::{Links, NodeId, Tree};
use crate::validate::{Code, Location};
use crate::value::{Context, unescape_text};

/// The codes of the findings a repair always clears. `obsolete-property` is cleared too when the
/// values fit the new property (`L[aa]`, not `L[B]`); bad values are fixed only where a
/// property has more values than it holds.
pub const CLEARED: &[Code] = &[
    Code::RepeatedProperty,
    Code::RepeatedPoint,
    Code::DuplicateValue,
    Code::EqualParts,
    Code::ExclusiveProperties,
    Code::MixedPropertyTypes,
    Code::MisplacedRootProperty,
    Code::CharsetMismatch,
    Code::UnknownCharset,
];

/// One fix: what it fixed (the code of the finding), where, and what was done.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Repair {
    /// The code of the finding fixed.
    pub code: Code,
    /// Where: the node, by its path as read (a node a repair added, by its path in the
    /// repaired tree), and the property and value.
    pub location: Location,
    /// What was done, in a sentence; values dropped are named.
    pub message: String,
}

impl fmt::Display for Repair {
    /// `location: fixed[code]: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: fixed[{}]: {}",
            self.location, self.code, self.message
        )
    }
}

/// What a repair does besides the repairs it always makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RepairOptions {
    /// Writes what the quirks of each tree's source (`spec/sources.spec`) say for certain as
    /// standard SGF: a scaled value as meant (`KM[650]` from Fox becomes `KM[6.5]`, reported
    /// as `source-quirk`), and an identifier the source writes for a standard property renamed
    /// in the root where its value fits (`source-renamed`). Nothing is guessed: a value whose
    /// meaning is not known stays.
    pub source_quirks: bool,
}

/// Repairs every game tree of a collection, returning what was done. A tree with something
/// to repair is replaced by its repaired copy ([`Collection::replace`]); the others stay as
/// they were read.
pub fn repair<G: GameSet>(collection: &mut Collection<G>) -> Vec<Repair> {
    repair_with(collection, &RepairOptions::default())
}

/// [`repair`], with what `options` adds.
pub fn repair_with<G: GameSet>(
    collection: &mut Collection<G>,
    options: &RepairOptions,
) -> Vec<Repair> {
    let mut repairs = Vec::new();
    for index in 0..collection.len() {
        let game = collection.game(index);
        let repaired = match G::dispatch_rules(game.gm(), WithBoard(game, *options)) {
            Some(repaired) => repaired,
            None => game.dispatch(Repairer(game, *options)),
        };
        if let Some((text, done)) = repaired {
            collection.replace_text(index, text);
            repairs.extend(done);
        }
    }
    repairs
}

/// The text of a tree's repaired copy and its repairs, if it had any.
type Repaired = Option<(String, Vec<Repair>)>;

/// Repairs a tree of a game whose positions are modelled: setup that changes nothing too.
struct WithBoard<'a, G>(Game<'a, G>, RepairOptions);

impl<G> RulesDispatch for WithBoard<'_, G> {
    type Output = Repaired;

    fn run<P: Rules>(self) -> Repaired {
        fix::<G, P>(self.0, &self.1, |fixer| {
            if P::MODELLED {
                fixer.setup_no_effect();
            }
        })
    }
}

/// Repairs a tree of any other game.
struct Repairer<'a, G>(Game<'a, G>, RepairOptions);

impl<G> GameDispatch for Repairer<'_, G> {
    type Output = Repaired;

    fn run<P: GameProperty>(self) -> Repaired {
        fix::<G, P>(self.0, &self.1, |_| {})
    }
}

/// Repairs an owned copy of a tree; `board` runs the repairs that need its board.
fn fix<G, P: GameProperty>(
    game: Game<'_, G>,
    options: &RepairOptions,
    board: impl FnOnce(&mut Fixer<'_, P>),
) -> Repaired {
    let mut tree = game.to_tree::<P>();
    let mut repairs = Vec::new();
    let ctx = tree.context();
    let mut fixer = Fixer {
        game: game.index(),
        tree: &mut tree,
        ctx,
        repairs: &mut repairs,
    };
    let nodes: Vec<NodeId> = fixer.tree.preorder().collect();
    // Root properties first: an `FF` or `SZ` moved to the root changes how the others are read
    // and repaired.
    for &node in &nodes {
        fixer.root_properties(node);
    }
    fixer.ctx = fixer.tree.context();
    // The sources of the root as it stands now, with its root properties moved to it (and
    // before a repeated `AP` naming one is dropped).
    let sources = options
        .source_quirks
        .then(|| crate::source::Sources::of_root(&*fixer.tree));
    for &node in &nodes {
        fixer.node(node);
    }
    // Quirks are read in the values the node repairs leave: a `KM` of two values cut to one
    // is a value the quirk reads, and left for later it would be rewritten by a second repair.
    if let Some(sources) = sources {
        fixer.source_quirks(sources, &nodes);
    }
    for &node in &nodes {
        fixer.split(node);
    }
    board(&mut fixer);
    fixer.charset(game.charset());
    name_paths(game.index(), game.structure(), &tree, &mut repairs);
    // Repeats of a list read as one property, merged: the tree's text still holds them, and
    // reading reported them. Written from its typed properties, the tree holds them merged.
    let merged = game
        .collection()
        .findings()
        .iter()
        .filter(|f| f.location.game == game.index() && f.code == Code::RepeatedProperty)
        .filter(|f| {
            f.location
                .property
                .as_deref()
                .is_some_and(crate::read::takes_list::<P>)
        })
        .map(|f| Repair {
            code: Code::RepeatedProperty,
            location: f.location.clone(),
            message: format!(
                "merged the values of the repeated `{}` into the first",
                f.location.property.as_deref().unwrap_or_default()
            ),
        });
    repairs.extend(merged);
    if repairs.is_empty() {
        return None;
    }
    Some((crate::encode::typed_tree_text(&tree), repairs))
}

/// Names the path of each repair's node from one index of each tree (walking up to the root
/// for each, a long line repaired at every node cost its length for each): a node as read by
/// its path in the tree read, one a repair added by its path in the repaired tree.
fn name_paths<P>(game: usize, read: &LeanTree, tree: &Tree<P>, repairs: &mut [Repair]) {
    let as_read = Places::new(game, read);
    let repaired = Places::new(game, tree);
    for repair in repairs {
        if let Some(node) = repair.location.node {
            repair.location.path = if node.index() < read.arena_len() {
                as_read.path(node)
            } else {
                repaired.path(node)
            };
        }
    }
}

/// Repairs one tree.
struct Fixer<'a, P> {
    game: usize,
    tree: &'a mut Tree<P>,
    ctx: Context,
    repairs: &'a mut Vec<Repair>,
}

impl<P: GameProperty> Fixer<'_, P> {
    /// The place of a property (an owned tree has no bytes in the input). Its path is left to
    /// [`name_paths`], once the tree is repaired.
    fn location(&self, node: NodeId, ident: &str) -> Location {
        Location::at(self.game, node, NodePath::default(), ident)
    }

    fn report(&mut self, code: Code, location: Location, message: String) {
        self.repairs.push(Repair {
            code,
            location,
            message,
        });
    }

    /// Moves `root` properties of a node other than the root to the root.
    fn root_properties(&mut self, node: NodeId) {
        if node == self.tree.root() {
            return;
        }
        let misplaced: Vec<usize> = (0..self.tree.props(node).len())
            .filter(|&k| {
                self.tree.props(node)[k]
                    .definition()
                    .is_some_and(|d| d.kind == crate::spec::PropertyType::Root)
            })
            .collect();
        for k in misplaced.into_iter().rev() {
            let location = self.location(node, self.tree.props(node)[k].ident());
            let property = self.tree.props_mut(node).remove(k);
            let ident = property.ident().to_owned();
            let root = self.tree.root();
            let message = match self.tree.get(root, &ident) {
                None if ident == "GM" && changes_game(&property) => format!(
                    "dropped `{}`: the tree is read as the game of its root, which has no `GM` \
                     (game 1)",
                    property.to_raw()
                ),
                None => {
                    self.tree.props_mut(root).push(property);
                    format!("moved `{ident}` to the root")
                }
                Some(same) if *same == property => {
                    format!("dropped `{ident}`, which the root holds with the same value")
                }
                Some(other) => format!(
                    "dropped `{}`: the root holds `{}`",
                    property.to_raw(),
                    other.to_raw()
                ),
            };
            self.report(Code::MisplacedRootProperty, location, message);
        }
    }

    /// Makes the root's `CA` name the charset the text was read in.
    fn charset(&mut self, charset: &'static Encoding) {
        let root = self.tree.root();
        let Some(ca) = self.tree.get(root, "CA") else {
            return;
        };
        let raw = ca.to_raw();
        let label = raw
            .values
            .first()
            .map(|v| unescape_text(v))
            .unwrap_or_default();
        let code = match crate::charset::lookup(&label) {
            Some(named) if named == charset => return,
            Some(_) => Code::CharsetMismatch,
            None => Code::UnknownCharset,
        };
        let (fixed, _) = P::from_raw(RawProperty::new("CA", [charset.name()]), &self.ctx);
        let location = self.location(root, "CA");
        self.tree.set(root, fixed);
        let message = format!(
            "`{raw}` now names {}, the charset of the text",
            charset.name()
        );
        self.report(code, location, message);
    }
}

/// Whether a `GM` moved to a root without one would make the tree another game's: the tree was
/// read as game 1, and its properties typed so. Reading takes the root's `GM` as a number, and
/// game 1 when it is none.
fn changes_game<P: GameProperty>(gm: &P) -> bool {
    let raw = gm.to_raw();
    let number = raw
        .values
        .first()
        .and_then(|v| v.trim().parse::<u32>().ok());
    number.is_some_and(|n| n != 1)
}
