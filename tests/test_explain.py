"""Mistakes explained in words (bgwidget.ai.explain, bgwidget.ai.facts): each counted fact against a
hand count or GNU Backgammon's own move generator (gnubg-nn), the engine's numbers against the
project's analysis, the take points against Janowski's formula and the match equity table."""

import gnubg_nn
import pytest

from bgwidget import Position, ai
from bgwidget.ai.context import Context
from bgwidget.ai.cube import cube_decision
from bgwidget.ai.cubeful import searched_cube_decision
from bgwidget.ai.met import match_winning_chance
from bgwidget.ai.players import evaluator_or_net
from bgwidget.errors import ExplainError
from bgwidget.game import Game
from bgwidget.labels import LANGUAGES, label
from bgwidget.rules import Rules
from helpers import game_positions

# The hitter (on roll) has one checker on its 13 point; the opponent's blot stands on the
# hitter's 7 point (the opponent's 18), six pips away; the opponent's other two checkers sit on
# the hitter's 24 point, behind the hitter, blocking nothing.
DIRECT_SIX = Position.from_points({13: 1}, {18: 1, 1: 2})


def gnubg_shots(position):
    """Rolls of 36 for which GNU Backgammon lists a play that puts one more checker on the bar."""
    board = gnubg_nn.board_from_position_id(position.position_id())  # [not on roll, on roll]
    hitting = 0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            after = [gnubg_nn.board_from_position_key(key) for key, _ in gnubg_nn.moves(board, d1, d2, 1)]
            if any(b[0][24] > board[0][24] for b in after):
                hitting += 1 if d1 == d2 else 2
    return hitting


def test_a_direct_shot_six_away_is_hit_by_17_rolls():
    # Any 6 (11 rolls), 5-1 and 4-2 (2 each), 3-3 (13/10/7) and 2-2 (13/11/9/7): 11 + 4 + 2 = 17.
    assert ai.shots(DIRECT_SIX) == 17 == gnubg_shots(DIRECT_SIX)
    assert ai.board_facts(DIRECT_SIX)["opponent"]["blots"] == [7]


def test_an_indirect_shot_eight_away_and_a_block():
    # 8 away (hitter on 15): 6-2, 5-3 (2 each), 4-4 (15/11/7), 2-2 (15/13/11/9/7): 6 rolls.
    open_board = Position.from_points({15: 1}, {18: 1, 1: 2})
    assert ai.shots(open_board) == 6 == gnubg_shots(open_board)
    # The opponent holds the hitter's 11 point (its 14): 4-4 and 2-2 must touch down there: 4 rolls.
    blocked = Position.from_points({15: 1}, {18: 1, 14: 2})
    assert ai.shots(blocked) == 4 == gnubg_shots(blocked)


def test_a_checker_on_the_bar_must_enter_before_hitting():
    # The opponent holds the hitter's 23..19 (its 2..6 points): the bar checker enters only with a
    # 1, on 24. Then only the other die may hit from 13 to 7: 6-1 (2 rolls). 1-1 enters and has
    # three 1s left, which cannot reach 7. Without the bar checker it would be 17 rolls.
    position = Position.from_points({"bar": 1, 13: 1}, {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 18: 1})
    assert ai.shots(position) == 2 == gnubg_shots(position)


def test_shots_agree_with_gnubg_on_game_positions():
    positions = game_positions(40, seed=36)
    assert [ai.shots(p) for p in positions] == [gnubg_shots(p) for p in positions]
    assert any(ai.shots(p) for p in positions)  # the sample has blots to hit


def test_board_facts_hand_counted():
    position = Position.from_points({6: 3, 5: 2, 4: 2, 8: 2, 7: 2, 20: 2, 13: 2}, {6: 5, 8: 3, 13: 5, 24: 1, 22: 1})
    facts = ai.board_facts(position)
    mine, theirs = facts["player"], facts["opponent"]
    assert mine["home_points"] == [6, 5, 4] and mine["anchors"] == [20]
    assert mine["prime"] == [8, 7, 6, 5, 4]  # five in a row, 8 down to 4
    assert mine["blots"] == [] and mine["shots"] == 0 and mine["bar"] == 0
    assert mine["pips"] == 6 * 3 + 5 * 2 + 4 * 2 + 8 * 2 + 7 * 2 + 20 * 2 + 13 * 2 == 132
    # The opponent, in the numbering of the player on roll: its 24 and 22 are the player's 1 and 3.
    assert theirs["blots"] == [3, 1] and theirs["home_points"] == [19] and theirs["anchors"] == []
    assert theirs["prime"] == [] and theirs["pips"] == 6 * 5 + 8 * 3 + 13 * 5 + 24 + 22 == 165
    # The player's 4 and 5 points (made) cover the blot on 3 from the 4, 5, 6, 7, 8 points by 1..5:
    assert theirs["shots"] == ai.shots(position) == gnubg_shots(position)


def _facts(explanation):
    return [(f["key"], f["values"]) for f in explanation.to_dict()["facts"]]


def test_a_planted_mistake_in_the_opening():
    # 6-1 from the start: every opening table makes the 7 point, 13/7 8/7.
    start = Position.initial()
    explanation = ai.explain(start, (6, 1), "24/18 24/23", level="expert")
    facts = dict(_facts(explanation))
    candidates = ai.analyse(start, (6, 1), "expert")
    assert str(candidates[0].play) == facts["summary"]["best"] == "13/7 8/7"
    keyed = [(k, v) for k, v in _facts(explanation) if k in ("blots", "noBlots", "made", "broken", "prime", "noPrime")]
    assert keyed[0] == (
        "blots",
        {"play": "24/23 24/18", "points": [23, 18], "shots": ai.shots(start.parse_play("24/18 24/23", 6, 1).result)},
    )
    assert keyed[1] == ("noBlots", {"play": "13/7 8/7"})
    assert ("made", {"play": "13/7 8/7", "points": [7]}) in keyed and (
        "broken",
        {"play": "24/23 24/18", "points": [24]},
    ) in keyed
    assert ("prime", {"play": "13/7 8/7", "length": 3, "high": 8, "low": 6}) in keyed
    made = next(
        c
        for c in ai.analysis.rank(start.legal_plays(6, 1), 1, made=start.parse_play("24/18 24/23", 6, 1))
        if str(c.play) == "24/23 24/18"
    )
    assert facts["summary"]["error"] == pytest.approx(candidates[0].equity - made.equity)
    chances = [v for k, v in _facts(explanation) if k == "chances"]
    assert chances[1]["win_chance"] == pytest.approx(candidates[0].probabilities[0])
    assert chances[0]["equity"] == pytest.approx(made.equity)
    change = facts["change"]
    assert change["win_change"] == pytest.approx(candidates[0].probabilities[0] - made.probabilities[0])


def test_a_hit_missed_and_the_best_play_itself():
    plays = DIRECT_SIX.legal_plays(6, 5)
    hit = next(p for p in plays if p.hits)  # 13/7*/2
    quiet = next(p for p in plays if not p.hits)
    facts = _facts(ai.explain(DIRECT_SIX, (6, 5), quiet, hit, level="medium"))
    assert ("noHit", {"play": str(quiet), "count": 0}) in facts and (
        "hits.one",
        {"play": str(hit), "count": 1},
    ) in facts
    best = ai.explain(DIRECT_SIX, (6, 5), ai.choose_play(DIRECT_SIX, (6, 5), "medium"), level="medium")
    assert best.facts[0].key == "best" and [f.key for f in best.facts] == ["best", "chances"]


def test_explain_in_a_match_uses_emg():
    game = Game(rules=Rules(match_length=5), position=Position.initial(), rolled=(6, 1), score=(2, 3))
    explanation = ai.explain(Position.initial(), (6, 1), "24/18 24/23", level="medium", game=game)
    judged = ai.analyse(Position.initial(), (6, 1), "medium", game=game)
    made = next(c for c in judged if str(c.play) == "24/23 24/18")
    assert explanation.facts[0].key == "summaryMatch"
    assert explanation.facts[0].values["error"] == pytest.approx(judged[0].emg - made.emg)


def test_money_take_point_is_janowskis():
    # (L - 0.5) / (W + L + 0.5x): 25% dead, 20% fully live, 0.5 / 2.34 = 21.37% at x = 0.68.
    assert ai.money_take_point(efficiency=0) == 0.25 and ai.money_take_point(efficiency=1) == 0.2
    assert ai.money_take_point() == pytest.approx(0.2137, abs=1e-4)
    # The same point where the cube model's double/take meets double/pass (single games only).
    low, high = 0.5, 1.0
    for _ in range(60):
        p = (low + high) / 2
        if cube_decision((p, 0, 0, 0, 0)).should_take:
            low = p
        else:
            high = p
    assert 1 - low == pytest.approx(ai.money_take_point(), abs=1e-9)


def test_match_take_point_from_the_table():
    # 2-away 2-away: a take wins or loses the match, a pass leaves 2-away against 1-away (Crawford),
    # 32.26% in Kazaross-XG2; the take point is that chance.
    assert ai.match_take_point(2, 2) == pytest.approx(match_winning_chance(2, 1)) == pytest.approx(0.3226, abs=1e-4)
    # Trailer 4-away, leader 2-away doubling at 1: the trailer risks (4, 0)... here (4, 2 - 2).
    pass_, win, lose = match_winning_chance(4, 1), match_winning_chance(2, 2), 0.0
    assert ai.match_take_point(4, 2) == pytest.approx((pass_ - lose) / (win - lose))


def test_explain_cube_money_and_match():
    race = Position.from_points({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, {6: 4, 5: 4, 4: 4, 3: 3})
    game = Game(position=race)
    game.double()
    explanation = ai.explain_cube(game, "take", level="medium")
    facts = dict(_facts(explanation))
    p, wg, _, lg, _ = ai.evaluate(race, "medium")
    assert facts["cube.chances"]["win_chance"] == pytest.approx(p)
    efficiency = facts["cube.takePoint"]["efficiency_x"]
    assert facts["cube.takePoint"]["take_chance"] == pytest.approx(ai.money_take_point(1.0, 1.0, efficiency))
    decision = ai.game_cube_decision(game, "medium")
    assert ("cube.right" in facts) == decision.should_take
    match = Game(rules=Rules(match_length=3), position=Position.initial(), score=(1, 1))
    facts = dict(_facts(ai.explain_cube(match, "no double", level="medium")))
    assert facts["cube.takePointMatch"]["take_chance"] == pytest.approx(ai.match_take_point(2, 2))


def test_a_post_crawford_tie_is_not_called_a_cost():
    # 5-point match, the trailer (3 points) on roll post-Crawford in a bear-off race, 79.7% to win.
    # Debian's GNU Backgammon 1.07 (`new match 5`, `set score 4 3`, `set postcrawford on`, `set board
    # tnsPAADb7g4AAA`, `set turn 1`, `eval`) at 2-ply: double/pass +1.000, double/take +2.187, no
    # double +0.987 EMG; at a cube of 1, EMG = 4 * MWC - 1 here (a win 4-4 is 50%, a loss 0%).
    position = Position.from_position_id("tnsPAADb7g4AAA", turn=0)
    game = Game(rules=Rules(match_length=5), position=position, score=(3, 4), crawford=False)
    context = Context.of(game, 0)
    deep = searched_cube_decision(position, context, 2, evaluator_or_net(None, "a test"))
    assert 4 * deep.no_double - 1 == pytest.approx(0.987, abs=6e-4)
    assert 4 * deep.double_take - 1 == pytest.approx(2.187, abs=6e-4)
    assert deep.double_pass == 0.5
    # The Expert's 1-ply leaves let the trailer cash after any roll at no risk: no double is worth
    # exactly the cash, so the explanation calls the two equal instead of "costs 0.0%".
    decision = ai.game_cube_decision(game)
    assert decision.no_double == pytest.approx(decision.double_pass) and decision.should_double
    facts = dict(_facts(ai.explain_cube(game, "no double")))
    assert facts["cube.equal"] == {"made_action": "no double", "right_action": "double"}
    line = ai.explain_cube(game, "no double").lines("en")[0]
    assert line == "Your action, no double, is worth as much as double here, to the figures shown."


def test_a_review_of_other_players_names_them_and_the_persons_own_decision_says_you():
    """A review of two other players said "Your action, no double, is the right one": the
    sentences of a review name who decided, and keep "you" for the person at the board only."""
    right = ai.Fact("cube.right.named", {"made_action": "no double", "player": "Player A"})
    assert right.text("en") == "Player A's action, no double, is the right one."
    assert right.text("fr") == "Player A a choisi « pas de double » : c’est la bonne décision."
    assert right.text("sv") == "Player A valde ”ingen dubbling”, och det är rätt."
    for language, you, line in (
        ("en", "You", "Your action, no double, is the right one."),
        ("fr", "Vous", "Votre décision, pas de double, est la bonne."),
        ("sv", "Du", "Ditt val, ingen dubbling, är rätt."),
    ):
        assert ai.Fact("cube.right.named", {"made_action": "no double", "player": you}).text(language) == line
    # 6-5 with the lone checker on 13: the hit 13/7*/2 sends the blot on the opponent's 18 point to
    # the bar (18 + 1 + 1 = 20 pips for the opponent before, 25 + 2 = 27 after); either play leaves
    # the mover's checker on its 2 point (2 pips). Hand counts.
    plays = DIRECT_SIX.legal_plays(6, 5)
    hit, quiet = next(p for p in plays if p.hits), next(p for p in plays if not p.hits)
    named = [f for f in ai.compare_plays(DIRECT_SIX, quiet, hit, names=("Anna", "Bert")) if f.key == "pips.named"]
    assert [(f.values["mine"], f.values["theirs"]) for f in named] == [(2, 20), (2, 27)]
    assert named[0].text("en") == f"Pip counts after {quiet}: Anna 2, Bert 20."
    assert named[0].text("sv") == f"Pips efter {quiet}: Anna 2, Bert 20."
    yours = [f for f in ai.compare_plays(DIRECT_SIX, quiet, hit) if f.key == "pips"]
    assert yours[1].text("en") == f"Pip counts after {hit}: you 2, your opponent 27."


def test_bad_input_is_refused():
    start = Position.initial()
    with pytest.raises(ExplainError):
        ai.explain(start, (6, 1), "13/7 13/12")  # 13/12 lands on the opponent's midpoint
    with pytest.raises(ExplainError):
        ai.explain(start, (7, 1), "13/7 8/7")
    with pytest.raises(ExplainError):
        ai.explain(start, (6, 1), start.legal_plays(5, 2)[0])
    with pytest.raises(ExplainError):
        ai.explain("start", (6, 1), "13/7 8/7")
    game = Game(position=start)
    with pytest.raises(ExplainError):
        ai.explain_cube(game, "redouble")
    with pytest.raises(ExplainError):
        ai.explain_cube(game, "take")  # nothing offered
    with pytest.raises(ExplainError):
        ai.Fact("best", {"play": "13/7 8/7"}).text("de")
    with pytest.raises(ExplainError):
        ai.money_take_point(efficiency=1.5)


def test_every_sentence_in_every_language():
    keys = [k for k in label.__globals__["_LABELS"]["en"] if k.startswith("explain.")]
    facts = _facts(ai.explain(Position.initial(), (6, 1), "24/18 24/23", level="medium"))
    for language in LANGUAGES:
        assert set(keys) <= set(label.__globals__["_LABELS"][language])
        lines = ai.explain(Position.initial(), (6, 1), "24/18 24/23", level="medium").lines(language)
        assert len(lines) == len(facts) and not any("{" in line for line in lines)


def test_a_reviewed_decision_explained():
    import bgwidget

    match = bgwidget.play_match(players=("easy", "medium"), match_length=1, seed=3)
    review = ai.review(match, "medium", progress=False)
    plays = [i for i, d in enumerate(review.decisions) if d.kind == "play" and d.mark]
    assert plays
    for index in plays[:5]:
        decision = review.decisions[index]
        explanation = ai.explain_decision(review, index)
        assert explanation.facts[0].key in ("summary", "summaryMatch")
        assert explanation.facts[0].values["error"] == pytest.approx(decision.error)
        assert all(explanation.lines(language) for language in LANGUAGES)
    with pytest.raises(ExplainError):
        ai.explain_decision(review, len(review.decisions))
    with pytest.raises(ExplainError):
        ai.explain_decision(review, plays[0], names=("only one",))
    # the match's names by default: a match of two computers is nobody's "your"
    lines = [line for i in range(len(review.decisions)) for line in ai.explain_decision(review, i).lines("en")]
    assert not any("you" in line.lower().split() or "your" in line.lower() for line in lines)
