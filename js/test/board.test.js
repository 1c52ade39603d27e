import { test } from "node:test";
import assert from "node:assert/strict";
import * as b from "../src/board.js";

const START = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2];

// The steps map Python publishes for seat 0 after an opening 3-1 (see tests/test_widget.py);
// board numbering, as every place in the state.
const moving = (turn, steps, dice_left = [3, 1]) => ({
  phase: "move", turn, can: { move: true }, steps, movable: Object.keys(steps).map((k) => (k === "bar" ? k : Number(k))),
  dice_left,
});
const OPENING_31 = {
  24: [{ to: 23, dice: [1] }, { to: 21, dice: [3] }, { to: 20, dice: [1, 3] }],
  13: [{ to: 10, dice: [3] }, { to: 9, dice: [3, 1] }],
  8: [{ to: 7, dice: [1] }, { to: 5, dice: [3] }, { to: 4, dice: [1, 3] }],
  6: [{ to: 5, dice: [1] }, { to: 3, dice: [3] }, { to: 2, dice: [1, 3] }],
};

test("movable checkers and lit points come from the state as published, in board numbering", () => {
  const s = moving(0, OPENING_31);
  assert.deepEqual([...b.movablePoints(s)].sort((x, y) => x - y), [6, 8, 13, 24]);
  assert.deepEqual([...b.litPoints(s, 8)].sort((x, y) => x - y), [4, 5, 7]);
  assert.deepEqual([...b.litPoints(s, 9)], []);
  // Seat 1's map is in board numbering too: its own 24 is board point 1, nothing is converted.
  const top = moving(1, { 1: [{ to: 7, dice: [6] }], bar: [{ to: "off", dice: [6] }] }, [6, 4]);
  assert.deepEqual([...b.movablePoints(top)].sort(), [1, "bar"].sort());
  assert.deepEqual([...b.litPoints(top, 1)], [7]);
  assert.deepEqual([...b.litPoints(top, "bar")], ["off"]);
});

test("nothing moves unless Python says a person moves now", () => {
  assert.equal(b.movablePoints({ ...moving(0, OPENING_31), can: { move: false } }).size, 0);
  assert.equal(b.movablePoints({ ...moving(0, OPENING_31), can: {} }).size, 0);
  assert.deepEqual(b.targets({ ...moving(0, OPENING_31), can: { move: false } }, 8), []);
});

test("double-click takes the higher die first, right-click the lower, else the other die", () => {
  const s = moving(0, OPENING_31);
  assert.deepEqual(b.dieTarget(s, 8, "high"), { to: 5, dice: [3] });
  assert.deepEqual(b.dieTarget(s, 8, "low"), { to: 7, dice: [1] });
  assert.deepEqual(b.dieTarget(s, 13, "low"), { to: 10, dice: [3] }); // 13/12 is blocked: the 3 is used instead
  assert.equal(b.dieTarget(s, 9, "high"), null);
});

test("applying steps [from, to, hit] moves checkers, hits blots and bears off", () => {
  const start = { points: START.slice(), bar: [0, 0], off: [0, 0] };
  let board = b.applyStep(start, 0, [24, 18, false]);
  assert.equal(board.points[23], 1);
  assert.equal(board.points[17], 1);
  assert.deepEqual(start.points, START, "the input is left alone");
  board = b.applyStep(board, 1, [12, 18, true]); // seat 1 hits the blot on 18
  assert.equal(board.points[17], -1);
  assert.deepEqual(board.bar, [1, 0]);
  board = b.applyStep(board, 0, ["bar", 20, false]);
  assert.deepEqual(board.bar, [0, 0]);
  board = b.applyStep(board, 0, [6, "off", false]);
  assert.deepEqual(board.off, [1, 0]);
  assert.equal(b.countAt(board, 0, 6), 4);
  assert.equal(b.countAt(board, 1, 6), 0);
  assert.equal(b.countAt(board, 0, "off"), 1);
});

test("the list of plays wraps around with the arrow keys", () => {
  assert.equal(b.nextIndex(0, 3, "ArrowUp"), 2);
  assert.equal(b.nextIndex(2, 3, "ArrowDown"), 0);
  assert.equal(b.nextIndex(1, 3, "End"), 2);
  assert.equal(b.nextIndex(1, 3, "x"), 1);
  assert.equal(b.nextIndex(0, 0, "ArrowDown"), -1);
});
