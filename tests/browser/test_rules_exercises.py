"""The rules notebooks in a real browser: a learner makes each common mistake on an exercise's
board, in English, French and Swedish, and reads under the board which rule refuses it.

Each rules notebook is copied into the lab's folder and run whole (Run All); then, on the boards
of its "Common mistakes" section, the mistake is made with the mouse as a learner would make it
(a checker clicked that cannot move, or a checker taken to a point that does not light). The
sentence expected is the rule's own (``Game.check_move`` on the same position, explained in the
notebook's language); screenshots of each board with its verdict go to ``test-artifacts/``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bgwidget import Game, Position
from bgwidget.labels import label

from .lab import ROOT, wait_for_kernel

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
RULES = {"en": "01-rules.ipynb", "fr": "fr/01-regles.ipynb", "sv": "sv/01-regler.ipynb"}
EXERCISES = 18  # boards in each rules notebook, in order; the mistakes are the last six
FEEDBACK = ".bg-exercise-feedback"

# mistake board (its index among the notebook's boards) -> the position, the dice, the clicks
# (board points; "why" on a checker that cannot move, or a checker then an unlit point) and the rule
MISTAKES = {
    13: (
        Position.from_points({"bar": 2, 13: 5, 8: 3, 6: 5}, {6: 3, 5: 2, 24: 2, 13: 5, 8: 3}),
        (6, 3),
        (13,),
        "bar-first",
    ),
    14: (
        Position.from_points({24: 1, 13: 5, 8: 3, 7: 1, 6: 5}, {7: 2, 4: 2, 24: 2, 13: 4, 6: 5}),
        (6, 3),
        (24,),
        "checker-blocked",
    ),
    15: (Position.from_points({9: 1, 6: 4, 5: 4, 4: 3, 3: 3}, {6: 5, 5: 5, 4: 5}), (6, 3), (6, "off"), "not-all-home"),
    16: (Position.from_points({13: 1, 6: 14}, {24: 2, 23: 2, 13: 5, 8: 3, 6: 3}), (6, 5), (13, 8), "larger-die"),
    17: (Position.from_points({24: 1, 6: 14}, {7: 2, 13: 5, 8: 3, 6: 5}), (6, 2), (6,), "both-dice"),
}


def expected_refusal(position: Position, dice: tuple[int, int], clicks: tuple):
    game = Game(position=position)
    game.roll(dice)
    to = None if len(clicks) == 1 else (0 if clicks[1] == "off" else clicks[1])
    return game.check_move(clicks[0], to)


def run_all(page, lab, name: str, artifacts: Path) -> None:
    """Open ``name`` and run all its cells once its kernel is ready, until every exercise's board is drawn."""
    page.goto(lab.notebook_url(name.removesuffix(".ipynb")), wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook .jp-CodeCell .cm-content", timeout=60_000)
    wait_for_kernel(page)
    # not awaited: the command's promise waits for the kernel
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    try:
        page.wait_for_function(
            f"() => document.querySelectorAll('{ROOT}[data-revision]').length >= {EXERCISES}", timeout=240_000
        )
    except Exception:
        page.screenshot(path=str(artifacts / f"rules-{name.replace('/', '-')}-not-drawn.png"))
        raise AssertionError(f"{name}: {page.locator(ROOT).count()} boards drawn") from None


def exercise(page, index: int):
    """The output holding the ``index``-th board, its feedback under it."""
    board = page.locator(ROOT).nth(index)
    board.scroll_into_view_if_needed()
    return page.locator(".jp-OutputArea-output").filter(has=page.locator(ROOT)).nth(index), board


def click_point(board, point, checker: bool) -> None:
    """A click on the top checker of ``point``, or on the point itself."""
    target = f'[data-point="{point}"] [data-checker]' if checker else f'[data-point="{point}"]'
    board.locator(target).last.click() if checker else board.locator(target).first.click()


# English and one translation by default, the other with the long run (-m slow).
@pytest.mark.parametrize("language", ["en", "fr", pytest.param("sv", marks=pytest.mark.slow)])
def test_each_common_mistake_is_refused_on_the_board_with_its_rule(lab, page, artifacts, language):
    name = RULES[language]
    (lab.folder / name).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(NOTEBOOKS / name, lab.folder / name)
    run_all(page, lab, name, artifacts)
    for index, (position, dice, clicks, rule) in MISTAKES.items():
        output, board = exercise(page, index)
        assert not board.locator('[data-testid="plays"]').is_visible()  # plays hidden until asked
        for tool in ("hint", "resign", "edit", "review", "export-json", "record"):  # only the play is asked for
            board.locator(f'[data-testid="{tool}"]').wait_for(state="hidden", timeout=5_000)
        waiting = label(language, "exercise.waiting", dice=f"{dice[0]}-{dice[1]}")
        assert output.locator(FEEDBACK).text_content() == waiting
        refusal = expected_refusal(position, dice, clicks)
        assert refusal is not None and refusal.reason == rule
        revision = int(board.get_attribute("data-revision"))
        for i, point in enumerate(clicks):
            click_point(board, point, checker=i == 0)
        page.wait_for_function(
            "([el, r]) => Number(el.dataset.revision) > r", arg=[board.element_handle(), revision], timeout=20_000
        )
        # said once (issue 38): in the board's bubble, off the checkers; the box keeps the question
        said = refusal.explain(language)
        bubble = board.locator("svg [data-refusal]")
        assert " ".join(bubble.locator("tspan").all_text_contents()) == said
        assert output.locator(FEEDBACK).text_content() == waiting
        assert said not in board.locator('[data-testid="status"]').text_content()
        output.screenshot(path=str(artifacts / f"rules-{language}-mistake-{refusal.reason}.png"))
    # the first mistake: landing on a lone checker hits it (8/5*, then 6/5 makes the point)
    output, board = exercise(page, 12)
    for frm, to in ((8, 5), (6, 5)):
        revision = int(board.get_attribute("data-revision"))
        board.locator(f'[data-point="{frm}"] [data-movable="true"]').last.click()
        board.locator(f'[data-point="{to}"][data-lit="true"]').click()
        page.wait_for_function(
            "([el, r]) => Number(el.dataset.revision) > r", arg=[board.element_handle(), revision], timeout=20_000
        )
    assert (
        output.locator(FEEDBACK).text_content().startswith(label(language, "exercise.right", play="8/5* 6/5", why=""))
    )
    assert board.locator('[data-point="bar"] [data-owner="1"]').count() == 1
    output.screenshot(path=str(artifacts / f"rules-{language}-mistake-hit.png"))
    # the plays of the first exercise stay hidden until the toggle under its board is pressed
    output, board = exercise(page, 0)
    assert not board.locator('[data-testid="plays"]').is_visible()
    output.get_by_text(label(language, "exercise.showPlays"), exact=True).click()
    output.get_by_text(label(language, "exercise.hidePlays"), exact=True).wait_for()
    assert board.locator('[data-testid="plays"]').is_visible() and "8/5 6/5" in output.text_content()
    output.screenshot(path=str(artifacts / f"rules-{language}-plays-shown.png"))
    # a double to answer: the board's Take button, judged with the cube decision's numbers
    output, board = exercise(page, 10)
    board.locator('[data-testid="take"]').click()
    right = label(language, "exercise.rightCube", answer=label(language, "exercise.take"))
    page.wait_for_function(
        "([el, text]) => el.textContent.startsWith(text)", arg=[output.locator(FEEDBACK).element_handle(), right]
    )
    output.screenshot(path=str(artifacts / f"rules-{language}-cube-take.png"))
