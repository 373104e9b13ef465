"""Replays the main line of every Go game in the files named on stdin (one path a line) on
sgfmill's board, and prints one line of JSON: the games and moves replayed, the seconds the
replay took (reading the files is not timed) and how many files sgfmill could not read.

Run by `cargo bench -p sgf-bench` when `python3 -c "import sgfmill"` works."""

import json
import sys
import time

from sgfmill import boards, sgf


def main():
    games, unread = [], 0
    for path in sys.stdin.read().splitlines():
        try:
            with open(path, "rb") as f:
                game = sgf.Sgf_game.from_bytes(f.read())
            if game.get_size() > 19 or game.root.get_raw("GM") not in (b"1",):
                raise ValueError("not a Go game sgfmill plays")
            moves = []
            for node in game.get_main_sequence():
                colour, point = node.get_move()
                setup = node.get_setup_stones()
                moves.append((setup, colour, point))
            games.append((game.get_size(), moves))
        except Exception:  # sgfmill refuses the file: it is counted, not replayed
            unread += 1
    played = 0
    start = time.perf_counter()
    for size, moves in games:
        board = boards.Board(size)
        for (black, white, empty), colour, point in moves:
            if black or white or empty:
                board.apply_setup(black, white, empty)
            if colour is not None and point is not None:
                try:
                    board.play(point[0], point[1], colour)
                except ValueError:  # sgfmill refuses a move on an occupied point
                    pass
                played += 1
    seconds = time.perf_counter() - start
    print(json.dumps({"games": len(games), "moves": played, "seconds": seconds, "unread": unread}))


if __name__ == "__main__":
    main()
