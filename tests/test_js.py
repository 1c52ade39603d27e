"""The JavaScript side from pytest: Node's own test runner, and the committed bundle is current.

`scripts/test` runs `npm ci` in js/ first, so esbuild (a devDependency) is there.
"""

import shutil
import subprocess
from pathlib import Path

JS = Path(__file__).resolve().parent.parent / "js"
STATIC = JS.parent / "src" / "bgwidget" / "static"
BUNDLES = ("widget.js", "loft.js")  # the 2D board and controls; the 3D face with three.js


def test_node_unit_tests_pass():
    node = shutil.which("node")
    assert node, "Node.js is needed for the view's unit tests"
    run = subprocess.run([node, "--test", "test/"], cwd=JS, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout


def test_committed_bundles_match_a_fresh_build(tmp_path):
    assert (JS / "node_modules" / "esbuild").exists(), "run `npm ci` in js/ first (scripts/test does)"
    run = subprocess.run(
        [shutil.which("node"), "build.mjs", str(tmp_path)],
        cwd=JS,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    for name in BUNDLES:
        fresh = (tmp_path / name).read_text()
        assert fresh == (STATIC / name).read_text(), f"src/bgwidget/static/{name} is stale: run `npm run build` in js/"
