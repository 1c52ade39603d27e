"""GNU Backgammon (PyPI ``gnubg``, GPL, test extra only) referees the match formats.

gnubg runs in a child process (its state is global, and it must run single-threaded:
``set threads 1``, or its computer players never return). Three checks:

* matches that gnubg plays and exports as ``.mat`` import into ours and replay to exactly gnubg's
  own record: every roll, the position before every play and cube action, every result, score;
* matches that we play and export import into gnubg and give the same record and score;
* in both, gnubg's Position ID and Match ID at every record of every game (navigating its copy)
  equal ours at the same moment, game-over states included;
* at positions met in our games, gnubg's reading of our XGID gives our Position ID and Match ID.

In gnubg's ``match()`` dict, ``"X"`` is its player 0 (the left column of a ``.mat``, our seat 1,
the top) and ``"O"`` its player 1 (our seat 0, the bottom).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bgwidget import Game, Match
from bgwidget.formats import from_mat, from_xgid, to_gnubg_id, to_mat, to_match_id, to_xgid
from bgwidget.formats.matchid import match_state
from test_formats import random_match

pytest.importorskip("gnubg", reason="GNU Backgammon (gnubg) is in the test extra")

# Child-script code (gnubg's state is global, so it runs in a child process of its own).
MATCH_IDS = r"""
def match_ids(record):
    # Per game: "PositionID:MatchID" at each stop of gnubg's navigation, then at the end.
    ids = []
    gnubg.navigate(game=-1000)
    for game in record["games"]:
        ids.append([gnubg.positionid() + ":" + gnubg.matchid()])
        for _ in range(2000):
            if gnubg.navigate(next=1) is not None:  # None while it moved
                break
            ids[-1].append(gnubg.positionid() + ":" + gnubg.matchid())
        gnubg.navigate(game=1)
    return ids
"""

CHILD = (
    r"""
import json, sys
import gnubg
"""
    + MATCH_IDS
    + r"""
for command in ("set threads 1", "set sound enable off", "set display off"):
    gnubg.command(command)
mode, out = sys.argv[1], sys.argv[2]
if mode == "import":
    # The format has no field gnubg reads for money-play rules: set them from our tags.
    text = open(sys.argv[3]).read()
    gnubg.command("set jacoby " + ("on" if '[Jacoby "On"]' in text else "off"))
    gnubg.command("set beavers " + ("3" if '[Beaver "On"]' in text else "0"))
    gnubg.command("import mat " + sys.argv[3])
elif mode == "play":
    seed, length, path = sys.argv[3:6]
    for player in (0, 1):
        gnubg.command(f"set player {player} gnubg")
        gnubg.command(f"set player {player} chequerplay evaluation plies 0")
        gnubg.command(f"set player {player} cubedecision evaluation plies 0")
    gnubg.command("set seed " + seed)
    gnubg.command("new match " + length)
    gnubg.command("export match mat " + path)
if mode in ("import", "play"):
    record = gnubg.match(analysis=False, boards=True, statistics=False, verbose=False)
    result = {"record": record, "ids": match_ids(record)}
else:  # "ids": the gnubg Position ID and Match ID of each XGID
    result = []
    for text in json.load(open(sys.argv[3])):
        gnubg.set_gnubg_id(text)
        result.append([gnubg.positionid(), gnubg.matchid()])
json.dump(result, open(out, "w"))
"""
)

SEAT = {"X": 1, "O": 0}


def run_gnubg(tmp_path: Path, mode: str, *args) -> object:
    """Run the child with ``mode`` and ``args``; return what it wrote as JSON."""
    out = tmp_path / f"gnubg-{mode}.json"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(out), *map(str, args)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(out.read_text())


def gnubg_record(match: dict) -> list[dict]:
    """gnubg's match dict as comparable games: score before, winner, points, and the actions."""
    games = []
    for game in match["games"]:
        info = game["info"]
        actions = []
        for a in game["game"]:
            seat = SEAT[a["player"]]
            if a["action"] == "move":
                actions.append(("move", seat, tuple(a["dice"]), a["board"]))
            elif a["action"] == "double":
                actions.append(("double", seat, a["board"]))
            elif a["action"] in ("take", "drop"):
                actions.append((a["action"], seat))
            elif a["action"] == "resign":
                actions.append(("resign", seat, a["points"]))
        winner = SEAT.get(info["winner"]) if info["winner"] else None
        games.append(
            {
                "score": (info["score-O"], info["score-X"]),
                "winner": winner,
                "points": info.get("points-won", 0) if winner is not None else 0,
                "actions": actions,
            }
        )
    return games


def our_games(match: Match) -> list[dict]:
    """Our match in the shape of :func:`gnubg_record`, each game with its ``"ids"`` as well: our
    "PositionID:MatchID" where gnubg's navigation stops (before each play, a dance included,
    double, answer and accepted resignation), then at the end. One replay, action by action."""
    games = []
    for game in match.games:
        replay = Game.replay(game.setup, [])
        actions, ids = [], []
        for i, action in enumerate(game.record):
            kind = action["type"]
            before = replay.start_position  # seen by the seat on roll
            if kind in ("opening", "roll"):
                state = match_state(replay)
                replay.apply(action)
                roll, board = action, before.position_id()
                if replay.phase != "move":  # a dance: gnubg stops on the roll before it passes
                    dice = tuple(sorted(action["dice"], reverse=True))
                    ids.append(f"{board}:{to_match_id(state._replace(dice=dice))}")
                continue
            accepted = game.record[i + 1 : i + 2] == [{"type": "accept", "seat": 1 - action.get("seat", 0)}]
            if (
                kind in ("move", "double", "take", "pass", "beaver", "raccoon")
                and not (kind == "move" and replay.phase != "move")
                or kind == "resign"
                and accepted
            ):  # a declined resignation is not in a .mat
                ids.append(to_gnubg_id(replay))
            replay.apply(action)  # a dance's empty play is skipped: its roll already played it
            if kind == "move":
                dice = tuple(roll["dice"]) if roll["type"] == "roll" else tuple(sorted(roll["dice"], reverse=True))
                actions.append(("move", action["seat"], dice, board))
            elif kind in ("double", "beaver", "raccoon"):  # gnubg: a beaver is a redouble by the one who answers
                actions.append(("double", action["seat"], before.position_id()))
            elif kind in ("take", "pass"):
                actions.append(({"take": "take", "pass": "drop"}[kind], action["seat"]))
            elif kind == "accept":
                resign = replay.record[-2]
                actions.append(("resign", resign["seat"], resign["points"]))
        ids.append(to_gnubg_id(replay))
        result = game.result
        games.append(
            {
                "score": game.score,
                "winner": result.winner if result else None,
                "points": result.points if result else 0,
                "actions": actions,
                "ids": ids,
            }
        )
    return games


def our_record(match: Match) -> list[dict]:
    """Our match in the same shape as :func:`gnubg_record`."""
    return [{key: value for key, value in game.items() if key != "ids"} for game in our_games(match)]


def our_ids(match: Match) -> list[list[str]]:
    """Per game, our "PositionID:MatchID" where gnubg's navigation stops (see :func:`our_games`)."""
    return [game["ids"] for game in our_games(match)]


# ---------------------------------------------------------------------- gnubg plays, we read


@pytest.mark.parametrize("seed, length", [(1, 7), (2, 5), (3, 3)])
def test_matches_gnubg_plays_import_into_ours_and_replay_the_same(tmp_path, seed, length):
    path = tmp_path / "gnubg.mat"
    played = run_gnubg(tmp_path, "play", seed, length, path)
    ours = from_mat(path.read_text())
    assert our_record(ours) == gnubg_record(played["record"])
    assert our_ids(ours) == played["ids"]
    final = gnubg_record(played["record"])[-1]
    score = list(final["score"])
    score[final["winner"]] += final["points"]
    assert ours.score == tuple(score) and ours.is_over
    assert max(ours.score) >= length


# ---------------------------------------------------------------------- we play, gnubg reads


@pytest.mark.parametrize(
    "seed, length, options",
    [
        (11, 5, {}),
        (12, 7, {}),
        (13, 1, {}),
        (14, 3, {}),
        (5, 0, {}),
        (5, 0, {"jacoby": True}),
        (5, 0, {"beavers": True}),
        (6, 0, {"jacoby": True, "beavers": True}),
    ],
)
def test_matches_we_export_import_into_gnubg_with_the_same_record(tmp_path, seed, length, options):
    # Beavers and raccoons are always taken here: gnubg's .mat reader keeps a "beaver pending"
    # flag (import.c, ParseMatMove) that a passed beaver leaves set into the next game.
    match = random_match(seed, length, games=4, drop_beavers=False, **options)
    path = tmp_path / "ours.mat"
    path.write_text(to_mat(match))
    theirs = run_gnubg(tmp_path, "import", path)
    assert gnubg_record(theirs["record"]) == our_record(match)
    assert theirs["ids"] == our_ids(match)
    assert theirs["record"]["match-info"]["match-length"] == length


# ---------------------------------------------------------------------- IDs


def test_gnubg_reads_our_xgids_as_our_position_and_match_ids(tmp_path):
    states = []
    for seed in range(3):
        match = Match(length=[5, 0, 9][seed], seed=seed)
        rng = random.Random(seed)
        while not match.is_over and len(match.games) < 3:
            game = match.game
            while game.phase not in ("game-over", "match-over"):
                # Not while a double waits: gnubg's XGID reader sets the board after the Match ID,
                # and setting a board clears the pending double (gnubg.c SetXGID).
                if game.phase in ("roll", "move"):
                    states.append((to_xgid(game), to_gnubg_id(game)))
                if game.phase in ("opening", "roll"):
                    game.double() if game.can_double() and rng.random() < 0.2 else game.roll()
                elif game.phase == "cube":
                    game.take() if rng.random() < 0.8 else game.pass_()
                else:
                    game.play(str(rng.choice(game.legal_plays)))
            if match.is_over or (match.length == 0 and len(match.games) == 3):
                break
            match.new_game()
    assert len(states) > 200
    assert any(":1:1:" in x for x, _ in states) and any(":1:-1:" in x for x, _ in states)  # cube owned
    assert any(":-1:00:" in x for x, _ in states) and any(x.endswith(":9:6") for x, _ in states)
    path = tmp_path / "xgids.json"
    path.write_text(json.dumps([x for x, _ in states]))
    answers = run_gnubg(tmp_path, "ids", path)
    assert [":".join(a) for a in answers] == [g for _, g in states]
    for text, _ in states[:50]:
        assert to_xgid(from_xgid(text)) == text
