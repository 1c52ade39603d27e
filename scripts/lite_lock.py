"""Place pure-Python wheels beside Pyodide's core and write the pyodide-lock.json that lists them.

Used by scripts/lite. The npm package ``pyodide`` holds Pyodide's core and a lock file naming
every package of Pyodide's distribution, but none of their wheels. The kernel needs some of them
(micropip, IPython, jedi and their dependencies); bgwidget needs a few more (ipywidgets,
anywidget...). This script downloads those wheels from PyPI (``pip download``, pure wheels
only), adds bgwidget's own wheel, and rewrites the lock for the files placed: name, version,
file name, sha256 (PyPI's wheels differ byte for byte from Pyodide's builds), the modules each
one provides (so that the kernel loads bgwidget when a cell imports it) and what each depends on.

Offline (the default) the lock lists only the placed wheels: the site needs no network, and
numpy, which Pyodide builds itself and PyPI does not have, is missing. With ``--cdn`` only the
packages that Pyodide's distribution lacks are placed (bgwidget, anywidget, ipywidgets...); every
package of the distribution stays in the lock at its address on Pyodide's CDN, and bgwidget
depends on numpy again: a site on the web loads numpy from there with bgwidget.

Usage: lite_lock.py CORE_DIR CACHE_DIR BGWIDGET_WHEEL [--cdn]
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import zipfile
from email.parser import Parser
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

# What the kernel loads before the first cell (jupyterlite-pyodide-kernel 0.8.6's worker).
KERNEL = ["micropip", "packaging", "ipython", "jedi", "comm"]
# Front-end packages that ipywidgets names: their JavaScript is in the site, the kernel needs none.
FRONT_END = {"jupyterlab-widgets", "widgetsnbextension"}
# Pyodide's environment, for the markers of a wheel's requirements.
PYODIDE_ENV = {"sys_platform": "emscripten", "platform_system": "Emscripten", "python_version": "3.14"}


def main(core: Path, cache: Path, bgwidget_wheel: Path, cdn: bool) -> None:
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages: dict[str, dict] = lock["packages"]
    cdn_url = f"https://cdn.jsdelivr.net/pyodide/v{lock_version(core)}/full/"
    wanted: dict[str, Path] = {}  # canonical name -> the wheel placed for it

    def want(name: str, wheel: Path | None = None) -> None:
        name = canonicalize_name(name)
        if name in wanted or (cdn and name in packages and wheel is None):
            return  # placed already, or Pyodide's own build on its CDN
        if wheel is None:
            # Pyodide's own version where it has the package, else the one tested here.
            pinned = packages[name]["version"] if name in packages else version(name)
            wheel = download(name, pinned, cache)
        wanted[name] = wheel
        for dependency in depends(name, wheel, packages, cdn):
            want(dependency)

    for name in KERNEL:
        want(name)
    want("bgwidget", bgwidget_wheel)

    placed = {}
    for name, wheel in wanted.items():
        (core / wheel.name).write_bytes(wheel.read_bytes())
        placed[name] = {
            "name": name,
            "version": wheel.name.split("-")[1],
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": top_level(wheel),
            "depends": depends(name, wheel, packages, cdn),
            "unvendored_tests": False,
        }
    if cdn:
        for name, entry in packages.items():
            if name not in placed:
                placed[name] = dict(entry, file_name=cdn_url + entry["file_name"])
    lock["packages"] = dict(sorted(placed.items()))
    (core / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    print(f"pyodide-lock.json: {len(wanted)} wheels placed" + (", the rest on Pyodide's CDN" if cdn else ""))


def lock_version(core: Path) -> str:
    return json.loads((core / "package.json").read_text())["version"]


def download(name: str, pinned: str, cache: Path) -> Path:
    """The pure wheel of ``name`` at ``pinned`` from PyPI, downloaded once into ``cache``."""
    stem = name.replace("-", "_").lower()
    found = [w for w in cache.glob("*.whl") if w.name.lower().startswith(f"{stem}-{pinned}-")]
    if not found:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
            + ["--platform=any", "--python-version=3.14", f"--dest={cache}", f"{name}=={pinned}"],
            check=True,
        )
        found = [w for w in cache.glob("*.whl") if w.name.lower().startswith(f"{stem}-{pinned}-")]
    if len(found) != 1 or not found[0].name.endswith("-none-any.whl"):
        raise SystemExit(f"expected one pure wheel of {name} {pinned} in {cache}, found {found}")
    return found[0]


def depends(name: str, wheel: Path, packages: dict[str, dict], cdn: bool) -> list[str]:
    """What ``name`` needs in Pyodide: the lock's list for Pyodide's packages; for the others, the
    wheel's requirements in Pyodide's environment, less the front-end packages and (offline) numpy."""
    if name in packages and name != "bgwidget":
        return list(packages[name]["depends"])
    metadata = Parser().parsestr(read_dist_info(wheel, "METADATA"))
    needed = []
    for text in metadata.get_all("Requires-Dist") or []:
        requirement = Requirement(text)
        if requirement.marker and not requirement.marker.evaluate(dict(PYODIDE_ENV, extra="")):
            continue
        dependency = canonicalize_name(requirement.name)
        if dependency in FRONT_END or (dependency == "numpy" and not cdn):
            continue
        needed.append(dependency)
    return sorted(needed)


def top_level(wheel: Path) -> list[str]:
    """The importable top-level modules and packages of ``wheel``."""
    with zipfile.ZipFile(wheel) as archive:
        names = {part.split("/")[0] for part in archive.namelist()}
    return sorted(
        n.removesuffix(".py") for n in names if not n.endswith((".dist-info", ".data", ".pth")) and "-" not in n
    )


def read_dist_info(wheel: Path, member: str) -> str:
    with zipfile.ZipFile(wheel) as archive:
        (path,) = [n for n in archive.namelist() if n.endswith(f".dist-info/{member}") and n.count("/") == 1]
        return archive.read(path).decode()


if __name__ == "__main__":
    core_dir, cache_dir, wheel_path, *flags = sys.argv[1:]
    main(Path(core_dir), Path(cache_dir), Path(wheel_path), cdn=flags == ["--cdn"])
