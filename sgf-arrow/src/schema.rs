//! The columns of the three tables: games, moves and analysis.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use arrow_schema::{DataType, Field, Schema, SchemaRef};

fn field(name: &str, data_type: DataType, nullable: bool, doc: &str) -> Field {
    Field::new(name, data_type, nullable)
        .with_metadata(HashMap::from([("description".to_owned(), doc.to_owned())]))
}

/// The `games` table: one row per game tree.
///
/// | column | type | |
/// | --- | --- | --- |
/// | `game_id` | u64 | the game's number in the export, from 0 |
/// | `file` | string | the file, as it was named |
/// | `game` | u32 | the tree's index in its file, from 0 |
/// | `gm` | u32 | the game (`GM`; 1 is Go) |
/// | `columns`, `rows` | u32 | the board, from `SZ` or the game's default |
/// | `black`, `white` | string? | `PB`, `PW` |
/// | `black_rank`, `white_rank` | string? | `BR`, `WR` |
/// | `result` | string? | `RE`, as written |
/// | `date` | string? | `DT`, as written |
/// | `komi` | f64? | `KM`, where it is a number, as meant: a source's quirk applied (Fox's `KM[650]` is 6.5), null where the source's value says nothing (Fox's `KM[0]`) |
/// | `handicap` | i64? | `HA`, where it is a number |
/// | `rules` | string? | `RU` |
/// | `source` | string? | the programs or servers recognised as the tree's writer (`spec/sources.spec`), joined by `, ` |
/// | `as_written` | string? | the values a source's quirk read as something else, as written (`KM[650]`), joined by spaces |
/// | `charset` | string | the charset the tree's text was read in |
/// | `nodes` | u32 | the tree's nodes |
/// | `moves` | u32 | its moves, in every variation |
/// | `main_line_moves` | u32 | the moves of its main line |
/// | `errors`, `warnings`, `infos` | u32 | the findings of reading the tree, by severity |
///
/// The game info is that of the main line's last node (see
/// [`Game::game_info`](sgf_core::Game::game_info)). The findings are
/// those of reading (structure and charsets), not of validation: `sgf check` validates.
pub fn games_schema() -> SchemaRef {
    static SCHEMA: LazyLock<SchemaRef> = LazyLock::new(|| {
        use DataType::{Float64, Int64, UInt32, UInt64, Utf8};
        let text = |name, doc| field(name, Utf8, true, doc);
        let count = |name, doc| field(name, UInt32, false, doc);
        Arc::new(Schema::new(vec![
            field(
                "game_id",
                UInt64,
                false,
                "the game's number in the export, from 0",
            ),
            field("file", Utf8, false, "the file, as it was named"),
            count("game", "the tree's index in its file, from 0"),
            count("gm", "the game (GM; 1 is Go)"),
            count(
                "columns",
                "the board's columns, from SZ or the game's default",
            ),
            count("rows", "the board's rows, from SZ or the game's default"),
            text("black", "PB"),
            text("white", "PW"),
            text("black_rank", "BR"),
            text("white_rank", "WR"),
            text("result", "RE, as written"),
            text("date", "DT, as written"),
            field(
                "komi",
                Float64,
                true,
                "KM, where it is a number, as meant by the tree's source",
            ),
            field("handicap", Int64, true, "HA, where it is a number"),
            text("rules", "RU"),
            text(
                "source",
                "the programs or servers recognised as the tree's writer",
            ),
            text(
                "as_written",
                "the values a source's quirk read as something else, as written",
            ),
            field(
                "charset",
                Utf8,
                false,
                "the charset the tree's text was read in",
            ),
            count("nodes", "the tree's nodes"),
            count("moves", "the tree's moves, in every variation"),
            count("main_line_moves", "the moves of the main line"),
            count("errors", "errors found reading the tree"),
            count("warnings", "warnings found reading the tree"),
            count("infos", "notes made reading the tree"),
        ]))
    });
    SCHEMA.clone()
}

/// The `moves` table: one row per move, in document order within each game.
///
/// | column | type | |
/// | --- | --- | --- |
/// | `game_id` | u64 | the game, as in `games` |
/// | `node` | u32 | the node, numbered in document order from 0 (the root) |
/// | `parent` | u32? | its parent node (`None` for a move in the root) |
/// | `variation` | u32 | 0 on the main line; a node that is not its parent's first child starts the next number, in document order, and its first children continue it |
/// | `number` | u32 | the move's number on its path from the root, from 1 |
/// | `colour` | string | the property that plays it: `B` or `W` |
/// | `value` | string | the value as written (a Go pass is empty) |
/// | `col`, `row` | u32? | the point played, from 0 at the top left, where the game's move is one point of its grid (Go, Hex) |
/// | `pass` | bool | whether it is a pass: a move that places nothing (Go's `B[]`, `B[tt]` on 19x19) |
///
/// The point columns come from the game's move type
/// ([`OnGrid::to_grid`](sgf_core::games::OnGrid::to_grid)), for every game of the
/// specification alike: a move of several points (Amazons), a word (Hex's `swap-pieces`) or a
/// roll (Backgammon) has none.
pub fn moves_schema() -> SchemaRef {
    static SCHEMA: LazyLock<SchemaRef> = LazyLock::new(|| {
        use DataType::{Boolean, UInt32, UInt64, Utf8};
        Arc::new(Schema::new(vec![
            field("game_id", UInt64, false, "the game, as in games"),
            field(
                "node",
                UInt32,
                false,
                "the node, in document order from 0 (the root)",
            ),
            field("parent", UInt32, true, "its parent node; null in the root"),
            field(
                "variation",
                UInt32,
                false,
                "0 on the main line; numbered in document order",
            ),
            field(
                "number",
                UInt32,
                false,
                "the move's number on its path, from 1",
            ),
            field("colour", Utf8, false, "the property that plays it: B or W"),
            field("value", Utf8, false, "the value as written"),
            field(
                "col",
                UInt32,
                true,
                "the column played, from 0 at the left, where the move is one point",
            ),
            field(
                "row",
                UInt32,
                true,
                "the row played, from 0 at the top, where the move is one point",
            ),
            field(
                "pass",
                Boolean,
                false,
                "whether it is a pass: a move that places nothing",
            ),
        ]))
    });
    SCHEMA.clone()
}

/// The `analysis` table: one row per node where an analysis program wrote a number it
/// measured (`spec/sources.spec`'s `Analysis:` with `win-rate` or `score-lead`: Sabaki's
/// `SBKV` and `SBKS`, the win rate of Lizzie's `LZ`).
///
/// | column | type | |
/// | --- | --- | --- |
/// | `game_id` | u64 | the game, as in `games` |
/// | `node` | u32 | the node, numbered in document order from 0 (the root), as in `moves` |
/// | `source` | string | the program that wrote it (`Sabaki`) |
/// | `win_rate` | f64? | Black's chance of winning, in percent |
/// | `score_lead` | f64? | Black's lead in points |
///
/// A number given as the side to move's (Lizzie's `LZ`) is turned to Black's by the colour of
/// the node's move. Analysis kept compressed (KaTrain's `KT`) has no row: `sgf fmt
/// --strip-analysis` removes it, and it is kept as written otherwise.
pub fn analysis_schema() -> SchemaRef {
    static SCHEMA: LazyLock<SchemaRef> = LazyLock::new(|| {
        use DataType::{Float64, UInt32, UInt64, Utf8};
        Arc::new(Schema::new(vec![
            field("game_id", UInt64, false, "the game, as in games"),
            field(
                "node",
                UInt32,
                false,
                "the node, in document order from 0 (the root), as in moves",
            ),
            field("source", Utf8, false, "the program that wrote it"),
            field(
                "win_rate",
                Float64,
                true,
                "Black's chance of winning, in percent",
            ),
            field("score_lead", Float64, true, "Black's lead in points"),
        ]))
    });
    SCHEMA.clone()
}
