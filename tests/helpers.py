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


def fuzz_scale() -> int:
    """How many times its default examples a fuzz or soak suite runs: 1, or ``BGWIDGET_FUZZ=long``
    (20 times) or ``BGWIDGET_FUZZ=<n>`` (n times) for the opt-in long runs."""
    scale = os.environ.get("BGWIDGET_FUZZ", "1")
    return 20 if scale == "long" else max(1, int(scale)) if scale.isdigit() else 1


def print_counts(pytestconfig, title: str, counts: dict) -> None:
    """Print a suite's counts of inputs tried, shown (not captured) on every run."""
    line = f"{title}: " + ", ".join(f"{name} {count:,}" for name, count in counts.items())
    with pytestconfig.pluginmanager.get_plugin("capturemanager").global_and_fixture_disabled():
        print("\n" + line)


def from_view(widget, content) -> None:
    """``content`` sent to ``widget`` as its view sends a custom message: through the widget's comm,
    as ipywidgets delivers it from the page (outside a kernel, the comm package's DummyComm)."""
    widget.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
