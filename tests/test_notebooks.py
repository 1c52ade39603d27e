"""The notebooks run top to bottom in a fresh kernel, and the rules exercises judge real plays.

Each notebook is executed with nbclient in the ``python3`` kernel of this environment (the one
CI installs), as a reader would run it without touching the boards: every cell must succeed.
The exercise checks of the rules notebooks (English and French) are then run again after a play
is made on their board through the widget's Python API; the right and wrong plays below come
from the rules (FORMATS.md's rule traps, checked against GNU Backgammon), not from the notebooks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
RULES = [NOTEBOOKS / "01-rules.ipynb", NOTEBOOKS / "fr" / "01-regles.ipynb"]

# board variable -> (a right play, a legal play that is wrong, or None when only one play is legal)
EXERCISES = {
    "board_31": ("8/5 6/5", "13/10 6/5"),  # making the 5-point
    "board_61": ("24/23/17", None),  # 4P8bAADg/wcAIA 61: 24/23/17 only (intermediate point)
    "board_hit": ("13/9* 6/4", "13/11 6/2"),  # a 4 from the 13-point hits the blot on 9
    "board_bar": ("bar/20", None),  # 22bABwDg/wMAYA 54: bar/20 only
    "board_65": ("13/7", None),  # 4P8DABgAEAAAAA 65: 13/7 only (the larger die)
    "board_off": ("5/off 3/off", "5/1 3/off"),  # 4P8PAAAkAAAAAA 64: both legal, one bears off two
}


def execute(nb) -> None:
    client = nbclient.NotebookClient(
        nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    client.execute()  # raises CellExecutionError on the first failing cell


def text_of(cell) -> str:
    parts = []
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            parts.append(output["text"])
        elif output["output_type"] in ("execute_result", "display_data"):
            parts.append(output["data"].get("text/plain", ""))
        elif output["output_type"] == "error":
            parts.append("\n".join(output["traceback"]))
    return "".join(parts)


@pytest.mark.parametrize("path", PATHS, ids=[str(p.relative_to(NOTEBOOKS)) for p in PATHS])
def test_notebook_runs_top_to_bottom(path):
    nb = nbformat.read(path, as_version=4)
    execute(nb)
    errors = [
        c for c in nb.cells if c.cell_type == "code" and any(o["output_type"] == "error" for o in c.get("outputs", []))
    ]
    assert not errors


def test_every_notebook_is_found():
    names = {str(p.relative_to(NOTEBOOKS)) for p in PATHS}
    assert {"01-rules.ipynb", "fr/01-regles.ipynb", "02-play.ipynb", "03-explore.ipynb"} <= names


@pytest.mark.parametrize("path", RULES, ids=["en", "fr"])
def test_rules_exercises_judge_the_play_made(path):
    nb = nbformat.read(path, as_version=4)
    checks = {}  # board variable -> the source of its check cell
    for cell in nb.cells:
        found = re.match(r"check\((\w+),", cell.source) if cell.cell_type == "code" else None
        if found:
            checks[found.group(1)] = cell.source
    assert set(checks) == set(EXERCISES)
    as_shipped = [c for c in nb.cells if c.cell_type == "code" and c.source in checks.values()]
    judged = []  # (appended check cell, the mark its verdict must start with)
    # a play begun but not finished: a different polite word, still no verdict
    nb.cells.append(nbformat.v4.new_code_cell('board_31.intent({"type": "move", "from": 8, "to": 5})'))
    begun = nbformat.v4.new_code_cell(checks["board_31"])
    nb.cells.append(begun)
    for board, (right, wrong) in EXERCISES.items():
        nb.cells.append(nbformat.v4.new_code_cell(f"{board}.play({right!r})"))
        judged.append((nbformat.v4.new_code_cell(checks[board]), "✔"))
        nb.cells.append(judged[-1][0])
        if wrong is not None:  # the same exercise again, played wrongly
            nb.cells.append(
                nbformat.v4.new_code_cell(
                    f"_setup = {board}.game.setup\n"
                    f"{board}.set_position(Position.from_position_id(_setup['position_id'], _setup['turn']), "
                    f"tuple(_setup['rolled']))\n"
                    f"{board}.play({wrong!r})"
                )
            )
            judged.append((nbformat.v4.new_code_cell(checks[board]), "✘"))
            nb.cells.append(judged[-1][0])
    execute(nb)
    for cell in as_shipped:  # run top to bottom, nobody has played: a polite word, no failure
        assert text_of(cell).startswith("…"), text_of(cell)
    assert text_of(begun).startswith("…") and text_of(begun) != text_of(as_shipped[0]), text_of(begun)
    for cell, mark in judged:
        assert text_of(cell).startswith(mark), (cell.source, text_of(cell))
