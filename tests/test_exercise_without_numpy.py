"""A cube exercise in a kernel without numpy (the offline JupyterLite site): the author's answer
judges, and the verdict says, in the catalogue's sentence, that the numbers need numpy.

As in test_without_numpy, a subprocess refuses numpy's import before bgwidget is imported.
"""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from bgwidget.labels import label
from test_without_numpy import BLOCK  # tests/ is on the path (pytest rootdir)

ROOT = Path(__file__).parent.parent

RUN = BLOCK + textwrap.dedent(
    """
    import json
    from bgwidget import Position
    from bgwidget.exercise import CubeExercise

    race = Position.from_points({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 4, 5: 3, 4: 3, 3: 3, 2: 2})
    ex = CubeExercise(race, "take", "Un quart des courses.", language="fr")
    out = {"before": [ex.board.phase, ex.chances, ex.decision]}
    out["refused"] = ex.answer("pass")
    out["after"] = [ex.board.phase, ex.verdict, ex.text]
    ex.reset()
    ex.answer("take")
    out["take"] = [ex.verdict, ex.text]
    out["numpy_loaded"] = "numpy" in sys.modules
    print(json.dumps(out))
    """
)


def test_a_cube_exercise_without_numpy_judges_by_the_authors_answer():
    done = subprocess.run([sys.executable, "-c", RUN], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["before"] == ["cube", None, None] and seen["refused"] is None and not seen["numpy_loaded"]
    missing = label("fr", "net.needsNumpy", package="numpy", command="pip install numpy")
    assert missing == "Les chiffres de l’ordinateur demandent numpy, qui n’est pas installé ici : pip install numpy."
    assert seen["after"] == ["game-over", "wrong", f"Pas cette réponse : refuser. Un quart des courses. {missing}"]
    assert seen["take"] == ["right", f"Juste : accepter. Un quart des courses. {missing}"]
