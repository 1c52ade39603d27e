"""Layer 6, the static picture: a position as SVG, for ``Position._repr_svg_`` and nbconvert.

The same look as the widget's view (``js/src/draw.js``, whose geometry this module mirrors; a
test draws one state with both and compares where every checker, die and the cube land).
No kernel and no JavaScript are needed: the SVG is self-contained, with its own colours, so it
reads the same on a light or dark page and on GitHub.

Display numbering: points 1..24 are numbered from the bottom player's side (seat 0 moves from
24 towards 1); seat 1's own point ``p`` is display point ``25 - p``.
"""

from __future__ import annotations

import itertools
from html import escape

from bgwidget.position import BAR, CHECKERS, Position

__all__ = ["board_arrays", "board_svg", "render"]

# Geometry in SVG user units: the same numbers as js/src/geometry.js.
R, P, SIDE, BAR_W, TRAY_W, FRAME, HEAD, STACK, MID, POINT_LEN = 25, 56, 60, 64, 76, 14, 48, 5, 76, 228
LEFT_X = SIDE
BAR_X = LEFT_X + 6 * P
RIGHT_X = BAR_X + BAR_W
TRAY_X = RIGHT_X + 6 * P
W = TRAY_X + TRAY_W
BOARD_Y = HEAD
TOP_Y = BOARD_Y + FRAME
FIELD_H = 2 * STACK * 2 * R + MID
BOTTOM_Y = TOP_Y + FIELD_H
MID_Y = TOP_Y + FIELD_H / 2
H = BOTTOM_Y + FRAME + HEAD
TRAY_H, SLAB_H, DIE, CUBE = 250, 14, 46, 44

WOOD, RAIL, STRIP, FELT = ("#8a5a2e", "#5b3519"), "#4a2a14", "#2e1d10", ("#25684a", "#174833")
DARK, LIGHT, TEXT = "#9b3426", "#ead9b5", "#f3e4c4"
CHECKER = (("#fffaf0", "#eadfca", "#b9a98b"), ("#6b4a3c", "#3a2720", "#140c09"))
PIP, DIE_FILL = ("#2a1a12", "#f3e8d2"), ("#fbf6ea", "#3a2720")
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}
_ids = itertools.count(1)


def _n(v: float) -> str:
    """A number as JavaScript prints it after rounding to one decimal (60, not 60.0)."""
    v = round(v * 10) / 10
    return str(int(v)) if v == int(v) else str(v)


def board_arrays(position: Position) -> dict:
    """The checkers of ``position`` in display numbering, as the widget's view state holds them.

    Returns ``{"points": [24 ints], "bar": [seat 0, seat 1], "off": [seat 0, seat 1],
    "pips": [seat 0, seat 1], "turn": seat on roll}``; ``points[d - 1]`` is ``+n`` for n checkers
    of seat 0 on display point ``d``, ``-n`` for seat 1's.
    """
    bottom, top = position.seat_points(0), position.seat_points(1)
    points = [bottom[d - 1] - top[24 - d] for d in range(1, 25)]
    pips = position.pip_counts()
    return {
        "points": points,
        "bar": [bottom[BAR], top[BAR]],
        "off": [CHECKERS - sum(bottom), CHECKERS - sum(top)],
        "pips": [pips[0], pips[1]] if position.turn == 0 else [pips[1], pips[0]],
        "turn": position.turn,
    }


def _point_x(p: int) -> float:
    if p <= 6:
        return TRAY_X - (p - 0.5) * P
    if p <= 12:
        return BAR_X - (p - 6.5) * P
    if p <= 18:
        return LEFT_X + (p - 12.5) * P
    return RIGHT_X + (p - 18.5) * P


def _spacing(n: int, places: int = STACK) -> float:
    return 2 * R if n <= places else (places - 1) * 2 * R / (n - 1)


def _locate(seat: int, p, i: int, n: int) -> tuple[float, float]:
    """Centre of the i-th of n checkers of ``seat`` on display point ``p``, "bar" or "off"."""
    if p == "bar":
        s = _spacing(n, 4)
        x = BAR_X + BAR_W / 2
        return (x, MID_Y - R - 8 - i * s) if seat == 0 else (x, MID_Y + R + 8 + i * s)
    if p == "off":
        x, y = _slab(seat, i)
        return x + 24, y + SLAB_H / 2
    s = _spacing(n)
    return (_point_x(p), TOP_Y + R + i * s) if p >= 13 else (_point_x(p), BOTTOM_Y - R - i * s)


def _tray(seat: int) -> tuple[float, float, float, float]:
    x, w = TRAY_X + 10, TRAY_W - 20
    return (x, TOP_Y, w, TRAY_H) if seat == 1 else (x, BOTTOM_Y - TRAY_H, w, TRAY_H)


def _slab(seat: int, i: int) -> tuple[float, float]:
    x, y, _, h = _tray(seat)
    return (x + 4, y + 4 + i * (SLAB_H + 2)) if seat == 1 else (x + 4, y + h - 4 - SLAB_H - i * (SLAB_H + 2))


def _dice_xy(seat: int, count: int) -> list[tuple[float, float]]:
    cx = RIGHT_X + 3 * P if seat == 0 else LEFT_X + 3 * P
    gap = DIE + 6 if count > 2 else DIE + 14
    return [(cx + (i - (count - 1) / 2) * gap, MID_Y) for i in range(count)]


def _cube_xy(owner) -> tuple[float, float]:
    x = (SIDE - CUBE) / 2
    if owner == 0:
        return x, BOTTOM_Y - CUBE - 6
    if owner == 1:
        return x, TOP_Y + 6
    return x, MID_Y - CUBE / 2


def _checker(uid: str, seat: int, p, i: int, n: int) -> str:
    cx, cy = _locate(seat, p, i, n)
    rim = CHECKER[seat][2]
    label = ""
    if i == n - 1 and n > STACK:
        label = (f'<text x="{_n(cx)}" y="{_n(cy + 6)}" text-anchor="middle" font-size="17" '
                 f'font-weight="700" fill="{PIP[seat]}">{n}</text>')
    return (
        f'<g data-checker="{p}:{i}" data-owner="{seat}" data-at="{p}">'
        f'<circle cx="{_n(cx + 1.5)}" cy="{_n(cy + 2.5)}" r="{R}" fill="#000" opacity="0.28"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{R - 0.5}" fill="url(#{uid}-ck{seat})" stroke="{rim}" stroke-width="1.2"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{R - 7}" fill="none" stroke="{rim}" stroke-opacity="0.45" stroke-width="1.5"/>'
        f"{label}</g>"
    )


def _die(seat: int, value: int, index: int, cx: float, cy: float) -> str:
    x, y = cx - DIE / 2, cy - DIE / 2
    pips = "".join(
        f'<circle cx="{_n(cx + dx * 11.5)}" cy="{_n(cy + dy * 11.5)}" r="4.6" fill="{PIP[seat]}"/>' for dx, dy in PIPS[value]
    )
    return (
        f'<g data-die="{index}" data-value="{value}" data-used="false">'
        f'<rect x="{_n(x + 2)}" y="{_n(y + 3)}" width="{DIE}" height="{DIE}" rx="9" fill="#000" opacity="0.3"/>'
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{DIE}" height="{DIE}" rx="9" fill="{DIE_FILL[seat]}" '
        f'stroke="{CHECKER[seat][2]}" stroke-width="1.2"/>{pips}</g>'
    )


def _strip(state: dict, seat: int) -> str:
    y0 = 0 if seat == 1 else H - HEAD
    cy = y0 + HEAD / 2
    name = escape(str(state["names"][seat]))
    on_turn = state["turn"] == seat
    mid, lo = CHECKER[seat][1], CHECKER[seat][2]
    out = (
        f'<g data-seat-strip="{seat}">'
        f'<circle cx="26" cy="{_n(cy)}" r="12" fill="{mid}" stroke="{"#ffcc33" if on_turn else lo}" '
        f'stroke-width="{3 if on_turn else 1.2}"/>'
        f'<text x="48" y="{_n(cy + 6)}" font-size="18" font-weight="{700 if on_turn else 400}" fill="{TEXT}" '
        f'data-name="{seat}">{name}</text>'
        f'<text x="{W - 16}" y="{_n(cy + 6)}" text-anchor="end" font-size="16" fill="{TEXT}">'
        f'<tspan data-pips="{seat}" font-weight="700">{state["pips"][seat]}</tspan> pips  ·  score '
        f'<tspan data-score="{seat}" font-weight="700">{state["score"][seat]}</tspan></text>'
    )
    if on_turn:
        out += f'<rect x="0" y="{y0 + 8}" width="5" height="{HEAD - 16}" rx="2" fill="#ffcc33"/>'
    return out + "</g>"


def render(state: dict) -> str:
    """The SVG of a view state (the dict :func:`board_arrays` starts, plus ``dice``, ``cube``,
    ``names``, ``score``, ``match_length``): the static half of the widget's drawing."""
    uid = f"bgs{next(_ids)}"
    checker_defs = "".join(
        f'<radialGradient id="{uid}-ck{seat}" cx="0.38" cy="0.32" r="0.75"><stop offset="0" stop-color="{hi}"/>'
        f'<stop offset="0.55" stop-color="{mid}"/><stop offset="1" stop-color="{lo}"/></radialGradient>'
        for seat, (hi, mid, lo) in enumerate(CHECKER)
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {_n(H)}" width="{W}" height="{_n(H)}" '
        f"font-family=\"system-ui, -apple-system, 'Segoe UI', sans-serif\">",
        f'<defs><linearGradient id="{uid}-wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{WOOD[0]}"/>'
        f'<stop offset="1" stop-color="{WOOD[1]}"/></linearGradient>'
        f'<radialGradient id="{uid}-felt" cx="0.5" cy="0.5" r="0.75"><stop offset="0" stop-color="{FELT[0]}"/>'
        f'<stop offset="1" stop-color="{FELT[1]}"/></radialGradient>{checker_defs}</defs>',
        f'<rect x="0" y="0" width="{W}" height="{_n(H)}" rx="12" fill="{STRIP}"/>',
        f'<rect x="0" y="{BOARD_Y}" width="{W}" height="{FIELD_H + 2 * FRAME}" rx="6" fill="url(#{uid}-wood)"/>',
        f'<rect x="{LEFT_X}" y="{TOP_Y}" width="{6 * P}" height="{FIELD_H}" fill="url(#{uid}-felt)"/>',
        f'<rect x="{RIGHT_X}" y="{TOP_Y}" width="{6 * P}" height="{FIELD_H}" fill="url(#{uid}-felt)"/>',
        f'<g data-point="bar"><rect x="{BAR_X}" y="{TOP_Y}" width="{BAR_W}" height="{FIELD_H}" fill="{RAIL}"/>'
        f'<rect x="{BAR_X + 4}" y="{TOP_Y}" width="{BAR_W - 8}" height="{FIELD_H}" fill="url(#{uid}-wood)" opacity="0.55"/>',
    ]
    for seat in (0, 1):
        out += [_checker(uid, seat, "bar", i, state["bar"][seat]) for i in range(state["bar"][seat])]
    out.append("</g>")
    for seat in (1, 0):
        x, y, w, h = _tray(seat)
        out.append(f'<g data-tray="{seat}"><rect x="{x}" y="{_n(y)}" width="{w}" height="{h}" rx="5" fill="{RAIL}" '
                   f'stroke="#2a170a" stroke-width="2"/>')
        hi, mid, lo = CHECKER[seat]
        for i in range(state["off"][seat]):
            sx, sy = _slab(seat, i)
            out.append(
                f'<rect data-checker="off:{i}" data-owner="{seat}" data-at="off" x="{_n(sx)}" y="{_n(sy)}" width="48" '
                f'height="{SLAB_H}" rx="3" fill="{mid}" stroke="{lo}" stroke-width="1"/>'
                f'<rect x="{_n(sx + 3)}" y="{_n(sy + 2)}" width="42" height="3" rx="1.5" fill="{hi}" opacity="0.6"/>'
            )
        out.append("</g>")
    for p in range(1, 25):
        x = _point_x(p)
        base, tip = (TOP_Y, TOP_Y + POINT_LEN) if p >= 13 else (BOTTOM_Y, BOTTOM_Y - POINT_LEN)
        half = P / 2 - 2
        out.append(
            f'<g data-point="{p}"><polygon points="{_n(x - half)},{_n(base)} {_n(x + half)},{_n(base)} {_n(x)},{_n(tip)}" '
            f'fill="{DARK if p % 2 else LIGHT}" stroke="#000" stroke-opacity="0.18"/>'
        )
        v = state["points"][p - 1]
        out += [_checker(uid, 0 if v > 0 else 1, p, i, abs(v)) for i in range(abs(v))]
        out.append("</g>")
    numbering = state["turn"]
    for p in range(1, 25):
        y = TOP_Y - 3 if p >= 13 else BOTTOM_Y + 11
        label = p if numbering == 0 else 25 - p
        out.append(f'<text x="{_n(_point_x(p))}" y="{_n(y)}" text-anchor="middle" font-size="10.5" fill="{TEXT}" '
                   f'opacity="0.85">{label}</text>')
    dice = list(state.get("dice") or [])
    if len(dice) == 2:
        shown = [dice[0]] * 4 if dice[0] == dice[1] else dice
        for i, ((cx, cy), value) in enumerate(zip(_dice_xy(state["turn"], len(shown)), shown)):
            out.append(_die(state["turn"], value, i, cx, cy))
    cube = state.get("cube") or {"value": 1, "owner": None}
    cx, cy = _cube_xy(cube.get("owner"))
    shown = 64 if cube["value"] == 1 else cube["value"]
    owner = "center" if cube.get("owner") is None else cube["owner"]
    out.append(
        f'<g data-cube="{cube["value"]}" data-owner="{owner}" data-offered="false">'
        f'<rect x="{_n(cx + 2)}" y="{_n(cy + 3)}" width="{CUBE}" height="{CUBE}" rx="7" fill="#000" opacity="0.3"/>'
        f'<rect x="{_n(cx)}" y="{_n(cy)}" width="{CUBE}" height="{CUBE}" rx="7" fill="#fbf6ea" stroke="#7d6a4d" stroke-width="1.2"/>'
        f'<text x="{_n(cx + CUBE / 2)}" y="{_n(cy + CUBE / 2 + 7)}" text-anchor="middle" '
        f'font-size="{19 if shown >= 10 else 22}" font-weight="800" fill="#2a1a12">{shown}</text></g>'
    )
    out.append(_strip(state, 1) + _strip(state, 0))
    length = state.get("match_length", 0)
    label = f"{length}-point match" if length else "Money game"
    out.append(f'<text x="{_n(W / 2)}" y="{_n(HEAD / 2 + 5)}" text-anchor="middle" font-size="14" fill="{TEXT}" '
               f'opacity="0.8" data-match="{length}">{label}</text>')
    out.append("</svg>")
    return "".join(out)


def board_svg(
    position: Position,
    *,
    dice: tuple[int, int] | None = None,
    cube: int = 1,
    cube_owner: int | None = None,
    names: tuple[str, str] = ("Bottom", "Top"),
    score: tuple[int, int] = (0, 0),
    match_length: int = 0,
) -> str:
    """The board of ``position`` as a self-contained SVG string (about 870 x 700 user units).

    ``dice`` are drawn in the half of the seat on roll; ``cube`` (1 = centred, shown as 64) and
    ``cube_owner`` (seat 0 bottom, 1 top, ``None`` centred) place the cube on the left rail.
    ``names`` are shown as text (markup is escaped). Raises ``ValueError`` for dice outside 1..6.
    """
    if dice is not None and (len(dice) != 2 or any(d not in PIPS for d in dice)):
        raise ValueError(f"dice are two numbers from 1 to 6, not {dice!r}")
    state = board_arrays(position)
    state.update(
        dice=list(dice or []),
        cube={"value": cube, "owner": cube_owner},
        names=list(names),
        score=list(score),
        match_length=match_length,
    )
    return render(state)
