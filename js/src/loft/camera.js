// The loft's two cameras as pure numbers: the orbit around the board (angles and distance, with
// limits so that the board never leaves the picture nor goes under the table) and the walk
// through the room (position and heading, kept inside the walls and out of the table).
import { TABLE } from "./layout.js";

/**
 * Where the orbiting camera is: theta turns around the board (0: from the bottom player's side),
 * phi is the angle from the vertical, radius the distance.
 * @typedef {{theta: number, phi: number, radius: number}} Orbit
 */
/**
 * Where the walker stands (x, z), which way they face (yaw 0: towards -z) and look up or down (pitch).
 * @typedef {{x: number, z: number, yaw: number, pitch: number}} Pose
 */

/** The game view: seen from the bottom player's chair, a little above.
 * @type {Readonly<Orbit>} */
export const GAME_VIEW = Object.freeze({ theta: 0, phi: 0.62, radius: 10.5 });
export const LIMITS = Object.freeze({ minPhi: 0.05, maxPhi: 1.3, minRadius: 5, maxRadius: 40 });
/** Radians per pixel dragged, and the zoom per wheel unit. */
const TURN = 0.008;
const WHEEL = 0.0015;

/**
 * @param {number} v
 * @param {number} lo
 * @param {number} hi
 */
const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

/** An orbit kept within LIMITS (theta wrapped into (-π, π]).
 * @param {Orbit} orbit
 * @returns {Orbit}
 */
export function clampOrbit({ theta, phi, radius }) {
  let t = theta % (2 * Math.PI);
  if (t > Math.PI) t -= 2 * Math.PI;
  if (t <= -Math.PI) t += 2 * Math.PI;
  return {
    theta: t,
    phi: clamp(phi, LIMITS.minPhi, LIMITS.maxPhi),
    radius: clamp(radius, LIMITS.minRadius, LIMITS.maxRadius),
  };
}

/** The orbit after dragging by (dx, dy) pixels: sideways turns around the board, up and down tilts.
 * @param {Orbit} o
 * @param {number} dx
 * @param {number} dy
 */
export function orbitBy(o, dx, dy) {
  return clampOrbit({ theta: o.theta - dx * TURN, phi: o.phi - dy * TURN, radius: o.radius });
}

/** The orbit after zooming: a wheel's deltaY (> 0 away), or a pinch's `scale` (> 1 closer).
 * @param {Orbit} o
 * @param {{deltaY?: number, scale?: number}} [zoom]
 */
export function zoomBy(o, { deltaY = 0, scale = 1 } = {}) {
  return clampOrbit({ ...o, radius: (o.radius * Math.exp(deltaY * WHEEL)) / scale });
}

/** The vertical field of view (degrees) for a picture of `aspect` (width / height): 40° from 3:2
 * on, wider below it, so that a narrow or square picture still shows the whole board's width.
 * @param {number} aspect
 */
export function fovFor(aspect) {
  const wide = 1.5;
  if (aspect >= wide) return 40;
  return (2 * Math.atan((Math.tan((20 * Math.PI) / 180) * wide) / aspect) * 180) / Math.PI;
}

/** The eye's world position [x, y, z] for an orbit around `target` [x, y, z].
 * @param {Orbit} o
 * @param {[number, number, number]} target
 * @returns {[number, number, number]}
 */
export function eye(o, target) {
  const s = Math.sin(o.phi);
  return [target[0] + o.radius * s * Math.sin(o.theta), target[1] + o.radius * Math.cos(o.phi), target[2] + o.radius * s * Math.cos(o.theta)];
}

/** A step of the way from orbit a to orbit b (u from 0 to 1, eased), the short way round.
 * @param {Orbit} a
 * @param {Orbit} b
 * @param {number} u
 */
export function between(a, b, u) {
  const e = u * u * (3 - 2 * u);
  let dt = b.theta - a.theta;
  if (dt > Math.PI) dt -= 2 * Math.PI;
  if (dt < -Math.PI) dt += 2 * Math.PI;
  return clampOrbit({ theta: a.theta + dt * e, phi: a.phi + (b.phi - a.phi) * e, radius: a.radius + (b.radius - a.radius) * e });
}

/** The orbit as short text, for the root's data-camera hook.
 * @param {Orbit} o
 */
export function orbitText(o) {
  return [o.theta, o.phi, o.radius].map((v) => v.toFixed(3)).join(" ");
}

// ------------------------------------------------------------------ walking

/** The room's floor, walls at ±ROOM.x and ±ROOM.z, the table's footprint to walk around, the eye's height. */
export const ROOM = Object.freeze({ x: 60, z: 50, table: { x: 12, z: 10 }, eyeHeight: 25, margin: 2 });
const SPEED = 20; // world units per second (1.2 m/s: a world unit is about 6 cm)
const LOOK = 0.0025; // radians per pixel of mouse movement

/** Which way each key walks: [forward, right]; W A S D, Z Q S D (French keyboards) and the arrows.
 * @type {Partial<Record<string, [number, number]>>} */
const KEYS = {
  w: [1, 0], z: [1, 0], arrowup: [1, 0],
  s: [-1, 0], arrowdown: [-1, 0],
  a: [0, -1], q: [0, -1], arrowleft: [0, -1],
  d: [0, 1], arrowright: [0, 1],
};

/** Whether a key (KeyboardEvent.key) walks.
 * @param {string} key
 */
export function walks(key) {
  return key.toLowerCase() in KEYS;
}

/** Where the walk starts: standing behind the bottom player's chair, looking down at the board's
 * middle (on the table, TABLE.height high at the room's centre).
 * @type {Readonly<Pose>} */
export const START = Object.freeze({ x: 0, z: 20, yaw: 0, pitch: -Math.atan2(ROOM.eyeHeight - TABLE.height, 20) });

/** The pose {x, z, yaw, pitch} after `dt` seconds with the keys `held` (a set of KeyboardEvent.key
 * values, any case): yaw 0 faces -z; walls and the table stop the walker.
 * @param {Pose} pose
 * @param {Iterable<string>} held
 * @param {number} dt
 * @returns {Pose}
 */
export function walk(pose, held, dt) {
  let f = 0;
  let r = 0;
  for (const key of held) {
    const k = KEYS[key.toLowerCase()];
    if (k) [f, r] = [f + k[0], r + k[1]];
  }
  const len = Math.hypot(f, r);
  if (!len) return pose;
  const d = (SPEED * dt) / len;
  const sin = Math.sin(pose.yaw);
  const cos = Math.cos(pose.yaw);
  let x = pose.x + d * (-f * sin + r * cos);
  let z = pose.z + d * (-f * cos - r * sin);
  x = clamp(x, -ROOM.x + ROOM.margin, ROOM.x - ROOM.margin);
  z = clamp(z, -ROOM.z + ROOM.margin, ROOM.z - ROOM.margin);
  const t = ROOM.table;
  if (Math.abs(x) < t.x && Math.abs(z) < t.z) {
    // Into the table: back out along the axis that was entered last.
    if (Math.abs(pose.x) >= t.x) x = Math.sign(pose.x) * t.x;
    else z = Math.sign(pose.z || 1) * t.z;
  }
  return { ...pose, x, z };
}

/** The pose after the mouse moved (dx, dy) pixels: turn, and look up or down (within ±80°).
 * @param {Pose} pose
 * @param {number} dx
 * @param {number} dy
 * @returns {Pose}
 */
export function look(pose, dx, dy) {
  return { ...pose, yaw: pose.yaw - dx * LOOK, pitch: clamp(pose.pitch - dy * LOOK, -1.4, 1.4) };
}
