"""The JupyterLite site of scripts/lite in Debian's Chromium: Python runs in the page (Pyodide).

The site is built once for the module (downloads cached under build/lite-cache/) and served from
build/lite/ by Python's http.server on localhost. Offline, the site has no numpy: the rules
notebook must still run whole, the cells and the cube exercises that need the net saying so in
the catalogue's sentence instead of a traceback. Then two people play on a board made in a new
cell, and the page's position is the kernel's. Last, a board in the page plays a whole match in a
game server's room against a bot: the kernel cannot open sockets, the page's WebSocket relays.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import subprocess
import tarfile
import threading
import time
from importlib.metadata import requires
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from bgwidget.labels import label
from bgwidget.online import connect, create_room, start_server

from . import online_board
from .lab import ROOT

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "build" / "lite"
ARTIFACTS = REPO / "test-artifacts"
BOARDS = 18  # the exercises' boards in the rules notebook
NEEDS_NUMPY = label("en", "net.needsNumpy", package="numpy", command="pip install numpy")
TRANSLATIONS = {"fr": "fr/01-regles.ipynb", "sv": "sv/01-regler.ipynb"}
KERNEL_WAIT = 300_000  # ms: Pyodide starts, loads its wheels and runs the notebook on two busy cores
ANSWER_WAIT = 30_000  # ms for the kernel to answer one click


class Files(http.server.SimpleHTTPRequestHandler):
    """Static files with the types a module worker and WebAssembly need."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript"}
    extensions_map.update({".js": "text/javascript", ".wasm": "application/wasm"})

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site():
    built = subprocess.run(["bash", "scripts/lite"], cwd=REPO, capture_output=True, text=True, timeout=1200)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-4000:]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Files, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture
def lite_page(browser):
    """A page in a fresh context: no workspace of an earlier test is restored (nor its kernel started)."""
    context = browser.new_context(viewport={"width": 1100, "height": 1150})
    page = context.new_page()
    page.set_default_timeout(ANSWER_WAIT)
    yield page
    context.close()


def test_the_offline_site_holds_the_notebooks_and_no_numpy(site):
    files = {path.relative_to(SITE / "files").as_posix() for path in (SITE / "files").rglob("*.ipynb")}
    assert files == {"01-rules.ipynb", "02-play.ipynb", "fr/01-regles.ipynb", "sv/01-regler.ipynb"}
    lock = json.loads((SITE / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    bgwidget = lock["bgwidget"]
    assert bgwidget["imports"] == ["bgwidget"] and "numpy" not in lock
    # what pyproject.toml asks for, less numpy: Pyodide loads them with bgwidget
    declared = {Requirement(text) for text in requires("bgwidget") or []}
    assert set(bgwidget["depends"]) == {r.name for r in declared if r.marker is None} - {"numpy"}
    for entry in lock.values():  # every package the kernel may load lies in the site
        assert (SITE / "static" / "pyodide" / entry["file_name"]).is_file(), entry["file_name"]


def test_the_cdn_build_takes_numpy_and_pyodides_own_packages_from_the_cdn():
    """What offline allows of ``--cdn``: its lock file, against the npm package's own."""
    out = REPO / "build" / "lite-cdn"
    built = subprocess.run(
        ["bash", "scripts/lite", "--cdn", "--out", str(out)], cwd=REPO, capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr[-4000:]
    with tarfile.open(REPO / "build" / "lite-cache" / "pyodide-314.0.6.tgz") as npm:
        pyodide = json.load(npm.extractfile("package/pyodide-lock.json"))["packages"]
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    placed = {name for name, entry in lock.items() if not entry["file_name"].startswith("https://")}
    assert placed == {"bgwidget", "anywidget", "comm", "fsrs", "ipywidgets", "psygnal"}  # none of them in Pyodide
    assert not placed & set(pyodide) and set(lock) == set(pyodide) | placed
    for name, entry in pyodide.items():  # Pyodide's own builds, checked by their own sha256
        url = "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/" + entry["file_name"]
        assert lock[name] == dict(entry, file_name=url)
    assert "numpy" in lock["bgwidget"]["depends"]
    for entry in lock.values():  # every file name is a wheel in the site or an address on the CDN
        assert entry["file_name"].startswith("https://") or (out / "static" / "pyodide" / entry["file_name"]).is_file()


def cell_outputs(panel) -> list[str]:
    return panel.locator(".jp-CodeCell .jp-OutputArea-output").all_text_contents()


def boards_drawn(page, panel, count: int) -> None:
    """Wait until ``count`` boards are drawn in ``panel`` (a view may come a moment after its
    cell's execution count)."""
    page.wait_for_function(
        f"(panel) => panel.querySelectorAll('{ROOT}[data-revision]').length === {count}", arg=panel.element_handle()
    )


def open_notebook(page, site: str, name: str, run_all: bool = False):
    """Open ``name`` once its kernel session is ready, and run every cell if ``run_all``; returns
    its notebook panel (other notebooks the page restored may stay open behind it)."""
    page.goto(f"{site}/lab/index.html?path={name}", wait_until="domcontentloaded")
    page.wait_for_function("(name) => window.jupyterapp?.shell.currentWidget?.context?.path === name", arg=name)
    panel_id = page.evaluate(
        """async (runAll) => {
            const panel = window.jupyterapp.shell.currentWidget;
            await panel.context.ready;
            await panel.sessionContext.ready;
            // not awaited: the command's promise waits for every cell
            if (runAll) window.jupyterapp.commands.execute('notebook:run-all-cells');
            return panel.id;
        }""",
        run_all,
    )
    return page.locator(f'[id="{panel_id}"]')


def run_all(page, site: str, name: str):
    """Open ``name`` and run every cell; returns its notebook panel once each code cell has its
    execution count."""
    panel = open_notebook(page, site, name, run_all=True)
    page.wait_for_function(
        """(panel) => [...panel.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                      .every(p => /\\[\\d+\\]/.test(p.textContent))""",
        arg=panel.element_handle(),
        timeout=KERNEL_WAIT,
        polling=500,
    )
    return panel


def run_new_cell(page, panel, code: str, timeout: float = ANSWER_WAIT):
    """Append a code cell holding ``code`` to the open notebook and run it; returns the cell once
    it has its execution count (within ``timeout`` ms)."""
    index = page.evaluate(
        """(code) => {
            const notebook = window.jupyterapp.shell.currentWidget.content;
            notebook.model.sharedModel.insertCell(notebook.model.cells.length, {cell_type: 'code', source: code});
            notebook.activeCellIndex = notebook.widgets.length - 1;
            window.jupyterapp.commands.execute('notebook:run-cell');  // not awaited, as in run_all
            return notebook.widgets.length - 1;
        }""",
        code,
    )
    cell = panel.locator(".jp-Cell").nth(index)
    cell.locator(".jp-InputPrompt").filter(has_text=re.compile(r"\[\d+\]")).wait_for(timeout=timeout)
    return cell


def state(board) -> dict:
    return board.evaluate(
        "r => ({revision: +r.dataset.revision, phase: r.dataset.phase, turn: +r.dataset.turn,"
        " positionId: r.dataset.positionId})"
    )


def act(page, board, click) -> dict:
    """Do ``click`` on ``board`` and wait for the kernel's next state; returns it."""
    revision = state(board)["revision"]
    click()
    page.wait_for_function(
        "([r, n]) => +r.dataset.revision > n && !r.dataset.animating",
        arg=[board.element_handle(), revision],
        timeout=ANSWER_WAIT,
    )
    return state(board)


def play_turn(page, board) -> int:
    """Roll, then move checkers one step at a time (a movable one, then a lit point) until the
    turn passes; returns how many steps were made."""
    shown = act(page, board, lambda: board.locator('[data-testid="roll"]').click())
    turn, steps = shown["turn"], 0
    while shown["phase"] == "move" and shown["turn"] == turn:
        board.locator('[data-movable="true"]').first.click()
        shown = act(page, board, lambda: board.locator('[data-lit="true"]').first.click())
        steps += 1
    return steps


def test_the_rules_notebook_runs_and_two_people_play(site, lite_page):
    page = lite_page
    panel = run_all(page, site, "01-rules.ipynb")
    outputs = cell_outputs(panel)
    assert not [text for text in outputs if "Traceback" in text or "Error" in text]
    boards_drawn(page, panel, BOARDS)
    # the table of cube decisions and the Crawford decision: the sentence instead of the net's numbers
    assert sum(text.strip() == NEEDS_NUMPY for text in outputs) == 2

    # a double to take, judged by the author's answer; the numbers need numpy, the verdict says
    cube = panel.locator(".jp-OutputArea-output").filter(has=page.locator(ROOT)).nth(10)
    cube.scroll_into_view_if_needed()
    # Every cell may have its count before Pyodide has answered the views' first messages; on a
    # busy two-core CI run a click sent then went unanswered past ANSWER_WAIT. Click once idle.
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status === 'idle'",
        timeout=KERNEL_WAIT,
        polling=500,
    )
    cube.locator('[data-testid="take"]').click()
    feedback = cube.locator(".bg-exercise-feedback")
    right = label("en", "exercise.rightCube", answer=label("en", "exercise.take"))
    page.wait_for_function(
        "([el, head]) => el.textContent.startsWith(head)", arg=[feedback.element_handle(), right], timeout=ANSWER_WAIT
    )
    assert feedback.text_content().endswith(NEEDS_NUMPY)

    # two people at one board, in a cell added to the notebook
    run_new_cell(
        page,
        panel,
        'from bgwidget import BoardWidget\nfriends = BoardWidget(players=("human", "human"), seed=5)\nfriends',
    )
    board = panel.locator(ROOT).nth(BOARDS)
    board.scroll_into_view_if_needed()
    page.wait_for_function("r => r.dataset.phase === 'opening'", arg=board.element_handle())
    before = state(board)["positionId"]
    first = play_turn(page, board)
    second = play_turn(page, board)
    shown = state(board)
    assert first >= 1 and second >= 1 and shown["phase"] == "roll" and shown["positionId"] != before
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lite-notebook.png"))  # the notebook page as a reader sees it
    panel.locator(".jp-OutputArea-output").filter(has=page.locator(ROOT)).last.screenshot(
        path=str(ARTIFACTS / "lite-two-people.png")
    )
    # the kernel in the page holds what the board shows
    cell = run_new_cell(page, panel, "print(friends.position_id, friends.revision, friends.phase, friends.turn)")
    output = cell.locator(".jp-OutputArea-output")
    output.wait_for()
    printed = output.text_content().split()
    assert printed == [shown["positionId"], str(shown["revision"]), "roll", str(shown["turn"])]


@pytest.mark.parametrize("language", list(TRANSLATIONS))
def test_the_french_and_swedish_rules_notebooks_run_whole(site, lite_page, language):
    panel = run_all(lite_page, site, TRANSLATIONS[language])
    outputs = cell_outputs(panel)
    assert not [text for text in outputs if "Traceback" in text or "Error" in text]
    boards_drawn(lite_page, panel, BOARDS)
    sentence = label(language, "net.needsNumpy", package="numpy", command="pip install numpy")
    assert sum(text.strip() == sentence for text in outputs) == 2


@pytest.fixture
def game_server(site):
    """A game server on localhost that lets in the site's pages (and Python clients, which send no Origin)."""
    server = start_server(origins=[site])
    yield server
    server.stop()


def test_a_board_in_the_page_plays_a_whole_match_online(site, lite_page, game_server):
    page, url = lite_page, game_server.url
    ticket = create_room(url, length=1, names=("Ann", "Bot"))
    bot = connect(url, ticket.room, token=ticket.tokens[1])  # seated, playing once the page has rolled
    panel = open_notebook(page, site, "02-play.ipynb")
    # the online modules import in Pyodide, which has no websockets (nor could it open a socket)
    check = "import importlib.util\nimport bgwidget.online_play\nfrom bgwidget.online import fairdice, protocol, room\n"
    cell = run_new_cell(page, panel, check + 'print(importlib.util.find_spec("websockets"))', timeout=KERNEL_WAIT)
    assert cell.locator(".jp-OutputArea-output").text_content().strip() == "None"
    code = "from bgwidget import BoardWidget\n"
    code += f"BoardWidget(animation=0).online({url!r}, room={ticket.room!r}, token={ticket.tokens[0]!r})"
    run_new_cell(page, panel, code)
    board = panel.locator(ROOT).last
    board.scroll_into_view_if_needed()
    assert online_board.wait_my_turn(page, board, ANSWER_WAIT)["phase"] == "opening"
    # the server's commitment to its dice, and no verdict on them before the end
    committed = label("en", "online.commitment", hash=ticket.commitment[:16] + "\u2026")
    assert board.locator('[data-testid="online"] .bg-online-note').all_text_contents()[0] == committed
    started = time.monotonic()
    online_board.act(page, board, ANSWER_WAIT)  # the opening roll, by the page
    playing = bot.play_with("easy", background=True)
    actions = 1
    while online_board.wait_my_turn(page, board, ANSWER_WAIT)["phase"] != "match-over":
        assert actions < 400, online_board.state(board)
        online_board.act(page, board, ANSWER_WAIT)
        actions += 1
    print(f"the match took {time.monotonic() - started:.0f} s and {actions} actions")
    room = game_server.game_server.rooms[ticket.room]
    assert room.ended is not None and room.ended["reason"] == "match"
    assert playing.result(timeout=30)["winner"] == room.ended["winner"]  # the bot's room ended so too
    # the page names the server's winner, its dice checked against the seed revealed at the end
    winner = ("Ann", "Bot")[room.ended["winner"]]
    assert label("en", "winsMatch", name=winner) in board.locator('[data-testid="status"]').text_content()
    verified = board.locator('[data-verified="true"]')
    verified.first.wait_for()
    assert label("en", "online.verified") in verified.all_text_contents()
    assert label("en", "online.end.match") in board.locator('[data-testid="online"]').text_content()
    assert online_board.state(board)["positionId"] == room.ids()[0]
    ARTIFACTS.mkdir(exist_ok=True)
    panel.locator(".jp-OutputArea-output").filter(has=page.locator(ROOT)).last.screenshot(
        path=str(ARTIFACTS / "lite-online.png")
    )
    bot.close()

    # a board that creates its room: the page sends the kernel's "create", the invite names the new room
    run_new_cell(page, panel, f"BoardWidget().online({url!r})")
    invite = panel.locator(ROOT).last.locator('[data-testid="online-invite"]')
    invite.wait_for(timeout=ANSWER_WAIT)
    (created,) = set(game_server.game_server.rooms) - {ticket.room}
    assert f"room={created!r}" in invite.text_content()
