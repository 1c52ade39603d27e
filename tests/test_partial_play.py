"""A play in progress (moves.PartialPlay): every rule trap of FORMATS.md reached step by step.

The expected plays are FORMATS.md's table (checked there against GNU Backgammon and gnubg-nn);
the exhaustive walk below must reach exactly them, and a first step that no legal play starts
with must be refused at once, naming the steps that are legal.
"""

import random

import pytest

from bgwidget import IllegalPlayError, PartialPlay, Position
from helpers import random_positions


def completed_plays(partial: PartialPlay) -> set[str]:
    """Every play reachable by stepping through legal_steps(), undoing after each branch."""
    if partial.is_complete:
        return {str(partial.play)}
    found = set()
    for frm, dests in partial.legal_steps().items():
        for to, _dice in dests:
            partial.step(frm, to)
            found |= completed_plays(partial)
            partial.undo()
    return found


TRAPS = [
    ("4P8DABgAEAAAAA", (6, 5), {"13/7"}, (13, 8, "larger-die")),  # the larger die alone: 13/8 with the 5 is refused
    (
        "4P8bAADg/wcAIA",
        (6, 1),
        {"24/17"},
        (24, 18, "point-held"),
    ),  # 1 then 6 (24/23/17): the 6 first is refused
    ("hv82AADg/wcAIA", (6, 5), {"6/1"}, (6, 0, "not-all-home")),  # the 6 cannot be played: the smaller
    ("4P8DBgD/PwAAIA", (4, 4), {"24/16"}, None),  # doubles: as many as possible (two of four)
    (
        "4P8PAAAkAAAAAA",
        (6, 4),
        {"5/off 3/off", "5/1 3/off"},
        (3, 0, "higher-die"),
    ),  # higher die: highest point only
    ("4P8PAAAiAAAAAA", (4, 3), {"5/1 2/off", "5/2 2/off"}, None),  # no higher-die bear-off below a checker
    ("22bABwDg/wMAYA", (5, 4), {"bar/20"}, (6, 1, "bar-first")),  # two on the bar: nothing else moves
]


@pytest.mark.parametrize("position_id, dice, expected, refused_step", TRAPS)
def test_rule_traps_step_by_step(position_id, dice, expected, refused_step):
    partial = PartialPlay(Position.from_position_id(position_id), dice)
    assert {str(play) for play in partial.plays} == expected
    assert completed_plays(partial) == expected
    if refused_step:
        *step, reason = refused_step
        with pytest.raises(IllegalPlayError) as refused:
            partial.step(*step)
        assert refused.value.reason == reason
        assert partial.steps == [] and partial.position == partial.start


def test_combined_move_touches_down_on_an_open_point_and_undo_takes_both_dice_back():
    partial = PartialPlay(Position.initial(), (6, 5))
    moves = partial.step(24, 13)  # 24/18/13: 24/19 then 19/13 is the same checker
    assert len(moves) == 2 and partial.is_complete and str(partial.play) == "24/13"
    assert partial.step_groups == [[[24, 18, 6], [18, 13, 5]]]
    assert partial.undo() == moves
    assert partial.dice_left == (6, 5) and partial.position == Position.initial()


def test_intermediate_hit_needs_two_steps_and_is_kept():
    # The mover's 24-point checker, an opposing blot on its 21-point: 24/21* then 21/16.
    position = Position.from_points({24: 1, 6: 5}, {4: 1, 12: 5})
    partial = PartialPlay(position, (5, 3))
    routes = partial.legal_steps()[24]
    assert (16, (5, 3)) in routes  # the combined move prefers the route that does not hit (the 5 first)
    assert partial.step(24, 16) == ((24, 19, False), (19, 16, False))
    partial.undo()
    assert partial.step(24, 21) == ((24, 21, True),)
    partial.step(21, 16)
    assert str(partial.play) == "24/21*/16" and partial.position.opponent[24] == 1


def test_bearing_off_with_a_chosen_die():
    position = Position.from_points({2: 1, 1: 1}, {20: 1})
    partial = PartialPlay(position, (6, 1))
    partial.step(2, 0, die=6)  # the 6 bears off from the highest point, leaving the 1 ...
    assert partial.dice_left == (1,)
    partial.step(1, 0)  # ... for the checker on the 1-point
    assert str(partial.play) == "2/off 1/off"
    again = PartialPlay(position, (6, 1))
    with pytest.raises(IllegalPlayError):
        again.step(1, 0, die=6)  # not from a lower point while the 2-point holds a checker


def test_errors_change_nothing_and_say_why():
    partial = PartialPlay(Position.initial(), (3, 1))
    for args, reason in [
        ((0, 1), "borne-off"),
        ((7, 4), "no-checker"),
        ((26, 1), "invalid"),
        ((8, 5.0), "invalid"),
        ((8, 5, 2), "die-not-rolled"),
        ((8, 5, 1), "die-mismatch"),
        ((8, 5, 3.0), "invalid"),
    ]:
        with pytest.raises(IllegalPlayError) as refused:
            partial.step(*args)
        assert refused.value.reason == reason, args
    with pytest.raises(IllegalPlayError) as refused:
        partial.undo()
    assert refused.value.reason == "nothing-to-undo"
    with pytest.raises(IllegalPlayError) as refused:
        partial.play  # noqa: B018 - the property raises
    assert (refused.value.reason, refused.value.facts) == ("play-incomplete", {"count": 2, "die": 3})
    assert partial.steps == [] and partial.legal_steps()[8][0] == (7, (1,))
    partial.step(8, 5)
    partial.step(6, 5)
    with pytest.raises(IllegalPlayError) as refused:
        partial.step(13, 12)
    assert refused.value.reason == "dice-played"


def test_restore_redoes_saved_groups_and_refuses_forged_ones():
    partial = PartialPlay(Position.initial(), (6, 6))
    partial.step(24, 18)
    partial.step(13, 7)
    saved = partial.step_groups
    assert saved == [[[24, 18, 6]], [[13, 7, 6]]]
    back = PartialPlay.restore(Position.initial(), (6, 6), saved)
    assert back.steps == partial.steps and back.step_groups == saved
    back.undo()  # one group at a time: 13/7 alone
    assert back.steps == partial.steps[:1]
    combined = PartialPlay(Position.initial(), (6, 5))
    combined.step(24, 13)
    back = PartialPlay.restore(Position.initial(), (6, 5), combined.step_groups)
    back.undo()  # both dice of the combined move come back together
    assert back.steps == [] and back.dice_left == (6, 5)
    for forged in (
        None,
        "abc",
        [[8, 5, 3]],
        [[[8, 5]]],
        [[[8.0, 5, 3]]],
        [[[8, 7, True]]],
        [[]],
        [[[8, 5, 3], [6, 5, 1]]],
    ):
        with pytest.raises(IllegalPlayError):
            PartialPlay.restore(Position.initial(), (3, 1), forged)
    with pytest.raises(IllegalPlayError, match="saved step"):
        PartialPlay.restore(Position.initial(), (6, 6), [[[8, 3, 6]]])  # 8/3 is not a 6


@pytest.mark.parametrize("seed", range(3))
def test_stepping_reaches_exactly_the_legal_plays(seed):
    rng = random.Random(seed)
    for position in random_positions(60, seed):
        dice = rng.randint(1, 6), rng.randint(1, 6)
        partial = PartialPlay(position, dice)
        if not partial.plays:
            assert partial.is_complete and partial.legal_steps() == {}
            continue
        reached = completed_plays(partial) if dice[0] != dice[1] else None
        if reached is not None:
            assert reached == {str(play) for play in partial.plays}
        # One random walk to the end, whatever the roll: it always ends on a legal play.
        while not partial.is_complete:
            steps = partial.legal_steps()
            frm = rng.choice(sorted(steps))
            partial.step(frm, rng.choice(steps[frm])[0])
        assert partial.play in partial.plays
