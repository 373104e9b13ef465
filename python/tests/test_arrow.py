"""`sgf.to_arrow`: the tables of `sgf export`, as pyarrow tables."""

import subprocess

import pytest

import sgf
from test_export import sgf_binary

pyarrow = pytest.importorskip("pyarrow", reason="pip install pyarrow")


def written_moves(game) -> int:
    return sum(len(node.raw(colour) or []) for node in game.main_line() for colour in "BW")


def test_one_row_per_game_and_per_move(examples):
    games, moves, unreadable = sgf.to_arrow(examples)
    assert unreadable == []
    expected = [
        (str(path), index, written_moves(game), game.root.get("PB"))
        for path in examples
        for index, game in enumerate(sgf.load(path))
    ]
    rows = zip(*(games.column(c).to_pylist() for c in ("file", "game", "main_line_moves", "black")))
    assert list(rows) == expected
    assert games.column("game_id").to_pylist() == list(range(len(expected)))
    assert moves.num_rows == sum(games.column("moves").to_pylist())


def test_bytes_read_as_the_file_they_came_from(examples):
    from_paths = sgf.to_arrow(examples)
    from_bytes = sgf.to_arrow([(str(path), path.read_bytes()) for path in examples])
    assert from_bytes.games.equals(from_paths.games)
    assert from_bytes.moves.equals(from_paths.moves)


def test_inputs_that_do_not_read_are_named_and_left_out(examples, tmp_path):
    missing = tmp_path / "missing.sgf"
    tables = sgf.to_arrow([("not-sgf.txt", b"no game here"), missing, examples[0]])
    assert [name for name, _ in tables.unreadable] == ["not-sgf.txt", str(missing)]
    assert all(why for _, why in tables.unreadable)
    assert set(tables.games.column("file").to_pylist()) == {str(examples[0])}


def test_the_tables_are_those_sgf_export_writes(examples, tmp_path):
    parquet = pytest.importorskip("pyarrow.parquet", reason="pyarrow with Parquet")
    binary = sgf_binary()
    subprocess.run([binary, "export", *examples, "-o", tmp_path], check=True)
    games, moves, _ = sgf.to_arrow(examples)
    assert parquet.read_table(tmp_path / "games.parquet").equals(games)
    assert parquet.read_table(tmp_path / "moves.parquet").equals(moves)


def test_a_table_is_handed_over_once():
    games, _, _ = sgf._sgf.to_arrow([("a.sgf", b"(;B[aa])")])
    assert pyarrow.table(games).num_rows == 1
    with pytest.raises(ValueError, match="already taken"):
        pyarrow.table(games)


def test_no_sources_give_empty_tables_with_every_column():
    games, moves, unreadable = sgf.to_arrow([])
    assert (games.num_rows, moves.num_rows, unreadable) == (0, 0, [])
    assert "black" in games.column_names and "pass" in moves.column_names



def test_the_docstring_example_runs():
    import doctest

    import sgf._arrow

    result = doctest.testmod(sgf._arrow)
    assert result.attempted > 0 and result.failed == 0
