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
from bgwidget.labels import has_label, label

__all__ = ["Seat", "default_names", "seats_of"]


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


def default_names(seats: Sequence[Seat], language: str) -> tuple[str, str]:
    """The names a board gives its seats in ``language`` when none are given: "Bottom" and "Top"
    for two people, else "You" and "Computer (<level>)" (a level's name from the catalogue,
    another player's as it is)."""
    words = {key: label(language, key) for key in ("nameYou", "nameComputer", "nameBottom", "nameTop")}
    if all(seat.kind == "person" for seat in seats):
        return words["nameBottom"], words["nameTop"]

    def name(seat: Seat) -> str:
        if seat.player is None:
            return words["nameYou"]
        key = f"level.{seat.player.name}"
        return f"{words['nameComputer']} ({label(language, key) if has_label(key) else seat.player.name})"

    return name(seats[0]), name(seats[1])
