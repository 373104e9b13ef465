"""The shared corpus, read from Python: every file reads or raises `ParseError`, and the fast
reading of a main line's moves gives what the nodes' typed properties give."""

import sgf


def test_every_corpus_file_reads_or_says_why(corpus):
    paths = sorted(p for p in corpus.rglob("*.sgf") if p.is_file())
    assert len(paths) > 10_000
    results = sgf.read_many(paths)
    read = [r for r in results if isinstance(r, sgf.Collection)]
    refused = [r for r in results if isinstance(r, sgf.ParseError)]
    assert len(read) + len(refused) == len(paths)
    assert len(read) > 0.99 * len(paths)
    for error in refused:
        assert error.path and error.findings


def test_moves_agree_with_each_node(corpus):
    """`Game.moves()` reads plainly written Go moves from the bytes; every node's properties,
    typed one by one, must give the same moves, on the main line and with variations."""
    moves = 0
    for path in sorted((corpus / "bulk").rglob("*.sgf"))[::7]:
        try:
            collection = sgf.load(path)
        except sgf.ParseError:
            continue
        for game in collection:
            if game.gm != 1:
                continue
            by_node = [
                (ident, value)
                for node in game.main_line()
                for ident, value in node.items()
                if ident in ("B", "W") and not isinstance(value, list)
            ]
            assert game.moves() == by_node, path
            every = [
                (ident, value)
                for node in game.nodes()
                for ident, value in node.items()
                if ident in ("B", "W") and not isinstance(value, list)
            ]
            assert game.moves(variations=True) == every, path
            moves += len(by_node)
    assert moves > 100_000


def test_moves_of_other_games_agree_with_each_node(corpus):
    """The same of the games that are not Go (Hex, Backgammon, Octi, …): their moves are read
    from the bytes with each game's own move type, by the path Go's take."""
    games = 0
    for path in sorted((corpus / "games").rglob("*.sgf")):
        try:
            collection = sgf.load(path)
        except sgf.ParseError:
            continue
        for game in collection:
            if game.gm == 1:
                continue
            every = [
                (ident, value)
                for node in game.nodes()
                for ident, value in node.items()
                if ident in ("B", "W") and not isinstance(value, list)
            ]
            assert game.moves(variations=True) == every, path
            games += 1
    assert games > 300
