"""GNU Backgammon (PyPI ``gnubg``, GPL, test extra only) reads ``.mat`` files beside our
:func:`~bgwidget.formats.from_mat`, and :func:`difference` says where the two readings part:
the number of games, the record (every roll, the position before every play and cube action,
every answer and accepted resignation), gnubg's Position ID and Match ID at every stop of its
navigation, and the score. :data:`TOLERANCES` names the ways gnubg departs from what a file
says, and :func:`verdict` applies them; :func:`verdicts` judges many files on several processes.
Used by ``tests/test_mat_variants.py``, ``tests/test_corpus.py`` and ``benchmarks/corpus.py``.

gnubg's state is global, so it runs in child processes, each reading a share of the files.
"""

from __future__ import annotations

import json
import multiprocessing
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bgwidget import Match
from bgwidget.formats import FormatError, from_mat
from test_gnubg_referee import MATCH_IDS, gnubg_record, our_games

CHILD = (
    r"""
import json, os, sys
import gnubg
"""
    + MATCH_IDS
    + r"""
for command in ("set threads 1", "set sound enable off", "set display off"):
    gnubg.command(command)
out, result = sys.argv[1], {}
for path in sys.argv[2:]:
    # A file with an empty left-hand name leaves gnubg's player table corrupt (its name and
    # type garbage), and the next 'new match' aborts the process ("ComputerTurn: code should
    # not be reached"): set both players afresh before each file.
    for player in (0, 1):
        gnubg.command(f"set player {player} human")
        gnubg.command(f"set player {player} name {'XO'[player]}")
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


def read_with_gnubg(paths: list[Path], processes: int = 1) -> dict[str, dict | str]:
    """Per file name: gnubg's record and IDs, or (a refused file) what gnubg printed reading it.
    The files are shared among ``processes`` gnubg children running at once."""
    shares = [paths[i::processes] for i in range(processes) if paths[i::processes]]
    with tempfile.TemporaryDirectory() as folder:
        outs = [Path(folder) / f"gnubg-{i}.json" for i in range(len(shares))]
        children = [
            subprocess.Popen(
                [sys.executable, "-c", CHILD, str(out), *map(str, share)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for out, share in zip(outs, shares)
        ]
        result, said = {}, {}
        for child, out in zip(children, outs):
            stdout, stderr = child.communicate(timeout=600)
            assert child.returncode == 0, stderr[-2000:]
            result.update(json.loads(out.read_text()))
            for chunk in (stdout + stderr).split("\n@@@ ")[1:]:  # gnubg's words per file
                name, _, text = chunk.partition("\n")
                said[name] = text
    return {path.name: result[path.name] or said.get(path.name, "") for path in paths}


# ---------------------------------------------------------------------- readings compared
# A reading: {"length": match length, "games": [{"score", "winner", "points", "actions", "ids"}],
# "score": the final score}, games in gnubg_record's shape (seat 0 the bottom, the right column).


def our_reading(match: Match) -> dict:
    """Our match as a reading."""
    return {"length": match.length, "games": our_games(match), "score": match.score}


def gnubg_reading(theirs: dict) -> dict:
    """gnubg's reading of a file (from :func:`read_with_gnubg`) in the same shape."""
    games = gnubg_record(theirs["record"])
    for number, game in enumerate(games, 1):
        game["ids"] = gnubg_stops(theirs, number)
    final = games[-1]
    score = list(final["score"])
    if final["winner"] is not None:
        score[final["winner"]] += final["points"]
    return {"length": theirs["record"]["match-info"]["match-length"], "games": games, "score": tuple(score)}


def compare(ours: dict, theirs: dict) -> str | None:
    """The first way our reading differs from gnubg's, or None."""
    if ours["length"] != theirs["length"]:
        return f"match length {ours['length']}, gnubg {theirs['length']}"
    if len(ours["games"]) != len(theirs["games"]):
        return f"{len(ours['games'])} games, gnubg {len(theirs['games'])}"
    for number, (a, b) in enumerate(zip(ours["games"], theirs["games"]), 1):
        if a["score"] != b["score"]:
            return f"game {number}: score before {a['score']}, gnubg {b['score']}"
        for step, (x, y) in enumerate(zip(a["actions"], b["actions"]), 1):
            if x != y:
                return f"game {number}, action {step}: {x}, gnubg {y}"
        if len(a["actions"]) != len(b["actions"]):
            return f"game {number}: {len(a['actions'])} actions, gnubg {len(b['actions'])}"
        if (a["winner"], a["points"]) != (b["winner"], b["points"]):
            return f"game {number}: won by {a['winner']} for {a['points']}, gnubg {b['winner']} for {b['points']}"
        if a["ids"] != b["ids"]:
            at = next(i for i, (p, q) in enumerate(zip(a["ids"] + [""], b["ids"] + [""])) if p != q)
            return f"game {number}: IDs differ at stop {at}"
    if ours["score"] != theirs["score"]:
        return f"final score {ours['score']}, gnubg {theirs['score']}"
    return None


def difference(ours: Match, theirs: dict) -> str | None:
    """The first way our match differs from gnubg's reading of the same file, or None."""
    return compare(our_reading(ours), gnubg_reading(theirs))


def gnubg_stops(theirs: dict, number: int) -> list[str]:
    """gnubg's IDs in game ``number`` without the stop at each record of dice set but not played
    (a roll then a resignation: gnubg keeps the roll as its own record; ours is the resignation's)."""
    actions = theirs["record"]["games"][number - 1]["game"]
    stops = theirs["ids"][number - 1]
    return [stop for i, stop in enumerate(stops) if i >= len(actions) or actions[i]["action"] != "set"]


# ---------------------------------------------------------------------- where gnubg departs from the file
# Each rule sees the file's text and both readings; where the file has the rule's pattern and the
# readings its mark, it returns the readings with that departure undone, else None.

Rule = Callable[[str, dict, dict], "tuple[dict, dict] | None"]


def dance_recorded_twice(text: str, ours: dict, theirs: dict) -> tuple[dict, dict] | None:
    """A roll written with an empty cell that no checker could play (a dance), then Galaxy's
    ``Losses N point`` on a line of its own, then the ``Wins``: gnubg records the dance twice
    (the second time from the other side's board, the same Position and Match ID at both
    stops), then the resignation. The file holds one roll, as ours does: gnubg's second is dropped."""
    if not re.search(r"(?m)^\s*Loss(?:es)? [0-9]+ points?\s*$", text):
        return None
    games = [dict(game) for game in theirs["games"]]
    changed = False
    for game in games:
        actions, ids = game["actions"], game["ids"]
        for i in range(len(actions) - 2):
            first, second = actions[i], actions[i + 1]
            if (
                first[0] == second[0] == "move"
                and first[1:3] == second[1:3]  # the same seat and dice twice in a row
                and actions[i + 2][0] == "resign"
                and ids[i] == ids[i + 1]
            ):
                game["actions"] = actions[: i + 1] + actions[i + 2 :]
                game["ids"] = ids[: i + 1] + ids[i + 2 :]
                changed = True
                break
    return (ours, {**theirs, "games": games}) if changed else None


def end_after_second_line_number(text: str, ours: dict, theirs: dict) -> tuple[dict, dict] | None:
    """Galaxy wrote a resignation's line (``24)  Losses 2 point``, then ``Wins 2 point and the
    match`` in the winner's column) onto the end of the line of the play before it, so that the
    line holds a second line number. gnubg's importer stops reading the line at that number and
    leaves the last game unfinished; ours reads the resignation the file writes. Compared as the
    match before that resignation."""
    if not re.search(r"(?m)^\s*[0-9]+\)\s.*\s[0-9]+\)\s+Loss(?:es)? [0-9]+ points?\s+Wins [0-9]+", text):
        return None
    last, their_last = ours["games"][-1], theirs["games"][-1]
    if their_last["winner"] is not None or not last["actions"] or last["actions"][-1][0] != "resign":
        return None
    unfinished = {**last, "actions": last["actions"][:-1], "ids": last["ids"][:-1], "winner": None, "points": 0}
    return {**ours, "games": ours["games"][:-1] + [unfinished], "score": last["score"]}, theirs


TOLERANCES: dict[str, Rule] = {
    "dance recorded twice": dance_recorded_twice,
    "end after a second line number": end_after_second_line_number,
}
"""The departures of gnubg from a file that a comparison tolerates, by name."""


def verdict(path: Path, theirs: dict | str) -> str:
    """How gnubg's reading of the file at ``path`` (from :func:`read_with_gnubg`) and ours
    compare: ``"same"``, ``"tolerated: <rule>"`` (a rule of :data:`TOLERANCES`), ``"refused by
    both: <our reason>"``, or what differs (``"gnubg refuses; we read it"``, ``"we refuse:
    <reason>"``, the first difference)."""
    try:
        ours = our_reading(from_mat(path))
    except FormatError as error:
        return f"refused by both: {error}" if not isinstance(theirs, dict) else f"we refuse: {error}"
    if not isinstance(theirs, dict):
        return "gnubg refuses; we read it"
    reading = gnubg_reading(theirs)
    found = compare(ours, reading)
    if found is None:
        return "same"
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    for name, rule in TOLERANCES.items():
        undone = rule(text, ours, reading)
        if undone is not None and compare(*undone) is None:
            return f"tolerated: {name}"
    return found


def verdicts(paths: list[Path], processes: int = 1) -> dict[str, str]:
    """:func:`verdict` of every file, by name: the files shared among ``processes`` worker
    processes, each reading its share with one gnubg child and with ours."""
    if processes == 1:
        theirs = read_with_gnubg(paths)
        return {path.name: verdict(path, theirs[path.name]) for path in paths}
    shares = [paths[i::processes] for i in range(processes)]
    found: dict[str, str] = {}
    # spawn: a fresh interpreter, given this one's sys.path (a fork of a process with threads may hang)
    with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn")) as pool:
        for share in pool.map(verdicts, shares):
            found.update(share)
    return {path.name: found[path.name] for path in paths}
