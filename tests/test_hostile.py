"""What a careless or hostile caller found: each test is a defect found by attacking the public
API from scripts (arguments out of range, huge numbers, forged intents), kept so that it stays fixed.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from bgwidget import Match, Position
from bgwidget.ai.encoding import N_INPUTS
from bgwidget.ai.parallel import in_order
from bgwidget.formats import FormatError, from_json, from_mat, from_sgf, from_xgid, to_json, to_mat, to_sgf, to_xgid
from bgwidget.rules import MAX_CUBE, MAX_MATCH_LENGTH, GameError, Rules
from bgwidget.widget import BoardWidget

# Each writer with its reader, both as functions of a match (the XGID holds the game being played).
FORMATS = {
    "mat": (to_mat, lambda text: from_mat(text).rules),
    "sgf": (to_sgf, lambda text: from_sgf(text).rules),
    "xgid": (lambda match: to_xgid(match.game), lambda text: from_xgid(text).rules),
}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("settings", [{"length": MAX_MATCH_LENGTH}, {"length": 0, "max_cube": MAX_CUBE}])
def test_every_writer_writes_the_longest_match_and_the_highest_cube_limit(fmt, settings):
    """README: "What a writer writes, its reader reads back". The rules' limits are the Match ID's
    (15 bits of match length, a 4-bit log2 of the cube), so that every format holds every match."""
    match = Match(seed=1, **settings)
    write, read = FORMATS[fmt]
    assert read(write(match)) == match.rules


@pytest.mark.parametrize(
    "settings",
    [
        {"match_length": 10**9},  # a .mat's numbers have at most 9 digits, an XGID's 5
        {"match_length": MAX_MATCH_LENGTH + 1},
        {"max_cube": 2**40},
        {"max_cube": MAX_CUBE * 2},
    ],
)
def test_a_match_longer_or_a_cube_higher_than_any_format_holds_is_refused(settings):
    """from_json loaded a match to 10^12 points, which no other format could write: the rules
    refuse a match length or a cube limit past the Match ID's, wherever they come from."""
    with pytest.raises(GameError, match="32767|32768"):
        Rules(**settings)
    saved = json.loads(to_json(Match(seed=1)))
    saved["match"]["rules"].update(settings)
    with pytest.raises(FormatError):
        from_json(json.dumps(saved))


def test_in_order_on_an_executor_submits_tasks_as_it_goes():
    """ai.rollout(trials=10**9, executor=pool) stopped after two batches submitted every batch at
    once first: 14 million futures before the first result. The tasks are taken a few at a time."""
    pulled = 0

    def tasks():
        nonlocal pulled
        for i in range(20_000):
            pulled += 1
            yield (i,)

    with ThreadPoolExecutor(2) as pool:
        results = in_order(lambda i: i * i, tasks(), pool)
        assert [next(results) for _ in range(3)] == [0, 1, 4]
        results.close()
    assert pulled < 1_000


def test_a_board_for_a_match_longer_than_any_format_holds_is_refused():
    """A billion-point match once reached the board, whose .mat export then failed; the board
    now refuses such a match when made, as every other bad setting."""
    with pytest.raises(ValueError, match="32767"):
        BoardWidget(players=("human", "human"), match_length=10**9, animation=0, background=False)


@pytest.mark.parametrize(
    "stakes",
    [{"cube": 3}, {"cube": 0}, {"cube": True}, {"owner": "x"}, {"match_length": 5, "away": (6, 1)}],
)
def test_a_context_out_of_range_is_refused_when_made(stakes):
    """ai.rollout(cubeful=True, cube=Context(owner="x")) ended in a KeyError from inside the
    rollout, and Context(cube=3) rolled out a cube no game has: the stakes are checked as
    cube_decision checks its keyword arguments, when the Context is made."""
    pytest.importorskip("numpy")
    from bgwidget.ai import CubeError
    from bgwidget.ai.context import Context

    with pytest.raises(CubeError):
        Context(**stakes)


@pytest.mark.parametrize("ask", ["choose_play", "analyse", "analyse_many"])
def test_no_play_is_chosen_or_ranked_in_a_finished_game(ask):
    """The opponent has borne off all fifteen (Outcome(winner=1)): ai.choose_play still played
    '6/5 6/3' and ai.analyse ranked plays at -1.0, where check_turn's contract (and ai.rollout)
    refuse a finished game."""
    pytest.importorskip("numpy")
    from bgwidget import PositionError, ai

    lost = Position.from_points({6: 2}, {})
    assert lost.outcome() is not None
    calls = {
        "choose_play": lambda: ai.choose_play(lost, (3, 1), "easy", seed=1),
        "analyse": lambda: ai.analyse(lost, (3, 1), "easy"),
        "analyse_many": lambda: ai.analyse_many([(lost, (3, 1))], "easy", progress=False),
    }
    with pytest.raises(PositionError, match="the game is over"):
        calls[ask]()


@pytest.mark.parametrize("name", ["Bell\x07", "nul\x00", "lone \ud800 surrogate", "\ufffe"])
def test_the_static_board_is_well_formed_whatever_the_names(name):
    """A name with a control character (or a lone surrogate) went into the SVG as it was: the text
    was not XML, so Position._repr_svg_-style output and nbconvert showed an error, not the board."""
    import xml.etree.ElementTree as ET

    from bgwidget.svg import board_svg

    svg = board_svg(Position.initial(), names=(name, "Top"))
    ET.fromstring(svg.encode("utf-8"))  # UTF-8 as a file holds it, and XML


def test_a_click_while_the_review_runs_is_told_that_it_runs():
    """Teaching on, a click on a checker while the review ran (the board showing the game and a
    progress bar, no review yet) was answered "The board is showing a review: leave it to play on."
    It is told that a review runs, in each language."""
    import asyncio

    from bgwidget.session import Session

    async def run():
        session = Session(players=("human", "human"), seed=7, animation=0, background=True, teaching=True)
        for _ in range(4):
            session.roll()
            session.play(str(session.game.legal_plays[0]))
        assert session.handle({"type": "review", "level": "easy"}) is None and session.review_running
        answers = {}
        for language in ("en", "fr", "sv"):
            session.language = language
            answers[language] = session.handle({"type": "why", "from": 6}), session.refusal.reason
        session.cancel_review()
        return answers

    answers = asyncio.run(run())
    assert answers == {
        "en": ("A review is running: wait for it, or cancel it.", "review-running"),
        "fr": ("Une analyse est en cours : attendez-la ou annulez-la.", "review-running"),
        "sv": ("En analys pågår: vänta på den eller avbryt den.", "review-running"),
    }


def test_a_refusal_is_not_shown_once_the_computer_has_played():
    """A roll clicked while the computer thought was refused, rightly; once the computer had
    played, the status still began "The computer is playing: wait for its turn to end." beside
    "Your roll". README: a refusal is shown "until the next click or state"."""
    import asyncio

    async def run():
        board = BoardWidget(players=("human", "easy"), seed=3, animation=0, background=True)
        while not board.session.thinking:
            game = board.game
            if game.phase in ("opening", "roll"):
                board.intent({"type": "roll"})
            else:
                board.intent({"type": "play", "notation": str(game.legal_plays[0])})
        refused = board.intent({"type": "roll"})
        during = board.state["refusal"]["reason"]
        for _ in range(1000):
            if not board.session.thinking:
                break
            await asyncio.sleep(0.01)
        return refused, during, board

    refused, during, board = asyncio.run(run())
    assert refused == "The computer is playing: wait for its turn to end." and during == "thinking"
    assert board.phase == "roll" and board.turn == 0  # the computer played: the person's roll
    assert board.state["refused"] == "" and board.state["refusal"] is None
    assert not board.state["status"].startswith("The computer is playing")


def test_a_pasted_position_id_that_is_not_one_is_refused_in_the_boards_language():
    """Set up, paste a Position ID: a wrong one was refused in English whatever the board's
    language (an "invalid" call), quoting all the text pasted (100,000 characters in the status)."""
    board = BoardWidget(players=("human", "human"), animation=0, background=False, language="fr")
    board.intent({"type": "edit"})
    before = board.session.edit.position
    answers = {}
    for language in ("en", "fr", "sv"):
        board.language = language
        answers[language] = [
            board.intent({"type": "edit-id", "id": text}) for text in ("4HPwATDgc/ABMa", "x" * 100_000)
        ]
        assert board.session.refusal.reason == "position-id"
    assert board.session.edit.position == before
    assert answers["en"][0] == (
        "“4HPwATDgc/ABMa” is not a Position ID, which is 14 characters (A–Z, a–z, 0–9, + and /)"
        " for at most 15 checkers a side."
    )
    assert answers["fr"][0].startswith("« 4HPwATDgc/ABMa » n’est pas un ID de position")
    assert answers["sv"][0].startswith("”4HPwATDgc/ABMa” är inte ett positions-ID")
    assert all(len(answer) < 200 for answer in answers["en"] + answers["fr"] + answers["sv"])
    assert "x" * 20 + "…" in answers["en"][1]


def test_a_checker_dragged_onto_the_other_sides_point_while_setting_up_is_refused_in_words():
    """Set up, drag a checker of the bottom side onto a point the top side holds: the refusal was
    English whatever the language, in the movers' numberings ("both sides have checkers on the same
    point (player's 19, opponent's 6)")."""
    board = BoardWidget(players=("human", "human"), animation=0, background=False, language="sv")
    board.intent({"type": "edit"})
    before = board.session.edit.position
    answers = {}
    for language in ("en", "fr", "sv"):
        board.language = language
        answers[language] = board.intent({"type": "edit-move", "seat": 0, "from": 6, "to": 19})  # top's 6-point
        assert board.session.refusal.reason == "setup-occupied"
    assert board.session.edit.position == before
    assert answers == {
        "en": "That point holds the other side’s checkers: a point holds the checkers of one side only.",
        "fr": "Cette flèche porte les pions de l’autre camp : une flèche ne porte les pions que d’un seul camp.",
        "sv": "Den tungan har den andra sidans spelpjäser: en tunga har bara den ena sidans spelpjäser.",
    }
    assert board.intent({"type": "edit-move", "seat": 1, "from": 19, "to": 6}) is not None  # top onto bottom's 6
    assert board.intent({"type": "edit-move", "seat": 0, "from": 6, "to": "bar"}) is None  # both bars: allowed
    assert board.intent({"type": "edit-move", "seat": 1, "from": 19, "to": "bar"}) is None


def test_play_from_here_with_a_side_borne_off_is_refused_in_words():
    """Set up with every checker of one side off, then Play from here: the refusal was an English
    'invalid' ("the position is already won: nothing to play") whatever the board's language."""
    board = BoardWidget(players=("human", "human"), animation=0, background=False)
    board.intent({"type": "edit"})
    board.intent({"type": "edit-id", "id": "AAAAAAAAAAAAAA"})  # no checker on the board
    answers = {}
    for language in ("en", "fr", "sv"):
        board.language = language
        answers[language] = board.intent({"type": "edit-done"})
        assert board.session.refusal.reason == "setup-won" and board.session.edit is not None
    assert answers == {
        "en": "Nothing to play from here: a side has borne off all its checkers.",
        "fr": "Rien à jouer à partir d’ici : un camp a sorti tous ses pions.",
        "sv": "Inget att spela härifrån: en sida har tagit hem alla sina spelpjäser.",
    }


def test_huge_counts_whose_sum_wraps_round_are_refused():
    # Four counts of 2**62 and a 1 add up to 1 in int64: the board passed the 15-checker check.
    import numpy as np

    from bgwidget.ai.encoding import encode, is_race
    from bgwidget.ai.evaluator import evaluate_boards
    from bgwidget.position import PositionError

    boards = np.zeros((1, 2, 25), dtype=np.int64)
    boards[0, 0, :4], boards[0, 0, 5], boards[0, 1, 10] = 2**62, 1, 3
    for function in (encode, is_race, evaluate_boards):
        with pytest.raises(PositionError, match="more than 15"):
            function(boards)


def test_inputs_given_to_the_evaluator_are_checked_even_when_no_board_needs_the_net():
    import numpy as np

    from bgwidget.ai.encoding import boards_from_positions, encode
    from bgwidget.ai.evaluator import evaluate_boards

    start = boards_from_positions([Position.initial()] * 3)
    bear_offs = boards_from_positions([Position.from_points({1: 2, 2: 3}, {3: 2})])
    for boards, bad in (
        (start, encode(start).tolist()),
        (start, np.float32(1)),
        (start, np.full((3, N_INPUTS), np.nan, np.float32)),  # not finite
        (bear_offs, np.zeros((1, 3))),  # a bear-off is judged exactly: the inputs were not read
        (bear_offs[:0], np.empty((0, 3))),
    ):
        with pytest.raises(ValueError, match="inputs are"):
            evaluate_boards(boards, inputs=bad)


def test_rank_refuses_a_ply_it_has_no_filters_for_and_a_made_play_of_another_roll():
    from bgwidget import IllegalPlayError
    from bgwidget.ai.analysis import rank
    from bgwidget.ai.errors import LevelError

    plays = Position.initial().legal_plays(3, 1)
    for ply in (3, 1.5, True):  # a KeyError from the filters' table, or silently 1-ply
        with pytest.raises(LevelError, match="ply is one of"):
            rank(plays, ply)
    with pytest.raises(IllegalPlayError, match="not one of the plays"):
        rank(plays, 1, made=Position.initial().legal_plays(6, 5)[0])  # was StopIteration
    with pytest.raises(IllegalPlayError):
        rank(None, 1)  # was an empty list


def test_the_race_flag_of_a_side_with_no_checker_left_matches_the_position():
    from bgwidget.ai.encoding import boards_from_positions, is_race

    finished = Position.from_points({}, {"bar": 1})
    assert finished.is_race() and is_race(boards_from_positions([finished]))[0]
