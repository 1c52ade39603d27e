import { test } from "node:test";
import assert from "node:assert/strict";
import { uniqueId } from "../src/ids.js";
import { drawBoard } from "../src/draw.js";

test("view ids are fresh every time and fit in an id and a url(#...)", () => {
  const ids = new Set(Array.from({ length: 1000 }, () => uniqueId()));
  assert.equal(ids.size, 1000);
  for (const id of ids) assert.match(id, /^bgw-[0-9a-f]{12}$/);
});

test("two boards drawn with their own ids share no id", () => {
  const state = {
    points: Array(24).fill(0), bar: [0, 0], off: [15, 15], pips: [0, 0], turn: 0, dice: [], names: ["a", "b"],
    score: [0, 0], language: "en",
  };
  const idsOf = (svg) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  const a = idsOf(drawBoard(state, {}, uniqueId()));
  const b = idsOf(drawBoard(state, {}, uniqueId()));
  assert.ok(a.length >= 5);
  assert.deepEqual(a.filter((id) => b.includes(id)), []);
});
