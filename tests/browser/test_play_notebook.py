"""notebooks/02-play.ipynb in a real JupyterLab: its first board plays a whole game by clicks,
and the Hint shows the Expert's ranked plays on the board when one is hovered."""

import re
import shutil
from pathlib import Path

import pytest

from .lab import ROOT, wait_for_kernel
from .test_board_in_lab import WAIT, root_state, wait_new_revision

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "02-play.ipynb"


def run_cells_until_a_board(page, lab, front_end="lab"):
    """Open the notebook in ``front_end`` and run its cells from the top until the first board is drawn."""
    shutil.copy(NOTEBOOK, lab.folder / "02-play.ipynb")
    page.goto(lab.notebook_url("02-play", front_end), wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    wait_for_kernel(page)
    dialog = page.locator(".jp-Dialog .jp-mod-accept")
    if dialog.count():
        dialog.first.click()
    page.locator(".jp-Notebook .jp-Cell").first.click()
    for _ in range(8):  # markdown, imports, markdown, the first board
        page.keyboard.press("Shift+Enter")
        try:  # a board, or this cell is not the one
            page.wait_for_selector(f"{ROOT}[data-revision]", timeout=3000)
            break
        except Exception:
            continue
    page.wait_for_selector(f"{ROOT}[data-revision]", timeout=WAIT)
    return page.locator(ROOT).first


# By default in Notebook 7, the hint and the first twelve plays of each side; with the long run
# (-m slow), whole games in both front ends (a whole game by clicks runs by default in
# test_board_in_lab.py).
@pytest.mark.parametrize(
    ("front_end", "whole"), [pytest.param("lab", True, marks=pytest.mark.slow), ("notebook", False)]
)
def test_the_play_notebook_plays_a_game_and_shows_hints(lab, page, artifacts, front_end, whole):
    board = run_cells_until_a_board(page, lab, front_end)
    hinted = False
    turns = 0
    for _ in range(3000):
        state = root_state(page)
        if state["phase"] in ("game-over", "match-over") or (not whole and turns == 12):
            break
        if state["thinking"] or state["animating"] or (state["turn"] == 1 and state["phase"] != "opening"):
            # The computer's turn, shown with the notebook's animation: wait for the person's.
            page.wait_for_function(
                f"""() => {{ const r = document.querySelector('{ROOT}');
                return r.dataset.thinking === 'false' && !r.dataset.animating && (r.dataset.turn === '0'
                    || ['opening', 'game-over', 'match-over'].includes(r.dataset.phase)); }}""",
                timeout=WAIT,
            )
            continue
        if state["phase"] in ("opening", "roll"):
            turns += 1
            revision = state["revision"]
            board.locator('[data-testid="roll"]').click()
            wait_new_revision(page, revision)
            continue
        assert state["phase"] == "move", state
        if not hinted:
            board.locator('[data-testid="hint"]').click()
            rows = board.locator("[data-hint-play]")
            rows.first.wait_for(timeout=WAIT)
            row = rows.nth(min(1, rows.count() - 1))
            row.hover()
            page.wait_for_function(
                f"""() => document.querySelector('{ROOT} [data-last-play]')?.dataset.lastPlay
                    === {row.get_attribute("data-hint-play")!r}""",
                timeout=WAIT,
            )
            page.mouse.move(0, 0)
            row.focus()  # the keyboard's way to the same preview, which stays for the screenshot
            page.locator(ROOT).first.screenshot(path=str(artifacts / f"hint-{front_end}.png"))
            page.mouse.move(0, 0)
            # Tab on to the notation box, as a keyboard user would: the preview ends and the real
            # board comes back (a previewed play may have moved the only movable checker, as from the bar).
            board.locator('[data-testid="notation"]').focus()
            page.wait_for_function(f"() => !document.querySelector('{ROOT}').dataset.preview", timeout=WAIT)
            hinted = True
        board.locator('[data-movable="true"]').last.click()
        revision = root_state(page)["revision"]  # not the loop's: asking for the hint made a state too
        board.locator('[data-lit="true"]').first.click()
        wait_new_revision(page, revision)
    else:
        pytest.fail("the game did not end")
    assert hinted
    if not whole:  # eleven plays of each side (or the game over), each in the record
        record = board.locator("[data-record-line]").count()
        assert turns == 12 and record >= 10 or state["phase"] == "game-over", (turns, record)
        return
    status = board.locator('[data-testid="status"]').text_content()
    assert re.search(r"wins? an? (single game|gammon|backgammon): \d+ points?", status), status
    # The winner has borne off all fifteen: the tray holds them.
    off = page.evaluate(
        f"""() => [0, 1].map(s => document.querySelectorAll(
            '{ROOT} svg [data-checker][data-at="off"][data-owner="' + s + '"]').length)"""
    )
    assert 15 in off
