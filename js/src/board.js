// Pure logic over the view state that Python publishes (see state.js and
// src/bgwidget/viewstate.py): which checkers may move, which points light up, and the board after
// one step (for animating the computer's play). No DOM here, and no numbering conversion: the
// state and the intents are all in board numbering (1..24 from the bottom player's side, "bar",
// "off"), so a place read from the page goes into an intent as it is.

/** @typedef {import("./state.js").ViewState} ViewState */
/** @typedef {import("./state.js").Board} Board */
/** @typedef {import("./state.js").Place} Place */
/** @typedef {import("./state.js").Step} Step */
/** @typedef {import("./state.js").Target} Target */

/** True when a person (not the computer) is to move checkers now.
 * @param {ViewState} state */
export function personMoving(state) {
  return !!state.can?.move;
}

/** Whether `seat` is shown on turn: not before the opening roll (no one is yet), nor once the game is over.
 * @param {ViewState} state
 * @param {number} seat
 */
export function onTurn(state, seat) {
  return state.turn === seat && !["opening", "game-over", "match-over"].includes(state.phase);
}

/** A board with no tools in money play (an exercise, or a drill card met in a money game): its
 * score, a fresh session's, means nothing, and is not shown, in 2D and 3D (as svg.py's). A drill
 * card met in a match keeps its score, part of its stakes.
 * @param {ViewState} state
 */
export function scoreless(state) {
  return state.tools === false && !state.match_length;
}

/** The places ("bar" included) holding a checker that can move now.
 * @param {ViewState} state
 * @returns {Set<Place>} */
export function movablePoints(state) {
  return new Set(personMoving(state) ? state.movable || [] : []);
}

/** The targets of the checker on place `from`: [{to, dice: [..]}].
 * @param {ViewState} state
 * @param {Place | null} from
 * @returns {Target[]} */
export function targets(state, from) {
  if (!personMoving(state) || !state.steps || from === null || from === undefined) return [];
  return state.steps[String(from)] || [];
}

/** The places (and "off") that light up when `from` is selected.
 * @param {ViewState} state
 * @param {Place | null} from
 * @returns {Set<Place>} */
export function litPoints(state, from) {
  return new Set(targets(state, from).map((t) => t.to));
}

/** The one-die target of `from` using the higher ("high") or lower ("low") die first; the other
 * die when that one cannot move this checker; null when neither can.
 * @param {ViewState} state
 * @param {Place | null} from
 * @param {"high" | "low"} which
 * @returns {Target | null} */
export function dieTarget(state, from, which) {
  const single = targets(state, from).filter((t) => t.dice.length === 1);
  if (!single.length) return null;
  const left = state.dice_left || [];
  const high = Math.max(...left);
  const low = Math.min(...left);
  const order = which === "low" ? [low, high] : [high, low];
  for (const die of order) {
    const found = single.find((t) => t.dice[0] === die);
    if (found) return found;
  }
  return single[0];
}

/** A copy of the board part of a state: {points: [24], bar: [2], off: [2]}.
 * @param {Board} state
 * @returns {Board} */
export function boardOf(state) {
  return { points: state.points.slice(), bar: state.bar.slice(), off: state.off.slice() };
}

/** The board after `seat` makes the step [from, to, hit]: one checker moved, the blot on `to`
 * sent to the bar when the step hits (Python says so in every step it publishes).
 * @param {Board} board
 * @param {number} seat
 * @param {Step} step
 * @returns {Board} */
export function applyStep(board, seat, [from, to, hit]) {
  const b = { points: board.points.slice(), bar: board.bar.slice(), off: board.off.slice() };
  const sign = seat === 0 ? 1 : -1;
  if (from === "bar") b.bar[seat] -= 1;
  else b.points[from - 1] -= sign;
  if (to === "off") {
    b.off[seat] += 1;
    return b;
  }
  if (hit) {
    b.points[to - 1] = 0;
    b.bar[1 - seat] += 1;
  }
  b.points[to - 1] += sign;
  return b;
}

/** Checkers of `seat` on point p of a board (0 when the other side holds it).
 * @param {Board} board
 * @param {number} seat
 * @param {Place} p */
export function countAt(board, seat, p) {
  if (p === "bar") return board.bar[seat];
  if (p === "off") return board.off[seat];
  const v = board.points[p - 1];
  return seat === 0 ? Math.max(v, 0) : Math.max(-v, 0);
}

/** Index of the play the keyboard list selects after `key`: arrows wrap around.
 * @param {number} index
 * @param {number} length
 * @param {string} key */
export function nextIndex(index, length, key) {
  if (!length) return -1;
  if (key === "ArrowDown" || key === "ArrowRight") return (index + 1) % length;
  if (key === "ArrowUp" || key === "ArrowLeft") return (index - 1 + length) % length;
  if (key === "Home") return 0;
  if (key === "End") return length - 1;
  return index;
}
