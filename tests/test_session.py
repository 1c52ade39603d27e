"""Session without anywidget: intents in, game actions out, the computer's turns, publishing.

Hand-checked from the starting position (seat 0 at the bottom moves 24 -> 1); the players below
are written here, so what they choose is known.
"""

import ast
import asyncio
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bgwidget import Game, Match, Position, Rules
from bgwidget.ai.players import LevelError
from bgwidget.formats import from_mat
from bgwidget.game import GameError
from bgwidget.session import Session


class LastPlay:
    """Plays the last legal play; no cube methods, so it never doubles and always takes."""

    name = "last play"

    def __init__(self):
        self.calls = 0

    def choose_play(self, position, dice):
        self.calls += 1
        plays = position.legal_plays(*dice)
        return plays[-1] if plays else None


class Doubler(LastPlay):
    """Doubles whenever it may, and passes every double."""

    name = "doubler"

    def offer_double(self, game):
        return True

    def answer_double(self, game):
        return "pass"


def test_the_session_needs_no_widget_machinery():
    code = "import sys, bgwidget.session; print('anywidget' in sys.modules or 'traitlets' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "False", run.stderr


def test_intents_publish_states_with_new_revisions():
    published = []
    s = Session(players=("human", "human"), seed=7, animation=0, publish=published.append)
    assert [p["revision"] for p in published] == [1] and published[0]["phase"] == "opening"
    s.game.dice.push((3, 1))
    assert s.handle({"type": "roll", "revision": 1}) is None
    assert published[-1]["revision"] == 2 == s.revision and published[-1]["movable"] == [24, 13, 8, 6]
    reason = s.handle({"type": "move", "from": 13, "to": 12})  # seat 1 holds 12
    assert (
        s.refusal.reason == "point-held"
        and "Point 12 is blocked" in reason
        and published[-1]["refused"] == reason
        and published[-1]["moved"] == []
    )
    assert s.revision == 3 and s.handle({"type": "move", "from": 8, "to": 5, "revision": 1}) == (
        "The board changed meanwhile: try again."  # made before the roll
    )
    # Made on 2, before the refusals (3, 4) arrived: they changed nothing, the board is the one it saw.
    assert s.handle({"type": "move", "from": 8, "to": 5, "revision": 2}) is None
    assert published[-1]["moved"] == [[8, 5, False]] and published[-1]["movable"] == [24, 8, 6, 5]
    assert s.handle({"type": "move", "from": 6, "to": 5, "revision": 4}) == "The board changed meanwhile: try again."


def test_players_are_names_or_objects():
    bot = LastPlay()
    s = Session(players=("human", bot), seed=1, animation=0)
    assert s.players == (None, bot) and s.names == ("You", "Computer (last play)")
    assert s.state()["players"] == ["human", "last play"] and s.state()["human"] == [True, False]
    easy = Session(players=(None, "easy"), seed=1).players[1]
    assert easy.name == "easy"
    with pytest.raises(LevelError):
        Session(players=("human", "grandmaster"))
    with pytest.raises(LevelError):
        Session(players=("human", object()))
    for not_two in (("human",), None, "human", ("human", "easy", "easy")):  # issue 33: None was a plain ValueError
        with pytest.raises(LevelError, match="players are two"):
            Session(players=not_two)


def test_a_custom_player_against_a_person():
    bot = LastPlay()
    s = Session(players=("human", bot), seed=3, animation=0)
    s.game.dice.push((1, 6))  # the top seat, the computer, wins the opening with 6-1 and plays at once
    s.handle({"type": "roll"})
    expected = Position.initial(turn=1).legal_plays(6, 1)[-1]
    assert bot.calls == 1 and s.last_play[0] == 1 and s.last_play[2] == expected
    assert (s.game.phase, s.game.turn) == ("roll", 0)
    # The person doubles; the player has no answer_double, so it takes (the default).
    assert s.handle({"type": "double"}) is None
    assert (s.game.cube_value, s.game.cube_owner) == (2, 1)


def test_a_players_cube_methods_are_asked():
    # The computer on roll doubles before rolling; the person passes.
    s = Session(players=(Doubler(), "human"), seed=3, animation=0, position=Position.initial())
    assert s.game.phase == "cube" and s.state()["cube"]["offered_value"] == 2 and s.state()["can"]["pass"]
    s.handle({"type": "pass"})
    assert s.game.result.winner == 0 and s.game.result.points == 1
    # The person doubles; the computer passes.
    s = Session(players=("human", Doubler()), seed=3, animation=0, position=Position.initial())
    s.handle({"type": "double"})
    assert (s.game.result.winner, s.game.result.how) == (0, "pass")


def test_the_computer_beavers_a_double_from_far_behind_and_the_person_answers():
    # The person on roll, 137 pips with two checkers back, against 30 pips and 5 borne off: the
    # other side wins about 94% (gnubg-nn), so with beavers the Expert beavers the double.
    ahead = Position.from_points({6: 2, 5: 2, 4: 2}, {24: 2, 13: 5, 8: 3})
    behind = Position(ahead.opponent, ahead.player, turn=0)
    beavers = Match.with_rules(Rules(beavers=True), seed=3)
    s = Session(players=("human", "expert"), match=beavers, position=behind, animation=0)
    assert s.handle({"type": "double"}) is None
    assert s.game.offer.kind == "beaver" and (s.game.cube_value, s.game.cube_owner) == (2, 1)
    assert s.message == "Top beavers" and s.state()["can"]["take"] and s.state()["can"]["pass"]
    assert s.handle({"type": "take"}) is None
    assert (s.game.phase, s.game.turn, s.game.cube_value, s.game.cube_owner) == ("roll", 0, 4, 1)
    # Or the person raccoons the beaver: the computer takes, and the cube stays on its side at 8.
    beavers = Match.with_rules(Rules(beavers=True), seed=3)
    s = Session(players=("human", "expert"), match=beavers, position=behind, animation=0)
    s.handle({"type": "double"})
    assert s.state()["can"]["raccoon"] and not s.state()["can"]["beaver"]
    assert s.handle({"type": "raccoon"}) is None
    assert (s.game.phase, s.game.turn, s.game.cube_value, s.game.cube_owner) == ("roll", 0, 8, 1)


@pytest.mark.parametrize("max_cube", [64, 2])
def test_a_person_beavers_the_computers_double_where_beavers_are_played(max_cube):
    # Doubler doubles at once; the person may beaver only with beavers on and the cube's limit
    # above twice the double (Game.beaver). A refused beaver changes nothing.
    rules = Rules(beavers=True, max_cube=max_cube)
    for match, allowed in ((Match(seed=3), False), (Match.with_rules(rules, seed=3), max_cube >= 8)):
        s = Session(players=(Doubler(), "human"), match=match, animation=0, position=Position.initial())
        assert s.game.offer.kind == "double" and s.state()["can"]["take"]
        assert s.state()["can"]["beaver"] is allowed and not s.state()["can"]["raccoon"]
        revision = s.revision
        refused = s.handle({"type": "beaver"})
        if not allowed:
            assert refused and s.game.offer.kind == "double" and s.game.cube_value == 1 and s.revision == revision + 1
            continue
        # The computer takes the beaver: cube 4, kept by the person who beavered; it rolls and plays on.
        assert refused is None
        assert [entry["type"] for entry in s.game.record[:3]] == ["double", "beaver", "take"]
        assert (s.game.phase, s.game.turn, s.game.cube_value, s.game.cube_owner) == ("roll", 1, 4, 1)


def test_a_player_that_breaks_the_rules_is_replaced_by_the_first_legal_play():
    class Cheat(LastPlay):
        def choose_play(self, position, dice):
            return Position.initial().legal_plays(6, 6)[0]  # not a play of this roll

    s = Session(players=("human", Cheat()), seed=3, animation=0)
    s.game.dice.push((1, 6))  # the computer (top) wins the opening with 6-1
    assert s.handle({"type": "roll"}) is None
    first = Position.initial(turn=1).legal_plays(6, 1)[0]
    assert s.last_play[0] == 1 and s.last_play[2] == first
    assert (s.game.phase, s.game.turn) == ("roll", 0) and s.state()["can"]["roll"]
    assert "not a legal play of 6-1" in s.message and f"played {first} instead" in s.message
    # The news stays while the person decides, and goes at the next roll.
    assert s.handle({"type": "double", "revision": 0}) is not None and "not a legal play" in s.message
    s.handle({"type": "roll"})
    assert s.message == ""


@pytest.mark.parametrize("failure", ["raises", "answers nonsense"])
def test_a_player_that_fails_is_reported_and_the_game_goes_on(failure):
    class Broken(LastPlay):
        def choose_play(self, position, dice):
            raise RuntimeError("boom")

        def answer_double(self, game):
            return "maybe"

    published = []
    s = Session(players=("human", Broken()), seed=4, animation=0, publish=published.append)
    if failure == "raises":
        s.game.dice.push((3, 1), (6, 5))  # the person wins the opening, then the computer rolls 6-5
        s.handle({"type": "roll"})
        assert s.handle({"type": "move", "from": 8, "to": 5}) is None
        assert s.handle({"type": "move", "from": 6, "to": 5}) is None
        first = s.last_play[1].legal_plays(6, 5)[0]
        assert s.last_play[0] == 1 and s.last_play[2] == first and s.game.last_roll == (6, 5)
        assert (s.game.phase, s.game.turn) == ("roll", 0)
        assert "RuntimeError: boom" in s.message and f"played {first}" in s.message
    else:
        s.set_position(Position.initial(turn=0))
        assert s.handle({"type": "double"}) is None
        assert (s.game.phase, s.game.turn, s.game.cube_value, s.game.cube_owner) == ("roll", 0, 2, 1)
        assert "'maybe'" in s.message and "took instead" in s.message
    last = published[-1]
    assert (last["phase"], last["turn"], last["revision"]) == (s.game.phase, s.game.turn, s.revision)
    assert last["message"] == s.message and last["can"]["roll"]


class Raises:
    """A player all of whose methods raise."""

    name = "raises"

    def choose_play(self, position, dice):
        raise RuntimeError("choose_play failed")

    def offer_double(self, game):
        raise ZeroDivisionError("offer_double failed")

    def answer_double(self, game):
        raise KeyError("answer_double")


class Garbage:
    """A player that answers nonsense: text for a play, a truth value that cannot be read, a number."""

    name = "garbage"

    class Unreadable:
        def __bool__(self):
            raise TypeError("no truth value here")

    def choose_play(self, position, dice):
        return "13/8 13/11"

    def offer_double(self, game):
        return self.Unreadable()

    def answer_double(self, game):
        return 42


def random_person(session, rng):
    """One intent of a person who rolls, doubles and redoubles at random, and plays at random."""
    state = session.state()
    can = state["can"]
    if can["take"]:
        return {"type": rng.choice(["take", "take", "pass"])}
    if can["double"] and rng.random() < 0.3:
        return {"type": "double"}
    if can["roll"]:
        return {"type": "roll"}
    if can["move"]:
        return {"type": "play", "notation": rng.choice(state["plays"])}
    return None


@pytest.mark.parametrize("bot", [Raises, Garbage])
@pytest.mark.parametrize("background", [False, True])
def test_a_failing_player_never_stops_a_game(bot, background):
    import random

    async def main():
        finished = 0
        for seed in range(3):
            s = Session(players=("human", bot()), seed=seed, animation=0, background=background)
            rng = random.Random(seed)
            for _ in range(2000):
                if s.game.result is not None:
                    break
                if s.thinking:
                    await asyncio.sleep(0.001)
                    continue
                intent = random_person(s, rng)
                assert intent is not None, s.state()
                assert s.handle(intent) is None, (intent, s.refused)
            assert s.game.result is not None and not s.thinking
            finished += 1
        return finished

    assert asyncio.run(main()) == 3


def test_the_computer_taking_a_beaver_is_said_past_its_roll():
    class Doubler(LastPlay):
        def offer_double(self, game):
            return game.cube_value == 1

    match = Match.with_rules(Rules(beavers=True), seed=2)
    s = Session(players=("human", Doubler()), match=match, position=Position.initial(turn=1), animation=0)
    assert s.game.offer.kind == "double" and s.state()["can"]["beaver"]
    assert s.handle({"type": "beaver"}) is None
    # It took the beaver (cube 4, the person's), then rolled and played: the person reads both.
    assert (s.game.cube_value, s.game.cube_owner, s.game.turn, s.game.phase) == (4, 0, 0, "roll")
    assert s.last_play[0] == 1 and "takes" in s.message


def test_a_held_board_is_seen_from_the_seat_it_is_held_for():
    s = Session(players=("human", "human"), seed=1, animation=0, position=Position.initial(turn=1))
    for seat in (2, True, 1.0, "0"):
        with pytest.raises(ValueError, match="a seat is 0 or 1"):
            s.hold(seat)
        assert not s.held
    assert s.state()["point_labels"][0] == 24  # seat 1 on roll, no play held: its numbering
    s.hold(0)
    assert s.held and s.state()["point_labels"][0] == 1 and s.handle({"type": "roll"}) is not None
    s.set_position(Position.initial(turn=1))
    assert not s.held and s.held_seat is None and s.state()["point_labels"][0] == 24


def test_a_beaver_past_the_cube_limit_is_taken_instead():
    # A player of one's own that beavers where the game forbids it does not freeze the game.
    class AlwaysBeaver(LastPlay):
        def answer_double(self, game):
            return "beaver"

    match = Match.with_rules(Rules(beavers=True, max_cube=2), seed=1)
    s = Session(players=("human", AlwaysBeaver()), match=match, position=Position.initial(), animation=0)
    assert s.handle({"type": "double"}) is None
    assert (s.game.cube_value, s.game.cube_owner) == (2, 1) and "took instead" in s.message
    assert s.game.phase in ("roll", "move") and s.state()["can"]["roll"] == (s.game.phase == "roll")


def test_the_computer_falls_back_on_every_decision():
    # Its cube methods fail too: it never doubles and takes every double.
    s = Session(players=("human", Raises()), seed=1, animation=0, position=Position.initial(turn=1))
    assert (s.game.phase, s.game.turn) == ("roll", 0) and s.game.cube_value == 1  # it did not double
    assert "offer_double failed" in s.message and "no double instead" in s.message
    assert s.last_play is not None and s.last_play[0] == 1  # and then played its first legal play
    assert s.handle({"type": "double"}) is None
    assert (s.game.cube_value, s.game.cube_owner) == (2, 1) and "took instead" in s.message
    # A resignation offered to it is accepted, whatever its methods do.
    assert s.handle({"type": "resign", "points": 1}) is None
    assert (s.game.result.winner, s.game.result.points) == (1, 2)


def test_two_custom_players_play_a_whole_game_in_the_foreground():
    bots = LastPlay(), LastPlay()
    s = Session(players=bots, seed=5, animation=0)
    assert s.game.phase == "game-over" and bots[0].calls > 5 and bots[1].calls > 5
    replay = Game(seed=0)
    for action in s.game.record:
        replay.apply(action)
    assert replay.result == s.game.result and replay.position == s.game.position


def test_the_background_runs_one_computation_at_a_time():
    class Slow(LastPlay):
        def __init__(self, lock):
            super().__init__()
            self.lock, self.running, self.most = lock, 0, 0

        def choose_play(self, position, dice):
            with self.lock:
                self.running += 1
                self.most = max(self.most, self.running)
            time.sleep(0.002)
            with self.lock:
                self.running -= 1
            return super().choose_play(position, dice)

    lock = threading.Lock()
    bot = Slow(lock)

    async def main():
        s = Session(players=(bot, bot), seed=5, animation=0, background=True)
        assert s.thinking and s.state()["can"]["edit"] is False
        assert "computer is playing" in s.handle({"type": "edit"})
        for _ in range(2000):
            if s.game.phase == "game-over":
                break
            await asyncio.sleep(0.005)
        return s

    s = asyncio.run(main())
    assert s.game.phase == "game-over" and not s.thinking and bot.most == 1 and bot.calls > 10


def test_set_up_a_position_in_board_numbering():
    s = Session(players=("human", "human"), seed=2, animation=0)
    s.handle({"type": "edit"})
    # The top seat's checker on board point 1 (its own 24) goes to its own 18, board point 7.
    assert s.handle({"type": "edit-move", "seat": 1, "from": 1, "to": 7}) is None
    assert s.edit.position.seat_points(1)[23] == 1 and s.edit.position.seat_points(1)[17] == 1
    assert "no checker on 2" in s.handle({"type": "edit-move", "seat": 1, "from": 2, "to": 7})
    assert "a seat is 0 or 1" in s.handle({"type": "edit-move", "seat": 1.0, "from": 1, "to": 7})
    assert "side on roll is 0 or 1" in s.handle({"type": "edit-turn", "turn": 1.0})
    s.handle({"type": "edit-done"})
    assert s.edit is None and s.game.phase == "roll" and s.game.position.seat_points(1)[17] == 1


def test_the_news_of_a_dance_lasts_until_the_next_roll():
    # The bottom seat has a checker on the bar and the top seat holds its whole home board.
    closed = Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    s = Session(players=("human", "human"), seed=1, animation=0, position=closed)
    s.game.dice.push((6, 5), (3, 1))
    assert s.handle({"type": "roll"}) is None
    assert s.message == "Bottom cannot move with 6-5" and (s.game.phase, s.game.turn) == ("roll", 1)
    assert s.handle({"type": "take"}) is not None and s.message == "Bottom cannot move with 6-5"
    assert s.state()["message"] == s.message
    assert s.handle({"type": "roll"}) is None  # the top seat's turn begins: the news is old
    assert s.message == "" and s.state()["message"] == ""


def test_the_background_without_a_running_loop_plays_at_once():
    s = Session(players=(LastPlay(), LastPlay()), seed=5, animation=0, background=True)
    assert s.game.phase == "game-over" and not s.thinking


def test_a_bug_in_the_computers_turn_is_published_then_raised():
    published = []
    s = Session(players=("human", LastPlay()), seed=3, animation=0, publish=published.append)
    s.game.dice.push((3, 1))
    s.handle({"type": "roll"})

    def broken(*args, **kw):
        raise RuntimeError("a bug in the rules")

    s.game.roll = broken  # the computer's roll, after the person's play
    with pytest.raises(RuntimeError):
        s.handle({"type": "play", "notation": "8/5 6/5"})
    assert "a bug in the rules" in published[-1]["message"] and not published[-1]["thinking"]
    assert published[-1]["revision"] == s.revision


def test_a_seeded_board_replays_its_next_matches_too():
    def second_match_rolls(seed):
        s = Session(players=("human", "human"), match_length=1, seed=seed, animation=0)
        s.handle({"type": "roll"})
        s.handle({"type": "resign"})  # the 1-point match is over
        s.handle({"type": "new-game"})  # a new match
        s.handle({"type": "roll"})
        return s.match.seed, s.game.record[0]["dice"]

    first = second_match_rolls(11)
    assert first == second_match_rolls(11) and first[0] == "11/match 2"
    assert second_match_rolls(12)[0] == "12/match 2"


# ---------------------------------------------------------------------- a game of a loaded match


def gnubg_match():
    """A 7-point match GNU Backgammon played against itself and exported (``tests/data/sgf/``):
    six games at 0-0, 2-0, 6-0 (the Crawford game), 6-1, 6-3 and 6-4 (seat 0, seat 1); "root"
    sits in seat 0."""
    return from_mat(Path(__file__).parent / "data" / "sgf" / "gnubg-7pt.mat")


def test_from_match_starts_at_that_games_opening_with_its_score_rules_and_names():
    match = gnubg_match()
    records = [list(game.record) for game in match.games]
    session = Session.from_match(match, 3, seed=3)
    assert session.game.phase == "opening" and session.game.record == []
    assert session.game.score == (6, 0) and session.game.crawford  # seat 0 is 1-away
    assert session.names == ("root", "gnubg") and session.match.length == 7
    assert session.players == (None, None)  # two people by default
    assert [g.record for g in session.match.games[:2]] == records[:2]  # the games before, as played
    state = session.state()
    assert (state["score"], state["crawford"], state["names"]) == ([6, 0], True, ["root", "gnubg"])
    assert [list(g.record) for g in match.games] == records and len(match.games) == 6  # unchanged


def test_from_match_after_some_actions_shows_that_position():
    session = Session.from_match(gnubg_match(), 2, actions=2)
    # Game 2 opens with 1 for seat 0 and 6 for seat 1, which plays 13/7 8/7.
    expected = next(p for p in Position.initial(turn=1).legal_plays(6, 1) if str(p) == "13/7 8/7").result
    assert session.game.position == expected
    assert session.game.phase == "roll" and session.game.turn == 0 and session.game.score == (2, 0)


def test_from_match_plays_on_to_the_end_of_the_match_under_its_rules():
    session = Session.from_match(gnubg_match(), 3, players=("easy", "easy"), seed=8, replay=False)
    assert not any(entry["type"] == "double" for entry in session.match.games[2].record)  # Crawford
    while not session.match.is_over:
        session.new_game()
    assert max(session.match.score) >= 7 and session.match.games[2].score == (6, 0)
    assert all(not game.crawford for game in session.match.games[3:])  # post-Crawford


def test_from_match_at_a_finished_game_goes_on_with_the_next():
    match = gnubg_match()
    session = Session.from_match(match, 2, actions=len(match.games[1].record))
    assert session.game.phase == "game-over" and session.match.score == (6, 0)
    assert session.handle({"type": "new-game"}) and session.replaying  # refused: a replay is shown
    session.handle({"type": "replay-play"})
    session.handle({"type": "new-game"})
    assert session.game.score == match.games[2].score and session.game.crawford


@pytest.mark.parametrize(
    "game, actions, seed",
    [(0, 0, None), (7, 0, None), (True, 0, None), ("2", 0, None), (2, -1, None), (2, 10_000, None), (2, 0, [1])],
)
def test_from_match_refuses_a_game_or_actions_the_match_does_not_have(game, actions, seed):
    match = gnubg_match()
    with pytest.raises(GameError):
        Session.from_match(match, game, actions=actions, seed=seed)
    with pytest.raises(GameError):
        Session.from_match("not a match")
    assert len(match.games) == 6


def test_a_given_match_keeps_its_own_settings():
    match = gnubg_match()
    with pytest.raises(ValueError):
        Session(match=match, match_length=5)
    with pytest.raises(ValueError):
        Session(match="7-point match")


def test_each_docstring_follows_its_own_name():
    """A name's docstring is the string right after it: two strings in a row mean one of them
    (TOOL_INTENTS', tools') was put between another name and its own (CANCELS', teaching's)."""
    import bgwidget

    stacked = []
    for path in sorted(Path(bgwidget.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            body = getattr(node, "body", None)
            if isinstance(body, list):
                for first, second in zip(body, body[1:]):
                    if all(isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) for s in (first, second)):
                        stacked.append(f"{path.name}:{second.lineno}")
    assert stacked == []


def test_a_bug_in_the_computers_turn_in_the_background_drops_the_refusal_that_it_was_playing(monkeypatch):
    from bgwidget import computer

    gate = threading.Event()

    def broken(game, player):
        gate.wait(30)
        raise RuntimeError("a bug in the rules")

    monkeypatch.setattr(computer, "decide", broken)

    async def main():
        s = Session(players=("human", LastPlay()), seed=3, animation=0, background=True)
        s.game.dice.push((3, 1))
        s.handle({"type": "roll"})
        assert s.handle({"type": "play", "notation": "8/5 6/5"}) is None and s.thinking
        assert s.handle({"type": "roll"}) == "The computer is playing: wait for its turn to end."
        gate.set()
        for _ in range(2000):
            if not s.thinking:
                break
            await asyncio.sleep(0.005)
        return s

    s = asyncio.run(main())
    status = s.state()["status"]
    assert not s.thinking and "a bug in the rules" in status and "computer is playing" not in status
