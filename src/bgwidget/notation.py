"""Layer 2, notation: the legal play that a text in gnubg/XG notation names (:func:`parse_play`).

Point numbers are **in the mover's numbering** (24..1; ``bar`` or 25, ``off`` or 0). The writing
of a play and a roll (:func:`format_play`, :func:`roll_text`) lives in :mod:`bgwidget.plays`,
beside the values whose ``str`` it is, and is re-exported here: reading needs the legal plays
and the play in progress, which the writing sits below.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import NamedTuple

from bgwidget.errors import IllegalPlayError, NotationError
from bgwidget.partial import PartialPlay
from bgwidget.plays import Play, format_play, legal_plays, roll_text
from bgwidget.position import BAR, BAR_POINT, OFF_POINT, Position

__all__ = ["format_play", "parse_play", "roll_text"]

_TOKEN = re.compile(r"^(bar|[0-9]{1,2})((?:/(?:bar|off|[0-9]{1,2})\*?)+)(?:\(([0-9]+)\))?$")


def _point(text: str, token: str) -> int:
    if text == "bar":
        return BAR_POINT
    if text == "off":
        return OFF_POINT
    value = int(text)
    if not OFF_POINT <= value <= BAR_POINT:
        raise NotationError(reason="notation", move=token)
    return value


def _distances(die1: int, die2: int) -> set[int]:
    """The pips one checker can move in one hop of the notation with this roll (not bearing off)."""
    if die1 == die2:
        return {die1 * n for n in range(1, 5)}
    return {die1, die2, die1 + die2}


def parse_play(position: Position, text: str, die1: int, die2: int, *, plays: Sequence[Play] | None = None) -> Play:
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
    (a count outside (1)..(4), a checker moving up or to the point it is on, a point marked hit by
    two moves);
    :class:`IllegalPlayError` when no legal play matches (a hop no dice of the roll make, a hit
    marked where the play hits nothing) or when the text fits several.

    ``plays``: the legal plays of this roll from ``position`` when the caller has them already (a
    game in play does), so that they are not generated again.
    """
    if plays is None:
        plays = legal_plays(position, die1, die2)
    if not isinstance(text, str):
        raise NotationError(f"a play is written as text, not {type(text).__name__}")
    tokens = text.lower().replace(",", " ").split()
    if tokens in ([], ["pass"]) or tokens == ["cannot", "move"]:
        if plays:
            raise IllegalPlayError(reason="must-play", dice=roll_text((die1, die2)))
        return Play((), position.swap())
    written = _read(tokens, position.player, (die1, die2))
    hits, landed = written.hits, written.landed
    candidates = [play for play in plays if list(play.result.opponent) == written.after]
    marked = [play for play in candidates if set(hits) <= {m.to_point for m in play.moves if m.hit}]
    if candidates and not marked:
        raise _unhit(position, hits, text, (die1, die2))
    candidates = marked
    # Plays that differ only in where they hit: the points named decide, then the marked hits.
    narrowing: tuple[Callable[[Play], bool], ...] = (
        lambda play: landed <= {m.to_point for m in play.moves},
        lambda play: Counter(m.to_point for m in play.moves if m.hit) == hits,
        lambda play: {m.to_point for m in play.moves if m.hit} <= landed,
    )
    for fits in narrowing:
        if len(candidates) < 2:
            break
        candidates = [play for play in candidates if fits(play)] or candidates
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise _first_refusal(position, (die1, die2), written.hops, text)
    options = ", ".join(str(play) for play in candidates)
    raise IllegalPlayError(reason="ambiguous", move=text, options=options)


class _Written(NamedTuple):
    """What the tokens of a written play say, before any legal play is looked at."""

    after: list[int]  # the mover's 25 counts after the play (its own numbering, bar last)
    hits: Counter[int]  # the points marked hit
    landed: set[int]  # every point a checker lands on, intermediate points included
    hops: list[tuple[int, int]]  # (from, to) of every checker hop written, in order


def _read(tokens: list[str], player: tuple[int, ...], dice: tuple[int, int]) -> _Written:
    """The tokens of a written play, read against the mover's counts ``player`` and the roll.

    Raises :class:`NotationError` for a token that is not notation or names what no play can do,
    :class:`IllegalPlayError` for a hop no dice of the roll make or more checkers moved from a
    point than stand there.
    """
    written = _Written(list(player), Counter(), set(), [])
    after, hits = written.after, written.hits
    distances = _distances(*dice)
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
                reason = "same-point" if there == here else "backwards"
                raise NotationError(reason=reason, move=token, **{"from": here, "to": there})
        for here, there, landing in zip(points, points[1:], landings):
            if there != OFF_POINT and here - there not in distances:
                raise IllegalPlayError(reason="no-die", dice=roll_text(dice), pips=here - there, move=token)
            written.landed.add(there)
            if landing.endswith("*"):
                if there == OFF_POINT:
                    raise NotationError(reason="hit-off", move=token)
                hits[there] += 1  # '8/3*(2)': the first of the two hits (Backgammon Studio writes it so)
                if hits[there] > 1:
                    raise NotationError(reason="hit-twice", point=there)
        written.hops.extend([(here, there) for here, there in zip(points, points[1:])] * times)
        start, end = points[0], points[-1]
        after[start - 1 if start != BAR_POINT else BAR] -= times
        if end != OFF_POINT:
            after[end - 1] += times
    if min(after) < 0:
        short = after.index(min(after))
        raise IllegalPlayError(reason="too-many", point=BAR_POINT if short == BAR else short + 1)
    return written


def _unhit(position: Position, hits: Counter[int], text: str, dice: tuple[int, int]) -> IllegalPlayError:
    """Why the hits marked are no play's: a point marked where no opposing blot stands, else
    (each mark names a blot, but no play of these points hits them all) not a legal play."""
    bare = sorted(point for point in hits if position.opponent[BAR_POINT - 1 - point] != 1)
    if bare:
        return IllegalPlayError(reason="no-hit", point=bare[0])
    return IllegalPlayError(reason="not-legal", move=text, dice=roll_text(dice))


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
