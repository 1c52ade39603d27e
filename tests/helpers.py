"""Helpers the tests and benchmarks share: seeded positions from random legal games, a message from the view."""

import os
import random

from bgwidget import Position


def random_positions(count: int, seed: int) -> list[Position]:
    """``count`` positions reached in seeded random games from the start (game-over ones skipped)."""
    rng = random.Random(seed)
    positions = []
    position = Position.initial()
    while len(positions) < count:
        plays = position.legal_plays(rng.randint(1, 6), rng.randint(1, 6))
        position = rng.choice(plays).result if plays else position.swap()
        if position.outcome():
            position = Position.initial(turn=rng.randint(0, 1))
        else:
            positions.append(position)
    return positions


def game_positions(count: int, seed: int) -> list[Position]:
    """``count`` positions before a roll from seeded games of random legal plays, each game from
    the start with seat 0 on roll (game-over positions excluded)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.initial()
        while position.outcome() is None and len(found) < count:
            found.append(position)
            plays = position.legal_plays(rng.randint(1, 6), rng.randint(1, 6))
            position = rng.choice(plays).result if plays else position.swap()
    return found


def rolls_in_random_games(count: int, rng: random.Random, keep=lambda position, dice: True) -> list:
    """``count`` (position, dice) pairs met in games of random legal plays drawn from ``rng``: after
    each play a roll is drawn and the pair kept if ``keep(position, dice)``; a game over starts a new one."""
    cases = []
    position = Position.initial()
    while len(cases) < count:
        plays = position.legal_plays(rng.randint(1, 6), rng.randint(1, 6))
        position = rng.choice(plays).result if plays else position.swap()
        if position.outcome():
            position = Position.initial()
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if keep(position, dice):
            cases.append((position, dice))
    return cases


def middle_game(count: int, seed: int) -> list:
    """``count`` (position, dice) pairs: middle-game positions of :func:`random_positions` (contact,
    neither side bearing off nor with every checker home), each with a seeded roll of two or more
    legal plays, one position in five kept."""
    rng = random.Random(seed)
    cases = []
    for position in random_positions(count * 20, seed):
        if len(cases) == count:
            break
        if position.is_race() or max(position.off) > 0 or sum(position.player[:6]) == sum(position.player):
            continue
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len(position.legal_plays(*dice)) >= 2 and rng.random() < 0.2:
            cases.append((position, dice))
    return cases


def percentile(values, q: float):
    """The ``q`` quantile (0 to 1) of ``values``: the value at rank ``int(q * n)``, the last at most."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def fuzz_scale(long: int = 20) -> int:
    """How many times its default examples a fuzz or soak suite runs: 1, or ``BGWIDGET_FUZZ=long``
    (``long`` times) or ``BGWIDGET_FUZZ=<n>`` (n times) for the opt-in long runs. A suite whose
    default run tries half the examples of its long run's unit asks for ``long=40``."""
    scale = os.environ.get("BGWIDGET_FUZZ", "1")
    return long if scale == "long" else max(1, int(scale)) if scale.isdigit() else 1


def print_counts(pytestconfig, title: str, counts: dict) -> None:
    """Print a suite's counts of inputs tried, shown (not captured) on every run."""
    line = f"{title}: " + ", ".join(f"{name} {count:,}" for name, count in counts.items())
    with pytestconfig.pluginmanager.get_plugin("capturemanager").global_and_fixture_disabled():
        print("\n" + line)


def from_view(widget, content) -> None:
    """``content`` sent to ``widget`` as its view sends a custom message: through the widget's comm,
    as ipywidgets delivers it from the page (outside a kernel, the comm package's DummyComm)."""
    widget.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
