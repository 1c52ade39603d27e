"""Two JupyterLab boards play one 3-point match in a game server's room, by clicks, with a spectator.

A game server runs as a subprocess (``python -m bgwidget.server``); Ann's notebook creates the room,
Bo's joins it by its code, a third notebook watches with the spectators' code: three kernels on the
one JupyterLab, each page in a browser context of its own (its own localStorage). After each action
the test waits until every page has drawn the server's new state and shows the synchronisation
mark. On the way: a double taken, a page reloaded, the server killed and started again, the
Crawford game (2 points won by a resignation at cube 2), and the match ended by a resignation.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .lab import MIRROR, ROOT, Lab, free_port, open_notebook, read_side, write_notebook

WAIT = 45.0  # seconds for any one state to show on every page (CI's two cores may be busy)
SYNC = '[data-testid="online-sync"][data-sync="true"]'
BANNER = '[data-testid="online-banner"]'
GAME_BUTTONS = (
    "roll",
    "undo",
    "done",
    "double",
    "take",
    "pass",
    "beaver",
    "raccoon",
    "accept",
    "decline",
    "resign",
    "new-game",
)
SEE = """([root, sync, banner, buttons]) => {
    const r = document.querySelector(root);
    if (!r || !r.dataset.revision) return null;
    const shown = (id) => document.querySelector(`[data-testid="${id}"]`)?.checkVisibility() ?? false;
    const text = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
    return {revision: +r.dataset.revision, phase: r.dataset.phase, turn: +r.dataset.turn,
            positionId: r.dataset.positionId, thinking: r.dataset.thinking === 'true',
            sync: !!document.querySelector(sync), banner: !!document.querySelector(banner),
            movable: r.querySelectorAll('[data-movable="true"]').length, buttons: buttons.filter(shown),
            panel: text('online'), status: text('status')}; }"""
"""What a page shows: its board's data- hooks, the sync mark, the banner, the game buttons shown, texts."""


class Server:
    """``python -m bgwidget.server`` on ``port`` with its database ``db``: started, killed, started again."""

    def __init__(self, port: int, db: Path, log: Path) -> None:
        self.port, self.db, self.log = port, db, log
        self.url = f"ws://127.0.0.1:{port}"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        with open(self.log, "a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bgwidget.server", "--port", str(self.port), "--db", str(self.db)],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + WAIT
        while "game server on" not in self.log.read_text():
            assert self.process.poll() is None, self.log.read_text()[-2000:]
            assert time.monotonic() < deadline, "the game server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL, by its PID: no goodbye to anyone."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.process = None


@pytest.fixture
def game_server(lab):
    server = Server(free_port(), lab.folder / "rooms.db", lab.folder / "server.log")
    server.start()
    yield server
    server.kill()


def see(page) -> dict | None:
    return page.evaluate(SEE, [ROOT, SYNC, BANNER, list(GAME_BUTTONS)])


def wait_until(pages: dict, ok, what: str) -> dict:
    """Poll every page (a name -> Page dict) until ``ok(states)`` holds; returns the states."""
    deadline = time.monotonic() + WAIT
    while True:
        states = {name: see(page) for name, page in pages.items()}
        if all(states.values()) and ok(states):
            return states
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: {json.dumps(states, indent=1)}")
        time.sleep(0.05)


def agreed(states: dict, before: dict) -> bool:
    """Every page drew a state newer than ``before``, in step with the server, all the same game."""
    same = {(s["positionId"], s["phase"], s["turn"]) for s in states.values()}
    return len(same) == 1 and all(
        s["sync"] and not s["banner"] and not s["thinking"] and s["revision"] > before[name]
        for name, s in states.items()
    )


class Table:
    """The three pages: Ann (seat 0), Bo (seat 1) and the spectator."""

    def __init__(self, ann, bo, watcher) -> None:
        self.pages = {"ann": ann, "bo": bo, "watcher": watcher}
        self.seats = {0: "ann", 1: "bo"}

    def revisions(self) -> dict:
        return {name: see(page)["revision"] for name, page in self.pages.items()}

    def click(self, name: str, testid: str) -> dict:
        """A button on ``name``'s page; waits until every page shows the server's answer."""
        before = self.revisions()
        self.pages[name].locator(f'[data-testid="{testid}"]').click()
        return wait_until(self.pages, lambda states: agreed(states, before), f"{name} {testid}")

    def play(self, name: str) -> dict:
        """``name`` plays the roll by clicks: a movable checker, then a lit point, until the play is sent."""
        page = self.pages[name]
        before = self.revisions()
        while True:
            step = see(page)
            page.locator(f'{ROOT} [data-movable="true"]').last.click()
            page.locator(f'{ROOT} [data-lit="true"]').first.click()

            def moved(states, step=step):
                mine = states[name]
                partial = mine["phase"] == "move" and mine["movable"] > 0 and mine["positionId"] != step["positionId"]
                return mine["revision"] > step["revision"] and (partial or agreed(states, before))

            states = wait_until(self.pages, moved, f"{name} plays")
            if agreed(states, before):
                return states

    def turn(self, states: dict) -> str:
        """Whose page acts next: the player on roll, or the one to answer a double or resignation."""
        for name in ("ann", "bo"):
            buttons = states[name]["buttons"]
            if {"take", "accept"} & set(buttons):
                return name
        return self.seats[states["ann"]["turn"]]

    def step(self, states: dict) -> dict:
        """One action of whoever acts: the roll, or the play of the roll."""
        name = self.turn(states)
        if states[name]["phase"] in ("opening", "roll"):
            return self.click(name, "roll")
        assert states[name]["phase"] == "move", states[name]
        return self.play(name)


class OwnWorkspace:
    """The notebook URLs of ``lab`` in a JupyterLab workspace of each notebook's own. A page reloaded
    restores its workspace's tabs: in the one default workspace of the three pages, Bo's page would
    open the other two notebooks too, and show their boards a second time (see :func:`sockets`)."""

    def __init__(self, lab: Lab) -> None:
        self.lab = lab

    def notebook_url(self, name: str, front_end: str | None = None) -> str:
        return f"{self.lab.url}/lab/workspaces/{name}/tree/{self.lab.path}/{name}.ipynb?reset"


def sockets(page, port: int) -> list:
    """The page's open WebSockets to the game server on ``port``, kept up to date."""
    live: list = []

    def opened(socket) -> None:
        if f":{port}" in socket.url:
            live.append(socket)
            # a socket of the document before a reload may tell its close after the reload cleared it
            socket.on("close", lambda _: socket in live and live.remove(socket))

    def loaded(_) -> None:
        live.clear()  # the sockets of the document before (a reload) went with it

    page.on("websocket", opened)
    # A new document only: JupyterLab also changes the URL of a loaded page (framenavigated), which
    # once came after the board's socket opened and cleared it (a busy CI machine).
    page.on("domcontentloaded", loaded)
    return live


def one_link_each(pages: dict, links: dict) -> None:
    """Wait until each page holds one connection to the server, no more (its one board's)."""
    try:
        wait_until(pages, lambda _: all(len(v) == 1 for v in links.values()), "one connection per board")
    except AssertionError:
        counts = {name: [socket.url for socket in live] for name, live in links.items()}
        raise AssertionError(f"connections to the server per page: {counts}") from None


def notebook(lab, name: str, code: str) -> Path:
    return write_notebook(lab.folder, name, "from bgwidget import BoardWidget\n" + code + MIRROR)


def check_kernels(sides: dict, states: dict) -> dict:
    """Each kernel holds what its page shows (the side file written at the page's revision)."""
    models = {}
    for name, side in sides.items():
        model = read_side(side, states[name]["revision"])
        assert (model["position_id"], model["phase"], model["turn"]) == (
            states[name]["positionId"],
            states[name]["phase"],
            states[name]["turn"],
        )
        models[name] = model
    return models


def snap(table: Table, artifacts: Path, moment: str) -> None:
    for name in ("ann", "bo"):
        table.pages[name].locator(ROOT).screenshot(path=str(artifacts / f"online-{moment}-{name}.png"))


def test_two_boards_play_a_match_through_the_server(lab, browser, game_server, artifacts):
    contexts = [browser.new_context(viewport={"width": 1100, "height": 1300}) for _ in range(3)]
    try:
        ann, bo, watcher = (context.new_page() for context in contexts)
        links = {}  # each board opens one connection to the server, whatever happens
        for name, page in (("ann", ann), ("bo", bo), ("watcher", watcher)):
            page.set_default_timeout(WAIT * 1000)
            links[name] = sockets(page, game_server.port)
        url = game_server.url
        create = f"w = BoardWidget(match_length=3, animation=0).online({url!r}, name='Ann')\n"
        sides = {"ann": notebook(lab, "ann", create)}
        open_notebook(ann, OwnWorkspace(lab), "ann")
        ann.wait_for_selector('[data-testid="online-invite"]')
        online = read_side(sides["ann"], 0)["online"]
        code, spectate = online["room"], online["spectate"]
        assert online["seat"] == 0 and code and spectate
        sides["bo"] = notebook(lab, "bo", f"w = BoardWidget(animation=0).online({url!r}, room={code!r}, name='Bo')\n")
        open_notebook(bo, OwnWorkspace(lab), "bo")
        sides["watcher"] = notebook(
            lab, "watcher", f"w = BoardWidget(animation=0).online({url!r}, room={code!r}, spectate={spectate!r})\n"
        )
        open_notebook(watcher, OwnWorkspace(lab), "watcher")
        table = Table(ann, bo, watcher)
        states = wait_until(
            table.pages,
            lambda s: all(x["sync"] for x in s.values()) and "roll" in s["ann"]["buttons"],
            "both seats taken",
        )
        assert states["bo"]["buttons"] == ["roll"] and states["watcher"]["buttons"] == []
        models = check_kernels(sides, states)
        assert (models["ann"]["online"]["seat"], models["bo"]["online"]["seat"]) == (0, 1)
        assert models["watcher"]["online"]["seat"] is None and models["bo"]["match_length"] == 3

        # Game 1: a few plays, a double taken, a page reloaded, the server killed and restarted.
        plays = 0
        doubled = reloaded = restarted = False
        while True:
            name = table.turn(states)
            phase = states[name]["phase"]
            if phase == "move":
                states = table.step(states)
                plays += 1
                continue
            if plays >= 2 and not doubled and "double" in states[name]["buttons"]:
                states = table.click(name, "double")
                other = table.turn(states)
                assert other != name and "take" in states[other]["buttons"]
                assert "double" not in states[other]["buttons"]
                states = table.click(other, "take")
                models = check_kernels(sides, states)
                assert {m["cube"]["value"] for m in models.values()} == {2}
                assert models["ann"]["cube"]["owner"] == ("ann", "bo").index(other)
                doubled = True
                continue
            if doubled and not reloaded:
                states = reload_bo(table, lab, sides)
                reloaded = True
                one_link_each(table.pages, links)
                snap(table, artifacts, "mid-game")
                continue
            if reloaded and not restarted and plays >= 6:
                states = restart_server(table, game_server)
                restarted = True
                one_link_each(table.pages, links)
                continue
            if restarted and plays >= 8:
                break
            states = table.step(states)

        # Resigning a single game at cube 2: 2 points (the cube's value times one) to the opponent.
        loser = table.turn(states)
        winner = "bo" if loser == "ann" else "ann"
        resign(table, loser, winner)
        states = wait_until(table.pages, lambda s: all(x["phase"] == "game-over" for x in s.values()), "game over")
        models = check_kernels(sides, states)
        score = [2, 0] if winner == "ann" else [0, 2]
        assert [m["score"] for m in models.values()] == [score] * 3

        # Game 2, the Crawford game: nobody may double; a few plays, then the trailer resigns.
        states = table.click(winner, "new-game")
        crawford_plays = 0
        while crawford_plays < 4 or table.turn(states) != loser or states[loser]["phase"] != "roll":
            models = check_kernels(sides, states)
            assert all(m["crawford"] for m in models.values())
            assert all("double" not in s["buttons"] for s in states.values()), states
            if states[table.turn(states)]["phase"] == "move":
                crawford_plays += 1
            states = table.step(states)
        assert "double" not in states[loser]["buttons"] and "resign" in states[loser]["buttons"]
        resign(table, loser, winner)
        states = wait_until(
            table.pages,
            lambda s: all(x["phase"] == "match-over" and "Dice verified" in x["panel"] for x in s.values()),
            "match over and dice verified",
        )
        models = check_kernels(sides, states)
        assert [m["score"] for m in models.values()] == [[3, 0] if winner == "ann" else [0, 3]] * 3
        assert {m["match_winner"] for m in models.values()} == {("ann", "bo").index(winner)}
        assert {m["online"]["verified"] for m in models.values()} == {True}
        winner_name = "Ann" if winner == "ann" else "Bo"
        loser_name = "Bo" if winner == "ann" else "Ann"
        for state in states.values():  # the cube at 1 in the Crawford game: one point, the match's third
            assert f"{loser_name} resigns a single game: {winner_name} wins 1 point" in state["status"]
            assert f"{winner_name} wins the match" in state["status"]
        assert states["watcher"]["buttons"] == []
        assert len({s["positionId"] for s in states.values()}) == 1
        one_link_each(table.pages, links)
        snap(table, artifacts, "match-over")
        watcher.locator(ROOT).screenshot(path=str(artifacts / "online-match-over-watcher.png"))
    finally:
        for context in contexts:
            context.close()


def resign(table: Table, loser: str, winner: str) -> None:
    """``loser`` resigns a single game (Resign, then its first choice); ``winner`` accepts."""
    page = table.pages[loser]
    page.locator('[data-testid="resign"]').click()
    page.locator('[data-testid="resign-1"]').click()
    states = wait_until(table.pages, lambda s: "accept" in s[winner]["buttons"], f"{loser}'s resignation offered")
    assert "accept" not in states[loser]["buttons"]
    table.click(winner, "accept")


def reload_bo(table: Table, lab, sides: dict) -> dict:
    """Bo saves the notebook (Ctrl+S), reloads the page, and takes the seat back: the same board as Ann's."""
    bo = table.pages["bo"]
    # Into the cell's editor: the focus leaves the board, whose keys JupyterLab's shortcuts leave alone.
    bo.locator(".jp-Cell .cm-content").first.click()
    bo.keyboard.press("Control+s")
    saved = lab.folder / "bo.ipynb"
    wait_until(table.pages, lambda s: "application/vnd.jupyter.widget-view" in saved.read_text(), "bo.ipynb saved")
    before = table.revisions()
    bo.reload(wait_until="domcontentloaded")
    bo.wait_for_selector(".jp-Notebook .jp-Cell .cm-content")
    try:  # JupyterLab draws the saved output's widget again from the kernel's model
        bo.wait_for_selector(f"{ROOT}[data-revision]", timeout=20_000)
        print("reload: JupyterLab restored the widget")
    except Exception:  # else the cell runs again: the kernel and the page kept the seat's token
        bo.click(".jp-Notebook .jp-Cell .cm-content")
        bo.keyboard.press("Shift+Enter")
        print("reload: the cell was run again")
    states = wait_until(
        table.pages,
        lambda s: s["bo"]["sync"] and s["bo"]["positionId"] == s["ann"]["positionId"] and s["ann"]["sync"],
        "Bo's board back after the reload",
    )
    assert states["bo"]["revision"] >= 0 and states["ann"]["revision"] >= before["ann"]
    assert "Bo (you)" in states["bo"]["panel"]
    assert read_side(sides["bo"], 0)["online"]["seat"] == 1
    return states


def restart_server(table: Table, server: Server) -> dict:
    """The server killed: every page shows the banner; started again on its port and database:
    every page reconnects by itself and shows the same game, in step."""
    before = table.revisions()
    server.kill()
    wait_until(table.pages, lambda s: all(x["banner"] and not x["sync"] for x in s.values()), "the banners")
    server.start()
    return wait_until(
        table.pages,
        lambda s: agreed(s, {name: revision - 1 for name, revision in before.items()}),
        "every page back in step after the restart",
    )
