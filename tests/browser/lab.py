"""A JupyterLab server, a marimo server and a headless Debian Chromium for the real-browser tests.

JupyterLab runs on 127.0.0.1 at a free port, without a token, over a temporary notebook folder: one
server for the test session, a folder of its own for each test module. The same server serves
Jupyter Notebook 7's pages (the ``notebook`` package's server extension), so a test opens a
notebook in either front end by its URL (:meth:`Lab.notebook_url`);
Chromium is driven by Playwright (``executable_path="/usr/bin/chromium"``: Playwright's own
browser downloads cannot be used here). Each notebook's first cell creates the widget and
writes the widget's state to a side file after each change, so a test compares the page with
the Python model.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = '[data-testid="bg-board"]'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


FRONT_ENDS = ("lab", "notebook")
"""The Jupyter front ends the notebook tests run in: JupyterLab and Notebook 7."""

EVERY_FRONT_END = os.environ.get("BGWIDGET_FRONT_ENDS") == "all"
"""Whether every notebook test runs in each front end (``BGWIDGET_FRONT_ENDS=all``, about twice the
time: opt-in, with the long run); by default only the tests written for both do (some of them in
one front end, the other with ``-m slow``), the others in JupyterLab."""


def wait_for_server(process: subprocess.Popen, url: str, log: Path, what: str) -> None:
    """Wait until ``url`` answers (90 s at most); raise with the end of ``log`` if it does not."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.5)
    raise RuntimeError(f"{what} did not start: {log.read_text()[-2000:]}")


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()


class LabServer:
    """A JupyterLab server process over ``root``; ``url`` is its base address. One serves the whole
    test session: each test module works in a folder of its own under ``root`` (:class:`Lab`)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.config = root / ".jupyter"
        (self.config / "labconfig").mkdir(parents=True, exist_ok=True)
        # No news pop-up: it would cover the widget and asks the network.
        (self.config / "labconfig" / "page_config.json").write_text(
            json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
        )
        env = dict(
            os.environ,
            JUPYTER_CONFIG_DIR=str(self.config),
            JUPYTER_RUNTIME_DIR=str(root / ".runtime"),
            JUPYTERLAB_WORKSPACES_DIR=str(root / ".workspaces"),
        )
        self.log = open(root / "lab.log", "w")  # noqa: SIM115 -- open while the server runs, closed by stop()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "jupyterlab",
                "--no-browser",
                f"--port={self.port}",
                "--ip=127.0.0.1",
                "--IdentityProvider.token=",
                "--ServerApp.password=",
                "--ServerApp.disable_check_xsrf=True",
                f"--ServerApp.root_dir={root}",
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly",
                "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: open a second tab by command
                "--JupyterNotebookApp.expose_app_in_browser=True",  # the same in Notebook 7
                "--allow-root",
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        try:
            wait_for_server(self.process, f"{self.url}/api/status", root / "lab.log", "JupyterLab")
        except RuntimeError:
            self.stop()
            raise

    def api(self, method: str, path: str) -> list | dict | None:
        """The answer of the server's REST API to ``method`` on ``path`` (``/api/...``)."""
        request = urllib.request.Request(f"{self.url}{path}", method=method)
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def forget(self) -> None:
        """Back to a fresh server's state for the next test module: its kernels shut down (each
        notebook opened started one) and the user settings (the theme) back to their defaults; the
        workspaces are reset by each notebook URL (``?reset``) and each module has its own folder."""
        for session in self.api("GET", "/api/sessions") or []:
            self.api("DELETE", f"/api/sessions/{session['id']}")
        for kernel in self.api("GET", "/api/kernels") or []:
            self.api("DELETE", f"/api/kernels/{kernel['id']}")
        shutil.rmtree(self.config / "lab" / "user-settings", ignore_errors=True)

    def stop(self) -> None:
        stop_server(self.process)
        self.log.close()


class Lab:
    """One test module's share of the session's :class:`LabServer`: the folder ``folder`` (the server's
    ``path``), where the module writes its notebooks, and their URLs; ``url`` is the server's."""

    def __init__(self, server: LabServer, path: str) -> None:
        self.server = server
        self.url = server.url
        self.path = path
        self.folder = server.root / path
        self.folder.mkdir(parents=True)

    front_end = "lab"
    """The front end a test opens notebooks in when it names none (set per test by conftest)."""

    def notebook_url(self, name: str, front_end: str | None = None) -> str:
        """The page of ``name``.ipynb in JupyterLab (``"lab"``, a fresh workspace) or Notebook 7."""
        if (front_end or self.front_end) == "notebook":
            return f"{self.url}/notebooks/{self.path}/{name}.ipynb"
        return f"{self.url}/lab/tree/{self.path}/{name}.ipynb?reset"


class MarimoServer:
    """``marimo run`` of one notebook of ``folder`` (headless, no token) in marimo's ``theme``
    ("light" or "dark", from a marimo.toml of its own: the user's settings are not read)."""

    def __init__(self, folder: Path, notebook: str, theme: str = "light") -> None:
        self.theme = theme
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = folder / ".config"
        (config / "marimo").mkdir(parents=True, exist_ok=True)
        (config / "marimo" / "marimo.toml").write_text(f'[display]\ntheme = "{theme}"\n')
        env = dict(os.environ, XDG_CONFIG_HOME=str(config), MARIMO_SKIP_UPDATE_CHECK="1")
        self.log = open(folder / "marimo.log", "w")  # noqa: SIM115 -- open while the server runs, closed by stop()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "marimo",
                "run",
                "--headless",
                "--no-token",
                "--no-sandbox",
                "--host",
                "127.0.0.1",
                "-p",
                str(self.port),
                notebook,
            ],
            cwd=folder,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        try:
            wait_for_server(self.process, self.url, folder / "marimo.log", "marimo")
        except RuntimeError:
            self.stop()
            raise

    def stop(self) -> None:
        stop_server(self.process)
        self.log.close()


def write_notebook(folder: Path, name: str, code: str) -> Path:
    """A notebook whose one code cell is ``code``; returns the side file the cell may write."""
    side = folder / f"{name}.state.json"
    source = code.replace("SIDE_FILE", repr(str(side)))
    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {}, "outputs": [], "source": source}
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / f"{name}.ipynb").write_text(json.dumps(notebook))
    return side


# Notebook code that mirrors the widget's state into the side file after every publish.
MIRROR = """
import json
def _mirror(change=None):
    state = dict(w.state)
    state["record"] = w.game.record
    with open(SIDE_FILE + ".tmp", "w") as f:
        json.dump(state, f)
    __import__("os").replace(SIDE_FILE + ".tmp", SIDE_FILE)
w.observe(_mirror, names="revision")
_mirror()
w
"""


def wait_for_kernel(page: Page) -> None:
    """Wait until the notebook in front (JupyterLab's or Notebook 7's) has its kernel started and idle:
    a cell run while the kernel is still starting is lost, and the widget would never show."""
    page.wait_for_function(
        "() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel?.status === 'idle'",
        timeout=90_000,
    )


def open_notebook(page: Page, lab: Lab, name: str, tries: int = 3, front_end: str | None = None) -> float:
    """Open ``name``.ipynb in ``front_end`` (see :data:`FRONT_ENDS`), wait for its kernel and run its
    cell until the widget shows; returns the seconds from the last run to the widget's first draw."""
    page.goto(lab.notebook_url(name, front_end), wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook .jp-Cell .cm-content", timeout=60_000)
    wait_for_kernel(page)
    for attempt in range(tries):
        dialog = page.locator(".jp-Dialog")
        if dialog.count():
            print("JupyterLab dialog:", dialog.first.text_content())
            page.locator(".jp-Dialog .jp-mod-accept").first.click()
        page.click(".jp-Notebook .jp-Cell .cm-content")
        started = time.monotonic()
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_selector(f"{ROOT}[data-revision]", timeout=30_000)
            return time.monotonic() - started
        except Exception:
            if attempt == tries - 1:
                raise
            page.locator(".jp-Notebook .jp-Cell").first.scroll_into_view_if_needed()
    raise AssertionError("unreachable")


def use_theme(page: Page, theme: str) -> None:
    """Switch the page to JupyterLab's ``theme`` ("JupyterLab Light" or "JupyterLab Dark") and wait
    until it is applied. The theme is a user setting kept by the server, so a test that needs the
    light theme first sets it: another test on the same server may have left it dark."""
    page.evaluate(f"() => window.jupyterapp.commands.execute('apputils:change-theme', {{theme: {theme!r}}})")
    light = "true" if "Light" in theme else "false"
    page.wait_for_function(
        f"document.body.dataset.jpThemeLight === '{light}' && !document.getElementById('jupyterlab-splash')"
    )


def read_side(side: Path, revision: int, timeout: float = 20) -> dict:
    """The state the kernel wrote at ``revision`` (waits for it)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            state = json.loads(side.read_text())
            if state["revision"] >= revision:
                return state
        except (OSError, ValueError):
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"the kernel did not write revision {revision} to {side}")
        time.sleep(0.05)
