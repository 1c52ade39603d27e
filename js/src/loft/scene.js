// The loft's three.js scene: a softly lit room, a table, the wooden board on it (24 points, the
// bar, two trays), 30 checkers, two dice and the cube. It only builds meshes and puts them where
// layout.js says; loft.js decides what is shown.
import * as THREE from "three";
import { RoundedBoxGeometry } from "three/examples/jsm/geometries/RoundedBoxGeometry.js";
import look from "../../../src/bgwidget/look.json" with { type: "json" };
import * as g from "../geometry.js";
import { CUBE, DIE, RADIUS, RAIL, ROOM_H, S, SURFACE, THICK, TABLE, cubeFaces, dieFaces, placeRect, toWorld } from "./layout.js";
import { ROOM } from "./camera.js";

const C = look.colors;
/** Where the board's playing surface is in the world (the table top plus the board's base). */
export const BOARD_Y = TABLE.height + SURFACE;

/**
 * @param {THREE.ColorRepresentation} color
 * @param {THREE.MeshLambertMaterialParameters} [extra]
 */
const lambert = (color, extra = {}) => new THREE.MeshLambertMaterial({ color, ...extra });

/**
 * @param {number} w
 * @param {number} h
 * @param {number} d
 * @param {THREE.Material} material
 * @param {number} x
 * @param {number} y
 * @param {number} z
 */
function box(w, h, d, material, x, y, z) {
  const mesh = new THREE.Mesh(new THREE.BoxGeometry(w, h, d), material);
  mesh.position.set(x, y + h / 2, z);
  return mesh;
}

/** A plane of the playing surface over SVG rectangle (x0, y0)-(x1, y1), `lift` above it.
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 * @param {THREE.Material} material
 * @param {number} lift
 */
function flat(x0, y0, x1, y1, material, lift) {
  const [a, b] = toWorld(x0, y0);
  const [c, d] = toWorld(x1, y1);
  const mesh = new THREE.Mesh(new THREE.PlaneGeometry(c - a, d - b), material);
  mesh.rotation.x = -Math.PI / 2;
  mesh.position.set((a + c) / 2, BOARD_Y + lift, (b + d) / 2);
  return mesh;
}

/** @param {THREE.Scene} scene */
function room(scene) {
  // One box seen from inside: its bottom face is the floor, so that no two faces lie in one plane
  // (coplanar faces fight in the depth buffer and stripe the floor and walls at a distance).
  const walls = lambert("#d9cbb3", { side: THREE.BackSide });
  const floor = lambert("#8b6a4a", { side: THREE.BackSide });
  const shell = new THREE.Mesh(new THREE.BoxGeometry(2 * ROOM.x, ROOM_H, 2 * ROOM.z), [walls, walls, walls, floor, walls, walls]);
  shell.position.y = ROOM_H / 2;
  scene.add(shell);
  // What lies on the floor or hangs on a wall stands clear of it, and is drawn as if nearer still.
  const rug = new THREE.Mesh(new THREE.CircleGeometry(32, 48), lambert("#7a3b2e", { polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 }));
  rug.rotation.x = -Math.PI / 2;
  rug.position.y = 0.05;
  scene.add(rug);
  // The loft's roof beams (just under the ceiling) and a window of daylight on the far wall.
  const beam = lambert("#5b3a22");
  for (let x = -ROOM.x + 8; x < ROOM.x; x += 16) scene.add(box(2, 3, 2 * ROOM.z - 0.4, beam, x, ROOM_H - 3.3, 0));
  const glass = new THREE.MeshBasicMaterial({ color: "#cfe3f2", polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 });
  for (const x of [-30, 0, 30]) {
    const pane = new THREE.Mesh(new THREE.PlaneGeometry(18, 22), glass);
    pane.position.set(x, 24, -ROOM.z + 0.2);
    scene.add(pane);
  }
}

/** @param {THREE.Scene} scene */
function table(scene) {
  const wood = lambert("#6e4426");
  const { width, depth, height } = TABLE;
  scene.add(box(width, 0.8, depth, wood, 0, height - 0.8, 0));
  for (const [sx, sz] of [[1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    scene.add(box(1, height - 0.8, 1, wood, sx * (width / 2 - 1.2), 0, sz * (depth / 2 - 1.2)));
  }
}

/**
 * @param {number} point
 * @param {THREE.Material} material
 */
function triangle(point, material) {
  const x = g.pointX(point);
  const top = g.isTop(point);
  const base = top ? g.TOP_Y : g.BOTTOM_Y;
  const tip = top ? g.TOP_Y + g.POINT_LEN : g.BOTTOM_Y - g.POINT_LEN;
  const half = g.P / 2 - g.POINT_INSET;
  const pts = [toWorld(x - half, base), toWorld(x + half, base), toWorld(x, tip)];
  const shape = new THREE.Shape(pts.map(([wx, wz]) => new THREE.Vector2(wx, -wz)));
  const mesh = new THREE.Mesh(new THREE.ShapeGeometry(shape), material);
  mesh.rotation.x = -Math.PI / 2;
  mesh.position.y = BOARD_Y + 0.002;
  return mesh;
}

/** The board: its wooden base (returned), the frame and rails, the felt and the points.
 * @param {THREE.Scene} scene */
function board(scene) {
  const wood = new THREE.MeshPhongMaterial({ color: C.wood[0], shininess: 30 });
  const rail = new THREE.MeshPhongMaterial({ color: C.rail, shininess: 20 });
  const [x0, z0] = toWorld(0, g.BOARD_Y);
  const [x1, z1] = toWorld(g.W, g.H - g.HEAD);
  const w = x1 - x0;
  const d = z1 - z0;
  const y = TABLE.height;
  const base = box(w, SURFACE, d, wood, (x0 + x1) / 2, y, (z0 + z1) / 2);
  scene.add(base);
  // Rails: the frame around the fields, the bar between them, the side rail where the cube lies.
  const frame = g.FRAME * S;
  scene.add(box(w, RAIL, frame, rail, (x0 + x1) / 2, y, z0 + frame / 2));
  scene.add(box(w, RAIL, frame, rail, (x0 + x1) / 2, y, z1 - frame / 2));
  const rails = [[0, g.SIDE], [g.BAR_X, g.RIGHT_X], [g.TRAY_X, g.TRAY_X + g.TRAY_INSET / 2], [g.W - g.TRAY_INSET / 2, g.W]];
  for (const [a, b] of rails) {
    const [ax] = toWorld(a, 0);
    const [bx] = toWorld(b, 0);
    scene.add(box(bx - ax, RAIL, d, rail, (ax + bx) / 2, y, (z0 + z1) / 2));
  }
  const felt = lambert(C.felt[0]);
  scene.add(flat(g.LEFT_X, g.TOP_Y, g.BAR_X, g.BOTTOM_Y, felt, 0.001));
  scene.add(flat(g.RIGHT_X, g.TOP_Y, g.TRAY_X, g.BOTTOM_Y, felt, 0.001));
  const trays = lambert(C.tray_edge);
  scene.add(flat(g.TRAY_X, g.TOP_Y, g.W, g.BOTTOM_Y, trays, 0.001));
  const dark = lambert(C.dark);
  const light = lambert(C.light);
  for (let p = 1; p <= 24; p++) scene.add(triangle(p, p % 2 ? dark : light));
  return base;
}

/** A canvas texture: `paint(ctx, size)` draws on a square canvas.
 * @param {(ctx: CanvasRenderingContext2D, size: number) => void} paint
 */
function texture(paint, size = 256) {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  paint(/** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")), size); // a new canvas has one
  const tex = new THREE.CanvasTexture(canvas);
  tex.colorSpace = THREE.SRGBColorSpace;
  tex.anisotropy = 4; // the faces seen at a slant stay sharp (mipmaps are three.js's default)
  return tex;
}

/** @type {Record<number, number[][]>} */
const PIPS = {
  1: [[0.5, 0.5]], 2: [[0.25, 0.25], [0.75, 0.75]], 3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.25, 0.22], [0.75, 0.22], [0.25, 0.5], [0.75, 0.5], [0.25, 0.78], [0.75, 0.78]],
};

/**
 * @param {string} back  the face's colour
 * @param {string} ink  the colour drawn on it
 * @param {(ctx: CanvasRenderingContext2D, size: number, value: number) => void} draw  draws `value`
 */
function faceMaterials(back, ink, draw) {
  /** @type {Map<number, THREE.MeshPhongMaterial>} */
  const cache = new Map();
  return (/** @type {number} */ v) => {
    let material = cache.get(v);
    if (!material) {
      material = new THREE.MeshPhongMaterial({ map: texture((ctx, n) => {
        ctx.fillStyle = back;
        ctx.fillRect(0, 0, n, n);
        ctx.fillStyle = ink;
        draw(ctx, n, v);
      }), shininess: 40 });
      cache.set(v, material);
    }
    return material;
  };
}

const dieFace = (/** @type {number} */ seat) => faceMaterials(C.die[seat], C.pip[seat], (ctx, n, v) => {
  for (const [px, py] of PIPS[v]) {
    ctx.beginPath();
    ctx.arc(px * n, py * n, n * 0.09, 0, 2 * Math.PI);
    ctx.fill();
  }
});

const cubeFace = faceMaterials(C.cube, C.cube_text, (ctx, n, v) => {
  ctx.font = `900 ${v >= 10 ? n * 0.56 : n * 0.7}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(v), n / 2, n / 2 + n * 0.03);
});

/** @typedef {import("./layout.js").Point3} Point3 */

const UP = new THREE.Vector3(0, 1, 0);
const DASH = new THREE.CylinderGeometry(0.035, 0.035, 1, 8); // a unit dash, scaled to length
const HEAD = new THREE.ConeGeometry(0.1, 0.24, 16);
HEAD.translate(0, -0.12, 0); // the tip at the origin
const ARROW = new THREE.MeshBasicMaterial({ color: C.lit });

/** A dashed arc from `from` to `to` (points on the playing surface, y above it) over the checkers
 * between, with its head pointing down onto `to`: the 2D board's dashed arrow, in the room.
 * @param {Point3} from
 * @param {Point3} to
 */
function arrow(from, to) {
  const a = new THREE.Vector3(from.x, BOARD_Y + from.y + 0.03, from.z);
  const b = new THREE.Vector3(to.x, BOARD_Y + to.y + 0.03, to.z);
  const top = a.clone().lerp(b, 0.5);
  top.y = Math.max(a.y, b.y) + 0.3 + a.distanceTo(b) * 0.12;
  const curve = new THREE.QuadraticBezierCurve3(a, top, b);
  const group = new THREE.Group();
  const n = Math.max(4, Math.round(curve.getLength() / 0.22));
  for (let k = 0; k < n - 1; k++) {
    // Dashes over the arc, the last stretch left to the head.
    const p0 = curve.getPoint(k / n);
    const p1 = curve.getPoint((k + 0.55) / n);
    const dash = new THREE.Mesh(DASH, ARROW);
    dash.position.lerpVectors(p0, p1, 0.5);
    dash.scale.set(1, p0.distanceTo(p1), 1);
    dash.quaternion.setFromUnitVectors(UP, p1.clone().sub(p0).normalize());
    group.add(dash);
  }
  const head = new THREE.Mesh(HEAD, ARROW);
  head.position.copy(b);
  head.quaternion.setFromUnitVectors(UP, curve.getTangent(1).negate());
  group.add(head);
  return group;
}

export class Scene {
  constructor() {
    this.scene = new THREE.Scene();
    this.scene.background = new THREE.Color("#2b211a");
    this.scene.add(new THREE.HemisphereLight("#fff4e0", "#4a3424", 1.6));
    const sun = new THREE.DirectionalLight("#ffe8c8", 1.5);
    sun.position.set(-20, 40, 25);
    this.scene.add(sun);
    const lamp = new THREE.PointLight("#ffd9a0", 0.8, 0, 0);
    lamp.position.set(0, 30, 4);
    this.scene.add(lamp);
    room(this.scene);
    table(this.scene);
    this.board = board(this.scene);
    const geometry = new THREE.CylinderGeometry(RADIUS, RADIUS, THICK, 40);
    geometry.translate(0, THICK / 2, 0);
    this.checkers = [0, 1].map((seat) =>
      Array.from({ length: 15 }, () => {
        const m = new THREE.Mesh(geometry, new THREE.MeshPhongMaterial({ color: C.checker[seat][1], shininess: 60 }));
        m.visible = false;
        this.scene.add(m);
        return m;
      }),
    );
    // Lit destinations, the selected place and the last play's marks: flat tiles on each place.
    // Keyed "1".."24", "bar", "off0" and "off1" (each seat's tray).
    /** @type {Map<string, THREE.Mesh<THREE.PlaneGeometry, THREE.MeshBasicMaterial>>} */
    this.tiles = new Map();
    /** @type {(number | "bar" | "off0" | "off1")[]} */
    const keys = [...Array.from({ length: 24 }, (_, k) => k + 1), "bar", "off0", "off1"];
    for (const place of keys) {
      const r = placeRect(place === "off0" || place === "off1" ? "off" : place, place === "off1" ? 1 : 0);
      const mesh = new THREE.Mesh(
        new THREE.PlaneGeometry(Math.abs(r.x1 - r.x0) * 0.9, Math.abs(r.z1 - r.z0) * 0.97),
        new THREE.MeshBasicMaterial({ color: C.lit, transparent: true, opacity: 0.45, depthWrite: false }),
      );
      mesh.rotation.x = -Math.PI / 2;
      mesh.position.set((r.x0 + r.x1) / 2, BOARD_Y + 0.004, (r.z0 + r.z1) / 2);
      mesh.visible = false;
      this.scene.add(mesh);
      this.tiles.set(String(place), mesh);
    }
    const size = DIE;
    const dieGeometry = new RoundedBoxGeometry(size, size, size, 3, size * 0.12);
    this.faces = [dieFace(0), dieFace(1)];
    /** @type {THREE.Mesh<RoundedBoxGeometry, THREE.MeshPhongMaterial | THREE.MeshPhongMaterial[]>[]} */
    this.dice = [0, 1, 2, 3].map(() => {
      const m = new THREE.Mesh(dieGeometry, this.faces[0](1));
      m.visible = false;
      this.scene.add(m);
      return m;
    });
    this.dieSize = size;
    const cs = CUBE;
    this.cube = new THREE.Mesh(new RoundedBoxGeometry(cs, cs, cs, 3, cs * 0.1), cubeFaces(64).map(cubeFace));
    this.cubeSize = cs;
    this.scene.add(this.cube);
    // A play's arrows (the tutor's better play), dashed arcs over the board.
    this.arrows = new THREE.Group();
    this.scene.add(this.arrows);
    // The playing surface, for rays that miss every checker.
    this.surface = new THREE.Plane(new THREE.Vector3(0, 1, 0), -BOARD_Y);
  }

  /** Dress die `i` for `seat` showing `value` on top.
   * @param {number} i
   * @param {number} seat
   * @param {number} value
   */
  dressDie(i, seat, value) {
    this.dice[i].material = dieFaces(value).map(this.faces[seat]);
  }

  /** Show the arrows [{from, to}] (layout.js's stepArrows) in place of those shown.
   * @param {{from: Point3, to: Point3}[]} paths
   */
  showArrows(paths) {
    this.arrows.clear(); // their geometries and material are shared: nothing to dispose
    for (const { from, to } of paths) this.arrows.add(arrow(from, to));
  }

  /** @param {number} value */
  dressCube(value) {
    this.cube.material = cubeFaces(value).map(cubeFace);
  }
}
