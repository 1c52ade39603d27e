"""2-ply: GNU Backgammon's recursion, checked three independent ways, and the move filters.

1. A brute-force 2-ply written plainly here (loops, no batching, no cache) with a tiny fake
   evaluator must give the same numbers as the batched search.
2. With GNU Backgammon's own 0-ply net (gnubg-nn) as the evaluator, our 2-ply must give what
   gnubg-nn's ``probabilities(board, 2)`` gives: the same recursion (21 rolls, best play by 0-ply,
   judged one ply lower) run by another program.
3. In bear-offs the exact database is the evaluator: looking ahead cannot change an exact value
   (beyond the database's own assumption, see below).
"""

import random

import numpy as np
import pytest

from bgwidget import Position
from bgwidget.ai.analysis import MOVE_FILTERS, MoveFilter, analyse, evaluate, rank
from bgwidget.ai.engines import gnubg_board
from bgwidget.ai.evaluator import evaluate_positions
from bgwidget.ai.search import ROLLS, one_ply, position_values, two_ply, zero_ply
from helpers import game_positions, random_positions


def fake(positions):
    """A tiny evaluator: the pip race decides, the side on roll worth 8 pips; a finished game is a
    sure loss for the side on roll (its opponent has borne off)."""
    rows = []
    for p in positions:
        if p.outcome() is not None:
            rows.append((0.0, 0.0, 0.0, 0.3, 0.0))
            continue
        mine, theirs = p.pip_counts()
        win = 1 / (1 + np.exp((mine - theirs - 8) / 20))
        rows.append((win, 0.2 * win * win, 0.01 * win * win, 0.2 * (1 - win) ** 2, 0.01 * (1 - win) ** 2))
    return np.array(rows)


def plain_equity(c):
    return 2 * c[0] - 1 + c[1] - c[3] + c[2] - c[4]


def plain_flip(c):
    return np.array([1 - c[0], c[3], c[4], c[1], c[2]])


def plain_value(position, ply):
    """The chances of the side on roll before it rolls, at ``ply``, by plain recursion."""
    if ply == 0 or position.outcome() is not None:
        return fake([position])[0]
    total = np.zeros(5)
    for d1, d2, weight in ROLLS:
        results = [play.result for play in position.legal_plays(d1, d2)] or [position.swap()]
        # The roller keeps the result that is worst for the side then on roll, by 0-ply.
        best = min(results, key=lambda r: plain_equity(fake([r])[0]))
        total += weight * plain_flip(plain_value(best, ply - 1))
    return total


def plain_two_ply(play):
    return plain_flip(plain_value(play.result, 2))


def cases(count, seed):
    rng = random.Random(seed)
    for position in random_positions(count, seed):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = position.legal_plays(*dice)
        if len(plays) > 1:
            yield plays


def test_two_ply_is_the_plain_recursion():
    checked = 0
    for plays in cases(12, seed=21):
        plays = plays[:3]
        expected = np.array([plain_two_ply(play) for play in plays])
        assert two_ply(plays, fake) == pytest.approx(expected, abs=1e-9)
        checked += 1
    assert checked >= 5


def test_a_play_that_ends_the_game_and_a_roll_that_cannot_be_played():
    # The last checker off: the game is over, judged by the evaluator whatever the ply.
    last = Position.from_points({1: 1}, {23: 1, 20: 2, 13: 5})
    play = last.legal_plays(6, 5)[0]
    assert two_ply([play], fake)[0] == pytest.approx(plain_two_ply(play))
    # Two on the bar against a five-point board: most rolls dance and the turn passes.
    barred = Position.from_points({"bar": 2, 6: 5, 8: 3, 13: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 11: 5})
    plays = barred.legal_plays(6, 1)
    assert two_ply(plays, fake) == pytest.approx(np.array([plain_two_ply(p) for p in plays]), abs=1e-9)


def test_one_evaluator_call_per_ply_and_the_cache_shares_the_work():
    calls = []

    def counting(positions):
        calls.append(len(positions))
        return fake(positions)

    plays = next(cases(5, seed=22))
    cache = {}
    first = two_ply(plays[:2], counting, cache)
    assert len(calls) == 2  # the replies of every play, then every reply's rolls
    again = two_ply(plays[:2], counting, cache)
    assert len(calls) == 2 and np.array_equal(first, again)
    # A cube decision after one of the plays needs the replies' 1-ply values the play needed.
    position_values([plays[0].result], 2, counting, cache)
    assert len(calls) == 2


def test_two_ply_of_the_position_before_rolling_is_gnubgs(gnubg_nn):
    def gnubg_evaluator(positions):
        return np.array(
            [
                evaluate_positions([p])[0] if p.outcome() else gnubg_nn.probabilities(gnubg_board(p), 0)
                for p in positions
            ]
        )

    positions = [Position.initial()] + game_positions(60, seed=23)[5::11]
    for position in positions:
        expected = gnubg_nn.probabilities(gnubg_board(position), 2)
        assert evaluate(position, 2, gnubg_evaluator) == pytest.approx(expected, abs=2e-5)
        assert evaluate(position, 1, gnubg_evaluator) == pytest.approx(
            gnubg_nn.probabilities(gnubg_board(position), 1), abs=2e-5
        )
    # A play at 2-ply is the position it leaves, opponent on roll, at 2-ply, seen from the maker.
    plays = Position.initial().legal_plays(6, 2)[:3]
    for play, chances in zip(plays, two_ply(plays, gnubg_evaluator)):
        theirs = gnubg_nn.probabilities(gnubg_board(play.result), 2)
        mine = (1 - theirs[0], theirs[3], theirs[4], theirs[1], theirs[2])
        assert chances == pytest.approx(mine, abs=2e-5)


def bearoffs(count, seed):
    """Both sides bearing off, some checkers already off (no gammons): the exact database's ground."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        sides = []
        for _ in range(2):
            side = {}
            for _ in range(rng.randint(2, 9)):
                point = rng.randint(1, 6)
                side[point] = side.get(point, 0) + 1
            sides.append(side)
        found.append(Position.from_points(*sides))
    return found


def test_in_bearoffs_looking_ahead_keeps_the_exact_value():
    # The database's two-sided chances assume each side bears off in the fewest rolls on average;
    # the search plays each roll for the best winning chance. The two strategies differ in a few
    # close rolls only, so 2-ply (and 1-ply) stay within a few thousandths of the database's
    # value, a wrong perspective or weight would be tenths away.
    differences = []
    for position in bearoffs(30, seed=24):
        static = np.array(evaluate(position, 0))
        for ply in (1, 2):
            deep = np.array(evaluate(position, ply))
            assert deep[1:] == pytest.approx([0, 0, 0, 0], abs=1e-12)  # checkers off: no gammons
            differences.append(abs(deep[0] - static[0]))
    assert max(differences) < 2e-3
    assert sum(differences) / len(differences) < 5e-4


def test_move_filters_keep_what_gnubgs_manual_says():
    # GNU Backgammon's manual, "Introduction to move filters": the opening 4-2 at 0-ply, best
    # +0.189, then +0.046, +0.044, +0.034, -0.006...: up to 8 within 0.16 keeps the first four.
    opening_42 = np.array([0.189, 0.046, 0.044, 0.034, -0.006, -0.009, -0.019, -0.024, -0.052, -0.053])
    assert MOVE_FILTERS[2][0].keep(opening_42) == 4
    # The "Tiny" filter of a 1-ply search, up to 5 within 0.08: the same list keeps the best alone
    # (the second is 0.143 behind).
    assert MOVE_FILTERS[1][0].keep(opening_42) == 1
    assert MOVE_FILTERS[1][0].keep(np.array([0.1, 0.05, 0.03, 0.02, 0.02, 0.021, 0.025])) == 5
    # "At 4-ply we do not accept any moves, but add up to two moves if they're within 0.040":
    # second best 0.138 behind, so the best alone goes on.
    assert MOVE_FILTERS[2][1].keep(np.array([0.180, 0.052, 0.043])) == 1
    assert MoveFilter(0, 2, 0.04).keep(np.array([0.1, 0.07, 0.065])) == 2
    assert MoveFilter(2, 1, 0.0).keep(np.array([0.1, -0.5, -0.6])) == 2  # accepted whatever their value
    assert MoveFilter(0, 8, 0.16).keep(np.array([0.3] * 12)) == 8


def filtered(plays, evaluator, made=None):
    """The 2-ply ranking worked out step by step: (plays at 2-ply, plays at 1-ply only)."""
    order0 = sorted(range(len(plays)), key=lambda i: -plain_equity(zero_ply(plays, evaluator)[i]))
    values0 = plain_equity(zero_ply(plays, evaluator).T)
    kept = [i for i in order0[:8] if values0[order0[0]] - values0[i] <= 0.16]
    if made is not None and made not in kept:
        kept.append(made)
    values1 = dict(zip(kept, plain_equity(one_ply([plays[i] for i in kept], evaluator).T)))
    order1 = sorted(kept, key=lambda i: -values1[i])
    deeper = [i for i in order1[:2] if values1[order1[0]] - values1[i] <= 0.04]
    if made is not None and made not in deeper:
        deeper.append(made)
    if len(deeper) == 1:
        return [], order1
    return deeper, [i for i in order1 if i not in deeper]


def test_analyse_at_two_ply_filters_ranks_and_shows_each_plys_candidates():
    seen_two = seen_one = 0
    for plays in cases(40, seed=25):
        two, one = filtered(plays, fake)
        found = rank(plays, 2, fake)
        at = {c.play: c for c in found}
        assert {c.play for c in found if c.ply == 2} == {plays[i] for i in two}
        assert {c.play for c in found if c.ply == 1} == {plays[i] for i in one}
        assert [c.ply for c in found] == sorted((c.ply for c in found), reverse=True)  # deepest first
        for group in (2, 1):
            values = [c.equity for c in found if c.ply == group]
            assert values == sorted(values, reverse=True)
        if two:
            chances = two_ply([plays[i] for i in two], fake)
            for i, row in zip(two, chances):
                assert at[plays[i]].probabilities == pytest.approx(tuple(row))
        assert found[0].error == 0 and all(c.error >= 0 for c in found)
        seen_two += bool(two)
        seen_one += bool(one)
    assert seen_two >= 3 and seen_one >= 3


def test_a_reviewed_play_is_judged_as_deep_as_the_best():
    checked = 0
    for plays in cases(30, seed=26):
        worst = len(plays) - 1  # the last legal play: rarely a candidate on its own merits
        found = rank(plays, 2, fake, made=plays[worst])
        made = next(c for c in found if c.play == plays[worst])
        assert made.ply == found[0].ply
        two, _ = filtered(plays, fake, made=worst)
        if made.play != found[0].play:
            assert made.ply == 2 and {plays[i] for i in two} == {c.play for c in found if c.ply == 2}
        checked += 1
    assert checked >= 10


def test_analyse_at_two_ply_from_the_start():
    candidates = analyse(Position.initial(), (6, 5), 2)
    assert str(candidates[0].play) == "24/13" and candidates[0].ply == 2  # every strong program's 65
    assert analyse(Position.initial(), (6, 5), 2) == candidates  # deterministic
