"""The bgsage adapter: a Player and an analysis backend (skipped without the sage extra)."""

import random
import sys

import pytest

import bgwidget
from bgwidget import Game, Position, ai
from bgwidget.ai import sage
from bgwidget.ai.evaluator import equity
from bgwidget.ai.players import LevelError, answers_double, get_player, offers_double
from helpers import random_positions


def test_without_bgsage_the_error_says_how_to_install_it(monkeypatch):
    sage.clear_analyzers()  # a shared analyzer made earlier would hide the missing bgsage
    monkeypatch.setitem(sys.modules, "bgsage", None)  # import bgsage now raises ImportError
    try:
        with pytest.raises(ImportError, match=r"pip install 'bgwidget\[sage\]'"):
            sage.SagePlayer()
        with pytest.raises(ImportError, match=r"bgwidget\[sage\]"):
            ai.analyse(Position.initial(), (3, 1), engine="sage")
        with pytest.raises(ImportError, match=r"bgwidget\[sage\]"):
            get_player("sage")
    finally:
        sage.clear_analyzers()


@pytest.fixture(scope="module")
def bgsage():
    return pytest.importorskip("bgsage", reason="bgsage is the sage extra")


def cases(count, seed):
    rng = random.Random(seed)
    return [(position, (rng.randint(1, 6), rng.randint(1, 6))) for position in random_positions(count, seed)]


def test_plays_are_legal_on_1000_positions(bgsage):
    player = sage.SagePlayer(ply=0)
    for position, dice in cases(1000, seed=31):
        plays = position.legal_plays(*dice)
        play = player.choose_play(position, dice)
        assert (play is None) if not plays else (play in plays)
        rows = sage.analyse(position, dice, ply=0)
        assert sorted(str(c.play) for c in rows) == sorted(str(p) for p in plays)  # every legal play, once


def test_expert_depth_plays_are_legal(bgsage):
    player = get_player("sage")
    assert isinstance(player, sage.SagePlayer) and player.ply == 1 and player.name == "sage"
    for position, dice in cases(60, seed=32):
        plays = position.legal_plays(*dice)
        play = player.choose_play(position, dice)
        assert (play is None) if not plays else (play in plays)


def test_analysis_rows(bgsage):
    start = Position.initial()
    for ply in (0, 1):
        rows = ai.analyse(start, (3, 1), "medium" if ply == 0 else "expert", engine="sage")
        assert rows == sage.analyse(start, (3, 1), ply)
        assert str(rows[0].play) == "8/5 6/5" and rows[0].ply == ply and rows[0].error == 0.0
    for position, dice in cases(40, seed=33):
        rows = ai.analyse(position, dice, engine="sage")
        if not position.legal_plays(*dice):
            assert rows == []
            continue
        assert rows[0].ply == 1 and (len(rows) == 1 or rows[1].ply == 1)  # bgsage searches the top two deeper
        assert all(a.equity >= b.equity for a, b in zip(rows, rows[1:]))
        for c in rows:
            assert c.error >= 0 and c.error == pytest.approx(rows[0].equity - c.equity)
            assert c.ply in (0, 1)
            win, wg, wbg, lg, lbg = c.probabilities
            assert 0 <= wbg <= wg <= win <= 1 and 0 <= lbg <= lg <= 1 - win + 1e-9
            assert c.equity == pytest.approx(float(equity(c.probabilities)), abs=1e-5)  # cubeless


def test_one_analyzer_per_depth_is_shared(bgsage):
    assert sage.SagePlayer().analyzer is sage.SagePlayer(ply=1).analyzer is sage.analyzer(1)
    assert sage.SagePlayer(ply=0).analyzer is not sage.analyzer(1)
    with pytest.raises(ValueError, match="ply"):
        sage.SagePlayer(ply=4)


def test_cube_by_bgsage(bgsage):
    close = Game(position=Position.from_points({6: 3, 5: 3, 4: 3, 3: 3}, {6: 3, 5: 3, 4: 3, 3: 3, 2: 2}))
    far_ahead = Game(position=Position.from_points({6: 2, 5: 2, 4: 2}, {24: 2, 13: 5, 8: 3}))
    player = sage.SagePlayer()
    assert offers_double(player, close) and offers_double(player, far_ahead)
    close.double()
    far_ahead.double()
    assert answers_double(player, close) == "take" and answers_double(player, far_ahead) == "pass"


def test_sage_plays_a_match(bgsage):
    match = bgwidget.play_match((sage.SagePlayer(ply=0), "medium"), games=2, seed=3, beavers=True)
    assert len(match.games) == 2 and all(game.result is not None for game in match.games)
    assert match.names == ("sage", "medium")
    with pytest.raises(LevelError):
        ai.analyse(Position.initial(), (3, 1), level=object(), engine="sage")
