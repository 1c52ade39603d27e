// Pure logic over the view state that Python publishes (see src/bgwidget/widget.py):
// numbering conversions, which checkers may move, which points light up, and the board after
// one step (for animating the computer's play). No DOM here.
//
// Two numberings meet here. The drawing uses the bottom player's (seat 0's) numbering, with
// "bar" and "off". Intents and the `steps` map use the mover's own numbering, as the notation
// does: 1..24, 25 for the bar, 0 for off.

export function toDisplay(seat, p) {
  if (p === 25 || p === "bar") return "bar";
  if (p === 0 || p === "off") return "off";
  return seat === 0 ? p : 25 - p;
}

export function toMover(seat, d) {
  if (d === "bar") return 25;
  if (d === "off") return 0;
  return seat === 0 ? d : 25 - d;
}

/** True when a person (not the computer) is to move checkers now. */
export function personMoving(state) {
  return state.phase === "move" && !state.thinking && !!state.human?.[state.turn] && !state.edit;
}

/** Display points ("bar" included) holding a checker that can move now. */
export function movablePoints(state) {
  if (!personMoving(state) || !state.steps) return new Set();
  return new Set(Object.keys(state.steps).map((k) => toDisplay(state.turn, Number(k))));
}

/** The targets of the checker on display point `from`: [{to: display, dice: [..]}]. */
export function targets(state, from) {
  if (!personMoving(state) || !state.steps || from === null || from === undefined) return [];
  const list = state.steps[String(toMover(state.turn, from))] || [];
  return list.map((t) => ({ to: toDisplay(state.turn, t.to), dice: t.dice }));
}

/** The display points (and "off") that light up when `from` is selected. */
export function litPoints(state, from) {
  return new Set(targets(state, from).map((t) => t.to));
}

/** The one-die target of `from` using the higher ("high") or lower ("low") die first; the other
 * die when that one cannot move this checker; null when neither can. */
export function dieTarget(state, from, which) {
  const single = targets(state, from).filter((t) => t.dice.length === 1);
  if (!single.length) return null;
  const left = state.dice_left || [];
  const high = Math.max(...left);
  const low = Math.min(...left);
  const order = which === "low" ? [low, high] : [high, low];
  for (const die of order) {
    const found = single.find((t) => t.dice[0] === die);
    if (found) return found.to;
  }
  return single[0].to;
}

/** A copy of the board part of a state: {points: [24], bar: [2], off: [2]}. */
export function boardOf(state) {
  return { points: state.points.slice(), bar: state.bar.slice(), off: state.off.slice() };
}

/** The board after `seat` moves one checker from display point `from` to `to` (hitting a blot). */
export function applyStep(board, seat, from, to) {
  const b = { points: board.points.slice(), bar: board.bar.slice(), off: board.off.slice() };
  const sign = seat === 0 ? 1 : -1;
  if (from === "bar") b.bar[seat] -= 1;
  else b.points[from - 1] -= sign;
  if (to === "off") {
    b.off[seat] += 1;
    return b;
  }
  if (b.points[to - 1] === -sign) {
    b.points[to - 1] = 0;
    b.bar[1 - seat] += 1;
  }
  b.points[to - 1] += sign;
  return b;
}

/** Checkers of `seat` on display point p of a board (0 when the other side holds it). */
export function countAt(board, seat, p) {
  if (p === "bar") return board.bar[seat];
  if (p === "off") return board.off[seat];
  const v = board.points[p - 1];
  return seat === 0 ? Math.max(v, 0) : Math.max(-v, 0);
}

/** Index of the play the keyboard list selects after `key`: arrows wrap around. */
export function nextIndex(index, length, key) {
  if (!length) return -1;
  if (key === "ArrowDown" || key === "ArrowRight") return (index + 1) % length;
  if (key === "ArrowUp" || key === "ArrowLeft") return (index - 1 + length) % length;
  if (key === "Home") return 0;
  if (key === "End") return length - 1;
  return index;
}
