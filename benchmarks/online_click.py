"""Click-to-redraw time of a play on an online board (through a local game server) beside a local board.

Starts JupyterLab and a game server (``python -m bgwidget.server``) on localhost, as
tests/browser/test_online_in_lab.py does, and plays by clicks (a movable checker, then a lit point)
in Chromium until ``--plays`` plays have been completed on each kind of board:

* online: Ann's notebook creates a room (``BoardWidget(animation=0).online(url, name="Ann")``),
  Bo's notebook joins it, each page in a browser context of its own; whoever is on roll clicks;
* local: one notebook, ``BoardWidget(players=("human", "human"), animation=0)``, two people at one
  board.

Measured inside the pages: from the click on the lit point that completes a play (captured before the
board handles it) to the redraw with the new state, the ``data-revision`` change with the turn passed
(a MutationObserver), on the page that clicked; online also to the same redraw on the OTHER page
(times as ``performance.timeOrigin + performance.now()``, one clock for the pages of one browser).
Online, the click's page sends the play to Python, Python sends the ``act`` to the page, the page to
the server, the server's event back to each page and on to its kernel, which publishes the new state.

Run: ``.venv/bin/python benchmarks/online_click.py [--plays 30] [--seed 7]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402
from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS, ROOT, Lab, free_port, open_notebook, write_notebook  # noqa: E402

PROBE = """(root) => {
  const board = document.querySelector(root);
  const clock = () => performance.timeOrigin + performance.now();
  const out = window.__bg = {plays: [], redraws: [], pending: null};
  board.addEventListener('click', (e) => {  // capture: before the board handles the click
    if (e.target.closest('[data-lit="true"]')) out.pending = {t0: clock(), turn: board.dataset.turn};
  }, true);
  new MutationObserver((records) => {
    if (records.every((r) => r.oldValue === board.dataset.revision)) return;  // a local redraw: same revision
    const now = clock();
    out.redraws.push({t: now, turn: board.dataset.turn, phase: board.dataset.phase});
    const p = out.pending;
    if (p === null || (board.dataset.turn === p.turn && board.dataset.phase === 'move')) return;  // a step of the play
    out.plays.push({t0: p.t0, t1: now, turn: p.turn});
    out.pending = null;
  }).observe(board, {attributes: true, attributeFilter: ['data-revision'], attributeOldValue: true});
}"""

LOOK = """(root) => { const r = document.querySelector(root);
  const sync = document.querySelector('[data-testid="online-sync"]');
  const shown = (id) => document.querySelector(`[data-testid="${id}"]`)?.checkVisibility() ?? false;
  return {revision: +r.dataset.revision, phase: r.dataset.phase, turn: +r.dataset.turn,
          positionId: r.dataset.positionId, sync: sync ? sync.dataset.sync === 'true' : true,
          movable: r.querySelectorAll('[data-movable="true"]').length,
          roll: shown('roll'), newGame: shown('new-game')}; }"""


def look(page) -> dict:
    return page.evaluate(LOOK, ROOT)


def settle(pages: list, before: list[int], timeout: float = 30.0) -> list[dict]:
    """Wait until every page drew a newer state than ``before``, all the same one, in step with the server."""
    deadline = time.monotonic() + timeout
    while True:
        states = [look(page) for page in pages]
        # In the opening each board shows its own person's seat to roll: the turn is not compared there.
        same = len({(s["positionId"], s["phase"], s["phase"] == "opening" or s["turn"]) for s in states}) == 1
        if same and all(s["sync"] and s["revision"] > b for s, b in zip(states, before)):
            return states
        if time.monotonic() > deadline:
            raise RuntimeError(f"the pages did not agree: {states}")
        time.sleep(0.02)


def play(pages: list, seats: list, plays: int) -> None:
    """Play by clicks until ``plays`` plays were completed; ``seats[i]`` is the page that plays seat i."""
    done = 0
    while done < plays:
        state = look(pages[0])
        before = [look(page)["revision"] for page in pages]
        if state["phase"] in ("game-over", "match-over"):
            next(p for p in pages if look(p)["newGame"]).locator('[data-testid="new-game"]').click()
        elif state["phase"] in ("opening", "roll"):
            next(p for p in pages if look(p)["roll"]).locator('[data-testid="roll"]').click()
        else:
            page = seats[state["turn"]]
            mine, clicked = look(page), False
            while mine["phase"] == "move" and mine["turn"] == state["turn"] and mine["movable"]:
                page.locator(f'{ROOT} [data-movable="true"]').last.click()
                page.locator(f'{ROOT} [data-lit="true"]').first.click()
                page.wait_for_function(
                    f"() => +document.querySelector('{ROOT}').dataset.revision > {mine['revision']}", timeout=30_000
                )
                mine, clicked = look(page), True
            done += clicked
        settle(pages, before)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def line(label: str, values: list[float]) -> str:
    return f"{label:<44} {len(values):>3} {statistics.median(values):>9.1f} {pct(values, 0.95):>9.1f}"


def other_page(clicked: dict, others: list[dict]) -> list[float]:
    """For each play clicked on one page, the time until the other page redrew it (its turn passed)."""
    out = []
    for p in clicked:
        t = next(r["t"] for r in others if r["t"] >= p["t0"] and (r["turn"] != p["turn"] or r["phase"] != "move"))
        out.append(t - p["t0"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bgwidget-online-bench-"))
    port = free_port()
    log = open(folder / "server.log", "w")  # noqa: SIM115 -- open while the server runs
    server = subprocess.Popen(
        [sys.executable, "-m", "bgwidget.server", "--port", str(port), "--db", str(folder / "rooms.db")],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"ws://127.0.0.1:{port}"
    head = "from bgwidget import BoardWidget\nw = "
    write_notebook(folder, "local", f"{head}BoardWidget(players=('human', 'human'), seed={args.seed}, animation=0)\nw")
    write_notebook(folder, "ann", f"{head}BoardWidget(animation=0).online({url!r}, name='Ann')\nw")
    lab = Lab(folder)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            contexts = [browser.new_context(viewport={"width": 1100, "height": 1300}) for _ in range(3)]
            local, ann, bo = (context.new_page() for context in contexts)
            open_notebook(local, lab, "local")
            local.evaluate(PROBE, ROOT)
            play([local], [local, local], args.plays)
            local_data = local.evaluate("() => window.__bg")
            open_notebook(ann, lab, "ann")
            ann.wait_for_selector('[data-testid="online-invite"] code')
            code = ann.locator('[data-testid="online-room"]').text_content().split()[-1]
            write_notebook(folder, "bo", f"{head}BoardWidget(animation=0).online({url!r}, room={code!r}, name='Bo')\nw")
            open_notebook(bo, lab, "bo")
            settle([ann, bo], [-1, -1])
            ann.wait_for_selector('[data-testid="online-seat-1"][data-connected="true"]')
            for page in (ann, bo):
                page.evaluate(PROBE, ROOT)
            play([ann, bo], [ann, bo], args.plays)
            ann_data, bo_data = (page.evaluate("() => window.__bg") for page in (ann, bo))
            browser.close()
    finally:
        lab.stop()
        server.terminate()
        server.wait(10)
        log.close()
    local_times = [p["t1"] - p["t0"] for p in local_data["plays"]]
    online_times = [p["t1"] - p["t0"] for p in ann_data["plays"] + bo_data["plays"]]
    seen = other_page(ann_data["plays"], bo_data["redraws"]) + other_page(bo_data["plays"], ann_data["redraws"])
    print(f"plays completed by a click on a lit point, JupyterLab + Chromium, seed {args.seed}")
    print(f"{'':<44} {'N':>3} {'median ms':>9} {'p95 ms':>9}")
    print(line("local board (two people): click -> redrawn", local_times))
    print(line("online board: click -> redrawn, same page", online_times))
    print(line("online board: click -> redrawn, OTHER page", seen))
    medians = statistics.median(online_times) / statistics.median(local_times)
    p95s = pct(online_times, 0.95) / pct(local_times, 0.95)
    print(f"ratio online / local, same page: median {medians:.2f}, p95 {p95s:.2f}")


if __name__ == "__main__":
    main()
