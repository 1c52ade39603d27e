"""The notebooks run top to bottom in a fresh kernel, and the rules exercises judge real plays.

Each notebook is executed with nbclient in the ``python3`` kernel of this environment (the one
CI installs), as a reader would run it without touching the boards: every cell must succeed.
The three rules notebooks (English, French, Swedish) are then run again with one more cell that
plays every exercise on its board three ways: a right play, a legal play that is wrong, and a
move the rules refuse. The plays and the rule each refusal breaks come from the rules
(FORMATS.md's rule traps, hand-checked positions), not from the notebooks; the feedback must be
the catalogue's sentence in the notebook's language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bgwidget import Game, Position, ai
from bgwidget.labels import label

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
RULES = {
    "en": NOTEBOOKS / "01-rules.ipynb",
    "fr": NOTEBOOKS / "fr" / "01-regles.ipynb",
    "sv": NOTEBOOKS / "sv" / "01-regler.ipynb",
}

# exercise -> (a right play, a legal play that is wrong or None when the roll has one legal play,
#              a move the rules refuse (board numbering: the learner is the bottom seat), the rule)
EXERCISES = {
    "ex_31": ("8/5 6/5", "13/10 6/5", {"from": 13, "to": 12}, "point-held"),  # the opponent's 13-point
    "ex_61": ("24/23/17", None, {"from": 24, "to": 18}, "point-held"),  # 4P8bAADg/wcAIA 61
    "ex_hit": ("13/9* 6/4", "13/11 6/2", {"from": 13, "to": 12}, "no-die"),  # 1 pip with 4-2
    "ex_enter": ("bar/22* 13/8", "bar/20 13/10", {"from": 13, "to": 10}, "bar-first"),
    "ex_bar": ("bar/20", None, {"from": "bar", "to": 21}, "point-held"),  # 22bABwDg/wMAYA 54
    "ex_close": ("8/4 6/4", "13/11 13/9", {"from": 2, "to": "off"}, "not-all-home"),
    "ex_65": ("13/7", None, {"from": 13, "to": 8}, "larger-die"),  # 4P8DABgAEAAAAA 65
    "ex_off": ("5/off 3/off", "5/1 3/off", {"from": 3, "to": "off"}, "higher-die"),  # 4P8PAAAkAAAAAA 64
    "ex_higher": ("6/3 4/off", "6/1 4/1", {"from": 4, "to": "off"}, "higher-die"),
    "ex_gammon": ("20/9", "13/8 13/7", {"from": 20, "to": 24}, "backwards"),
    "mx_hit": ("8/5* 6/5", "24/23 13/10", {"from": 13, "to": 12}, "point-held"),
    "mx_bar": ("bar/22", None, {"from": 13, "to": 7}, "bar-first"),
    "mx_inter": ("13/7 13/10", "8/5 8/2", {"from": 24, "to": 15}, "intermediate-held"),
    "mx_home": ("9/3 3/off", "9/3 6/3", {"from": 6, "to": "off"}, "not-all-home"),
    "mx_larger": ("13/7", None, {"from": 13, "to": 8}, "larger-die"),
    "mx_both": ("24/22/16", None, {"from": 6, "to": 4}, "both-dice"),
}
# cube exercise -> the right answer (a race: money play, checked against cube_decision below)
CUBE_EXERCISES = {"cube_take": "take", "cube_pass": "pass"}

DRIVE = """
import json as _json
_report = {}
for _name, (_right, _wrong, _illegal, _rule) in CASES.items():
    _ex = globals()[_name]
    _seen = {"position_id": _ex.position.position_id(), "dice": list(_ex.dice), "why": _ex.why,
              "answer": str(_ex.right_plays[0]), "waiting": _ex.text,
              "hidden": _ex.plays_text}
    _ex.show_plays()
    _seen["shown"] = _ex.plays_text
    _ex.show_plays(False)
    _seen["hidden_again"] = _ex.plays_text
    _ex.send(dict(_illegal, type="move"))
    _seen["illegal"] = [_ex.verdict, _ex.board.state["refusal"]["text"], _ex.text, _ex.board.position.position_id()]
    _ex.board.play(_right)
    _seen["right"] = [_ex.verdict, _ex.text]
    _ex.reset()
    _seen["reset"] = [_ex.verdict, _ex.text, _ex.board.position.position_id(), list(_ex.board.dice)]
    if _wrong is not None:
        _ex.board.play(_wrong)
        _seen["wrong"] = [_ex.verdict, _ex.text]
        _seen["better"] = _ex.note(_ex.played)
    _report[_name] = _seen
for _name, _right in CUBES.items():
    _ex = globals()[_name]
    _wrong = "pass" if _right == "take" else "take"
    _seen = {"position_id": _ex.position.position_id(), "why": _ex.why, "waiting": _ex.text}
    _ex.answer(_wrong)
    _seen["wrong"] = [_ex.verdict, _ex.text]
    _ex.reset()
    _seen["reset"] = [_ex.verdict, _ex.text]
    _ex.answer(_right)
    _seen["right"] = [_ex.verdict, _ex.text]
    _report[_name] = _seen
print(_json.dumps(_report))
"""


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
def test_notebook_runs_top_to_bottom(path, monkeypatch):
    monkeypatch.setenv("BGWIDGET_NOTEBOOK_QUICK", "1")  # 04-rollouts: few trials and positions (the kernel inherits it)
    nb = nbformat.read(path, as_version=4)
    execute(nb)
    errors = [
        c for c in nb.cells if c.cell_type == "code" and any(o["output_type"] == "error" for o in c.get("outputs", []))
    ]
    assert not errors


def test_every_notebook_is_found():
    names = {str(p.relative_to(NOTEBOOKS)) for p in PATHS}
    assert {
        "01-rules.ipynb",
        "fr/01-regles.ipynb",
        "sv/01-regler.ipynb",
        "02-play.ipynb",
        "03-explore.ipynb",
        "04-rollouts.ipynb",
        "05-online.ipynb",
        "06-training.ipynb",
    } <= names


def test_the_play_notebook_names_the_levels_the_code_has():
    """Issue 38: it said "four levels", then "Three levels" and listed three."""
    from bgwidget.ai.players import LEVELS

    built_in = [name for name in LEVELS if name != "sage"]  # sage: an optional engine, named apart
    cells = json.loads((NOTEBOOKS / "02-play.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
    counted = re.findall(r"(?:at|^)\s*(two|three|four|five|six) levels", text, re.IGNORECASE | re.MULTILINE)
    assert counted and {c.lower() for c in counted} == {words[len(built_in)]}, counted
    listed = re.findall(r"^\* \*\*([\w-]+)\*\*", text, re.MULTILINE)
    assert listed == built_in and '"sage"' in text


def refusal_of(position: Position, dice: tuple[int, int], intent: dict):
    """The rules' refusal of ``intent`` for the learner (seat 0: board numbering is the mover's)."""
    game = Game(position=position)
    game.roll(dice)
    place = {"bar": 25, "off": 0}
    return game.check_move(place.get(intent["from"], intent["from"]), place.get(intent["to"], intent["to"]))


@pytest.mark.parametrize("language", list(RULES))
def test_rules_exercises_judge_right_wrong_and_refused_plays(language):
    nb = nbformat.read(RULES[language], as_version=4)
    made = set()
    for cell in nb.cells:
        if cell.cell_type == "code":
            made |= set(re.findall(r"^(\w+) = (?:Cube)?Exercise\(", cell.source, re.MULTILINE))
    assert made == set(EXERCISES) | set(CUBE_EXERCISES)
    if language != "en":  # every board of the French and Swedish notebooks speaks their language
        assert all(f'language="{language}"' in c.source for c in nb.cells if "Exercise(" in c.source)
    nb.cells.append(nbformat.v4.new_code_cell(f"CASES = {EXERCISES!r}\nCUBES = {CUBE_EXERCISES!r}\n" + DRIVE))
    execute(nb)
    report = json.loads(text_of(nb.cells[-1]))

    def say(key, **fields):
        return label(language, key, **fields)

    for name, (right, wrong, intent, rule) in EXERCISES.items():
        seen = report[name]
        start = Position.from_position_id(seen["position_id"])
        dice = tuple(seen["dice"])
        text = f"{dice[0]}-{dice[1]}"
        assert seen["waiting"] == say("exercise.waiting", dice=text), name
        plays = start.legal_plays(*dice)
        shown = say("exercise.plays", dice=text, n=len(plays), plays=", ".join(str(p) for p in plays))
        assert (seen["hidden"], seen["shown"], seen["hidden_again"]) == ("", shown, ""), name
        refusal = refusal_of(start, dice, intent)
        assert refusal is not None and refusal.reason == rule, (name, refusal and refusal.reason)
        why = refusal.explain(language)
        # the board says why, once; the box under it keeps the question (issue 38)
        assert seen["illegal"] == ["refused", why, seen["waiting"], seen["position_id"]], name
        play = start.parse_play(right, *dice)
        assert seen["right"] == ["right", say("exercise.right", play=str(play), why=seen["why"])], name
        assert seen["reset"] == [None, say("exercise.waiting", dice=text), seen["position_id"], list(dice)], name
        if wrong is None:
            assert len(plays) == 1, name
            continue
        answer = start.parse_play(seen["answer"], *dice)
        assert answer in plays and answer != start.parse_play(wrong, *dice), name
        verdict = say("exercise.wrong", play=str(start.parse_play(wrong, *dice)), answer=str(answer), why=seen["why"])
        assert seen["wrong"] == ["wrong", f"{verdict} {seen['better']}".strip()], name

    def number(value, digits):
        return f"{value:.{digits}f}".replace(".", "." if language == "en" else ",")

    for name, right in CUBE_EXERCISES.items():
        seen = report[name]
        doubler = Position.from_position_id(seen["position_id"])
        chances = ai.evaluate(doubler, "medium")
        assert doubler.is_race(), name  # GNU Backgammon's race efficiency: 0.55 + 0.00125 per pip, within 0.6..0.7
        efficiency = min(0.7, max(0.6, 0.55 + 0.00125 * doubler.pip_counts()[0]))
        decision = ai.cube_decision(chances, efficiency=efficiency)
        numbers = say(
            "exercise.cubeNumbers",
            win=say("number.percent", value=number(100 * chances[0], 1)),
            gammon=say("number.percent", value=number(100 * chances[1], 1)),
            take=number(decision.double_take, 2),
            passed=number(decision.double_pass, 2),
        )
        assert decision.should_double and decision.should_take == (right == "take"), name
        wrong = "pass" if right == "take" else "take"
        question = say("exercise.cubeQuestion")
        assert seen["waiting"] == question and seen["reset"] == [None, question], name
        for verdict, answer in (("wrong", wrong), ("right", right)):
            head = say(f"exercise.{verdict}Cube", answer=say(f"exercise.{answer}"))
            assert seen[verdict] == [verdict, f"{head} {seen['why']} {numbers}"], name


def person_plays_to_the_end(page, others, seed=1, most=5000) -> None:
    """Play ``page.board``'s seat until its room ends: random legal steps, every double taken and
    resignation accepted, as a person clicking would; ``others`` (pages) are handed their messages."""
    import random

    board, rng = page.board, random.Random(seed)
    for _ in range(most):
        if board.online_play.room.ended:
            return
        state = board.state
        can = state["can"] if state["online"]["can_act"] else {}
        kind = next((k for k in ("move", "take", "accept", "roll", "new_game") if can.get(k)), None)
        if kind is None:  # the computer's turn, or the server's answer on its way: wait for a change
            revision = state["revision"]
            page.pump(lambda b, seen=revision: b.state["revision"] != seen or b.online_play.room.ended, 60)
            for other in others:
                other.pump(None, 0.01)
        elif kind == "move":
            start = rng.choice(state["movable"])
            board.intent({"type": "move", "from": start, "to": rng.choice(state["steps"][str(start)])["to"]})
        else:
            board.intent({"type": kind.replace("_", "-")})
        assert board.state["refused"] == "", board.state["refused"]
    raise AssertionError("the match did not end")


def test_online_notebook_with_its_pages():
    """05-online's cells run as a reader runs them, one at a time in JupyterLab: each board's page
    (``tests/online_page.py``) connects once the board is shown, so the cells that need the room's
    code find it (nbclient, with no page, runs them as a reader who ran every cell at once). A person
    plays the board's seat to the end against the notebook's computer; the after-match cell then
    reviews the match, exports it and verifies the dice, and the spectator's board saw the same."""
    import contextlib
    import io
    import sys

    pytest.importorskip("websockets")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from online_page import Page

    nb = nbformat.read(NOTEBOOKS / "05-online.ipynb", as_version=4)
    namespace: dict = {}
    pages: list = []
    printed: dict[str, str] = {}
    try:
        for cell in (c for c in nb.cells if c.cell_type == "code"):
            first = cell.source.splitlines()[0]
            if first.startswith("if online.room.ended"):  # after the match: play it first
                person_plays_to_the_end(pages[0], pages[1:])
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(cell.source, "05-online.ipynb", "exec"), namespace)
            printed[first] = out.getvalue()
            for name in ("board", "spectator"):  # the board just shown: its page opens the connection
                shown = namespace.get(name)
                if shown is not None and all(page.board is not shown for page in pages):
                    pages.append(Page(shown))
                    pages[-1].pump(lambda b: b.online_play.joined and b.online_play.room.commitment != "", 10)
        board, spectator, server = namespace["board"], namespace["spectator"], namespace["server"]
        code = board.online_play.room.code
        assert len(pages) == 2 and spectator.online_play.seat is None and board.online_play.seat == 0
        assert namespace["playing"].result(10)["reason"] == "match"  # the computer played to the end
        score = board.match.score
        assert max(score) >= 3 > min(score)  # the notebook's 3-point match
        events = [e["action"] for e in board.online_play.room.events]
        draws = sum(len(a["draws"]) if a["type"] == "opening" else a["type"] == "roll" for a in events)
        line = printed["if online.room.ended:"]
        assert line == f"Ann-vs-Computer.mat - draws of the dice verified: {draws}\n"
        assert board.online_play.verified is True and namespace["text"].lstrip().startswith("3 point match")
        assert board.session.reviewing is not None  # the review is shown (made at once: no event loop here)
        pages[1].pump(lambda b: b.online_play.room.ended is not None, 20)
        server_ids = list(server.game_server.rooms[code].ids())
        assert board.state["online"]["ids"] == spectator.state["online"]["ids"] == server_ids
    finally:
        for page in pages:
            page.close()
        for client in ("computer", "watcher"):  # the notebook's Python clients
            if client in namespace:
                namespace[client].close()
        if "server" in namespace:
            namespace["server"].stop()
