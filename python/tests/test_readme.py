"""The README's Python example runs as written."""

import re

from conftest import EXAMPLES, ROOT


def test_the_readme_example_runs(tmp_path, monkeypatch):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Python") :]
    (code,) = re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.S)
    (tmp_path / "examples").symlink_to(EXAMPLES)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "<the Python example of README.md>", "exec"), {})
    assert (tmp_path / "out.sgf").read_bytes().startswith(b"(;")
