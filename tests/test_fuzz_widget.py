"""Fuzzing the board's boundary (issue 11): intents into a Session and a BoardWidget's message
handler, and arguments into the static SVG.

Each example sets up a board (people or computers in the seats, money or a match, with or without
Done) and sends it a run of intents, drawn from the state it is in: mostly well-formed ones (a
roll, a step between places the state lists, a play from its list, the cube, a resignation, hint,
set-up), and forged ones (unknown types, wrong field types, stale revisions, points off the
board, values that are not JSON at all). After every intent:

* nothing raised, from ``Session.handle`` or from a message of the view (the widget's comm);
* a refused intent left everything as it was: the view state (but ``refused`` and ``revision``),
  the match (its JSON save: games, records, dice) and the board being set up;
* the view state has exactly the schema of :class:`bgwidget.viewstate.ViewState`, is JSON
  without NaN, and was published.

The default run takes about half a minute on two cores; ``BGWIDGET_FUZZ=long`` multiplies the
examples by 40 (``BGWIDGET_FUZZ=<n>`` by n). The counts of intents tried and games finished are
written at the end of the module's run.
"""

import json
import math
import random
import types
import xml.etree.ElementTree as ET
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bgwidget import Match, Position, Rules
from bgwidget.formats import to_json
from bgwidget.labels import LanguageError
from bgwidget.session import Session
from bgwidget.svg import DrawingError, board_svg
from bgwidget.viewstate import ViewState
from bgwidget.widget import BoardWidget
from helpers import from_view, fuzz_scale, print_counts

SCALE = fuzz_scale(long=40)
EXAMPLES = 75 * SCALE  # per test: few in CI's default run; BGWIDGET_FUZZ=long runs 40 times more
INTENTS = 40  # per example
COUNTS = {"intents": 0, "refused": 0, "games finished": 0, "reviews and exports": 0, "svg arguments": 0}


@pytest.fixture(scope="module", autouse=True)
def report_counts(pytestconfig):
    yield
    print_counts(pytestconfig, "widget fuzz counts", COUNTS)


# ---------------------------------------------------------------------- the schema


def conforms(value: Any, hint: Any) -> bool:
    """Whether ``value`` has the type ``hint`` (TypedDicts exactly: every key, no other)."""
    origin, args = get_origin(hint), get_args(hint)
    if is_typeddict(hint):
        hints = get_type_hints(hint)
        return (
            isinstance(value, dict)
            and set(value) == set(hints)
            and all(conforms(value[key], sub) for key, sub in hints.items())
        )
    if origin in (Union, types.UnionType):
        return any(conforms(value, sub) for sub in args)
    if origin is Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if origin is list or hint is list:
        return isinstance(value, list) and all(conforms(v, args[0]) for v in value) if args else isinstance(value, list)
    if origin is dict:
        return isinstance(value, dict) and all(conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint in (bool, str):
        return type(value) is hint
    if hint is type(None):
        return value is None
    raise AssertionError(f"no check for {hint!r}")


def test_the_schema_check_can_fail():
    state = Session(animation=0).state()
    assert conforms(state, ViewState)
    for key, bad in [("turn", True), ("movable", ["25"]), ("cube", {"value": 1}), ("animation", math.nan)]:
        assert not conforms({**state, key: bad}, ViewState), key
    assert not conforms({**state, "extra": 1}, ViewState)
    assert not places_ok({**state, "movable": [25]})


def places_ok(state: dict) -> bool:
    """Every place in the state is a board place: 1..24, "bar" or "off"."""
    places = list(state["movable"]) + [p for step in state["moved"] for p in step[:2]]
    if state["review"] is not None:
        places += [p for step in state["review"]["best_steps"] for p in step[:2]]
    for key, targets in state["steps"].items():
        places += [key if key in ("bar", "off") else int(key)] + [t["to"] for t in targets]
    if state["last_play"] is not None:
        places += [p for step in state["last_play"]["steps"] for p in step[:2]]
    return all(p in PLACES and type(p) in (int, str) for p in places)


# ---------------------------------------------------------------------- intents

PLACES = [*range(1, 25), "bar", "off"]
JUNK = [None, True, 0, -1, 25, 26, 3.0, math.nan, math.inf, "", "13", "bar ", "x" * 200, [], {}, [8, 5], {"a": 1}]
TYPES = ["roll", "move", "why", "undo", "done", "play", "double", "take", "pass", "beaver", "raccoon", "resign"]
TYPES += ["new-game", "hint", "edit"]
TYPES += ["edit-move", "edit-turn", "edit-dice", "edit-id", "edit-done", "edit-cancel"]
TYPES += ["export", "review", "review-go", "review-leave"]
REVIEW_STEPS = ["first", "previous", "next", "last", "next-error"]
READ_ONLY = ("export", "review", "review-go", "review-leave")  # never change the match


def well_formed(state: dict, rng: random.Random) -> dict:
    """An intent a view could send in ``state``: usually one the state allows."""
    can = {key for key, allowed in state["can"].items() if allowed}
    if state["review"] is not None:
        kind = rng.choice(["review-go", "review-go", "review-go", "review-leave", "export", "roll", "hint"])
    elif state["edit"]:
        kind = rng.choice(["edit-move", "edit-move", "edit-turn", "edit-dice", "edit-id", "edit-done", "edit-cancel"])
    elif can and rng.random() < 0.8:
        kind = rng.choice(sorted(can)).replace("new_game", "new-game").replace("move", "step")
    else:
        kind = rng.choice(TYPES)
    if kind == "step" and not state["movable"]:
        kind = "done"  # every die played, Done to press
    if kind == "step":
        frm = rng.choice(state["movable"])
        targets = state["steps"][str(frm)]
        target = rng.choice(targets)
        intent = {"type": "move", "from": frm, "to": target["to"]}
        if len(target["dice"]) == 1 and rng.random() < 0.3:
            intent["die"] = target["dice"][0]
        return intent
    intent: dict = {"type": kind}
    if kind == "move":
        intent.update({"from": rng.choice(PLACES), "to": rng.choice(PLACES)})
    elif kind == "why":
        intent["from"] = rng.choice(PLACES)
    elif kind == "play":
        intent["notation"] = rng.choice(state["plays"] or ["8/5 6/5", "bar/20", "25/off"])
    elif kind == "resign":
        intent["points"] = rng.choice([1, 1, 2, 3, 4])
    elif kind == "edit-move":
        intent.update({"seat": rng.choice([0, 1]), "from": rng.choice(PLACES), "to": rng.choice(PLACES)})
    elif kind == "edit-turn":
        intent["turn"] = rng.choice([0, 1])
    elif kind == "edit-dice":
        intent["dice"] = rng.choice([[], [rng.randint(1, 6), rng.randint(1, 6)], [0, 7]])
    elif kind == "export":
        intent["format"] = rng.choice(["json", "mat", "mat", "pdf"])
    elif kind == "review":
        intent["level"] = rng.choice(["easy", "easy", "easy", "grandmaster"])  # Easy: a quick review
    elif kind == "review-go":
        intent["to"] = rng.choice([*REVIEW_STEPS, "sideways"])
    elif kind == "edit-id":
        ids = ["4HPwATDgc/ABMA", "4HPwATDgc/ABUA", "4AAAsAAAAAAAAA", "AAAAAAAAAAAAAA", "AAAA/38AAAD/fw", "nonsense"]
        intent["id"] = rng.choice(ids)
    if rng.random() < 0.5:
        intent["revision"] = state["revision"] if rng.random() < 0.8 else state["revision"] - 1
    return intent


def forged(rng: random.Random, junk: Any) -> Any:
    """Something a view should never send: junk where a field belongs, or junk alone."""
    choice = rng.random()
    if choice < 0.2:
        return junk
    intent = {"type": rng.choice([*TYPES, "fly", "", "ROLL"])}
    keys = ["from", "to", "die", "notation", "points", "seat", "turn", "dice", "id", "revision", "format", "level"]
    for key in rng.sample(keys, 3):
        intent[key] = junk if rng.random() < 0.5 else rng.choice(JUNK)
    return intent


junk_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=8),
        st.sampled_from(JUNK),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=6,
)

BOARDS = [
    {"players": ("human", "human")},
    {"players": ("human", "human"), "confirm": True, "match_length": 3},
    {"players": ("human", "easy"), "match_length": 1},
    {"players": ("easy", "human"), "match_length": 5},
    {"players": ("human", "medium")},
    {"players": ("human", "easy"), "position": Position.from_position_id("4AAAsAAAAAAAAA"), "dice": (2, 1)},
    {"players": ("human", "human"), "rules": Rules(beavers=True, max_cube=8)},  # beavers, raccoons, the limit
]


def board_kwargs(board: dict, seed: int) -> dict:
    """A board's keywords with its seed; ``rules`` become a new match under them (a match is mutable)."""
    board = dict(board)
    rules = board.pop("rules", None)
    return {**board, "match": Match.with_rules(rules, seed=seed)} if rules else {**board, "seed": seed}


def whole_state(session: Session) -> tuple:
    """Everything an intent could change, but the refusal (``refused``, ``refusal`` and the
    ``status`` line that says it first) and ``revision``."""
    state = {k: v for k, v in session.state().items() if k not in ("refused", "refusal", "status", "revision")}
    edit = None if session.edit is None else (session.edit.position, list(session.edit.dice))
    return state, to_json(session.match), edit


def send(session: Session, deliver, intent: Any) -> None:
    """Deliver one intent and check what the boundary promises."""
    before = whole_state(session)
    revision = session.revision
    if (
        isinstance(intent, dict)
        and intent.get("type") == "review"
        and intent.get("level") not in ("easy", "grandmaster")
    ):
        intent = {**intent, "level": "easy"}  # Medium or Expert reviews are right, but slow for a fuzz
    deliver(intent)  # raises nothing
    COUNTS["intents"] += 1
    state = session.state()
    assert session.revision > revision and state["revision"] == session.revision
    assert conforms(state, ViewState) and places_ok(state), state
    json.dumps(state, allow_nan=False)
    if session.refused:
        COUNTS["refused"] += 1
        assert whole_state(session) == before, intent
    elif isinstance(intent, dict) and intent.get("type") in READ_ONLY:
        COUNTS["reviews and exports"] += 1
        assert whole_state(session)[1] == before[1], intent  # the match is as it was


def play(session: Session, deliver, data, published: list) -> None:
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    for _ in range(INTENTS):
        state = session.state()
        if rng.random() < 0.75:
            intent = well_formed(state, rng)
        else:
            intent = forged(rng, data.draw(junk_values, label="junk"))
        was_over = session.game.result is not None
        send(session, deliver, intent)
        assert published[-1] == session.state()
        COUNTS["games finished"] += not was_over and session.game.result is not None


fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


@fuzz
@given(st.sampled_from(BOARDS), st.integers(0, 10**6), st.data())
def test_intents_into_a_session(board, seed, data):
    published: list = []
    session = Session(animation=0, publish=published.append, **board_kwargs(board, seed))
    play(session, session.handle, data, published)


@fuzz
@given(st.sampled_from(BOARDS), st.integers(0, 10**6), st.data())
def test_messages_into_a_widget(board, seed, data):
    widget = BoardWidget(animation=0, background=False, **board_kwargs(board, seed))
    published: list = []
    widget.observe(lambda change: published.append(widget.state), names="revision")
    play(widget.session, lambda intent: from_view(widget, intent), data, published)
    assert widget.state == widget.session.state() and widget.revision == widget.session.revision


# ---------------------------------------------------------------------- the static SVG

svg_values = st.one_of(junk_values, st.integers(-2, 70), st.sampled_from([(3, 1), (6, 6), ("a", "b"), (0, 0), (1, 2)]))


@fuzz
@given(
    st.dictionaries(
        st.sampled_from(["dice", "cube", "cube_owner", "names", "score", "match_length", "language"]),
        svg_values,
        max_size=4,
    )
)
def test_board_svg_draws_or_refuses(kwargs):
    COUNTS["svg arguments"] += 1
    try:
        text = board_svg(Position.initial(), **kwargs)
    except (DrawingError, LanguageError):
        return
    root = ET.fromstring(text)  # well-formed, whatever the names held
    assert not [el for el in root.iter() if el.tag.split("}")[-1] in ("script", "foreignObject")]
