"""Layer 2, plays: :class:`Move` and :class:`Play`, the values, and legal play generation.

Point numbers here are **from the mover's side**: 24..1 on the board, 25 for the bar and 0 for
off, as in GNU Backgammon's move lists; the notation writes ``bar`` and ``off``.

The rules are the USBGF rules of play:

* both dice must be played when possible; when only one can be played, the larger one must be
  played if either could be; doubles are played four times, or as many times as possible;
* a checker moved by both dice touches down on the intermediate point, which must be open;
* checkers on the bar enter first, into the opponent's home board (the mover's points 24..19);
* a checker bears off only when all fifteen are in the home board; a die bears off from its own
  point, or a higher die from the highest occupied point.

The text of a play (:func:`format_play`, :func:`roll_text`) is written here, beside the values
whose ``str`` it is; :mod:`bgwidget.notation` reads it back, which needs the legal plays.
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from typing import NamedTuple

from bgwidget.dice import check_roll
from bgwidget.position import BAR, BAR_POINT, OFF_POINT, Position

__all__ = [
    "Move",
    "Play",
    "format_play",
    "legal_plays",
    "point_name",
    "result_boards",
    "roll_text",
    "single_steps",
]


class Move(NamedTuple):
    """One checker moved by one die.

    ``from_point`` is 25 for the bar, ``to_point`` 0 for off; both in the mover's numbering.
    ``hit`` is True when the move sends an opponent's blot to the bar.
    """

    from_point: int
    to_point: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_name(self.from_point)}/{point_name(self.to_point)}{'*' if self.hit else ''}"


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

_THEIR_BAR = 25 + BAR  # the opponent's bar: its 25 counts follow the mover's
Step = tuple[int, int]  # (from index, to index), -1 for off


def single_steps(board: Sequence[int], die: int, top: int = BAR) -> list[Step]:
    """The legal single steps of ``die`` on the generator's 50-byte ``board`` (see above), from the
    mover's indices at most ``top``: ``(from index, to index)`` pairs, -1 for off."""
    return _steps(board, die, _open_steps(board, die), top)


def _open_steps(board: Sequence[int], die: int) -> list[Step | None]:
    """The steps of ``die`` from each of the mover's indices 23 down to ``die``, ``None`` where the
    opponent holds the landing point. Made once per die and roll, as no play makes a point held
    (a hit only takes a blot away): the open landings stay open until the roll ends."""
    # The landing of index s is the opponent's index 23 - (s - die), byte 48 - s + die: from s = 23
    # down, the opponent's bytes 25 + die up to 48.
    return [step if count < 2 else None for step, count in zip(_STEPS[die], board[25 + die : 49])]


def _steps(board: Sequence[int], die: int, opened: list[Step | None], top: int = BAR) -> list[Step]:
    """:func:`single_steps` with the die's :func:`_open_steps` of the roll's first board."""
    if board[BAR]:
        if top < BAR or board[BAR + die] >= 2:  # the mover's point 25 - die: byte 24 + die
            return []
        return [(BAR, BAR - die)]
    # The open steps whose index holds a checker, filtered in C: the board's bytes from the top
    # index down select them, and filter drops the blocked ones' None.
    if top >= 23:
        found = list(filter(None, compress(opened, board[23 : die - 1 : -1])))
    else:
        found = list(filter(None, compress(opened[23 - top :], board[top : die - 1 : -1])))
    if any(board[6:BAR]):
        return found
    # All checkers home: bearing off is allowed.
    highest = 5
    while highest >= 0 and not board[highest]:
        highest -= 1
    exact = die - 1
    if exact <= top and board[exact]:
        found.append((exact, -1))
    elif exact > highest >= 0 and highest <= top:
        # A higher die bears off from the highest point when no checker stands above it.
        found.append((highest, -1))
    return found


# _STEPS[die]: the steps of ``die`` from the mover's indices 23 down to ``die``, made once.
_STEPS: list[list[Step]] = [[]] + [[(s, s - die) for s in range(23, die - 1, -1)] for die in range(1, 7)]


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
    move (the player dances or is blocked). Raises :class:`~bgwidget.dice.DiceError` for dice outside 1..6.
    """
    found = _found(position, die1, die2)
    turn = 1 - position.turn
    new, set_moves, set_result = object.__new__, _set_moves, _set_result
    set_player, set_opponent, set_turn, counts = _set_player, _set_opponent, _set_turn, _COUNTS
    # A play that hits nothing leaves the opponent's checkers as they were: its result shares
    # their tuple, rather than reading the same 25 counts back from the board.
    theirs, their_bar = position.opponent, position.opponent[BAR]
    plays: list[Play] = []
    append = plays.append
    for key, moves in found.items():
        # The hot path, a third of the time: the generator only makes legal positions, so each
        # Play and Position is filled by its slots' setters, without the frozen dataclass's
        # constructor (twice the cost) or a call of Position.unchecked (a quarter more).
        play = new(Play)
        set_moves(play, moves)
        result = new(Position)
        set_player(result, theirs if key[_THEIR_BAR] == their_bar else counts(key, 25))
        set_opponent(result, counts(key))
        set_turn(result, turn)
        set_result(play, result)
        append(play)
    return plays


def result_boards(position: Position, die1: int, die2: int) -> list[bytes]:
    """The boards that the legal plays of ``die1``-``die2`` reach, without making plays or positions.

    Each is 50 bytes: the **mover's** 25 counts, then the opponent's 25, each side in its own
    numbering as :class:`~bgwidget.Position` holds them (``player + opponent`` before the play);
    one per distinct result, in the order of :func:`legal_plays`; ``[]`` when no checker can
    move. The searches and rollouts find the same boards, in the same order, for many rolls at
    once with numpy (:func:`bgwidget.ai.movegen.roll_results`, tested against this one). Raises
    :class:`~bgwidget.dice.DiceError` for dice outside 1..6.
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
# Position.unchecked's own setters: the results are legal by construction (see legal_plays).
_set_player, _set_opponent, _set_turn = (Position.__dict__[name].__set__ for name in ("player", "opponent", "turn"))
_COUNTS = struct.Struct("25B").unpack_from  # (board, offset) -> one side's 25 counts as a tuple


def _non_doubles(board: bytearray, high: int, low: int, found: dict[bytes, tuple[Move, ...]], steps: bool) -> None:
    bar = board[_THEIR_BAR]
    # Sources (high die's, low die's) of the plays that move the higher die first: the same two
    # steps the other way round reach the same board (the same points lose and gain a checker,
    # the same blots are hit), so the second pass skips them before building a board.
    both: set[int] = set()
    opened = {high: _open_steps(board, high), low: _open_steps(board, low)}
    outside = sum(board[6:BAR])  # the mover's checkers outside the home board
    # Only the second pass's full search reads them (see its shortcut below): with a checker on
    # the bar, or one low step from bearing off.
    record = board[BAR] or outside < 2
    for first, second, high_first in ((high, low, True), (low, high, False)):
        for src, dst in _steps(board, first, opened[first]):
            if high_first or board[BAR] or outside - (src > 5) + (dst > 5) == 0:
                seconds = None  # the steps on the board after this one
            else:
                # With no checker on the bar and none able to bear off, every step of the high die
                # after this low one was also legal first, so the first pass had it, except one
                # moving on the checker just moved, from a point that was empty: skip the rest unseen.
                # That one too reaches a board of the first pass when the high step from ``src`` is
                # open and neither touchdown point holds a blot (the same checker, the same landing,
                # nothing hit on the way): skip it unseen as well.
                chain = opened[high][23 - dst] if dst >= high and not board[dst] else None
                if chain is None or opened[high][23 - src] and not board[48 - dst] and not board[48 - src + high]:
                    continue
                seconds = [chain]
            board1 = _apply(board, src, dst)
            bar1 = board1[_THEIR_BAR]
            move1 = _MOVES[src][dst][bar1 != bar]
            for src2, dst2 in seconds or _steps(board1, second, opened[second]):
                if high_first:
                    if record:
                        both.add(src << 5 | src2)
                elif src2 << 5 | src in both:
                    continue
                after = board1[:]  # _apply, written out: the hot loop of legal_plays
                after[src2] -= 1
                if dst2 >= 0:
                    after[dst2] += 1
                    if after[48 - dst2] == 1:
                        after[48 - dst2] = 0
                        after[_THEIR_BAR] += 1
                key = bytes(after)
                if key not in found:
                    found[key] = (move1, _MOVES[src2][dst2][key[_THEIR_BAR] != bar1]) if steps else ()
    if found:
        return
    # Only one die can be played: the larger one if it can, else the smaller.
    for die in (high, low):
        for src, dst in _steps(board, die, opened[die]):
            key = bytes(_apply(board, src, dst))
            if key not in found:
                found[key] = (_MOVES[src][dst][key[_THEIR_BAR] != bar],) if steps else ()
        if found:
            return


def _doubles(board: bytearray, die: int, found: dict[bytes, tuple[Move, ...]], steps: bool) -> None:
    """The plays of a double: as many steps as possible (up to four), each result kept once.

    Checkers on the bar enter first; then steps are taken from the highest point down (a step
    never starts above the one before), so each set of steps is seen in one order; the plays are
    kept in the order this depth-first walk first reaches them. ``board`` is the caller's own.
    """
    trail = [_MOVES[0][0][0]] * 4  # the moves of the path walked (with ``steps``), each set before it is read
    # Entering is forced, every checker on the bar alike: no choice to walk until all are in.
    depth, entry = 0, BAR - die
    while board[BAR] and depth < 4 and board[BAR + die] < 2:  # byte BAR + die: the opponent on the entry point
        board[BAR] -= 1
        board[entry] += 1
        hit = board[48 - entry] == 1
        if hit:
            board[48 - entry] = 0
            board[_THEIR_BAR] += 1
        trail[depth] = _MOVES[BAR][entry][hit]
        depth += 1
    if board[BAR] or depth == 4:  # a checker kept on the bar, or every die spent entering
        if depth:
            found[bytes(board)] = tuple(trail[:depth]) if steps else ()
        return
    # The walk's candidate steps, made once: the open landings stay open (see _open_steps), so a
    # step is taken where its point holds a checker, or gets one from a candidate step above it.
    # Checking a few candidates per node costs less than finding the steps anew on every board.
    cands: list[Step] = []
    reach = bytearray(30)  # reach[i]: a candidate step starts from index i
    for step in _open_steps(board, die):
        if step and (board[step[0]] or reach[step[0] + die]):
            reach[step[0]] = 1
            cands.append(step)
    exact = die - 1
    if sum(board[6:BAR]) < 4 - depth:  # else a checker stays outside the home board to the end
        # Bearing off from each home point, the lowest last (as their sources order them): from
        # the die's own point, or below it from the highest point, and only with all checkers home.
        cands += [(src, -1) for src in range(exact, -1, -1)]
    last = len(cands)
    longest = 0

    def walk(board: bytearray, depth: int, first: int) -> None:
        nonlocal longest
        stuck = True
        for k in range(first, last):  # cands[first] starts where the step before did, or below
            src, dst = cands[k]
            if not board[src] or dst < 0 and (any(board[6:BAR]) or src < exact and any(board[src + 1 : 6])):
                continue
            stuck = False
            after = board[:]  # _apply, written out: the hot loop of legal_plays
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
                walk(after, depth + 1, k)
                continue
            if longest < 4:  # the fourth step ends the play
                longest = 4
                found.clear()
            key = bytes(after)
            if key not in found:
                found[key] = tuple(trail) if steps else ()
        if stuck:
            if depth > longest:
                longest = depth
                found.clear()
            if depth and depth == longest and bytes(board) not in found:
                found[bytes(board)] = tuple(trail[:depth]) if steps else ()

    walk(board, depth, 0)


# ---------------------------------------------------------------------- text


def point_name(point: int) -> str:
    """A point of the mover's numbering as notation writes it: ``"bar"`` (25), ``"off"`` (0), or its number."""
    return "bar" if point == BAR_POINT else "off" if point == OFF_POINT else str(point)


def format_play(moves: Sequence[Move], before: Sequence[int] | None = None) -> str:
    """The gnubg/XG notation of a play, e.g. ``"24/18 13/9*"``, ``"bar/22"``, ``"13/11(2) 6/4(2)"``.

    Moves of one checker are joined (``"24/13"``), showing an intermediate point only where it
    hits (``"24/18*/13"``); identical moves are grouped with a count; moves are listed from the
    highest starting point down. When ``before`` (the mover's 25 counts before the play) is
    given, a move is joined only through a point where the mover had no checker, since there
    any checker may have gone on (``"5/2 2/off"``, not ``"5/off"``). An empty play is ``""``.
    """
    chains: list[tuple[int, list[tuple[int, bool]]]] = []  # (from_point, [(landing point, hit), ...])
    for move in sorted(moves, key=lambda m: (-m.from_point, -m.to_point)):
        joinable = before is None or move.from_point == BAR_POINT or not before[move.from_point - 1]
        for chain in chains if joinable else ():
            if chain[1][-1][0] == move.from_point:
                chain[1].append((move.to_point, move.hit))
                break
        else:
            chains.append((move.from_point, [(move.to_point, move.hit)]))
    chains.sort(key=lambda chain: (-chain[0], -chain[1][-1][0]))
    texts = []
    for start, landings in chains:
        parts = [point_name(start)]
        for i, (point, hit) in enumerate(landings):
            if hit or i == len(landings) - 1:
                parts.append(point_name(point) + ("*" if hit else ""))
        texts.append("/".join(parts))
    counts = Counter(texts)  # keeps first-seen order
    return " ".join(t if n == 1 else f"{t}({n})" for t, n in counts.items())


def roll_text(dice: Sequence[int]) -> str:
    """A roll as people write it, the larger die first; ``()`` is ``""``.

    >>> roll_text((3, 5)), roll_text([6, 6])
    ('5-3', '6-6')
    """
    return "-".join(map(str, sorted(dice, reverse=True)))
