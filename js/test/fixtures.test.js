// Real view states written by Python (tests/test_viewstate.py writes js/test/fixtures/*.json):
// the pure helpers of board.js and hint.js, and the drawing's data- hooks, checked on them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as b from "../src/board.js";
import { drawBoard } from "../src/draw.js";
import { candidateRows, previewState } from "../src/hint.js";

const load = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const sorted = (set) => [...set].sort((x, y) => String(x).localeCompare(String(y), "en", { numeric: true }));
const hooks = (svg, attr) => sorted(new Set([...svg.matchAll(new RegExp(`data-point="(\\w+)"${attr}`, "g"))].map((m) => m[1])));

test("opening, cube offer, game over, set-up: nothing to move", () => {
  for (const name of ["opening", "cube-offer", "game-over", "edit"]) {
    const s = load(name);
    assert.equal(b.movablePoints(s).size, 0, name);
    assert.equal(b.personMoving(s), false, name);
  }
  assert.equal(load("opening").can.roll, true);
  const cube = load("cube-offer");
  assert.deepEqual([cube.turn, cube.cube.value, cube.cube.offered_value, cube.can.take, cube.can.pass], [0, 1, 2, true, true]);
  assert.equal(load("game-over").can.new_game, true);
  assert.equal(load("edit").can.move, false);
});

test("a replay at an opening roll: the dice shown, nothing to move or press but its own buttons", () => {
  const s = load("replay");
  assert.equal(b.movablePoints(s).size, 0);
  assert.equal(b.personMoving(s), false);
  assert.deepEqual([s.phase, s.dice, s.replay.actions, s.replay.lines], ["move", [3, 1], 1, [[0, 2]]]);
  const svg = drawBoard(s, { selected: null, lit: new Set(), movable: b.movablePoints(s) });
  assert.equal(/data-movable="true"/.test(svg), false);
});

test("a resignation offered (restored from a save): Accept and Decline for the seat that answers, no cube answer", () => {
  const s = load("resign-offer");
  assert.equal(b.movablePoints(s).size, 0);
  assert.deepEqual([s.turn, s.can.accept, s.can.decline, s.can.take, s.can.pass, s.cube.offered], [0, true, true, false, false, false]);
});

test("seat 0 in the middle of 3-1 (8/5 made): the 1 left moves from 24, 8, 6 or 5", () => {
  const s = load("move-seat0");
  assert.deepEqual(sorted(b.movablePoints(s)), [5, 6, 8, 24]);
  assert.deepEqual(sorted(b.litPoints(s, 24)), [23]); // 13/12 is blocked, so 13 is not movable
  assert.deepEqual(s.moved, [[8, 5, false]]);
  const svg = drawBoard(s, { selected: 8, lit: b.litPoints(s, 8), movable: b.movablePoints(s) });
  assert.deepEqual(hooks(svg, ' data-lit="true"'), ["7"]);
  const movable = sorted(new Set([...svg.matchAll(/data-at="(\w+)" data-movable="true"/g)].map((m) => m[1])));
  assert.deepEqual(movable, ["5", "6", "8", "24"]);
});

test("seat 1 with a checker on the bar enters first, on board points 2 or 4 (its own 23 and 21)", () => {
  const s = load("move-seat1-bar");
  assert.equal(s.turn, 1);
  assert.deepEqual(sorted(b.movablePoints(s)), ["bar"]);
  assert.deepEqual(sorted(b.litPoints(s, "bar")), [2, 4]);
  assert.equal(b.dieTarget(s, "bar", "high")?.to, 4);
  assert.equal(b.dieTarget(s, "bar", "low")?.to, 2);
  const svg = drawBoard(s, { selected: "bar", lit: b.litPoints(s, "bar"), movable: b.movablePoints(s) });
  assert.deepEqual(hooks(svg, ' data-lit="true"'), ["2", "4"]);
});

test("seat 1 after entering on board point 4: the 2 moves its other checkers, places as published", () => {
  const s = load("move-seat1");
  assert.deepEqual(s.moved, [["bar", 4, false]]);
  assert.deepEqual(sorted(b.movablePoints(s)), [1, 12, 17, 19]);
  // Seat 1 moves up the board numbering: its 24/22 is board 1 -> 3.
  assert.deepEqual(sorted(b.litPoints(s, 1)), [3]);
  assert.deepEqual(sorted(b.litPoints(s, 19)), [21]);
  assert.equal(b.countAt(b.boardOf(s), 1, 4), 1);
});

test("the hint's candidates preview on the board in board numbering", () => {
  const s = load("hint");
  const rows = candidateRows(s.language, s.hint);
  assert.equal(rows[0].text, "8/5 6/5");
  assert.equal(rows[0].error, "");
  // 3-1's best alone passes the move filter to 1-ply; the others follow at 0-ply.
  assert.deepEqual(rows.map((row) => row.ply), ["1", "0", "0", "0", "0", "0", "0", "0"]);
  const shown = previewState(s, 0);
  assert.deepEqual(shown.last_play.steps, [[8, 5, false], [6, 5, false]]);
  // Replaying the candidate's steps on the board before it gives the play's result.
  let board = shown.last_play.before;
  for (const step of shown.last_play.steps) board = b.applyStep(board, 0, step);
  assert.deepEqual([board.points[4], board.points[5], board.points[7]], [2, 4, 2]);
});

test("a refusal on a teaching board: the bubble beside the checker on 13, in the board's language", () => {
  const s = load("refused");
  assert.deepEqual([s.teaching, s.refusal.reason, s.refusal.point, s.language], [true, "bar-first", 13, "fr"]);
  const svg = drawBoard(s, { note: s.refusal });
  assert.match(svg, /data-refusal="bar-first" data-at="13"/);
  assert.ok(svg.includes("barre"));
});
