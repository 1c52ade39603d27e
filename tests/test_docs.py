"""The documentation site's pages: every guide's examples run as written, every page and module is in it.

The site's own build, ``mkdocs build --strict`` (warnings as errors: a cross-reference no object
answers, a link to a missing page), runs in scripts/test.
"""

import re
from pathlib import Path

import pytest

from markdown_examples import run_examples

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md"))
REFERENCE = sorted((ROOT / "docs" / "api").glob("*.md"))


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples(page):
    run_examples(page)


def test_every_page_is_in_the_site():
    config = (ROOT / "mkdocs.yml").read_text()
    assert [p.name for p in PAGES if f" {p.name}" not in config] == []
    assert [p.name for p in REFERENCE if f"api/{p.name}" not in config] == []


def test_the_reference_covers_every_module():
    documented = set(re.findall(r"^::: (\S+)", "".join(p.read_text() for p in REFERENCE), re.MULTILINE))
    modules = {
        ".".join(p.relative_to(ROOT / "src").with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "src" / "bgwidget").rglob("*.py")
    }
    assert sorted(modules - documented) == []
