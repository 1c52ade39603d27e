"""Legal plays rule by rule on hand-checked positions, and notation in and out.

Rule-trap positions and answers come from ../shared/FORMATS.md (both gnubg-nn and bgsage agree);
the others are set up with Position.from_points and checked by hand against the USBGF rules.
"""

import pytest

from bgwidget import DiceError, IllegalPlayError, Move, NotationError, Position
from bgwidget.moves import format_play


def plays(position, d1, d2):
    return sorted(str(play) for play in position.legal_plays(d1, d2))


@pytest.mark.parametrize(
    "position_id, dice, expected",
    [
        ("4P8DABgAEAAAAA", (6, 5), ["13/7"]),  # one die only: the larger
        ("4P8bAADg/wcAIA", (6, 1), ["24/17"]),  # 6 first blocked, 1 then 6 plays both
        ("hv82AADg/wcAIA", (6, 5), ["6/1"]),  # the 6 cannot be played: the smaller
        ("4P8DBgD/PwAAIA", (4, 4), ["24/16"]),  # doubles: as many as possible (two)
        ("4P8PAAAkAAAAAA", (6, 4), ["5/1 3/off", "5/off 3/off"]),  # higher die from highest point
        ("4P8PAAAiAAAAAA", (4, 3), ["5/1 2/off", "5/2 2/off"]),  # not while a checker stands higher
        ("22bABwDg/wMAYA", (5, 4), ["bar/20"]),  # two on the bar, one enters: the roll ends
    ],
)
def test_rule_traps(position_id, dice, expected):
    assert plays(Position.from_position_id(position_id), *dice) == expected


def test_opening_plays():
    start = Position.initial()
    assert len(start.legal_plays(3, 1)) == 16  # gnubg lists 16 plays for an opening 31
    assert "8/5 6/5" in plays(start, 3, 1)
    assert "24/13" in plays(start, 6, 5)
    assert len(start.legal_plays(6, 5)) == len(start.legal_plays(5, 6))


def test_a_checker_that_comes_home_bears_off_with_the_rest_of_the_roll():
    # 10/4 is blocked, so the 5 goes first: 10/5, and then every checker is home and the 6
    # bears off from the 5-point, the highest. Both dice are played.
    position = Position.from_points({10: 1, "off": 14}, {21: 2, 2: 13})
    assert plays(position, 6, 5) == ["10/off"]


def test_larger_die_when_only_one_can_be_played():
    # The opponent holds the player's 13-point: 24/18 and 24/19 both work, but neither can go
    # on to 13. Only one die can be played, so it must be the 6.
    position = Position.from_points({24: 1, "off": 14}, {12: 2, 2: 13})
    assert plays(position, 6, 5) == ["24/18"]


def test_intermediate_point_must_be_open():
    # The opponent holds the player's 18 and 19: 24/13 would touch down on one of them.
    blocked = Position.from_points({24: 1, 6: 14}, {7: 2, 6: 2, 2: 11})
    assert "24/13" not in plays(blocked, 6, 5)
    assert plays(blocked, 6, 5) == ["6/1"]
    # With only the 18 held, the checker goes round by the 19.
    assert "24/13" in plays(Position.from_points({24: 1, 6: 14}, {7: 2, 2: 13}), 6, 5)


def test_enter_then_play_the_rest():
    # The 1 cannot enter (the opponent's 15 checkers stand on the player's 24): enter with the 6.
    position = Position.from_points({"bar": 1, 6: 14}, {1: 15})
    assert plays(position, 6, 1) == ["bar/18", "bar/19 6/5"]


def test_dance():
    # The opponent holds all six points of its home board (the player's 19..24).
    position = Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3})
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            assert position.legal_plays(d1, d2) == []


def test_bear_off_needs_all_checkers_home():
    # 6/off is only possible once the checker on 7 has come in with the 1 (7/6 6/off), which
    # leaves the same position as 7/1/off: one play. 6/5 6/off is not legal.
    position = Position.from_points({7: 1, 6: 14}, {1: 15})
    assert plays(position, 6, 1) == ["7/1 6/5", "7/off"]


def test_hit_while_bearing_off_stops_the_bear_off():
    # Hit from the home board: the checker enters and runs, neither die bears off.
    position = Position.from_points({"bar": 1, 1: 14}, {10: 15})
    assert plays(position, 6, 5) == ["bar/14"]


def test_hits_are_marked():
    position = Position.from_points({13: 2, 6: 13}, {16: 1, 2: 14})  # a blot on the player's 9
    assert "13/9* 6/5" in plays(position, 4, 1)
    play = position.parse_play("13/9* 6/5", 4, 1)
    assert play.hits == 1
    assert play.result.player[24] == 1  # the opponent, now on roll, has a checker on the bar


def test_intermediate_hit_is_shown():
    position = Position.from_points({24: 2, 6: 13}, {7: 1, 2: 14})  # a blot on the player's 18
    result = plays(position, 6, 5)
    assert "24/18*/13" in result
    assert "24/13" in result  # by the 19, not hitting: a different position


def test_doubles_group_identical_moves():
    assert "13/11(2) 6/4(2)" in plays(Position.initial(), 2, 2)
    assert "24/18(2) 13/7(2)" in plays(Position.initial(), 6, 6)
    assert "24/16(2)" in plays(Position.initial(), 4, 4)


def test_play_fields():
    play = Position.initial().parse_play("8/5 6/5", 3, 1)
    assert play.moves == (Move(8, 5, False), Move(6, 5, False))
    assert play.pips == 4
    assert play.result.turn == 1
    mover = play.result.opponent
    assert (mover[4], mover[5], mover[7]) == (2, 4, 2)
    assert play.result.pip_counts() == (167, 163)
    assert play == Position.initial().parse_play("6/5 8/5", 1, 3)
    assert repr(play) == "<Play 8/5 6/5>"


@pytest.mark.parametrize("text", ["24/13", "24/18/13", "24/18 18/13", "24/19/13", " 24/13 "])
def test_parse_equivalent_spellings(text):
    assert str(Position.initial().parse_play(text, 6, 5)) == "24/13"


def test_parse_bar_off_and_gnubg_numbers():
    position = Position.from_points({"bar": 1, 3: 14}, {1: 15})
    assert plays(position, 3, 1) == ["bar/21", "bar/22 3/2"]
    assert str(position.parse_play("bar/22 22/21", 3, 1)) == "bar/21"
    assert str(position.parse_play("25/21", 3, 1)) == "bar/21"
    home = Position.from_points({6: 2, 3: 13}, {1: 15})
    assert str(home.parse_play("6/off 6/0 3/off(2)", 6, 6)) == "6/off(2) 3/off(2)"
    assert str(home.parse_play("6/OFF 6/off 3/off 3/off", 6, 6)) == "6/off(2) 3/off(2)"


def test_parse_errors():
    start = Position.initial()
    for text, error, reason in [
        ("24-18", NotationError, "notation"),
        ("13/18", NotationError, "backwards"),
        ("30/24", NotationError, "notation"),
        ("24/18 24/18", IllegalPlayError, "die-used"),  # 6-5 plays no second 6
        ("22/16 22/17", IllegalPlayError, "too-many"),
        ("", IllegalPlayError, "must-play"),
    ]:
        with pytest.raises(error) as refused:
            start.parse_play(text, 6, 5)
        assert refused.value.reason == reason, text
    with pytest.raises(DiceError):
        start.legal_plays(7, 1)
    with pytest.raises(DiceError):
        start.legal_plays(0, 1)
    assert issubclass(NotationError, ValueError) and issubclass(DiceError, ValueError)


def test_parse_ambiguous_hits():
    # The blot on the player's 18 can be hit on the way (24/18*/13) or not (24/19/13).
    position = Position.from_points({24: 2, 6: 13}, {7: 1, 2: 14})
    assert position.parse_play("24/18*/13", 6, 5).hits == 1
    assert position.parse_play("24/13", 6, 5).hits == 0


def test_parse_pass_when_no_play():
    position = Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3})
    play = position.parse_play("", 6, 5)
    assert play.moves == () and play.result == position.swap()
    assert str(play) == ""


def test_format_play_without_board_joins_chains():
    assert format_play([Move(5, 2), Move(2, 0)]) == "5/off"
    assert format_play([Move(25, 22, True), Move(13, 9)]) == "bar/22* 13/9"


def test_parse_prefers_the_path_named():
    # From a game: blots on the player's 16 and 11. 20/16*/11* and 20/15/11* leave the same
    # checkers of the mover; the text names 16 as the touch-down point.
    position = Position.from_position_id("ih+JAgeF10LABg")
    assert str(position.parse_play("20/16 16/11", 4, 5)) == "20/16*/11*"
    assert str(position.parse_play("20/15/11", 4, 5)) == "20/11*"


@pytest.mark.parametrize(
    "text, dice, error, reason",
    [
        ("8/5 6/5 13/2(0)", (3, 1), NotationError, "notation-count"),
        ("8/5(9)", (3, 1), NotationError, "notation-count"),
        ("8/5(01)", (3, 1), NotationError, "notation-count"),
        ("24/5/23 8/5", (3, 1), NotationError, "backwards"),
        ("8/5/5 6/5", (3, 1), NotationError, "same-point"),
        ("6/off/3", (6, 3), NotationError, "backwards"),
        ("24/22/20", (3, 1), IllegalPlayError, "no-die"),
        ("8/5* 8/5*", (3, 1), NotationError, "hit-twice"),
        ("8/5 6/5*", (3, 1), IllegalPlayError, "no-hit"),
        ("24/23*/20", (3, 1), IllegalPlayError, "no-hit"),
        ("٢٤/٢١", (3, 1), NotationError, "notation"),
    ],
)
def test_parse_refuses_what_no_play_can_do(text, dice, error, reason):
    # Each of these was once read as another play (13/2(0) dropped, 24/5/23 read as 24/23).
    with pytest.raises(error) as refused:
        Position.initial().parse_play(text, *dice)
    assert refused.value.reason == reason


def test_parse_still_reads_hits_marked_where_the_play_hits():
    # The top player's blot on the mover's 5-point: 8/5* and 6/5* both name the one hit.
    position = Position.from_points({6: 5, 8: 3, 13: 5, 24: 2}, {20: 1, 24: 2, 13: 5, 8: 3, 6: 4})
    assert str(position.parse_play("8/5* 6/5", 3, 1)) == "8/5* 6/5"
    assert str(position.parse_play("8/5 6/5*", 3, 1)) == "8/5* 6/5"
    assert str(position.parse_play("8/5 6/5(1)", 3, 1)) == "8/5* 6/5"


# ---------------------------------------------------------------------- issue 12, fault 1: routes


@pytest.mark.parametrize("text", ["13/11 11/8", "13/11/8", "13/11* 11/8", "13/11*/8", "11/8 13/11"])
def test_a_named_landing_on_a_blot_hits_it_star_or_not(text):
    # GNU Backgammon plays these 13/11*/8: the text names 11, where the top player's blot stands.
    position = Position.from_position_id("ACAwAAYEAAAAAA")
    play = position.parse_play(text, 3, 2)
    assert str(play) == "13/11*/8" and play.hits == 1


def test_an_unnamed_route_still_prefers_no_hit():
    # 13/8 names no touch-down point: the route through 10 hits nothing, as written.
    position = Position.from_position_id("ACAwAAYEAAAAAA")
    assert str(position.parse_play("13/8", 3, 2)) == "13/8"
    assert str(position.parse_play("13/10/8", 3, 2)) == "13/8"


def _written(steps, chained):
    """gnubg-nn's steps ((from, to) per die, mover's numbering, 25 bar, 0 off) as notation with
    every landing point named and no ``*``: one hop per step, or a checker's hops chained."""
    name = {25: "bar", 0: "off"}
    hops = [[f, t] for f, t in steps]
    if chained:
        joined: list[list[int]] = []
        for f, t in hops:
            for chain in joined:
                if chain[-1] == f:
                    chain.append(t)
                    break
            else:
                joined.append([f, t])
        hops = joined
    return " ".join("/".join(name.get(p, str(p)) for p in chain) for chain in hops)


@pytest.mark.parametrize("chained", [False, True])
def test_every_gnubg_play_written_with_its_landings_parses_back_to_itself(gnubg_nn, chained):
    from bgwidget.ai.engines import gnubg_board
    from helpers import game_positions

    checked = 0
    for position in game_positions(120, seed=12):
        board = gnubg_board(position)
        for d1 in range(1, 7):
            for d2 in range(1, d1 + 1):
                for key, steps in gnubg_nn.moves(board, d1, d2, 1):
                    text = _written(steps, chained)
                    play = position.parse_play(text, d1, d2)
                    theirs = gnubg_nn.board_from_position_key(key)
                    assert (play.result.player, play.result.opponent) == theirs, (position.position_id(), d1, d2, text)
                    checked += 1
    assert checked > 5_000


def test_a_hit_marked_on_a_repeated_move_is_one_hit():
    # Backgammon Studio writes 8/3*(2) when the first of two checkers hits the blot on 3.
    position = Position.from_points({8: 4, 6: 4, 13: 5, 24: 2}, {22: 1, 20: 2, 13: 5, 8: 3, 6: 4})
    for text in ("8/3*(2) 6/1(2)", "8/3(2) 6/1(2)", "8/3* 8/3 6/1(2)"):
        play = position.parse_play(text, 5, 5)
        assert str(play) == "8/3* 8/3 6/1(2)" and play.hits == 1
