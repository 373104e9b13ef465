"""Type stubs of the native module `sgf._sgf` (the classes and functions `sgf` exports)."""

from os import PathLike
from typing import Any, Iterator, Literal, Optional, Sequence, Union, overload

StrPath = Union[str, PathLike[str]]

#: A property value, as the specification types it: `None` (the `none` type, a pass), `int`
#: (number, double), `float` (real), `str` (text, simpletext, colour `"B"`/`"W"`, a point,
#: stone or move with no form on the grid, written as text), a point `(col, row)`, a tuple of
#: points for a value of several (an Amazons move), a tuple for a composed value, a list for
#: `list of`/`elist of`. A point, stone or move may also be set as the `str` it is written as.
Value = Any

Layout = Literal["node-per-line", "compact", "as-read"]

class ParseError(ValueError):
    """An input that does not read as SGF."""

    #: What reading found, the errors among them: at most 1,000 of one code.
    findings: list[Finding]
    #: The findings counted past that, not listed, as `Collection.omitted` counts them.
    omitted: list[dict[str, Any]]
    #: Line and column (1-based) of the first error, when known.
    line: Optional[int]
    col: Optional[int]
    #: The file, when one was read.
    path: Optional[str]

class Span:
    """Bytes of the input, and where they start."""

    #: Byte offsets: the first byte, and one past the last.
    start: int
    end: int
    #: Line and column (1-based; the column in bytes) of the first byte.
    line: int
    col: int

class NodePath:
    """Where a node stands in its game tree."""

    #: How many moves down from the root: the root is 0.
    depth: int
    #: Each `(depth, variation)` where the path leaves its parent's main line (the
    #: variation counted from 1).
    forks: list[tuple[int, int]]

class Location:
    """The place a finding is about."""

    #: The game tree's index in its collection.
    game: int
    #: The node's index in `Game.nodes()`, if the finding is about one.
    node: Optional[int]
    path: NodePath
    #: The property's identifier, if the finding is about one.
    property: Optional[str]
    #: The index of the value within the property, if the finding is about one.
    value: Optional[int]
    #: The bytes of the input, when the place is known there.
    span: Optional[Span]

Severity = Literal["info", "warning", "error"]

class Finding:
    """What reading or validation found at one place: the fields of Rust's `Finding`, by the
    same names, as `sgf check --format json` writes them."""

    #: The code, as `sgf check` names it (`"repeated-property"`).
    code: str
    severity: Severity
    location: Location
    #: A second place it refers to (the first occurrence of a repeat).
    related: Optional[Location]
    #: What a person needs to know, in a sentence.
    message: str
    def to_dict(self) -> dict[str, Any]:
        """The finding as Rust serializes it (a line of `sgf check --format json`, without
        `file`)."""
    def __str__(self) -> str:
        """The finding as `sgf check` prints it: `line:col: severity[code]: message`."""

class Repair:
    """One fix of `Collection.repair()`."""

    #: The code of the finding fixed.
    code: str
    #: Where, before the fix.
    location: Location
    #: What was done, in a sentence.
    message: str
    def to_dict(self) -> dict[str, Any]:
        """The repair as Rust serializes it."""

class Collection:
    """The game trees of one SGF file."""

    #: The game trees, in the order of the file.
    games: list[Game]
    #: The charset the text was read in (`"UTF-8"`, `"GBK"`).
    charset: str
    #: The format the file was read in: `"SGF"`, or that of a record converted to SGF on the way
    #: in (`"GIB (Tygem)"`, `"NGF (WBaduk, Cyberoro)"`, `"UGF (Pandanet)"`).
    format: str
    #: What reading the input found: damage recovered from, charsets decided.
    findings: list[Finding]
    #: Reading's findings counted, not listed (past 1,000 of one code): dicts of `game`,
    #: `code`, `severity` and `count`.
    omitted: list[dict[str, Any]]
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Game: ...
    def encode(self, *, charset: Optional[str] = None, layout: Layout = "node-per-line") -> bytes:
        """The collection as SGF bytes: UTF-8 by default, `charset="source"` for the charset
        it was read in, or a charset's name."""
    def save(
        self, path: StrPath, *, charset: Optional[str] = None, layout: Layout = "node-per-line"
    ) -> None:
        """Writes `encode()`'s bytes to `path`, atomically."""
    @overload
    def validate(self) -> list[Finding]: ...
    @overload
    def validate(self, *, omitted: Literal[True]) -> tuple[list[Finding], list[dict[str, Any]]]: ...
    def validate(self, *, omitted: bool = False) -> Any:
        """Checks every tree against the specification's types and rules; with what reading
        found in the trees still as read, every finding once. At most 1,000 findings of one
        code are listed; with `omitted=True`, returns `(findings, omitted)`, `omitted` counting
        the rest: dicts of `game`, `code`, `severity` and `count`."""
    def repair(self) -> list[Repair]:
        """Fixes what validation finds and a program can fix without guessing. Nodes taken
        before a repair that changed something raise `RuntimeError` when used."""

class Game:
    """One game tree of a collection."""

    #: The game's number (`GM`, 1 for Go).
    gm: int
    #: The game's name (`"Go"`, `"Other"` for a game without a section).
    name: str
    #: The board, `(columns, rows)`.
    size: tuple[int, int]
    #: The root node.
    root: Node
    def nodes(self) -> list[Node]:
        """Every node, in the order of the file (preorder)."""
    def main_line(self) -> list[Node]:
        """The root and the first child of each node after it."""
    def moves(self, variations: bool = False) -> list[tuple[str, Value]]:
        """The moves of the main line: `(colour, move)`; a Go move is `(col, row)`, or `None`
        for a pass. With `variations`, the moves of every node, in the order of the file."""
    def __len__(self) -> int: ...

class Node:
    """One node of a game tree; its properties read and change like a dict's items."""

    #: The node's index in `Game.nodes()` (0 for the root).
    index: int
    parent: Optional[Node]
    #: The nodes below, the main line's first.
    children: list[Node]
    #: The move the node plays, `(colour, move)`, or `None`.
    move: Optional[tuple[str, Value]]
    def __getitem__(self, ident: str) -> Value: ...
    def __setitem__(self, ident: str, value: Value) -> None: ...
    def __delitem__(self, ident: str) -> None: ...
    def __contains__(self, ident: str) -> bool: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...
    def get(self, ident: str, default: Value = None) -> Value: ...
    def keys(self) -> list[str]: ...
    def items(self) -> list[tuple[str, Value]]: ...
    def raw(self, ident: str) -> Optional[list[str]]:
        """The values as written in SGF, escapes included."""
    def set_raw(self, ident: str, values: Sequence[str]) -> None:
        """Sets values written as SGF; kept as written if they do not fit the property."""

def parse(data: Union[bytes, str], *, strict: bool = False) -> Collection:
    """Reads SGF, or a GIB, NGF or UGF/UGI record told by its content; raises `ParseError`
    for an input that does not read."""

def load(path: StrPath, *, strict: bool = False) -> Collection:
    """Reads an SGF file, or a `.gib`, `.ngf`, `.ugf` or `.ugi` record (by its extension, or
    its content where that names none); raises `ParseError` or `OSError`."""

def read_many(
    paths: Sequence[StrPath], *, strict: bool = False
) -> list[Union[Collection, ParseError, OSError]]:
    """Reads many files on every core: a `Collection` or the exception for each, in order."""

class ArrowTable:
    """A table for pyarrow to take (once) through the Arrow PyCapsule interface."""
    def __arrow_c_stream__(self, requested_schema: object = None) -> object: ...

def to_arrow(
    sources: Sequence[Union[StrPath, tuple[str, bytes]]],
) -> tuple[ArrowTable, ArrowTable, list[tuple[str, str]]]:
    """The games and moves tables of many inputs, read on every core, and those that did not read."""
