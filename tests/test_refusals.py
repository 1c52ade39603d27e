"""Every refusal of the rules and game layers, reached from a real position, in each language.

The positions are hand-checked (most from FORMATS.md's rule traps, checked there against GNU
Backgammon); each case names the rule the USBGF rules of play state and the reason the engine
must give for it. Each sentence is checked in English, French and Swedish: filled in, and with no
English word left in the French or Swedish one.
"""

import json
import pickle
import re
from importlib import resources

import pytest

from bgwidget import Game, Match, Position
from bgwidget.labels import LANGUAGES, label
from bgwidget.moves import IllegalPlayError, NotationError, PartialPlay
from bgwidget.refusal import Refusal
from bgwidget.rules import GameError, Rules
from helpers import print_counts, random_positions

START = Position.initial()
TWO_ON_BAR = Position.from_position_id("22bABwDg/wMAYA")  # 5-4: only bar/20
LARGER = Position.from_position_id("4P8DABgAEAAAAA")  # 6-5: 13/7 only, the larger die
HIGHER = Position.from_position_id("4P8PAAAkAAAAAA")  # 6-4: checkers on 5 and 3
CLOSED = Position.from_points({"bar": 1, 13: 4, 8: 4, 6: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
BOTH_BLOCKED = Position.from_points({24: 1, 13: 1, 6: 13}, {5: 2, 7: 2})  # 6-4: 24/20 and 24/18 held
HOME = Position.from_points({6: 2, 3: 13}, {1: 15})
HELD_BOTH = Position.from_position_id("OMA4OEMQACAAAA")  # 2-1: only 22/20/19; 6/5 held, 6/4 leaves no 1
CLOSED_BUT_TWO = Position.from_points({"bar": 1, 13: 4, 8: 4, 6: 6}, {5: 2, 6: 2, 13: 11})  # 6-5: 20 and 19 held


def _raise(refusal):
    raise refusal


def step(position, dice, *args, steps=()):
    partial = PartialPlay(position, dice)
    for made in steps:
        partial.step(*made)
    return lambda: partial.step(*args)


def parse(position, text, dice):
    return lambda: position.parse_play(text, *dice)


def in_game(**settings):
    return Game(position=START, **settings)


def acting(game, *actions):
    for action in actions[:-1]:
        action(game)
    return lambda: actions[-1](game)


# (reason, the refused action, the facts it must carry)
CASES = [
    ("borne-off", step(START, (3, 1), 0, 1), {}),
    ("bar-empty", step(START, (3, 1), 25, 22), {}),
    ("opponent-checker", step(START, (5, 1), 19, 14), {"point": 19}),
    ("no-checker", step(START, (3, 1), 7, 4), {"point": 7}),
    ("no-play", step(CLOSED, (6, 6), 13, 7), {"dice": "6-6"}),
    ("dice-played", step(START, (3, 1), 13, 12, steps=[(8, 5), (6, 5)]), {"dice": "3-1"}),
    ("bar-first", step(TWO_ON_BAR, (5, 4), 6, 1), {"count": 2}),
    ("backwards", step(START, (3, 1), 13, 15), {"from": 13, "to": 15}),
    ("same-point", parse(START, "8/8 6/5", (3, 1)), {"from": 8, "to": 8, "move": "8/8"}),
    ("same-point", step(START, (3, 1), 8, 8), {"from": 8, "to": 8, "move": "8/8"}),
    ("not-all-home", step(START, (6, 5), 6, 0), {"count": 10, "points": [24, 13, 8]}),
    ("no-die", step(START, (3, 1), 8, 2), {"pips": 6, "dice": "3-1"}),
    ("dice-left", step(START, (3, 1), 6, 2, steps=[(8, 5)]), {"die": 1, "count": 1, "dice": "3-1", "pips": 4}),
    ("dice-left", step(START, (3, 3), 13, 1, steps=[(24, 21)]), {"die": 3, "count": 3, "dice": "3-3", "pips": 12}),
    ("higher-die", step(HIGHER, (6, 4), 3, 0), {"die": 4, "point": 3, "highest": 5}),
    ("larger-die", step(LARGER, (6, 5), 13, 8), {"die": 6, "other": 5}),
    ("both-dice", step(Position.from_position_id("jr0hQDDuOwgABw"), (6, 3), 9, 3), {"die": 6, "other": 3}),
    ("point-held", step(START, (5, 1), 24, 19), {"point": 19, "count": 5}),
    ("intermediate-held", step(BOTH_BLOCKED, (6, 4), 24, 14), {"point": 20, "count": 2}),
    ("die-used", parse(START, "24/18 24/18", (6, 5)), {"die": 6}),
    ("die-not-rolled", lambda: PartialPlay(START, (3, 1)).step(8, 5, 2), {"die": 2}),
    ("die-mismatch", lambda: PartialPlay(START, (3, 1)).step(8, 5, 1), {"die": 1, "from": 8, "to": 5}),
    # A die that does move the checker there: the rule that stops it, not "a 5 does not move it".
    ("point-held", lambda: PartialPlay(START, (5, 1)).step(24, 19, 5), {"point": 19, "count": 5}),
    # The checker on 6 could move 6/4, but no 1 would be left to play: the rule is both dice.
    ("both-dice", lambda: _raise(PartialPlay(HELD_BOTH, (2, 1)).check_step(6)), {"die": 2, "other": 1}),
    ("play-incomplete", lambda: PartialPlay(START, (3, 1)).play, {"count": 2, "die": 3}),
    ("doubles-max", lambda: PartialPlay(START, (2, 2)).play, {"count": 4, "die": 2}),
    ("nothing-to-undo", lambda: PartialPlay(START, (3, 1)).undo(), {}),
    ("must-play", parse(START, "", (6, 5)), {"dice": "6-5"}),
    ("notation", parse(START, "24-18", (6, 5)), {"move": "24-18"}),
    ("notation-count", parse(START, "8/5(9)", (3, 1)), {"count": "9"}),
    ("hit-off", parse(HOME, "6/off*", (6, 6)), {"move": "6/off*"}),
    ("hit-twice", parse(START, "8/5* 8/5*", (3, 1)), {"point": 5}),
    ("too-many", parse(START, "22/16 22/17", (6, 5)), {"point": 22}),
    ("no-hit", parse(START, "8/5 6/5*", (3, 1)), {"point": 5}),
    ("not-started", lambda: Game().move(13, 8), {}),
    ("not-rolled", lambda: in_game().move(13, 8), {}),
    ("already-rolled", acting(in_game(), lambda g: g.roll((3, 1)), lambda g: g.roll()), {}),
    ("double-after-roll", acting(in_game(), lambda g: g.roll((3, 1)), lambda g: g.double()), {}),
    ("offer-pending", acting(in_game(), lambda g: g.double(), lambda g: g.roll()), {}),
    ("game-over", acting(in_game(), lambda g: g.double(), lambda g: g.pass_(), lambda g: g.roll()), {}),
    ("not-your-turn", lambda: in_game().roll(seat=1), {"seat": 1}),
    ("not-your-answer", acting(in_game(), lambda g: g.double(), lambda g: g.take(seat=0)), {"seat": 0}),
    ("no-offer", lambda: in_game().take(), {}),
    ("no-resignation", lambda: in_game().accept(), {}),
    ("no-cube", lambda: in_game(rules=Rules(cube=False)).double(), {}),
    ("one-point-match", lambda: in_game(rules=Rules(match_length=1)).double(), {}),
    ("crawford", lambda: in_game(rules=Rules(match_length=3), score=(2, 0), crawford=True).double(), {}),
    ("cube-owned", acting(in_game(), lambda g: g.double(), lambda g: g.take(), lambda g: g.double(seat=0)), {}),
    (
        "cube-max",
        acting(
            in_game(rules=Rules(max_cube=2)),
            lambda g: g.double(),
            lambda g: g.take(),
            lambda g: g.roll((3, 1)),
            lambda g: g.play("8/5 6/5"),
            lambda g: g.double(),
        ),
        {"value": 2},
    ),
    ("checker-blocked", lambda: _raise(PartialPlay(BOTH_BLOCKED, (6, 4)).check_step(24)), {"point": 20, "point2": 18}),
    ("bar-blocked", lambda: _raise(PartialPlay(CLOSED_BUT_TWO, (6, 5)).check_step(25)), {"point": 20, "point2": 19}),
    ("game-in-play", lambda: Match(3, seed=1).new_game(), {}),
    ("no-beavers", acting(in_game(), lambda g: g.double(), lambda g: g.beaver()), {}),
    ("no-beaver", lambda: in_game(rules=Rules(beavers=True)).beaver(), {}),
    ("no-raccoon", acting(in_game(rules=Rules(beavers=True)), lambda g: g.double(), lambda g: g.raccoon()), {}),
    (
        "redouble-max",
        acting(in_game(rules=Rules(beavers=True, max_cube=2)), lambda g: g.double(), lambda g: g.beaver()),
        {"value": 4, "limit": 2},
    ),
]


def test_every_reason_the_rules_and_game_layers_give_is_reached_and_worded():
    source = "".join(
        resources.files("bgwidget").joinpath(name).read_text(encoding="utf-8")
        for name in ("plays.py", "partial.py", "notation.py", "game.py", "rules.py", "match.py")
    )
    given = set(re.findall(r'(?:reason=|refuse\()"([a-z-]+)"', source)) | {"doubles-max", "play-incomplete"}
    given |= set(re.findall(r': "([a-z-]+)"', source[source.index("_PHASE_REASONS = {") :].split("}")[0]))
    reached = {reason for reason, _, _ in CASES} | {"match-over"}
    # Defensive ends no position reaches (a search of 3,000 game positions found none):
    # several plays that the marked hits cannot tell apart, a step refused for no rule above.
    assert given - reached == {"ambiguous", "not-legal"}
    worded = {key.removeprefix("why.").removesuffix(".one") for key in _catalogue()["en"] if key.startswith("why.")}
    assert given <= worded


@pytest.mark.parametrize("reason, action, facts", CASES, ids=[case[0] for case in CASES])
def test_refusal_names_its_rule_and_facts(reason, action, facts):
    with pytest.raises(Refusal) as refused:
        action()
    error = refused.value
    assert (error.reason, {key: error.facts.get(key) for key in facts}) == (reason, facts)
    assert str(error) == error.explain("en")
    for language in LANGUAGES:
        text = error.explain(language)
        assert text and "{" not in text and "why." not in text, (language, text)


def test_match_over_is_said_after_the_last_game():
    match = Match(1, seed=3)
    game = match.game
    game.roll((3, 1))
    game.resign(1, seat=0)
    game.accept(seat=1)
    with pytest.raises(GameError) as refused:
        match.game.roll()
    assert refused.value.reason == "match-over"
    with pytest.raises(GameError) as refused:
        match.new_game()
    assert refused.value.reason == "match-over"


# Words that may stay: backgammon's own (Crawford, pips, rollout), notation (bar, off), and words that
# are spelt alike in the language ("possible", "match").
SHARED = {
    "fr": {
        "crawford",
        "bar",
        "off",
        "pips",
        "possible",
        "match",
        "double",
        "point",
        "rollout",
        "position",
        # words of French too, in the game server's refusals
        "code",
        "action",
        "actions",
        "points",
        "message",
        "client",
        "version",
        "gammon",
        "backgammon",
        "bgwidget",
    },
    "sv": {
        "crawford",
        "bar",
        "off",
        "pips",
        "match",
        "person",
        "rollout",
        "version",
        "gammon",
        "backgammon",
        "bgwidget",
    },
}


@pytest.mark.parametrize("language", ["fr", "sv"])
def test_no_english_word_left_in_french_or_swedish(language):
    catalogue = _catalogue()
    for key, english in catalogue["en"].items():
        if not key.startswith("why."):
            continue
        words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", "", english))} - SHARED[language]
        theirs = {w.lower() for w in re.findall(r"[^\W\d_]{3,}", re.sub(r"\{\w+\}", "", catalogue[language][key]))}
        assert not words & theirs, (key, words & theirs)


def test_seen_from_puts_points_in_the_boards_numbering():
    game = Game(position=START.swap().swap())
    game.roll((5, 1))
    refusal = game.check_move(24, 19)  # the mover's 19 is held
    assert refusal.reason == "point-held" and refusal.facts["point"] == 19
    assert refusal.seen_from(0).facts["point"] == 19 and refusal.seen_from(1).facts["point"] == 6
    assert refusal.seen_from(1).explain("en") == "Point 6 is blocked: your opponent has 5 checkers there."
    bar = IllegalPlayError(reason="backwards", move="bar/off", **{"from": 25, "to": 0}).seen_from(1)
    assert (bar.facts["from"], bar.facts["to"]) == (25, 0)


def test_check_move_explains_a_checker_that_cannot_move_and_changes_nothing():
    game = Game(position=TWO_ON_BAR)
    game.roll((5, 4))
    before = game.legal_steps()
    assert game.check_move(6).reason == "bar-first"
    assert game.check_move(25) is None  # it can enter with the 5
    assert game.check_move(25, 21).reason == "point-held"  # the 4 enters on a held point
    assert game.check_move(20).reason == "no-checker"
    assert game.check_move(24).reason == "opponent-checker"
    assert game.check_move(6, seat=1).reason == "not-your-turn"
    assert game.legal_steps() == before and game.steps == []
    with pytest.raises(GameError) as refused:
        game.check_move(26)
    assert refused.value.reason == "invalid"


def test_the_game_layer_keeps_the_reason_of_a_refused_step():
    game = Game(position=LARGER)
    game.roll((6, 5))
    with pytest.raises(GameError) as refused:
        game.move(13, 8)
    assert refused.value.reason == "larger-die" and refused.value.facts == {"die": 6, "other": 5}
    with pytest.raises(GameError) as refused:
        game.play("13/8")
    assert refused.value.reason == "larger-die"


def test_a_refusal_survives_pickling_for_process_pools():
    error = GameError(reason="point-held", point=19, count=3)
    back = pickle.loads(pickle.dumps(error))
    assert (type(back), back.reason, back.facts, str(back)) == (
        GameError,
        "point-held",
        {"point": 19, "count": 3},
        str(error),
    )
    invalid = pickle.loads(pickle.dumps(NotationError("a play is written as text")))
    assert (invalid.reason, str(invalid)) == ("invalid", "a play is written as text")


def test_sentences_read_as_a_teacher_says_them():
    assert IllegalPlayError(reason="point-held", point=19, count=3).explain("fr") == (
        "La flèche 19 est fermée : votre adversaire y a 3 pions."
    )
    assert IllegalPlayError(reason="point-held", point=19, count=3).explain("sv") == (
        "Tunga 19 är blockerad: motspelaren har 3 spelpjäser där."
    )
    assert IllegalPlayError(reason="doubles-max", count=1, die=4).explain("en") == (
        "Doubles are played as many times as possible: one more move of 4 can be played."
    )
    assert label("en", "why.crawford") == str(GameError(reason="crawford"))


def _catalogue():
    return json.loads(resources.files("bgwidget").joinpath("labels.json").read_text(encoding="utf-8"))


def test_every_refused_step_of_random_positions_states_true_facts(pytestconfig):
    # Each refused (from, to) of seeded game positions: the facts its sentence states hold on the
    # board (a blocked point is held by 2+, a higher checker stands where it says...), and no
    # legal step is refused.
    checked = 0
    for position in random_positions(40, 5):
        mine = position.player
        theirs = [position.opponent[24 - point] for point in range(1, 25)]  # on the mover's points

        for dice in ((6, 5), (3, 1), (4, 4), (2, 1)):
            partial = PartialPlay(position, dice)
            legal = {(frm, to) for frm, dests in partial.legal_steps().items() for to, _ in dests}
            for frm in range(25, 0, -1):
                for to in range(frm - 1, -1, -1):
                    refusal = partial.check_step(frm, to)
                    assert (refusal is None) == ((frm, to) in legal), (position.position_id(), dice, frm, to)
                    if refusal is None:
                        continue
                    checked += 1
                    facts, reason = refusal.facts, refusal.reason
                    if reason == "point-held":
                        assert to == facts["point"] and theirs[to - 1] == facts["count"] >= 2
                    elif reason == "intermediate-held":
                        assert to < facts["point"] < frm and theirs[facts["point"] - 1] >= 2
                    elif reason == "opponent-checker":
                        assert mine[frm - 1] == 0 and theirs[frm - 1] > 0
                    elif reason == "bar-empty":
                        assert frm == 25 and mine[24] == 0
                    elif reason == "no-checker":
                        assert mine[frm - 1 if frm < 25 else 24] == 0
                    elif reason == "bar-first":
                        assert mine[24] > 0 and frm != 25 or mine[24] > 1
                    elif reason == "not-all-home":
                        assert to == 0 and facts["count"] == sum(mine[6:]) > 0
                    elif reason == "higher-die":
                        assert to == 0 and facts["highest"] > facts["point"] and facts["die"] > facts["point"]
                    elif reason == "no-die":
                        assert facts["pips"] == frm - to
                    elif reason == "larger-die":
                        assert len(partial.plays[0].moves) == 1 and facts["die"] == max(dice)
                    else:
                        assert reason in ("both-dice", "no-play", "doubles-max"), (reason, refusal)
    print_counts(pytestconfig, "refused steps", {"checked": checked})


def test_a_hit_marked_where_no_blot_stands_names_that_point_not_the_blot_hit():
    # A blot on the mover's 4 (the opponent's 21), none on 5: 8/4* hits, 6/5* has nothing to hit.
    position = Position.from_points({13: 8, 8: 2, 6: 5}, {24: 1, 21: 1, 13: 5, 8: 3, 6: 5})
    assert str(position.parse_play("8/4* 6/5", 4, 1)) == "8/4* 6/5"
    with pytest.raises(IllegalPlayError) as refused:
        position.parse_play("8/4* 6/5*", 4, 1)
    assert refused.value.reason == "no-hit" and refused.value.facts == {"point": 5}


def test_seen_from_turns_every_play_a_sentence_names():
    refusal = Refusal(reason="play-not-from-steps", play="24/18 13/10").seen_from(1)
    assert refusal.explain("en").startswith("1/7 12/15 does not go on")


def test_the_seat_not_on_turn_is_told_so_not_what_the_seat_on_turn_has_to_do():
    game = in_game()  # seat 0 on roll
    for phase_roll in (None, (6, 5)):
        if phase_roll:
            game.roll(phase_roll)  # seat 0 to move now
        for act in (
            lambda: game.roll(seat=1),
            lambda: game.double(seat=1),
            lambda: game.move(24, 18, seat=1),
            lambda: game.undo(seat=1),
            lambda: game.confirm(seat=1),
        ):
            with pytest.raises(GameError) as refused:
                act()
            assert refused.value.reason == "not-your-turn", (game.phase, refused.value.reason)
        assert game.check_move(24, 18, seat=1).reason == "not-your-turn"
    assert game.phase == "move" and game.check_move(24, 18, seat=0) is None  # 24/18 is seat 0's 6
