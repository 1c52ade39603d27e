"""Session without anywidget: intents in, game actions out, the computer's turns, publishing.

Hand-checked from the starting position (seat 0 at the bottom moves 24 -> 1); the players below
are written here, so what they choose is known.
"""

import asyncio
import subprocess
import sys
import threading
import time

import pytest

from bgwidget import Game, Position
from bgwidget.ai.players import LevelError
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
    assert "not legal" in reason and published[-1]["refused"] == reason and published[-1]["moved"] == []
    assert s.handle({"type": "move", "from": 8, "to": 5, "revision": 2}) is not None  # stale: now at 3
    assert s.handle({"type": "move", "from": 8, "to": 5, "revision": s.revision}) is None
    assert published[-1]["moved"] == [[8, 5, False]] and published[-1]["movable"] == [24, 8, 6, 5]


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
    with pytest.raises(ValueError):
        Session(players=("human",))


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


def test_a_player_that_breaks_the_rules_leaves_its_seat_waiting():
    class Cheat(LastPlay):
        def choose_play(self, position, dice):
            return Position.initial().legal_plays(6, 6)[0]  # not a play of this roll

    s = Session(players=("human", Cheat()), seed=3, animation=0)
    s.game.dice.push((1, 6))
    assert s.handle({"type": "roll"}) is None
    assert s.message.startswith("computer:") and s.game.phase == "move" and s.game.turn == 1
    assert s.state()["can"]["move"] is False


@pytest.mark.parametrize("failure", ["raises", "answers nonsense"])
def test_a_player_that_fails_is_reported_and_the_state_is_published(failure):
    class Broken(LastPlay):
        def choose_play(self, position, dice):
            raise RuntimeError("boom")

        def answer_double(self, game):
            return "maybe"

    published = []
    s = Session(players=("human", Broken()), seed=4, animation=0, publish=published.append)
    if failure == "raises":
        s.game.dice.push((3, 1), (6, 5))  # the person wins the opening, then the computer rolls
        s.handle({"type": "roll"})
        assert s.handle({"type": "move", "from": 8, "to": 5}) is None
        assert s.handle({"type": "move", "from": 6, "to": 5}) is None
        assert s.game.phase == "move" and s.game.turn == 1 and "boom" in s.message
    else:
        s.set_position(Position.initial(turn=0))
        assert s.handle({"type": "double"}) is None
        assert s.game.phase == "cube" and "maybe" in s.message
    last = published[-1]
    assert (last["phase"], last["turn"], last["revision"]) == (s.game.phase, s.game.turn, s.revision)
    assert s.handle({"type": "hint"}) is not None  # refused (the computer's seat), and no exception


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
