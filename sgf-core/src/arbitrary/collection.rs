//! Arbitrary game trees of every game, and collections of them.

use ::arbitrary::{Arbitrary, Result, Unstructured};

use super::property::{self, GameValues};
use crate::games;
use crate::property::RawProperty;
use crate::tree::Tree;
use crate::value::Context;
use crate::{Collection, GameTree, tables};

/// The most nodes a tree has besides its root.
const MAX_NODES: usize = 40;

/// The most properties a node has besides the root's `GM`, `CA` and `SZ`.
const MAX_PROPERTIES: usize = 5;

/// The identifiers every root holds, written first and in this order.
const ROOT_IDENTS: [&str; 3] = ["GM", "CA", "SZ"];

/// Names each game's value types for the property generator, and makes a tree of any game.
macro_rules! each_game {
    ($(($variant:ident, $property:ident, $module:ident)),*) => {
        $(
            impl GameValues for crate::$property {
                const MAX_SIDE: Option<u32> = games::$module::arbitrary_on_board::MAX_SIDE;
            }
        )*

        /// A tree of any game of the specification, each as likely.
        fn arbitrary_tree(u: &mut Unstructured<'_>) -> Result<GameTree> {
            let trees: &[fn(&mut Unstructured<'_>) -> Result<GameTree>] =
                &[$(|u| Ok(GameTree::$variant(tree::<crate::$property>(u)?))),*];
            u.choose(trees)?(u)
        }
    };
}

for_each_game!(each_game);

/// One to three game trees, each of any game, made as the `Arbitrary` impl of [`GameTree`]
/// says: what [`arbitrary_collection`] holds, owned, for a check that holds a collection to
/// the trees it was made of.
pub fn arbitrary_trees(u: &mut Unstructured<'_>) -> Result<Vec<GameTree>> {
    (0..u.int_in_range(1..=3)?)
        .map(|_| arbitrary_tree(u))
        .collect()
}

/// A collection of [`arbitrary_trees`].
pub fn arbitrary_collection(u: &mut Unstructured<'_>) -> Result<Collection> {
    Ok(Collection::from_trees(arbitrary_trees(u)?))
}

/// See [`arbitrary_collection`].
impl<'a> Arbitrary<'a> for Collection {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        arbitrary_collection(u)
    }
}

/// A tree of any game: a root holding `GM`, `CA[UTF-8]` and (but in backgammon, where it means
/// nothing) an `SZ` the game's points can be written on, then up to five more properties; up to
/// forty more nodes, most continuing a line, some starting variations, each with up to five
/// properties of the game's table (now and then one it does not define), no identifier twice.
impl<'a> Arbitrary<'a> for GameTree {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        arbitrary_tree(u)
    }
}

/// A tree of the game of `P`, on a board of up to [`GameValues::MAX_SIDE`] points a side (no
/// `SZ` if `None`).
fn tree<P: GameValues>(u: &mut Unstructured<'_>) -> Result<Tree<P>> {
    let gm = match P::game().gm {
        Some(gm) => gm,
        None => *u.choose(&without_section())?,
    };
    let mut fixed = vec![
        RawProperty::new("GM", [gm.to_string()]),
        RawProperty::new("CA", ["UTF-8"]),
    ];
    let mut ctx = Context::board(P::DEFAULT_SIZE);
    if let Some(max) = P::MAX_SIDE {
        let cols = u.int_in_range(1..=max)?;
        let rows = if u.ratio(3, 4)? {
            cols
        } else {
            u.int_in_range(1..=max)?
        };
        let size = if cols == rows && u.arbitrary()? {
            cols.to_string()
        } else {
            format!("{cols}:{rows}")
        };
        ctx = Context::from_size_text(&size, P::DEFAULT_SIZE);
        fixed.push(RawProperty::new("SZ", [size]));
    }
    let mut root: Vec<P> = fixed
        .into_iter()
        .map(|raw| P::from_raw(raw, &ctx).0)
        .collect();
    root.extend(node::<P>(u, &ctx, &ROOT_IDENTS)?);
    let mut tree = Tree::new(root);
    let mut nodes = vec![tree.root()];
    for _ in 0..u.int_in_range(0..=MAX_NODES)? {
        let last = nodes.last().copied().unwrap_or(tree.root());
        let parent = if u.ratio(3, 4)? {
            last
        } else {
            *u.choose(&nodes)?
        };
        let props = node::<P>(u, &ctx, &[])?;
        nodes.push(tree.add_child(parent, props));
    }
    Ok(tree)
}

/// The properties of a node, none with an identifier of `taken` or twice.
fn node<P: GameValues>(u: &mut Unstructured<'_>, ctx: &Context, taken: &[&str]) -> Result<Vec<P>> {
    let definitions = &P::game().properties[..];
    let mut props: Vec<P> = Vec::new();
    for _ in 0..u.int_in_range(0..=MAX_PROPERTIES)? {
        let property = if u.ratio(1, 16)? {
            property::unknown::<P>(u)?
        } else {
            let definition = u.choose(definitions)?;
            property::defined::<P>(u, definition, ctx)?
        };
        if let Some(property) = property
            && !taken.contains(&property.ident())
            && props.iter().all(|p| p.ident() != property.ident())
        {
            props.push(property);
        }
    }
    Ok(props)
}

/// The `GM` numbers (1-20, the range of `GM`) of games without a section of their own.
fn without_section() -> Vec<u32> {
    (1..=20)
        .filter(|gm| tables::GAMES.iter().all(|game| game.gm != Some(*gm)))
        .collect()
}
