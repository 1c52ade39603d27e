"""A Griffe extension for the docs site (mkdocs.yml): the docstrings' reST becomes Markdown.

The package's docstrings name other objects as Sphinx does (``:class:`Player```,
``:meth:`~bgwidget.game.Game.move```) and give doctest examples after ``>>>``; mkdocstrings reads
Markdown. Each role is rewritten to a cross-reference (``[`Player`][Player]``), which mkdocstrings
resolves in the docstring's scope (``scoped_crossrefs``) and ``mkdocs build --strict`` fails on when
nothing answers; each doctest (its lines up to the next blank one) is fenced as a ``pycon`` block.
"""

from __future__ import annotations

import builtins
import re
import sys
from typing import Any

import griffe

# :role:`target`, :role:`~dotted.target` (shown by its last name) or :role:`title <target>`
ROLE = re.compile(r":(?:class|func|meth|mod|attr|data|exc|obj):`(?:([^`<]+?)\s*<([^`>]+)>|(~?)([^`<>]+?))`")


# Python's and other projects' objects stay code, not links: their inventories would be fetched from the web.
OTHERS = set(sys.stdlib_module_names) | {"anywidget", "dask", "fsrs", "ipywidgets", "numpy", "pandas", "traitlets"}


def link(match: re.Match[str]) -> str:
    title, titled, short, plain = match.groups()
    target = (titled or plain).strip().removesuffix("()")
    shown = title or (target.rsplit(".", 1)[-1] if short else target)
    if target.split(".")[0] in OTHERS or hasattr(builtins, target):
        return f"`{shown}`"
    return f"[`{shown}`][{target}]"


DOCTEST = re.compile(r"^([ \t]*)>>> .*?(?=\n[ \t]*\n|\Z)", re.MULTILINE | re.DOTALL)


def fence(match: re.Match[str]) -> str:
    indent = match.group(1)
    return f"{indent}```pycon\n{match.group(0)}\n{indent}```"


class SphinxRoles(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:  # noqa: ANN401
        if obj.docstring is not None:
            text = DOCTEST.sub(fence, obj.docstring.value)
            parts = text.split("```")  # the roles outside the examples only: odd parts are code
            parts[::2] = [ROLE.sub(link, part) for part in parts[::2]]
            obj.docstring.value = "```".join(parts)
