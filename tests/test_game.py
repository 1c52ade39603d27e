"""The game layer: turns, step-by-step moves, the cube, resignations, and every error case.

Expected plays come from FORMATS.md's rule traps (checked against GNU Backgammon) and from the
rules engine, which tests/test_gnubg_differential.py checks against gnubg's move generator.
"""

import copy
import random

import pytest

from bgwidget import PHASES, Dice, Game, GameError, Match, Offer, Position, Rules
from helpers import random_positions


def snapshot(game: Game):
    """Everything observable about a game, to check that a refused action changed nothing."""
    return (
        game.phase,
        game.position,
        game.start_position,
        game.turn,
        game.rolled,
        game.dice_left,
        game.steps,
        game.cube_value,
        game.cube_owner,
        game.offer,
        game.result,
        copy.deepcopy(game.record),
        game.dice.to_dict(),
        game.last_roll,
        game.legal_steps(),
    )


def refused(game: Game, action, *args, **kwargs):
    """Call ``action``; it must raise GameError (a ValueError) and leave ``game`` unchanged."""
    before = snapshot(game)
    with pytest.raises(GameError) as info:
        action(*args, **kwargs)
    assert isinstance(info.value, ValueError)
    assert snapshot(game) == before
    return f"{info.value.reason}: {info.value}"


def at(position_id: str, dice, **kwargs) -> Game:
    return Game(position=Position.from_position_id(position_id), rolled=dice, rules=Rules(auto_confirm=False), **kwargs)


# ---------------------------------------------------------------------- opening and turns


def test_opening_roll_higher_die_plays_both_numbers():
    game = Game(dice=Dice(fixed=[(3, 5)]))
    assert game.phase == "opening"
    assert game.roll() == (3, 5)
    assert game.phase == "move" and game.turn == 1 and game.rolled == (5, 3)
    assert game.record == [{"type": "opening", "dice": [3, 5]}]
    game.play("8/3 6/3")
    assert game.phase == "roll" and game.turn == 0
    assert game.position.seat_points(1)[2] == 2  # top's 3-point made, in top's own numbering


def test_opening_ties_are_rolled_again():
    dice = Dice(seed=7)
    rng = random.Random(7)  # what Dice(seed=7) rolls from
    first = (rng.randint(1, 6), rng.randint(1, 6))
    while first[0] == first[1]:
        first = (rng.randint(1, 6), rng.randint(1, 6))
    assert dice.opening() == first
    game = Game()
    assert "tie" in refused(game, game.roll, (4, 4))


def test_same_seed_same_dice_whatever_the_players_choose():
    def rolls(double: bool):
        game = Game(seed=42)
        seen = [game.roll()]
        game.play(str(game.legal_plays[0]))
        if double:
            game.double()
            game.take()
        for _ in range(6):
            seen.append(game.roll())
            if game.phase == "move":
                game.play(str(game.legal_plays[-1]))
        return seen

    assert rolls(False) == rolls(True)
    assert Dice.for_game(42, 3).roll() == Dice.for_game(42, 3).roll()
    assert Dice.for_game(42, 1).to_dict() != Dice.for_game(42, 2).to_dict()


def test_turn_ends_by_itself_or_waits_for_confirm():
    game = Game(dice=Dice(fixed=[(3, 1)]))
    game.roll()
    game.move(8, 5)
    assert game.phase == "move" and game.dice_left == (1,)
    game.move(6, 5)
    assert game.phase == "roll" and str(game.last_play) == "8/5 6/5" and game.turn == 1

    game = Game(dice=Dice(fixed=[(3, 1)]), rules=Rules(auto_confirm=False))
    game.roll()
    game.move(8, 5)
    game.move(6, 5)
    assert game.play_complete and game.legal_steps() == {}
    game.undo()
    assert game.dice_left == (1,) and game.steps == [(8, 5, False)]
    game.move(24, 23)
    assert str(game.confirm()) == "24/23 8/5"
    assert game.phase == "roll"


def test_combined_move_uses_both_dice_and_undo_takes_it_back_whole():
    game = Game(dice=Dice(fixed=[(2, 1)]), rules=Rules(auto_confirm=False))
    game.roll()
    assert (21, (1, 2)) in game.legal_steps()[24]
    game.move(24, 21)
    assert [tuple(m) for m in game.steps] == [(24, 23, False), (23, 21, False)]
    assert game.play_complete
    game.undo()
    assert game.steps == [] and game.dice_left == (2, 1) and game.position == game.start_position


def test_a_roll_with_no_legal_play_is_a_dance():
    # Bottom has a checker on the bar; top has closed its home board.
    position = Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}, turn=0)
    game = Game(position=position, dice=Dice(fixed=[(6, 5)]))
    game.roll()
    assert game.phase == "roll" and game.turn == 1 and game.last_roll == (6, 5)
    assert game.record == [{"type": "roll", "seat": 0, "dice": [6, 5]}, {"type": "move", "seat": 0, "play": ""}]


# ---------------------------------------------------------------------- step legality (FORMATS.md traps)


@pytest.mark.parametrize(
    "position_id, dice, steps",
    [
        ("4P8DABgAEAAAAA", (6, 5), {13: [(7, (6,))]}),  # the larger die alone
        ("4P8bAADg/wcAIA", (6, 1), {24: [(23, (1,)), (17, (1, 6))]}),  # 1 first so both play
        ("hv82AADg/wcAIA", (6, 5), {6: [(1, (5,))]}),  # the 6 cannot play: the smaller
        ("4P8DBgD/PwAAIA", (4, 4), {24: [(20, (4,)), (16, (4, 4))]}),  # doubles: as many as possible
        ("22bABwDg/wMAYA", (5, 4), {25: [(20, (5,))]}),  # two on the bar, one enters
        ("4P8PAAAkAAAAAA", (6, 4), {5: [(1, (4,)), (0, (6,))]}),  # 3/off only once 5 has gone
    ],
)
def test_legal_steps_enforce_the_rule_traps(position_id, dice, steps):
    game = at(position_id, dice)
    assert game.legal_steps() == steps


def test_larger_die_rule_refuses_the_smaller_first_step():
    game = at("4P8DABgAEAAAAA", (6, 5))
    assert refused(game, game.move, 13, 8).startswith("larger-die: ")
    refused(game, game.move, 24, 18)  # no checker there for the mover


def test_bearing_off_with_a_higher_die_only_from_the_highest_point():
    game = at("4P8PAAAiAAAAAA", (4, 3))  # 5/1 2/off or 5/2 2/off
    # Nothing bears off from 2 while the checker on 5 stands higher; 5/off goes through 2.
    assert game.legal_steps() == {5: [(2, (3,)), (1, (4,)), (0, (3, 4))]}
    refused(game, game.move, 2, 0)
    refused(game, game.move, 5, 0, die=4)  # no single die takes it off from 5
    game.move(5, 1)
    assert game.legal_steps() == {2: [(0, (3,))]}
    game.move(2, 0)
    assert str(game.confirm()) == "5/1 2/off"


def step_results(game: Game) -> set:
    """Every position reachable by playing the roll step by step through legal_steps()."""
    if game.play_complete:
        return {game.position}
    found = set()
    for frm, dests in game.legal_steps().items():
        for to, _ in dests:
            game.move(frm, to)
            found |= step_results(game)
            game.undo()
    return found


def check_steps_reach_the_legal_plays(seed: int, count: int) -> None:
    rng = random.Random(seed)
    for position in random_positions(count, seed=100 + seed):
        for dice in [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(6)]:
            plays = position.legal_plays(*dice)
            if not plays:
                continue
            game = Game(position=position, rolled=dice, rules=Rules(auto_confirm=False))
            reached = {p.swap() for p in step_results(game)}
            assert reached == {play.result for play in plays}, (position.position_id(), dice)


@pytest.mark.parametrize("seed", range(4))
def test_step_by_step_reaches_exactly_the_legal_plays(seed):
    check_steps_reach_the_legal_plays(seed, count=12)


@pytest.mark.slow
def test_step_by_step_reaches_exactly_the_legal_plays_long():
    check_steps_reach_the_legal_plays(seed=99, count=600)


# ---------------------------------------------------------------------- the cube


def started(**kwargs) -> Game:
    """A game after the opening play, seat 1 (top) to roll."""
    game = Game(dice=Dice(fixed=[(3, 1)]), **kwargs)
    game.roll()
    game.play("8/5 6/5")
    return game


def test_double_take_gives_the_cube_to_the_taker():
    game = started()
    assert game.can_double() and not game.can_double(seat=0)
    game.double()
    assert game.phase == "cube" and game.turn == 0 and game.offer == Offer("double", 1)
    game.take()
    assert (game.cube_value, game.cube_owner, game.phase, game.turn) == (2, 0, "roll", 1)
    assert refused(game, game.double).startswith("cube-owned: ")
    game.roll((2, 1))
    game.play(str(game.legal_plays[0]))
    assert game.can_double()  # the owner may redouble
    game.double()
    game.pass_()
    assert game.result == (0, 2, "single game", "pass") and game.phase == "game-over"


def test_jacoby_rule_counts_gammons_single_until_the_cube_is_turned():
    position = Position.from_points({1: 1}, {6: 15}, turn=0)
    game = Game(position=position, rolled=(2, 1), rules=Rules(jacoby=True))
    game.play("1/off")
    assert game.result == (0, 1, "gammon", "borne off")
    game = Game(position=position, rolled=(2, 1), rules=Rules(jacoby=False))
    game.play("1/off")
    assert game.result == (0, 2, "gammon", "borne off")
    game = Game(position=position, rolled=(2, 1), rules=Rules(jacoby=True), cube_value=2, cube_owner=1)
    game.play("1/off")
    assert game.result == (0, 4, "gammon", "borne off")
    loser_in_home = Position.from_points({1: 1}, {6: 14, 20: 1}, turn=0)  # on winner's 5
    game = Game(position=loser_in_home, rolled=(2, 1), cube_value=4, cube_owner=0)
    game.play("1/off")
    assert game.result == (0, 12, "backgammon", "borne off")
    assert game.result.multiple == 3 and game.result.description == "backgammon"


def test_beaver_and_raccoon():
    # Backgammon FAQ: the beaverer keeps the cube; the doubler may take, drop or raccoon.
    game = started(rules=Rules(beavers=True))
    assert not game.can_beaver() and not game.can_raccoon()
    game.double()
    assert game.can_beaver() and not game.can_raccoon()
    game.beaver()
    assert (game.cube_value, game.cube_owner, game.phase, game.turn) == (2, 0, "cube", 1)
    assert game.offer == Offer("beaver", 0)
    assert game.can_raccoon() and not game.can_beaver()
    refused(game, game.roll)
    game.raccoon()
    assert not game.can_beaver() and not game.can_raccoon()
    assert (game.cube_value, game.cube_owner, game.turn, game.offer) == (4, 0, 0, Offer("raccoon", 1))
    refused(game, game.raccoon)
    game.take()
    assert (game.cube_value, game.cube_owner, game.phase, game.turn) == (8, 0, "roll", 1)
    game.roll()
    assert game.phase in ("move", "roll")
    dropped = started(rules=Rules(beavers=True))
    dropped.double()
    dropped.beaver()
    dropped.pass_()  # the doubler drops the beaver: he loses the value the double was taken at
    assert dropped.result == (0, 2, "single game", "pass")
    plain = started()
    plain.double()
    assert not plain.can_beaver()
    assert refused(plain, plain.beaver).startswith("no-beavers: ")
    limited = started(rules=Rules(beavers=True, max_cube=4))  # a beaver to 4 is allowed, a raccoon to 8 not
    limited.double()
    assert limited.can_beaver()
    limited.beaver()
    assert not limited.can_raccoon()
    why = refused(limited, limited.raccoon)
    assert why == "redouble-max: That would put the cube at 8, past its highest value here (4)."
    assert refused(plain, plain.raccoon).startswith("no-raccoon: ")
    with pytest.raises(GameError):
        Game(rules=Rules(match_length=5, beavers=True))


def test_resignation_accepted_and_declined():
    game = started()
    game.resign(2)
    assert game.phase == "cube" and game.turn == 0 and game.offer == Offer("resign", 1, 2)
    refused(game, game.roll)
    game.decline()
    assert game.phase == "roll" and game.offer is None
    game.roll((6, 5))
    game.move(24, 18)
    game.resign(1, seat=1)
    game.accept(seat=0)
    assert game.result == (0, 1, "single game", "resigned")


# ---------------------------------------------------------------------- matches


def win_by_resignation(match: Match, winner: int, points: int) -> None:
    game = match.game
    if game.phase == "opening":
        game.roll()
    game.resign(points, seat=1 - winner)
    game.accept()


def test_crawford_game_then_post_crawford():
    match = Match(length=5, seed=3)
    win_by_resignation(match, 0, 3)
    match.new_game()
    win_by_resignation(match, 0, 1)
    assert match.score == (4, 0)
    game = match.new_game()
    assert game.crawford and not match.post_crawford
    game.roll()
    game.play(str(game.legal_plays[0]))
    assert refused(game, game.double).startswith("crawford: ")
    game.resign(1, seat=0)
    game.accept()
    assert match.score == (4, 1) and match.post_crawford
    game = match.new_game()
    assert not game.crawford
    game.roll()
    game.play(str(game.legal_plays[0]))
    game.double()
    game.take()
    win_by_resignation(match, 0, 1)
    assert match.score == (6, 1) and match.is_over and match.winner == 0
    assert game.phase == "match-over"
    with pytest.raises(GameError):
        match.new_game()


def test_no_cube_in_a_one_point_match():
    match = Match(length=1, seed=1)
    game = match.game
    game.roll()
    game.play(str(game.legal_plays[0]))
    assert refused(game, game.double).startswith("one-point-match: ")


def test_new_game_refused_while_a_game_is_in_play():
    match = Match(length=3, seed=1)
    with pytest.raises(GameError):
        match.new_game()
    assert len(match.games) == 1


# ---------------------------------------------------------------------- errors leave the game unchanged


def test_every_illegal_action_is_refused_and_changes_nothing():
    game = Game(seed=5)
    refused(game, game.move, 13, 8)  # moving before rolling
    refused(game, game.double)  # no cube before the opening roll
    refused(game, game.take)  # nothing offered
    refused(game, game.accept)
    refused(game, game.apply, {"type": "roll", "dice": [3, 1]})  # the first roll is the opening
    refused(game, game.apply, {"type": "castle"})
    refused(game, game.apply, "roll")
    game.roll()
    mover = game.turn
    refused(game, game.roll)  # rolling twice
    refused(game, game.move, 13, 8, seat=1 - mover)  # not your turn
    refused(game, game.move, 1, 0)  # the opponent's checker / no checker there
    refused(game, game.move, "13", 8)
    refused(game, game.move, 13, "x")
    refused(game, game.move, 13, 8, die=9)
    refused(game, game.move, 0, 1)
    refused(game, game.move, 26, 20)
    refused(game, game.play, "24/1")
    refused(game, game.play, "nonsense")
    refused(game, game.confirm)
    refused(game, game.undo)
    refused(game, game.resign, 4)
    refused(game, game.double)  # after rolling
    game.play(str(game.legal_plays[0]))
    refused(game, game.roll, seat=mover)  # not your turn
    refused(game, game.roll, (7, 1))
    refused(game, game.take)
    refused(game, game.raccoon)
    game.double()
    refused(game, game.double)
    refused(game, game.roll)
    refused(game, game.take, seat=1 - mover)  # the doubler cannot take his own cube
    game.pass_()
    for action in (game.roll, game.double, game.take, game.undo, game.confirm):
        refused(game, action)
    refused(game, game.resign, 1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"cube_value": 3, "cube_owner": 0},
        {"cube_value": 2},
        {"cube_value": 1, "cube_owner": 1},
        {"rules": {"match_length": 5}, "score": (5, 0)},
        {"rules": {"match_length": 1}, "cube_value": 2, "cube_owner": 0},
        {"rules": {"match_length": 5}, "score": (2, 2), "crawford": True},
        {"rules": {"match_length": 5, "crawford": False}, "score": (4, 2), "crawford": True},
        {"rolled": (3, 1)},
        {"rules": {"max_cube": 48}},
        {"rules": {"match_length": 5, "jacoby": True}},
        {"rules": {"match_length": -1}},
        {"rules": {"beavers": 1}},
        {"score": None},
        {"score": (True, 0)},
        {"cube_owner": False, "cube_value": 2},
        {"cube_owner": 1.0, "cube_value": 2, "position": Position.initial()},
        {"cube_value": True},
        {"rules": {"match_length": 3}, "score": (2, 0), "crawford": True, "cube_value": 4, "cube_owner": 1},
    ],
)
def test_inconsistent_settings_are_refused(kwargs):
    with pytest.raises(GameError):
        if "rules" in kwargs:
            kwargs = {**kwargs, "rules": Rules(**kwargs["rules"])}
        Game(**kwargs)


# ---------------------------------------------------------------------- random games with invariants


def test_match_play_from_append_and_names_refuse_and_change_nothing():
    match = Match(length=3, seed=1)
    match.game.roll()
    before = [snapshot(game) for game in match.games]
    for bad in (None, "4HPwATDgc/ABMA", Position.from_points({}, {6: 1})):
        with pytest.raises(GameError):
            match.play_from(bad)
    with pytest.raises(GameError):
        match.play_from(Position.initial(), (7, 1))
    with pytest.raises(GameError, match="still in play"):
        match.append(Game(rules=match.rules))
    for names in ({"a": 1, "b": 2}, {1, 2}, (None, [1]), "ab", ("one",)):
        with pytest.raises(GameError, match="two strings"):
            match.set_names(names)
    assert [snapshot(game) for game in match.games] == before and match.names == ("Bottom", "Top")
    with pytest.raises(GameError, match="at least one game"):
        Match.from_games(match.rules, [])
    game = match.play_from(Position.initial(turn=1), (6, 5))
    assert len(match.games) == 1 and match.game is game and game.phase == "move" and game.turn == 1


def check_invariants(game: Game) -> None:
    assert game.phase in PHASES
    position = game.position
    assert sum(position.player) <= 15 and sum(position.opponent) <= 15
    assert game.cube_value & (game.cube_value - 1) == 0 and game.cube_value <= game.rules.max_cube
    assert (game.cube_owner is None) == (game.cube_value == 1)
    if game.phase == "move":
        assert not game.play_complete or not game.rules.auto_confirm
        assert game.legal_steps() or game.play_complete
    if game.phase in ("game-over", "match-over"):
        assert game.result is not None
    else:
        assert game.result is None and position.outcome() is None


@pytest.mark.parametrize("seed", range(6))
def test_random_players_finish_seeded_matches(seed):
    rng = random.Random(seed)
    match = Match(length=7, seed=seed)
    while True:
        game = match.game
        while game.phase not in ("game-over", "match-over"):
            length = len(game.record)
            if game.phase in ("opening", "roll"):
                if game.can_double() and rng.random() < 0.1:
                    game.double()
                else:
                    game.roll()
            elif game.phase == "cube":
                game.take() if rng.random() < 0.7 else game.pass_()
            else:
                steps = game.legal_steps()
                frm = rng.choice(sorted(steps))
                game.move(frm, rng.choice(steps[frm])[0])
            assert len(game.record) >= length
            check_invariants(game)
        if match.is_over:
            break
        before = match.score
        match.new_game()
        assert match.score == before
    assert max(match.score) >= 7 and match.game.phase == "match-over"
    assert sum(g.result.points for g in match.games) == sum(match.score)


# ---------------------------------------------------------------------- issue 11: wrong arguments


def in_move() -> Game:
    game = Game(dice=Dice(fixed=[(3, 1)]))
    game.roll()
    return game


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (lambda g: g.move(8.0, 5), "not a point"),
        (lambda g: g.move(8, 5, die=3.0), "die"),  # a TypeError before
        (lambda g: g.move(8, 5, die=True), "die"),
        (lambda g: g.resign(2.0), "resignation"),  # accepted before, and broke the Match ID
        (lambda g: g.resign(True), "resignation"),
        (lambda g: g.resign(4), "resignation"),
        (lambda g: g.play(None), "text"),
        (lambda g: g.undo(seat=0.0), "seat"),
        (lambda g: g.undo(seat=True), "seat"),
        (lambda g: g.play("8/5 6/5", seat="0"), "seat"),
        (lambda g: g.resign(1, seat=1.0), "seat"),
        (lambda g: g.apply({"type": "move", "play": "8/5 6/5", "seat": 0.0}), "seat"),
        (lambda g: g.can_double(seat=[0]), "seat"),
    ],
)
def test_wrong_arguments_in_play_are_refused_and_change_nothing(action, reason):
    game = in_move()
    assert reason in refused(game, action, game)
    assert game.phase == "move" and game.play("8/5 6/5")  # and the game goes on


def test_take_while_a_resignation_is_offered_is_refused():
    game = in_move()
    game.resign(2)
    assert refused(game, game.take).startswith("no-offer: ")  # "too many values to unpack" before
    assert refused(game, game.resign, 1).startswith("offer-pending: ")
    game.decline()
    assert game.phase == "move"


@pytest.mark.parametrize(
    "settings",
    [
        {"score": None},  # a TypeError before
        {"score": (1.0, 0)},
        {"seed": [1]},
        {"seed": float("nan")},
        {"dice": 1},
        {"rules": {"match_length": 3}},
        {"position": "4HPwATDgc/ABMA"},
        {"position": Position.initial(), "rolled": (3.0, 1)},
        {"cube_value": 2.0, "cube_owner": 0},
        {"cube_value": 2, "cube_owner": True},
        {"rules": Rules(match_length=5), "score": (4, 0), "crawford": "yes"},
    ],
)
def test_bad_game_settings_raise_game_error(settings):
    with pytest.raises(GameError) as info:
        Game(**settings)
    assert str(info.value)


def test_replay_refuses_a_record_that_is_not_a_list():
    with pytest.raises(GameError, match="record"):
        Game.replay(Game(seed=1).setup, 5)  # a TypeError before


@pytest.mark.parametrize("rules", [Rules(cube=False), Rules(match_length=7, cube=False)])
def test_a_game_without_the_cube_starts_with_no_turned_cube(rules):
    # Issue 33: a game without the cube has no cube to turn (Rules' docstring: a double is
    # refused), so a cube of 2 given to it, by a caller or a file's ID, is refused too.
    with pytest.raises(GameError, match="no cube in a game without the cube"):
        Game(rules=rules, position=Position.initial(), cube_value=2, cube_owner=0)
    game = Game(rules=rules, position=Position.initial())
    assert (game.cube_value, game.cube_owner, game.can_double()) == (1, None, False)
