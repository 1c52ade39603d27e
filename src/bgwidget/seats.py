"""Layer 6, the seats of a board: who acts for each side.

A seat is a **person** at this board (the view's intents act for it), the **computer** (its
:class:`~bgwidget.ai.players.Player` decides, and the session applies the decision) or **remote**:
a player elsewhere, whose actions arrive as a game server's events (:mod:`bgwidget.online_play`).
Every rule of who may act is asked of the seat, not of a branch in every handler of the session.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

from bgwidget.ai.players import Player, get_player
from bgwidget.errors import LevelError
from bgwidget.labels import has_label, label
from bgwidget.match import Match
from bgwidget.rules import Rules

__all__ = ["Seat", "board_match", "default_names", "seats_of"]


class Seat(NamedTuple):
    """One side of a board: ``kind`` ``"person"``, ``"computer"`` or ``"remote"``; ``player`` the computer's."""

    kind: Literal["person", "computer", "remote"]
    player: Player | None = None

    @property
    def takes_intents(self) -> bool:
        """Whether the intents of this board act for this seat (a person sits at it)."""
        return self.kind == "person"


def seats_of(specs: Sequence[str | Player | None], rng: random.Random) -> tuple[Seat, Seat]:
    """The two seats from the session's ``players``: ``"human"`` or None for a person, a level
    name or a :class:`~bgwidget.ai.players.Player` for the computer (Easy's choices from ``rng``).
    Raises :class:`~bgwidget.ai.LevelError` (a ``ValueError``) for an unknown level, and for
    ``specs`` that are not two of them (None, a lone level name), as for any other player that is
    not one."""
    if not isinstance(specs, (tuple, list)) or len(specs) != 2:
        raise LevelError(f"players are two: one for each seat, not {specs!r}")
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


def board_match(
    match: Match | None,
    names: Any,
    seats: Sequence[Seat],
    language: str,
    *,
    match_length: int,
    seed: Any,
    confirm: bool,
    cube: bool,
) -> tuple[Match, bool]:
    """The match a board plays, and whether its names were given (else the board's defaults,
    :func:`default_names` in ``language``, which follow its language): ``match`` itself, renamed
    ``names`` if given, or a new match of these rules (``match_length`` 0: money play) named
    ``names``. Raises :class:`ValueError` for names that are not two, or a given ``match`` with
    rules or a seed of its own."""
    if names is not None and (isinstance(names, str) or len(names) != 2):
        raise ValueError(f"names are two strings, not {names!r}")
    if match is not None:
        if not isinstance(match, Match):
            raise ValueError(f"match must be a Match, not {type(match).__name__}")
        if match_length or seed is not None or confirm or not cube:
            raise ValueError("a given match keeps its own rules and seed: no match_length, seed, confirm or cube")
        names = match.names if names is None else names
    defaults = default_names(seats, language)

    def named(name: object, default: str) -> str:  # a blank name (a match file's empty one) is the seat's default
        return str(name) if str(name).strip() else default

    shown = defaults if names is None else (named(names[0], defaults[0]), named(names[1], defaults[1]))
    if match is None:
        rules = Rules(match_length=match_length, auto_confirm=not confirm, cube=cube)
        return Match.with_rules(rules, seed, names=shown), names is not None
    match.set_names(shown)
    return match, names is not None
