"""Records of other formats (sgf-core's fixtures: Tygem GIB, WBaduk NGF, Pandanet UGF and UGI)
read by `sgf.load` and `sgf.parse` as any SGF file is, with what each `.expect` says it holds."""

from pathlib import Path

import pytest

import sgf

FORMATS = Path(__file__).resolve().parents[2] / "sgf-core" / "tests" / "formats"
RECORDS = sorted(p for p in FORMATS.iterdir() if p.suffix in {".gib", ".ngf", ".ugf", ".ugi"})


def expected(path: Path) -> dict[str, str]:
    text = path.with_name(path.name + ".expect").read_text(encoding="utf-8")
    return dict(line.split("=", 1) for line in text.splitlines())


def test_there_is_a_record_of_every_format():
    assert {p.suffix for p in RECORDS} == {".gib", ".ngf", ".ugf", ".ugi"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_load_and_parse_read_what_the_record_holds(path: Path):
    want = expected(path)
    loaded = sgf.load(path)
    parsed = sgf.parse(path.read_bytes())
    assert loaded.encode() == parsed.encode()
    assert loaded.charset == want["charset"]
    names = {".gib": "GIB", ".ngf": "NGF", ".ugf": "UGF", ".ugi": "UGF"}
    assert loaded.format.startswith(names[path.suffix])
    assert sgf.parse(b"(;GM[1])").format == "SGF"
    game = loaded[0]
    root = game.root
    for key in ["PB", "BR", "PW", "WR", "RE", "DT"]:
        assert (root[key] if key in root else "") == want[key], key
    assert root["KM"] == float(want["KM"])
    moves = [node.move for node in game.main_line() if node.move is not None]
    assert len(moves) == len(want["moves"].split())
    assert loaded.encode().startswith(b"(;FF[4]CA[UTF-8]GM[1]")


def test_a_damaged_record_reads_with_its_findings_and_strict_refuses_it():
    path = FORMATS / "cut-short.gib"
    findings = sgf.load(path).findings
    assert any(f.code == "unexpected-end" for f in findings), findings
    with pytest.raises(sgf.ParseError):
        sgf.load(path, strict=True)
