"""Click-to-redraw latency of the board in a real JupyterLab and Chromium, over a whole game.

Starts JupyterLab on localhost (as tests/browser/ do), opens a notebook with
``BoardWidget(seed=..., animation=0)`` against the computer (Easy), and plays a whole game by
clicks. Measured inside the page with ``performance.now()``:

* click on a lit point -> the view has drawn the state Python sent back (``data-revision``
  changed), and -> the next animation frame after it (the redrawn board is on screen);
* as the reference in the same page: click on a checker -> the view's local redraw with its
  targets lit (no round trip to Python), so the ratio shows what the kernel round trip costs;
* first render: from running the cell to the widget's first drawing, with a cold kernel (the
  imports included) and once more with the kernel warm.

Run: ``.venv/bin/python benchmarks/widget_latency.py [--seed N] [--games N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS, ROOT, Lab, open_notebook, write_notebook  # noqa: E402

PROBE = """() => {
  const root = document.querySelector('ROOT');
  const out = window.__bg = {move: [], frame: [], local: [], pending: null, selecting: null};
  root.addEventListener('click', (e) => {
    if (e.target.closest('[data-lit="true"]')) out.pending = performance.now();
    else if (e.target.closest('[data-movable="true"]')) out.selecting = performance.now();
  }, true);
  new MutationObserver((records) => {
    // Only a new revision counts: the view's local redraw rewrites the same value.
    if (out.pending === null || records.every((r) => r.oldValue === root.dataset.revision)) return;
    const t0 = out.pending; out.pending = null;
    out.move.push(performance.now() - t0);
    requestAnimationFrame(() => out.frame.push(performance.now() - t0));
  }).observe(root, {attributes: true, attributeFilter: ['data-revision'], attributeOldValue: true});
  new MutationObserver(() => {
    if (out.selecting === null) return;
    out.local.push(performance.now() - out.selecting); out.selecting = null;
  }).observe(root.querySelector('.bg-board'), {childList: true});
}""".replace("ROOT", ROOT)


def state(page) -> dict:
    return page.evaluate(f"""() => {{ const r = document.querySelector('{ROOT}');
        return {{revision: +r.dataset.revision, phase: r.dataset.phase, busy: r.dataset.thinking === 'true'}}; }}""")


def wait_after(page, revision: int) -> None:
    page.wait_for_function(
        f"""() => {{ const r = document.querySelector('{ROOT}');
        return +r.dataset.revision > {revision} && r.dataset.thinking === 'false'; }}""",
        timeout=20_000,
    )


def play_game(page) -> None:
    for _ in range(2000):
        s = state(page)
        if s["phase"] in ("game-over", "match-over"):
            return
        if s["phase"] in ("opening", "roll"):
            page.locator('[data-testid="roll"]').click()
            wait_after(page, s["revision"])
            continue
        page.locator(f'{ROOT} [data-movable="true"]').last.click()
        page.locator(f'{ROOT} [data-lit="true"]').first.click()
        wait_after(page, s["revision"])
    raise RuntimeError("the game did not end")


def pct(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bgwidget-bench-"))
    code = f"from bgwidget.widget import BoardWidget\nBoardWidget(seed={args.seed}, animation=0)"
    write_notebook(folder, "bench", code)
    lab = Lab(folder)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1100, "height": 1150})
            cold = open_notebook(page, lab, "bench")
            page.evaluate(f"() => {{ document.querySelector('{ROOT}').dataset.old = '1'; }}")
            page.click(".jp-Notebook .jp-Cell .cm-content")
            started = time.monotonic()
            page.keyboard.press("Shift+Enter")  # run again: a new board, kernel warm
            page.wait_for_selector(f"{ROOT}:not([data-old])[data-revision]", timeout=30_000)
            warm = time.monotonic() - started
            page.evaluate(PROBE)
            for _ in range(args.games):
                play_game(page)
                page.locator('[data-testid="new-game"]').click()
                page.wait_for_function(f"document.querySelector('{ROOT}').dataset.phase === 'opening'")
            data = page.evaluate("() => window.__bg")
            browser.close()
    finally:
        lab.stop()
    move, frame, local = data["move"], data["frame"], data["local"]
    print(f"games: {args.games} (seed {args.seed}), clicks on lit points: {len(move)}")
    print(f"click -> redrawn from Python: median {statistics.median(move):.1f} ms, p95 {pct(move, 0.95):.1f} ms")
    print(f"click -> next frame painted:  median {statistics.median(frame):.1f} ms, p95 {pct(frame, 0.95):.1f} ms")
    print(
        f"reference, local redraw (select a checker, no kernel): median {statistics.median(local):.1f} ms, "
        f"p95 {pct(local, 0.95):.1f} ms"
    )
    print(f"ratio round trip / local redraw (medians): {statistics.median(move) / statistics.median(local):.1f}")
    print(f"first render: cold kernel {cold * 1000:.0f} ms, warm kernel {warm * 1000:.0f} ms")


if __name__ == "__main__":
    main()
