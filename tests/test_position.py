"""Position: IDs (vectors from ../shared/FORMATS.md, checked against gnubg), validation, pips, outcome."""

import pytest

from bgwidget import Outcome, Position, PositionError, PositionIdError
from bgwidget.ai.engines import gnubg_board

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def side(**points):
    board = [0] * 25
    for name, count in points.items():
        board[24 if name == "bar" else int(name[1:]) - 1] = count
    return tuple(board)


# Vectors from FORMATS.md: (ID, board[0] = side not on roll, board[1] = side on roll).
VECTORS = [
    ("4HPwATDgc/ABMA", START, START),
    ("4HPFATDgc/ABMA", side(p6=5, p8=3, p9=1, p10=1, p13=3, p24=2), START),
    ("4HPwATDgc/ABUA", START, side(p6=5, p8=3, p13=5, p24=1, bar=1)),
    ("4HPwAVDgc/ABMA", side(p6=5, p8=3, p13=5, p24=1, bar=1), START),
    ("4AAAsAAAAAAAAA", side(p6=3), side(p1=2, p2=1)),
    ("+L4PAAB3dwcAAA", side(p4=5, p5=5, p6=5), side(p1=3, p2=3, p3=3, p4=3, p5=3)),
    ("AAAA/38AAAD/fw", side(bar=15), side(bar=15)),
    ("AAAAAAAAAAAAAA", side(), side()),
]


@pytest.mark.parametrize("position_id, not_on_roll, on_roll", VECTORS)
def test_position_id_vectors(position_id, not_on_roll, on_roll):
    position = Position.from_position_id(position_id)
    assert position.player == on_roll
    assert position.opponent == not_on_roll
    assert position.position_id() == position_id
    assert Position(on_roll, not_on_roll).position_id() == position_id


def test_initial_matches_the_standard_id():
    assert Position.initial().position_id() == "4HPwATDgc/ABMA"
    assert Position.initial() == Position.from_position_id("4HPwATDgc/ABMA")
    assert Position.initial(turn=1) != Position.initial(turn=0)
    assert Position.initial(turn=1).position_id() == "4HPwATDgc/ABMA"


def test_gnubg_decodes_the_vectors_the_same_way(gnubg_nn):
    for position_id, _, _ in VECTORS:
        position = Position.from_position_id(position_id)
        board = gnubg_board(position)
        assert gnubg_nn.position_id(board) == position_id
        assert tuple(map(tuple, gnubg_nn.board_from_position_id(position_id))) == (
            position.opponent,
            position.player,
        )


def test_id_of_an_impossible_board_is_refused_with_the_reason():
    # FORMATS.md: gnubg decodes this ID, but the side on roll's 24-point is the other's 1-point,
    # where the other side has three checkers: both colours on one point.
    with pytest.raises(PositionIdError, match="same point"):
        Position.from_position_id("t20DAABwDz4AGg")


@pytest.mark.parametrize(
    "bad, reason",
    [
        ("4HPwATDgc/AB", "14 characters"),
        ("4HPwATDgc/ABMAA", "14 characters"),
        ("4HPwATDgc/AB!A", "Base64"),
        ("//////////////", "at most 15"),
        (None, "string"),
    ],
)
def test_malformed_ids(bad, reason):
    with pytest.raises(PositionIdError, match=reason):
        Position.from_position_id(bad)


def test_position_errors_are_value_errors():
    assert issubclass(PositionIdError, ValueError)
    assert issubclass(PositionError, ValueError)


@pytest.mark.parametrize(
    "player, opponent, reason",
    [
        ({6: 16}, {}, "16 checkers"),
        ({6: -1}, {}, "-1 checkers"),
        ({6: 2}, {19: 1}, "same point"),
        ({25: 1}, {}, "not a point"),
        ({"home": 1}, {}, "not a point"),
        ({6: 2, "off": 3}, {}, "13 off"),
    ],
)
def test_from_points_validation(player, opponent, reason):
    with pytest.raises(PositionError, match=reason):
        Position.from_points(player, opponent)


def test_constructor_validation():
    with pytest.raises(PositionError, match="25 counts"):
        Position((0,) * 24, START)
    with pytest.raises(PositionError, match="turn"):
        Position(START, START, turn=2)


def test_from_points_is_the_friendly_twin_of_the_tuples():
    start = {6: 5, 8: 3, 13: 5, 24: 2}
    assert Position.from_points(start, start) == Position.initial()
    position = Position.from_points({"bar": 1, 6: 2, "off": 12}, {20: 3}, turn=1)
    assert position.bar == (1, 0)
    assert position.off == (12, 12)
    assert position.turn == 1


def test_pip_counts():
    assert Position.initial().pip_counts() == (167, 167)
    # bar counts 25 pips: 25 + 2*6 = 37; opponent 3 on its 1-point = 3.
    assert Position.from_points({"bar": 1, 6: 2}, {1: 3}).pip_counts() == (37, 3)


def test_immutable_and_hashable():
    position = Position.initial()
    with pytest.raises(AttributeError):
        position.turn = 1
    assert {position: 1}[Position.from_position_id("4HPwATDgc/ABMA")] == 1


def test_swap_and_seat_points():
    position = Position.from_points({6: 2}, {1: 3}, turn=1)
    assert position.swap().player == position.opponent
    assert position.swap().turn == 0
    assert position.seat_points(1) == position.player
    assert position.seat_points(0) == position.opponent


def test_outcome_single_gammon_backgammon():
    assert Position.initial().outcome() is None
    # The side that just moved (opponent here, seat 0) has borne off all.
    single = Position.from_points({6: 3, "off": 12}, {}, turn=1)
    assert single.outcome() == Outcome(winner=0, points=1)
    assert single.outcome().kind == "single game"
    gammon = Position.from_points({13: 15}, {}, turn=1)
    assert gammon.outcome() == Outcome(0, 2)
    # The winner's home board is the loser's points 19..24.
    backgammon = Position.from_points({19: 1, 6: 14}, {}, turn=1)
    assert backgammon.outcome() == Outcome(0, 3)
    assert backgammon.outcome().kind == "backgammon"
    on_bar = Position.from_points({"bar": 1, 6: 14}, {}, turn=0)
    assert on_bar.outcome() == Outcome(1, 3)
    # A checker on the loser's 18-point is outside the winner's home board: a gammon.
    assert Position.from_points({18: 1, 6: 14}, {}).outcome() == Outcome(1, 2)


def test_is_race():
    assert not Position.initial().is_race()
    assert Position.from_points({6: 5, 5: 5}, {6: 5, 5: 5}).is_race()
    # The opponent's 20-point is the player's 5-point: the two checkers must still pass.
    assert not Position.from_points({20: 1}, {20: 1}).is_race()
    # The opponent's 1-point is the player's 24-point: they have passed.
    assert Position.from_points({20: 1}, {1: 1}).is_race()
    assert not Position.from_points({"bar": 1}, {1: 1}).is_race()


def test_diagram_shows_the_board():
    text = str(Position.initial())
    assert "Position ID: 4HPwATDgc/ABMA" in text
    assert "167 pips" in text
    assert text.count("X") >= 10 and text.count("O") >= 10
    assert repr(Position.initial()) == "Position.from_position_id('4HPwATDgc/ABMA', turn=0)"
    tall = str(Position.from_points({6: 15}, {6: 15}))
    assert "15" in tall


def test_board_widget_is_importable_from_the_package_lazily():
    import subprocess
    import sys

    code = (
        "import sys, bgwidget; assert 'anywidget' not in sys.modules; "
        "from bgwidget import BoardWidget; assert BoardWidget.__name__ == 'BoardWidget'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "build",
    [
        lambda: Position.initial(turn=5),  # accepted before issue 11
        lambda: Position.initial(turn=True),
        lambda: Position.initial(turn=1.0),
        lambda: Position(START, START, 1.0),
        lambda: Position(None, None),  # TypeError before
        lambda: Position("0" * 25, START),
        lambda: Position({1: 2}, START),
        lambda: Position.from_points(None, {}),  # AttributeError before
        lambda: Position.from_points({6: 2}, [1, 2]),
        lambda: Position.from_points({6: 2.0}, {}),
        lambda: Position.from_points({6: 2, "off": 13.0}, {}),
        lambda: Position.from_points({6: 2}, {}, turn="0"),
        lambda: Position.initial().seat_points(2),
        lambda: Position.initial().seat_points(True),
    ],
)
def test_bad_arguments_raise_position_error(build):
    with pytest.raises(PositionError) as info:
        build()
    assert isinstance(info.value, ValueError) and str(info.value)
