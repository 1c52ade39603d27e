"""Players: the levels as Player objects, a player of one's own, the cube defaults, play_match."""

import random

import pytest

import bgwidget
from bgwidget import Game, GameError, Match, Position, Rules, ai
from bgwidget.ai.context import Context
from bgwidget.ai.cube import cube_decision
from bgwidget.ai.cubeful import searched_cube_decision
from bgwidget.ai.evaluator import evaluate_positions
from bgwidget.ai.players import (
    LEVELS,
    Easy,
    Expert,
    LevelError,
    Medium,
    Player,
    PlayerError,
    answers_double,
    game_cube_decision,
    get_player,
    offers_double,
    register_level,
)

# The side on roll (30 pips, 6 checkers home) far ahead of 137 pips, two of them still on the
# other side's 24-point; that side has borne off 5, so there is no gammon. gnubg-nn: 94% wins
# at 0-ply and 1-ply, no gammons: double, pass.
FAR_AHEAD = Position.from_points({6: 2, 5: 2, 4: 2}, {24: 2, 13: 5, 8: 3})
# A 54-58 race, the side on roll 4 pips ahead: a double and a take by every judge.
CLOSE_RACE = Position.from_points({6: 3, 5: 3, 4: 3, 3: 3}, {6: 3, 5: 3, 4: 3, 3: 3, 2: 2})


def gnubg_efficiency(position):
    """GNU Backgammon's cube efficiency (eval.c defaults): 0.68 in contact; in a race 0.55 + 0.00125
    per pip of the side on roll, kept within 0.6..0.7."""
    if not position.is_race():
        return 0.68
    return min(0.7, max(0.6, 0.55 + 0.00125 * position.pip_counts()[0]))


class LastPlay:
    """A player of one's own: the last legal play; doubles whenever it may, passes every double."""

    name = "last"

    def __init__(self):
        self.offers = 0

    def choose_play(self, position, dice):
        plays = position.legal_plays(*dice)
        return plays[-1] if plays else None

    def offer_double(self, game):
        self.offers += 1
        return True

    def answer_double(self, game):
        return "pass"


class Silent:
    """The smallest player: no cube methods at all."""

    name = "silent"

    def choose_play(self, position, dice):
        plays = position.legal_plays(*dice)
        return plays[0] if plays else None


def test_levels_are_players_and_play_as_before():
    start = Position.initial()
    for name, cls in (("easy", Easy), ("medium", Medium), ("expert", Expert)):
        player = get_player(name)
        assert isinstance(player, cls) and isinstance(player, Player) and player.name == name
    assert str(get_player("expert").choose_play(start, (3, 1))) == "8/5 6/5"
    assert str(get_player("medium").choose_play(start, (6, 5))) == "24/13"
    # Easy draws one number per play from its generator: plays[rng.randrange(len(plays))].
    easy, reference = get_player("easy", rng=random.Random(5)), random.Random(5)
    plays = start.legal_plays(4, 2)
    assert [easy.choose_play(start, (4, 2)) for _ in range(20)] == [
        plays[reference.randrange(len(plays))] for _ in range(20)
    ]
    assert get_player("easy", seed=3).choose_play(start, (4, 2)) == Easy(seed=3).choose_play(start, (4, 2))
    assert ai.choose_play(start, (4, 2), level=LastPlay()) == plays[-1]


def test_get_player_refuses_what_is_not_a_player():
    for spec in ("grandmaster", "human", 3, None, object(), type("NoName", (), {"choose_play": print})()):
        with pytest.raises(LevelError, match="'easy', 'medium', 'expert'"):
            get_player(spec)
    not_callable = type("Named", (), {"name": "x", "choose_play": 1})()
    with pytest.raises(LevelError):
        get_player(not_callable)
    assert issubclass(LevelError, ValueError)
    me = LastPlay()
    assert get_player(me) is me


def test_register_level():
    with pytest.raises(LevelError):
        register_level("human", Easy)
    with pytest.raises(LevelError):
        register_level("", Easy)
    with pytest.raises(LevelError):
        register_level("last", "not callable")
    register_level("last", lambda rng: LastPlay())
    try:
        assert get_player("last").name == "last"
        assert ai.choose_play(Position.initial(), (6, 6), level="last") == Position.initial().legal_plays(6, 6)[-1]
    finally:
        del LEVELS["last"]
    assert "last" not in LEVELS


def test_cube_defaults_never_double_always_take():
    game = Game(position=CLOSE_RACE)
    assert game.can_double()
    assert offers_double(Silent(), game) is False
    assert offers_double(Easy(seed=1), game) is False
    game.double()
    assert answers_double(Silent(), game) == "take"
    assert answers_double(Easy(seed=1), game) == "take"


def test_offer_is_asked_only_when_the_rules_allow_a_double():
    player = LastPlay()
    crawford = Game(position=CLOSE_RACE, rules=Rules(match_length=5), score=(4, 2), crawford=True)
    theirs = Game(position=CLOSE_RACE, cube_value=2, cube_owner=1)  # seat 0 on roll, seat 1 owns the cube
    assert not offers_double(player, crawford) and not offers_double(player, theirs)
    assert player.offers == 0
    assert offers_double(player, Game(position=CLOSE_RACE)) and player.offers == 1


def test_answers_are_checked():
    class Answering(Silent):
        def __init__(self, answer):
            self.answer = answer

        def answer_double(self, game):
            return self.answer

    money = Game(position=CLOSE_RACE)
    money.double()
    beavers = Game(position=CLOSE_RACE, rules=Rules(beavers=True))
    beavers.double()
    for game in (money, beavers):
        assert answers_double(Answering("pass"), game) == "pass"
        with pytest.raises(PlayerError, match="'take', 'pass'"):
            answers_double(Answering("drop"), game)
    with pytest.raises(PlayerError, match="beaver"):
        answers_double(Answering("beaver"), money)
    assert answers_double(Answering("beaver"), beavers) == "beaver"
    # A beaver the cube's limit forbids (a beaver doubles the cube: 2 -> 4 past a limit of 2).
    capped = Game(position=CLOSE_RACE, rules=Rules(beavers=True, max_cube=2))
    capped.double()
    with pytest.raises(PlayerError, match="'take', 'pass'$"):
        answers_double(Answering("beaver"), capped)


def test_medium_and_expert_cube_by_the_cube_decision():
    ahead = Game(position=FAR_AHEAD)
    assert game_cube_decision(ahead, "expert").action == "double, pass"
    assert offers_double(Expert(), ahead)
    ahead.double()
    assert answers_double(Expert(), ahead) == "pass"
    close = Game(position=CLOSE_RACE)
    assert game_cube_decision(close, "expert").action == "double, take"
    assert offers_double(Expert(), close) and offers_double(Medium(), close)
    close.double()
    assert answers_double(Expert(), close) == "take" and answers_double(Medium(), close) == "take"


def test_a_double_of_the_far_behind_side_is_beavered_where_the_rules_allow():
    # FAR_AHEAD with the other side on roll: gnubg-nn gives the doubler 6% wins and no gammons, so
    # the taker gains by taking, and more by beavering (Backgammon FAQ: a beaver when the take is
    # worth more than nothing to the taker).
    behind = FAR_AHEAD.swap()
    at_limit = Rules(beavers=True, max_cube=2)
    answers = {"beaver": Rules(beavers=True), "take": Rules(), "take, cube at its limit": at_limit}
    for answer, rules in answers.items():
        game = Game(position=behind, rules=rules)
        game.double()
        assert answers_double(Expert(), game) == answers_double(Medium(), game) == answer.split(",")[0]


def test_game_cube_decision_maps_the_match():
    # Medium's 0-ply decision is the cube layer's on the net's chances; deeper levels search the
    # same stakes cubefully (tests/test_cubeful.py).
    chances = ai.evaluate(CLOSE_RACE, "medium")
    # 5-point match, 2-4: seat 0 (on roll) is 3-away, seat 1 1-away, after the Crawford game.
    game = Game(position=CLOSE_RACE, rules=Rules(match_length=5), score=(2, 4))
    race = gnubg_efficiency(CLOSE_RACE)
    assert CLOSE_RACE.is_race() and race == pytest.approx(0.6175)  # 54 pips
    assert game_cube_decision(game, "medium") == cube_decision(
        chances, match_length=5, away=(3, 1), crawford=False, post_crawford=True, efficiency=race
    )
    stakes = Context(match_length=5, away=(3, 1), post_crawford=True)
    assert game_cube_decision(game) == searched_cube_decision(CLOSE_RACE, stakes, 1, evaluate_positions)
    # Seat 1 on roll owning a 2-cube, seat 0 3-away and seat 1 2-away.
    game = Game(
        position=Position(CLOSE_RACE.player, CLOSE_RACE.opponent, turn=1),
        rules=Rules(match_length=5),
        score=(2, 3),
        cube_value=2,
        cube_owner=1,
    )
    assert game_cube_decision(game, "medium") == cube_decision(
        ai.evaluate(game.start_position, "medium"), cube=2, owner="player", match_length=5, away=(2, 3), efficiency=race
    )
    jacoby = Game(position=CLOSE_RACE, rules=Rules(jacoby=True, beavers=True))
    assert game_cube_decision(jacoby, "medium") == cube_decision(chances, jacoby=True, beavers=True, efficiency=race)


def test_cube_efficiency_is_gnu_backgammons():
    from bgwidget.ai.context import cube_efficiency

    race_100 = Position.from_points({6: 5, 5: 5, 4: 5}, {1: 1, 2: 1})
    assert race_100.pip_counts()[0] == 75
    cases = [Position.initial(), CLOSE_RACE, race_100, race_100.swap(), Position.from_points({13: 15}, {1: 15})]
    assert [cube_efficiency(p) for p in cases] == pytest.approx([gnubg_efficiency(p) for p in cases])
    assert [cube_efficiency(p) for p in cases] == pytest.approx([0.68, 0.6175, 0.64375, 0.6, 0.7])


def test_game_cube_decision_is_the_widgets_over_a_whole_match():
    """At each roll of a 3-point match, the decision the board computed from its Match.

    Seed 13 gives a first game won with a 2-cube, the Crawford game, and a post-Crawford game
    with a 2-cube."""
    match = Match(3, seed=13)
    rng = random.Random(13)
    checked = 0
    while not match.is_over:
        game = match.game
        if game.phase == "game-over":
            game = match.new_game()
        if game.phase == "roll":
            seat = game.turn
            owner = "centre" if game.cube_owner is None else "player" if game.cube_owner == seat else "opponent"
            score = match.score
            expected = cube_decision(
                ai.evaluate(game.start_position, "medium"),
                cube=game.cube_value,
                owner=owner,
                match_length=3,
                away=(3 - score[seat], 3 - score[1 - seat]),
                crawford=game.crawford,
                post_crawford=match.post_crawford,
                efficiency=gnubg_efficiency(game.start_position),
            )
            assert game_cube_decision(game, "medium") == expected
            checked += 1
            if game.can_double() and game.cube_value == 1 and rng.random() < 0.02:
                game.double()
                game.take()
        if game.phase in ("opening", "roll"):
            game.roll()
        elif game.phase == "move":
            game.play(str(rng.choice(game.legal_plays)))
    assert checked > 100 and [(g.crawford, g.cube_value) for g in match.games] == [(False, 2), (True, 1), (False, 2)]


def test_a_player_of_ones_own_plays_a_whole_match():
    me = LastPlay()
    match = bgwidget.play_match((me, "medium"), match_length=3, seed=11)
    assert match.is_over and max(match.score) >= 3 and match.names == ("last", "medium")
    doubles = 0
    for game in match.games:
        replay = Game(position=None, rules=game.rules, score=game.score, crawford=game.crawford)
        for action in game.record:
            if action["type"] == "move" and action["play"] and replay.turn == 0:
                # Every play of seat 0 is the last legal play of its roll.
                assert action["play"] == str(replay.start_position.legal_plays(*replay.rolled)[-1])
            if action["type"] == "double":
                doubles += action["seat"] == 0
                assert not game.crawford
            if action["type"] in ("take", "pass") and action["seat"] == 0:
                assert action["type"] == "pass"  # LastPlay passes every double
            replay.apply(action)
        assert replay.result == game.result
    assert doubles == me.offers >= 1
    again = bgwidget.play_match((LastPlay(), "medium"), match_length=3, seed=11)
    assert [g.record for g in again.games] == [g.record for g in match.games]


def test_play_match_money_session_and_levels_by_name():
    match = bgwidget.play_match(("easy", Silent()), games=4, seed=2, beavers=True)
    assert len(match.games) == 4 and all(g.result is not None for g in match.games)
    assert match.score == tuple(sum(g.result.points for g in match.games if g.result.winner == s) for s in (0, 1))
    assert not any(a["type"] == "double" for g in match.games for a in g.record)  # neither doubles
    same = bgwidget.play_match(("easy", Silent()), games=4, seed=2, beavers=True)
    assert [g.record for g in same.games] == [g.record for g in match.games]  # Easy's rng is seeded too
    mediums = bgwidget.play_match(("medium", "medium"), match_length=1, seed=5)
    assert mediums.score in ((1, 0), (0, 1), (2, 0), (0, 2), (3, 0), (0, 3)) and mediums.is_over


def test_play_match_refuses_bad_arguments():
    with pytest.raises(ValueError, match="games"):
        bgwidget.play_match(("easy", "easy"))
    with pytest.raises(ValueError, match="games"):
        bgwidget.play_match(("easy", "easy"), match_length=3, games=2)
    with pytest.raises(ValueError, match="two"):
        bgwidget.play_match(("easy",), match_length=3)
    with pytest.raises(LevelError):
        bgwidget.play_match(("easy", "grandmaster"), match_length=3)

    class Cheat(Silent):
        def choose_play(self, position, dice):
            return Position.initial().legal_plays(6, 6)[0]

    with pytest.raises(PlayerError, match="Cheat|silent"):
        bgwidget.play_match((Cheat(), "easy"), match_length=1, seed=1)


def test_a_player_class_is_refused_with_advice():
    class Mine:
        name = "mine"

        def choose_play(self, position, dice):
            return None

    with pytest.raises(LevelError, match=r"pass Mine\(\)"):
        get_player(Mine)
    assert get_player(Mine()).name == "mine"


@pytest.mark.parametrize(
    ("call", "error", "named"),
    [
        (lambda: bgwidget.play_match("ab", 1), LevelError, "two"),
        (lambda: bgwidget.play_match(("easy", "easy"), 1.5), GameError, "match"),
        (lambda: bgwidget.play_match(("easy", "easy"), None), GameError, "match"),
        (lambda: bgwidget.play_match(("easy", "easy"), games=2.0), GameError, "games"),
        (lambda: bgwidget.play_match(("easy", "easy"), 1, foo=1), GameError, "foo"),  # a TypeError before
        (lambda: bgwidget.play_match(("easy", "easy"), 1, seed=[1]), GameError, "seed"),
        (lambda: get_player("easy", rng=5), LevelError, "rng"),
        (lambda: get_player("easy", seed=[]), LevelError, "seed"),
        (lambda: get_player({}), LevelError, "level"),
        (lambda: Easy(rng="x"), LevelError, "rng"),
        (lambda: Medium(evaluator=5), LevelError, "evaluator"),
        (lambda: game_cube_decision(None), GameError, "Game"),  # an AttributeError before
        (lambda: game_cube_decision(Game(position=CLOSE_RACE), "easy", 5), LevelError, "evaluator"),
        (lambda: offers_double(Easy(seed=1), "game"), GameError, "Game"),
        (lambda: answers_double(Easy(seed=1), None), GameError, "Game"),
        (lambda: answers_double(Easy(seed=1), Game(position=CLOSE_RACE)), GameError, "no double"),
    ],
)
def test_bad_arguments_raise_the_projects_errors(call, error, named):
    with pytest.raises(error, match=named) as info:
        call()
    assert isinstance(info.value, ValueError)


def test_no_cube_decision_once_the_game_is_over():
    game = Game(position=CLOSE_RACE)
    game.double()
    game.pass_()
    with pytest.raises(GameError, match="over"):
        game_cube_decision(game)
