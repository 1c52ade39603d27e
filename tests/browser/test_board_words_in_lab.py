"""The board's words and layout in a real JupyterLab (issue 38): the move record fits a typical play
and the players' names on one line; the notation field shows its placeholder whole in every
language; a mouse click leaves no focus ring; an exercise's refusal is said once, in a bubble that
covers neither the dice nor the checkers. Screenshots go to test-artifacts/ (words-en.png,
words-fr.png, words-sv.png, words-refusal-fr.png)."""

import pytest

from bgwidget.labels import label

from .lab import ROOT, open_notebook, write_notebook

# Two people, the top one named as the computer is ("Computer (Expert)"), four plays recorded (a
# doubles among them), then the top seat's roll waits to be played: the notation field shows.
BOARD = """
from bgwidget.labels import label
from bgwidget.widget import BoardWidget
L = {language!r}
w = BoardWidget(players=("human", "human"), language=L, animation=0, seed=1,
                names=(label(L, "nameYou"), f"{{label(L, 'nameComputer')}} ({{label(L, 'level.expert')}})"))
for dice, play in [((3, 1), "8/5 6/5"), ((6, 6), "24/18(2) 13/7(2)"), ((6, 4), None), ((5, 2), None), ((1, 6), None)]:
    w.session.roll(dice)
    w.session.play(play or str(w.game.position.legal_plays(*dice)[0]))
w.session.roll((4, 2))
w
"""

# The distinct line tops of an element's text: 1 when it stands on one line.
LINES = """el => { const r = document.createRange(); r.selectNodeContents(el);
  return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"""


@pytest.mark.parametrize("language", ["en", "fr", "sv"])
def test_the_record_and_the_notation_field_fit_their_words(lab, page, artifacts, language):
    write_notebook(lab.folder, f"words-{language}", BOARD.format(language=language))
    open_notebook(page, lab, f"words-{language}")
    page.wait_for_selector(f'{ROOT} [data-testid="notation"]:visible')
    record = page.locator(f'{ROOT} [data-testid="record"]')
    cells = record.locator("tbody td, thead th")
    texts = cells.all_text_contents()
    assert "66: 24/18(2) 13/7(2)" in texts and "31: 8/5 6/5" in texts
    assert any(text.startswith("61: ") for text in texts)  # rolled 1 then 6: the higher die first
    for i in range(cells.count()):
        if texts[i]:
            assert cells.nth(i).evaluate(LINES) == 1, f"{texts[i]!r} wraps"
    # the whole placeholder shows in the notation field
    room, needed = page.locator(f'{ROOT} [data-testid="notation"]').evaluate(
        """el => { const s = getComputedStyle(el); const c = document.createElement("canvas").getContext("2d");
        c.font = s.font; return [el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight),
        c.measureText(el.placeholder).width]; }"""
    )
    assert needed <= room, (needed, room)
    page.locator(ROOT).screenshot(path=str(artifacts / f"words-{language}.png"))


def test_a_mouse_click_leaves_no_focus_ring_and_the_keyboard_shows_one(lab, page, artifacts):
    write_notebook(lab.folder, "words-focus", BOARD.format(language="en"))
    open_notebook(page, lab, "words-focus")
    resign = page.locator(f'{ROOT} [data-testid="resign"]')
    page.locator(f'{ROOT} [data-testid="notation"]').wait_for()
    resign.click()  # opens the choice; Cancel gives the focus back to Resign
    page.locator(f'{ROOT} [data-testid="resign-cancel"]').click()
    page.mouse.move(0, 0)  # the pointer away: no hover either
    focused = page.evaluate("() => document.activeElement.dataset.testid")
    assert focused == "resign"
    look = resign.evaluate(
        "el => [el.matches(':focus-visible'), getComputedStyle(el).outlineStyle, getComputedStyle(el).backgroundColor]"
    )
    other = page.locator(f'{ROOT} [data-testid="edit"]').evaluate("el => getComputedStyle(el).backgroundColor")
    assert look == [False, "none", other], look  # looks as every other button, not greyed
    page.locator(ROOT).screenshot(path=str(artifacts / "words-focus-click.png"))
    page.keyboard.press("Tab")
    assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") != "none"


EXERCISE = """
from IPython.display import display
from bgwidget import Position
from bgwidget.exercise import Exercise
display(Position.initial())
ex = Exercise(Position.initial(), (3, 1), ["8/5 6/5"], "Deux pions font un point.", language="fr")
ex
"""


def test_an_exercises_refusal_is_said_once_off_the_checkers_and_the_dice(lab, page, artifacts):
    write_notebook(lab.folder, "words-exercise", EXERCISE)
    open_notebook(page, lab, "words-exercise")
    board = page.locator(ROOT)
    revision = int(board.get_attribute("data-revision"))
    board.locator('[data-point="13"] [data-movable="true"]').last.click()
    board.locator('[data-point="12"] [data-checker]').last.click()
    page.wait_for_function(
        "([el, r]) => Number(el.dataset.revision) > r", arg=[board.element_handle(), revision], timeout=20_000
    )
    said = label("fr", "why.point-held", point=12, count=5)
    bubble = board.locator("svg [data-refusal]")
    assert " ".join(bubble.locator("tspan").all_text_contents()) == said
    output = page.locator(".jp-OutputArea-output").filter(has=board)
    html = output.locator(".bg-exercise-feedback").text_content()
    assert said not in html and said not in board.locator('[data-testid="status"]').text_content()
    assert html == label("fr", "exercise.waiting", dice="3-1")
    covered = board.evaluate(
        """root => { const b = root.querySelector("svg [data-refusal] rect").getBoundingClientRect();
        const hit = (o) => o.left < b.right && b.left < o.right && o.top < b.bottom && b.top < o.bottom;
        return [...root.querySelectorAll("svg [data-checker], svg [data-die], svg [data-cube]")]
          .filter(el => hit(el.getBoundingClientRect()))
          .map(el => el.dataset.checker || `die ${el.dataset.die}` || "cube"); }"""
    )
    assert covered == [], covered
    page.locator(".jp-Cell").first.screenshot(path=str(artifacts / "words-refusal-fr.png"))
