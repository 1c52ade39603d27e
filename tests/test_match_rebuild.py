"""A match rebuilt from part of itself keeps what the original knew: the score and Crawford state of
a game reviewed or played on alone, a match resumed at a score (a rescored ``.mat``), and the
moment each reviewed decision was made (the cube then, a position met twice).

The rules checked are USBGF's: the Crawford game is the one game after a side first reaches
``length - 1`` points, without the cube; in the later (post-Crawford) games the cube is back,
the trailer may double. The positions are hand-checked: a checker on the bar against a board
closed but for its 6-point enters only with a 6.
"""

from __future__ import annotations

import json

import pytest

from bgwidget import Match, Position, ai
from bgwidget.ai.report import cube_before
from bgwidget.ai.review import Review, ReviewError
from bgwidget.formats import FormatError, from_json, from_mat, to_json, to_mat
from bgwidget.game import Game, GameError
from bgwidget.match import match_at_game
from bgwidget.session import Session
from bgwidget.widget import BoardWidget


def resigned(match: Match, loser: int, points: int) -> None:
    """The current game: the 31 opening for seat 0 (8/5 6/5), then ``loser`` resigns ``points``, accepted."""
    game = match.game
    game.roll((3, 1))
    game.play("8/5 6/5")
    game.resign(points, seat=loser)
    game.accept(seat=1 - loser)


@pytest.fixture(scope="module")
def post_crawford() -> Match:
    """A 3-point match: seat 0 wins a gammon (2-0), seat 1 the Crawford game (2-1), then in the
    post-Crawford game seat 0 plays the 31, seat 1 (the trailer) doubles, seat 0 takes, seat 1 plays 64."""
    match = Match(3, seed=5)
    resigned(match, loser=1, points=2)
    match.new_game()
    resigned(match, loser=0, points=1)
    match.new_game()
    game = match.game
    game.roll((3, 1))
    game.play("8/5 6/5")
    game.double(seat=1)
    game.take(seat=0)
    game.roll((6, 4))
    game.play("24/14")
    return match


def test_the_fixture_is_a_post_crawford_game(post_crawford):
    assert [game.crawford for game in post_crawford.games] == [False, True, False]
    assert post_crawford.game.score == (2, 1) and post_crawford.post_crawford


def test_a_post_crawford_game_is_reviewed_alone_with_its_score_and_the_cube_back(post_crawford):
    review = ai.review(post_crawford.games[2], level="medium", progress=False)
    alone = review.match
    assert alone.score == (2, 1) and alone.game.crawford is False and alone.post_crawford
    assert alone.rescored == [1] and not alone.next_is_crawford
    assert [(d.kind, d.seat, d.made) for d in review.decisions] == [
        ("play", 0, "8/5 6/5"),
        ("double", 1, "double"),
        ("take", 0, "take"),
        ("play", 1, "24/14"),
    ]
    # The same decisions as the whole match's review has for that game.
    whole = ai.review(post_crawford, level="medium", progress=False)
    assert [d.made for d in whole.decisions if d.game == 2] == [d.made for d in review.decisions]
    # Saved and loaded, the match alone is still post-Crawford.
    loaded = from_json(to_json(alone))
    assert loaded.post_crawford and loaded.game.crawford is False and loaded.score == (2, 1)


def test_the_crawford_game_reviewed_alone_has_no_cube_decision(post_crawford):
    review = ai.review(post_crawford.games[1], level="medium", progress=False)
    assert review.match.game.crawford and review.match.game.score == (2, 0)
    assert [d.kind for d in review.decisions] == ["play"]


def test_a_match_rebuilt_at_its_post_crawford_game_lets_the_trailer_double(post_crawford):
    rebuilt = match_at_game(post_crawford, 3, actions=2, seed=1)
    assert rebuilt.score == (2, 1) and rebuilt.post_crawford and not rebuilt.game.crawford
    assert rebuilt.game.phase == "roll" and rebuilt.game.can_double(1)
    assert to_json(match_at_game(post_crawford, 3, actions=len(post_crawford.game.record), seed=1))


def rescored() -> Match:
    """A 5-point match resumed at 3-1 (a ``.mat`` whose first game starts there), one play made."""
    match = Match(5, seed=2)
    game = Game(rules=match.rules, score=(3, 1))
    resumed = Match.from_games(match.rules, [game], seed=2, rescored=[1])
    resumed.game.roll((3, 1))
    resumed.game.play("8/5 6/5")
    return resumed


def test_a_board_plays_on_from_a_rescored_match_at_its_score():
    board = BoardWidget.from_match(rescored(), 1, actions=1, animation=0)
    assert board.match.score == (3, 1) and board.match.rescored == [1]
    assert board.state["score"] == [3, 1] and board.game.record == rescored().game.record[:1]
    session = Session.from_match(rescored(), 1, actions=2, animation=0)
    assert session.match.score == (3, 1) and session.game.phase == "roll"


def test_a_board_shows_the_review_of_a_rescored_match_and_a_post_crawford_one(post_crawford):
    review = ai.review(rescored(), level="medium", progress=False)
    board = BoardWidget.from_review(review, animation=0)
    assert board.state["review"]["index"] == 0 and board.state["score"] == [3, 1]
    board = BoardWidget.from_review(ai.review(post_crawford.games[2], level="medium", progress=False), animation=0)
    assert board.state["score"] == [2, 1] and board.match.post_crawford


def test_a_crawford_game_resumed_at_one_away_is_still_the_crawford_game():
    # gnubg's reading of a match resumed at 4-2: the Crawford game, unless the game says otherwise.
    rules = Match(5).rules
    crawford = Match.from_games(rules, [Game(rules=rules, score=(4, 2), crawford=True)], rescored=[1])
    assert crawford.game.crawford and not crawford.post_crawford
    after = Match.from_games(rules, [Game(rules=rules, score=(4, 2))], rescored=[1])
    assert not after.game.crawford and after.post_crawford and not after.next_is_crawford


BAR_AGAINST_FIVE_POINTS = Position.from_points(
    {"bar": 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 4}, {"bar": 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 4}
)
"""Each side on the bar against the other's 1- to 5-points: only a 6 enters."""


@pytest.fixture(scope="module")
def danced():
    """A 5-point match from that position: seat 0 dances (33), seat 1 doubles, seat 0 takes,
    seat 1 dances (44); seat 0, back at the same position with the cube, enters with 65."""
    session = Session(players=("human", "human"), match_length=5, seed=3, animation=0, position=BAR_AGAINST_FIVE_POINTS)
    session.roll((3, 3))
    assert session.handle({"type": "double"}) is None and session.handle({"type": "take"}) is None
    session.roll((4, 4))
    session.roll((6, 5))
    session.play("bar/19 13/8")
    return session, ai.review(session.match, level="medium", progress=False)


def test_a_dance_is_reviewed_with_the_cube_as_it_was_then(danced):
    session, review = danced
    game = session.match.game
    moments = [(d.kind, d.seat, d.dice, d.made, cube_before(game, d)) for d in review.decisions]
    assert moments == [
        ("double", 0, None, "no double", (1, None)),
        ("play", 0, (3, 3), "", (1, None)),  # the dance came before the double
        ("double", 1, None, "double", (1, None)),
        ("take", 0, None, "take", (1, None)),
        ("play", 1, (4, 4), "", (2, 0)),
        ("double", 0, None, "no double", (2, 0)),  # the first position again, seat 0 owning the cube
        ("play", 0, (6, 5), "bar/19 13/8", (2, 0)),
    ]
    assert review.decisions[0].position == review.decisions[5].position
    assert [d.actions for d in review.decisions] == [0, 1, 2, 3, 5, 6, 7]


def test_the_board_draws_each_reviewed_moment_with_its_cube(danced):
    session, review = danced
    session.show_review(review)
    cubes = []
    for _ in review.decisions:
        cube = session.state()["cube"]
        cubes.append((cube["value"], cube["owner"]))
        session.handle({"type": "review-go", "to": "next"})
    assert cubes == [(1, None), (1, None), (1, None), (1, None), (2, 0), (2, 0), (2, 0)]


def test_a_saved_review_keeps_each_decisions_moment(danced):
    _, review = danced
    loaded = Review.from_dict(json.loads(json.dumps(review.to_dict())))
    assert [d.actions for d in loaded.decisions] == [d.actions for d in review.decisions]
    older = review.to_dict()
    for decision in older["decisions"]:
        del decision["actions"]  # a review saved before the moment was kept still loads
    assert all(d.actions is None for d in Review.from_dict(older).decisions)


@pytest.mark.parametrize(
    ("index", "actions"),
    [
        (6, 99),  # past the game's 8 record entries
        (6, 6),  # the 65 played at the moment of the double before it (the dice not rolled yet)
        (2, 3),  # seat 1's double at the moment of the take (a double waiting, not a roll to come)
        (3, 2),  # the take at the moment of the double before it (nothing offered yet)
        (1, 3),  # seat 0's dance at the take: not its position, nor the opponent's turn after it
    ],
)
def test_a_saved_review_refuses_a_decision_at_another_moment(danced, index, actions):
    # Issue 33, saves that accept too much: a decision's moment is where the board replays it
    # (its cube then); one moved to a moment that is not that decision's is refused at load.
    _, review = danced
    saved = review.to_dict()
    saved["decisions"][index]["actions"] = actions
    with pytest.raises(ReviewError, match="moment"):
        Review.from_dict(saved)


@pytest.mark.parametrize("index", range(7))
def test_a_saved_review_refuses_a_decision_given_to_the_other_seat(danced, index):
    # The summary counts each decision for its seat: the seat on roll (a take: the doubler's opponent).
    _, review = danced
    saved = review.to_dict()
    saved["decisions"][index]["seat"] = 1 - saved["decisions"][index]["seat"]
    with pytest.raises(ReviewError, match="not the one to decide"):
        Review.from_dict(saved)


def test_review_mode_says_crawford_for_the_crawford_games_decisions_only(post_crawford):
    board = BoardWidget.from_review(ai.review(post_crawford, level="medium", progress=False), animation=0)
    session = board.session
    seen = []
    for decision in session.reviewing.review.decisions:
        state = session.state()
        seen.append((decision.game, state["score"], state["crawford"]))
        session.handle({"type": "review-go", "to": "next"})
    assert sorted(set((game, tuple(score), crawford) for game, score, crawford in seen)) == [
        (0, (0, 0), False),
        (1, (2, 0), True),
        (2, (2, 1), False),
    ]


def test_a_match_resumed_after_its_crawford_game_keeps_it_through_a_mat_file():
    rules = Match(5).rules
    resumed = Match.from_games(rules, [Game(rules=rules, score=(4, 2))], seed=1, rescored=[1])
    resumed.game.roll((3, 1))
    resumed.game.play("8/5 6/5")
    text = to_mat(resumed)
    assert '; [Post Crawford "Yes"]' in text.splitlines()
    back = from_mat(text)
    assert back.post_crawford and not back.game.crawford and back.game.score == (4, 2)
    assert back.game.record == resumed.game.record
    # Without the tag (gnubg's own files), a game resumed at 4-2 is the Crawford game.
    untagged = from_mat(text.replace('; [Post Crawford "Yes"]\n', ""))
    assert untagged.game.crawford and not untagged.post_crawford


@pytest.mark.parametrize("rescored", [[2], [0], [-1], [1, 1], [2**70]])
def test_a_match_rescores_only_its_own_games(rescored):
    # Issue 33, saves that accept too much: a saved match naming a game it does not have as
    # rescored (or one twice) is refused, by Match.from_games and so by from_json.
    match = Match(5, seed=1)
    with pytest.raises(GameError, match="rescored names games 1..1"):
        Match.from_games(match.rules, match.games, rescored=rescored)
    saved = json.loads(to_json(match))
    saved["match"]["rescored"] = rescored
    with pytest.raises(FormatError, match="rescored"):
        from_json(json.dumps(saved))
