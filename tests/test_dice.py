"""Dice: seeded, restorable to the exact state, fixed rolls for teaching, fair opening rolls."""

import json
import random
from collections import Counter

import pytest

from bgwidget import Dice, DiceStateError


def test_same_seed_same_rolls_and_mersenne_twister_underneath():
    a, b = Dice(seed=42), Dice(seed=42)
    rolls = [a.roll() for _ in range(50)]
    assert rolls == [b.roll() for _ in range(50)]
    reference = random.Random(42)  # the documented generator, drawn die by die
    assert rolls == [(reference.randint(1, 6), reference.randint(1, 6)) for _ in range(50)]


def test_games_of_a_match_have_their_own_streams():
    assert Dice.for_game(7, 2).roll() == Dice.for_game(7, 2).roll()
    streams = [Dice.for_game(7, n) for n in range(1, 20)]
    firsts = {tuple(dice.roll() for _ in range(5)) for dice in streams}
    assert len(firsts) == 19  # 36**5 sequences: a repeat would mean shared streams


def test_saved_state_resumes_exactly_through_json():
    dice = Dice(seed="any text", fixed=[(3, 3)])
    for _ in range(17):
        dice.roll()
    dice.push((6, 1))
    copy = Dice.from_dict(json.loads(json.dumps(dice.to_dict())))
    assert copy == dice
    assert [copy.roll() for _ in range(30)] == [dice.roll() for _ in range(30)]
    unseeded = Dice()
    assert isinstance(unseeded.seed, int)
    assert Dice(seed=unseeded.seed).roll() == unseeded.roll()


def test_fixed_rolls_come_first_and_do_not_consume_the_generator():
    dice = Dice(seed=1, fixed=[(6, 5), (2, 2)])
    assert [dice.roll(), dice.roll()] == [(6, 5), (2, 2)]
    assert dice.roll() == Dice(seed=1).roll()


def test_opening_rolls_never_tie_and_are_fair():
    dice = Dice(seed=3)
    counts = Counter(dice.opening() for _ in range(30000))
    assert all(a != b for a, b in counts)
    assert len(counts) == 30  # every ordered pair of different dice
    # each of the 30 outcomes has probability 1/30: allow 5 standard deviations (sd ~ 31.1)
    assert all(abs(n - 1000) < 160 for n in counts.values())
    with pytest.raises(DiceStateError):
        Dice(fixed=[(4, 4)]).opening()


@pytest.mark.parametrize("bad", [(0, 3), (7, 1), (1,), "61", (1.0, 2), (True, 2), None])
def test_fixed_rolls_must_be_dice(bad):
    with pytest.raises(DiceStateError):
        Dice(fixed=[bad])
    dice = Dice(seed=1)
    with pytest.raises(DiceStateError):
        dice.push((1, 2), bad)
    assert dice.to_dict()["fixed"] == []  # nothing queued when one roll is bad


@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        {"seed": 1},
        {"seed": 1, "state": [3, [1, 2, 3], None]},
        {"seed": 1, "state": "x"},
        {"seed": 1, "state": [3, ["a"] * 625, None]},
    ],
)
def test_bad_saved_states_are_refused(data):
    with pytest.raises(DiceStateError):
        Dice.from_dict(data)


@pytest.mark.parametrize(
    "build",
    [
        lambda: Dice(seed=[1]),  # TypeError before issue 11
        lambda: Dice(seed={}),
        lambda: Dice(seed=True),
        lambda: Dice(seed=float("nan")),  # a NaN's hash differs from one run to the next
        lambda: Dice(fixed=5),
        lambda: Dice(fixed="31"),
        lambda: Dice(fixed=[(3, 1.0)]),
        lambda: Dice.for_game(None, 1),
        lambda: Dice.for_game([1], 1),
        lambda: Dice.for_game(1, 0),
        lambda: Dice.for_game(1, "2"),
    ],
)
def test_bad_seeds_and_fixed_rolls_raise_dice_state_error(build):
    with pytest.raises(DiceStateError) as info:
        build()
    assert isinstance(info.value, ValueError) and str(info.value)


def test_seeds_that_repeat_are_accepted():
    for seed in (0, -5, 2**80, "x", b"\x00", bytearray(b"ab"), 1.5):
        assert Dice(seed=seed).roll() == Dice(seed=seed).roll()
