"""The board's sentences (issue 13): every one from the catalogue, in the board's current
language, with the "you" forms of the default names; results that say how; the teaching board's
refusals; the board habits of the seeds (no cube, forced plays, the resign choice).

Positions are hand-checked (FORMATS.md and the comments); sentences are the catalogue's.
"""

import json
import re
from importlib import resources

import pytest

from bgwidget import Position, ai
from bgwidget.ai.review import Decision
from bgwidget.labels import LANGUAGES, label, number
from bgwidget.rules import GameResult
from bgwidget.session import Advice, Session
from bgwidget.svg import board_svg
from bgwidget.viewstate import hint_of, review_text
from bgwidget.widget import BoardWidget
from bgwidget.words import result_text, say

CATALOGUE = json.loads(resources.files("bgwidget").joinpath("labels.json").read_text(encoding="utf-8"))
# The bottom seat has a checker on the bar and the top seat holds its whole home board: any roll dances.
CLOSED = Position.from_points({"bar": 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
# README: the side on roll at 4P8DABgAEAAAAA has one legal play of 6-5, 13/7.
FORCED = Position.from_position_id("4P8DABgAEAAAAA")
# FORMATS.md: 4HPwATDgc/ABUA: the side on roll at 6:5 8:3 13:5 24:1 bar:1, the other at the start.
ON_THE_BAR = Position.from_position_id("4HPwATDgc/ABUA")


def words(text):
    return set(re.findall(r"[^\W\d_]{3,}", text.lower()))


# English words of the catalogue that French and Swedish do not share (gammon, Crawford, points,
# match, pips... are shared): none of them may appear in a French or Swedish sentence.
ENGLISH = set().union(*(words(t) for t in CATALOGUE["en"].values())) - set().union(
    *(words(t) for lang in ("fr", "sv") for t in CATALOGUE[lang].values())
)


def english_in(text):
    return words(text) & ENGLISH


def test_the_english_word_check_would_catch_an_english_word():
    assert {"cannot", "wins"} <= ENGLISH and english_in("Bob wins 2 points") == {"wins"}
    assert english_in("Bob gagne un gammon : 2 points") == set()


def person_against(level="easy", **kw):
    return Session(players=("human", level), seed=1, animation=0, **kw)


@pytest.mark.parametrize(
    ("language", "dance", "to_roll"),
    [
        ("en", "You cannot move with 6-5", "Your roll"),
        ("fr", "Vous ne pouvez pas jouer avec 6-5", "À vous de lancer"),
        ("sv", "Du kan inte flytta med 6-5", "Din tur att slå"),
    ],
)
def test_a_dance_and_the_turn_in_the_you_form_of_each_language(language, dance, to_roll):
    s = person_against(position=CLOSED, language=language)
    s.game.dice.push((6, 5), (3, 1))
    assert s.handle({"type": "roll"}) is None
    # The computer has rolled 3-1 and played since; the person's dance is still said.
    state = s.state()
    assert state["message"] == dance and state["status"].startswith(f"{dance} · {to_roll} · ")
    assert not english_in(state["status"]) or language == "en"


def test_switching_the_language_rewords_the_news_the_refusal_and_the_default_names():
    s = person_against(position=CLOSED)
    s.game.dice.push((6, 5), (3, 1))
    s.handle({"type": "roll"})
    assert s.handle({"type": "take"}) == "No double has been offered."
    s.language = "fr"
    state = s.state()
    assert state["names"] == ["Vous", "Ordinateur (Facile)"] and s.match.names == ("Vous", "Ordinateur (Facile)")
    assert state["message"] == "Vous ne pouvez pas jouer avec 6-5"
    assert state["refused"] == label("fr", "why.no-offer") and state["refusal"]["text"] == state["refused"]
    assert state["status"].startswith(f"{state['refused']} · Vous ne pouvez pas jouer avec 6-5 · À vous de lancer")
    assert not english_in(state["status"])
    named = Session(players=("human", "easy"), names=("Ann", "Bo"), seed=1, animation=0)
    named.language = "sv"
    assert named.names == ("Ann", "Bo") and named.state()["status"] == "Slå för att se vem som börjar"


@pytest.mark.parametrize(
    ("language", "moving"),
    [("en", "Your move: play 3-1"), ("fr", "À vous de jouer 3-1"), ("sv", "Din tur: spela 3-1")],
)
def test_whose_turn_with_the_default_name_and_with_a_name(language, moving):
    s = person_against(language=language)
    s.game.dice.push((3, 1))
    s.handle({"type": "roll"})
    assert s.state()["status"] == moving
    named = Session(players=("human", "human"), names=("Ann", "Bo"), seed=1, animation=0, language=language)
    named.game.dice.push((3, 1))
    named.handle({"type": "roll"})
    assert named.state()["status"] == label(language, "toMove", name="Ann", dice="3-1")


@pytest.mark.parametrize(
    ("result", "en", "fr", "sv"),
    [
        (
            GameResult(0, 1, "single game", "borne off"),
            "You win a single game: 1 point",
            "Vous gagnez une partie simple : 1 point",
            "Du vinner ett enkelt parti: 1 poäng",
        ),
        (
            GameResult(1, 2, "gammon", "borne off"),
            "Bob wins a gammon: 2 points",
            "Bob gagne un gammon : 2 points",
            "Bob vinner en gammon: 2 poäng",
        ),
        (
            GameResult(1, 6, "backgammon", "resigned"),
            "You resign a backgammon: Bob wins 6 points",
            "Vous abandonnez un backgammon : Bob gagne 6 points",
            "Du ger upp en backgammon: Bob vinner 6 poäng",
        ),
        (
            GameResult(0, 2, "single game", "pass"),
            "Bob passes: you win 2 points",
            "Bob refuse : vous gagnez 2 points",
            "Bob passar: du vinner 2 poäng",
        ),
    ],
)
def test_results_say_how_the_game_ended(result, en, fr, sv):
    for language, expected in (("en", en), ("fr", fr), ("sv", sv)):
        names = (label(language, "nameYou"), "Bob")
        assert result_text(language, names, result) == expected
    assert result_text("en", ("Alice", "Bob"), result._replace(winner=0, how="resigned"), match_won=True) == (
        f"Bob resigns a {result.kind}: Alice wins {result.points} point{'s' * (result.points > 1)}"
        " · Alice wins the match"
    )


@pytest.mark.parametrize("points", [1, 2, 3])
def test_each_resignation_on_the_board(points):
    s = person_against(language="fr")
    s.game.dice.push((3, 1))
    s.handle({"type": "roll"})
    assert s.handle({"type": "resign", "points": points}) is None
    kind = {1: "une partie simple", 2: "un gammon", 3: "un backgammon"}[points]
    count = "1 point" if points == 1 else f"{points} points"
    assert s.state()["result"]["text"] == f"Vous abandonnez {kind} : Ordinateur (Facile) gagne {count}"
    assert s.state()["status"].startswith(s.state()["result"]["text"])


def test_the_match_won_is_said_after_the_game():
    s = Session(players=("human", "human"), match_length=1, seed=2, animation=0, language="sv")
    s.game.dice.push((3, 1))
    s.handle({"type": "roll"})
    s.handle({"type": "resign"})
    assert s.state()["status"] == "Nedre ger upp ett enkelt parti: Övre vinner 1 poäng · Övre vinner matchen"


def test_the_static_svg_of_a_finished_game_says_how_it_ended():
    # Seat 0 (on roll) has borne off all; seat 1 still has a checker on seat 0's home board: a backgammon.
    won = Position.from_points({}, {20: 15}, turn=0)
    assert won.outcome() == (0, 3)
    assert "Nedre vinner en backgammon: 6 poäng" in board_svg(won, cube=2, language="sv")
    assert "Ann wins a backgammon: 3 points" in board_svg(won, names=("Ann", "<Bo>"))
    resigned = board_svg(Position.initial(), language="fr", result=GameResult(1, 2, "gammon", "resigned"))
    assert "Bas abandonne un gammon : Haut gagne 2 points" in resigned and 'data-result="true"' in resigned
    assert "data-result" not in board_svg(Position.initial())
    passed = board_svg(Position.initial(), names=("<b>", "B"), result=GameResult(1, 1, "single game", "pass"))
    assert "&lt;b&gt; passes: B wins 1 point" in passed and "<b>" not in passed
    with pytest.raises(ValueError):
        board_svg(Position.initial(), result="gammon")


def test_the_computers_answer_to_a_double_is_in_the_status():
    s = person_against("medium", position=Position.initial(), language="fr")
    assert s.handle({"type": "double"}) is None  # an even position: Medium takes
    assert s.state()["status"] == "Ordinateur (Moyen) accepte · À vous de lancer"


def test_a_computer_that_fails_is_reported_in_the_boards_language():
    class Broken:
        name = "broken"

        def choose_play(self, position, dice):
            raise RuntimeError("boom")

    s = Session(players=(Broken(), "human"), seed=3, animation=0, language="fr")
    s.game.dice.push((3, 1))
    s.handle({"type": "roll"})
    first = str(Position.initial().legal_plays(3, 1)[0])
    assert s.message == f"Ordinateur (broken) a échoué (RuntimeError: boom) ; a joué {first} à la place"


def test_cube_advice_words_are_translated():
    decision = ai.cube_decision((0.8, 0.0, 0.0, 0.0, 0.0), match_length=5, away=(1, 3), crawford=True)
    advice = Advice(0, Position.initial(), decision=decision)
    assert [hint_of(advice, language)["reason"] for language in LANGUAGES] == [
        "Crawford game",
        "partie Crawford",
        "Crawfordparti",
    ]


def test_the_board_explains_a_checker_that_cannot_move_and_changes_nothing():
    s = person_against(position=ON_THE_BAR, dice=(6, 4), language="fr", teaching=True)
    before = (s.game.position, list(s.game.record), s.state()["movable"])
    reason = s.handle({"type": "why", "from": 13})
    assert s.refusal.reason == "bar-first" and reason == label("fr", "why.bar-first")
    assert s.state()["refusal"] == {"reason": "bar-first", "text": reason, "point": 13}
    assert reason not in s.state()["status"]  # the bubble beside the checker says it, once (issue 38)
    # Board point 1 is the top seat's 24-point: the opponent's checkers.
    assert s.handle({"type": "why", "from": 1}) == label("fr", "why.opponent-checker", point=1)
    assert s.state()["refusal"]["point"] == 1 and s.state()["teaching"]
    # A drop on a point that does not light: the same rule, shown at the checker dragged.
    assert s.handle({"type": "move", "from": 13, "to": 9}) == reason
    assert s.state()["refusal"]["point"] == 13
    assert s.handle({"type": "why", "from": "bar"}) == label("fr", "why.can-move")
    assert (s.game.position, list(s.game.record), s.state()["movable"]) == before
    assert s.handle({"type": "move", "from": "bar", "to": 21}) is None  # bar/21 with the 4
    assert s.state()["refusal"] is None and s.refused == ""


def test_money_play_without_the_cube_keeps_the_score():
    s = Session(players=("human", "human"), seed=1, animation=0, cube=False)
    state = s.state()
    assert state["cube"]["disabled"] and not state["can"]["double"]
    s.game.dice.push((3, 1))
    s.handle({"type": "roll"})
    s.play("8/5 6/5")
    assert s.game.phase == "roll" and not s.state()["can"]["double"]
    assert s.handle({"type": "double"}) == label("en", "why.no-cube") and s.refusal.reason == "no-cube"
    s.handle({"type": "resign", "points": 2})  # the top seat resigns a gammon: 2 points, no cube
    assert s.match.score == (2, 0)
    s.handle({"type": "new-game"})
    assert s.match.score == (2, 0) and s.game.phase == "opening" and s.state()["cube"]["disabled"]
    with pytest.raises(ValueError):
        Session(cube="no")


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (("human", "easy"), "Only one play: 13/7, played for you"),
        (("human", "human"), "Only one play for Bottom: 13/7, played automatically"),
    ],
)
def test_a_forced_play_is_played_for_a_person_when_asked(players, said):
    s = Session(players=players, seed=1, animation=0, position=FORCED, dice=(6, 5), auto_play_forced=True)
    assert [entry["play"] for entry in s.game.record if entry["type"] == "move"][0] == "13/7"
    assert s.message.startswith(said) and s.state()["status"].startswith(said)
    plain = Session(players=players, seed=1, animation=0, position=FORCED, dice=(6, 5))
    assert plain.game.phase == "move" and plain.state()["plays"] == ["13/7"] and plain.message == ""


def test_no_english_word_in_a_french_or_swedish_sentence_of_the_board():
    texts = []
    for language in ("fr", "sv"):
        names = (label(language, "nameYou"), "Bob")
        for key in CATALOGUE[language]:
            if key.endswith("You") or key.startswith("why."):
                continue
            fields = {
                "name": "Bob",
                "dice": "6-5",
                "value": 2,
                "points": "2",
                "n": 2,
                "play": "13/7",
                "error": "E",
                "what": "x",
                "first": "a",
                "second": "b",
                "text": "8/5 6/5",
            }
            texts.append(label(language, key, **fields))
            if f"{key}You" in CATALOGUE[language]:
                texts.append(say(language, names, (key, {"seat": 0, **fields})))
        for result in (GameResult(0, 2, "gammon", "resigned"), GameResult(1, 1, "single game", "pass")):
            texts.append(result_text(language, names, result, match_won=True))
        s = person_against(position=ON_THE_BAR, dice=(6, 4), language=language, teaching=True)
        s.handle({"type": "why", "from": 13})
        texts.append(s.state()["status"])
    leaks = {text: english_in(text) for text in texts if english_in(text)}
    assert not leaks


def test_the_widgets_teaching_trait_is_checked_and_published():
    w = BoardWidget(seed=1, animation=0, teaching=True)
    assert w.teaching and w.state["teaching"]
    w.teaching = False
    assert not w.state["teaching"] and not w.session.teaching
    with pytest.raises(ValueError):
        w.teaching = "yes"
    with pytest.raises(ValueError):
        BoardWidget(teaching=1)
    revision = w.revision
    w.set_state({"teaching": "yes"})  # a bad write from the view is not kept
    assert not w.teaching and w.revision == revision
    w.set_state({"teaching": True})
    assert w.state["teaching"] and w.revision == revision + 1


def test_the_catalogue_names_each_key_once_per_language():
    # Several people add keys at once: a key written twice would silently lose one of its texts.
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        assert len(keys) == len(set(keys)), sorted({key for key in keys if keys.count(key) > 1})
        return dict(pairs)

    text = resources.files("bgwidget").joinpath("labels.json").read_text(encoding="utf-8")
    assert list(json.loads(text, object_pairs_hook=no_duplicates)) == list(LANGUAGES)


def test_refused_buttons_say_the_rule_in_the_boards_language():
    s = Session(players=("human", "human"), match_length=3, seed=1, animation=0, language="fr", teaching=True)
    s.game.dice.push((3, 1))
    s.roll()
    s.handle({"type": "resign", "points": 2})  # the bottom seat resigns a gammon: 0-2, the top seat 1-away
    s.handle({"type": "new-game"})
    assert s.game.crawford
    s.game.dice.push((3, 1), (6, 5))
    s.roll()
    s.play("8/5 6/5")
    # The top seat may not double in the Crawford game (the cube, clicked on a teaching board, says so).
    assert s.handle({"type": "double"}) == label("fr", "why.crawford")
    assert s.state()["refusal"] == {"reason": "crawford", "text": label("fr", "why.crawford"), "point": None}
    s.roll()
    assert s.handle({"type": "roll"}) == label("fr", "why.already-rolled")  # Roll while moving
    money = Session(players=("human", "human"), seed=1, animation=0, language="sv")
    money.game.dice.push((3, 1))
    money.roll()
    money.play("8/5 6/5")
    money.handle({"type": "double"})
    money.handle({"type": "take"})  # the bottom seat owns the cube at 2; the top seat rolls
    assert money.handle({"type": "double"}) == label("sv", "why.cube-owned")


@pytest.mark.parametrize(
    "language, line",
    [
        ("en", "error 0.073 · luck of the roll −0.412 · match winning chance before: 48.5%"),
        ("fr", "erreur 0,073 · chance du lancer −0,412 · chances de gagner le match avant : 48,5\u00a0%"),
        ("sv", "fel 0,073 · slagets tur −0,412 · chans att vinna matchen före: 48,5\u00a0%"),
    ],
)
def test_numbers_on_the_board_are_written_as_each_language_writes_them(language, line):
    # A comma as the decimal mark in French and Swedish, a minus sign, and a space before % there.
    assert (number(language, -0.0415, 3), number(language, 0.25, 3, signed=True)) == {
        "en": ("−0.042", "+0.250"),
        "fr": ("−0,042", "+0,250"),
        "sv": ("−0,042", "+0,250"),
    }[language]
    decision = Decision(
        0, 3, 0, "play", Position.initial(), (3, 1), "8/5 6/5", "13/10 6/5", 0.0734, luck=-0.4121, mwc=0.4851
    )
    assert review_text(decision, language, ["Ann", "Bo"]).endswith(line)


@pytest.mark.parametrize("language", LANGUAGES)
def test_numbers_round_as_the_view_does_and_never_read_nan(language):
    # js/test/hint.test.js asserts the same strings of the view's number().
    comma = "." if language == "en" else ","
    assert number(language, 0.0625, 3) == f"0{comma}063"  # a tie rounds away from zero, as toFixed does
    assert number(language, -0.125, 2) == f"−0{comma}13" and number(language, 2.5, 0) == "3"
    assert number(language, -0.0004, 3) == f"0{comma}000"  # no minus sign on what rounds to zero
    assert number(language, -0.0004, 3, signed=True) == f"+0{comma}000" and number(language, -0.0, 1) == f"0{comma}0"
    assert number(language, float("nan"), 3) == "—" and number(language, float("inf"), 3) == "∞"
    assert number(language, float("-inf"), 3, signed=True) == "−∞" and number(language, 1e21, 1) == f"{10**21}{comma}0"
    decision = Decision(0, 3, 0, "play", Position.initial(), (3, 1), "8/5 6/5", "13/10 6/5", 0.0, luck=-0.0002)
    text = review_text(decision, language, ["Ann", "Bo"])
    assert f"0{comma}000" in text and "−0" not in text and "nan" not in text.lower()
