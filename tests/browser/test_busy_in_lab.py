"""The board shows the kernel at work in JupyterLab (issue 38): a race's first Hint on a fresh
install prepares the bear-off tables, and the status line says so with a turning mark until the
hint is shown. The notebook slows the build down (a sleep in each table's computation) only so
that the page holds the busy state long enough to be read; every wait is for a state of the page."""

from .lab import ROOT, open_notebook, write_notebook
from .test_board_in_lab import WAIT

GAME = """import os, tempfile, time
os.environ["BGWIDGET_CACHE"] = tempfile.mkdtemp()  # a fresh install: no tables cached
from bgwidget import Position
from bgwidget.ai import bearoff
from bgwidget.widget import BoardWidget
bearoff.database.cache_clear()
solve = bearoff._solve
bearoff._solve = lambda *args: (time.sleep(1.5), solve(*args))[1]
w = BoardWidget(players=('human', 'human'), animation=0, dice=(6, 2),
                position=Position.from_points({1: 3, 2: 2, 4: 2, 6: 1}, {1: 2, 3: 3, 5: 2, 6: 2}))
w"""


def test_a_race_hint_on_a_fresh_install_says_it_prepares_the_tables(lab, page, artifacts):
    write_notebook(lab.folder, "busy", GAME)
    open_notebook(page, lab, "busy")
    assert page.locator(ROOT).get_attribute("data-busy") == ""
    page.locator(f"{ROOT} [data-testid='hint']").click()
    page.wait_for_selector(f"{ROOT}[data-busy='tables']", timeout=WAIT)
    status = page.locator(f"{ROOT} [data-testid='status']")
    assert status.text_content().startswith("Preparing the bear-off tables, once…")
    assert "bg-busy" in status.get_attribute("class")
    # the turning mark is drawn before the words
    mark = status.evaluate("s => getComputedStyle(s, '::before').animationName")
    assert mark == "bg-busy-turn"
    page.locator(ROOT).screenshot(path=str(artifacts / "busy-tables.png"))
    page.wait_for_selector(f"{ROOT} [data-hint-play]", timeout=WAIT)
    page.wait_for_selector(f"{ROOT}[data-busy='']", timeout=WAIT)
    assert "Preparing" not in status.text_content() and "bg-busy" not in status.get_attribute("class")
