// The loft: the board's 3D face, bundled apart (static/loft.js) with three.js and imported only
// when the 3D view is wanted. It draws the state the View holds and hands clicks back to the
// View's own handlers (clickAt, byDieAt), so that the rules of clicking are the 2D board's. Its
// words come from the View's catalogue (`t`), so that this bundle does not carry a second copy.
import * as THREE from "three";
import { diceOf } from "../draw.js";
import { boardOf, litPoints, movablePoints, onTurn, scoreless } from "../board.js";
import { GAME_VIEW, START, between, eye, fovFor, look, orbitBy, orbitText, walk, walks, zoomBy, ROOM } from "./camera.js";
import { RAIL, SURFACE, THICK, aimAt, checkers, counts, cubeSpot, diceSpots, numberSpots, placeAt, spot, stepArrows } from "./layout.js";
import { BOARD_Y, Scene } from "./scene.js";

/** @typedef {import("../state.js").ViewState} ViewState */
/** @typedef {import("../state.js").Board} Board */
/** @typedef {import("../state.js").Place} Place */
/** @typedef {import("../draw.js").Ui} Ui */
/** @typedef {import("../view.js").View} View */
/** @typedef {import("../view.js").Hit} Hit */
/** @typedef {typeof import("../i18n.js").t} Translate */
/** @typedef {{start: number, ms: number, step: (u: number) => void}} Tween  an animation running */
/**
 * A press on the canvas: where, whether it moved further than a click, and the checker it drags.
 * @typedef {{x: number, y: number, moved: boolean, drag: {from: Place, mesh: THREE.Mesh} | null}} Press
 */

const FLY_MS = 700;
const TUMBLE_MS = 650;
const DRAG = 5; // pixels a press may move and still be a click
const JUMP = 200; // pixels the mouse may move between two events of the walk's look

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Partial<CSSStyleDeclaration>} [style]
 * @param {Record<string, string>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
function h(tag, style = {}, attrs = {}) {
  const el = document.createElement(tag);
  Object.assign(el.style, style);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** @type {Partial<CSSStyleDeclaration>} */
const OVERLAY = {
  position: "absolute", padding: "2px 8px", borderRadius: "4px", background: "rgba(20, 12, 6, 0.72)",
  color: "#f3e4c4", font: "13px/1.35 system-ui, sans-serif", pointerEvents: "none", whiteSpace: "nowrap",
};

/** Mount the loft in `host` (the View's board element) for `view`, with the catalogue's
 * `t(lang, key, fields)`; null when WebGL fails.
 * @param {HTMLElement} host
 * @param {View} view
 * @param {Translate} t
 */
export function mount(host, view, t) {
  let renderer;
  const canvas = h("canvas", { display: "block", width: "100%", touchAction: "none", cursor: "grab" }, { "data-testid": "loft-canvas" });
  try {
    renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
  } catch {
    return null;
  }
  return new Loft(host, view, renderer, canvas, t);
}

class Loft {
  /**
   * @param {HTMLElement} host
   * @param {View} view
   * @param {THREE.WebGLRenderer} renderer
   * @param {HTMLCanvasElement} canvas
   * @param {Translate} t
   */
  constructor(host, view, renderer, canvas, t) {
    this.view = view;
    this.t = t;
    this.renderer = renderer;
    this.canvas = canvas;
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    renderer.outputColorSpace = THREE.SRGBColorSpace;
    this.world = new Scene();
    /** @type {THREE.Box3 | null} */
    this.farEdge = null; // the board's box, measured once drawn (where the result goes above it)
    // The near plane no closer than anything can come (the orbit's 5, the walker's 13): the depth
    // buffer's precision is spent where the room is.
    this.camera = new THREE.PerspectiveCamera(40, 1.5, 0.5, 400);
    this.camera.rotation.order = "YXZ";
    this.orbit = { ...GAME_VIEW };
    this.pose = { ...START };
    this.immersive = false;
    /** @type {Tween[]} */
    this.tweens = [];
    /** @type {Set<string>} */
    this.held = new Set(); // the walking keys held down
    /** @type {Map<number, {x: number, y: number}>} */
    this.pointers = new Map(); // where each pointer pressed on the canvas is
    // For measuring: frames drawn, the last one's time and cost, the last press, and the time
    // from the last click to the next frame drawn.
    /** @type {{frames: number, frameAt: number, renderMs: number, pressAt: number, clickToFrameMs: number | null}} */
    this.stats = { frames: 0, frameAt: 0, renderMs: 0, pressAt: 0, clickToFrameMs: null };
    this.el = h("div", { position: "relative", width: "100%", overflow: "hidden" }, { class: "bg-loft", "data-testid": "loft" });
    this.overlay = h("div", { position: "absolute", left: "0", top: "0", right: "0", pointerEvents: "none" });
    this.names = [0, 1].map((seat) => {
      const el = h("div", { ...OVERLAY, left: "8px", [seat === 0 ? "bottom" : "top"]: "8px" }, { "data-testid": `loft-name-${seat}` });
      this.overlay.append(el);
      return el;
    });
    this.note = h("div", { ...OVERLAY, left: "50%", bottom: "40px", transform: "translateX(-50%)", whiteSpace: "normal", maxWidth: "70%" });
    this.help = h("div", { ...OVERLAY, right: "8px", top: "8px", whiteSpace: "normal", maxWidth: "55%" }, { "data-testid": "walk-help" });
    // A finished game's result, as the 2D board's banner: centred above the board's far edge (its
    // bottom there, placeCounts), in the room behind the board, where it covers no checker.
    const above = { left: "50%", top: "38px", transform: "translate(-50%, -100%)", fontWeight: "bold", fontSize: "15px" };
    this.result = h("div", { ...OVERLAY, ...above, whiteSpace: "normal", width: "max-content", maxWidth: "calc(100% - 16px)", boxSizing: "border-box" }, { "data-testid": "loft-result" });
    this.countLayer = h("div", { position: "absolute", inset: "0", pointerEvents: "none" });
    this.numberLayer = h("div", { position: "absolute", inset: "0", pointerEvents: "none" });
    this.overlay.append(this.numberLayer, this.countLayer, this.note, this.help, this.result);
    // The camera's buttons in a row under the picture, where they hide no part of it.
    this.tools = h("div", { display: "flex", gap: "6px", justifyContent: "flex-end", flexWrap: "wrap", padding: "4px 0" });
    this.gameButton = h("button", {}, { type: "button", "data-testid": "game-view" });
    this.walkButton = h("button", {}, { type: "button", "data-testid": "walk", "aria-pressed": "false" });
    this.fullButton = h("button", {}, { type: "button", "data-testid": "full-screen", "aria-pressed": "false" });
    this.gameButton.addEventListener("click", () => this.gameView());
    this.fullButton.addEventListener("click", () => this.fullScreen());
    this.walkButton.addEventListener("click", () => (this.immersive ? this.leaveWalk() : this.enterWalk()));
    this.tools.append(this.gameButton, this.walkButton, this.fullButton);
    this.el.append(canvas, this.overlay, this.tools);
    host.replaceChildren(this.el);
    this.listen();
    this.size = { width: 0, height: 0 }; // the picture's, CSS pixels (fit)
    this.resize = new ResizeObserver(() => this.fit());
    this.fitFull = () => this.fit();
    document.addEventListener("fullscreenchange", this.fitFull);
    this.resize.observe(this.el);
    this.resize.observe(canvas); // on the whole screen its height follows the controls' (CSS)
    this.fit();
    const root = view.root;
    root.bgScreenPoint = (point) => this.screenPoint(point);
    root.bgLoftStats = () => ({ ...this.stats });
    root.bgLoftScene = () => this.sceneBounds();
    this.placeCamera();
  }

  // ------------------------------------------------------------------ drawing

  /** Draw `state` (the View's state, or the frame of an animation) with the View's `ui`
   * ({selected, lit, movable, note}).
   * @param {ViewState} state
   * @param {Ui} [ui]
   */
  draw(state, ui = {}) {
    this.state = state;
    const lang = state.language;
    this.gameButton.textContent = this.t(lang, "view.gameView");
    this.walkButton.textContent = this.t(lang, "view.walk");
    this.fullButton.textContent = this.t(lang, this.full() ? "view.exitFullScreen" : "view.fullScreen");
    this.fullButton.hidden = !this.view.root.requestFullscreen;
    this.help.textContent = this.immersive ? this.t(lang, "view.walkHelp") : "";
    this.help.hidden = !this.immersive;
    this.note.textContent = ui.note?.text ?? "";
    this.note.hidden = !this.note.textContent;
    this.result.textContent = state.result?.text ?? "";
    this.result.hidden = !this.result.textContent;
    this.view.root.dataset.selected = String(ui.selected ?? ""); // a hook for tests: a selection draws no DOM here
    this.placeNumbers(state);
    this.placeCheckers(state, ui);
    this.placeTiles(state, ui);
    this.placeDice(state);
    this.placeCube(state);
    this.placeArrows(state);
    this.drawNames(state);
    this.request();
  }

  /** The tutor's better play while a warning waits, as dashed arcs (the 2D board's dashed arrows);
   * the loft's element carries its notation, as the 2D board's group does.
   * @param {ViewState} state
   */
  placeArrows(state) {
    const tutor = state.tutor;
    const steps = tutor?.best_steps?.length ? tutor.best_steps : null;
    const key = steps ? JSON.stringify([tutor?.seat, tutor?.before, steps]) : "";
    if (key === this.arrowsKey) return;
    /** @type {string | undefined} */
    this.arrowsKey = key;
    this.world.showArrows(tutor && steps ? stepArrows(tutor.seat, tutor.before, steps) : []);
    if (tutor && steps) this.el.dataset.tutorBest = tutor.best;
    else delete this.el.dataset.tutorBest;
  }

  /**
   * @param {ViewState} state
   * @param {Ui} ui
   */
  placeCheckers(state, ui) {
    const board = boardOf(state);
    const used = [0, 0];
    /** @type {THREE.Mesh[]} */
    this.meshes = []; // the checkers shown
    for (const c of checkers(board)) {
      const m = this.world.checkers[c.seat][used[c.seat]++];
      m.visible = true;
      m.position.set(c.x, BOARD_Y + c.y, c.z);
      m.rotation.set(0, 0, 0);
      const top = c.index === c.count - 1;
      const mine = top && c.seat === state.turn;
      const glow = mine && ui.selected === c.place ? 0xb08800 : mine && ui.movable?.has(c.place) ? 0x2a2000 : 0;
      m.material.emissive.setHex(glow);
      m.userData = { place: c.place, seat: c.seat, top };
      this.meshes.push(m);
    }
    for (const seat of [0, 1]) for (let i = used[seat]; i < 15; i++) this.world.checkers[seat][i].visible = false;
    this.countLayer.replaceChildren(
      ...counts(board).map((c) => {
        const el = h("span", { ...OVERLAY, padding: "0 5px", transform: "translate(-50%, -100%)", fontWeight: "bold" }, {
          "data-count": `${c.place}:${c.seat}`,
        });
        el.textContent = String(c.count);
        Object.assign(el.dataset, { x: String(c.x), y: String(BOARD_Y + c.y), z: String(c.z) });
        return el;
      }),
    );
  }

  /** The point numbers on the rails, as Python labels them (the person's own numbering).
   * @param {ViewState} state
   */
  placeNumbers(state) {
    const labels = state.point_labels || [];
    const key = labels.join(",");
    if (key === this.numbersKey) return;
    /** @type {string | undefined} */
    this.numbersKey = key;
    this.numberLayer.replaceChildren(
      ...numberSpots().map(({ point, x, z }) => {
        const el = h("span", { position: "absolute", transform: "translate(-50%, -50%)", color: "#f3e4c4", font: "bold 10px system-ui, sans-serif" });
        el.textContent = String(labels[point - 1] ?? point);
        Object.assign(el.dataset, { x: String(x), y: String(BOARD_Y - SURFACE + RAIL), z: String(z) });
        return el;
      }),
    );
  }

  /** Lit destinations, and the last play's points marked in a paler light.
   * @param {ViewState} state
   * @param {Ui} ui
   */
  placeTiles(state, ui) {
    const marked = new Set();
    const last = state.last_play;
    if (last && !ui.lit?.size) {
      for (const [from, to] of last.steps) {
        for (const p of [from, to]) marked.add(p === "off" ? `off${last.seat}` : String(p));
      }
    }
    const lit = new Set([...(ui.lit || [])].map((p) => (p === "off" ? `off${state.turn}` : String(p))));
    for (const [key, tile] of this.world.tiles) {
      tile.visible = lit.has(key) || marked.has(key);
      tile.material.opacity = lit.has(key) ? 0.5 : 0.18;
    }
  }

  /** @param {ViewState} state */
  placeDice(state) {
    const { seat, dice } = diceOf(state);
    const key = `${seat}:${dice.map((d) => d.value).join(",")}`;
    const spots = diceSpots(seat, dice.length);
    const fresh = key !== this.diceKey && dice.length;
    this.diceKey = key;
    this.world.dice.forEach((m, i) => {
      const d = dice[i];
      m.visible = !!d;
      if (!d) return;
      if (fresh) this.world.dressDie(i, seat, d.value);
      const size = this.world.dieSize;
      m.userData = { dice: true };
      m.scale.setScalar(d.used ? 0.8 : 1);
      const rest = { x: spots[i][0], y: BOARD_Y + (size * m.scale.y) / 2, z: spots[i][1] };
      if (!fresh) {
        m.position.set(rest.x, rest.y, rest.z);
        return;
      }
      // The die tumbles down onto the face rolled: from a random turn, spinning less and less.
      const spin = new THREE.Euler(Math.random() * 6, Math.random() * 6, Math.random() * 6);
      const yaw = (Math.random() - 0.5) * 0.6;
      this.tween(TUMBLE_MS, (u) => {
        const k = 1 - u;
        m.rotation.set(spin.x * k * k, yaw + spin.y * k * k, spin.z * k * k);
        m.position.set(rest.x - k * 0.8 * (seat === 0 ? -1 : 1), rest.y + Math.abs(Math.sin(u * Math.PI * 2.5)) * k * 0.9, rest.z);
      });
    });
  }

  /** @param {ViewState} state */
  placeCube(state) {
    const spotNow = cubeSpot(state);
    const cube = this.world.cube;
    cube.visible = !!spotNow;
    if (!spotNow) return;
    cube.userData = { cube: true };
    const y = BOARD_Y + (spotNow.x < -3.8 ? 0.1 : 0) + this.world.cubeSize / 2;
    const to = new THREE.Vector3(spotNow.x, y, spotNow.z);
    if (this.cubeValue === undefined || !this.cubeAt) {
      this.world.dressCube(spotNow.value);
      cube.position.copy(to);
    } else if (this.cubeValue !== spotNow.value || !this.cubeAt.equals(to)) {
      // The cube rolls a quarter turn onto its new value and slides to where it now lies.
      if (this.cubeValue !== spotNow.value) this.world.dressCube(spotNow.value);
      const from = this.cubeAt.clone();
      const turn = this.cubeValue !== spotNow.value;
      this.tween(TUMBLE_MS, (u) => {
        cube.position.lerpVectors(from, to, u * u * (3 - 2 * u));
        cube.position.y += Math.sin(u * Math.PI) * 0.4;
        cube.rotation.x = turn ? (1 - u) * (Math.PI / 2) : 0;
      });
    }
    /** @type {number | undefined} */
    this.cubeValue = spotNow.value;
    /** @type {THREE.Vector3 | undefined} */
    this.cubeAt = to;
  }

  /** @param {ViewState} state */
  drawNames(state) {
    const lang = state.language;
    for (const seat of [0, 1]) {
      const scored = state.match_length ? `${state.score[seat]}/${state.match_length}` : `${state.score[seat]}`;
      const score = scoreless(state) ? "" : ` · ${this.t(lang, "score")} ${scored}`;
      const turn = onTurn(state, seat) ? " ◀" : "";
      const pips = state.pips[seat] === undefined ? "" : ` · ${state.pips[seat]} ${this.t(lang, "pips")}`; // none: hidden
      this.names[seat].textContent = `${state.names[seat]}${pips}${score}${turn}`;
    }
  }

  /** One step of the computer's play: `state` is the board after it; the checker moved from
   * `from` on `before` glides there in `ms`.
   * @param {ViewState} state
   * @param {number} seat
   * @param {Board} before
   * @param {Place} from
   * @param {Place} to
   * @param {number} ms
   */
  step(state, seat, before, from, to, ms) {
    this.draw(state, {});
    const n = boardOf(state);
    const count = (/** @type {Board} */ b, /** @type {Place} */ p) => (p === "bar" ? b.bar[seat] : p === "off" ? b.off[seat] : Math.abs(b.points[p - 1]));
    const a = spot(seat, from, count(before, from) - 1, count(before, from));
    const b = spot(seat, to, count(n, to) - 1, count(n, to));
    const mesh = this.meshes.find((m) => m.userData.place === to && m.userData.seat === seat && m.userData.top);
    if (!mesh || ms <= 0) return;
    this.tween(ms, (u) => {
      const e = u * u * (3 - 2 * u);
      mesh.position.set(a.x + (b.x - a.x) * e, BOARD_Y + a.y + (b.y - a.y) * e + Math.sin(u * Math.PI) * 0.6, a.z + (b.z - a.z) * e);
    });
  }

  // ------------------------------------------------------------------ rendering

  /** Whether the board (the loft with the game's controls and status) fills the screen. */
  full() {
    const root = this.view.root;
    return /** @type {Document | ShadowRoot} */ (root.getRootNode()).fullscreenElement === root;
  }

  fit() {
    const full = this.full();
    this.fullButton.setAttribute("aria-pressed", String(full));
    if (this.state) this.fullButton.textContent = this.t(this.state.language, full ? "view.exitFullScreen" : "view.fullScreen");
    const width = this.el.clientWidth || 600;
    // On the whole screen the style sheet gives the picture the height that the controls leave.
    this.canvas.style.height = full ? "" : `${Math.round(Math.min(width * 0.66, Math.max(280, window.innerHeight * 0.8)))}px`;
    const height = Math.max(1, this.canvas.clientHeight);
    if (this.size.width === width && this.size.height === height) return;
    this.renderer.setSize(width, height, false);
    this.size = { width, height };
    this.overlay.style.height = `${height}px`;
    this.camera.aspect = width / height;
    this.camera.fov = fovFor(width / height);
    this.camera.updateProjectionMatrix();
    this.request();
  }

  /**
   * @param {number} ms
   * @param {(u: number) => void} step  called with u from 0 to 1
   */
  tween(ms, step) {
    const start = performance.now();
    this.tweens.push({ start, ms, step });
    step(0);
    this.request();
  }

  request() {
    if (!this.raf) this.raf = requestAnimationFrame((now) => this.frame(now));
  }

  /** @param {number} now */
  frame(now) {
    this.raf = null;
    const dt = Math.min(0.1, (now - (this.lastFrame ?? now)) / 1000);
    this.lastFrame = now;
    this.tweens = this.tweens.filter((tw) => {
      const u = Math.min(1, (now - tw.start) / tw.ms);
      tw.step(u);
      return u < 1;
    });
    if (this.immersive && this.held.size) this.pose = walk(this.pose, this.held, dt);
    this.placeCamera();
    const t0 = performance.now();
    this.renderer.render(this.world.scene, this.camera);
    this.stats.frameAt = performance.now();
    this.stats.renderMs = this.stats.frameAt - t0;
    this.stats.frames += 1;
    if (this.clickAt !== undefined) {
      this.stats.clickToFrameMs = this.stats.frameAt - this.clickAt;
      this.clickAt = undefined;
    }
    this.placeCounts();
    if (this.tweens.length || (this.immersive && this.held.size)) this.request();
    else this.lastFrame = undefined;
  }

  placeCamera() {
    const c = this.camera;
    if (this.immersive) {
      c.position.set(this.pose.x, ROOM.eyeHeight, this.pose.z);
      c.rotation.set(this.pose.pitch, this.pose.yaw, 0);
      this.view.root.dataset.camera = `walk ${[this.pose.x, this.pose.z, this.pose.yaw].map((v) => v.toFixed(2)).join(" ")}`;
    } else {
      c.position.set(...eye(this.orbit, [0, BOARD_Y, 0.4]));
      c.lookAt(0, BOARD_Y, 0.4);
      this.view.root.dataset.camera = orbitText(this.orbit);
    }
    c.updateMatrixWorld();
  }

  /** Client coordinates {x, y} of a world point, through the camera as last placed.
   * @param {number} x
   * @param {number} y
   * @param {number} z
   */
  project(x, y, z) {
    const p = this.onCanvas(x, y, z);
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + p.x, y: r.top + p.y };
  }

  /** CSS pixels {x, y} from the canvas's top left corner of a world point, and whether it is
   * behind the eye; from the size fit() set, so that no layout is read while drawing.
   * @param {number} x
   * @param {number} y
   * @param {number} z
   */
  onCanvas(x, y, z) {
    const v = new THREE.Vector3(x, y, z).project(this.camera);
    return { x: ((v.x + 1) / 2) * this.size.width, y: ((1 - v.y) / 2) * this.size.height, behind: v.z > 1 };
  }

  placeCounts() {
    // The point numbers only while they stand apart: seen from afar they would run together.
    // The layers hold the spans placeNumbers and placeCheckers made.
    const numbers = /** @type {HTMLElement[]} */ ([...this.numberLayer.children]);
    const counted = /** @type {HTMLElement[]} */ ([...this.countLayer.children]);
    const at = (/** @type {HTMLElement} */ el) => this.onCanvas(Number(el.dataset.x), Number(el.dataset.y), Number(el.dataset.z));
    const [a, b] = numbers.slice(0, 2).map(at);
    this.numberLayer.hidden = !a || Math.hypot(a.x - b.x, a.y - b.y) < 16;
    if (!this.result.hidden) {
      // Below the top name's row at the least (38px from the top: its 8 and a line).
      this.farEdge ??= new THREE.Box3().setFromObject(this.world.board);
      const far = this.onCanvas(0, this.farEdge.max.y, this.farEdge.min.z);
      const bottom = far.behind ? 0 : far.y - 16; // clear of the far points' numbers too
      this.result.style.top = `${Math.max(38 + this.result.offsetHeight, bottom)}px`;
    }
    for (const el of [...counted, ...numbers]) {
      const p = at(el);
      el.style.left = `${p.x}px`;
      el.style.top = `${p.y}px`;
      el.hidden = p.behind;
    }
  }

  /** Test hook: the world boxes {x0, x1, y0, y1, z0, z1} of the board (its base and frame), of
   * each checker, die and the cube shown, the number of arrows, and whether anything still moves.
   */
  sceneBounds() {
    const box = (/** @type {THREE.Object3D} */ o) => {
      const b = new THREE.Box3().setFromObject(o);
      return { x0: b.min.x, x1: b.max.x, y0: b.min.y, y1: b.max.y, z0: b.min.z, z1: b.max.z };
    };
    return {
      board: box(this.world.board),
      checkers: this.meshes.map((m) => ({ place: m.userData.place, seat: m.userData.seat, ...box(m) })),
      dice: this.world.dice.filter((m) => m.visible).map(box),
      cube: this.world.cube.visible ? box(this.world.cube) : null,
      arrows: this.world.arrows.children.length,
      moving: this.tweens.length > 0,
    };
  }

  /** Test hook: where a click on `point` (1..24, "bar", "off") selects its top checker or targets it.
   * @param {Place} point
   */
  screenPoint(point) {
    const s = this.state;
    if (!s) return null;
    const p = point === "bar" || point === "off" ? point : Number(point);
    const aim = aimAt(boardOf(s), p, s.turn);
    const at = this.project(aim.x, BOARD_Y + aim.y - (aim.y > 0 ? THICK * 0.1 : 0), aim.z);
    return { x: at.x, y: at.y };
  }

  // ------------------------------------------------------------------ input

  /** What is under client point (x, y): {point, checker, dice, cube}.
   * @param {number} x
   * @param {number} y
   * @returns {Omit<Hit, "detail">}
   */
  pick(x, y) {
    const ray = this.rayAt(x, y);
    const targets = [...this.meshes, ...this.world.dice.filter((m) => m.visible), this.world.cube].filter((m) => m.visible);
    const hit = ray.intersectObjects(targets, false)[0];
    if (hit?.object.userData.dice) return { point: null, dice: true };
    if (hit?.object.userData.cube) return { point: null, cube: true };
    if (hit) return { point: hit.object.userData.place, checker: true };
    const on = this.surfaceAt(x, y);
    return { point: on ? placeAt(on.x, on.z) : null };
  }

  /** The ray from the eye through client point (x, y).
   * @param {number} x
   * @param {number} y
   */
  rayAt(x, y) {
    const r = this.canvas.getBoundingClientRect();
    const ray = new THREE.Raycaster();
    ray.setFromCamera(new THREE.Vector2(((x - r.left) / r.width) * 2 - 1, 1 - ((y - r.top) / r.height) * 2), this.camera);
    return ray;
  }

  /** The world point of the playing surface under client point (x, y), or null.
   * @param {number} x
   * @param {number} y
   */
  surfaceAt(x, y) {
    return this.rayAt(x, y).ray.intersectPlane(this.world.surface, new THREE.Vector3());
  }

  /** A press on a checker that may move starts a drag of it ({from, mesh}); else null (a press
   * on the background turns the camera).
   * @param {PointerEvent} e
   * @returns {Press["drag"]}
   */
  grab(e) {
    const s = this.state;
    if (e.button !== 0 || this.immersive || !s || this.view.animation) return null;
    const hit = this.pick(e.clientX, e.clientY);
    const from = hit.point;
    if (!hit.checker || from === null || !movablePoints(s).has(from)) return null;
    const mesh = this.meshes.find((m) => m.userData.place === from && m.userData.seat === s.turn && m.userData.top);
    return mesh ? { from, mesh } : null;
  }

  /** A checker dropped: the two clicks it stands for (select it, then the place it was dropped
   * on), through the View, so a lit place moves it and any other puts it back.
   * @param {PointerEvent} e
   * @param {NonNullable<Press["drag"]>} drag
   */
  drop(e, drag) {
    const on = this.surfaceAt(e.clientX, e.clientY);
    const to = on ? placeAt(on.x, on.z) : null;
    this.view.clickAt({ point: drag.from, checker: true, detail: 1 });
    this.view.clickAt({ point: to, detail: 1 });
  }

  listen() {
    const c = this.canvas;
    const stop = (/** @type {Event} */ e) => e.stopPropagation(); // the View's own board listeners are for the SVG
    for (const type of ["click", "pointerdown", "pointermove", "pointerup", "contextmenu"]) this.el.addEventListener(type, stop);
    c.addEventListener("pointerdown", (e) => {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      /** @type {Press | undefined} */
      this.press = { x: e.clientX, y: e.clientY, moved: false, drag: this.grab(e) };
      this.stats.pressAt = performance.now();
      try {
        c.setPointerCapture(e.pointerId);
      } catch {
        // synthetic pointers may not be capturable
      }
    });
    c.addEventListener("pointermove", (e) => this.pointerMove(e));
    const up = (/** @type {PointerEvent} */ e) => {
      if (e.type === "pointerup" && this.press?.drag && this.press.moved) this.drop(e, this.press.drag);
      this.pointers.delete(e.pointerId);
      c.style.cursor = "grab";
    };
    c.addEventListener("pointerup", up);
    c.addEventListener("pointercancel", up);
    c.addEventListener("click", (e) => {
      if (this.press?.moved) return;
      this.clickAt = performance.now();
      const hit = this.pick(e.clientX, e.clientY);
      this.view.clickAt({ ...hit, detail: e.detail });
    });
    c.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      this.view.byDieAt(this.pick(e.clientX, e.clientY).point, "low");
    });
    c.addEventListener("wheel", (e) => {
      if (this.immersive) return;
      e.preventDefault();
      this.orbit = zoomBy(this.orbit, { deltaY: e.deltaY });
      this.request();
    }, { passive: false });
    /** @type {(e: KeyboardEvent) => void} */
    this.keys = (e) => this.key(e);
    this.view.root.addEventListener("keydown", this.keys);
    this.view.root.addEventListener("keyup", this.keys);
    /** @type {() => void} */
    this.lockChange = () => {
      if (this.immersive && document.pointerLockElement !== c && this.locked) this.leaveWalk();
      this.locked = document.pointerLockElement === c;
    };
    document.addEventListener("pointerlockchange", this.lockChange);
    /** @type {(e: MouseEvent) => void} */
    this.look = (e) => {
      if (!this.immersive || document.pointerLockElement !== c) return;
      // Some browsers report a jump of hundreds of pixels as the lock starts: not a look.
      if (Math.abs(e.movementX) > JUMP || Math.abs(e.movementY) > JUMP) return;
      this.pose = look(this.pose, e.movementX, e.movementY);
      this.request();
    };
    document.addEventListener("mousemove", this.look);
  }

  /** @param {PointerEvent} e */
  pointerMove(e) {
    const last = this.pointers.get(e.pointerId);
    const press = this.press; // made with `last`, by the same pointerdown
    if (!last || !press) return this.hover(e);
    const now = { x: e.clientX, y: e.clientY };
    if (this.pointers.size === 2) {
      // A pinch: the distance between the two fingers zooms.
      const [other] = [...this.pointers].filter(([id]) => id !== e.pointerId).map(([, at]) => at);
      const d0 = Math.hypot(last.x - other.x, last.y - other.y);
      const d1 = Math.hypot(now.x - other.x, now.y - other.y);
      if (d0 > 0 && !this.immersive) this.orbit = zoomBy(this.orbit, { scale: d1 / d0 });
      press.moved = true;
    } else {
      if (Math.hypot(now.x - press.x, now.y - press.y) > DRAG) press.moved = true;
      if (press.moved && press.drag) {
        // The checker follows the pointer, lifted over the board.
        const on = this.surfaceAt(now.x, now.y);
        if (on) press.drag.mesh.position.set(on.x, BOARD_Y + 0.4, on.z);
      } else if (press.moved) {
        // Dragging the background turns around the board (or, walking, looks around).
        this.canvas.style.cursor = "grabbing";
        if (this.immersive) this.pose = look(this.pose, now.x - last.x, now.y - last.y);
        else this.orbit = orbitBy(this.orbit, now.x - last.x, now.y - last.y);
      }
    }
    this.pointers.set(e.pointerId, now);
    this.request();
  }

  /** The pointer over something to click (a checker that may move, a lit place, the dice to
   * roll) shows a hand; over the background, the hand that turns the board.
   * @param {PointerEvent} e
   */
  hover(e) {
    const s = this.state;
    if (!s || this.immersive) return;
    const hit = this.pick(e.clientX, e.clientY);
    const p = hit.point;
    const lit = p !== null && this.view.selected !== null && litPoints(s, this.view.selected).has(p);
    const active = (p !== null && movablePoints(s).has(p)) || lit || (hit.dice && s.can?.roll);
    this.canvas.style.cursor = active ? "pointer" : "grab";
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (!this.immersive) return;
    if (e.key === "Escape") {
      if (e.type === "keydown") this.leaveWalk();
      return;
    }
    if (!walks(e.key)) return;
    e.preventDefault();
    if (e.type === "keydown") this.held.add(e.key.toLowerCase());
    else this.held.delete(e.key.toLowerCase());
    this.request();
  }

  // ------------------------------------------------------------------ camera

  enterWalk() {
    this.immersive = true;
    this.pose = { ...START };
    this.walkButton.setAttribute("aria-pressed", "true");
    this.view.root.dataset.immersive = "true";
    this.view.root.focus?.({ preventScroll: true });
    try {
      const lock = this.canvas.requestPointerLock?.();
      lock?.catch?.(() => {}); // refused (headless, iframes): dragging still looks around
    } catch {
      // pointer lock unavailable: dragging looks around
    }
    this.view.draw(); // the walking help shows
    this.request();
  }

  leaveWalk() {
    if (!this.immersive) return;
    this.immersive = false;
    this.held.clear();
    this.walkButton.setAttribute("aria-pressed", "false");
    delete this.view.root.dataset.immersive;
    if (document.pointerLockElement === this.canvas) document.exitPointerLock();
    this.help.hidden = true;
    this.request();
  }

  /** The board on the whole screen (the game's buttons, status and panels with it), or back in its cell. */
  fullScreen() {
    if (this.full()) document.exitFullscreen();
    else this.view.root.requestFullscreen?.().catch(() => {}); // refused: the board stays in its cell
  }

  /** Back to the game view: out of the walk, and the camera flies to the default orbit. */
  gameView() {
    this.leaveWalk();
    const from = { ...this.orbit };
    this.tween(FLY_MS, (u) => (this.orbit = u >= 1 ? { ...GAME_VIEW } : between(from, GAME_VIEW, u)));
  }

  dispose() {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.leaveWalk();
    this.resize.disconnect();
    this.view.root.removeEventListener("keydown", this.keys);
    this.view.root.removeEventListener("keyup", this.keys);
    document.removeEventListener("pointerlockchange", this.lockChange);
    document.removeEventListener("fullscreenchange", this.fitFull);
    if (this.full()) document.exitFullscreen();
    document.removeEventListener("mousemove", this.look);
    delete this.view.root.bgScreenPoint;
    delete this.view.root.bgLoftStats;
    delete this.view.root.bgLoftScene;
    delete this.view.root.dataset.camera;
    delete this.view.root.dataset.selected;
    this.renderer.dispose();
    this.el.remove();
  }
}
