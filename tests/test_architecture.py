"""The architecture's rules, checked on the source (docs/ARCHITECTURE.md).

The layers themselves are import-linter's contract in pyproject.toml (``lint-imports``, run by
scripts/test); these tests add what a layer contract does not say: no import cycle at all but
position.py's lazy conveniences, no private name used across modules, no function too long to read.
"""

import ast
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "bgwidget"

CONVENIENCES = {"bgwidget.position"}
"""Modules whose in-function imports of higher layers are allowed: ``Position.legal_plays``,
``parse_play`` and ``_repr_svg_`` import the plays and the drawing when called."""

DISPLAY_PROTOCOLS = {"_repr_svg_", "_repr_html_", "_esm", "_css", "_asdict", "_replace", "_fields"}
"""Underscored names that are other libraries' public protocols: IPython's display methods,
anywidget's module and styles, namedtuple's methods."""


def strongly_connected(graph: grimp.ImportGraph) -> list[set[str]]:
    """The import cycles of ``graph``: its strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                component = set()
                while True:
                    member = stack.pop()
                    component.add(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


def test_no_import_cycle_but_the_positions_lazy_conveniences():
    graph = grimp.build_graph("bgwidget", exclude_type_checking_imports=True)
    assert strongly_connected(graph), "the check must see position.py's conveniences as a cycle"
    for module in CONVENIENCES:
        lines = (PACKAGE.parent / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8").splitlines()
        for imported in graph.find_modules_directly_imported_by(module):
            details = graph.get_import_details(importer=module, imported=imported)
            if all(lines[d["line_number"] - 1].startswith(" ") for d in details):  # inside a function
                graph.remove_import(importer=module, imported=imported)
    assert strongly_connected(graph) == []


def python_files(*folders: str):
    for folder in folders:
        yield from sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("folder", ["src", "tests", "training", "benchmarks"])
def test_no_private_name_is_imported_from_another_module(folder):
    found = []
    for path in python_files(folder):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bgwidget"):
                found += [
                    f"{path.relative_to(ROOT)}:{node.lineno} {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    assert found == []


@pytest.mark.parametrize("folder", ["tests", "training", "benchmarks"])
def test_no_test_or_script_reaches_into_a_private_name(folder):
    found = []
    for path in python_files(folder):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and node.attr not in DISPLAY_PROTOCOLS
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")
    assert found == []


def test_no_function_of_the_package_is_over_80_lines():
    long = []
    for path in python_files("src"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = node.end_lineno - node.lineno + 1
                if length > 80:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({length} lines)")
    assert long == []
