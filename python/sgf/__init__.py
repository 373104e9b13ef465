"""SGF (Smart Game Format) game records: read, navigate, edit, check, repair and write them.

    >>> import sgf
    >>> game = sgf.parse("(;GM[1]SZ[19];B[pd];W[dd])")[0]
    >>> game.moves()
    [('B', (15, 3)), ('W', (3, 3))]

Reading keeps a file's bytes and a few bytes a node, and types a node's properties when they
are asked for, so that reading is fast and a collection stays near the size of its file.
Values are Python values of the types the SGF specification gives them: see `Node`.
"""

from ._sgf import (
    Collection,
    Finding,
    Game,
    Location,
    Node,
    NodePath,
    ParseError,
    Repair,
    Span,
    load,
    parse,
    read_many,
)
from ._arrow import ArrowTables, to_arrow

__all__ = [
    "ArrowTables",
    "Collection",
    "Finding",
    "Game",
    "Location",
    "Node",
    "NodePath",
    "ParseError",
    "Repair",
    "Span",
    "load",
    "parse",
    "read_many",
    "to_arrow",
]
