"""Real match files, read by our ``from_mat`` and by GNU Backgammon (the test extra's ``gnubg``).

The corpus is ``../shared/corpus/`` beside the repository (not in it: its README gives each file's
source and licence): 672 public ``.mat`` files from Backgammon Galaxy (``galaxy/``, and
``galaxy-noname/``: a player's name empty), Backgammon Studio (``studio/``) and GNU Backgammon
(``gnubg/``). Every file must read as gnubg reads it (``gnubg_compare.verdict``: the same games,
the same position, dice and cube at every action, gnubg's Position and Match ID at every stop,
the same scores), or differ only where gnubg departs from the file, by a rule of
``gnubg_compare.TOLERANCES`` (each file listed below with its rule), or be refused by both.

A file with an empty left-hand name leaves gnubg's player table corrupt (the next ``new match``
aborts its process); ``gnubg_compare`` sets the players afresh before each file, so ``galaxy-noname/``
is read in the same gnubg process as the others. The files are shared among two processes: about
a minute on two cores (``benchmarks/corpus.py`` prints the same verdicts, with counts per writer).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bgwidget.formats import FormatError, from_mat

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
FOLDERS = {"galaxy": 589, "galaxy-noname": 11, "studio": 71, "gnubg": 1}  # the corpus README's counts

# Every file that does not read exactly as gnubg reads it, and why (read in the files themselves).
NOT_THE_SAME = {
    # A dance written as an empty cell ("66:"), then "Losses 1 point" on a line of its own, then
    # the Wins: gnubg records the dance twice, then the resignation.
    "galaxy-12168993.mat": "tolerated: dance recorded twice",
    "galaxy-3222030.mat": "tolerated: dance recorded twice",
    "galaxy-5783992.mat": "tolerated: dance recorded twice",
    "galaxy-7841694.mat": "tolerated: dance recorded twice",
    # "24) 43: 21/18 18/14      24)  Losses 2 point      Wins 2 point and the match": gnubg stops at
    # the second "24)" and leaves game 2 unfinished; the right-hand player wins it and the match.
    "galaxy-2900236.mat": "tolerated: end after a second line number",
    # Game 1's only cells are "Losses 3 point" and "Wins 3 point and the match": no roll at all.
    "galaxy-3831101.mat": "refused by both: line 20: 'Wins 3 point and the match' comes before any roll",
}


def corpus_files() -> list[Path]:
    # Absent, the test fails (CI runs a clean clone beside ../shared): it is never skipped.
    assert CORPUS.is_dir(), f"the match corpus is not at {CORPUS} (../shared/corpus beside the repository)"
    return sorted(CORPUS.glob("*/*.mat"))


@pytest.fixture(scope="module")
def verdicts() -> dict[str, str]:
    pytest.importorskip("gnubg", reason="GNU Backgammon (gnubg) is in the test extra")
    from gnubg_compare import verdicts

    return verdicts(corpus_files(), processes=2)


def test_the_corpus_holds_its_files():
    files = corpus_files()
    assert {folder: sum(path.parent.name == folder for path in files) for folder in FOLDERS} == FOLDERS
    assert len({path.name for path in files}) == len(files)  # verdicts are by name


def test_every_file_reads_as_gnubg_reads_it(verdicts):
    wrong = {}
    for name, verdict in verdicts.items():
        expected = NOT_THE_SAME.get(name, "same")
        if not verdict.startswith(expected):
            wrong[name] = f"{verdict} (expected {expected})"
    assert not wrong, "\n".join(f"{name}: {why}" for name, why in sorted(wrong.items()))


def test_every_tolerance_is_met_and_named(verdicts):
    from gnubg_compare import TOLERANCES

    met = {verdict.removeprefix("tolerated: ") for verdict in verdicts.values() if verdict.startswith("tolerated")}
    assert met == set(TOLERANCES)


def test_a_resignation_joined_to_the_line_before_ends_the_game_as_written():
    match = from_mat(CORPUS / "galaxy" / "galaxy-2900236.mat")
    # Game 2 starts at 0-1 (right-hand player B 1) in a 3-point match; "Wins 2 point and the match"
    # in the third column, the right-hand player's: B wins 2 and the match, 3-0.
    last = match.games[-1]
    assert last.score == (1, 0) and last.result is not None
    assert (last.result.winner, last.result.points, last.result.how) == (0, 2, "resigned")
    assert match.score == (3, 0) and match.is_over
    # The line's own play, 43 by the left-hand player, comes first.
    assert last.record[-4:-2] == [
        {"type": "roll", "seat": 1, "dice": [4, 3]},
        {"type": "move", "seat": 1, "play": "21/14*"},  # 21/18 18/14, the file's steps as one checker
    ]


def test_a_game_won_before_any_roll_is_refused_with_the_reason():
    with pytest.raises(FormatError, match=re.escape("line 20: 'Wins 3 point and the match' comes before any roll")):
        from_mat(CORPUS / "galaxy" / "galaxy-3831101.mat")
