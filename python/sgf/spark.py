"""`sgf export` as a Spark job, for archives that outgrow one machine.

Spark lists and reads the files (`binaryFile`, from a folder, HDFS or S3) and hands each
executor batches of them; `mapInArrow` reads each batch with `sgf.to_arrow`, and the tables are
written as Parquet, partitioned as Spark writes them (`OUTPUT/games/part-*.parquet`, and
`OUTPUT/moves/`). Run it as a script:

    spark-submit --master 'local[2]' python/sgf/spark.py INPUT... OUTPUT

The columns are those of `sgf export`, but for two things Spark needs:

- `game_id` numbers the games of one batch only, so it is left out: a game is named by `file`
  and `game` (its index in the file), and each move carries them too, to join on;
- Spark has no unsigned integers, so the counts and numbers are 64-bit signed integers.

The files are read once for each table: a pass costs less than keeping the tables of every
file between the two.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

import pyarrow
import pyarrow.compute

import sgf

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

#: The files Spark lists: SGF by their extension, in any case.
GLOB = "*.[sS][gG][fF]"


def _for_spark(table: pyarrow.Table) -> pyarrow.Table:
    """`table` with its unsigned columns as signed 64-bit ones, which Spark has."""
    fields = [
        pyarrow.field(f.name, pyarrow.int64(), f.nullable, f.metadata)
        if pyarrow.types.is_unsigned_integer(f.type)
        else f
        for f in table.schema
    ]
    return table.cast(pyarrow.schema(fields))


def games_of(tables: sgf.ArrowTables) -> pyarrow.Table:
    """The games table as the job writes it: without `game_id`."""
    return _for_spark(tables.games.drop_columns(["game_id"]))


def moves_of(tables: sgf.ArrowTables) -> pyarrow.Table:
    """The moves table as the job writes it: each move's `file` and `game` for its `game_id`."""
    ids = tables.moves.column("game_id")
    moves = tables.moves.drop_columns(["game_id"])
    for name in ("game", "file"):
        moves = moves.add_column(0, name, pyarrow.compute.take(tables.games.column(name), ids))
    return _for_spark(moves)


Table = Callable[[sgf.ArrowTables], pyarrow.Table]
Batches = Iterator[pyarrow.RecordBatch]


def _reader(table_of: Table) -> Callable[[Batches], Batches]:
    """What `mapInArrow` runs: batches of `binaryFile` rows in, batches of a table out. Files
    that do not read are named on the executor's stderr, as `sgf export` names them."""

    def read(batches: Batches) -> Batches:
        for batch in batches:
            paths = batch.column("path").to_pylist()
            contents = batch.column("content").to_pylist()
            tables = sgf.to_arrow(zip(paths, contents))
            for name, why in tables.unreadable:
                print(f"sgf: {name}: {why}", file=sys.stderr)
            yield from table_of(tables).to_batches()

    return read


def export(spark: "SparkSession", inputs: Sequence[str], output: str) -> None:
    """Writes the `games` and `moves` tables of the SGF files below `inputs` (folders or
    globs, anywhere Spark reads) into `output/games` and `output/moves`, replacing them."""
    from pyspark.sql.pandas.types import from_arrow_schema

    files = (
        spark.read.format("binaryFile")
        .option("pathGlobFilter", GLOB)
        .option("recursiveFileLookup", "true")
        .load(list(inputs))
    )
    empty = sgf.to_arrow([])
    for name, table_of in (("games", games_of), ("moves", moves_of)):
        schema = from_arrow_schema(table_of(empty).schema)
        rows = files.mapInArrow(_reader(table_of), schema)
        rows.write.mode("overwrite").parquet(f"{output}/{name}")


def main(argv: Sequence[str]) -> int:
    if len(argv) < 2:
        print("usage: spark-submit sgf/spark.py INPUT... OUTPUT", file=sys.stderr)
        return 2
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("sgf export").getOrCreate()
    try:
        export(spark, argv[:-1], argv[-1])
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
