"""The work of a review (:func:`bgwidget.ai.review.review`), judging each decision of a match's games.

Kept apart from :mod:`bgwidget.ai.review` because it computes with numpy: the review's data
(:class:`~bgwidget.ai.review.Review`, :class:`~bgwidget.ai.decision.Decision`) loads and shows
without it, and this module is imported by a review's first run. The decisions it makes and their
marks come from :mod:`bgwidget.ai.decision`, not from the review module that imports this one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

import numpy as np

from bgwidget.ai.analysis import Analysis, judge, rank
from bgwidget.ai.context import Context, optimal
from bgwidget.ai.cubeful import searched_cube_decision
from bgwidget.ai.decision import LUCK_JOKER, MARKS, Decision, mark
from bgwidget.ai.evaluator import flip
from bgwidget.ai.search import ROLLS, Cache, Evaluator, best_replies
from bgwidget.game import Game
from bgwidget.position import Position

__all__ = ["CUBE_FILTER", "Reviewer", "review_game"]

CUBE_FILTER = MARKS[0][1]
"""From 2-ply on, a no double that the search one ply less finds at least this far (EMG, a
blunder's width) from doubling is judged at that ply, as a move filter sends only the close plays
deeper; the close decisions and every double are searched to the full depth, from the shallow
search's positions (shared through the cache). On ``benchmarks/review.py``'s 9 matches, World
class found the same share of GNU Backgammon's errors (86.0%) in 150 s instead of 247 s (two
processes)."""

_OPENING_ROLLS = tuple((d1, d2, 2 / 30) for d1, d2, _ in ROLLS if d1 != d2)
"""The opening roll is never a double: its 15 rolls, equally likely."""


class _Lines:
    """The numbers a ``.mat`` file gives its lines: seat 1 in the left column, seat 0 in the right."""

    def __init__(self) -> None:
        self.number = 1
        self.left = False  # seat 1 has a cell on the current line

    def peek(self, seat: int) -> int:
        return self.number + 1 if seat == 1 and self.left else self.number

    def cell(self, seat: int) -> int:
        if seat == 1:
            if self.left:
                self.number += 1
            self.left = True
            return self.number
        number, self.number, self.left = self.number, self.number + 1, False
        return number


@dataclass(frozen=True)
class _Roll:
    """One roll's best play by 0-ply for the roller: the position it reaches and the roller's cubeless chances there."""

    dice: tuple[int, int]
    weight: float
    chances: np.ndarray
    after: Position


class Reviewer:
    """The work of one game's review, shared between its decisions: the 21 rolls of each position, judged
    once, and the positions the searches judged (a play's replies at 1-ply are the next cube
    decision's 2-ply work)."""

    def __init__(self, ply: int, evaluator: Evaluator) -> None:
        self.ply = ply
        self.evaluator = evaluator
        self._rolls: dict[tuple[Position, bool], list[_Roll]] = {}
        self.cache: Cache = {}  # every position judged in the review, at each ply

    def game(self, index: int, game: Game) -> Iterator[Decision]:
        """The decisions of ``game`` (``index`` in its match), each with the count of record
        entries played before it (its moment: a position met twice is two moments)."""
        replay = Game.replay(game.setup, [])
        lines = _Lines()
        offered: tuple[Decision, float] | None = None  # the double waiting for its answer, with its EMG scale
        opening = False
        for done, action in enumerate(game.record):
            kind = action["type"]
            if kind == "roll" and replay.phase == "roll":
                position, seat = replay.start_position, replay.start_position.turn
                if replay.can_double():
                    yield replace(self._cube(index, lines.peek(seat), replay, doubled=False)[0], actions=done)
                replay.apply(action)
                if replay.phase != "move":  # no legal play: a dance, decided once the roll is in
                    dice = (action["dice"][0], action["dice"][1])
                    danced = self._dance(index, lines.cell(seat), position, dice, Context.of(replay, seat))
                    yield replace(danced, actions=done + 1)
                continue
            if kind == "double" and replay.phase == "roll":
                decision, scale = self._cube(index, lines.cell(replay.start_position.turn), replay, doubled=True)
                offered = (decision, scale)
                yield replace(decision, actions=done)
            elif kind in ("take", "pass", "beaver") and offered and replay.offer and replay.offer.kind == "double":
                # A beaver is an answer where the game allows one: beavers, and room under the cube's limit.
                answer = self._answer(index, lines.cell(1 - offered[0].seat), *offered, kind, replay.can_beaver())
                yield replace(answer, actions=done)
                offered = None
            elif kind == "move" and replay.phase == "move":
                played = self._play(index, lines.cell(replay.start_position.turn), replay, action["play"], opening)
                yield replace(played, actions=done)
            elif kind == "raccoon":
                lines.cell(replay.offer.seat if replay.offer else 0)
            opening = kind == "opening"
            replay.apply(action)

    # ------------------------------------------------------------ the rolls of a position

    def rolls(self, position: Position, opening: bool = False) -> list[_Roll]:
        """Each roll's best play by 0-ply, all the plays of all the rolls judged in one batch."""
        key = (position, opening)
        if key not in self._rolls:
            rolls = _OPENING_ROLLS if opening else ROLLS
            after, chances = best_replies([(position, d1, d2) for d1, d2, _ in rolls], self.evaluator)
            self._rolls[key] = [
                _Roll((d1, d2), weight, mine, result)
                for (d1, d2, weight), mine, result in zip(rolls, flip(chances), after)  # the roller's chances
            ]
        return self._rolls[key]

    def luck(self, position: Position, dice: tuple[int, int], context: Context, opening: bool) -> tuple[float, float]:
        """``(luck, value)`` of ``dice`` for the roller, EMG: the roll's value minus the rolls' average."""
        values = {}
        for roll in self.rolls(position, opening):
            values[roll.dice] = (roll.weight, context.after_play(roll.chances, roll.after)[1])
        average = sum(weight * value for weight, value in values.values())
        value = values[(min(dice), max(dice))][1]
        return value - average, value

    # ------------------------------------------------------------ decisions

    def _play(self, index: int, move: int, replay: Game, text: str, opening: bool) -> Decision:
        position, dice = replay.start_position, replay.rolled
        assert dice is not None  # in phase "move"
        made_play = position.parse_play(text, *dice)
        plays = position.legal_plays(*dice)
        # The play made goes through the filters and is judged as deep as the best.
        candidates = judge(rank(plays, self.ply, self.evaluator, cache=self.cache, made=made_play), replay)
        made = next(c for c in candidates if c.play.result == made_play.result)
        forced = len(plays) == 1
        context = Context.of(replay, position.turn)
        luck, _ = self.luck(position, dice, context, opening)
        error = max(made.error, 0.0)
        return Decision(
            index,
            move,
            position.turn,
            "play",
            position,
            (dice[0], dice[1]),
            made.notation,
            candidates[0].notation,
            error,
            "" if forced else mark(error),
            forced,
            luck,
            _luck_mark(luck),
            candidates[0].mwc,
            candidates,
        )

    def _dance(self, index: int, move: int, position: Position, dice: tuple[int, int], context: Context) -> Decision:
        luck, value = self.luck(position, dice, context, False)
        mwc = None
        if context.match_play:
            win, lose = context.single_game()
            mwc = (win + lose) / 2 + value * (win - lose) / 2  # eq2mwc, the inverse of mwc2eq
        return Decision(
            index,
            move,
            position.turn,
            "play",
            position,
            dice,
            "",
            "",
            0.0,
            "",
            True,
            luck,
            _luck_mark(luck),
            mwc,
            Analysis(),
        )

    def _cube(self, index: int, move: int, replay: Game, doubled: bool) -> tuple[Decision, float]:
        position = replay.start_position
        context = Context.of(replay, position.turn)
        scale = _scale(context)
        # From 2-ply on, a no double that one ply less finds CUBE_FILTER from doubling stays judged
        # there: only the close decisions, and every double, are searched to the full depth.
        shallow = self.ply - 1 if self.ply >= 2 else self.ply
        cube = searched_cube_decision(position, context, shallow, self.evaluator, self.cache)
        clear = (cube.no_double - min(cube.double_take, cube.double_pass)) * scale >= CUBE_FILTER
        if shallow < self.ply and (doubled or not clear):
            cube = searched_cube_decision(position, context, self.ply, self.evaluator, self.cache)
        no_double, double = cube.no_double, min(cube.double_take, cube.double_pass)
        error = (max(no_double, double) - (double if doubled else no_double)) * scale
        error = max(error, 0.0)
        decision = Decision(
            index,
            move,
            position.turn,
            "double",
            position,
            None,
            "double" if doubled else "no double",
            "double" if cube.should_double else "no double",
            error,
            mark(error),
            mwc=optimal(cube) if context.match_play else None,
            cube=cube,
            trivial=not error and abs(no_double - double) * scale >= MARKS[0][1],
        )
        return decision, scale

    def _answer(self, index: int, move: int, double: Decision, scale: float, answer: str, beavers: bool) -> Decision:
        cube = double.cube
        assert cube is not None  # a double decision has its cube decision
        take = cube.double_take / 2 if cube.beaver else cube.double_take
        # The doubler's value after each answer: the taker wants it low.
        values = {"take": take, "pass": cube.double_pass}
        if beavers and not cube.match_play:
            values["beaver"] = 2 * take
        best = min(values, key=values.__getitem__)
        error = max((values[answer] - values[best]) * scale, 0.0)
        return Decision(
            index,
            move,
            1 - double.seat,
            "take",
            double.position,
            None,
            answer,
            best,
            error,
            mark(error),
            mwc=1.0 - values[best] if cube.match_play else None,
            cube=cube,
        )


def review_game(index: int, game: Game, ply: int, evaluator: Evaluator) -> list[Decision]:
    """One task of a review on an executor: the decisions of ``game`` (``index`` in its match),
    by a :class:`Reviewer` of its own, as a serial review makes them."""
    return list(Reviewer(ply, evaluator).game(index, game))


def _scale(context: Context) -> float:
    """EMG per unit of the cube layer's numbers: 1 in money play, 2 / (win - lose) in a match."""
    if not context.match_play:
        return 1.0
    win, lose = context.single_game()
    return 2.0 / (win - lose)


def _luck_mark(luck: float) -> str:
    return "joker" if luck >= LUCK_JOKER else "anti-joker" if luck <= -LUCK_JOKER else ""
