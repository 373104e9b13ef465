"""Reading SGF from Python: this package against sgfmill, on the same files.

    pip install ./python sgfmill pyarrow
    python python/bench/compare.py [DIR] [--passes N]

DIR defaults to ../shared/corpus/bulk. The files both read are timed (median of the passes):
sgfmill's parse alone (`Sgf_game.from_bytes`), sgfmill's parse with every move of every node
typed (`node.get_move()` over the whole tree), and this package's `sgf.parse` with every move
typed (`Game.moves()` is the main line, `Game.moves(variations=True)` every node's moves;
`Node.move` over every node for the whole tree), then
`sgf.read_many` on every core, and `sgf.to_arrow` on every core, whose `moves` table holds every
move of every variation typed (`col`, `row`, `pass`). Prints a Markdown table.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

import sgf

try:
    from sgfmill import sgf as sgfmill
except ImportError:  # pragma: no cover - the benchmark needs it
    sys.exit("needs sgfmill: pip install sgfmill")


def sgfmill_parse(data: bytes) -> int:
    return len(sgfmill.Sgf_game.from_bytes(data).get_root().__class__.__name__)


def sgfmill_moves(data: bytes) -> int:
    game = sgfmill.Sgf_game.from_bytes(data)
    moves = 0
    stack = [game.get_root()]
    while stack:
        node = stack.pop()
        colour, point = node.get_move()
        if colour is not None:
            moves += 1
        stack.extend(node)
    return moves


def sgf_moves(data: bytes) -> int:
    moves = 0
    for game in sgf.parse(data):
        for node in game.nodes():
            if node.move is not None:
                moves += 1
    return moves


def sgf_main_line(data: bytes) -> int:
    return sum(len(game.moves()) for game in sgf.parse(data))


def sgf_every_move(data: bytes) -> int:
    return sum(len(game.moves(variations=True)) for game in sgf.parse(data))


def timed(work, inputs, passes):
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        for data in inputs:
            work(data)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    root = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "bulk"
    parser.add_argument("dir", nargs="?", type=Path, default=root)
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()
    paths = sorted(p for p in args.dir.rglob("*") if p.is_file())
    inputs, both = [], []
    for path in paths:
        data = path.read_bytes()
        try:
            sgfmill_moves(data)
            sgf_moves(data)
        except Exception:
            continue
        inputs.append(data)
        both.append(path)
    size = sum(len(d) for d in inputs)
    print(f"{len(inputs)} of {len(paths)} files read by both, {size / 1e6:.2f} MB\n")
    base = timed(sgfmill_parse, inputs, args.passes)
    rows = [
        ("sgfmill: parse", base),
        ("sgfmill: parse, every node's move typed", timed(sgfmill_moves, inputs, args.passes)),
        ("sgf: parse, every node's move typed", timed(sgf_moves, inputs, args.passes)),
        ("sgf: parse, the main line's moves typed", timed(sgf_main_line, inputs, args.passes)),
        ("sgf: parse, every move of every variation typed", timed(sgf_every_move, inputs, args.passes)),
    ]
    start = time.perf_counter()
    for result in sgf.read_many(both):
        for game in result:
            game.moves()
    rows.append(("sgf: read_many on every core, the main line's moves typed", time.perf_counter() - start))
    named = [(str(path), data) for path, data in zip(both, inputs)]
    sgf.to_arrow([])  # pyarrow imported before the clock starts
    start = time.perf_counter()
    moves = sgf.to_arrow(named).moves
    rows.append((f"sgf: to_arrow on every core, all {moves.num_rows} moves typed in columns", time.perf_counter() - start))
    print("| reading | seconds | MB/s | against sgfmill's parse |")
    print("| --- | ---: | ---: | ---: |")
    for name, seconds in rows:
        print(f"| {name} | {seconds:.3f} | {size / 1e6 / seconds:.1f} | {base / seconds:.1f}x |")


if __name__ == "__main__":
    main()
