// The loft's pure parts: the checkers' places in 3D, the hit-testing of the playing surface,
// the camera's limits and the walk. Expected values are worked out by hand from look.json
// (R 25, P 56, SIDE 60, BAR_W 64, TRAY_W 76, FRAME 14, HEAD 48: the board is 872 × 700 units).
import test from "node:test";
import assert from "node:assert/strict";
import * as L from "../src/loft/layout.js";
import { onTurn } from "../src/board.js";
import * as C from "../src/loft/camera.js";

const close = (a, b, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${a} ≉ ${b}`);

const OPENING = {
  // seat 0: 2 on 24, 5 on 13, 3 on 8, 5 on 6; seat 1 (negative) on 1, 12, 17 and 19.
  points: [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2],
  bar: [0, 0],
  off: [0, 0],
};

test("the world is the 2D board's plane, centred, 0.01 per unit", () => {
  assert.deepEqual(L.toWorld(436, 350), [0, 0]);
  const [x, z] = L.toWorld(0, 0);
  close(x, -4.36);
  close(z, -3.5);
  const back = L.fromWorld(1.5, -2);
  close(back[0], 586);
  close(back[1], 150);
});

test("the playing surface maps to the places as the 2D hit test does", () => {
  // Point 1 is the bottom right field's rightmost point: x = TRAY_X - P/2 = 796 - 28 = 768.
  assert.equal(L.placeAt(...L.toWorld(768, 600)), 1);
  assert.equal(L.placeAt(...L.toWorld(768, 100)), 24);
  assert.equal(L.placeAt(...L.toWorld(712, 600)), 2);
  // Point 12: bottom left, next to the frame (LEFT_X 60 .. 116); point 13 above it.
  assert.equal(L.placeAt(...L.toWorld(80, 600)), 12);
  assert.equal(L.placeAt(...L.toWorld(80, 100)), 13);
  assert.equal(L.placeAt(...L.toWorld(400, 300)), "bar"); // BAR_X 396 .. 460
  assert.equal(L.placeAt(...L.toWorld(800, 600)), "off"); // TRAY_X 796 .. 872
  assert.equal(L.placeAt(...L.toWorld(30, 300)), null); // the side rail
  assert.equal(L.placeAt(...L.toWorld(300, 20)), null); // beyond the frame
});

test("a stack of five lies along the point; the sixth starts a second layer", () => {
  const five = [0, 1, 2, 3, 4].map((i) => L.spot(0, 6, i, 5));
  // Point 6: x = TRAY_X - 5.5 P = 796 - 308 = 488, in the bottom half.
  for (const s of five) {
    close(s.x, (488 - 436) * 0.01);
    assert.equal(s.y, 0);
  }
  // From the bottom edge (BOTTOM_Y 638) inwards, one diameter (50) apart.
  close(five[0].z, (638 - 25 - 350) * 0.01);
  close(five[4].z, (638 - 25 - 4 * 50 - 350) * 0.01);
  const sixth = L.spot(0, 6, 5, 6);
  close(sixth.y, L.THICK);
  close(sixth.z, five[0].z);
  const eleventh = L.spot(0, 6, 10, 11);
  close(eleventh.y, 2 * L.THICK);
});

test("every checker of a board is placed, and tall stacks get a count", () => {
  const board = { points: Array(24).fill(0), bar: [1, 0], off: [3, 14] };
  board.points[5] = 7; // seven of seat 0 on point 6
  board.points[18] = -1; // one of seat 1 on point 19
  const all = L.checkers(board);
  assert.equal(all.length, 1 + 3 + 14 + 7 + 1);
  const tops = all.filter((c) => c.index === c.count - 1);
  assert.deepEqual(
    tops.map((c) => `${c.seat}:${c.place}:${c.count}`).sort(),
    ["0:6:7", "0:bar:1", "0:off:3", "1:19:1", "1:off:14"].sort(),
  );
  assert.deepEqual(L.counts(board).map((c) => [c.seat, c.place, c.count]), [[0, 6, 7]]);
  // Borne-off checkers lie in piles of five in their owner's tray: seat 1's at the top (z < 0).
  const off1 = all.filter((c) => c.seat === 1 && c.place === "off");
  assert.ok(off1.every((c) => c.z < 0 && c.x > 3.6));
  assert.equal(new Set(off1.map((c) => c.z)).size, 3);
  close(Math.max(...off1.map((c) => c.y)), 4 * L.THICK);
});

test("the opening position places 15 checkers a side", () => {
  const all = L.checkers(OPENING);
  assert.equal(all.filter((c) => c.seat === 0).length, 15);
  assert.equal(all.filter((c) => c.seat === 1).length, 15);
});

test("a click aims at the top checker, else at the place itself", () => {
  const board = { points: Array(24).fill(0), bar: [0, 0], off: [0, 0] };
  board.points[5] = 3;
  board.points[2] = -1;
  const top = L.aimAt(board, 6, 0);
  const third = L.spot(0, 6, 2, 3);
  assert.deepEqual([top.x, top.z], [third.x, third.z]);
  close(top.y, L.THICK);
  // The opponent's blot on 3 is aimed at (a hit lands there); an empty point at its first spot.
  const blot = L.aimAt(board, 3, 0);
  assert.deepEqual([blot.x, blot.z], [L.spot(1, 3, 0, 1).x, L.spot(1, 3, 0, 1).z]);
  const empty = L.aimAt(board, 20, 0);
  assert.equal(L.placeAt(empty.x, empty.z), 20);
  for (const seat of [0, 1]) {
    for (const place of ["bar", "off"]) {
      const a = L.aimAt(board, place, seat);
      assert.equal(L.placeAt(a.x, a.z), place);
    }
  }
  // Every point's aim falls on that point.
  for (let p = 1; p <= 24; p++) {
    const a = L.aimAt(OPENING, p, 0);
    assert.equal(L.placeAt(a.x, a.z), p);
  }
});

test("the cube lies on the side rail at its owner's end, or before the side asked to take", () => {
  const state = { turn: 1, cube: { value: 1, owner: null, offered: false, offered_value: null, disabled: false } };
  const centred = L.cubeSpot(state);
  close(centred.x, (30 - 436) * 0.01); // SIDE 60: the rail's middle
  close(centred.z, 0);
  assert.equal(centred.value, 64);
  const owned = L.cubeSpot({ ...state, cube: { ...state.cube, value: 2, owner: 0 } });
  assert.ok(owned.z > 2.5);
  assert.equal(owned.value, 2);
  const offered = L.cubeSpot({ ...state, cube: { ...state.cube, offered: true, offered_value: 2 } });
  close(offered.x, (60 + 168 - 436) * 0.01); // seat 1 answers in the left half's middle
  assert.equal(offered.value, 2);
  assert.equal(L.cubeSpot({ ...state, cube: { ...state.cube, disabled: true } }), null);
});

test("the orbit stays within its limits", () => {
  const far = C.clampOrbit({ theta: 7, phi: 3, radius: 500 });
  close(far.theta, 7 - 2 * Math.PI);
  assert.equal(far.phi, C.LIMITS.maxPhi);
  assert.equal(far.radius, C.LIMITS.maxRadius);
  const near = C.clampOrbit({ theta: -4, phi: -1, radius: 0 });
  close(near.theta, -4 + 2 * Math.PI);
  assert.equal(near.phi, C.LIMITS.minPhi);
  assert.equal(near.radius, C.LIMITS.minRadius);
  // Dragging right turns the board; a wheel away zooms out, a pinch apart zooms in.
  const turned = C.orbitBy(C.GAME_VIEW, 100, 0);
  close(turned.theta, -0.8);
  assert.ok(C.zoomBy(C.GAME_VIEW, { deltaY: 100 }).radius > C.GAME_VIEW.radius);
  close(C.zoomBy(C.GAME_VIEW, { scale: 2 }).radius, C.GAME_VIEW.radius / 2);
  // However far the wheel goes, the eye stays above the board and within the room.
  let o = C.GAME_VIEW;
  for (let i = 0; i < 100; i++) o = C.orbitBy(C.zoomBy(o, { deltaY: 500 }), 0, 200);
  const [x, y, z] = C.eye(o, [0, 12, 0]);
  assert.ok(y > 12 && Math.abs(x) < C.ROOM.x && Math.abs(z) < C.ROOM.z);
});

test("the flight back to the game view takes the short way round and ends there", () => {
  const from = { theta: 3, phi: 1, radius: 20 };
  const to = { theta: -3, phi: 0.5, radius: 10 };
  const mid = C.between(from, to, 0.5);
  assert.ok(Math.abs(mid.theta) > 3); // through ±π, not through 0
  assert.deepEqual(C.between(from, to, 1), C.clampOrbit(to));
  assert.deepEqual(C.between(from, to, 0), C.clampOrbit(from));
});

test("walking: W, Z and ArrowUp go forward, A, Q and ArrowLeft left; walls and the table stop", () => {
  const start = { x: 0, z: 30, yaw: 0, pitch: 0 };
  for (const key of ["w", "Z", "ArrowUp"]) close(C.walk(start, new Set([key]), 0.5).z, 20);
  for (const key of ["a", "q", "ArrowLeft"]) close(C.walk(start, new Set([key]), 0.5).x, -10);
  close(C.walk(start, new Set(["s"]), 0.1).z, 32);
  close(C.walk(start, new Set(["d"]), 0.1).x, 2);
  // Turned a quarter left (yaw π/2), forward goes to -x.
  close(C.walk({ ...start, yaw: Math.PI / 2 }, new Set(["w"]), 0.1).x, -2);
  // Diagonals are no faster.
  const diag = C.walk(start, new Set(["w", "d"]), 0.1);
  close(Math.hypot(diag.x, diag.z - 30), 2);
  assert.equal(C.walk(start, new Set(["x"]), 1), start);
  const wall = C.walk({ ...start, z: 47 }, new Set(["s"]), 1);
  close(wall.z, C.ROOM.z - C.ROOM.margin);
  const table = C.walk({ ...start, z: 11 }, new Set(["w"]), 1);
  close(table.z, C.ROOM.table.z);
  assert.ok(C.walks("Z") && C.walks("ArrowDown") && !C.walks("Enter"));
  const looked = C.look(start, 100, 10000);
  close(looked.yaw, -0.25);
  close(looked.pitch, -1.4);
});

test("each point's number stands on the rail beyond its base", () => {
  const spots = L.numberSpots();
  assert.equal(spots.length, 24);
  for (const { point, x, z } of spots) {
    // Just outside the playing surface, in line with the point: the frame is 14 units wide.
    const [sx, sy] = L.fromWorld(x, z);
    assert.equal(L.placeAt(...L.toWorld(sx, point >= 13 ? sy + 10 : sy - 10)), point);
    close(Math.abs(z), (350 - 62 + 7) * 0.01);
  }
});

test("a square or narrow picture widens the view so the board's width still fits", () => {
  assert.equal(C.fovFor(2), 40);
  assert.equal(C.fovFor(1.5), 40);
  // The horizontal half-angle stays that of 40° at 3:2: tan(h) = tan(20°) · 1.5.
  for (const aspect of [1, 0.6]) {
    const half = (C.fovFor(aspect) * Math.PI) / 360;
    close(Math.tan(half) * aspect, Math.tan((20 * Math.PI) / 180) * 1.5, 1e-12);
  }
  assert.ok(C.fovFor(1) > 40 && C.fovFor(0.6) > C.fovFor(1));
});

test("dice and cube faces: each value once, the rolled one on top", () => {
  for (let top = 1; top <= 6; top++) {
    const faces = L.dieFaces(top);
    assert.equal(faces[2], top);
    assert.deepEqual([...faces].sort(), [1, 2, 3, 4, 5, 6]);
    for (const k of [0, 2, 4]) assert.equal(faces[k] + faces[k + 1], 7); // opposite faces
  }
  for (const [top, before] of [[64, 32], [2, 64], [4, 2], [32, 16]]) {
    const faces = L.cubeFaces(top);
    assert.equal(faces[2], top);
    assert.equal(faces[5], before); // the far side: the value it rolls from
    assert.deepEqual([...faces].sort((a, b) => a - b), [2, 4, 8, 16, 32, 64]);
  }
});

// The board's parts in world units (hand-worked from look.json): the side rail x -4.36 .. -3.76
// (SIDE 60), the fields' rows z ±2.88 (TOP_Y 62, BOTTOM_Y 638 around 350), the bar x -0.4 .. 0.24.
const SIDE_RAIL = [-4.36, -3.76];
const ROWS = 2.88;

test("every checker stands inside its field, clear of the rails and the frame", () => {
  // Full stacks on the points by the rails: 12 and 13 by the side rail, 7 and 18 by the bar, 1 and 24 by the trays.
  const board = { points: Array(24).fill(0), bar: [0, 0], off: [0, 0] };
  for (const p of [12, 7, 1]) board.points[p - 1] = 5;
  for (const p of [13, 18, 24]) board.points[p - 1] = -5;
  for (const c of L.checkers(board)) {
    const r = L.placeRect(c.place);
    const [x0, x1] = [Math.min(r.x0, r.x1), Math.max(r.x0, r.x1)];
    // A point is 56 units wide and a checker 44: 6 units of felt either side.
    close(c.x - L.RADIUS - x0, 0.06, 1e-9);
    close(x1 - (c.x + L.RADIUS), 0.06, 1e-9);
    assert.ok(Math.abs(c.z) + L.RADIUS <= ROWS - 0.03 + 1e-9, `${c.place}: ${c.z}`);
  }
  const twelve = L.checkers(board).filter((c) => c.place === 12);
  assert.ok(twelve.every((c) => c.x - L.RADIUS >= SIDE_RAIL[1] + 0.06 - 1e-9));
});

test("the dice lie in the middle of their half, apart, clear of the checkers' rows of five", () => {
  for (const seat of [0, 1]) {
    // Seat 0 rolls in the right half (RIGHT_X 460 .. TRAY_X 796), seat 1 in the left (60 .. 396).
    const [a, b] = seat === 0 ? [0.24, 3.6] : [-3.76, -0.4];
    for (const count of [1, 2, 4]) {
      const spots = L.diceSpots(seat, count);
      assert.equal(spots.length, count);
      for (const [x, z] of spots) {
        assert.ok(x - L.DIE / 2 > a && x + L.DIE / 2 < b);
        // Five checkers reach 250 units in from each row's edge: 38 units are left either side of the middle.
        assert.ok(Math.abs(z) + L.DIE / 2 <= 0.38);
      }
      for (let i = 1; i < count; i++) assert.ok(spots[i][0] - spots[i - 1][0] > L.DIE);
      close((spots[0][0] + spots[count - 1][0]) / 2, (a + b) / 2);
    }
  }
  assert.ok(L.DIE > 0.46 * 1.2); // a fifth larger than the 2D board's die (46 units)
});

test("the cube lies on the side rail wherever it stands there", () => {
  const base = { turn: 0, cube: { value: 2, owner: null, offered: false, offered_value: null, disabled: false } };
  for (const owner of [null, 0, 1]) {
    const s = L.cubeSpot({ ...base, cube: { ...base.cube, owner } });
    assert.ok(s.x - L.CUBE / 2 > SIDE_RAIL[0] && s.x + L.CUBE / 2 < SIDE_RAIL[1], `owner ${owner}`);
    // Inside the frame (z ±2.88 + FRAME 14 units), with the 2D board's margin (6 units) at an end.
    assert.ok(Math.abs(s.z) + L.CUBE / 2 <= ROWS - 0.06 + 1e-9, `owner ${owner}: ${s.z}`);
  }
});

test("a play's arrows run from the top checker of each step's start to where it lands", () => {
  // 8/3 6/3 from the opening: the third checker on 8 and the fifth on 6 land first and second on 3.
  const [first, second] = L.stepArrows(0, OPENING, [[8, 3, false], [6, 3, false]]);
  // Point 8: x = BAR_X - 1.5 P = 312; its third checker's centre 638 - 25 - 2·50 = 513.
  close(first.from.x, -1.24);
  close(first.from.z, 1.63);
  close(first.from.y, L.THICK);
  // Point 3: x = TRAY_X - 2.5 P = 656; the first checker at 613, the second at 563.
  close(first.to.x, 2.2);
  close(first.to.z, 2.63);
  close(second.from.x, 0.52); // point 6 (x 488), its fifth checker at 413
  close(second.from.z, 0.63);
  close(second.to.z, 2.13);
  // From the bar, seat 1: the checker waiting on the bar to the entry point.
  const board = { points: Array(24).fill(0), bar: [0, 2], off: [0, 0] };
  const [enter] = L.stepArrows(1, board, [["bar", 22, false]]);
  assert.deepEqual([enter.from.x, enter.from.z], [L.spot(1, "bar", 1, 2).x, L.spot(1, "bar", 1, 2).z]);
  assert.equal(L.placeAt(enter.to.x, enter.to.z), 22);
});

test("no one is marked on turn before the opening roll, nor after the game", () => {
  assert.equal(onTurn({ turn: 0, phase: "opening" }, 0), false);
  assert.equal(onTurn({ turn: 0, phase: "roll" }, 0), true);
  assert.equal(onTurn({ turn: 0, phase: "roll" }, 1), false);
  assert.equal(onTurn({ turn: 1, phase: "cube" }, 1), true);
  assert.equal(onTurn({ turn: 1, phase: "game-over" }, 1), false);
});

test("the walk starts looking at the board's middle", () => {
  // Along the line of sight from the eye, where it meets the table top (TABLE.height 12).
  const drop = C.ROOM.eyeHeight - L.TABLE.height;
  const ahead = drop / Math.tan(-C.START.pitch);
  close(C.START.z - ahead, 0, 1e-9); // the board's centre, z 0
  assert.equal(C.START.x, 0);
  assert.equal(C.START.yaw, 0); // facing -z: the board, from the bottom player's side
  assert.ok(C.START.z > C.ROOM.table.z && C.START.z < 25); // behind the chair, nearer than the far wall
});
