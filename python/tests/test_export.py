"""`sgf export` writes Parquet tables that DuckDB reads: the README's example, run as written."""

import os
import re
import subprocess
from pathlib import Path

import pytest

from conftest import EXAMPLES, ROOT


def sgf_binary() -> Path:
    """The `sgf` tool: $SGF_BIN, or the one `cargo build -p sgf-cli` leaves in target/."""
    if "SGF_BIN" in os.environ:
        return Path(os.environ["SGF_BIN"]).resolve()
    for profile in ("debug", "release"):
        binary = ROOT / "target" / profile / "sgf"
        if binary.is_file():
            return binary
    pytest.skip("no sgf binary: `cargo build -p sgf-cli`, or set SGF_BIN")


def test_the_readme_duckdb_example_runs(tmp_path, monkeypatch):
    duckdb = pytest.importorskip("duckdb", reason="pip install duckdb")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Parquet and DuckDB") :].split("\n## ", 1)[0]
    section = section.split("\n### ", 1)[0]
    (command,) = re.findall(r"```sh\n(.*?)```", section, re.S)
    assert "export examples/ -o out" in command
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    binary = sgf_binary()
    (tmp_path / "examples").symlink_to(EXAMPLES)
    monkeypatch.chdir(tmp_path)
    subprocess.run([binary, "export", "examples/", "-o", "out"], check=True)
    exec(compile(code, "<the DuckDB example of README.md>", "exec"), {})
    # Every game is there, with as many moves on its main line as the package reads there
    # (values as written: `B[pp` cut short by the end of damaged.sgf is a move too).
    import sgf

    def written_moves(game) -> int:
        return sum(len(node.raw(colour) or []) for node in game.main_line() for colour in "BW")

    expected = sorted(
        (f"examples/{path.name}", index, written_moves(game))
        for path in EXAMPLES.glob("*.sgf")
        for index, game in enumerate(sgf.load(path))
    )
    exported = duckdb.sql(
        "select file, game, main_line_moves from 'out/games.parquet' order by all"
    ).fetchall()
    assert exported == expected
    total = duckdb.sql("select sum(moves) from 'out/games.parquet'").fetchall()[0][0]
    assert duckdb.sql("select count(*) from 'out/moves.parquet'").fetchall()[0][0] == total
