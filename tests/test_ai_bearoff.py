"""The exact bear-off database against GNU Backgammon's (gnubg-nn) and hand-checked values."""

import threading
from functools import cache
from pathlib import Path

import gnubg_nn
import numpy as np
import pytest

from bgwidget import Position
from bgwidget.ai import bearoff


@pytest.fixture(scope="module")
def db():
    return bearoff.database()


def reference_tables(max_pips: int) -> tuple[list[int], np.ndarray, np.ndarray]:
    """The rows of the positions of up to ``max_pips`` pips (their indexes, then both tables' rows),
    the straightforward way, position by position in Python (as bgwidget first did): the expected
    rolls of each position from those of lower pip counts, each roll played (die by die, four for
    doubles) to the reachable position of least expectation, ties to the step from the highest
    point; then each distribution from those of the positions the 21 rolls lead to. Positions of
    up to so many pips lead only to each other: the rows are those of the whole tables."""
    everything = bearoff.all_positions()
    kept = [k for k, row in enumerate(everything) if row @ np.arange(1, 7) <= max_pips]
    positions = [tuple(int(v) for v in everything[k]) for k in kept]
    index = {p: i for i, p in enumerate(positions)}
    rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
    weights = [(1 if a == b else 2) / 36 for a, b in rolls]

    def steps(pos, die):
        highest = max(i for i in range(6) if pos[i])
        for i in range(highest, -1, -1):
            if pos[i] and (i >= die or i + 1 == die or i == highest):
                after = list(pos)
                after[i] -= 1
                if i >= die:
                    after[i - die] += 1
                yield index[tuple(after)]

    def table(terminal):
        expect = {}

        @cache
        def play(i, dice):
            """(expectation, position) after playing ``dice`` in order from i, each step the best."""
            if terminal(positions[i]) or not dice:
                return expect[i], i
            return min((play(j, dice[1:]) for j in steps(positions[i], dice[0])), key=lambda found: found[0])

        order = sorted(range(len(positions)), key=lambda i: sum((k + 1) * c for k, c in enumerate(positions[i])))
        dist = np.zeros((len(positions), bearoff.MAX_ROLLS))
        for i in order:
            if terminal(positions[i]):
                expect[i], dist[i, 0] = 0.0, 1.0
                continue
            ends = []
            for a, b in rolls:
                if a == b:
                    ends.append(min((play(j, (a, a, a)) for j in steps(positions[i], a)), key=lambda f: f[0]))
                else:
                    ab = min((play(j, (b,)) for j in steps(positions[i], a)), key=lambda f: f[0])
                    ba = min((play(j, (a,)) for j in steps(positions[i], b)), key=lambda f: f[0])
                    ends.append(ab if ab[0] <= ba[0] else ba)
            total = 0.0
            for weight, (value, _) in zip(weights, ends):
                total = total + weight * value
            expect[i] = 1.0 + total
            row = np.zeros(bearoff.MAX_ROLLS - 1)
            for weight, (_, j) in zip(weights, ends):
                row = row + weight * dist[j, :-1]
            dist[i, 1:] = row
        return dist

    return kept, table(lambda p: sum(p) == 0), table(lambda p: sum(p) < 15)


def test_the_tables_equal_the_straightforward_computation(db):
    # Every position of up to 30 pips (7,250, 408 of them with 15 checkers); all of them would take minutes.
    kept, rolls, first_off = reference_tables(30)
    assert len(kept) == 7250
    assert np.array_equal(db[0][kept], rolls) and np.array_equal(db[1][kept], first_off)  # every entry, to the bit


def test_index_is_a_bijection():
    positions = bearoff.all_positions()
    assert len(positions) == bearoff.N_POSITIONS == 54264
    index = bearoff.position_index(positions)
    assert sorted(index) == list(range(bearoff.N_POSITIONS))


def test_index_rejects_bad_positions():
    with pytest.raises(ValueError):
        bearoff.position_index([[16, 0, 0, 0, 0, 0]])
    with pytest.raises(ValueError):
        bearoff.position_index([[-1, 0, 0, 0, 0, 0]])


def test_hand_checked_distributions(db):
    rolls, first_off = db
    at = lambda home: bearoff.position_index([home])[0]  # noqa: E731
    # One checker on the 1 point: one roll. Two on the 6 point: only 66, 55, 44 and 33 take
    # both off in one roll (4/36).
    assert rolls[at([1, 0, 0, 0, 0, 0]), 1] == pytest.approx(1.0)
    assert rolls[at([0, 0, 0, 0, 0, 2]), 1] == pytest.approx(4 / 36)
    assert rolls[at([0, 0, 0, 0, 0, 0]), 0] == 1.0
    # Two on the 1 point: any roll.
    assert rolls[at([2, 0, 0, 0, 0, 0]), 1] == pytest.approx(1.0)
    # 15 checkers on the 1 point: 8 rolls without doubles; the first checker goes off at once.
    assert rolls[at([15, 0, 0, 0, 0, 0]), 8] == pytest.approx((30 / 36) ** 7)
    assert first_off[at([15, 0, 0, 0, 0, 0]), 1] == pytest.approx(1.0)
    # Any position with a checker off needs no roll to have borne one off.
    assert first_off[at([3, 0, 0, 0, 0, 0]), 0] == 1.0
    np.testing.assert_allclose(rolls.sum(axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(first_off.sum(axis=1), 1.0, atol=1e-12)


def test_one_sided_distributions_match_gnubg(db):
    rolls, _ = db
    positions = bearoff.all_positions()
    rng = np.random.default_rng(3)
    worst, worst_mean = 0.0, 0.0
    for k in rng.integers(1, bearoff.N_POSITIONS, 2000):
        # gnubg-nn lists the chances of 1, 2, ... rolls, stored to 16 bits.
        theirs = np.array(gnubg_nn.bearoff_probabilities(tuple(int(v) for v in positions[k])))
        ours = rolls[k, 1 : len(theirs) + 1]
        worst = max(worst, np.abs(ours - theirs).max(), rolls[k, len(theirs) + 1 :].sum())
        mean_ours = (rolls[k] * np.arange(bearoff.MAX_ROLLS)).sum()
        worst_mean = max(worst_mean, abs(mean_ours - (theirs * np.arange(1, len(theirs) + 1)).sum()))
    assert worst < 1e-3
    assert worst_mean < 5e-4


def random_home(rng, checkers):
    return [int(v) for v in rng.multinomial(checkers, [1 / 6] * 6)]


def test_two_sided_chances_match_gnubg(db):
    rng = np.random.default_rng(4)
    positions = []
    for k in range(600):
        gammonish = k % 3 == 0  # a short bear-off against 15 checkers: gammons are likely
        mine = random_home(rng, int(rng.integers(1, 6 if gammonish else 16)))
        if gammonish:
            theirs = [0, 0, 0] + [int(v) for v in rng.multinomial(15, [1 / 3] * 3)]
        else:
            theirs = random_home(rng, int(rng.integers(1, 16)))
        pos = Position(mine + [0] * 19, theirs + [0] * 19)
        positions.append(pos.swap() if k % 2 else pos)
    boards = np.array([[p.player, p.opponent] for p in positions])
    ours = bearoff.race_probabilities(boards)
    theirs = np.array([gnubg_nn.probabilities(gnubg_nn.board_from_position_id(p.position_id()), 0) for p in positions])
    diff = np.abs(ours - theirs)
    # gnubg uses an exact two-sided database for small positions, so win chances may differ
    # slightly there; gammon chances come from the same one-sided method.
    assert diff.mean(axis=0).max() < 5e-4
    assert diff.max() < 0.01
    assert (theirs[:, 1] > 0.01).sum() > 30 and (theirs[:, 3] > 0.01).sum() > 30  # gammons were tested
    assert (ours[:, [2, 4]] == 0).all()


def test_race_probabilities_rejects_contact_and_finished_games():
    with pytest.raises(ValueError):
        bearoff.race_probabilities(np.array([[Position.initial().player, Position.initial().opponent]]))
    done = Position.from_points({1: 1}, {})
    with pytest.raises(ValueError):
        bearoff.race_probabilities(np.array([[done.player, done.opponent]]))


def test_empty_cache_variable_means_the_platform_cache(monkeypatch):
    import platformdirs

    monkeypatch.setenv("BGWIDGET_CACHE", "")
    expected = Path(platformdirs.user_cache_dir("bgwidget")) / f"bearoff-v{bearoff.CACHE_VERSION}.npz"
    assert bearoff.cache_path() == expected
    monkeypatch.setenv("BGWIDGET_CACHE", "/somewhere")
    assert bearoff.cache_path() == Path("/somewhere") / f"bearoff-v{bearoff.CACHE_VERSION}.npz"


def test_the_first_build_warns_once_when_the_cache_cannot_be_written(db, tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("BGWIDGET_CACHE", str(blocker / "cache"))  # mkdir under a file fails
    with pytest.warns(RuntimeWarning) as warned:
        rolls, first_off = bearoff.database.__wrapped__()  # the build itself, past the process's cache
    assert len(warned) == 1 and "cannot be written" in str(warned[0].message)
    assert str(blocker / "cache") in str(warned[0].message)
    assert capsys.readouterr().err == ""  # the board says it prepares the tables (test_busy.py), not stderr
    # The same tables as the cached ones (checked against gnubg above).
    assert np.array_equal(rolls, db[0]) and np.array_equal(first_off, db[1])


def test_loading_the_cache_says_nothing(db, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("BGWIDGET_CACHE", str(tmp_path))
    path = bearoff.cache_path()
    np.savez_compressed(path, rolls=db[0], first_off=db[1])
    rolls, _ = bearoff.database.__wrapped__()
    assert capsys.readouterr().err == ""
    assert np.array_equal(rolls, db[0])


def test_without_threads_the_cache_is_written_before_the_tables_return(db, tmp_path, monkeypatch):
    """Pyodide (JupyterLite) starts no thread: the file is then written at once, not lost."""

    def no_thread(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setenv("BGWIDGET_CACHE", str(tmp_path))
    monkeypatch.setattr(threading.Thread, "start", no_thread)
    rolls, _ = bearoff.database.__wrapped__()
    with np.load(bearoff.cache_path()) as cached:
        assert np.array_equal(cached["rolls"], rolls) and np.array_equal(rolls, db[0])


@pytest.mark.parametrize("damage", ["empty", "cut short"])
def test_a_damaged_cache_is_rebuilt(db, tmp_path, monkeypatch, damage):
    """An empty file, or an archive cut short (a disk filled while another process wrote it), is
    rebuilt, not an error (both raised through np.load before: EOFError, zipfile.BadZipFile)."""
    monkeypatch.setenv("BGWIDGET_CACHE", str(tmp_path))
    path = bearoff.cache_path()
    np.savez_compressed(path, rolls=db[0], first_off=db[1])
    path.write_bytes(b"" if damage == "empty" else path.read_bytes()[:200_000])
    rolls, first_off = bearoff.database.__wrapped__()
    assert np.array_equal(rolls, db[0]) and np.array_equal(first_off, db[1])
