"""Layer 6, the seats of a board: who acts for each side.

A seat is a **person** at this board (the view's intents act for it) or the **computer** (its
:class:`~bgwidget.ai.players.Player` decides, and the session applies the decision). Every rule of
who may act is asked of the seat, so that another kind (a person on another machine, through a
game server) is one more kind here, not a branch in every handler of the session.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, NamedTuple

from bgwidget.ai.players import Player, get_player

__all__ = ["Seat", "seats_of"]


class Seat(NamedTuple):
    """One side of a board: ``kind`` ``"person"`` or ``"computer"``; ``player`` the computer's."""

    kind: Literal["person", "computer"]
    player: Player | None = None

    @property
    def takes_intents(self) -> bool:
        """Whether the intents of this board act for this seat (a person sits at it)."""
        return self.kind == "person"


def seats_of(specs: Sequence[str | Player | None], rng: random.Random) -> tuple[Seat, Seat]:
    """The two seats from the session's ``players``: ``"human"`` or None for a person, a level
    name or a :class:`~bgwidget.ai.players.Player` for the computer (Easy's choices from ``rng``).
    Raises :class:`ValueError` unless there are two, :class:`~bgwidget.ai.LevelError` for an
    unknown level."""
    if not isinstance(specs, (tuple, list)) or len(specs) != 2:
        raise ValueError(f"players are two: one for each seat, not {specs!r}")
    bottom, top = (
        Seat("person") if spec in ("human", None) else Seat("computer", get_player(spec, rng=rng)) for spec in specs
    )
    return bottom, top
