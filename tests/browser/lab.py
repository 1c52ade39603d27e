"""A JupyterLab server and a headless Debian Chromium for the real-browser tests.

JupyterLab runs on 127.0.0.1 at a free port, without a token, over a temporary notebook folder;
Chromium is driven by Playwright (``executable_path="/usr/bin/chromium"``: Playwright's own
browser downloads cannot be used here). Each notebook's first cell creates the widget and
writes the widget's state to a side file after each change, so a test compares the page with
the Python model.
"""

from __future__ import annotations

import json
import os
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


class Lab:
    """A JupyterLab server process; ``url`` is its base address."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = folder / ".jupyter"
        (config / "labconfig").mkdir(parents=True, exist_ok=True)
        # No news pop-up: it would cover the widget and asks the network.
        (config / "labconfig" / "page_config.json").write_text(
            json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
        )
        env = dict(
            os.environ,
            JUPYTER_CONFIG_DIR=str(config),
            JUPYTER_RUNTIME_DIR=str(folder / ".runtime"),
            JUPYTERLAB_WORKSPACES_DIR=str(folder / ".workspaces"),
        )
        self.log = open(folder / "lab.log", "w")  # noqa: SIM115 -- open while the server runs, closed by stop()
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
                f"--ServerApp.root_dir={folder}",
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly",
                "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: open a second tab by command
                "--allow-root",
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}/api/status", timeout=2)
                return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"JupyterLab did not start: {(folder / 'lab.log').read_text()[-2000:]}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
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


def open_notebook(page: Page, lab: Lab, name: str, tries: int = 3) -> float:
    """Open ``name``.ipynb and run its cell until the widget shows (the kernel may still be
    starting the first time); returns the seconds from the last run to the widget's first draw."""
    page.goto(f"{lab.url}/lab/tree/{name}.ipynb?reset", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook .jp-Cell .cm-content", timeout=60_000)
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
