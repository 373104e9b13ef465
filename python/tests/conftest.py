"""Shared fixtures: the project's bundled examples and, where it is present, the shared corpus."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
CORPUS = ROOT.parent / "shared" / "corpus"


@pytest.fixture
def examples() -> list[Path]:
    files = sorted(EXAMPLES.glob("*.sgf"))
    assert files, f"no examples in {EXAMPLES}"
    return files


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip(f"needs {CORPUS}")
    return CORPUS
