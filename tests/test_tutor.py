"""The tutor (``Session(tutor=...)``): a person's mistake held until *Play anyway* or *Take back*.

The error sizes come from gnubg-nn (GNU Backgammon's net, 1-ply, an independent engine): each
planted play gives up, by gnubg-nn, an amount well inside one of GNU Backgammon's mark bands
(doubtful 0.03, bad 0.06, very bad 0.12). The cube positions are races whose right action follows
from gnubg-nn's winning chances and the take point (a pass below 20%: under any race take point).
"""

import pytest

from bgwidget import BoardWidget, Position
from bgwidget.errors import TutorError
from bgwidget.game import Game
from bgwidget.session import Session
from bgwidget.tutor import TUTOR_MARKS, weigh

# (Position ID, dice, the play made, gnubg-nn's band): found in seeded games (helpers.game_positions)
PLANTED = [
    ("HwAAwLa2YIAAAA", (5, 6), "20/9", "doubtful"),
    ("27SCCQIqPz8AAA", (1, 2), "3/1 2/1", "bad"),
    ("4HPwATDgc/ABMA", (5, 3), "13/10 8/3", "very bad"),
]
BANDS = {"doubtful": (0.03, 0.06), "bad": (0.06, 0.12), "very bad": (0.12, 9.0)}
RACE_PASS = "7N4zAADbtgEAAA"  # 42 pips against 78: the taker's chances are far below any take point
RACE_DOUBLE = "tnsPAADb7g4AAA"  # 57 against 66, on roll: a double (and a pass)
RACE_EVEN = "bXcPAABtdw8AAA"  # 62 against 62, on roll: no double, take


def gnubg_error(gnubg_nn, position, dice, made):
    """The cubeless equity ``made`` gives up against gnubg-nn's best play of ``dice``, 1-ply."""

    def equity(after):
        win, wg, wbg, lg, lbg = gnubg_nn.probabilities(gnubg_nn.board_from_position_id(after.position_id()), 1)
        return -(2 * win - 1 + wg - lg + wbg - lbg)  # the opponent is on roll after the play

    values = [equity(p.result) for p in position.legal_plays(*dice)]
    return max(values) - equity(position.parse_play(made, *dice).result)


def board(position_id, dice=None, tutor="doubtful", players=("human", "human")):
    position = Position.from_position_id(position_id)
    return Session(players=players, position=position, dice=dice, tutor=tutor, animation=0)


def play_by_steps(session, notation):
    """Send ``notation``'s steps as the board's clicks would (board numbering, seat 0 on roll)."""
    game = session.game
    play = game.start_position.parse_play(notation, *game.rolled)
    for step in play.moves:
        to = "off" if step.to_point == 0 else step.to_point
        frm = "bar" if step.from_point == 25 else step.from_point
        assert session.handle({"type": "move", "from": frm, "to": to}) is None, session.refused


@pytest.mark.parametrize(("position_id", "dice", "made", "band"), PLANTED)
def test_a_planted_mistake_is_held_at_its_mark_and_not_above(gnubg_nn, position_id, dice, made, band):
    position = Position.from_position_id(position_id)
    low, high = BANDS[band]
    assert low < gnubg_error(gnubg_nn, position, dice, made) < high  # the independent size
    for tutor in TUTOR_MARKS:
        session = board(position_id, dice, tutor)
        play_by_steps(session, made)
        warned = TUTOR_MARKS.index(tutor) <= TUTOR_MARKS.index(band)
        state = session.state()
        if warned:
            assert state["tutor"] is not None and state["tutor"]["mark"] == band
            assert low <= state["tutor"]["error"] < high and state["tutor"]["made"] == made
            assert session.game.phase == "move" and session.game.play_complete  # held, not confirmed
            assert state["tutor"]["best_steps"] and state["tutor"]["best"] != made
            assert not any(state["can"].values())
        else:
            assert state["tutor"] is None
            assert session.game.last_play is not None and str(session.game.last_play) == made  # confirmed


def test_the_best_play_is_never_held():
    for position_id, dice, _, _ in PLANTED:
        session = board(position_id, dice, "doubtful")
        best = weigh(session.game, session.game.legal_plays[0]).best
        play_by_steps(session, best)
        assert session.state()["tutor"] is None
        assert str(session.game.last_play) == best


def test_take_back_restores_the_position_before_the_play_exactly():
    session = board("4HPwATDgc/ABMA", (5, 3))
    before = (session.game.position, list(session.game.record), session.game.rolled, session.game.phase)
    play_by_steps(session, "13/10 8/3")
    assert session.handle({"type": "tutor-take-back"}) is None
    game = session.game
    assert (game.position, game.record, game.rolled, game.phase) == before and game.steps == []
    assert session.state()["tutor"] is None and session.state()["can"]["move"]


def test_a_hint_asked_before_the_play_goes_once_the_tutor_holds_it():
    # The hint ranked the plays of 5-3 before 13/10 8/3 was made (its other plays at 0-ply): the
    # warning, the Expert's judgement of the play made, speaks for the decision while it waits.
    session = board("4HPwATDgc/ABMA", (5, 3))
    assert session.handle({"type": "hint"}) is None
    assert session.state()["hint"]["candidates"][0]["text"] == "8/3 6/3"  # every opening table's 5-3
    session.handle({"type": "move", "from": 13, "to": 10})
    assert session.state()["hint"] is not None  # a step alone is the same decision: the hint stays
    session.handle({"type": "move", "from": 8, "to": 3})
    state = session.state()
    assert state["tutor"]["made"] == "13/10 8/3" and state["hint"] is None and session.advice is None
    assert session.handle({"type": "tutor-take-back"}) is None
    assert session.state()["hint"] is None  # taken back, it is asked again at will
    assert session.handle({"type": "hint"}) is None and session.state()["hint"] is not None


def test_play_anyway_confirms_the_play_and_a_whole_play_is_held_too():
    session = board("4HPwATDgc/ABMA", (5, 3))
    assert session.handle({"type": "play", "notation": "13/10 8/3"}) is None
    assert session.state()["tutor"]["made"] == "13/10 8/3"
    assert session.handle({"type": "tutor-accept"}) is None
    assert str(session.game.last_play) == "13/10 8/3" and session.game.phase == "roll"
    assert session.state()["tutor"] is None


def test_the_warning_explains_the_mistake_in_the_boards_language():
    session = board("4HPwATDgc/ABMA", (5, 3))  # the opening 5-3: 8/3 6/3 makes the 3-point
    session.language = "sv"
    play_by_steps(session, "13/10 8/3")
    explained = session.state()["tutor"]["explanation"]
    assert explained[0].startswith("13/10 8/3") and "8/3 6/3" in explained[0]
    # 13/10 8/3 leaves blots on the 10 and the 3 point; 8/3 6/3 leaves none (hand count)
    assert any("10, 3" in line for line in explained)


def test_while_a_warning_waits_other_actions_are_refused_and_change_nothing():
    session = board("4HPwATDgc/ABMA", (5, 3))
    play_by_steps(session, "13/10 8/3")
    position = session.game.position
    for intent in ({"type": "undo"}, {"type": "done"}, {"type": "hint"}, {"type": "edit"}):
        assert session.handle(intent) is not None
        assert session.refusal.reason == "tutor-waiting"
        assert session.game.position == position and session.state()["tutor"] is not None
    assert "Take back" in session.refused and "tuteur" in session.refusal.explain("fr")


@pytest.mark.parametrize("kind", ["tutor-accept", "tutor-take-back"])
def test_forged_answers_without_a_warning_are_refused(kind):
    session = board("4HPwATDgc/ABMA", (5, 3))
    position, record = session.game.position, list(session.game.record)
    assert session.handle({"type": kind}) is not None
    assert session.refusal.reason == "no-tutor-warning"
    assert session.game.position == position and session.game.record == record


def race_chances(gnubg_nn, position_id):
    return gnubg_nn.probabilities(gnubg_nn.board_from_position_id(position_id), 1)[0]


def test_a_wrong_take_is_held_then_taken_back(gnubg_nn):
    assert race_chances(gnubg_nn, RACE_PASS) > 0.8  # the taker under 20%: a pass
    session = board(RACE_PASS, tutor="very bad")
    assert session.handle({"type": "double"}) is None  # the right double is not held
    assert session.game.phase == "cube"
    assert session.handle({"type": "take"}) is None
    tutor = session.state()["tutor"]
    assert tutor["kind"] == "cube" and tutor["made"] == "take" and tutor["best"] == "pass"
    assert tutor["explanation"][0].startswith("Your action, take, costs ")  # the person's own: "your"
    assert session.game.cube_value == 1 and session.game.phase == "cube"  # not applied
    assert session.handle({"type": "tutor-take-back"}) is None
    assert session.game.phase == "cube" and session.handle({"type": "pass"}) is None
    assert session.game.result is not None


def test_a_missed_double_is_held_and_play_anyway_rolls(gnubg_nn):
    assert race_chances(gnubg_nn, RACE_DOUBLE) > 0.75  # past a race's doubling point (about 70%)
    session = board(RACE_DOUBLE, tutor="bad")
    assert session.handle({"type": "roll"}) is None
    tutor = session.state()["tutor"]
    assert tutor["made"] == "no double" and tutor["best"] == "double" and session.game.rolled is None
    assert session.handle({"type": "tutor-accept"}) is None
    assert session.game.rolled is not None or session.game.turn == 1  # rolled (or danced)


def test_a_wrong_double_and_a_wrong_pass_are_held(gnubg_nn):
    for position_id in ("4HPwATDgc/ABMA", RACE_EVEN):
        assert 0.45 < race_chances(gnubg_nn, position_id) < 0.7  # far from a double, a take
        session = board(position_id, tutor="bad")
        assert session.handle({"type": "double"}) is None
        assert session.state()["tutor"]["made"] == "double" and session.game.phase == "roll"
        assert session.handle({"type": "tutor-accept"}) is None and session.game.phase == "cube"
        assert session.handle({"type": "pass"}) is None
        assert session.state()["tutor"]["best"] == "take" and session.game.result is None


def test_the_computers_actions_are_never_judged(monkeypatch):
    from bgwidget.tutoring import Tutoring

    judged = []
    monkeypatch.setattr(Tutoring, "act", lambda self, *args: judged.append(args))
    session = Session(players=("easy", "medium"), seed=4, tutor="doubtful", animation=0)
    assert session.game.result is not None and len(session.game.record) > 10  # a whole game played
    assert judged == [] and session.state()["tutor"] is None


def test_bad_settings_are_refused_and_the_widget_takes_the_tutor():
    with pytest.raises(TutorError):
        Session(tutor="blunder")
    with pytest.raises(TutorError):
        BoardWidget(tutor=True)
    widget = BoardWidget(players=("human", "human"), tutor="bad", background=False, animation=0)
    assert widget.tutor == "bad" and widget.session.tutor == "bad"
    widget.tutor = None
    assert widget.session.tutor is None
    with pytest.raises(TutorError):
        widget.tutor = "terrible"
    assert widget.tutor is None
    game = Game(position=Position.initial(), rolled=(3, 1))
    with pytest.raises(ValueError):
        weigh(game, "take")
