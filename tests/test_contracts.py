"""The contracts between Python and the view, written once on each side and kept equal key by key.

Python's TypedDicts (the view state in src/bgwidget/viewstate.py, the intents in
src/bgwidget/intents.py) and the JSDoc typedefs the view is type-checked against (js/src/state.js,
js/src/intents.js) must list the same keys, the same optional keys, the same string literals, and
refer to the same nested types by name, all the way down.
"""

import re
import typing
from pathlib import Path

import pytest

from bgwidget import intents, viewstate

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "js" / "src"


def js_typedefs(*files: str) -> dict[str, dict[str, tuple[str, bool]]]:
    """Each ``@typedef {object} Name`` of ``files``: key -> (its JSDoc type, whether optional), a
    union alias in it (``Place``: ``number | "bar" | "off"``) spelled out."""
    found: dict[str, dict[str, tuple[str, bool]]] = {}
    text = "".join((JS / name).read_text(encoding="utf-8") for name in files)
    unions = dict((alias, kind) for kind, alias in re.findall(r"@typedef \{([^}]+\|[^}]+)\} (\w+)", text))
    for block in re.findall(r"/\*\*(.*?)\*/", text, re.S):
        head = re.search(r"@typedef \{object\} (\w+)", block)
        if head:
            props = re.findall(r"@property \{(.+?)\} (\[?)(\w+)\]?", block)
            found[head.group(1)] = {
                key: (re.sub(r"\b\w+\b", lambda m: unions.get(m.group(0), m.group(0)), kind), bool(optional))
                for kind, optional, key in props
            }
    return found


def literals(annotation) -> set[str]:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return set(args)
    return set().union(*(literals(a) for a in args)) if args else set()


def typed_dicts(annotation) -> set[type]:
    """The TypedDicts an annotation refers to (inside lists, unions and Optional)."""
    if typing.is_typeddict(annotation):
        return {annotation}
    return set().union(*(typed_dicts(a) for a in typing.get_args(annotation)))


def compare(typed_dict: type, js: dict, seen: set[str], ordered: bool) -> None:
    name = typed_dict.__name__
    if name in seen:
        return
    seen.add(name)
    assert name in js, f"js/src has no @typedef {{object}} {name}"
    hints = typing.get_type_hints(typed_dict)
    props = js[name]
    assert set(props) == set(hints), f"{name}: JS {sorted(props)} != Python {sorted(hints)}"
    if ordered:
        assert list(props) == list(hints), f"{name}: keys in another order"
    optional = {key for key, (_, is_optional) in props.items() if is_optional}
    assert optional == set(typed_dict.__optional_keys__), f"{name}: optional keys differ"
    for key, annotation in hints.items():
        kind = props[key][0]
        assert set(re.findall(r'"([^"]+)"', kind)) == literals(annotation), f"{name}.{key}: literals differ"
        for nested in typed_dicts(annotation):
            assert re.search(rf"\b{nested.__name__}\b", kind), f"{name}.{key}: JS type {kind!r} lacks {nested.__name__}"
            compare(nested, js, seen, ordered)


def test_the_view_state_is_one_schema_on_both_sides():
    seen: set[str] = set()
    compare(viewstate.ViewState, js_typedefs("state.js"), seen, ordered=True)
    assert {"ViewState", "Can", "Cube", "ReviewView", "PlaysHint", "CubeHint", "PlayCandidate"} <= seen


def test_every_intent_is_one_schema_on_both_sides():
    js = js_typedefs("state.js", "intents.js")
    union = re.search(r"@typedef \{([^}]+)\} Intent\b", (JS / "intents.js").read_text(encoding="utf-8"))
    assert union is not None, "intents.js has no Intent union"
    python = typing.get_args(intents.Intent)
    assert {part.strip() for part in union.group(1).split("|")} == {t.__name__ for t in python}
    seen: set[str] = set()
    for intent in python:
        compare(intent, js, seen, ordered=False)
    types = set().union(*(literals(typing.get_type_hints(t)["type"]) for t in python))
    assert types >= {"roll", "move", "edit-move", "review-go", "view", "hint-rollout-cancel"}


INTENT_TYPES = sorted(
    set().union(*(literals(typing.get_type_hints(t)["type"]) for t in typing.get_args(intents.Intent)))
)


@pytest.mark.parametrize("kind", INTENT_TYPES)
def test_the_board_handles_every_intent_type_the_schema_names(kind):
    from bgwidget.widget import BoardWidget

    board = BoardWidget(players=("human", "human"), animation=0, background=False)
    # Refused, if at all, for its content or the moment, never as an unknown type.
    reason = board.intent({"type": kind})
    assert reason is None or "unknown intent type" not in reason
