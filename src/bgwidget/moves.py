"""Layer 2, plays: checker moves, legal play generation and notation.

Point numbers here are **from the mover's side**: 24..1 on the board, 25 for the bar and 0 for
off, as in GNU Backgammon's move lists; the notation writes ``bar`` and ``off``.

The rules are the USBGF rules of play:

* both dice must be played when possible; when only one can be played, the larger one must be
  played if either could be; doubles are played four times, or as many times as possible;
* a checker moved by both dice touches down on the intermediate point, which must be open;
* checkers on the bar enter first, into the opponent's home board (the mover's points 24..19);
* a checker bears off only when all fifteen are in the home board; a die bears off from its own
  point, or a higher die from the highest occupied point.
"""

from __future__ import annotations

import re
import struct
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from bgwidget.dice import DiceError, check_roll
from bgwidget.position import BAR, BAR_POINT, OFF_POINT, Position
from bgwidget.refusal import Refusal

__all__ = [
    "BAR_POINT",
    "OFF_POINT",
    "DiceError",
    "IllegalPlayError",
    "Move",
    "NotationError",
    "PartialPlay",
    "Play",
    "check_roll",
    "format_play",
    "legal_plays",
    "parse_play",
    "result_boards",
    "roll_text",
]


class IllegalPlayError(Refusal):
    """A play that the rules do not allow for this position and roll: a :class:`~bgwidget.refusal.Refusal`
    whose ``reason`` names the rule and whose point facts are in the mover's numbering."""


class NotationError(IllegalPlayError):
    """Text that is not backgammon play notation (``"24/18 13/9*"``, ``"bar/22"``, ``"6/off(2)"``)."""


class Move(NamedTuple):
    """One checker moved by one die.

    ``from_point`` is 25 for the bar, ``to_point`` 0 for off; both in the mover's numbering.
    ``hit`` is True when the move sends an opponent's blot to the bar.
    """

    from_point: int
    to_point: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{_name(self.from_point)}/{_name(self.to_point)}{'*' if self.hit else ''}"


@dataclass(frozen=True, slots=True, eq=False)
class Play:
    """All the checker moves of one roll, and the position they lead to.

    ``moves`` are in the order they can be made (for doubles: from the highest point down).
    ``result`` is the position after the play, with the **opponent on roll**. Two plays are
    equal when they reach the same position, as the rules count them as one play.
    """

    moves: tuple[Move, ...]
    result: Position

    def __str__(self) -> str:
        return format_play(self.moves, self.before)

    def __repr__(self) -> str:
        return f"<Play {self}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and self.result == other.result

    def __hash__(self) -> int:
        return hash(self.result)

    @property
    def before(self) -> tuple[int, ...]:
        """The mover's 25 counts before the play (its own numbering, bar last)."""
        board = list(self.result.opponent)
        for move in self.moves:
            board[BAR if move.from_point == BAR_POINT else move.from_point - 1] += 1
            if move.to_point != OFF_POINT:
                board[move.to_point - 1] -= 1
        return tuple(board)

    @property
    def hits(self) -> int:
        """How many of the opponent's checkers this play sends to the bar."""
        return sum(move.hit for move in self.moves)

    @property
    def pips(self) -> int:
        """Pips the play moves (a bear-off counts the distance to off, not the die)."""
        return sum(move.from_point - move.to_point for move in self.moves)


# ---------------------------------------------------------------------- generation
#
# The generator works on one board of 50 bytes: the mover's 25 counts in its own numbering, then
# the opponent's 25 in the opponent's numbering, exactly as ``Position.player + .opponent`` holds
# them; copying a board, keying it and turning it back into a Position are then single C-level
# operations. The mover's index i (point i + 1) is the opponent's index 23 - i, byte 48 - i.
# A step is (from index, to index) in the mover's numbering with -1 for off.

_THEIR_BAR = 49


def _steps(board: Sequence[int], die: int, top: int = BAR) -> list[tuple[int, int]]:
    """Legal single steps with ``die``, from indices at most ``top``."""
    if board[BAR]:
        if top < BAR or board[BAR + die] >= 2:  # the mover's point 25 - die: byte 24 + die
            return []
        return [(BAR, BAR - die)]
    highest = 23
    while highest >= 0 and not board[highest]:
        highest -= 1
    if highest < 0:  # all borne off: the game is over
        return []
    start = min(highest, top)
    blocked = 48 + die  # the destination of index s is byte blocked - s
    found = [(s, s - die) for s in range(start, die - 1, -1) if board[s] and board[blocked - s] < 2]
    if highest < 6:  # all checkers home: bearing off is allowed
        exact = die - 1
        if exact <= start and board[exact]:
            found.append((exact, -1))
        elif exact > highest and highest <= start:
            # A higher die bears off from the highest point when no checker stands above it.
            found.append((highest, -1))
    return found


def _apply(board: bytearray, src: int, dst: int) -> bytearray:
    """The board after one step (the input is left alone); it hit when the opponent's bar grew."""
    after = board[:]
    after[src] -= 1
    if dst >= 0:
        after[dst] += 1
        if after[48 - dst] == 1:  # an opponent's blot goes to the bar
            after[48 - dst] = 0
            after[_THEIR_BAR] += 1
    return after


# _MOVES[src][dst][hit]: the Move of a step, made once (dst -1, off, is the last of each list).
_MOVES = [
    [(Move(src + 1, (dst + 1) % 25), Move(src + 1, (dst + 1) % 25, True)) for dst in range(25)] for src in range(25)
]


def legal_plays(position: Position, die1: int, die2: int) -> list[Play]:
    """Every distinct legal play of ``die1``-``die2`` for the player on roll.

    Returns a list of :class:`Play`, one per distinct resulting position (plays that reach the
    same position are one play), in a fixed order for a given input; ``[]`` when no checker can
    move (the player dances or is blocked). Raises :class:`DiceError` for dice outside 1..6.
    """
    found = _found(position, die1, die2)
    turn = 1 - position.turn
    new_position, new_play, set_moves, set_result = Position.unchecked, object.__new__, _set_moves, _set_result
    counts = _COUNTS
    plays = []
    for key, moves in found.items():
        # The hot path: the generator only makes legal positions, and the frozen dataclass's
        # own constructor costs twice these two setters.
        play = new_play(Play)
        set_moves(play, moves)
        set_result(play, new_position(counts(key, 25), counts(key), turn))
        plays.append(play)
    return plays


def result_boards(position: Position, die1: int, die2: int) -> list[bytes]:
    """The boards that the legal plays of ``die1``-``die2`` reach, without making plays or positions.

    Each is 50 bytes: the **mover's** 25 counts, then the opponent's 25, each side in its own
    numbering as :class:`~bgwidget.Position` holds them (``player + opponent`` before the play);
    one per distinct result, in the order of :func:`legal_plays`; ``[]`` when no checker can
    move. The hot path of the searches and rollouts, which judge every result of every roll and
    keep one. Raises :class:`DiceError` for dice outside 1..6.
    """
    return list(_found(position, die1, die2, steps=False))


def _found(position: Position, die1: int, die2: int, steps: bool = True) -> dict[bytes, tuple[Move, ...]]:
    """Each distinct result board (see :func:`result_boards`) and the first moves that reach it
    (``()`` for each without ``steps``: the boards alone cost a search less)."""
    check_roll((die1, die2))
    board = bytearray(position.player + position.opponent)
    found: dict[bytes, tuple[Move, ...]] = {}
    if die1 == die2:
        _doubles(board, die1, found, steps)
    else:
        _non_doubles(board, max(die1, die2), min(die1, die2), found, steps)
    return found


_set_moves, _set_result = Play.__dict__["moves"].__set__, Play.__dict__["result"].__set__
_COUNTS = struct.Struct("25B").unpack_from  # (board, offset) -> one side's 25 counts as a tuple


def _non_doubles(board: bytearray, high: int, low: int, found: dict, steps: bool) -> None:
    bar = board[_THEIR_BAR]
    # Sources (high die's, low die's) of the plays that move the higher die first: the same two
    # steps the other way round reach the same board (the same points lose and gain a checker,
    # the same blots are hit), so the second pass skips them before building a board.
    both: set[int] = set()
    for first, second, high_first in ((high, low, True), (low, high, False)):
        for src, dst in _steps(board, first):
            board1 = _apply(board, src, dst)
            bar1 = board1[_THEIR_BAR]
            for src2, dst2 in _steps(board1, second):
                if high_first:
                    both.add(src << 5 | src2)
                elif src2 << 5 | src in both:
                    continue
                after = board1[:]  # _apply, written out: the hot loop of every search
                after[src2] -= 1
                if dst2 >= 0:
                    after[dst2] += 1
                    if after[48 - dst2] == 1:
                        after[48 - dst2] = 0
                        after[_THEIR_BAR] += 1
                key = bytes(after)
                if key not in found:
                    found[key] = (
                        (_MOVES[src][dst][bar1 != bar], _MOVES[src2][dst2][key[_THEIR_BAR] != bar1]) if steps else ()
                    )
    if found:
        return
    # Only one die can be played: the larger one if it can, else the smaller.
    for die in (high, low):
        for src, dst in _steps(board, die):
            key = bytes(_apply(board, src, dst))
            if key not in found:
                found[key] = (_MOVES[src][dst][key[_THEIR_BAR] != bar],) if steps else ()
        if found:
            return


def _doubles(board: bytearray, die: int, found: dict, steps: bool) -> None:
    """The plays of a double: as many steps as possible (up to four), each result kept once.

    Steps are generated from the highest point down, so each set of steps is seen in one order;
    the plays are kept in the order this depth-first walk first reaches them.
    """
    longest = 0
    trail: list[Move | None] = [None] * 4  # the moves of the path walked (with ``steps``)

    def walk(board: bytearray, depth: int, top: int) -> None:
        nonlocal longest
        options = _steps(board, die, top)
        if not options:
            if depth > longest:
                longest = depth
                found.clear()
            if depth and depth == longest and bytes(board) not in found:
                found[bytes(board)] = tuple(trail[:depth]) if steps else ()
            return
        for src, dst in options:
            after = board[:]  # _apply, written out: the hot loop of every search
            after[src] -= 1
            hit = False
            if dst >= 0:
                after[dst] += 1
                if after[48 - dst] == 1:
                    after[48 - dst] = 0
                    after[_THEIR_BAR] += 1
                    hit = True
            if steps:
                trail[depth] = _MOVES[src][dst][hit]
            if depth < 3:
                walk(after, depth + 1, src)
                continue
            if longest < 4:  # the fourth step ends the play
                longest = 4
                found.clear()
            key = bytes(after)
            if key not in found:
                found[key] = tuple(trail) if steps else ()

    walk(board, 0, BAR)


# ---------------------------------------------------------------------- a play in progress
#
# The play in progress works on the generator's pair of tuples, seen from the mover: ``me[i]``
# the mover's checkers on point i + 1 (me[24] the bar), ``them[i]`` the opponent's checkers on
# that same point (them[24] the opponent's bar). Tuples, so that they key the memo below.

Pair = tuple[tuple[int, ...], tuple[int, ...]]


def _pair(position: Position) -> Pair:
    return position.player, position.opponent[23::-1] + (position.opponent[BAR],)


def _step(me: tuple[int, ...], them: tuple[int, ...], src: int, dst: int) -> tuple[tuple, tuple, bool]:
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
    """Legal single steps with ``die`` from the pair (see :func:`_steps`)."""
    return _steps(me + them[23::-1] + (them[BAR],), die)


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

    Raises :class:`DiceError` for dice that are not a roll; :meth:`step` and :meth:`undo` raise
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
        self._memo: dict = {}
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
                if not isinstance(step, (list, tuple)) or len(step) != 3 or any(type(v) is not int for v in step):
                    raise IllegalPlayError(f"a saved step is [from, to, die] in whole numbers, not {step!r}")
                frm, to, die = step
                if i and frm != group[i - 1][1]:
                    raise IllegalPlayError(f"the steps of one group move one checker on: {group!r}")
                route = partial._single_route(frm, to, die)
                if route is None:
                    raise IllegalPlayError(f"saved step {_name(frm)}/{_name(to)} with a {die} is not legal here")
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
        groups: dict[int, list] = {}
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
        it can move somewhere). Points in the mover's numbering. The refusal's ``reason`` is the
        first rule that stops the step, checked in a teacher's order: whose checker it is, the bar
        first, direction, the dice rolled, bearing off (all fifteen home, the higher-die rule),
        closed landing and intermediate points, then the rules that choose among possible steps
        (both dice, the larger die, as many of a double as possible); the reasons are the catalogue's
        ``why.*`` keys (see :mod:`bgwidget.refusal`).
        Raises :class:`IllegalPlayError` (reason ``"invalid"``) for a point or die that is not one.
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
        return self._refusal(from_point, targets[0] if targets else max(from_point - 1, 0))

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

    def _routes(self) -> dict[int, dict[int, Route]]:
        """``{from_point: {to_point: route}}``: the preferred route to each destination."""
        found: dict[int, dict[int, tuple]] = {}
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
        if die is not None and (not isinstance(die, int) or isinstance(die, bool)):
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
        if die not in _hops((die,), from_point - to_point, to_point == OFF_POINT):
            return IllegalPlayError(reason="die-mismatch", die=die, **{"from": from_point, "to": to_point})
        return refusal

    def _targets_of(self, from_point: int) -> list[int]:
        """The points one die left would take a checker on ``from_point`` to, rules aside."""
        return sorted({max(from_point - die, 0) for die in self._left}, reverse=True)

    def _refusal(self, from_point: int, to_point: int) -> IllegalPlayError:
        """Why no legal play lets a checker go from ``from_point`` to ``to_point`` now."""
        me, them, left = self._me, self._them, self._left
        move = f"{_name(from_point)}/{_name(to_point)}"
        dice = roll_text(self.dice)

        def refuse(reason: str, **facts: Any) -> IllegalPlayError:
            return IllegalPlayError(reason=reason, **facts)

        if from_point == OFF_POINT:
            return refuse("borne-off")
        if not me[_index(from_point)]:
            if from_point == BAR_POINT:
                return refuse("bar-empty")
            if them[from_point - 1]:
                return refuse("opponent-checker", point=from_point)
            return refuse("no-checker", point=from_point)
        if not self.plays:
            return refuse("no-play", dice=dice)
        if self.is_complete:
            return refuse("dice-played", dice=dice)
        if me[BAR] and from_point != BAR_POINT:
            return refuse("bar-first", count=me[BAR])
        if to_point != OFF_POINT and to_point >= from_point:
            return refuse("backwards", move=move, **{"from": from_point, "to": to_point})
        pips = from_point - to_point
        bearing_off = to_point == OFF_POINT
        if bearing_off and sum(me[6:]) - (from_point > 6) > 0:
            return refuse("not-all-home", count=sum(me[6:]))
        hops = _hops(left, pips, bearing_off)
        if not hops:
            if self._steps and _hops(self._all, pips, bearing_off):
                return refuse("die-used", die=pips, dice=dice)
            return refuse("no-die", dice=dice, pips=pips, move=move)
        if _physical(me, them, from_point, hops):
            if len(set(self._all)) == 1:
                return refuse("doubles-max", die=self._all[0], count=self._need - len(self._steps))
            if self._need == 1:
                return refuse("larger-die", die=max(self._all), other=min(self._all))
            die = hops[0][0]  # the one die of a single step (hops are sorted shortest first)
            other = min(self._all) if die == max(self._all) else max(self._all)
            return refuse("both-dice", move=move, die=die, other=other)
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
        return refuse("not-legal", move=move, dice=dice)


_BEFORE_DICE = (
    "borne-off",
    "bar-empty",
    "opponent-checker",
    "no-checker",
    "no-play",
    "dice-played",
    "bar-first",
    "backwards",
)
"""The reasons found before the dice are looked at: they stand whichever die is asked for."""


def roll_text(dice: Sequence[int]) -> str:
    """A roll as people write it, the larger die first; ``()`` is ``""``.

    >>> roll_text((3, 5)), roll_text([6, 6])
    ('5-3', '6-6')
    """
    return "-".join(map(str, sorted(dice, reverse=True)))


def _check_point(point: object) -> None:
    if not isinstance(point, int) or isinstance(point, bool) or not 0 <= point <= 25:
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


def _physical(me: tuple[int, ...], them: tuple[int, ...], from_point: int, hops: list[tuple[int, ...]]) -> bool:
    """Whether one of ``hops`` moves the checker by single legal steps (the choice rules aside)."""
    for hop in hops:
        m, t, src = me, them, _index(from_point)
        for die in hop:
            step = next(((s, d) for s, d in _pair_steps(m, t, die) if s == src), None)
            if step is None:
                break
            m, t, _ = _step(m, t, *step)
            src = step[1]
        else:
            return True
    return False


# ---------------------------------------------------------------------- notation


def _name(point: int) -> str:
    return "bar" if point == BAR_POINT else "off" if point == OFF_POINT else str(point)


def format_play(moves: Sequence[Move], before: Sequence[int] | None = None) -> str:
    """The gnubg/XG notation of a play, e.g. ``"24/18 13/9*"``, ``"bar/22"``, ``"13/11(2) 6/4(2)"``.

    Moves of one checker are joined (``"24/13"``), showing an intermediate point only where it
    hits (``"24/18*/13"``); identical moves are grouped with a count; moves are listed from the
    highest starting point down. When ``before`` (the mover's 25 counts before the play) is
    given, a move is joined only through a point where the mover had no checker, since there
    any checker may have gone on (``"5/2 2/off"``, not ``"5/off"``). An empty play is ``""``.
    """
    chains: list[list] = []  # [from_point, [(landing point, hit), ...]]
    for move in sorted(moves, key=lambda m: (-m.from_point, -m.to_point)):
        joinable = before is None or move.from_point == BAR_POINT or not before[move.from_point - 1]
        for chain in chains if joinable else ():
            if chain[1][-1][0] == move.from_point:
                chain[1].append((move.to_point, move.hit))
                break
        else:
            chains.append([move.from_point, [(move.to_point, move.hit)]])
    chains.sort(key=lambda chain: (-chain[0], -chain[1][-1][0]))
    texts = []
    for start, landings in chains:
        parts = [_name(start)]
        for i, (point, hit) in enumerate(landings):
            if hit or i == len(landings) - 1:
                parts.append(_name(point) + ("*" if hit else ""))
        texts.append("/".join(parts))
    counts = Counter(texts)  # keeps first-seen order
    return " ".join(t if n == 1 else f"{t}({n})" for t, n in counts.items())


_TOKEN = re.compile(r"^(bar|[0-9]{1,2})((?:/(?:bar|off|[0-9]{1,2})\*?)+)(?:\(([0-9]+)\))?$")


def _point(text: str, token: str) -> int:
    if text == "bar":
        return BAR_POINT
    if text == "off":
        return OFF_POINT
    value = int(text)
    if not 0 <= value <= 25:
        raise NotationError(reason="notation", move=token)
    return value


def _distances(die1: int, die2: int) -> set[int]:
    """The pips one checker can move in one hop of the notation with this roll (not bearing off)."""
    if die1 == die2:
        return {die1 * n for n in range(1, 5)}
    return {die1, die2, die1 + die2}


def parse_play(position: Position, text: str, die1: int, die2: int) -> Play:
    """The legal play of ``die1``-``die2`` that ``text`` names, in gnubg/XG notation.

    Accepts ``"24/18 13/9*"``, ``"24/13"`` (one checker, both dice), ``"24/18*/13"``,
    ``"13/11(2)"``, ``"bar/22"``, ``"6/off"``, GNU Backgammon's ``25`` and ``0`` for bar and off,
    and in any order and case. Hits need not be marked unless two plays differ only in where
    they hit. ``""`` or ``"pass"`` names the empty play when no checker can move.

    The points a text names are where checkers land, and a checker landing on a lone opposing
    checker hits it, marked or not (``"13/11/8"`` is ``"13/11*/8"`` when a blot stands on 11);
    a ``*`` only chooses between plays that the named points leave open, and on a repeated
    move (``"8/3*(2)"``) marks one hit.

    Raises :class:`NotationError` for text that is not notation or names what no play can do
    (a count outside (1)..(4), a checker moving up, a point marked hit by two moves);
    :class:`IllegalPlayError` when no legal play matches (a hop no dice of the roll make, a hit
    marked where the play hits nothing) or when the text fits several.
    """
    plays = legal_plays(position, die1, die2)
    if not isinstance(text, str):
        raise NotationError(f"a play is written as text, not {type(text).__name__}")
    tokens = text.lower().replace(",", " ").split()
    if tokens in ([], ["pass"]) or tokens == ["cannot", "move"]:
        if plays:
            raise IllegalPlayError(reason="must-play", dice=roll_text((die1, die2)))
        return Play((), position.swap())
    after = list(position.player)
    hits: Counter = Counter()
    landed: set[int] = set()
    hops: list[tuple[int, int]] = []  # (from, to) of every checker hop written, in order
    distances = _distances(die1, die2)
    for token in tokens:
        match = _TOKEN.match(token)
        if not match:
            raise NotationError(reason="notation", move=token)
        count = match.group(3) or "1"
        if len(count) > 1 or not 1 <= int(count) <= 4:
            raise NotationError(reason="notation-count", move=token, count=count)
        times = int(count)
        landings = match.group(2)[1:].split("/")
        points = [_point(match.group(1), token)] + [_point(landing.rstrip("*"), token) for landing in landings]
        for here, there in zip(points, points[1:]):
            if there >= here:
                raise NotationError(reason="backwards", move=token, **{"from": here, "to": there})
        for here, there, landing in zip(points, points[1:], landings):
            if there != OFF_POINT and here - there not in distances:
                raise IllegalPlayError(reason="no-die", dice=roll_text((die1, die2)), pips=here - there, move=token)
            landed.add(there)
            if landing.endswith("*"):
                if there == OFF_POINT:
                    raise NotationError(reason="hit-off", move=token)
                hits[there] += 1  # '8/3*(2)': the first of the two hits (Backgammon Studio writes it so)
                if hits[there] > 1:
                    raise NotationError(reason="hit-twice", point=there)
        hops += [(here, there) for here, there in zip(points, points[1:])] * times
        start, end = points[0], points[-1]
        after[start - 1 if start != BAR_POINT else BAR] -= times
        if end != OFF_POINT:
            after[end - 1] += times
    if min(after) < 0:
        short = after.index(min(after))
        raise IllegalPlayError(reason="too-many", point=BAR_POINT if short == BAR else short + 1)
    candidates = [play for play in plays if list(play.result.opponent) == after]
    marked = [play for play in candidates if set(hits) <= {m.to_point for m in play.moves if m.hit}]
    if candidates and not marked:
        raise IllegalPlayError(reason="no-hit", point=min(hits))
    candidates = marked
    # Plays that differ only in where they hit: the points named decide, then the marked hits.
    for fits in (
        lambda play: landed <= {m.to_point for m in play.moves},
        lambda play: Counter(m.to_point for m in play.moves if m.hit) == hits,
        lambda play: {m.to_point for m in play.moves if m.hit} <= landed,
    ):
        if len(candidates) < 2:
            break
        candidates = [play for play in candidates if fits(play)] or candidates
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise _first_refusal(position, (die1, die2), hops, text)
    options = ", ".join(str(play) for play in candidates)
    raise IllegalPlayError(reason="ambiguous", move=text, options=options)


def _first_refusal(
    position: Position, dice: tuple[int, int], hops: list[tuple[int, int]], text: str
) -> IllegalPlayError:
    """Why the hops of a written play are no legal play: the first that the rules stop, played in
    the order written (entering from the bar first), else the dice it leaves unplayed."""
    partial = PartialPlay(position, dice)
    for here, there in sorted(hops, key=lambda hop: hop[0] != BAR_POINT):
        refusal = partial.check_step(here, there)
        if refusal is not None:
            return refusal
        partial.step(here, there)
    try:
        partial.play  # noqa: B018 - the dice left unplayed, if any, are the refusal
    except IllegalPlayError as refusal:
        return refusal
    return IllegalPlayError(reason="not-legal", move=text, dice=roll_text(dice))
