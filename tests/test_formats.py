"""Formats: Match ID and XGID vectors (FORMATS.md, checked against GNU Backgammon), JSON saves,
the .mat text format, and the refusal of malformed input. gnubg itself referees the .mat and
XGID output in tests/test_gnubg_referee.py."""

import base64
import io
import json
import random

import pytest

from bgwidget import Dice, Game, Match, Offer, Position, Rules
from bgwidget.errors import GameError
from bgwidget.formats import (
    FormatError,
    MatchState,
    from_gnubg_id,
    from_json,
    from_mat,
    from_match_id,
    from_xgid,
    match_state,
    to_gnubg_id,
    to_json,
    to_mat,
    to_match_id,
    to_sgf,
    to_xgid,
)
from bgwidget.position import PositionIdError
from test_game import snapshot

# ---------------------------------------------------------------------- Match ID

# FORMATS.md's table, read with our seats: gnubg's player 0 is our seat 1 (top).
MATCH_IDS = {
    "MAEAAAAAAAAA": MatchState(on_roll=1, turn=1, jacoby=True),
    "cAnrAAAAAAAE": MatchState(on_roll=0, turn=0, dice=(6, 2), match_length=7),
    "sIGlADAAIAAE": MatchState(on_roll=1, turn=1, crawford=True, dice=(3, 1), match_length=5, score=(4, 3)),
    "ARlgAVAAQAAE": MatchState(
        cube_value=2, cube_owner=1, on_roll=1, turn=0, doubled=True, match_length=11, score=(8, 5)
    ),
    "cEHgACAAEAAE": MatchState(on_roll=0, turn=1, resignation=2, match_length=7, score=(2, 2)),
    "UwkgA4ABuAAE": MatchState(cube_value=8, cube_owner=0, on_roll=0, turn=0, match_length=25, score=(23, 24)),
    "QYkqASAAIAAE": MatchState(
        cube_value=2, cube_owner=1, on_roll=0, turn=0, dice=(5, 2), match_length=9, score=(4, 2)
    ),
}


@pytest.mark.parametrize("text, state", MATCH_IDS.items())
def test_match_id_vectors_both_ways(text, state):
    assert from_match_id(text) == state
    assert to_match_id(state) == text


def test_match_id_of_games_in_play():
    # The 9-point match example: seat 1 owns a 2-cube, seat 0 rolled 52 (FORMATS.md).
    game = Game(
        position=Position.initial(turn=0),
        rolled=(5, 2),
        cube_value=2,
        cube_owner=1,
        rules=Rules(match_length=9),
        score=(4, 2),
    )
    assert to_match_id(game) == "QYkqASAAIAAE"
    game = Game(
        position=Position.initial(turn=1), cube_value=2, cube_owner=1, rules=Rules(match_length=11), score=(8, 5)
    )
    game.double()
    assert to_match_id(game) == "ARlgAVAAQAAE"
    game = Game(position=Position.initial(turn=0), rules=Rules(match_length=7), score=(2, 2))
    game.resign(2, seat=0)
    assert to_match_id(game) == "cEHgACAAEAAE"


def raw_match_id(**fields) -> str:
    """A Match ID with the given raw bit fields (offset, width from FORMATS.md), others zero."""
    layout = {
        "cube": (0, 4),
        "owner": (4, 2),
        "move": (6, 1),
        "crawford": (7, 1),
        "state": (8, 3),
        "turn": (11, 1),
        "doubled": (12, 1),
        "resigned": (13, 2),
        "die1": (15, 3),
        "die2": (18, 3),
        "length": (21, 15),
        "score0": (36, 15),
        "score1": (51, 15),
    }
    bits = sum(value << layout[name][0] for name, value in fields.items())
    return base64.b64encode(bits.to_bytes(9, "little")).decode()


def test_match_id_of_finished_games_shows_the_score_after_them():
    # As gnubg shows them (seen navigating its games; tests/test_gnubg_referee.py,
    # tests/test_mat_variants.py's "resigned" and tests/test_corpus.py check it at every record):
    # the new score; a drop: the loser's turn; a resignation: kept, the turn still the side on
    # roll's, and the dice of a roll left unplayed.
    game = Game(position=Position.initial(turn=1), rolled=(2, 6), rules=Rules(match_length=5), score=(1, 2))
    assert from_match_id(to_match_id(game)).dice == (6, 2)  # the higher die first, as gnubg
    game.play("13/11 13/7")
    game.double()
    game.pass_()
    state = from_match_id(to_match_id(game))
    assert (state.state, state.score, state.turn, state.on_roll) == ("dropped", (2, 2), 1, 0)
    game = Game(position=Position.initial(turn=0), cube_value=2, cube_owner=0, rules=Rules(match_length=7))
    game.resign(3, seat=1)
    game.accept()
    state = from_match_id(to_match_id(game))
    assert (state.state, state.score, state.turn, state.resignation, state.dice) == ("resigned", (6, 0), 0, 3, None)
    # Rolled, then resigned: gnubg keeps the dice (9 Studio files of the corpus end so).
    game = Game(position=Position.initial(turn=0), rolled=(1, 6), rules=Rules(match_length=3))
    game.resign(1)
    game.accept()
    state = from_match_id(to_match_id(game))
    assert (state.state, state.score, state.turn, state.dice) == ("resigned", (0, 1), 0, (6, 1))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "MAEAAAAAAAA",
        "MAEAAAAAAAAAA",
        "MAEAAAAAAA!A",
        12,
        raw_match_id(owner=2, state=1),  # no cube owner 2
        raw_match_id(owner=3, state=5),  # no game state 5
        raw_match_id(owner=3, state=1, die1=7, die2=2),  # a die of 7
        raw_match_id(owner=3, state=1, die1=3, die2=0),  # one die only
    ],
)
def test_malformed_match_ids_are_refused(text):
    assert raw_match_id(owner=3, state=1) == "MAEAAAAAAAAA"  # the helper agrees with a vector
    with pytest.raises(FormatError):
        from_match_id(text)
        raise AssertionError(f"{text!r} decoded")


def test_game_from_gnubg_id_refuses_what_cannot_be_played():
    with pytest.raises(FormatError):
        from_gnubg_id("4HPwATDgc/ABMA")  # no Match ID
    with pytest.raises(FormatError):
        from_gnubg_id("4HPwATDgc/AB!A:cAkAAAAAAAAA")  # a Position ID that is not Base64
    over = to_match_id(MatchState(state="over", match_length=5))
    with pytest.raises(FormatError, match="over"):
        from_gnubg_id("4HPwATDgc/ABMA:" + over)
    crawford_double = to_match_id(MatchState(crawford=True, doubled=True, turn=1, match_length=5, score=(4, 0)))
    with pytest.raises(FormatError, match="Crawford"):
        from_gnubg_id("4HPwATDgc/ABMA:" + crawford_double)
    with pytest.raises(FormatError):
        from_gnubg_id("4HPwATDgc/ABMZ:cAnrAAAAAAAE")  # 16 checkers


# ---------------------------------------------------------------------- XGID

XGIDS = {  # FORMATS.md: XGID -> gnubg Position ID : Match ID, as GNU Backgammon converts them
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10": "4HPwATDgc/ABMA:cIkKAAAAAAAE",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:64:0:0:0:7:10": "4HPwATDgc/ABMA:cAnzAAAAAAAE",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10": "4HPwATDgc/ABMA:cAngAAAAAAAE",
    "XGID=-a-B--E-B-a-dDB--b-bcb----:1:1:-1:63:0:0:0:3:8": "jM/gDQDYzeAJIA:EQFvAAAAAAAE",
    "XGID=----abF-B--BbB-Bacbd----A-:0:0:1:41:1:0:0:11:10": "4O3CgAXgZ8wMIA:cAlmAQAACAAE",
}


@pytest.mark.parametrize("text, gnubg", XGIDS.items())
def test_xgid_vectors_both_ways(text, gnubg):
    game = from_xgid(text)
    assert to_gnubg_id(game) == gnubg
    assert to_xgid(game) == text
    assert to_xgid(from_gnubg_id(gnubg, max_cube=1 << int(text[-2:].strip(":")))) == text


def test_xgid_double_offered_jacoby_and_beavers():
    game = from_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:3:0:8")
    assert game.phase == "cube" and game.offer == Offer("double", 0) and game.turn == 1
    assert game.cube_value == 2 and game.rules.jacoby and game.rules.beavers and game.rules.max_cube == 256
    game.beaver()
    assert game.cube_value == 4 and game.cube_owner == 1 and game.offer == Offer("beaver", 1)
    with pytest.raises(FormatError, match="beaver"):
        to_xgid(game)
    assert (
        to_xgid(from_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:3:0:8"))
        == "XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:3:0:8"
    )
    with pytest.raises(FormatError, match="owns the cube"):
        from_xgid("XGID=-b----E-C---eE---c-e----B-:1:-1:1:D:0:0:0:0:8")


@pytest.mark.parametrize(
    "text",
    [
        "XGID=-b----E-C---eE---c-e----B:0:0:1:52:0:0:0:0:10",  # 25 characters
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0",  # a field missing
        "XGID=-b----E-C---eE---c-e----B-:0:2:1:52:0:0:0:0:10",  # cube position 2
        "XGID=-b----E-C---eE---c-e----B-:0:0:0:52:0:0:0:0:10",  # turn 0
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:0:0:10",  # a die of 7
        "XGID=-b----E-C---eE---c-e----B-:x:0:1:52:0:0:0:0:10",  # not a number
        "XGID=-b----E-C---eE---c-e----Z-:0:0:1:52:0:0:0:0:10",  # Z is no count
        "XGID=-b----E-C---eE---c-e----C-:0:0:1:52:0:0:0:0:10",  # 16 bottom checkers
        "XGID=Ab----E-C---eE---c-e----A-:0:0:1:52:0:0:0:0:10",  # bottom checker on top's bar
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:7:0:0:7:10",  # score already ends the match
        None,
    ],
)
def test_malformed_xgids_are_refused(text):
    with pytest.raises(FormatError):
        from_xgid(text)


# ---------------------------------------------------------------------- JSON


def continue_identically(a: Game, b: Game, seed: int) -> None:
    """Play ``a`` and ``b`` on with the same choices; they must stay equal to the end."""
    rng = random.Random(seed)
    while a.phase not in ("game-over", "match-over"):
        assert snapshot(a) == snapshot(b)
        choice = rng.random()
        for game in (a, b):
            if game.phase in ("opening", "roll"):
                game.double() if game.can_double() and choice < 0.1 else game.roll()
            elif game.phase == "cube":
                game.take() if choice < 0.8 else game.pass_()
            elif game.play_complete:
                game.confirm()
            else:
                steps = game.legal_steps()
                frm = sorted(steps)[int(choice * len(steps))]
                game.move(frm, steps[frm][0][0])
    assert snapshot(a) == snapshot(b)


@pytest.mark.parametrize("stop", [0, 1, 7, 20, 33])
def test_json_save_mid_play_resumes_exactly(stop):
    game = Game(seed=9, rules=Rules(auto_confirm=False))
    rng = random.Random(stop)
    for _ in range(stop):
        if game.phase in ("opening", "roll"):
            game.double() if game.can_double() and rng.random() < 0.3 else game.roll()
        elif game.phase == "cube":
            game.take()
        elif game.play_complete:
            game.confirm()
        else:
            steps = game.legal_steps()
            frm = rng.choice(sorted(steps))
            game.move(frm, rng.choice(steps[frm])[0])
    text = to_json(game)
    loaded = from_json(text)
    assert snapshot(loaded) == snapshot(game)
    assert to_json(loaded) == text
    continue_identically(game, loaded, seed=stop)


def test_json_keeps_combined_steps_and_their_undo():
    game = Game(dice=Dice(fixed=[(2, 1)]), rules=Rules(auto_confirm=False))
    game.roll()
    game.move(24, 21)  # one checker, both dice
    loaded = from_json(to_json(game))
    assert loaded.steps == game.steps and loaded.play_complete
    loaded.undo()
    assert loaded.steps == [] and loaded.dice_left == (2, 1)


def play_on(match: Match, rng: random.Random, done) -> None:
    """Roll and make random legal plays, starting new games, until ``done()`` or the match ends."""
    while not done() and not match.is_over:
        game = match.game
        if game.result:
            match.new_game()
        elif game.phase in ("opening", "roll"):
            game.roll()
        elif game.phase == "move":
            game.play(str(rng.choice(game.legal_plays)))


def test_json_match_resumes_exactly():
    match = Match(length=3, seed=4, names=("Ann", "Bob"))
    play_on(match, random.Random(1), lambda: len(match.games) >= 2 and len(match.game.record) >= 9)
    loaded = from_json(to_json(match))
    assert loaded.score == match.score and loaded.names == ("Ann", "Bob")
    assert [snapshot(g) for g in loaded.games] == [snapshot(g) for g in match.games]
    continue_identically(match.game, loaded.game, seed=2)


def first_release_layout(text: str) -> str:
    """A match save as the first release wrote it: the options flat, each game's settings flat
    and without the Crawford rule (the layout of version 1 before Rules existed)."""
    data = json.loads(text)
    rules = data["match"].pop("rules")
    data["match"].update(length=rules.pop("match_length"), **rules)
    for game in data["games"]:
        setup_rules = game["setup"].pop("rules")
        del setup_rules["crawford"]
        game["setup"].update(setup_rules)
    return json.dumps(data)


@pytest.mark.parametrize("crawford, confirm", [(True, True), (False, False)])
def test_json_of_the_first_release_still_loads(crawford, confirm):
    # Issue 33: the flat options were given to Rules in order, and auto_confirm fell on ``cube``.
    match = Match(length=5, seed=7, crawford=crawford, max_cube=16, auto_confirm=confirm)
    play_on(match, random.Random(3), lambda: len(match.games) >= 3)
    loaded = from_json(first_release_layout(to_json(match)))
    assert loaded.rules == match.rules and loaded.score == match.score
    assert [snapshot(g) for g in loaded.games] == [snapshot(g) for g in match.games]


def tamper(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_malformed_json_is_refused():
    game = Game(seed=3)
    game.roll()
    game.play(str(game.legal_plays[0]))
    good = to_json(game)
    bad = [
        "not json",
        "[]",
        tamper(good, lambda d: d.update(format="other")),
        tamper(good, lambda d: d.update(version=99)),
        tamper(good, lambda d: d.update(kind="board")),
        tamper(good, lambda d: d["game"]["record"][1].update(play="24/1")),
        tamper(good, lambda d: d["game"]["record"].insert(1, {"type": "roll", "dice": [3, 3]})),
        tamper(good, lambda d: d["game"]["record"].append({"type": "take"})),
        tamper(good, lambda d: d["game"]["dice"].update(state=[3, [1, 2], None])),
        tamper(good, lambda d: d["game"].pop("setup")),
        tamper(good, lambda d: d["game"].update(steps=[[[13, 8, 5]]])),
        tamper(good, lambda d: d["game"]["setup"].update(cube_value=3)),
    ]
    for text in bad:
        with pytest.raises(FormatError):
            from_json(text)
            raise AssertionError(text)
    match = Match(length=5, seed=1)
    match.game.roll()
    match.game.resign(2, seat=1 - match.game.turn)
    match.game.accept()
    match.new_game()
    saved = to_json(match)
    with pytest.raises(FormatError, match="score"):
        from_json(tamper(saved, lambda d: d["games"][1]["setup"].update(score=[0, 0])))
    with pytest.raises(FormatError):
        from_json(tamper(saved, lambda d: d["games"][0]["record"].pop()))  # game 1 not over


# ---------------------------------------------------------------------- .mat


def random_match(seed: int, length: int, games: int = 0, drop_beavers: bool = True, **options) -> Match:
    """A match between two random players who also double, take (or beaver and raccoon, when
    allowed), pass and resign now and then; a money session (``length=0``) stops after ``games``
    games. ``drop_beavers=False``: a beaver or raccoon is never passed."""
    rng = random.Random(seed)
    match = Match(length=length, seed=seed, **options)
    while True:
        game = match.game
        while game.phase not in ("game-over", "match-over"):
            if game.phase in ("opening", "roll"):
                if game.can_double() and rng.random() < 0.08:
                    game.double()
                elif game.phase == "roll" and rng.random() < 0.01:
                    game.resign(rng.randint(1, 3))
                else:
                    game.roll()
            elif game.phase == "cube":
                if game.offer[0] == "resign":
                    game.accept() if rng.random() < 0.5 else game.decline()
                elif game.offer[0] == "double" and game.rules.beavers and rng.random() < 0.3:
                    game.beaver()
                elif game.offer[0] == "beaver" and rng.random() < 0.3:
                    game.raccoon()
                elif game.offer[0] != "double" and not drop_beavers:
                    game.take()
                else:
                    game.take() if rng.random() < 0.7 else game.pass_()
            else:
                steps = game.legal_steps()
                frm = rng.choice(sorted(steps))
                game.move(frm, rng.choice(steps[frm])[0])
        if match.is_over or len(match.games) == games:
            return match
        match.new_game()


@pytest.mark.parametrize("seed, length", [(1, 5), (2, 1), (3, 9)])
def test_mat_round_trip_replays_the_same_match(seed, length):
    match = random_match(seed, length)
    text = to_mat(match)
    back = from_mat(text)
    assert back.score == match.score and back.is_over
    assert [(g.result, g.crawford) for g in back.games] == [(g.result, g.crawford) for g in match.games]
    assert to_mat(back) == text


def test_mat_money_session_with_beavers_raccoons_and_jacoby():
    match = Match(length=0, seed=5, jacoby=True, beavers=True)
    game = match.game
    game.roll()
    game.play(str(game.legal_plays[0]))
    doubler = game.turn
    game.double()
    game.beaver()
    game.raccoon()
    game.take()
    assert (game.cube_value, game.cube_owner, game.turn) == (8, 1 - doubler, doubler)
    game.roll()
    game.resign(1, seat=doubler)
    game.accept()
    match.new_game()
    match.game.roll()
    match.game.resign(2, seat=match.game.turn)  # Jacoby: a gammon counts one with the cube centred
    match.game.accept()
    text = to_mat(match)
    assert "Beavers => 4" in text and "Raccoons => 8" in text and '[Jacoby "On"]' in text
    back = from_mat(text)
    assert back.rules.jacoby and back.rules.beavers and back.length == 0
    assert [g.result[:2] for g in back.games] == [g.result[:2] for g in match.games]
    assert [g.result.points for g in back.games] == [8, 1]
    # The format keeps the points only: a resigned gammon worth 1 comes back as a single game.
    assert back.games[1].result.description == "resigned single game"
    assert back.games[0].record == match.games[0].record


def test_mat_beaver_taken_by_the_roll_that_follows():
    match = Match(length=0, seed=6, beavers=True)
    game = match.game
    game.roll()
    game.play(str(game.legal_plays[0]))
    game.double()
    game.beaver()
    game.take()
    game.roll()
    text = to_mat(match)
    assert "Beavers => 4" in text and "Takes" not in text  # gnubg reads the roll as the take
    back = from_mat(text)
    assert back.game.record == game.record[:-1] + [back.game.record[-1]] and back.game.cube_value == 4


HAND_WRITTEN = """\ufeff; [Site "a hand-written sample"]

 3 point match

 Game 1
 Ann : 0                        Bob : 0
  1)                             31: 8/5 6/5
  2) 52: 13/8 13/11   64: 24/18 18/14
  3) 66: Cannot Move                 Doubles => 2
  4)  Drops                       Wins 1 point

 Game 2
 Ann : 0                        Bob : 1
  1) 42: 8/4 6/4                 65: 24/13
  2) 21: 13/11 6/5
"""


def test_mat_reader_accepts_bom_tags_loose_columns_and_unmarked_hits():
    match = from_mat(HAND_WRITTEN)
    assert match.names == ("Bob", "Ann") and match.length == 3 and match.score == (1, 0)
    first = match.games[0]
    assert first.result == (0, 1, "single game", "pass")
    assert [a["type"] for a in first.record] == [
        "opening",
        "move",
        "roll",
        "move",
        "roll",
        "move",
        "roll",
        "move",
        "double",
        "pass",
    ]
    assert first.record[5]["play"] == "24/14*"  # Bob hit Ann's blot on his 14
    assert first.record[6:8] == [
        {"type": "roll", "seat": 1, "dice": [6, 6]},
        {"type": "move", "seat": 1, "play": ""},
    ]  # Ann danced on Bob's 6-point
    second = match.game
    assert second.phase == "roll" and second.turn == 0 and len(second.record) == 6
    assert match.game.start_position.pip_counts() == (167 - 11, 167 - 6 - 3)


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "point match"),
        (" 3 point match\n\n 1) 31: 8/5 6/5\n", "before"),
        (  # a score line that its game's Wins does not explain (game 1 may start at any score)
            " 3 point match\n\n Game 1\n Ann : 0   Bob : 0\n  1)                 31: 8/5 6/5\n"
            "  2)  Doubles => 2                Drops\n      Wins 1 point\n\n Game 2\n Ann : 0   Bob : 0\n",
            "line 10: the score line says Ann 0, Bob 0; the games before make it 1-0",
        ),
        (" 3 point match\n\n Game 1\n Ann : 0   Bob : 0\n  1)                 31: 8/4 6/5\n", "has been played"),
        (" 3 point match\n\n Game 1\n Ann : 0   Bob : 0\n  1)                 33: 8/5 6/5\n", "doubles"),
        (
            " 3 point match\n\n Game 1\n Ann : 0   Bob : 0\n  1)                 31: 8/5 6/5\n  2)  Takes\n",
            "No double has been offered",
        ),
        (
            " 3 point match\n\n Game 1\n Ann : 0   Bob : 0\n  1)                 31: 8/5 6/5\n"
            " Game 2\n Ann : 0   Bob : 0\n",
            "before game 1 ended",
        ),
        (" 3 point match\n\n Game 1\n Ann : 0   Bob : 0\n  1) hello\n", "no move"),
    ],
)
def test_malformed_mat_is_refused_with_the_reason(text, reason):
    with pytest.raises(FormatError, match=reason):
        from_mat(text)


# ---------------------------------------------------------------------- hostile input (issue 11)


def test_json_refuses_hostile_values_with_a_format_error():
    saved = to_json(Match(length=0, seed=1))
    bad = {
        "nested too deeply": "[" * 100_000 + "]" * 100_000,
        "names": tamper(saved, lambda d: d["match"].update(names=["one"])),
        "names are a list": tamper(saved, lambda d: d["match"].update(names="ab")),
        "seed": tamper(saved, lambda d: d["match"].update(seed=[1])),
        "Overflow": tamper(saved, lambda d: d["games"][0]["dice"]["state"][1].__setitem__(0, 10**30)),
        "not a saved game": tamper(saved, lambda d: d.update(games=[[]])),
    }
    for reason, text in bad.items():
        with pytest.raises(FormatError, match=reason):
            from_json(text)


def test_json_save_with_a_resignation_offered_in_the_middle_of_a_roll():
    game = Game(seed=8, rules=Rules(auto_confirm=False))
    game.roll()
    frm = max(game.legal_steps())
    game.move(frm, game.legal_steps()[frm][0][0])
    game.resign(2, seat=1 - game.turn)
    back = from_json(to_json(game))
    assert snapshot(back) == snapshot(game) and back.phase == "cube" and back.steps == game.steps
    back.decline()
    game.decline()
    continue_identically(back, game, seed=8)


@pytest.mark.parametrize(
    "names",
    [
        ("Bottom", "T" * 40),  # a top name longer than its column ran into the other name
        ("Ann\nBob", "Cy"),  # a line break split the score line
        ("x : 3", "7 : 2   Eve : 1"),  # colons and digits read as scores
        ("<b>bold</b> & 'q' \"d\"", '; [Jacoby "On"]'),  # markup; a name read as a comment
        ("", " padded\t"),
    ],
)
def test_mat_names_read_back_exactly(names):
    match = random_match(4, 3, names=names)
    text = to_mat(match)
    back = from_mat(text)
    assert back.names == names and back.score == match.score
    assert to_mat(back) == text


def test_mat_money_session_past_a_cube_of_64():
    match = Match(length=0, seed=2, max_cube=256)
    game = match.game
    game.roll()
    while game.cube_value < 128:
        game.play(str(game.legal_plays[0]))
        game.double()
        game.take()
        game.roll()
    text = to_mat(match)
    assert '; [Max Cube "256"]' in text and "Doubles => 128" in text
    back = from_mat(text)
    assert back.rules == match.rules and back.game.cube_value == 128 and back.game.record == game.record


def test_mat_keeps_play_without_the_cube_in_a_tag():
    """Issue 33: ``cube=False`` was dropped. gnubg's .mat has no field for it (gnubg 1.07 exports
    a match played with ``set cube use off`` with no sign of it), so it is a tag, which gnubg's
    importer skips (and keeps: its export of our file repeats ``; [Cube "Off"]``)."""
    match = Match.with_rules(Rules(match_length=5, cube=False), seed=3)
    match.game.roll()
    match.game.play(str(match.game.legal_plays[0]))
    text = to_mat(match)
    assert text.startswith('; [Cube "Off"]\n')
    back = from_mat(text)
    assert back.rules == match.rules and back.game.record == match.game.record
    with pytest.raises(GameError, match="cube"):
        back.game.double()
    assert from_mat(text.replace('"Off"', '"On"')).rules.cube
    assert '[Cube "' not in to_mat(Match(length=5, seed=3))


def test_mat_refuses_a_game_set_up_from_a_position():
    match = Match(length=3, seed=1)
    match.play_from(Position.from_position_id("4HPwATDgc/ABMA"))
    with pytest.raises(FormatError, match="opening"):
        to_mat(match)


HEADER = " 3 point match\n\n Game 1\n Ann : 0   Bob : 0\n"


@pytest.mark.parametrize(
    "text, reason",
    [
        (" " + "9" * 5000 + " point match\n", "line 1: 999999999999... is too large a number"),
        ("\n 3 point match\n\n Game " + "9" * 5000 + "\n", "line 4: 999999999999... is too large"),
        (" 3 point match\n\n Game 1\n Ann : " + "9" * 5000 + "   Bob : 0\n", "line 4: .* too large"),
        (HEADER + "  1)                 31: 8/5 6/5\n  Wins " + "9" * 5000 + " points\n", "line 6: .* too large"),
        (HEADER + "  1)  Doubles => " + "9" * 5000 + "\n", "line 5: .* too large"),
        (" 3 point match\n\n Game 2\n Ann : 0   Bob : 0\n", "line 3: game 2 comes where game 1 should"),
        ('; [Max Cube "3"]\n 3 point match\n', "line 1: the Max Cube tag is a power of 2"),
        ('; [Top Name "\\x"]\n 3 point match\n', "line 1: a name tag"),
        (HEADER + "  1)                 31: 8/5 6/5 13/2(0)\n", r"line 5: .*\(0\)"),
    ],
)
def test_malformed_mat_lines_are_refused_with_their_number(text, reason):
    with pytest.raises(FormatError, match=reason):
        from_mat(text)


def raw_ids(**fields) -> str:
    """``4HPwATDgc/ABMA:`` and a Match ID with these raw fields set (gnubg numbering, FORMATS.md)."""
    return "4HPwATDgc/ABMA:" + raw_match_id(**{"owner": 3, "state": 1, **fields})


@pytest.mark.parametrize(
    "text, reason",
    [
        (raw_ids(turn=1), "no offer waits, yet seat 0 must act while seat 1 is on roll"),
        ("4HPwATDgc/ABMA:cAnrAAAAAAAM", "unused bits 67..71"),  # bit 67: gnubg ignores it
        ("4HPwATDgc/ABMA:cAnrAAAAAAB8", "unused bits 67..71"),  # bits 67..70: gnubg ignores them
        ("4HPwATDgc/ABMB:cAnrAAAAAAAE", "unused bits after the two sides"),  # gnubg reads ...ABMA
        (raw_ids(cube=1), "a cube at 2 cannot be centred"),
        (raw_ids(owner=0), "a cube at 1 cannot be owned"),
        (raw_ids(crawford=1), "Crawford game is a match game"),
        (raw_ids(cube=1, owner=0, crawford=1, length=7, score0=6), "Crawford game is a match game"),
        (raw_ids(doubled=1, resigned=1, turn=1), "a double waits"),
        (raw_ids(doubled=1, die1=3, die2=1, turn=1), "a double waits"),
        (raw_ids(state=3), "resignation field is 0"),
        (raw_ids(length=7, score0=7), "has ended the 7-point match"),
    ],
)
def test_ids_of_impossible_states_are_refused(text, reason):
    with pytest.raises(FormatError, match=reason):
        from_gnubg_id(text)


def test_gnubg_ids_of_pending_beavers_raccoons_and_mid_roll_resignations_read_back():
    game = Game(seed=3, rules=Rules(beavers=True))
    game.roll()
    game.play(str(game.legal_plays[0]))
    game.double()
    game.beaver()
    beaver = to_gnubg_id(game)
    assert snapshot(from_gnubg_id(beaver, beavers=True))[:11] == snapshot(game)[:11]
    game.raccoon()
    raccoon = to_gnubg_id(game)
    back = from_gnubg_id(raccoon, beavers=True)
    assert (back.offer, back.cube_value, back.cube_owner) == (game.offer, 4, game.cube_owner)
    assert to_gnubg_id(back) == raccoon
    game.take()
    game.roll()
    game.resign(3, seat=1 - game.turn)
    back = from_gnubg_id(to_gnubg_id(game))
    assert (back.phase, back.rolled, back.offer) == ("cube", game.rolled, game.offer)


@pytest.mark.parametrize(
    "text, reason",
    [
        ("XGID=-b----E-C---eE---c-e----B-:1:1:1:00:6:3:1:7:10", "Crawford game is a match game"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:-1:0:10", "0 to 3 .* not -1"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10", "0 to 3 .* not 4"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:7:10", "1 .Crawford game. or 0 in a match, not 2"),
        ("XGID=-b----E-C---eE---c-e----B-:+0:0:1:00:0:0:0:7:10", "whole numbers"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:1_0:10", "whole numbers"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:" + "9" * 5000 + ":10", "whole numbers"),
        ("XGID=-b----E-C---eE---c-e----B-:3:1:1:00:0:0:0:0:2", "out of range"),  # cube 8 above 4
        ("XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10", "the turn is 1 .* not 2"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "the cube position is 1 .* not 2"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:-7:10", "not negative"),
    ],
)
def test_xgids_of_impossible_states_are_refused(text, reason):
    with pytest.raises(FormatError, match=reason):
        from_xgid(text)


def test_position_ids_with_unused_bits_are_refused():
    key = bytearray(base64.b64decode("4AAAsAAAAAAAAA=="))
    key[9] |= 0x80  # bit 79, after the 56 bits the two sides use (3 + 3 checkers, 50 separators)
    with pytest.raises(PositionIdError, match="unused bits"):
        Position.from_position_id(base64.b64encode(bytes(key)).decode()[:14])
    with pytest.raises(PositionIdError, match="unused bits"):
        Position.from_position_id("4HPwATDgc/ABMB")  # the low bits of the last character


def test_id_readers_refuse_options_that_the_id_gives_or_that_are_not_settings():
    with pytest.raises(FormatError, match="not match_length"):
        from_gnubg_id("4HPwATDgc/ABMA:cAnrAAAAAAAE", match_length=3)  # the ID says 7
    with pytest.raises(FormatError, match="not cube_answers"):
        from_gnubg_id("4HPwATDgc/ABMA:cAnrAAAAAAAE", cube_answers=False)
    with pytest.raises(FormatError, match="not beavers, max_cube"):
        from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", max_cube=2, beavers=True)
    game = from_gnubg_id("4HPwATDgc/ABMA:cAnrAAAAAAAE", max_cube=8, crawford=False, seed=4)
    assert (game.rules.match_length, game.rules.max_cube, game.rules.crawford) == (7, 8, False)


def test_sources_and_paths_of_the_wrong_kind_are_format_errors(tmp_path):
    match = Match(length=3, seed=2)
    closed = (tmp_path / "closed.mat").open("w")
    closed.close()
    latin = tmp_path / "latin.mat"
    latin.write_bytes(to_mat(match).replace("Bottom", "Åsa").encode("cp1252"))
    with latin.open(encoding="utf-8") as wrong_encoding, pytest.raises(FormatError, match="binary mode"):
        from_mat(wrong_encoding)
    assert from_mat(latin).names[0] == "Åsa"  # a Path is read as UTF-8, else Windows-1252
    with pytest.raises(FormatError, match="closed"):
        from_json(closed)
    for path in (5, b"/tmp/x.mat", io.StringIO(), ""):
        with pytest.raises(FormatError, match="path is a file name"):
            to_mat(match, path=path)
    for writer in (to_mat, to_json, to_sgf, to_xgid, to_gnubg_id, to_match_id, match_state):
        with pytest.raises(FormatError, match="not NoneType"):
            writer(None)
    # Issue 33: a NUL byte in the name was Python's plain ValueError; nothing is written.
    for writer in (to_mat, to_json, to_sgf):
        with pytest.raises(FormatError, match="cannot write .*null byte"):
            writer(match, path=str(tmp_path / "a\0b.txt"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["closed.mat", "latin.mat"]


def test_the_old_names_warn_and_refuse_none_as_the_new_ones_do():
    """Issue 33: ``gnubg_id(None)``, ``match_id(None)``... raised AttributeError, and ``xgid`` was
    the submodule of that name, not the first release's function."""
    import bgwidget.formats as formats

    game = Match(seed=1).game
    with pytest.warns(DeprecationWarning, match="to_xgid"):
        assert formats.xgid(game) == to_xgid(game)
    for old in ("export_mat", "import_mat", "xgid", "game_from_xgid", "gnubg_id", "game_from_gnubg_id", "match_id"):
        with pytest.warns(DeprecationWarning), pytest.raises(FormatError):
            getattr(formats, old)(None)


# Issue 33, saves that lose too much: the ID formats have no field for these rules of the stakes
# (FORMATS.md: the Match ID's fields; XGID's ten fields), so each reader takes them as options,
# and a game read with them is the game written, under every rule set.
NO_RULES = {"crawford": False, "cube": False}
ID_RULES = [
    (Rules(cube=False), {"cube": False}, {"cube": False}),
    (Rules(match_length=5, cube=False), {"cube": False}, {"cube": False}),
    (Rules(match_length=5, crawford=False), {"crawford": False}, {"crawford": False}),
    (Rules(match_length=7, crawford=False, cube=False), NO_RULES, NO_RULES),
    (Rules(max_cube=4, beavers=True, jacoby=True), {"max_cube": 4, "beavers": True}, {}),
    (Rules(match_length=3, max_cube=2), {"max_cube": 2}, {}),
]


@pytest.mark.parametrize(("rules", "gnubg_options", "xgid_options"), ID_RULES)
def test_ids_read_back_every_rule_of_the_stakes_given_as_options(rules, gnubg_options, xgid_options):
    for seed in range(6):
        game = Game(seed, rules=rules, score=(2, 1) if rules.match_length > 3 else (0, 0))
        game.roll()
        if seed % 2:
            game.play(str(game.legal_plays[0]))
        state = (game.rules, game.position, game.score, game.rolled)
        back = from_gnubg_id(to_gnubg_id(game), **gnubg_options)
        assert (back.rules, back.position, back.score, back.rolled) == state
        back = from_xgid(to_xgid(game), **xgid_options)
        assert (back.rules, back.position, back.score, back.rolled) == state


def test_without_the_cube_an_ids_jacoby_and_beaver_bits_are_read_as_off():
    # gnubg's money Match ID of the opening, Jacoby on (its 67th bit clear: FORMATS.md).
    game = from_gnubg_id("4HPwATDgc/ABMA:MAEAAAAAAAAA", cube=False)
    assert (game.rules.cube, game.rules.jacoby) == (False, False)
    # cj 3: Jacoby and beavers in money play (FORMATS.md, XGID).
    game = from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10", cube=False)
    assert (game.rules.cube, game.rules.jacoby, game.rules.beavers) == (False, False, False)


def test_an_id_without_the_cube_refuses_a_turned_cube_and_xgid_options_it_does_not_take():
    # 11-point match, player 0 owns a 2-cube... (FORMATS.md): a cube that was turned is not a game without it.
    with pytest.raises(FormatError):
        from_gnubg_id("4HPwATDgc/ABMA:QYkqASAAIAAE", cube=False)
    with pytest.raises(FormatError, match="from_xgid takes"):
        from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", max_cube=4)


@pytest.mark.parametrize("indent", [1.5, "  ", True, -1, 17, 10**30, [], b"x"])
def test_to_json_refuses_an_indent_that_is_not_a_number_of_spaces(indent):
    # Issue 33: a writer's bad argument is its FormatError, never json's TypeError or OverflowError.
    with pytest.raises(FormatError, match="indent"):
        to_json(Match(3, seed=1), indent=indent)


def test_to_json_indents_by_the_spaces_given():
    assert to_json(Game(1), indent=2).startswith('{\n  "format": "bgwidget"')
    assert "\n" not in to_json(Game(1))
