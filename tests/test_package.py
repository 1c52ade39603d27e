"""The wheel as PyPI would get it: built from this tree by pip, then read back."""

import re
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "bgwidget"
DATA = [
    "labels.json",
    "look.json",
    "static/widget.js",
    "static/loft.js",
    "static/widget.css",
    "ai/data/net.npz",
    "ai/data/prune.npz",
    "ai/data/kazaross-xg2.json",
    "ai/data/reference_drills.json",
]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(ROOT)],
        check=True,
        timeout=300,
    )
    (path,) = out.glob("bgwidget-*.whl")
    with zipfile.ZipFile(path) as archive:
        yield archive


def test_the_wheel_holds_the_package_and_its_data_and_nothing_else(wheel):
    names = set(wheel.namelist())
    info = {name for name in names if name.startswith("bgwidget-") and ".dist-info/" in name}
    files = {name.removeprefix("bgwidget/") for name in names - info}
    assert all(name.startswith("bgwidget/") for name in names - info)
    modules = {str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    assert {name for name in files if name.endswith(".py")} == modules
    assert files == modules | set(DATA)  # no tests, notebooks, training data or caches
    for name in DATA:  # the files themselves, not stale copies
        assert wheel.read(f"bgwidget/{name}") == (PACKAGE / name).read_bytes(), name
    assert any(name.endswith("/licenses/LICENSE") for name in info)


def test_the_metadata_pins_lower_bounds_and_python_versions(wheel):
    (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    metadata = Parser().parsestr(wheel.read(name).decode())
    assert metadata["Requires-Python"] == ">=3.10"
    required = [r for r in metadata.get_all("Requires-Dist") if "extra ==" not in r]
    assert sorted(r.split(">=")[0] for r in required) == sorted(
        ["numpy", "platformdirs", "threadpoolctl", "anywidget", "traitlets", "ipywidgets", "tqdm", "fsrs"]
    )
    assert all(re.fullmatch(r"[a-z]+>=[0-9.]+", r) for r in required), required
    versions = {c.rsplit(" :: ", 1)[1] for c in metadata.get_all("Classifier") if c.startswith("Programming")}
    assert {"3.10", "3.11", "3.12", "3.13"} <= versions
    # The long description is the README: on PyPI a relative image or link has nothing to point to.
    readme = metadata.get_payload()
    assert readme.startswith("# bgwidget")
    targets = re.findall(r"\]\(([^)]+)\)", readme)
    assert targets and all(t.startswith("https://") for t in targets), targets
    assert "../" not in readme  # nothing outside the repository
