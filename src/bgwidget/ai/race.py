"""Race cube formulas: the counts players use over the board, beside the engine's decision.

Each formula judges a pure race (no contact) for the player on roll, in money play, from the
pip counts (and, for the Keith count, where the checkers stand), and says whether to double (a
centred cube), to redouble (the player on roll owns the cube) and whether the opponent should
take. Each is coded as its author or the source named published it:

* :func:`keith_count`: Tom Keith's count (bgonline.org/keith.html, "Summary of the Keith Count";
  the bkgm.com glossary, *Keith Count*);
* :func:`kleinman_count`: Danny Kleinman's metric ``K = (D + 4)^2 / (S - 4)`` with the key values
  and the winning-chance fits of Øystein Johansen, "Re: Kleinman Count", rec.games.backgammon,
  22 February 2001;
* :func:`trice_rule`: Walter Trice's point of last take and doubling points, as Art Benjamin
  gives them in "The Art of the Long Race" (PrimeTime, USBGF, Fall 2020), and for a leader with
  62 pips or fewer as Phil Simborg gives Trice's short-race rule ("Racing Equity (Pip Count
  Takes)", backgammon.org forum);
* :func:`rule_8_9_12`: the 8-9-12 rule as Michael J. Zehr states it ("Doubling in Races",
  rec.games.backgammon, 30 January 1995).

:func:`race_cube` sets every formula's verdict beside the engine's cubeful decision
(:func:`~bgwidget.ai.cube.cube_decision` on the level's cubeless chances, with GNU Backgammon's
race cube efficiency); :func:`random_race` deals a race to ask about. Verdicts are one of
:data:`VERDICTS`. Pip counts are the position's own (:meth:`Position.pip_counts
<bgwidget.position.Position.pip_counts>`); a side's points are in its own numbering (1 = its
ace point).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from bgwidget.ai.cube import CubeDecision, cube_decision, race_efficiency
from bgwidget.ai.players import Player, evaluator_or_net, level_ply
from bgwidget.errors import RaceError
from bgwidget.position import Position

__all__ = [
    "FORMULAS",
    "OWNERS",
    "VERDICTS",
    "KeithCount",
    "KleinmanCount",
    "RaceCube",
    "RaceError",
    "Rule8912",
    "TriceRule",
    "keith_count",
    "kleinman_count",
    "race_cube",
    "random_race",
    "rule_8_9_12",
    "trice_rule",
    "verdict",
]

VERDICTS = ("no double", "double, take", "double, pass")
"""The cube actions a formula can name: the player on roll keeps the cube, or doubles and the
opponent takes or passes."""
OWNERS = ("centre", "player")
"""Who holds the cube before the decision: ``"centre"`` (an initial double) or ``"player"``, the
player on roll (a redouble). With the opponent owning it there is nothing to decide."""
FORMULAS = ("keith", "kleinman", "trice", "8-9-12")
"""The formulas :func:`race_cube` compares, by name."""


def verdict(double: bool, redouble: bool, take: bool, owner: str) -> str:
    """The cube action of a formula's three answers when ``owner`` holds the cube (:data:`OWNERS`)."""
    if not (double if owner == "centre" else redouble):
        return "no double"
    return "double, take" if take else "double, pass"


@dataclass(frozen=True)
class KeithCount:
    """Tom Keith's counts: ``player`` (on roll) and ``opponent``, each the pip count plus the
    wastage penalties (see :func:`keith_count`); ``adjusted`` is the player's count increased by
    one-seventh, rounded down; ``margin`` how far it exceeds the opponent's."""

    player: int
    opponent: int

    @property
    def adjusted(self) -> int:
        return self.player + self.player // 7

    @property
    def margin(self) -> int:
        return self.adjusted - self.opponent

    @property
    def double(self) -> bool:
        return self.margin <= 4

    @property
    def redouble(self) -> bool:
        return self.margin <= 3

    @property
    def take(self) -> bool:
        return self.margin >= 2

    def verdict(self, owner: str = "centre") -> str:
        """The cube action the count names when ``owner`` holds the cube (one of :data:`VERDICTS`)."""
        return verdict(self.double, self.redouble, self.take, _owner(owner))


@dataclass(frozen=True)
class KleinmanCount:
    """Kleinman's metric from the pip counts ``player`` (on roll) and ``opponent``.

    ``lead = opponent - player + 4`` (D, 4 pips for being on roll), ``total = player + opponent - 4``
    (S); ``k = D^2 / S`` while the player on roll leads (D > 0), else 0 (the metric then measures
    the opponent's lead: no double). Key values (Johansen): K = 0.5 a double, 0.7 a redouble,
    1.2 the borderline take; the take here holds up to K = 1.2.
    """

    player: int
    opponent: int

    @property
    def lead(self) -> int:
        return self.opponent - self.player + 4

    @property
    def total(self) -> int:
        return self.player + self.opponent - 4

    @property
    def k(self) -> float:
        """D^2 / S while the player on roll leads (D > 0), else 0."""
        return self._metric() if self.lead > 0 else 0.0

    @property
    def winning_chance(self) -> float:
        """The player's cubeless chance of winning the race, 0..1: ``0.76 + 0.114 ln K`` for
        K > 1 (Johansen's regression), ``0.5 + 0.267 sqrt(K)`` up to 1 (Chuck Bower's), with
        K = D^2 / S; one minus that when the opponent leads (D < 0)."""
        k = self._metric()
        chance = min(1.0, 0.76 + 0.114 * math.log(k) if k > 1 else 0.5 + 0.267 * math.sqrt(k))
        return chance if self.lead >= 0 else 1.0 - chance

    def _metric(self) -> float:
        return self.lead**2 / self.total if self.total > 0 else math.inf

    @property
    def double(self) -> bool:
        return self.k >= 0.5

    @property
    def redouble(self) -> bool:
        return self.k >= 0.7

    @property
    def take(self) -> bool:
        return self.k <= 1.2

    def verdict(self, owner: str = "centre") -> str:
        """The cube action the metric names when ``owner`` holds the cube (one of :data:`VERDICTS`)."""
        return verdict(self.double, self.redouble, self.take, _owner(owner))


@dataclass(frozen=True)
class TriceRule:
    """Walter Trice's rule from the pip counts ``player`` (on roll, the "leader") and ``opponent``.

    ``last_take``, the point of last take: ``X + floor(X / 10) + 2`` for a leader's count X above
    62, ``X + floor((X - 5) / 7)`` at 62 or below. The opponent takes with a count up to it; the
    leader doubles from ``last_take - 3`` and redoubles from ``last_take - 2``.
    """

    player: int
    opponent: int

    @property
    def last_take(self) -> int:
        x = self.player
        return x + x // 10 + 2 if x > 62 else x + (x - 5) // 7

    @property
    def double(self) -> bool:
        return self.opponent >= self.last_take - 3

    @property
    def redouble(self) -> bool:
        return self.opponent >= self.last_take - 2

    @property
    def take(self) -> bool:
        return self.opponent <= self.last_take

    def verdict(self, owner: str = "centre") -> str:
        """The cube action the rule names when ``owner`` holds the cube (one of :data:`VERDICTS`)."""
        return verdict(self.double, self.redouble, self.take, _owner(owner))


@dataclass(frozen=True)
class Rule8912:
    """The 8-9-12 rule from the pip counts ``player`` (on roll) and ``opponent``: ``lead`` is how
    far the opponent's count exceeds the player's, as a share of the player's (0.08 = 8 %). Double
    with a lead of 8 % or more, redouble with 9 % or more; the opponent takes down to 12 %."""

    player: int
    opponent: int

    @property
    def lead(self) -> float:
        return (self.opponent - self.player) / self.player

    @property
    def double(self) -> bool:
        return self.lead >= 0.08

    @property
    def redouble(self) -> bool:
        return self.lead >= 0.09

    @property
    def take(self) -> bool:
        return self.lead <= 0.12

    def verdict(self, owner: str = "centre") -> str:
        """The cube action the rule names when ``owner`` holds the cube (one of :data:`VERDICTS`)."""
        return verdict(self.double, self.redouble, self.take, _owner(owner))


Formula = KeithCount | KleinmanCount | TriceRule | Rule8912


def keith_count(position: Position) -> KeithCount:
    """Tom Keith's count of a race, for both sides (bgonline.org/keith.html).

    Each side's count is its pip count plus 2 for each checker more than 1 on its 1-point, 1 for
    each checker more than 1 on its 2-point, 1 for each checker more than 3 on its 3-point and 1
    for each of its 4-, 5- and 6-points that is empty. The player on roll's count is then
    increased by one-seventh, rounded down (:attr:`KeithCount.adjusted`): it doubles when that
    exceeds the opponent's count by no more than 4, redoubles by no more than 3, and the opponent
    takes when it exceeds the opponent's by at least 2.

    >>> count = keith_count(Position.from_points({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5}))
    >>> count.player, count.adjusted, count.verdict()
    (75, 85, 'no double')

    Raises :class:`RaceError` for a position with contact or a finished game.
    """
    _check_race(position)
    return KeithCount(_keith(position.player), _keith(position.opponent))


def kleinman_count(position: Position) -> KleinmanCount:
    """Kleinman's metric of a race (Johansen, rec.games.backgammon, 2001): see :class:`KleinmanCount`.

    >>> count = KleinmanCount(100, 113)  # Johansen's first example: on roll with 100 pips, 113 against
    >>> round(count.k, 3), round(count.winning_chance, 3), count.verdict()
    (1.383, 0.797, 'double, pass')

    Raises :class:`RaceError` for a position with contact or a finished game.
    """
    _check_race(position)
    return KleinmanCount(*position.pip_counts())


def trice_rule(position: Position) -> TriceRule:
    """Walter Trice's point of last take and doubling points for a race: see :class:`TriceRule`.

    Raises :class:`RaceError` for a position with contact or a finished game.
    """
    _check_race(position)
    return TriceRule(*position.pip_counts())


def rule_8_9_12(position: Position) -> Rule8912:
    """The 8-9-12 rule for a race (Zehr, rec.games.backgammon, 1995): see :class:`Rule8912`.

    Raises :class:`RaceError` for a position with contact or a finished game.
    """
    _check_race(position)
    return Rule8912(*position.pip_counts())


@dataclass(frozen=True)
class RaceCube:
    """A race's cube decision by the engine and by each formula, for the player on roll.

    ``owner``: one of :data:`OWNERS`; ``chances``: the engine's five cubeless chances (win, wg,
    wbg, lg, lbg) for the player on roll; ``engine``: its :class:`~bgwidget.ai.cube.CubeDecision`
    (equities in points per game for a cube of 1); ``formulas``: name (:data:`FORMULAS`) -> the
    formula's counts.
    """

    position: Position
    owner: str
    chances: tuple[float, ...]
    engine: CubeDecision
    formulas: dict[str, Formula]

    @property
    def engine_verdict(self) -> str:
        """The engine's action as one of :data:`VERDICTS`; too good to double counts as
        ``"double, pass"``, the opponent's answer the formulas judge."""
        if self.engine.should_double:
            return "double, take" if self.engine.should_take else "double, pass"
        return "double, pass" if self.engine.too_good else "no double"

    def verdicts(self) -> dict[str, str]:
        """Each formula's action, by name."""
        return {name: formula.verdict(self.owner) for name, formula in self.formulas.items()}

    def agrees(self, name: str) -> bool:
        """Whether formula ``name`` names the engine's action. Raises :class:`RaceError` for an
        unknown name."""
        if name not in self.formulas:
            raise RaceError(f"the formulas are {', '.join(FORMULAS)}, not {name!r}")
        return self.formulas[name].verdict(self.owner) == self.engine_verdict


def race_cube(position: Position, *, owner: str = "centre", level: str | Player = "expert") -> RaceCube:
    """Every formula's verdict on ``position``, a race, beside the engine's cubeful decision.

    The engine judges money play with the cube at ``owner`` (:data:`OWNERS`): ``level``'s
    cubeless chances for the player on roll (:func:`bgwidget.ai.evaluate`), turned into cubeful
    equities by Janowski's model with GNU Backgammon's race cube efficiency
    (:func:`~bgwidget.ai.cube.race_efficiency` of the player's pips), no Jacoby rule, no beavers.

    Raises :class:`RaceError` for a position with contact, a finished game or another owner,
    :class:`~bgwidget.ai.errors.LevelError` for an unknown level and :class:`ImportError`
    without numpy.
    """
    _check_race(position)
    _owner(owner)
    ply = level_ply(level)
    evaluator = evaluator_or_net(None, "the race cube")
    from bgwidget.ai import analysis  # numpy, which evaluator_or_net checked

    chances = tuple(float(x) for x in analysis.evaluate(position, ply, evaluator))
    engine = cube_decision(chances, owner=owner, efficiency=race_efficiency(position.pip_counts()[0]))
    formulas: dict[str, Formula] = {
        "keith": keith_count(position),
        "kleinman": kleinman_count(position),
        "trice": trice_rule(position),
        "8-9-12": rule_8_9_12(position),
    }
    return RaceCube(position, owner, chances, engine, formulas)


def random_race(rng: random.Random, *, turn: int = 0) -> Position:
    """A pure race (no contact, no checker on the bar, some left for each side) to ask a cube
    question about, dealt by ``rng``, seat ``turn`` on roll.

    Each side has 8 to 15 checkers left, spread over its points up to a top point (the two tops
    add up to at most 24, so that no checker has an opponent's ahead of it), more of them in the
    middle than at either end; the deal is redrawn until the player on roll's lead is between -5 % and +20 % of its
    pip count, the range where the cube is a question. Raises :class:`RaceError` when ``rng`` is
    not a :class:`random.Random`.
    """
    if not isinstance(rng, random.Random):
        raise RaceError(f"rng is a random.Random, not {type(rng).__name__}")
    while True:
        top = rng.randint(6, 18)
        player = _side(rng, top)
        opponent = _side(rng, rng.randint(6, 24 - top))
        position = Position(player, opponent, turn)
        mine, theirs = position.pip_counts()
        if -0.05 <= (theirs - mine) / mine <= 0.20:
            return position


def _side(rng: random.Random, top: int) -> tuple[int, ...]:
    """A side's 25 counts: 8..15 checkers on points 1..``top``, the middle ones more likely."""
    counts = [0] * 25
    for _ in range(rng.randint(8, 15)):
        counts[min(top - 1, int(rng.triangular(0, top, top / 2)))] += 1
    return tuple(counts)


def _keith(side: tuple[int, ...]) -> int:
    """One side's Keith count from its 25 counts (index 0 its 1-point)."""
    pips = sum((i + 1) * n for i, n in enumerate(side))
    waste = 2 * max(0, side[0] - 1) + max(0, side[1] - 1) + max(0, side[2] - 3)
    return pips + waste + sum(1 for i in (3, 4, 5) if side[i] == 0)


def _check_race(position: object) -> None:
    if not isinstance(position, Position):
        raise RaceError(f"a race formula judges a Position, not {type(position).__name__}")
    if position.outcome() is not None:
        raise RaceError(f"the game is over in {position.position_id()}: there is no cube to turn")
    if not position.is_race():
        raise RaceError(f"{position.position_id()} is not a race: the sides can still hit each other")


def _owner(owner: object) -> str:
    if not isinstance(owner, str) or owner not in OWNERS:
        raise RaceError(f"a race cube is decided with the cube at 'centre' or 'player' (on roll), not {owner!r}")
    return owner
