"""Helpers the tests and benchmarks share: seeded positions from random legal games."""

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
