"""The static picture (bgwidget.svg) and its agreement with the widget's own drawing (js/)."""

import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bgwidget import Position
from bgwidget.svg import board_arrays, board_svg, render

JS = Path(__file__).resolve().parent.parent / "js"
START = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def checkers(root: ET.Element) -> dict:
    """{(owner, place, index): (x, y)} of every checker: the centre, or a slab's corner."""
    found = {}
    for el in root.iter():
        key = el.get("data-checker")
        if key is None:
            continue
        place, index = key.split(":")
        if el.tag.endswith("rect"):
            xy = (el.get("x"), el.get("y"))
        else:
            body = [c for c in el if c.tag.endswith("circle")][1]
            xy = (body.get("cx"), body.get("cy"))
        found[(el.get("data-owner"), place, int(index))] = tuple(float(v) for v in xy)
    return found


def test_board_arrays_of_the_start():
    arrays = board_arrays(Position.initial())
    assert arrays == {"points": START, "bar": [0, 0], "off": [0, 0], "pips": [167, 167], "turn": 0}


def test_board_arrays_keep_seats_when_the_top_side_is_on_roll():
    # FORMATS.md: in 4HPwATDgc/ABUA the side on roll has 24:1 and one checker on the bar.
    top_on_roll = board_arrays(Position.from_position_id("4HPwATDgc/ABUA", turn=1))
    assert top_on_roll["bar"] == [0, 1] and top_on_roll["points"][0] == -1  # seat 1's 24 is display 1
    assert top_on_roll["pips"] == [167, 167 - 24 + 25]
    # FORMATS.md: 4AAAsAAAAAAAAA: not on roll 6:3 (12 off); on roll 1:2 2:1 (12 off).
    race = board_arrays(Position.from_position_id("4AAAsAAAAAAAAA"))
    assert race["off"] == [12, 12] and race["points"][0] == 2 and race["points"][1] == 1
    assert race["points"][18] == -3 and race["pips"] == [4, 18]


def test_static_svg_shows_every_checker_and_escapes_names():
    svg = board_svg(Position.from_position_id("4AAAsAAAAAAAAA"), dice=(6, 6), cube=4, cube_owner=1,
                    names=("<script>alert(1)</script>", "Top & co"))
    root = parse(svg)  # well-formed XML
    found = checkers(root)
    assert sum(1 for owner, _, _ in found if owner == "0") == 15
    assert sum(1 for owner, _, _ in found if owner == "1") == 15
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "Top &amp; co" in svg
    assert len([el for el in root.iter() if el.get("data-die") is not None]) == 4
    cube = next(el for el in root.iter() if el.get("data-cube"))
    assert (cube.get("data-cube"), cube.get("data-owner")) == ("4", "1")
    with pytest.raises(ValueError):
        board_svg(Position.initial(), dice=(7, 1))


def test_repr_svg_hook():
    svg = Position.initial()._repr_svg_()
    assert svg.startswith("<svg") and 'viewBox="0 0 872 700"' in svg
    assert len(checkers(parse(svg))) == 30


@pytest.mark.parametrize("position, dice", [
    (Position.initial(), (3, 1)),
    # tall stacks, both bars and trays in use, the top side on roll
    (Position.from_points({6: 9, 5: 2, "bar": 2}, {1: 11, 18: 1, "bar": 1}, turn=1), (5, 5)),
    (Position.from_position_id("AAAA/38AAAD/fw"), (6, 2)),  # fifteen on each bar
    (Position.from_position_id("4AAAsAAAAAAAAA", turn=1), (2, 1)),  # twelve off each
])
def test_python_and_javascript_draw_the_same_board(position, dice, tmp_path):
    node = shutil.which("node")
    assert node, "Node.js is needed to check the view's drawing"
    turn = position.turn
    state = board_arrays(position)
    state.update(dice=list(dice), dice_left=list(dice) * (2 if dice[0] == dice[1] else 1),
                 cube={"value": 2, "owner": turn}, names=["A", "B"], score=[1, 2], match_length=5,
                 phase="roll", human=[False, False], language="en")
    script = tmp_path / "draw.mjs"
    script.write_text(
        f"import {{ drawBoard }} from {json.dumps((JS / 'src' / 'draw.js').as_uri())};\n"
        f"process.stdout.write(drawBoard({json.dumps(state)}));\n"
    )
    js_svg = subprocess.run([node, str(script)], capture_output=True, text=True, check=True, timeout=60).stdout
    py_svg = render(state)
    js_root, py_root = parse(js_svg), parse(py_svg)
    assert checkers(js_root) == checkers(py_root)
    assert len(checkers(py_root)) == 30

    def placed(root, attr):
        return sorted(
            (el.get(attr), [(c.get("x"), c.get("y")) for c in el if c.tag.endswith("rect")][1])
            for el in root.iter() if el.get(attr) is not None and el.tag.endswith("g")
        )

    assert placed(js_root, "data-die") == placed(py_root, "data-die")
    assert placed(js_root, "data-cube") == placed(py_root, "data-cube")
    # The same point numbers along the edges, from the side on roll.
    numbers = re.compile(r'font-size="10.5"[^>]*>(\d+)<')
    assert numbers.findall(js_svg) == numbers.findall(py_svg)
