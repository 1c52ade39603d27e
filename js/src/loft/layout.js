// Where things stand in the loft, as pure numbers (no three.js here, so node --test checks it).
// The 3D board lies on the plane of the 2D one: an SVG point (x, y) of geometry.js becomes the
// world point (x, z) = ((x - W/2)·S, (y - H/2)·S), y up; the bottom player (seat 0) sits at +z.
// Stacks keep the 2D board's places: up to five checkers along a point, then further layers on
// top of them, so the count is shown once a stack is taller than one layer.
import * as g from "../geometry.js";
import { applyStep, countAt } from "../board.js";

/** @typedef {import("../state.js").Board} Board */
/** @typedef {import("../state.js").Place} Place */
/** @typedef {import("../state.js").ViewState} ViewState */
/** @typedef {{x: number, y: number, z: number}} Point3  a world point */

/** World units per SVG unit. */
export const S = 0.01;
/** Checker radius and thickness, world units: a little narrower than the 2D board's, so that seen
 * in perspective the checkers next to a rail stand clear of it (a 6-unit strip of felt). */
export const RADIUS = (g.R - 3) * S;
export const THICK = 0.09;
/** Height of the playing surface above the board's base, and of the rails. */
export const SURFACE = 0.06;
export const RAIL = 0.16;
/** Checkers per layer on a point, on the bar, in a borne-off pile. */
export const LAYER = g.STACK;
export const BAR_LAYER = g.BAR_STACK;

/** World (x, z) of an SVG point (x, y).
 * @param {number} x
 * @param {number} y
 * @returns {[number, number]}
 */
export function toWorld(x, y) {
  return [(x - g.W / 2) * S, (y - g.H / 2) * S];
}

/** SVG point (x, y) of a world (x, z): the inverse of toWorld.
 * @param {number} x
 * @param {number} z
 * @returns {[number, number]}
 */
export function fromWorld(x, z) {
  return [x / S + g.W / 2, z / S + g.H / 2];
}

/** The place (1..24, "bar", "off") under the world point (x, z) of the playing surface, or null.
 * @param {number} x
 * @param {number} z
 */
export function placeAt(x, z) {
  return g.hitTest(...fromWorld(x, z));
}

/** Where the i-th (0 = first laid) of n checkers of `seat` on `place` stands: {x, y, z}, y being
 * the height of the checker's bottom face above the playing surface.
 * @param {number} seat
 * @param {Place} place
 * @param {number} i
 * @param {number} n
 * @returns {Point3}
 */
export function spot(seat, place, i, n) {
  if (place === "off") {
    // Borne-off checkers lie in piles of five along the tray, from its outer end.
    const [x, y, w, h] = g.trayRect(seat);
    const pile = Math.floor(i / LAYER);
    const along = g.R + 2 + pile * (2 * g.R + 2);
    const cy = seat === 1 ? y + along : y + h - along;
    const [wx, wz] = toWorld(x + w / 2, cy);
    return { x: wx, y: (i % LAYER) * THICK, z: wz };
  }
  const perLayer = place === "bar" ? BAR_LAYER : LAYER;
  const slot = i % perLayer;
  const [sx, sy] = place === "bar" ? g.barXY(seat, slot, Math.min(n, perLayer)) : g.checkerXY(place, slot, Math.min(n, perLayer));
  const [wx, wz] = toWorld(sx, sy);
  return { x: wx, y: Math.floor(i / perLayer) * THICK, z: wz };
}

/** Every checker of a board ({points, bar, off}, see state.js) with its place and spot:
 * [{seat, place, index, count, x, y, z}], the top checker of each place last among its own.
 * @param {Board} board
 */
export function checkers(board) {
  const out = [];
  /** @type {Place[]} */
  const places = [...Array.from({ length: 24 }, (_, k) => k + 1), "bar", "off"];
  for (const seat of [0, 1]) {
    for (const place of places) {
      const n = countAt(board, seat, place);
      for (let i = 0; i < n; i++) out.push({ seat, place, index: i, count: n, ...spot(seat, place, i, n) });
    }
  }
  return out;
}

/** The stacks taller than one layer, whose count is shown above them: [{seat, place, count, x, y, z}].
 * @param {Board} board
 */
export function counts(board) {
  return checkers(board)
    .filter((c) => c.index === c.count - 1 && c.count > (c.place === "bar" ? BAR_LAYER : LAYER) && c.place !== "off")
    .map(({ seat, place, count, x, y, z }) => ({ seat, place, count, x, y: y + THICK, z }));
}

/** The rectangle of the playing surface that belongs to `place`, world units {x0, x1, z0, z1}:
 * a point's half of the field, the bar, or the tray of `seat` for "off".
 * @param {Place} place
 */
export function placeRect(place, seat = 0) {
  if (place === "off") {
    const [x, y, w, h] = g.trayRect(seat);
    return rect(x, y, x + w, y + h);
  }
  if (place === "bar") return rect(g.BAR_X, g.TOP_Y, g.RIGHT_X, g.BOTTOM_Y);
  const x = g.pointX(place);
  return g.isTop(place) ? rect(x - g.P / 2, g.TOP_Y, x + g.P / 2, g.MID_Y) : rect(x - g.P / 2, g.MID_Y, x + g.P / 2, g.BOTTOM_Y);
}

/**
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 */
function rect(x0, y0, x1, y1) {
  const [a, b] = toWorld(x0, y0);
  const [c, d] = toWorld(x1, y1);
  return { x0: a, z0: b, x1: c, z1: d };
}

/** The world point {x, y, z} where a click on `place` selects its top checker or targets it:
 * the top face of the top checker there (the seat to act's first, on the bar and off), else the
 * first free spot of the point, the middle of the bar, the middle of the tray of `seat`.
 * @param {Board} board
 * @param {Place} place
 * @param {number} seat
 * @returns {Point3}
 */
export function aimAt(board, place, seat) {
  const mine = countAt(board, seat, place);
  const theirs = countAt(board, 1 - seat, place);
  const who = mine || place === "bar" || place === "off" ? seat : 1 - seat;
  const n = who === seat ? mine : theirs;
  if (n > 0) {
    const s = spot(who, place, n - 1, n);
    return { x: s.x, y: s.y + THICK, z: s.z };
  }
  if (place === "bar" || place === "off") {
    const r = placeRect(place, seat);
    return { x: (r.x0 + r.x1) / 2, y: 0, z: place === "bar" ? (seat === 0 ? 0.9 : -0.9) : (r.z0 + r.z1) / 2 };
  }
  const s = spot(0, place, 0, 1);
  return { x: s.x, y: 0, z: s.z };
}

/** The table (world units: the board is 8.7 wide, about 55 cm, so a unit is about 6 cm) and the room's height. */
export const TABLE = Object.freeze({ width: 16, depth: 13, height: 12 });
export const ROOM_H = 48;

/** A die's and the cube's side, world units: larger than the 2D board's, so that seen from the
 * chair their pips and the cube's 64 read at a cell's size. The cube still fits the side rail
 * (SIDE 60 units), four dice the gap between two rows of checkers (MID 76 units). */
export const DIE = 0.56;
export const CUBE = 0.46;
const DICE_GAP = 0.14; // between two dice; doubles lie closer
const DOUBLES_GAP = 0.08;

/** Where the dice of `seat` lie, world (x, z) each: in the middle of the half where the 2D board
 * rolls them, spaced for their 3D size.
 * @param {number} seat
 * @param {number} count
 */
export function diceSpots(seat, count) {
  const [cx, cz] = toWorld(seat === 0 ? g.RIGHT_X + 3 * g.P : g.LEFT_X + 3 * g.P, g.MID_Y);
  const step = DIE + (count > 2 ? DOUBLES_GAP : DICE_GAP);
  return Array.from({ length: count }, (_, i) => /** @type {[number, number]} */ ([cx + (i - (count - 1) / 2) * step, cz]));
}

/** Where the cube lies, world (x, z), and the value it shows (64 for a centred cube of 1), for a
 * state: on the side rail at its owner's end (the middle when centred), or in front of the side
 * that must answer an offer (the seat to act); null without a cube.
 * @param {ViewState} state
 */
export function cubeSpot(state) {
  const cube = state.cube;
  if (!cube || cube.disabled) return null;
  const offeredTo = cube.offered ? state.turn : null;
  const value = cube.offered_value ?? cube.value; // the value on offer while a double waits
  const [x, y] = g.cubeXY(cube.owner ?? null, offeredTo);
  const [wx, wz] = toWorld(x + g.CUBE / 2, y + g.CUBE / 2);
  // At an owner's end the larger cube keeps the 2D board's margin from the frame.
  const end = offeredTo === null && cube.owner !== null && cube.owner !== undefined ? (CUBE - g.CUBE * S) / 2 : 0;
  return { x: wx, z: wz + (cube.owner === 0 ? -end : end), value: value === 1 ? 64 : value };
}

/** Where each point's number stands, world (x, z): on the rail beyond the point's base. */
export function numberSpots() {
  return Array.from({ length: 24 }, (_, k) => {
    const point = k + 1;
    const [x, z] = toWorld(g.pointX(point), g.isTop(point) ? g.TOP_Y - g.FRAME / 2 : g.BOTTOM_Y + g.FRAME / 2);
    return { point, x, z };
  });
}

/** The faces of a die with `top` up, in three.js's box material order (+x, -x, +y, -y, +z, -z):
 * opposite faces add up to 7.
 * @param {number} top
 */
export function dieFaces(top) {
  const sides = [1, 2, 3, 4, 5, 6].filter((v) => v !== top && v !== 7 - top);
  return [sides[0], 7 - sides[0], top, 7 - top, sides[1], 7 - sides[1]];
}

const CUBE_VALUES = [2, 4, 8, 16, 32, 64];

/** The faces of the doubling cube with `top` up (64 for a centred cube), in the same order: each
 * value once, the one before `top` on the far side (-z), so that a quarter turn forward about x
 * rolls the old value off the top and the new one onto it.
 * @param {number} top
 */
export function cubeFaces(top) {
  const i = CUBE_VALUES.indexOf(top);
  return [1, 4, 0, 3, 2, 5].map((k) => CUBE_VALUES[(i + k) % 6]);
}

/** The arrows of a play's steps from `before` (as the 2D board's): for each step [from, to, hit]
 * of `seat`, from the top checker of `from` to where the checker lands on `to`, world points at
 * the checkers' top faces: [{from, to}].
 * @param {number} seat
 * @param {Board} before
 * @param {import("../state.js").Step[]} steps
 */
export function stepArrows(seat, before, steps) {
  let board = before;
  return steps.map((step) => {
    const n = countAt(board, seat, step[0]);
    const a = spot(seat, step[0], n - 1, n);
    board = applyStep(board, seat, step);
    const m = countAt(board, seat, step[1]);
    const b = spot(seat, step[1], m - 1, m);
    return { from: { ...a, y: a.y + THICK }, to: { ...b, y: b.y + THICK } };
  });
}
