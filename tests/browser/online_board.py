"""Driving an online board (``BoardWidget.online``) in a page by clicks, for the Lite and marimo tests.

Every wait is for a state of the page: the board's data- hooks and the online panel's
synchronisation mark (``[data-testid="online-sync"][data-sync="true"]``). Locators and element
handles reach into marimo's shadow roots, so both front ends are read the same way.
"""

from __future__ import annotations

# The board's state: whether the page may act now (a roll, an acceptance or a checker on offer)
# and whether it shows the server's game (the synchronisation mark, no animation running).
STATE = """r => {
    const shown = (key) => !!r.querySelector(`[data-testid="${key}"]:not([hidden])`);
    return {revision: +r.dataset.revision, phase: r.dataset.phase, turn: +r.dataset.turn,
        positionId: r.dataset.positionId,
        sync: r.querySelector('[data-testid="online-sync"]')?.dataset.sync === 'true',
        animating: r.dataset.animating === 'true', roll: shown('roll'), accept: shown('accept'),
        move: !!r.querySelector('[data-movable="true"]')};
}"""
# The page's turn to act, or the match over; in step with the server either way.
MY_TURN = f"""r => {{ const s = ({STATE})(r);
    return s.sync && !s.animating && (s.roll || s.accept || s.move || s.phase === 'match-over'); }}"""


def state(board) -> dict:
    return board.evaluate(STATE)


def wait_my_turn(page, board, timeout: float) -> dict:
    """Wait (``timeout`` ms) until the page may act or the match is over; returns the board's state."""
    page.wait_for_function(MY_TURN, arg=board.element_handle(), timeout=timeout, polling=200)
    return state(board)


def act(page, board, timeout: float) -> None:
    """The page's one action, by clicks: roll, accept a resignation, or one step of a play (a
    checker of the first movable point, then the first lit point); waits (``timeout`` ms) for the kernel's next
    state."""
    s = state(board)
    if s["roll"]:
        board.locator('[data-testid="roll"]').click()
    elif s["accept"]:
        board.locator('[data-testid="accept"]').click()
    else:
        assert s["move"], s
        # Forced: a checker of the point (a stacked one, or one lying over a lit point's middle)
        # may be over the spot clicked, and a click on any of them is one on that point.
        board.locator('[data-movable="true"]').first.click(force=True)
        board.locator('[data-lit="true"]').first.click(force=True)
    page.wait_for_function(
        "([r, n]) => +r.dataset.revision > n && r.dataset.animating !== 'true'",
        arg=[board.element_handle(), s["revision"]],
        timeout=timeout,
    )
