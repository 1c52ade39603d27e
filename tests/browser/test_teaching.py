"""The teaching board in a real JupyterLab (issue 13): a French board says why a click is
refused, next to the checker, and a Swedish board says how a game ended. Screenshots go to
test-artifacts/ (teaching-fr.png, result-sv.png)."""

from bgwidget.labels import label

from .lab import MIRROR, ROOT, open_notebook, read_side, write_notebook
from .test_board_in_lab import WAIT, board_from_page, click_and_wait, root_state, wait_new_revision

BUBBLE = f"{ROOT} svg [data-refusal]"


def bubble_text(page) -> str:
    return " ".join(page.locator(f"{BUBBLE} tspan").all_text_contents())


def inside_the_board(page) -> bool:
    """The bubble's box lies wholly inside the board's drawing (nothing clipped)."""
    return page.evaluate(
        f"""() => {{ const svg = document.querySelector('{ROOT} svg').getBoundingClientRect();
        const b = document.querySelector('{BUBBLE} rect').getBoundingClientRect();
        return b.left >= svg.left && b.right <= svg.right && b.top >= svg.top && b.bottom <= svg.bottom; }}"""
    )


def test_a_french_board_says_why_a_click_is_refused(lab, page, artifacts):
    side = write_notebook(
        lab.folder,
        "teaching",
        (
            "from bgwidget import Position\nfrom bgwidget.widget import BoardWidget\n"
            "w = BoardWidget(seed=3, animation=0, language='fr', teaching=True,\n"
            "                position=Position.initial(), dice=(3, 1))\n" + MIRROR
        ),
    )
    open_notebook(page, lab, "teaching")
    start = root_state(page)
    board = board_from_page(page)
    # A checker of the 13-point selected, then the 12-point, which the top seat holds with five.
    page.locator(f'{ROOT} [data-point="13"] [data-movable="true"]').last.click()
    shown = click_and_wait(page, f'{ROOT} [data-point="12"] [data-checker]')
    assert shown["revision"] > start["revision"] and board_from_page(page) == board
    said = label("fr", "why.point-held", point=12, count=5)
    assert bubble_text(page) == said  # the bubble's lines, joined again
    assert page.locator(BUBBLE).get_attribute("data-at") == "13"
    status = page.locator('[data-testid="status"]')
    assert said not in status.text_content()  # said once, in the bubble
    assert "bg-refused" not in status.get_attribute("class")  # nor is the status line in a refusal's colour
    assert read_side(side, shown["revision"])["refusal"] == {"reason": "point-held", "text": said, "point": 13}
    assert inside_the_board(page)
    page.locator(ROOT).screenshot(path=str(artifacts / "teaching-fr.png"))
    # The opponent's checker on board point 1 (its own 24-point).
    before = root_state(page)["revision"]
    page.locator(f'{ROOT} [data-point="1"] [data-checker][data-owner="1"]').last.click()
    wait_new_revision(page, before)
    assert bubble_text(page) == label("fr", "why.opponent-checker", point=1)
    assert page.locator(BUBBLE).get_attribute("data-at") == "1" and inside_the_board(page)
    assert board_from_page(page) == board
    page.locator(ROOT).screenshot(path=str(artifacts / "teaching-fr-opponent.png"))
    # A legal step puts the bubble away.
    page.locator(f'{ROOT} [data-point="8"] [data-movable="true"]').last.click()
    click_and_wait(page, f'{ROOT} [data-point="5"]')
    assert page.locator(BUBBLE).count() == 0
    # A typed play stands on no checker: its refusal leads the status line, in a refusal's colour.
    page.locator('[data-testid="notation"]').fill("24/20")
    before = root_state(page)["revision"]
    page.locator('[data-testid="notation"]').press("Enter")
    refused = read_side(side, wait_new_revision(page, before)["revision"])["refused"]
    assert refused and status.text_content().startswith(refused) and page.locator(BUBBLE).count() == 0
    assert "bg-refused" in status.get_attribute("class")


def test_a_swedish_board_says_how_the_game_ended(lab, page, artifacts):
    side = write_notebook(
        lab.folder,
        "result",
        "from bgwidget.widget import BoardWidget\nw = BoardWidget(seed=5, animation=0, language='sv')\n"
        "w.game.dice.push((3, 1))\n" + MIRROR,
    )
    open_notebook(page, lab, "result")
    click_and_wait(page, '[data-testid="roll"]')
    page.locator('[data-testid="resign"]').click()  # opens the choice: single game, gammon, backgammon
    assert page.locator('[data-testid="resign-2"]').text_content() == label("sv", "resign2")
    shown = click_and_wait(page, '[data-testid="resign-2"]')
    said = "Du ger upp en gammon: Datorn (Lätt) vinner 2 poäng"
    assert read_side(side, shown["revision"])["result"]["text"] == said
    assert page.locator('[data-testid="status"]').text_content().startswith(said)
    assert page.locator(f"{ROOT} svg [data-result] text").text_content() == said
    assert page.locator('[data-testid="resign-choice"]').is_hidden()
    page.locator(ROOT).screenshot(path=str(artifacts / "result-sv.png"))


def test_clicking_the_cube_doubles_and_a_board_without_the_cube_has_none(lab, page):
    side = write_notebook(
        lab.folder,
        "cube",
        "from bgwidget.widget import BoardWidget\n"
        "w = BoardWidget(players=('human', 'human'), seed=5, animation=0)\n"
        "plain = BoardWidget(players=('human', 'human'), seed=5, animation=0, cube=False)\n"
        "w.game.dice.push((3, 1))\nw.roll()\nw.play('8/5 6/5')\ndisplay(plain)\n" + MIRROR,
    )
    open_notebook(page, lab, "cube")
    page.wait_for_function(f"document.querySelectorAll('{ROOT}[data-revision]').length === 2")
    plain, board = page.locator(ROOT).nth(0), page.locator(ROOT).nth(1)
    # The top seat may double before its roll: the cube is the Double button's twin.
    assert board.locator('[data-testid="double"]').is_visible()
    revision = int(board.get_attribute("data-revision"))
    board.locator("svg [data-cube]").click()
    page.wait_for_function(
        "([el, r]) => Number(el.dataset.revision) > r", arg=[board.element_handle(), revision], timeout=WAIT
    )
    shown = {"phase": board.get_attribute("data-phase"), "revision": int(board.get_attribute("data-revision"))}
    assert shown["phase"] == "cube" and read_side(side, shown["revision"])["cube"]["offered_value"] == 2
    # Money play without the cube: no cube drawn, no Double button, the game starts as usual.
    assert plain.locator("svg [data-cube]").count() == 0 and plain.locator('[data-testid="roll"]').is_visible()
    assert plain.locator('[data-testid="double"]').is_hidden()
