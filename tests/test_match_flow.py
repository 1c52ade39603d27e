"""The whole flow, as a notebook cell would run it (issue 3, "done when"): a 5-point match between
two scripted players, saved to JSON in the middle of a play, loaded and finished, exported as
.mat, and imported by GNU Backgammon, which must replay it to the same record and score."""

import copy
import random

import pytest

from bgwidget import Game, GameError, Match, Position, Rules
from bgwidget.formats import from_json, to_json, to_mat
from test_gnubg_referee import gnubg_record, our_ids, our_record, run_gnubg


def blots(position) -> int:
    """The mover's blots after a play (``position`` has the opponent on roll)."""
    return sum(1 for count in position.opponent[:24] if count == 1)


def choose(game: Game):
    """Hit when possible, else leave the fewest blots (ties broken by the seeded state)."""
    rng = random.Random(f"{game.score}/{len(game.record)}")
    return max(game.legal_plays, key=lambda p: (p.hits, -blots(p.result), rng.random()))


def cube_action(game: Game, lead: float, take: float) -> bool:
    """Double with a race lead of ``lead``; answer a double by taking unless ``take`` behind.
    Returns True when it acted."""
    if game.phase == "roll" and game.can_double():
        mine, theirs = game.start_position.pip_counts()
        if mine < (1 - lead) * theirs:
            game.double()
            return True
    if game.phase == "cube":
        theirs, mine = game.start_position.pip_counts()  # the doubler is on roll
        game.take() if mine < (1 + take) * theirs else game.pass_()
        return True
    return False


def racer(game: Game) -> None:
    """Seat 0: doubles with a 10% race lead, takes unless 30% behind; plays whole rolls in notation."""
    if cube_action(game, 0.10, 0.30):
        return
    if game.phase in ("opening", "roll"):
        game.roll()
    else:
        game.play(str(choose(game)))


def stepper(game: Game) -> None:
    """Seat 1: doubles with a 15% lead, takes unless 25% behind; plays one checker at a time."""
    if cube_action(game, 0.15, 0.25):
        return
    if game.phase in ("opening", "roll"):
        game.roll()
    else:
        move = next_step(game)
        game.move(move.from_point, move.to_point)


def next_step(game: Game):
    """The next step of the chosen play (or of another play that starts with the steps made)."""
    made = game.steps
    plays = [choose(game)] + sorted(game.legal_plays, key=str)
    return next(p.moves[len(made)] for p in plays if list(p.moves[: len(made)]) == made)


def act(match: Match) -> None:
    game = match.game
    if game.phase == "game-over":
        match.new_game()
    elif game.phase == "opening":
        game.roll()
    else:
        (racer, stepper)[game.turn](game)


def test_five_point_match_save_load_finish_export_and_gnubg_agrees(tmp_path):
    match = Match(length=5, seed=2029, names=("Racer", "Stepper"))
    while not (
        len(match.game.record) > 12
        and match.game.phase == "move"
        and match.game.turn == 1
        and len(match.game.steps) == 1
        and match.game.dice_left
    ):
        act(match)
        assert not match.is_over, "the match ended before the save point"
    saved = to_json(match)
    loaded = from_json(saved)
    assert loaded.game.steps == match.game.steps and loaded.score == match.score

    while not loaded.is_over:
        act(loaded)
        act(match)  # the original goes on in step: both make the same choices with the same dice
    assert match.is_over and loaded.score == match.score
    assert [g.record for g in loaded.games] == [g.record for g in match.games]
    assert max(loaded.score) >= 5 and loaded.game.phase == "match-over"
    # The seed gives a match that meets the whole flow: doubles taken and passed, the Crawford
    # game, and a post-Crawford game after it.
    assert any(g.cube_value > 1 for g in loaded.games)
    assert any(g.result.how == "pass" for g in loaded.games)
    crawford = [g.crawford for g in loaded.games]
    assert True in crawford and crawford.index(True) < len(crawford) - 1

    path = tmp_path / "match.mat"
    path.write_text(to_mat(loaded))
    theirs = run_gnubg(tmp_path, "import", path)
    assert gnubg_record(theirs["record"]) == our_record(loaded)
    assert theirs["ids"] == our_ids(loaded)  # Position and Match IDs at every record
    last = gnubg_record(theirs["record"])[-1]
    final = list(last["score"])
    final[last["winner"]] += last["points"]
    assert tuple(final) == loaded.score


# ---------------------------------------------------------------------- issue 11: refusals at the match layer


def match_state(match: Match):
    """What a refusal must not change: the games (each one's record, board, phase, dice), the score."""
    games = [
        (id(g), g.phase, g.position, copy.deepcopy(g.record), g.setup, g.dice.to_dict(), g.result, g.offer)
        for g in match.games
    ]
    return games, match.score, match.names, match.rules, match.seed


def test_a_refused_play_from_after_resigning_leaves_the_match_as_it_was():
    # Issue 11's example, at the match layer: roll, resign (game over), then go on from a
    # position that is already won; it is refused, and the match has not gained a game.
    match = Match(length=0, seed=3)
    game = match.game
    game.roll()
    game.resign(1)
    game.accept()
    assert game.phase == "game-over"
    won = Position.from_points({}, {6: 2})
    for position, rolled in ((won, None), (won, (3, 1)), (Position.initial(), (3, 0)), ("4HPwATDgc/ABMA", None)):
        before = match_state(match)
        with pytest.raises(GameError):
            match.play_from(position, rolled)
        assert match_state(match) == before and len(match.games) == 1
    match.play_from(Position.initial(turn=1), (6, 5))  # what is right is still accepted
    assert len(match.games) == 2 and match.game.phase == "move"


@pytest.mark.parametrize(
    "build",
    [
        lambda: Match(names="ab"),  # taken as two names before
        lambda: Match(names=("a", 1)),
        lambda: Match(seed=[1]),
        lambda: Match(seed=float("nan")),
        lambda: Match(length=2.0),
        lambda: Match(length=-1),
        lambda: Match(crawford="yes"),
        lambda: Match.with_rules({"match_length": 3}),
        lambda: Match.from_games(Rules(), 1),  # a TypeError before
        lambda: Match.from_games(Rules(), []),
        lambda: Match.from_games(Rules(), [1]),
    ],
)
def test_bad_match_settings_raise_game_error(build):
    with pytest.raises(GameError) as info:
        build()
    assert str(info.value)
