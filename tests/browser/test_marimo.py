"""notebooks/marimo_play.py run by marimo (``marimo run``, headless, no token) in Debian's Chromium,
and a board that plays in a game server's room (its WebSocket opened by the page) against a bot.

marimo draws each widget in a shadow root: Playwright's locators reach into it, document.querySelector
does not, so every read goes through a locator. Every wait is for a state of the page (a data-revision,
a data-phase, a count of plays), never for time."""

import re
import shutil
from pathlib import Path

import pytest

from bgwidget.online import connect, create_room, start_server

from . import online_board
from .lab import ROOT, MarimoServer

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "marimo_play.py"
WAIT = 45_000  # ms for any one answer from the kernel (CI's two cores may be busy)

# The board's state from its data- hooks, and its plays so far: the record's cells "roll: play".
STATE = """r => ({revision: +r.dataset.revision, phase: r.dataset.phase, turn: +r.dataset.turn,
    thinking: r.dataset.thinking === 'true', animating: r.dataset.animating === 'true',
    plays: [...r.querySelectorAll('[data-testid="record"] td')]
        .filter(td => /^\\d\\d: /.test(td.textContent)).length})"""
OVER = ("game-over", "match-over")


@pytest.fixture(scope="module")
def marimo_in(tmp_path_factory):
    """``marimo_in(theme)``: the notebook served by marimo in that theme, started on first use."""
    started = {}

    def server(theme: str) -> MarimoServer:
        if theme not in started:
            folder = tmp_path_factory.mktemp(f"marimo-{theme}")
            shutil.copy(NOTEBOOK, folder / NOTEBOOK.name)
            started[theme] = MarimoServer(folder, NOTEBOOK.name, theme=theme)
        return started[theme]

    yield server
    for running in started.values():
        running.stop()


def open_boards(page, marimo):
    """The notebook's two boards: a person against Easy, and Medium against Easy."""
    page.goto(marimo.url, wait_until="domcontentloaded")
    boards = page.locator(ROOT)
    boards.nth(1).locator("svg").wait_for(timeout=90_000)
    return boards.nth(0), boards.nth(1)


def wait_until(page, board, condition: str) -> dict:
    """Wait until ``condition`` (JS, of ``s``: the board's state) holds; returns the state."""
    page.wait_for_function(
        f"r => {{ const s = ({STATE})(r); return {condition}; }}", arg=board.element_handle(), timeout=WAIT
    )
    return board.evaluate(STATE)


def test_a_person_plays_the_computer_and_a_cell_follows_each_play(marimo_in, page, artifacts):
    board, _ = open_boards(page, marimo_in("light"))
    idle = "!s.thinking && !s.animating"
    s = wait_until(page, board, idle)
    while s["plays"] < 6 and s["phase"] not in OVER:  # three turns each
        if s["turn"] == 1 and s["phase"] != "opening":
            pass  # the computer's turn, thought off marimo's thread: the page answers meanwhile
        elif s["phase"] in ("opening", "roll"):
            board.locator('[data-testid="roll"]').click()
        else:
            assert s["phase"] == "move", s
            board.locator('[data-movable="true"]').last.click()
            board.locator('[data-lit="true"]').first.click()
        s = wait_until(page, board, f"s.revision > {s['revision']} && {idle}")
    # The cell that reads marimo's state, set by on_play, has followed every play, the computer's too.
    s = wait_until(page, board, f"{idle} && (s.turn === 0 || {list(OVER)}.includes(s.phase))")
    seen = page.locator('[data-testid="plays-seen"]')
    page.wait_for_function(
        "([cell, n]) => +cell.dataset.count === n", arg=[seen.element_handle(), s["plays"]], timeout=WAIT
    )
    assert seen.locator("li").count() == s["plays"] >= 6
    board.screenshot(path=str(artifacts / "marimo-board.png"))


def test_the_computer_against_itself_plays_one_play_at_a_time(marimo_in, page):
    _, watch = open_boards(page, marimo_in("light"))
    first = watch.evaluate(STATE)
    assert first["phase"] not in OVER, "the game was over before the board was drawn"
    counts = [first["plays"]]
    while len(counts) < 4:  # three more plays, each seen on its own
        s = wait_until(page, watch, f"s.plays > {counts[-1]} || {list(OVER)}.includes(s.phase)")
        assert s["phase"] not in OVER, f"the game ended after {counts} plays seen"
        counts.append(s["plays"])
    # The phase cell has followed the game (a traitlet observed into marimo's state) past its opening.
    followed = re.compile(r"The game against itself is at phase (roll|move|cube|game-over)")
    page.get_by_text(followed).wait_for(timeout=WAIT)


@pytest.mark.parametrize(("theme", "system"), [("light", "light"), ("dark", "light"), ("light", "dark")])
def test_the_board_follows_marimos_theme(marimo_in, browser, artifacts, theme, system):
    context = browser.new_context(color_scheme=system, viewport={"width": 1100, "height": 1150})
    try:
        page = context.new_page()
        board, _ = open_boards(page, marimo_in(theme))
        assert page.evaluate("() => getComputedStyle(document.body).colorScheme") == theme
        colours = board.evaluate(
            """r => [getComputedStyle(r.querySelector('.bg-status')).color,
                     getComputedStyle(r.querySelector('.bg-record')).backgroundColor]"""
        )
        # static/widget.css's own text and surface colours, light or dark as marimo's theme says,
        # whatever the system prefers.
        expected = {
            "light": ["rgb(31, 31, 31)", "rgb(255, 255, 255)"],
            "dark": ["rgb(230, 230, 230)", "rgb(30, 30, 30)"],
        }
        assert colours == expected[theme]
        page.screenshot(path=str(artifacts / f"marimo-{theme}-system-{system}.png"), full_page=True)
    finally:
        context.close()


# A notebook whose one cell shows an online board in seat 0 of a room (URL, ROOM, TOKEN filled in).
ONLINE_NOTEBOOK = """import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from bgwidget import BoardWidget

    board = mo.ui.anywidget(BoardWidget(animation=0).online(URL, room=ROOM, token=TOKEN))
    board
    return
"""


def plays_of(room, seat: int) -> list[str]:
    """The plays the server's ``room`` took from ``seat`` (a dance's empty one left out)."""
    moves = [e["action"] for e in room.events if e["seat"] == seat and e["action"]["type"] == "move"]
    return [move["play"] for move in moves if move["play"]]


def test_a_board_plays_online_against_a_bot(tmp_path, page, artifacts):
    with start_server() as server:
        ticket = create_room(server.url, length=1, names=("Ann", "Bot"))
        bot = connect(server.url, ticket.room, token=ticket.tokens[1])  # seated, playing once the page has rolled
        notebook = ONLINE_NOTEBOOK.replace("URL", repr(server.url)).replace("ROOM", repr(ticket.room))
        (tmp_path / "online.py").write_text(notebook.replace("TOKEN", repr(ticket.tokens[0])))
        marimo = MarimoServer(tmp_path, "online.py")
        try:
            page.goto(marimo.url, wait_until="domcontentloaded")
            board = page.locator(ROOT).first
            board.locator("svg").wait_for(timeout=90_000)
            assert online_board.wait_my_turn(page, board, WAIT)["phase"] == "opening"
            online_board.act(page, board, WAIT)  # the opening roll, by the page
            bot.play_with("easy", background=True)
            room = server.game_server.rooms[ticket.room]
            # until the server has taken a whole play of the page's seat
            while not plays_of(room, 0):
                assert online_board.wait_my_turn(page, board, WAIT)["phase"] != "match-over"
                online_board.act(page, board, WAIT)
            # the page's turn again (the server waits for it): its position is the server's
            assert online_board.wait_my_turn(page, board, WAIT)["positionId"] == room.ids()[0]
            board.screenshot(path=str(artifacts / "marimo-online.png"))
            bot.close()
        finally:
            marimo.stop()
