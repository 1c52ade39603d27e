// Board geometry in SVG user units (the viewBox), shared by drawing and hit-testing.
// Points are numbered from the bottom player's side (seat 0): 1..6 bottom right, 7..12 bottom
// left, 13..18 top left, 19..24 top right. The sizes come from src/bgwidget/look.json (what each
// means is written there), which src/bgwidget/svg.py reads too; the places below are derived
// from them by the same formulas as in svg.py, and a test compares the two drawings.
import look from "../../src/bgwidget/look.json" with { type: "json" };

export const { R, P, SIDE, BAR_W, TRAY_W, FRAME, HEAD, STACK, MID, POINT_LEN, TRAY_H, SLAB_W, SLAB_H, DIE, CUBE } =
  look.board;
export const {
  BAR_STACK, BAR_GAP, BAR_EDGE, POINT_INSET, TRAY_INSET, SLAB_PAD, SLAB_GAP, DICE_GAP, DOUBLES_GAP, CUBE_MARGIN,
} = look.spacing;

export const LEFT_X = SIDE;
export const BAR_X = LEFT_X + 6 * P;
export const RIGHT_X = BAR_X + BAR_W;
export const TRAY_X = RIGHT_X + 6 * P;
export const W = TRAY_X + TRAY_W;
export const BOARD_Y = HEAD;
export const TOP_Y = BOARD_Y + FRAME;
export const FIELD_H = 2 * STACK * 2 * R + MID;
export const BOTTOM_Y = TOP_Y + FIELD_H;
export const MID_Y = TOP_Y + FIELD_H / 2;
export const H = BOTTOM_Y + FRAME + HEAD;

/** Round to one decimal so that JS and Python print the same numbers.
 * @param {number} v */
export const q = (v) => Math.round(v * 10) / 10;

/** @param {number} point */
export function isTop(point) {
  return point >= 13;
}

/** Centre x of point 1..24.
 * @param {number} point */
export function pointX(point) {
  if (point <= 6) return TRAY_X - (point - 0.5) * P;
  if (point <= 12) return BAR_X - (point - 6.5) * P;
  if (point <= 18) return LEFT_X + (point - 12.5) * P;
  return RIGHT_X + (point - 18.5) * P;
}

/** Distance between the centres of stacked checkers: squeezed so `n` checkers fit in `places`.
 * @param {number} n */
export function spacing(n, places = STACK) {
  return n <= places ? 2 * R : ((places - 1) * 2 * R) / (n - 1);
}

/** Centre of the i-th checker (0 = at the edge) of a stack of n on `point`.
 * @param {number} point
 * @param {number} i
 * @param {number} n
 * @returns {[number, number]} */
export function checkerXY(point, i, n) {
  const s = spacing(n);
  const x = pointX(point);
  return isTop(point) ? [q(x), q(TOP_Y + R + i * s)] : [q(x), q(BOTTOM_Y - R - i * s)];
}

/** Centre of the i-th of n checkers of `seat` on the bar; seat 0 waits above the middle.
 * @param {number} seat
 * @param {number} i
 * @param {number} n
 * @returns {[number, number]} */
export function barXY(seat, i, n) {
  const s = spacing(n, BAR_STACK);
  const x = BAR_X + BAR_W / 2;
  return seat === 0 ? [q(x), q(MID_Y - R - BAR_GAP - i * s)] : [q(x), q(MID_Y + R + BAR_GAP + i * s)];
}

/** The tray of `seat`: seat 1 bears off at the top right, seat 0 at the bottom right.
 * @param {number} seat
 * @returns {[number, number, number, number]} [x, y, width, height] */
export function trayRect(seat) {
  const x = TRAY_X + TRAY_INSET;
  const w = TRAY_W - 2 * TRAY_INSET;
  return seat === 1 ? [x, TOP_Y, w, TRAY_H] : [x, BOTTOM_Y - TRAY_H, w, TRAY_H];
}

/** Top-left corner of the i-th borne-off checker (a slab seen edge-on) of `seat`.
 * @param {number} seat
 * @param {number} i
 * @returns {[number, number]} */
export function slabXY(seat, i) {
  const [x, y, , h] = trayRect(seat);
  const step = SLAB_H + SLAB_GAP;
  return seat === 1 ? [x + SLAB_PAD, y + SLAB_PAD + i * step] : [x + SLAB_PAD, y + h - SLAB_PAD - SLAB_H - i * step];
}

/** Centres of `count` dice of `seat`: seat 0 rolls in the right half, seat 1 in the left.
 * @param {number} seat
 * @param {number} count
 * @returns {[number, number][]} */
export function diceXY(seat, count) {
  const cx = seat === 0 ? RIGHT_X + 3 * P : LEFT_X + 3 * P;
  const gap = DIE + (count > 2 ? DOUBLES_GAP : DICE_GAP);
  return Array.from({ length: count }, (_, i) => [q(cx + (i - (count - 1) / 2) * gap), MID_Y]);
}

/** Top-left corner of the cube: in the middle of the left rail, or at its owner's end; an
 * offered cube stands in the middle of the half of the side that must answer.
 * @param {number | null} owner
 * @param {number | null} offeredTo
 * @returns {[number, number]} */
export function cubeXY(owner, offeredTo = null) {
  if (offeredTo !== null) {
    const cx = offeredTo === 0 ? RIGHT_X + 3 * P : LEFT_X + 3 * P;
    return [q(cx - CUBE / 2), q(MID_Y - CUBE / 2)];
  }
  const x = (SIDE - CUBE) / 2;
  if (owner === 0) return [x, BOTTOM_Y - CUBE - CUBE_MARGIN];
  if (owner === 1) return [x, TOP_Y + CUBE_MARGIN];
  return [x, MID_Y - CUBE / 2];
}

/** The point (1..24), "bar" or "off" under the board coordinates (x, y), or null.
 * @param {number} x
 * @param {number} y
 * @returns {import("./state.js").Place | null} */
export function hitTest(x, y) {
  if (y < TOP_Y || y > BOTTOM_Y) return null;
  if (x >= BAR_X && x < RIGHT_X) return "bar";
  if (x >= TRAY_X && x < W) return "off";
  const top = y < MID_Y;
  if (x >= LEFT_X && x < BAR_X) {
    const c = Math.floor((x - LEFT_X) / P);
    return top ? 13 + c : 12 - c;
  }
  if (x >= RIGHT_X && x < TRAY_X) {
    const c = Math.floor((x - RIGHT_X) / P);
    return top ? 19 + c : 6 - c;
  }
  return null;
}
