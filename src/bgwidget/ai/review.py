"""Game review: every play and cube decision of a game or match rated, the luck of every roll.

:func:`review` replays each game of a match from its record and rates, for the seat deciding:

* each **play** against the level's analysis (:func:`bgwidget.ai.analysis.rank` in the game's
  stakes, :func:`bgwidget.ai.analysis.judge`), the play made always judged at the same depth as
  the best: at World-class (2-ply) it goes through the move filters with the candidates, and
  both reach 2-ply unless it is the one play left after 1-ply (GNU Backgammon, too, evaluates
  the play made at the full depth when it is not the best);
* each **cube decision** by the cube layer (:mod:`bgwidget.ai.cube`, through
  :class:`bgwidget.ai.context.Context`): the roller's double or no double whenever it could
  double, and the answer to a double (take, pass, beaver);
* each **roll's luck**: the roller's equity after its best play of the roll rolled, minus the
  average of that over the 21 rolls (1/36 for doubles, 2/36 for the others; the opening roll over
  the 15 rolls that are not doubles), every play judged at 0-ply in one batch through the net.

Units: errors and luck are **EMG**, normalised equity in a match (GNU Backgammon's ``mwc2eq``:
winning a single game at the current cube +1, losing one -1), cubeful equity in points per game
for a cube of 1 in money play; MWC is a match winning chance, 0..1.

Marks are GNU Backgammon's default thresholds on the error, as GNU Backgammon 1.07 prints them
(``show analysis``, "Analysis thresholds"): doubtful from 0.03, bad from 0.06, very bad from
0.12 (older releases and manuals said 0.04, 0.08, 0.16). Luck marks follow its luck thresholds
(the same listing): a roll worth 0.6 or more above the average is a joker ("very lucky"), 0.6
or more below an anti-joker ("very unlucky"); like GNU Backgammon, luck is judged at 0-ply,
cubeful.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from bgwidget.ai.cube import CubeDecision
from bgwidget.ai.errors import LevelError, require_numpy
from bgwidget.ai.players import evaluator_or_net, level_ply
from bgwidget.game import Game, GameError
from bgwidget.match import Match
from bgwidget.position import Position

if TYPE_CHECKING:  # numpy's modules are imported by a review's first use: the board plays without them
    import numpy as np
    import pandas
    from matplotlib.figure import Figure

    from bgwidget.ai.analysis import Analysis
    from bgwidget.ai.context import Context
    from bgwidget.ai.search import Cache, Candidate, Evaluator

__all__ = ["LUCK_JOKER", "MARKS", "Decision", "Review", "ReviewError", "Summary", "mark", "review"]

MARKS = (("very bad", 0.12), ("bad", 0.06), ("doubtful", 0.03))
"""GNU Backgammon 1.07's default error thresholds (EMG), worst first: an error at or above one gets its mark."""

LUCK_JOKER = 0.6
"""GNU Backgammon's "very lucky" threshold (EMG): luck at or above it is a joker, at or below
minus it an anti-joker."""

PR_FACTOR = 500
"""eXtreme Gammon's performance rating: the average error per unforced decision (EMG) times 500."""

_OPENING_ROLLS = tuple((d1, d2, 2 / 30) for d1 in range(1, 7) for d2 in range(d1 + 1, 7))
"""The opening roll is never a double: its 15 rolls, equally likely."""


class ReviewError(GameError):
    """What was given to review (or to load as a review) is not one."""


def mark(error: float) -> str:
    """GNU Backgammon's mark for an ``error`` (EMG >= 0): ``""``, ``"doubtful"``, ``"bad"``, ``"very bad"``."""
    for name, threshold in MARKS:
        if error >= threshold - 1e-12:  # a threshold met to rounding is met
            return name
    return ""


@dataclass(frozen=True)
class Decision:
    """One decision of the review, for the seat that made it.

    ``game``: 0-based index in ``match.games``; ``move``: the turn's number in the game as a
    ``.mat`` file numbers its lines (from 1); ``seat``: 0 or 1, who decides; ``kind``: ``"play"``,
    ``"double"`` (the roller's cube decision before rolling, doubled or not) or ``"take"`` (the
    answer to a double). ``position``: where the decision is made, from the decider's side, except
    ``"take"``: the doubler on roll, as GNU Backgammon shows cube decisions. ``dice``: the roll of
    a play, else None. ``made`` / ``best``: a play's notation (``""``: no move), or ``"double"``,
    ``"no double"``, ``"take"``, ``"pass"``, ``"beaver"``. ``candidates``: the plays ranked best
    first, the play made included (None for cube decisions). ``cube``: the cube decision of the
    doubler (None for plays). ``error``: EMG given up (>= 0, see the module); ``mark``: see
    :func:`mark`. ``forced``: one legal play or none. ``luck``: the roll's luck for the roller
    (EMG; None for cube decisions), ``luck_mark``: ``""``, ``"joker"`` or ``"anti-joker"``.
    ``mwc``: the decider's match winning chance before deciding, assuming the best decision
    (None in money play). ``trivial``: a double/no-double decision made right whose two actions
    are a blunder (0.12 EMG) or more apart, left out of the rating as eXtreme Gammon leaves trivial cube
    decisions out.
    """

    game: int
    move: int
    seat: int
    kind: str
    position: Position
    dice: tuple[int, int] | None
    made: str
    best: str
    error: float
    mark: str = ""
    forced: bool = False
    luck: float | None = None
    luck_mark: str = ""
    mwc: float | None = None
    candidates: Analysis | None = None
    cube: CubeDecision | None = None
    trivial: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the position as its Position ID and seat on roll, candidates as notation and numbers."""
        data = {name: getattr(self, name) for name in _PLAIN}
        data["position"] = {"id": self.position.position_id(), "turn": self.position.turn}
        data["dice"] = list(self.dice) if self.dice else None
        data["candidates"] = None if self.candidates is None else [_candidate_dict(c) for c in self.candidates]
        data["cube"] = None if self.cube is None else asdict(self.cube)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        """The decision :meth:`to_dict` gave. Raises :class:`ReviewError` for anything else."""
        try:
            position = Position.from_position_id(data["position"]["id"], turn=data["position"]["turn"])
            dice = tuple(data["dice"]) if data["dice"] else None
            candidates = None
            if data["candidates"] is not None:
                require_numpy("a saved review's candidates")
                from bgwidget.ai.analysis import Analysis

                candidates = Analysis(_candidate(position, dice, c) for c in data["candidates"])
            cube = None if data["cube"] is None else CubeDecision(**data["cube"])
            return cls(position=position, dice=dice, candidates=candidates, cube=cube, **{n: data[n] for n in _PLAIN})
        except (KeyError, TypeError, ValueError) as error:
            raise ReviewError(f"not a saved decision: {error!r}") from None


_PLAIN = (
    "game",
    "move",
    "seat",
    "kind",
    "made",
    "best",
    "error",
    "mark",
    "forced",
    "luck",
    "luck_mark",
    "mwc",
    "trivial",
)


def _candidate_dict(c: Candidate) -> dict[str, Any]:
    return {
        "play": c.notation,
        "probabilities": list(c.probabilities),
        "equity": c.equity,
        "error": c.error,
        "ply": c.ply,
        "mwc": c.mwc,
        "emg": c.emg,
    }


def _candidate(position: Position, dice: tuple[int, int] | None, data: dict[str, Any]) -> Candidate:
    if dice is None:
        raise ValueError("candidates without dice")
    play = position.parse_play(data["play"], *dice)
    fields = {name: data[name] for name in ("equity", "error", "ply", "mwc", "emg")}
    from bgwidget.ai.search import Candidate

    return Candidate(play, tuple(data["probabilities"]), **fields)


@dataclass(frozen=True)
class Summary:
    """One seat's review in numbers.

    ``decisions``: how many it made; ``unforced``: those counted for the rating (neither forced
    nor trivial, see :class:`Decision`); ``marks``: how many got each mark; ``total_error``
    (EMG) over all its decisions, ``average_error`` per unforced decision; ``pr``: eXtreme
    Gammon's performance rating, the average error per unforced decision in EMG times 500 (the
    average in thousandths, halved; 0 is perfect, about 5 world class, 15 an intermediate);
    ``luck``: the sum of its rolls' luck (EMG); ``luck_adjusted``: its result with both sides'
    luck taken out, ``result - luck + opponent's luck``, where each game's result is +1, +2 or
    +3 for the winner's single game, gammon or backgammon (a pass or resignation counts what it
    gave up, over the cube) and as much negative for the loser: all in EMG, summed over the
    games reviewed.
    """

    decisions: int
    unforced: int
    marks: dict[str, int] = field(default_factory=dict)
    total_error: float = 0.0
    average_error: float = 0.0
    pr: float = 0.0
    luck: float = 0.0
    luck_adjusted: float = 0.0


@dataclass
class Review:
    """The review of ``match``: ``decisions`` in play order; ``complete`` False when stopped early.

    :meth:`summary` gives each seat's numbers; :meth:`to_dataframe`, :meth:`plot` and the notebook
    display (:mod:`bgwidget.ai.report`) show it; :meth:`to_dict` / :meth:`from_dict` save and load it.
    """

    match: Match
    decisions: list[Decision]
    complete: bool = True
    level: str = "expert"

    def summary(self, seat: int) -> Summary:
        """``seat``'s :class:`Summary` (0 or 1). Raises :class:`ReviewError` for another seat."""
        if seat not in (0, 1) or isinstance(seat, bool):
            raise ReviewError(f"a seat is 0 or 1, not {seat!r}")
        mine = [d for d in self.decisions if d.seat == seat]
        counted = [d for d in mine if _counted(d)]
        marks: dict[str, int] = {}
        for d in mine:
            if d.mark:
                marks[d.mark] = marks.get(d.mark, 0) + 1
        total = sum(d.error for d in mine)
        average = sum(d.error for d in counted) / len(counted) if counted else 0.0
        luck = [sum(d.luck for d in self.decisions if d.seat == s and d.luck is not None) for s in (0, 1)]
        reviewed = {d.game for d in self.decisions}
        result = sum(_result(self.match.games[g], seat) for g in reviewed)
        return Summary(
            decisions=len(mine),
            unforced=len(counted),
            marks=marks,
            total_error=total,
            average_error=average,
            pr=PR_FACTOR * average,
            luck=luck[seat],
            luck_adjusted=result - luck[seat] + luck[1 - seat],
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the match (:func:`bgwidget.formats.json_io`'s form), the level and the decisions."""
        from bgwidget.formats.json_io import to_json

        return {
            "format": "bgwidget-review",
            "version": 1,
            "level": self.level,
            "complete": self.complete,
            "match": json.loads(to_json(self.match)),
            "decisions": [d.to_dict() for d in self.decisions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        """The review :meth:`to_dict` gave. Raises :class:`ReviewError` for anything else."""
        from bgwidget.formats.json_io import from_json

        if not isinstance(data, dict) or data.get("format") != "bgwidget-review":
            raise ReviewError("not a saved review (no 'format': 'bgwidget-review')")
        try:
            match = from_json(json.dumps(data["match"]))
            decisions = [Decision.from_dict(d) for d in data["decisions"]]
            complete, level = data["complete"], data["level"]
        except (KeyError, TypeError, ValueError) as error:  # FormatError is a ValueError
            raise ReviewError(f"not a saved review: {error}") from None
        if not isinstance(match, Match) or not isinstance(complete, bool) or not isinstance(level, str):
            raise ReviewError("a saved review holds a match, whether it is complete and its level")
        return cls(match, decisions, complete, level)

    def to_dataframe(self) -> pandas.DataFrame:
        """One row per decision (:func:`bgwidget.ai.report.dataframe`; needs pandas)."""
        from bgwidget.ai import report

        return report.dataframe(self)

    def _repr_html_(self) -> str:
        from bgwidget.ai import report

        return report.html(self)

    def plot(self, game: int | None = None) -> Figure:
        """The winning chances through ``game`` or the match (:func:`bgwidget.ai.report.plot`; needs matplotlib)."""
        from bgwidget.ai import report

        return report.plot(self, game)


def _counted(d: Decision) -> bool:
    """Whether ``d`` counts for the rating (see :class:`Summary`)."""
    return not (d.forced or d.trivial)


def _result(game: Game, seat: int) -> float:
    """``seat``'s result of ``game`` in EMG: +-1, 2, 3 for a single game, gammon, backgammon; 0 unfinished."""
    if game.result is None:
        return 0.0
    value = game.result.points / game.cube_value
    return value if game.result.winner == seat else -value


def review(
    game_or_match: Game | Match,
    level: str | Any = "expert",
    *,
    progress: bool | Callable[[int, int], object] = True,
    evaluator: Evaluator | None = None,
) -> Review:
    """The review of a :class:`~bgwidget.game.Game` or :class:`~bgwidget.match.Match` at ``level``'s depth.

    One :class:`Decision` per play (dances included, forced), per cube decision of a roller who
    could double, and per answer to a double, in play order across the games; luck for every
    roll. ``level`` is a level name or a player with a ``ply`` (as :func:`bgwidget.ai.analyse`
    takes); ``evaluator`` the function from positions to chances it searches with (None: the net). A game is
    reviewed as a match of that one game. ``progress``: True shows a progress bar (``tqdm.auto``:
    a notebook widget in Jupyter) over the turns, False nothing; a callable is called as
    ``progress(done, total)`` after each turn is reviewed, ``total`` being the number of turns
    (the records' ``"move"`` actions, dances included) in the whole match, known before the
    first call, and ``done`` counting 1, 2, ... up to ``total``. A KeyboardInterrupt (the
    notebook's stop button, or raised by ``progress``) ends the review early: what was reviewed
    is returned, with ``complete`` False.

    Raises :class:`ReviewError` for something that is not a Game or Match (or a game that cannot
    stand as a match on its own) or a ``progress`` that is not True, False or callable, and
    :class:`~bgwidget.ai.errors.LevelError` for a level without a depth or an evaluator that is
    not one.
    """
    from tqdm.auto import tqdm

    match = _as_match(game_or_match)
    ply = level_ply(level)
    evaluator = evaluator_or_net(evaluator, "a review")
    if not callable(evaluator):
        raise LevelError(f"an evaluator is a function from positions to (n, 5) chances, not {evaluator!r}")
    if not isinstance(progress, bool) and not callable(progress):
        raise ReviewError(f"progress is True, False or a callable progress(done, total), not {progress!r}")
    name = level if isinstance(level, str) else str(getattr(level, "name", "custom"))
    reviewer = _Reviewer(ply, evaluator)
    decisions: list[Decision] = []
    turns = sum(1 for game in match.games for action in game.record if action["type"] == "move")
    bar = tqdm(total=turns, disable=progress is not True, desc="review", unit="turn")
    done = 0
    complete = True
    try:
        for index, game in enumerate(match.games):
            for decision in reviewer.game(index, game):
                decisions.append(decision)
                if decision.kind == "play":  # a turn: a play or a dance
                    done += 1
                    bar.update()
                    if callable(progress):
                        progress(done, turns)
    except KeyboardInterrupt:
        complete = False
    finally:
        bar.close()
    return Review(match, decisions, complete, name)


def _as_match(game_or_match: object) -> Match:
    if isinstance(game_or_match, Match):
        return game_or_match
    if isinstance(game_or_match, Game):
        try:
            return Match.from_games(game_or_match.rules, [game_or_match], rescored=[1])
        except GameError as error:
            raise ReviewError(f"this game cannot be reviewed as a match of its own: {error}") from None
    raise ReviewError(f"a review is of a Game or a Match, not {type(game_or_match).__name__}")


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


class _Reviewer:
    """The work of one review, shared between decisions: the 21 rolls of each position, judged
    once, and the positions the searches judged (a play's replies at 1-ply are the next cube
    decision's 2-ply work)."""

    def __init__(self, ply: int, evaluator: Evaluator) -> None:
        self.ply = ply
        self.evaluator = evaluator
        self._rolls: dict[tuple[Position, bool], list[_Roll]] = {}
        self.cache: Cache = {}  # every position judged in the review, at each ply

    def game(self, index: int, game: Game) -> Iterator[Decision]:
        from bgwidget.ai.context import Context

        replay = Game.replay(game.setup, [])
        lines = _Lines()
        offered: tuple[Decision, float] | None = None  # the double waiting for its answer, with its EMG scale
        opening = False
        for action in game.record:
            kind = action["type"]
            if kind == "roll" and replay.phase == "roll":
                position, seat = replay.start_position, replay.start_position.turn
                if replay.can_double():
                    yield self._cube(index, lines.peek(seat), replay, doubled=False)[0]
                replay.apply(action)
                if replay.phase != "move":  # no legal play: a dance
                    dice = (action["dice"][0], action["dice"][1])
                    yield self._dance(index, lines.cell(seat), position, dice, Context.of(replay, seat))
                continue
            if kind == "double" and replay.phase == "roll":
                decision, scale = self._cube(index, lines.cell(replay.start_position.turn), replay, doubled=True)
                offered = (decision, scale)
                yield decision
            elif kind in ("take", "pass", "beaver") and offered and replay.offer and replay.offer.kind == "double":
                yield self._answer(index, lines.cell(1 - offered[0].seat), *offered, kind, replay.rules.beavers)
                offered = None
            elif kind == "move" and replay.phase == "move":
                yield self._play(index, lines.cell(replay.start_position.turn), replay, action["play"], opening)
            elif kind == "raccoon":
                lines.cell(replay.offer.seat if replay.offer else 0)
            opening = kind == "opening"
            replay.apply(action)

    # ------------------------------------------------------------ the rolls of a position

    def rolls(self, position: Position, opening: bool = False) -> list[_Roll]:
        """Each roll's best play by 0-ply, all the plays of all the rolls judged in one batch."""
        import numpy as np

        from bgwidget.ai.evaluator import checked_evaluation, equity, flip
        from bgwidget.ai.search import ROLLS

        key = (position, opening)
        if key not in self._rolls:
            batch: list[Position] = []
            groups = []
            for d1, d2, weight in _OPENING_ROLLS if opening else ROLLS:
                results = [play.result for play in position.legal_plays(d1, d2)] or [position.swap()]
                groups.append(((d1, d2), weight, len(batch), len(batch) + len(results)))
                batch.extend(results)
            chances = flip(checked_evaluation(self.evaluator, batch))  # the roller's chances
            values = equity(chances)
            rolls = []
            for dice, weight, start, stop in groups:
                best = start + int(np.argmax(values[start:stop]))
                rolls.append(_Roll(dice, weight, chances[best], batch[best]))
            self._rolls[key] = rolls
        return self._rolls[key]

    def chances(self, position: Position) -> tuple[float, ...]:
        """The cubeless chances of the side on roll before rolling, at the level's depth
        (as :func:`bgwidget.ai.analysis.evaluate` gives them)."""
        from bgwidget.ai import analysis

        return analysis.evaluate(position, self.ply, self.evaluator, cache=self.cache)

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
        from bgwidget.ai.analysis import judge, rank
        from bgwidget.ai.context import Context

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
        from bgwidget.ai.analysis import Analysis

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
        from bgwidget.ai.context import Context, optimal

        position = replay.start_position
        context = Context.of(replay, position.turn)
        cube = context.decision(self.chances(position), position)
        scale = _scale(context)
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


def _scale(context: Context) -> float:
    """EMG per unit of the cube layer's numbers: 1 in money play, 2 / (win - lose) in a match."""
    if not context.match_play:
        return 1.0
    win, lose = context.single_game()
    return 2.0 / (win - lose)


def _luck_mark(luck: float) -> str:
    return "joker" if luck >= LUCK_JOKER else "anti-joker" if luck <= -LUCK_JOKER else ""
