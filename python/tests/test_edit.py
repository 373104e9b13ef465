"""Editing a node, writing and saving: what is set reads back, what is not edited is copied."""

import pytest

import sgf


def test_set_values_are_written_and_read_back():
    collection = sgf.parse("(;GM[1]SZ[19];B[pd]C[first])")
    node = collection[0].main_line()[1]
    node["C"] = "a ] bracket\nand a line"
    node["W"] = None
    node["LB"] = [((3, 3), "A"), ((4, 4), "B")]
    del node["B"]
    again = sgf.parse(collection.encode())[0].main_line()[1]
    assert again["C"] == "a ] bracket\nand a line"
    assert again["W"] is None
    assert again["LB"] == [((3, 3), "A"), ((4, 4), "B")]
    assert "B" not in again
    assert again.raw("C") == ["a \\] bracket\nand a line"]


def test_a_colon_in_the_first_part_of_a_composed_value_is_escaped():
    root = sgf.parse("(;GM[1]FF[4])")[0].root
    root["AP"] = ("my:app", "1.0")
    assert root.raw("AP") == ["my\\:app:1.0"]
    assert root["AP"] == ("my:app", "1.0")
    assert sgf.parse(root_text(root))[0].root["AP"] == ("my:app", "1.0")


def root_text(root):
    return "(;" + "".join(f"{k}" + "".join(f"[{v}]" for v in root.raw(k)) for k in root) + ")"


def test_values_that_do_not_fit_are_refused():
    root = sgf.parse("(;GM[1]SZ[9])")[0].root
    with pytest.raises(ValueError):
        root["AB"] = [(9, 9)]  # off a 9x9 board
    with pytest.raises(ValueError):
        root["KM"] = "six"
    with pytest.raises(ValueError):
        root["b"] = 1
    with pytest.raises(KeyError):
        del root["PW"]
    root.set_raw("XX", ["kept", "as written"])
    root.set_raw("SZ", ["big"])
    assert root["XX"] == ["kept", "as written"]
    assert root["SZ"] == ["big"]


def test_an_unedited_collection_is_written_as_read():
    text = b"(;GM[1]FF[4]CA[UTF-8]SZ[19]\n;B[pd]\n;W[dd]C[keep   this])\n"
    collection = sgf.parse(text)
    assert collection.encode(layout="as-read") == text
    compact = collection.encode(layout="compact")
    assert b"\n" not in compact.rstrip(b"\n")
    with pytest.raises(ValueError):
        collection.encode(layout="sideways")


def test_a_collection_keeps_its_charset_on_request(tmp_path):
    gbk = "(;GM[1]FF[4]CA[GB2312]PB[李昌镐])".encode("gbk")
    collection = sgf.parse(gbk)
    assert collection.charset == "GBK"
    assert collection[0].root["PB"] == "李昌镐"
    assert collection.encode(charset="source") == gbk + b"\n"
    assert "CA[UTF-8]" in collection.encode().decode("utf-8")
    path = tmp_path / "game.sgf"
    collection.save(path, charset="source")
    assert path.read_bytes() == gbk + b"\n"
    assert sgf.load(path)[0].root["PB"] == "李昌镐"


def test_every_game_takes_its_values_in_the_form_it_gives_them():
    amazons = sgf.parse("(;GM[18]SZ[10];B[djddgd];W[aa])")[0].main_line()[2]
    amazons["W"] = ((3, 3), (5, 5), (5, 6))
    assert amazons.raw("W") == ["ddfffg"]
    assert amazons["W"] == ((3, 3), (5, 5), (5, 6))
    hex_node = sgf.parse("(;GM[11]SZ[11];B[a1];W[b2])")[0].main_line()[2]
    hex_node["W"] = (2, 0)
    assert hex_node.raw("W") == ["c1"]
    hex_node["W"] = "swap-pieces"
    assert hex_node["W"] == "swap-pieces"
    with pytest.raises(ValueError, match="no move of Hex on a board of 11x11"):
        hex_node["W"] = (11, 0)
    with pytest.raises(ValueError, match="no move of Hex"):
        hex_node["W"] = None  # Hex has no pass
    backgammon = sgf.parse("(;GM[6];W[31hefe])")[0].main_line()[1]
    backgammon["W"] = "double"
    assert backgammon["W"] == "double"
    with pytest.raises(ValueError, match="no move of Backgammon"):
        backgammon["W"] = (1, 2)
    go = sgf.parse("(;GM[1]SZ[19];B[aa])")[0].main_line()[1]
    go["B"] = "pd"  # any value may also be given as the text it is written as
    assert go["B"] == (15, 3)
    go["B"] = None
    assert go.raw("B") == [""]
