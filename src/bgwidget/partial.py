"""Layer 2, a play in progress: :class:`PartialPlay`, a roll played checker step by checker step.

Point numbers are **in the mover's numbering** (24..1, 25 = bar, 0 = off). A step is legal when
some legal play of the roll can still be completed after it; a refused step says which rule
stops it (:meth:`PartialPlay.check_step`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bgwidget.checks import is_int
from bgwidget.dice import check_roll
from bgwidget.errors import IllegalPlayError
from bgwidget.plays import Move, Play, legal_plays, point_name, roll_text, single_steps
from bgwidget.position import BAR, BAR_POINT, OFF_POINT, Position

__all__ = ["PartialPlay"]

# The play in progress works on the generator's pair of tuples, seen from the mover: ``me[i]``
# the mover's checkers on point i + 1 (me[24] the bar), ``them[i]`` the opponent's checkers on
# that same point (them[24] the opponent's bar). Tuples, so that they key the memo below.

Pair = tuple[tuple[int, ...], tuple[int, ...]]


def _pair(position: Position) -> Pair:
    return position.player, position.opponent[23::-1] + (position.opponent[BAR],)


def _step(
    me: tuple[int, ...], them: tuple[int, ...], src: int, dst: int
) -> tuple[tuple[int, ...], tuple[int, ...], bool]:
    """The pair after moving one checker from index ``src`` to ``dst`` (-1 = off), and the hit."""
    mine = list(me)
    mine[src] -= 1
    if dst < 0:
        return tuple(mine), them, False
    mine[dst] += 1
    if them[dst] != 1:
        return tuple(mine), them, False
    theirs = list(them)
    theirs[dst] = 0
    theirs[BAR] += 1
    return tuple(mine), tuple(theirs), True


def _pair_steps(me: tuple[int, ...], them: tuple[int, ...], die: int) -> list[tuple[int, int]]:
    """Legal single steps with ``die`` from the pair (the generator's :func:`~bgwidget.plays.single_steps`)."""
    return single_steps(me + them[23::-1] + (them[BAR],), die)


def _index(point: int) -> int:
    """Generator index of a point in the mover's numbering (bar 25 -> 24, off 0 -> -1)."""
    return BAR if point == BAR_POINT else point - 1


def _without(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    rest = list(dice)
    rest.remove(die)
    return tuple(rest)


Route = list[tuple[int, int, int]]  # (src index, dst index, die) per checker step


class PartialPlay:
    """A roll being played step by step: the position so far, the dice left, the steps taken.

    Point numbers are **in the mover's numbering** (24..1, 25 = bar, 0 = off). A step is legal
    when some legal play of the roll (:func:`legal_plays`) can still be completed after it, which
    enforces every rule at the first step: both dice when possible, the larger die when only one
    can be played, as many of a double as possible, open intermediate points.

    >>> partial = PartialPlay(Position.initial(), (3, 1))
    >>> partial.legal_steps()[8]
    [(7, (1,)), (5, (3,)), (4, (1, 3))]
    >>> partial.step(8, 5)
    (Move(from_point=8, to_point=5, hit=False),)
    >>> partial.step(6, 5)[0].to_point, partial.is_complete, str(partial.play)
    (5, True, '8/5 6/5')

    Raises :class:`~bgwidget.dice.DiceError` for dice that are not a roll; :meth:`step` and :meth:`undo` raise
    :class:`IllegalPlayError` with the reason and change nothing.
    """

    def __init__(self, position: Position, dice: tuple[int, int]) -> None:
        self.start = position
        """The position before the roll, the mover on roll."""
        self.dice = check_roll(dice)
        """The roll, as rolled."""
        self.plays = legal_plays(position, *self.dice)
        """Every legal play of the roll (``[]``: no checker can move)."""
        self._targets = {_pair(play.result.swap()): play for play in self.plays}
        self._need = len(self.plays[0].moves) if self.plays else 0
        die1, die2 = self.dice
        self._all = (die1,) * 4 if die1 == die2 else tuple(sorted(self.dice))
        self._memo: dict[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], bool] = {}
        self._me, self._them = _pair(position)
        self._left = self._all
        self._steps: list[tuple[Move, int, int]] = []  # (move, die used, group: one per step() call)

    @classmethod
    def restore(
        cls, position: Position, dice: tuple[int, int], groups: Sequence[Sequence[Sequence[int]]]
    ) -> PartialPlay:
        """The play in progress that :attr:`step_groups` saved, each step checked again.

        Raises :class:`IllegalPlayError` when ``groups`` is not such a list (``[[[from, to, die],
        ...], ...]``, whole numbers, each group one checker moved on) or a step is not legal there.
        """
        partial = cls(position, dice)
        if not isinstance(groups, (list, tuple)):
            raise IllegalPlayError(f"saved steps are a list of groups of [from, to, die], not {groups!r}")
        for group in groups:
            if not isinstance(group, (list, tuple)) or not group:
                raise IllegalPlayError(f"a group of saved steps is a list of [from, to, die], not {group!r}")
            number = partial._next_group()
            for i, step in enumerate(group):
                if not isinstance(step, (list, tuple)) or len(step) != 3 or any(not is_int(v) for v in step):
                    raise IllegalPlayError(f"a saved step is [from, to, die] in whole numbers, not {step!r}")
                frm, to, die = step
                if i and frm != group[i - 1][1]:
                    raise IllegalPlayError(f"the steps of one group move one checker on: {group!r}")
                route = partial._single_route(frm, to, die)
                if route is None:
                    raise IllegalPlayError(
                        f"saved step {point_name(frm)}/{point_name(to)} with a {die} is not legal here"
                    )
                partial._push(route, number)
        return partial

    # ----------------------------------------------------------------- reading

    @property
    def position(self) -> Position:
        """The board with the steps made so far, the mover still on roll."""
        if not self._steps:
            return self.start
        return Position.unchecked(self._me, self._them[23::-1] + (self._them[BAR],), self.start.turn)

    @property
    def steps(self) -> list[Move]:
        """The checker steps made so far, in order."""
        return [move for move, _, _ in self._steps]

    @property
    def step_groups(self) -> list[list[list[int]]]:
        """The steps made, grouped by :meth:`step` call: ``[[[from, to, die], ...], ...]``."""
        groups: dict[int, list[list[int]]] = {}
        for move, die, group in self._steps:
            groups.setdefault(group, []).append([move.from_point, move.to_point, die])
        return list(groups.values())

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice not used yet, highest first (a double: up to four)."""
        return tuple(sorted(self._left, reverse=True))

    @property
    def is_complete(self) -> bool:
        """True once every die that can be played has been."""
        return len(self._steps) == self._need

    @property
    def play(self) -> Play:
        """The legal play the steps make, once :attr:`is_complete`; raises IllegalPlayError before."""
        if not self.is_complete:
            count, die = self._need - len(self._steps), max(self._left)
            raise IllegalPlayError(
                reason="doubles-max" if len(set(self._all)) == 1 else "play-incomplete", count=count, die=die
            )
        if not self.plays:
            return Play((), self.start.swap())
        return self._targets[(self._me, self._them)]

    @property
    def plays_left(self) -> list[Play]:
        """The legal plays of the roll that the steps made so far can still end as, in
        :attr:`plays`' order (all of them before a step; the one made, once complete)."""
        if not self._steps:
            return list(self.plays)
        reached: set[Pair] = set()
        self._reach(self._me, self._them, self._left, self._need - len(self._steps), reached, set())
        return [play for play in self.plays if _pair(play.result.swap()) in reached]

    def legal_steps(self) -> dict[int, list[tuple[int, tuple[int, ...]]]]:
        """``{from_point: [(to_point, dice_used), ...]}``: every legal next move, highest points first.

        One entry per destination, a checker moved on by several dice included (``dice_used``
        then lists them in the order used); among the routes to one destination the preferred
        uses the fewest dice, then hits nowhere on the way, then the smaller die first (bearing
        off: the exact die). ``{}`` once the play is complete.
        """
        return {
            frm: [(to, tuple(die for _, _, die in route)) for to, route in sorted(dests.items(), reverse=True)]
            for frm, dests in sorted(self._routes().items(), reverse=True)
        }

    # ----------------------------------------------------------------- acting

    def step(self, from_point: int, to_point: int, die: int | None = None) -> tuple[Move, ...]:
        """Move one checker from ``from_point`` to ``to_point``, by one die or several in a row.

        ``13 -> 8`` with 3-2 touches down on 10 or 11, whichever is open, preferring a route that
        hits nowhere (to hit on the way, step twice). ``die`` forces the die of a single step
        (bearing off with a higher die). Returns the checker moves made.
        Raises :class:`IllegalPlayError` with the rule that stops the step (see :meth:`check_step`)
        and changes nothing otherwise.
        """
        route = self._route(from_point, to_point, die)
        if isinstance(route, IllegalPlayError):
            raise route
        return self._push(route, self._next_group())

    def check_step(
        self, from_point: int, to_point: int | None = None, die: int | None = None
    ) -> IllegalPlayError | None:
        """The refusal :meth:`step` would raise, or None when the step is legal; changes nothing.

        With ``to_point=None``, why the checker on ``from_point`` cannot move at all (None when
        it can move somewhere): when one of its dice is a step the rules of one step allow, the
        rule choosing among plays that stops it. With ``die``, a die that does move the checker to
        ``to_point`` is refused by the rule that stops that step, never as a die that does not
        move it there. Points in the mover's numbering. The refusal's ``reason`` is the
        first rule that stops the step, checked in a teacher's order: whose checker it is, the bar
        first, direction, the dice rolled, bearing off (all fifteen home, the higher-die rule),
        closed landing and intermediate points, then the rules that choose among possible steps
        (both dice, the larger die, as many of a double as possible); the reasons are the catalogue's
        ``why.*`` keys (see :mod:`bgwidget.refusal`).
        Raises :class:`IllegalPlayError` (reason ``"invalid"``) for a point or die that is not one
        (a die is a whole number 1..6).
        """
        if to_point is not None:
            route = self._route(from_point, to_point, die)
            return route if isinstance(route, IllegalPlayError) else None
        _check_point(from_point)
        if from_point in self._routes():
            return None
        targets = self._targets_of(from_point)
        me, them = self._me, self._them
        free = from_point == BAR_POINT or not me[BAR]
        if me[_index(from_point)] and free and len(targets) == 2 and all(to and them[to - 1] >= 2 for to in targets):
            # Both dice land on held points, so their sum cannot touch down either: say both.
            reason = "bar-blocked" if from_point == BAR_POINT else "checker-blocked"
            return IllegalPlayError(reason=reason, point=targets[0], point2=targets[1], **{"from": from_point})
        refusals = [self._refusal(from_point, to) for to in targets or [max(from_point - 1, 0)]]
        # A die that moves the checker by the rules of one step but not within a legal play is
        # stopped by a rule that chooses among plays: that, not another die's closed point, is why.
        chosen = [refusal for refusal in refusals if refusal.reason in _CHOICE_RULES]
        return (chosen or refusals)[0]

    def undo(self) -> tuple[Move, ...]:
        """Take back the last :meth:`step` (all the dice it used); returns the moves taken back.

        Raises :class:`IllegalPlayError` when no step has been made.
        """
        if not self._steps:
            raise IllegalPlayError(reason="nothing-to-undo")
        last = self._steps[-1][2]
        kept = [entry for entry in self._steps if entry[2] != last]
        undone = tuple(move for move, _, group in self._steps if group == last)
        self._me, self._them = _pair(self.start)
        self._left, self._steps = self._all, []
        for move, die, group in kept:
            self._me, self._them, _ = _step(self._me, self._them, _index(move.from_point), _index(move.to_point))
            self._left = _without(self._left, die)
            self._steps.append((move, die, group))
        return undone

    # ----------------------------------------------------------------- internals

    def _next_group(self) -> int:
        return self._steps[-1][2] + 1 if self._steps else 0

    def _push(self, route: Route, group: int) -> tuple[Move, ...]:
        made = []
        for src, dst, die in route:
            self._me, self._them, hit = _step(self._me, self._them, src, dst)
            self._left = _without(self._left, die)
            made.append(Move(src + 1, dst + 1, hit))
            self._steps.append((made[-1], die, group))
        return tuple(made)

    def _completable(self, me: tuple[int, ...], them: tuple[int, ...], left: tuple[int, ...], need: int) -> bool:
        """Whether ``need`` more steps with dice from ``left`` can reach a legal play."""
        if need == 0:
            return (me, them) in self._targets
        key = (me, them, left)
        if key not in self._memo:
            self._memo[key] = any(
                self._completable(*_step(me, them, src, dst)[:2], _without(left, die), need - 1)
                for die in set(left)
                for src, dst in _pair_steps(me, them, die)
            )
        return self._memo[key]

    def _reach(
        self,
        me: tuple[int, ...],
        them: tuple[int, ...],
        left: tuple[int, ...],
        need: int,
        reached: set[Pair],
        seen: set[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]],
    ) -> None:
        """Add to ``reached`` the legal plays' results that ``need`` more steps with dice from ``left`` make."""
        if need == 0:
            if (me, them) in self._targets:
                reached.add((me, them))
            return
        if (me, them, left) in seen:
            return
        seen.add((me, them, left))
        for die in set(left):
            for src, dst in _pair_steps(me, them, die):
                self._reach(*_step(me, them, src, dst)[:2], _without(left, die), need - 1, reached, seen)

    def _routes(self) -> dict[int, dict[int, Route]]:
        """``{from_point: {to_point: route}}``: the preferred route to each destination."""
        found: dict[int, dict[int, tuple[tuple[int, int, tuple[int, ...]], Route]]] = {}  # (rank, route)
        need = self._need - len(self._steps)

        def walk(
            me: tuple[int, ...], them: tuple[int, ...], left: tuple[int, ...], src: int, route: Route, hits: int
        ) -> None:
            for die in sorted(set(left)):
                for s, dst in _pair_steps(me, them, die):
                    if s != src:
                        continue
                    me2, them2, hit = _step(me, them, src, dst)
                    rest = _without(left, die)
                    if not self._completable(me2, them2, rest, need - len(route) - 1):
                        continue
                    path = route + [(src, dst, die)]
                    rank = (len(path), hits, tuple(d for _, _, d in path))
                    dests = found.setdefault(route[0][0] + 1 if route else src + 1, {})
                    if dst + 1 not in dests or rank < dests[dst + 1][0]:
                        dests[dst + 1] = (rank, path)
                    if dst >= 0 and len(path) < need:
                        walk(me2, them2, rest, dst, path, hits + hit)

        if need > 0:
            for src in range(25):
                if self._me[src]:
                    walk(self._me, self._them, self._left, src, [], 0)
        return {frm: {to: path for to, (_, path) in dests.items()} for frm, dests in found.items() if dests}

    def _single_route(self, from_point: int, to_point: int, die: int) -> Route | None:
        need = self._need - len(self._steps)
        if die not in self._left or need <= 0:
            return None
        src, dst = _index(from_point), _index(to_point)
        if (src, dst) not in _pair_steps(self._me, self._them, die):
            return None
        me2, them2, _ = _step(self._me, self._them, src, dst)
        if not self._completable(me2, them2, _without(self._left, die), need - 1):
            return None
        return [(src, dst, die)]

    def _route(self, from_point: int, to_point: int, die: int | None) -> Route | IllegalPlayError:
        """The route :meth:`step` takes, or the refusal that stops it."""
        _check_point(from_point)
        _check_point(to_point)
        if die is not None and (not is_int(die) or not 1 <= die <= 6):
            raise IllegalPlayError(f"a die is a number 1 to 6, not {die!r}")
        if die is None:
            route = self._routes().get(from_point, {}).get(to_point)
        else:
            route = self._single_route(from_point, to_point, die)
        if route is not None:
            return route
        refusal = self._refusal(from_point, to_point)
        if die is None or refusal.reason in _BEFORE_DICE:
            return refusal
        if die not in self._left:
            reason = "die-used" if die in self._all else "die-not-rolled"
            return IllegalPlayError(reason=reason, die=die, dice=roll_text(self.dice))
        if (die,) not in _hops((die,), from_point - to_point, to_point == OFF_POINT):
            return IllegalPlayError(reason="die-mismatch", die=die, **{"from": from_point, "to": to_point})
        return self._refusal(from_point, to_point, (die,))  # the die asked for moves it there: why not now

    def _targets_of(self, from_point: int) -> list[int]:
        """The points one die left would take a checker on ``from_point`` to, rules aside."""
        return sorted({max(from_point - die, 0) for die in self._left}, reverse=True)

    def _refusal(self, from_point: int, to_point: int, dice: tuple[int, ...] | None = None) -> IllegalPlayError:
        """Why no legal play lets a checker go from ``from_point`` to ``to_point`` now, with a die of
        ``dice`` (default: any die left); every fact it names is one of this position and roll."""
        me, them, left = self._me, self._them, self._left if dice is None else dice
        move = f"{point_name(from_point)}/{point_name(to_point)}"

        def refuse(reason: str, **facts: Any) -> IllegalPlayError:
            return IllegalPlayError(reason=reason, **facts)

        before = self._before_dice(from_point, to_point, move)
        if before is not None:
            return before
        pips = from_point - to_point
        bearing_off = to_point == OFF_POINT
        if bearing_off and sum(me[6:]) - (from_point > 6) > 0:
            outside = [BAR_POINT if i == BAR else i + 1 for i in range(24, 5, -1) if me[i]]
            return refuse("not-all-home", count=sum(me[6:]), points=outside)
        hops = _hops(left, pips, bearing_off)
        if not hops:
            return self._no_hop(pips, bearing_off, move)
        physical = _physical(me, them, from_point, hops)
        if physical is not None:
            return self._choice(physical, move)
        if not bearing_off and them[to_point - 1] >= 2:
            return refuse("point-held", point=to_point, count=them[to_point - 1])
        if from_point == BAR_POINT and me[BAR] > 1:
            return refuse("bar-first", count=me[BAR] - 1)
        for hop in hops:
            held = [p for p in _touchdowns(from_point, hop) if them[p - 1] >= 2]
            if held:
                return refuse("intermediate-held", move=move, point=held[0], count=them[held[0] - 1])
        for hop in sorted(hops, key=lambda hop: (len(hop), hop[-1])) if bearing_off else ():
            last = from_point - sum(hop[:-1])  # the point the last die would bear the checker off from
            higher = [p for p in range(last + 1, 25) if me[p - 1] - (p == from_point) > 0]
            if sum(hop) > pips and higher:
                return refuse("higher-die", die=hop[-1], point=last, highest=max(higher))
        return refuse("not-legal", move=move, dice=roll_text(self.dice))

    def _before_dice(self, from_point: int, to_point: int, move: str) -> IllegalPlayError | None:
        """The refusal found before the dice are looked at (one of :data:`_BEFORE_DICE`), or None."""
        me, them, dice = self._me, self._them, roll_text(self.dice)
        facts: dict[str, Any] = {}
        if from_point == OFF_POINT:
            reason = "borne-off"
        elif not me[_index(from_point)]:
            if from_point == BAR_POINT:
                reason = "bar-empty"
            else:
                reason = "opponent-checker" if them[from_point - 1] else "no-checker"
                facts = {"point": from_point}
        elif not self.plays:
            reason, facts = "no-play", {"dice": dice}
        elif self.is_complete:
            reason, facts = "dice-played", {"dice": dice}
        elif me[BAR] and from_point != BAR_POINT:
            reason, facts = "bar-first", {"count": me[BAR]}
        elif to_point != OFF_POINT and to_point >= from_point:
            reason = "same-point" if to_point == from_point else "backwards"
            facts = {"move": move, "from": from_point, "to": to_point}
        else:
            return None
        return IllegalPlayError(reason=reason, **facts)

    def _no_hop(self, pips: int, bearing_off: bool, move: str) -> IllegalPlayError:
        """Why no die left, alone or added up, moves a checker ``pips``: the die that would has
        been played, the dice left fall short of a sum the roll made, or the roll has none."""
        dice = roll_text(self.dice)
        single = [die for die in sorted(set(self._all)) if die == pips or (bearing_off and die > pips)]
        if single:  # one die of the roll moves it, and every such die has been played
            return IllegalPlayError(reason="die-used", die=single[0], dice=dice)
        if _hops(self._all, pips, bearing_off):  # the dice added up would, but some are played
            left = self.dice_left
            return IllegalPlayError(reason="dice-left", die=left[0], count=len(left), dice=dice, pips=pips)
        return IllegalPlayError(reason="no-die", dice=dice, pips=pips, move=move)

    def _choice(self, hop: tuple[int, ...], move: str) -> IllegalPlayError:
        """The rule choosing among plays that stops ``hop``, which the rules of one step allow."""
        if len(set(self._all)) == 1:
            return IllegalPlayError(reason="doubles-max", die=self._all[0], count=self._need - len(self._steps))
        if self._need == 1:
            return IllegalPlayError(reason="larger-die", die=max(self._all), other=min(self._all))
        die = hop[0]  # one die: a step of both would be a whole play, a legal one
        other = min(self._all) if die == max(self._all) else max(self._all)
        return IllegalPlayError(reason="both-dice", move=move, die=die, other=other)


_BEFORE_DICE = (
    "borne-off",
    "same-point",
    "bar-empty",
    "opponent-checker",
    "no-checker",
    "no-play",
    "dice-played",
    "bar-first",
    "backwards",
)
"""The reasons found before the dice are looked at: they stand whichever die is asked for."""

_CHOICE_RULES = ("doubles-max", "larger-die", "both-dice")
"""The reasons of a step the rules of one step allow but no legal play of the roll continues."""


def _check_point(point: object) -> None:
    if not is_int(point) or not OFF_POINT <= point <= BAR_POINT:
        raise IllegalPlayError(f"{point!r} is not a point (24..1 in the mover's numbering, bar = 25, off = 0)")


def _hops(left: tuple[int, ...], pips: int, bearing_off: bool) -> list[tuple[int, ...]]:
    """The orders of dice from ``left`` that move a checker ``pips``: exactly, or bearing off also
    past the edge with the last die (the higher-die rule decides whether that is allowed)."""
    found = set()

    def walk(rest: tuple[int, ...], used: tuple[int, ...], total: int) -> None:
        for die in set(rest):
            if total + die == pips or (bearing_off and total + die > pips):
                found.add(used + (die,))
            elif total + die < pips:
                walk(_without(rest, die), used + (die,), total + die)

    walk(left, (), 0)
    return sorted(found, key=lambda hop: (len(hop), hop))


def _touchdowns(from_point: int, hop: tuple[int, ...]) -> list[int]:
    """The points a checker touches down on when ``hop``'s dice move it on in that order."""
    points, here = [], from_point
    for die in hop[:-1]:
        here -= die
        points.append(here)
    return points


def _physical(
    me: tuple[int, ...], them: tuple[int, ...], from_point: int, hops: list[tuple[int, ...]]
) -> tuple[int, ...] | None:
    """The first of ``hops`` that moves the checker by single legal steps (the choice rules
    aside), or None."""
    for hop in hops:
        m, t, src = me, them, _index(from_point)
        for die in hop:
            step = next(((s, d) for s, d in _pair_steps(m, t, die) if s == src), None)
            if step is None:
                break
            m, t, _ = _step(m, t, *step)
            src = step[1]
        else:
            return hop
    return None
