"""Run the Python examples of a Markdown page (README.md, docs/*.md) as written.

The page's fenced ``python`` blocks run in order in one namespace, as a notebook's cells do: a block
of ``>>>`` examples is a doctest (its outputs checked), any other block is run as a script. A block
fenced as ``py`` instead is shown and not run: a board joining a room, which needs a page.
"""

import doctest
import re
from pathlib import Path

BLOCK = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def run_examples(path: Path) -> int:
    """Run the python blocks of ``path``; return the number of examples and blocks run.

    Raises ``AssertionError`` naming the page when an example fails (doctest prints each failure).
    """
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
