"""The record of one reviewed decision (:class:`Decision`) and GNU Backgammon's marks for errors and luck.

Shared by the review's data (:mod:`bgwidget.ai.review`) and its work (:mod:`bgwidget.ai.reviewer`),
which both import it, so that neither imports the other; it computes without numpy.

Units: errors and luck are **EMG**, normalised equity in a match (GNU Backgammon's ``mwc2eq``:
winning a single game at the current cube +1, losing one -1), cubeful equity in points per game
for a cube of 1 in money play; MWC is a match winning chance, 0..1.

Marks are GNU Backgammon's default thresholds on the error, as GNU Backgammon 1.07 prints them
(``show analysis``, "Analysis thresholds"): doubtful from 0.03, bad from 0.06, very bad from
0.12 (older releases and manuals said 0.04, 0.08, 0.16). Luck marks follow its luck thresholds
(the same listing): a roll worth 0.6 or more above the average is a joker ("very lucky"), 0.6
or more below an anti-joker ("very unlucky").
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from bgwidget.ai.cube import REASONS, CubeDecision
from bgwidget.ai.errors import require_numpy
from bgwidget.checks import is_int
from bgwidget.errors import ReviewError
from bgwidget.position import Position

if TYPE_CHECKING:  # numpy's modules: a saved review's candidates import them when loaded
    from bgwidget.ai.analysis import Analysis
    from bgwidget.ai.search import Candidate

__all__ = ["LUCK_JOKER", "MARKS", "Decision", "mark"]

MARKS = (("very bad", 0.12), ("bad", 0.06), ("doubtful", 0.03))
"""GNU Backgammon 1.07's default error thresholds (EMG), worst first: an error at or above one gets its mark."""

LUCK_JOKER = 0.6
"""GNU Backgammon's "very lucky" threshold (EMG): luck at or above it is a joker, at or below
minus it an anti-joker."""


def mark(error: float) -> str:
    """GNU Backgammon's mark for an ``error`` (EMG >= 0): ``""``, ``"doubtful"``, ``"bad"``, ``"very bad"``."""
    for name, threshold in MARKS:
        if error >= threshold - 1e-12:  # a threshold met to rounding is met
            return name
    return ""


@dataclass(frozen=True)
class Decision:
    """One decision of the review, for the seat that made it.

    ``game``: 0-based index in ``match.games``; ``move``: the turn's number in the game as a
    ``.mat`` file numbers its lines (from 1); ``seat``: 0 or 1, who decides; ``kind``: ``"play"``,
    ``"double"`` (the roller's cube decision before rolling, doubled or not) or ``"take"`` (the
    answer to a double). ``position``: where the decision is made, from the decider's side, except
    ``"take"``: the doubler on roll, as GNU Backgammon shows cube decisions. ``dice``: the roll of
    a play, else None. ``made`` / ``best``: a play's notation (``""``: no move), or ``"double"``,
    ``"no double"``, ``"take"``, ``"pass"``, ``"beaver"``. ``candidates``: the plays ranked best
    first, the play made included (None for cube decisions). ``cube``: the cube decision of the
    doubler (None for plays). ``error``: EMG given up (>= 0, see the module); ``mark``: see
    :func:`mark`. ``forced``: one legal play or none. ``luck``: the roll's luck for the roller
    (EMG; None for cube decisions), ``luck_mark``: ``""``, ``"joker"`` or ``"anti-joker"``.
    ``mwc``: the decider's match winning chance before deciding, assuming the best decision
    (None in money play). ``trivial``: a double/no-double decision made right whose two actions
    are a blunder (0.12 EMG) or more apart, left out of the rating as eXtreme Gammon leaves trivial cube
    decisions out. ``actions``: how many entries of its game's :attr:`~bgwidget.game.Game.record`
    had been played when the decision was made (the moment :func:`~bgwidget.match.match_at_game`'s
    ``actions`` rebuilds; a position met twice in a game is two moments); None in a review saved
    before it was kept.
    """

    game: int
    move: int
    seat: int
    kind: str
    position: Position
    dice: tuple[int, int] | None
    made: str
    best: str
    error: float
    mark: str = ""
    forced: bool = False
    luck: float | None = None
    luck_mark: str = ""
    mwc: float | None = None
    candidates: Analysis | None = None
    cube: CubeDecision | None = None
    trivial: bool = False
    actions: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the position as its Position ID and seat on roll, candidates as notation and numbers."""
        data = {name: getattr(self, name) for name in _PLAIN}
        data["position"] = {"id": self.position.position_id(), "turn": self.position.turn}
        data["dice"] = list(self.dice) if self.dice else None
        data["candidates"] = None if self.candidates is None else [_candidate_dict(c) for c in self.candidates]
        data["cube"] = None if self.cube is None else asdict(self.cube)
        data["actions"] = self.actions
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        """The decision :meth:`to_dict` gave, every field checked as :meth:`to_dict` writes it (its
        type and range; dice and candidates for a play only, a cube decision's cube).

        Raises :class:`~bgwidget.errors.ReviewError` for anything else, naming the field.
        """
        if not isinstance(data, dict):
            raise ReviewError(f"a saved decision is a dict, not {type(data).__name__}")
        missing = sorted({*_PLAIN, "position", "dice", "candidates", "cube"} - set(data))
        if missing:
            raise ReviewError(f"a saved decision has no {', '.join(missing)}")
        for name, (check, what) in _PLAIN.items():
            if not check(data[name]):
                raise ReviewError(f"a saved decision's {name} is {what}, not {data[name]!r}")
        try:
            position = Position.from_position_id(data["position"]["id"], turn=data["position"]["turn"])
        except (KeyError, TypeError, ValueError) as error:
            raise ReviewError(f"a saved decision's position is its Position ID and turn: {error!r}") from None
        dice = _dice(data["dice"], data["kind"])
        candidates = None
        if data["candidates"] is not None:
            if dice is None or not isinstance(data["candidates"], list):
                raise ReviewError("a saved decision's candidates are a list, and only a play's")
            require_numpy("a saved review's candidates")
            from bgwidget.ai.analysis import Analysis

            candidates = Analysis(_candidate(position, dice, c) for c in data["candidates"])
        cube = None if data["cube"] is None else _cube(data["cube"], data["kind"])
        actions = data.get("actions")  # absent from the reviews saved before it was kept
        if actions is not None and (not is_int(actions) or actions < 0):
            raise ReviewError(f"a saved decision's actions is a count of record entries, not {actions!r}")
        plain = {n: data[n] for n in _PLAIN}
        return cls(position=position, dice=dice, candidates=candidates, cube=cube, actions=actions, **plain)


_KINDS = ("play", "double", "take")
"""A decision's kinds: a play, the roller's cube decision, the answer to a double."""


def _real(value: object) -> bool:
    """Whether ``value`` is a finite number (a bool is not one)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _text(value: object) -> bool:
    return isinstance(value, str)


def _flag(value: object) -> bool:
    return isinstance(value, bool)


# The plain fields of a saved decision: the check each value passes, and what it is in words.
_PLAIN: dict[str, tuple[Callable[[Any], bool], str]] = {
    "game": (lambda v: is_int(v) and v >= 0, "a game's index from 0"),
    "move": (lambda v: is_int(v) and v >= 1, "a turn's number from 1"),
    "seat": (lambda v: is_int(v) and v in (0, 1), "0 or 1"),
    "kind": (lambda v: v in _KINDS, "'play', 'double' or 'take'"),
    "made": (_text, "text"),
    "best": (_text, "text"),
    "error": (lambda v: _real(v) and v >= 0, "a finite number >= 0"),
    "mark": (lambda v: v in ("", *(name for name, _ in MARKS)), "'', 'doubtful', 'bad' or 'very bad'"),
    "forced": (_flag, "True or False"),
    "luck": (lambda v: v is None or _real(v), "a finite number or None"),
    "luck_mark": (lambda v: v in ("", "joker", "anti-joker"), "'', 'joker' or 'anti-joker'"),
    "mwc": (lambda v: v is None or (_real(v) and 0 <= v <= 1), "a chance from 0 to 1, or None"),
    "trivial": (_flag, "True or False"),
}


def _dice(value: object, kind: str) -> tuple[int, int] | None:
    """A saved decision's dice: a play's two dice, None for a cube decision."""
    if kind != "play" and value is None:
        return None
    if kind == "play" and isinstance(value, list) and len(value) == 2 and all(is_int(d) and 1 <= d <= 6 for d in value):
        return value[0], value[1]
    raise ReviewError(f"a saved decision's dice are a play's two dice 1 to 6 (a cube decision's None), not {value!r}")


def _cube(value: object, kind: str) -> CubeDecision:
    """A saved cube decision: a dict of :class:`CubeDecision`'s fields, and only for a cube decision."""
    names = {f.name for f in fields(CubeDecision)}
    if kind == "play" or not isinstance(value, dict) or not set(value) <= names:
        raise ReviewError(f"a saved decision's cube is a cube decision's dict of {', '.join(sorted(names))}")
    for name, item in value.items():
        if name in ("no_double", "double_take", "double_pass"):
            good = _real(item)
        else:
            good = item in ("", *REASONS) if name == "reason" else _flag(item)
        if not good:
            raise ReviewError(f"a saved cube decision's {name} cannot be {item!r}")
    try:
        return CubeDecision(**value)
    except TypeError as error:  # a field missing
        raise ReviewError(f"a saved cube decision: {error}") from None


def _candidate(position: Position, dice: tuple[int, int], data: object) -> Candidate:
    """A saved candidate: a play of ``dice`` in ``position`` and its numbers."""
    numbers = ("equity", "error", "emg")
    if not isinstance(data, dict) or set(data) != {"play", "probabilities", "ply", "mwc", *numbers}:
        raise ReviewError(f"a saved candidate is a dict of play, probabilities, {', '.join(numbers)}, ply and mwc")
    chances = data["probabilities"]
    if not (isinstance(chances, list) and len(chances) == 5 and all(_real(p) and 0 <= p <= 1 for p in chances)):
        raise ReviewError(f"a saved candidate's probabilities are five chances from 0 to 1, not {chances!r}")
    if not all(_real(data[name]) for name in numbers) or not (is_int(data["ply"]) and data["ply"] >= 0):
        raise ReviewError("a saved candidate's equity, error and emg are finite numbers, its ply a whole number")
    if not (data["mwc"] is None or _real(data["mwc"])):
        raise ReviewError(f"a saved candidate's mwc is a finite number or None, not {data['mwc']!r}")
    if not isinstance(data["play"], str):
        raise ReviewError(f"a saved candidate's play is notation, not {data['play']!r}")
    try:
        play = position.parse_play(data["play"], *dice)
    except ValueError as error:
        raise ReviewError(f"a saved candidate's play: {error}") from None
    from bgwidget.ai.search import Candidate

    return Candidate(
        play,
        (chances[0], chances[1], chances[2], chances[3], chances[4]),
        **{n: data[n] for n in (*numbers, "ply", "mwc")},
    )


def _candidate_dict(c: Candidate) -> dict[str, Any]:
    return {
        "play": c.notation,
        "probabilities": list(c.probabilities),
        "equity": c.equity,
        "error": c.error,
        "ply": c.ply,
        "mwc": c.mwc,
        "emg": c.emg,
    }
