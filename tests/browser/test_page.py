"""Boards sharing one JupyterLab page (issue 11): several boards in one notebook and a board in
another notebook's tab must each draw with their own gradients, and a right-click on a board is
the board's (the lower die first), never JupyterLab's context menu. Every wait is for a state of
the page (a data-revision, a data-phase, a menu), never for time."""

import pytest

from .lab import ROOT, open_notebook, wait_for_kernel, write_notebook
from .test_board_in_lab import WAIT, click_and_wait, root_state

# Every id in the page's boards, and for each board whether its url(#...) references resolve to
# elements inside that same board (the first element of the document with an id is what a
# reference resolves to: a board whose gradients lie in a hidden tab draws with none).
IDS = """() => {
  const boards = [...document.querySelectorAll('[data-testid="bg-board"]')];
  const ids = boards.flatMap(b => [...b.querySelectorAll('svg [id]')].map(e => e.id));
  const own = boards.map(b => [...b.querySelectorAll('svg [fill^="url(#"]')].every(e => {
    const target = document.getElementById(e.getAttribute('fill').slice(5, -1));
    return target !== null && b.contains(target);
  }));
  const refs = boards.map(b => b.querySelectorAll('svg [fill^="url(#"]').length);
  return {boards: boards.length, ids, own, refs};
}"""


@pytest.mark.jupyterlab_only  # two notebooks in one page: Notebook 7 opens each in its own tab
def test_boards_in_two_notebooks_each_draw_with_their_own_gradients(lab, page, artifacts):
    write_notebook(lab.folder, "first", "from bgwidget.widget import BoardWidget\nBoardWidget(seed=1, animation=0)")
    write_notebook(
        lab.folder,
        "second",
        (
            "from bgwidget.widget import BoardWidget\nfrom IPython.display import display\n"
            "display(BoardWidget(seed=2, animation=0))\ndisplay(BoardWidget(seed=3, animation=0))"
        ),
    )
    open_notebook(page, lab, "first")
    # The second notebook in a tab of its own, beside the first (now hidden), run by command.
    second = f"{lab.path}/second.ipynb"
    page.evaluate(f"() => window.jupyterapp.commands.execute('docmanager:open', {{path: {second!r}}})")
    page.wait_for_function(
        "() => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook')"
        f" && window.jupyterapp.shell.currentWidget?.context?.path === {second!r}",
        timeout=WAIT,
    )
    wait_for_kernel(page)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        f"() => document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) {ROOT}[data-revision]').length === 2",
        timeout=WAIT,
    )
    found = page.evaluate(IDS)
    assert found["boards"] == 3  # one in the hidden tab, two in the tab shown
    assert len(found["ids"]) == len(set(found["ids"])), "two boards share an id"
    assert all(n >= 4 for n in found["refs"]) and all(found["own"]), found
    page.locator(f".jp-NotebookPanel:not(.lm-mod-hidden) {ROOT}").nth(1).screenshot(
        path=str(artifacts / "second-board.png")
    )


def test_a_right_click_on_the_board_is_the_boards(lab, page):
    write_notebook(
        lab.folder,
        "right",
        (
            "from bgwidget.widget import BoardWidget\n"
            "w = BoardWidget(players=('human', 'human'), seed=1, animation=0, confirm=True)\n"
            "w.game.dice.push((3, 1))\nw"
        ),
    )
    open_notebook(page, lab, "right")
    menu = page.locator(".lm-Menu")
    # Outside the board JupyterLab's menu opens: the check below can fail.
    page.locator(".jp-Notebook .jp-Cell .cm-content").first.click(button="right")
    menu.first.wait_for(state="visible", timeout=WAIT)
    page.keyboard.press("Escape")
    menu.first.wait_for(state="hidden", timeout=WAIT)
    state = click_and_wait(page, '[data-testid="roll"]')
    assert state["phase"] == "move"
    # The lower die (1) from the 6 point; then a right-click where nothing can move.
    revision = state["revision"]
    page.locator(f'{ROOT} [data-point="6"] [data-movable="true"]').last.click(button="right")
    page.wait_for_function(f"() => +document.querySelector('{ROOT}').dataset.revision > {revision}", timeout=WAIT)
    page.locator(f'{ROOT} [data-point="20"]').click(button="right")
    page.locator(f"{ROOT} [data-cube]").click(button="right")
    assert menu.count() == 0 or not menu.first.is_visible()
    assert root_state(page)["phase"] == "move"
    assert page.locator(f'{ROOT} [data-point="5"] [data-checker]').count() == 1  # 6/5 made with the 1
