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
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from bgwidget.position import BAR, Position, _new

__all__ = [
    "DiceError",
    "IllegalPlayError",
    "Move",
    "NotationError",
    "Play",
    "format_play",
    "legal_plays",
    "parse_play",
]

BAR_POINT = 25
"""The bar in the mover's numbering."""
OFF_POINT = 0
"""Off the board in the mover's numbering."""


class DiceError(ValueError):
    """Dice that are not two numbers from 1 to 6."""


class IllegalPlayError(ValueError):
    """A play that the rules do not allow for this position and roll."""


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

    def __eq__(self, other) -> bool:
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
# The generator works on two lists indexed from the mover's side: ``me[i]`` the mover's checkers
# on point i + 1 (``me[24]`` the bar), ``them[i]`` the opponent's checkers on that same point.
# A step is (from index, to index, hit) with -1 for off.


def _steps(me: list[int], them: list[int], die: int, top: int = BAR) -> list[tuple[int, int]]:
    """Legal single steps with ``die``, from indices at most ``top``."""
    if me[BAR]:
        if top < BAR or them[BAR - die] >= 2:
            return []
        return [(BAR, BAR - die)]
    highest = 23
    while highest >= 0 and not me[highest]:
        highest -= 1
    start = min(highest, top)
    found = [(s, s - die) for s in range(start, die - 1, -1) if me[s] and them[s - die] < 2]
    if highest < 0:  # all borne off: the game is over
        return []
    if highest < 6:  # all checkers home: bearing off is allowed
        exact = die - 1
        if exact <= start and me[exact]:
            found.append((exact, -1))
        elif exact > highest and highest <= start:
            # A higher die bears off from the highest point when no checker stands above it.
            found.append((highest, -1))
    return found


def _apply(me: list[int], them: list[int], src: int, dst: int):
    """The lists after one step, and whether it hit (the inputs are left alone)."""
    me = me[:]
    me[src] -= 1
    if dst < 0:
        return me, them, False
    me[dst] += 1
    if them[dst] == 1:
        them = them[:]
        them[dst] = 0
        them[BAR] += 1  # them[24] holds the opponent's bar
        return me, them, True
    return me, them, False


def legal_plays(position: Position, die1: int, die2: int) -> list[Play]:
    """Every distinct legal play of ``die1``-``die2`` for the player on roll.

    Returns a list of :class:`Play`, one per distinct resulting position (plays that reach the
    same position are one play), in a fixed order for a given input; ``[]`` when no checker can
    move (the player dances or is blocked). Raises :class:`DiceError` for dice outside 1..6.
    """
    _check_dice(die1, die2)
    me = list(position.player)
    # them[i]: the opponent's checkers on the mover's point i + 1; them[24]: the opponent's bar.
    them = list(position.opponent[23::-1])
    them.append(position.opponent[BAR])
    found: dict[tuple, list] = {}
    if die1 == die2:
        _doubles(me, them, die1, [], found, [0])
    else:
        _non_doubles(me, them, max(die1, die2), min(die1, die2), found)
    turn = 1 - position.turn
    plays = []
    for (mine, theirs), steps in found.items():
        result = _new(theirs[23::-1] + (theirs[BAR],), mine, turn)
        # tuple.__new__ skips NamedTuple's Python-level __new__: this loop is the hot path.
        moves = tuple([_new_move(Move, (src + 1, dst + 1, hit)) for src, dst, hit in steps])
        plays.append(Play(moves, result))
    return plays


_new_move = tuple.__new__


def _non_doubles(me, them, high, low, found):
    for first, second in ((high, low), (low, high)):
        for src, dst in _steps(me, them, first):
            me1, them1, hit1 = _apply(me, them, src, dst)
            for src2, dst2 in _steps(me1, them1, second):
                me2, them2, hit2 = _apply(me1, them1, src2, dst2)
                key = (tuple(me2), tuple(them2))
                if key not in found:
                    found[key] = [(src, dst, hit1), (src2, dst2, hit2)]
    if found:
        return
    # Only one die can be played: the larger one if it can, else the smaller.
    for die in (high, low):
        for src, dst in _steps(me, them, die):
            me1, them1, hit = _apply(me, them, src, dst)
            found.setdefault((tuple(me1), tuple(them1)), [(src, dst, hit)])
        if found:
            return


def _doubles(me, them, die, steps, found, longest, top=BAR):
    # Steps are generated from the highest point down, so each set of steps is seen in one order.
    options = _steps(me, them, die, top) if len(steps) < 4 else []
    if not options:
        if len(steps) > longest[0]:
            longest[0] = len(steps)
            found.clear()
        if steps and len(steps) == longest[0]:
            found.setdefault((tuple(me), tuple(them)), steps)
        return
    for src, dst in options:
        me1, them1, hit = _apply(me, them, src, dst)
        _doubles(me1, them1, die, steps + [(src, dst, hit)], found, longest, src)


def _check_dice(die1, die2) -> None:
    for die in (die1, die2):
        if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
            raise DiceError(f"a die shows 1 to 6, not {die!r}")


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


_TOKEN = re.compile(r"^(bar|\d{1,2})((?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?$")


def _point(text: str, token: str) -> int:
    if text == "bar":
        return BAR_POINT
    if text == "off":
        return OFF_POINT
    value = int(text)
    if not 0 <= value <= 25:
        raise NotationError(f"{token!r}: {value} is not a point (1..24, bar = 25, off = 0)")
    return value


def parse_play(position: Position, text: str, die1: int, die2: int) -> Play:
    """The legal play of ``die1``-``die2`` that ``text`` names, in gnubg/XG notation.

    Accepts ``"24/18 13/9*"``, ``"24/13"`` (one checker, both dice), ``"24/18*/13"``,
    ``"13/11(2)"``, ``"bar/22"``, ``"6/off"``, GNU Backgammon's ``25`` and ``0`` for bar and off,
    and in any order and case. Hits need not be marked unless two plays differ only in where
    they hit. ``""`` or ``"pass"`` names the empty play when no checker can move.

    Raises :class:`NotationError` for text that is not notation, :class:`IllegalPlayError` when
    no legal play matches or when the text fits several.
    """
    plays = legal_plays(position, die1, die2)
    if not isinstance(text, str):
        raise NotationError(f"a play is written as text, not {type(text).__name__}")
    tokens = text.lower().replace(",", " ").split()
    if tokens in ([], ["pass"]) or tokens == ["cannot", "move"]:
        if plays:
            raise IllegalPlayError(f"{die1}-{die2} can be played here; a play must be given")
        return Play((), position.swap())
    after = list(position.player)
    hits: Counter = Counter()
    landed: set[int] = set()
    for token in tokens:
        match = _TOKEN.match(token)
        if not match:
            raise NotationError(f"{token!r} is not a checker move such as '13/9', 'bar/22' or '6/off(2)'")
        times = int(match.group(3) or 1)
        landings = match.group(2)[1:].split("/")
        start = _point(match.group(1), token)
        end = _point(landings[-1].rstrip("*"), token)
        for landing in landings:
            landed.add(_point(landing.rstrip("*"), token))
            if landing.endswith("*"):
                hits[_point(landing[:-1], token)] += times
        if start <= end or start == OFF_POINT or end == BAR_POINT:
            raise NotationError(f"{token!r}: checkers move from higher points to lower ones")
        after[start - 1 if start != BAR_POINT else BAR] -= times
        if end != OFF_POINT:
            after[end - 1] += times
    if min(after) < 0:
        raise IllegalPlayError(f"{text!r} moves more checkers than stand on a point")
    candidates = [play for play in plays if list(play.result.opponent) == after]
    # Plays that differ only in where they hit: the marked hits decide, then the points named.
    for fits in (
        lambda play: Counter(m.to_point for m in play.moves if m.hit) == hits,
        lambda play: landed <= {m.to_point for m in play.moves},
        lambda play: {m.to_point for m in play.moves if m.hit} <= landed,
    ):
        if len(candidates) < 2:
            break
        candidates = [play for play in candidates if fits(play)] or candidates
    if len(candidates) == 1:
        return candidates[0]
    if not candidates and not plays:
        raise IllegalPlayError(f"no checker can move with {die1}-{die2}; {text!r} is not possible")
    if not candidates:
        raise IllegalPlayError(f"{text!r} is not a legal play of {die1}-{die2} here")
    options = ", ".join(str(play) for play in candidates)
    raise IllegalPlayError(f"{text!r} is ambiguous for {die1}-{die2}: it could be {options}")
