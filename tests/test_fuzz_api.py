"""Fuzzing the public API of the engine and the computer (issue 11).

1. Every public function and method of ``position``, ``dice``, ``rules``, ``game``, ``match``
   and ``ai`` is called with arbitrary arguments (:func:`strategies.anything`: ints, huge ints,
   floats, NaN, bools, None, strings, nested lists, near misses such as a die of 3.0): it must
   either succeed or raise one of the project's ``ValueError`` subclasses, and a method refused
   on a game or match must leave it exactly as it was.
2. Seeded random walks through whole matches, mixing legal actions (which must be accepted) with
   hostile ones, checking after each action the invariants of the game and, before and after
   each refused call, that nothing in the match changed (its games, records, dice, score).

The default run takes about half a minute on two cores. ``BGWIDGET_FUZZ=long`` multiplies the
examples and walks by 40 (``BGWIDGET_FUZZ=<n>`` by n). The counts of inputs tried and actions taken are
written at the end of the module's run.
"""

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bgwidget
from bgwidget import PHASES, Dice, Game, Match, Position, Rules, ai
from bgwidget.ai import players as ai_players
from bgwidget.dice import check_seed
from helpers import fuzz_scale, print_counts
from strategies import POSITIONS, anything, hostile
from test_game import snapshot

SCALE = fuzz_scale(long=40)
EXAMPLES = 400 * SCALE
WALKS = 60 * SCALE
COUNTS = {"arguments": 0, "walk actions": 0, "refused in walks": 0, "games finished": 0}


@pytest.fixture(scope="module", autouse=True)
def report_counts(pytestconfig):
    yield
    print_counts(pytestconfig, "fuzz counts", COUNTS)


def project_error(error: BaseException) -> bool:
    """One of the project's ValueError subclasses (not a bare ValueError, not a TypeError)."""
    return isinstance(error, ValueError) and type(error).__module__.startswith("bgwidget")


def call(function, *args, **kwargs):
    """Call; return ``(result, None)`` or ``(None, error)`` for the project's errors; fail otherwise."""
    COUNTS["arguments"] += 1
    try:
        return function(*args, **kwargs), None
    except Exception as error:  # noqa: BLE001 - the point is to see every kind
        if not project_error(error):
            raise AssertionError(
                f"{function.__qualname__}{args}{kwargs} raised {type(error).__name__}: {error}"
            ) from error
        assert str(error), "an error says what is wrong"
        return None, error


# ---------------------------------------------------------------------- state snapshots


def key(value):
    """``value`` when it can key a dict, else its repr."""
    try:
        hash(value)
    except TypeError:
        return repr(value)
    return value


def game_state(game: Game) -> tuple:
    """Everything observable about a game: test_game's snapshot, and the rest a refusal could touch."""
    return snapshot(game) + (
        game.step_groups,
        game.score,
        game.crawford,
        game.rules,
        game.last_play,
        copy.deepcopy(game.setup),
    )


def match_state(match: Match) -> tuple:
    """Everything observable about a match, every game included."""
    return (
        match.rules,
        match.seed,
        match.names,
        match.score,
        match.is_over,
        match.next_is_crawford,
        [id(game) for game in match.games],
        [game_state(game) for game in match.games],
    )


# ---------------------------------------------------------------------- legal play


def legal_action(match: Match, rng: random.Random) -> str:
    """Make one legal action in ``match`` (it must be accepted) and name it."""
    game = match.game
    phase = game.phase
    if phase == "game-over":
        if rng.random() < 0.1:
            match.play_from(rng.choice(POSITIONS))
            return "play_from"
        match.new_game()
        return "new_game"
    if phase == "opening":
        game.roll()
        return "roll"
    if phase == "roll":
        r = rng.random()
        if r < 0.2 and game.can_double():
            game.double()
            return "double"
        if r < 0.25:
            game.resign(rng.randint(1, 3), seat=rng.randint(0, 1))
            return "resign"
        if r < 0.27:
            match.play_from(rng.choice(POSITIONS), rolled=rng.choice([None, (rng.randint(1, 6), rng.randint(1, 6))]))
            return "play_from"
        game.roll()
        return "roll"
    if phase == "move":
        r = rng.random()
        if r < 0.4:
            game.play(str(rng.choice(game.legal_plays)))
            return "play"
        if r < 0.5 and game.steps:
            game.undo()
            return "undo"
        steps = game.legal_steps()
        if not steps:
            game.confirm()
            return "confirm"
        frm = rng.choice(sorted(steps))
        to, _ = rng.choice(steps[frm])
        game.move(frm, to)
        return "move"
    assert phase == "cube" and game.offer is not None
    offer, cube, top = game.offer, game.cube_value, game.rules.max_cube
    if offer.kind == "resign":
        answer = rng.choice(("accept", "decline"))
    else:
        answers = ["take", "pass_"]
        if offer.kind == "double" and game.rules.beavers and 4 * cube <= top:
            answers.append("beaver")
        if offer.kind == "beaver" and 4 * cube <= top:
            answers.append("raccoon")
        answer = rng.choice(answers)
    getattr(game, answer)()
    return answer


HOSTILE_METHODS = (  # (name, fewest positional arguments, most)
    ("roll", 0, 1),
    ("move", 2, 2),
    ("undo", 0, 0),
    ("confirm", 0, 0),
    ("play", 1, 1),
    ("double", 0, 0),
    ("take", 0, 0),
    ("pass_", 0, 0),
    ("beaver", 0, 0),
    ("raccoon", 0, 0),
    ("resign", 0, 1),
    ("accept", 0, 0),
    ("decline", 0, 0),
    ("apply", 1, 1),
    ("can_double", 0, 1),
)
SEATED = {"roll", "move", "undo", "confirm", "play", "double", "take", "pass_", "beaver", "raccoon", "resign"}
SEATED |= {"accept", "decline"}


def hostile_action(match: Match, rng: random.Random) -> None:
    """Call a game or match method with hostile arguments; a refusal must change nothing."""
    game = match.game
    r = rng.random()
    if r < 0.1:
        target, args, kwargs = match.play_from, [hostile(rng) for _ in range(rng.randint(1, 2))], {}
    elif r < 0.15:
        target, args, kwargs = match.new_game, [], {}
    elif r < 0.2:
        target, args, kwargs = match.append, [rng.choice((hostile(rng), Game(seed=1), match.game))], {}
    elif r < 0.25:
        target, args, kwargs = match.set_names, [hostile(rng)], {}
    else:
        name, fewest, most = rng.choice(HOSTILE_METHODS)
        target = getattr(game, name)
        kwargs = {}
        if name in SEATED and rng.random() < 0.5:
            kwargs["seat"] = hostile(rng)
        if name == "move" and rng.random() < 0.5:
            kwargs["die"] = hostile(rng)
        args = [hostile(rng) for _ in range(rng.randint(fewest, most))]
        if name == "move" and rng.random() < 0.5:
            args = [rng.randint(-1, 26), rng.randint(-1, 26)]
    before = match_state(match)
    _, error = call(target, *args, **kwargs)
    if error is not None:
        COUNTS["refused in walks"] += 1
        assert match_state(match) == before, f"{target.__qualname__}{args}{kwargs} was refused but changed the match"


def check_invariants(match: Match) -> None:
    game = match.game
    position = game.position
    assert game.phase in PHASES
    assert sum(position.player) <= 15 and sum(position.opponent) <= 15
    assert all(not (position.player[i] and position.opponent[23 - i]) for i in range(24))
    assert (game.rolled is not None) == (game.partial_play is not None)
    if game.phase == "move":
        assert game.rolled is not None
    elif game.rolled is not None:  # a resignation offered in the middle of a roll
        assert game.offer is not None and game.offer.kind == "resign"
    assert (game.phase == "cube") == (game.offer is not None)
    assert (game.phase in ("game-over", "match-over")) == (game.result is not None)
    assert (game.phase == "match-over") == match.is_over
    value, owner = game.cube_value, game.cube_owner
    assert value >= 1 and value & (value - 1) == 0 and value <= game.rules.max_cube
    assert (value == 1) == (owner is None) or (game.offer is not None and game.offer.kind != "resign")
    if game.crawford or game.rules.match_length == 1:
        assert value == 1
    assert game.score == tuple(
        sum(g.result.points for g in match.games[:-1] if g.result and g.result.winner == seat) for seat in (0, 1)
    )
    if match.length:
        assert max(match.score) < match.length or match.is_over


def check_replay(game: Game) -> None:
    """The game's own save (setup, record, steps) replays to the same state."""
    copy_ = Game.replay(game.setup, game.record, Dice.from_dict(game.dice.to_dict()), steps=game.step_groups)
    assert game_state(copy_) == game_state(game)


RULES = (
    {"length": 0},
    {"length": 0, "jacoby": True, "beavers": True},
    {"length": 0, "beavers": True, "max_cube": 8},
    {"length": 1},
    {"length": 3},
    {"length": 5, "auto_confirm": False},
    {"length": 7, "crawford": False, "max_cube": 16},
)


@pytest.mark.parametrize("walk", range(WALKS))
def test_random_walk_refusals_change_nothing_and_legal_actions_are_accepted(walk):
    rng = random.Random(f"walk {walk}")
    settings_ = dict(RULES[walk % len(RULES)])
    match = Match(settings_.pop("length"), seed=walk, **settings_)
    for step in range(400):
        if match.is_over:
            break
        if rng.random() < 0.35:
            hostile_action(match, rng)
        else:
            before_games = sum(g.result is not None for g in match.games)
            legal_action(match, rng)
            COUNTS["games finished"] += sum(g.result is not None for g in match.games) - before_games
        COUNTS["walk actions"] += 1
        check_invariants(match)
        if step % 15 == 0:
            check_replay(match.game)
    check_replay(match.game)


# ---------------------------------------------------------------------- every entry point, any argument

fuzz = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
ARG = anything()


@fuzz
@given(ARG, ARG, ARG, st.sampled_from(POSITIONS))
def test_position_constructors(a, b, c, position):
    call(Position, a, b)
    call(Position, a, b, c)
    call(Position, position.player, position.opponent, c)
    call(Position, list(position.player[:-1]) + [a], position.opponent)
    call(Position.initial, a)
    call(Position.from_points, a, b)
    call(Position.from_points, a, b, c)
    call(Position.from_points, {6: 2, 5: a}, {key(b): 1}, 1)
    call(Position.from_points, {6: 2, "off": a}, {}, 0)
    call(Position.from_position_id, a)
    call(Position.from_position_id, a, b)
    call(Position.from_position_id, position.position_id(), c)


@fuzz
@given(st.sampled_from(POSITIONS), ARG, ARG, ARG)
def test_position_methods(position, a, b, c):
    call(position.seat_points, a)
    call(position.legal_plays, a, b)
    call(position.parse_play, a, b, c)
    call(position.parse_play, str(a), 3, 1)


@fuzz
@given(ARG, ARG, st.lists(ARG, max_size=3))
def test_dice(a, b, rolls):
    call(Dice, a, b)
    call(Dice, seed=a)
    call(Dice.for_game, a, b)
    call(Dice.from_dict, a)
    call(check_seed, a)
    dice = Dice(seed=1)
    before = dice.to_dict()
    if call(dice.push, *rolls)[1] is not None:
        assert dice.to_dict() == before


@fuzz
@given(st.dictionaries(st.sampled_from(["match_length", "crawford", "jacoby", "beavers", "max_cube"]), ARG), ARG)
def test_rules(kwargs, data):
    call(Rules, **kwargs)
    call(Rules.from_dict, data)
    call(Rules.from_dict, kwargs)


GAME_KEYWORDS = ["seed", "rules", "dice", "position", "rolled", "cube_value", "cube_owner", "score", "crawford"]
PLAUSIBLE = {
    "rules": st.sampled_from([Rules(), Rules(match_length=5), Rules(match_length=1), Rules(beavers=True)]),
    "position": st.sampled_from(POSITIONS),
    "rolled": st.tuples(st.integers(0, 7), st.integers(0, 7)),
    "cube_value": st.sampled_from([1, 2, 3, 4, 64, 128]),
    "cube_owner": st.sampled_from([None, 0, 1, 2]),
    "score": st.tuples(st.integers(-1, 6), st.integers(-1, 6)),
    "crawford": st.booleans(),
    "seed": st.integers(0, 9),
    "dice": st.builds(Dice, st.integers(0, 9)),
}


@fuzz
@given(st.data())
def test_game_constructor(data):
    kwargs = {}
    for name in data.draw(st.lists(st.sampled_from(GAME_KEYWORDS), unique=True)):
        kwargs[name] = data.draw(st.one_of(ARG, PLAUSIBLE[name]))
    game, _ = call(Game, **kwargs)
    if game is not None:
        check_replay(game)


def game_in_play(seed: int, actions: int) -> Match:
    """A match whose game has gone ``actions`` legal actions from the opening."""
    rng = random.Random(seed)
    match = Match(rng.choice([0, 3, 5]), seed=seed, beavers=False)
    for _ in range(actions):
        if match.is_over:
            break
        legal_action(match, rng)
    return match


@fuzz
@given(st.integers(0, 50), st.integers(0, 40), st.sampled_from(HOSTILE_METHODS), st.lists(ARG, max_size=2), ARG)
def test_game_methods_refuse_and_change_nothing(seed, actions, method, args, seat):
    match = game_in_play(seed, actions)
    game = match.game
    before = match_state(match)
    name, fewest, most = method
    args = (args + [3, 1])[: max(fewest, min(most, len(args)))]
    kwargs = {"seat": seat} if name in SEATED and seed % 2 else {}
    if name == "move" and seed % 3 == 0:
        kwargs["die"] = seat
    _, error = call(getattr(game, name), *args, **kwargs)
    if error is not None:
        assert match_state(match) == before


@fuzz
@given(ARG, ARG, ARG, ARG)
def test_game_replay(setup, record, dice, steps):
    call(Game.replay, setup, record)
    call(Game.replay, Game(seed=1).setup, record, dice, steps)
    call(Game.replay, setup, [{"type": "opening", "dice": [3, 1]}], steps=steps)


@fuzz
@given(st.lists(ARG, max_size=2), st.dictionaries(st.sampled_from(["crawford", "jacoby", "names", "max_cube"]), ARG))
def test_match_constructors(args, kwargs):
    call(Match, *args, **kwargs)
    names = {k: v for k, v in kwargs.items() if k == "names"}
    call(Match.with_rules, *(args or [None]), **names)
    call(Match.with_rules, Rules(match_length=3), *args[:1], **names)
    if len(args) == 2:
        call(Match.from_games, *args)
    call(Match.from_games, Rules(), *(args or [[]])[:1], **names)


@fuzz
@given(st.integers(0, 50), st.integers(0, 60), ARG, ARG)
def test_match_methods_refuse_and_change_nothing(seed, actions, a, b):
    match = game_in_play(seed, actions)
    for method, args in (
        (match.play_from, (a,)),
        (match.play_from, (a, b)),
        (match.play_from, (POSITIONS[seed], a)),
        (match.append, (a,)),
        (match.set_names, (a,)),
        (match.new_game, ()),
    ):
        before = match_state(match)
        _, error = call(method, *args)
        if error is not None:
            assert match_state(match) == before


@fuzz
@given(ARG, ARG, st.one_of(ARG, st.sampled_from(["easy", "medium"])), ARG)
def test_ai_choose_analyse_evaluate(position, dice, level, other):
    for pos in (position, POSITIONS[0]):
        for roll in (dice, (3, 1)):
            call(ai.choose_play, pos, roll, level)
            call(ai.choose_play, pos, roll, "easy", rng=other)
            call(ai.choose_play, pos, roll, "easy", seed=other)
            call(ai.analyse, pos, roll, level)
            call(ai.analyse, pos, roll, "medium", other)
            call(ai.analyse, pos, roll, "medium", engine=other)
        call(ai.evaluate, pos, level)
        call(ai.evaluate, pos, "medium", other)


CUBE_KEYWORDS = {
    "cube": st.sampled_from([0, 1, 2, 3, 4, True, 2.0, -2]),
    "owner": st.sampled_from(["centre", "player", "opponent", "me", None, 0]),
    "efficiency": st.floats(-1, 2),
    "match_length": st.integers(-1, 30),
    "away": st.tuples(st.integers(-1, 30), st.integers(-1, 30)),
    "crawford": st.booleans(),
    "post_crawford": st.booleans(),
    "jacoby": st.booleans(),
    "beavers": st.booleans(),
}
CHANCES = st.tuples(*[st.floats(-0.1, 1.1)] * 5)


@fuzz
@given(st.data())
def test_cube_decision(data):
    chances = data.draw(st.one_of(ARG, CHANCES))
    kwargs = {}
    for name in data.draw(st.lists(st.sampled_from(sorted(CUBE_KEYWORDS)), unique=True)):
        kwargs[name] = data.draw(st.one_of(ARG, CUBE_KEYWORDS[name]))
    decision, _ = call(ai.cube_decision, chances, **kwargs)
    if decision is not None:
        values = (decision.no_double, decision.double_take, decision.double_pass)
        assert all(value == value for value in values), f"NaN equities from {chances} {kwargs}"


@fuzz
@given(ARG, ARG, ARG, st.integers(0, 40), st.integers(0, 40))
def test_players_and_levels(spec, a, b, seed, actions):
    call(ai.get_player, spec)
    call(ai.get_player, "easy", rng=a)
    call(ai.get_player, "easy", seed=a)
    call(ai_players.Easy, a, b)
    call(ai_players.Medium, a)
    call(ai_players.level_ply, spec)
    saved = dict(ai.LEVELS)
    try:
        call(ai.register_level, spec, a)
    finally:
        ai.LEVELS.clear()
        ai.LEVELS.update(saved)
    match = game_in_play(seed, actions)
    before = match_state(match)
    for game in (match.game, a):
        call(ai.game_cube_decision, game, spec)
        call(ai.game_cube_decision, game, "medium", b)
        call(ai.offers_double, ai.get_player("easy", seed=1), game)
        call(ai.answers_double, ai.get_player("easy", seed=1), game)
    assert match_state(match) == before


def small(value):
    """Arguments of play_match kept quick: small ints, and Medium in place of the Expert."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value % 4
    if isinstance(value, (list, tuple)):
        return type(value)(small(v) for v in value)
    return "medium" if value == "expert" else value


@settings(max_examples=max(20, EXAMPLES // 3), deadline=None, suppress_health_check=list(HealthCheck))
@given(ARG, ARG, ARG, ARG, st.dictionaries(st.sampled_from(["crawford", "names", "max_cube", "other"]), ARG))
def test_play_match(players, length, seed, games, options):
    for who in (small(players), ("easy", "easy"), ("easy", small(players))):
        call(bgwidget.play_match, who, small(length), seed, games=small(games), **options)


try:
    import bgsage  # noqa: F401 - only whether the optional engine is there
except ImportError:  # pragma: no cover - the sage extra is in the test extra
    HAVE_SAGE = False
else:
    HAVE_SAGE = True


@fuzz
@given(ARG, ARG, ARG, st.sampled_from(POSITIONS))
def test_ai_lower_layers(a, b, c, position):
    from bgwidget.ai import analysis, bearoff, encoding, engines, evaluator, met, pubeval, sage, search

    call(evaluator.evaluate_positions, a)
    call(evaluator.evaluate_boards, a)
    call(encoding.encode, a)
    call(encoding.is_race, a)
    call(bearoff.is_bearoff, a)
    call(bearoff.race_probabilities, a)
    call(bearoff.position_index, a)
    call(pubeval.scores, a, True)
    call(pubeval.best_play, a, b)
    call(pubeval.best_play, position, a)
    call(met.match_winning_chance, a, b)
    call(met.match_winning_chance, 3, 2, c)
    call(engines.gnubg_board, a)
    call(engines.bgsage_board, a)
    call(engines.bgsage_board_after, a)
    call(engines.position_from_bgsage, a, b)
    call(engines.position_from_bgsage, engines.bgsage_board(position), b)
    call(engines.sides_from_bgsage, a)
    call(engines.bgsage_board_from_sides, a, b)
    call(engines.gnubg_steps_result, position, a)
    call(search.zero_ply, a)
    call(search.zero_ply, position.legal_plays(6, 5), a)
    call(search.one_ply, a)
    call(analysis.analyse, position, (6, 5), a)
    call(analysis.evaluate, position, a)
    if HAVE_SAGE:
        call(sage.analyse, a, b, c)
        call(sage.analyse, position, a)
        call(sage.SagePlayer, a)
