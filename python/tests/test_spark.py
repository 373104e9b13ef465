"""The Spark job (`python/sgf/spark.py`) run as the README runs it, with `spark-submit` on a local
Spark (`local[2]`): it writes the tables `sgf.to_arrow` gives for the same files."""

import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

import sgf
from conftest import EXAMPLES, ROOT

SCRIPT = ROOT / "python" / "sgf" / "spark.py"


def spark_submit() -> Path:
    """`spark-submit` of the pyspark beside this interpreter, where Spark can run; the test is
    skipped elsewhere, but for `SGF_SPARK_REQUIRED=1` (CI), which makes that a failure."""
    missing = None
    if importlib.util.find_spec("pyspark") is None:
        missing = "no pyspark: pip install 'pyspark[sql]'"
    elif not (os.environ.get("JAVA_HOME") or shutil.which("java")):
        missing = "no Java: Spark needs Java 17 or later (java on PATH, or JAVA_HOME)"
    if missing and os.environ.get("SGF_SPARK_REQUIRED") == "1":
        pytest.fail(f"{missing}, and SGF_SPARK_REQUIRED=1")
    if missing:
        pytest.skip(missing)
    return Path(sys.executable).parent / "spark-submit"


def rows(table, keys):
    return table.sort_by([(key, "ascending") for key in keys]).to_pylist()


def test_the_spark_job_writes_the_tables_to_arrow_gives(tmp_path):
    submit = spark_submit()
    from pyarrow import parquet

    from sgf import spark

    # The README's command, as written, in a folder with the checkout's `examples/` and
    # `python/`.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("### The same export on Spark") :]
    command = shlex.split(re.search(r"```sh\n(.*?)```", section, re.S).group(1))
    script = str(SCRIPT.relative_to(ROOT))
    assert command[0] == "spark-submit" and command[-3:] == [script, "examples/", "out-spark"]
    for name in ("examples", "python"):
        (tmp_path / name).symlink_to(ROOT / name)
    python = {"PYSPARK_PYTHON": sys.executable, "PYSPARK_DRIVER_PYTHON": sys.executable}
    subprocess.run(
        [submit, *command[1:]],
        check=True,
        env={**os.environ, **python},
        cwd=tmp_path,
    )
    out = tmp_path / "out-spark"
    games = parquet.read_table(out / "games")
    moves = parquet.read_table(out / "moves")
    # Spark names each file by its URI; read as it was, each gives the same rows.
    names = sorted(set(games.column("file").to_pylist()))
    assert [Path(urlparse(name).path).name for name in names] == sorted(
        path.name for path in EXAMPLES.glob("*.sgf")
    )
    expected = sgf.to_arrow([(name, Path(urlparse(name).path).read_bytes()) for name in names])
    assert rows(games, ["file", "game"]) == rows(spark.games_of(expected), ["file", "game"])
    keys = ["file", "game", "node", "colour", "value"]
    assert rows(moves, keys) == rows(spark.moves_of(expected), keys)
    assert moves.num_rows > 0
