"""GNU Backgammon (PyPI ``gnubg``, GPL, test extra only) reads ``.mat`` files beside our
:func:`~bgwidget.formats.from_mat`, and :func:`difference` says where the two readings part:
the number of games, the record (every roll, the position before every play and cube action,
every answer and accepted resignation), gnubg's Position ID and Match ID at every stop of its
navigation, and the score. Used by ``tests/test_mat_variants.py`` and ``benchmarks/corpus.py``.
Everything runs in one gnubg child process (its state is global).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from bgwidget import Match
from test_gnubg_referee import MATCH_IDS, gnubg_record, our_ids, our_record

CHILD = (
    r"""
import json, os, sys
import gnubg
"""
    + MATCH_IDS
    + r"""
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
    result[os.path.basename(path)] = {"record": record, "ids": match_ids(record)}
json.dump(result, open(out, "w"))
"""
)


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
