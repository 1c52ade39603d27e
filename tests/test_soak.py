"""Soak (issue 11): whole games on the widget, a person against the Expert, to game over.

The person is random but seeded: it takes most doubles and passes some, doubles and redoubles
whenever the cube allows with a fixed chance, and picks a random legal play. Every intent goes
through the widget's message handler, as the browser's would. Half of the games let the computer
think in the background (a worker thread of a running asyncio loop, as in a kernel), half in the
foreground. Every game must reach game over with every intent accepted, and the Expert must never
have needed its fallback (the message would say it failed): the games that once froze at the end
(chances a hair above 1 refused by the cube decision) are exactly these.

The default run is 25 games with the full Expert (about half a minute here); ``BGWIDGET_FUZZ=long``
plays 40 times as many (``BGWIDGET_FUZZ=<n>``: n times). The counts are written at the end.
"""

import asyncio
import random

import pytest

from bgwidget.widget import BoardWidget
from helpers import from_view, fuzz_scale, print_counts

SCALE = fuzz_scale(long=40)
GAMES = 25 * SCALE
COUNTS = {"games finished": 0, "intents": 0, "doubles offered by the person": 0, "computer's doubles": 0}


@pytest.fixture(scope="module", autouse=True)
def report_counts(pytestconfig):
    yield
    print_counts(pytestconfig, "soak counts", COUNTS)


def person(state: dict, rng: random.Random) -> dict:
    """The random person's next intent in ``state`` (the person's turn)."""
    can = state["can"]
    if can["take"]:
        return {"type": rng.choice(["take", "take", "take", "pass"]), "revision": state["revision"]}
    if can["double"] and rng.random() < 0.3:
        COUNTS["doubles offered by the person"] += 1
        return {"type": "double", "revision": state["revision"]}
    if can["roll"]:
        return {"type": "roll", "revision": state["revision"]}
    if can["move"]:
        return {"type": "play", "notation": rng.choice(state["plays"]), "revision": state["revision"]}
    raise AssertionError(f"the person can do nothing: {state}")


async def play_game(seed: int, background: bool) -> BoardWidget:
    w = BoardWidget(players=("human", "expert"), seed=seed, animation=0, background=background)
    rng = random.Random(f"soak {seed}")
    for _ in range(1000):
        if w.state["thinking"]:
            await asyncio.sleep(0.002)
            continue
        assert "failed" not in w.state["message"], w.state["message"]
        if w.game.result is not None:
            return w
        if w.state["cube"]["offered"] and w.state["turn"] == 0:
            COUNTS["computer's doubles"] += 1
        from_view(w, person(w.state, rng))
        COUNTS["intents"] += 1
        assert w.state["refused"] == "", w.state["refused"]
    raise AssertionError(f"game {seed} did not end: {w.state}")


@pytest.mark.parametrize("block", range(5))
def test_games_against_the_expert_reach_game_over(block):
    async def main():
        games = range(block * GAMES // 5, (block + 1) * GAMES // 5)
        return [await play_game(seed, background=seed % 2 == 1) for seed in games]

    for w in asyncio.run(main()):
        assert w.phase == "game-over" and w.state["result"] is not None and not w.state["thinking"]
        assert w.state["result"]["points"] >= w.game.cube_value
        COUNTS["games finished"] += 1
