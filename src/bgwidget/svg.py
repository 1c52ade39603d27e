"""Layer 6, the static picture: a position as SVG, for ``Position._repr_svg_`` and nbconvert.

The same look as the widget's view (``js/src/draw.js``): both read their sizes, colours and
drawing details from ``look.json`` beside this module, derive the places from them by the same
formulas (``js/src/geometry.js``), and take the words they draw from ``labels.json``; a test
draws one state with both and compares every element this module draws.
No kernel and no JavaScript are needed: the SVG is self-contained, with its own colours, so it
reads the same on a light or dark page and on GitHub.

Display numbering: points 1..24 are numbered from the bottom player's side (seat 0 moves from
24 towards 1); seat 1's own point ``p`` is display point ``25 - p``.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import secrets
from html import escape
from importlib import resources
from types import SimpleNamespace
from typing import Any

from bgwidget.errors import DrawingError
from bgwidget.labels import LANGUAGES, LanguageError, check_language, label
from bgwidget.position import Position, board_arrays, point_labels
from bgwidget.rules import GameResult
from bgwidget.words import NAME_CHARS, result_text, shown_names

__all__ = [
    "LANGUAGES",
    "NAME_CHARS",
    "DrawingError",
    "LanguageError",
    "board_arrays",
    "board_svg",
    "point_labels",
    "render",
    "shown_names",
]


def _read(name: str) -> Any:
    return json.loads(resources.files("bgwidget").joinpath(name).read_text(encoding="utf-8"))


def _namespace(value: Any) -> Any:
    """JSON objects as attribute namespaces, so that ``_S.checker.count_dy`` reads as in draw.js."""
    if isinstance(value, dict):
        return SimpleNamespace(**{k: _namespace(v) for k, v in value.items()})
    return value


_LOOK = _read("look.json")
_S = _namespace(_LOOK["style"])  # drawing details: radii, strokes, opacities, font sizes, baselines
_C = _namespace(_LOOK["colors"])
_FACES = {int(value): pips for value, pips in _LOOK["style"]["die"]["faces"].items()}

# Sizes of the board's parts and the gaps between them, in SVG user units (look.json says what
# each one is); geometry.js exports the same names.
R: int = _LOOK["board"]["R"]
P: int = _LOOK["board"]["P"]
SIDE: int = _LOOK["board"]["SIDE"]
BAR_W: int = _LOOK["board"]["BAR_W"]
TRAY_W: int = _LOOK["board"]["TRAY_W"]
FRAME: int = _LOOK["board"]["FRAME"]
HEAD: int = _LOOK["board"]["HEAD"]
STACK: int = _LOOK["board"]["STACK"]
MID: int = _LOOK["board"]["MID"]
POINT_LEN: int = _LOOK["board"]["POINT_LEN"]
TRAY_H: int = _LOOK["board"]["TRAY_H"]
SLAB_W: int = _LOOK["board"]["SLAB_W"]
SLAB_H: int = _LOOK["board"]["SLAB_H"]
DIE: int = _LOOK["board"]["DIE"]
CUBE: int = _LOOK["board"]["CUBE"]
BAR_STACK: int = _LOOK["spacing"]["BAR_STACK"]
BAR_GAP: int = _LOOK["spacing"]["BAR_GAP"]
BAR_EDGE: int = _LOOK["spacing"]["BAR_EDGE"]
POINT_INSET: int = _LOOK["spacing"]["POINT_INSET"]
TRAY_INSET: int = _LOOK["spacing"]["TRAY_INSET"]
SLAB_PAD: int = _LOOK["spacing"]["SLAB_PAD"]
SLAB_GAP: int = _LOOK["spacing"]["SLAB_GAP"]
DICE_GAP: int = _LOOK["spacing"]["DICE_GAP"]
DOUBLES_GAP: int = _LOOK["spacing"]["DOUBLES_GAP"]
CUBE_MARGIN: int = _LOOK["spacing"]["CUBE_MARGIN"]

# The places derived from them: the same formulas as geometry.js.
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

# A drawing's gradient ids are global to the HTML page it is shown in, and two notebooks' static
# boards can share one page (JupyterLab's tabs): ids that repeat there make a board drawn with
# another's gradients, or with none once that one is hidden. A counter alone repeats in every
# kernel, so each process draws its ids under its own random prefix (a forked child, which would
# inherit its parent's, draws a new one).
_ids = itertools.count(1)
_prefix = secrets.token_hex(6)


def _renew_prefix() -> None:
    global _prefix
    _prefix = secrets.token_hex(6)


if hasattr(os, "register_at_fork"):  # not on Windows
    os.register_at_fork(after_in_child=_renew_prefix)


def _n(v: float) -> str:
    """A number as JavaScript prints it after rounding to one decimal (60, not 60.0)."""
    v = round(v * 10) / 10
    return str(int(v)) if v == int(v) else str(v)


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""What XML 1.0 text cannot hold, even escaped (a name may have it): shown as U+FFFD."""


def _t(value: object) -> str:
    """Any value of the state as text for markup: escaped, so that nothing in it is markup."""
    return escape(_NOT_XML.sub("\ufffd", str(value)))


def _word(language: str, key: str, **fields: object) -> str:
    """The label ``key`` in ``language`` (see :func:`bgwidget.labels.label`), escaped for markup."""
    return _t(label(language, key, **fields))


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


def _locate(seat: int, p: int | str, i: int, n: int) -> tuple[float, float]:
    """Centre of the i-th of n checkers of ``seat`` on display point ``p``, "bar" or "off"."""
    if isinstance(p, int):
        s = _spacing(n)
        return (_point_x(p), TOP_Y + R + i * s) if p >= 13 else (_point_x(p), BOTTOM_Y - R - i * s)
    if p == "bar":
        s = _spacing(n, BAR_STACK)
        x = BAR_X + BAR_W / 2
        return (x, MID_Y - R - BAR_GAP - i * s) if seat == 0 else (x, MID_Y + R + BAR_GAP + i * s)
    x, y = _slab_xy(seat, i)  # "off"
    return x + SLAB_W / 2, y + SLAB_H / 2


def _tray(seat: int) -> tuple[float, float, float, float]:
    x, w = TRAY_X + TRAY_INSET, TRAY_W - 2 * TRAY_INSET
    return (x, TOP_Y, w, TRAY_H) if seat == 1 else (x, BOTTOM_Y - TRAY_H, w, TRAY_H)


def _slab_xy(seat: int, i: int) -> tuple[float, float]:
    x, y, _, h = _tray(seat)
    step = SLAB_H + SLAB_GAP
    return (
        (x + SLAB_PAD, y + SLAB_PAD + i * step) if seat == 1 else (x + SLAB_PAD, y + h - SLAB_PAD - SLAB_H - i * step)
    )


def _dice_xy(seat: int, count: int) -> list[tuple[float, float]]:
    cx = RIGHT_X + 3 * P if seat == 0 else LEFT_X + 3 * P
    gap = DIE + (DOUBLES_GAP if count > 2 else DICE_GAP)
    return [(cx + (i - (count - 1) / 2) * gap, MID_Y) for i in range(count)]


def _cube_xy(owner: int | None) -> tuple[float, float]:
    x = (SIDE - CUBE) / 2
    if owner == 0:
        return x, BOTTOM_Y - CUBE - CUBE_MARGIN
    if owner == 1:
        return x, TOP_Y + CUBE_MARGIN
    return x, MID_Y - CUBE / 2


def _shadow(x: float, y: float, side: int, rx: float) -> str:
    """The drop shadow of a die or the cube whose top-left corner is (x, y)."""
    dx, dy = _S.shadow.offset
    return (
        f'<rect x="{_n(x + dx)}" y="{_n(y + dy)}" width="{side}" height="{side}" rx="{rx}" '
        f'fill="{_C.shadow}" opacity="{_S.shadow.opacity}"/>'
    )


def _checker(uid: str, seat: int, p: int | str, i: int, n: int) -> str:
    cx, cy = _locate(seat, p, i, n)
    rim, ck = _C.checker[seat][2], _S.checker
    label = ""
    if i == n - 1 and n > STACK:
        label = (
            f'<text x="{_n(cx)}" y="{_n(cy + ck.count_dy)}" text-anchor="middle" font-size="{ck.count_size}" '
            f'font-weight="bold" fill="{_C.pip[seat]}">{n}</text>'
        )
    return (
        f'<g data-checker="{p}:{i}" data-owner="{seat}" data-at="{p}">'
        f'<circle cx="{_n(cx + ck.shadow[0])}" cy="{_n(cy + ck.shadow[1])}" r="{R}" fill="{_C.shadow}" '
        f'opacity="{ck.shadow_opacity}"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(R - ck.body_inset)}" fill="url(#{uid}-ck{seat})" stroke="{rim}" '
        f'stroke-width="{_S.edge_width}"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(R - ck.ring_inset)}" fill="none" stroke="{rim}" '
        f'stroke-opacity="{ck.ring_opacity}" stroke-width="{ck.ring_width}"/>'
        f"{label}</g>"
    )


def _slab(seat: int, i: int) -> str:
    """The i-th borne-off checker of ``seat``: a slab seen edge-on, with a shine along its top."""
    x, y = _slab_xy(seat, i)
    hi, mid, lo = _C.checker[seat]
    sl = _S.slab
    dx, dy = sl.shine_inset
    return (
        f'<rect data-checker="off:{i}" data-owner="{seat}" data-at="off" x="{_n(x)}" y="{_n(y)}" width="{SLAB_W}" '
        f'height="{SLAB_H}" rx="{sl.rx}" fill="{mid}" stroke="{lo}" stroke-width="{sl.edge_width}"/>'
        f'<rect x="{_n(x + dx)}" y="{_n(y + dy)}" width="{SLAB_W - 2 * dx}" height="{sl.shine_h}" rx="{sl.shine_rx}" '
        f'fill="{hi}" opacity="{sl.shine_opacity}"/>'
    )


def _die(seat: int, value: int, index: int, cx: float, cy: float) -> str:
    x, y = cx - DIE / 2, cy - DIE / 2
    d = _S.die
    pips = "".join(
        f'<circle cx="{_n(cx + dx * d.pip_spread)}" cy="{_n(cy + dy * d.pip_spread)}" r="{d.pip_r}" '
        f'fill="{_C.pip[seat]}"/>'
        for dx, dy in _FACES[value]
    )
    return (
        f'<g data-die="{index}" data-value="{_t(value)}" data-used="false">'
        f"{_shadow(x, y, DIE, d.rx)}"
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{DIE}" height="{DIE}" rx="{d.rx}" fill="{_C.die[seat]}" '
        f'stroke="{_C.checker[seat][2]}" stroke-width="{_S.edge_width}"/>{pips}</g>'
    )


def _cube(cube: dict) -> str:
    x, y = _cube_xy(cube.get("owner"))
    cs = _S.cube
    shown = cs.centred_face if cube["value"] == 1 else cube["value"]
    owner = "center" if cube.get("owner") is None else cube["owner"]
    return (
        f'<g data-cube="{_t(cube["value"])}" data-owner="{_t(owner)}" data-offered="false">'
        f"{_shadow(x, y, CUBE, cs.rx)}"
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{CUBE}" height="{CUBE}" rx="{cs.rx}" fill="{_C.cube}" '
        f'stroke="{_C.cube_edge}" stroke-width="{_S.edge_width}"/>'
        f'<text x="{_n(x + CUBE / 2)}" y="{_n(y + CUBE / 2 + cs.dy)}" text-anchor="middle" '
        f'font-size="{cs.size_two_digits if len(str(shown)) > 1 else cs.size}" font-weight="{cs.weight}" '
        f'fill="{_C.cube_text}">{_t(shown)}</text></g>'
    )


def _strip(state: dict, seat: int, language: str) -> str:
    y0 = 0 if seat == 1 else H - HEAD
    cy = y0 + HEAD / 2
    raw = str(state["names"][seat])
    name = _t(raw)
    on_turn = state["turn"] == seat and state.get("phase") not in ("opening", "game-over", "match-over")
    mid, lo = _C.checker[seat][1], _C.checker[seat][2]
    st = _S.strip
    diagram = state.get("diagram", False)  # a lesson's diagram: the pips alone, no name or score
    pips = f'<tspan data-pips="{seat}" font-weight="bold">{_t(state["pips"][seat])}</tspan> {_word(language, "pips")}'
    score = (
        f'{_word(language, "score")} <tspan data-score="{seat}" font-weight="bold">{_t(state["score"][seat])}</tspan>'
    )
    out = (
        f'<g data-seat-strip="{seat}">'
        f'<circle cx="{st.dot_x}" cy="{_n(cy)}" r="{st.dot_r}" fill="{mid}" stroke="{_C.lit if on_turn else lo}" '
        f'stroke-width="{st.dot_width_on_roll if on_turn else _S.edge_width}"/>'
    )
    if not diagram:
        out += (
            f'<text x="{st.name_x}" y="{_n(cy + st.dy)}" font-size="{st.name_size}"{_squeezed(raw, state, language)} '
            f'font-weight="{"bold" if on_turn else "normal"}" fill="{_C.text}" data-name="{seat}">{name}</text>'
        )
    out += (
        f'<text x="{W - st.margin}" y="{_n(cy + st.dy)}" text-anchor="end" font-size="{st.info_size}" fill="{_C.text}">'
        f"{pips}{'' if diagram or _scoreless(state) else '  ·  ' + score}</text>"
    )
    if on_turn:
        out += (
            f'<rect x="0" y="{y0 + st.marker_inset}" width="{st.marker_w}" height="{HEAD - 2 * st.marker_inset}" '
            f'rx="{st.marker_rx}" fill="{_C.lit}"><title>{_word(language, "onRoll")}</title></rect>'
        )
    return out + "</g>"


def _squeezed(name: str, state: dict, language: str) -> str:
    """The attributes that fit a long name between the strip's edge and the match label (as draw.js's):
    its width estimated as the result banner's, squeezed to the room left when wider; else none."""
    st, wide = _S.strip, _S.note.bold_w
    room = W / 2 - len(_match_text(state, language)) * _S.title.size * wide / 2 - st.name_x - st.margin
    if len(name) * st.name_size * wide <= room:
        return ""
    return f' textLength="{_n(room)}" lengthAdjust="spacingAndGlyphs"'


def _match_text(state: dict, language: str) -> str:
    length = state.get("match_length", 0)
    # French needs the singular at 1 ("Match en 1 point"): a sentence of its own, in every language.
    text = _word(language, "match1" if length == 1 else "match", n=length) if length else _word(language, "money")
    if state.get("crawford"):
        text += f" · {_word(language, 'crawford')}"
    return text


def _scoreless(state: dict) -> bool:
    """A board with no tools in money play (an exercise, or a drill card met in a money game): its
    score, a fresh session's, is not shown (as board.js's ``scoreless``). A drill card met in a match
    keeps its score and stakes."""
    return state.get("tools") is False and not state.get("match_length")


def _match_label(state: dict, language: str) -> str:
    if state.get("diagram"):
        return ""
    length = state.get("match_length", 0)
    text = _match_text(state, language)
    return (
        f'<text x="{_n(W / 2)}" y="{_n(HEAD / 2 + _S.title.dy)}" text-anchor="middle" font-size="{_S.title.size}" '
        f'fill="{_C.text}" opacity="{_S.title.opacity}" data-match="{_t(length)}">{text}</text>'
    )


def _banner(state: dict) -> str:
    """The result of a finished game on one line across the middle of the board (as draw.js's)."""
    text = (state.get("result") or {}).get("text")
    if not text:
        return ""
    nt = _S.note
    w = len(text) * nt.size * nt.bold_w + 2 * nt.pad
    h = nt.line + 2 * nt.pad
    x, y = W / 2 - w / 2, MID_Y - h / 2
    return (
        f'<g data-result="true" pointer-events="none"><rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
        f'rx="{nt.rx}" fill="{_C.note}" stroke="{_C.note_edge}" stroke-width="{_S.edge_width}"/>'
        f'<text x="{_n(W / 2)}" y="{_n(MID_Y + nt.size / 3)}" text-anchor="middle" font-size="{nt.size}" '
        f'font-weight="bold" fill="{_C.note_text}">{_t(text)}</text></g>'
    )


def _defs(uid: str) -> str:
    grad = _S.checker.gradient
    checkers = "".join(
        f'<radialGradient id="{uid}-ck{seat}" cx="{grad.cx}" cy="{grad.cy}" r="{grad.r}">'
        f'<stop offset="0" stop-color="{hi}"/>'
        f'<stop offset="{grad.mid}" stop-color="{mid}"/><stop offset="1" stop-color="{lo}"/></radialGradient>'
        for seat, (hi, mid, lo) in enumerate(_C.checker)
    )
    return (
        f'<defs><linearGradient id="{uid}-wood" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="{_C.wood[0]}"/>'
        f'<stop offset="1" stop-color="{_C.wood[1]}"/></linearGradient>'
        f'<radialGradient id="{uid}-felt" cx="0.5" cy="0.5" r="{_S.felt.r}">'
        f'<stop offset="0" stop-color="{_C.felt[0]}"/>'
        f'<stop offset="1" stop-color="{_C.felt[1]}"/></radialGradient>{checkers}</defs>'
    )


def render(state: dict) -> str:
    """The SVG of a view state (the dict :func:`board_arrays` starts, plus ``dice``, ``cube``,
    ``names``, ``score``, ``match_length``, and optionally ``language`` (default ``"en"``),
    ``crawford``, ``phase``, ``result``, whose ``text`` is drawn across the board, ``diagram``:
    True draws neither the names, the score nor the stakes, and ``tools``: False in money play, an
    exercise's board, draws no score): the static half of the widget's drawing.

    Raises :class:`LanguageError` (a ``ValueError``) for a language not in :data:`LANGUAGES`.
    """
    language = check_language(state.get("language", "en"))
    uid = f"bgs{_prefix}-{next(_ids)}"
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {_n(H)}" width="{W}" height="{_n(H)}" '
            f'font-family="{_S.font}">'
        ),
        _defs(uid),
        f'<rect x="0" y="0" width="{W}" height="{_n(H)}" rx="{_S.corner.board}" fill="{_C.strip}"/>',
        (
            f'<rect x="0" y="{BOARD_Y}" width="{W}" height="{FIELD_H + 2 * FRAME}" rx="{_S.corner.frame}" '
            f'fill="url(#{uid}-wood)"/>'
        ),
        f'<rect x="{LEFT_X}" y="{TOP_Y}" width="{6 * P}" height="{FIELD_H}" fill="url(#{uid}-felt)"/>',
        f'<rect x="{RIGHT_X}" y="{TOP_Y}" width="{6 * P}" height="{FIELD_H}" fill="url(#{uid}-felt)"/>',
        (
            f'<g data-point="bar"><rect x="{BAR_X}" y="{TOP_Y}" width="{BAR_W}" height="{FIELD_H}" fill="{_C.rail}"/>'
            f'<rect x="{BAR_X + BAR_EDGE}" y="{TOP_Y}" width="{BAR_W - 2 * BAR_EDGE}" height="{FIELD_H}" '
            f'fill="url(#{uid}-wood)" opacity="{_S.bar.wood_opacity}"/>'
        ),
    ]
    for seat in (0, 1):
        out += [_checker(uid, seat, "bar", i, state["bar"][seat]) for i in range(state["bar"][seat])]
    out.append("</g>")
    for seat in (1, 0):
        x, y, w, h = _tray(seat)
        target = ' data-point="off"' if seat == state["turn"] else ""  # as in the widget: the side on roll's tray
        out.append(
            f'<g data-tray="{seat}"{target}><rect x="{x}" y="{_n(y)}" width="{w}" height="{h}" rx="{_S.tray.rx}" '
            f'fill="{_C.rail}" stroke="{_C.tray_edge}" stroke-width="{_S.tray.edge_width}"/>'
        )
        out += [_slab(seat, i) for i in range(state["off"][seat])]
        out.append("</g>")
    half = P / 2 - POINT_INSET
    for p in range(1, 25):
        x = _point_x(p)
        base, tip = (TOP_Y, TOP_Y + POINT_LEN) if p >= 13 else (BOTTOM_Y, BOTTOM_Y - POINT_LEN)
        out.append(
            f'<g data-point="{p}"><polygon points="{_n(x - half)},{_n(base)} {_n(x + half)},{_n(base)} '
            f'{_n(x)},{_n(tip)}" fill="{_C.dark if p % 2 else _C.light}" stroke="{_C.point_edge}" '
            f'stroke-opacity="{_S.point.edge_opacity}"/>'
        )
        v = state["points"][p - 1]
        out += [_checker(uid, 0 if v > 0 else 1, p, i, abs(v)) for i in range(abs(v))]
        out.append("</g>")
    numbers = state.get("point_labels") or point_labels(state["turn"])
    for p, number in zip(range(1, 25), numbers):
        y = TOP_Y - _S.numbers.above if p >= 13 else BOTTOM_Y + _S.numbers.below
        out.append(
            f'<text x="{_n(_point_x(p))}" y="{_n(y)}" text-anchor="middle" font-size="{_S.numbers.size}" '
            f'fill="{_C.text}" opacity="{_S.numbers.opacity}" data-number="{p}">{_t(number)}</text>'
        )
    dice = sorted(state.get("dice") or [], reverse=True)  # the higher die first, as draw.js
    if len(dice) == 2:
        shown = [dice[0]] * 4 if dice[0] == dice[1] else dice
        for i, ((cx, cy), value) in enumerate(zip(_dice_xy(state["turn"], len(shown)), shown)):
            out.append(_die(state["turn"], value, i, cx, cy))
    out.append(_cube(state.get("cube") or {"value": 1, "owner": None}))
    out.append(_strip(state, 1, language) + _strip(state, 0, language))
    out.append(_match_label(state, language))
    out.append(_banner(state))
    out.append("</svg>")
    return "".join(out)


def board_svg(
    position: Position,
    *,
    dice: tuple[int, int] | None = None,
    cube: int = 1,
    cube_owner: int | None = None,
    names: tuple[str, str] | None = None,
    score: tuple[int, int] = (0, 0),
    match_length: int = 0,
    language: str = "en",
    result: GameResult | None = None,
    diagram: bool = False,
) -> str:
    """The board of ``position`` as a self-contained SVG string (about 870 x 700 user units).

    ``dice`` are drawn in the half of the seat on roll; ``cube`` (1 = centred, shown as 64) and
    ``cube_owner`` (seat 0 bottom, 1 top, ``None`` centred) place the cube on the left rail.
    ``names`` (bottom seat, top seat) are shown as text (markup is escaped); by default the
    seats' names in ``language``, one of :data:`LANGUAGES` as for the widget, which also sets
    the words drawn (pips, score, the match's length). ``score`` is two whole numbers >= 0
    (bottom seat, top seat), ``match_length`` a whole number >= 0 (0: money play).

    ``diagram=True`` draws a lesson's diagram, as a :class:`~bgwidget.position.Position` shows
    itself in a notebook: the checkers, the dice, the cube and each side's pip count, without the
    names, the score or the stakes (``names``, ``score`` and ``match_length`` are still checked).
    The dice are drawn the higher first, as GNU Backgammon and eXtreme Gammon show a roll.

    A finished game says how it ended across the board, in ``language`` ("Bottom wins a gammon:
    2 points"): ``result`` (:attr:`bgwidget.game.Game.result`, which knows resignations and
    passed doubles), or by default, when one side has borne off all its checkers, the win on
    the board times ``cube``.

    >>> from bgwidget.rules import GameResult
    >>> "Haut abandonne un gammon : Bas gagne 4 points" in board_svg(
    ...     Position.initial(), cube=2, language="fr", result=GameResult(0, 4, "gammon", "resigned"))
    True

    Raises :class:`DrawingError` (a ``ValueError``) for dice that are not two whole numbers
    1..6, a cube that is not a power of 2, an owner other than ``None``, 0 or 1, names that are
    not two strings, or a bad score or match length; :class:`LanguageError` (a ``ValueError``)
    for another language.
    """
    language = check_language(language)
    if dice is not None and (
        not isinstance(dice, (tuple, list)) or len(dice) != 2 or not all(_whole(d) and d in _FACES for d in dice)
    ):
        raise DrawingError(f"dice are two whole numbers from 1 to 6, not {dice!r}")
    if not _whole(cube) or cube < 1 or cube & (cube - 1):
        raise DrawingError(f"the cube's value is a power of 2 (1: centred), not {cube!r}")
    if cube_owner is not None and not (_whole(cube_owner) and cube_owner in (0, 1)):
        raise DrawingError(f"the cube's owner is None (centred), 0 or 1, not {cube_owner!r}")
    if names is None:
        names = (label(language, "nameBottom"), label(language, "nameTop"))
    if not isinstance(names, (tuple, list)) or len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise DrawingError(f"names are two strings (bottom seat, top seat), not {names!r}")
    if not isinstance(score, (tuple, list)) or len(score) != 2 or not all(_whole(n) and n >= 0 for n in score):
        raise DrawingError(f"the score is two whole numbers >= 0 (bottom seat, top seat), not {score!r}")
    if not _whole(match_length) or match_length < 0:
        raise DrawingError(f"the match length is a whole number >= 0 (0: money play), not {match_length!r}")
    if result is not None and not isinstance(result, GameResult):
        raise DrawingError(f"result is a GameResult (Game.result) or None, not {result!r}")
    outcome = position.outcome()
    if result is None and outcome is not None:
        result = GameResult(outcome.winner, outcome.points * cube, outcome.kind, "borne off")
    names = shown_names(names)
    state = board_arrays(position)
    state.update(
        dice=list(dice or []),
        cube={"value": cube, "owner": cube_owner},
        names=list(names),
        score=list(score),
        match_length=match_length,
        language=language,
        diagram=bool(diagram),
    )
    if result is not None:
        state.update(phase="game-over", result={"text": result_text(language, names, result)})
    return render(state)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def __getattr__(name: str) -> object:
    # The drawing layer sits below the AI: a review's board is drawn by the AI's report module.
    if name == "decision_svg":
        raise AttributeError("decision_svg moved to bgwidget.ai.report (bgwidget.ai.decision_svg)")
    raise AttributeError(f"module 'bgwidget.svg' has no attribute {name!r}")
