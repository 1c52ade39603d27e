import { test } from "node:test";
import assert from "node:assert/strict";
import * as g from "../src/geometry.js";
import look from "../../src/bgwidget/look.json" with { type: "json" };

test("points are laid out from the bottom right, anticlockwise", () => {
  // Point 1 is the rightmost bottom point, 12 the leftmost; 13 the leftmost top, 24 the rightmost.
  assert.ok(g.pointX(1) > g.pointX(6) && g.pointX(6) > g.RIGHT_X);
  assert.ok(g.pointX(7) < g.BAR_X && g.pointX(12) < g.pointX(7));
  assert.equal(g.pointX(12), g.pointX(13));
  assert.equal(g.pointX(1), g.pointX(24));
  assert.equal(g.pointX(6), g.pointX(19));
});

test("hit-testing finds every point's column, the bar and the tray", () => {
  for (let p = 1; p <= 24; p++) {
    const y = g.isTop(p) ? g.TOP_Y + 40 : g.BOTTOM_Y - 40;
    assert.equal(g.hitTest(g.pointX(p), y), p, `point ${p}`);
    assert.equal(g.hitTest(g.pointX(p) + g.P / 2 - 1, y), p, `right edge of ${p}`);
  }
  assert.equal(g.hitTest(g.BAR_X + 10, g.MID_Y), "bar");
  assert.equal(g.hitTest(g.TRAY_X + 20, g.TOP_Y + 30), "off");
  assert.equal(g.hitTest(10, g.MID_Y), null); // the cube's rail
  assert.equal(g.hitTest(g.pointX(5), 5), null); // the name strip
});

test("stacks stay inside their point; tall stacks are squeezed to five places", () => {
  const [, yTop1] = g.checkerXY(13, 0, 1);
  assert.equal(yTop1, g.TOP_Y + g.R);
  const [, y5] = g.checkerXY(1, 4, 5);
  const [, y15] = g.checkerXY(1, 14, 15);
  assert.equal(y5, y15); // the 15th checker of a full stack stands where the 5th of five does
  assert.ok(y15 - g.R > g.MID_Y - g.MID / 2 - 1);
  assert.equal(g.spacing(3), 2 * g.R);
});

test("the cube moves to its owner's side and the dice to the roller's half", () => {
  assert.ok(g.cubeXY(0)[1] > g.MID_Y && g.cubeXY(1)[1] < g.MID_Y);
  assert.equal(g.cubeXY(null)[1], g.MID_Y - g.CUBE / 2);
  assert.ok(g.diceXY(0, 2).every(([x]) => x > g.RIGHT_X));
  assert.ok(g.diceXY(1, 4).every(([x]) => x < g.BAR_X));
});

test("sizes come from look.json; places are derived from them", () => {
  for (const [name, value] of Object.entries({ ...look.board, ...look.spacing })) assert.equal(g[name], value, name);
  // The viewBox: 60 + 6 * 56 + 64 + 6 * 56 + 76 wide; 48 + 14 + 2 * 5 * 2 * 25 + 76 + 14 + 48 high.
  assert.equal(g.W, 872);
  assert.equal(g.H, 700);
  assert.equal(g.MID_Y, g.TOP_Y + (g.BOTTOM_Y - g.TOP_Y) / 2);
});
