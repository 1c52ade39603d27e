"""Real match files (``tests/data/corpus/``, origins and licences in its ``SOURCES.md``) read by
our :func:`~bgwidget.formats.from_mat` and by GNU Backgammon (PyPI ``gnubg``, GPL, test extra only).

For every file gnubg reads, ours must give the same match: the same number of games, the same
record (every roll, the position before every play and cube action, every answer and accepted
resignation), gnubg's Position ID and Match ID at every stop of its navigation, and the same score.
Files gnubg refuses are listed in :data:`GNUBG_REFUSES` with its reason; ours must refuse them too
with a :class:`~bgwidget.formats.FormatError`.

:data:`KNOWN_DIFFERENCES` lists the files our reader still gets wrong, each with the fault class
of issue 12 behind it; the test asserts that each one *still* differs, so a fix fails it until its
entry is removed. Everything runs in one gnubg child process (its state is global).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bgwidget import Match
from bgwidget.formats import FormatError, from_mat
from test_gnubg_referee import gnubg_record, our_ids, our_record

pytest.importorskip("gnubg", reason="GNU Backgammon (gnubg) is in the test extra")

CORPUS = Path(__file__).parent / "data" / "corpus"
FILES = sorted(path.name for path in CORPUS.glob("*.mat"))

GNUBG_REFUSES: dict[str, str] = {}
"""File -> gnubg's words when it reads no game from it (none in today's corpus)."""

# The differences left in the corpus (each file is listed by the first one it meets). Galaxy's
# 'Losses' lines, 'Wins N and the match', '*' on grouped steps and empty numbered lines now read
# as gnubg reads them (issue 12, faults 1 and 2).
RESIGN_DICE = (
    "Match ID after a resignation that follows a roll: gnubg keeps the dice in the finished game's "
    "Match ID, ours clears them (formats/matchid.py, not the reader)"
)
RESIGN_TURN = (
    "Match ID after a resignation by the side not on roll (Galaxy: 'Losses' then 'Wins' after the "
    "winner's play): gnubg's ID has the resigning side's turn, ours the side on roll (formats/matchid.py)"
)

KNOWN_DIFFERENCES: dict[str, str] = {
    "galaxy-048.mat": RESIGN_TURN,
    "gnubg-002.mat": RESIGN_DICE,
    "studio-012.mat": RESIGN_DICE,
    "studio-015.mat": RESIGN_DICE,
    "studio-020.mat": RESIGN_DICE,
    "studio-021.mat": RESIGN_DICE,
    "studio-022.mat": RESIGN_DICE,
}
"""File -> the fault class (issue 12) that still makes our reading differ from gnubg's."""

CHILD = r"""
import json, os, sys
import gnubg
for command in ("set threads 1", "set sound enable off", "set display off",
                "set player 0 human", "set player 1 human"):
    gnubg.command(command)
out, result = sys.argv[1], {}
for path in sys.argv[2:]:
    gnubg.command("new match 1")  # a refused file leaves this empty match behind
    sys.stdout.flush()
    os.write(1, ("\n@@@ " + os.path.basename(path) + "\n").encode())
    gnubg.command("import mat " + path)
    record = gnubg.match(analysis=False, boards=True, statistics=False, verbose=False)
    if not record or not any(game["game"] for game in record["games"]):
        result[os.path.basename(path)] = None
        continue
    ids = []  # per game: "PositionID:MatchID" at each stop of gnubg's navigation, then at the end
    gnubg.navigate(game=-1000)
    for game in record["games"]:
        ids.append([gnubg.positionid() + ":" + gnubg.matchid()])
        for _ in range(2000):
            if gnubg.navigate(next=1) is not None:  # None while it moved
                break
            ids[-1].append(gnubg.positionid() + ":" + gnubg.matchid())
        gnubg.navigate(game=1)
    result[os.path.basename(path)] = {"record": record, "ids": ids}
json.dump(result, open(out, "w"))
"""


def read_with_gnubg(paths: list[Path]) -> dict[str, dict | str]:
    """Per file name: gnubg's record and IDs, or (a refused file) what gnubg printed reading it."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "gnubg.json"
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(out), *map(str, paths)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        result = json.loads(out.read_text())
    said = {}  # gnubg's words per file, split at the child's markers
    for chunk in (done.stdout + done.stderr).split("\n@@@ ")[1:]:
        name, _, text = chunk.partition("\n")
        said[name] = text
    return {path.name: result[path.name] or said.get(path.name, "") for path in paths}


@pytest.fixture(scope="module")
def gnubg_reading() -> dict[str, dict | str]:
    return read_with_gnubg([CORPUS / name for name in FILES])


def difference(ours: Match, theirs: dict) -> str | None:
    """The first way our match differs from gnubg's reading of the same file, or None."""
    record = gnubg_record(theirs["record"])
    info = theirs["record"]["match-info"]
    if ours.length != info["match-length"]:
        return f"match length {ours.length}, gnubg {info['match-length']}"
    if len(ours.games) != len(record):
        return f"{len(ours.games)} games, gnubg {len(record)}"
    mine, ids = our_record(ours), our_ids(ours)
    for number, (a, b) in enumerate(zip(mine, record), 1):
        if a["score"] != b["score"]:
            return f"game {number}: score before {a['score']}, gnubg {b['score']}"
        for step, (x, y) in enumerate(zip(a["actions"], b["actions"]), 1):
            if x != y:
                return f"game {number}, action {step}: {x}, gnubg {y}"
        if len(a["actions"]) != len(b["actions"]):
            return f"game {number}: {len(a['actions'])} actions, gnubg {len(b['actions'])}"
        if (a["winner"], a["points"]) != (b["winner"], b["points"]):
            return f"game {number}: won by {a['winner']} for {a['points']}, gnubg {b['winner']} for {b['points']}"
        stops = gnubg_stops(theirs, number)
        if ids[number - 1] != stops:
            at = next(i for i, (p, q) in enumerate(zip(ids[number - 1] + [""], stops + [""])) if p != q)
            return f"game {number}: IDs differ at stop {at}"
    final = record[-1]
    score = list(final["score"])
    if final["winner"] is not None:
        score[final["winner"]] += final["points"]
    if ours.score != tuple(score):
        return f"final score {ours.score}, gnubg {tuple(score)}"
    return None


def gnubg_stops(theirs: dict, number: int) -> list[str]:
    """gnubg's IDs in game ``number`` without the stop at each record of dice set but not played
    (a roll then a resignation: gnubg keeps the roll as its own record; ours is the resignation's)."""
    actions = theirs["record"]["games"][number - 1]["game"]
    stops = theirs["ids"][number - 1]
    return [stop for i, stop in enumerate(stops) if i >= len(actions) or actions[i]["action"] != "set"]


def our_reading(name: str) -> Match | str:
    """Our match from the file, or the FormatError's message."""
    try:
        return from_mat((CORPUS / name).read_text(encoding="utf-8"))
    except FormatError as error:
        return f"FormatError: {error}"


def test_the_corpus_has_100_files_from_three_writers_each_with_its_source():
    sources = (CORPUS / "SOURCES.md").read_text()
    assert len(FILES) >= 100
    assert {name.split("-")[0] for name in FILES} >= {"galaxy", "studio", "gnubg"}
    assert [name for name in FILES if f"`{name}`" not in sources] == []
    assert set(KNOWN_DIFFERENCES) <= set(FILES) and set(GNUBG_REFUSES) <= set(FILES)


@pytest.mark.parametrize("name", FILES)
def test_we_read_each_file_as_gnubg_does(gnubg_reading, name):
    theirs = gnubg_reading[name]
    ours = our_reading(name)
    if name in GNUBG_REFUSES:
        assert isinstance(theirs, str), f"gnubg now reads {name}: move it out of GNUBG_REFUSES"
        assert isinstance(ours, str), f"gnubg refuses {name} ({GNUBG_REFUSES[name]}), we read it"
        return
    assert isinstance(theirs, dict), f"gnubg read no game from {name}: {theirs[-500:]}"
    found = ours if isinstance(ours, str) else difference(ours, theirs)
    if name in KNOWN_DIFFERENCES:
        assert found is not None, f"{name} now reads as gnubg does: remove it from KNOWN_DIFFERENCES"
    else:
        assert found is None, found
