"""README is a quickstart that tells the truth: its commands exist and its code examples run as written."""

import re
from pathlib import Path

from markdown_examples import run_examples

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def test_readme_examples():
    assert run_examples(README) > 20


def test_readme_commands():
    commands = "\n".join(re.findall(r"^```bash\n(.*?)^```$", README.read_text(), re.MULTILINE | re.DOTALL))
    # The two commands of a fresh machine: JupyterLab on the play notebook, and every test (what CI runs).
    assert "bash scripts/start" in commands and "bash scripts/test" in commands
    assert "jupyter lab notebooks/02-play.ipynb" in (ROOT / "scripts" / "start").read_text()
    assert "bash scripts/test" in (ROOT / ".ci" / "run").read_text()
    # The docs' own command installs the docs extra, which holds the generator scripts/test builds with.
    assert '.venv/bin/pip install -e ".[docs]" && .venv/bin/mkdocs build' in commands
    assert ".venv/bin/mkdocs build --strict" in (ROOT / "scripts" / "test").read_text()
    assert re.search(r'^docs = \[.*"mkdocs', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
