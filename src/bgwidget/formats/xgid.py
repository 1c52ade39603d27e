"""eXtreme Gammon's XGID: ``XGID=P:cube:cubepos:turn:dice:score1:score2:cj:matchlen:maxcube``.

Fields (FORMATS.md, after XG's published description): ``P`` 26 characters, character 0 the top
player's bar, 25 the bottom player's bar, 1..24 the points in the bottom player's numbering,
``A``..``P`` 1..16 bottom checkers, ``a``..``p`` top checkers, ``-`` empty; ``cube`` the log2 of
the cube; ``cubepos`` 1 bottom owns, 0 centred, -1 top owns; ``turn`` 1 bottom, -1 top;
``dice`` ``00`` to roll, ``xy`` rolled, ``D`` a double waits for an answer (the cube field
still holds the value before the double); ``score1`` bottom, ``score2`` top; ``cj`` in a match
1 = Crawford game, in money a bit field (1 Jacoby, 2 beavers); ``matchlen`` 0 for money;
``maxcube`` the cube limit as a log2.
"""

from __future__ import annotations

import re
from typing import Any

from bgwidget.formats.errors import FormatError, check_digits
from bgwidget.formats.matchid import MatchState, build_game, check_game, check_options
from bgwidget.game import Game
from bgwidget.position import BAR, Position, PositionError, mirror

__all__ = ["from_xgid", "to_xgid"]

_DIGITS = 5  # the most digits of a field after the position (a score, the match length)
_NUMBER = re.compile(rf"-?[0-9]{{1,{_DIGITS}}}")
_MAX_LOG2 = 62  # the cube and its limit, as powers of 2


def to_xgid(game: Game) -> str:
    """The XGID of ``game`` now (the position at the start of the turn and the dice being played,
    the higher first, as in :func:`~bgwidget.formats.matchid.to_match_id`).

    A resignation waiting for an answer is not written (the format has no field for it), nor
    are the Crawford rule and play without the cube (give ``crawford=False`` or ``cube=False``
    to :func:`from_xgid`). Raises :class:`FormatError` while a beaver or raccoon waits for an answer, for a cube
    limit above 2^62, or for a score or match length of more than 5 digits (what
    :func:`from_xgid` reads), or for anything but a Game.
    """
    check_game(game, "to_xgid")
    position = game.start_position
    bottom, top = position.seat_points(0), position.seat_points(1)
    chars = [_cell(0, top[BAR])]
    for point in range(1, 25):
        chars.append(_cell(bottom[point - 1], top[mirror(point) - 1]))
    chars.append(_cell(bottom[BAR], 0))
    offer = game.offer
    if offer and offer.kind in ("beaver", "raccoon"):
        raise FormatError(f"this XGID writer has no field for a pending {offer.kind}; answer it first")
    if offer and offer.kind == "double":
        dice = "D"
    elif game.rolled:
        dice = "{}{}".format(*sorted(game.rolled, reverse=True))  # the higher first, as XG and gnubg write
    else:
        dice = "00"
    rules = game.rules
    if rules.max_cube.bit_length() - 1 > _MAX_LOG2:
        raise FormatError(f"this XGID writer has no field for a cube limit of {rules.max_cube}")
    check_digits((("a score", max(game.score)), ("the match length", rules.match_length)), _DIGITS, "an XGID's fields")
    if rules.match_length:
        cj = int(game.crawford)
    else:
        cj = int(rules.jacoby) | 2 * int(rules.beavers)
    cubepos = {None: 0, 0: 1, 1: -1}[game.cube_owner]
    turn = 1 if game.start_position.turn == 0 else -1
    fields = [
        "".join(chars),
        game.cube_value.bit_length() - 1,
        cubepos,
        turn,
        dice,
        game.score[0],
        game.score[1],
        cj,
        rules.match_length,
        rules.max_cube.bit_length() - 1,
    ]
    return "XGID=" + ":".join(map(str, fields))


def _cell(bottom: int, top: int) -> str:
    if bottom:
        return chr(ord("A") + bottom - 1)
    if top:
        return chr(ord("a") + top - 1)
    return "-"


def from_xgid(text: str, **options: Any) -> Game:
    """A :class:`~bgwidget.game.Game` at the position and match state of an XGID.

    ``options`` are ``seed``, and the :class:`~bgwidget.rules.Rules` settings the XGID has no field
    for: ``auto_confirm``, ``crawford`` and ``cube`` (a game played without the Crawford rule or
    without the cube reads back as one only with ``crawford=False`` or ``cube=False``; without the
    cube the Jacoby and beaver bits have no meaning and are read as off); ``max_cube``, Jacoby and
    beavers come from the XGID. Raises :class:`FormatError` when the text is not
    an XGID of a legal position in play: fields that are not plain whole numbers, a cube above
    its limit, a Crawford/Jacoby field out of its range (0..1 in a match, 0..3 in money play),
    or a state the rules refuse (an owned cube in the Crawford game...), and another option.
    """
    check_options(options, ("seed", "auto_confirm", "crawford", "cube"), "from_xgid")
    if not isinstance(text, str):
        raise FormatError(f"an XGID is text, not {type(text).__name__}")
    body = text.strip().removeprefix("XGID=")
    parts = body.split(":")
    if len(parts) != 10 or len(parts[0]) != 26:
        raise FormatError(f"an XGID has a 26-character position and 9 fields after it: {text!r}")
    board, *numbers = parts
    dice_text = numbers.pop(3)
    if not all(_NUMBER.fullmatch(field) for field in numbers):
        raise FormatError(f"the fields after the position must be whole numbers of at most 5 digits: {text!r}")
    cube, cubepos, turn, score1, score2, cj, length, maxcube = map(int, numbers)
    if cubepos not in (-1, 0, 1):
        raise FormatError(f"the cube position is 1 (the bottom player owns it), 0 (centred) or -1, not {cubepos}")
    if turn not in (-1, 1):
        raise FormatError(f"the turn is 1 (the bottom player) or -1 (the top player), not {turn}")
    if not 0 <= cube <= maxcube <= _MAX_LOG2:
        raise FormatError(f"the cube 2**{cube} or its limit 2**{maxcube} is out of range (0 .. {_MAX_LOG2})")
    if min(score1, score2, length) < 0:
        raise FormatError(f"scores and the match length are not negative: {text!r}")
    if not 0 <= cj <= (1 if length else 3):
        what = "1 (Crawford game) or 0 in a match" if length else "0 to 3 (1 Jacoby, 2 beavers) in money play"
        raise FormatError(f"the Crawford/Jacoby field is {what}, not {cj}")
    bottom, top = [0] * 25, [0] * 25
    for i, char in enumerate(board):
        if char == "-":
            continue
        if "A" <= char <= "P":
            count, side = ord(char) - ord("A") + 1, bottom
        elif "a" <= char <= "p":
            count, side = ord(char) - ord("a") + 1, top
        else:
            raise FormatError(f"{char!r} at {i} is not a checker count (A-P, a-p or -)")
        if i in (0, 25):
            if (i == 0) != (side is top):
                raise FormatError(f"character {i} is the {'top' if i == 0 else 'bottom'} player's bar")
            side[BAR] += count
        else:
            side[(i if side is bottom else mirror(i)) - 1] += count
    seat = 0 if turn == 1 else 1
    try:
        player, opponent = (bottom, top) if seat == 0 else (top, bottom)
        position = Position(player, opponent, seat)
    except PositionError as error:
        raise FormatError(f"{text!r}: {error}") from None
    doubled = dice_text == "D"
    if doubled or dice_text == "00":
        dice = None
    elif len(dice_text) == 2 and all(c in "123456" for c in dice_text):
        dice = (int(dice_text[0]), int(dice_text[1]))
    else:
        raise FormatError(f"dice {dice_text!r} are not '00', 'D' or two dice")
    state = MatchState(
        cube_value=1 << cube,
        cube_owner={0: None, 1: 0, -1: 1}[cubepos],
        on_roll=seat,
        crawford=bool(length) and bool(cj & 1),
        turn=1 - seat if doubled else seat,
        doubled=doubled,
        dice=dice,
        match_length=length,
        score=(score1, score2),
        jacoby=not length and bool(cj & 1),
    )
    beavers = not length and bool(cj & 2) and options.get("cube", True) is not False
    return build_game(position, state, max_cube=1 << maxcube, beavers=beavers, **options)
