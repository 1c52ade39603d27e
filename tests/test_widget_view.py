"""BoardWidget's two faces: the ``view`` trait ("2d" or "3d"), the toggle's intent, and the 3D
face's code sent to the page only once the 3D view is wanted."""

from pathlib import Path

import pytest

from bgwidget import BoardWidget
from helpers import from_view

LOFT = Path(__file__).resolve().parent.parent / "src" / "bgwidget" / "static" / "loft.js"


def board(**settings):
    return BoardWidget(players=("human", "human"), seed=1, animation=0, background=False, **settings)


def test_a_2d_board_does_not_carry_the_3d_code():
    w = board()
    assert w.view == "2d" and w.get_state()["_loft"] == ""
    assert "view" in w.keys and "_loft" in w.keys  # both synced with the page


def test_the_3d_view_sends_the_loft_bundle_once():
    w = board(view="3d")
    assert w.view == "3d"
    code = LOFT.read_text(encoding="utf-8")
    assert w.get_state()["_loft"] == code and "WebGLRenderer" in code and "export" in code
    w.view = "2d"
    w.view = "3d"
    assert w.get_state()["_loft"] == code  # already there: the page keeps its import


@pytest.mark.parametrize("bad", ["3D", "4d", "", None, 3, ["3d"]])
def test_a_bad_view_is_refused_with_a_clear_error_and_changes_nothing(bad):
    with pytest.raises(ValueError, match="'2d' or '3d'"):
        board(view=bad)
    w = board()
    with pytest.raises(ValueError, match="'2d' or '3d'"):
        w.view = bad
    assert w.view == "2d" and w.get_state()["_loft"] == ""


def test_the_toggle_is_an_intent_python_checks():
    w = board()
    revision, state = w.revision, dict(w.state)
    assert w.intent({"type": "view", "view": "3d", "revision": revision}) is None
    assert w.view == "3d" and w.get_state()["_loft"]
    # The game is not involved: taken at any revision, and the state is not published again.
    assert w.intent({"type": "view", "view": "2d", "revision": revision - 5}) is None
    assert w.view == "2d" and w.revision == revision and w.state == state
    # A forged value is refused as any malformed intent: said in the state, nothing else changed.
    refused = w.intent({"type": "view", "view": "<b>3d</b>"})
    assert refused == "view is '2d' or '3d', not '<b>3d</b>'" and w.view == "2d"
    assert w.state["refused"] == refused and w.position_id == state["position_id"]
    # From the page, through the message handler, which never raises.
    from_view(w, {"type": "view", "view": "3d", "revision": w.revision})
    assert w.view == "3d" and w.state["refused"] == refused  # a toggle publishes nothing
    from_view(w, {"type": "view"})
    assert w.view == "3d" and w.state["refused"] == "view is '2d' or '3d', not None"
    assert w.state["phase"] == state["phase"] and w.state["points"] == state["points"]


def test_the_page_cannot_write_a_bad_view_or_the_code():
    w = board()
    sent = []
    w.send_state = lambda key=None: sent.append(key)  # what goes back to the page
    w.set_state({"view": "4d"})
    w.set_state({"_loft": "alert(1)"})
    assert sent == [["view"], ["_loft"]] and w.view == "2d" and w.get_state()["_loft"] == ""
    w.set_state({"view": "3d"})
    assert w.view == "3d" and w.get_state()["_loft"] == LOFT.read_text(encoding="utf-8")


def test_the_3d_view_plays_the_same_game():
    # The face changes nothing in the game: the same intents, the same answers.
    flat, lofty = board(), board(view="3d")
    for w in (flat, lofty):
        w.intent({"type": "roll", "revision": w.revision})
    assert flat.state == lofty.state
