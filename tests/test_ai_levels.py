"""The computer's play choice: Easy is a uniformly random legal play from its own generator."""

import random
from collections import Counter

import pytest

from bgwidget import DiceError, Position, ai


def test_easy_returns_a_legal_play():
    pos = Position.initial()
    for seed in range(50):
        play = ai.choose_play(pos, (3, 1), seed=seed)
        assert play in pos.legal_plays(3, 1)


def test_easy_is_repeatable_with_a_seed_or_rng():
    pos = Position.initial()
    a = [str(ai.choose_play(pos, (6, 4), seed=7)) for _ in range(3)]
    assert len(set(a)) == 1
    r1, r2 = random.Random(5), random.Random(5)
    assert [str(ai.choose_play(pos, (6, 4), rng=r1)) for _ in range(10)] == [
        str(ai.choose_play(pos, (6, 4), rng=r2)) for _ in range(10)
    ]


def test_easy_is_roughly_uniform():
    pos = Position.initial()
    plays = pos.legal_plays(3, 1)  # 16 plays
    rng = random.Random(1)
    counts = Counter(ai.choose_play(pos, (3, 1), rng=rng) for _ in range(3200))
    assert set(counts) == set(plays)
    assert all(120 <= n <= 280 for n in counts.values())  # expected 200 each


def test_no_legal_play_gives_none():
    # FORMATS.md: two on the bar against a closed board cannot enter.
    pos = Position.from_points({"bar": 2, 6: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert ai.choose_play(pos, (6, 6), seed=1) is None


def test_bad_level_and_dice_raise():
    pos = Position.initial()
    with pytest.raises(ValueError, match="level"):
        ai.choose_play(pos, (3, 1), level="grandmaster")
    with pytest.raises(DiceError):
        ai.choose_play(pos, (0, 1))


def test_medium_and_expert_take_the_top_candidate():
    pos = Position.initial()
    for level in ("medium", "expert"):
        play = ai.choose_play(pos, (3, 1), level=level)
        assert play == ai.analyse(pos, (3, 1), level=level)[0].play
        assert str(play) == "8/5 6/5"  # the standard opening 31, by every strong program
    closed = Position.from_points({"bar": 2, 6: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})
    assert ai.choose_play(closed, (6, 6), level="expert") is None


# ---------------------------------------------------------------------- World-class: 2-ply with move filters


def test_world_class_is_a_level_at_two_ply():
    from bgwidget.ai.players import WorldClass, level_ply

    player = ai.get_player("world-class")
    assert isinstance(player, WorldClass) and player.name == "world-class"
    assert "world-class" in ai.LEVELS and level_ply("world-class") == 2


def test_world_class_plays_legal_plays_its_analysis_ranks_first():
    from bgwidget.ai import analysis
    from helpers import random_positions

    rng = random.Random(31)
    player = ai.get_player("world-class")
    for position in random_positions(60, seed=31)[::6]:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = player.choose_play(position, dice)
        plays = position.legal_plays(*dice)
        assert (play is None) == (not plays) and (play is None or play in plays)
        ranked = ai.analyse(position, dice, level="world-class")
        assert ranked == analysis.analyse(position, dice, 2)
        assert play == (ranked[0].play if ranked else None)


def test_world_class_chooses_gnubgs_two_ply_play(gnubg_nn):
    # With GNU Backgammon's 0-ply net as the evaluator, the World-class search must choose what
    # gnubg-nn's own 2-ply chooses (best_move(board, d1, d2, 2)).
    import numpy as np

    from bgwidget.ai.engines import gnubg_board
    from bgwidget.ai.evaluator import evaluate_positions
    from bgwidget.ai.players import WorldClass
    from helpers import random_positions

    def gnubg_evaluator(positions):
        return np.array(
            [
                evaluate_positions([p])[0] if p.outcome() else gnubg_nn.probabilities(gnubg_board(p), 0)
                for p in positions
            ]
        )

    rng = random.Random(7)
    player = WorldClass(gnubg_evaluator)
    agree = []
    for position in random_positions(40, 7):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if len(position.legal_plays(*dice)) < 2:
            continue
        steps = gnubg_nn.best_move(gnubg_board(position), *dice, 2)
        theirs = position.parse_play(" ".join(f"{a}/{b}" for a, b in steps), *dice)
        agree.append(player.choose_play(position, dice) == theirs)
    assert len(agree) >= 30 and sum(agree) / len(agree) >= 0.95


def test_world_class_cube_decisions_are_made_at_two_ply():
    from bgwidget import Game, Rules
    from bgwidget.ai import analysis
    from bgwidget.ai.context import Context
    from bgwidget.ai.cubeful import searched_cube_decision
    from bgwidget.ai.evaluator import evaluate_positions
    from helpers import game_positions

    for position in game_positions(40, seed=32)[10::10]:
        assert ai.evaluate(position, "world-class") == analysis.evaluate(position, 2)
        money = Game(position=position)
        searched = searched_cube_decision(position, Context(), 2, evaluate_positions)
        assert ai.game_cube_decision(money, "world-class") == searched
        match = Game(position=position, rules=Rules(match_length=5), score=(1, 2))
        away = (4, 3) if position.turn == 0 else (3, 4)
        stakes = Context(match_length=5, away=away)
        assert ai.game_cube_decision(match, "world-class") == searched_cube_decision(
            position, stakes, 2, evaluate_positions
        )
        # Searched at 2-ply: not Janowski's formulas on the 2-ply chances (tests/test_cubeful.py).
        assert searched.no_double != ai.cube_decision(analysis.evaluate(position, 2)).no_double


def test_every_level_has_a_name_in_each_language():
    from bgwidget.labels import label

    names = {"fr": ("Facile", "Moyen", "Expert", "Classe mondiale"), "sv": ("Lätt", "Medel", "Expert", "Världsklass")}
    for language in ("en", "fr", "sv"):
        words = [label(language, f"level.{level}") for level in ("easy", "medium", "expert", "world-class")]
        assert all(words) and len(set(words)) == 4
        if language in names:
            assert tuple(words) == names[language]
