"""Layer 3, the settings and values of the game layer: :class:`Rules`, :class:`Offer`, :class:`GameResult`.

:class:`Rules` is what a match or money session is played under (USBGF rules of play, and the
money-play options of the Backgammon FAQ); :class:`~bgwidget.game.Game`,
:class:`~bgwidget.match.Match`, the formats and the widget all read one frozen instance instead
of copying each setting. :class:`Offer` is an offer waiting for an answer; :class:`GameResult`
how a game ended.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, NamedTuple

from bgwidget.checks import is_int
from bgwidget.errors import GameError

__all__ = ["CUBE_OFFERS", "KINDS", "MAX_CUBE", "MAX_MATCH_LENGTH", "GameError", "GameResult", "Offer", "Rules"]

KINDS = {1: "single game", 2: "gammon", 3: "backgammon"}
"""The name of a win by its multiple of the cube: 1 single game, 2 gammon, 3 backgammon."""
CUBE_OFFERS = ("double", "beaver", "raccoon")
"""The offers of the cube (the other offer is ``"resign"``)."""
# The largest a GNU Backgammon Match ID holds (its match length in 15 bits, its cube as a 4-bit
# log2: FORMATS.md, "Match ID"), so that every match can be written in every format we write.
MAX_MATCH_LENGTH = 32767
"""The longest match, in points (the Match ID's 15 bits)."""
MAX_CUBE = 2**15
"""The highest cube limit (the Match ID's 4-bit log2 of the cube)."""


@dataclass(frozen=True)
class Rules:
    """The settings a game is played under, fixed for a whole match or money session.

    ``match_length``
        Points to win the match, at most :data:`MAX_MATCH_LENGTH`; 0 for money play.
    ``crawford``
        Whether the Crawford rule applies in a match (USBGF: no doubling in the one game after
        a side first reaches ``match_length - 1`` points). Whether a given game *is* the
        Crawford game is the game's own state (:attr:`bgwidget.game.Game.crawford`).
    ``jacoby``, ``beavers``
        Money-play options (Backgammon FAQ): gammons count single while the cube is centred;
        the taker may redouble at once keeping the cube (and the doubler may raccoon).
    ``cube``
        Whether the doubling cube is used (default True). False plays every game for its own
        value, 1, 2 or 3 points, as simple games without the cube do; a double is refused.
    ``max_cube``
        The highest value the cube may reach, a power of 2 up to :data:`MAX_CUBE` (default 64, the
        highest face).
    ``auto_confirm``
        Not a rule of backgammon but of the interface: True ends a play by itself when its last
        die is played; False waits for :meth:`bgwidget.game.Game.confirm` (a Done button).

    >>> Rules(match_length=5).to_dict()["crawford"]
    True
    >>> Rules.from_dict({"match_length": 3, "jacoby": True})
    Traceback (most recent call last):
    ...
    bgwidget.errors.GameError: the Jacoby rule and beavers are money-play options, not for a match

    Raises :class:`GameError` for a setting out of range.
    """

    match_length: int = 0
    crawford: bool = True
    jacoby: bool = False
    beavers: bool = False
    max_cube: int = 64
    cube: bool = True
    auto_confirm: bool = True

    def __post_init__(self) -> None:
        length, max_cube = self.match_length, self.max_cube
        if not is_int(length) or not 0 <= length <= MAX_MATCH_LENGTH:
            raise GameError(f"a match is to 1 to {MAX_MATCH_LENGTH} points (0 = money play), not {length!r}")
        for name in ("crawford", "jacoby", "beavers", "cube", "auto_confirm"):
            if not isinstance(getattr(self, name), bool):
                raise GameError(f"{name} is True or False, not {getattr(self, name)!r}")
        if not is_int(max_cube) or not 1 <= max_cube <= MAX_CUBE or max_cube & (max_cube - 1):
            raise GameError(f"max_cube is a power of 2 up to {MAX_CUBE}, not {max_cube!r}")
        if length and (self.jacoby or self.beavers):
            raise GameError("the Jacoby rule and beavers are money-play options, not for a match")
        if not self.cube and (self.jacoby or self.beavers):
            raise GameError("the Jacoby rule and beavers are rules of the cube: not without it")

    @property
    def is_money(self) -> bool:
        """True for money play (``match_length == 0``)."""
        return self.match_length == 0

    def to_dict(self) -> dict[str, Any]:
        """The settings as a JSON-ready dict (every field)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a dict that :meth:`to_dict` wrote; missing keys take their defaults.

        Raises :class:`GameError` for a value out of range or a key that is not a setting.
        """
        if not isinstance(data, dict):
            raise GameError(f"rules are a dict of settings, not {data!r}")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise GameError(f"not settings of the rules: {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)


class Offer(NamedTuple):
    """An offer waiting for the other seat's answer.

    ``kind`` is ``"double"``, ``"beaver"`` or ``"raccoon"`` (the cube offered by ``seat``) or
    ``"resign"`` (``seat`` offers to lose ``points``: 1 single game, 2 gammon, 3 backgammon,
    times the cube). ``seat`` is 0 (bottom) or 1 (top); the answer comes from ``1 - seat``.
    """

    kind: str
    seat: int
    points: int = 0

    @property
    def is_cube(self) -> bool:
        """True for an offer of the cube (double, beaver, raccoon), False for a resignation."""
        return self.kind in CUBE_OFFERS


class GameResult(NamedTuple):
    """How a game ended.

    ``winner`` is the seat (0 bottom, 1 top); ``points`` what the winner scores, cube and
    Jacoby rule included; ``kind`` the win, as :attr:`bgwidget.position.Outcome.kind` names it:
    ``"single game"``, ``"gammon"`` or ``"backgammon"`` (a passed double is a single game);
    ``how`` what ended it: ``"borne off"``, ``"pass"`` (a double was passed) or ``"resigned"``.
    """

    winner: int
    points: int
    kind: str
    how: str

    @property
    def multiple(self) -> int:
        """What the win counts before the cube: 1 single game, 2 gammon, 3 backgammon."""
        return {name: points for points, name in KINDS.items()}[self.kind]

    @property
    def description(self) -> str:
        """In words: ``"gammon"``, ``"pass"``, ``"resigned backgammon"``..."""
        if self.how == "pass":
            return "pass"
        return f"resigned {self.kind}" if self.how == "resigned" else self.kind
