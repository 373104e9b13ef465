"""What does not read: `sgf.ParseError` with the place of the first error, `OSError` for a file
that cannot be read, and batches that go on past both."""

import pytest

import sgf


def test_an_input_without_a_game_tree_is_a_parse_error():
    with pytest.raises(sgf.ParseError) as caught:
        sgf.parse(b"no game here")
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.findings and error.findings[0].code == "no-game-tree"
    assert (error.line, error.col) == (1, 1)
    assert error.path is None


def test_strict_reading_refuses_what_lenient_reading_recovers_from():
    text = "(;GM[1]\n;B[aa]C[cut"
    assert len(sgf.parse(text)[0]) == 2
    with pytest.raises(sgf.ParseError) as caught:
        sgf.parse(text, strict=True)
    assert caught.value.line == 2
    assert caught.value.omitted == []


def test_a_refusal_lists_at_most_a_thousand_findings_of_a_code_and_counts_the_rest():
    with pytest.raises(sgf.ParseError) as caught:
        sgf.parse("(;GM[1]FF[4]" + "C[x]" * 1201 + ")", strict=True)
    error = caught.value
    assert len([f for f in error.findings if f.code == "repeated-property"]) == 1000
    assert error.omitted == [
        {"game": 0, "code": "repeated-property", "severity": "error", "count": 200}
    ]


def test_a_file_that_does_not_read_names_itself(tmp_path):
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"nothing")
    with pytest.raises(sgf.ParseError) as caught:
        sgf.load(bad)
    assert caught.value.path == str(bad)
    assert str(bad) in str(caught.value)
    with pytest.raises(OSError):
        sgf.load(tmp_path / "missing.sgf")


def test_read_many_keeps_the_order_and_goes_past_bad_files(tmp_path, examples):
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"")
    paths = [examples[0], bad, tmp_path / "missing.sgf", *examples]
    results = sgf.read_many(paths)
    assert len(results) == len(paths)
    assert isinstance(results[1], sgf.ParseError)
    assert isinstance(results[2], OSError)
    for path, result in zip([examples[0], *examples], [results[0], *results[3:]]):
        assert isinstance(result, sgf.Collection)
        assert result.encode() == sgf.load(path).encode()
