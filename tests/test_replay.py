"""A loaded match opens as a replay (issue 38): the move record filled, every action stepped
through with the board following, *Play from here*, Review over the whole match; the same for a
match finished at the board.

The positions are checked against GNU Backgammon's own reading of the same file (PyPI ``gnubg``,
the test extra, in a child process: ``gnubg_compare.read_with_gnubg``): the Position ID, the seat
on roll and the dice before every play, and gnubg's Position ID and Match ID at every stop of its
navigation; an SGF file is checked against the ``.mat`` gnubg exported of the same match.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from bgwidget import Position
from bgwidget.formats import from_mat, from_match_id, from_sgf, to_gnubg_id
from bgwidget.viewstate import record_of
from bgwidget.widget import BoardWidget
from gnubg_compare import gnubg_reading, read_with_gnubg

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
CORPUS_FILE = CORPUS / "gnubg" / "gnubg-selfplay-drops-7p.mat"
DATA = Path(__file__).parent / "data" / "sgf"


@pytest.fixture(scope="module")
def gnubg_file() -> dict:
    """GNU Backgammon's reading of the corpus file: its record (boards before each action) and IDs."""
    return read_with_gnubg([CORPUS_FILE])[CORPUS_FILE.name]


SEAT = {"X": 1, "O": 0}  # gnubg's players: X the left column of a .mat (our seat 1), O our seat 0


def is_dance(gnubg_id: str) -> bool:
    """Whether gnubg stops here on a roll with no legal play (we stop after it, on the same board)."""
    position_id, match_id = gnubg_id.split(":")
    state = from_match_id(match_id)
    return state.dice is not None and not Position.from_position_id(position_id).legal_plays(*state.dice)


def stops(board: BoardWidget) -> list[dict]:
    """Every stop of the board's replay, from the first, stepped through with Next."""
    assert board.intent({"type": "replay-go", "game": 1, "actions": 0}) is None
    seen = [board.state]
    while seen[-1]["replay"]["index"] < seen[-1]["replay"]["count"] - 1:
        assert board.intent({"type": "replay-go", "to": "next"}) is None
        seen.append({**board.state, "gnubg_id": to_gnubg_id(board.game)})
    seen[0] = {**seen[0], "gnubg_id": None}  # the opening, before any roll: no stop of gnubg's
    return seen


def test_a_loaded_match_opens_as_a_replay_of_all_its_games(gnubg_file):
    match = from_mat(CORPUS_FILE)
    board = BoardWidget.from_match(match, game=1, animation=0)
    state = board.state
    assert state["replay"]["game"] == 1 and state["replay"]["games"] == 6 == len(match.games)
    assert state["record"] and state["status"].startswith("Replay: game 1 of 6")
    assert not any(state["can"][key] for key in ("roll", "move", "double", "resign", "hint", "edit", "new_game"))
    assert state["can"]["review"] and state["can"]["export"]
    # Every game's record, whole, as its stops are shown.
    seen = stops(board)
    theirs = gnubg_reading(gnubg_file)
    dances = 0
    for number, game in enumerate(theirs["games"], 1):
        shown = [s for s in seen if s["replay"]["game"] == number]
        assert all(s["record"] == record_of(match.games[number - 1], "en") for s in shown)
        # gnubg's position, seat and dice before each of its plays
        raw = gnubg_file["record"]["games"][number - 1]["game"]
        plays = [(SEAT[a["player"]], sorted(a["dice"]), a["board"]) for a in raw if a["action"] == "move" and a["move"]]
        ours = [(s["turn"], sorted(s["dice"]), s["position_id"]) for s in shown if s["phase"] == "move"]
        assert ours == plays
        # A stop on a roll says who rolled what, the higher die first.
        for s in (s for s in shown if s["phase"] == "move"):
            assert f"{s['names'][s['turn']]} to play {max(s['dice'])}-{min(s['dice'])}" in s["status"], s["status"]
        # gnubg's Position ID and Match ID at every stop of its own navigation, in order, among
        # ours: but its stop on a dance's roll, which we show after the dance (the same board)
        ids = iter(s["gnubg_id"] for s in shown)
        assert all(any(stop == ours for ours in ids) for stop in game["ids"] if not is_dance(stop))
        dances += sum(map(is_dance, game["ids"]))
        assert shown[-1]["gnubg_id"] == game["ids"][-1]  # the game's end
        if number < len(theirs["games"]):  # the score after it: the next game's
            assert shown[-1]["score"] == list(theirs["games"][number]["score"])
    assert dances == 9  # games 3, 4 and 6 have 1, 7 and 1
    assert len(seen) == seen[0]["replay"]["count"]


def test_first_previous_next_last_and_the_games(gnubg_file):
    board = BoardWidget.from_match(from_mat(CORPUS_FILE), game=2, animation=0)
    theirs = gnubg_reading(gnubg_file)["games"]
    assert board.state["replay"]["game"] == 2 and board.state["replay"]["start"]
    board.intent({"type": "replay-go", "to": "next"})  # game 2's opening roll, before its play
    seat, dice, before = theirs[1]["actions"][0][1:4]
    shown = (board.state["turn"], sorted(board.state["dice"]), board.state["position_id"])
    assert shown == (seat, sorted(dice), before)
    board.intent({"type": "replay-go", "to": "last"})
    assert board.state["replay"]["end"] and to_gnubg_id(board.game) == theirs[1]["ids"][-1]
    assert board.state["replay"]["line"] == len(board.state["record"])  # the last line is marked
    board.intent({"type": "replay-go", "to": "next"})  # on to game 3's start
    assert board.state["replay"]["game"] == 3 and board.state["replay"]["actions"] == 0
    assert board.state["score"] == list(theirs[2]["score"]) and board.state["phase"] == "opening"
    board.intent({"type": "replay-go", "to": "previous"})  # back to game 2's end
    assert board.state["replay"]["game"] == 2 and board.state["replay"]["end"]
    board.intent({"type": "replay-go", "to": "next-game"})
    board.intent({"type": "replay-go", "to": "next-game"})
    assert board.state["replay"]["game"] == 4
    board.intent({"type": "replay-go", "to": "previous-game"})
    board.intent({"type": "replay-go", "to": "first"})
    assert (board.state["replay"]["game"], board.state["replay"]["actions"]) == (3, 0)
    # The step counted in the game: its start, then after each action but its one dance's roll
    replay, record = board.state["replay"], board.session.replay.match.games[2].record
    assert (replay["step"], replay["steps"], replay["start"]) == (0, 1 + len(record) - 1, True)
    assert replay["index"] > 0  # Previous goes on to game 2's end, First stays
    board.intent({"type": "replay-go", "to": "next"})
    assert board.state["replay"]["step"] == 1
    # a record cell goes to the stop after its action: game 3's line 2, seat 0's play
    line = board.state["replay"]["lines"][1]
    board.intent({"type": "replay-go", "to": "last"})
    assert board.intent({"type": "replay-go", "game": 3, "actions": line[1]}) is None
    assert board.state["replay"]["line"] == 2 and board.state["last_play"]["seat"] == 0


@pytest.mark.parametrize(
    "intent",
    [
        {"type": "replay-go", "to": "sideways"},
        {"type": "replay-go", "to": None, "game": 0, "actions": 0},
        {"type": "replay-go", "game": 7, "actions": 0},
        {"type": "replay-go", "game": True, "actions": 0},
        {"type": "replay-go", "game": 1, "actions": -1},
        {"type": "replay-go", "game": 1, "actions": 13},
        {"type": "replay-go", "game": 1, "actions": 1.0},
        {"type": "replay-go", "game": "1", "actions": 2},
        {"type": "replay-go", "to": "next", "game": 1, "actions": 2},
        {"type": "replay-go"},
        {"type": "replay-go", "game": 1, "actions": 2, "revision": 0},  # a stop chosen on an older state
        {"type": "roll"},
        {"type": "edit"},
        {"type": "new-game"},
        {"type": "hint"},
        {"type": "replay"},  # a replay is shown already
    ],
)
def test_a_forged_replay_intent_is_refused_and_changes_nothing(intent):
    board = BoardWidget.from_match(from_mat(CORPUS_FILE), game=1, actions=4, animation=0)
    before = {k: v for k, v in board.state.items() if k not in ("revision", "refused", "refusal", "status")}
    intent = {**intent, "revision": intent.get("revision", board.revision)}
    assert board.intent(intent)
    after = {k: v for k, v in board.state.items() if k not in ("revision", "refused", "refusal", "status")}
    assert after == before and board.session.replaying


def test_fast_steps_made_on_one_state_each_go_one_further():
    """A new user's report (issue 38): 30 fast presses of the right arrow moved one step, the
    others refused as made on an older state. A step goes from the stop or decision shown."""
    board = BoardWidget.from_match(from_mat(CORPUS_FILE), game=1, animation=0)
    revision = board.revision
    for _ in range(5):
        assert board.intent({"type": "replay-go", "to": "next", "revision": revision}) is None
    assert board.state["replay"]["index"] == 5
    assert board.intent({"type": "replay-go", "to": "previous", "revision": revision}) is None
    assert board.state["replay"]["index"] == 4
    stop = board.state["replay"]["actions"]
    assert board.intent({"type": "replay-go", "game": 1, "actions": 0, "revision": revision})
    # a stop chosen on an older state is refused: the board has changed since
    assert board.state["refusal"]["reason"] == "stale" and board.state["replay"]["actions"] == stop
    board.intent({"type": "review", "level": "easy"})
    revision = board.revision
    for _ in range(3):
        assert board.intent({"type": "review-go", "to": "next", "revision": revision}) is None
    assert board.state["review"]["index"] == 3


def test_a_board_without_a_replay_refuses_its_intents():
    board = BoardWidget(animation=0)
    for intent in ({"type": "replay-go", "to": "next"}, {"type": "replay-play"}):
        assert board.intent(intent) == "No replay is shown."
    with pytest.raises(ValueError, match="(?i)no replay is shown"):
        board.play_here()
    assert board.intent({"type": "replay"}).startswith("The game is still in play")
    with pytest.raises(ValueError):
        BoardWidget.from_match(from_mat(CORPUS_FILE), game=7)


def test_the_computer_waits_while_a_replay_is_shown_then_plays_on_from_it():
    board = BoardWidget.from_match(from_mat(CORPUS_FILE), game=5, actions=3, players=("easy", "easy"), animation=0)
    record = list(board.game.record)
    assert board.state["replay"] is not None and len(record) == 3 and not board.state["thinking"]
    board.intent({"type": "replay-play"})  # the computer plays the game out at once (no kernel)
    assert board.game.record[:3] == record and board.game.result is not None
    while not board.match.is_over:
        board.new_game()
    assert max(board.match.score) >= 7 and board.match.games[4].score == (5, 1)


def test_play_from_here_keeps_the_cube_score_and_crawford():
    # gnubg's 7-point self-play: game 3 is the Crawford game at 6-0, game 4 post-Crawford.
    match = from_mat(DATA / "gnubg-7pt.mat")
    board = BoardWidget.from_match(match, game=3, seed=5, animation=0)
    with pytest.raises(ValueError):  # the Python API is refused too until Play from here
        board.roll((3, 1))
    board.intent({"type": "replay-go", "to": "next"})  # the opening roll shown
    dice = board.state["dice"]
    board.play_here()
    state = board.state
    assert state["replay"] is None and state["dice"] == dice and state["phase"] == "move"
    assert state["score"] == [6, 0] and state["crawford"] and state["can"]["move"]
    board.play(state["plays"][0])
    board.roll((4, 2))
    board.play(board.state["plays"][0])
    assert not board.state["can"]["double"] and board.intent({"type": "double"})  # Crawford: no cube
    # Game 4, post-Crawford, from a stop after a double was taken: the cube is 2, owned by the taker.
    board = BoardWidget.from_match(match, game=4, seed=5, animation=0)
    record = match.games[3].record
    taken = next(i for i, entry in enumerate(record) if entry["type"] == "take") + 1
    board.intent({"type": "replay-go", "game": 4, "actions": taken})
    board.intent({"type": "replay-play"})
    cube = board.state["cube"]
    assert (cube["value"], cube["owner"]) == (2, record[taken - 1]["seat"]) and not board.state["crawford"]
    assert board.match.post_crawford and board.game.record == record[:taken]
    state = from_match_id(to_gnubg_id(board.game).split(":")[1])
    assert (state.score, state.cube_value, state.crawford) == ((6, 1), 2, False)


def test_review_covers_the_whole_loaded_match_from_any_stop():
    board = BoardWidget.from_match(from_mat(CORPUS_FILE), game=1, animation=0)
    assert board.intent({"type": "review", "level": "easy"}) is None
    review = board.state["review"]
    assert review["count"] > 300 and board.session.reviewing.review.match.games[-1].result is not None
    assert {d.game for d in board.session.reviewing.review.decisions} == set(range(6))
    board.intent({"type": "review-go", "to": "last"})
    assert board.state["review"]["game"] == 6
    board.intent({"type": "review-leave"})  # back to the replay where it stood
    assert (board.state["replay"]["game"], board.state["replay"]["actions"]) == (1, 0)


def test_review_after_play_from_here_numbers_each_decision_from_its_player_side():
    """A new user's report (issue 38): after Play from here at "Doubles to 2", Review labelled
    decision 1 (Player B's 54: 24/20 13/8) with Player A's numbers, the seat to act in the game
    played on: its arrow for 24/20 ran from the point labelled 1 to 5."""
    board = BoardWidget.from_match(from_mat(CORPUS / "galaxy" / "galaxy-10014006.mat"), animation=0)
    assert board.state["record"][5]["cells"][1] == "Doubles to 2"
    assert board.intent({"type": "replay-go", "game": 1, "actions": board.state["replay"]["lines"][5][1]}) is None
    assert board.intent({"type": "replay-play"}) is None
    assert board.state["turn"] == 1  # Player A, to answer the double
    assert board.intent({"type": "review", "level": "easy"}) is None
    state = board.state
    assert (state["review"]["seat"], state["names"][0], state["review"]["made"]) == (0, "Player B", "24/20 13/8")
    labels = state["point_labels"]
    arrows = sorted((labels[start - 1], labels[end - 1]) for start, end, _ in state["last_play"]["steps"])
    assert arrows == [(13, 8), (24, 20)]
    # Every play reviewed: its arrows' points are labelled with the numbers its notation names
    # (the mover's), whichever side is to act in the game played on.
    plays = 0
    while True:
        state, review = board.state, board.state["review"]
        if review["kind"] == "play" and state["last_play"] is not None:
            labels = state["point_labels"]
            shown = {labels[p - 1] for step in state["last_play"]["steps"] for p in step[:2] if isinstance(p, int)}
            assert {int(n) for n in re.findall(r"(?<![(\d])\d+", review["made"])} <= shown, review["text"]
            plays += 1
        if review["index"] == review["count"] - 1:
            break
        board.intent({"type": "review-go", "to": "next"})
    assert plays == 10  # the record's five lines of plays before the double, two a line


def test_an_sgf_replays_as_the_mat_gnubg_wrote_of_the_same_match():
    sgf = BoardWidget.from_match(from_sgf(DATA / "gnubg-3pt.sgf"), animation=0)
    mat = BoardWidget.from_match(from_mat(DATA / "gnubg-3pt.mat"), animation=0)
    seen = [stops(b) for b in (sgf, mat)]
    positions = [[(s["replay"]["game"], s["gnubg_id"], s["score"]) for s in stopped] for stopped in seen]
    assert positions[0] == positions[1] and len(positions[0]) > 100
    assert seen[0][-1]["phase"] == "match-over"


def test_a_match_finished_at_the_board_can_be_stepped_through():
    board = BoardWidget(players=("easy", "easy"), match_length=3, seed=11, animation=0)
    while not board.match.is_over:
        board.new_game()
    games = copy.deepcopy(board.match.games)
    assert board.state["can"]["replay"] and board.state["can"]["review"]
    assert board.intent({"type": "replay"}) is None
    state = board.state
    assert state["replay"]["end"] and state["replay"]["game"] == len(games) and state["phase"] == "match-over"
    assert state["score"] == list(board.session.replay.match.score) and max(state["score"]) >= 3
    board.intent({"type": "replay-go", "game": 1, "actions": 0})
    assert board.state["record"] == record_of(games[0], "en") and board.position == Position.initial()
    board.intent({"type": "replay-go", "to": "last"})
    assert board.game.record == games[0].record and board.position == games[0].position
    board.intent({"type": "replay-play"})  # game 1's end: the next game comes
    assert board.intent({"type": "new-game"}) is None and len(board.match.games) == 2


def test_a_match_file_with_an_empty_name_shows_the_seats_default_name():
    """Galaxy exports an anonymous player as ``Player 2 ""``: every sentence of the replay names
    that seat by the board's default ("Bottom"), not by a blank ("  to play 5-1")."""
    match = from_mat(CORPUS / "galaxy-noname" / "galaxy-8474864.mat")
    assert "" in match.names
    board = BoardWidget.from_match(match, animation=0)
    assert "" not in board.state["names"] and "Bottom" in board.state["names"]
    for state in stops(board):
        assert "  " not in state["status"] and not re.search(r"(^|· ) ?(to play|passes)", state["status"]), state
