"""The JavaScript side from pytest: Node's own test runner, and the committed bundle is current.

`scripts/test` runs `npm ci` in js/ first, so esbuild (a devDependency) is there.
"""

import shutil
import subprocess
from pathlib import Path

JS = Path(__file__).resolve().parent.parent / "js"
BUNDLE = JS.parent / "src" / "bgwidget" / "static" / "widget.js"


def test_node_unit_tests_pass():
    node = shutil.which("node")
    assert node, "Node.js is needed for the view's unit tests"
    run = subprocess.run([node, "--test", "test/"], cwd=JS, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout


def test_committed_bundle_matches_a_fresh_build(tmp_path):
    assert (JS / "node_modules" / "esbuild").exists(), "run `npm ci` in js/ first (scripts/test does)"
    out = tmp_path / "widget.js"
    run = subprocess.run(
        [shutil.which("node"), "build.mjs", str(out)],
        cwd=JS,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert out.read_text() == BUNDLE.read_text(), "src/bgwidget/static/widget.js is stale: run `npm run build` in js/"
