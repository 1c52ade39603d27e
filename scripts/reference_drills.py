"""Build the reference drills shipped with the package: ``src/bgwidget/ai/data/reference_drills.json``.

Four themes, each regenerated on its own (``--themes``; the file's other themes are kept):

* ``opening``: the 15 non-double opening rolls. The answer is the best play of a published table
  (:data:`PUBLISHED_OPENINGS`); the values are our own cubeless rollouts (:func:`bgwidget.ai.rollout`,
  seed, trials and truncation stated in each record) of that play and of Expert's five best, beside
  the published rollout equities where a source gives them.
* ``replies``: every one of the 21 rolls in reply to five common openings (31, 42, 61, 21, 43, each
  played as the published table plays it), answered by the World-class analysis (a 2-ply search of
  filtered candidates by the project's net): an analysis, not a rollout.
* ``bearoff``: bear-off positions (both sides home) and a roll, every value exact: the cubeless
  equity after each play from the one-sided bear-off database (:mod:`bgwidget.ai.bearoff`).
* ``cube``: bear-off positions in money play and at match scores; the answer is the cubeful
  decision of the World-class search (:func:`bgwidget.ai.game_cube_decision`: 2-ply, Janowski's model
  at the leaves) on the database's exact cubeless chances.

Timing on this machine (2 cores): ``opening`` about 8 minutes (288 trials, truncated at 10 plies,
on two processes), ``replies`` under a minute, ``bearoff`` and ``cube`` seconds (the database is
computed once and cached).

    PYTHONPATH=src .venv/bin/python scripts/reference_drills.py [--themes opening,replies,bearoff,cube]
        [--trials 288] [--truncate 10] [--seed 1] [--workers 2] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from bgwidget import Position, ai
from bgwidget.ai import bearoff
from bgwidget.ai.encoding import boards_from_positions
from bgwidget.formats import MatchState, from_gnubg_id, to_match_id
from bgwidget.moves import Play

OUT = Path(__file__).resolve().parent.parent / "src" / "bgwidget" / "ai" / "data" / "reference_drills.json"
VERSION = 1
THEMES = ("opening", "replies", "bearoff", "cube")
CHECK = {"level": "expert", "tolerance": 0.03}
"""How the tests check an answer: its equity at this level is within ``tolerance`` of the level's
best (0.03, GNU Backgammon's "doubtful" threshold: the answer is no marked error at that level)."""

OPENING_SOURCE = (
    "Best plays: backgammon101.com, 'Opening rolls' (29 December 2024), the table of best opening plays "
    "for money games (from rollouts). Published equities: 31, 42 and 65 from the GNU Backgammon rollout "
    "table quoted on everygamemade.com/strategy/backgammon.html; 51 from Stick Rice's GNU Backgammon "
    "rollout of 46,656 games (GammOnLine, 26 February 2006; bkgm.com/rgb/rgb.cgi?view+1344)."
)
PUBLISHED_OPENINGS = {
    (2, 1): "13/11 24/23",
    (3, 1): "8/5 6/5",
    (3, 2): "24/21 13/11",
    (4, 1): "24/23 13/9",
    (4, 2): "8/4 6/4",
    (4, 3): "24/21 13/9",
    (5, 1): "24/23 13/8",
    (5, 2): "24/22 13/8",
    (5, 3): "8/3 6/3",
    (5, 4): "24/20 13/8",
    (6, 1): "13/7 8/7",
    (6, 2): "24/18 13/11",
    (6, 3): "24/18 13/10",
    (6, 4): "24/18 13/9",
    (6, 5): "24/13",
}
"""The best play of each opening roll, as :data:`OPENING_SOURCE`'s table gives it."""
PUBLISHED_EQUITIES = {
    ((3, 1), "8/5 6/5"): 0.167,
    ((4, 2), "8/4 6/4"): 0.123,
    ((6, 5), "24/13"): 0.055,
    ((5, 1), "24/23 13/8"): 0.0069,
    ((5, 1), "13/8 6/5"): -0.0058,
}
"""Published cubeless rollout equities (points per game, for the player who made the play)."""

REPLY_OPENINGS = ((3, 1), (4, 2), (6, 1), (2, 1), (4, 3))
ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
"""The 21 rolls, the higher die first."""
CANDIDATES = 5


def money_match_id(on_roll: int, dice: tuple[int, int] | None = None) -> str:
    """The Match ID of a money game with a centred cube of 1, ``on_roll`` (0 bottom, 1 top) to play ``dice``."""
    state = MatchState(on_roll=on_roll, turn=on_roll, dice=None if dice is None else (max(dice), min(dice)))
    return to_match_id(state)


def record(rid: str, theme: str, position: Position, match_id: str, **fields: object) -> dict:
    """One drill: id, theme, the gnubg Position ID and Match ID, then ``fields``."""
    return {"id": rid, "theme": theme, "position_id": position.position_id(), "match_id": match_id, **fields}


def play_values(candidates: list) -> list[dict]:
    """The candidates as ``{"play", "equity", "ply"}``, equity cubeless in points per game for the mover."""
    return [{"play": str(c.play), "equity": round(float(c.equity), 4), "ply": int(c.ply)} for c in candidates]


def opening(trials: int, truncate: int, seed: int, workers: int, rolls: list | None = None) -> dict:
    """The opening theme: the published best play of each roll (``rolls``: None for all 15), our
    rollouts of the candidates."""
    start = Position.initial()
    drills = []
    with ProcessPoolExecutor(workers) as pool:
        for dice in rolls or sorted(PUBLISHED_OPENINGS):
            published = start.parse_play(PUBLISHED_OPENINGS[dice], *dice)
            plays = [c.play for c in ai.analyse(start, dice, "expert")[:CANDIDATES]]
            plays += [published] if published not in plays else []
            t0 = time.time()
            rolled = ai.rollout(
                start, dice, plays, trials=trials, truncate=truncate, seed=seed, progress=False, executor=pool
            )
            print(f"opening {dice[0]}{dice[1]}: {time.time() - t0:.0f} s", flush=True)
            drills.append(_opening_record(start, dice, published, rolled, trials, truncate, seed))
    return {
        "note": "The answer is the published best play; values are our cubeless rollouts (Medium's plays, "
        "luck-adjusted, rotated first rolls) beside the published equities where a source gives them.",
        "source": OPENING_SOURCE,
        "check": {"level": "world-class", "tolerance": CHECK["tolerance"]},
        "drills": drills,
    }


def _opening_record(
    start: Position, dice: tuple[int, int], published: Play, rolled: ai.Rollouts, trials: int, truncate: int, seed: int
) -> dict:
    """One opening drill: the published answer, our rolled-out values, and whether they agree."""
    values = []
    for r in rolled:
        row = {"play": str(r.play), "equity": round(r.equity, 4), "se": round(r.equity_se, 4)}
        known = PUBLISHED_EQUITIES.get((dice, str(r.play)))
        if known is not None:
            row["published_equity"] = known
        values.append(row)
    ours, answer = rolled[0], next(r for r in rolled if r.play == published)
    gap = ours.equity - answer.equity
    error = 2 * math.hypot(ours.equity_se, answer.equity_se)
    if ours.play == published:
        note = "Our rollout's best is the published play."
    elif gap <= error:
        note = (
            f"Our rollout prefers {ours.play} by {gap:.3f}, within twice the two standard errors combined "
            f"({error:.3f}, as if independent): the published play is kept."
        )
    else:
        note = (
            f"Our rollout prefers {ours.play} by {gap:.3f}, beyond twice the standard error ({error:.3f}) of "
            "this short, 0-ply rollout: the published play (longer, stronger rollouts) is kept."
        )
    high, low = max(dice), min(dice)
    return record(
        f"opening-{high}{low}",
        "opening",
        start,
        money_match_id(0, dice),
        dice=[high, low],
        answer=str(published),
        values=values,
        source=OPENING_SOURCE,
        note=note,
        seed=seed,
        trials=trials,
        truncate=truncate,
    )


def replies() -> dict:
    """The replies theme: each roll after five openings, answered by World-class analysis."""
    start = Position.initial()
    drills = []
    source = "World-class analysis of the project's engine (2-ply search of filtered candidates), not a rollout."
    for opening_dice in REPLY_OPENINGS:
        opened = start.parse_play(PUBLISHED_OPENINGS[opening_dice], *opening_dice)
        after = opened.result
        for dice in ROLLS:
            cands = ai.analyse(after, dice, "world-class")
            drills.append(
                record(
                    f"reply-{opening_dice[0]}{opening_dice[1]}-{dice[0]}{dice[1]}",
                    "replies",
                    after,
                    money_match_id(after.turn, dice),
                    dice=list(dice),
                    opening={"dice": list(opening_dice), "play": str(opened)},
                    answer=str(cands[0].play),
                    values=play_values(cands[:CANDIDATES]),
                    source=source,
                )
            )
    return {
        "note": "Replies to common openings (each played as the opening table plays it), every reply roll.",
        "source": source,
        "check": CHECK,
        "drills": drills,
    }


def random_bearoff(rng: np.random.Generator, checkers: int) -> list[int]:
    """Counts on points 1..6 of ``checkers`` checkers, each on a random home point."""
    home = [0] * 6
    for point in rng.integers(0, 6, size=checkers):
        home[int(point)] += 1
    return home


def bearoff_position(mine: list[int], theirs: list[int]) -> Position:
    """Seat 0 on roll with counts ``mine`` on its points 1..6, the opponent ``theirs`` on its own."""
    return Position.from_points(_points(mine), _points(theirs))


def _points(counts: list[int]) -> dict[int | str, int]:
    return {point: n for point, n in enumerate(counts, 1) if n}


def exact_chances(position: Position) -> tuple[float, ...]:
    """The five exact cubeless chances of the player on roll in a bear-off ``position`` (the database)."""
    return tuple(float(x) for x in bearoff.race_probabilities(boards_from_positions([position]))[0])


def exact_equity_after(play: Play) -> float:
    """The exact cubeless equity, for the mover, after ``play`` in a bear-off (points per game)."""
    outcome = play.result.outcome()
    if outcome is not None:  # the mover bore off its last checker
        return float(outcome.points)
    p, wg, _, lg, _ = exact_chances(play.result)
    return -(2 * p - 1 + wg - lg)


def bearoff_drills(count: int = 12, seed: int = 36) -> dict:
    """The bear-off theme: random bear-offs whose best play beats the second by 0.01 or more, exact values."""
    rng = np.random.default_rng(seed)
    drills = []
    while len(drills) < count:
        mine = random_bearoff(rng, int(rng.integers(4, 10)))
        theirs = random_bearoff(rng, int(rng.integers(3, 10)))
        position = bearoff_position(mine, theirs)
        dice = ROLLS[int(rng.integers(0, 21))]
        plays = position.legal_plays(*dice)
        if len(plays) < 3:
            continue
        ranked = sorted(((exact_equity_after(p), str(p)) for p in plays), reverse=True)
        if ranked[0][0] - ranked[1][0] < 0.01:
            continue
        drills.append(
            record(
                f"bearoff-{len(drills) + 1:02d}",
                "bearoff",
                position,
                money_match_id(0, dice),
                dice=list(dice),
                answer=ranked[0][1],
                values=[{"play": play, "equity": round(eq, 6)} for eq, play in ranked[:CANDIDATES]],
                source="Exact: the project's one-sided bear-off database (bgwidget.ai.bearoff), cubeless.",
            )
        )
    return {
        "note": f"Bear-offs drawn with numpy.random.default_rng({seed}), kept when the best play is 0.01 or more "
        "better than the second; equities exact (points per game, cubeless, for the player on roll).",
        "source": "The project's exact one-sided bear-off database (bgwidget.ai.bearoff).",
        "check": {"level": "exact", "tolerance": 1e-6},
        "drills": drills,
    }


CUBE_POSITIONS = [
    # (counts of the player on roll on points 1..6, the opponent's, match length, score (on roll, opponent))
    ([0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0], 0, (0, 0)),
    ([0, 0, 0, 1, 1, 0], [0, 0, 0, 0, 1, 1], 0, (0, 0)),
    ([0, 0, 1, 0, 0, 1], [0, 0, 0, 1, 1, 0], 0, (0, 0)),
    ([2, 2, 1, 0, 0, 0], [0, 1, 1, 1, 1, 1], 0, (0, 0)),
    ([0, 2, 2, 1, 1, 0], [1, 1, 1, 2, 1, 0], 0, (0, 0)),
    ([3, 2, 2, 1, 1, 1], [2, 2, 2, 2, 1, 1], 0, (0, 0)),
    ([0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 2], 0, (0, 0)),
    ([1, 0, 1, 0, 0, 0], [1, 1, 0, 0, 0, 0], 0, (0, 0)),
    ([0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0], 5, (3, 2)),
    ([0, 0, 0, 1, 1, 0], [0, 0, 0, 0, 1, 1], 7, (4, 5)),
    ([2, 2, 1, 0, 0, 0], [0, 1, 1, 1, 1, 1], 5, (0, 2)),
    ([0, 2, 2, 1, 1, 0], [1, 1, 1, 2, 1, 0], 3, (0, 1)),
    ([3, 2, 2, 1, 1, 1], [2, 2, 2, 2, 1, 1], 7, (5, 5)),
    ([0, 0, 1, 0, 0, 1], [0, 0, 0, 1, 1, 0], 9, (6, 8)),
]


def cube_drills() -> dict:
    """The cube theme: bear-offs in money play and at match scores, World-class cubeful decisions."""
    drills = []
    for k, (mine, theirs, length, score) in enumerate(CUBE_POSITIONS, 1):
        position = bearoff_position(mine, theirs)
        post_crawford = bool(length) and length - max(score) == 1
        state = MatchState(match_length=length, score=score, jacoby=False, crawford=False)
        match_id = to_match_id(state)
        game = from_gnubg_id(f"{position.position_id()}:{match_id}")
        decision = ai.game_cube_decision(game, "world-class")
        unit = "match winning chance (0..1)" if decision.match_play else "points per game, cube of 1"
        drills.append(
            record(
                f"cube-{k:02d}",
                "cube",
                position,
                match_id,
                match_length=length,
                score=list(score),
                post_crawford=post_crawford,
                chances=[round(x, 6) for x in exact_chances(position)],
                answer=decision.action,
                values=[
                    {"action": "no double", "equity": round(decision.no_double, 6)},
                    {"action": "double, take", "equity": round(decision.double_take, 6)},
                    {"action": "double, pass", "equity": round(decision.double_pass, 6)},
                ],
                unit=unit,
                source="World-class cubeful search (2-ply, Janowski's model at the leaves) on the exact "
                "bear-off database's chances.",
            )
        )
    return {
        "note": "Bear-off cube decisions, money play (no Jacoby rule) and match scores; the player on roll is "
        "seat 0 (gnubg's player 1); values for the player on roll.",
        "source": "The project's exact bear-off database and its World-class cubeful search.",
        "check": {"level": "world-class", "tolerance": 0.0},
        "drills": drills,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--themes", default=",".join(THEMES), help="comma-separated, of: " + ", ".join(THEMES))
    parser.add_argument("--trials", type=int, default=288, help="opening rollouts: trials per play")
    parser.add_argument("--truncate", type=int, default=10, help="opening rollouts: plies before the net judges")
    parser.add_argument("--seed", type=int, default=1, help="opening rollouts: the seed")
    parser.add_argument("--workers", type=int, default=2, help="opening rollouts: processes")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    themes = [t for t in args.themes.split(",") if t]
    unknown = set(themes) - set(THEMES)
    if unknown:
        parser.error(f"unknown themes {sorted(unknown)}; the themes are {', '.join(THEMES)}")
    data = json.loads(args.out.read_text()) if args.out.exists() else {"themes": {}}
    build = {
        "opening": lambda: opening(args.trials, args.truncate, args.seed, args.workers),
        "replies": replies,
        "bearoff": bearoff_drills,
        "cube": cube_drills,
    }
    for theme in themes:
        t0 = time.time()
        data["themes"][theme] = build[theme]()
        print(f"{theme}: {len(data['themes'][theme]['drills'])} drills in {time.time() - t0:.0f} s", flush=True)
    out = {"version": VERSION, "note": NOTE, "themes": {t: data["themes"][t] for t in THEMES if t in data["themes"]}}
    args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")


NOTE = (
    "Reference drills of bgwidget, built by scripts/reference_drills.py. Shape (version 1): themes -> "
    "{note, source, check: {level, tolerance}, drills: [...]}; each drill has id, theme, position_id and "
    "match_id (GNU Backgammon's, read by bgwidget.formats.from_gnubg_id('PositionID:MatchID')), dice for a "
    "checker play, answer (a play in standard notation from the mover's side, or a cube action in GNU "
    "Backgammon's words), values (candidates with equities: cubeless points per game for plays; cube "
    "actions in the unit the drill states), source, and seed/trials/truncate where rolled out."
)

if __name__ == "__main__":
    main()
