"""Validation and repair from Python."""

import pytest

import sgf


def test_validation_places_what_it_finds():
    collection = sgf.parse("(;GM[1]FF[4]\n;B[aa]W[bb])")
    findings = collection.validate()
    codes = {f.code for f in findings}
    assert "exclusive-properties" in codes
    finding = next(f for f in findings if f.code == "exclusive-properties")
    assert (finding.line, finding.node, finding.game) == (2, 1, 0)
    assert finding.severity in {"error", "warning", "note"}


def test_repair_fixes_and_says_what_it_did():
    collection = sgf.parse("(;GM[1]FF[4];B[aa]W[bb]AB[cc][cc])")
    node = collection[0].main_line()[1]
    repairs = collection.repair()
    assert {r.code for r in repairs} >= {"exclusive-properties", "repeated-point"}
    assert all(r.message for r in repairs)
    left = {f.code for f in collection.validate()}
    assert not left & {r.code for r in repairs}
    assert [m for _, m in collection[0].moves()] == [(0, 0), (1, 1)]
    with pytest.raises(RuntimeError):
        node.keys()
    assert collection.repair() == []
