"""Board states that must go on: a resignation restored from a save is answered, a set-up is not
started halfway through a roll, a refusal said again is shown once, and the list of plays offered
after a step holds only the plays that go on from it (a play that does not is refused). Random walks
of two people's boards under seven rule sets check the class as a whole: every state offers a way
on, a button offered is not refused, a set-up offered can be played on from, a refusal changes
nothing and is said once, and a save loads in the state it was made in (about 1,900 intents and
150 saves by default; ``BGWIDGET_FUZZ=long`` 20 times as many).

The rules are the standard ones: a resignation offered is accepted (the game ends, the resigner
losing the points offered times the cube) or declined (play goes on where it stopped); the
positions and rolls are hand-checked from the starting position.
"""

from __future__ import annotations

import json
import random

import pytest

from bgwidget import Match, Position
from bgwidget.formats import from_json, to_json
from bgwidget.labels import label
from bgwidget.rules import Rules
from bgwidget.session import Session
from bgwidget.widget import BoardWidget
from helpers import from_view, fuzz_scale, print_counts


def resignation_saved(points: int = 2, seat: int = 1, doubled: bool = False) -> Match:
    """A 5-point match saved and loaded with ``seat``'s resignation of ``points`` waiting for an
    answer: seat 0 opened with 31 (8/5 6/5), then (``doubled``) seat 1 doubled and seat 0 took."""
    match = Match(5, seed=1, names=("Ann", "Bo"))
    game = match.game
    game.roll((3, 1))
    game.play("8/5 6/5")
    if doubled:
        game.double(seat=1)
        game.take(seat=0)
    game.resign(points, seat=seat)
    return from_json(to_json(match))


def test_a_restored_resignation_offers_accept_and_decline_to_the_seat_that_answers():
    board = BoardWidget(match=resignation_saved(), players=("human", "human"), animation=0)
    state = board.state
    assert state["phase"] == "cube" and state["turn"] == 0  # Ann answers Bo's offer
    assert state["can"]["accept"] and state["can"]["decline"]
    assert not any(state["can"][key] for key in ("take", "pass", "roll", "move", "double"))
    assert state["status"] == "Bo offers to resign a gammon"
    board.language = "fr"
    assert board.state["status"] == "Bo propose d’abandonner un gammon"
    from_view(board, {"type": "accept", "revision": board.state["revision"]})
    assert board.session.refusal is None
    result = board.game.result
    assert (result.winner, result.points, result.how) == (0, 2, "resigned")  # a gammon at cube 1
    assert board.match.score == (2, 0) and board.state["phase"] == "game-over"


def test_an_accepted_resignation_counts_the_cube():
    session = Session(match=resignation_saved(points=1, doubled=True), players=("human", "human"), animation=0)
    assert session.handle({"type": "accept"}) is None
    assert (session.game.result.winner, session.game.result.points) == (0, 2)  # a single game at cube 2


def test_a_declined_resignation_goes_on_where_it_stopped():
    session = Session(match=resignation_saved(), players=("human", "human"), animation=0)
    assert session.handle({"type": "decline"}) is None
    state = session.state()
    assert state["phase"] == "roll" and state["turn"] == 1 and state["can"]["roll"]
    assert not state["can"]["accept"] and session.game.record[-1] == {"type": "decline", "seat": 0}
    # Nothing is offered now: an answer is refused and changes nothing.
    before = to_json(session.match)
    assert session.handle({"type": "accept"}) is not None and session.refusal.reason == "no-resignation"
    assert to_json(session.match) == before


def test_against_the_computer_the_person_answers_its_offer_and_the_computer_answers_theirs():
    board = BoardWidget(match=resignation_saved(seat=1), players=("human", "easy"), animation=0, background=False)
    assert board.state["can"]["accept"] and board.state["turn"] == 0
    session = Session(match=resignation_saved(seat=0), players=("human", "easy"), animation=0, background=False)
    assert session.game.result is not None and session.game.result.winner == 1  # the computer accepted
    computer_answers = Session(match=resignation_saved(seat=0), players=("easy", "easy"), animation=0)
    assert computer_answers.game.result is not None


def test_a_review_asked_again_before_any_play_says_so_once():
    session = Session(players=("human", "human"), animation=0)
    for _ in range(5):
        assert session.handle({"type": "review", "level": "easy"}) is None
    none = label("en", "board.reviewNone")
    assert session.message == none and session.state()["status"].count(none) == 1


def test_a_set_up_is_not_started_once_a_step_of_the_roll_is_played():
    session = Session(players=("human", "human"), seed=1, animation=0)
    session.roll((3, 1))
    assert session.state()["can"]["edit"]
    assert session.handle({"type": "move", "from": 8, "to": 5}) is None
    assert not session.state()["can"]["edit"]
    before = to_json(session.match)
    reason = session.handle({"type": "edit"})
    assert session.refusal.reason == "setup-mid-play" and "undo" in reason
    assert session.edit is None and to_json(session.match) == before and session.game.steps
    # Undone, the set-up starts from the position before the roll, with the whole roll.
    assert session.handle({"type": "undo"}) is None and session.state()["can"]["edit"]
    assert session.handle({"type": "edit"}) is None
    assert session.state()["dice"] == [3, 1] and session.handle({"type": "edit-done"}) is None
    assert session.game.rolled == (3, 1) and len(session.game.legal_plays) == 16  # the opening 31's plays


@pytest.fixture
def stepped() -> Session:
    """The opening 31 for seat 0, its 3 played as 8/5."""
    session = Session(players=("human", "human"), seed=1, animation=0)
    session.roll((3, 1))
    assert len(session.state()["plays"]) == 16  # every play of the 31 before a step
    assert session.handle({"type": "move", "from": 8, "to": 5}) is None
    return session


def test_after_a_step_the_plays_offered_are_those_that_go_on_from_it(stepped):
    # 8/5 then the 1: 24/23, 8/7, 6/5 or 5/4 (8/4); 13/12 is blocked (the other side's 13-point).
    assert sorted(stepped.state()["plays"]) == sorted(["24/23 8/5", "8/7 8/5", "8/5 6/5", "8/4"])


def test_a_play_that_drops_a_step_made_is_refused_and_one_that_keeps_it_is_played(stepped):
    before = to_json(stepped.match)
    reason = stepped.handle({"type": "play", "notation": "24/23 13/10"})
    assert stepped.refusal.reason == "play-not-from-steps" and reason.startswith("24/23 13/10 ")
    assert to_json(stepped.match) == before and [str(m) for m in stepped.game.steps] == ["8/5"]
    assert stepped.handle({"type": "play", "notation": "8/5 6/5"}) is None
    assert stepped.game.record[-1] == {"type": "move", "seat": 0, "play": "8/5 6/5"}


def test_every_play_offered_after_steps_is_accepted():
    for notation in ("24/23 8/5", "8/7 8/5", "8/5 6/5", "8/4"):
        session = Session(players=("human", "human"), seed=1, animation=0)
        session.roll((3, 1))
        session.handle({"type": "move", "from": 8, "to": 5})
        assert notation in session.state()["plays"]
        assert session.handle({"type": "play", "notation": notation}) is None, notation


def test_a_position_set_up_with_a_roll_that_cannot_be_played_says_the_dance():
    # On the bar against a closed board but for the 6-point: 3-3 does not enter.
    closed = Position.from_points({"bar": 1, 6: 5, 8: 3, 13: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    session = Session(players=("human", "human"), seed=1, animation=0)
    session.handle({"type": "edit"})
    session.handle({"type": "edit-id", "id": closed.position_id()})
    session.handle({"type": "edit-dice", "dice": [3, 3]})
    assert session.handle({"type": "edit-done"}) is None
    state = session.state()
    assert session.game.record == [{"type": "move", "seat": 0, "play": ""}] and state["turn"] == 1
    assert state["status"] == "Bottom cannot move with 3-3 · Top to roll"
    assert state["last_roll"] == {"seat": 0, "dice": [3, 3]}  # the dice danced stay drawn
    built = Session(players=("human", "human"), seed=1, animation=0, position=closed, dice=(3, 3))
    assert built.message == "Bottom cannot move with 3-3"


def test_once_the_match_is_over_a_set_up_is_not_offered_and_a_new_match_can_be_set_up():
    session = Session(players=("human", "human"), match_length=1, seed=2, animation=0)
    assert session.handle({"type": "roll"}) is None
    assert session.handle({"type": "resign", "points": 1}) is None  # a 1-point match: over
    state = session.state()
    assert state["phase"] == "match-over" and not state["can"]["edit"] and state["can"]["new_game"]
    before = to_json(session.match)
    assert session.handle({"type": "edit"}) == "The match is over." and session.refusal.reason == "match-over"
    assert session.edit is None and to_json(session.match) == before
    assert session.handle({"type": "new-game"}) is None and session.state()["can"]["edit"]  # a new match
    assert session.handle({"type": "edit"}) is None and session.handle({"type": "edit-done"}) is None
    assert session.state()["phase"] == "roll"


# ------------------------------------------------------------ random walks: every state goes on

WALK_KEYS = ("phase", "turn", "dice", "dice_left", "position_id", "can", "cube", "score", "moved", "steps", "plays")
PLACES = ["bar", "off", *range(1, 25)]
ANSWERS = ("roll", "move", "done", "undo", "double", "take", "pass", "beaver", "raccoon", "accept", "decline")
OFFERED_SO = ("roll", "done", "undo", "double", "take", "pass", "beaver", "raccoon", "accept", "decline", "new-game")
"""The buttons that send their intent as it is: one offered (``can``) is never refused."""
WALK_RULES = (
    Rules(),
    Rules(match_length=3),
    Rules(match_length=5),
    Rules(beavers=True),
    Rules(cube=False),
    Rules(match_length=3, crawford=False),
    Rules(max_cube=4, beavers=True),
)


def seen(board: BoardWidget) -> dict:
    return {key: json.dumps(board.state[key], sort_keys=True) for key in WALK_KEYS}


def walk_intent(rng: random.Random, state: dict) -> dict:
    """An intent a person could send now: mostly a step or a play the state lists, else any."""
    if state["can"]["edit"] and rng.random() < 0.05:
        return {"type": "edit"}  # Set up, where offered
    offered = [key.replace("_", "-") for key, can in state["can"].items() if can and key in (*ANSWERS, "new_game")]
    if offered and rng.random() < 0.6:
        kind = rng.choice(offered)
    else:
        kind = rng.choice(["roll", "move", "move", "why", "play", *ANSWERS[2:], "resign", "new-game", "edit"])
    steps = state["steps"]
    if kind == "move" and steps and rng.random() < 0.7:
        origin = rng.choice(list(steps))
        target = rng.choice(steps[origin])
        intent = {"type": "move", "from": origin if origin == "bar" else int(origin), "to": target["to"]}
        return dict(intent, die=rng.choice(target["dice"])) if rng.random() < 0.3 else intent
    if kind in ("move", "why"):
        return {"type": kind, "from": rng.choice(PLACES), "to": rng.choice(PLACES)}
    if kind == "play":
        listed = state["plays"]
        return {"type": "play", "notation": rng.choice(listed) if listed else rng.choice(["13/8 6/5", "", "bar/20"])}
    if kind == "resign":
        return {"type": "resign", "points": rng.randint(1, 3)}
    return {"type": kind}


def check_way_on(board: BoardWidget, context: tuple) -> None:
    """A game not over offers its person an action; a game over, a new game (or the match is won)."""
    state = board.state
    if state["phase"] == "game-over":
        assert state["can"]["new_game"], context
    elif state["phase"] != "match-over":
        assert any(state["can"][key] for key in ANSWERS), context
        assert state["phase"] != "move" or state["movable"] or state["can"]["done"], context


def check_saved(board: BoardWidget, context: tuple) -> BoardWidget:
    """The match saved and loaded makes a board in the same state (a roll half played included)."""
    loaded = BoardWidget(match=from_json(to_json(board.match)), players=("human", "human"), animation=0)
    assert seen(loaded) == seen(board), context
    return loaded


def walk(seed: int, length: int, counts: dict) -> None:
    rng = random.Random(seed)
    match = Match.with_rules(WALK_RULES[seed % len(WALK_RULES)], seed=seed)
    board = BoardWidget(match=match, players=("human", "human"), animation=0)
    for index in range(length):
        context = (seed, index)
        if rng.random() < 0.08:
            loaded = check_saved(board, context)
            board = loaded if rng.random() < 0.5 else board
            counts["saves"] += 1
            continue
        before, intent = seen(board), walk_intent(rng, board.state)
        offered = intent["type"] in OFFERED_SO and board.state["can"][intent["type"].replace("-", "_")]
        refused = board.intent(intent)
        counts["intents"] += 1
        assert not offered or refused is None, (context, intent, refused)  # a button offered works
        counts["offered and taken"] += offered
        if refused is not None:
            counts["refused"] += 1
            assert seen(board) == before and board.state["status"].count(refused) == 1, (context, intent)
        if intent["type"] == "edit" and refused is None:  # a set-up offered can be played on from
            finish = rng.choice(["edit-done", "edit-cancel"])
            finished = board.intent({"type": finish})
            assert finished is None or board.session.refusal.reason == "setup-won", (context, finished)
            board.intent({"type": "edit-cancel"})
            counts["set-ups"] += 1
        check_way_on(board, (context, intent))
        ended = board.state["phase"] in ("game-over", "match-over")
        counts["games over"] += ended and before["phase"] != json.dumps(board.state["phase"])


def test_random_boards_always_go_on_and_survive_a_save(pytestconfig):
    """Random walks of two people's boards under seven rule sets: every state has a way on, a
    button offered is not refused, a set-up offered can be played on from, a refusal changes
    nothing and is said once, and a save (mid-roll, mid-offer...) loads as it was."""
    counts = {"intents": 0, "refused": 0, "offered and taken": 0, "saves": 0, "games over": 0, "set-ups": 0}
    for seed in range(14 * fuzz_scale()):
        walk(seed, 150, counts)
    print_counts(pytestconfig, "board walks", counts)
    assert counts["saves"] > 50 and counts["refused"] > 200


@pytest.mark.parametrize("change", ["set_position", "new_game", "new_match"])
def test_a_change_made_from_python_during_a_set_up_ends_it_rather_than_be_undone_by_it(change):
    board = BoardWidget(players=("human", "human"), seed=1, animation=0)
    board.roll((3, 1))
    board.play("8/5 6/5")  # the top seat to roll
    assert board.intent({"type": "edit"}) is None and board.state["edit"]
    {
        "set_position": lambda: board.set_position(Position.initial(), dice=(4, 2)),
        "new_game": board.new_game,  # a game in play: a new match
        "new_match": board.new_match,
    }[change]()
    state = board.state
    assert not state["edit"] and board.session.edit is None
    assert state["position_id"] == Position.initial().position_id()
    assert (state["phase"], state["dice"]) == (("move", [4, 2]) if change == "set_position" else ("opening", []))
    assert board.intent({"type": "edit-done"}) is not None  # nothing set up is left to play on from
    assert state["position_id"] == board.state["position_id"]
