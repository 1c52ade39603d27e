"""The tutor and a drill card in JupyterLab (issue 36): a planted mistake played by clicks is held,
the warning shows the Expert's play as arrows and says why, *Take back* puts the board back; then
a reference drill card is answered with its button and judged. Every wait is for a state of the
page, never for time."""

from .lab import ROOT, open_notebook, write_notebook
from .test_board_in_lab import WAIT, click_and_wait, root_state

# The opening 5-3 for the bottom player: 13/10 8/3 leaves two blots where 8/3 6/3 makes the
# 3-point (every published opening table): a very bad play by the Expert's judgement.
TUTORED = """from bgwidget import BoardWidget
w = BoardWidget(players=('human', 'human'), tutor='doubtful', seed=5, animation=0)
w.roll((5, 3))
w"""

# cube-01 of the shipped reference drills: a money bear-off race, 68.2% for the doubler (exact,
# from the bear-off database): double, take.
DRILL = """from bgwidget.drills import Deck
from bgwidget.drill_board import DrillBoard
d = DrillBoard(Deck(c for c in Deck.reference(['cube']) if c.id == 'cube-01'))
d"""


def test_the_tutor_holds_a_mistake_then_a_drill_card_is_answered(lab, page, artifacts):
    write_notebook(lab.folder, "tutor", TUTORED)
    open_notebook(page, lab, "tutor")
    before = root_state(page)["positionId"]
    click_and_wait(page, f"{ROOT} [data-testid='hint']")  # a hint asked before the play
    hint = page.locator(f"{ROOT} [data-testid='hint-panel']")
    hint.wait_for(state="visible", timeout=WAIT)
    page.locator(f'{ROOT} [data-point="13"] [data-movable="true"]').last.click()
    click_and_wait(page, f'{ROOT} [data-point="10"][data-lit="true"]')
    page.locator(f'{ROOT} [data-point="8"] [data-movable="true"]').last.click()
    click_and_wait(page, f'{ROOT} [data-point="3"][data-lit="true"]')
    panel = page.locator(f"{ROOT} [data-testid='tutor-panel']")
    panel.wait_for(state="visible", timeout=WAIT)
    assert "very bad" in panel.text_content() and "8/3 6/3" in panel.text_content()
    assert "17 rolls of 36 hit one" in panel.text_content()  # the blots on 10 and 3 (ai.explain)
    assert page.locator(f"{ROOT} [data-tutor-best='8/3 6/3']").count() == 1  # the Expert's play as arrows
    assert hint.is_hidden()  # the hint of the decision before the play, with its other numbers, is gone
    # The answers come first, right under the board, the why below them (a few facts, the rest folded).
    box = lambda selector: page.locator(f"{ROOT} {selector}").bounding_box()  # noqa: E731
    board, answer, why = box(".bg-board"), box("[data-testid='tutor-take-back']"), box("[data-testid='tutor-why']")
    assert answer["y"] + answer["height"] <= why["y"] and answer["y"] - (board["y"] + board["height"]) < 80
    assert page.locator(f"{ROOT} [data-testid='tutor-why'] > ul > li").count() == 3
    more = page.locator(f"{ROOT} [data-testid='tutor-more']")
    assert more.locator("summary").text_content().startswith("More (") and more.get_attribute("open") is None
    page.locator(ROOT).screenshot(path=str(artifacts / "tutor-warning.png"))
    click_and_wait(page, f"{ROOT} [data-testid='tutor-take-back']")
    panel.wait_for(state="hidden", timeout=WAIT)
    assert root_state(page)["positionId"] == before and root_state(page)["phase"] == "move"
    # A typed play refused, then Play with the box emptied: its own refusal replaces the old one.
    box, status = page.locator(f"{ROOT} [data-testid='notation']"), page.locator(f"{ROOT} [data-testid='status']")
    box.fill("25/1")
    click_and_wait(page, f"{ROOT} [data-testid='play']")
    assert status.text_content().startswith("No die of 5-3")
    box.fill("")
    click_and_wait(page, f"{ROOT} [data-testid='play']")
    assert status.text_content().startswith("Type a play first, such as 13/8 6/5. · ")

    write_notebook(lab.folder, "drill", DRILL)
    open_notebook(page, lab, "drill")
    page.locator(".bg-drill-double").first.click()
    page.get_by_text("Right: double, the best action.").first.wait_for(timeout=WAIT)
    page.locator(".bg-drill-double").first.locator(
        "xpath=ancestor::div[contains(@class, 'widget-vbox')][2]"
    ).screenshot(path=str(artifacts / "drill.png"))


# opening-21 of the shipped reference drills: 2-1, the slot 24/23 13/11 is the published best and
# 13/11 6/5 is within the drills' margin of it (RIGHT_WITHIN); 24/21 is not.
OPENING = """from bgwidget.drills import Deck
from bgwidget.drill_board import DrillBoard
d = DrillBoard(Deck(c for c in Deck.reference(['opening']) if c.id == 'opening-21'))
d"""

SEEN = """(selector) => { const el = document.querySelector(selector); const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return r.height > 0 && el.contains(hit); }"""
"""Whether the element is seen where it is, on screen and not covered or scrolled away."""


def test_a_drill_verdict_shows_beside_the_board_right_best_or_wrong(lab, page, artifacts):
    """A new user's right answer read "Right: 13/11 6/5. 13/11 6/5 gives up 0.005...", one paragraph
    under a board as wide as the cell: the verdict says how the answer stands against the best, the
    explanation is a list, and the verdict and Next card are seen beside the board as it was played."""
    cases = {
        "near": ([(13, 11), (6, 5)], "Right: 13/11 6/5, within 0.0", "of the best play, 24/23 13/11."),
        "best": ([(24, 23), (13, 11)], "Right: 24/23 13/11, the best play.", ""),
        "wrong": ([(24, 22), (22, 21)], "Not this one: 24/21 gives up 0.0", "against the best play, 24/23 13/11."),
    }
    for name, (steps, start, end) in cases.items():
        write_notebook(lab.folder, f"drill-{name}", OPENING)
        open_notebook(page, lab, f"drill-{name}")
        for frm, to in steps:
            page.locator(f'{ROOT} [data-point="{frm}"] [data-movable="true"]').last.click()
            click_and_wait(page, f'{ROOT} [data-point="{to}"][data-lit="true"]')
        box = page.locator(".bg-exercise-feedback").first
        page.locator(".bg-drill-next").first.wait_for(state="visible", timeout=WAIT)  # answered, judged
        page.get_by_text("Answered. Press Next card for the next one").first.wait_for(timeout=WAIT)  # held
        page.screenshot(path=str(artifacts / f"drill-{name}.png"))
        verdict = box.text_content()
        assert verdict.startswith(start) and verdict.endswith(end), verdict
        items = page.locator(".bg-drill-explanation li")
        assert items.count() >= 1 and not any("gives up" in t for t in items.all_text_contents())
        # where the play was made, the verdict and Next card are in sight, beside the board
        assert page.evaluate(SEEN, ".bg-exercise-feedback") and page.evaluate(SEEN, ".bg-drill-next")
        board, verdict_box = page.locator(ROOT).bounding_box(), box.bounding_box()
        assert board["y"] <= verdict_box["y"] < board["y"] + board["height"]  # level with the board
