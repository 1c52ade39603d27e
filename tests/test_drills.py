"""Drills from a person's own mistakes: cards from a review, the deck's schedule and file, the board that quizzes."""

import json
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path

import fsrs
import pytest

from bgwidget import Game, Rules, ai
from bgwidget.drill_board import DrillBoard
from bgwidget.drills import (
    RIGHT_WITHIN,
    Card,
    Deck,
    DrillError,
    ThemeStatistics,
    cards_from_review,
    explanation,
    judge,
    reference_cards,
)
from helpers import from_view

REFERENCE = Path(__file__).parent / "data" / "drills_reference.json"
T0 = datetime(2100, 1, 4, 9, 0, tzinfo=timezone.utc)  # after the real time a deck adds its cards at


@pytest.fixture(scope="module")
def review():
    """A 5-point match game at 1-3: seat 0 opens 31 with 24/21 6/5 (the standard play is 8/5 6/5,
    every published opening table), seat 1 doubles at once and seat 0 passes (an early double
    is no double and a clear take: passing gives up the game)."""
    game = Game(seed=1, rules=Rules(match_length=5), score=(1, 3))
    game.roll((3, 1))
    game.play("24/21 6/5")
    game.double()
    game.pass_()
    return ai.review(game, "medium", progress=False)


def fixed():
    return fsrs.Scheduler(enable_fuzzing=False)


def test_each_error_of_a_seat_is_a_card_with_the_right_answer_and_the_loss_of_what_was_played(review):
    play, take = cards_from_review(review, seat=0)
    (double,) = cards_from_review(review, seat=1)
    errors = {d.kind: d for d in review.decisions if d.mark}
    assert (play.kind, play.answer, play.played, play.dice) == ("play", "8/5 6/5", "24/21 6/5", (3, 1))
    assert play.theme == "opening"
    assert (take.kind, take.answer, take.played, take.theme) == ("take", "take", "pass", "cube")
    assert (double.kind, double.answer, double.played) == ("double", "no double", "double")
    for card in (play, take, double):
        assert card.loss() == pytest.approx(errors[card.kind].error, abs=1e-9)
        assert card.equity == max(card.values.values())
    # The stakes, seen by the decider at the bottom: seat 1's card has the score turned round.
    assert play.score == take.score == (1, 3) and double.score == (3, 1)
    assert play.rules.match_length == 5 and play.cube_value == 1 and play.cube_owner is None
    game = play.game()
    assert (game.phase, game.turn, game.rolled, game.score) == ("move", 0, (3, 1), (1, 3))
    answering = take.game()
    assert (answering.phase, answering.turn, answering.offer.seat) == ("cube", 0, 1)
    assert double.game().phase == "roll" and double.game().can_double(0)


def test_a_worse_mark_keeps_fewer_cards_and_bad_arguments_are_refused(review):
    kept = {m: len(cards_from_review(review, seat=0, mark=m)) for m in ("doubtful", "bad", "very bad")}
    errors = [d for d in review.decisions if d.seat == 0 and not d.forced]
    assert kept["very bad"] == sum(d.error >= 0.12 for d in errors)
    assert kept["doubtful"] == sum(d.error >= 0.03 for d in errors)
    for bad in ({"seat": 2}, {"seat": 0, "mark": "awful"}):
        with pytest.raises(DrillError):
            cards_from_review(review, **bad)
    with pytest.raises(DrillError):
        cards_from_review("review", seat=0)


def test_the_engine_judges_the_answer_and_the_card_answer_is_right(review):
    play, take = cards_from_review(review, seat=0)
    assert judge(play, "8/5 6/5", level="medium").right
    wrong = judge(play, "24/21 6/5", level="medium")
    assert not wrong.right and wrong.loss == pytest.approx(play.loss(), abs=1e-9) and wrong.best == "8/5 6/5"
    assert judge(take, "take", level="medium").right and not judge(take, "pass", level="medium").right
    for bad in ("double", "13/9 13/12 13/11", 42):
        with pytest.raises(DrillError):
            judge(play if bad != "double" else take, bad, level="medium")


def test_a_deck_survives_save_and_reload(review, tmp_path):
    deck = Deck.from_review(review, seat=0, scheduler=fixed())
    play, take = deck
    deck.answer(play, False, T0)
    deck.answer(take, True, T0 + timedelta(minutes=3))
    path = tmp_path / "deck.json"
    deck.save(path)
    again = Deck.load(path)
    assert list(again) == list(deck) and again.to_dict() == deck.to_dict()
    for card in deck:
        assert again.schedule(card).to_dict() == deck.schedule(card).to_dict()
        assert again.answers(card) == deck.answers(card)
    assert again.scheduler.to_dict() == deck.scheduler.to_dict()
    assert [p.name for p in tmp_path.iterdir()] == ["deck.json"]  # no temporary file left


def test_the_schedule_is_what_fsrs_gives_for_the_same_ratings_and_times(review):
    deck = Deck(scheduler=fixed())
    (card, *_rest) = cards_from_review(review, seat=0)
    deck.add(card, T0)
    scheduler, reference = fixed(), fsrs.Card(card_id=1, due=T0)
    steps = [(False, 0), (True, 1), (True, 11), (fsrs.Rating.Easy, 60 * 24 * 3), (False, 60 * 24 * 20)]
    for answer, minutes in steps:
        at = T0 + timedelta(minutes=minutes)
        rating = answer if isinstance(answer, fsrs.Rating) else fsrs.Rating.Good if answer else fsrs.Rating.Again
        reference, _ = scheduler.review_card(reference, rating, at)
        due = deck.answer(card, answer, at)
        state = deck.schedule(card)
        assert due == reference.due
        assert (state.state, state.step, state.stability, state.difficulty) == (
            reference.state,
            reference.step,
            reference.stability,
            reference.difficulty,
        )
    assert deck.next_due == reference.due
    assert deck.due(reference.due - timedelta(seconds=1)) == [] and deck.due(reference.due) == [card]


def test_statistics_per_theme_count_cards_due_answers_and_right_ones():
    deck = Deck.reference(path=REFERENCE)
    cards = {c.id: c for c in deck}
    deck.answer(cards["opening-31"], True, T0)
    deck.answer(cards["opening-42"], False, T0)
    deck.answer(cards["opening-42"], True, T0 + timedelta(minutes=5))
    deck.answer(cards["redouble-5-8"], False, T0)
    # By hand, at T0 + 6 min: opening 2 cards, 3 answers, 2 right, none due (a Good in learning waits
    # FSRS's second learning step, 10 minutes); the bear-off card, never answered, is due since it
    # was added; the cube card's Again at T0 made it due at T0 + 1 min (the first learning step).
    at = T0 + timedelta(minutes=6)
    stats = deck.statistics(at)
    assert list(stats) == ["opening", "bear-off", "cube"]
    assert stats["opening"] == ThemeStatistics(cards=2, due=0, answered=3, right=2)
    assert stats["opening"].retention == pytest.approx(2 / 3)
    assert stats["bear-off"] == ThemeStatistics(cards=1, due=1, answered=0, right=0)
    assert stats["bear-off"].retention is None
    assert stats["cube"] == ThemeStatistics(cards=1, due=1, answered=1, right=0)  # Again at T0: due at T0 + 1 min


def test_reference_records_load_with_their_answers_values_and_stakes():
    cards = {c.id: c for c in reference_cards(REFERENCE)}
    assert cards["opening-31"].answer == "8/5 6/5" and cards["opening-31"].dice == (3, 1)
    assert cards["opening-42"].answer == "8/4 6/4" and cards["opening-42"].rules.match_length == 7
    last = cards["last-two"]
    assert last.answer == "1/off(2)" and last.values == {"1/off(2)": 1.0} and last.equity == 1.0
    take = cards["redouble-5-8"]
    # 11-point match, gnubg's player 0 (our top, seat 1) at 5 redoubles his 2-cube; player 1 (bottom) at 8 answers.
    assert (take.kind, take.score, take.cube_value, take.cube_owner) == ("take", (8, 5), 2, 1)
    assert take.rules.match_length == 11
    assert take.game().phase == "cube"
    assert [c.id for c in Deck.reference(["bear-off", "cube"], path=REFERENCE)] == ["last-two", "redouble-5-8"]


def test_bad_files_and_answers_are_refused_and_change_nothing(tmp_path, review):
    bad = {
        "not-json.json": "{",
        "other.json": json.dumps({"format": "something else"}),
        "version.json": json.dumps({"format": "bgwidget-drills", "version": 2}),
    }
    deck = Deck.from_review(review, seat=0, scheduler=fixed())
    saved = deck.to_dict()
    broken = json.loads(json.dumps(saved))
    broken["cards"][0]["card"]["answer"] = "8/2 6/5"  # not a legal play of 31
    bad["illegal.json"] = json.dumps(broken)
    missing = json.loads(json.dumps(saved))
    del missing["cards"][1]["schedule"]
    bad["missing.json"] = json.dumps(missing)
    for name, text in bad.items():
        (tmp_path / name).write_text(text)
        with pytest.raises(DrillError):
            Deck.load(tmp_path / name)
    records = json.loads(REFERENCE.read_text())
    for change in ({"answer": "24/18"}, {"xgid": "XGID=nonsense"}, {"id": 7}):
        (tmp_path / "ref.json").write_text(json.dumps([{**records[0], **change}]))
        with pytest.raises(DrillError, match="reference drill 1"):
            reference_cards(tmp_path / "ref.json")
    card = next(iter(deck))
    for call in (
        lambda: deck.answer(card, "yes", T0),
        lambda: deck.answer(card, True, datetime(2100, 1, 5)),  # no time zone
        lambda: deck.answer(next(iter(Deck.reference(path=REFERENCE))), True, T0),  # another deck's card
    ):
        with pytest.raises(DrillError):
            call()
    assert deck.to_dict() == saved
    with pytest.raises(DrillError):
        Card.from_dict({**card.to_dict(), "kind": "resign"})


def test_the_drill_board_quizzes_judges_schedules_and_saves(review, tmp_path):
    path = tmp_path / "deck.json"
    now = [T0]
    deck = Deck.from_review(review, seat=0, scheduler=fixed())
    for card in deck:  # added at the real time: due again at T0
        deck.answer(card, fsrs.Rating.Again, T0 - timedelta(days=1))
    board = DrillBoard(deck, path=path, level="medium", language="fr", clock=lambda: now[0])
    assert board.card.kind == "play" and board.board.game.phase == "move" and board.board.dice == (3, 1)
    assert board.text == "Votre lancer : 3-1. Trouvez le meilleur coup et jouez-le sur le plateau."
    assert all(b.layout.display == "none" for b in (*board.buttons.values(), board.next_button))
    verdict = board.answer("24/21 6/5")
    assert not verdict.right and board.verdict is verdict and verdict.best == "8/5 6/5"  # every opening table
    loss = f"{verdict.loss:.3f}".replace(".", ",")  # EMG: a 5-point match
    assert board.text.split("\n")[0] == f"Pas celui-ci : 24/21 6/5 perd {loss} EMG face au meilleur coup, 8/5 6/5."
    assert board.board.session.held  # the board stays on the answer
    # issue 36: a drill card says what comes next (Next card), not an exercise's Reset
    status = board.board.state["status"]
    assert status.startswith("Répondu. Appuyez sur Carte suivante pour passer à la suivante")
    assert "Recommencer" not in status
    refused = board.board.intent({"type": "roll"})
    assert refused == "Cette carte a déjà sa réponse. Appuyez sur Carte suivante pour passer à la suivante."
    assert Deck.load(path).answers(board.card)[-1] == (T0, fsrs.Rating.Again)
    assert board.next_button.layout.display is None
    assert board.next().kind == "take"
    assert [c for c, b in board.buttons.items() if b.layout.display is None] == ["take", "pass"]
    board.buttons["take"].click()
    verdict, *reasons = board.text.split("\n")
    assert board.verdict.right and verdict == "Juste : accepter, la meilleure décision."
    assert reasons[0].startswith("Le doubleur gagne")  # the verdict is said once: no "Votre décision, prendre"
    assert board.next() is None and board.board is None
    assert board.text.startswith("Aucune carte à revoir.")
    assert Deck.load(path).statistics(T0)["cube"] == ThemeStatistics(cards=1, due=0, answered=2, right=1)


def test_the_drill_board_takes_the_answer_from_the_view(review):
    deck = Deck.from_review(review, seat=0, scheduler=fixed())
    for card in deck:
        deck.answer(card, fsrs.Rating.Again, T0 - timedelta(days=1))
    board = DrillBoard(deck, level="medium", clock=lambda: T0)
    widget = board.board
    question = board.text
    from_view(widget, {"type": "move", "from": 13, "to": 24, "revision": widget.revision})  # backwards
    # said once, by the board (its bubble beside the checker on 13); the box keeps the question (issue 38)
    assert board.verdict is None and board.text == question
    assert widget.state["refusal"]["point"] == 13 and widget.state["refused"] not in widget.state["status"]
    from_view(widget, {"type": "move", "from": 8, "to": 5, "revision": widget.revision})
    assert board.verdict is None
    from_view(widget, {"type": "move", "from": 6, "to": 5, "revision": widget.revision})
    # the best play: said once, no line sets it against itself
    verdict, *reasons = board.text.split("\n")
    assert board.verdict.right and verdict == "Right: 8/5 6/5, the best play."
    assert len(reasons) == 1 and reasons[0].startswith("8/5 6/5: wins ") and "gives up" not in board.text
    board.next()
    from_view(board.board, {"type": "pass", "revision": board.board.revision})
    verdict = board.verdict
    assert not verdict.right and verdict.loss == pytest.approx(board.card.loss(), abs=1e-9)  # the review's error
    verdict_line, *reasons = board.text.split("\n")
    assert verdict_line == f"Not this one: pass gives up {verdict.loss:.3f} EMG against the best action, take."
    assert reasons[0].startswith("The doubler wins ") and "Your action" not in board.text
    with pytest.raises(DrillError):
        board.answer("take")  # answered already


def test_the_shipped_reference_deck_loads_every_theme_with_its_answers():
    deck = Deck.reference()  # the package's ai/data/reference_drills.json (scripts/reference_drills.py)
    themes = Counter(card.theme for card in deck)
    assert themes == {"opening": 15, "replies": 105, "bearoff": 12, "cube": 14}
    by_id = {card.id: card for card in deck}
    # 2-1 opening: the published best (backgammon101.com's table) is the slot, 13/11 6/5 close behind
    assert by_id["opening-21"].answer == "24/23 13/11" and "13/11 6/5" in by_id["opening-21"].values
    # a money bear-off race: the database's 68.2% for the doubler is a double and a take
    cube = by_id["cube-01"]
    assert cube.kind == "double" and cube.answer == "double"
    assert cube.values["double"] == pytest.approx(0.668468) and cube.values["no double"] == pytest.approx(0.418752)
    assert len(Deck.reference(["bearoff", "cube"])) == 26


def test_a_right_answer_that_is_not_the_best_says_how_close_it_is_in_a_list_beside_the_board():
    """A new user read "Right: 13/11 6/5. 13/11 6/5 gives up 0.005..." as a contradiction, in one
    paragraph under a board as wide as the cell: the verdict now says the answer is within the
    margin of the best, the explanation is a list, and the words sit beside the board."""
    deck = Deck(c for c in Deck.reference(["opening"]) if c.id == "opening-21")
    board = DrillBoard(deck, clock=lambda: T0)
    verdict = board.answer("13/11 6/5")
    # 2-1 opening: the slot 24/23 13/11 is the published best, 13/11 6/5 close behind (backgammon101.com)
    assert verdict.right and verdict.best == "24/23 13/11" and 0 < verdict.loss <= RIGHT_WITHIN
    verdict_line, *reasons = board.text.split("\n")
    assert verdict_line == (
        f"Right: 13/11 6/5, within {verdict.loss:.3f} points per game of the best play, 24/23 13/11."
    )
    assert not any("gives up" in line for line in reasons)  # the verdict said the margin once
    assert reasons == explanation(board.card, "13/11 6/5")  # set against the best play, 24/23 13/11
    assert "Points 24/23 13/11 breaks: 24." in reasons  # the slot breaks the 24-point anchor (hand count)
    # the board and a panel side by side: the question or verdict and Next card above the list
    (row,) = board.children
    assert row.layout.flex_flow == "row wrap" and row.children[0] is board.board
    _status, _feedback, controls, listed = row.children[1].children
    assert listed.value.count("<li>") == len(reasons)  # a list, one fact an item
    assert board.next_button in controls.children and board.next_button.layout.display is None
    board.next()
    assert listed.value == "" and "\n" not in board.text  # none due now: one line, no list
