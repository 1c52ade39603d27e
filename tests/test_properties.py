"""Hypothesis properties of positions and plays on random reachable positions."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bgwidget import Position
from helpers import random_positions

POSITIONS = random_positions(2_000, seed=11)


@st.composite
def position_and_roll(draw):
    position = draw(st.sampled_from(POSITIONS))
    return position, draw(st.integers(1, 6)), draw(st.integers(1, 6))


def valid(position: Position) -> bool:
    sides_ok = all(sum(side) <= 15 and min(side) >= 0 for side in (position.player, position.opponent))
    no_shared_point = all(not (position.player[i] and position.opponent[23 - i]) for i in range(24))
    return sides_ok and no_shared_point


@settings(max_examples=400, deadline=None)
@given(position_and_roll())
def test_plays_keep_the_board_valid_and_move_the_dice_pips(case):
    position, d1, d2 = case
    plays = position.legal_plays(d1, d2)
    assert len({play.result for play in plays}) == len(plays)  # distinct positions
    for play in plays:
        result = play.result
        assert valid(result)
        assert result.turn == 1 - position.turn
        # Fifteen checkers a side, wherever they are: on points, on the bar, or off.
        assert sum(result.player) + result.off[0] == 15 and sum(result.opponent) + result.off[1] == 15
        # The mover's pip count falls by exactly the pips played (bear-offs count to zero).
        assert position.pip_counts()[0] - result.pip_counts()[1] == play.pips
        # Every move uses a die: exact, or larger only when bearing off.
        dice = [d1] * 4 if d1 == d2 else [d1, d2]
        for move in play.moves:
            distance = move.from_point - move.to_point
            assert distance in dice or (move.to_point == 0 and distance < max(dice))
        # Each hit sends one checker to the bar.
        assert result.player[24] == position.opponent[24] + play.hits
        # Notation reads back to the same play.
        assert position.parse_play(str(play), d1, d2) == play


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(POSITIONS))
def test_position_id_round_trip(position):
    assert Position.from_position_id(position.position_id(), turn=position.turn) == position
    assert position.swap().swap() == position
