"""The documentation site's examples run as written, and the site builds with no warning.

Each page's fenced ``python`` blocks run in order in one namespace, as a notebook's cells do: a block
of ``>>>`` examples is a doctest (its outputs checked), any other block is run as a script. A
block fenced as ``py`` instead is shown and not run: a board joining a room, which needs a page. The
site's own build (``mkdocs build --strict``, warnings as errors: a cross-reference no object answers,
a broken link) runs in scripts/test.
"""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").glob("*.md"))
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def run_examples(path: Path) -> int:
    """Run the python blocks of a Markdown file; return the number of examples and blocks run."""
    namespace: dict[str, object] = {"__name__": "__main__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    blocks = BLOCK.findall(path.read_text())
    for i, block in enumerate(blocks):
        name = f"{path.name} block {i}"
        if block.lstrip().startswith(">>>"):
            test = parser.get_doctest(block, namespace, name, str(path), 0)
            runner.run(test, clear_globs=False)
            namespace.update(test.globs)  # a doctest runs in a copy of the namespace
        else:
            exec(compile(block, name, "exec"), namespace)
    assert runner.failures == 0, f"{runner.failures} failed examples in {path.name}"
    return runner.tries + len(blocks)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples(page):
    run_examples(page)


def test_every_guide_is_in_the_site():
    config = (ROOT / "mkdocs.yml").read_text()
    assert [p.name for p in PAGES if p.name not in config] == []
    for page in (ROOT / "docs" / "api").glob("*.md"):
        assert f"api/{page.name}" in config


def test_the_reference_covers_every_module():
    documented = set(
        re.findall(r"^::: (\S+)", "".join(p.read_text() for p in (ROOT / "docs" / "api").glob("*.md")), re.M)
    )
    modules = {
        ".".join(p.relative_to(ROOT / "src").with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "src" / "bgwidget").rglob("*.py")
    }
    assert modules - documented == set()
