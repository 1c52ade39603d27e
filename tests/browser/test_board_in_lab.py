"""The board in a real JupyterLab, played with Debian's Chromium through Playwright.

Each notebook's cell mirrors the widget's state into a side file after every change; after
each step the page (its data- hooks) is compared with what the kernel holds.
"""

import re

import pytest

from bgwidget import Game
from bgwidget.svg import shown_names

from .lab import FRONT_ENDS, MIRROR, ROOT, open_notebook, read_side, use_theme, write_notebook

WAIT = 45_000  # ms for any one answer from the kernel (generous: CI's two cores may be busy)
EVIL = '<img src=x onerror="window.__pwned=1">Ann</b>'


def root_state(page) -> dict:
    return page.evaluate(
        f"""() => {{ const r = document.querySelector('{ROOT}');
        return {{revision: +r.dataset.revision, phase: r.dataset.phase, turn: +r.dataset.turn,
                 thinking: r.dataset.thinking === 'true', animating: r.dataset.animating === 'true',
                 positionId: r.dataset.positionId}}; }}"""
    )


def wait_new_revision(page, revision: int) -> dict:
    """Wait until the view has drawn a state newer than ``revision`` and the computer is done."""
    try:
        page.wait_for_function(
            f"""() => {{ const r = document.querySelector('{ROOT}');
            return +r.dataset.revision > {revision} && r.dataset.thinking === 'false' && !r.dataset.animating; }}""",
            timeout=WAIT,
        )
    except Exception:
        status = page.locator('[data-testid="status"]').text_content()
        raise AssertionError(f"no new state after revision {revision}: {root_state(page)}, {status!r}") from None
    return root_state(page)


def board_from_page(page) -> dict:
    """Checkers per place and owner, read from the SVG's data- hooks."""
    return page.evaluate(
        """() => { const out = {points: Array(24).fill(0), bar: [0, 0], off: [0, 0]};
        for (const c of document.querySelectorAll('[data-testid="bg-board"] svg [data-checker]')) {
            const seat = +c.dataset.owner, at = c.dataset.at;
            if (at === 'bar' || at === 'off') out[at][seat] += 1;
            else out.points[+at - 1] += seat === 0 ? 1 : -1;
        }
        return out; }"""
    )


def check_against_kernel(page, side) -> dict:
    """The page shows exactly the kernel's state: same revision, phase, turn and checkers."""
    shown = root_state(page)
    model = read_side(side, shown["revision"])
    assert model["revision"] == shown["revision"]
    assert (model["phase"], model["turn"], model["position_id"]) == (shown["phase"], shown["turn"], shown["positionId"])
    board = board_from_page(page)
    assert board == {"points": model["points"], "bar": model["bar"], "off": model["off"]}
    return model


def click_and_wait(page, selector: str, **kw) -> dict:
    revision = root_state(page)["revision"]
    page.locator(selector).first.click(**kw)
    return wait_new_revision(page, revision)


# In Notebook 7 with the long run (-m slow): the keyboard's game and the play notebook play there by default.
@pytest.mark.parametrize("front_end", ["lab", pytest.param("notebook", marks=pytest.mark.slow)])
def test_a_whole_game_against_the_computer_by_clicks(lab, page, artifacts, front_end):
    side = write_notebook(
        lab.folder,
        f"game-{front_end}",
        (
            "from bgwidget.widget import BoardWidget\n"
            f"w = BoardWidget(seed=2024, animation=0, names=({EVIL!r}, 'Computer'))\n" + MIRROR
        ),
    )
    open_notebook(page, lab, f"game-{front_end}", front_end=front_end)
    # The name holding markup is shown as text and ran nothing.
    assert page.locator(f'{ROOT} [data-name="0"]').text_content() == shown_names((EVIL, ""))[0]  # text, cut
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator(f"{ROOT} img").count() == 0
    check_against_kernel(page, side)
    turns = 0
    for _ in range(600):
        state = root_state(page)
        if state["phase"] in ("game-over", "match-over"):
            break
        assert state["turn"] == 0 or state["phase"] == "opening", state  # the computer never waits
        if state["phase"] in ("opening", "roll"):
            model = check_against_kernel(page, side)  # a new turn of the person
            assert model["can"]["roll"]
            turns += 1
            # Alternate the two ways to roll: the Roll button and a click on the dice.
            click_and_wait(page, '[data-testid="roll"]' if turns % 2 else f"{ROOT} [data-roll-dice]")
            continue
        assert state["phase"] == "move"
        page.locator(f'{ROOT} [data-movable="true"]').last.click()
        lit = page.locator(f'{ROOT} [data-lit="true"]')
        assert lit.count() >= 1
        revision = state["revision"]
        lit.first.click()
        after = wait_new_revision(page, revision)
        model = read_side(side, after["revision"])
        assert model["refused"] == "", model["refused"]
    else:
        pytest.fail("the game did not end")
    model = check_against_kernel(page, side)
    assert model["result"]["winner"] in (0, 1) and turns > 5
    assert page.locator('[data-testid="new-game"]').is_visible()
    assert page.locator('[data-testid="roll"]').is_hidden()
    status = page.locator('[data-testid="status"]').text_content()
    assert re.search(r"wins? an? (single game|gammon|backgammon): \d+ points?", status)
    page.locator(ROOT).screenshot(path=str(artifacts / f"game-over-{front_end}.png"))


TOOLS = (
    "from bgwidget.widget import BoardWidget\n"
    "w = BoardWidget(players=('human', 'human'), names=('Bottom', 'Top'), seed=1, animation=0, confirm=True)\n"
    "w.game.dice.push((3, 1), (6, 4), (5, 2))\n" + MIRROR
)


def test_drag_double_click_right_click_undo_cube_and_keyboard(lab, page, artifacts):
    side = write_notebook(lab.folder, "tools", TOOLS)
    open_notebook(page, lab, "tools")
    click_and_wait(page, '[data-testid="roll"]')  # the opening roll: 3-1 for the bottom player
    model = check_against_kernel(page, side)
    assert (model["phase"], model["turn"], model["dice"]) == ("move", 0, [3, 1])

    # Drag a checker from the 8 point and drop it on the lit 5 point.
    revision = root_state(page)["revision"]
    page.locator(f'{ROOT} [data-point="8"] [data-movable="true"]').last.drag_to(
        page.locator(f'{ROOT} [data-point="5"]')
    )
    wait_new_revision(page, revision)
    assert check_against_kernel(page, side)["moved"] == [[8, 5, False]]
    click_and_wait(page, '[data-testid="undo"]')
    assert check_against_kernel(page, side)["moved"] == []

    # Double-click: the higher die (3) first; right-click: the lower die (1) first.
    revision = root_state(page)["revision"]
    page.locator(f'{ROOT} [data-point="8"] [data-movable="true"]').last.dblclick()
    wait_new_revision(page, revision)
    assert check_against_kernel(page, side)["moved"] == [[8, 5, False]]
    click_and_wait(page, '[data-testid="undo"]')
    revision = root_state(page)["revision"]
    page.locator(f'{ROOT} [data-point="6"] [data-movable="true"]').last.click(button="right")
    wait_new_revision(page, revision)
    assert check_against_kernel(page, side)["moved"] == [[6, 5, False]]

    # Click to select, click a lit point; then Done confirms.
    page.locator(f'{ROOT} [data-point="8"] [data-movable="true"]').last.click()
    assert page.locator(f'{ROOT} [data-lit="true"]').count() >= 1
    click_and_wait(page, f'{ROOT} [data-point="5"][data-lit="true"]')
    assert page.locator('[data-testid="done"]').is_visible()
    click_and_wait(page, '[data-testid="done"]')
    model = check_against_kernel(page, side)
    assert (model["phase"], model["turn"], model["last_play"]["text"]) == ("roll", 1, "8/5 6/5")

    # The top player doubles, the bottom player takes: the cube goes to the bottom at 2.
    assert page.locator('[data-testid="take"]').is_hidden()
    click_and_wait(page, '[data-testid="double"]')
    assert page.locator(f'{ROOT} [data-cube="2"][data-offered="true"]').count() == 1
    assert page.locator('[data-testid="double"]').is_hidden()
    click_and_wait(page, '[data-testid="take"]')
    model = check_against_kernel(page, side)
    assert model["cube"]["value"] == 2 and model["cube"]["owner"] == 0
    assert page.locator(f'{ROOT} [data-cube="2"][data-owner="0"]').count() == 1

    # The keyboard alone: Enter on Roll, then arrows and Enter in the list of plays.
    page.locator('[data-testid="roll"]').focus()
    revision = root_state(page)["revision"]
    page.keyboard.press("Enter")
    wait_new_revision(page, revision)
    plays = check_against_kernel(page, side)["plays"]
    assert page.evaluate("() => document.activeElement.dataset.testid") == "plays"
    revision = root_state(page)["revision"]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    wait_new_revision(page, revision)
    model = check_against_kernel(page, side)
    assert model["last_play"]["seat"] == 1 and model["last_play"]["text"] == plays[1]
    assert (model["phase"], model["turn"]) == ("roll", 0)

    # Focus went on to the next thing to do, the Roll button; then a play typed in notation.
    assert page.evaluate("() => document.activeElement.dataset.testid") == "roll"
    revision = root_state(page)["revision"]
    page.keyboard.press("Enter")
    wait_new_revision(page, revision)
    assert check_against_kernel(page, side)["dice"] == [5, 2]
    page.locator('[data-testid="notation"]').fill("13/8 13/11")
    revision = root_state(page)["revision"]
    page.locator('[data-testid="notation"]').press("Enter")
    wait_new_revision(page, revision)  # a whole play is confirmed at once
    assert sorted(check_against_kernel(page, side)["last_play"]["text"].split()) == ["13/11", "13/8"]
    page.locator(ROOT).screenshot(path=str(artifacts / "cube-taken.png"))


def test_tab_reaches_every_button_with_a_visible_focus(lab, page):
    write_notebook(lab.folder, "tab", "from bgwidget.widget import BoardWidget\nw = BoardWidget(seed=5)\nw")
    open_notebook(page, lab, "tab")
    page.locator('[data-testid="roll"]').focus()
    seen = []
    for _ in range(6):
        testid = page.evaluate("() => document.activeElement.dataset.testid")
        style = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        if testid:
            seen.append(testid)
            assert style != "none", f"{testid} has no visible focus"
        page.keyboard.press("Tab")
    assert {"roll", "edit"} <= set(seen)  # what the opening allows


def test_edit_mode_reads_back_a_position_id(lab, page):
    side = write_notebook(
        lab.folder,
        "edit",
        (
            "from bgwidget.widget import BoardWidget\n"
            "w = BoardWidget(players=('human', 'human'), seed=3, animation=0, language='fr')\n" + MIRROR
        ),
    )
    open_notebook(page, lab, "edit")
    assert page.locator('[data-testid="roll"]').text_content() == "Lancer"
    click_and_wait(page, '[data-testid="edit"]')
    revision = root_state(page)["revision"]
    page.locator(f'{ROOT} [data-point="24"] [data-checker]').last.drag_to(page.locator(f"{ROOT} [data-point='bar']"))
    wait_new_revision(page, revision)
    model = check_against_kernel(page, side)
    assert model["bar"] == [1, 0]
    assert page.locator('[data-testid="position-id"]').input_value() == model["position_id"]
    page.locator('[data-testid="edit-die-0"]').select_option("6")
    revision = root_state(page)["revision"]
    page.locator('[data-testid="edit-die-1"]').select_option("5")
    wait_new_revision(page, revision)
    click_and_wait(page, '[data-testid="edit-done"]')
    model = check_against_kernel(page, side)
    assert (model["phase"], model["dice"], model["bar"]) == ("move", [6, 5], [1, 0])
    assert set(model["steps"]) == {"bar"} and model["movable"] == ["bar"]  # a checker on the bar must enter first


def test_light_and_dark_themes_screenshots(lab, page, artifacts):
    write_notebook(
        lab.folder,
        "themes",
        (
            "from bgwidget import Position\nfrom bgwidget.widget import BoardWidget\n"
            "w = BoardWidget(seed=8, animation=0, match_length=7, names=('Ann', 'Computer'),\n"
            "                position=Position.from_position_id('jM/gDQDYzeAJIA', turn=1))\n"
            "w.game.dice.push((5, 3))\nw"
        ),
    )
    page.set_viewport_size({"width": 1400, "height": 1200})
    open_notebook(page, lab, "themes")
    use_theme(page, "JupyterLab Light")
    click_and_wait(page, '[data-testid="roll"]')  # after the computer's play: 5-3 for Ann
    page.locator(f'{ROOT} [data-point="13"] [data-movable="true"]').last.click()
    lit = page.locator(f'{ROOT} [data-lit="true"]')
    assert sorted(int(lit.nth(i).get_attribute("data-point")) for i in range(lit.count())) == [5, 8, 10]
    status = page.locator('[data-testid="status"]')
    light = status.evaluate("el => getComputedStyle(el).color")
    page.locator(ROOT).screenshot(path=str(artifacts / "board-light.png"))
    page.click('.lm-MenuBar-itemLabel:text-is("Settings")')
    page.hover('.lm-Menu-itemLabel:text-is("Theme")')
    page.click('.lm-Menu-itemLabel:text-is("JupyterLab Dark")')
    page.wait_for_function("document.body.dataset.jpThemeLight === 'false'")
    page.wait_for_function(  # the dark theme's style sheet applied: the status's colour changed
        "([el, light]) => getComputedStyle(el).color !== light", arg=[status.element_handle(), light], timeout=WAIT
    )
    dark = status.evaluate("el => getComputedStyle(el).color")
    assert light != dark  # the text around the board follows the theme
    page.locator(ROOT).screenshot(path=str(artifacts / "board-dark.png"))


@pytest.mark.parametrize("front_end", FRONT_ENDS)  # Notebook 7 takes keys before the board does
def test_a_whole_game_with_the_keyboard_alone(lab, page, front_end):
    side = write_notebook(
        lab.folder,
        f"keys-{front_end}",
        "from bgwidget.widget import BoardWidget\nw = BoardWidget(seed=99, animation=0)\n" + MIRROR,
    )
    open_notebook(page, lab, f"keys-{front_end}", front_end=front_end)
    page.locator('[data-testid="roll"]').focus()  # where Tab lands first in the widget
    active = "() => document.activeElement.dataset.testid"
    for _ in range(400):
        state = root_state(page)
        if state["phase"] in ("game-over", "match-over"):
            break
        if state["phase"] in ("opening", "roll"):
            check_against_kernel(page, side)
            assert page.evaluate(active) == "roll"
        else:
            assert page.evaluate(active) == "plays"
            page.keyboard.press("ArrowDown")  # the second play in the list, when there is one
        page.keyboard.press("Enter")
        wait_new_revision(page, state["revision"])
        assert read_side(side, root_state(page)["revision"])["refused"] == ""
    else:
        pytest.fail("the game did not end")
    assert check_against_kernel(page, side)["result"] is not None
    assert page.evaluate(active) == "new-game"


def test_the_computers_play_is_animated(lab, page):
    write_notebook(
        lab.folder,
        "anim",
        "from bgwidget.widget import BoardWidget\nw = BoardWidget(seed=6, animation=0.2)\nw.game.dice.push((1, 6))\nw",
    )
    open_notebook(page, lab, "anim")
    revision = root_state(page)["revision"]
    page.click('[data-testid="roll"]')  # the computer wins the opening with 6-1 and plays it
    page.wait_for_selector(f'{ROOT}[data-animating="true"]', timeout=WAIT)
    during = root_state(page)["revision"]  # the new state is drawn once the play has been shown
    page.wait_for_function(f"() => !document.querySelector('{ROOT}').dataset.animating", timeout=WAIT)
    state = root_state(page)
    assert state["revision"] > during > revision and (state["phase"], state["turn"]) == ("roll", 0)
    assert page.locator(f"{ROOT} .bg-last line").count() == 2  # the computer's two steps are marked


CUSTOM = (
    """
from bgwidget.widget import BoardWidget

class LastPlay:
    \"\"\"A player of one's own: always the last legal play.\"\"\"
    name = "last play"
    def choose_play(self, position, dice):
        plays = position.legal_plays(*dice)
        return plays[-1] if plays else None

w = BoardWidget(players=("human", LastPlay()), seed=31, animation=0)
"""
    + MIRROR
)


def test_against_a_player_defined_in_the_notebook(lab, page, artifacts):
    side = write_notebook(lab.folder, "custom", CUSTOM)
    open_notebook(page, lab, "custom")
    assert page.locator(f'{ROOT} [data-name="1"]').text_content() == "Computer (last play)"
    for _ in range(200):
        state = root_state(page)
        model = check_against_kernel(page, side)
        if sum(a["type"] == "move" and a["seat"] == 1 and a["play"] != "" for a in model["record"]) >= 3:
            break
        if state["phase"] in ("opening", "roll"):
            click_and_wait(page, '[data-testid="roll"]')
            continue
        assert state["phase"] == "move" and state["turn"] == 0, state
        page.locator(f'{ROOT} [data-movable="true"]').first.click()
        click_and_wait(page, f'{ROOT} [data-lit="true"]')
    else:
        pytest.fail("the player did not play three times")
    # Each of its plays was the last legal play of its roll (the record replayed here).
    replay, plays = Game(seed=0), 0
    for action in model["record"]:
        if action["type"] == "move" and action["seat"] == 1 and action["play"]:
            assert action["play"] == str(replay.start_position.legal_plays(*replay.rolled)[-1])
            plays += 1
        replay.apply(action)
    assert plays >= 3 and replay.position.position_id() == model["position_id"]
    if model["phase"] == "roll":  # show a checker selected and its targets lit beside the player's last play
        click_and_wait(page, '[data-testid="roll"]')
    if root_state(page)["phase"] == "move":
        page.locator(f'{ROOT} [data-movable="true"]').first.click()
    page.locator(ROOT).screenshot(path=str(artifacts / "custom-player.png"))


BEAVERS = (
    """
from bgwidget import BoardWidget, Match, Position, Rules

class Doubler:
    name = "doubler"
    def choose_play(self, position, dice):
        plays = position.legal_plays(*dice)
        return plays[0] if plays else None
    def offer_double(self, game):
        return game.cube_value == 1

w = BoardWidget(players=("human", Doubler()), match=Match.with_rules(Rules(beavers=True), seed=5),
                position=Position.initial(turn=1), animation=0)
"""
    + MIRROR
)


def test_a_person_beavers_the_computers_double(lab, page, artifacts):
    side = write_notebook(lab.folder, "beavers", BEAVERS)
    open_notebook(page, lab, "beavers")
    page.wait_for_selector('[data-testid="beaver"]:visible', timeout=WAIT)  # the computer doubled first
    assert page.locator('[data-testid="take"]').is_visible() and page.locator('[data-testid="raccoon"]').is_hidden()
    click_and_wait(page, '[data-testid="beaver"]')
    # The computer took the beaver (the person's cube at 4), then rolled and played; the news stays.
    page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.phase === 'roll'", timeout=WAIT)
    model = check_against_kernel(page, side)
    assert (model["cube"]["value"], model["cube"]["owner"]) == (4, 0)
    assert [a["type"] for a in model["record"] if a["type"] in ("double", "beaver", "take")] == [
        "double",
        "beaver",
        "take",
    ]
    assert page.locator(f'{ROOT} [data-cube="4"][data-owner="0"]').count() == 1
    assert "takes" in page.locator('[data-testid="status"]').text_content()
    page.locator(ROOT).screenshot(path=str(artifacts / "beaver-taken.png"))
