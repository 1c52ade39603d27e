"""The board without numpy (a Pyodide kernel where numpy is missing): people and Easy play, and the
levels that need the net say what is missing.

A subprocess installs, before importing bgwidget, an import finder that refuses numpy (and
threadpoolctl, which the net uses); its games must equal the same seeded games played here, where
numpy is available, action for action.
"""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from bgwidget import BoardWidget, Game
from bgwidget.ai.players import Easy
from bgwidget.session import Session

ROOT = Path(__file__).parent.parent

BLOCK = """
import sys

class NoNumpy:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "threadpoolctl"):
            raise ImportError(f"No module named {name!r} (refused by the test)", name=name)
        return None

sys.meta_path.insert(0, NoNumpy())
"""


def people_game(seed: int) -> Session:
    """Two people at one board, every roll and play sent as an intent; each play is Easy's choice."""
    session = Session(players=("human", "human"), seed=seed, animation=0)
    chooser = Easy(seed=seed)
    game = session.game
    while game.result is None:
        if game.phase in ("opening", "roll"):
            intent = {"type": "roll"}
        else:
            assert game.phase == "move" and game.rolled is not None
            play = chooser.choose_play(game.start_position, game.rolled)
            assert play is not None  # a roll without a legal play passes by itself
            intent = {"type": "play", "notation": str(play)}
        assert session.handle(intent) is None, session.refused
    return session


def records(widget_seed: int, people_seed: int) -> dict:
    widget = BoardWidget(players=("easy", "easy"), seed=widget_seed, animation=0)
    people = people_game(people_seed)
    return {
        "widget": widget.game.record,
        "widget_phase": widget.state["phase"],
        "people": people.game.record,
        "winner": people.game.result.winner,
    }


RUN = BLOCK + textwrap.dedent(
    """
        import json
        from bgwidget import BoardWidget, Game
        from bgwidget.ai import get_player
        from bgwidget.session import Session
        sys.path.insert(0, "tests")  # this module, for its games (run from the repository's root)
        from test_without_numpy import records

        out = records(5, 11)
        errors = []
        for level in ("expert", "medium", "world-class"):
            try:
                get_player(level)
            except ImportError as error:
                errors.append(str(error))
        try:
            Session(players=("human", "expert"))
        except ImportError as error:
            errors.append(str(error))
        out["errors"] = errors
        board = Session(players=("human", "human"), seed=11, animation=0)
        board.handle({"type": "roll"})
        out["refusals"] = []
        for intent in ({"type": "hint"}, {"type": "review"}):
            board.handle(intent)
            out["refusals"].append([board.refusal.reason, board.refused, board.refusal.explain("sv")])
        out["still_plays"] = board.game.phase
        out["numpy_loaded"] = [m for m in ("numpy", "threadpoolctl") if m in sys.modules]
        print(json.dumps(out))
        """
)


def test_people_and_easy_play_without_numpy():
    done = subprocess.run([sys.executable, "-c", RUN], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["numpy_loaded"] == []
    # The same seeds here, with numpy: the same games, action for action.
    here = json.loads(json.dumps(records(5, 11)))
    assert seen["widget"] == here["widget"] and seen["people"] == here["people"]
    assert seen["widget_phase"] == "game-over"
    assert seen["winner"] == here["winner"] in (0, 1)
    # Each record replays to its end in a fresh game: every action was legal.
    for record in (seen["widget"], seen["people"]):
        replay = Game(seed=0)
        for action in record:
            replay.apply(action)
        assert replay.result is not None
    # The board refuses a hint or a review with the reason, in its languages, and plays on.
    english = "Hints and reviews need numpy, which is not installed here: pip install numpy."
    swedish = "Tips och granskning kräver numpy, som inte är installerat här: pip install numpy."
    assert seen["refusals"] == [["needs-numpy", english, swedish]] * 2
    assert seen["still_plays"] == "move"
    assert len(seen["errors"]) == 4
    for level, error in zip(("expert", "medium", "world-class", "expert"), seen["errors"]):
        assert error == f"the {level} level needs numpy, which is not installed: pip install numpy"
