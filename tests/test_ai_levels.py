"""The computer's play choice: Easy is a uniformly random legal play from its own generator."""

import random
from collections import Counter

import pytest

from bgwidget import DiceError, Position, ai


def test_easy_returns_a_legal_play():
    pos = Position.initial()
    for seed in range(50):
        play = ai.choose_play(pos, (3, 1), seed=seed)
        assert play in pos.legal_plays(3, 1)


def test_easy_is_repeatable_with_a_seed_or_rng():
    pos = Position.initial()
    a = [str(ai.choose_play(pos, (6, 4), seed=7)) for _ in range(3)]
    assert len(set(a)) == 1
    r1, r2 = random.Random(5), random.Random(5)
    assert [str(ai.choose_play(pos, (6, 4), rng=r1)) for _ in range(10)] == [
        str(ai.choose_play(pos, (6, 4), rng=r2)) for _ in range(10)
    ]


def test_easy_is_roughly_uniform():
    pos = Position.initial()
    plays = pos.legal_plays(3, 1)  # 16 plays
    rng = random.Random(1)
    counts = Counter(ai.choose_play(pos, (3, 1), rng=rng) for _ in range(3200))
    assert set(counts) == set(plays)
    assert all(120 <= n <= 280 for n in counts.values())  # expected 200 each


def test_no_legal_play_gives_none():
    # FORMATS.md: two on the bar against a closed board cannot enter.
    pos = Position.from_points({"bar": 2, 6: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert ai.choose_play(pos, (6, 6), seed=1) is None


def test_bad_level_and_dice_raise():
    pos = Position.initial()
    with pytest.raises(ValueError, match="level"):
        ai.choose_play(pos, (3, 1), level="grandmaster")
    with pytest.raises(DiceError):
        ai.choose_play(pos, (0, 1))


def test_medium_and_expert_take_the_top_candidate():
    pos = Position.initial()
    for level in ("medium", "expert"):
        play = ai.choose_play(pos, (3, 1), level=level)
        assert play == ai.analyse(pos, (3, 1), level=level)[0].play
        assert str(play) == "8/5 6/5"  # the standard opening 31, by every strong program
    closed = Position.from_points({"bar": 2, 6: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert ai.choose_play(closed, (6, 6), level="expert") is None
