// The board as an SVG string: a pure function of the view state and of the view's own
// selection. src/bgwidget/svg.py draws the same picture in Python for `_repr_svg_`; both take
// their sizes, colours and drawing details from src/bgwidget/look.json.
import look from "../../src/bgwidget/look.json" with { type: "json" };
import * as g from "./geometry.js";
import { applyStep, boardOf, countAt, onTurn, scoreless } from "./board.js";
import { t } from "./i18n.js";

/** @typedef {import("./state.js").ViewState} ViewState */
/** @typedef {import("./state.js").Board} Board */
/** @typedef {import("./state.js").Place} Place */
/** @typedef {import("./state.js").Step} Step */
/** @typedef {import("./state.js").Refused} Refused */

/**
 * What the view adds to a state it draws (each part may be left out).
 * @typedef {object} Ui
 * @property {Place | null} [selected]  the place whose checker is selected
 * @property {Set<Place>} [lit]  where the selected checker may go
 * @property {Set<Place>} [movable]  the places whose top checker may move
 * @property {Refused | null} [note]  the refusal to show beside its checker
 */

const { q } = g;
const S = look.style;

export const COLORS = look.colors;
/** A die's pips by the value it shows: [dx, dy] each, from its centre in units of `pip_spread`.
 * @type {Record<number, number[][]>} */
const FACES = S.die.faces;

/** Escape text for SVG/HTML: names are shown as text, never as markup.
 * @param {unknown} text
 */
export function esc(text) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** @param {string} id */
function defs(id) {
  const c = COLORS;
  const grad = S.checker.gradient;
  const a = S.arrow;
  const checker = (/** @type {number} */ seat) => {
    const [hi, mid, lo] = c.checker[seat];
    return `<radialGradient id="${id}-ck${seat}" cx="${grad.cx}" cy="${grad.cy}" r="${grad.r}"><stop offset="0" stop-color="${hi}"/><stop offset="${grad.mid}" stop-color="${mid}"/><stop offset="1" stop-color="${lo}"/></radialGradient>`;
  };
  return (
    `<defs>` +
    `<linearGradient id="${id}-wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.wood[0]}"/><stop offset="1" stop-color="${c.wood[1]}"/></linearGradient>` +
    `<radialGradient id="${id}-felt" cx="0.5" cy="0.5" r="${S.felt.r}"><stop offset="0" stop-color="${c.felt[0]}"/><stop offset="1" stop-color="${c.felt[1]}"/></radialGradient>` +
    checker(0) +
    checker(1) +
    `<marker id="${id}-arrow" viewBox="0 0 ${a.box} ${a.box}" refX="${a.tip}" refY="${a.box / 2}" markerWidth="${a.size}" markerHeight="${a.size}" orient="auto-start-reverse"><path d="M0 0L${a.box} ${a.box / 2}L0 ${a.box}z" fill="${c.lit}"/></marker>` +
    `</defs>`
  );
}

/**
 * @param {string} id
 * @param {number} seat
 * @param {number} cx
 * @param {number} cy
 * @param {{key: string, at: Place, extra: string}} attrs
 * @param {number} [label]  the count written on it
 */
function checker(id, seat, cx, cy, attrs, label) {
  const rim = COLORS.checker[seat][2];
  const ck = S.checker;
  const text =
    label === undefined
      ? ""
      : `<text x="${cx}" y="${q(cy + ck.count_dy)}" class="bg-count" text-anchor="middle" font-size="${ck.count_size}" font-weight="bold" fill="${COLORS.pip[seat]}">${label}</text>`;
  return (
    `<g data-checker="${attrs.key}" data-owner="${seat}" data-at="${attrs.at}"${attrs.extra || ""}>` +
    `<circle cx="${q(cx + ck.shadow[0])}" cy="${q(cy + ck.shadow[1])}" r="${g.R}" fill="${COLORS.shadow}" opacity="${ck.shadow_opacity}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${g.R - ck.body_inset}" fill="url(#${id}-ck${seat})" stroke="${rim}" stroke-width="${S.edge_width}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${g.R - ck.ring_inset}" fill="none" stroke="${rim}" stroke-opacity="${ck.ring_opacity}" stroke-width="${ck.ring_width}"/>` +
    ring(cx, cy, attrs.extra || "") +
    text +
    `</g>`
  );
}

/**
 * @param {number} cx
 * @param {number} cy
 * @param {string} extra
 */
function ring(cx, cy, extra) {
  if (extra.includes("data-selected")) {
    return `<circle cx="${cx}" cy="${cy}" r="${g.R + 2}" fill="none" stroke="${COLORS.lit}" stroke-width="4" class="bg-selected"/>`;
  }
  if (extra.includes("data-movable")) {
    return `<circle cx="${cx}" cy="${cy}" r="${g.R - 1}" fill="none" stroke="${COLORS.lit}" stroke-opacity="0.55" stroke-width="1.6"/>`;
  }
  return "";
}

/** Where the i-th of n checkers of `seat` on display point p stands.
 * @param {number} seat
 * @param {Place} p
 * @param {number} i
 * @param {number} n
 * @returns {[number, number]}
 */
export function locate(seat, p, i, n) {
  if (p === "bar") return g.barXY(seat, i, n);
  if (p === "off") {
    const [x, y] = g.slabXY(seat, i);
    return [q(x + g.SLAB_W / 2), q(y + g.SLAB_H / 2)];
  }
  return g.checkerXY(p, i, n);
}

/**
 * @param {string} id
 * @param {number} seat
 * @param {Place} p
 * @param {number} n
 * @param {Ui & {turn: number}} ui
 */
function stack(id, seat, p, n, ui) {
  let out = "";
  const movable = ui.movable?.has(p) && seat === ui.turn;
  for (let i = 0; i < n; i++) {
    const [x, y] = locate(seat, p, i, n);
    let extra = "";
    if (movable) extra += ` data-movable="true"`;
    if (i === n - 1 && ui.selected === p && seat === ui.turn) extra += ` data-selected="true"`;
    const label = i === n - 1 && n > g.STACK ? n : undefined;
    out += checker(id, seat, x, y, { key: `${p}:${i}`, at: p, extra }, label);
  }
  return out;
}

/** The i-th borne-off checker of `seat`: a slab seen edge-on, with a shine along its top.
 * @param {number} seat
 * @param {number} i
 */
function slab(seat, i) {
  const [x, y] = g.slabXY(seat, i);
  const [hi, mid, lo] = COLORS.checker[seat];
  const sl = S.slab;
  const [dx, dy] = sl.shine_inset;
  return (
    `<rect data-checker="off:${i}" data-owner="${seat}" data-at="off" x="${x}" y="${y}" width="${g.SLAB_W}" height="${g.SLAB_H}" rx="${sl.rx}" fill="${mid}" stroke="${lo}" stroke-width="${sl.edge_width}"/>` +
    `<rect x="${x + dx}" y="${y + dy}" width="${g.SLAB_W - 2 * dx}" height="${sl.shine_h}" rx="${sl.shine_rx}" fill="${hi}" opacity="${sl.shine_opacity}"/>`
  );
}

/** @param {number} p */
function triangle(p) {
  const x = g.pointX(p);
  const half = g.P / 2 - g.POINT_INSET;
  const base = g.isTop(p) ? g.TOP_Y : g.BOTTOM_Y;
  const tip = g.isTop(p) ? g.TOP_Y + g.POINT_LEN : g.BOTTOM_Y - g.POINT_LEN;
  return `${q(x - half)},${base} ${q(x + half)},${base} ${q(x)},${tip}`;
}

/** The drop shadow of a die or the cube whose top-left corner is (x, y).
 * @param {number} x
 * @param {number} y
 * @param {number} side
 * @param {number} rx
 */
function shadow(x, y, side, rx) {
  const [dx, dy] = S.shadow.offset;
  return `<rect x="${q(x + dx)}" y="${q(y + dy)}" width="${side}" height="${side}" rx="${rx}" fill="${COLORS.shadow}" opacity="${S.shadow.opacity}"/>`;
}

/**
 * @param {number} seat
 * @param {number} value
 * @param {number} cx
 * @param {number} cy
 * @param {string} attrs
 */
function die(seat, value, cx, cy, attrs) {
  const s = g.DIE;
  const { rx, pip_spread: spread, pip_r: r } = S.die;
  const x = q(cx - s / 2);
  const y = q(cy - s / 2);
  let pips = "";
  for (const [dx, dy] of FACES[value] || []) {
    pips += `<circle cx="${q(cx + dx * spread)}" cy="${q(cy + dy * spread)}" r="${r}" fill="${COLORS.pip[seat]}"/>`;
  }
  return (
    `<g ${attrs}>` +
    shadow(x, y, s, rx) +
    `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${rx}" fill="${COLORS.die[seat]}" stroke="${COLORS.checker[seat][2]}" stroke-width="${S.edge_width}"/>` +
    pips +
    `</g>`
  );
}

/** Dice to draw: {seat, dice: [{value, used, index}]}. The roll being played, else the last
 * roll of the side that just played (all used), so a person sees what the computer rolled; not
 * while a double is offered: the offered cube stands where those dice lie.
 * @param {ViewState} state
 * @returns {{seat: number, dice: {value: number, used: boolean, index: number}[]}}
 */
export function diceOf(state) {
  let seat = state.turn;
  let dice = state.dice || [];
  let left = (state.dice_left || []).slice();
  if (dice.length !== 2 && state.last_roll && !state.cube?.offered) {
    seat = state.last_roll.seat;
    dice = state.last_roll.dice;
    left = [];
  }
  if (dice.length !== 2) return { seat, dice: [] };
  // the higher die first, as GNU Backgammon and eXtreme Gammon show (and write) a roll
  const all = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : dice.slice().sort((a, b) => b - a);
  // A die counts as used once no value is left for it.
  const out = all.map((value, index) => {
    const k = left.indexOf(value);
    if (k >= 0) left.splice(k, 1);
    return { value, used: k < 0, index };
  });
  return { seat, dice: out };
}

/** @param {ViewState} state */
function diceLayer(state) {
  const { seat, dice } = diceOf(state);
  const places = g.diceXY(seat, dice.length);
  let out = "";
  dice.forEach((d, i) => {
    const [x, y] = places[i];
    const attrs = `data-die="${d.index}" data-value="${d.value}" data-used="${d.used}"${d.used ? ' opacity="0.4"' : ""}`;
    out += die(seat, d.value, x, y, attrs);
  });
  return out;
}

/** @param {ViewState} state */
function rollPrompt(state) {
  if (!state.can?.roll || (state.dice || []).length) return "";
  const seat = state.turn;
  const places = g.diceXY(seat, 2);
  let out = `<g data-roll-dice="true" class="bg-roll" style="cursor:pointer">`;
  for (const [x, y] of places) {
    out += `<rect x="${q(x - g.DIE / 2)}" y="${q(y - g.DIE / 2)}" width="${g.DIE}" height="${g.DIE}" rx="${S.die.rx}" fill="${COLORS.die[seat]}" fill-opacity="0.18" stroke="${COLORS.text}" stroke-opacity="0.7" stroke-dasharray="${S.prompt.dash}"/>`;
  }
  const [cx] = g.diceXY(seat, 1)[0];
  out += `<text x="${cx}" y="${q(g.MID_Y + S.prompt.dy)}" text-anchor="middle" font-size="${S.prompt.size}" font-weight="bold" fill="${COLORS.text}">${esc(t(state.language, "roll"))}</text></g>`;
  return out;
}

/** @param {ViewState} state */
function cubeLayer(state) {
  const cube = state.cube;
  if (!cube || cube.disabled) return "";
  const offeredTo = cube.offered ? state.turn : null;
  const value = cube.offered_value ?? cube.value; // the value on offer while a double waits
  const [x, y] = g.cubeXY(cube.owner ?? null, offeredTo);
  const cs = S.cube;
  const shown = value === 1 ? cs.centred_face : value;
  const owner = cube.owner === null || cube.owner === undefined ? "center" : cube.owner;
  const s = g.CUBE;
  return (
    `<g data-cube="${value}" data-owner="${owner}" data-offered="${!!cube.offered}" class="bg-cube">` +
    shadow(x, y, s, cs.rx) +
    `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${cs.rx}" fill="${COLORS.cube}" stroke="${COLORS.cube_edge}" stroke-width="${S.edge_width}"/>` +
    `<text x="${q(x + s / 2)}" y="${q(y + s / 2 + cs.dy)}" text-anchor="middle" font-size="${shown >= 10 ? cs.size_two_digits : cs.size}" font-weight="${cs.weight}" fill="${COLORS.cube_text}">${shown}</text>` +
    `</g>`
  );
}

/** The steps of a play from `before` as arrows; `dash` draws them dashed (the best play in review).
 * @param {string} id
 * @param {number} seat
 * @param {Board} before
 * @param {Step[]} steps
 * @param {boolean} dash
 */
function stepArrows(id, seat, before, steps, dash) {
  let board = before;
  let out = "";
  const dashed = dash ? ` stroke-dasharray="9 6"` : "";
  for (const step of steps) {
    const [from, to] = step;
    const nFrom = countAt(board, seat, from);
    const [x1, y1] = locate(seat, from, nFrom - 1, nFrom);
    board = applyStep(board, seat, step);
    const nTo = countAt(board, seat, to);
    const [x2, y2] = locate(seat, to, nTo - 1, nTo);
    if (!dash) out += `<circle cx="${x1}" cy="${y1}" r="${g.R - 4}" fill="none" stroke="${COLORS.lit}" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="4 4"/>`;
    out += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${COLORS.lit}" stroke-width="3" stroke-opacity="0.75" stroke-linecap="round"${dashed} marker-end="url(#${id}-arrow)"/>`;
  }
  return out;
}

/**
 * @param {string} id
 * @param {ViewState} state
 */
function arrows(id, state) {
  const last = state.last_play;
  if (!last || !last.steps?.length || !last.before || (state.moved && state.moved.length)) return "";
  let out = `<g class="bg-last" data-last-play="${esc(last.text || "")}" pointer-events="none">${stepArrows(id, last.seat, last.before, last.steps, false)}</g>`;
  const review = state.review;
  if (review && review.best_steps?.length && review.best !== last.text) {
    out += `<g class="bg-best" data-best-play="${esc(review.best)}" pointer-events="none">${stepArrows(id, last.seat, last.before, review.best_steps, true)}</g>`;
  }
  return out;
}

/** The tutor's better play, dashed from the checkers before the play held (its steps drawn on the board).
 * @param {string} id
 * @param {ViewState} state
 */
function tutorArrows(id, state) {
  const tutor = state.tutor;
  if (!tutor || !tutor.best_steps?.length) return "";
  return `<g class="bg-best bg-tutor-best" data-tutor-best="${esc(tutor.best)}" pointer-events="none">${stepArrows(id, tutor.seat, tutor.before, tutor.best_steps, true)}</g>`;
}

/**
 * @param {ViewState} state
 * @param {number} seat
 */
function strip(state, seat) {
  const y0 = seat === 1 ? 0 : g.H - g.HEAD;
  const cy = y0 + g.HEAD / 2;
  const lang = state.language;
  const name = (state.names || ["", ""])[seat];
  const marked = onTurn(state, seat);
  const pips = (state.pips || [])[seat]; // absent: the board hides the pip counts (a counting drill)
  const score = (state.score || [0, 0])[seat];
  const [, mid, lo] = COLORS.checker[seat];
  const st = S.strip;
  const info = [];
  if (pips !== undefined) info.push(`<tspan data-pips="${seat}" font-weight="bold">${pips}</tspan> ${esc(t(lang, "pips"))}`);
  if (!scoreless(state)) info.push(`${esc(t(lang, "score"))} <tspan data-score="${seat}" font-weight="bold">${score}</tspan>`);
  let out =
    `<g data-seat-strip="${seat}">` +
    `<circle cx="${st.dot_x}" cy="${cy}" r="${st.dot_r}" fill="${mid}" stroke="${marked ? COLORS.lit : lo}" stroke-width="${marked ? st.dot_width_on_roll : S.edge_width}"/>` +
    `<text x="${st.name_x}" y="${cy + st.dy}" font-size="${st.name_size}"${squeezed(name, state)} font-weight="${marked ? "bold" : "normal"}" fill="${COLORS.text}" data-name="${seat}">${esc(name)}</text>` +
    `<text x="${g.W - st.margin}" y="${cy + st.dy}" text-anchor="end" font-size="${st.info_size}" fill="${COLORS.text}">${info.join("  ·  ")}</text>`;
  if (marked) {
    out += `<rect x="0" y="${y0 + st.marker_inset}" width="${st.marker_w}" height="${g.HEAD - 2 * st.marker_inset}" rx="${st.marker_rx}" fill="${COLORS.lit}"><title>${esc(t(lang, "onRoll"))}</title></rect>`;
  }
  return out + `</g>`;
}

/** The attributes that fit a long name between the strip's edge and the match label (as svg.py's):
 * its width estimated as the result banner's, squeezed to the room left when wider; else none.
 * @param {string} name
 * @param {ViewState} state
 */
function squeezed(name, state) {
  const st = S.strip;
  const wide = S.note.bold_w;
  const room = g.W / 2 - ([...matchText(state)].length * S.title.size * wide) / 2 - st.name_x - st.margin;
  if ([...name].length * st.name_size * wide <= room) return "";
  return ` textLength="${q(room)}" lengthAdjust="spacingAndGlyphs"`;
}

/** @param {ViewState} state */
function matchText(state) {
  const lang = state.language;
  const key = state.match_length === 1 ? "match1" : "match"; // "Match en 1 point": the singular, as svg.py
  let text = state.match_length ? t(lang, key, { n: state.match_length }) : t(lang, "money");
  if (state.crawford) text += ` · ${t(lang, "crawford")}`;
  return text;
}

/** @param {ViewState} state */
function matchLabel(state) {
  const text = matchText(state);
  const title = S.title;
  return `<text x="${g.W / 2}" y="${g.HEAD / 2 + title.dy}" text-anchor="middle" font-size="${title.size}" fill="${COLORS.text}" opacity="${title.opacity}" data-match="${state.match_length || 0}">${esc(text)}</text>`;
}

/** The result of a finished game on one line across the middle of the board (as svg.py's).
 * @param {ViewState} state
 */
function banner(state) {
  const text = state.result?.text;
  if (!text) return "";
  const nt = S.note;
  const w = text.length * nt.size * nt.bold_w + 2 * nt.pad;
  const h = nt.line + 2 * nt.pad;
  return (
    `<g data-result="true" pointer-events="none"><rect x="${q(g.W / 2 - w / 2)}" y="${q(g.MID_Y - h / 2)}" width="${q(w)}" height="${q(h)}" rx="${nt.rx}" fill="${COLORS.note}" stroke="${COLORS.note_edge}" stroke-width="${S.edge_width}"/>` +
    `<text x="${q(g.W / 2)}" y="${q(g.MID_Y + nt.size / 3)}" text-anchor="middle" font-size="${nt.size}" font-weight="bold" fill="${COLORS.note_text}">${esc(text)}</text></g>`
  );
}

/** `text` cut at spaces into lines of at most `chars` characters (a longer word keeps its own line).
 * @param {string} text
 * @param {number} chars
 */
export function wrap(text, chars) {
  const lines = [];
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= chars) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Where the checker a refusal is about stands: the top checker at `place`, [x, y].
 * @param {ViewState} state
 * @param {Place} place
 * @returns {[number, number]}
 */
function noteAnchor(state, place) {
  const board = boardOf(state);
  if (place === "bar" || place === "off") {
    const seat = (place === "bar" ? board.bar : board.off)[state.turn] ? state.turn : 1 - state.turn;
    const n = Math.max(countAt(board, seat, place), 1);
    return locate(seat, place, n - 1, n);
  }
  const v = board.points[place - 1];
  const n = Math.abs(v);
  return n ? locate(v > 0 ? 0 : 1, place, n - 1, n) : g.checkerXY(place, 0, 1);
}

/** The teaching bubble's text and box: `text` cut into lines across the middle of the board half
 * without dice (the dice, the roll prompt and an offered cube stand in the middle of the other
 * half), centred on the middle line, where no checker stands (a stack fills at most its point,
 * the bar's checkers stand in the bar). A longer text is set smaller to stay in that band (down to
 * 0.8 of the note's size); only a longer one still grows over the stacks' ends.
 * @param {ViewState} state
 * @param {string} text
 * @returns {{lines: string[], size: number, line: number, pad: number, box: [number, number, number, number]}}
 */
export function bubbleBox(state, text) {
  const nt = S.note;
  const { seat, dice } = diceOf(state);
  const prompt = state.can?.roll && !(state.dice || []).length; // the roll prompt stands in the roller's half
  const busy = dice.length && !prompt ? seat : state.turn; // an offered cube too: no dice are drawn then
  const left = busy === 0 ? g.LEFT_X : g.RIGHT_X; // seat 0's dice are in the right half
  let fit;
  for (const scale of [1, 0.9, 0.8]) {
    const [size, line, pad] = [nt.size * scale, nt.line * scale, nt.bubble_pad * scale];
    const lines = wrap(text, Math.floor((6 * g.P - 2 * pad - 2 * nt.gap) / (size * nt.char_w)));
    fit = { lines, size: q(size), line: q(line), pad: q(pad) };
    if (lines.length * line + 2 * pad <= g.MID - 2 * S.shadow.offset[1]) break; // clear of the checkers' shadows
  }
  const { lines, size, line, pad } = /** @type {NonNullable<typeof fit>} */ (fit);
  const w = Math.max(...lines.map((l) => l.length)) * size * nt.char_w + 2 * pad;
  const h = lines.length * line + 2 * pad;
  return { lines, size, line, pad, box: [q(left + (6 * g.P - w) / 2), q(g.MID_Y - h / 2), q(w), q(h)] };
}

/** The teaching bubble: `note.text` (a refusal's sentence) off the checkers and the dice (see
 * bubbleBox), the checker at `note.point` ringed and joined to it by a dashed line; never in the
 * way of a click.
 * @param {ViewState} state
 * @param {Refused | null | undefined} note
 */
function bubble(state, note) {
  if (!note || note.point === null || note.point === undefined) return "";
  const nt = S.note;
  const [cx, cy] = noteAnchor(state, note.point);
  const { lines, size, line, pad, box } = bubbleBox(state, note.text);
  const [x, y, w, h] = box;
  // the line leaves the ring towards the bubble's nearest side
  const [ex, ey] = [Math.min(Math.max(cx, x), x + w), Math.min(Math.max(cy, y), y + h)];
  const d = Math.hypot(ex - cx, ey - cy);
  const lead = d > g.R ? `<line x1="${q(cx + ((ex - cx) * g.R) / d)}" y1="${q(cy + ((ey - cy) * g.R) / d)}" x2="${q(ex)}" y2="${q(ey)}" stroke="${COLORS.note_edge}" stroke-width="${nt.ring_width / 2}" stroke-dasharray="4 3"/>` : "";
  let out =
    `<g data-refusal="${esc(note.reason)}" data-at="${esc(note.point)}" pointer-events="none" role="note">` +
    `<circle cx="${cx}" cy="${cy}" r="${g.R}" fill="none" stroke="${COLORS.note_edge}" stroke-width="${nt.ring_width}"/>` +
    lead +
    `<rect x="${q(x)}" y="${q(y)}" width="${q(w)}" height="${q(h)}" rx="${nt.rx}" fill="${COLORS.note}" fill-opacity="0.97" stroke="${COLORS.note_edge}" stroke-width="${nt.ring_width}"/>` +
    `<text font-size="${size}" fill="${COLORS.note_text}">`;
  lines.forEach((words, i) => {
    out += `<tspan x="${q(x + pad)}" y="${q(y + pad + (i + 1) * line - line / 4)}">${esc(words)}</tspan>`;
  });
  return out + `</text></g>`;
}

/** The point numbers, as Python labels them (`point_labels`: the person's own numbering).
 * @param {ViewState} state
 */
function pointNumbers(state) {
  const nb = S.numbers;
  let out = "";
  for (let p = 1; p <= 24; p++) {
    const label = state.point_labels?.[p - 1] ?? p;
    const y = g.isTop(p) ? g.TOP_Y - nb.above : g.BOTTOM_Y + nb.below;
    out += `<text x="${q(g.pointX(p))}" y="${y}" text-anchor="middle" font-size="${nb.size}" fill="${COLORS.text}" opacity="${nb.opacity}" data-number="${p}">${label}</text>`;
  }
  return out;
}

/**
 * The whole board as an SVG string.
 * state: the view state (see widget.py); ui: {selected, lit: Set, movable: Set} from board.js,
 * and note: the refusal ({reason, text, point}) to show in a bubble beside its checker, or null;
 * id: a prefix that keeps gradient ids apart when several boards share a page.
 * @param {ViewState} state
 * @param {Ui} [ui]
 * @param {string} [id]
 */
export function drawBoard(state, ui = {}, id = "bg") {
  const c = COLORS;
  const turn = state.turn ?? 0;
  const u = { ...ui, turn };
  const lit = ui.lit || new Set();
  const board = boardOf(state);
  let out =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${g.W} ${g.H}" class="bg-svg" font-family="${S.font}">` +
    defs(id) +
    `<rect x="0" y="0" width="${g.W}" height="${g.H}" rx="${S.corner.board}" fill="${c.strip}"/>` +
    `<rect x="0" y="${g.BOARD_Y}" width="${g.W}" height="${g.FIELD_H + 2 * g.FRAME}" rx="${S.corner.frame}" fill="url(#${id}-wood)"/>` +
    `<rect x="${g.LEFT_X}" y="${g.TOP_Y}" width="${6 * g.P}" height="${g.FIELD_H}" fill="url(#${id}-felt)"/>` +
    `<rect x="${g.RIGHT_X}" y="${g.TOP_Y}" width="${6 * g.P}" height="${g.FIELD_H}" fill="url(#${id}-felt)"/>`;
  // The bar.
  out +=
    `<g data-point="bar"${lit.has("bar") ? ' data-lit="true"' : ""}>` +
    `<rect x="${g.BAR_X}" y="${g.TOP_Y}" width="${g.BAR_W}" height="${g.FIELD_H}" fill="${c.rail}"/>` +
    `<rect x="${g.BAR_X + g.BAR_EDGE}" y="${g.TOP_Y}" width="${g.BAR_W - 2 * g.BAR_EDGE}" height="${g.FIELD_H}" fill="url(#${id}-wood)" opacity="${S.bar.wood_opacity}"/>` +
    stack(id, 0, "bar", board.bar[0], u) +
    stack(id, 1, "bar", board.bar[1], u) +
    `</g>`;
  // The trays: only the tray of the side to act is the "off" target.
  const tray = S.tray;
  for (const seat of [1, 0]) {
    const [x, y, w, h] = g.trayRect(seat);
    const target = seat === turn ? ` data-point="off"${lit.has("off") ? ' data-lit="true"' : ""}` : "";
    out +=
      `<g data-tray="${seat}"${target}>` +
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${tray.rx}" fill="${c.rail}" stroke="${c.tray_edge}" stroke-width="${tray.edge_width}"/>` +
      (target && lit.has("off")
        ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${tray.rx}" fill="${c.lit}" fill-opacity="0.35" stroke="${c.lit}" stroke-width="3" class="bg-lit"/>`
        : "");
    for (let i = 0; i < board.off[seat]; i++) out += slab(seat, i);
    out += `</g>`;
  }
  // The points and the checkers on them.
  for (let p = 1; p <= 24; p++) {
    const fill = p % 2 ? c.dark : c.light;
    const x = g.pointX(p);
    const y = g.isTop(p) ? g.TOP_Y : g.MID_Y;
    const isLit = lit.has(p);
    out +=
      `<g data-point="${p}"${isLit ? ' data-lit="true"' : ""}>` +
      `<rect x="${q(x - g.P / 2)}" y="${y}" width="${g.P}" height="${g.FIELD_H / 2}" fill="transparent"/>` +
      `<polygon points="${triangle(p)}" fill="${fill}" stroke="${c.point_edge}" stroke-opacity="${S.point.edge_opacity}"/>`;
    const v = board.points[p - 1];
    if (isLit) {
      const mine = (turn === 0 ? v : -v) > 0 ? Math.abs(v) : 0;
      const [lx, ly] = g.checkerXY(p, Math.min(mine, g.STACK - 1), Math.min(mine + 1, g.STACK));
      out +=
        `<polygon points="${triangle(p)}" fill="${c.lit}" fill-opacity="0.5" stroke="${c.lit}" stroke-width="3" class="bg-lit"/>` +
        `<circle cx="${lx}" cy="${ly}" r="${g.R - 3}" fill="${c.lit}" fill-opacity="0.25" stroke="${c.lit}" stroke-width="2.5" stroke-dasharray="6 4" class="bg-landing"/>`;
    }
    if (v) out += stack(id, v > 0 ? 0 : 1, p, Math.abs(v), u);
    out += `</g>`;
  }
  out += pointNumbers(state);
  out += arrows(id, state);
  out += tutorArrows(id, state);
  out += diceLayer(state);
  out += rollPrompt(state);
  out += cubeLayer(state);
  out += strip(state, 1) + strip(state, 0);
  out += matchLabel(state);
  out += banner(state);
  out += bubble(state, ui.note);
  return out + `</svg>`;
}
