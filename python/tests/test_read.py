"""Reading: collections, games and nodes, and property values as the specification types them."""

import pytest

import sgf


def test_str_and_bytes_read_alike():
    text = "(;GM[1]SZ[9]PB[Honinbo Shusaku];B[ee];W[])"
    assert sgf.parse(text).encode() == sgf.parse(text.encode()).encode()
    with pytest.raises(TypeError):
        sgf.parse(42)


def test_nodes_come_in_preorder_with_their_links():
    game = sgf.parse("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]))")[0]
    nodes = game.nodes()
    assert [n.index for n in nodes] == [0, 1, 2, 3, 4]
    assert [n.move for n in nodes] == [
        None,
        ("B", (0, 0)),
        ("W", (1, 1)),
        ("B", (2, 2)),
        ("W", (3, 3)),
    ]
    assert game.root.parent is None
    assert nodes[1].children == [nodes[2], nodes[4]]
    assert nodes[3].parent == nodes[2]
    assert game.main_line() == nodes[:4]
    assert len(game) == 5


def test_moves_of_the_main_line_with_passes():
    game = sgf.parse("(;GM[1]SZ[19];B[pd];W[dd];B[];W[tt])")[0]
    assert game.moves() == [("B", (15, 3)), ("W", (3, 3)), ("B", None), ("W", None)]
    assert game.size == (19, 19)
    assert (game.gm, game.name) == (1, "Go")


def test_moves_with_variations_in_the_order_of_the_file():
    game = sgf.parse("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]AB[ee])(;C[none]))")[0]
    assert game.moves() == [("B", (0, 0)), ("W", (1, 1)), ("B", (2, 2))]
    assert game.moves(variations=True) == [
        ("B", (0, 0)),
        ("W", (1, 1)),
        ("B", (2, 2)),
        ("W", (3, 3)),
    ]


def test_values_take_the_types_of_the_specification():
    root = sgf.parse(
        "(;GM[1]FF[4]SZ[13]KM[6.5]PL[W]GB[2]KO[]PB[Lee\\] Sedol]C[line one\nline two]"
        "AB[aa:bb][cc]LB[dd:label]AR[aa:cc]DD[])"
    )[0].root
    assert root["SZ"] == 13
    assert root["KM"] == 6.5
    assert root["PL"] == "W"
    assert root["GB"] == 2
    assert root["KO"] is None and "KO" in root
    assert root["PB"] == "Lee] Sedol"
    assert root["C"] == "line one\nline two"
    assert root["AB"] == [(0, 0), (1, 0), (0, 1), (1, 1), (2, 2)]
    assert root["LB"] == [((3, 3), "label")]
    assert root["AR"] == [((0, 0), (2, 2))]
    assert root["DD"] == []
    assert root.raw("PB") == ["Lee\\] Sedol"]
    assert root.keys()[:3] == ["GM", "FF", "SZ"]
    assert dict(root.items())["SZ"] == 13
    assert list(root) == root.keys() and len(root) == len(root.keys())


def test_unknown_and_invalid_properties_are_kept_as_written():
    root = sgf.parse("(;GM[1]XY[one][two]SZ[big]B[zzz])")[0].root
    assert root["XY"] == ["one", "two"]
    assert root["SZ"] == ["big"]
    assert root["B"] == ["zzz"]
    with pytest.raises(KeyError):
        root["W"]
    assert root.get("W") is None and root.get("W", 0) == 0


def test_other_games_give_their_own_values():
    amazons = sgf.parse("(;GM[18]SZ[10];B[djddgd])")[0]
    assert amazons.moves() == [("B", ((3, 9), (3, 3), (6, 3)))]
    hex_game = sgf.parse("(;GM[11]SZ[11];B[a1];W[swap-pieces])")[0]
    assert hex_game.moves()[1] == ("W", "swap-pieces")
    assert isinstance(hex_game.moves()[0][1], tuple)
    backgammon = sgf.parse("(;GM[6];W[31hefe];B[double])")[0]
    assert backgammon.moves() == [("W", "31hefe"), ("B", "double")]
    chess = sgf.parse("(;GM[3];W[e2e4])")[0]
    assert (chess.name, chess.moves()) == ("Other", [("W", "e2e4")])


def test_a_file_loads_and_every_example_reads(examples):
    for path in examples:
        collection = sgf.load(path)
        assert len(collection) >= 1
        for game in collection:
            assert game.root.index == 0
            assert len(game.nodes()) == len(game)


def test_reading_reports_what_it_recovered_from():
    collection = sgf.parse("(;GM[1]C[unterminated")
    (finding,) = [f for f in collection.findings if f.severity == "error"]
    assert finding.code == "unexpected-end"
    assert (finding.location.span.line, finding.location.span.col) == (1, 22)
    assert str(finding).startswith("1:22: error[unexpected-end]")
