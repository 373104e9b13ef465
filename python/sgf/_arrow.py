"""`sgf.to_arrow`: the tables of `sgf export` as pyarrow tables."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Iterable, NamedTuple, Tuple, Union

from . import _sgf

if TYPE_CHECKING:
    import pyarrow

Source = Union[str, "os.PathLike[str]", Tuple[str, bytes]]


class ArrowTables(NamedTuple):
    """The `games` and `moves` tables of some files, and the files that did not read."""

    games: "pyarrow.Table"
    """One row per game tree: its file, game, board, players, result, komi, charset, counts."""
    moves: "pyarrow.Table"
    """One row per move: its game (`game_id`, as in `games`), node, variation, number, point."""
    unreadable: list[tuple[str, str]]
    """Each input that did not read, as `(name, why)`; the tables leave it out."""


def to_arrow(sources: Iterable[Source]) -> ArrowTables:
    """The `games` and `moves` tables of `sources`, with the columns `sgf export` writes.

    Each source is a path, or a `(name, bytes)` pair for bytes read elsewhere (the `file`
    column then holds the name). Files are read on every core with the interpreter let go;
    their games are numbered in `game_id` from 0 in the order of `sources`. The tables are
    handed to pyarrow through the Arrow C stream interface, without a copy. Needs pyarrow.

        >>> import sgf
        >>> source = ("game.sgf", b"(;GM[1]PB[Shusaku];B[qd];W[dc])")
        >>> games, moves, unreadable = sgf.to_arrow([source])
        >>> games.column("black").to_pylist(), moves.num_rows, unreadable
        (['Shusaku'], 2, [])
    """
    import pyarrow

    games, moves, unreadable = _sgf.to_arrow(list(sources))
    return ArrowTables(pyarrow.table(games), pyarrow.table(moves), unreadable)
