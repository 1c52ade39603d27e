"""Rollouts: a position, or the candidate plays of a roll, played out many times and averaged.

Each *trial* plays both sides with Medium's choice (the best play by the evaluator, 0-ply) from
the starting position to the end of the game, or for ``truncate`` plies and then takes the
evaluator's chances. A trial also stops, exactly, as soon as both sides have every checker home
(points 1..6 or off): the evaluator scores such positions by the exact bear-off database
(:mod:`bgwidget.ai.bearoff`), so playing them out would only add noise.

**Lockstep.** The trials of a batch all advance one ply together, so the candidate positions of
that ply, for every live trial, go to the evaluator in one call (the net is vectorised).

**Rotation.** The first roll of trial ``i`` is the ``(i mod 36)``-th of the 36 ordered rolls and
its second roll the ``(i // 36 + 7 i) mod 36``-th: each block of 36 trials sees every first roll
once and every second roll once, and 1,296 trials every pair of them once (GNU Backgammon's
"rotate first rolls", quasi-random dice). Later rolls come from trial ``i``'s own generator,
``numpy.random.default_rng(numpy.random.SeedSequence(seed, spawn_key=(i,)))`` (the ``i``-th
child of ``SeedSequence(seed).spawn``), so a trial's dice do not depend on how the trials are
batched: the same seed gives the same result whatever ``batch``.

**Variance reduction.** GNU Backgammon's luck adjustment (its manual's rollout settings,
"variance reduction", and its ``set rollout varredn``): at each roll, the luck of the roll is the value,
for the roller, after the best play of the roll rolled, minus the average over the 21 rolls of
the value after each roll's best play, all by the evaluator (0-ply). The trial's result minus the
sum of its luck (each roll's luck seen from the side rolled out) has the same expectation, as
each luck has mean zero given the game so far, and much less variance. It costs an evaluation of
every play of the 21 rolls at every ply.

**Cubeful money rollouts** (``cubeful=True``), as GNU Backgammon's cubeful rollouts: each trial
also carries a cube (its value, and who owns it), starting as ``cube`` says (a centred cube of 1
by default). Before each roll, a side with access to the cube takes the cube action of our cube
layer (:meth:`bgwidget.ai.context.Context.decision`: Janowski's model on the evaluator's 0-ply
cubeless chances, the position's cube efficiency): it doubles when that says double, and the
other side takes (the cube doubles and changes hands) or passes (the doubler wins the cube's
value: the trial's cubeful result is settled). Where a trial stops (the game over, both sides
home, truncation), its cubeful result is the cube's value times the cubeful equity of the side
on roll there, after its best cube action, by the same model (exact for a finished game).
Results are in points with the cube's value (a double passed at a cube of 1 gives 1). What is
not modelled: the checker plays stay the cubeless ones (the best by cubeless equity, as at
0-ply the two rarely differ); the cube decisions see only 0-ply chances (GNU Backgammon's
default cube decisions in rollouts are 0-ply too); a pass only settles the cubeful result, the
game is still played out for the cubeless chances, so a cubeful rollout's cubeless numbers are
those of the cubeless rollout with the same seed; no Jacoby rule, no beavers; the cube's limit
(the start's ``max_cube``) is kept: a cube there is dead. With variance
reduction, each roll's cubeless luck is weighed by the cube's value before that roll (zero once
the result is settled): its mean is still zero given the game so far, so the adjusted result
keeps its expectation (GNU Backgammon measures a cubeful luck instead).

**Resuming** (``resume=``), as GNU Backgammon extends a rollout (its "rollout continue" and
"extend rollout" to more trials): a rollout's result keeps its settings and every trial's result,
and a rollout given it as ``resume`` (stopped, stopped at a target error, or complete) goes on at
the next trial index to the new ``trials`` (more than it has), so its result is that of one
uninterrupted run of as many trials with the same arguments, number for number when the earlier
one ended at a multiple of ``batch``, as a stopped one does (in another batch the net's float32
sums may round otherwise). The position, dice, seed, truncation, variance reduction, cube and
evaluator (the same object) must be those of the earlier rollout, and the plays too (None: the
earlier rollout's); ``batch``, ``progress``, ``target_se`` and ``executor`` may change.

**Parallel runs** (``executor=``): each batch is one task on a
:class:`concurrent.futures.Executor` (a :class:`~concurrent.futures.ProcessPoolExecutor`) or a
``dask.distributed.Client`` (:mod:`bgwidget.ai.parallel`), at most
:data:`~bgwidget.ai.parallel.AHEAD` submitted ahead of the results, which are taken in order: so
progress, ``target_se`` and an interrupt act on the batches in trial order as they come, those
not started are cancelled at the end, and the result is the serial run's, number for number. The
evaluator travels to the workers, so it must pickle (the net's does).

The standard errors are the sample standard deviation of the trials' results over the square
root of their number: with rotation this overstates the error slightly (the strata are balanced).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bgwidget.ai.errors import LevelError
from bgwidget.ai.parallel import as_executor, in_order
from bgwidget.ai.players import evaluator_or_net
from bgwidget.checks import is_int
from bgwidget.errors import RolloutError
from bgwidget.moves import Play, check_roll
from bgwidget.position import Position, PositionError

if TYPE_CHECKING:  # numpy's modules are imported by a rollout's first use: the board plays without them
    from concurrent.futures import Executor

    import numpy as np
    import pandas

    from bgwidget.ai.context import Context
    from bgwidget.ai.search import Evaluator

__all__ = ["CANDIDATES", "Rollout", "RolloutError", "Rollouts", "rollout"]

CANDIDATES = 5
"""How many plays a rollout of a roll takes when none are given: the best by Expert's analysis."""


@dataclass(frozen=True)
class Rollout:
    """The result of rolling out a position (``play`` None) or one candidate play.

    Seen by the player on roll in the position rolled out (the maker of ``play``), cubeless.
    ``probabilities``: mean (win, win gammon, win backgammon, lose gammon, lose backgammon),
    each 0..1 up to its error (luck-adjusted trials can stray past 0 or 1, so the mean of a rare
    event may too); ``equity``: mean cubeless equity in points per game; ``probabilities_se``
    and ``equity_se``: their standard errors; ``trials``: the trials averaged; ``complete``:
    False when the rollout was interrupted before ``trials`` (or its target error) was reached.
    ``cubeful_equity`` and ``cubeful_equity_se``: a cubeful money rollout's mean result in points
    (the cube's value included, see the module) and its standard error; None when cubeless.
    """

    play: Play | None
    probabilities: tuple[float, float, float, float, float]
    equity: float
    probabilities_se: tuple[float, float, float, float, float]
    equity_se: float
    trials: int
    complete: bool
    cubeful_equity: float | None = None
    cubeful_equity_se: float | None = None
    trials_done: _Trials | None = field(default=None, repr=False, compare=False)
    """What ``rollout(..., resume=)`` goes on from: the settings and every trial's results."""

    COLUMNS = (
        "play",
        "equity",
        "equity se",
        "win",
        "win g",
        "win bg",
        "lose g",
        "lose bg",
        "trials",
        "cubeful",
        "cubeful se",
    )

    @property
    def notation(self) -> str:
        return "" if self.play is None else str(self.play)

    def row(self) -> tuple:
        return (
            self.notation,
            self.equity,
            self.equity_se,
            *self.probabilities,
            self.trials,
            self.cubeful_equity,
            self.cubeful_equity_se,
        )

    def __str__(self) -> str:
        return _text([self])

    def _repr_html_(self) -> str:
        return _html([self])

    def to_dataframe(self) -> pandas.DataFrame:
        """One row: the table of :meth:`__str__` as a pandas DataFrame (raises ImportError without pandas)."""
        return _frame([self])


class Rollouts(list):
    """A list of :class:`Rollout`, one per candidate play, best equity first, that prints as a table."""

    def __str__(self) -> str:
        return _text(self)

    def _repr_html_(self) -> str:
        return _html(self)

    def to_dataframe(self) -> pandas.DataFrame:
        """The table as a pandas DataFrame, one row per play (raises ImportError without pandas)."""
        return _frame(self)


def _text(rows: Sequence[Rollout]) -> str:
    cubeful = any(r.cubeful_equity is not None for r in rows)
    head = f"{'play':<24}{'equity':>9}{'± se':>8}   win   w g  w bg   l g  l bg  trials"
    lines = [head + (f"{'cubeful':>9}{'± se':>8}" if cubeful else "")]
    for r in rows:
        chances = " ".join(f"{x:5.3f}" for x in r.probabilities)
        partial = "" if r.complete else " (stopped)"
        line = f"{r.notation:<24}{r.equity:>+9.3f}{r.equity_se:>8.3f}  {chances}{r.trials:>8}"
        if r.cubeful_equity is not None:
            line += f"{r.cubeful_equity:>+9.3f}{r.cubeful_equity_se:>8.3f}"
        lines.append(line + partial)
    return "\n".join(lines)


def _html(rows: Sequence[Rollout]) -> str:
    head = "".join(f"<th>{html.escape(name)}</th>" for name in Rollout.COLUMNS)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(c))}</td>" for c in r.row()) + "</tr>" for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cell(value: object) -> str:
    return f"{value:.4f}" if isinstance(value, float) else "" if value is None else str(value)


def _frame(rows: Sequence[Rollout]) -> pandas.DataFrame:
    import pandas

    return pandas.DataFrame([r.row() for r in rows], columns=Rollout.COLUMNS)


def rollout(
    position: Position,
    dice: tuple[int, int] | None = None,
    plays: Sequence[Play] | None = None,
    *,
    trials: int = 1296,
    seed: int = 0,
    level: str = "medium",
    truncate: int | None = None,
    variance_reduction: bool = True,
    target_se: float | None = None,
    progress: bool | Callable[[int, int], object] = True,
    batch: int = 72,
    evaluator: Evaluator | None = None,
    executor: Executor | object = None,
    cubeful: bool = False,
    cube: Context | None = None,
    resume: Rollout | Rollouts | None = None,
) -> Rollout | Rollouts:
    """Monte Carlo rollout of ``position`` before a roll, or of candidate plays of ``dice``.

    Without ``dice``: a :class:`Rollout` of the position for the player on roll, its trials
    starting with that player's roll. With ``dice``: a :class:`Rollouts`, one per play of
    ``plays`` (legal plays of ``dice`` in ``position``; by default the best :data:`CANDIDATES`
    by Expert's analysis), best equity first, each trial starting with the opponent on roll
    after the play; every play gets the same dice (trial ``i`` of each play rolls alike), so
    their differences are measured more precisely than each alone. See the module for how
    trials are played (Medium's plays, ``level="medium"`` being the only level), rotated,
    seeded and luck-adjusted (``variance_reduction``). ``cubeful``: also a cubeful money
    rollout (see the module), its result in ``cubeful_equity``, by which plays are then ranked
    and ``target_se`` judged; ``cube``: the cube at the start, a money-play
    :class:`bgwidget.ai.Context` seen by the player on roll in ``position`` (its
    ``cube`` value and ``owner``; None: a centred cube of 1), only with ``cubeful``.

    ``trials``: how many games per play (a positive int); ``seed``: an int >= 0; ``truncate``:
    None to play to the end, or a number of plies (one roll each) after which the evaluator
    judges; ``target_se``: stop early, after a batch, once every equity's standard error is below
    it (points per game; checked from 36 trials on); ``batch``: how many trials per play go in
    lockstep (memory against speed; the result does not depend on it). ``progress``: True shows a
    progress bar (``tqdm.auto``) of the trials with the running equity ± its error, False
    nothing; a callable is called as ``progress(done, trials)`` after each batch. A
    KeyboardInterrupt (the notebook's stop button, or raised by ``progress``) ends the rollout
    and returns the batches done, with ``complete`` False (at least one batch must be done:
    an interrupt in the first batch propagates). ``resume``: an earlier rollout's result to go
    on from, up to ``trials``, with the same settings (see the module's **Resuming**).
    ``executor``: None to play every batch here, or a :class:`concurrent.futures.Executor` or a
    ``dask.distributed.Client`` to play each batch as one task there, the evaluator pickled (see
    the module's **Parallel runs**): the result is the serial run's. ``evaluator``: the function
    from positions to chances that judges (None: the net, exact bear-offs and finished games,
    :func:`~bgwidget.ai.evaluator.evaluate_positions`).

    Raises :class:`bgwidget.PositionError` for a position that is not a Position or a finished
    game, :class:`bgwidget.DiceError` for bad dice, :class:`~bgwidget.ai.errors.LevelError` for
    another level or an evaluator that is not one, :class:`RolloutError` for the other
    arguments out of range (an executor that is not one included, a ``resume`` that does not
    match), :class:`ImportError` without numpy; nothing is computed before the checks pass.
    """
    evaluator = evaluator_or_net(evaluator, "a rollout")
    earlier = _earlier(resume)
    if earlier is not None and plays is None and dice is not None and earlier.rolled(check_roll(dice)):
        plays = earlier.plays  # the plays rolled out before, not Expert's choice again
    starts, candidates = _checked(position, dice, plays, level, evaluator)
    _check_run(trials, batch, seed, truncate, target_se, progress, variance_reduction)
    pool = as_executor(executor, RolloutError)
    stakes = _stakes(cubeful, cube, candidates is not None)
    if candidates is not None and not candidates:
        return Rollouts()
    roll = None if dice is None else check_roll(dice)
    chosen = None if candidates is None else tuple(candidates)
    settings = _Settings(position, roll, chosen, seed, truncate, variance_reduction, stakes, evaluator)
    results = [] if earlier is None else [earlier.results]  # blocks of (trials, len(starts), 6) results
    if earlier is not None:
        starts, candidates = earlier.resumed(settings, trials)
    tasks = _batches(starts, settings, results, trials, batch)
    complete = _run(tasks, results, trials, progress, target_se, cubeful, pool)
    return _result(settings, results, candidates, complete, cubeful)


def _check_run(
    trials: object,
    batch: object,
    seed: object,
    truncate: object,
    target_se: object,
    progress: object,
    variance_reduction: object,
) -> None:
    """:class:`RolloutError` for the first of :func:`rollout`'s numbers and switches that is out of range."""
    for name, value in (("trials", trials), ("batch", batch)):
        if not is_int(value) or value < 1:
            raise RolloutError(f"{name} is a positive int, not {value!r}")
    if not is_int(seed) or seed < 0:
        raise RolloutError(f"seed is an int >= 0, not {seed!r}")
    if truncate is not None and (not is_int(truncate) or truncate < 1):
        raise RolloutError(f"truncate is None or a positive number of plies, not {truncate!r}")
    if target_se is not None and (
        not isinstance(target_se, (int, float)) or isinstance(target_se, bool) or not target_se > 0
    ):
        raise RolloutError(f"target_se is None or a positive equity, not {target_se!r}")
    if not isinstance(progress, bool) and not callable(progress):
        raise RolloutError(f"progress is True, False or a callable progress(done, total), not {progress!r}")
    if not isinstance(variance_reduction, bool):
        raise RolloutError(f"variance_reduction is True or False, not {variance_reduction!r}")


def _batches(
    starts: list[tuple[Position, bool]], settings: _Settings, results: list[np.ndarray], trials: int, batch: int
) -> Iterator[tuple]:
    """The :func:`_play_out` tasks of the trials after those in ``results`` up to ``trials``, in
    batches at multiples of ``batch`` as an uninterrupted run's (the first from the next trial)."""
    done = sum(len(block) for block in results)
    s = settings
    for first in range(done - done % batch, trials, batch):
        indices = range(max(first, done), min(first + batch, trials))
        yield starts, indices, s.seed, s.truncate, s.variance_reduction, s.evaluator, s.cube


def _run(
    tasks: Iterator[tuple],
    results: list[np.ndarray],
    trials: int,
    progress: bool | Callable[[int, int], object],
    target_se: float | None,
    cubeful: bool,
    pool: Executor | None,
) -> bool:
    """Play ``tasks`` here (``pool`` None) or on ``pool``, adding each block of results to ``results``
    in trial order, with ``progress`` after each, until ``trials`` are done, every equity's standard
    error (the cubeful ones when ``cubeful``) is below ``target_se`` or a KeyboardInterrupt. Whether
    the run is complete (not interrupted); an interrupt before any block propagates."""
    import numpy as np
    from tqdm.auto import tqdm

    done = sum(len(block) for block in results)
    complete = True
    bar = tqdm(total=trials, initial=done, disable=progress is not True, desc="rollout", unit="trial")
    blocks = in_order(_play_out, tasks, pool)
    try:
        for block in blocks:
            results.append(block)
            done += len(block)
            bar.update(len(block))
            summary = _summary(np.concatenate(results))
            values, ses = summary[4:] if cubeful else summary[1:4:2]
            bar.set_postfix_str(f"{'cubeful ' if cubeful else ''}equity {values[0]:+.3f} ± {ses[0]:.3f}")
            if callable(progress):
                progress(done, trials)
            if target_se is not None and done >= 36 and (ses < target_se).all():
                break
    except KeyboardInterrupt:
        if not results:
            raise
        complete = False
    finally:
        blocks.close()  # the batches not started are cancelled
        bar.close()
    return complete


def _result(
    settings: _Settings, results: list[np.ndarray], plays: list[Play] | None, complete: bool, cubeful: bool
) -> Rollout | Rollouts:
    """The rollout's result from its blocks of ``results``: a :class:`Rollout` of the position when
    ``plays`` is None, else the :class:`Rollouts` of the plays, best (cubeful, when ``cubeful``) equity first."""
    import numpy as np

    kept = _Trials(settings, np.concatenate(results))
    means, mean_equity, chance_ses, equity_ses, cubeful_means, cubeful_ses = _summary(kept.results)
    rows = [
        Rollout(
            play,
            tuple(float(x) for x in means[k]),  # type: ignore[arg-type]
            float(mean_equity[k]),
            tuple(float(x) for x in chance_ses[k]),  # type: ignore[arg-type]
            float(equity_ses[k]),
            len(kept.results),
            complete,
            float(cubeful_means[k]) if cubeful else None,
            float(cubeful_ses[k]) if cubeful else None,
            kept,
        )
        for k, play in enumerate(plays or [None])
    ]
    if plays is None:
        return rows[0]
    return Rollouts(sorted(rows, key=lambda r: -(r.equity if r.cubeful_equity is None else r.cubeful_equity)))


@dataclass(frozen=True)
class _Settings:
    """What fixes a rollout's trials: resuming one needs the same."""

    position: Position
    dice: tuple[int, int] | None
    plays: tuple[Play, ...] | None  # in the order of the results' second axis
    seed: int
    truncate: int | None
    variance_reduction: bool
    cube: Context | None
    evaluator: Evaluator

    def differences(self, other: _Settings) -> list[str]:
        """The names of the settings that differ from ``other``'s (plays compared as sets)."""
        names = [
            name
            for name in ("position", "seed", "truncate", "variance_reduction", "cube")
            if getattr(self, name) != getattr(other, name)
        ]
        if (self.dice and sorted(self.dice)) != (other.dice and sorted(other.dice)):
            names.append("dice")
        elif set(self.plays or ()) != set(other.plays or ()):
            names.append("plays")
        if self.evaluator is not other.evaluator:
            names.append("evaluator")
        return names


@dataclass(frozen=True, eq=False)
class _Trials:
    """A rollout's settings and its trials' (trials, starts, 6) results, to resume it."""

    settings: _Settings
    results: np.ndarray

    def rolled(self, dice: tuple[int, int]) -> bool:
        """Whether this rollout's plays are of ``dice``."""
        return self.settings.dice is not None and sorted(self.settings.dice) == sorted(dice)

    @property
    def plays(self) -> list[Play] | None:
        return None if self.settings.plays is None else list(self.settings.plays)

    def resumed(self, settings: _Settings, trials: int) -> tuple[list[tuple[Position, bool]], list[Play] | None]:
        """The starts and plays of this rollout, resumed with ``settings`` up to ``trials``; RolloutError
        when they differ or ``trials`` is not more than the trials done."""
        differ = self.settings.differences(settings)
        if differ:
            raise RolloutError(
                f"a resumed rollout keeps the settings of the one it resumes: {', '.join(differ)} differ"
            )
        if trials <= len(self.results):
            raise RolloutError(
                f"a resumed rollout goes on to more trials than the {len(self.results)} done, not {trials}"
            )
        plays = self.plays
        if plays is None:
            return [(self.settings.position, True)], None
        return [(play.result, False) for play in plays], plays


def _earlier(resume: object) -> _Trials | None:
    """The trials of the rollout to resume (None for none), checked."""
    if resume is None:
        return None
    first = resume[0] if isinstance(resume, Rollouts) and resume else resume
    if not isinstance(first, Rollout) or first.trials_done is None:
        raise RolloutError(f"resume is the result of an earlier rollout, not {resume!r}")
    return first.trials_done


def _checked(
    position: object, dice: object, plays: object, level: object, evaluator: object
) -> tuple[list[tuple[Position, bool]], list[Play] | None]:
    """The trials' starts (position, whether the side on roll there is the side rolled out) and the plays."""
    if not isinstance(position, Position):
        raise PositionError(f"a rollout starts from a Position, not {type(position).__name__}")
    if position.outcome() is not None:
        raise PositionError("the game is over in this position: there is nothing to roll out")
    if level != "medium":
        raise LevelError(f"a rollout plays Medium's plays (level 'medium'), not {level!r}")
    if not callable(evaluator):
        raise LevelError(f"an evaluator is a function from positions to (n, 5) chances, not {evaluator!r}")
    if dice is None:
        if plays is not None:
            raise RolloutError("plays are plays of a roll: give the dice too")
        return [(position, True)], None
    roll = check_roll(dice)
    legal = position.legal_plays(*roll)
    if plays is None:
        from bgwidget.ai.analysis import analyse

        chosen = [c.play for c in analyse(position, roll, 1, evaluator)[:CANDIDATES]]
    else:
        if isinstance(plays, (str, bytes)) or not isinstance(plays, Sequence):
            raise RolloutError(f"plays are a sequence of Play, not {type(plays).__name__}")
        chosen = list(plays)
        for play in chosen:
            if not isinstance(play, Play) or play not in legal:
                raise RolloutError(f"{play!r} is not a legal play of {roll[0]}-{roll[1]} in this position")
        if len(set(chosen)) != len(chosen):
            raise RolloutError("a play is given twice")
    return [(play.result, False) for play in chosen], chosen


def _stakes(cubeful: object, cube: object, plays: bool) -> Context | None:
    """The cube at the start of a cubeful rollout (None when cubeless), checked."""
    from bgwidget.ai.context import Context

    if not isinstance(cubeful, bool):
        raise RolloutError(f"cubeful is True or False, not {cubeful!r}")
    if cube is None:
        return Context() if cubeful else None
    if not cubeful:
        raise RolloutError("a cube is for a cubeful rollout: give cubeful=True too")
    if not isinstance(cube, Context) or cube.match_length or cube.jacoby or cube.beavers:
        raise RolloutError(
            f"a cubeful rollout's cube is a money-play Context without the Jacoby rule or beavers, not {cube!r}"
        )
    return cube


class _Cubes:
    """The cube of each trial of a cubeful rollout and its result, seen by the side rolled out (see the module)."""

    def __init__(self, n: int, start: Context) -> None:
        import numpy as np

        self.value = np.full(n, float(start.cube))
        self.max_cube = start.max_cube  # a cube at the limit is dead: no more doubles
        self.owner = np.full(n, {"centre": 0, "player": 1, "opponent": -1}[start.owner])  # 1: the side rolled out
        self.points = np.zeros(n)  # the side rolled out's result, once settled
        self.settled = np.zeros(n, dtype=bool)
        self.luck = np.zeros(n)

    def _context(self, k: int, mine: bool) -> Context:
        from bgwidget.ai.context import Context

        owner = "centre" if self.owner[k] == 0 else "player" if (self.owner[k] == 1) == mine else "opponent"
        # Money-play numbers are per cube of 1; the cube's value only says whether it is at the limit.
        return Context(cube=int(self.value[k]), owner=owner, max_cube=self.max_cube)

    def act(self, live: Sequence[int], positions: Sequence[Position], ours: np.ndarray, evaluator: Evaluator) -> None:
        """Each live trial's side on roll, with access to the cube, takes its cube action before its roll."""
        from bgwidget.ai.evaluator import checked_evaluation

        deciding = [k for k in live if not self.settled[k] and self.owner[k] in (0, 1 if ours[k] else -1)]
        if not deciding:
            return
        for k, chances in zip(deciding, checked_evaluation(evaluator, [positions[k] for k in deciding])):
            decision = self._context(k, bool(ours[k])).decision(chances, positions[k])
            if not decision.should_double:
                continue
            if decision.should_take:
                self.value[k] *= 2
                self.owner[k] = -1 if ours[k] else 1  # the taker's
            else:
                self.points[k] = self.value[k] if ours[k] else -self.value[k]
                self.settled[k] = True

    def end(self, k: int, position: Position, chances: np.ndarray, mine: bool) -> None:
        """Trial ``k`` stops at ``position`` with the side on roll's cubeless ``chances``: its cubeful value."""
        from bgwidget.ai.context import optimal

        if not self.settled[k]:
            value = self.value[k] * optimal(self._context(k, mine).decision(chances, position))
            self.points[k] = value if mine else -value
            self.settled[k] = True

    def lucky(self, live: Sequence[int], luck: np.ndarray) -> None:
        """Add each live trial's roll's cubeless ``luck`` (equity, seen by the side rolled out) times its cube."""
        for k, x in zip(live, luck):
            if not self.settled[k]:
                self.luck[k] += x * self.value[k]


def _summary(block: np.ndarray) -> tuple[np.ndarray, ...]:
    """Means and standard errors of (trials, starts, 6) results (five chances, cubeful points):
    chances (starts, 5), equities (starts,), their errors, cubeful equities (starts,) and theirs.

    One trial has no measured spread: its errors are infinite.
    """
    import numpy as np

    from bgwidget.ai.evaluator import equity

    def mean_and_se(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n = x.shape[0]
        return x.mean(axis=0), x.std(axis=0, ddof=1) / np.sqrt(n) if n > 1 else np.full(x.shape[1:], np.inf)

    chances, chance_ses = mean_and_se(block[..., :5])
    values, equity_ses = mean_and_se(equity(block[..., :5]))
    cubeful, cubeful_ses = mean_and_se(block[..., 5])
    return chances, values, chance_ses, equity_ses, cubeful, cubeful_ses


def _turned(p: np.ndarray) -> np.ndarray:
    """Chances (or differences of chances) seen by the other side, with no clipping."""
    out = p[..., [0, 3, 4, 1, 2]].copy()
    out[..., 0] = 1.0 - p[..., 0]
    return out


def _home(position: Position) -> bool:
    """Both sides have every checker on points 1..6 or off: the bear-off database's range."""
    return not any(position.player[6:]) and not any(position.opponent[6:])


def _roll(i: int, ply: int, rng: np.random.Generator) -> tuple[int, int]:
    """Trial ``i``'s roll at ``ply`` (0 first), rotated for the first two (see the module)."""
    if ply == 0:
        r = i % 36
    elif ply == 1:
        r = (i // 36 + 7 * i) % 36
    else:
        r = int(rng.integers(36))
    return r // 6 + 1, r % 6 + 1


def _take_luck(
    chances: np.ndarray, taken: np.ndarray, live: list[int], ours: np.ndarray, luck: np.ndarray, cubes: _Cubes | None
) -> None:
    """Add to ``luck`` (and ``cubes``') each live trial's luck of the roll (variance reduction):
    the roller's chances after the roll ``taken`` (its index in ROLLS) less their average over the
    21 rolls, seen by the side rolled out. ``chances``: the next side on roll's, 21 rows a trial."""
    import numpy as np

    from bgwidget.ai.evaluator import equity
    from bgwidget.ai.search import ROLLS

    weights = np.array([w for _, _, w in ROLLS])
    mover = _turned(chances).reshape(len(live), len(ROLLS), 5)  # for the roller
    rows = np.arange(len(live))
    lucky = mover[rows, taken] - np.einsum("r,lrc->lc", weights, mover)
    ours_live = ours[live]
    theirs = lucky[:, [0, 3, 4, 1, 2]]  # the roller's luck seen by the other side
    theirs[:, 0] *= -1.0
    luck[live] += np.where(ours_live[:, None], lucky, theirs)
    if cubes:  # the constant of equity() cancels in a difference of weighted averages
        values_lucky = equity(mover[rows, taken]) - equity(mover) @ weights
        cubes.lucky(live, np.where(ours_live, values_lucky, -values_lucky))


def _play_out(
    starts: Sequence[tuple[Position, bool]],
    indices: range,
    seed: int,
    truncate: int | None,
    reduce: bool,
    evaluator: Evaluator,
    cube: Context | None = None,
) -> np.ndarray:
    """(len(indices), len(starts), 6) results, seen by the side rolled out, of trials ``indices``
    from each start, played in lockstep: the five cubeless chances and, with ``cube`` (the cube
    at the start), the cubeful points (else 0)."""
    import numpy as np

    from bgwidget.ai.evaluator import checked_evaluation
    from bgwidget.ai.search import ROLLS, best_boards, board_position

    roll_index = {(d1, d2): r for r, (d1, d2, _) in enumerate(ROLLS)}
    n = len(indices) * len(starts)
    trial = [i for i in indices for _ in starts]  # flat layout: trial index major, start minor
    rngs = {i: np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,))) for i in indices}
    positions = [start for _ in indices for start, _ in starts]
    ours = np.array([mine for _ in indices for _, mine in starts])  # side on roll is the side rolled out
    results = np.zeros((n, 5))
    luck = np.zeros((n, 5))
    cubes = None if cube is None else _Cubes(n, cube)

    def stop(stopped: list[int], chances: np.ndarray) -> None:  # the side on roll's chances where trials stop
        results[stopped] = np.where(ours[stopped, None], chances, _turned(chances))
        if cubes is not None:
            for k, c in zip(stopped, chances):
                cubes.end(k, positions[k], c, bool(ours[k]))

    live = [k for k in range(n) if positions[k].outcome() is None and not _home(positions[k])]
    settled = sorted(set(range(n)) - set(live))
    if settled:
        stop(settled, checked_evaluation(evaluator, [positions[k] for k in settled]))
    ply = 0
    while live:
        if truncate is not None and ply >= truncate:
            stop(live, checked_evaluation(evaluator, [positions[k] for k in live]))
            break
        if cubes:
            cubes.act(live, positions, ours, evaluator)
        dice = [_roll(trial[k], ply, rngs[trial[k]]) for k in live]
        if reduce:  # every roll's best play, for the luck of the roll taken
            rolled = [(positions[k], d1, d2) for k in live for d1, d2, _ in ROLLS]
        else:
            rolled = [(positions[k], *roll) for k, roll in zip(live, dice)]
        after, chances = best_boards(rolled, evaluator)  # the next side on roll's chances
        kept = np.arange(len(live))  # the row of ``after`` of each trial's roll
        if reduce:
            taken = np.array([roll_index[min(roll), max(roll)] for roll in dice], dtype=int)
            _take_luck(chances, taken, live, ours, luck, cubes)
            kept = kept * len(ROLLS) + taken
        still: list[int] = []
        stopped: list[tuple[int, int]] = []  # (trial, its row of ``after``)
        for k, b in zip(live, kept.tolist()):
            board, turn = after[b], 1 - positions[k].turn
            positions[k] = board_position(board, turn)
            ours[k] = not ours[k]
            if positions[k].outcome() is None and not _home(positions[k]):
                still.append(k)
            else:
                stopped.append((k, b))
        if stopped:
            stop([k for k, _ in stopped], chances[[b for _, b in stopped]])
        live = still
        ply += 1
    cubeful = np.zeros(n) if cubes is None else cubes.points - cubes.luck
    return np.concatenate([results - luck, cubeful[:, None]], axis=1).reshape(len(indices), len(starts), 6)
