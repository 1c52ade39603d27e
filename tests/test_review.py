"""ai.review: planted errors found at their size, the rest fine; luck fair; forced plays; save and load.

The games are seeded: seat 1 is the Expert throughout; seat 0 is the Expert except at planted
turns, where it plays the WORST legal play, doubles when it should not, or answers a double the
wrong way. Each planted error's size is known beforehand from another path through the engine
(the 0-ply analysis of every legal play, :func:`bgwidget.ai.game_cube_decision` and the match
equity table), and GNU Backgammon's own net (gnubg-nn) confirms the planted plays are blunders.
``BGWIDGET_FUZZ=long`` reviews more games for the luck check.
"""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from bgwidget import Match, ai
from bgwidget.ai.engines import gnubg_board
from bgwidget.ai.evaluator import equity
from bgwidget.ai.met import match_winning_chance
from bgwidget.ai.players import Expert, game_cube_decision
from bgwidget.ai.review import Review, ReviewError, mark
from bgwidget.ai.search import one_ply
from helpers import fuzz_scale

PLANT_PLAY = 0.3  # a planted play gives up at least this much at 0-ply, and half as much at 1-ply
PLANT_CUBE = 0.08  # a planted cube error gives up at least this much by the cube layer (EMG)


def _scale(game, seat):
    """EMG per unit of the cube layer's numbers for ``seat`` (2 / (win - lose) in a match, else 1)."""
    length = game.rules.match_length
    if not length:
        return 1.0
    need, other = length - game.score[seat], length - game.score[1 - seat]
    post = length - 1 in game.score and not game.crawford
    win = match_winning_chance(need - game.cube_value, other, post)
    lose = match_winning_chance(need, other - game.cube_value, post)
    return 2.0 / (win - lose)


def planted_match(seed, length=0, games=1):
    """A seeded match with planted errors by seat 0; returns (match, planted), planted mapping
    (game index, kind, Position ID, dice) to the error's expected size (EMG)."""
    expert = Expert()
    match = Match(length, seed=seed) if length else Match(seed=seed)
    planted = {}
    turns = 0
    for index in range(games):
        game = match.game if index == 0 else match.new_game()
        while game.result is None:
            if game.phase == "opening":
                game.roll()
            elif game.phase == "roll":
                seat = game.start_position.turn
                if game.can_double():
                    cube = game_cube_decision(game, expert)
                    no_double, doubled = cube.no_double, min(cube.double_take, cube.double_pass)
                    wrong = seat == 0 and (no_double - doubled) * _scale(game, 0) >= PLANT_CUBE and turns % 3 == 0
                    if cube.should_double or wrong:
                        if wrong:
                            key = (index, "double", game.start_position.position_id(), None)
                            planted[key] = (no_double - doubled) * _scale(game, 0)
                        scale = _scale(game, seat)
                        game.double()
                        take = cube.should_take
                        gap = abs(cube.double_take - cube.double_pass) * scale
                        if seat == 1 and gap >= PLANT_CUBE:  # seat 0 answers the wrong way
                            take = not take
                            planted[(index, "take", game.start_position.position_id(), None)] = gap
                        game.take() if take else game.pass_()
                        continue
                game.roll()
            else:
                position, dice = game.start_position, game.rolled
                seat = position.turn
                play = expert.choose_play(position, dice)
                if seat == 0:
                    turns += 1
                    worst = ai.analyse(position, dice, "medium", game=game)[-1]
                    if turns % 4 == 0 and worst.error >= PLANT_PLAY:
                        # Sized cubeless at 1-ply, the review's depth: the Expert's play against it.
                        expert_value, worst_value = equity(one_ply([play, worst.play]))
                        size = float(expert_value - worst_value)
                        if size >= PLANT_PLAY / 2:
                            play = worst.play
                            planted[(index, "play", position.position_id(), dice)] = size
                game.play(str(play))
    return match, planted


def key(d):
    return (d.game, d.kind, d.position.position_id(), d.dice)


@pytest.fixture(scope="module")
def reviewed():
    cases = []
    for seed, length in ((2, 0), (11, 5)):
        match, planted = planted_match(seed, length)
        cases.append((match, planted, ai.review(match, progress=False)))
    return cases


@pytest.fixture(scope="module")
def short():
    """A short seeded money game (seed 3: one game, the cube passed early) and its review."""
    match, _ = planted_match(3)
    return match, ai.review(match, progress=False)


def test_planted_errors_are_found_at_their_size_and_the_rest_is_fine(reviewed, pytestconfig):
    kinds = set()
    for _, planted, review in reviewed:
        assert review.complete
        found = {key(d): d for d in review.decisions}
        assert set(planted) <= set(found)
        for k, size in planted.items():
            d = found[k]
            kinds.add(d.kind)
            assert d.seat == 0 and d.mark, (k, d.error, size)
            if d.kind == "play":
                # The review's error is cubeful, the plant's size cubeless: the same magnitude.
                assert d.error == pytest.approx(size, rel=0.5, abs=0.05), k
                assert d.made != d.best
            else:
                assert d.error == pytest.approx(size, rel=1e-6), k
                assert d.made != d.best
        rest = [d for d in review.decisions if key(d) not in planted]
        assert all(d.mark in ("", "doubtful") for d in rest), [(d.kind, d.error) for d in rest if d.mark]
        assert sum(bool(d.mark) for d in rest) <= 2
        assert sum(d.error for d in rest) / len(rest) < 0.01
    assert kinds == {"play", "double", "take"}  # every kind of planted error was met


def test_planted_plays_are_blunders_by_gnubg_too(reviewed, gnubg_nn):
    # GNU Backgammon's 0-ply net, cubeless: its best play against the planted one.
    for _, planted, review in reviewed:
        for d in review.decisions:
            if key(d) not in planted or d.kind != "play":
                continue
            steps = gnubg_nn.best_move(gnubg_board(d.position), *d.dice, 0)
            best = d.position.parse_play(" ".join(f"{a}/{b}" for a, b in steps), *d.dice)
            made = d.position.parse_play(d.made, *d.dice)

            def gnubg_equity(after):
                win, wg, wbg, lg, lbg = gnubg_nn.probabilities(gnubg_board(after), 0)
                return -(2 * win - 1 + wg - lg + wbg - lbg)  # the opponent is on roll after the play

            assert gnubg_equity(best.result) - gnubg_equity(made.result) > 0.1


def test_every_decision_is_well_formed(reviewed):
    for match, _, review in reviewed:
        assert [d.game for d in review.decisions] == sorted(d.game for d in review.decisions)
        for d in review.decisions:
            assert d.error >= 0 and d.mark == ("" if d.forced else mark(d.error))
            if d.kind == "play":
                plays = d.position.legal_plays(*d.dice)
                assert d.forced == (len(plays) <= 1)
                assert d.luck is not None and d.cube is None
                if plays:
                    assert d.candidates[0].notation == d.best and d.made in [c.notation for c in d.candidates]
                    assert d.candidates[0].error == 0 and d.error == pytest.approx(
                        next(c.error for c in d.candidates if c.notation == d.made)
                    )
            else:
                assert d.candidates is None and d.cube is not None and d.dice is None
            assert (d.mwc is None) == (match.length == 0)
            if d.mwc is not None:
                assert 0 <= d.mwc <= 1
        summary = review.summary(0)
        assert summary.decisions == sum(d.seat == 0 for d in review.decisions)
        assert summary.pr == pytest.approx(500 * summary.average_error)
        assert summary.total_error == pytest.approx(sum(d.error for d in review.decisions if d.seat == 0))


def test_forced_plays_are_flagged_and_left_out_of_the_rating(reviewed):
    forced = [d for _, _, review in reviewed for d in review.decisions if d.forced]
    assert forced, "the seeded games have forced plays or dances"
    assert all(d.error == 0 and not d.mark for d in forced)
    _, _, review = reviewed[0]
    for seat in (0, 1):
        s = review.summary(seat)
        counted = [d for d in review.decisions if d.seat == seat and not d.forced and not d.trivial]
        assert s.unforced == len(counted)
        assert s.average_error == pytest.approx(sum(d.error for d in counted) / len(counted))


def test_luck_averages_to_about_zero(reviewed, pytestconfig):
    lucks = [d.luck for _, _, review in reviewed for d in review.decisions if d.luck is not None]
    for seed in range(100, 100 + fuzz_scale() - 1):  # the long run reviews more games
        match, _ = planted_match(seed)
        lucks += [d.luck for d in ai.review(match, progress=False).decisions if d.luck is not None]
    n = len(lucks)
    mean = sum(lucks) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in lucks) / (n - 1))
    error = sd / math.sqrt(n)
    with pytestconfig.pluginmanager.get_plugin("capturemanager").global_and_fixture_disabled():
        print(f"\nluck over {n} rolls: mean {mean:+.4f} EMG, standard error {error:.4f}")
    assert abs(mean) < 4 * error
    assert 0.1 < sd < 0.6  # a roll's luck is typically a few tenths of a game


def test_the_opening_rolls_luck_is_against_the_15_opening_rolls(short):
    _, review = short
    first = review.decisions[0]
    assert first.kind == "play" and first.move == 1 and first.dice[0] != first.dice[1]
    from bgwidget.ai.context import Context
    from bgwidget.ai.evaluator import evaluate_positions
    from bgwidget.ai.reviewer import Reviewer

    reviewer = Reviewer(1, evaluate_positions)
    lucks = [
        reviewer.luck(first.position, (d1, d2), Context(), True)[0]
        for d1 in range(1, 7)
        for d2 in range(1, 7)
        if d1 != d2
    ]
    assert sum(lucks) == pytest.approx(0, abs=1e-9)


def test_a_review_survives_save_and_load(reviewed):
    for _, _, review in reviewed:
        text = json.dumps(review.to_dict())
        loaded = Review.from_dict(json.loads(text))
        assert loaded.decisions == review.decisions
        assert loaded.complete == review.complete and loaded.level == review.level
        assert loaded.match.score == review.match.score and len(loaded.match.games) == len(review.match.games)
        assert loaded.summary(0) == review.summary(0)
    with pytest.raises(ReviewError):
        Review.from_dict({"format": "something else"})
    saved = reviewed[0][2].to_dict()
    for broken in ({**saved, "decisions": [{"game": 0}]}, {**saved, "complete": None}, {**saved, "match": {}}):
        with pytest.raises(ReviewError):
            Review.from_dict(broken)
    del saved["level"]
    with pytest.raises(ReviewError):
        Review.from_dict(saved)


def first_of_kind(saved: dict, kind: str) -> int:
    return next(i for i, d in enumerate(saved["decisions"]) if d["kind"] == kind)


@pytest.mark.parametrize(
    "kind, change, reason",
    [
        ("play", {"game": 5}, "of game 5; the match has 1"),
        ("play", {"seat": 2}, "seat is 0 or 1"),
        ("play", {"seat": True}, "seat is 0 or 1"),
        ("play", {"kind": "resign"}, "kind is"),
        ("play", {"error": float("nan")}, "error is a finite number"),
        ("play", {"mwc": [0.5]}, "mwc is a chance"),
        ("play", {"mark": "awful"}, "mark is"),
        ("play", {"dice": [6, 6, 6]}, "dice are a play's two dice"),
        ("play", {"dice": None}, "dice are a play's two dice"),
        ("play", {"position": {"id": "4HPwATDgc/ABMA"}}, "position is its Position ID and turn"),
        ("play", {"candidates": {"play": "8/2"}}, "candidates are a list"),
        ("play", {"cube": {"no_double": 0.5}}, "cube is a cube decision's"),
        ("double", {"dice": [3, 1]}, "dice are a play's two dice"),
        ("double", {"candidates": []}, "only a play's"),
        ("double", {"cube": {"reason": "why not"}}, "reason cannot be"),
        ("double", {"cube": {"no_double": "0.5"}}, "no_double cannot be"),
        ("double", {"cube": []}, "cube is a cube decision's"),
    ],
)
def test_a_saved_review_is_checked_whole_at_load(short, kind, change, reason):
    """Issue 33: malformed decisions loaded, then failed with TypeError, IndexError or KeyError."""
    saved = short[1].to_dict()
    decision = saved["decisions"][first_of_kind(saved, kind)]
    for name, value in change.items():
        merged = name == "cube" and isinstance(value, dict) and decision["cube"]  # a field of a saved cube
        decision[name] = {**decision["cube"], **value} if merged else value
    with pytest.raises(ReviewError, match=reason):
        Review.from_dict(saved)


def test_a_saved_candidate_is_checked_whole_at_load(short):
    saved = short[1].to_dict()
    decision = saved["decisions"][first_of_kind(saved, "play")]
    good = decision["candidates"][0]
    for bad in ({**good, "play": "25/1"}, {**good, "probabilities": [0.5] * 4}, {**good, "ply": -1}, {"play": "8/2"}):
        decision["candidates"][0] = bad
        with pytest.raises(ReviewError, match="candidate"):
            Review.from_dict(saved)
    saved["decisions"] = {}
    with pytest.raises(ReviewError, match="decisions are a list"):
        Review.from_dict(saved)


def test_a_stopped_review_keeps_what_was_done(short):
    from bgwidget.ai.evaluator import evaluate_positions

    match, _ = short
    calls = 0
    # A caller's evaluator is searched without the pruning net: the whole review to compare
    # with goes through one too.
    full = ai.review(match, progress=False, evaluator=lambda positions: evaluate_positions(positions))

    def stopping(positions):
        nonlocal calls
        calls += 1
        if calls > 10:
            raise KeyboardInterrupt  # the notebook's stop button
        return evaluate_positions(positions)

    partial = ai.review(match, progress=False, evaluator=stopping)
    assert not partial.complete
    assert len(partial.decisions) > 0
    assert len(partial.decisions) < len(full.decisions)
    assert partial.decisions == full.decisions[: len(partial.decisions)]


def test_progress_is_reported_turn_by_turn(short):
    match, full = short
    calls = []
    review = ai.review(match, progress=lambda done, total: calls.append((done, total)))
    turns = sum(1 for game in match.games for action in game.record if action["type"] == "move")
    plays = sum(1 for d in full.decisions if d.kind == "play")  # dances included
    assert turns == plays > 0
    assert calls == [(done, turns) for done in range(1, turns + 1)]
    assert review.decisions == full.decisions


def test_progress_can_stop_the_review(short):
    match, full = short

    def stop_at_three(done, total):
        if done == 3:
            raise KeyboardInterrupt

    partial = ai.review(match, progress=stop_at_three)
    assert not partial.complete
    assert sum(1 for d in partial.decisions if d.kind == "play") == 3
    assert partial.decisions == full.decisions[: len(partial.decisions)]


def test_bad_input_is_refused(short):
    with pytest.raises(ReviewError):
        ai.review("a match")
    match, _ = short
    with pytest.raises(ReviewError):
        ai.review(match, progress="yes")
    with pytest.raises(ai.LevelError):
        ai.review(match, level="grandmaster")
    with pytest.raises(ReviewError):
        ai.Review(match, []).summary(2)


def test_a_game_is_reviewed_as_a_match_of_one_game(short):
    match, full = short
    review = ai.review(match.games[0], progress=False)
    assert len(review.match.games) == 1
    assert review.decisions == full.decisions


def test_move_numbers_are_the_lines_of_the_mat_file(reviewed, short):
    # GNU Backgammon's .mat export numbers its lines; seat 1 writes in the left column, seat 0
    # in the right (bgwidget.formats.to_mat writes the same layout).
    from bgwidget.formats import to_mat

    for match, review in [(case[0], case[2]) for case in reviewed] + [short]:
        games = to_mat(match).split(" Game ")[1:]
        for d in review.decisions:
            lines = {int(line[:3]): line for line in games[d.game].splitlines() if line[:3].strip().isdigit()}
            line = lines[d.move]
            cell = (line[5:33] if d.seat == 1 else line[33:]).strip()
            if d.kind == "play":
                a, b = d.dice
                assert cell.startswith((f"{a}{b}:", f"{b}{a}:")), (d, line)
            elif d.kind == "take":
                assert cell.startswith(("Takes", "Drops", "Beavers")), (d, line)
            elif d.made == "double":
                assert cell.startswith("Doubles"), (d, line)
            else:  # no double: the roll that follows is on the same line
                assert ":" in cell, (d, line)


def test_luck_at_double_match_point_agrees_with_gnubg(gnubg_nn):
    # At double match point the game is the match: a roll's luck is 2 * (p(roll) - average p), p
    # the roller's cubeless win chance after its best play. GNU Backgammon's 0-ply net gives an
    # independent p (its best play, its chances); ours must agree to a few hundredths.
    from bgwidget.ai.context import Context
    from bgwidget.ai.evaluator import evaluate_positions
    from bgwidget.ai.reviewer import Reviewer
    from bgwidget.ai.search import ROLLS
    from helpers import game_positions

    context = Context(match_length=3, away=(1, 1), post_crawford=True)
    reviewer = Reviewer(1, evaluate_positions)
    differences = []
    for position in game_positions(40, 5)[::4]:
        wins = []
        for d1, d2, _ in ROLLS:
            after = position.swap()
            if position.legal_plays(d1, d2):
                steps = gnubg_nn.best_move(gnubg_board(position), d1, d2, 0)
                after = position.parse_play(" ".join(f"{a}/{b}" for a, b in steps), d1, d2).result
            wins.append(1.0 if after.outcome() else 1 - gnubg_nn.probabilities(gnubg_board(after), 0)[0])
        average = sum(weight * p for (_, _, weight), p in zip(ROLLS, wins))
        for (d1, d2, _), p in zip(ROLLS, wins):
            differences.append(reviewer.luck(position, (d1, d2), context, False)[0] - 2 * (p - average))
    assert sum(map(abs, differences)) / len(differences) < 0.04
    assert max(map(abs, differences)) < 0.2


def test_world_class_judges_a_clear_no_double_a_ply_less_with_the_same_errors(short, monkeypatch):
    from bgwidget.ai import reviewer

    match, _ = short
    filtered = ai.review(match, "world-class", progress=False).decisions
    monkeypatch.setattr(reviewer, "CUBE_FILTER", math.inf)  # every cube decision at 2-ply
    full = ai.review(match, "world-class", progress=False).decisions
    assert [(d.kind, d.move, d.made, d.best, d.mark) for d in filtered] == [
        (d.kind, d.move, d.made, d.best, d.mark) for d in full
    ]
    assert [d.error for d in filtered] == pytest.approx([d.error for d in full], abs=1e-6)
    cubes = [(a.cube, b.cube) for a, b in zip(filtered, full) if a.kind == "double"]
    shallow = [a for a, b in cubes if a != b]
    # Some no doubles were judged at 1-ply, each clear by the filter; every double at 2-ply.
    assert shallow and all(a.no_double - min(a.double_take, a.double_pass) > 0 for a in shallow)
    assert all(a == b for (a, b), d in zip(cubes, [d for d in filtered if d.kind == "double"]) if d.made == "double")


def test_a_world_class_review_judges_plays_and_the_cube_at_two_ply(short):
    from bgwidget.ai.context import Context
    from bgwidget.ai.cubeful import searched_cube_decision
    from bgwidget.ai.evaluator import evaluate_positions

    match, expert = short
    review = ai.review(match, "world-class", progress=False)
    assert review.level == "world-class" and review.complete
    assert [(d.kind, d.move, d.seat, d.made) for d in review.decisions] == [
        (d.kind, d.move, d.seat, d.made) for d in expert.decisions
    ]
    deeper = 0
    for d in review.decisions:
        if d.kind != "play" or not d.candidates:
            continue
        made = next(c for c in d.candidates if c.notation == d.made)
        assert made.ply == d.candidates[0].ply  # the play made is judged as deep as the best
        assert made.error == pytest.approx(d.error)
        deeper += d.candidates[0].ply == 2
    assert deeper >= 1
    # Before the first double the cube is centred at 1 in this money game: the decision is the
    # 2-ply cubeful search's, from the position alone.
    first = next(i for i, d in enumerate(review.decisions) if d.kind == "double" and d.made == "double")
    checked = 0
    for d in review.decisions[: first + 1]:
        if d.kind == "double":
            # Equal but for float32 rounding: the review's shared cache batches the net's work
            # differently, and the pruning net sends it a different set of boards.
            alone = searched_cube_decision(d.position, Context(), 2, evaluate_positions)
            near = {f: pytest.approx(getattr(alone, f), abs=1e-7) for f in ("no_double", "double_take", "double_pass")}
            assert d.cube == dataclasses.replace(alone, **near)
            checked += 1
    assert checked >= 1
