"""The race formulas (bgwidget.ai.race) against their sources' worked examples and Debian's GNU
Backgammon (``show keith``, ``show kleinman``, ``show 8912``), the engine's race cube on
hand-counted bear-offs, and random_race's deal."""

from __future__ import annotations

import math
import random
import re
import shutil
import subprocess

import pytest

from bgwidget import Position
from bgwidget.ai import race
from bgwidget.errors import RaceError
from bgwidget.formats import from_xgid

GNUBG = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")


# ------------------------------------------------------------ the sources' worked examples


def test_keith_count_of_sticks_lesson_position():
    # Stick Rice, "Keith count fails this cube hard", bgonline.org, 9 December 2014: Blue on roll,
    # "the Keith straight up ... 117 to 112 for a difference of 5 making it a no double".
    position = from_xgid("XGID=-----CFACA-Aaaa-abaeba----:0:0:1:00:0:0:3:0:10").position
    count = race.keith_count(position)
    assert (count.adjusted, count.opponent, count.margin) == (117, 112, 5)
    assert count.verdict() == "no double"


def test_keith_penalties_by_hand():
    # 3 on the 1-point (+4), 3 on the 2-point (+2), 5 on the 3-point (+2), the 4-, 5- and
    # 6-points empty (+3): pips 3 + 6 + 15 + 4 * 7 = 52, count 52 + 11 = 63.
    position = Position.from_points({1: 3, 2: 3, 3: 5, 7: 4}, {6: 3, 5: 3, 4: 3})
    count = race.keith_count(position)
    assert (count.player, count.opponent) == (63, 45)  # the opponent: 45 pips, no penalty
    assert count.adjusted == 63 + 9  # one-seventh of 63, rounded down


@pytest.mark.parametrize(
    ("player", "opponent", "k", "chance", "action"),
    [(100, 113, 1.383, 0.797, "double, pass"), (100, 106, 0.495, 0.688, "no double")],
)
def test_kleinman_johansens_examples(player, opponent, k, chance, action):
    # Øystein Johansen, "Re: Kleinman Count", rec.games.backgammon, 22 February 2001, examples 1 and 2.
    count = race.KleinmanCount(player, opponent)
    assert count.k == pytest.approx(k, abs=5e-4)
    assert count.winning_chance == pytest.approx(chance, abs=5e-4)
    assert count.verdict() == action


def test_kleinman_key_values():
    # Johansen's key values: K = 0.5 a double, 0.7 a redouble, up to 1.2 a take.
    assert race.KleinmanCount(100, 106).verdict("centre") == "no double"  # K = 0.495
    assert race.KleinmanCount(100, 107).verdict("centre") == "double, take"  # K = 121/203 = 0.596
    assert race.KleinmanCount(100, 107).verdict("player") == "no double"
    assert race.KleinmanCount(100, 108).verdict("player") == "double, take"  # K = 144/204 = 0.706
    assert race.KleinmanCount(100, 111).verdict("centre") == "double, take"  # K = 225/207 = 1.087
    assert race.KleinmanCount(100, 112).verdict("centre") == "double, pass"  # K = 256/208 = 1.231


def test_trice_long_race_benjamins_example():
    # Art Benjamin, "The Art of the Long Race" (PrimeTime, Fall 2020): leader 86, PLT 96,
    # double from 93, redouble from 94.
    rule = race.TriceRule(86, 93)
    assert rule.last_take == 96
    assert [race.TriceRule(86, y).verdict("centre") for y in (92, 93, 96, 97)] == [
        "no double",
        "double, take",
        "double, take",
        "double, pass",
    ]
    assert [race.TriceRule(86, y).verdict("player") for y in (93, 94)] == ["no double", "double, take"]


def test_trice_simborgs_examples():
    # Phil Simborg, "Racing Equity (Pip Count Takes)": 74 against 81 takes (PLT 83); 55 against
    # 66 is a big drop (PLT 62).
    assert race.TriceRule(74, 81).last_take == 83
    assert race.TriceRule(55, 66).last_take == 62
    assert race.TriceRule(55, 66).verdict() == "double, pass"


def test_rule_8_9_12_thresholds():
    # Zehr, "Doubling in Races", 1995: double when ahead 8 %, redouble 9 %, take down to 12 %.
    assert race.Rule8912(100, 107).verdict("centre") == "no double"
    assert race.Rule8912(100, 108).verdict("centre") == "double, take"
    assert race.Rule8912(100, 108).verdict("player") == "no double"
    assert race.Rule8912(100, 109).verdict("player") == "double, take"
    assert race.Rule8912(100, 112).verdict("centre") == "double, take"
    assert race.Rule8912(100, 113).verdict("centre") == "double, pass"


def test_a_position_with_contact_or_over_is_refused():
    with pytest.raises(RaceError, match="not a race"):
        race.keith_count(Position.initial())
    with pytest.raises(RaceError, match="over"):
        race.trice_rule(Position.from_points({}, {6: 1}))
    with pytest.raises(RaceError, match="'centre' or 'player'"):
        race.KeithCount(10, 10).verdict("opponent")
    with pytest.raises(RaceError, match="random.Random"):
        race.random_race(7)  # type: ignore[arg-type]


def test_random_race_is_a_race_in_the_cube_window():
    rng = random.Random(5)
    for _ in range(200):
        position = race.random_race(rng)
        mine, theirs = position.pip_counts()
        assert position.is_race() and position.outcome() is None and position.bar == (0, 0)
        assert -0.05 <= (theirs - mine) / mine <= 0.20
        assert Position.from_position_id(position.position_id()) == position  # a legal position


# ------------------------------------------------------------ the engine, on hand-counted bear-offs


def test_race_cube_engine_on_bearoffs_counted_by_hand():
    # Four checkers on the 1-point against two: the player on roll wins only with doubles, 6/36.
    four_against_two = race.race_cube(Position.from_points({1: 4}, {1: 2}), level="medium")
    assert four_against_two.chances[0] == pytest.approx(6 / 36, abs=1e-6)
    assert four_against_two.engine_verdict == "no double"
    # One checker on the 5-point against one on the 1-point: the player on roll misses with 11,
    # 21 and 31 (5 rolls of 36) and then loses: 31/36 to win, a double the opponent passes.
    last_roll = race.race_cube(Position.from_points({5: 1}, {1: 1}), level="medium")
    assert last_roll.chances[0] == pytest.approx(31 / 36, abs=1e-6)
    assert last_roll.engine_verdict == "double, pass"
    # Keith: 5 pips + 2 (4- and 6-points empty) = 7, 8 with the seventh, against 1 + 3 = 4: a
    # margin of 4, "double, take": a count made for races misjudges this last roll.
    keith = last_roll.formulas["keith"]
    assert (keith.player, keith.adjusted, keith.opponent) == (7, 8, 4)
    assert last_roll.verdicts()["keith"] == "double, take" and not last_roll.agrees("keith")
    with pytest.raises(RaceError, match="formulas"):
        last_roll.agrees("thorp")


# ------------------------------------------------------------ Debian's GNU Backgammon


def _gnubg_show(positions):
    """gnubg's ``show keith``, ``show kleinman`` and ``show 8912`` of each position, in one run."""
    commands = ["set player 0 human", "set player 1 human", "new game"]
    for position in positions:
        commands += [f"set board {position.position_id()}", "show keith", "show kleinman", "show 8912"]
    text = subprocess.run(
        [GNUBG, "-t", "-q"], input="\n".join(commands) + "\n", capture_output=True, text=True, timeout=60
    ).stdout
    number = r"(-?[\d.]+)"
    fields = {
        "keith": rf"Keith Count Leader\s+: {number}",
        "keith_l": rf"Keith Count Leader\(\+1/7\)\s+L: {number}",
        "keith_t": rf"Keith Count Trailer\s+T: {number}",
        "keith_says": r"(Double, Drop|Redouble, Take|Double, Take|No Double, Take) \(since L",
        "k": rf"K = \(diff\+4\)/\(2 sqrt\(sum-4\)\) =\s+{number}",
        "ahead": rf"Leader is {number} percent ahead",
        "rule_says": r"(Double, Drop|Double, Take|Redouble, Take|NoDouble) \((?:ahead|\d+ percent)",
    }
    found = {name: re.findall(pattern, text) for name, pattern in fields.items()}
    assert all(len(values) == len(positions) for values in found.values()), text[-2000:]
    return [{name: values[i] for name, values in found.items()} for i in range(len(positions))]


_KEITH_SAYS = {  # gnubg's Keith text -> the action with the cube centred, and owned by the player on roll
    "Double, Drop": ("double, pass", "double, pass"),
    "Redouble, Take": ("double, take", "double, take"),
    "Double, Take": ("double, take", "no double"),
    "No Double, Take": ("no double", "no double"),
}


def _gnubg_keith_says(margin):
    """gnubg's Keith text for L - T = ``margin`` (show.c: drop at <= 2, redouble <= 3, double <= 4)."""
    if margin <= 2:
        return "Double, Drop"
    return "Redouble, Take" if margin <= 3 else "Double, Take" if margin <= 4 else "No Double, Take"


@pytest.mark.skipif(GNUBG is None, reason="Debian's gnubg is in the test environment (apt install gnubg)")
def test_formulas_agree_with_gnubg_on_random_races():
    rng = random.Random(2026)
    positions = [race.random_race(rng) for _ in range(40)]
    compared_keith = 0
    for position, shown in zip(positions, _gnubg_show(positions), strict=True):
        keith = race.keith_count(position)
        assert (int(shown["keith"]), int(shown["keith_t"])) == (keith.player, keith.opponent)
        assert float(shown["keith_l"]) == pytest.approx(keith.player * 8 / 7, abs=0.051)
        # gnubg adds an exact seventh and drops at L <= T + 2; Keith rounds the seventh down and
        # takes at L >= T + 2. Where neither changes the answer, the verdicts must be the same.
        exact = keith.player * 8 / 7 - keith.opponent
        if _gnubg_keith_says(exact) == _gnubg_keith_says(keith.margin) and keith.margin != 2:
            compared_keith += 1
            centre, player = _KEITH_SAYS[shown["keith_says"]]
            assert (keith.verdict("centre"), keith.verdict("player")) == (centre, player)
        kleinman = race.kleinman_count(position)
        root = float(shown["k"])  # gnubg shows (D + 4) / (2 sqrt(S - 4)): Kleinman's K is 4 times its square
        if kleinman.lead > 0:
            assert kleinman.k == pytest.approx(4 * root**2, rel=2e-3)
        else:
            assert kleinman.k == 0 and root <= 0
        rule = race.rule_8_9_12(position)
        assert rule.lead * 100 == pytest.approx(float(shown["ahead"]), abs=0.051)
        if round(rule.lead * 100, 6) not in (8.0, 12.0):  # gnubg's thresholds are strict, Zehr's not
            gnubg_centre = {"Double, Drop": "double, pass", "NoDouble": "no double"}.get(
                shown["rule_says"], "double, take"
            )
            assert rule.verdict("centre") == gnubg_centre
    assert compared_keith >= 25


def test_kleinman_metric_is_the_square_gnubg_shows():
    # gnubg's K' = (D + 4) / (2 sqrt(S - 4)) is sqrt(K) / 2 (show.c), independent of the run above.
    count = race.KleinmanCount(142, 154)
    assert math.sqrt(count.k) / 2 == pytest.approx(0.4682, abs=5e-5)  # gnubg 1.07: "K = ... 0.4682"


# ------------------------------------------------------------ the trainers


def test_pip_count_drill_hides_the_pips_and_checks_both_counts():
    from bgwidget.race_trainer import PipCountDrill

    drill = PipCountDrill(seed=11, language="sv")
    assert drill.board.state["pips"] == []  # Python publishes no pip counts
    bottom, top = drill.position.seat_points(0), drill.position.seat_points(1)
    by_hand = (sum((i + 1) * n for i, n in enumerate(bottom)), sum((i + 1) * n for i, n in enumerate(top)))
    assert drill.counts == by_hand
    assert not drill.check(by_hand[0], by_hand[1] + 1) and drill.verdict == "wrong"
    assert str(by_hand[1]) in drill.text and str(by_hand[1] + 1) in drill.text
    drill.mine.value, drill.theirs.value = by_hand
    drill.check_button.click()
    assert drill.verdict == "right" and drill.text.startswith("Rätt")
    drill.new_button.click()
    assert drill.verdict is None and drill.board.state["pips"] == []
    with pytest.raises(RaceError, match="whole numbers"):
        drill.check(1.5, 2)  # type: ignore[arg-type]


def test_a_board_shows_its_pips_by_default():
    from bgwidget import BoardWidget

    position = Position.from_points({6: 2}, {5: 1})
    assert BoardWidget(position=position, animation=0).state["pips"] == [12, 5]
    assert BoardWidget(position=position, animation=0, pips=False).state["pips"] == []


def test_race_cube_drill_judges_with_the_engine_and_shows_each_formula():
    from bgwidget.race_trainer import RaceCubeDrill

    drill = RaceCubeDrill(seed=4, language="en", level="medium")
    judged = race.race_cube(drill.position, owner=drill.owner, level="medium")
    wrong = next(action for action in race.VERDICTS if action != judged.engine_verdict)
    drill.buttons[wrong].click()
    assert drill.verdict == "wrong" and drill.judged is not None
    assert drill.judged.engine_verdict == judged.engine_verdict
    for name in ("Keith count", "Kleinman count", "Trice's rule", "8-9-12 rule"):
        assert name in drill.text
    assert drill.answer(judged.engine_verdict) and drill.verdict == "right"
    with pytest.raises(RaceError, match="cube action"):
        drill.answer("beaver")
