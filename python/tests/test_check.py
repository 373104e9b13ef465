"""Validation and repair from Python, and findings in the one form Rust serializes them in."""

import json
import subprocess

import pytest

import sgf
from test_export import sgf_binary


def test_validation_places_what_it_finds():
    collection = sgf.parse("(;GM[1]FF[4]\n;B[aa]W[bb])")
    findings = collection.validate()
    codes = {f.code for f in findings}
    assert "exclusive-properties" in codes
    finding = next(f for f in findings if f.code == "exclusive-properties")
    location = finding.location
    assert (location.span.line, location.node, location.game) == (2, 1, 0)
    assert (location.property, location.path.depth, location.path.forks) == ("W", 1, [])
    assert finding.related.property == "B"
    assert finding.severity == "error"
    assert str(finding).startswith("2:7: error[exclusive-properties]: ")


def test_severities_are_named_as_in_rust():
    # A detected charset is worth knowing, no more: an info.
    collection = sgf.parse("(;GM[1]FF[4]PB[Lee Sedol])".encode("latin-1"))
    findings = collection.findings + collection.validate()
    assert {f.severity for f in findings} <= {"info", "warning", "error"}
    damaged = sgf.parse("(;GM[1]FF[4]C[a]C[b];B[aa]")
    assert "error" in {f.severity for f in damaged.validate()}


def attributes(value):
    """A finding's attributes, down to plain values, as `to_dict` gives them."""
    if isinstance(value, (sgf.Finding, sgf.Repair)):
        fields = ["code", "severity", "location", "related", "message"]
        if isinstance(value, sgf.Repair):
            fields = ["code", "location", "message"]
        return {name: attributes(getattr(value, name)) for name in fields}
    if isinstance(value, sgf.Location):
        fields = ["game", "node", "path", "property", "value", "span"]
        return {name: attributes(getattr(value, name)) for name in fields}
    if isinstance(value, sgf.NodePath):
        return {"depth": value.depth, "forks": [list(fork) for fork in value.forks]}
    if isinstance(value, sgf.Span):
        return {name: getattr(value, name) for name in ("start", "end", "line", "col")}
    return value


def test_attributes_are_the_fields_rust_serializes():
    collection = sgf.parse("(;GM[1]FF[4]\n;B[aa]W[bb]AB[cc][cc](;W[dd])(;W[ee]XX[x]))")
    findings = collection.findings + collection.validate()
    assert len(findings) > 2
    for finding in findings:
        assert attributes(finding) == finding.to_dict()
    for repair in collection.repair():
        assert attributes(repair) == repair.to_dict()


def test_findings_are_those_sgf_check_writes(examples, tmp_path):
    binary = sgf_binary()
    checked_some = False
    for path in examples:
        checked = subprocess.run(
            [binary, "check", "--format", "json", path], capture_output=True, check=False
        )
        assert checked.returncode in (0, 1, 2), checked.stderr
        written = [json.loads(line) for line in checked.stdout.decode().splitlines()]
        for line in written:
            assert line.pop("file") == str(path)
        found = [f.to_dict() for f in sgf.load(path).validate()]
        assert [f for f in found if f in written] == written, path
        checked_some |= bool(written)
    assert checked_some, "some example has findings"


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


def test_a_fault_repeated_past_the_limit_is_counted_not_listed():
    # 1,500 moves on one occupied point: 1,000 listed, the rest counted, in reading's terms too.
    collection = sgf.parse("(;GM[1]FF[4]SZ[19]" + ";B[aa]" * 1501 + ")")
    findings, omitted = collection.validate(omitted=True)
    occupied = [f for f in findings if f.code == "occupied-point"]
    assert len(occupied) == 1000
    counted = [o for o in omitted if o["code"] == "occupied-point"]
    assert counted == [{"game": 0, "code": "occupied-point", "severity": "warning", "count": 500}]
    assert len(collection.validate()) == len(findings)
    repeated = sgf.parse("(;GM[1]FF[4]" + "C[x]" * 1201 + ")")
    assert len([f for f in repeated.findings if f.code == "repeated-property"]) == 1000
    assert sum(o["count"] for o in repeated.omitted) == 200
