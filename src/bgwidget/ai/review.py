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

Marks (:data:`MARKS`, :func:`mark`, :data:`LUCK_JOKER`) and the :class:`Decision` record live in
:mod:`bgwidget.ai.decision`, which the review's work (:mod:`bgwidget.ai.reviewer`) shares; they
are importable from here too. Marks are GNU Backgammon's default thresholds on the error, as GNU
Backgammon 1.07 prints them (``show analysis``, "Analysis thresholds"): doubtful from 0.03, bad
from 0.06, very bad from 0.12 (older releases and manuals said 0.04, 0.08, 0.16). Luck marks
follow its luck thresholds (the same listing): a roll worth 0.6 or more above the average is a
joker ("very lucky"), 0.6 or more below an anti-joker ("very unlucky"); like GNU Backgammon, luck
is judged at 0-ply, cubeful.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bgwidget.ai.decision import LUCK_JOKER, MARKS, Decision, mark
from bgwidget.ai.errors import LevelError
from bgwidget.ai.parallel import as_executor, in_order
from bgwidget.ai.players import evaluator_or_net, level_ply
from bgwidget.errors import ReviewError
from bgwidget.game import Game, GameError
from bgwidget.match import Match
from bgwidget.position import Position

if TYPE_CHECKING:  # numpy's modules are imported by a review's first use: the board plays without them
    import pandas
    from matplotlib.figure import Figure

    from bgwidget.ai.search import Evaluator

__all__ = ["LUCK_JOKER", "MARKS", "Decision", "Review", "ReviewError", "Summary", "mark", "review"]

PR_FACTOR = 500
"""eXtreme Gammon's performance rating: the average error per unforced decision (EMG) times 500."""


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
        """The review :meth:`to_dict` gave, checked whole at load (the match through
        :func:`~bgwidget.formats.from_json`, each decision by :meth:`Decision.from_dict`, each
        decision's game one of the match's, its seat the one to decide in its position, its
        moment, when saved, one of that game's at the decision's position), so that nothing
        fails or shows another moment later on what was loaded.

        Raises :class:`ReviewError` for anything else; nothing is kept of it.
        """
        from bgwidget.formats.json_io import from_json

        if not isinstance(data, dict) or data.get("format") != "bgwidget-review":
            raise ReviewError("not a saved review (no 'format': 'bgwidget-review')")
        if data.get("version") != 1:
            raise ReviewError(f"saved review version {data.get('version')!r} is not 1")
        try:
            match = from_json(json.dumps(data["match"]))
            saved, complete, level = data["decisions"], data["complete"], data["level"]
        except (KeyError, TypeError, ValueError) as error:  # FormatError is a ValueError
            raise ReviewError(f"not a saved review: {error}") from None
        if not isinstance(match, Match) or not isinstance(complete, bool) or not isinstance(level, str):
            raise ReviewError("a saved review holds a match, whether it is complete and its level")
        if not isinstance(saved, list):
            raise ReviewError(f"a saved review's decisions are a list, not {type(saved).__name__}")
        decisions = [Decision.from_dict(d) for d in saved]
        for decision in decisions:
            if decision.game >= len(match.games):
                raise ReviewError(f"a saved decision is of game {decision.game}; the match has {len(match.games)}")
            # Who decides: the seat on roll in its position, except a take's (the doubler on roll).
            if decision.seat != (1 - decision.position.turn if decision.kind == "take" else decision.position.turn):
                raise ReviewError(f"a saved {decision.kind} decision's seat {decision.seat} is not the one to decide")
        _check_moments(match, decisions)
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


def _check_moments(match: Match, decisions: list[Decision]) -> None:
    """Raise :class:`ReviewError` unless each decision's moment (its ``actions``, where saved) is
    one of its game's record at which that decision was to make: its position, the phase of its
    kind (a double before the roll, an answer while a double waits, a play with its roll; a dance,
    whose moment is its roll's end, in the same position with the opponent to roll)."""
    moments: dict[int, set[int]] = {}
    for decision in decisions:
        if decision.actions is not None:
            moments.setdefault(decision.game, set()).add(decision.actions)
    states: dict[tuple[int, int], tuple[Position, str, tuple[int, ...]]] = {}
    for number, counts in moments.items():
        game = match.games[number]
        if max(counts) > len(game.record):
            raise ReviewError(f"a saved decision's moment is past the {len(game.record)} entries of its game's record")
        replay = Game.replay(game.setup, [])
        for done in range(max(counts) + 1):
            if done in counts:
                states[number, done] = (replay.start_position, replay.phase, tuple(sorted(replay.rolled or ())))
            if done < len(game.record):
                replay.apply(game.record[done])
    for decision in decisions:
        if decision.actions is None:
            continue
        position, phase, rolled = states[decision.game, decision.actions]
        dice = tuple(sorted(decision.dice or ()))
        if decision.kind == "play" and phase != "move":  # a dance: its roll the last entry, the opponent's turn now
            last = match.games[decision.game].record[decision.actions - 1] if decision.actions else {}
            found = position == decision.position.swap() and last.get("type") == "roll"
            found = found and tuple(sorted(last.get("dice", ()))) == dice
        elif decision.kind == "play":
            found = position == decision.position and rolled == dice
        else:
            found = position == decision.position and phase == ("roll" if decision.kind == "double" else "cube")
        if not found:
            raise ReviewError(f"a saved {decision.kind} decision is not its game's at its moment ({decision.actions})")


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
    executor: object = None,
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

    Each game is reviewed on its own (nothing judged is shared between games), so ``executor``
    can review the games apart: None reviews them here, a :class:`concurrent.futures.Executor`
    or a ``dask.distributed.Client`` (:mod:`bgwidget.ai.parallel`) one game per task, the
    decisions then coming, and ``progress`` moving, a whole game at a time (an interrupt keeps
    the games done); the review is the same either way. There the evaluator must pickle.

    Raises :class:`ReviewError` for something that is not a Game or Match (or a game that cannot
    stand as a match on its own), a ``progress`` that is not True, False or callable or an
    ``executor`` that is not one, and
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
    pool = as_executor(executor, ReviewError)
    from bgwidget.ai.reviewer import Reviewer, review_game  # numpy's side of the review, loaded once numpy is known

    def reviewed() -> Generator[Decision, None, None]:
        if pool is None:  # decision by decision, for the progress
            for index, game in enumerate(match.games):
                yield from Reviewer(ply, evaluator).game(index, game)
        else:
            tasks = ((index, game, ply, evaluator) for index, game in enumerate(match.games))
            for game_decisions in in_order(review_game, tasks, pool):
                yield from game_decisions

    name = level if isinstance(level, str) else str(getattr(level, "name", "custom"))
    decisions: list[Decision] = []
    turns = sum(1 for game in match.games for action in game.record if action["type"] == "move")
    bar = tqdm(total=turns, disable=progress is not True, desc="review", unit="turn")
    done = 0
    complete = True
    stream = reviewed()
    try:
        for decision in stream:
            decisions.append(decision)
            if decision.kind == "play":  # a turn: a play or a dance
                done += 1
                bar.update()
                if callable(progress):
                    progress(done, turns)
    except KeyboardInterrupt:
        complete = False
    finally:
        stream.close()  # the games not started are cancelled
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
