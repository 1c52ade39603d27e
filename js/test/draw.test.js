import { test } from "node:test";
import assert from "node:assert/strict";
import { diceOf, drawBoard, esc, wrap } from "../src/draw.js";
import * as geometry from "../src/geometry.js";
import look from "../../src/bgwidget/look.json" with { type: "json" };

const START = [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2];
const base = {
  points: START, bar: [0, 0], off: [0, 0], pips: [167, 167], turn: 0, phase: "roll", human: [true, false],
  names: ["You", "Computer"], score: [0, 0], match_length: 0, dice: [], dice_left: [], language: "en",
  cube: { value: 1, owner: null, offered: false, offered_value: null }, can: { roll: true },
};
const count = (svg, re) => (svg.match(re) || []).length;

test("every checker is drawn once, with its owner and place", () => {
  const svg = drawBoard({ ...base, points: START.map((v, i) => (i === 5 ? 2 : v)), off: [3, 0] });
  assert.equal(count(svg, /data-owner="0"/g), 15);
  assert.equal(count(svg, /data-owner="1"/g), 15);
  assert.equal(count(svg, /data-at="off"/g), 3);
  for (let p = 1; p <= 24; p++) assert.equal(count(svg, new RegExp(`data-point="${p}"`, "g")), 1);
  assert.equal(count(svg, /data-point="bar"/g), 1);
  assert.equal(count(svg, /data-point="off"/g), 1);
});

test("names are text: markup in a name is escaped", () => {
  const svg = drawBoard({ ...base, names: ['<img src=x onerror="alert(1)">', "A & B"] });
  assert.ok(!svg.includes("<img"));
  assert.ok(svg.includes("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"));
  assert.ok(svg.includes("A &amp; B"));
  assert.equal(esc("<'>"), "&lt;&#39;&gt;");
});

test("dice: doubles show four, played ones are marked used", () => {
  const d = diceOf({ ...base, phase: "move", dice: [4, 4], dice_left: [4] });
  assert.deepEqual(d.dice.map((x) => x.used), [false, true, true, true]);
  const e = diceOf({ ...base, phase: "move", dice: [6, 1], dice_left: [6] });
  assert.deepEqual(e.dice.map((x) => [x.value, x.used]), [[6, false], [1, true]]);
  // After the computer's play its roll stays visible, all used, in its own half.
  const f = diceOf({ ...base, last_roll: { seat: 1, dice: [5, 2] } });
  assert.equal(f.seat, 1);
  assert.ok(f.dice.every((x) => x.used));
  // A double offered: the cube stands in that half, and the old roll is not drawn under it.
  const offered = { ...base, phase: "cube", last_roll: { seat: 1, dice: [5, 2] }, cube: { value: 1, owner: null, offered: true, offered_value: 2 } };
  assert.deepEqual(diceOf(offered).dice, []);
  const svg = drawBoard({ ...base, phase: "move", dice: [3, 3], dice_left: [3, 3] });
  assert.equal(count(svg, /data-die="/g), 4);
  assert.equal(count(svg, /data-used="true"/g), 2);
});

test("selection lights its targets, movable checkers are marked, the roll prompt shows", () => {
  const svg = drawBoard({ ...base, phase: "move" }, { selected: 8, lit: new Set([5, 4]), movable: new Set([8, 6]) });
  assert.equal(count(svg, /data-lit="true"/g), 2);
  assert.equal(count(svg, /data-movable="true"/g), 8); // 3 on the 8 point, 5 on the 6 point
  assert.equal(count(svg, /data-selected="true"/g), 1);
  assert.ok(drawBoard(base).includes("data-roll-dice"));
  assert.ok(!drawBoard({ ...base, can: { roll: false } }).includes("data-roll-dice"));
});

test("the cube shows 64 when centred, its value at its owner's side, and the offer doubled", () => {
  assert.match(drawBoard(base), /data-cube="1" data-owner="center"[^>]*>.*?>64</s);
  assert.match(drawBoard({ ...base, cube: { value: 2, owner: 1 } }), /data-cube="2" data-owner="1"/);
  const offered = drawBoard({ ...base, phase: "cube", cube: { value: 2, owner: 0, offered: true, offered_value: 4 } });
  assert.match(offered, /data-cube="4" data-owner="0" data-offered="true"/);
  assert.ok(!drawBoard({ ...base, cube: { value: 1, owner: null, disabled: true } }).includes("data-cube"));
});

test("the last play is marked with an arrow per step", () => {
  const last = {
    seat: 1, text: "8/5 6/5", steps: [[17, 20, false], [19, 20, false]],
    before: { points: START, bar: [0, 0], off: [0, 0] },
  };
  const svg = drawBoard({ ...base, last_play: last });
  assert.equal(count(svg, /marker-end=/g), 2);
  assert.ok(svg.includes('data-last-play="8/5 6/5"'));
  assert.equal(count(drawBoard({ ...base, last_play: last, moved: [[8, 5, false]] }), /marker-end=/g), 0);
});

test("in review the best play is drawn dashed beside the play made, unless they are the same", () => {
  const last = {
    seat: 0, text: "13/10 6/5", steps: [[13, 10, false], [6, 5, false]],
    before: { points: START, bar: [0, 0], off: [0, 0] },
  };
  const review = { best: "8/5 6/5", best_steps: [[8, 5, false], [6, 5, false]] };
  const svg = drawBoard({ ...base, last_play: last, review });
  assert.equal(count(svg, /marker-end=/g), 4);
  assert.equal(count(svg, /stroke-dasharray="9 6"/g), 2);
  assert.ok(svg.includes('data-best-play="8/5 6/5"'));
  const same = drawBoard({ ...base, last_play: { ...last, text: "8/5 6/5" }, review });
  assert.ok(!same.includes("data-best-play"));
});

test("point numbers are the labels Python publishes, in board order", () => {
  const numbers = (svg) => [...svg.matchAll(/data-number="\d+">(\d+)</g)].map((m) => Number(m[1]));
  const mirrored = Array.from({ length: 24 }, (_, i) => 24 - i);
  assert.deepEqual(numbers(drawBoard({ ...base, point_labels: mirrored })).slice(0, 3), [24, 23, 22]);
  assert.deepEqual(numbers(drawBoard(base)).slice(0, 3), [1, 2, 3]);
});

test("the look and the words come from the shared files", () => {
  const svg = drawBoard(base);
  for (const colour of [look.colors.felt[0], look.colors.dark, look.colors.checker[1][2], look.colors.cube]) {
    assert.ok(svg.includes(`"${colour}"`), colour);
  }
  assert.equal(count(svg, /data-number="/g), 24);
  const fr = drawBoard({ ...base, language: "fr", match_length: 3, crawford: true });
  assert.ok(fr.includes("</tspan> pips  ·  score <tspan")); // French players count pips too (issue 38)
  assert.ok(fr.includes("Match en 3 points · Crawford"));
  assert.ok(drawBoard({ ...base, language: "sv" }).includes("Pengaspel"));
});

test("wrap cuts a sentence at spaces into lines no longer than asked", () => {
  assert.deepEqual(wrap("one two three four", 9), ["one two", "three", "four"]);
  assert.deepEqual(wrap("a verylongword b", 4), ["a", "verylongword", "b"]);
});

test("a finished game's result is drawn across the board, escaped", () => {
  const svg = drawBoard({ ...base, phase: "game-over", result: { winner: 0, points: 2, text: "<b>You</b> win a gammon" } });
  assert.equal(count(svg, /data-result="true"/g), 1);
  assert.ok(svg.includes("&lt;b&gt;You&lt;/b&gt; win a gammon") && !svg.includes("<b>"));
  assert.equal(count(drawBoard(base), /data-result/g), 0);
});

/** The circles and rects of `svg` that `pick` matches, as boxes [x0, y0, x1, y1]. */
function boxes(svg, pick) {
  const out = [];
  for (const m of svg.matchAll(/<g ([^>]*)>(.*?)<\/g>/g)) {
    if (!pick.test(m[1])) continue;
    for (const c of m[2].matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)) {
      const [x, y, r] = c.slice(1).map(Number);
      out.push([x - r, y - r, x + r, y + r]);
    }
    for (const c of m[2].matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)) {
      const [x, y, w, h] = c.slice(1).map(Number);
      out.push([x, y, x + w, y + h]);
    }
  }
  return out;
}
const overlap = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

test("the teaching bubble stands off the checkers and the dice, inside the board, and escapes its text", () => {
  // issue 38: the bubble covered the dice and the stacks it explained
  // as long as the longest refusal about a checker (Swedish "why.checker-blocked", its facts filled in)
  const text = 'A "long" <sentence> & more, to be cut into several lines of the bubble, as long as the longest refusal a board says in French or Swedish: 150 chars';
  const moving = { ...base, phase: "move", can: {}, dice: [6, 1], dice_left: [6, 1] };
  for (const state of [moving, { ...moving, turn: 1 }, base, { ...base, turn: 1 }, { ...base, bar: [1, 0] }]) {
    for (const point of [13, 12, 24, 1, 6, 19, "bar"]) {
      const svg = drawBoard(state, { note: { reason: "bar-first", text, point } });
      const where = `${point}, turn ${state.turn}, dice ${state.dice}`;
      assert.equal(count(svg, /data-refusal="bar-first"/g), 1, where);
      assert.ok(svg.includes(`data-at="${point}"`));
      assert.ok(!svg.includes("<sentence>") && svg.includes("&lt;sentence&gt;"));
      const rect = svg.match(/data-refusal[^>]*><circle[^>]*\/>(?:<line[^>]*\/>)?<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/);
      const [x, y, w, h] = rect.slice(1).map(Number);
      const box = [x, y, x + w, y + h];
      assert.ok(x >= 0 && y >= 0 && x + w <= geometry.W && y + h <= geometry.H, `${where}: ${rect.slice(1)}`);
      assert.ok(count(svg, /<tspan x=/g) >= 3);
      for (const other of boxes(svg, /data-checker=|data-die=|data-roll-dice=|data-cube=/)) {
        assert.ok(!overlap(box, other), `${where}: the bubble ${box} covers ${other}`);
      }
    }
  }
  assert.equal(count(drawBoard(base, { note: null }), /data-refusal/g), 0);
  assert.equal(count(drawBoard(base, { note: { reason: "stale", text, point: null } }), /data-refusal/g), 0);
});

test("the dice show the higher die first, as the record and the status write the roll", () => {
  const svg = drawBoard({ ...base, phase: "move", can: {}, dice: [1, 6], dice_left: [6, 1] });
  assert.deepEqual([...svg.matchAll(/data-value="(\d)"/g)].map((m) => Number(m[1])), [6, 1]);
  assert.deepEqual(diceOf({ ...base, last_roll: { seat: 1, dice: [2, 5] } }).dice.map((d) => d.value), [5, 2]);
});
