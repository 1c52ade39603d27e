"""The static picture (bgwidget.svg) and its agreement with the widget's own drawing (js/)."""

import ast
import io
import json
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import tokenize
import xml.etree.ElementTree as ET
from collections import Counter
from html import escape
from pathlib import Path

import pytest

from bgwidget import Position, svg
from bgwidget.labels import label
from bgwidget.svg import LANGUAGES, LanguageError, board_arrays, board_svg, point_labels, render

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "js"
LOOK_JSON = ROOT / "src" / "bgwidget" / "look.json"
LABELS_JSON = ROOT / "src" / "bgwidget" / "labels.json"
START = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2]


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def run_node(tmp_path: Path, body: str) -> object:
    """Run an ES module (``body``, which may import from js/src/) and return the JSON it prints."""
    node = shutil.which("node")
    assert node, "Node.js is needed to check the view's drawing"
    script = tmp_path / "run.mjs"
    script.write_text(body.replace("JS_SRC/", (JS / "src").as_uri() + "/"))
    run = subprocess.run([node, str(script)], check=False, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


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
    text = board_svg(
        Position.from_position_id("4AAAsAAAAAAAAA"),
        dice=(6, 6),
        cube=4,
        cube_owner=1,
        names=("<script>alert(1)</script>", "Top & co"),
    )
    root = parse(text)  # well-formed XML
    found = checkers(root)
    assert sum(1 for owner, _, _ in found if owner == "0") == 15
    assert sum(1 for owner, _, _ in found if owner == "1") == 15
    assert "<script>" not in text and "&lt;script&gt;" in text and "Top &amp; co" in text
    assert len([el for el in root.iter() if el.get("data-die") is not None]) == 4
    cube = next(el for el in root.iter() if el.get("data-cube"))
    assert (cube.get("data-cube"), cube.get("data-owner")) == ("4", "1")
    with pytest.raises(ValueError):
        board_svg(Position.initial(), dice=(7, 1))


def test_repr_svg_hook():
    text = Position.initial()._repr_svg_()
    assert text.startswith("<svg") and 'viewBox="0 0 872 700"' in text
    assert len(checkers(parse(text))) == 30


def strip_words(text: str) -> list[str]:
    """The words of the name strips and the match label, top strip first."""
    root = parse(text)
    words = []
    for el in root.iter():
        if el.get("data-seat-strip") is not None or el.get("data-match") is not None:
            words.append(" ".join(" ".join(el.itertext()).split()))
    return words


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ["Top 167 pips · score 0", "Bottom 167 pips · score 2 On roll", "5-point match"]),
        ("fr", ["Haut 167 pips · score 0", "Bas 167 pips · score 2 Au trait", "Match en 5 points"]),
        ("sv", ["Övre 167 pips · poäng 0", "Nedre 167 pips · poäng 2 Vid tärningarna", "Match till 5 poäng"]),
    ],
)
def test_static_svg_speaks_the_widgets_languages(language, words):
    text = board_svg(Position.initial(), score=(2, 0), match_length=5, language=language)
    assert strip_words(text) == words


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ["167 pips", "167 pips On roll"]),
        ("fr", ["167 pips", "167 pips Au trait"]),
        ("sv", ["167 pips", "167 pips Vid tärningarna"]),
    ],
)
def test_a_positions_own_picture_is_a_lessons_diagram_without_names_score_or_stakes(language, words):
    """Issue 38: the rules notebooks' boards said "Top", "Bottom" and "Money game · score 0"."""
    assert strip_words(board_svg(Position.initial(), language=language, diagram=True)) == words
    shown = Position.initial()._repr_svg_()
    assert strip_words(shown) == ["167 pips", "167 pips On roll"]
    for gone in ("Top", "Bottom", "score", "Money game", "data-name=", "data-score=", "data-match="):
        assert gone not in shown, gone
    assert len(checkers(parse(shown))) == 30
    # dice and a finished game still show in a diagram: the dice the higher first
    root = parse(board_svg(Position.initial(), dice=(2, 5), diagram=True))
    assert [el.get("data-value") for el in root.iter() if el.get("data-die") is not None] == ["5", "2"]


def test_an_exercises_board_names_the_sides_without_a_score_and_a_match_drill_keeps_its_stakes(tmp_path):
    """Issue 38: an exercise's board (no tools) said "score 0" to a learner; Python's drawing and the
    view's say the names, the pips and the stakes. A drill card met in a match (no tools either)
    keeps its score: it is part of the decision's stakes."""
    state = board_arrays(Position.initial())
    state.update(dice=[6, 5], cube={"value": 1, "owner": None}, names=["You", "Opponent"], score=[0, 0])
    state.update(match_length=0, phase="move", human=[True, False], language="en", tools=False)
    state.update(point_labels=point_labels(0))
    drill = {**state, "match_length": 7, "score": [3, 5], "crawford": True}
    js = run_node(
        tmp_path,
        'import { drawBoard } from "JS_SRC/draw.js";\n'
        f"const states = {json.dumps([state, drill])};\n"
        "process.stdout.write(JSON.stringify(states.map((s) => drawBoard(s, {}, 'ID'))));\n",
    )
    for drawn in (render(state), js[0]):
        assert strip_words(drawn) == ["Opponent 167 pips", "You 167 pips On roll", "Money game"], drawn
        assert "data-score=" not in drawn
    for drawn in (render(drill), js[1]):
        words = strip_words(drawn)
        assert words == ["Opponent 167 pips · score 5", "You 167 pips · score 3 On roll", "7-point match · Crawford"]
    assert "score" in " ".join(strip_words(render({**state, "tools": True})))


def test_static_svg_money_game_and_crawford_words():
    assert strip_words(board_svg(Position.initial(), language="fr"))[-1] == "Partie d’argent"
    state = board_arrays(Position.initial())
    state.update(dice=[], cube=None, names=["A", "B"], score=[4, 2], match_length=5, crawford=True, language="sv")
    assert strip_words(render(state))[-1] == "Match till 5 poäng · Crawford"


def test_unknown_language_is_refused_naming_the_allowed_ones():
    assert LANGUAGES == ("en", "fr", "sv")
    with pytest.raises(LanguageError, match="en, fr, sv.*'de'"):
        board_svg(Position.initial(), language="de")
    state = board_arrays(Position.initial())
    state.update(dice=[], cube=None, names=["A", "B"], score=[0, 0], match_length=0, language="xx")
    with pytest.raises(ValueError, match="'xx'"):
        render(state)


# ----------------------------------------------------------------- one source for the look


def test_svg_constants_are_the_shared_files():
    look = json.loads(LOOK_JSON.read_text(encoding="utf-8"))
    for group in ("board", "spacing"):
        for name, value in look[group].items():
            assert getattr(svg, name) == value, name
    assert svg.W == 872 and svg.H == 700  # the viewBox the notebooks and README picture show


def test_javascript_derives_the_same_geometry_and_reads_the_same_words(tmp_path):
    found = run_node(
        tmp_path,
        (
            'import * as g from "JS_SRC/geometry.js";\n'
            'import { LANGUAGES, t } from "JS_SRC/i18n.js";\n'
            'import { COLORS } from "JS_SRC/draw.js";\n'
            "const geometry = Object.fromEntries(Object.entries(g).filter(([, v]) => typeof v === 'number'));\n"
            f"const shared = {LABELS_JSON.read_text(encoding='utf-8')};\n"
            "const words = Object.fromEntries(LANGUAGES.map((l) => [l, Object.fromEntries(\n"
            "  Object.keys(shared[l]).map((k) => [k, t(l, k)]))]));\n"
            "process.stdout.write(JSON.stringify({ geometry, words, languages: LANGUAGES, colors: COLORS }));\n"
        ),
    )
    look = json.loads(LOOK_JSON.read_text(encoding="utf-8"))
    labels = json.loads(LABELS_JSON.read_text(encoding="utf-8"))
    # Every number geometry.js exports, base or derived, is svg.py's too.
    assert len(found["geometry"]) >= len(look["board"]) + len(look["spacing"]) + 11
    assert {name: getattr(svg, name) for name in found["geometry"]} == found["geometry"]
    assert found["colors"] == look["colors"]
    assert tuple(found["languages"]) == LANGUAGES == tuple(labels)
    # The widget's own words for what the static SVG draws are the shared catalogue's.
    assert found["words"]["sv"]["match"] == "Match till {n} poäng"
    assert found["words"] == labels


BASE_NUMBERS = {v for v in json.loads(LOOK_JSON.read_text(encoding="utf-8"))["board"].values()}
NUMBER = re.compile(r"(?<![\w.#$])\d+(?:\.\d+)?(?![\w.])")
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b")
# Point numbering, not geometry: the other side's point p is 25 - p, and points run 1..24.
NUMBERING = re.compile(r"\b25 - [a-z]\b|range\(1, 25\)")


def js_code(path: Path) -> str:
    text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.DOTALL)
    return "\n".join(re.sub(r"(^|\s)//.*", "", line) for line in text.splitlines())


def python_code(path: Path) -> str:
    """The source with its comments and docstrings blanked out."""
    text = path.read_text()
    docstrings = {
        node.body[0].value.lineno
        for node in ast.walk(ast.parse(text))
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(node) is not None
    }
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    chars = list(text)
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start[0] in docstrings):
            begin = starts[tok.start[0] - 1] + tok.start[1]
            end = starts[tok.end[0] - 1] + tok.end[1]
            chars[begin:end] = " " * (end - begin)
    return "".join(chars)


@pytest.mark.parametrize(
    "path", [JS / "src" / "draw.js", JS / "src" / "geometry.js", ROOT / "src" / "bgwidget" / "svg.py"]
)
def test_drawing_code_holds_no_colour_and_no_base_number(path):
    code = js_code(path) if path.suffix == ".js" else python_code(path)
    assert "look.json" in code
    assert HEX_COLOUR.findall(code) == []
    bare = [m for m in NUMBER.findall(NUMBERING.sub("", code)) if float(m) in BASE_NUMBERS]
    assert bare == [], f"{path.name} repeats sizes of look.json as bare numbers: {bare}"


def test_the_grep_check_would_catch_a_copied_number_or_colour():
    code = 'const r = 25; const x = `<rect rx="5" fill="#8a5a2e"/>`; const back = 25 - p;'
    assert HEX_COLOUR.findall(code) == ["#8a5a2e"]
    assert [m for m in NUMBER.findall(NUMBERING.sub("", code)) if float(m) in BASE_NUMBERS] == ["25", "5"]


# ----------------------------------------------------------------- Python and JS draw the same board

# Both seats on roll; checkers on the bar and off for both seats; cube centred, at each seat, two digits.
POSITIONS = {
    "start": (Position.initial(), (3, 1), 1, None),
    "start, top on roll": (Position.initial(turn=1), (6, 4), 2, 0),
    # tall stacks; two on each bar and two off each (checkers not placed are off)
    "bars and trays, top on roll": (
        Position.from_points({6: 9, 5: 2, "bar": 2}, {1: 11, 18: 1, "bar": 1}, turn=1),
        (5, 5),
        2,
        1,
    ),
    "bars and trays, bottom on roll": (
        Position.from_points({6: 9, 5: 2, "bar": 2}, {1: 11, 18: 1, "bar": 1}),
        (2, 2),
        16,
        0,
    ),
    "fifteen on each bar": (Position.from_position_id("AAAA/38AAAD/fw"), (6, 2), 4, 1),
    "fifteen on each bar, top on roll": (Position.from_position_id("AAAA/38AAAD/fw", turn=1), (1, 2), 1, None),
    "twelve off each, top on roll": (Position.from_position_id("4AAAsAAAAAAAAA", turn=1), (2, 1), 8, 1),
    "twelve off each, bottom on roll": (Position.from_position_id("4AAAsAAAAAAAAA"), (4, 3), 32, 0),
}


def view_state(name: str, position: Position, dice, cube: int, owner) -> dict:
    """A view state as the widget publishes it, for the computer against the computer."""
    index = list(POSITIONS).index(name)
    state = board_arrays(position)
    state.update(
        dice=list(dice),
        dice_left=list(dice) * (2 if dice[0] == dice[1] else 1),
        cube={"value": cube, "owner": owner},
        names=["A <b>", "B & co"],
        score=[1, 2],
        match_length=5 if index % 2 else 0,
        crawford=index % 4 == 1,
        phase="roll",
        human=[False, False],
        language=LANGUAGES[index % len(LANGUAGES)],
        point_labels=point_labels(position.turn),  # the widget reads them from the side to act
    )
    return state


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict:
    """{case: (Python's SVG, JavaScript's SVG)} for every state of POSITIONS, drawn by one Node run."""
    states = {name: view_state(name, *case) for name, case in POSITIONS.items()}
    js = run_node(
        tmp_path_factory.mktemp("draw"),
        (
            'import { drawBoard } from "JS_SRC/draw.js";\n'
            f"const states = {json.dumps(states)};\n"
            "process.stdout.write(JSON.stringify(Object.fromEntries(\n"
            "  Object.entries(states).map(([name, s]) => [name, drawBoard(s, {}, 'ID')]))));\n"
        ),
    )
    return {name: (render(state), js[name]) for name, state in states.items()}


def elements(text: str) -> Counter:
    """Every element below the root as (tag, attributes, text), gradient ids made equal and the
    view's CSS classes dropped."""
    ids = re.compile(r"\b(bgs[0-9a-f]+-\d+|ID)-")
    found = Counter()
    for el in list(parse(text).iter())[1:]:
        attrs = tuple(sorted((k, ids.sub("ID-", v)) for k, v in el.attrib.items() if k != "class"))
        found[(el.tag.split("}")[-1], attrs, (el.text or "").strip(), (el.tail or "").strip())] += 1
    return found


@pytest.mark.parametrize("name", list(POSITIONS))
def test_python_and_javascript_draw_the_same_board(name, drawn):
    py_svg, js_svg = drawn[name]
    py_root, js_root = parse(py_svg), parse(js_svg)
    assert checkers(js_root) == checkers(py_root)
    assert len(checkers(py_root)) == 30

    def placed(root, attr):
        return sorted(
            (el.get(attr), [(c.get("x"), c.get("y")) for c in el if c.tag.endswith("rect")][1])
            for el in root.iter()
            if el.get(attr) is not None and el.tag.endswith("g")
        )

    assert placed(js_root, "data-die") == placed(py_root, "data-die")
    assert placed(js_root, "data-cube") == placed(py_root, "data-cube")
    # The same point numbers along the edges, from the side on roll.
    numbers = re.compile(r'data-number="\d+">(\d+)<')
    assert numbers.findall(js_svg) == numbers.findall(py_svg)
    assert numbers.findall(py_svg)[0] == ("1" if POSITIONS[name][0].turn == 0 else "24")
    # Beyond placement: every element the static SVG draws, the widget draws identically (the
    # widget adds only its own: click areas, highlights, arrows).
    missing = elements(py_svg) - elements(js_svg)
    assert not missing, f"drawn only by svg.py: {list(missing)[:3]}"
    assert strip_words(py_svg) == strip_words(js_svg)


EVIL = '"><script>alert(1)</script>'


@pytest.mark.parametrize(
    "settings",
    [
        {"score": (EVIL, 0)},
        {"score": (0,)},
        {"score": (-1, 0)},
        {"score": (1.5, 0)},
        {"match_length": EVIL},
        {"match_length": -3},
        {"match_length": True},
        {"cube": EVIL},
        {"cube": 3},
        {"cube": 0},
        {"cube": 2.0},
        {"cube_owner": EVIL},
        {"cube_owner": 2},
        {"cube_owner": True},
        {"dice": ("6", "5")},
        {"dice": (6.0, 5)},
        {"dice": "65"},
        {"names": "ab"},
        {"names": (EVIL,)},
        {"names": (1, 2)},
        {"language": EVIL},
    ],
)
def test_board_svg_refuses_what_it_cannot_draw(settings):
    with pytest.raises(ValueError) as error:
        board_svg(Position.initial(), **settings)
    assert isinstance(error.value, (svg.DrawingError, LanguageError))


def test_render_escapes_every_value_that_reaches_markup():
    # A view state with text where numbers belong: nothing of it becomes markup.
    state = board_arrays(Position.initial())
    state.update(
        dice=[3, 1],
        cube={"value": EVIL, "owner": EVIL},
        names=[EVIL, EVIL],
        score=[EVIL, EVIL],
        pips=[EVIL, EVIL],
        match_length=EVIL,
        point_labels=[EVIL] * 24,
    )
    text = render(state)
    root = parse(text)  # well-formed: no attribute or element was broken out of
    assert "<script>" not in text and not [el for el in root.iter() if el.tag.endswith("script")]
    assert root.find(".//*[@data-score='0']").text == EVIL
    assert root.find(".//*[@data-match]").get("data-match") == EVIL
    cube = root.find(".//*[@data-cube]")
    assert (cube.get("data-cube"), cube.get("data-owner")) == (EVIL, EVIL)
    # And the values board_svg accepts are drawn as given.
    good = parse(board_svg(Position.initial(), cube=64, cube_owner=0, score=(3, 12), match_length=15, names=("a", "b")))
    assert good.find(".//*[@data-score='1']").text == "12" and good.find(".//*[@data-match]").get("data-match") == "15"


def test_python_and_javascript_draw_the_same_result_banner(tmp_path):
    # A finished game: Python's static SVG and the widget draw its result alike, escaped.
    state = view_state("start", Position.initial(), (3, 1), 1, None)
    state.update(phase="game-over", dice=[], dice_left=[], result={"text": 'Övre vinner <b>"2"</b> & mer'})
    js = run_node(
        tmp_path,
        'import { drawBoard } from "JS_SRC/draw.js";\n'
        f"process.stdout.write(JSON.stringify(drawBoard({json.dumps(state)})));\n",
    )
    py = render(state)

    def banner(text):
        return elements(re.search(r'<g data-result="true".*?</g>', text).group(0))

    assert banner(py) == banner(js) and len(banner(py)) == 2
    assert "&lt;b&gt;&quot;2&quot;&lt;/b&gt; &amp; mer" in py and "<b>" not in py


DRAW_IDS = (
    "import re\n"
    "from bgwidget import Position\n"
    "from bgwidget.svg import board_svg\n"
    "drawings = [Position.initial()._repr_svg_(), board_svg(Position.initial(turn=1))]\n"
    "print(' '.join(i for svg in drawings for i in re.findall(r'id=\"([^\"]+)\"', svg)))\n"
)


def drawn_ids() -> list[str]:
    """The gradient ids of two boards drawn by a fresh Python process."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    done = subprocess.run([sys.executable, "-c", DRAW_IDS], env=env, capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_gradient_ids_differ_across_processes():
    """Issue 33: each kernel numbered its drawings from 1, so two notebooks' static boards in one
    JupyterLab page shared gradient ids (and a board in a hidden tab lost its look)."""
    first, second = drawn_ids(), drawn_ids()
    assert len(first) == len(set(first)) == 8  # two boards: two checker gradients, wood and felt each
    assert not set(first) & set(second)
    here = set(re.findall(r'id="([^"]+)"', board_svg(Position.initial())))
    assert not here & (set(first) | set(second))


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork here (Windows)")
def test_a_forked_process_draws_its_own_ids():
    with multiprocessing.get_context("fork").Pool(1) as pool:  # the child inherits this module's prefix
        theirs = set(re.findall(r'id="([^"]+)"', pool.apply(board_svg, (Position.initial(),))))
    ours = set(re.findall(r'id="([^"]+)"', board_svg(Position.initial())))
    assert len(theirs) == 4 and not theirs & ours


def test_no_one_is_on_roll_before_the_opening_roll(tmp_path):
    # The strip's marker names the side to play: before the opening roll nobody is (USBGF: the
    # opening roll decides who plays first), so neither board draws it then.
    rolling = view_state("start", *POSITIONS["start"])
    opening = {**rolling, "phase": "opening", "dice": [], "dice_left": []}
    js = run_node(
        tmp_path,
        'import { drawBoard } from "JS_SRC/draw.js";\n'
        f"const states = {json.dumps([rolling, opening])};\n"
        "process.stdout.write(JSON.stringify(states.map((s) => drawBoard(s, {}, 'ID'))));\n",
    )
    marker = f"<title>{escape(label(rolling['language'], 'onRoll'))}</title>"
    for drawn_rolling, drawn_opening in ((render(rolling), render(opening)), js):
        assert drawn_rolling.count(marker) == 1 and marker not in drawn_opening
