"""Review mode, the move record and export on the board in JupyterLab (issue 14): a short game
played in the notebook, its record beside the board, a JSON download, then the review started
with the button and stepped through with the buttons and the arrow keys. Every wait is for a
state of the page (a data-review index, a data-revision, a download), never for time."""

import json
from pathlib import Path

import bgwidget

from .lab import MIRROR, ROOT, open_notebook, write_notebook
from .test_board_in_lab import WAIT, check_against_kernel, click_and_wait, root_state, wait_new_revision

GAME = """from bgwidget.widget import BoardWidget
w = BoardWidget(players=('human', 'human'), match_length=3, seed=7, animation=0)
w.roll((3, 1)); w.play('8/5 6/5'); w.roll((6, 4)); w.play('24/14')
w.intent({'type': 'double'}); w.intent({'type': 'take'})
w.roll((2, 1)); w.play('13/11* 6/5')
w"""


def review_index(page) -> str:
    return page.evaluate(f"() => document.querySelector('{ROOT}').dataset.review")


def wait_review(page, index: str) -> None:
    page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.review === '{index}'", timeout=WAIT)


def test_record_export_and_review_by_buttons_and_keys(lab, page, artifacts):
    write_notebook(lab.folder, "review", GAME)
    open_notebook(page, lab, "review")
    rows = page.locator(f"{ROOT} [data-testid='record'] tbody tr")
    assert rows.count() == 3
    assert rows.nth(2).text_content() == "3)Takes21: 13/11* 6/5"

    with page.expect_download(timeout=WAIT) as download:
        page.locator(f"{ROOT} [data-testid='export-json']").click()
    assert download.value.suggested_filename == "Bottom-vs-Top.json"
    saved = json.loads(Path(download.value.path()).read_text())
    assert [e.get("play") for e in saved["games"][0]["record"] if e["type"] == "move"] == [
        "8/5 6/5",
        "24/14",
        "13/11* 6/5",
    ]

    page.locator(f"{ROOT} [data-testid='review']").click()  # the Expert reviews in the kernel's worker thread
    wait_review(page, "0")
    status = page.locator(f"{ROOT} [data-testid='status']")
    assert status.text_content().startswith("Game 1, move 1: Bottom — played 8/5 6/5, best 8/5 6/5")
    assert page.locator(f"{ROOT} [data-last-play='8/5 6/5']").count() == 1
    assert page.locator(f"{ROOT} [data-testid='review-count']").text_content() == "Decision 1 of 6"
    assert page.locator(f"{ROOT} [data-testid='roll']").is_hidden()

    click_and_wait(page, "[data-testid='review-next']")
    assert review_index(page) == "1"
    assert page.locator(f"{ROOT} [data-hint-cube]").count() == 1  # seat 1's cube decision: its numbers
    page.locator(ROOT).focus()
    page.keyboard.press("ArrowRight")
    wait_review(page, "2")
    assert page.locator(f"{ROOT} [data-last-play='24/14']").count() == 1
    # the record marks the decision's line (.mat line 2: 64: 24/14)
    assert page.locator(f"{ROOT} [data-record-line][aria-current='step']").text_content().startswith("2)64: 24/14")
    assert page.locator(f"{ROOT} [data-hint-play]").count() >= 2  # the candidates, with the play made
    page.locator(ROOT).screenshot(path=str(artifacts / "review-decision.png"))
    page.keyboard.press("End")
    wait_review(page, "5")
    assert page.locator(f"{ROOT} [data-testid='review-next']").is_disabled()
    page.keyboard.press("ArrowLeft")
    wait_review(page, "4")
    assert page.locator(f"{ROOT} [data-testid='review-panel']").get_attribute("data-kind") == "take"
    assert page.locator(f"{ROOT} [data-cube]").count() == 1
    click_and_wait(page, "[data-testid='review-first']")
    assert review_index(page) == "0"

    click_and_wait(page, "[data-testid='review-leave']")
    assert review_index(page) == ""
    assert page.locator(f"{ROOT} [data-testid='roll']").is_visible()  # the game as it was: Top to roll
    assert rows.count() == 3


LONG = """import bgwidget
from bgwidget.widget import BoardWidget
m = bgwidget.play_match(players=('easy', 'easy'), match_length=15, seed=3)
w = BoardWidget.from_match(m, len(m.games), actions=len(m.games[-1].record), animation=0, language='sv')
w"""
# Turns the review of that match counts (its plays and dances): long enough that Cancel, pressed once
# the progress has moved, always comes before the end on a fast machine.
LONG_TURNS = sum(
    action["type"] == "move"
    for game in bgwidget.play_match(players=("easy", "easy"), match_length=15, seed=3).games
    for action in game.record
)


def review_progress(page) -> str:
    return page.evaluate(f"() => document.querySelector('{ROOT}').dataset.reviewProgress")


def test_a_long_review_shows_its_progress_and_cancel_leaves_the_board_as_it_was(lab, page, artifacts):
    """A 15-point match of two Easy players (837 turns): the Expert's review shows how far it is, in
    Swedish, and Cancel stops it; every wait is for the progress the page shows."""
    write_notebook(lab.folder, "review-long", LONG)
    open_notebook(page, lab, "review-long")
    status = page.locator(f"{ROOT} [data-testid='status']")
    before = status.text_content()
    page.locator(f"{ROOT} [data-testid='review']").dblclick()  # a double click starts one review, refuses nothing
    # the first turns reviewed, then more: the numbers move while the kernel stays free to answer
    page.wait_for_function(
        f"() => /^[1-9]\\d*\\/{LONG_TURNS}$/.test(document.querySelector('{ROOT}').dataset.reviewProgress)"
    )
    first = int(review_progress(page).split("/")[0])
    page.wait_for_function(
        f"() => +document.querySelector('{ROOT}').dataset.reviewProgress.split('/')[0] > {first}", timeout=WAIT
    )
    done = review_progress(page).split("/")[0]
    assert status.text_content().startswith("Analyserar… ")  # no refusal of the second click as stale
    assert "Analyserar… " in status.text_content() and f" av {LONG_TURNS} drag" in status.text_content()
    bar = page.locator(f"{ROOT} [data-testid='review-progress']")
    maximum, value = bar.evaluate("b => [b.max, b.value]")
    assert maximum == LONG_TURNS and value >= int(done)
    assert page.locator(f"{ROOT} [data-testid='review']").is_hidden()
    page.locator(ROOT).screenshot(path=str(artifacts / "review-progress-sv.png"))

    page.locator(f"{ROOT} [data-testid='review-cancel']").click()
    page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.reviewProgress === ''", timeout=WAIT)
    assert review_index(page) == "" and page.locator(f"{ROOT} [data-testid='review-running']").is_hidden()
    assert status.text_content().startswith("Analysen avbröts: brädet är som det var.")
    assert before in status.text_content()  # the game's own status, as it was
    assert page.locator(f"{ROOT} [data-testid='review']").is_visible()  # and a review may start again


ODD_NAMES = """from bgwidget.widget import BoardWidget
w = BoardWidget(players=("human", "human"), match_length=15, seed=7, animation=0, language="fr",
                names=('<script>alert(1)</script>', 'X' * 200))
w.roll((3, 1)); w.play('8/5 6/5'); w.roll((6, 4)); w.play('24/14')
w"""


def test_odd_and_long_names_stay_in_their_places(lab, page, artifacts):
    """A 200-character name and markup: shown as text, cut on the board, clear of the match label,
    and the record keeps both columns in view (no sideways scrolling)."""
    write_notebook(lab.folder, "odd-names", ODD_NAMES)
    open_notebook(page, lab, "odd-names")
    names = page.evaluate(f"() => [...document.querySelectorAll('{ROOT} svg [data-name]')].map(t => t.textContent)")
    assert sorted(names) == sorted(["<script>alert(1)</script>", "X" * 27 + "…"])
    assert page.locator(f"{ROOT} script").count() == 0  # the markup is text, never an element
    top, label = (
        page.locator(f"{ROOT} svg {hook}").evaluate(
            "t => [t.getBoundingClientRect().left, t.getBoundingClientRect().right]"
        )
        for hook in ('[data-name="1"]', "[data-match]")
    )
    assert top[1] < label[0], (top, label)  # the name ends before the match label begins
    record = page.locator(f"{ROOT} [data-testid='record']")
    scroll, width = record.evaluate("r => [r.scrollWidth, r.clientWidth]")
    assert scroll <= width, (scroll, width)
    assert record.locator("[data-record-line='2']").text_content() == "2)64: 24/14"
    page.locator(ROOT).screenshot(path=str(artifacts / "odd-names-fr.png"))


CORPUS_FILE = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "gnubg" / "gnubg-selfplay-drops-7p.mat"
REPLAY = f"""from pathlib import Path
from bgwidget.formats import from_mat
from bgwidget.widget import BoardWidget
w = BoardWidget.from_match(from_mat(Path({str(CORPUS_FILE)!r})), game=1, animation=0)
"""


def replay_at(page) -> str:
    return page.evaluate(f"() => document.querySelector('{ROOT}').dataset.replay")


def test_a_loaded_match_is_replayed_by_buttons_keys_and_the_record(lab, page, artifacts):
    """A .mat file from the corpus (six games GNU Backgammon played): the board opens on game 1's
    start with its record, Next and Last move the board through it as the kernel has it, the arrow
    keys and Page Down go on to the next games, a record cell goes to its move, and Play from here
    hands the position to the person."""
    side = write_notebook(lab.folder, "replay", REPLAY + MIRROR)
    open_notebook(page, lab, "replay")
    assert replay_at(page) == "1:0"
    status = page.locator(f"{ROOT} [data-testid='status']")
    assert status.text_content().startswith("Replay: game 1 of 6")
    rows = page.locator(f"{ROOT} [data-testid='record'] tbody tr")
    assert rows.count() == 4 and rows.nth(0).text_content() == "1)51: 24/23 13/8"
    assert page.locator(f"{ROOT} [data-testid='roll']").is_hidden()
    assert page.locator(f"{ROOT} [data-testid='review-next-error']").is_hidden()
    start = check_against_kernel(page, side)["position_id"]

    click_and_wait(page, "[data-testid='review-next']")  # the opening roll: Bottom's 51 to play
    assert replay_at(page) == "1:1" and check_against_kernel(page, side)["dice"] == [5, 1]
    click_and_wait(page, "[data-testid='review-next']")  # Bottom's play made
    assert replay_at(page) == "1:2" and check_against_kernel(page, side)["position_id"] != start
    assert page.locator(f"{ROOT} [data-record-line][aria-current='step']").get_attribute("data-record-line") == "1"
    click_and_wait(page, "[data-testid='review-last']")
    model = check_against_kernel(page, side)
    assert replay_at(page) == "1:12" and model["result"]["points"] == 1 and model["score"] == [0, 1]
    assert page.locator(f"{ROOT} [data-record-line][aria-current='step']").get_attribute("data-record-line") == "4"
    assert page.locator(f"{ROOT} [data-testid='review-last']").is_disabled()
    page.locator(ROOT).screenshot(path=str(artifacts / "replay-game-1-end.png"))

    page.locator(ROOT).focus()
    revision = root_state(page)["revision"]
    page.keyboard.press("ArrowRight")  # on to game 2's start
    wait_new_revision(page, revision)
    assert replay_at(page) == "2:0"
    revision = root_state(page)["revision"]
    page.keyboard.press("PageDown")
    wait_new_revision(page, revision)
    assert replay_at(page) == "3:0" and status.text_content().startswith("Replay: game 3 of 6")
    cell = page.locator(f"{ROOT} [data-testid='record'] tbody tr").nth(4).locator("td[data-actions]").last
    click_and_wait(page, f"{ROOT} [data-testid='record'] tbody tr:nth-child(5) td[data-actions] >> nth=-1")
    assert replay_at(page) == f"3:{cell.get_attribute('data-actions')}"
    model = check_against_kernel(page, side)
    assert page.locator(f"{ROOT} [data-record-line][aria-current='step']").get_attribute("data-record-line") == "5"
    page.locator(ROOT).screenshot(path=str(artifacts / "replay-game-3.png"))

    assert page.locator(f"{ROOT} [data-testid='review-leave']").text_content() == "Play from here"
    click_and_wait(page, "[data-testid='review-leave']")
    assert replay_at(page) == "" and page.locator(f"{ROOT} [data-testid='review-panel']").is_hidden()
    assert page.locator(f"{ROOT} [data-testid='roll']").is_visible()  # the person plays on from there
    assert check_against_kernel(page, side)["position_id"] == model["position_id"]


GALAXY_FILE = CORPUS_FILE.parents[1] / "galaxy" / "galaxy-10014006.mat"


def test_fast_keys_the_step_counter_the_record_and_review_after_play_from_here(lab, page, artifacts):
    """A new user's report (issue 38): 30 fast presses of the right arrow moved one step; after
    Next game the record showed the game's end; the record's heading was cut at its top; and
    Review after Play from here numbered Player B's first play from Player A's side."""
    from bgwidget.formats import from_mat
    from bgwidget.widget import BoardWidget

    kernel = BoardWidget.from_match(from_mat(GALAXY_FILE), animation=0)  # the same steps, in this process
    for _ in range(30):
        kernel.intent({"type": "replay-go", "to": "next"})
    thirty = kernel.state["replay"]
    side = write_notebook(
        lab.folder, "replay-fast", REPLAY.replace(repr(str(CORPUS_FILE)), repr(str(GALAXY_FILE))) + MIRROR
    )
    open_notebook(page, lab, "replay-fast")
    assert replay_at(page) == "1:0"
    page.locator(ROOT).focus()
    for _ in range(30):
        page.keyboard.press("ArrowRight")  # not waiting for the states between
    page.wait_for_function(
        f"() => document.querySelector('{ROOT}').dataset.replay === '{thirty['game']}:{thirty['actions']}'",
        timeout=WAIT,
    )
    count = page.locator(f"{ROOT} [data-testid='review-count']")
    page.wait_for_function(f"() => !document.querySelector('{ROOT}').dataset.animating", timeout=WAIT)
    expected = f"Game {thirty['game']} of 3 · step {thirty['step'] + 1} of {thirty['steps']}"
    assert count.text_content() == expected

    record = page.locator(f"{ROOT} [data-testid='record']")

    def heading_in_view() -> bool:
        return record.evaluate(
            """r => { const box = r.getBoundingClientRect();
            const title = r.querySelector('.bg-record-title').getBoundingClientRect();
            return title.top >= box.top - 0.5 && title.bottom <= box.bottom; }"""
        )

    revision = root_state(page)["revision"]
    page.keyboard.press("PageDown")  # the next game's start: its record from the top
    wait_new_revision(page, revision)
    kernel.intent({"type": "replay-go", "to": "next-game"})
    start = kernel.state["replay"]
    assert replay_at(page) == f"{start['game']}:0" and start["game"] == thirty["game"] + 1
    assert count.text_content() == f"Game {start['game']} of 3 · step 1 of {start['steps']}"
    assert record.evaluate("r => r.scrollTop") == 0 and heading_in_view()
    while not replay_at(page).startswith("1:"):
        click_and_wait(page, "[data-testid='replay-previous-game']")
    # "Doubles to 2", line 6 of game 1, then Play from here: the person answers the double
    click_and_wait(page, f"{ROOT} [data-testid='record'] tbody tr:nth-child(6) td[data-actions] >> nth=-1")
    click_and_wait(page, "[data-testid='review-leave']")
    assert page.locator(f"{ROOT} [data-testid='take']").is_visible() and heading_in_view()
    page.locator(ROOT).screenshot(path=str(artifacts / "replay-play-here-heading.png"))
    page.locator(f"{ROOT} [data-testid='review']").click()
    wait_review(page, "0")
    model = check_against_kernel(page, side)
    assert model["review"]["made"] == "24/20 13/8" and model["names"][model["review"]["seat"]] == "Player B"
    numbers = {p: page.locator(f"{ROOT} text[data-number='{p}']").text_content() for p in (1, 13, 20, 24)}
    assert numbers == {1: "1", 13: "13", 20: "20", 24: "24"}  # Player B's (seat 0's) own numbering
    page.locator(ROOT).screenshot(path=str(artifacts / "review-after-play-here.png"))
