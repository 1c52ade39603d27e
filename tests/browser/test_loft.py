"""The 3D board (the loft) in a real JupyterLab, with headless Chromium's WebGL (SwiftShader).

The game is played by real mouse clicks through the canvas, at the client points the root's
``bgScreenPoint(point)`` gives; after each turn the page's hooks are compared with the kernel's
state (written to a side file by the notebook, see lab.MIRROR).
"""

import pytest

from .lab import MIRROR, ROOT, open_notebook, read_side, use_theme, write_notebook

WAIT = 45_000  # ms for any one answer from the kernel (CI's two cores may be busy)
GAME_VIEW = "0.000 0.620 10.500"  # camera.js's GAME_VIEW, as the root's data-camera writes it


def hooks(page) -> dict:
    return page.evaluate(
        f"""() => {{ const r = document.querySelector('{ROOT}');
        return {{revision: +r.dataset.revision, phase: r.dataset.phase, turn: +r.dataset.turn, view: r.dataset.view,
                 thinking: r.dataset.thinking === 'true', positionId: r.dataset.positionId,
                 selected: r.dataset.selected, camera: r.dataset.camera}}; }}"""
    )


def wait_root(page, condition: str) -> None:
    """Wait until ``condition`` (JS over the root element ``r``) holds."""
    script = f"() => {{ const r = document.querySelector('{ROOT}'); return !!r && ({condition}); }}"
    page.wait_for_function(script, timeout=WAIT)


def wait_new_revision(page, revision: int) -> dict:
    wait_root(page, f"+r.dataset.revision > {revision} && r.dataset.thinking === 'false' && !r.dataset.animating")
    return hooks(page)


def click_point(page, point, **kw) -> None:
    at = page.evaluate(f"() => document.querySelector('{ROOT}').bgScreenPoint({point!r})")
    # One click each: two quick clicks near one place would make a double click (the higher die).
    page.mouse.click(at["x"], at["y"], click_count=1, **kw)


def check_against_kernel(page, side) -> dict:
    shown = hooks(page)
    model = read_side(side, shown["revision"])
    assert model["revision"] == shown["revision"] and shown["view"] == "3d"
    assert (model["phase"], model["turn"], model["position_id"]) == (shown["phase"], shown["turn"], shown["positionId"])
    return model


def open_3d(page, lab, name: str, code: str):
    side = write_notebook(lab.folder, name, code + MIRROR)
    open_notebook(page, lab, name)
    wait_root(page, "r.dataset.view === '3d' && typeof r.bgScreenPoint === 'function'")
    return side


# By default the game starts late (78 and 81 pips, a blot of the computer's in Ann's outfield, Ann's
# checkers to bear off past it), a third of a game's clicks; the long run plays one from the opening.
LATE = "Position.from_points({14: 1, 6: 4, 5: 4, 4: 3, 3: 2, 2: 1}, {18: 1, 6: 4, 5: 4, 4: 3, 3: 2, 1: 1})"


@pytest.mark.parametrize(("start", "pips"), [("late", 78), pytest.param("opening", 167, marks=pytest.mark.slow)])
def test_a_game_against_the_computer_played_by_clicks_in_3d(lab, page, artifacts, start, pips):
    side = open_3d(
        page,
        lab,
        f"loft_game_{start}",
        "from bgwidget import Position\n"
        "from bgwidget.widget import BoardWidget\n"
        f"w = BoardWidget(view='3d', seed=7, animation=0.05, names=('<b>Ann</b>', 'Computer'),"
        f" position={LATE if start == 'late' else None})\n",
    )
    # Names are overlays of text: the markup is shown, not obeyed.
    assert page.locator('[data-testid="loft-name-0"]').text_content().startswith(f"<b>Ann</b> · {pips} pips")
    # The computer's plays are shown step by step: the root says so while one is animated.
    page.evaluate(
        f"""() => {{ const r = document.querySelector('{ROOT}'); window.__animated = false;
        new MutationObserver(() => r.dataset.animating && (window.__animated = true))
            .observe(r, {{attributes: true, attributeFilter: ['data-animating']}}); }}"""
    )
    moves = turns = 0
    for _ in range(400):
        state = hooks(page)
        if state["phase"] in ("game-over", "match-over"):
            break
        model = check_against_kernel(page, side)
        if model["can"]["roll"]:
            turns += 1
            if turns == 3:
                page.locator(ROOT).screenshot(path=str(artifacts / f"loft-game-{start}.png"))
            page.locator('[data-testid="roll"]').click()
            wait_new_revision(page, state["revision"])
            continue
        if model["can"]["take"]:
            page.locator('[data-testid="take"]').click()
            wait_new_revision(page, state["revision"])
            continue
        assert model["can"]["move"], model["status"]
        # Select the checker furthest back that can move, then click its first lit target.
        origin = model["movable"][-1]
        target = model["steps"][str(origin)][0]["to"]
        click_point(page, origin)
        wait_root(page, f"r.dataset.selected === {str(origin)!r}")
        click_point(page, target)
        after = wait_new_revision(page, state["revision"])
        assert read_side(side, after["revision"])["refused"] == ""
        moves += 1
    else:
        pytest.fail("the game did not end")
    model = check_against_kernel(page, side)
    assert model["result"]["winner"] in (0, 1) and turns > 5 and moves > 10
    assert page.locator('[data-testid="new-game"]').is_visible()
    # The result across the middle of the loft, as the 2D board's banner says it.
    assert page.locator('[data-testid="loft-result"]').text_content() == model["result"]["text"]
    page.locator(ROOT).screenshot(path=str(artifacts / "loft-game-over.png"))
    assert page.evaluate("() => window.__animated") is True


TOOLS = (
    "from bgwidget.widget import BoardWidget\n"
    "w = BoardWidget(view='3d', players=('human', 'human'), seed=1, animation=0, confirm=True)\n"
    "w.game.dice.push((3, 1))\n"
)


def test_double_and_right_click_the_camera_and_the_walk(lab, page, artifacts):
    side = open_3d(page, lab, "loft_tools", TOOLS)
    page.locator('[data-testid="roll"]').click()
    wait_root(page, "r.dataset.phase === 'move'")
    # A checker dragged from 8 and dropped on the lit 5 point moves there; Undo.
    revision = hooks(page)["revision"]
    start = page.evaluate(f"() => document.querySelector('{ROOT}').bgScreenPoint(8)")
    end = page.evaluate(f"() => document.querySelector('{ROOT}').bgScreenPoint(5)")
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    page.mouse.move(end["x"], end["y"], steps=6)
    page.mouse.up()
    wait_new_revision(page, revision)
    assert check_against_kernel(page, side)["moved"] == [[8, 5, False]]
    revision = hooks(page)["revision"]
    page.locator('[data-testid="undo"]').click()
    wait_new_revision(page, revision)
    assert check_against_kernel(page, side)["moved"] == []

    # A double click moves by the higher die (8/5), a right click by the lower one (6/5).
    revision = hooks(page)["revision"]
    at = page.evaluate(f"() => document.querySelector('{ROOT}').bgScreenPoint(8)")
    page.mouse.dblclick(at["x"], at["y"])
    wait_new_revision(page, revision)
    assert check_against_kernel(page, side)["moved"] == [[8, 5, False]]
    revision = hooks(page)["revision"]
    click_point(page, 6, button="right")
    wait_new_revision(page, revision)
    assert check_against_kernel(page, side)["moved"] == [[8, 5, False], [6, 5, False]]

    # Dragging the background (the room, above the board) turns the camera; the wheel zooms.
    canvas = page.locator('[data-testid="loft-canvas"]').bounding_box()
    assert hooks(page)["camera"] == GAME_VIEW
    x, y = canvas["x"] + canvas["width"] / 2, canvas["y"] + 12
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 30, steps=4)
    page.mouse.up()
    theta, phi, radius = map(float, hooks(page)["camera"].split())
    assert theta < -0.3 and phi < 0.62 and radius == 10.5
    page.mouse.wheel(0, 400)
    wait_root(page, "+r.dataset.camera.split(' ')[2] > 10.5")
    page.mouse.wheel(0, 100_000)  # far beyond the limit: the board stays in the picture
    wait_root(page, "r.dataset.camera.split(' ')[2] === '40.000'")
    page.locator(ROOT).screenshot(path=str(artifacts / "loft-orbit.png"))
    page.locator('[data-testid="game-view"]').click()
    wait_root(page, f"r.dataset.camera === {GAME_VIEW!r}")
    assert check_against_kernel(page, side)["moved"] == [[8, 5, False], [6, 5, False]]  # the camera played nothing

    # Done; the top player doubles and the bottom player takes: the cube rolls to 2, at the bottom.
    for button in ("done", "double", "take"):
        revision = hooks(page)["revision"]
        page.locator(f'[data-testid="{button}"]').click()
        wait_new_revision(page, revision)
    model = check_against_kernel(page, side)
    assert (model["cube"]["value"], model["cube"]["owner"]) == (2, 0)

    # Walking: the button enters the immersive mode, W walks towards the board, Escape leaves.
    page.locator('[data-testid="walk"]').click()
    wait_root(page, "r.dataset.immersive === 'true' && r.dataset.camera.startsWith('walk')")
    start = hooks(page)["camera"]
    page.keyboard.down("w")
    wait_root(page, f"r.dataset.camera !== {start!r}")
    page.keyboard.up("w")
    x, z = map(float, hooks(page)["camera"].split()[1:3])
    assert x == 0 and z < 30
    page.locator(ROOT).screenshot(path=str(artifacts / "loft-walk.png"))
    page.keyboard.press("Escape")
    wait_root(page, "!r.dataset.immersive")
    page.locator('[data-testid="game-view"]').click()
    wait_root(page, f"r.dataset.camera === {GAME_VIEW!r}")
    page.locator(ROOT).screenshot(path=str(artifacts / "loft-cube.png"))  # the cube taken, at 2

    # The whole screen: the board fills the window, the game's status and buttons with it; and back.
    page.locator('[data-testid="full-screen"]').click()
    page.wait_for_function("() => document.fullscreenElement?.dataset.testid === 'bg-board'", timeout=WAIT)
    assert page.locator('[data-testid="status"]').is_visible()
    assert page.locator('[data-testid="roll"]').is_visible()
    page.screenshot(path=str(artifacts / "loft-full-screen.png"))
    page.locator('[data-testid="full-screen"]').click()
    page.wait_for_function("() => !document.fullscreenElement", timeout=WAIT)

    # The toggle: back to the 2D board (Python sets the view), and to 3D again.
    page.locator('[data-testid="view-toggle"]').click()
    wait_root(page, "r.dataset.view === '2d' && !!r.querySelector('svg [data-checker]')")
    page.locator('[data-testid="view-toggle"]').click()
    wait_root(page, "r.dataset.view === '3d' && !!r.querySelector('canvas')")


def scene(page) -> dict:
    """The loft's world boxes (index.js's sceneBounds), once nothing moves."""
    wait_root(page, "!r.bgLoftScene().moving")
    return page.evaluate(f"() => document.querySelector('{ROOT}').bgLoftScene()")


def inside(inner: dict, outer: dict, margin: float = 0.0) -> bool:
    return (
        inner["x0"] >= outer["x0"] + margin
        and inner["x1"] <= outer["x1"] - margin
        and inner["z0"] >= outer["z0"] + margin
        and inner["z1"] <= outer["z1"] - margin
    )


TUTORED = (
    "from bgwidget.widget import BoardWidget\n"
    "w = BoardWidget(view='3d', players=('human', 'human'), tutor='doubtful', seed=5, animation=0,"
    " names=('Ann', 'Bo'))\n"
)


def test_full_screen_keeps_the_game_and_the_board_stays_in_its_frame(lab, page, artifacts):
    side = open_3d(page, lab, "loft_full", TUTORED)
    names = [page.locator(f'[data-testid="loft-name-{seat}"]') for seat in (0, 1)]
    # Before the opening roll no one is on turn: no marker points at a name.
    assert hooks(page)["phase"] == "opening"
    assert not any(name.text_content().endswith("◀") for name in names)

    # The whole screen holds the picture and, beside it, the status and the game's buttons: Roll is
    # there, inside the screen, and rolls the opening roll. (The new user's window: 1400 by 950.)
    viewport = page.viewport_size
    page.set_viewport_size({"width": 1400, "height": 950})
    full = page.locator('[data-testid="full-screen"]')
    assert full.text_content() == "Full screen"
    full.click()
    page.wait_for_function("() => document.fullscreenElement?.dataset.testid === 'bg-board'", timeout=WAIT)
    exit_label = "() => document.querySelector('[data-testid=full-screen]').textContent === 'Exit full screen'"
    page.wait_for_function(exit_label)
    roll = page.locator('[data-testid="roll"]')
    box = roll.bounding_box()
    height = page.evaluate("() => innerHeight")
    assert roll.is_visible() and box["y"] + box["height"] <= height
    canvas = page.locator('[data-testid="loft-canvas"]').bounding_box()
    assert canvas["height"] > 0.8 * height and canvas["x"] + canvas["width"] <= box["x"]
    assert page.locator('[data-testid="status"]').text_content() == read_side(side, hooks(page)["revision"])["status"]
    revision = hooks(page)["revision"]
    roll.click()
    shown = wait_new_revision(page, revision)
    model = check_against_kernel(page, side)
    assert model["phase"] == "move" and page.locator('[data-testid="status"]').is_visible()
    # Now the player to move is marked, and only they.
    assert [name.text_content().endswith("◀") for name in names] == [s == shown["turn"] for s in (0, 1)]
    page.locator('[data-testid="hint"]').wait_for(state="visible")
    page.wait_for_function(  # the picture has taken the height the play list left it, and is drawn at that size
        "() => { const c = document.querySelector('[data-testid=\"loft-canvas\"]');"
        " return c.getBoundingClientRect().bottom < innerHeight"
        " && c.height === Math.floor(c.clientHeight * Math.min(devicePixelRatio, 2)); }"
    )
    page.screenshot(path=str(artifacts / "loft-full-screen-rolled.png"))
    # The picture keeps its size as the panels beside it come and go: the play list came with the
    # roll, now the Hint's table (a click aimed by the old size must still land).
    settled = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    page.evaluate(settled)
    rolled = page.locator('[data-testid="loft-canvas"]').bounding_box()
    assert rolled == canvas
    page.locator('[data-testid="hint"]').click()
    page.locator('[data-testid="hint-panel"] tbody tr').first.wait_for(timeout=WAIT)
    page.evaluate(settled)
    assert page.locator('[data-testid="loft-canvas"]').bounding_box() == canvas
    page.screenshot(path=str(artifacts / "loft-full-screen-hint.png"))

    # Every checker, die and the cube lies on the board; the checkers on the fields, clear of the
    # side rail (SIDE 60 units, 0.6) and of the frame (FRAME 14 units, 0.14) by a strip of felt.
    world = scene(page)
    board = world["board"]
    field = {"x0": board["x0"] + 0.6, "x1": board["x1"], "z0": board["z0"] + 0.14, "z1": board["z1"] - 0.14}
    assert len(world["checkers"]) == 30 and len(world["dice"]) == 2 and world["cube"]
    for checker in world["checkers"]:
        assert inside(checker, field, 0.02), checker
    for die in world["dice"]:
        assert inside(die, field, 0.02), die
    assert inside(world["cube"], board, 0.02)
    assert world["cube"]["x1"] < board["x0"] + 0.6  # on the side rail

    # A resigned gammon: the result is written over the room, above the board, on no checker.
    page.locator('[data-testid="resign"]').click()
    page.locator('[data-testid="resign-2"]').click()  # between two people the game ends at once
    result = page.locator('[data-testid="loft-result"]')
    result.wait_for(state="visible", timeout=WAIT)
    assert "wins 2 points" in result.text_content()
    page.evaluate(settled)
    words = result.bounding_box()
    kernel = read_side(side, hooks(page)["revision"])
    stacks = [p for p in range(1, 25) if kernel["points"][p - 1]]
    for point in stacks:  # each stack's top checker, where a click on it lands
        at = page.evaluate(f"() => document.querySelector('{ROOT}').bgScreenPoint({point})")
        under = words["x"] <= at["x"] <= words["x"] + words["width"] and at["y"] <= words["y"] + words["height"] + 8
        assert not under, point
    page.screenshot(path=str(artifacts / "loft-full-screen-result.png"))
    full.click()
    page.wait_for_function("() => !document.fullscreenElement", timeout=WAIT)
    # The label follows the fullscreenchange event, which may come after the element is gone.
    page.wait_for_function("() => document.querySelector('[data-testid=full-screen]').textContent === 'Full screen'")
    page.set_viewport_size(viewport)


def test_the_tutors_better_play_as_arrows_in_3d(lab, page, artifacts):
    # The opening 5-3 for the bottom player: 13/10 8/3 leaves two blots where 8/3 6/3 makes the
    # 3-point (every published opening table): the tutor holds it, very bad.
    side = open_3d(page, lab, "loft_tutor", TUTORED + "w.roll((5, 3))\n")
    assert scene(page)["arrows"] == 0
    for origin, target in ((13, 10), (8, 3)):
        revision = hooks(page)["revision"]
        click_point(page, origin)
        wait_root(page, f"r.dataset.selected === {str(origin)!r}")
        click_point(page, target)
        wait_new_revision(page, revision)
    panel = page.locator(f"{ROOT} [data-testid='tutor-panel']")
    panel.wait_for(state="visible", timeout=WAIT)
    assert read_side(side, hooks(page)["revision"])["tutor"]["best"] == "8/3 6/3"
    # The Expert's play as two dashed arcs in the room, named as the 2D board names its arrows.
    assert page.locator(f"{ROOT} [data-tutor-best='8/3 6/3']").count() == 1
    assert scene(page)["arrows"] == 2
    page.locator(ROOT).screenshot(path=str(artifacts / "loft-tutor.png"))
    revision = hooks(page)["revision"]
    page.locator(f"{ROOT} [data-testid='tutor-take-back']").click()
    wait_new_revision(page, revision)
    panel.wait_for(state="hidden", timeout=WAIT)
    assert scene(page)["arrows"] == 0 and page.locator(f"{ROOT} [data-tutor-best]").count() == 0


def test_screenshots_in_the_light_and_dark_themes(lab, page, artifacts):
    side = open_3d(
        page,
        lab,
        "loft_theme",
        "from bgwidget.widget import BoardWidget\n"
        "w = BoardWidget(view='3d', players=('human', 'human'), seed=3, animation=0, names=('Ann', 'Bo'))\n"
        "w.roll((3, 1))\n"
        "w.play('8/5 6/5')\n"
        "w.roll((6, 6))\n",
    )
    use_theme(page, "JupyterLab Light")
    # The dice show 6-6 (four dice); a checker selected lights its targets.
    origin = read_side(side, hooks(page)["revision"])["movable"][0]
    click_point(page, origin)
    wait_root(page, f"r.dataset.selected === {str(origin)!r}")
    status = page.locator('[data-testid="status"]')
    light = status.evaluate("el => getComputedStyle(el).color")
    page.locator(ROOT).screenshot(path=str(artifacts / "loft-light.png"))
    page.evaluate("() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})")
    page.wait_for_function(  # the dark style sheet applied, and JupyterLab's splash gone
        """([el, light]) => document.body.dataset.jpThemeLight === 'false' && getComputedStyle(el).color !== light
        && !document.getElementById('jupyterlab-splash')""",
        arg=[status.element_handle(), light],
        timeout=WAIT,
    )
    assert hooks(page)["selected"] == str(origin)  # the 3D board was left as it was
    page.locator(ROOT).screenshot(path=str(artifacts / "loft-dark.png"))
    # Escape puts the selection away, as on the 2D board.
    page.locator(ROOT).press("Escape")
    wait_root(page, "r.dataset.selected === ''")


def test_without_webgl_the_2d_board_shows_with_a_message(lab, browser, artifacts):
    context = browser.new_context(viewport={"width": 1100, "height": 1150})
    # A browser without WebGL: no canvas gives a WebGL context.
    context.add_init_script(
        """const get = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
          return /webgl/i.test(kind) ? null : get.call(this, kind, ...rest);
        };"""
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        side = write_notebook(
            lab.folder,
            "loft_fallback",
            "from bgwidget.widget import BoardWidget\nw = BoardWidget(view='3d', seed=5, animation=0)\n" + MIRROR,
        )
        open_notebook(page, lab, "loft_fallback")
        wait_root(page, "!!r.querySelector('svg [data-checker]')")
        note = page.locator('[data-testid="view-note"]')
        note.wait_for(state="visible")
        assert note.text_content() == (
            "This browser cannot draw in 3D (WebGL is not available): the board is shown in 2D."
        )
        assert hooks(page)["view"] == "2d" and page.locator(f"{ROOT} canvas").count() == 0
        # The 2D board plays on.
        revision = hooks(page)["revision"]
        page.locator('[data-testid="roll"]').click()
        shown = wait_new_revision(page, revision)
        assert read_side(side, shown["revision"])["phase"] in ("move", "roll")
        page.locator(ROOT).screenshot(path=str(artifacts / "loft-fallback.png"))
    finally:
        context.close()
