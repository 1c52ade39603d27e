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

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from bgwidget.ai.cube import CubeDecision
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
        """The decision :meth:`to_dict` gave. Raises :class:`~bgwidget.errors.ReviewError` for anything else."""
        try:
            position = Position.from_position_id(data["position"]["id"], turn=data["position"]["turn"])
            dice = tuple(data["dice"]) if data["dice"] else None
            candidates = None
            if data["candidates"] is not None:
                require_numpy("a saved review's candidates")
                from bgwidget.ai.analysis import Analysis

                candidates = Analysis(_candidate(position, dice, c) for c in data["candidates"])
            cube = None if data["cube"] is None else CubeDecision(**data["cube"])
            plain = {n: data[n] for n in _PLAIN}
            actions = data.get("actions")  # absent from the reviews saved before it was kept
            if actions is not None and (not is_int(actions) or actions < 0):
                raise ValueError(f"actions is a count of record entries, not {actions!r}")
            return cls(position=position, dice=dice, candidates=candidates, cube=cube, actions=actions, **plain)
        except (KeyError, TypeError, ValueError) as error:
            raise ReviewError(f"not a saved decision: {error!r}") from None


_PLAIN = (
    "game",
    "move",
    "seat",
    "kind",
    "made",
    "best",
    "error",
    "mark",
    "forced",
    "luck",
    "luck_mark",
    "mwc",
    "trivial",
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


def _candidate(position: Position, dice: tuple[int, int] | None, data: dict[str, Any]) -> Candidate:
    if dice is None:
        raise ValueError("candidates without dice")
    play = position.parse_play(data["play"], *dice)
    fields = {name: data[name] for name in ("equity", "error", "ply", "mwc", "emg")}
    from bgwidget.ai.search import Candidate

    return Candidate(play, tuple(data["probabilities"]), **fields)
