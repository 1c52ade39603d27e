"""Ranking plays at 0-ply and 1-ply, checked with GNU Backgammon's own evaluator plugged in.

With gnubg-nn's 0-ply net as the evaluator, our search must choose the plays GNU Backgammon
chooses with the same net: ``best_move(board, d1, d2, 0)`` and ``best_move(..., 1)``. This tests
the search (perspective flips, roll weights, reply choice, ranking) independently of our net.
"""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgwidget import DiceError, Position, PositionError, ai, formats
from bgwidget.ai.analysis import Analysis, analyse, evaluate
from bgwidget.ai.engines import gnubg_board
from bgwidget.ai.errors import LevelError
from bgwidget.ai.evaluator import equity, evaluate_positions, flip
from bgwidget.ai.met import match_winning_chance
from bgwidget.ai.players import Expert, Medium
from bgwidget.ai.search import ROLLS
from bgwidget.game import Game
from helpers import random_positions

# The levels' depths (GNU Backgammon's plies): Medium searches 0-ply, Expert 1-ply.
MEDIUM, EXPERT = 0, 1


@pytest.fixture(scope="module")
def gnubg_evaluator(gnubg_nn):
    def evaluator(positions):
        # Finished games are scored by the rules (our evaluator), the rest by gnubg's 0-ply net.
        return np.array(
            [
                evaluate_positions([p])[0] if p.outcome() else gnubg_nn.probabilities(gnubg_board(p), 0)
                for p in positions
            ]
        )

    return evaluator


def gnubg_choice(gnubg_nn, position, dice, ply):
    steps = gnubg_nn.best_move(gnubg_board(position), *dice, ply)
    return position.parse_play(" ".join(f"{a}/{b}" for a, b in steps), *dice)


def cases(count, seed):
    rng = random.Random(seed)
    for position in random_positions(count, seed):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len(position.legal_plays(*dice)) > 1:
            yield position, dice


def test_rolls_are_the_21_with_their_chances():
    assert len(ROLLS) == 21
    assert sum(weight for _, _, weight in ROLLS) == pytest.approx(1.0)


def test_equity_and_flip():
    chances = np.array([[0.6, 0.2, 0.01, 0.1, 0.005]])
    assert equity(chances)[0] == pytest.approx(2 * 0.6 - 1 + 0.2 - 0.1 + 0.01 - 0.005)
    assert equity(flip(chances))[0] == pytest.approx(-equity(chances)[0])


def test_medium_chooses_gnubgs_0ply_play(gnubg_nn, gnubg_evaluator):
    results = [
        Medium(gnubg_evaluator).choose_play(position, dice) == gnubg_choice(gnubg_nn, position, dice, 0)
        for position, dice in cases(80, seed=5)
    ]
    assert len(results) > 50 and sum(results) / len(results) >= 0.95


def test_expert_chooses_gnubgs_1ply_play(gnubg_nn, gnubg_evaluator):
    results = [
        Expert(gnubg_evaluator).choose_play(position, dice) == gnubg_choice(gnubg_nn, position, dice, 1)
        for position, dice in cases(50, seed=6)
    ]
    assert len(results) > 30 and sum(results) / len(results) >= 0.9


def test_candidates_are_ranked_with_errors(gnubg_evaluator):
    candidates = analyse(Position.initial(), (3, 1), EXPERT, gnubg_evaluator)
    assert isinstance(candidates, Analysis) and 1 <= len(candidates) <= 8
    assert str(candidates[0].play) == "8/5 6/5"
    assert candidates[0].error == 0.0
    assert all(a.equity >= b.equity for a, b in zip(candidates, candidates[1:]))
    assert all(c.error == pytest.approx(candidates[0].equity - c.equity) for c in candidates)
    for c in candidates:
        win, wg, wbg, lg, lbg = c.probabilities
        assert 0 <= wbg <= wg <= win <= 1 and 0 <= lbg <= lg <= 1 - win + 1e-9
    assert analyse(Position.initial(), (3, 1), MEDIUM, gnubg_evaluator)[0].ply == 0
    assert candidates == analyse(Position.initial(), (3, 1), EXPERT, gnubg_evaluator)  # deterministic


def test_table_text_html_and_dataframe(gnubg_evaluator):
    candidates = analyse(Position.initial(), (6, 5), MEDIUM, gnubg_evaluator)
    assert "24/13" in str(candidates).splitlines()[1]
    assert "<td>24/13</td>" in candidates._repr_html_()
    frame = candidates.to_dataframe()
    assert list(frame["play"])[0] == "24/13" and len(frame) == len(candidates)


def test_no_play_gives_no_candidates(gnubg_evaluator):
    closed = Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3})
    assert analyse(closed, (6, 5), EXPERT, gnubg_evaluator) == []


def test_evaluate_before_rolling_matches_gnubg(gnubg_nn, gnubg_evaluator):
    start = Position.initial()
    board = gnubg_board(start)
    assert evaluate(start, MEDIUM, gnubg_evaluator) == pytest.approx(gnubg_nn.probabilities(board, 0))
    assert evaluate(start, EXPERT, gnubg_evaluator) == pytest.approx(gnubg_nn.probabilities(board, 1), abs=0.01)


def test_finished_games_are_exact(gnubg_evaluator):
    gammon = Position.from_points({13: 15}, {}, turn=1)  # seat 0 has borne off all; seat 1 on roll
    assert evaluate(gammon, MEDIUM, gnubg_evaluator) == (0.0, 0.0, 0.0, 1.0, 0.0)


def test_levels_give_their_depth(gnubg_evaluator):
    start = Position.initial()
    for level, ply in (("easy", 0), ("medium", 0), ("expert", 1)):
        assert ai.analyse(start, (4, 2), level, gnubg_evaluator) == analyse(start, (4, 2), ply, gnubg_evaluator)
        assert ai.evaluate(start, level, gnubg_evaluator) == evaluate(start, ply, gnubg_evaluator)
    assert str(ai.analyse(start, (4, 2), "expert", gnubg_evaluator)[0].play) == "8/4 6/4"


def test_bad_level_ply_and_engine():
    with pytest.raises(ValueError, match="level"):
        ai.analyse(Position.initial(), (3, 1), "grandmaster")
    with pytest.raises(ValueError, match="level"):
        ai.evaluate(Position.initial(), "grandmaster")
    with pytest.raises(ValueError, match="ply"):
        analyse(Position.initial(), (3, 1), 3)
    with pytest.raises(ValueError, match="ply"):
        evaluate(Position.initial(), True)
    with pytest.raises(ValueError, match="engine"):
        ai.analyse(Position.initial(), (3, 1), engine="xg")


# ---------------------------------------------------------------------- issue 11: chances always consistent

# Sure wins for the player on roll, worked out by hand: every roll bears its last checkers off.
SURE_WINS = {
    Position.from_points({1: 1}, {6: 1}): (1.0, 0.0, 0.0, 0.0, 0.0),  # the opponent has borne off 14
    Position.from_points({3: 1}, {6: 2}): (1.0, 0.0, 0.0, 0.0, 0.0),  # 1-2 and 1-1 reach off too
    Position.from_points({1: 2}, {13: 10, 8: 5}): (1.0, 1.0, 0.0, 0.0, 0.0),  # none off: a gammon
    Position.from_points({1: 2}, {23: 2, 13: 8, 8: 5}): (1.0, 1.0, 1.0, 0.0, 0.0),  # two in our home: backgammon
}


def assert_consistent(chances):
    win, wg, wbg, lg, lbg = chances
    assert 0.0 <= wbg <= wg <= win <= 1.0 and 0.0 <= lbg <= lg <= 1.0 - win, chances


def endings(count: int, seed: int) -> list[Position]:
    """Bear-offs and near-bear-offs: a few checkers of the side on roll on its low points."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        mine = {}
        for _ in range(rng.randint(1, 4)):
            point = rng.randint(1, 6)
            mine[point] = mine.get(point, 0) + 1
        theirs = {point: rng.randint(0, 3) for point in rng.sample(range(7, 25), 4)}
        theirs = {p: c for p, c in theirs.items() if c and 25 - p not in mine}
        found.append(Position.from_points(mine, theirs or {6: 1}, turn=rng.randint(0, 1)))
    return found


POSITIONS_AND_ENDINGS = random_positions(150, seed=111) + endings(60, seed=112) + list(SURE_WINS)


@pytest.mark.parametrize("level", ["easy", "medium", "expert", "world-class"])
def test_sure_wins_evaluate_to_a_sure_win_that_the_cube_accepts(level):
    for position, expected in SURE_WINS.items():
        chances = ai.evaluate(position, level)
        assert_consistent(chances)  # the Expert once gave 1.0000000000000002
        # 1-ply and 2-ply reach finished games, judged exactly; 0-ply asks the net where there is contact.
        if level in ("expert", "world-class"):
            assert chances == pytest.approx(expected, abs=1e-12)
        else:
            assert chances[0] == pytest.approx(1.0, abs=1e-3)
        for cube, owner in ((1, "centre"), (2, "player")):
            assert not ai.cube_decision(chances, cube=cube, owner=owner).should_take  # a sure win: pass
        assert ai.cube_decision(chances, cube=4, owner="opponent").reason == "owned"
        assert ai.cube_decision(chances, cube=2, match_length=7, away=(3, 2), owner="player").match_play


def test_sure_wins_in_games_get_a_cube_decision():
    from bgwidget import Game, Rules
    from bgwidget.ai import game_cube_decision

    for position in SURE_WINS:
        seat = position.turn
        games = (
            Game(position=position, cube_value=2, cube_owner=seat),
            Game(position=position, cube_value=4, cube_owner=1 - seat),
            Game(position=position, rules=Rules(match_length=7), score=(2, 3), cube_value=2, cube_owner=seat),
            Game(position=position, rules=Rules(match_length=7), score=(6, 3)),  # post-Crawford
            Game(position=position, rules=Rules(match_length=7), score=(3, 6), crawford=True),
        )
        for game in games:
            for level in ("medium", "expert"):
                decision = game_cube_decision(game, level)  # refused the chances before
                values = (decision.no_double, decision.double_take, decision.double_pass)
                assert all(np.isfinite(values)) and (not decision.match_play or 0 <= min(values) <= max(values) <= 1)
                if level == "expert":  # exact here: a sure win, playing on is worth the cash or more
                    assert decision.no_double >= decision.double_pass - 1e-9


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(POSITIONS_AND_ENDINGS), st.sampled_from(["easy", "medium", "expert"]))
def test_every_level_gives_a_consistent_distribution_the_cube_accepts(position, level):
    chances = ai.evaluate(position, level)
    assert_consistent(chances)
    for cube, owner in ((1, "centre"), (2, "player"), (2, "opponent")):
        ai.cube_decision(chances, cube=cube, owner=owner, beavers=True)
        ai.cube_decision(chances, cube=cube, owner=owner, match_length=5, away=(2, 4))
    ai.cube_decision(chances, match_length=5, away=(1, 3), post_crawford=True)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(POSITIONS_AND_ENDINGS), st.integers(1, 6), st.integers(1, 6))
def test_every_candidate_has_consistent_chances(position, d1, d2):
    for ply in (0, 1, 2):
        for candidate in analyse(position, (d1, d2), ply):
            assert_consistent(candidate.probabilities)


def test_an_evaluator_off_by_rounding_is_clamped_and_a_wrong_one_refused():
    def rounding(positions):
        return np.tile([1 + 1e-15, 1 + 2e-15, 0.0, 1e-16, 0.0], (len(positions), 1))

    start = Position.initial()
    assert evaluate(start, 0, rounding) == (1.0, 1.0, 0.0, 0.0, 0.0)
    assert_consistent(evaluate(start, 1, rounding))
    for candidate in analyse(start, (3, 1), 1, rounding):
        assert_consistent(candidate.probabilities)
    for wrong in (
        lambda ps: np.zeros((len(ps), 4)),
        lambda ps: np.full((len(ps), 5), np.nan),
        lambda ps: "x",
        lambda ps: np.full((len(ps), 5), 0.5 + 0.5j),  # numpy kept the real part (and warned)
        lambda ps: [["0.5"] * 5 for _ in ps],  # numpy read the text
        lambda ps: None,
    ):
        with pytest.raises(LevelError, match="evaluator"):
            evaluate(start, 1, wrong)
    # ints, bools and lists of Python floats are numbers
    assert evaluate(start, 1, lambda ps: [[1, 0, 0, 0, 0]] * len(ps)) == (0.0, 0.0, 0.0, 0.0, 0.0)
    with pytest.raises(LevelError, match="evaluator"):
        analyse(start, (3, 1), 0, evaluator=5)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: ai.analyse(Position.initial(), (3,)), DiceError),
        (lambda: ai.analyse(Position.initial(), (3.0, 1)), DiceError),
        (lambda: ai.analyse(None, (3, 1)), PositionError),
        (lambda: ai.analyse(Position.initial(), (3, 1), engine=[]), LevelError),
        (lambda: ai.choose_play(Position.initial(), None), DiceError),
        (lambda: ai.choose_play("4HPwATDgc/ABMA", (3, 1)), PositionError),
        (lambda: ai.choose_play(Position.initial(), (3, 1), rng=5), LevelError),
        (lambda: ai.choose_play(Position.initial(), (3, 1), seed=[1]), LevelError),
        (lambda: ai.choose_play(Position.initial(), (3, 1), seed=float("nan")), LevelError),
        (lambda: ai.evaluate(Position.initial(), "nope"), LevelError),
        (lambda: ai.evaluate(5), PositionError),
        (lambda: evaluate(Position.initial(), 1.0), LevelError),
    ],
)
def test_bad_arguments_raise_the_projects_errors(call, error):
    with pytest.raises(error) as info:
        call()
    assert isinstance(info.value, ValueError) and str(info.value)


# Match-aware candidates: ``game=`` judges the plays in the game's stakes.


def _game(position, **settings):
    from bgwidget.game import Game
    from bgwidget.rules import Rules

    length = settings.pop("match_length", 0)
    return Game(rules=Rules(match_length=length), position=position, **settings)


def test_at_double_match_point_the_mwc_is_the_chance_to_win_the_game():
    # 2-2 in a 3-point match (post-Crawford, both 1-away): the game decides the match, the cube
    # and gammons count for nothing, so MWC = win chance and EMG = 2 * MWC - 1 for every play.
    start = Position.initial()
    candidates = ai.analyse(start, (6, 5), "medium", game=_game(start, match_length=3, score=(2, 2)))
    assert len(candidates) > 5
    for c in candidates:
        assert c.mwc == pytest.approx(c.probabilities[0], abs=1e-12)
        assert c.emg == pytest.approx(2 * c.probabilities[0] - 1, abs=1e-12)
    assert [c.error for c in candidates] == pytest.approx([candidates[0].emg - c.emg for c in candidates])
    assert candidates[0].play == max(candidates, key=lambda c: c.probabilities[0]).play


def test_at_two_away_two_away_a_play_that_gets_doubled_and_taken_is_worth_its_win_chance():
    # 2-away 2-away (1-1 of 3): once the opponent doubles and the mover takes, the one game
    # decides the match, so the play's MWC is its cubeless win chance. 13/8 13/7 leaves the
    # opponent strong enough to double at once (Janowski's model says double, take).
    start = Position.initial()
    game = _game(start, match_length=3, score=(1, 1))
    candidates = {c.notation: c for c in ai.analyse(start, (6, 5), "medium", game=game)}
    weak = candidates["13/8 13/7"]
    assert weak.mwc == pytest.approx(weak.probabilities[0], abs=1e-12)
    # Normalised: winning one game at the cube of 1 (MWC 0.5 -> ... ) maps to +1, losing to -1;
    # at 2-away 2-away a single win leaves 1-away 2-away, 0.68 or so (Kazaross-XG2's entry).
    win, lose = match_winning_chance(1, 2), match_winning_chance(2, 1)
    assert weak.emg == pytest.approx((2 * weak.mwc - win - lose) / (win - lose))
    assert 0.5 < candidates["24/13"].mwc < candidates["24/13"].probabilities[0]  # the cube is worth less than the game


def test_a_play_that_wins_the_game_is_worth_exactly_its_result():
    # Money play, cube at 2 owned by the mover: bearing off the last checker while the opponent
    # has borne off none is a gammon: 2 points per cube of 1, whatever the cube.
    player = [0] * 25
    player[1] = 1
    opponent = [0] * 25
    opponent[6] = 15  # its own 6-point: a gammon, no backgammon
    position = Position(player, opponent)
    candidates = ai.analyse(position, (2, 1), "expert", game=_game(position, cube_value=2, cube_owner=0))
    assert candidates[0].mwc is None
    assert candidates[0].emg == pytest.approx(2.0)
    # In a 4-point match at 0-0 the gammon with the cube at 2 (4 points) wins the match outright;
    # in a 5-point match it leaves the mover 1-away against 5-away (the table's Crawford entry).
    for length, mwc in ((4, 1.0), (5, match_winning_chance(1, 5))):
        match = _game(position, match_length=length, cube_value=2, cube_owner=0)
        candidates = ai.analyse(position, (2, 1), "expert", game=match)
        assert candidates[0].mwc == pytest.approx(mwc)


def test_money_play_ranks_by_cubeful_equity_and_without_a_game_nothing_changes():
    start = Position.initial()
    plain = ai.analyse(start, (6, 5), "expert")
    assert all(c.mwc is None and c.emg == c.equity for c in plain)
    cubeful = ai.analyse(start, (6, 5), "expert", game=_game(start))
    assert {c.notation for c in cubeful} == {c.notation for c in plain}
    for c in cubeful:
        assert c.mwc is None
        assert c.error >= 0
    # The cube centred, the position close after the best plays: cubeful equity stays near the
    # cubeless one; after a weak play the opponent's cube costs the mover more.
    assert abs(cubeful[0].emg - cubeful[0].equity) < 0.05
    assert cubeful[-1].emg < cubeful[-1].equity
    assert [c.emg for c in cubeful] == sorted((c.emg for c in cubeful), reverse=True)


def test_the_game_must_be_at_the_analysed_position():
    from bgwidget import GameError

    start = Position.initial()
    with pytest.raises(GameError):
        ai.analyse(start, (6, 5), game=_game(start.swap()))
    with pytest.raises(GameError):
        ai.analyse(start, (6, 5), game="a game")


def test_a_table_ranked_in_a_games_stakes_shows_what_it_is_ranked_by():
    # Money play: the cubeful equity (points per game, cube of 1) beside the cubeless one.
    money = Game(position=Position.initial(), rolled=(3, 1))
    ranked = analyse(money.position, (3, 1), 1, game=money)
    assert ranked.columns()[3:5] == ("equity", "cubeful")
    assert (
        ranked.rows()[0][4] == round(ranked[0].emg, 3)
        and "cubeful" in str(ranked)
        and "<th>cubeful</th>" in ranked._repr_html_()
    )
    # A match: EMG (what the errors are measured in) and the match winning chance.
    match = formats.from_xgid("XGID=-a-B--E-B-a-dDB--b-bcb----:1:1:-1:31:0:0:0:3:8")
    ranked = analyse(match.position, match.rolled, 1, game=match)
    assert ranked.columns()[3:6] == ("equity", "emg", "mwc")
    row = ranked.rows()[1]
    assert row[4:7] == (round(ranked[1].emg, 3), round(ranked[1].mwc, 4), round(ranked[1].error, 3))
    assert ranked[1].error == pytest.approx(ranked[0].emg - ranked[1].emg)
    # Cubeless: the columns as before.
    assert analyse(Position.initial(), (3, 1), 1).columns() == Analysis.COLUMNS


def test_a_roll_with_no_legal_play_says_so():
    # A checker on the bar against a closed board: no 3-4 enters.
    closed = Position.from_points({"bar": 1, 13: 5, 8: 3, 6: 4, 11: 2}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    ranked = analyse(closed, (3, 4), 1)
    assert ranked == [] and str(ranked) == "no legal play" and "no legal play" in ranked._repr_html_()
