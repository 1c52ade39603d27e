"""SGF, GNU Backgammon's own format, checked against GNU Backgammon both ways.

``tests/data/sgf/gnubg-{3,5,7}pt.sgf[.gz]`` are matches that Debian's ``gnubg`` 1.07 played
against itself (both players at 0 ply, ``set seed`` 7, 3 and 5; its default names, "gnubg" for
player 0 and "root" for player 1), saved with ``save match`` and exported with ``export match
mat`` (the ``.mat`` beside each); the 3-point file keeps gnubg's analysis properties. The PyPI
``gnubg`` package crashes (segfault) on ``load match`` of an SGF, so the live checks drive the
command-line program (``apt-get install gnubg``, which ``scripts/test`` installs) and are
skipped when it is absent.
"""

from __future__ import annotations

import contextlib
import gzip
import io
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bgwidget import Match, Rules
from bgwidget.formats import FormatError, from_mat, from_sgf, to_mat, to_sgf
from helpers import fuzz_scale
from test_formats import random_match

DATA = Path(__file__).parent / "data" / "sgf"
GNUBG = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")


def gnubg_file(points: int):
    """The text, path or file object of a gnubg-written match (the source kinds a reader takes)."""
    if points == 3:
        return DATA / "gnubg-3pt.sgf"
    return gzip.open(DATA / f"gnubg-{points}pt.sgf.gz")  # a binary file object


def played(match: Match) -> list[tuple[list[dict], object, tuple[int, int], bool]]:
    """Each game's rolls, plays and cube actions, its result, its starting score and Crawford flag
    (resignation offers left out: neither .mat nor SGF holds a declined one)."""
    return [
        (
            [a for a in game.record if a["type"] not in ("resign", "accept", "decline")],
            game.result,
            game.score,
            game.crawford,
        )
        for game in match.games
    ]


# ---------------------------------------------------------------------- gnubg's files into ours


@pytest.mark.parametrize("points, score, games", [(3, (0, 5), 2), (5, (7, 3), 5), (7, (8, 4), 6)])
def test_gnubg_matches_read_as_gnubg_exports_them(points, score, games):
    match = from_sgf(gnubg_file(points))
    exported = from_mat((DATA / f"gnubg-{points}pt.mat").read_text())
    assert (match.length, match.score, len(match.games), match.is_over) == (points, score, games, True)
    assert match.names == ("root", "gnubg")  # PB is gnubg's player 1, our seat 0
    assert played(match) == played(exported)


def test_gnubg_match_details_hand_checked():
    match = from_sgf((DATA / "gnubg-3pt.sgf").read_text())
    first = match.games[0]
    # ;B[21lnab]: Black (seat 0) wins the opening 2-1 and plays 13/11 24/23; ;W[52mhxv]: 13/8 24/22.
    assert first.record[:4] == [
        {"type": "opening", "dice": [2, 1]},
        {"type": "move", "seat": 0, "play": "24/23 13/11"},
        {"type": "roll", "seat": 1, "dice": [5, 2]},
        {"type": "move", "seat": 1, "play": "24/22 13/8"},
    ]
    # ;W[double] ;B[drop] ends game 1 (RE[W+1]); game 2 ends RE[W+4R]: Black resigns at cube 4.
    assert first.record[-2:] == [{"type": "double", "seat": 1, "cube": 2}, {"type": "pass", "seat": 0}]
    assert (first.result.winner, first.result.points, first.result.how) == (1, 1, "pass")
    second = match.games[1]
    assert (second.cube_value, second.result.points, second.result.how) == (4, 4, "resigned")
    seven = from_sgf(gnubg_file(7))
    assert [game.crawford for game in seven.games] == [False, False, True, False, False, False]  # RU[...:CrawfordGame]


def test_reader_takes_text_path_and_file_objects_alike():
    text = (DATA / "gnubg-3pt.sgf").read_text()
    kinds = [text, DATA / "gnubg-3pt.sgf", io.StringIO(text), io.BytesIO(text.encode())]
    assert len({to_sgf(from_sgf(source)) for source in kinds}) == 1


# ---------------------------------------------------------------------- ours, both ways


@pytest.mark.parametrize("seed, length", [(1, 5), (2, 1), (3, 9), (4, 0)])
def test_round_trip_is_identical(seed, length):
    match = random_match(seed, length, games=3, max_cube=256 if length == 0 else 64)
    text = to_sgf(match)
    back = from_sgf(text)
    assert played(back) == played(match)
    assert (back.rules, back.names, back.score) == (match.rules, match.names, match.score)
    assert to_sgf(back) == text


def test_money_session_with_beavers_raccoons_and_jacoby_round_trips():
    match = random_match(6, 0, games=6, drop_beavers=False, jacoby=True, beavers=True, max_cube=1024)
    assert any(a["type"] == "raccoon" for game in match.games for a in game.record)
    back = from_sgf(to_sgf(match))
    assert played(back) == played(match) and back.rules == match.rules


def test_unfinished_game_and_names_read_back(tmp_path):
    match = Match(length=3, seed=9, crawford=False, names=("Bo]b \\ x", "A:ce"))
    game = match.game
    game.roll((3, 1))  # seat 0 wins the opening
    game.play("8/5 6/5")
    game.roll((6, 6))  # rolled, not yet played: ;PL[W]DI[66]
    text = to_sgf(match, path=tmp_path / "m.sgf")
    assert (tmp_path / "m.sgf").read_text() == text and text.endswith(";B[31qtst]\n;PL[W]DI[66])\n")
    back = from_sgf(text, seed=1)
    assert back.names == match.names and not back.rules.crawford
    assert (back.game.phase, back.game.turn, back.game.dice_left) == ("move", 1, (6, 6, 6, 6))
    assert back.game.position == match.game.position


def test_set_up_games_are_refused():
    match = Match(length=0, seed=1)
    match.play_from(Match(seed=2).game.start_position)
    with pytest.raises(FormatError, match="set up from a position"):
        to_sgf(match)


@pytest.mark.skipif(GNUBG is None, reason="Debian's gnubg program is not installed")
@pytest.mark.parametrize("seed, length", [(11, 5), (12, 7), (13, 0)])
def test_ours_load_into_gnubg_as_played(tmp_path, seed, length):
    match = random_match(seed, length, games=3)
    ours, exported, saved = tmp_path / "ours.sgf", tmp_path / "gnubg.mat", tmp_path / "gnubg.sgf"
    to_sgf(match, path=ours)
    commands = f"load match {ours}\nexport match mat {exported}\nsave match {saved}\n"
    subprocess.run([GNUBG, "-t", "-q"], input=commands, text=True, capture_output=True, timeout=120, check=True)
    assert played(from_mat(exported.read_text())) == played(match)  # gnubg replayed every game as we did
    assert played(from_sgf(saved)) == played(match)  # and writes it back as we read it


@pytest.mark.skipif(GNUBG is None, reason="Debian's gnubg program is not installed")
def test_gnubg_reads_what_gnubg_exports_of_our_mat(tmp_path):
    match = random_match(21, 3)
    (tmp_path / "ours.mat").write_text(to_mat(match))
    saved = tmp_path / "gnubg.sgf"
    commands = f"import mat {tmp_path / 'ours.mat'}\nsave match {saved}\n"
    subprocess.run([GNUBG, "-t", "-q"], input=commands, text=True, capture_output=True, timeout=120, check=True)
    assert played(from_sgf(saved)) == played(match)


def resigned_after_a_roll(rules: Rules) -> Match:
    """A 3-point match whose first game ends when the top player rolls 62 and resigns."""
    match = Match.with_rules(rules, seed=4)
    game = match.game
    game.roll((3, 1))  # seat 0 wins the opening
    game.play("8/5 6/5")
    game.roll((6, 2))
    game.resign(1)
    game.accept()
    return match


def test_a_roll_then_a_resignation_round_trips():
    """Issue 33: the roll before a resignation was dropped (or the file did not load)."""
    match = resigned_after_a_roll(Rules(match_length=3))
    text = to_sgf(match)
    # As gnubg itself saves it (checked with Debian's gnubg 1.07: ``save match`` after "Rolled 24,
    # resigns single game"): the roll as PL/DI, the resignation in RE's R.
    assert text.endswith("RE[B+1R]\n;B[31qtst]\n;PL[W]DI[62])\n")
    back = from_sgf(text)
    assert played(back) == played(match) and back.game.result == match.game.result
    assert to_sgf(back) == text


def test_play_without_the_cube_is_written_as_gnubg_writes_it():
    """``Rules(cube=False)`` is gnubg's ``set cube use off``: ``RU[NoCube:...]`` (gnubg 1.07's
    ``save match`` writes ``RU[NoCube:Crawford]`` in a match, ``RU[NoCube:Jacoby]`` for money
    with its Jacoby setting on, which has no meaning without the cube)."""
    match = resigned_after_a_roll(Rules(match_length=3, cube=False))
    text = to_sgf(match)
    assert "RU[NoCube:Crawford]" in text
    assert from_sgf(text).rules == match.rules
    gnubg_money = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[gnubg]PB[root]RU[NoCube:Jacoby])"
    assert from_sgf(gnubg_money).rules == Rules(cube=False)
    assert from_sgf(GOOD).rules.cube


@pytest.mark.skipif(GNUBG is None, reason="Debian's gnubg program is not installed")
def test_gnubg_keeps_a_roll_before_a_resignation_and_no_cube(tmp_path):
    match = resigned_after_a_roll(Rules(match_length=3, cube=False))
    ours, saved, mat, exported = (tmp_path / name for name in ("ours.sgf", "gnubg.sgf", "ours.mat", "gnubg.mat"))
    to_sgf(match, path=ours)
    to_mat(match, path=mat)
    commands = f"load match {ours}\nsave match {saved}\nimport mat {mat}\nexport match mat {exported}\n"
    subprocess.run([GNUBG, "-t", "-q"], input=commands, text=True, capture_output=True, timeout=120, check=True)
    back = from_sgf(saved)
    assert played(back) == played(match) and back.rules == match.rules
    # gnubg's .mat import skips the Cube tag it does not know, and its export keeps it.
    assert '; [Cube "Off"]' in exported.read_text() and not from_mat(exported.read_text()).rules.cube


# ---------------------------------------------------------------------- refusals

GOOD = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]RU[Crawford]\n;B[21lnab]\n;W[52mhxv])"


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "no game tree"),
        ("(;FF[4]GM[1])", "no backgammon game"),
        ("(;GM[6]", "expected '\\)'"),
        ("(;GM[6]MI[length:3", "line 1, column 19: a value is not closed"),
        ("(;GM[6]PB)", "has no value"),
        ("(;GM[6]) x", "expected '\\('"),
        (GOOD.replace("lnab", "lnaz"), "game 1, node 2"),
        (GOOD.replace("21lnab", "22lnab"), "opening roll cannot be doubles"),
        (GOOD.replace("mhxv", "mh"), "not finished"),
        (GOOD.replace("mhxv", "m!xv"), "not a move"),
        (GOOD.replace("W[52mhxv]", "B[take]"), "game 1, node 3"),
        (GOOD.replace("W[52mhxv]", "AB[a]"), "set-up properties"),
        (GOOD.replace("RU[Crawford]", "RE[W+1]"), "the game is not over"),
        (GOOD.replace("RU[Crawford]", "RE[Q+1]"), "is not 'B\\+n'"),
        (GOOD.replace("length:3", "length:x"), "match length is a whole number"),
        (GOOD.replace("[bs:0]", "[bs:2]"), "MI gives the score"),
        (GOOD + GOOD, "game 2: .*still in play|game 2"),
        (GOOD.replace("MI[", "MI[maxcube:3]["), "max_cube"),
        ("(;GM[6]" + "(;" * 5000, "nested too deeply"),
    ],
)
def test_malformed_sgf_is_refused_with_the_reason(text, reason):
    with pytest.raises(FormatError, match=reason):
        from_sgf(text)


def test_a_result_that_contradicts_the_game_is_refused():
    match = random_match(2, 1)
    text = to_sgf(match)
    winner = "B" if match.winner == 0 else "W"
    other = "W" if winner == "B" else "B"
    with pytest.raises(FormatError, match="RE"):
        from_sgf(text.replace(f"RE[{winner}+", f"RE[{other}+"))


SAMPLE = to_sgf(random_match(5, 3))
ALPHABET = "()[];\\:+ \nBWGMIRUEPLDAaxyz0123456789"


@settings(max_examples=1500 * fuzz_scale(), deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(
    st.lists(st.tuples(st.integers(0, len(SAMPLE)), st.integers(0, 3), st.text(ALPHABET, max_size=4)), max_size=4),
    st.text(ALPHABET, max_size=60),
)
def test_fuzzed_sgf_reads_or_is_refused(edits, noise):
    """Edited files and random text: a Match or a FormatError, never another exception."""
    for text in (SAMPLE, noise, "(;GM[6]" + noise + ")"):
        for at, cut, insert in edits:
            text = text[:at] + insert + text[at + cut :]
        with contextlib.suppress(FormatError):
            assert isinstance(from_sgf(text), Match)
