"""Cube decisions from cubeless chances: Janowski's model, for money and for match play.

The method is Rick Janowski's "Take-points in money games" (1993): the cubeful equity is an
interpolation ``x * live + (1 - x) * dead`` between the cubeless (dead cube) equity and the
equity with a perfectly efficient (live) cube, where ``x`` is the cube efficiency. The live-cube
equity is piecewise linear in the winning chance ``p``, through the take point and the cash
point, and depends on who owns the cube. ``W`` and ``L`` are the average values of a win and of
a loss (gammons and backgammons included).

Match play uses GNU Backgammon's match cube model (Joern Thyssen's generalisation of Janowski's
formulas, ``eval.c`` and ``matchequity.c``), on the match winning chance (MWC) scale: the dead
cube is the line from the MWC of losing to that of winning the game at the cube (gammons and
backgammons at their rates, valued with the match equity table, :mod:`bgwidget.ai.met`); the
live cube is Janowski's lines through the MWCs of passing a double and of cashing one, at the
match's own take and cash points. Those depend on the cube level and are found from the top
down: at the highest useful level the doubled cube is dead and the take point is where the dead
line meets the MWC of passing; below it, the taker owns a live cube whose cash point is the one
found a level up. A cube that can help neither side (both sides' wins at it take the match,
2-away 2-away, the Crawford game) leaves the dead-cube MWC. One step goes beyond those 0-ply
formulas, as GNU Backgammon's look-ahead does: where a side's win at the cube already takes the
match and the opponent's does not, an opponent with access to the cube doubles at once, at no
risk to itself.

The cube efficiencies are those GNU Backgammon uses (``eval.c``): 0.68 in contact positions; in
races ``0.55 + 0.00125 * pips`` of the side on roll, kept within 0.6..0.7.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from bgwidget.ai.errors import CubeError
from bgwidget.ai.met import MATCH_LENGTH_LIMIT, match_winning_chance
from bgwidget.checks import is_int
from bgwidget.labels import label

__all__ = [
    "CONTACT_EFFICIENCY",
    "REASONS",
    "TOLERANCE",
    "CubeDecision",
    "CubeError",
    "check_limit",
    "check_stakes",
    "cube_decision",
    "race_efficiency",
]

CONTACT_EFFICIENCY = 0.68
_NO_LIMIT = 1 << 62
"""The cube's limit where there is none: beyond any cube a game can reach."""
TOLERANCE = 1e-9
"""How far chances may stray from a consistent distribution (floating-point rounding) and
still be accepted, clamped, by :func:`cube_decision`."""

REASONS = {
    "crawford": "cubeWhyCrawford",
    "one-point": "cubeWhyOnePoint",
    "owned": "cubeWhyOwned",
    "limit": "cubeWhyLimit",
    "no-cube": "cubeWhyNone",
}
"""Why no double is possible: each code :attr:`CubeDecision.reason` may hold, and the key of its
sentence in the catalogue (:mod:`bgwidget.labels`). ``"crawford"``: the Crawford game;
``"one-point"``: a 1-point match; ``"owned"``: the opponent owns the cube; ``"limit"``: the cube is
at the game's limit (``Rules.max_cube``); ``"no-cube"``: a game played without the cube
(``Rules(cube=False)``), which :func:`cube_decision` sees as a dead cube at its limit and
:func:`~bgwidget.ai.players.game_cube_decision` names from the game's rules; the others come from
:func:`cube_decision`."""


def race_efficiency(pips: int) -> float:
    """Cube efficiency of a race for the side on roll with ``pips`` pips (GNU Backgammon's rule)."""
    return min(0.7, max(0.6, 0.55 + 0.00125 * pips))


@dataclass(frozen=True)
class CubeDecision:
    """The cube decision of the player on roll, before rolling.

    ``no_double``, ``double_take`` and ``double_pass`` are cubeful equities of the three outcomes
    for the player on roll: in money play, points per game for a cube of 1 (multiply by the
    cube's value for points); in match play, match winning chances (0..1). ``action`` is the
    right decision for both sides in the words GNU Backgammon uses: ``"no double, take"``,
    ``"double, take"``, ``"double, pass"``, ``"too good to double, pass"``, or with ``beaver``
    in place of ``take`` when beavers are allowed and the taker gains by one; when no double is
    possible at all, ``"no double (...)"`` with :meth:`why`'s English sentence. ``reason`` is then
    the code of why (one of :data:`REASONS`: ``"crawford"``, ``"one-point"``, ``"owned"``,
    ``"limit"``, ``"no-cube"``), and ``""`` while a double is possible.
    """

    no_double: float
    double_take: float
    double_pass: float
    should_double: bool
    should_take: bool
    beaver: bool = False
    match_play: bool = False
    reason: str = ""

    @property
    def action(self) -> str:
        response = "beaver" if self.beaver else "take" if self.should_take else "pass"
        if self.reason:
            return f"no double ({self.why()})"
        if self.should_double:
            return f"double, {response}"
        if self.too_good:
            return "too good to double, pass"
        return f"no double, {response}"

    @property
    def too_good(self) -> bool:
        """Whether the player on roll is too good to double: the opponent would pass, and playing
        on for a gammon is worth more than the point a pass gives."""
        return not self.reason and not self.should_double and not self.should_take and self.no_double > self.double_pass

    def why(self, language: str = "en") -> str:
        """Why no double is possible, the catalogue's sentence for :attr:`reason` in ``language``;
        ``""`` when a double is possible.

        >>> decision = cube_decision((0.5, 0, 0, 0, 0), owner="opponent")
        >>> decision.reason, decision.why(), decision.why("fr")
        ('owned', 'the opponent owns the cube', 'l’adversaire possède le videau')

        A reason that is not a code of :data:`REASONS` (a caller's own) is given as it is. Raises
        :class:`~bgwidget.labels.LanguageError` for a language the catalogue does not have.
        """
        key = REASONS.get(self.reason)
        return label(language, key) if key else self.reason


def _average_values(probabilities: Sequence[float], values: Sequence[float]) -> tuple[float, float, float]:
    """``(p, W, L)``: the winning chance and the average values of a win and of a loss.

    ``values`` gives the worth of (win 1, 2, 3 cubes, lose 1, 2, 3 cubes) on a scale where a
    single win is +1 and a single loss -1.
    """
    p, wg, wbg, lg, lbg = probabilities
    wins = (p - wg) * values[0] + (wg - wbg) * values[1] + wbg * values[2]
    losses = (1 - p - lg) * values[3] + (lg - lbg) * values[4] + lbg * values[5]
    big_w = wins / p if p > 1e-9 else values[0]
    big_l = -losses / (1 - p) if p < 1 - 1e-9 else -values[3]
    return p, big_w, big_l


def _live(p: float, big_w: float, big_l: float, owner: str, jacoby: bool = False) -> float:
    """Janowski's live-cube equity for a cube of 1; ``owner`` is "centre", "player" or "opponent".

    ``jacoby`` (a centred cube in money play): beyond the cash points the game is doubled out at
    one point, as no gammon counts until the cube is turned (GNU Backgammon's ``MoneyLive``).
    """
    take = (big_l - 0.5) / (big_w + big_l + 0.5)  # the player's take point = the opponent's cash point
    cash = (big_l + 1.0) / (big_w + big_l + 0.5)
    if owner != "player" and p <= take:
        return -1.0 if jacoby else -big_l + (big_l - 1.0) * p / take
    if owner != "opponent" and p >= cash:
        return 1.0 if jacoby else 1.0 + (big_w - 1.0) * (p - cash) / (1.0 - cash)
    if owner == "centre":
        return -1.0 + 2.0 * (p - take) / (cash - take)
    if owner == "player":
        return -big_l + (1.0 + big_l) * p / cash
    return -1.0 + (big_w + 1.0) * (p - take) / (1.0 - take)


def _cubeful(p: float, big_w: float, big_l: float, owner: str, efficiency: float, jacoby: bool = False) -> float:
    """Janowski's cubeful equity: ``efficiency`` of the live cube's, the rest the dead cube's (single
    games only under ``jacoby``)."""
    dead = 2 * p - 1 if jacoby else p * big_w - (1 - p) * big_l
    return efficiency * _live(p, big_w, big_l, owner, jacoby) + (1 - efficiency) * dead


def cube_decision(
    probabilities: Sequence[float],
    *,
    cube: int = 1,
    owner: str = "centre",
    efficiency: float = CONTACT_EFFICIENCY,
    match_length: int = 0,
    away: tuple[int, int] = (0, 0),
    crawford: bool = False,
    post_crawford: bool = False,
    jacoby: bool = False,
    beavers: bool = False,
    max_cube: int | None = None,
) -> CubeDecision:
    """The cube decision for the player on roll from its five cubeless chances.

    ``probabilities`` is (win, win gammon, win backgammon, lose gammon, lose backgammon) for the
    player on roll, each including the bigger ones (as GNU Backgammon gives them). ``owner`` is
    ``"centre"``, ``"player"`` (the player on roll owns the cube) or ``"opponent"``. For money
    play leave ``match_length`` at 0; ``jacoby`` makes gammons count single while the cube is
    centred (so a centred cube is never too good to double), ``beavers`` lets the taker beaver.
    For a match give ``match_length`` and ``away``
    (points each side still needs: player on roll, opponent), and ``crawford`` /
    ``post_crawford``; the match model is GNU Backgammon's (see the module), and a side whose win
    at the cube already takes the match (the leader post-Crawford) never doubles. While a side is
    more than :data:`~bgwidget.ai.met.MATCH_LENGTH_LIMIT` (25) away, beyond the match equity
    table, the cube is judged as in money play (equities in points per game, ``match_play``
    False): that far from the end the table flattens toward money play, and GNU Backgammon's own
    table stops there too.

    ``max_cube`` is the highest value the cube may reach (``Rules.max_cube``; the cube's own
    value in a game without the cube, ``Rules(cube=False)``); None: no limit. A cube at the limit
    is dead: nobody may double it, so its equity is the dead cube's (cubeless in money play, the
    cubeless MWC in a match) and the decision's ``reason`` is ``"limit"``; a double to the limit
    hands the taker a dead cube; a beaver needs room for twice the doubled cube.

    Chances off a consistent distribution by no more than :data:`TOLERANCE` (rounding errors)
    are clamped into one. Raises :class:`~bgwidget.ai.errors.CubeError` for chances further off
    (or not five finite numbers), a cube that is not a power of 2, an unknown owner, an
    efficiency outside 0..1, match settings that do not fit together, or a ``max_cube`` that is
    not a power of 2 at least the cube.
    """
    chances = _checked_chances(probabilities)
    p = chances[0]
    check_stakes(cube, owner, efficiency, match_length, away, (crawford, post_crawford, jacoby, beavers))
    check_limit(cube, max_cube)
    limit = _NO_LIMIT if max_cube is None else max_cube
    if match_length and max(away) <= MATCH_LENGTH_LIMIT:
        match = _MatchScore.of(chances, away, post_crawford or crawford, limit)
        return _match_decision(match, p, cube, owner, efficiency, crawford, match_length)

    _, big_w, big_l = _average_values(chances, (1, 2, 3, -1, -2, -3))
    live = efficiency if cube < limit else 0.0  # a cube at the limit is dead for both sides
    no_double = _cubeful(p, big_w, big_l, owner, live, jacoby and owner == "centre")
    reason = "crawford" if match_length and crawford else "owned" if owner == "opponent" else ""
    reason = reason or ("limit" if cube >= limit else "")
    if reason:
        return CubeDecision(no_double, no_double, no_double, False, True, reason=reason)
    double_take = 2.0 * _cubeful(p, big_w, big_l, "opponent", efficiency if 2 * cube < limit else 0.0)
    double_pass = 1.0
    should_take = double_take <= double_pass
    beaver = beavers and 4 * cube <= limit and should_take and double_take < 0
    if beaver:
        double_take *= 2  # the taker redoubles at once and keeps the cube
    should_double = min(double_take, double_pass) > no_double
    return CubeDecision(no_double, double_take, double_pass, should_double, should_take, beaver)


def check_limit(cube: int, max_cube: object) -> None:
    """Check the cube's limit against the cube (already checked): None (no limit) or a power of 2
    no lower than ``cube``. Raises :class:`~bgwidget.ai.errors.CubeError` otherwise."""
    if max_cube is None:
        return
    if not is_int(max_cube) or max_cube < cube or max_cube & (max_cube - 1):
        raise CubeError(f"max_cube is None or a power of 2 no lower than the cube {cube}, not {max_cube!r}")


def _checked_chances(probabilities: object) -> tuple[float, float, float, float, float]:
    """Five finite chances within :data:`TOLERANCE` of a consistent distribution, clamped into one."""
    try:
        values = [float(x) for x in probabilities]  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        raise CubeError(f"chances are five numbers (win, wg, wbg, lg, lbg), not {probabilities!r}") from None
    if len(values) != 5 or not all(math.isfinite(x) for x in values):
        raise CubeError(f"chances are five finite numbers (win, wg, wbg, lg, lbg), not {probabilities!r}")
    p, wg, wbg, lg, lbg = values
    t = TOLERANCE
    if not (-t <= wbg <= wg + t and wg <= p + t and p <= 1 + t and -t <= lbg <= lg + t and lg <= 1 - p + t):
        raise CubeError(f"inconsistent chances {tuple(values)}: gammons cannot exceed wins, nor chances 1")
    p = min(max(p, 0.0), 1.0)
    wg = min(max(wg, 0.0), p)
    lg = min(max(lg, 0.0), 1.0 - p)
    return p, wg, min(max(wbg, 0.0), wg), lg, min(max(lbg, 0.0), lg)


def check_stakes(
    cube: object, owner: object, efficiency: object, match_length: object, away: object, flags: tuple
) -> None:
    """Check the stakes of a cube decision, as :func:`cube_decision` takes them; return nothing.

    ``cube``: the cube's value, a power of 2 (1, 2, 4, ...); ``owner``: ``"centre"``,
    ``"player"`` or ``"opponent"``; ``efficiency``: a number from 0 to 1; ``match_length``: points
    (0 for money play); ``away``: two whole numbers of points (player on roll, opponent), each
    1..``match_length`` in a match; ``flags``: ``(crawford, post_crawford, jacoby, beavers)``,
    each True or False. Raises :class:`~bgwidget.ai.errors.CubeError` naming the first that is not.
    """
    if not is_int(cube) or cube < 1 or cube & (cube - 1):
        raise CubeError(f"the cube shows a power of 2 (1, 2, 4, ...), not {cube!r}")
    if owner not in ("centre", "player", "opponent") or not isinstance(owner, str):
        raise CubeError(f"owner is 'centre', 'player' or 'opponent', not {owner!r}")
    if isinstance(efficiency, bool) or not isinstance(efficiency, (int, float)) or not 0 <= efficiency <= 1:
        raise CubeError(f"the cube efficiency is a number from 0 to 1, not {efficiency!r}")
    if not is_int(match_length) or match_length < 0:
        raise CubeError(f"match_length is a number of points (0 = money play), not {match_length!r}")
    if not all(isinstance(flag, bool) for flag in flags):
        raise CubeError(f"crawford, post_crawford, jacoby and beavers are True or False, not {flags!r}")
    if not isinstance(away, (tuple, list)) or len(away) != 2 or not all(is_int(a) for a in away):
        raise CubeError(f"away is two numbers of points (player on roll, opponent), not {away!r}")
    if match_length and not all(0 < a <= match_length for a in away):
        raise CubeError(f"away scores {tuple(away)} do not fit a {match_length}-point match")


def _match_decision(
    score: _MatchScore, p: float, cube: int, owner: str, efficiency: float, crawford: bool, match_length: int
) -> CubeDecision:
    """The match cube decision of ``score``'s side (every game from a score with a side 1-away on
    is valued post-Crawford, the Crawford game's too), winning chance ``p``."""
    need = score.need
    x = efficiency if not crawford else 0.0
    no_double = score.cubeful(p, cube, owner, x)
    reason = "crawford" if crawford else "one-point" if match_length == 1 else "owned" if owner == "opponent" else ""
    reason = reason or ("limit" if cube >= score.limit else "")
    if reason:
        return CubeDecision(no_double, no_double, no_double, False, True, match_play=True, reason=reason)
    double_take = score.cubeful(p, 2 * cube, "opponent", x)
    double_pass = score.mwc(cube)
    should_take = double_take <= double_pass
    # A side whose win at the cube already takes the match (the leader post-Crawford) gains nothing.
    should_double = need > cube and min(double_take, double_pass) > no_double
    return CubeDecision(no_double, double_take, double_pass, should_double, should_take, match_play=True)


@dataclass(frozen=True)
class _MatchScore:
    """One side's view of a match score, with the gammon rates of a game, for the match cube model.

    ``need`` and ``opponent_need``: points each side still needs; ``rates``: this side's gammon
    and backgammon rates (shares of its wins), then the opponent's (shares of its wins);
    ``limit``: the highest value the cube may reach (a cube there is dead).
    """

    need: int
    opponent_need: int
    post_crawford: bool
    rates: tuple[float, float, float, float]
    limit: int

    @classmethod
    def of(cls, chances: Sequence[float], away: tuple[int, int], post_crawford: bool, limit: int) -> _MatchScore:
        p, wg, wbg, lg, lbg = chances
        mine = ((wg - wbg) / p, wbg / p) if p > 0 else (0.0, 0.0)
        theirs = ((lg - lbg) / (1 - p), lbg / (1 - p)) if p < 1 else (0.0, 0.0)
        return cls(away[0], away[1], post_crawford, mine + theirs, limit)

    def opponent(self) -> _MatchScore:
        g, b, opponent_g, opponent_b = self.rates
        rates = (opponent_g, opponent_b, g, b)
        return _MatchScore(self.opponent_need, self.need, self.post_crawford, rates, self.limit)

    def mwc(self, points: int) -> float:
        """This side's MWC after it wins ``points``, or loses ``-points`` when negative."""
        mine, theirs = (
            (self.need - points, self.opponent_need) if points > 0 else (self.need, self.opponent_need + points)
        )
        return match_winning_chance(mine, theirs, post_crawford=self.post_crawford)

    def win(self, cube: int) -> float:
        """This side's MWC after winning a game at ``cube``: single, gammon or backgammon at its rates."""
        g, b = self.rates[:2]
        return (1 - g - b) * self.mwc(cube) + g * self.mwc(2 * cube) + b * self.mwc(3 * cube)

    def lose(self, cube: int) -> float:
        """This side's MWC after losing a game at ``cube``, at the opponent's gammon rates."""
        g, b = self.rates[2:]
        return (1 - g - b) * self.mwc(-cube) + g * self.mwc(-2 * cube) + b * self.mwc(-3 * cube)

    def cash_point(self, cube: int) -> float:
        """The winning chance from which this side, holding ``cube``, doubles the opponent out.

        It is the opponent's take point of the doubled cube: where its MWC taking equals passing.
        When the doubled cube is dead for either side (a win at it takes the match) that MWC is the
        straight line between losing and winning at the doubled cube, or at twice it when only
        this side's win takes the match: the taker then redoubles at no risk. Otherwise the taker
        owns a live cube, with its own cash point one level up: the line from losing the doubled
        cube (p = 0) to cashing it at that cash point.
        """
        double_pass = self.mwc(cube)
        if min(self.need, self.opponent_need) <= 2 * cube or 2 * cube >= self.limit:
            redoubles = self.need <= 2 * cube < self.opponent_need and 4 * cube <= self.limit
            played = 4 * cube if redoubles else 2 * cube
            take_win, take_lose = self.win(played), self.lose(played)
            return (take_lose - double_pass) / (take_lose - take_win)
        take_win, redouble_pass = self.win(2 * cube), self.mwc(-2 * cube)
        return 1 - self.opponent().cash_point(2 * cube) * (double_pass - take_win) / (redouble_pass - take_win)

    def cubeful(self, p: float, cube: int, owner: str, efficiency: float) -> float:
        """This side's cubeful MWC with winning chance ``p``, with ``cube`` held by ``owner``.

        As :meth:`janowski`, and one step further where this side's win at the cube already
        takes the match but the opponent's does not: an opponent with access to the cube doubles
        at once, at no risk (only its own wins grow), and this side takes or passes, whichever is
        better. GNU Backgammon's formulas leave that to its look-ahead (from 1-ply on); without
        it, a double that hands the opponent such a cube looked cheap (issue 14).
        """
        value = self.janowski(p, cube, owner, efficiency)
        if owner != "player" and efficiency and self.need <= cube < self.opponent_need and 2 * cube <= self.limit:
            value = min(value, max(self.janowski(p, 2 * cube, "player", efficiency), self.mwc(-cube)))
        return value

    def janowski(self, p: float, cube: int, owner: str, efficiency: float) -> float:
        """GNU Backgammon's cubeful MWC for this side (``Cl2CfMatch*``), with ``cube`` held by ``owner``.

        ``x * live + (1 - x) * dead``; the live-cube MWC is Janowski's three lines with the
        match's own take and cash points (:meth:`cash_point`). A cube dead for both sides, or at
        2-away 2-away (where whoever doubles kills it), leaves the dead-cube MWC.
        """
        win, lose = self.win(cube), self.lose(cube)
        dead = p * win + (1 - p) * lose
        dead_cube = max(self.need, self.opponent_need) <= cube or self.need == self.opponent_need == 2
        if dead_cube or cube >= self.limit or not efficiency:
            return dead
        take, cash = 1 - self.opponent().cash_point(cube), self.cash_point(cube)
        cash_win, cash_lose = self.mwc(cube), self.mwc(-cube)
        if owner != "player" and p <= take:
            live = lose + (cash_lose - lose) * p / take if take > 0 else lose
        elif owner != "opponent" and p >= cash:
            live = cash_win + (win - cash_win) * (p - cash) / (1 - cash) if cash < 1 else win
        elif owner == "centre":
            live = cash_lose + (cash_win - cash_lose) * (p - take) / (cash - take)
        elif owner == "player":
            live = lose + (cash_win - lose) * p / cash
        else:
            live = cash_lose + (win - cash_lose) * (p - take) / (1 - take)
        return efficiency * live + (1 - efficiency) * dead
