"""Frames per second and click-to-redraw time of the 3D board (the loft) in JupyterLab and Chromium.

Starts JupyterLab on localhost (as tests/browser/ do), opens ``BoardWidget(view="3d")`` for two
people (no computer's turn in between) and measures inside the page with ``performance.now()``:

* frames per second while the camera turns (a drag on the background moved every frame) and
  while walking (W held), with the mean time of ``renderer.render``;
* click on a checker -> the frame that shows it selected with its targets lit (a local redraw),
  and, as the reference in the same page, the same click on the 2D board -> its next frame;
* click on a lit point -> the frame that shows the state Python sent back (the kernel's round trip).

Headless Chromium here draws WebGL with SwiftShader, on the CPU: a laptop's GPU is far faster.

Run: ``.venv/bin/python benchmarks/loft_frames.py [--seconds 3] [--clicks 12]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.browser.lab import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    MIRROR,
    ROOT,
    Lab,
    open_notebook,
    read_side,
    write_notebook,
)

CODE = (
    "from bgwidget.widget import BoardWidget\n"
    "w = BoardWidget(view='3d', players=('human', 'human'), seed=11, animation=0)\n"
)

# Drags the background by 2 px every frame for `ms`; returns frames drawn per second and the
# mean render time.
ORBIT = """async (ms) => {
  const r = document.querySelector('ROOT');
  const c = r.querySelector('canvas');
  const box = c.getBoundingClientRect();
  const at = (x) => ({clientX: box.left + x, clientY: box.top + 10, pointerId: 7, bubbles: true, isPrimary: true});
  c.dispatchEvent(new PointerEvent('pointerdown', at(50)));
  const first = r.bgLoftStats();
  const t0 = performance.now();
  let x = 50, render = 0, n = 0;
  while (performance.now() - t0 < ms) {
    x += 2;
    c.dispatchEvent(new PointerEvent('pointermove', at(x)));
    await new Promise(requestAnimationFrame);
    render += r.bgLoftStats().renderMs; n += 1;
  }
  c.dispatchEvent(new PointerEvent('pointerup', at(x)));
  const frames = r.bgLoftStats().frames - first.frames;
  return {fps: frames / ((performance.now() - t0) / 1000), renderMs: render / n};
}""".replace("ROOT", ROOT)

# Records when a new revision is shown and the frame after it (the loft renders in the
# animation frame the view's draw asked for, before this one).
PROBE = """() => {
  const r = document.querySelector('ROOT');
  window.__drawn = null;
  new MutationObserver(() => requestAnimationFrame(() => (window.__drawn = performance.now())))
    .observe(r, {attributes: true, attributeFilter: ['data-revision']});
}""".replace("ROOT", ROOT)


def point(page, place):
    return page.evaluate(f"() => document.querySelector('{ROOT}').bgScreenPoint({place!r})")


def model_now(page):
    return page.evaluate(f"() => Object.assign({{}}, document.querySelector('{ROOT}').dataset)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--clicks", type=int, default=12)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bgwidget-loft-"))
    lab = Lab(folder)
    try:
        side = write_notebook(folder, "loft", CODE + MIRROR)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1100, "height": 1150})
            open_notebook(page, lab, "loft")
            page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.view === '3d'", timeout=60_000)
            size = page.locator(f"{ROOT} canvas").bounding_box()
            print(f"canvas {size['width']:.0f} x {size['height']:.0f} CSS px")
            orbit = page.evaluate(ORBIT, args.seconds * 1000)
            print(f"orbiting: {orbit['fps']:.1f} frames/s, render {orbit['renderMs']:.1f} ms/frame")
            page.locator('[data-testid="walk"]').click()
            first = page.evaluate(f"() => document.querySelector('{ROOT}').bgLoftStats().frames")
            t0 = page.evaluate("() => performance.now()")
            page.keyboard.down("w")
            page.wait_for_timeout(args.seconds * 1000)  # a benchmark: measures over a time span
            page.keyboard.up("w")
            frames = page.evaluate(f"() => document.querySelector('{ROOT}').bgLoftStats().frames") - first
            seconds = (page.evaluate("() => performance.now()") - t0) / 1000
            print(f"walking: {frames / seconds:.1f} frames/s")
            page.keyboard.press("Escape")
            page.locator('[data-testid="game-view"]').click()
            page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.camera === '0.000 0.620 10.500'")

            page.evaluate(PROBE)
            local, round_trip = [], []
            for _ in range(args.clicks):
                shown = model_now(page)
                revision = int(shown["revision"])
                if shown["phase"] != "move":
                    page.locator('[data-testid="roll"]').click()
                    page.wait_for_function(f"() => +document.querySelector('{ROOT}').dataset.revision > {revision}")
                    continue
                model = read_side(side, revision)
                origin_place = model["movable"][0]
                target_place = model["steps"][str(origin_place)][0]["to"]
                at = point(page, origin_place)
                page.mouse.click(at["x"], at["y"], click_count=1)
                page.wait_for_function(
                    f"() => document.querySelector('{ROOT}').dataset.selected === {str(origin_place)!r}"
                    f" && document.querySelector('{ROOT}').bgLoftStats().clickToFrameMs !== null"
                )
                local.append(page.evaluate(f"() => document.querySelector('{ROOT}').bgLoftStats().clickToFrameMs"))
                page.evaluate("() => (window.__drawn = null)")
                at = point(page, target_place)
                page.mouse.click(at["x"], at["y"], click_count=1)
                page.wait_for_function("() => window.__drawn !== null", timeout=60_000)
                round_trip.append(
                    page.evaluate(f"() => window.__drawn - document.querySelector('{ROOT}').bgLoftStats().pressAt")
                )
            if model_now(page)["phase"] != "move":
                revision = int(model_now(page)["revision"])
                page.locator('[data-testid="roll"]').click()
                page.wait_for_function(f"() => +document.querySelector('{ROOT}').dataset.revision > {revision}")
            page.locator('[data-testid="view-toggle"]').click()
            page.wait_for_function(f"() => document.querySelector('{ROOT}').dataset.view === '2d'")
            flat = []
            for _ in range(len(local) or 1):
                page.wait_for_selector(f'{ROOT} [data-movable="true"]')
                flat.append(
                    page.evaluate(
                        f"""() => new Promise((resolve) => {{
                        const el = document.querySelectorAll('{ROOT} [data-movable="true"]');
                        const t0 = performance.now();
                        el[el.length - 1].dispatchEvent(new MouseEvent('click', {{bubbles: true, detail: 1}}));
                        requestAnimationFrame(() => resolve(performance.now() - t0));
                    }})"""
                    )
                )
            browser.close()
    finally:
        lab.stop()
    med = statistics.median
    local_ms, flat_ms, trip_ms = med(local), med(flat), med(round_trip)
    print(f"click on a checker -> frame with it selected (3D): median {local_ms:.1f} ms over {len(local)}")
    print(f"  the same on the 2D board (reference, next frame): {flat_ms:.1f} ms; ratio {local_ms / flat_ms:.2f}")
    print(f"click on a lit point -> frame with Python's new state (3D): median {trip_ms:.1f} ms over {len(round_trip)}")


if __name__ == "__main__":
    main()
