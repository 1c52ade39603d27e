"""The board's Hint rolls out its best plays in JupyterLab (issue 16): Hint, then Roll out; the
rows show each batch's equity ± error as it comes from the kernel's worker thread; Stop keeps what
is done and Roll out goes on. Every wait is for a state of the page, never for time."""

from .lab import ROOT, open_notebook, write_notebook
from .test_board_in_lab import WAIT, click_and_wait

GAME = """from bgwidget.widget import BoardWidget
w = BoardWidget(players=('human', 'human'), seed=7, animation=0)
w.roll((3, 1))
w"""


def rollout_line(page) -> dict:
    return page.locator(f"{ROOT} [data-testid='hint-rollout-status']").evaluate(
        "p => ({running: p.dataset.running, trials: p.dataset.trials, text: p.textContent})"
    )


def columns(page) -> list[str]:
    return page.locator(f"{ROOT} [data-testid='hint-panel'] th").all_text_contents()


def plies(page) -> list[str]:
    """Each row's ply (the depth its play reached): its data-hint-ply hook and the cell shown."""
    return page.locator(f"{ROOT} [data-hint-play]").evaluate_all(
        "rows => rows.map(r => [r.dataset.hintPly, r.cells[2].textContent])"
    )


def test_hint_then_roll_out_shows_the_numbers_as_they_come(lab, page, artifacts):
    write_notebook(lab.folder, "hint-rollout", GAME)
    open_notebook(page, lab, "hint-rollout")
    click_and_wait(page, f"{ROOT} [data-testid='hint']")
    page.wait_for_selector(f"{ROOT} [data-hint-play]", timeout=WAIT)
    assert page.locator(f"{ROOT} [data-hint-rollout]").count() == 0  # no rollout column before one is asked
    assert columns(page) == ["#", "Possible plays", "Ply", "equity", "error", "win"]
    # 3-1's best alone passes the Expert's move filter to 1-ply; the other seven are listed at 0-ply
    assert plies(page) == [["1", "1"]] + [["0", "0"]] * 7
    page.locator(f"{ROOT} [data-testid='hint-rollout']").click()
    # the first batch of 36 trials arrives while the kernel stays free; the best three plays show ± numbers
    page.wait_for_function(
        f"() => +document.querySelector('{ROOT} [data-testid=hint-rollout-status]')?.dataset.trials >= 36",
        timeout=WAIT,
    )
    numbers = page.locator(f"{ROOT} [data-hint-rollout]").evaluate_all("cells => cells.map(c => c.textContent)")
    shown = [n for n in numbers if n]
    assert len(shown) == 3 and all(" ± " in n for n in shown), numbers
    assert columns(page)[-1] == "Rollout" and plies(page) == [["1", "1"]] + [["0", "0"]] * 7  # rolled out, same ply
    line = rollout_line(page)
    page.locator(ROOT).screenshot(path=str(artifacts / "hint-rollout.png"))
    if line["running"] == "false":  # a fast machine rolled out all four batches before this read
        assert line["text"] == "Rollout of the best 3 plays: 144 trials (cubeless, truncated at 5 plies)", line
    else:  # Stop keeps the trials done, and Roll out is offered again
        assert line["text"].startswith("Rolling out the best 3 plays: "), line
        assert " of 144 trials (cubeless, truncated at 5 plies)" in line["text"], line
        page.locator(f"{ROOT} [data-testid='hint-rollout-stop']").click()
        page.wait_for_function(
            f"() => document.querySelector('{ROOT} [data-testid=hint-rollout-status]').dataset.running === 'false'",
            timeout=WAIT,
        )
        line = rollout_line(page)
        assert line["text"].startswith("Rollout stopped: ") and " of 144 trials" in line["text"], line
        assert page.locator(f"{ROOT} [data-testid='hint-rollout']").is_visible()
    # the person plays: the hint and its rollout go, and the board goes on (Top to roll)
    page.locator(f"{ROOT} [data-testid='notation']").fill("8/5 6/5")
    click_and_wait(page, f"{ROOT} [data-testid='play']")
    page.wait_for_function(f"() => document.querySelector('{ROOT} [data-testid=hint-panel]').hidden", timeout=WAIT)
    assert page.locator(f"{ROOT} [data-testid='roll']").is_visible()
