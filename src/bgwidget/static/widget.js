var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/link.js
var RETRY_FIRST = 250;
var RETRY_MOST = 8e3;
function tokenKey(url, room) {
  return `bgwidget:seat:${url}:${room}`;
}
function store() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
var Link = class {
  /** @param {LinkModel} model */
  constructor(model) {
    this.model = model;
    this.id = Math.random().toString(36).slice(2) + Date.now().toString(36);
    this.socket = null;
    this.target = "";
    this.open = false;
    this.retry = RETRY_FIRST;
    this.timer = null;
    this.configure = () => this.follow(model.get("_online") || {});
    this.custom = (msg) => {
      if (msg?.page !== this.id) return;
      if (msg.type === "online-send") this.send(msg.message);
      else if (msg.type === "online-close") this.stop();
    };
    model.on("change:_online", this.configure);
    model.on("msg:custom", this.custom);
    this.configure();
  }
  /** Connect where `config` says (a new url or key: another room), or nowhere.
   * @param {{url?: string, room?: string, key?: string}} config */
  follow(config) {
    this.room = config.room || "";
    const target = config.url ? `${config.url} ${config.key}` : "";
    if (target === this.target) return;
    this.stop();
    this.target = target;
    this.url = config.url || "";
    this.model.set("_server_ids", null);
    if (target) this.connect();
  }
  connect() {
    this.timer = null;
    let socket;
    try {
      socket = new WebSocket(
        /** @type {string} */
        this.url
      );
    } catch {
      this.schedule();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.open = true;
      this.retry = RETRY_FIRST;
      const token = this.room ? store()?.getItem(tokenKey(
        /** @type {string} */
        this.url,
        this.room
      )) ?? null : null;
      this.model.send({ type: "online-status", open: true, token, page: this.id });
    };
    socket.onmessage = (e) => {
      if (socket !== this.socket) return;
      const text = String(e.data);
      let message;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      this.read(message);
      this.model.send({ type: "online-message", text, page: this.id });
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.closed();
      this.schedule();
    };
  }
  /** What the page keeps from a message on its way to Python.
   * @param {any} message */
  read(message) {
    if (message?.type === "created") this.room = message.room;
    if (message?.type === "welcome" && message.token && this.url) {
      store()?.setItem(tokenKey(this.url, message.room), message.token);
    }
    if (message?.type === "event") this.model.set("_server_ids", [message.position_id, message.match_id]);
  }
  /** Reconnect after a drop, waiting longer each time. */
  schedule() {
    if (!this.target || this.timer !== null) return;
    this.timer = setTimeout(() => this.connect(), this.retry);
    this.retry = Math.min(RETRY_MOST, this.retry * 2);
  }
  /** @param {object} message */
  send(message) {
    if (this.socket && this.open) this.socket.send(JSON.stringify(message));
  }
  /** Close the connection and stop reconnecting (the room refused the board, or it left it). */
  stop() {
    this.target = "";
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    this.closed();
    socket?.close();
  }
  /** Tell Python the socket it was told of has closed. */
  closed() {
    if (this.open) this.model.send({ type: "online-status", open: false, page: this.id });
    this.open = false;
  }
  /** The model's widget goes: the socket with it. */
  close() {
    this.stop();
    this.model.off("change:_online", this.configure);
    this.model.off("msg:custom", this.custom);
  }
};

// src/dom.js
function h(tag, attrs = {}, text) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== void 0) el.textContent = text;
  return el;
}

// ../src/bgwidget/look.json
var look_default = {
  about: {
    what: "The board's look, read by both drawings: bgwidget/svg.py (static SVG) and js/src/geometry.js + js/src/draw.js (the widget). Lengths are SVG user units of the viewBox; derived places (BAR_X, W, H, ...) are computed from these by the same formulas in both.",
    board: "sizes of the board's parts: R checker radius, P point width, SIDE left rail (holds the cube), BAR_W bar, TRAY_W right rail (both bear-off trays), FRAME wooden frame above and below the points, HEAD name strip above and below the board, STACK checkers drawn apart before a stack is squeezed, MID gap between the two rows of points (the dice lie there), POINT_LEN point length, TRAY_H one tray's height, SLAB_W x SLAB_H a borne-off checker seen edge-on, DIE and CUBE their sides",
    spacing: "gaps between parts: BAR_STACK checkers drawn apart on the bar, BAR_GAP from the middle to the first checker on the bar, BAR_EDGE rail showing on each side of the bar's wood, POINT_INSET between a point's base and its column's edge, TRAY_INSET between the right rail's edges and a tray, SLAB_PAD between a tray's edge and its slabs, SLAB_GAP between slabs, DICE_GAP and DOUBLES_GAP between dice (two, or four for doubles), CUBE_MARGIN between the cube and the frame",
    style: "drawing details shared by both drawings: corner radii (rx), strokes, opacities, font sizes, and text baselines (dy: below the centre, or above/below an edge); a die face's pips as (x, y) in steps of pip_spread from its centre; note: the result's banner and the teaching bubble (bubble_pad: the teaching bubble's inner margin; char_w and bold_w: a character's width in font sizes, normal and bold)",
    colors: "fills and strokes; pairs are [seat 0, seat 1] or [gradient start, end]; checker is [highlight, body, rim] per seat"
  },
  board: {
    R: 25,
    P: 56,
    SIDE: 60,
    BAR_W: 64,
    TRAY_W: 76,
    FRAME: 14,
    HEAD: 48,
    STACK: 5,
    MID: 76,
    POINT_LEN: 228,
    TRAY_H: 250,
    SLAB_W: 48,
    SLAB_H: 14,
    DIE: 46,
    CUBE: 44
  },
  spacing: {
    BAR_STACK: 4,
    BAR_GAP: 8,
    BAR_EDGE: 4,
    POINT_INSET: 2,
    TRAY_INSET: 10,
    SLAB_PAD: 4,
    SLAB_GAP: 2,
    DICE_GAP: 14,
    DOUBLES_GAP: 6,
    CUBE_MARGIN: 6
  },
  style: {
    font: "system-ui, -apple-system, 'Segoe UI', sans-serif",
    corner: { board: 12, frame: 6 },
    shadow: { offset: [2, 3], opacity: 0.3 },
    edge_width: 1.2,
    checker: {
      gradient: { cx: 0.38, cy: 0.32, r: 0.75, mid: 0.55 },
      shadow: [1.5, 2.5],
      shadow_opacity: 0.28,
      body_inset: 0.5,
      ring_inset: 7,
      ring_width: 1.5,
      ring_opacity: 0.45,
      count_size: 17,
      count_dy: 6
    },
    felt: { r: 0.75 },
    bar: { wood_opacity: 0.55 },
    point: { edge_opacity: 0.18 },
    tray: { rx: 5, edge_width: 2 },
    slab: { rx: 3, edge_width: 1, shine_inset: [3, 2], shine_h: 3, shine_rx: 1.5, shine_opacity: 0.6 },
    die: {
      rx: 9,
      pip_spread: 11.5,
      pip_r: 4.6,
      faces: {
        "1": [[0, 0]],
        "2": [[-1, -1], [1, 1]],
        "3": [[-1, -1], [0, 0], [1, 1]],
        "4": [[-1, -1], [1, -1], [-1, 1], [1, 1]],
        "5": [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
        "6": [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]]
      }
    },
    cube: { rx: 7, centred_face: 64, size: 22, size_two_digits: 19, weight: 800, dy: 7 },
    numbers: { size: 10.5, opacity: 0.85, above: 3, below: 11 },
    strip: {
      dot_x: 26,
      dot_r: 12,
      dot_width_on_roll: 3,
      name_x: 48,
      name_size: 18,
      info_size: 16,
      margin: 16,
      dy: 6,
      marker_w: 5,
      marker_inset: 8,
      marker_rx: 2
    },
    title: { size: 14, dy: 5, opacity: 0.8 },
    prompt: { size: 16, dy: 6, dash: "5 4" },
    arrow: { box: 10, tip: 8, size: 5 },
    note: { size: 15, line: 19, pad: 9, rx: 8, bubble_pad: 5, char_w: 0.55, bold_w: 0.64, gap: 8, ring_width: 3 }
  },
  colors: {
    wood: ["#8a5a2e", "#5b3519"],
    rail: "#4a2a14",
    tray_edge: "#2a170a",
    strip: "#2e1d10",
    felt: ["#25684a", "#174833"],
    dark: "#9b3426",
    light: "#ead9b5",
    point_edge: "#000",
    shadow: "#000",
    checker: [
      ["#fffaf0", "#eadfca", "#b9a98b"],
      ["#6b4a3c", "#3a2720", "#140c09"]
    ],
    pip: ["#2a1a12", "#f3e8d2"],
    die: ["#fbf6ea", "#3a2720"],
    cube: "#fbf6ea",
    cube_edge: "#7d6a4d",
    cube_text: "#2a1a12",
    text: "#f3e4c4",
    lit: "#ffcc33",
    note: "#fffaf0",
    note_text: "#2a1a12",
    note_edge: "#c0392b"
  }
};

// src/geometry.js
var geometry_exports = {};
__export(geometry_exports, {
  BAR_EDGE: () => BAR_EDGE,
  BAR_GAP: () => BAR_GAP,
  BAR_STACK: () => BAR_STACK,
  BAR_W: () => BAR_W,
  BAR_X: () => BAR_X,
  BOARD_Y: () => BOARD_Y,
  BOTTOM_Y: () => BOTTOM_Y,
  CUBE: () => CUBE,
  CUBE_MARGIN: () => CUBE_MARGIN,
  DICE_GAP: () => DICE_GAP,
  DIE: () => DIE,
  DOUBLES_GAP: () => DOUBLES_GAP,
  FIELD_H: () => FIELD_H,
  FRAME: () => FRAME,
  H: () => H,
  HEAD: () => HEAD,
  LEFT_X: () => LEFT_X,
  MID: () => MID,
  MID_Y: () => MID_Y,
  P: () => P,
  POINT_INSET: () => POINT_INSET,
  POINT_LEN: () => POINT_LEN,
  R: () => R,
  RIGHT_X: () => RIGHT_X,
  SIDE: () => SIDE,
  SLAB_GAP: () => SLAB_GAP,
  SLAB_H: () => SLAB_H,
  SLAB_PAD: () => SLAB_PAD,
  SLAB_W: () => SLAB_W,
  STACK: () => STACK,
  TOP_Y: () => TOP_Y,
  TRAY_H: () => TRAY_H,
  TRAY_INSET: () => TRAY_INSET,
  TRAY_W: () => TRAY_W,
  TRAY_X: () => TRAY_X,
  W: () => W,
  barXY: () => barXY,
  checkerXY: () => checkerXY,
  cubeXY: () => cubeXY,
  diceXY: () => diceXY,
  hitTest: () => hitTest,
  isTop: () => isTop,
  pointX: () => pointX,
  q: () => q,
  slabXY: () => slabXY,
  spacing: () => spacing,
  trayRect: () => trayRect
});
var { R, P, SIDE, BAR_W, TRAY_W, FRAME, HEAD, STACK, MID, POINT_LEN, TRAY_H, SLAB_W, SLAB_H, DIE, CUBE } = look_default.board;
var {
  BAR_STACK,
  BAR_GAP,
  BAR_EDGE,
  POINT_INSET,
  TRAY_INSET,
  SLAB_PAD,
  SLAB_GAP,
  DICE_GAP,
  DOUBLES_GAP,
  CUBE_MARGIN
} = look_default.spacing;
var LEFT_X = SIDE;
var BAR_X = LEFT_X + 6 * P;
var RIGHT_X = BAR_X + BAR_W;
var TRAY_X = RIGHT_X + 6 * P;
var W = TRAY_X + TRAY_W;
var BOARD_Y = HEAD;
var TOP_Y = BOARD_Y + FRAME;
var FIELD_H = 2 * STACK * 2 * R + MID;
var BOTTOM_Y = TOP_Y + FIELD_H;
var MID_Y = TOP_Y + FIELD_H / 2;
var H = BOTTOM_Y + FRAME + HEAD;
var q = (v) => Math.round(v * 10) / 10;
function isTop(point) {
  return point >= 13;
}
function pointX(point) {
  if (point <= 6) return TRAY_X - (point - 0.5) * P;
  if (point <= 12) return BAR_X - (point - 6.5) * P;
  if (point <= 18) return LEFT_X + (point - 12.5) * P;
  return RIGHT_X + (point - 18.5) * P;
}
function spacing(n, places = STACK) {
  return n <= places ? 2 * R : (places - 1) * 2 * R / (n - 1);
}
function checkerXY(point, i, n) {
  const s = spacing(n);
  const x = pointX(point);
  return isTop(point) ? [q(x), q(TOP_Y + R + i * s)] : [q(x), q(BOTTOM_Y - R - i * s)];
}
function barXY(seat, i, n) {
  const s = spacing(n, BAR_STACK);
  const x = BAR_X + BAR_W / 2;
  return seat === 0 ? [q(x), q(MID_Y - R - BAR_GAP - i * s)] : [q(x), q(MID_Y + R + BAR_GAP + i * s)];
}
function trayRect(seat) {
  const x = TRAY_X + TRAY_INSET;
  const w = TRAY_W - 2 * TRAY_INSET;
  return seat === 1 ? [x, TOP_Y, w, TRAY_H] : [x, BOTTOM_Y - TRAY_H, w, TRAY_H];
}
function slabXY(seat, i) {
  const [x, y, , h2] = trayRect(seat);
  const step = SLAB_H + SLAB_GAP;
  return seat === 1 ? [x + SLAB_PAD, y + SLAB_PAD + i * step] : [x + SLAB_PAD, y + h2 - SLAB_PAD - SLAB_H - i * step];
}
function diceXY(seat, count) {
  const cx = seat === 0 ? RIGHT_X + 3 * P : LEFT_X + 3 * P;
  const gap = DIE + (count > 2 ? DOUBLES_GAP : DICE_GAP);
  return Array.from({ length: count }, (_, i) => [q(cx + (i - (count - 1) / 2) * gap), MID_Y]);
}
function cubeXY(owner, offeredTo = null) {
  if (offeredTo !== null) {
    const cx = offeredTo === 0 ? RIGHT_X + 3 * P : LEFT_X + 3 * P;
    return [q(cx - CUBE / 2), q(MID_Y - CUBE / 2)];
  }
  const x = (SIDE - CUBE) / 2;
  if (owner === 0) return [x, BOTTOM_Y - CUBE - CUBE_MARGIN];
  if (owner === 1) return [x, TOP_Y + CUBE_MARGIN];
  return [x, MID_Y - CUBE / 2];
}
function hitTest(x, y) {
  if (y < TOP_Y || y > BOTTOM_Y) return null;
  if (x >= BAR_X && x < RIGHT_X) return "bar";
  if (x >= TRAY_X && x < W) return "off";
  const top = y < MID_Y;
  if (x >= LEFT_X && x < BAR_X) {
    const c = Math.floor((x - LEFT_X) / P);
    return top ? 13 + c : 12 - c;
  }
  if (x >= RIGHT_X && x < TRAY_X) {
    const c = Math.floor((x - RIGHT_X) / P);
    return top ? 19 + c : 6 - c;
  }
  return null;
}

// src/board.js
function personMoving(state) {
  return !!state.can?.move;
}
function onTurn(state, seat) {
  return state.turn === seat && !["opening", "game-over", "match-over"].includes(state.phase);
}
function scoreless(state) {
  return state.tools === false && !state.match_length;
}
function movablePoints(state) {
  return new Set(personMoving(state) ? state.movable || [] : []);
}
function targets(state, from) {
  if (!personMoving(state) || !state.steps || from === null || from === void 0) return [];
  return state.steps[String(from)] || [];
}
function litPoints(state, from) {
  return new Set(targets(state, from).map((t2) => t2.to));
}
function dieTarget(state, from, which) {
  const single = targets(state, from).filter((t2) => t2.dice.length === 1);
  if (!single.length) return null;
  const left = state.dice_left || [];
  const high = Math.max(...left);
  const low = Math.min(...left);
  const order = which === "low" ? [low, high] : [high, low];
  for (const die2 of order) {
    const found = single.find((t2) => t2.dice[0] === die2);
    if (found) return found;
  }
  return single[0];
}
function boardOf(state) {
  return { points: state.points.slice(), bar: state.bar.slice(), off: state.off.slice() };
}
function applyStep(board, seat, [from, to, hit]) {
  const b = { points: board.points.slice(), bar: board.bar.slice(), off: board.off.slice() };
  const sign = seat === 0 ? 1 : -1;
  if (from === "bar") b.bar[seat] -= 1;
  else b.points[from - 1] -= sign;
  if (to === "off") {
    b.off[seat] += 1;
    return b;
  }
  if (hit) {
    b.points[to - 1] = 0;
    b.bar[1 - seat] += 1;
  }
  b.points[to - 1] += sign;
  return b;
}
function countAt(board, seat, p) {
  if (p === "bar") return board.bar[seat];
  if (p === "off") return board.off[seat];
  const v = board.points[p - 1];
  return seat === 0 ? Math.max(v, 0) : Math.max(-v, 0);
}
function nextIndex(index, length, key) {
  if (!length) return -1;
  if (key === "ArrowDown" || key === "ArrowRight") return (index + 1) % length;
  if (key === "ArrowUp" || key === "ArrowLeft") return (index - 1 + length) % length;
  if (key === "Home") return 0;
  if (key === "End") return length - 1;
  return index;
}

// ../src/bgwidget/labels.json
var labels_default = {
  en: {
    "number.decimal": ".",
    "number.percent": "{value}%",
    "board.reviewDecision": "Game {game}, move {move}: {name} \u2014 played {made}, best {best}, error {error}",
    "board.reviewForced": "forced",
    "board.reviewLuck": "luck of the roll {luck}",
    "board.reviewJoker": "joker {luck}",
    "board.reviewAntiJoker": "anti-joker {luck}",
    "board.reviewMwc": "match winning chance before: {mwc}",
    "board.reviewing": "Reviewing the match\u2026",
    "board.reviewProgress": "Reviewing\u2026 {done} of {total} turns",
    "board.preparingTables": "Preparing the bear-off tables, once\u2026",
    "board.rollingOut": "Rolling out the hint\u2019s plays\u2026 {done} of {total} trials",
    "board.reviewCancel": "Cancel",
    "board.reviewCancelled": "Review cancelled: the board is as it was.",
    "why.no-review-running": "No review is running.",
    "board.reviewFailed": "The review failed: {error}",
    "board.review": "Review",
    "board.reviewLeave": "Back to the game",
    "board.reviewFirst": "First",
    "board.reviewPrevious": "Previous",
    "board.reviewNext": "Next",
    "board.reviewLast": "Last",
    "board.reviewNextError": "Next error",
    "board.reviewCount": "Decision {n} of {count}",
    "board.reviewNone": "No decision to review yet.",
    "board.exportJson": "Save JSON",
    "board.exportMat": "Save .mat",
    "board.record": "Moves",
    "board.record.double": "Doubles to {value}",
    "board.record.beaver": "Beavers to {value}",
    "board.record.raccoon": "Raccoons to {value}",
    "board.record.take": "Takes",
    "board.record.pass": "Passes",
    "board.record.resign": "Resigns {points}",
    "board.record.accept": "Accepts",
    "board.record.decline": "Declines",
    "board.mwc": "MWC",
    "board.emg": "EMG",
    "board.ply": "Ply",
    "board.equity": "Equity",
    "why.reviewing": "The board is showing a review: leave it to play on.",
    "why.review-running": "A review is running: wait for it, or cancel it.",
    "why.not-reviewing": "No review is shown.",
    "why.no-error": "No error after this decision.",
    "why.no-mat": "A {format} file plays every game from the opening roll: this match has a game set up from a position. Save it as {other} instead.",
    "board.replay": "Replay the match",
    "board.replayAt": "Replay: game {game} of {games}",
    "board.replayPlay": "Play from here",
    "board.replayPreviousGame": "Previous game",
    "board.replayNextGame": "Next game",
    "board.replayCount": "Game {game} of {games} \xB7 step {n} of {count}",
    "why.replaying": "The board shows a replay: press Play from here to play on from this position.",
    "why.not-replaying": "No replay is shown.",
    "why.no-stop": "The replay has no such step.",
    "review.decisions": "Decisions",
    "review.unforced": "Unforced decisions",
    "review.mark.doubtful": "doubtful",
    "review.mark.bad": "bad",
    "review.mark.veryBad": "very bad",
    "review.totalError": "Total error",
    "review.averageError": "Average error per unforced decision",
    "review.pr": "Performance rating (PR)",
    "review.luck": "Luck",
    "review.luckAdjusted": "Luck-adjusted result",
    "review.unitsMatch": "Errors and luck in normalised equity (EMG) per game at a cube of 1; PR: 500 \xD7 the average error per unforced decision (eXtreme Gammon\u2019s rating, lower is better).",
    "review.unitsMoney": "Errors and luck in cubeful money equity per game at a cube of 1; PR: 500 \xD7 the average error per unforced decision (eXtreme Gammon\u2019s rating, lower is better).",
    "review.stopped": "The review was stopped: {n} decisions reviewed.",
    "review.worst": "Worst decisions",
    "review.noErrors": "No errors.",
    "review.game": "Game",
    "review.move": "Move",
    "review.player": "Player",
    "review.dice": "Roll",
    "review.made": "Played",
    "review.best": "Best",
    "review.error": "Error",
    "review.mark": "Mark",
    "review.noMove": "no move",
    "review.action.double": "double",
    "review.action.noDouble": "no double",
    "review.action.take": "take",
    "review.action.pass": "pass",
    "review.action.beaver": "beaver",
    "review.plot.mwc": "{name}: match winning chance",
    "review.plot.equity": "{name}: equity (cubeful, cube of 1)",
    "review.plot.decisions": "Decisions in play order",
    "review.plot.errors": "Error (doubtful, bad)",
    "review.plot.blunders": "Blunder (very bad)",
    "review.plot.game": "Game {n}",
    "why.checker-blocked": "The checker on point {from} cannot move: points {point} and {point2} are blocked, so neither die moves it, nor both together.",
    "why.bar-blocked": "Your checker on the bar cannot enter: points {point} and {point2} are blocked.",
    "why.game-in-play": "The game is still in play: a new one starts once it is over.",
    "why.doubles-max.one": "Doubles are played as many times as possible: one more move of {die} can be played.",
    "why.die-used": "The {die} of {dice} has already been played.",
    "why.die-not-rolled": "You rolled {dice}: there is no {die} to play.",
    "why.die-mismatch": "A {die} does not move a checker from {from} to {to}.",
    theBar: "the bar",
    theOff: "off",
    "why.borne-off": "A checker that has been borne off stays off.",
    "why.bar-empty": "You have no checker on the bar.",
    "why.opponent-checker": "The checker on point {point} is your opponent's: you move only your own.",
    "why.no-checker": "You have no checker on point {point}.",
    "why.no-play": "No checker can move with {dice}: the turn passes.",
    "why.dice-played": "Every die of {dice} that can be played has been played.",
    "why.bar-first": "While you have a checker on the bar, no other checker may move: enter it first.",
    "why.backwards": "Checkers move forward only, towards your home board: {move} goes backwards.",
    "why.not-all-home": "You may bear off only when all fifteen checkers are in your home board: {count} still outside, on {points}.",
    "why.no-die": "No die of {dice}, alone or added up, moves a checker {pips} pips.",
    "why.no-die.one": "No die of {dice}, alone or added up, moves a checker {pips} pip.",
    "why.same-point": "{move} goes nowhere: a move takes a checker forward, towards your home board.",
    "why.dice-left": "Only {count} moves of {die} are left of {dice}: together they do not move a checker {pips} pips.",
    "why.dice-left.one": "Only one {die} of {dice} is left: it does not move a checker {pips} pips.",
    "why.higher-die": "A {die} bears off from point {point} only when no checker stands higher, and you have one on point {highest}.",
    "why.doubles-max": "Doubles are played as many times as possible: {count} more moves of {die} can be played.",
    "why.larger-die": "Only one die can be played, so it must be the larger: play the {die}, not the {other}.",
    "why.both-dice": "Both dice must be played when possible: after {move}, the {other} could not be played.",
    "why.point-held": "Point {point} is blocked: your opponent has {count} checkers there.",
    "why.intermediate-held": "{move} moves one checker with more than one die, so it touches down on the way, and point {point} is blocked.",
    "why.play-incomplete": "The play is not finished: your {die} can still be played.",
    "why.nothing-to-undo": "There is no move of this roll to take back.",
    "why.must-play": "{dice} can be played here: a play must be made.",
    "why.no-play-typed": "Type a play first, such as 13/8 6/5.",
    "why.notation": "\u201C{move}\u201D is not written as a play: write moves such as 13/9, bar/22 or 6/off.",
    "why.position-id": "\u201C{id}\u201D is not a Position ID, which is 14 characters (A\u2013Z, a\u2013z, 0\u20139, + and /) for at most 15 checkers a side.",
    "why.setup-occupied": "That point holds the other side\u2019s checkers: a point holds the checkers of one side only.",
    "why.setup-won": "Nothing to play from here: a side has borne off all its checkers.",
    "why.setup-mid-play": "Part of this roll is played: undo it, or finish the play, before setting up a position.",
    "why.play-not-from-steps": "{play} does not go on from the checkers already moved: undo them first, or choose a play that keeps them.",
    "why.notation-count": "\u201C{move}\u201D: a move is repeated (1) to (4) times, not ({count}).",
    "why.hit-off": "\u201C{move}\u201D: a checker borne off hits nothing.",
    "why.hit-twice": "A blot on point {point} can be hit only once.",
    "why.too-many": "The play moves more checkers from {point} than you have there.",
    "why.no-hit": "The play marks a hit on point {point}, but there is no blot to hit there.",
    "why.ambiguous": "\u201C{move}\u201D could be several plays ({options}): mark the hits with * to choose.",
    "why.not-legal": "{move} is not a legal play with {dice}.",
    "why.not-started": "The game has not started: roll to see who starts.",
    "why.not-rolled": "Roll the dice first.",
    "why.already-rolled": "The dice are rolled: play them first.",
    "why.double-after-roll": "A double is offered before rolling, not after.",
    "why.offer-pending": "An offer is waiting for its answer.",
    "why.game-over": "The game is over.",
    "why.match-over": "The match is over.",
    "why.not-your-turn": "It is not your turn.",
    "why.not-your-answer": "The other side answers this offer.",
    "why.no-offer": "No double has been offered.",
    "why.no-beaver": "Only a double that has been offered can be beavered.",
    "why.no-raccoon": "A raccoon answers a beaver, and no beaver has been offered.",
    "why.no-resignation": "No resignation has been offered.",
    "why.no-cube": "This game is played without the doubling cube.",
    "why.no-tools": "This board only plays the position: hints, resigning, setting up, reviews and files are not offered here.",
    "why.one-point-match": "There is no doubling in a 1-point match: one game decides it.",
    "why.crawford": "This is the Crawford game: nobody may double in it.",
    "why.cube-owned": "Your opponent owns the cube: only the owner may redouble.",
    "why.cube-max": "The cube is at {value}, its highest value here: it cannot be doubled again.",
    "why.no-beavers": "Beavers are not allowed here.",
    "why.redouble-max": "That would put the cube at {value}, past its highest value here ({limit}).",
    "exercise.waiting": "Your roll: {dice}. Make your play on the board.",
    "exercise.started": "You have started: finish the play on the board.",
    "exercise.right": "Right: {play}. {why}",
    "exercise.wrong": "Not this one: {play}. A right answer: {answer}. {why}",
    "exercise.reset": "Reset",
    "exercise.showPlays": "Show the plays",
    "exercise.hidePlays": "Hide the plays",
    "exercise.plays": "Legal plays of {dice} ({n}): {plays}",
    "exercise.cubeQuestion": "Your opponent doubles. Take or pass? Answer with the board's buttons.",
    "exercise.take": "take",
    "exercise.pass": "pass",
    "exercise.rightCube": "Right: {answer}.",
    "exercise.wrongCube": "Not this one: {answer}.",
    "exercise.cubeNumbers": "The doubler wins {win} of the games ({gammon} with a gammon). Taking costs you {take} points per game on average, passing {passed}: take when taking costs less.",
    "net.needsNumpy": "The computer's numbers need {package}, which is not installed here: {command}.",
    "drill.play": "Your roll: {dice}. Find the best play and make it on the board.",
    "drill.double": "Your turn, before rolling: double, or roll without doubling?",
    "drill.take": "Your opponent doubles: take or pass?",
    "drill.best.play": "Right: {choice}, the best play.",
    "drill.best.cube": "Right: {choice}, the best action.",
    "drill.equal.play": "Right: {choice}, as good as the best play, {best}, to three decimals.",
    "drill.equal.cube": "Right: {choice}, as good as the best action, {best}, to three decimals.",
    "drill.near.play": "Right: {choice}, within {loss} of the best play, {best}.",
    "drill.near.cube": "Right: {choice}, within {loss} of the best action, {best}.",
    "drill.wrong.play": "Not this one: {choice} gives up {loss} against the best play, {best}.",
    "drill.wrong.cube": "Not this one: {choice} gives up {loss} against the best action, {best}.",
    "drill.answer": "The card's answer, {answer}, is right too.",
    "drill.loss": "{loss} points per game",
    "drill.lossMatch": "{loss} EMG",
    "drill.next": "Next card",
    "drill.none": "No card is due. The next one is due on {when}.",
    "drill.empty": "The deck has no cards.",
    "drill.due": "Cards due: {n}. Theme: {theme}.",
    "drill.choice.double": "double",
    "drill.choice.noDouble": "no double",
    "drill.choice.take": "take",
    "drill.choice.pass": "pass",
    "drill.button.double": "Double",
    "drill.button.noDouble": "No double",
    "drill.button.take": "Take",
    "drill.button.pass": "Pass",
    "drill.theme.opening": "opening",
    "drill.theme.middle-game": "middle game",
    "drill.theme.race": "race",
    "drill.theme.bear-off": "bear-off",
    "drill.theme.cube": "cube",
    roll: "Roll",
    done: "Done",
    undo: "Undo",
    double: "Double",
    take: "Take",
    pass: "Pass",
    beaver: "Beaver",
    raccoon: "Raccoon",
    hint: "Hint",
    "new-game": "New game",
    resign: "Resign",
    edit: "Set up",
    "edit-done": "Play from here",
    cancel: "Cancel",
    toRoll: "{name} to roll",
    toMove: "{name} to play {dice}",
    toConfirm: "{name}: Done ends the play",
    thinking: "{name} is thinking\u2026",
    offers: "{name} offers the cube at {value}",
    wins: "{name} wins {points}",
    winsMatch: "{name} wins the match",
    point: "1 point",
    points: "{n} points",
    opening: "Roll to see who starts",
    plays: "Possible plays",
    notation: "Type a play, e.g. 13/8 6/5",
    playNow: "Play",
    cannotMove: "No legal play: press Done",
    last: "Last play: {text}",
    dice: "Dice",
    positionId: "Position ID",
    bottom: "bottom",
    top: "top",
    expertPlays: "Expert's ranking (hover to see a play)",
    expertCube: "Expert's cube advice",
    cubeFor: "for {name}",
    equity: "equity",
    error: "error",
    win: "win",
    noDouble: "no double",
    doubleIt: "double",
    tooGood: "too good to double",
    takeIt: "take",
    passIt: "pass",
    beaverIt: "beaver",
    doubleTake: "double/take",
    doublePass: "double/pass",
    toRollYou: "Your roll",
    toMoveYou: "Your move: play {dice}",
    toConfirmYou: "Press Done to end your play",
    offersYou: "You offer the cube at {value}",
    winsYou: "you win {points}",
    winsMatchYou: "You win the match",
    clauses: "{first}: {second}",
    winSingle: "{name} wins a single game: {points}",
    winSingleYou: "You win a single game: {points}",
    winGammon: "{name} wins a gammon: {points}",
    winGammonYou: "You win a gammon: {points}",
    winBackgammon: "{name} wins a backgammon: {points}",
    winBackgammonYou: "You win a backgammon: {points}",
    resignSingle: "{name} resigns a single game",
    resignSingleYou: "You resign a single game",
    resignGammon: "{name} resigns a gammon",
    resignGammonYou: "You resign a gammon",
    resignBackgammon: "{name} resigns a backgammon",
    resignBackgammonYou: "You resign a backgammon",
    accept: "Accept",
    decline: "Decline",
    offersResign1: "{name} offers to resign a single game",
    offersResign1You: "You offer to resign a single game",
    offersResign2: "{name} offers to resign a gammon",
    offersResign2You: "You offer to resign a gammon",
    offersResign3: "{name} offers to resign a backgammon",
    offersResign3You: "You offer to resign a backgammon",
    takes: "{name} takes",
    takesYou: "You take",
    passes: "{name} passes",
    passesYou: "You pass",
    beavers: "{name} beavers",
    beaversYou: "You beaver",
    dance: "{name} cannot move with {dice}",
    danceYou: "You cannot move with {dice}",
    forced: "Only one play for {name}: {play}, played automatically",
    forcedYou: "Only one play: {play}, played for you",
    fallback: "{name} failed ({error}); {what} instead",
    safePlayed: "played {play}",
    safeNoPlay: "no play",
    safeNoDouble: "no double",
    safeTook: "took",
    computerError: "computer: {error}",
    cubeWhyCrawford: "Crawford game",
    cubeWhyOnePoint: "no cube in a 1-point match",
    cubeWhyOwned: "the opponent owns the cube",
    cubeWhyLimit: "the cube is at its limit",
    cubeWhyNone: "this game is played without the cube",
    resignWhat: "Resign:",
    resign1: "Single game",
    resign2: "Gammon",
    resign3: "Backgammon",
    resignCancel: "Cancel",
    "why.stale": "The board changed meanwhile: try again.",
    "why.thinking": "The computer is playing: wait for its turn to end.",
    "why.held": "This board is held on the answer given. Press Reset to put the position back.",
    held: "Answered. Press Reset to put the position back",
    "why.held-card": "This card is answered. Press Next card for the next one.",
    "held.card": "Answered. Press Next card for the next one",
    "why.computer-seat": "That side is played by the computer.",
    "why.setting-up": "The board is being set up: finish with Play from here or Cancel.",
    "why.no-person": "No person plays this game.",
    "why.no-hint": "A hint is for a roll to play, for the cube before rolling, or for a double.",
    "why.needs-numpy": "Hints and reviews need {package}, which is not installed here: {command}.",
    "why.can-move": "This checker can move: click it to see where.",
    "board.rollOut": "Roll out",
    "board.rolloutStop": "Stop the rollout",
    "board.rollout": "Rollout",
    "board.rolloutRunning": "Rolling out the best {plays} plays: {done} of {total} trials ({how})",
    "board.rolloutDone": "Rollout of the best {plays} plays: {done} trials ({how})",
    "board.rolloutStopped": "Rollout stopped: {done} of {total} trials ({how})",
    "board.rolloutFailed": "The rollout failed: {error}",
    "board.rolloutTruncated": "cubeless, truncated at {plies} plies",
    "board.rolloutToEnd": "cubeless, played to the end",
    "why.no-hint-plays": "A rollout is of the plays of a hint: ask for a hint after rolling first.",
    "why.rolling-out": "The hint's plays are being rolled out already.",
    "why.rolled-out": "The hint's plays are rolled out already.",
    "why.no-rollout-running": "No rollout is running.",
    pips: "pips",
    score: "score",
    money: "Money game",
    match: "{n}-point match",
    match1: "1-point match",
    crawford: "Crawford",
    onRoll: "On roll",
    nameBottom: "Bottom",
    nameTop: "Top",
    nameYou: "You",
    nameOpponent: "Opponent",
    nameComputer: "Computer",
    "level.easy": "Easy",
    "level.medium": "Medium",
    "level.expert": "Expert",
    "level.world-class": "World-class",
    "view.toggle3d": "3D board",
    "view.toggle2d": "2D board",
    "view.gameView": "Game view",
    "view.walk": "Walk around",
    "view.walkHelp": "Walk with W A S D, Z Q S D or the arrows; move the mouse to look; Escape or Game view to come back.",
    "view.noWebgl": "This browser cannot draw in 3D (WebGL is not available): the board is shown in 2D.",
    "view.fullScreen": "Full screen",
    "view.exitFullScreen": "Exit full screen",
    "view.loading": "Loading the 3D board\u2026",
    "why.spectator": "Spectators watch: only the two players can act.",
    "why.room-over": "This room's match is over: nothing more can be played in it.",
    "why.room-unknown": "The server has no room with that code: check the code you were given.",
    "why.seat-taken": "That seat is already taken.",
    "why.room-full": "Both seats of this room are taken: you can watch with the spectator code.",
    "why.bad-token": "That token does not open a seat of this room.",
    "why.waiting-opponent": "Your opponent has not taken their seat yet: the match starts when they do.",
    "why.opponent-here": "Your opponent is connected: only a match whose opponent has left can be claimed.",
    "why.claim-early": "Your opponent's seat is held for {seconds} more seconds: you may claim the match after that.",
    "why.stop-in-match": "A match is played to its end: only a money session can be stopped.",
    "why.bad-action": "That is not an action of the game: the actions are {actions}.",
    "why.bad-resign": "A resignation is of 1 (single game), 2 (gammon) or 3 (backgammon) points.",
    "why.bad-name": "A player's name has 1 to {longest} characters, on one line.",
    "why.bad-seed": "Your seed for the dice is 1 to {longest} printable characters.",
    "why.not-joined": "Join a room first.",
    "why.too-many-rooms": "One connection creates at most {count} rooms.",
    "why.bad-message": "The server did not understand that message.",
    "why.version": "This client speaks another version of the protocol than the server ({version}): update bgwidget.",
    "why.out-of-sync": "This copy of the game is out of step with the server: it asks for the whole game again.",
    "why.bad-format": "A match can be downloaded as {formats}.",
    "why.room-in-play": "The match is still being played: it can be downloaded once it is over.",
    "why.bad-spectate": "That spectator code does not open this room.",
    "why.server-full": "The server has as many rooms in play as it takes: try again later.",
    "why.room-too-long": "This room's record is as long as the server keeps ({count} actions): start a new room.",
    "why.online": "This board plays in a game server's room: the server makes the game, so play on the board.",
    "why.online-offline": "The connection to the game server is lost: the board reconnects by itself; act again once it has.",
    "why.online-pending": "Your last action is on its way to the server: wait for its answer.",
    "online.room": "Room {room}",
    "online.invite": "Your friend takes the other seat with:",
    "online.spectators": "Spectators join with the code {code}",
    "online.connecting": "Connecting to the game server\u2026",
    "online.reconnecting": "Connection to the game server lost: reconnecting\u2026",
    "online.here": "connected",
    "online.away": "away: seat held for {time}",
    "online.claimable": "away: you may claim the match",
    "online.waiting": "waiting for a player",
    "online.you": "you",
    "online.watching": "You are watching this room.",
    "online.sync": "In step with the server",
    "online.unsync": "Not in step with the server: the board is asking it for the whole game. If this stays, run the cell again.",
    "online.commitment": "Dice committed before the first roll: {hash}",
    "online.verified": "Dice verified: every roll follows from the committed seed and both players' seeds.",
    "online.verifyFailed": "Dice NOT verified: a roll does not follow from the seed the server revealed.",
    "online.tools": "This room allows Hint, rollouts and set-up during play.",
    "online.noTools": "Hint, rollouts and set-up are off until the match is over.",
    "online.pending": "Sent: waiting for the server\u2026",
    "online.end.timeout": "{name}'s clock ran out.",
    "online.end.forfeit": "{name} claimed the match: the opponent stayed away.",
    "online.end.stop": "The session was stopped.",
    "online.end.match": "The match is over.",
    claim: "Claim the match",
    "why.not-online": "Only a match played in a game server's room can be claimed from an absent opponent.",
    "race.newRace": "New race",
    "race.yourPips": "Your pips",
    "race.opponentPips": "Opponent's pips",
    "race.check": "Check",
    "race.countQuestion": "Count the pips of both sides, type the two counts and press Check.",
    "race.countRight": "Right: you have {mine} pips and your opponent {theirs}.",
    "race.countWrong": "Not quite: you have {mine} pips (you said {said_mine}) and your opponent {theirs} (you said {said_theirs}).",
    "race.cubeQuestion": "A race, you on roll, {cube}. What is your cube action?",
    "race.cubeCentre": "the cube in the middle",
    "race.cubeYours": "you own the cube",
    "race.noDouble": "No double",
    "race.doubleTake": "Double, take",
    "race.doublePass": "Double, pass",
    "race.cubeRight": "Right: {answer}.",
    "race.cubeWrong": "Not this one: you said {said}, the engine says {answer}.",
    "race.engine": "Engine: winning chances {win}; equity without doubling {nd}, doubled and taken {dt}, doubled and passed {dp}.",
    "race.formula": "{name}: {answer}.",
    "race.keith": "Keith count",
    "race.kleinman": "Kleinman count",
    "race.trice": "Trice's rule",
    "race.rule8912": "8-9-12 rule",
    "explain.none": "none",
    "explain.best": "{play} is the best play.",
    "explain.summary": "{play} gives up {error} points per game against {best}.",
    "explain.summaryMatch": "{play} gives up {error} in normalised equity (EMG) against {best}.",
    "explain.blots": "{play} leaves blots on {points}: {shots} rolls of 36 hit one.",
    "explain.noBlots": "{play} leaves no blot.",
    "explain.hits": "{play} puts {count} checkers on the bar.",
    "explain.hits.one": "{play} puts 1 checker on the bar.",
    "explain.noHit": "{play} hits no checker.",
    "explain.made": "Points {play} makes: {points}.",
    "explain.broken": "Points {play} breaks: {points}.",
    "explain.home": "Home-board points after {play}: {points}.",
    "explain.anchors": "Anchors after {play}: {points}.",
    "explain.prime": "Longest prime after {play}: {length} points in a row, from the {high} point to the {low} point.",
    "explain.noPrime": "After {play} no two made points stand in a row.",
    "explain.pips": "Pip counts after {play}: you {mine}, your opponent {theirs}.",
    "explain.chances": "{play}: wins {win_chance} of the games, {gammon_chance} with a gammon, and loses {lose_gammon_chance} with a gammon; equity {equity} points per game.",
    "explain.chancesMatch": "{play}: wins {win_chance} of the games, {gammon_chance} with a gammon, and loses {lose_gammon_chance} with a gammon; equity {equity} EMG.",
    "explain.change": "{best} instead of {play}: winning chances {win_change}, gammon chances {gammon_change}.",
    "explain.forced": "{play} was forced: no other play was legal.",
    "explain.cube.noDouble": "No double is possible: {why_reason}.",
    "explain.cube.right": "Your action, {made_action}, is the right one.",
    "explain.cube.equal": "Your action, {made_action}, is worth as much as {right_action} here, to the figures shown.",
    "explain.cube.wrong": "Your action, {made_action}, costs {cost} points per game at a cube of 1: the right one is {right_action}.",
    "explain.cube.wrongMatch": "Your action, {made_action}, costs {cost_chance} of match winning chance: the right one is {right_action}.",
    "explain.cube.chances": "The doubler wins {win_chance} of the games ({gammon_chance} with a gammon) and loses {lose_chance} ({lose_gammon_chance} with a gammon).",
    "explain.cube.takePoint": "To take, the taker needs to win {take_chance} of the games (Janowski's take point, cube efficiency {efficiency_x}), and wins {taker_chance}.",
    "explain.cube.takePointMatch": "At this score the taker needs to win {take_chance} of the games to take (match equity table, dead cube), and wins {taker_chance}.",
    "explain.cube.equities": "Cubeful equities for the doubler: no double {no_double}, double/take {double_take}, double/pass {double_pass}.",
    "explain.cube.mwc": "Match winning chances for the doubler: no double {no_double_chance}, double/take {double_take_chance}, double/pass {double_pass_chance}.",
    "explain.cube.right.named": "{player}'s action, {made_action}, is the right one.",
    "explain.cube.equal.named": "{player}'s action, {made_action}, is worth as much as {right_action} here, to the figures shown.",
    "explain.cube.wrong.named": "{player}'s action, {made_action}, costs {cost} points per game at a cube of 1: the right one is {right_action}.",
    "explain.cube.wrongMatch.named": "{player}'s action, {made_action}, costs {cost_chance} of match winning chance: the right one is {right_action}.",
    "explain.pips.named": "Pip counts after {play}: {player} {mine}, {opponent} {theirs}.",
    "tutor.title": "Tutor",
    "tutor.play": "This play is {mark}: it gives up {error}.",
    "tutor.cube": "Your cube action ({made}) is {mark}: it gives up {error}.",
    "tutor.best": "The Expert plays {best}.",
    "tutor.bestCube": "The Expert's choice: {best}.",
    "tutor.units": "Equity lost, in points per game (normalised in a match).",
    "tutor.accept": "Play anyway",
    "tutor.takeBack": "Take back",
    "why.tutor-waiting": "The tutor is waiting: choose Play anyway or Take back first.",
    "why.no-tutor-warning": "The tutor has no warning waiting to answer.",
    "tutor.more": "More ({n})"
  },
  fr: {
    "number.decimal": ",",
    "number.percent": "{value}\xA0%",
    "board.reviewDecision": "Partie {game}, coup {move} : {name} \u2014 jou\xE9 {made}, meilleur {best}, erreur {error}",
    "board.reviewForced": "forc\xE9",
    "board.reviewLuck": "chance du lancer {luck}",
    "board.reviewJoker": "joker {luck}",
    "board.reviewAntiJoker": "anti-joker {luck}",
    "board.reviewMwc": "chances de gagner le match avant : {mwc}",
    "board.reviewing": "Analyse du match en cours\u2026",
    "board.reviewProgress": "Analyse en cours\u2026 tour {done} sur {total}",
    "board.preparingTables": "Pr\xE9paration des tables de sortie des pions, une seule fois\u2026",
    "board.rollingOut": "Rollout des coups conseill\xE9s\u2026 {done} parties sur {total}",
    "board.reviewCancel": "Annuler",
    "board.reviewCancelled": "Analyse annul\xE9e : le plateau est tel qu\u2019il \xE9tait.",
    "why.no-review-running": "Aucune analyse n\u2019est en cours.",
    "board.reviewFailed": "L\u2019analyse a \xE9chou\xE9 : {error}",
    "board.review": "Analyser",
    "board.reviewLeave": "Retour \xE0 la partie",
    "board.reviewFirst": "D\xE9but",
    "board.reviewPrevious": "Pr\xE9c\xE9dent",
    "board.reviewNext": "Suivant",
    "board.reviewLast": "Fin",
    "board.reviewNextError": "Erreur suivante",
    "board.reviewCount": "D\xE9cision {n} sur {count}",
    "board.reviewNone": "Aucune d\xE9cision \xE0 analyser pour l\u2019instant.",
    "board.exportJson": "Enregistrer en JSON",
    "board.exportMat": "Enregistrer en .mat",
    "board.record": "Coups",
    "board.record.double": "Double \xE0 {value}",
    "board.record.beaver": "Castor \xE0 {value}",
    "board.record.raccoon": "Raton laveur \xE0 {value}",
    "board.record.take": "Accepte",
    "board.record.pass": "Refuse",
    "board.record.resign": "Abandonne {points}",
    "board.record.accept": "Accepte l\u2019abandon",
    "board.record.decline": "Refuse l\u2019abandon",
    "board.mwc": "Chances de match",
    "board.emg": "EMG",
    "board.ply": "Profondeur",
    "board.equity": "\xC9quit\xE9",
    "why.reviewing": "Le plateau montre une analyse : quittez-la pour continuer \xE0 jouer.",
    "why.review-running": "Une analyse est en cours : attendez-la ou annulez-la.",
    "why.not-reviewing": "Aucune analyse n\u2019est affich\xE9e.",
    "why.no-error": "Pas d\u2019erreur apr\xE8s cette d\xE9cision.",
    "why.no-mat": "Un fichier {format} joue chaque partie depuis le lancer d\u2019ouverture : ce match a une partie mise en place \xE0 partir d\u2019une disposition des pions. Enregistrez-le en {other}.",
    "board.replay": "Revoir le match",
    "board.replayAt": "Relecture : partie {game} sur {games}",
    "board.replayPlay": "Jouer \xE0 partir d\u2019ici",
    "board.replayPreviousGame": "Partie pr\xE9c\xE9dente",
    "board.replayNextGame": "Partie suivante",
    "board.replayCount": "Partie {game} sur {games} \xB7 \xE9tape {n} sur {count}",
    "why.replaying": "Le plateau montre une relecture : appuyez sur Jouer \xE0 partir d\u2019ici pour continuer depuis cette position.",
    "why.not-replaying": "Aucune relecture n\u2019est affich\xE9e.",
    "why.no-stop": "La relecture n\u2019a pas cette \xE9tape.",
    "review.decisions": "D\xE9cisions",
    "review.unforced": "D\xE9cisions non forc\xE9es",
    "review.mark.doubtful": "douteux",
    "review.mark.bad": "mauvais",
    "review.mark.veryBad": "tr\xE8s mauvais",
    "review.totalError": "Erreur totale",
    "review.averageError": "Erreur moyenne par d\xE9cision non forc\xE9e",
    "review.pr": "Indice de performance (PR)",
    "review.luck": "Chance",
    "review.luckAdjusted": "R\xE9sultat corrig\xE9 de la chance",
    "review.unitsMatch": "Erreurs et chance en \xE9quit\xE9 normalis\xE9e (EMG) par partie, videau \xE0 1 ; PR : 500 \xD7 l\u2019erreur moyenne par d\xE9cision non forc\xE9e (l\u2019indice d\u2019eXtreme Gammon, plus il est bas, mieux c\u2019est).",
    "review.unitsMoney": "Erreurs et chance en \xE9quit\xE9 de partie d\u2019argent avec videau, par partie, videau \xE0 1 ; PR : 500 \xD7 l\u2019erreur moyenne par d\xE9cision non forc\xE9e (l\u2019indice d\u2019eXtreme Gammon, plus il est bas, mieux c\u2019est).",
    "review.stopped": "L\u2019analyse a \xE9t\xE9 interrompue : {n} d\xE9cisions analys\xE9es.",
    "review.worst": "Pires d\xE9cisions",
    "review.noErrors": "Aucune erreur.",
    "review.game": "Partie",
    "review.move": "Coup",
    "review.player": "Joueur",
    "review.dice": "D\xE9s",
    "review.made": "Jou\xE9",
    "review.best": "Meilleur",
    "review.error": "Erreur",
    "review.mark": "Appr\xE9ciation",
    "review.noMove": "aucun coup",
    "review.action.double": "doubler",
    "review.action.noDouble": "pas de double",
    "review.action.take": "prendre",
    "review.action.pass": "passer",
    "review.action.beaver": "castor",
    "review.plot.mwc": "{name} : chances de gagner le match",
    "review.plot.equity": "{name} : \xE9quit\xE9 (avec videau, videau \xE0 1)",
    "review.plot.decisions": "D\xE9cisions dans l\u2019ordre du jeu",
    "review.plot.errors": "Erreur (douteux, mauvais)",
    "review.plot.blunders": "Gaffe (tr\xE8s mauvais)",
    "review.plot.game": "Partie {n}",
    "why.checker-blocked": "Le pion de la fl\xE8che {from} ne peut pas bouger : les fl\xE8ches {point} et {point2} sont ferm\xE9es, si bien qu\u2019aucun d\xE9 ne le d\xE9place, ni les deux ensemble.",
    "why.bar-blocked": "Votre pion sur la barre ne peut pas rentrer : les fl\xE8ches {point} et {point2} sont ferm\xE9es.",
    "why.game-in-play": "La partie est encore en cours : une nouvelle commence quand elle est finie.",
    "why.doubles-max.one": "Un double se joue autant de fois que possible : vous pouvez encore jouer un d\xE9placement de {die}.",
    "why.die-used": "Le {die} de {dice} a d\xE9j\xE0 \xE9t\xE9 jou\xE9.",
    "why.die-not-rolled": "Vous avez fait {dice} : il n\u2019y a pas de {die} \xE0 jouer.",
    "why.die-mismatch": "Un {die} ne m\xE8ne pas un pion de {from} \xE0 {to}.",
    theBar: "la barre",
    theOff: "dehors",
    "why.borne-off": "Un pion sorti ne revient pas en jeu.",
    "why.bar-empty": "Vous n\u2019avez aucun pion sur la barre.",
    "why.opponent-checker": "Le pion de la fl\xE8che {point} est \xE0 votre adversaire : vous ne jouez que les v\xF4tres.",
    "why.no-checker": "Vous n\u2019avez aucun pion sur la fl\xE8che {point}.",
    "why.no-play": "Aucun pion ne peut jouer {dice} : vous passez votre tour.",
    "why.dice-played": "Tous les d\xE9s de {dice} qui pouvaient \xEAtre jou\xE9s l\u2019ont \xE9t\xE9.",
    "why.bar-first": "Tant qu\u2019un de vos pions est sur la barre, aucun autre ne peut bouger : faites-le d\u2019abord rentrer.",
    "why.backwards": "Les pions n\u2019avancent que vers votre jan int\xE9rieur : {move} recule.",
    "why.not-all-home": "Vous ne pouvez sortir des pions que lorsque les quinze sont dans votre jan int\xE9rieur : {count} encore dehors, sur {points}.",
    "why.no-die": "Aucun d\xE9 de {dice}, seul ou additionn\xE9, n\u2019avance un pion de {pips} cases.",
    "why.no-die.one": "Aucun d\xE9 de {dice}, seul ou additionn\xE9, n\u2019avance un pion de {pips} case.",
    "why.same-point": "{move} ne m\xE8ne nulle part : un d\xE9placement fait avancer un pion vers votre jan int\xE9rieur.",
    "why.dice-left": "Il ne reste que {count} d\xE9placements de {die} sur {dice} : ensemble, ils n\u2019avancent pas un pion de {pips} cases.",
    "why.dice-left.one": "Il ne reste qu\u2019un {die} de {dice} : il n\u2019avance pas un pion de {pips} cases.",
    "why.higher-die": "Un {die} ne sort un pion de la fl\xE8che {point} que si aucun pion n\u2019est plus haut, et vous en avez un sur la fl\xE8che {highest}.",
    "why.doubles-max": "Un double se joue autant de fois que possible : vous pouvez encore jouer {count} d\xE9placements de {die}.",
    "why.larger-die": "Un seul d\xE9 peut \xEAtre jou\xE9, il faut donc jouer le plus fort : le {die}, pas le {other}.",
    "why.both-dice": "Il faut jouer les deux d\xE9s quand c\u2019est possible : apr\xE8s {move}, le {other} ne pourrait plus \xEAtre jou\xE9.",
    "why.point-held": "La fl\xE8che {point} est ferm\xE9e : votre adversaire y a {count} pions.",
    "why.intermediate-held": "{move} fait jouer plusieurs d\xE9s au m\xEAme pion, qui fait escale en chemin, et la fl\xE8che {point} est ferm\xE9e.",
    "why.play-incomplete": "Le coup n\u2019est pas fini : votre {die} peut encore \xEAtre jou\xE9.",
    "why.nothing-to-undo": "Aucun d\xE9placement de ce lancer n\u2019est \xE0 reprendre.",
    "why.must-play": "{dice} se joue ici : il faut jouer un coup.",
    "why.no-play-typed": "Tapez d\u2019abord un coup, par exemple 13/8 6/5.",
    "why.notation": "\xAB {move} \xBB ne s\u2019\xE9crit pas comme un coup : notez les d\xE9placements ainsi, 13/9, bar/22 ou 6/off.",
    "why.position-id": "\xAB {id} \xBB n\u2019est pas un ID de position, qui s\u2019\xE9crit en 14 caract\xE8res (A\u2013Z, a\u2013z, 0\u20139, + et /) pour au plus 15 pions par camp.",
    "why.setup-occupied": "Cette fl\xE8che porte les pions de l\u2019autre camp : une fl\xE8che ne porte les pions que d\u2019un seul camp.",
    "why.setup-won": "Rien \xE0 jouer \xE0 partir d\u2019ici : un camp a sorti tous ses pions.",
    "why.setup-mid-play": "Une partie de ce lancer est jou\xE9e : annulez-la, ou terminez le coup, avant de placer une position.",
    "why.play-not-from-steps": "{play} ne prolonge pas les pions d\xE9j\xE0 d\xE9plac\xE9s : annulez-les d\u2019abord, ou choisissez un coup qui les garde.",
    "why.notation-count": "\xAB {move} \xBB : un d\xE9placement se r\xE9p\xE8te de (1) \xE0 (4) fois, pas ({count}).",
    "why.hit-off": "\xAB {move} \xBB : un pion qui sort ne frappe rien.",
    "why.hit-twice": "Une dame d\xE9couverte sur la fl\xE8che {point} ne se frappe qu\u2019une fois.",
    "why.too-many": "Le coup d\xE9place depuis {point} plus de pions que vous n\u2019en avez l\xE0.",
    "why.no-hit": "Le coup marque une frappe sur la fl\xE8che {point}, mais il n\u2019y a pas de dame d\xE9couverte \xE0 frapper.",
    "why.ambiguous": "\xAB {move} \xBB peut d\xE9signer plusieurs coups ({options}) : marquez les frappes d\u2019une * pour choisir.",
    "why.not-legal": "{move} n\u2019est pas un coup permis avec {dice}.",
    "why.not-started": "La partie n\u2019a pas commenc\xE9 : lancez pour savoir qui commence.",
    "why.not-rolled": "Lancez d\u2019abord les d\xE9s.",
    "why.already-rolled": "Les d\xE9s sont lanc\xE9s : jouez-les d\u2019abord.",
    "why.double-after-roll": "On double avant de lancer les d\xE9s, pas apr\xE8s.",
    "why.offer-pending": "Une proposition attend sa r\xE9ponse.",
    "why.game-over": "La partie est finie.",
    "why.match-over": "Le match est fini.",
    "why.not-your-turn": "Ce n\u2019est pas votre tour.",
    "why.not-your-answer": "C\u2019est \xE0 l\u2019autre camp de r\xE9pondre \xE0 cette proposition.",
    "why.no-offer": "Aucun double n\u2019a \xE9t\xE9 propos\xE9.",
    "why.no-beaver": "Seul un double qui vient d\u2019\xEAtre propos\xE9 peut recevoir un castor.",
    "why.no-raccoon": "Le raton laveur r\xE9pond \xE0 un castor, et aucun castor n\u2019a \xE9t\xE9 propos\xE9.",
    "why.no-resignation": "Aucun abandon n\u2019a \xE9t\xE9 propos\xE9.",
    "why.no-cube": "Cette partie se joue sans videau.",
    "why.no-tools": "Ce plateau sert seulement \xE0 jouer la position : conseils, abandon, mise en place, analyse et fichiers n\u2019y sont pas propos\xE9s.",
    "why.one-point-match": "On ne double pas dans un match en 1 point : une seule partie le d\xE9cide.",
    "why.crawford": "C\u2019est la partie Crawford : personne ne peut y doubler.",
    "why.cube-owned": "Le videau appartient \xE0 votre adversaire : seul son propri\xE9taire peut redoubler.",
    "why.cube-max": "Le videau est \xE0 {value}, sa plus haute valeur ici : il ne peut plus \xEAtre doubl\xE9.",
    "why.no-beavers": "Le castor n\u2019est pas permis ici.",
    "why.redouble-max": "Le videau passerait \xE0 {value}, au-del\xE0 de sa plus haute valeur ici ({limit}).",
    "exercise.waiting": "Votre lancer : {dice}. Jouez votre coup sur le plateau.",
    "exercise.started": "Vous avez commenc\xE9 : terminez le coup sur le plateau.",
    "exercise.right": "Juste : {play}. {why}",
    "exercise.wrong": "Pas celui-ci : {play}. Une bonne r\xE9ponse : {answer}. {why}",
    "exercise.reset": "Recommencer",
    "exercise.showPlays": "Montrer les coups",
    "exercise.hidePlays": "Cacher les coups",
    "exercise.plays": "Coups l\xE9gaux avec {dice} ({n}) : {plays}",
    "exercise.cubeQuestion": "Votre adversaire double. Accepter ou refuser ? R\xE9pondez avec les boutons du plateau.",
    "exercise.take": "accepter",
    "exercise.pass": "refuser",
    "exercise.rightCube": "Juste : {answer}.",
    "exercise.wrongCube": "Pas cette r\xE9ponse : {answer}.",
    "exercise.cubeNumbers": "Le doubleur gagne {win} des parties ({gammon} par un gammon). Accepter vous co\xFBte en moyenne {take} point par partie, refuser {passed} : acceptez quand accepter co\xFBte moins.",
    "net.needsNumpy": "Les chiffres de l\u2019ordinateur demandent {package}, qui n\u2019est pas install\xE9 ici : {command}.",
    "drill.play": "Votre lancer : {dice}. Trouvez le meilleur coup et jouez-le sur le plateau.",
    "drill.double": "\xC0 vous, avant de lancer : doubler, ou lancer sans doubler ?",
    "drill.take": "Votre adversaire double : accepter ou refuser ?",
    "drill.best.play": "Juste : {choice}, le meilleur coup.",
    "drill.best.cube": "Juste : {choice}, la meilleure d\xE9cision.",
    "drill.equal.play": "Juste : {choice} vaut autant que le meilleur coup, {best}, \xE0 la troisi\xE8me d\xE9cimale pr\xE8s.",
    "drill.equal.cube": "Juste : {choice} vaut autant que la meilleure d\xE9cision, {best}, \xE0 la troisi\xE8me d\xE9cimale pr\xE8s.",
    "drill.near.play": "Juste : {choice}, \xE0 {loss} du meilleur coup, {best}.",
    "drill.near.cube": "Juste : {choice}, \xE0 {loss} de la meilleure d\xE9cision, {best}.",
    "drill.wrong.play": "Pas celui-ci : {choice} perd {loss} face au meilleur coup, {best}.",
    "drill.wrong.cube": "Pas celle-ci : {choice} perd {loss} face \xE0 la meilleure d\xE9cision, {best}.",
    "drill.answer": "La r\xE9ponse de la carte, {answer}, est juste elle aussi.",
    "drill.loss": "{loss} point par partie",
    "drill.lossMatch": "{loss} EMG",
    "drill.next": "Carte suivante",
    "drill.none": "Aucune carte \xE0 revoir. La prochaine est \xE0 revoir le {when}.",
    "drill.empty": "Le paquet n\u2019a aucune carte.",
    "drill.due": "Cartes \xE0 revoir : {n}. Th\xE8me : {theme}.",
    "drill.choice.double": "doubler",
    "drill.choice.noDouble": "ne pas doubler",
    "drill.choice.take": "accepter",
    "drill.choice.pass": "refuser",
    "drill.button.double": "Doubler",
    "drill.button.noDouble": "Ne pas doubler",
    "drill.button.take": "Accepter",
    "drill.button.pass": "Refuser",
    "drill.theme.opening": "ouverture",
    "drill.theme.middle-game": "milieu de partie",
    "drill.theme.race": "course",
    "drill.theme.bear-off": "sortie des pions",
    "drill.theme.cube": "videau",
    roll: "Lancer",
    done: "Termin\xE9",
    undo: "Annuler",
    double: "Doubler",
    take: "Accepter",
    pass: "Refuser",
    beaver: "Castor",
    raccoon: "Raton laveur",
    hint: "Conseil",
    "new-game": "Nouvelle partie",
    resign: "Abandonner",
    edit: "Placer",
    cancel: "Annuler la mise en place",
    "edit-done": "Jouer d\u2019ici",
    toRoll: "\xC0 {name} de lancer",
    toMove: "\xC0 {name} de jouer {dice}",
    toConfirm: "{name} : Termin\xE9 finit le coup",
    thinking: "{name} r\xE9fl\xE9chit\u2026",
    offers: "{name} propose le videau \xE0 {value}",
    wins: "{name} gagne {points}",
    winsMatch: "{name} gagne le match",
    point: "1 point",
    points: "{n} points",
    opening: "Lancez pour savoir qui commence",
    plays: "Coups possibles",
    notation: "Tapez un coup, p. ex. 13/8 6/5",
    playNow: "Jouer",
    cannotMove: "Aucun coup l\xE9gal : Termin\xE9",
    last: "Dernier coup : {text}",
    dice: "D\xE9s",
    positionId: "ID de position",
    bottom: "bas",
    top: "haut",
    expertPlays: "Classement de l\u2019expert (survolez un coup pour le voir)",
    expertCube: "Conseil de l\u2019expert pour le videau",
    cubeFor: "pour {name}",
    equity: "\xE9quit\xE9",
    error: "erreur",
    win: "gain",
    noDouble: "pas de double",
    doubleIt: "doubler",
    tooGood: "trop bon pour doubler",
    takeIt: "accepter",
    passIt: "refuser",
    beaverIt: "castor",
    doubleTake: "double/accept\xE9",
    doublePass: "double/refus\xE9",
    toRollYou: "\xC0 vous de lancer",
    toMoveYou: "\xC0 vous de jouer {dice}",
    toConfirmYou: "Appuyez sur Termin\xE9 pour finir votre coup",
    offersYou: "Vous proposez le videau \xE0 {value}",
    winsYou: "vous gagnez {points}",
    winsMatchYou: "Vous gagnez le match",
    clauses: "{first} : {second}",
    winSingle: "{name} gagne une partie simple : {points}",
    winSingleYou: "Vous gagnez une partie simple : {points}",
    winGammon: "{name} gagne un gammon : {points}",
    winGammonYou: "Vous gagnez un gammon : {points}",
    winBackgammon: "{name} gagne un backgammon : {points}",
    winBackgammonYou: "Vous gagnez un backgammon : {points}",
    resignSingle: "{name} abandonne une partie simple",
    resignSingleYou: "Vous abandonnez une partie simple",
    resignGammon: "{name} abandonne un gammon",
    resignGammonYou: "Vous abandonnez un gammon",
    resignBackgammon: "{name} abandonne un backgammon",
    resignBackgammonYou: "Vous abandonnez un backgammon",
    accept: "Accepter l\u2019abandon",
    decline: "Refuser l\u2019abandon",
    offersResign1: "{name} propose d\u2019abandonner une partie simple",
    offersResign1You: "Vous proposez d\u2019abandonner une partie simple",
    offersResign2: "{name} propose d\u2019abandonner un gammon",
    offersResign2You: "Vous proposez d\u2019abandonner un gammon",
    offersResign3: "{name} propose d\u2019abandonner un backgammon",
    offersResign3You: "Vous proposez d\u2019abandonner un backgammon",
    takes: "{name} accepte",
    takesYou: "Vous acceptez",
    passes: "{name} refuse",
    passesYou: "Vous refusez",
    beavers: "{name} r\xE9pond castor",
    beaversYou: "Vous r\xE9pondez castor",
    dance: "{name} ne peut pas jouer avec {dice}",
    danceYou: "Vous ne pouvez pas jouer avec {dice}",
    forced: "Un seul coup possible pour {name} : {play}, jou\xE9 automatiquement",
    forcedYou: "Un seul coup possible : {play}, jou\xE9 pour vous",
    fallback: "{name} a \xE9chou\xE9 ({error}) ; {what} \xE0 la place",
    safePlayed: "a jou\xE9 {play}",
    safeNoPlay: "aucun coup",
    safeNoDouble: "pas de double",
    safeTook: "a accept\xE9",
    computerError: "ordinateur : {error}",
    cubeWhyCrawford: "partie Crawford",
    cubeWhyOnePoint: "pas de videau dans un match en 1 point",
    cubeWhyOwned: "l\u2019adversaire poss\xE8de le videau",
    cubeWhyLimit: "le videau est \xE0 son maximum",
    cubeWhyNone: "cette partie se joue sans videau",
    resignWhat: "Abandonner :",
    resign1: "Partie simple",
    resign2: "Gammon",
    resign3: "Backgammon",
    resignCancel: "Annuler",
    "why.stale": "Le plateau a chang\xE9 entre-temps : r\xE9essayez.",
    "why.thinking": "L\u2019ordinateur joue : attendez la fin de son tour.",
    "why.held": "Ce plateau garde la r\xE9ponse donn\xE9e. Appuyez sur Recommencer pour remettre la position.",
    held: "Corrig\xE9. Appuyez sur Recommencer pour remettre la position",
    "why.held-card": "Cette carte a d\xE9j\xE0 sa r\xE9ponse. Appuyez sur Carte suivante pour passer \xE0 la suivante.",
    "held.card": "R\xE9pondu. Appuyez sur Carte suivante pour passer \xE0 la suivante",
    "why.computer-seat": "Ce camp est jou\xE9 par l\u2019ordinateur.",
    "why.setting-up": "Mise en place en cours : terminez par \xAB Jouer d\u2019ici \xBB ou annulez.",
    "why.no-person": "Personne ne joue cette partie.",
    "why.no-hint": "Un conseil porte sur un coup \xE0 jouer, sur le videau avant de lancer ou sur un double.",
    "why.needs-numpy": "Les conseils et l\u2019analyse demandent {package}, qui n\u2019est pas install\xE9 ici : {command}.",
    "why.can-move": "Ce pion peut bouger : cliquez dessus pour voir o\xF9.",
    "board.rollOut": "Faire un rollout",
    "board.rolloutStop": "Arr\xEAter le rollout",
    "board.rollout": "Rollout",
    "board.rolloutRunning": "Rollout des {plays} meilleurs coups : {done} parties sur {total} ({how})",
    "board.rolloutDone": "Rollout des {plays} meilleurs coups : {done} parties ({how})",
    "board.rolloutStopped": "Rollout arr\xEAt\xE9 : {done} parties sur {total} ({how})",
    "board.rolloutFailed": "Le rollout a \xE9chou\xE9 : {error}",
    "board.rolloutTruncated": "sans videau, tronqu\xE9 \xE0 {plies} demi-coups",
    "board.rolloutToEnd": "sans videau, jou\xE9 jusqu\u2019au bout",
    "why.no-hint-plays": "Un rollout porte sur les coups d\u2019un conseil : demandez d\u2019abord un conseil apr\xE8s avoir lanc\xE9.",
    "why.rolling-out": "Le rollout des coups du conseil est d\xE9j\xE0 en cours.",
    "why.rolled-out": "Le rollout des coups du conseil est d\xE9j\xE0 fait.",
    "why.no-rollout-running": "Aucun rollout n\u2019est en cours.",
    pips: "pips",
    score: "score",
    money: "Partie d\u2019argent",
    match: "Match en {n} points",
    match1: "Match en 1 point",
    crawford: "Crawford",
    onRoll: "Au trait",
    nameBottom: "Bas",
    nameTop: "Haut",
    nameYou: "Vous",
    nameOpponent: "Adversaire",
    nameComputer: "Ordinateur",
    "level.easy": "Facile",
    "level.medium": "Moyen",
    "level.expert": "Expert",
    "level.world-class": "Classe mondiale",
    "view.toggle3d": "Plateau en 3D",
    "view.toggle2d": "Plateau en 2D",
    "view.gameView": "Vue de jeu",
    "view.walk": "Se promener",
    "view.walkHelp": "Marchez avec Z Q S D, W A S D ou les fl\xE8ches ; bougez la souris pour regarder ; \xC9chap ou Vue de jeu pour revenir.",
    "view.noWebgl": "Ce navigateur ne peut pas dessiner en 3D (WebGL n\u2019est pas disponible) : le plateau est montr\xE9 en 2D.",
    "view.fullScreen": "Plein \xE9cran",
    "view.exitFullScreen": "Quitter le plein \xE9cran",
    "view.loading": "Chargement du plateau en 3D\u2026",
    "why.spectator": "Les spectateurs regardent : seuls les deux joueurs peuvent jouer.",
    "why.room-over": "Le match de cette salle est termin\xE9 : on ne peut plus y jouer.",
    "why.room-unknown": "Le serveur n\u2019a pas de salle avec ce code : v\xE9rifiez le code re\xE7u.",
    "why.seat-taken": "Cette place est d\xE9j\xE0 prise.",
    "why.room-full": "Les deux places de cette salle sont prises : vous pouvez regarder avec le code spectateur.",
    "why.bad-token": "Ce jeton n\u2019ouvre aucune place de cette salle.",
    "why.waiting-opponent": "Votre adversaire n\u2019a pas encore pris sa place : le match commence quand il la prend.",
    "why.opponent-here": "Votre adversaire est connect\xE9 : on ne r\xE9clame que le match d\u2019un adversaire parti.",
    "why.claim-early": "La place de votre adversaire est gard\xE9e encore {seconds} secondes : vous pourrez r\xE9clamer le match ensuite.",
    "why.stop-in-match": "Un match se joue jusqu\u2019au bout : seule une partie d\u2019argent peut \xEAtre arr\xEAt\xE9e.",
    "why.bad-action": "Ce n\u2019est pas une action du jeu : les actions sont {actions}.",
    "why.bad-resign": "Un abandon vaut 1 (simple), 2 (gammon) ou 3 (backgammon) points.",
    "why.bad-name": "Le nom d\u2019un joueur a de 1 \xE0 {longest} caract\xE8res, sur une ligne.",
    "why.bad-seed": "Votre graine pour les d\xE9s a de 1 \xE0 {longest} caract\xE8res imprimables.",
    "why.not-joined": "Rejoignez d\u2019abord une salle.",
    "why.too-many-rooms": "Une connexion cr\xE9e au plus {count} salles.",
    "why.bad-message": "Le serveur n\u2019a pas compris ce message.",
    "why.version": "Ce client parle une autre version du protocole que le serveur ({version}) : mettez bgwidget \xE0 jour.",
    "why.out-of-sync": "Cette copie de la partie n\u2019est plus au pas du serveur : elle redemande toute la partie.",
    "why.bad-format": "Un match se t\xE9l\xE9charge en {formats}.",
    "why.room-in-play": "Le match est encore en cours : on peut le t\xE9l\xE9charger quand il est fini.",
    "why.bad-spectate": "Ce code spectateur n\u2019ouvre pas cette salle.",
    "why.server-full": "Le serveur a autant de salles en jeu qu\u2019il peut en prendre : r\xE9essayez plus tard.",
    "why.room-too-long": "Le relev\xE9 de cette salle a atteint la taille que le serveur garde ({count} actions) : ouvrez une nouvelle salle.",
    "why.online": "Ce plateau joue dans une salle d'un serveur de jeu : c'est le serveur qui fait la partie, jouez donc sur le plateau.",
    "why.online-offline": "La connexion au serveur de jeu est perdue : le plateau se reconnecte tout seul ; rejouez ensuite.",
    "why.online-pending": "Votre derni\xE8re action est en route vers le serveur : attendez sa r\xE9ponse.",
    "online.room": "Salle {room}",
    "online.invite": "Votre ami prend l'autre place avec :",
    "online.spectators": "Les spectateurs entrent avec le code {code}",
    "online.connecting": "Connexion au serveur de jeu\u2026",
    "online.reconnecting": "Connexion au serveur de jeu perdue : reconnexion\u2026",
    "online.here": "connect\xE9",
    "online.away": "absent : place gard\xE9e encore {time}",
    "online.claimable": "absent : vous pouvez r\xE9clamer le match",
    "online.waiting": "en attente d'un joueur",
    "online.you": "vous",
    "online.watching": "Vous regardez cette salle.",
    "online.sync": "Synchronis\xE9 avec le serveur",
    "online.unsync": "Pas synchronis\xE9 avec le serveur : le plateau lui redemande toute la partie. Si cela dure, relancez la cellule.",
    "online.commitment": "D\xE9s engag\xE9s avant le premier lancer : {hash}",
    "online.verified": "D\xE9s v\xE9rifi\xE9s : chaque lancer d\xE9coule de la graine engag\xE9e et des graines des deux joueurs.",
    "online.verifyFailed": "D\xE9s NON v\xE9rifi\xE9s : un lancer ne d\xE9coule pas de la graine r\xE9v\xE9l\xE9e par le serveur.",
    "online.tools": "Cette salle permet le conseil, les rollouts et la mise en place pendant le jeu.",
    "online.noTools": "Conseil, rollouts et mise en place sont d\xE9sactiv\xE9s jusqu'\xE0 la fin du match.",
    "online.pending": "Envoy\xE9 : en attente du serveur\u2026",
    "online.end.timeout": "La pendule de {name} est tomb\xE9e.",
    "online.end.forfeit": "{name} a r\xE9clam\xE9 le match : l'adversaire est rest\xE9 absent.",
    "online.end.stop": "La session a \xE9t\xE9 arr\xEAt\xE9e.",
    "online.end.match": "Le match est termin\xE9.",
    claim: "R\xE9clamer le match",
    "why.not-online": "Seul un match jou\xE9 dans une salle d'un serveur de jeu peut \xEAtre r\xE9clam\xE9 quand l'adversaire est parti.",
    "race.newRace": "Nouvelle course",
    "race.yourPips": "Vos pips",
    "race.opponentPips": "Pips de l\u2019adversaire",
    "race.check": "V\xE9rifier",
    "race.countQuestion": "Comptez les pips des deux camps, tapez les deux comptes et appuyez sur V\xE9rifier.",
    "race.countRight": "Juste : vous avez {mine} pips et votre adversaire {theirs}.",
    "race.countWrong": "Pas tout \xE0 fait : vous avez {mine} pips (vous avez dit {said_mine}) et votre adversaire {theirs} (vous avez dit {said_theirs}).",
    "race.cubeQuestion": "Une course, vous avez le trait, {cube}. Que faites-vous du videau ?",
    "race.cubeCentre": "le videau au centre",
    "race.cubeYours": "le videau est \xE0 vous",
    "race.noDouble": "Pas de double",
    "race.doubleTake": "Double, accept\xE9",
    "race.doublePass": "Double, refus\xE9",
    "race.cubeRight": "Juste : {answer}.",
    "race.cubeWrong": "Pas celle-ci : vous avez dit {said}, le moteur dit {answer}.",
    "race.engine": "Moteur : chances de gain {win} ; \xE9quit\xE9 sans doubler {nd}, doubl\xE9 et accept\xE9 {dt}, doubl\xE9 et refus\xE9 {dp}.",
    "race.formula": "{name} : {answer}.",
    "race.keith": "Compte de Keith",
    "race.kleinman": "Compte de Kleinman",
    "race.trice": "R\xE8gle de Trice",
    "race.rule8912": "R\xE8gle 8-9-12",
    "explain.none": "aucune",
    "explain.best": "{play} est le meilleur coup.",
    "explain.summary": "{play} perd {error} point par partie face \xE0 {best}.",
    "explain.summaryMatch": "{play} perd {error} d\u2019\xE9quit\xE9 normalis\xE9e (EMG) face \xE0 {best}.",
    "explain.blots": "{play} laisse des dames d\xE9couvertes sur {points} : {shots} lancers sur 36 en frappent une.",
    "explain.noBlots": "{play} ne laisse aucune dame d\xE9couverte.",
    "explain.hits": "{play} envoie {count} pions \xE0 la barre.",
    "explain.hits.one": "{play} envoie 1 pion \xE0 la barre.",
    "explain.noHit": "{play} ne frappe aucun pion.",
    "explain.made": "Cases faites par {play} : {points}.",
    "explain.broken": "Cases cass\xE9es par {play} : {points}.",
    "explain.home": "Cases du jan int\xE9rieur apr\xE8s {play} : {points}.",
    "explain.anchors": "Ancres apr\xE8s {play} : {points}.",
    "explain.prime": "Plus longue prime apr\xE8s {play} : {length} cases d\u2019affil\xE9e, de la {high} \xE0 la {low}.",
    "explain.noPrime": "Apr\xE8s {play}, aucune case faite n\u2019en touche une autre.",
    "explain.pips": "Comptes de points apr\xE8s {play} : vous {mine}, votre adversaire {theirs}.",
    "explain.chances": "{play} : gagne {win_chance} des parties, dont {gammon_chance} par un gammon, et en perd {lose_gammon_chance} par un gammon ; \xE9quit\xE9 {equity} point par partie.",
    "explain.chancesMatch": "{play} : gagne {win_chance} des parties, dont {gammon_chance} par un gammon, et en perd {lose_gammon_chance} par un gammon ; \xE9quit\xE9 normalis\xE9e {equity}.",
    "explain.change": "{best} au lieu de {play} : chances de gagner {win_change}, chances de gammon {gammon_change}.",
    "explain.forced": "{play} \xE9tait forc\xE9 : aucun autre coup n\u2019\xE9tait permis.",
    "explain.cube.noDouble": "Aucun double n\u2019est possible : {why_reason}.",
    "explain.cube.right": "Votre d\xE9cision, {made_action}, est la bonne.",
    "explain.cube.equal": "Votre d\xE9cision, {made_action}, vaut autant que {right_action} ici, aux chiffres affich\xE9s pr\xE8s.",
    "explain.cube.wrong": "Votre d\xE9cision, {made_action}, co\xFBte {cost} point par partie, videau \xE0 1 : la bonne est {right_action}.",
    "explain.cube.wrongMatch": "Votre d\xE9cision, {made_action}, co\xFBte {cost_chance} de chances de gagner le match : la bonne est {right_action}.",
    "explain.cube.chances": "Le doubleur gagne {win_chance} des parties ({gammon_chance} par un gammon) et en perd {lose_chance} ({lose_gammon_chance} par un gammon).",
    "explain.cube.takePoint": "Pour prendre, il faut gagner {take_chance} des parties (seuil de prise de Janowski, efficacit\xE9 du videau {efficiency_x}) ; le preneur en gagne {taker_chance}.",
    "explain.cube.takePointMatch": "\xC0 ce score, pour prendre, il faut gagner {take_chance} des parties (table d\u2019\xE9quit\xE9 de match, videau mort) ; le preneur en gagne {taker_chance}.",
    "explain.cube.equities": "\xC9quit\xE9s avec videau pour le doubleur : pas de double {no_double}, double et prise {double_take}, double et refus {double_pass}.",
    "explain.cube.mwc": "Chances de gagner le match pour le doubleur : pas de double {no_double_chance}, double et prise {double_take_chance}, double et refus {double_pass_chance}.",
    "explain.cube.right.named": "{player} a choisi \xAB {made_action} \xBB : c\u2019est la bonne d\xE9cision.",
    "explain.cube.equal.named": "{player} a choisi \xAB {made_action} \xBB, qui vaut autant que \xAB {right_action} \xBB ici, aux chiffres affich\xE9s pr\xE8s.",
    "explain.cube.wrong.named": "{player} a choisi \xAB {made_action} \xBB, qui co\xFBte {cost} point par partie, videau \xE0 1 : la bonne d\xE9cision est \xAB {right_action} \xBB.",
    "explain.cube.wrongMatch.named": "{player} a choisi \xAB {made_action} \xBB, qui co\xFBte {cost_chance} de chances de gagner le match : la bonne d\xE9cision est \xAB {right_action} \xBB.",
    "explain.pips.named": "Comptes de points apr\xE8s {play} : {player} {mine}, {opponent} {theirs}.",
    "tutor.title": "Tuteur",
    "tutor.play": "Ce coup est {mark} : il perd {error}.",
    "tutor.cube": "Votre d\xE9cision de videau ({made}) : {mark}, elle perd {error}.",
    "tutor.best": "L\u2019Expert joue {best}.",
    "tutor.bestCube": "Le choix de l\u2019Expert : {best}.",
    "tutor.units": "\xC9quit\xE9 perdue, en points par partie (normalis\xE9e en match).",
    "tutor.accept": "Jouer quand m\xEAme",
    "tutor.takeBack": "Reprendre",
    "why.tutor-waiting": "Le tuteur attend : choisissez d\u2019abord Jouer quand m\xEAme ou Reprendre.",
    "why.no-tutor-warning": "Le tuteur n\u2019a aucun avertissement en attente de r\xE9ponse.",
    "tutor.more": "Plus ({n})"
  },
  sv: {
    "number.decimal": ",",
    "number.percent": "{value}\xA0%",
    "board.reviewDecision": "Parti {game}, drag {move}: {name} \u2014 spelade {made}, b\xE4st {best}, fel {error}",
    "board.reviewForced": "tvingat",
    "board.reviewLuck": "slagets tur {luck}",
    "board.reviewJoker": "joker {luck}",
    "board.reviewAntiJoker": "anti-joker {luck}",
    "board.reviewMwc": "chans att vinna matchen f\xF6re: {mwc}",
    "board.reviewing": "Matchen analyseras\u2026",
    "board.reviewProgress": "Analyserar\u2026 {done} av {total} drag",
    "board.preparingTables": "F\xF6rbereder utspelstabellerna, en g\xE5ng\u2026",
    "board.rollingOut": "Rollout av tipsets drag\u2026 {done} av {total} partier",
    "board.reviewCancel": "Avbryt",
    "board.reviewCancelled": "Analysen avbr\xF6ts: br\xE4det \xE4r som det var.",
    "why.no-review-running": "Ingen analys p\xE5g\xE5r.",
    "board.reviewFailed": "Analysen misslyckades: {error}",
    "board.review": "Analysera",
    "board.reviewLeave": "Tillbaka till partiet",
    "board.reviewFirst": "F\xF6rsta",
    "board.reviewPrevious": "F\xF6reg\xE5ende",
    "board.reviewNext": "N\xE4sta",
    "board.reviewLast": "Sista",
    "board.reviewNextError": "N\xE4sta fel",
    "board.reviewCount": "Beslut {n} av {count}",
    "board.reviewNone": "Inga beslut att analysera \xE4nnu.",
    "board.exportJson": "Spara som JSON",
    "board.exportMat": "Spara som .mat",
    "board.record": "Drag",
    "board.record.double": "Dubblar till {value}",
    "board.record.beaver": "B\xE4ver till {value}",
    "board.record.raccoon": "Tv\xE4ttbj\xF6rn till {value}",
    "board.record.take": "Tar",
    "board.record.pass": "Passar",
    "board.record.resign": "Ger upp {points}",
    "board.record.accept": "Godtar",
    "board.record.decline": "Avb\xF6jer",
    "board.mwc": "Matchchans",
    "board.emg": "EMG",
    "board.ply": "Djup",
    "board.equity": "Equity",
    "why.reviewing": "Br\xE4det visar en analys: l\xE4mna den f\xF6r att spela vidare.",
    "why.review-running": "En analys p\xE5g\xE5r: v\xE4nta p\xE5 den eller avbryt den.",
    "why.not-reviewing": "Ingen analys visas.",
    "why.no-error": "Inget fel efter det h\xE4r beslutet.",
    "why.no-mat": "En {format}-fil spelar varje parti fr\xE5n \xF6ppningsslaget: den h\xE4r matchen har ett parti uppst\xE4llt fr\xE5n en st\xE4llning. Spara den som {other} i st\xE4llet.",
    "board.replay": "Spela upp matchen",
    "board.replayAt": "Uppspelning: parti {game} av {games}",
    "board.replayPlay": "Spela h\xE4rifr\xE5n",
    "board.replayPreviousGame": "F\xF6reg\xE5ende parti",
    "board.replayNextGame": "N\xE4sta parti",
    "board.replayCount": "Parti {game} av {games} \xB7 steg {n} av {count}",
    "why.replaying": "Br\xE4det visar en uppspelning: tryck p\xE5 Spela h\xE4rifr\xE5n f\xF6r att spela vidare fr\xE5n den h\xE4r st\xE4llningen.",
    "why.not-replaying": "Ingen uppspelning visas.",
    "why.no-stop": "Uppspelningen har inget s\xE5dant steg.",
    "review.decisions": "Beslut",
    "review.unforced": "Ej tvingade beslut",
    "review.mark.doubtful": "tveksamt",
    "review.mark.bad": "d\xE5ligt",
    "review.mark.veryBad": "mycket d\xE5ligt",
    "review.totalError": "Totalt fel",
    "review.averageError": "Genomsnittligt fel per ej tvingat beslut",
    "review.pr": "Prestationsv\xE4rde (PR)",
    "review.luck": "Tur",
    "review.luckAdjusted": "Turjusterat resultat",
    "review.unitsMatch": "Fel och tur i normaliserad equity (EMG) per parti med kuben p\xE5 1; PR: 500 \xD7 det genomsnittliga felet per ej tvingat beslut (eXtreme Gammons v\xE4rde, l\xE4gre \xE4r b\xE4ttre).",
    "review.unitsMoney": "Fel och tur i pengaspelets equity med kuben, per parti med kuben p\xE5 1; PR: 500 \xD7 det genomsnittliga felet per ej tvingat beslut (eXtreme Gammons v\xE4rde, l\xE4gre \xE4r b\xE4ttre).",
    "review.stopped": "Granskningen avbr\xF6ts: {n} beslut granskade.",
    "review.worst": "S\xE4msta besluten",
    "review.noErrors": "Inga fel.",
    "review.game": "Parti",
    "review.move": "Drag",
    "review.player": "Spelare",
    "review.dice": "T\xE4rningar",
    "review.made": "Spelat",
    "review.best": "B\xE4st",
    "review.error": "Fel",
    "review.mark": "Omd\xF6me",
    "review.noMove": "inget drag",
    "review.action.double": "dubbla",
    "review.action.noDouble": "ingen dubbling",
    "review.action.take": "ta",
    "review.action.pass": "passa",
    "review.action.beaver": "b\xE4ver",
    "review.plot.mwc": "{name}: chans att vinna matchen",
    "review.plot.equity": "{name}: equity (med kuben, kuben p\xE5 1)",
    "review.plot.decisions": "Beslut i spelordning",
    "review.plot.errors": "Fel (tveksamt, d\xE5ligt)",
    "review.plot.blunders": "Grovt fel (mycket d\xE5ligt)",
    "review.plot.game": "Parti {n}",
    "why.checker-blocked": "Spelpj\xE4sen p\xE5 tunga {from} kan inte flyttas: tungorna {point} och {point2} \xE4r blockerade, s\xE5 ingen av t\xE4rningarna flyttar den, inte heller b\xE5da tillsammans.",
    "why.bar-blocked": "Din spelpj\xE4s p\xE5 muren kan inte s\xE4ttas in: tungorna {point} och {point2} \xE4r blockerade.",
    "why.game-in-play": "Partiet p\xE5g\xE5r fortfarande: ett nytt b\xF6rjar n\xE4r det \xE4r slut.",
    "why.doubles-max.one": "En dubbel spelas s\xE5 m\xE5nga g\xE5nger som m\xF6jligt: en flytt till med {die} kan spelas.",
    "why.die-used": "{die} i {dice} har redan spelats.",
    "why.die-not-rolled": "Du slog {dice}: det finns ingen {die} att spela.",
    "why.die-mismatch": "En {die} flyttar inte en spelpj\xE4s fr\xE5n {from} till {to}.",
    theBar: "muren",
    theOff: "av br\xE4det",
    "why.borne-off": "En spelpj\xE4s som har tagits hem kommer inte tillbaka i spel.",
    "why.bar-empty": "Du har ingen spelpj\xE4s p\xE5 muren.",
    "why.opponent-checker": "Spelpj\xE4sen p\xE5 tunga {point} \xE4r motspelarens: du flyttar bara dina egna.",
    "why.no-checker": "Du har ingen spelpj\xE4s p\xE5 tunga {point}.",
    "why.no-play": "Ingen spelpj\xE4s kan flyttas med {dice}: du st\xE5r \xF6ver.",
    "why.dice-played": "Alla t\xE4rningar i {dice} som kan spelas har spelats.",
    "why.bar-first": "S\xE5 l\xE4nge du har en spelpj\xE4s p\xE5 muren f\xE5r ingen annan flyttas: s\xE4tt in den f\xF6rst.",
    "why.backwards": "Spelpj\xE4serna flyttas bara fram\xE5t, mot din hemmaplan: {move} g\xE5r bak\xE5t.",
    "why.not-all-home": "Du f\xE5r ta hem spelpj\xE4ser f\xF6rst n\xE4r alla femton st\xE5r p\xE5 din hemmaplan: {count} st\xE5r fortfarande utanf\xF6r, p\xE5 {points}.",
    "why.no-die": "Ingen t\xE4rning i {dice}, ensam eller sammanlagd, flyttar en spelpj\xE4s {pips} steg.",
    "why.no-die.one": "Ingen t\xE4rning i {dice}, ensam eller sammanlagd, flyttar en spelpj\xE4s {pips} steg.",
    "why.same-point": "{move} g\xE5r ingenstans: en flytt f\xF6r en spelpj\xE4s fram\xE5t, mot din hemmaplan.",
    "why.dice-left": "Bara {count} flyttar med {die} \xE4r kvar av {dice}: tillsammans flyttar de inte en spelpj\xE4s {pips} steg.",
    "why.dice-left.one": "Bara en {die} \xE4r kvar av {dice}: den flyttar inte en spelpj\xE4s {pips} steg.",
    "why.higher-die": "En {die} tar hem fr\xE5n tunga {point} bara om ingen spelpj\xE4s st\xE5r h\xF6gre, och du har en p\xE5 tunga {highest}.",
    "why.doubles-max": "En dubbel spelas s\xE5 m\xE5nga g\xE5nger som m\xF6jligt: {count} flyttar till med {die} kan spelas.",
    "why.larger-die": "Bara en t\xE4rning kan spelas, s\xE5 det m\xE5ste vara den h\xF6gsta: spela {die}, inte {other}.",
    "why.both-dice": "B\xE5da t\xE4rningarna m\xE5ste spelas n\xE4r det g\xE5r: efter {move} skulle {other} inte kunna spelas.",
    "why.point-held": "Tunga {point} \xE4r blockerad: motspelaren har {count} spelpj\xE4ser d\xE4r.",
    "why.intermediate-held": "{move} flyttar en spelpj\xE4s med flera t\xE4rningar, s\xE5 den landar p\xE5 v\xE4gen, och tunga {point} \xE4r blockerad.",
    "why.play-incomplete": "Draget \xE4r inte klart: din {die} kan fortfarande spelas.",
    "why.nothing-to-undo": "Det finns ingen flytt i det h\xE4r kastet att \xE5ngra.",
    "why.must-play": "{dice} kan spelas h\xE4r: ett drag m\xE5ste g\xF6ras.",
    "why.no-play-typed": "Skriv ett drag f\xF6rst, till exempel 13/8 6/5.",
    "why.notation": "\u201D{move}\u201D \xE4r inte skrivet som ett drag: skriv flyttar som 13/9, bar/22 eller 6/off.",
    "why.position-id": "\u201D{id}\u201D \xE4r inte ett positions-ID, som skrivs med 14 tecken (A\u2013Z, a\u2013z, 0\u20139, + och /) f\xF6r h\xF6gst 15 spelpj\xE4ser per sida.",
    "why.setup-occupied": "Den tungan har den andra sidans spelpj\xE4ser: en tunga har bara den ena sidans spelpj\xE4ser.",
    "why.setup-won": "Inget att spela h\xE4rifr\xE5n: en sida har tagit hem alla sina spelpj\xE4ser.",
    "why.setup-mid-play": "En del av det h\xE4r kastet \xE4r spelat: \xE5ngra det, eller spela klart, innan du st\xE4ller upp en st\xE4llning.",
    "why.play-not-from-steps": "{play} bygger inte vidare p\xE5 de spelpj\xE4ser som redan flyttats: \xE5ngra dem f\xF6rst, eller v\xE4lj ett drag som beh\xE5ller dem.",
    "why.notation-count": "\u201D{move}\u201D: en flytt upprepas (1) till (4) g\xE5nger, inte ({count}).",
    "why.hit-off": "\u201D{move}\u201D: en spelpj\xE4s som tas hem sl\xE5r inte ut n\xE5got.",
    "why.hit-twice": "En blottad spelpj\xE4s p\xE5 tunga {point} kan bara sl\xE5s ut en g\xE5ng.",
    "why.too-many": "Draget flyttar fler spelpj\xE4ser fr\xE5n {point} \xE4n du har d\xE4r.",
    "why.no-hit": "Draget markerar en utslagning p\xE5 tunga {point}, men d\xE4r finns ingen blottad spelpj\xE4s att sl\xE5 ut.",
    "why.ambiguous": "\u201D{move}\u201D kan vara flera drag ({options}): markera utslagningarna med * f\xF6r att v\xE4lja.",
    "why.not-legal": "{move} \xE4r inget till\xE5tet drag med {dice}.",
    "why.not-started": "Partiet har inte b\xF6rjat: sl\xE5 f\xF6r att se vem som b\xF6rjar.",
    "why.not-rolled": "Sl\xE5 t\xE4rningarna f\xF6rst.",
    "why.already-rolled": "T\xE4rningarna \xE4r slagna: spela dem f\xF6rst.",
    "why.double-after-roll": "Man dubblar innan man sl\xE5r, inte efter.",
    "why.offer-pending": "Ett erbjudande v\xE4ntar p\xE5 svar.",
    "why.game-over": "Partiet \xE4r slut.",
    "why.match-over": "Matchen \xE4r slut.",
    "why.not-your-turn": "Det \xE4r inte din tur.",
    "why.not-your-answer": "Det \xE4r den andra sidan som svarar p\xE5 erbjudandet.",
    "why.no-offer": "Ingen dubbling har erbjudits.",
    "why.no-beaver": "Bara en dubbling som just erbjudits kan besvaras med b\xE4ver.",
    "why.no-raccoon": "En tv\xE4ttbj\xF6rn svarar p\xE5 en b\xE4ver, och ingen b\xE4ver har erbjudits.",
    "why.no-resignation": "Ingen har erbjudit sig att ge upp.",
    "why.no-cube": "Det h\xE4r partiet spelas utan kub.",
    "why.no-tools": "Det h\xE4r br\xE4det \xE4r bara till f\xF6r att spela st\xE4llningen: tips, uppgivning, uppst\xE4llning, analys och filer finns inte h\xE4r.",
    "why.one-point-match": "Man dubblar inte i en match till 1 po\xE4ng: ett enda parti avg\xF6r.",
    "why.crawford": "Det h\xE4r \xE4r Crawford-partiet: ingen f\xE5r dubbla i det.",
    "why.cube-owned": "Motspelaren \xE4ger kuben: bara \xE4garen f\xE5r redubbla.",
    "why.cube-max": "Kuben st\xE5r p\xE5 {value}, sitt h\xF6gsta v\xE4rde h\xE4r: den kan inte dubblas igen.",
    "why.no-beavers": "B\xE4ver \xE4r inte till\xE5tet h\xE4r.",
    "why.redouble-max": "D\xE5 skulle kuben st\xE5 p\xE5 {value}, \xF6ver sitt h\xF6gsta v\xE4rde h\xE4r ({limit}).",
    "exercise.waiting": "Ditt slag: {dice}. G\xF6r ditt drag p\xE5 br\xE4det.",
    "exercise.started": "Du har b\xF6rjat: g\xF6r klart draget p\xE5 br\xE4det.",
    "exercise.right": "R\xE4tt: {play}. {why}",
    "exercise.wrong": "Inte det h\xE4r: {play}. Ett r\xE4tt svar: {answer}. {why}",
    "exercise.reset": "B\xF6rja om",
    "exercise.showPlays": "Visa dragen",
    "exercise.hidePlays": "D\xF6lj dragen",
    "exercise.plays": "Lagliga drag med {dice} ({n}): {plays}",
    "exercise.cubeQuestion": "Motst\xE5ndaren dubblar. Ta eller passa? Svara med knapparna p\xE5 br\xE4det.",
    "exercise.take": "ta",
    "exercise.pass": "passa",
    "exercise.rightCube": "R\xE4tt: {answer}.",
    "exercise.wrongCube": "Inte det h\xE4r: {answer}.",
    "exercise.cubeNumbers": "Den som dubblar vinner {win} av partierna ({gammon} med gammon). Att ta kostar dig i genomsnitt {take} po\xE4ng per parti, att passa {passed}: ta n\xE4r det kostar mindre.",
    "net.needsNumpy": "Datorns siffror kr\xE4ver {package}, som inte \xE4r installerat h\xE4r: {command}.",
    "drill.play": "Ditt slag: {dice}. Hitta det b\xE4sta draget och g\xF6r det p\xE5 br\xE4det.",
    "drill.double": "Din tur, innan du sl\xE5r: dubbla, eller sl\xE5 utan att dubbla?",
    "drill.take": "Din motst\xE5ndare dubblar: ta eller l\xE4gga sig?",
    "drill.best.play": "R\xE4tt: {choice}, det b\xE4sta draget.",
    "drill.best.cube": "R\xE4tt: {choice}, det b\xE4sta valet.",
    "drill.equal.play": "R\xE4tt: {choice}, lika bra som det b\xE4sta draget, {best}, p\xE5 tre decimaler n\xE4r.",
    "drill.equal.cube": "R\xE4tt: {choice}, lika bra som det b\xE4sta valet, {best}, p\xE5 tre decimaler n\xE4r.",
    "drill.near.play": "R\xE4tt: {choice}, bara {loss} s\xE4mre \xE4n det b\xE4sta draget, {best}.",
    "drill.near.cube": "R\xE4tt: {choice}, bara {loss} s\xE4mre \xE4n det b\xE4sta valet, {best}.",
    "drill.wrong.play": "Inte det h\xE4r: {choice} f\xF6rlorar {loss} j\xE4mf\xF6rt med det b\xE4sta draget, {best}.",
    "drill.wrong.cube": "Inte det h\xE4r: {choice} f\xF6rlorar {loss} j\xE4mf\xF6rt med det b\xE4sta valet, {best}.",
    "drill.answer": "Kortets svar, {answer}, \xE4r ocks\xE5 r\xE4tt.",
    "drill.loss": "{loss} po\xE4ng per parti",
    "drill.lossMatch": "{loss} EMG",
    "drill.next": "N\xE4sta kort",
    "drill.none": "Inget kort ska repeteras nu. N\xE4sta ska repeteras {when}.",
    "drill.empty": "Leken har inga kort.",
    "drill.due": "Kort att repetera: {n}. Tema: {theme}.",
    "drill.choice.double": "dubbla",
    "drill.choice.noDouble": "inte dubbla",
    "drill.choice.take": "ta",
    "drill.choice.pass": "l\xE4gga sig",
    "drill.button.double": "Dubbla",
    "drill.button.noDouble": "Dubbla inte",
    "drill.button.take": "Ta",
    "drill.button.pass": "L\xE4gg dig",
    "drill.theme.opening": "\xF6ppning",
    "drill.theme.middle-game": "mittspel",
    "drill.theme.race": "race",
    "drill.theme.bear-off": "utspel",
    "drill.theme.cube": "kub",
    roll: "Sl\xE5",
    done: "Klar",
    undo: "\xC5ngra",
    double: "Dubbla",
    take: "Ta",
    pass: "Passa",
    beaver: "B\xE4ver",
    raccoon: "Tv\xE4ttbj\xF6rn",
    hint: "Tips",
    "new-game": "Nytt parti",
    resign: "Ge upp",
    edit: "St\xE4ll upp",
    "edit-done": "Spela h\xE4rifr\xE5n",
    cancel: "Avbryt",
    toRoll: "{name} sl\xE5r",
    toMove: "{name} spelar {dice}",
    toConfirm: "{name}: Klar avslutar draget",
    thinking: "{name} t\xE4nker\u2026",
    offers: "{name} erbjuder kuben p\xE5 {value}",
    wins: "{name} vinner {points}",
    winsMatch: "{name} vinner matchen",
    point: "1 po\xE4ng",
    points: "{n} po\xE4ng",
    opening: "Sl\xE5 f\xF6r att se vem som b\xF6rjar",
    plays: "M\xF6jliga drag",
    notation: "Skriv ett drag, t.ex. 13/8 6/5",
    playNow: "Spela",
    cannotMove: "Inget lagligt drag: tryck Klar",
    last: "Senaste drag: {text}",
    dice: "T\xE4rningar",
    positionId: "Positions-ID",
    bottom: "nedre",
    top: "\xF6vre",
    expertPlays: "Expertens rangordning (h\xE5ll muspekaren \xF6ver ett drag)",
    expertCube: "Expertens kubr\xE5d",
    cubeFor: "f\xF6r {name}",
    equity: "equity",
    error: "fel",
    win: "vinst",
    noDouble: "ingen dubbling",
    doubleIt: "dubbla",
    tooGood: "f\xF6r bra f\xF6r att dubbla",
    takeIt: "ta",
    passIt: "passa",
    beaverIt: "b\xE4ver",
    doubleTake: "dubbla/ta",
    doublePass: "dubbla/passa",
    toRollYou: "Din tur att sl\xE5",
    toMoveYou: "Din tur: spela {dice}",
    toConfirmYou: "Tryck p\xE5 Klar f\xF6r att avsluta ditt drag",
    offersYou: "Du erbjuder kuben p\xE5 {value}",
    winsYou: "du vinner {points}",
    winsMatchYou: "Du vinner matchen",
    clauses: "{first}: {second}",
    winSingle: "{name} vinner ett enkelt parti: {points}",
    winSingleYou: "Du vinner ett enkelt parti: {points}",
    winGammon: "{name} vinner en gammon: {points}",
    winGammonYou: "Du vinner en gammon: {points}",
    winBackgammon: "{name} vinner en backgammon: {points}",
    winBackgammonYou: "Du vinner en backgammon: {points}",
    resignSingle: "{name} ger upp ett enkelt parti",
    resignSingleYou: "Du ger upp ett enkelt parti",
    resignGammon: "{name} ger upp en gammon",
    resignGammonYou: "Du ger upp en gammon",
    resignBackgammon: "{name} ger upp en backgammon",
    resignBackgammonYou: "Du ger upp en backgammon",
    takes: "{name} tar",
    takesYou: "Du tar",
    accept: "Godta",
    decline: "Avb\xF6j",
    offersResign1: "{name} erbjuder sig att ge upp ett enkelt parti",
    offersResign1You: "Du erbjuder dig att ge upp ett enkelt parti",
    offersResign2: "{name} erbjuder sig att ge upp en gammon",
    offersResign2You: "Du erbjuder dig att ge upp en gammon",
    offersResign3: "{name} erbjuder sig att ge upp en backgammon",
    offersResign3You: "Du erbjuder dig att ge upp en backgammon",
    passes: "{name} passar",
    passesYou: "Du passar",
    beavers: "{name} svarar b\xE4ver",
    beaversYou: "Du svarar b\xE4ver",
    dance: "{name} kan inte flytta med {dice}",
    danceYou: "Du kan inte flytta med {dice}",
    forced: "Bara ett m\xF6jligt drag f\xF6r {name}: {play}, spelat automatiskt",
    forcedYou: "Bara ett m\xF6jligt drag: {play}, spelat \xE5t dig",
    fallback: "{name} misslyckades ({error}); {what} i st\xE4llet",
    safePlayed: "spelade {play}",
    safeNoPlay: "inget drag",
    safeNoDouble: "ingen dubbling",
    safeTook: "tog",
    computerError: "datorn: {error}",
    cubeWhyCrawford: "Crawfordparti",
    cubeWhyOnePoint: "ingen kub i en match till 1 po\xE4ng",
    cubeWhyOwned: "motst\xE5ndaren \xE4ger kuben",
    cubeWhyLimit: "kuben st\xE5r redan p\xE5 sitt h\xF6gsta v\xE4rde",
    cubeWhyNone: "partiet spelas utan kub",
    resignWhat: "Ge upp:",
    resign1: "Enkelt parti",
    resign2: "Gammon",
    resign3: "Backgammon",
    resignCancel: "Avbryt",
    "why.stale": "Br\xE4det \xE4ndrades under tiden: f\xF6rs\xF6k igen.",
    "why.thinking": "Datorn spelar: v\xE4nta tills dess tur \xE4r slut.",
    "why.held": "Br\xE4det visar svaret som gavs. Tryck p\xE5 B\xF6rja om f\xF6r att st\xE4lla tillbaka st\xE4llningen.",
    held: "R\xE4ttat. Tryck p\xE5 B\xF6rja om f\xF6r att st\xE4lla tillbaka st\xE4llningen",
    "why.held-card": "Det h\xE4r kortet \xE4r redan besvarat. Tryck p\xE5 N\xE4sta kort f\xF6r att g\xE5 vidare.",
    "held.card": "Besvarat. Tryck p\xE5 N\xE4sta kort f\xF6r att g\xE5 vidare",
    "why.computer-seat": "Den sidan spelas av datorn.",
    "why.setting-up": "Br\xE4det st\xE4lls upp: avsluta med Spela h\xE4rifr\xE5n eller Avbryt.",
    "why.no-person": "Ingen person spelar det h\xE4r partiet.",
    "why.no-hint": "Ett tips g\xE4ller ett slag att spela, kuben f\xF6re slaget eller en dubbling.",
    "why.needs-numpy": "Tips och granskning kr\xE4ver {package}, som inte \xE4r installerat h\xE4r: {command}.",
    "why.can-move": "Den h\xE4r spelpj\xE4sen kan flyttas: klicka p\xE5 den f\xF6r att se vart.",
    "board.rollOut": "G\xF6r en rollout",
    "board.rolloutStop": "Stoppa rollouten",
    "board.rollout": "Rollout",
    "board.rolloutRunning": "Rollout av de {plays} b\xE4sta dragen: {done} av {total} partier ({how})",
    "board.rolloutDone": "Rollout av de {plays} b\xE4sta dragen: {done} partier ({how})",
    "board.rolloutStopped": "Rollouten stoppades: {done} av {total} partier ({how})",
    "board.rolloutFailed": "Rollouten misslyckades: {error}",
    "board.rolloutTruncated": "utan kub, avbruten efter {plies} halvdrag",
    "board.rolloutToEnd": "utan kub, spelad till slutet",
    "why.no-hint-plays": "En rollout g\xE4ller dragen i ett tips: be f\xF6rst om ett tips efter slaget.",
    "why.rolling-out": "Tipsets drag rullas redan ut.",
    "why.rolled-out": "Tipsets drag \xE4r redan utrullade.",
    "why.no-rollout-running": "Ingen rollout p\xE5g\xE5r.",
    pips: "pips",
    score: "po\xE4ng",
    money: "Pengaspel",
    match: "Match till {n} po\xE4ng",
    match1: "Match till 1 po\xE4ng",
    crawford: "Crawford",
    onRoll: "Vid t\xE4rningarna",
    nameBottom: "Nedre",
    nameTop: "\xD6vre",
    nameYou: "Du",
    nameOpponent: "Motst\xE5ndare",
    nameComputer: "Datorn",
    "level.easy": "L\xE4tt",
    "level.medium": "Medel",
    "level.expert": "Expert",
    "level.world-class": "V\xE4rldsklass",
    "view.toggle3d": "Br\xE4de i 3D",
    "view.toggle2d": "Br\xE4de i 2D",
    "view.gameView": "Spelvy",
    "view.walk": "G\xE5 omkring",
    "view.walkHelp": "G\xE5 med W A S D, Z Q S D eller pilarna; r\xF6r musen f\xF6r att se dig omkring; Escape eller Spelvy f\xF6r att komma tillbaka.",
    "view.noWebgl": "Den h\xE4r webbl\xE4saren kan inte rita i 3D (WebGL finns inte): br\xE4det visas i 2D.",
    "view.fullScreen": "Helsk\xE4rm",
    "view.exitFullScreen": "Avsluta helsk\xE4rm",
    "view.loading": "Laddar br\xE4det i 3D\u2026",
    "why.spectator": "\xC5sk\xE5dare tittar p\xE5: bara de tv\xE5 spelarna kan agera.",
    "why.room-over": "Matchen i det h\xE4r rummet \xE4r slut: inget mer kan spelas i det.",
    "why.room-unknown": "Servern har inget rum med den koden: kontrollera koden du fick.",
    "why.seat-taken": "Den platsen \xE4r redan tagen.",
    "why.room-full": "B\xE5da platserna i rummet \xE4r tagna: du kan titta med \xE5sk\xE5darkoden.",
    "why.bad-token": "Den nyckeln \xF6ppnar ingen plats i det h\xE4r rummet.",
    "why.waiting-opponent": "Din motst\xE5ndare har inte tagit sin plats \xE4n: matchen b\xF6rjar n\xE4r hen g\xF6r det.",
    "why.opponent-here": "Din motst\xE5ndare \xE4r ansluten: bara en match vars motst\xE5ndare har l\xE4mnat kan kr\xE4vas.",
    "why.claim-early": "Motst\xE5ndarens plats h\xE5lls i {seconds} sekunder till: sedan kan du kr\xE4va matchen.",
    "why.stop-in-match": "En match spelas till slut: bara ett pengaspel kan avbrytas.",
    "why.bad-action": "Det \xE4r inte ett drag i spelet: handlingarna \xE4r {actions}.",
    "why.bad-resign": "Ett uppgivande g\xE4ller 1 (enkelt), 2 (gammon) eller 3 (backgammon) po\xE4ng.",
    "why.bad-name": "En spelares namn har 1 till {longest} tecken, p\xE5 en rad.",
    "why.bad-seed": "Ditt fr\xF6 till t\xE4rningarna har 1 till {longest} skrivbara tecken.",
    "why.not-joined": "G\xE5 med i ett rum f\xF6rst.",
    "why.too-many-rooms": "En anslutning skapar h\xF6gst {count} rum.",
    "why.bad-message": "Servern f\xF6rstod inte det meddelandet.",
    "why.version": "Den h\xE4r klienten talar en annan version av protokollet \xE4n servern ({version}): uppdatera bgwidget.",
    "why.out-of-sync": "Den h\xE4r kopian av partiet g\xE5r inte i takt med servern: den ber om hela partiet igen.",
    "why.bad-format": "En match kan laddas ner som {formats}.",
    "why.room-in-play": "Matchen p\xE5g\xE5r fortfarande: den kan laddas ner n\xE4r den \xE4r slut.",
    "why.bad-spectate": "Den \xE5sk\xE5darkoden \xF6ppnar inte det h\xE4r rummet.",
    "why.server-full": "Servern har s\xE5 m\xE5nga rum i spel som den tar emot: f\xF6rs\xF6k igen senare.",
    "why.room-too-long": "Det h\xE4r rummets protokoll \xE4r s\xE5 l\xE5ngt som servern sparar ({count} handlingar): starta ett nytt rum.",
    "why.online": "Det h\xE4r br\xE4det spelar i ett rum p\xE5 en spelserver: servern f\xF6r partiet, s\xE5 spela p\xE5 br\xE4det.",
    "why.online-offline": "Anslutningen till spelservern br\xF6ts: br\xE4det ansluter igen av sig sj\xE4lvt; g\xF6r om draget sedan.",
    "why.online-pending": "Din senaste handling \xE4r p\xE5 v\xE4g till servern: v\xE4nta p\xE5 svaret.",
    "online.room": "Rum {room}",
    "online.invite": "Din v\xE4n tar den andra platsen med:",
    "online.spectators": "\xC5sk\xE5dare kommer in med koden {code}",
    "online.connecting": "Ansluter till spelservern\u2026",
    "online.reconnecting": "Anslutningen till spelservern br\xF6ts: ansluter igen\u2026",
    "online.here": "ansluten",
    "online.away": "borta: platsen h\xE5lls i {time}",
    "online.claimable": "borta: du kan kr\xE4va matchen",
    "online.waiting": "v\xE4ntar p\xE5 en spelare",
    "online.you": "du",
    "online.watching": "Du tittar p\xE5 det h\xE4r rummet.",
    "online.sync": "I takt med servern",
    "online.unsync": "Inte i takt med servern: br\xE4det ber den om hela partiet igen. K\xF6r cellen igen om det best\xE5r.",
    "online.commitment": "T\xE4rningarna l\xE5stes f\xF6re f\xF6rsta kastet: {hash}",
    "online.verified": "T\xE4rningarna kontrollerade: varje kast f\xF6ljer av det l\xE5sta fr\xF6et och b\xE5da spelarnas fr\xF6n.",
    "online.verifyFailed": "T\xE4rningarna INTE kontrollerade: ett kast f\xF6ljer inte av fr\xF6et som servern visade.",
    "online.tools": "Det h\xE4r rummet till\xE5ter ledtr\xE5d, utspelningar och uppst\xE4llning under spelet.",
    "online.noTools": "Ledtr\xE5d, utspelningar och uppst\xE4llning \xE4r avst\xE4ngda tills matchen \xE4r slut.",
    "online.pending": "Skickat: v\xE4ntar p\xE5 servern\u2026",
    "online.end.timeout": "{name}s klocka tog slut.",
    "online.end.forfeit": "{name} kr\xE4vde matchen: motst\xE5ndaren h\xF6ll sig borta.",
    "online.end.stop": "Sessionen avslutades.",
    "online.end.match": "Matchen \xE4r slut.",
    claim: "Kr\xE4v matchen",
    "why.not-online": "Bara en match som spelas i ett rum p\xE5 en spelserver kan kr\xE4vas fr\xE5n en fr\xE5nvarande motst\xE5ndare.",
    "race.newRace": "Nytt lopp",
    "race.yourPips": "Dina pips",
    "race.opponentPips": "Motst\xE5ndarens pips",
    "race.check": "Kontrollera",
    "race.countQuestion": "R\xE4kna pipsen f\xF6r b\xE5da sidor, skriv de tv\xE5 talen och tryck p\xE5 Kontrollera.",
    "race.countRight": "R\xE4tt: du har {mine} pips och din motst\xE5ndare {theirs}.",
    "race.countWrong": "Inte riktigt: du har {mine} pips (du sa {said_mine}) och din motst\xE5ndare {theirs} (du sa {said_theirs}).",
    "race.cubeQuestion": "Ett lopp, du \xE4r p\xE5 tur, {cube}. Vad g\xF6r du med dubblingst\xE4rningen?",
    "race.cubeCentre": "dubblingst\xE4rningen i mitten",
    "race.cubeYours": "du \xE4ger dubblingst\xE4rningen",
    "race.noDouble": "Ingen dubbling",
    "race.doubleTake": "Dubbla, anta",
    "race.doublePass": "Dubbla, ge upp",
    "race.cubeRight": "R\xE4tt: {answer}.",
    "race.cubeWrong": "Inte det: du sa {said}, motorn s\xE4ger {answer}.",
    "race.engine": "Motorn: vinstchans {win}; v\xE4rde utan dubbling {nd}, dubblat och antaget {dt}, dubblat och uppgivet {dp}.",
    "race.formula": "{name}: {answer}.",
    "race.keith": "Keiths r\xE4kning",
    "race.kleinman": "Kleinmans r\xE4kning",
    "race.trice": "Trices regel",
    "race.rule8912": "8-9-12-regeln",
    "explain.none": "inga",
    "explain.best": "{play} \xE4r det b\xE4sta draget.",
    "explain.summary": "{play} f\xF6rlorar {error} po\xE4ng per parti j\xE4mf\xF6rt med {best}.",
    "explain.summaryMatch": "{play} f\xF6rlorar {error} i normaliserad equity (EMG) j\xE4mf\xF6rt med {best}.",
    "explain.blots": "{play} l\xE4mnar blottade spelpj\xE4ser p\xE5 {points}: {shots} kast av 36 sl\xE5r ut en av dem.",
    "explain.noBlots": "{play} l\xE4mnar ingen blottad spelpj\xE4s.",
    "explain.hits": "{play} sl\xE5r ut {count} spelpj\xE4ser till muren.",
    "explain.hits.one": "{play} sl\xE5r ut 1 spelpj\xE4s till muren.",
    "explain.noHit": "{play} sl\xE5r inte ut n\xE5gon spelpj\xE4s.",
    "explain.made": "Tungor som {play} st\xE4nger: {points}.",
    "explain.broken": "Tungor som {play} \xF6ppnar: {points}.",
    "explain.home": "St\xE4ngda tungor p\xE5 hemmaplan efter {play}: {points}.",
    "explain.anchors": "Ankare efter {play}: {points}.",
    "explain.prime": "L\xE4ngsta prime efter {play}: {length} st\xE4ngda tungor i rad, fr\xE5n tunga {high} till tunga {low}.",
    "explain.noPrime": "Efter {play} st\xE5r inga tv\xE5 st\xE4ngda tungor i rad.",
    "explain.pips": "Pips efter {play}: du {mine}, motst\xE5ndaren {theirs}.",
    "explain.chances": "{play}: vinner {win_chance} av partierna, {gammon_chance} med gammon, och f\xF6rlorar {lose_gammon_chance} med gammon; equity {equity} po\xE4ng per parti.",
    "explain.chancesMatch": "{play}: vinner {win_chance} av partierna, {gammon_chance} med gammon, och f\xF6rlorar {lose_gammon_chance} med gammon; normaliserad equity {equity}.",
    "explain.change": "{best} i st\xE4llet f\xF6r {play}: vinstchans {win_change}, gammonchans {gammon_change}.",
    "explain.forced": "{play} var tvunget: inget annat drag var till\xE5tet.",
    "explain.cube.noDouble": "Ingen dubbling \xE4r m\xF6jlig: {why_reason}.",
    "explain.cube.right": "Ditt val, {made_action}, \xE4r r\xE4tt.",
    "explain.cube.equal": "Ditt val, {made_action}, \xE4r v\xE4rt lika mycket som {right_action} h\xE4r, s\xE5 l\xE5ngt siffrorna visar.",
    "explain.cube.wrong": "Ditt val, {made_action}, kostar {cost} po\xE4ng per parti med kuben p\xE5 1: r\xE4tt \xE4r {right_action}.",
    "explain.cube.wrongMatch": "Ditt val, {made_action}, kostar {cost_chance} i chans att vinna matchen: r\xE4tt \xE4r {right_action}.",
    "explain.cube.chances": "Den som dubblar vinner {win_chance} av partierna ({gammon_chance} med gammon) och f\xF6rlorar {lose_chance} ({lose_gammon_chance} med gammon).",
    "explain.cube.takePoint": "F\xF6r att ta beh\xF6ver man vinna {take_chance} av partierna (Janowskis tagpunkt, kubens effektivitet {efficiency_x}); den som tar vinner {taker_chance}.",
    "explain.cube.takePointMatch": "Vid den h\xE4r st\xE4llningen beh\xF6ver man vinna {take_chance} av partierna f\xF6r att ta (matchens equitytabell, d\xF6d kub); den som tar vinner {taker_chance}.",
    "explain.cube.equities": "Equity med kuben f\xF6r den som dubblar: ingen dubbling {no_double}, dubbla och ta {double_take}, dubbla och passa {double_pass}.",
    "explain.cube.mwc": "Chans att vinna matchen f\xF6r den som dubblar: ingen dubbling {no_double_chance}, dubbla och ta {double_take_chance}, dubbla och passa {double_pass_chance}.",
    "explain.cube.right.named": "{player} valde \u201D{made_action}\u201D, och det \xE4r r\xE4tt.",
    "explain.cube.equal.named": "{player} valde \u201D{made_action}\u201D, som \xE4r v\xE4rt lika mycket som \u201D{right_action}\u201D h\xE4r, s\xE5 l\xE5ngt siffrorna visar.",
    "explain.cube.wrong.named": "{player} valde \u201D{made_action}\u201D, som kostar {cost} po\xE4ng per parti med kuben p\xE5 1: r\xE4tt \xE4r \u201D{right_action}\u201D.",
    "explain.cube.wrongMatch.named": "{player} valde \u201D{made_action}\u201D, som kostar {cost_chance} i chans att vinna matchen: r\xE4tt \xE4r \u201D{right_action}\u201D.",
    "explain.pips.named": "Pips efter {play}: {player} {mine}, {opponent} {theirs}.",
    "tutor.title": "Handledare",
    "tutor.play": "Det h\xE4r draget \xE4r {mark}: det f\xF6rlorar {error}.",
    "tutor.cube": "Ditt kubbeslut ({made}) \xE4r {mark}: det f\xF6rlorar {error}.",
    "tutor.best": "Experten spelar {best}.",
    "tutor.bestCube": "Expertens val: {best}.",
    "tutor.units": "F\xF6rlorad equity, i po\xE4ng per parti (normaliserad i en match).",
    "tutor.accept": "Spela \xE4nd\xE5",
    "tutor.takeBack": "Ta tillbaka",
    "why.tutor-waiting": "Handledaren v\xE4ntar: v\xE4lj f\xF6rst Spela \xE4nd\xE5 eller Ta tillbaka.",
    "why.no-tutor-warning": "Handledaren har ingen varning som v\xE4ntar p\xE5 svar.",
    "tutor.more": "Mer ({n})"
  }
};

// src/i18n.js
var CATALOGUE = labels_default;
var LANGUAGES = Object.keys(CATALOGUE);
function t(lang, key, fields = {}) {
  const table = CATALOGUE[lang] || CATALOGUE.en;
  const text = table[key] ?? CATALOGUE.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => name in fields ? String(fields[name]) : m);
}
function number(lang, x, digits, signed2 = false) {
  if (typeof x !== "number" || Number.isNaN(x)) return "\u2014";
  const abs = Math.abs(x);
  const fixed = abs === Infinity ? "\u221E" : abs < 1e21 ? abs.toFixed(digits) : `${BigInt(abs)}${digits > 0 ? "." + "0".repeat(digits) : ""}`;
  const text = fixed.replace(".", t(lang, "number.decimal"));
  return x < 0 && /[1-9\u221e]/.test(fixed) ? "\u2212" + text : (signed2 ? "+" : "") + text;
}
function percent(lang, share, digits = 1) {
  return t(lang, "number.percent", { value: number(lang, typeof share === "number" ? 100 * share : NaN, digits) });
}

// src/draw.js
var { q: q2 } = geometry_exports;
var S = look_default.style;
var COLORS = look_default.colors;
var FACES = S.die.faces;
function esc(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
function defs(id) {
  const c = COLORS;
  const grad = S.checker.gradient;
  const a = S.arrow;
  const checker2 = (seat) => {
    const [hi, mid, lo] = c.checker[seat];
    return `<radialGradient id="${id}-ck${seat}" cx="${grad.cx}" cy="${grad.cy}" r="${grad.r}"><stop offset="0" stop-color="${hi}"/><stop offset="${grad.mid}" stop-color="${mid}"/><stop offset="1" stop-color="${lo}"/></radialGradient>`;
  };
  return `<defs><linearGradient id="${id}-wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.wood[0]}"/><stop offset="1" stop-color="${c.wood[1]}"/></linearGradient><radialGradient id="${id}-felt" cx="0.5" cy="0.5" r="${S.felt.r}"><stop offset="0" stop-color="${c.felt[0]}"/><stop offset="1" stop-color="${c.felt[1]}"/></radialGradient>` + checker2(0) + checker2(1) + `<marker id="${id}-arrow" viewBox="0 0 ${a.box} ${a.box}" refX="${a.tip}" refY="${a.box / 2}" markerWidth="${a.size}" markerHeight="${a.size}" orient="auto-start-reverse"><path d="M0 0L${a.box} ${a.box / 2}L0 ${a.box}z" fill="${c.lit}"/></marker></defs>`;
}
function checker(id, seat, cx, cy, attrs, label) {
  const rim = COLORS.checker[seat][2];
  const ck = S.checker;
  const text = label === void 0 ? "" : `<text x="${cx}" y="${q2(cy + ck.count_dy)}" class="bg-count" text-anchor="middle" font-size="${ck.count_size}" font-weight="bold" fill="${COLORS.pip[seat]}">${label}</text>`;
  return `<g data-checker="${attrs.key}" data-owner="${seat}" data-at="${attrs.at}"${attrs.extra || ""}><circle cx="${q2(cx + ck.shadow[0])}" cy="${q2(cy + ck.shadow[1])}" r="${R}" fill="${COLORS.shadow}" opacity="${ck.shadow_opacity}"/><circle cx="${cx}" cy="${cy}" r="${R - ck.body_inset}" fill="url(#${id}-ck${seat})" stroke="${rim}" stroke-width="${S.edge_width}"/><circle cx="${cx}" cy="${cy}" r="${R - ck.ring_inset}" fill="none" stroke="${rim}" stroke-opacity="${ck.ring_opacity}" stroke-width="${ck.ring_width}"/>` + ring(cx, cy, attrs.extra || "") + text + `</g>`;
}
function ring(cx, cy, extra) {
  if (extra.includes("data-selected")) {
    return `<circle cx="${cx}" cy="${cy}" r="${R + 2}" fill="none" stroke="${COLORS.lit}" stroke-width="4" class="bg-selected"/>`;
  }
  if (extra.includes("data-movable")) {
    return `<circle cx="${cx}" cy="${cy}" r="${R - 1}" fill="none" stroke="${COLORS.lit}" stroke-opacity="0.55" stroke-width="1.6"/>`;
  }
  return "";
}
function locate(seat, p, i, n) {
  if (p === "bar") return barXY(seat, i, n);
  if (p === "off") {
    const [x, y] = slabXY(seat, i);
    return [q2(x + SLAB_W / 2), q2(y + SLAB_H / 2)];
  }
  return checkerXY(p, i, n);
}
function stack(id, seat, p, n, ui) {
  let out = "";
  const movable = ui.movable?.has(p) && seat === ui.turn;
  for (let i = 0; i < n; i++) {
    const [x, y] = locate(seat, p, i, n);
    let extra = "";
    if (movable) extra += ` data-movable="true"`;
    if (i === n - 1 && ui.selected === p && seat === ui.turn) extra += ` data-selected="true"`;
    const label = i === n - 1 && n > STACK ? n : void 0;
    out += checker(id, seat, x, y, { key: `${p}:${i}`, at: p, extra }, label);
  }
  return out;
}
function slab(seat, i) {
  const [x, y] = slabXY(seat, i);
  const [hi, mid, lo] = COLORS.checker[seat];
  const sl = S.slab;
  const [dx, dy] = sl.shine_inset;
  return `<rect data-checker="off:${i}" data-owner="${seat}" data-at="off" x="${x}" y="${y}" width="${SLAB_W}" height="${SLAB_H}" rx="${sl.rx}" fill="${mid}" stroke="${lo}" stroke-width="${sl.edge_width}"/><rect x="${x + dx}" y="${y + dy}" width="${SLAB_W - 2 * dx}" height="${sl.shine_h}" rx="${sl.shine_rx}" fill="${hi}" opacity="${sl.shine_opacity}"/>`;
}
function triangle(p) {
  const x = pointX(p);
  const half = P / 2 - POINT_INSET;
  const base = isTop(p) ? TOP_Y : BOTTOM_Y;
  const tip = isTop(p) ? TOP_Y + POINT_LEN : BOTTOM_Y - POINT_LEN;
  return `${q2(x - half)},${base} ${q2(x + half)},${base} ${q2(x)},${tip}`;
}
function shadow(x, y, side, rx) {
  const [dx, dy] = S.shadow.offset;
  return `<rect x="${q2(x + dx)}" y="${q2(y + dy)}" width="${side}" height="${side}" rx="${rx}" fill="${COLORS.shadow}" opacity="${S.shadow.opacity}"/>`;
}
function die(seat, value, cx, cy, attrs) {
  const s = DIE;
  const { rx, pip_spread: spread, pip_r: r } = S.die;
  const x = q2(cx - s / 2);
  const y = q2(cy - s / 2);
  let pips = "";
  for (const [dx, dy] of FACES[value] || []) {
    pips += `<circle cx="${q2(cx + dx * spread)}" cy="${q2(cy + dy * spread)}" r="${r}" fill="${COLORS.pip[seat]}"/>`;
  }
  return `<g ${attrs}>` + shadow(x, y, s, rx) + `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${rx}" fill="${COLORS.die[seat]}" stroke="${COLORS.checker[seat][2]}" stroke-width="${S.edge_width}"/>` + pips + `</g>`;
}
function diceOf(state) {
  let seat = state.turn;
  let dice = state.dice || [];
  let left = (state.dice_left || []).slice();
  if (dice.length !== 2 && state.last_roll && !state.cube?.offered) {
    seat = state.last_roll.seat;
    dice = state.last_roll.dice;
    left = [];
  }
  if (dice.length !== 2) return { seat, dice: [] };
  const all = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : dice.slice().sort((a, b) => b - a);
  const out = all.map((value, index) => {
    const k = left.indexOf(value);
    if (k >= 0) left.splice(k, 1);
    return { value, used: k < 0, index };
  });
  return { seat, dice: out };
}
function diceLayer(state) {
  const { seat, dice } = diceOf(state);
  const places = diceXY(seat, dice.length);
  let out = "";
  dice.forEach((d, i) => {
    const [x, y] = places[i];
    const attrs = `data-die="${d.index}" data-value="${d.value}" data-used="${d.used}"${d.used ? ' opacity="0.4"' : ""}`;
    out += die(seat, d.value, x, y, attrs);
  });
  return out;
}
function rollPrompt(state) {
  if (!state.can?.roll || (state.dice || []).length) return "";
  const seat = state.turn;
  const places = diceXY(seat, 2);
  let out = `<g data-roll-dice="true" class="bg-roll" style="cursor:pointer">`;
  for (const [x, y] of places) {
    out += `<rect x="${q2(x - DIE / 2)}" y="${q2(y - DIE / 2)}" width="${DIE}" height="${DIE}" rx="${S.die.rx}" fill="${COLORS.die[seat]}" fill-opacity="0.18" stroke="${COLORS.text}" stroke-opacity="0.7" stroke-dasharray="${S.prompt.dash}"/>`;
  }
  const [cx] = diceXY(seat, 1)[0];
  out += `<text x="${cx}" y="${q2(MID_Y + S.prompt.dy)}" text-anchor="middle" font-size="${S.prompt.size}" font-weight="bold" fill="${COLORS.text}">${esc(t(state.language, "roll"))}</text></g>`;
  return out;
}
function cubeLayer(state) {
  const cube = state.cube;
  if (!cube || cube.disabled) return "";
  const offeredTo = cube.offered ? state.turn : null;
  const value = cube.offered_value ?? cube.value;
  const [x, y] = cubeXY(cube.owner ?? null, offeredTo);
  const cs = S.cube;
  const shown = value === 1 ? cs.centred_face : value;
  const owner = cube.owner === null || cube.owner === void 0 ? "center" : cube.owner;
  const s = CUBE;
  return `<g data-cube="${value}" data-owner="${owner}" data-offered="${!!cube.offered}" class="bg-cube">` + shadow(x, y, s, cs.rx) + `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${cs.rx}" fill="${COLORS.cube}" stroke="${COLORS.cube_edge}" stroke-width="${S.edge_width}"/><text x="${q2(x + s / 2)}" y="${q2(y + s / 2 + cs.dy)}" text-anchor="middle" font-size="${shown >= 10 ? cs.size_two_digits : cs.size}" font-weight="${cs.weight}" fill="${COLORS.cube_text}">${shown}</text></g>`;
}
function stepArrows(id, seat, before, steps, dash) {
  let board = before;
  let out = "";
  const dashed = dash ? ` stroke-dasharray="9 6"` : "";
  for (const step of steps) {
    const [from, to] = step;
    const nFrom = countAt(board, seat, from);
    const [x1, y1] = locate(seat, from, nFrom - 1, nFrom);
    board = applyStep(board, seat, step);
    const nTo = countAt(board, seat, to);
    const [x2, y2] = locate(seat, to, nTo - 1, nTo);
    if (!dash) out += `<circle cx="${x1}" cy="${y1}" r="${R - 4}" fill="none" stroke="${COLORS.lit}" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="4 4"/>`;
    out += `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${COLORS.lit}" stroke-width="3" stroke-opacity="0.75" stroke-linecap="round"${dashed} marker-end="url(#${id}-arrow)"/>`;
  }
  return out;
}
function arrows(id, state) {
  const last = state.last_play;
  if (!last || !last.steps?.length || !last.before || state.moved && state.moved.length) return "";
  let out = `<g class="bg-last" data-last-play="${esc(last.text || "")}" pointer-events="none">${stepArrows(id, last.seat, last.before, last.steps, false)}</g>`;
  const review = state.review;
  if (review && review.best_steps?.length && review.best !== last.text) {
    out += `<g class="bg-best" data-best-play="${esc(review.best)}" pointer-events="none">${stepArrows(id, last.seat, last.before, review.best_steps, true)}</g>`;
  }
  return out;
}
function tutorArrows(id, state) {
  const tutor = state.tutor;
  if (!tutor || !tutor.best_steps?.length) return "";
  return `<g class="bg-best bg-tutor-best" data-tutor-best="${esc(tutor.best)}" pointer-events="none">${stepArrows(id, tutor.seat, tutor.before, tutor.best_steps, true)}</g>`;
}
function strip(state, seat) {
  const y0 = seat === 1 ? 0 : H - HEAD;
  const cy = y0 + HEAD / 2;
  const lang = state.language;
  const name = (state.names || ["", ""])[seat];
  const marked = onTurn(state, seat);
  const pips = (state.pips || [])[seat];
  const score = (state.score || [0, 0])[seat];
  const [, mid, lo] = COLORS.checker[seat];
  const st = S.strip;
  const info = [];
  if (pips !== void 0) info.push(`<tspan data-pips="${seat}" font-weight="bold">${pips}</tspan> ${esc(t(lang, "pips"))}`);
  if (!scoreless(state)) info.push(`${esc(t(lang, "score"))} <tspan data-score="${seat}" font-weight="bold">${score}</tspan>`);
  let out = `<g data-seat-strip="${seat}"><circle cx="${st.dot_x}" cy="${cy}" r="${st.dot_r}" fill="${mid}" stroke="${marked ? COLORS.lit : lo}" stroke-width="${marked ? st.dot_width_on_roll : S.edge_width}"/><text x="${st.name_x}" y="${cy + st.dy}" font-size="${st.name_size}"${squeezed(name, state)} font-weight="${marked ? "bold" : "normal"}" fill="${COLORS.text}" data-name="${seat}">${esc(name)}</text><text x="${W - st.margin}" y="${cy + st.dy}" text-anchor="end" font-size="${st.info_size}" fill="${COLORS.text}">${info.join("  \xB7  ")}</text>`;
  if (marked) {
    out += `<rect x="0" y="${y0 + st.marker_inset}" width="${st.marker_w}" height="${HEAD - 2 * st.marker_inset}" rx="${st.marker_rx}" fill="${COLORS.lit}"><title>${esc(t(lang, "onRoll"))}</title></rect>`;
  }
  return out + `</g>`;
}
function squeezed(name, state) {
  const st = S.strip;
  const wide = S.note.bold_w;
  const room = W / 2 - [...matchText(state)].length * S.title.size * wide / 2 - st.name_x - st.margin;
  if ([...name].length * st.name_size * wide <= room) return "";
  return ` textLength="${q2(room)}" lengthAdjust="spacingAndGlyphs"`;
}
function matchText(state) {
  const lang = state.language;
  const key = state.match_length === 1 ? "match1" : "match";
  let text = state.match_length ? t(lang, key, { n: state.match_length }) : t(lang, "money");
  if (state.crawford) text += ` \xB7 ${t(lang, "crawford")}`;
  return text;
}
function matchLabel(state) {
  const text = matchText(state);
  const title = S.title;
  return `<text x="${W / 2}" y="${HEAD / 2 + title.dy}" text-anchor="middle" font-size="${title.size}" fill="${COLORS.text}" opacity="${title.opacity}" data-match="${state.match_length || 0}">${esc(text)}</text>`;
}
function banner(state) {
  const text = state.result?.text;
  if (!text) return "";
  const nt = S.note;
  const w = text.length * nt.size * nt.bold_w + 2 * nt.pad;
  const h2 = nt.line + 2 * nt.pad;
  return `<g data-result="true" pointer-events="none"><rect x="${q2(W / 2 - w / 2)}" y="${q2(MID_Y - h2 / 2)}" width="${q2(w)}" height="${q2(h2)}" rx="${nt.rx}" fill="${COLORS.note}" stroke="${COLORS.note_edge}" stroke-width="${S.edge_width}"/><text x="${q2(W / 2)}" y="${q2(MID_Y + nt.size / 3)}" text-anchor="middle" font-size="${nt.size}" font-weight="bold" fill="${COLORS.note_text}">${esc(text)}</text></g>`;
}
function wrap(text, chars) {
  const lines = [];
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= chars) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}
function noteAnchor(state, place2) {
  const board = boardOf(state);
  if (place2 === "bar" || place2 === "off") {
    const seat = (place2 === "bar" ? board.bar : board.off)[state.turn] ? state.turn : 1 - state.turn;
    const n2 = Math.max(countAt(board, seat, place2), 1);
    return locate(seat, place2, n2 - 1, n2);
  }
  const v = board.points[place2 - 1];
  const n = Math.abs(v);
  return n ? locate(v > 0 ? 0 : 1, place2, n - 1, n) : checkerXY(place2, 0, 1);
}
function bubbleBox(state, text) {
  const nt = S.note;
  const { seat, dice } = diceOf(state);
  const prompt = state.can?.roll && !(state.dice || []).length;
  const busy = dice.length && !prompt ? seat : state.turn;
  const left = busy === 0 ? LEFT_X : RIGHT_X;
  let fit;
  for (const scale of [1, 0.9, 0.8]) {
    const [size2, line2, pad2] = [nt.size * scale, nt.line * scale, nt.bubble_pad * scale];
    const lines2 = wrap(text, Math.floor((6 * P - 2 * pad2 - 2 * nt.gap) / (size2 * nt.char_w)));
    fit = { lines: lines2, size: q2(size2), line: q2(line2), pad: q2(pad2) };
    if (lines2.length * line2 + 2 * pad2 <= MID - 2 * S.shadow.offset[1]) break;
  }
  const { lines, size, line, pad } = (
    /** @type {NonNullable<typeof fit>} */
    fit
  );
  const w = Math.max(...lines.map((l) => l.length)) * size * nt.char_w + 2 * pad;
  const h2 = lines.length * line + 2 * pad;
  return { lines, size, line, pad, box: [q2(left + (6 * P - w) / 2), q2(MID_Y - h2 / 2), q2(w), q2(h2)] };
}
function bubble(state, note) {
  if (!note || note.point === null || note.point === void 0) return "";
  const nt = S.note;
  const [cx, cy] = noteAnchor(state, note.point);
  const { lines, size, line, pad, box } = bubbleBox(state, note.text);
  const [x, y, w, h2] = box;
  const [ex, ey] = [Math.min(Math.max(cx, x), x + w), Math.min(Math.max(cy, y), y + h2)];
  const d = Math.hypot(ex - cx, ey - cy);
  const lead = d > R ? `<line x1="${q2(cx + (ex - cx) * R / d)}" y1="${q2(cy + (ey - cy) * R / d)}" x2="${q2(ex)}" y2="${q2(ey)}" stroke="${COLORS.note_edge}" stroke-width="${nt.ring_width / 2}" stroke-dasharray="4 3"/>` : "";
  let out = `<g data-refusal="${esc(note.reason)}" data-at="${esc(note.point)}" pointer-events="none" role="note"><circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="${COLORS.note_edge}" stroke-width="${nt.ring_width}"/>` + lead + `<rect x="${q2(x)}" y="${q2(y)}" width="${q2(w)}" height="${q2(h2)}" rx="${nt.rx}" fill="${COLORS.note}" fill-opacity="0.97" stroke="${COLORS.note_edge}" stroke-width="${nt.ring_width}"/><text font-size="${size}" fill="${COLORS.note_text}">`;
  lines.forEach((words, i) => {
    out += `<tspan x="${q2(x + pad)}" y="${q2(y + pad + (i + 1) * line - line / 4)}">${esc(words)}</tspan>`;
  });
  return out + `</text></g>`;
}
function pointNumbers(state) {
  const nb = S.numbers;
  let out = "";
  for (let p = 1; p <= 24; p++) {
    const label = state.point_labels?.[p - 1] ?? p;
    const y = isTop(p) ? TOP_Y - nb.above : BOTTOM_Y + nb.below;
    out += `<text x="${q2(pointX(p))}" y="${y}" text-anchor="middle" font-size="${nb.size}" fill="${COLORS.text}" opacity="${nb.opacity}" data-number="${p}">${label}</text>`;
  }
  return out;
}
function drawBoard(state, ui = {}, id = "bg") {
  const c = COLORS;
  const turn = state.turn ?? 0;
  const u = { ...ui, turn };
  const lit = ui.lit || /* @__PURE__ */ new Set();
  const board = boardOf(state);
  let out = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" class="bg-svg" font-family="${S.font}">` + defs(id) + `<rect x="0" y="0" width="${W}" height="${H}" rx="${S.corner.board}" fill="${c.strip}"/><rect x="0" y="${BOARD_Y}" width="${W}" height="${FIELD_H + 2 * FRAME}" rx="${S.corner.frame}" fill="url(#${id}-wood)"/><rect x="${LEFT_X}" y="${TOP_Y}" width="${6 * P}" height="${FIELD_H}" fill="url(#${id}-felt)"/><rect x="${RIGHT_X}" y="${TOP_Y}" width="${6 * P}" height="${FIELD_H}" fill="url(#${id}-felt)"/>`;
  out += `<g data-point="bar"${lit.has("bar") ? ' data-lit="true"' : ""}><rect x="${BAR_X}" y="${TOP_Y}" width="${BAR_W}" height="${FIELD_H}" fill="${c.rail}"/><rect x="${BAR_X + BAR_EDGE}" y="${TOP_Y}" width="${BAR_W - 2 * BAR_EDGE}" height="${FIELD_H}" fill="url(#${id}-wood)" opacity="${S.bar.wood_opacity}"/>` + stack(id, 0, "bar", board.bar[0], u) + stack(id, 1, "bar", board.bar[1], u) + `</g>`;
  const tray = S.tray;
  for (const seat of [1, 0]) {
    const [x, y, w, h2] = trayRect(seat);
    const target = seat === turn ? ` data-point="off"${lit.has("off") ? ' data-lit="true"' : ""}` : "";
    out += `<g data-tray="${seat}"${target}><rect x="${x}" y="${y}" width="${w}" height="${h2}" rx="${tray.rx}" fill="${c.rail}" stroke="${c.tray_edge}" stroke-width="${tray.edge_width}"/>` + (target && lit.has("off") ? `<rect x="${x}" y="${y}" width="${w}" height="${h2}" rx="${tray.rx}" fill="${c.lit}" fill-opacity="0.35" stroke="${c.lit}" stroke-width="3" class="bg-lit"/>` : "");
    for (let i = 0; i < board.off[seat]; i++) out += slab(seat, i);
    out += `</g>`;
  }
  for (let p = 1; p <= 24; p++) {
    const fill = p % 2 ? c.dark : c.light;
    const x = pointX(p);
    const y = isTop(p) ? TOP_Y : MID_Y;
    const isLit = lit.has(p);
    out += `<g data-point="${p}"${isLit ? ' data-lit="true"' : ""}><rect x="${q2(x - P / 2)}" y="${y}" width="${P}" height="${FIELD_H / 2}" fill="transparent"/><polygon points="${triangle(p)}" fill="${fill}" stroke="${c.point_edge}" stroke-opacity="${S.point.edge_opacity}"/>`;
    const v = board.points[p - 1];
    if (isLit) {
      const mine = (turn === 0 ? v : -v) > 0 ? Math.abs(v) : 0;
      const [lx, ly] = checkerXY(p, Math.min(mine, STACK - 1), Math.min(mine + 1, STACK));
      out += `<polygon points="${triangle(p)}" fill="${c.lit}" fill-opacity="0.5" stroke="${c.lit}" stroke-width="3" class="bg-lit"/><circle cx="${lx}" cy="${ly}" r="${R - 3}" fill="${c.lit}" fill-opacity="0.25" stroke="${c.lit}" stroke-width="2.5" stroke-dasharray="6 4" class="bg-landing"/>`;
    }
    if (v) out += stack(id, v > 0 ? 0 : 1, p, Math.abs(v), u);
    out += `</g>`;
  }
  out += pointNumbers(state);
  out += arrows(id, state);
  out += tutorArrows(id, state);
  out += diceLayer(state);
  out += rollPrompt(state);
  out += cubeLayer(state);
  out += strip(state, 1) + strip(state, 0);
  out += matchLabel(state);
  out += banner(state);
  out += bubble(state, ui.note);
  return out + `</svg>`;
}

// src/hint.js
var signed = (lang, x) => number(lang, x, 3, true);
function candidateRows(lang, hint) {
  if (!hint || hint.kind !== "plays") return [];
  return hint.candidates.map((c, i) => ({
    rank: i + 1,
    text: c.text,
    ply: c.ply == null ? "" : String(c.ply),
    equity: signed(lang, c.emg ?? c.equity),
    error: c.error ? signed(lang, -c.error) : "",
    win: percent(lang, c.win),
    mwc: c.mwc == null ? "" : percent(lang, c.mwc),
    // se null: one trial, no spread measured yet (Python's infinity, which JSON cannot carry)
    rollout: c.rollout ? rolloutCell(lang, c.rollout) : ""
  }));
}
function rolloutCell(lang, r) {
  const equity = `${signed(lang, r.equity)} \xB1 ${number(lang, r.se ?? Infinity, 3)}`;
  return r.mwc == null ? equity : `${percent(lang, r.mwc)} (${equity})`;
}
function rolloutText(lang, hint) {
  const r = hint?.kind === "plays" ? hint.rollout : null;
  if (!r) return "";
  const key = r.running ? "board.rolloutRunning" : r.trials < r.total ? "board.rolloutStopped" : "board.rolloutDone";
  const how = r.truncate == null ? t(lang, "board.rolloutToEnd") : t(lang, "board.rolloutTruncated", { plies: r.truncate });
  return t(lang, key, { plays: r.plays, done: r.trials, total: r.total, how });
}
function inMatch(hint) {
  return !!hint && hint.kind === "plays" && hint.candidates.some((c) => c.mwc != null);
}
function cubeText(lang, hint, names = null) {
  if (!hint || hint.kind !== "cube") return "";
  let action2;
  if (hint.reason) action2 = `${t(lang, "noDouble")} (${hint.reason})`;
  else {
    const answer = t(lang, hint.beaver ? "beaverIt" : hint.take ? "takeIt" : "passIt");
    const first = hint.double ? t(lang, "doubleIt") : hint.too_good ? t(lang, "tooGood") : t(lang, "noDouble");
    action2 = `${first}, ${answer}`;
  }
  const show = hint.match_play ? percent : signed;
  const values = [
    `${t(lang, "noDouble")} ${show(lang, hint.no_double)}`,
    `${t(lang, "doubleTake")} ${show(lang, hint.double_take)}`,
    `${t(lang, "doublePass")} ${show(lang, hint.double_pass)}`
  ];
  const whose = names ? `${t(lang, "cubeFor", { name: names[hint.doubler] })}: ` : "";
  return `${t(lang, "expertCube")}: ${action2} \xB7 ${whose}${values.join(" \xB7 ")}`;
}
function previewState(state, index) {
  const hint = state.hint;
  if (state.edit || state.moved?.length || hint?.kind !== "plays") return state;
  const candidate = hint.candidates[index];
  if (!candidate) return state;
  return { ...state, last_play: { seat: hint.seat, text: candidate.text, steps: candidate.steps, before: hint.before } };
}

// src/tutor.js
var MARK_KEYS = { doubtful: "review.mark.doubtful", bad: "review.mark.bad", "very bad": "review.mark.veryBad" };
var ACTION_KEYS = {
  double: "review.action.double",
  "no double": "review.action.noDouble",
  take: "review.action.take",
  pass: "review.action.pass",
  beaver: "review.action.beaver"
};
function action(lang, tutor, action2) {
  return tutor.kind === "cube" && ACTION_KEYS[action2] ? t(lang, ACTION_KEYS[action2]) : action2;
}
function tutorLines(lang, tutor) {
  if (!tutor) return [];
  const mark = MARK_KEYS[tutor.mark] ? t(lang, MARK_KEYS[tutor.mark]) : tutor.mark;
  const error = number(lang, tutor.error, 3);
  const made = action(lang, tutor, tutor.made);
  const best = action(lang, tutor, tutor.best);
  return [
    t(lang, tutor.kind === "cube" ? "tutor.cube" : "tutor.play", { mark, error, made }),
    t(lang, tutor.kind === "cube" ? "tutor.bestCube" : "tutor.best", { best }),
    ...tutor.explanation
  ];
}
var FACTS_SHOWN = 3;
function drawTutor(panel, tutor, lang, send) {
  panel.hidden = !tutor;
  const key = JSON.stringify(tutor) + lang;
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  if (!tutor) return panel.replaceChildren();
  panel.dataset.mark = tutor.mark;
  const [error, best, ...facts] = tutorLines(lang, tutor);
  const button = (id, label, type) => {
    const b = h("button", { type: "button", "data-testid": id }, t(lang, label));
    b.addEventListener("click", () => send({ type }));
    return b;
  };
  const head = h("div", { class: "bg-tutor-head" });
  const words = h("div", { class: "bg-tutor-words" });
  const title = h("strong", { "data-testid": "tutor-error" }, `${t(lang, "tutor.title")}: ${error}`);
  words.append(title, h("div", { "data-testid": "tutor-best" }, best));
  const buttons = h("div", { class: "bg-tutor-buttons" });
  buttons.append(button("tutor-take-back", "tutor.takeBack", "tutor-take-back"), button("tutor-accept", "tutor.accept", "tutor-accept"));
  head.append(words, buttons);
  const list = (lines) => {
    const ul = h("ul", { class: "bg-tutor-facts" });
    ul.append(...lines.map((line) => h("li", {}, line)));
    return ul;
  };
  const why = h("div", { class: "bg-tutor-why", "data-testid": "tutor-why" });
  why.append(list(facts.slice(0, FACTS_SHOWN)));
  if (facts.length > FACTS_SHOWN) {
    const more = h("details", { "data-testid": "tutor-more" });
    more.append(h("summary", {}, t(lang, "tutor.more", { n: facts.length - FACTS_SHOWN })), list(facts.slice(FACTS_SHOWN)));
    why.append(more);
  }
  why.append(h("p", { class: "bg-tutor-units" }, t(lang, "tutor.units")));
  panel.replaceChildren(head, why);
}

// src/ids.js
function uniqueId(prefix = "bgw") {
  const bytes = new Uint8Array(6);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `${prefix}-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

// src/loft/load.js
var loaded = null;
function loadLoft(source) {
  if (!loaded) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    loaded = import(
      /* webpackIgnore: true */
      url
    ).finally(() => URL.revokeObjectURL(url));
  }
  return loaded;
}
function webglAvailable() {
  try {
    const canvas = document.createElement("canvas");
    return !!(window.WebGLRenderingContext && (canvas.getContext("webgl2") || canvas.getContext("webgl")));
  } catch {
    return false;
  }
}

// src/online.js
function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const [hours, minutes, rest] = [Math.floor(s / 3600), Math.floor(s % 3600 / 60), s % 60];
  const mm = hours ? String(minutes).padStart(2, "0") : String(minutes);
  return `${hours ? `${hours}:` : ""}${mm}:${String(rest).padStart(2, "0")}`;
}
function reservesAt(clock, now) {
  return clock.reserves.map((reserve, seat) => seat === clock.running ? reserve - Math.max(0, now - clock.since - clock.delay) : reserve);
}
function inStep(online, serverIds) {
  return online.in_sync && online.connected && online.joined && serverIds !== null && online.ids[0] === serverIds[0] && online.ids[1] === serverIds[1];
}
function drawOnline(panel, s, serverIds, claim, now) {
  const online = s.online;
  panel.hidden = !online;
  panel.replaceChildren();
  if (!online) return false;
  const lang = s.language;
  panel.dataset.connected = String(online.connected);
  panel.dataset.joined = String(online.joined);
  panel.dataset.seat = online.seat == null ? "" : String(online.seat);
  if (!online.connected || !online.joined) {
    const words = online.seats.length ? "online.reconnecting" : "online.connecting";
    panel.append(h("div", { class: "bg-online-banner", role: "status", "data-testid": "online-banner" }, t(lang, words)));
  }
  const head = h("div", { class: "bg-online-head" });
  if (online.room) head.append(h("span", { class: "bg-online-room", "data-testid": "online-room" }, t(lang, "online.room", { room: online.room })));
  const synced = inStep(online, serverIds);
  const mark = h("span", {
    class: "bg-online-sync",
    "data-testid": "online-sync",
    "data-sync": String(synced),
    title: synced ? `${online.ids[0]} \xB7 ${online.ids[1]}` : t(lang, "online.unsync")
  }, synced ? `\u2713 ${t(lang, "online.sync")}` : `\u26A0 ${t(lang, "online.unsync")}`);
  head.append(mark);
  panel.append(head);
  if (online.invite) {
    const invite = h("div", { class: "bg-online-invite", "data-testid": "online-invite" }, `${t(lang, "online.invite")} `);
    invite.append(h("code", {}, online.invite));
    if (online.spectate) invite.append(h("div", {}, t(lang, "online.spectators", { code: online.spectate })));
    panel.append(invite);
  }
  let ticking = drawSeats(panel, online, s, claim, now);
  if (online.seat == null && online.joined) panel.append(h("div", { class: "bg-online-note" }, t(lang, "online.watching")));
  const notes = [];
  if (online.pending) notes.push(t(lang, "online.pending"));
  if (online.ended) {
    const name = online.ended.winner == null ? "" : s.names[online.ended.winner] ?? "";
    notes.push(t(lang, `online.end.${online.ended.reason}`, { name }));
  }
  if (online.verified != null) notes.push(t(lang, online.verified ? "online.verified" : "online.verifyFailed"));
  else if (online.commitment) notes.push(t(lang, "online.commitment", { hash: `${online.commitment.slice(0, 16)}\u2026` }));
  if (!online.ended) notes.push(t(lang, online.tools ? "online.tools" : "online.noTools"));
  const verified = online.verified == null ? "" : String(online.verified);
  for (const note of notes) panel.append(h("div", { class: "bg-online-note", "data-verified": verified }, note));
  ticking || (ticking = !!online.clock && online.clock.running != null && !online.ended);
  return ticking;
}
function drawSeats(panel, online, s, claim, now) {
  const lang = s.language;
  const list = h("ul", { class: "bg-online-seats" });
  const reserves = online.clock ? reservesAt(online.clock, now) : null;
  let ticking = false;
  let claimable = false;
  online.seats.forEach((seat, index) => {
    const name = s.names[index] ?? seat.name;
    const item = h("li", {
      "data-testid": `online-seat-${index}`,
      "data-connected": String(seat.connected),
      "data-taken": String(seat.taken)
    });
    item.append(h("span", { class: `bg-online-dot${seat.connected ? " on" : ""}` }, "\u25CF"));
    item.append(h("span", { class: "bg-online-name" }, index === online.seat ? `${name} (${t(lang, "online.you")})` : name));
    let presence = t(lang, "online.here");
    if (!seat.taken) presence = t(lang, "online.waiting");
    else if (!seat.connected && seat.held_until != null) {
      const left = seat.held_until - now;
      ticking = true;
      const mine = online.seat != null && index !== online.seat;
      claimable || (claimable = left <= 0 && mine && !online.ended);
      presence = left > 0 ? t(lang, "online.away", { time: clockText(left) }) : t(lang, "online.claimable");
    }
    item.append(h("span", { class: "bg-online-presence" }, presence));
    if (reserves) {
      const running = online.clock?.running === index;
      item.append(h("span", { class: `bg-online-clock${running ? " running" : ""}`, "data-testid": `online-clock-${index}` }, clockText(reserves[index])));
    }
    list.append(item);
  });
  panel.append(list);
  if (claimable && online.connected) {
    const button = h("button", { type: "button", "data-testid": "claim" }, t(lang, "claim"));
    button.addEventListener("click", claim);
    panel.append(button);
  }
  return ticking;
}

// src/view.js
var BUTTONS = [
  { key: "roll", can: "roll", primary: true },
  { key: "undo", can: "undo" },
  { key: "done", can: "done", primary: true },
  { key: "double", can: "double" },
  { key: "take", can: "take", primary: true },
  { key: "pass", can: "pass" },
  { key: "beaver", can: "beaver" },
  { key: "raccoon", can: "raccoon" },
  { key: "accept", can: "accept", primary: true },
  { key: "decline", can: "decline" },
  { key: "hint", can: "hint" },
  { key: "resign", can: "resign" },
  { key: "new-game", can: "new_game", primary: true },
  { key: "edit", can: "edit" }
];
var REVIEW_STEPS = [
  ["first", "board.reviewFirst"],
  ["previous", "board.reviewPrevious"],
  ["next", "board.reviewNext"],
  ["last", "board.reviewLast"],
  ["next-error", "board.reviewNextError"]
];
var REVIEW_KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
var REPLAY_GAMES = [["previous-game", "board.replayPreviousGame"], ["next-game", "board.replayNextGame"]];
var REPLAY_KEYS = { ...REVIEW_KEYS, PageUp: "previous-game", PageDown: "next-game" };
function place(value) {
  if (value === "bar" || value === "off") return value;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 24 ? n : null;
}
var sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
function closest(target, selector) {
  const found = (
    /** @type {Element | null} */
    target?.closest?.(selector)
  );
  return (
    /** @type {HTMLElement | SVGElement | null | undefined} */
    found ?? null
  );
}
function scrollWithin(box, item, covered = 0) {
  const [inner, outer] = [item.getBoundingClientRect(), box.getBoundingClientRect()];
  if (inner.top < outer.top + covered) box.scrollTop -= outer.top + covered - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
}
var View = class {
  /** el: the element to draw into; send(intent): hands an intent to Python.
   * @param {HTMLElement} el
   * @param {(intent: Intent) => void} send */
  constructor(el, send) {
    this.send = send;
    this.state = null;
    this.selected = null;
    this.id = uniqueId();
    this.animation = null;
    this.playIndex = 0;
    this.preview = null;
    this.drag = null;
    this.root = h("div", {
      class: "bg-widget",
      "data-testid": "bg-board",
      "data-lm-suppress-shortcuts": "true",
      tabindex: "-1"
    });
    this.root.addEventListener("focusin", (e) => (
      /** @type {Element} */
      e.target.setAttribute("data-lm-suppress-shortcuts", "true")
    ));
    this.board = h("div", { class: "bg-board" });
    this.status = h("div", { class: "bg-status", role: "status", "aria-live": "polite", "data-testid": "status" });
    this.busyBar = h("progress", { class: "bg-busy-bar", "data-testid": "busy-progress" });
    this.busyBar.hidden = true;
    this.controls = h("div", { class: "bg-controls" });
    this.buttons = {};
    for (const { key } of BUTTONS) {
      const b = h("button", { type: "button", "data-testid": key });
      b.hidden = true;
      b.addEventListener("click", () => this.button(key));
      this.buttons[key] = b;
      this.controls.append(b);
    }
    this.viewButton = h("button", { type: "button", "data-testid": "view-toggle" });
    this.viewButton.addEventListener("click", () => {
      this.send({ type: "view", view: this.view === "3d" ? "2d" : "3d" });
    });
    this.controls.append(this.viewButton);
    this.face = null;
    this.view = "2d";
    this.faceNote = h("p", { class: "bg-face-note", role: "status", "data-testid": "view-note" });
    this.faceNote.hidden = true;
    this.keyboard = h("div", { class: "bg-keyboard" });
    this.plays = h("ul", { role: "listbox", tabindex: "0", class: "bg-plays", "data-testid": "plays" });
    this.plays.addEventListener("keydown", (e) => this.listKey(e));
    this.form = h("form", { class: "bg-notation" });
    this.input = h("input", { type: "text", "data-testid": "notation", autocomplete: "off", spellcheck: "false" });
    this.submit = h("button", { type: "submit", "data-testid": "play" });
    this.form.append(this.input, this.submit);
    const submit = (e) => {
      e.preventDefault();
      this.intent({ type: "play", notation: this.input.value.trim() });
    };
    this.form.addEventListener("submit", submit);
    this.input.addEventListener("keydown", (e) => e.key === "Enter" && submit(e));
    this.keyboard.append(this.plays, this.form);
    this.editPanel = this.buildEditPanel();
    this.resignPanel = this.buildResignPanel();
    this.hintPanel = h("div", { class: "bg-hint", "data-testid": "hint-panel" });
    this.hintPanel.hidden = true;
    this.tutorPanel = h("div", { class: "bg-tutor", "data-testid": "tutor-panel", role: "alert" });
    this.tutorPanel.hidden = true;
    this.record = h("div", { class: "bg-record", "data-testid": "record", tabindex: "0" });
    this.record.hidden = true;
    this.main = h("div", { class: "bg-main" });
    this.main.append(this.board, this.record);
    this.reviewPanel = this.buildReviewPanel();
    this.files = h("div", { class: "bg-files" });
    this.fileButtons = /** @type {ExportIntent["format"][]} */
    ["json", "mat"].map((format) => {
      const b = h("button", { type: "button", "data-testid": `export-${format}` });
      b.addEventListener("click", () => this.intent({ type: "export", format }));
      return b;
    });
    this.files.append(...this.fileButtons);
    this.files.hidden = true;
    this.onlinePanel = h("div", { class: "bg-online", "data-testid": "online" });
    this.onlinePanel.hidden = true;
    this.serverIds = () => null;
    this.ticker = null;
    this.side = h("div", { class: "bg-side", "data-testid": "side" });
    this.side.append(
      this.tutorPanel,
      this.status,
      this.busyBar,
      this.reviewRunning,
      this.reviewPanel,
      this.controls,
      this.resignPanel,
      this.keyboard,
      this.hintPanel,
      this.editPanel,
      this.files
    );
    this.root.append(this.onlinePanel, this.faceNote, this.main, this.side);
    el.append(this.root);
    this.board.addEventListener("click", (e) => this.click(e));
    this.board.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      e.stopPropagation();
      this.byDie(e, "low");
    });
    this.board.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.board.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.board.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.root.addEventListener("keydown", (e) => {
      const s = this.state;
      const typing = closest(e.target, "input, select");
      const to = s?.review && !typing ? REVIEW_KEYS[e.key] : void 0;
      const replayTo = !s?.review && s?.replay && !typing ? REPLAY_KEYS[e.key] : void 0;
      if (to) {
        e.preventDefault();
        this.intent({ type: "review-go", to });
      } else if (replayTo) {
        e.preventDefault();
        this.intent({ type: "replay-go", to: replayTo });
      }
      if (e.key === "Escape" && this.selected !== null) {
        this.selected = null;
        this.draw();
      }
      e.stopPropagation();
    });
  }
  buildEditPanel() {
    const panel = h("div", { class: "bg-edit" });
    panel.hidden = true;
    this.turnButtons = [0, 1].map((seat) => {
      const b = h("button", { type: "button", "data-testid": `edit-turn-${seat}`, "aria-pressed": "false" });
      b.addEventListener("click", () => this.intent({ type: "edit-turn", turn: seat }));
      return b;
    });
    this.diceSelects = [0, 1].map((i) => {
      const s = h("select", { "data-testid": `edit-die-${i}` });
      for (const v of ["", 1, 2, 3, 4, 5, 6]) s.append(h("option", { value: String(v) }, v === "" ? "\u2013" : String(v)));
      s.addEventListener("change", () => {
        const [a, b] = this.diceSelects.map((x) => Number(x.value));
        if (a && b) this.intent({ type: "edit-dice", dice: [a, b] });
        else if (!a && !b) this.intent({ type: "edit-dice", dice: [] });
      });
      return s;
    });
    this.idLabel = h("label", {});
    this.idInput = h("input", { type: "text", "data-testid": "position-id", size: "16", spellcheck: "false" });
    this.idInput.addEventListener("keydown", (e) => {
      if (e.key === "Enter") this.intent({ type: "edit-id", id: this.idInput.value.trim() });
    });
    this.idLabel.append(this.idInput);
    this.editDone = h("button", { type: "button", "data-testid": "edit-done", class: "primary" });
    this.editDone.addEventListener("click", () => this.intent({ type: "edit-done" }));
    this.editCancel = h("button", { type: "button", "data-testid": "edit-cancel" });
    this.editCancel.addEventListener("click", () => this.intent({ type: "edit-cancel" }));
    panel.append(...this.turnButtons, ...this.diceSelects, this.idLabel, this.editDone, this.editCancel);
    return panel;
  }
  /** Review mode: start it, step through the decisions, leave it. A replay steps through its
   * stops with the same buttons (and the game before or after), and leaves by Play from here. */
  buildReviewPanel() {
    const panel = h("div", { class: "bg-review", role: "group", "data-testid": "review-panel" });
    panel.hidden = true;
    this.reviewButton = h("button", { type: "button", "data-testid": "review" });
    this.reviewButton.hidden = true;
    this.reviewButton.addEventListener("click", () => this.intent({ type: "review" }));
    this.replayButton = h("button", { type: "button", "data-testid": "replay" });
    this.replayButton.hidden = true;
    this.replayButton.addEventListener("click", () => this.intent({ type: "replay" }));
    this.controls.append(this.reviewButton, this.replayButton);
    this.reviewCount = h("span", { "data-testid": "review-count" });
    this.reviewSteps = REVIEW_STEPS.map(([to]) => {
      const b = h("button", { type: "button", "data-testid": `review-${to}` });
      b.addEventListener("click", () => {
        if (this.state?.review || to === "next-error") this.intent({ type: "review-go", to });
        else this.intent({ type: "replay-go", to });
      });
      return b;
    });
    this.replayGames = REPLAY_GAMES.map(([to]) => {
      const b = h("button", { type: "button", "data-testid": `replay-${to}` });
      b.addEventListener("click", () => this.intent({ type: "replay-go", to }));
      return b;
    });
    this.reviewLeave = h("button", { type: "button", "data-testid": "review-leave", class: "primary" });
    this.reviewLeave.addEventListener("click", () => {
      this.intent(this.state?.review ? { type: "review-leave" } : { type: "replay-play" });
    });
    panel.append(this.reviewCount, ...this.reviewSteps, ...this.replayGames, this.reviewLeave);
    this.reviewExplanation = h("ul", { class: "bg-explanation", "data-testid": "review-explanation" });
    panel.append(this.reviewExplanation);
    this.reviewRunning = h("div", { class: "bg-reviewing", role: "group", "data-testid": "review-running" });
    this.reviewRunning.hidden = true;
    this.reviewBar = h("progress", { "data-testid": "review-progress" });
    this.reviewCancel = h("button", { type: "button", "data-testid": "review-cancel" });
    this.reviewCancel.addEventListener("click", (e) => e.detail < 2 && this.intent({ type: "review-cancel" }));
    this.reviewRunning.append(this.reviewBar, this.reviewCancel);
    return panel;
  }
  /** The kernel's work running: a turning mark before the status line (which says what it is),
   * with a bar where it counts how far it is (a review draws its own bar in its panel).
   * @param {Busy | null} busy */
  drawBusy(busy) {
    this.status.classList.toggle("bg-busy", !!busy);
    this.root.dataset.busy = busy?.kind ?? "";
    const counted = !!busy && busy.kind !== "review" && busy.total != null;
    this.busyBar.hidden = !counted;
    if (counted) {
      this.busyBar.max = busy.total ?? 0;
      this.busyBar.value = busy.done ?? 0;
      this.busyBar.setAttribute("aria-label", busy.text);
    }
  }
  /** @param {ViewState} s */
  drawReview(s) {
    const lang = s.language;
    const review = s.review;
    this.reviewButton.textContent = t(lang, "board.review");
    this.reviewButton.hidden = !s.can?.review;
    const progress = s.review_progress;
    this.reviewRunning.hidden = !s.reviewing;
    this.root.dataset.reviewProgress = s.reviewing ? progress ? `${progress.done}/${progress.total}` : "0" : "";
    if (progress) {
      this.reviewBar.max = progress.total;
      this.reviewBar.value = progress.done;
    } else {
      this.reviewBar.removeAttribute("value");
    }
    this.reviewBar.setAttribute("aria-label", s.status ?? "");
    this.reviewCancel.textContent = t(lang, "board.reviewCancel");
    this.replayButton.textContent = t(lang, "board.replay");
    this.replayButton.hidden = !s.can?.replay;
    this.reviewPanel.hidden = !review && !s.replay;
    this.root.dataset.review = review ? String(review.index) : "";
    this.root.dataset.replay = s.replay ? `${s.replay.game}:${s.replay.actions}` : "";
    this.replayGames.forEach((b) => b.hidden = !!review || !s.replay);
    if (!review) {
      this.drawReplay(s);
      return;
    }
    delete this.reviewPanel.dataset.replay;
    this.reviewSteps.forEach((b) => b.hidden = false);
    this.reviewPanel.dataset.mark = review.mark;
    this.reviewPanel.dataset.kind = review.kind;
    this.reviewCount.textContent = t(lang, "board.reviewCount", { n: review.index + 1, count: review.count });
    this.reviewSteps.forEach((b, i) => {
      b.textContent = t(lang, REVIEW_STEPS[i][1]);
      const to = REVIEW_STEPS[i][0];
      b.disabled = to === "first" || to === "previous" ? review.index === 0 : review.index === review.count - 1;
    });
    this.reviewLeave.textContent = t(lang, "board.reviewLeave");
    this.reviewExplanation.replaceChildren(...(review.explanation || []).map((line) => h("li", {}, line)));
  }
  /** The replay's part of the panel: where it stands, its steps, the games, Play from here.
   * @param {ViewState} s */
  drawReplay(s) {
    const replay = s.replay;
    if (!replay) return;
    const lang = s.language;
    this.reviewPanel.dataset.replay = "";
    this.reviewPanel.dataset.mark = "";
    this.reviewPanel.dataset.kind = "";
    this.reviewCount.textContent = t(lang, "board.replayCount", {
      game: replay.game,
      games: replay.games,
      n: replay.step + 1,
      count: replay.steps
    });
    this.reviewSteps.forEach((b, i) => {
      const to = REVIEW_STEPS[i][0];
      b.textContent = t(lang, REVIEW_STEPS[i][1]);
      b.hidden = to === "next-error";
      const stops = { first: replay.start, previous: replay.index === 0, next: replay.index === replay.count - 1, last: replay.end };
      b.disabled = to === "next-error" || stops[to];
    });
    this.replayGames.forEach((b, i) => {
      b.textContent = t(lang, REPLAY_GAMES[i][1]);
      b.disabled = i === 0 ? replay.game === 1 : replay.game === replay.games;
    });
    this.reviewLeave.textContent = t(lang, "board.replayPlay");
    this.reviewExplanation.replaceChildren();
  }
  /** The game's record, numbered as a .mat file numbers it (seat 1's column, then seat 0's).
   * @param {ViewState} s
   */
  drawRecord(s) {
    this.record.hidden = s.tools === false && !s.online;
    const lines = s.record || [];
    const steps = !s.review && s.replay ? s.replay.lines : null;
    const key = JSON.stringify([lines, steps, s.replay?.game]) + s.language + s.names.join("\n");
    if (this.record.dataset.key !== key) this.fillRecord(s, lines, key, steps);
    const current = s.review ? String(s.review.move) : s.replay?.line ? String(s.replay.line) : null;
    if (s.replay && !s.review && !current) this.record.scrollTop = 0;
    const rows = (
      /** @type {NodeListOf<HTMLTableRowElement>} */
      this.record.querySelectorAll("[data-record-line]")
    );
    for (const tr of rows) {
      const here = tr.dataset.recordLine === current;
      tr.classList.toggle("bg-current", here);
      if (here) {
        tr.setAttribute("aria-current", "step");
        scrollWithin(this.record, tr, this.record.querySelector("thead")?.offsetHeight || 0);
      } else {
        tr.removeAttribute("aria-current");
      }
    }
  }
  /**
   * @param {ViewState} s
   * @param {import("./state.js").RecordLine[]} lines
   * @param {string} key
   * @param {number[][] | null} steps  a replay's stop after each cell ([seat 1's, seat 0's], 0 for none)
   */
  fillRecord(s, lines, key, steps) {
    this.record.dataset.key = key;
    const title = `${this.id}-record`;
    const table = h("table", { "aria-labelledby": title });
    const heading = h("tr", {});
    heading.append(h("th", { id: title, colspan: "3", class: "bg-record-title" }, t(s.language, "board.record")));
    const head = h("tr", {});
    head.append(h("th", {}, ""), h("th", {}, s.names[1]), h("th", {}, s.names[0]));
    const thead = h("thead", {});
    thead.append(heading, head);
    table.append(thead);
    const body = h("tbody", {});
    const game = s.replay?.game ?? 0;
    lines.forEach((line, i) => {
      const tr = h("tr", { "data-record-line": String(line.number) });
      const cells = line.cells.map((cell, j) => {
        const actions = steps?.[i]?.[j] ?? 0;
        if (!actions) return h("td", {}, cell);
        const td = h("td", { "data-actions": String(actions) }, cell);
        td.addEventListener("click", () => this.intent({ type: "replay-go", game, actions }));
        return td;
      });
      tr.append(h("td", {}, `${line.number})`), ...cells);
      body.append(tr);
    });
    table.append(body);
    this.record.replaceChildren(table);
    this.record.scrollTop = this.record.scrollHeight;
  }
  /** @param {ViewState} s */
  drawFiles(s) {
    this.files.hidden = !s.can?.export;
    this.fileButtons[0].textContent = t(s.language, "board.exportJson");
    this.fileButtons[1].textContent = t(s.language, "board.exportMat");
  }
  /** A file Python sent (an export): downloaded by the browser under its name.
   * @param {Download} message
   */
  download(message) {
    const url = URL.createObjectURL(new Blob([message.text], { type: message.mime || "text/plain" }));
    const a = h("a", { href: url, download: message.name });
    a.hidden = true;
    this.root.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1e3);
  }
  /** The resignation's choice: a single game, a gammon or a backgammon (1, 2 or 3 times the cube). */
  buildResignPanel() {
    const panel = h("div", { class: "bg-resign", role: "group", "data-testid": "resign-choice" });
    panel.hidden = true;
    this.resignLabel = h("span", {});
    this.resignChoices = [1, 2, 3].map((points) => {
      const b = h("button", { type: "button", "data-testid": `resign-${points}` });
      b.addEventListener("click", () => {
        this.resigning = false;
        this.intent({ type: "resign", points });
      });
      return b;
    });
    this.resignCancel = h("button", { type: "button", "data-testid": "resign-cancel" });
    this.resignCancel.addEventListener("click", () => {
      this.resigning = false;
      this.draw();
      this.buttons.resign.focus();
    });
    panel.append(this.resignLabel, ...this.resignChoices, this.resignCancel);
    return panel;
  }
  /** @param {ViewState} s */
  drawResign(s) {
    const lang = s.language;
    if (!s.can?.resign) this.resigning = false;
    this.resignPanel.hidden = !this.resigning;
    this.buttons.resign.setAttribute("aria-expanded", String(!!this.resigning));
    this.resignLabel.textContent = t(lang, "resignWhat");
    this.resignChoices.forEach((b, i) => b.textContent = t(lang, `resign${i + 1}`));
    this.resignCancel.textContent = t(lang, "resignCancel");
  }
  /** @param {Intent} intent */
  intent(intent) {
    this.selected = null;
    const sent = { ...intent, revision: this.state ? this.state.revision : 0 };
    const key = JSON.stringify(sent);
    const step = (intent.type === "review-go" || intent.type === "replay-go") && "to" in intent;
    if (key === this.lastSent && !step) return;
    this.lastSent = key;
    this.send(sent);
  }
  // ------------------------------------------------------------------ drawing
  /** Show a new state from Python; the computer's play is first shown step by step.
   * @param {ViewState} state
   */
  async setState(state) {
    const prev = this.state;
    if (this.animation) this.animation.skip = true;
    const last = state.last_play;
    const fresh = last && (!prev || JSON.stringify(prev.last_play) !== JSON.stringify(last));
    if (fresh && state.animation > 0 && !state.human?.[last.seat] && !state.edit && !state.review) {
      const run = { skip: false };
      this.animation = run;
      this.root.dataset.animating = "true";
      await this.animate(state, last, run);
      if (this.animation !== run) return;
      this.animation = null;
      delete this.root.dataset.animating;
    }
    this.state = state;
    if (!personMoving(state) || this.selected === null || !movablePoints(state).has(this.selected)) this.selected = null;
    if (prev && prev.revision !== state.revision && this.input.value && !state.refused) this.input.value = "";
    this.draw();
  }
  /**
   * @param {ViewState} state
   * @param {LastPlay} last
   * @param {{skip: boolean}} run
   */
  async animate(state, last, run) {
    const ms = state.animation * 1e3;
    let board = last.before;
    const idle = (
      /** @type {Can} */
      Object.fromEntries(Object.keys(state.can).map((key) => [key, false]))
    );
    const frame = {
      ...state,
      phase: "move",
      turn: last.seat,
      dice: state.last_roll?.dice || [],
      dice_left: [],
      last_roll: null,
      steps: {},
      movable: [],
      last_play: null,
      moved: [],
      can: idle
    };
    for (const step of last.steps) {
      if (run.skip) return;
      const [from, to] = step;
      const before = board;
      board = applyStep(board, last.seat, step);
      if (this.face) {
        this.face.step({ ...frame, ...board }, last.seat, before, from, to, ms);
        await sleep(ms);
        continue;
      }
      const nFrom = countAt(before, last.seat, from);
      const [x0, y0] = locate(last.seat, from, nFrom - 1, nFrom);
      this.board.innerHTML = drawBoard({ ...frame, ...board }, {}, this.id);
      const nTo = countAt(board, last.seat, to);
      const el = this.board.querySelector(`[data-checker="${to}:${nTo - 1}"][data-owner="${last.seat}"]`);
      const [x1, y1] = locate(last.seat, to, nTo - 1, nTo);
      if (el && el.animate) {
        el.animate([{ transform: `translate(${x0 - x1}px, ${y0 - y1}px)` }, { transform: "translate(0, 0)" }], {
          duration: ms,
          easing: "ease-in-out"
        });
      }
      await sleep(ms);
    }
  }
  draw() {
    const s = this.state;
    if (!s) return;
    const hadFocus = this.root.contains(document.activeElement);
    const ui = {
      selected: this.selected,
      lit: litPoints(s, this.selected),
      movable: movablePoints(s),
      note: s.teaching && s.refusal && this.dismissed !== s.revision ? s.refusal : null
    };
    this.drawHint(s);
    drawTutor(this.tutorPanel, s.tutor ?? null, s.language, (intent) => this.intent(intent));
    const previewKey = `${(s.plays || []).join("\n")}|${!!s.edit}`;
    if (previewKey !== this.previewKey) this.preview = null;
    this.previewKey = previewKey;
    const shown = this.preview === null ? s : previewState(s, this.preview);
    if (this.preview === null) delete this.root.dataset.preview;
    else this.root.dataset.preview = String(this.preview);
    if (this.face) this.face.draw(shown, ui);
    else this.board.innerHTML = drawBoard(shown, ui, this.id);
    const cubeKey = s.cube ? `${s.cube.value}/${s.cube.owner}/${s.cube.offered}` : "";
    if (this.cubeKey !== void 0 && cubeKey !== this.cubeKey && s.animation > 0) {
      this.board.querySelector("[data-cube]")?.classList.add("bg-cube-turn");
    }
    this.cubeKey = cubeKey;
    const lang = s.language;
    const can = s.can || {};
    for (const { key, can: flag, primary } of BUTTONS) {
      const b = this.buttons[key];
      b.textContent = t(lang, key);
      b.hidden = !can[flag] || key === "edit" && !!s.edit;
      b.classList.toggle("primary", !!primary);
    }
    this.viewButton.textContent = t(lang, this.view === "3d" ? "view.toggle2d" : "view.toggle3d");
    this.faceNote.textContent = this.view === "3d" && !this.face ? t(lang, this.faceMissing ? "view.noWebgl" : "view.loading") : "";
    this.faceNote.hidden = !this.faceNote.textContent;
    this.root.dataset.view = this.face ? "3d" : "2d";
    this.status.textContent = s.status ?? "";
    this.status.classList.toggle("bg-refused", !!s.refused && this.status.textContent.startsWith(s.refused));
    this.drawBusy(s.busy);
    this.drawKeyboard(s);
    this.drawEdit(s);
    this.drawResign(s);
    this.drawReview(s);
    this.drawRecord(s);
    this.drawFiles(s);
    this.drawOnline();
    this.root.dataset.phase = s.phase;
    this.root.dataset.turn = String(s.turn);
    this.root.dataset.revision = String(s.revision);
    this.root.dataset.edit = String(!!s.edit);
    this.root.dataset.positionId = s.position_id;
    this.root.dataset.thinking = String(!!s.thinking);
    if (hadFocus) this.keepFocus(s);
  }
  /** The online panel, from the state and the server's last IDs as the page received them; a
   * ticker redraws it while a countdown shows. */
  drawOnline() {
    const s = this.state;
    if (!s) return;
    const ticking = drawOnline(this.onlinePanel, s, this.serverIds(), () => this.intent({ type: "claim" }), Date.now() / 1e3);
    if (ticking && this.ticker === null) this.ticker = setInterval(() => this.drawOnline(), 1e3);
    if (!ticking && this.ticker !== null) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
  }
  /** Read the server's last IDs with `serverIds` (the model's connection keeps them); returns
   * what stops the panel's ticker.
   * @param {() => string[] | null} serverIds */
  follow(serverIds) {
    this.serverIds = serverIds;
    return () => {
      if (this.ticker !== null) clearInterval(this.ticker);
      this.ticker = null;
    };
  }
  /** The Expert's ranked plays (hover or focus one to see it on the board) or cube advice.
   * @param {ViewState} s
   */
  drawHint(s) {
    const hint = s.hint;
    const key = JSON.stringify(hint ?? null) + s.language;
    this.hintPanel.hidden = !hint;
    if (this.hintPanel.dataset.key === key) return;
    this.hintPanel.dataset.key = key;
    this.preview = null;
    if (!hint) return this.hintPanel.replaceChildren();
    const lang = s.language;
    if (hint.kind === "cube") {
      return this.hintPanel.replaceChildren(h("p", { "data-hint-cube": hint.action }, cubeText(lang, hint, s.names)));
    }
    const head = h("tr");
    const match = inMatch(hint);
    const rolled = !!hint.rollout;
    const ranking = t(lang, match ? "board.emg" : "equity");
    const labels = ["#", t(lang, "plays"), t(lang, "board.ply"), ranking, t(lang, "error"), t(lang, "win")];
    if (match) labels.push(t(lang, "board.mwc"));
    if (rolled) labels.push(t(lang, "board.rollout"));
    for (const label of labels) head.append(h("th", {}, label));
    const rows = candidateRows(lang, hint).map((row, i) => {
      const tr = h("tr", { tabindex: "0", "data-hint-play": row.text, "data-hint-ply": row.ply });
      const cells = [row.rank, row.text, row.ply, row.equity, row.error, row.win];
      if (match) cells.push(row.mwc);
      for (const cell of cells) tr.append(h("td", {}, String(cell)));
      if (rolled) tr.append(h("td", { "data-hint-rollout": row.rollout }, row.rollout));
      const show = (index) => () => {
        this.preview = index;
        this.draw();
      };
      tr.addEventListener("mouseenter", show(i));
      tr.addEventListener("focus", show(i));
      tr.addEventListener("mouseleave", show(null));
      tr.addEventListener("blur", (e) => e.relatedTarget && e.relatedTarget !== this.root && show(null)());
      return tr;
    });
    const thead = h("thead");
    thead.append(head);
    const tbody = h("tbody");
    tbody.append(...rows);
    const table = h("table", {});
    table.append(h("caption", {}, t(lang, "expertPlays")), thead, tbody);
    this.hintPanel.replaceChildren(table, this.rolloutControls(hint, lang));
  }
  /** Under the ranked plays: what their rollout is doing, and Roll out (or go on) or Stop.
   * @param {PlaysHint} hint
   * @param {string} lang
   */
  rolloutControls(hint, lang) {
    const line = h("p", { class: "bg-rollout", "data-testid": "hint-rollout-status" }, rolloutText(lang, hint));
    const button = (testid, key, type) => {
      const b = h("button", { type: "button", "data-testid": testid }, t(lang, key));
      b.addEventListener("click", () => this.intent({ type }));
      return b;
    };
    if (hint.rollout?.running) line.append(" ", button("hint-rollout-stop", "board.rolloutStop", "hint-rollout-cancel"));
    else if (hint.can_roll_out) line.append(" ", button("hint-rollout", "board.rollOut", "hint-rollout"));
    line.dataset.running = String(!!hint.rollout?.running);
    line.dataset.trials = String(hint.rollout?.trials ?? "");
    return line;
  }
  /** @param {ViewState} s */
  drawKeyboard(s) {
    const lang = s.language;
    const plays = s.plays || [];
    this.keyboard.hidden = !plays.length;
    this.plays.setAttribute("aria-label", t(lang, "plays"));
    this.input.placeholder = t(lang, "notation");
    this.input.style.width = `${this.input.placeholder.length + 3}ch`;
    this.input.setAttribute("aria-label", t(lang, "notation"));
    this.submit.textContent = t(lang, "playNow");
    const texts = plays.join("\n");
    if (this.plays.dataset.texts !== texts) {
      this.plays.dataset.texts = texts;
      this.playIndex = 0;
      this.plays.replaceChildren(
        ...plays.map((text, i) => h("li", { role: "option", id: `${this.id}-play-${i}`, "data-play": text }, text))
      );
    }
    this.markPlay();
  }
  markPlay() {
    const items = [...this.plays.children];
    items.forEach((li, i) => li.setAttribute("aria-selected", String(i === this.playIndex)));
    const item = items[this.playIndex];
    if (item) {
      this.plays.setAttribute("aria-activedescendant", item.id);
      scrollWithin(this.plays, item);
    }
  }
  /** @param {KeyboardEvent} e */
  listKey(e) {
    const plays = this.state?.plays || [];
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (plays[this.playIndex]) this.intent({ type: "play", notation: plays[this.playIndex] });
      return;
    }
    const next = nextIndex(this.playIndex, plays.length, e.key);
    if (next !== this.playIndex) {
      e.preventDefault();
      this.playIndex = next;
      this.markPlay();
    }
  }
  /** @param {ViewState} s */
  drawEdit(s) {
    const lang = s.language;
    this.editPanel.hidden = !s.edit;
    if (!s.edit) return;
    this.turnButtons.forEach((b, seat) => {
      b.textContent = `${t(lang, "onRoll")}: ${s.names[seat]}`;
      b.setAttribute("aria-pressed", String(s.turn === seat));
    });
    this.diceSelects.forEach((sel, i) => {
      sel.value = String((s.dice || [])[i] || "");
      sel.setAttribute("aria-label", `${t(lang, "dice")} ${i + 1}`);
    });
    this.idInput.setAttribute("aria-label", t(lang, "positionId"));
    if (document.activeElement !== this.idInput) this.idInput.value = s.position_id;
    this.editDone.textContent = t(lang, "edit-done");
    this.editCancel.textContent = t(lang, "cancel");
  }
  /** After a redraw the focused button may be gone: move focus to what comes next.
   * @param {ViewState} s
   */
  keepFocus(s) {
    const active = (
      /** @type {HTMLElement | null} */
      document.activeElement
    );
    if (active && active !== this.root && this.root.contains(active) && active.offsetParent !== null) return;
    const order = s.edit ? [this.editDone] : [(s.plays || []).length ? this.plays : null, ...BUTTONS.filter((b) => b.primary).map((b) => this.buttons[b.key])];
    const next = order.find((el) => el && !el.hidden);
    (next || this.root).focus?.();
  }
  /** Show the face Python chose: "2d", or "3d" with the loft's source (the 2D board stands in,
   * with a message, while it loads or where WebGL is missing).
   * @param {"2d" | "3d"} view
   * @param {string} [source]  the loft's code
   */
  async setView(view, source) {
    this.view = view;
    if (view === "3d" && !this.face && source && !this.faceMissing) {
      if (!webglAvailable()) {
        this.faceMissing = true;
      } else {
        const loft = await loadLoft(source);
        if (this.view !== "3d" || this.face) return this.draw();
        this.face = loft.mount(this.board, this, t);
        this.faceMissing = !this.face;
      }
    } else if (view !== "3d" && this.face) {
      this.face.dispose();
      this.face = null;
    }
    this.draw();
  }
  // ------------------------------------------------------------------ mouse
  /** @param {SimpleIntent["type"] | "resign"} key */
  button(key) {
    if (key === "resign") {
      this.resigning = !this.resigning;
      this.draw();
      if (this.resigning) this.resignChoices[0].focus();
      return;
    }
    this.intent({ type: key });
  }
  /** With teaching on, whether a click on a checker that cannot move, or on a point that does
   * not light, is sent to Python to be explained: while a person is to roll or to move.
   * @param {ViewState} s
   */
  explaining(s) {
    return !!s.teaching && !s.edit && !!(s.can?.move || s.can?.roll);
  }
  /** @param {MouseEvent} e */
  pointOf(e) {
    const el = closest(e.target, "[data-point],[data-checker]");
    if (!el) return null;
    return place(el.dataset.at ?? closest(el, "[data-point]")?.dataset.point);
  }
  /** @param {MouseEvent} e */
  click(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    this.clickAt({
      point: this.pointOf(e),
      detail: e.detail,
      checker: !!closest(e.target, "[data-checker]"),
      dice: !!closest(e.target, "[data-roll-dice],[data-die]"),
      cube: !!closest(e.target, "[data-cube]")
    });
  }
  /** A click on the board, by what is under it: {point (a place or null), detail (the click
   * count), checker, dice, cube (whether one of those was hit)}; the 3D face calls it too.
   * @param {Hit} hit
   */
  clickAt(hit) {
    if (this.animation) {
      this.animation.skip = true;
      return;
    }
    const s = this.state;
    if (!s || s.edit) return;
    if (this.dismissed !== s.revision && s.refusal) {
      this.dismissed = s.revision;
      this.draw();
    }
    if (hit.detail === 2 && hit.point !== null && movablePoints(s).has(hit.point)) {
      this.byDieAt(hit.point, "high");
      return;
    }
    if (hit.dice) {
      if (s.can?.roll) this.intent({ type: "roll" });
      else if (s.can?.done) this.intent({ type: "done" });
      return;
    }
    if (hit.cube) {
      if (s.can?.double || this.explaining(s)) this.intent({ type: "double" });
      return;
    }
    if (this.explaining(s) && this.explain(s, this.selected, hit.point, !!hit.checker)) {
      return;
    }
    if (!personMoving(s)) return;
    const p = hit.point;
    if (this.selected !== null && p !== null && litPoints(s, this.selected).has(p)) {
      this.intent({ type: "move", from: this.selected, to: p });
      this.draw();
      return;
    }
    this.selected = p !== null && movablePoints(s).has(p) ? p : null;
    this.draw();
  }
  /** Teaching: ask Python why `from` cannot go to `to` (a move it will refuse), or why the
   * checker on `to` cannot move at all. Returns whether an intent was sent.
   * @param {ViewState} s
   * @param {Place | null} from
   * @param {Place | null} to
   * @param {boolean} onChecker
   */
  explain(s, from, to, onChecker) {
    if (to === null) return false;
    const movable = movablePoints(s);
    if (from !== null) {
      if (to === from || movable.has(to) || litPoints(s, from).has(to)) return false;
      this.intent({ type: "move", from, to });
    } else if (onChecker && !movable.has(to)) {
      this.intent({ type: "why", from: to });
    } else {
      return false;
    }
    this.draw();
    return true;
  }
  /**
   * @param {MouseEvent} e
   * @param {"high" | "low"} which
   */
  byDie(e, which) {
    e.preventDefault();
    this.byDieAt(this.pointOf(e), which);
  }
  /** Move the checker on place `p` by the higher ("high") or lower ("low") die.
   * @param {Place | null} p
   * @param {"high" | "low"} which
   */
  byDieAt(p, which) {
    const s = this.state;
    if (!s || s.edit || this.animation || !personMoving(s)) return;
    if (p === null || !movablePoints(s).has(p)) return;
    const target = dieTarget(s, p, which);
    if (target === null) return;
    this.intent({ type: "move", from: p, to: target.to, die: target.dice[0] });
    this.draw();
  }
  /** The 2D board's SVG, drawn (and on the screen) whenever its pointer events arrive. */
  svg() {
    return (
      /** @type {SVGSVGElement} */
      this.board.querySelector("svg")
    );
  }
  /** @param {MouseEvent} e */
  svgPoint(e) {
    const svg = this.svg();
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    return pt.matrixTransform(
      /** @type {DOMMatrix} */
      svg.getScreenCTM().inverse()
    );
  }
  /** @param {PointerEvent} e */
  pointerDown(e) {
    this.suppressClick = false;
    if (e.button !== 0 || !this.state || this.animation) return;
    const s = this.state;
    const checker2 = closest(e.target, "[data-checker]");
    const at = place(checker2?.dataset.at);
    if (!checker2 || at === null) return;
    const seat = Number(checker2.dataset.owner);
    const movable = personMoving(s) && seat === s.turn && movablePoints(s).has(at);
    if (!s.edit && !movable && !this.explaining(s)) return;
    this.drag = { at, seat, start: this.svgPoint(e), active: false, pointer: e.pointerId };
  }
  /** @param {Drag} d */
  startDrag(d) {
    const s = (
      /** @type {ViewState} */
      this.state
    );
    d.active = true;
    if (!s.edit) {
      this.selected = d.at;
      this.draw();
    }
    const svg = this.svg();
    const n = countAt(boardOf(s), d.seat, d.at);
    const el = svg.querySelector(`[data-checker="${d.at === "off" ? "off" : d.at}:${n - 1}"][data-owner="${d.seat}"]`);
    if (!el) return;
    d.ghost = /** @type {Element} */
    el.cloneNode(true);
    d.ghost.removeAttribute("data-checker");
    d.ghost.setAttribute("pointer-events", "none");
    d.ghost.setAttribute("class", "bg-dragging");
    el.setAttribute("opacity", "0.35");
    svg.append(d.ghost);
    try {
      this.board.setPointerCapture(d.pointer);
    } catch {
    }
  }
  /** @param {PointerEvent} e */
  pointerMove(e) {
    const d = this.drag;
    if (!d) return;
    const p = this.svgPoint(e);
    const dx = p.x - d.start.x;
    const dy = p.y - d.start.y;
    if (!d.active && Math.hypot(dx, dy) > 6) this.startDrag(d);
    if (d.ghost) d.ghost.setAttribute("transform", `translate(${dx} ${dy})`);
  }
  /** @param {PointerEvent} e */
  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    const p = this.svgPoint(e);
    if (!d.active && Math.hypot(p.x - d.start.x, p.y - d.start.y) <= 6) return;
    this.suppressClick = true;
    const to = hitTest(p.x, p.y);
    const s = (
      /** @type {ViewState} */
      this.state
    );
    if (s.edit) {
      if (to !== null && to !== d.at) this.intent({ type: "edit-move", seat: d.seat, from: d.at, to });
      else this.draw();
      return;
    }
    if (to !== null && litPoints(s, d.at).has(to)) {
      this.intent({ type: "move", from: d.at, to });
    } else if (this.explaining(s) && to !== null && to !== d.at) {
      const movable = personMoving(s) && d.seat === s.turn && movablePoints(s).has(d.at);
      this.intent(movable ? { type: "move", from: d.at, to } : { type: "why", from: d.at });
    }
    this.selected = null;
    this.draw();
  }
};

// src/widget.js
function initialize({ model }) {
  const link = new Link(
    /** @type {any} */
    model
  );
  return () => link.close();
}
function render({ model, el }) {
  const view = new View(el, (intent) => model.send(intent));
  const unfollow = view.follow(() => model.get("_server_ids") ?? null);
  const ids = () => view.drawOnline();
  model.on("change:_server_ids", ids);
  const update = () => view.setState(model.get("state"));
  const face = () => view.setView(model.get("view"), model.get("_loft"));
  const message = (msg) => msg?.type === "download" && view.download(msg);
  model.on("change:state", update);
  model.on("msg:custom", message);
  model.on("change:view", face);
  model.on("change:_loft", face);
  update();
  face();
  return () => {
    unfollow();
    model.off("change:_server_ids", ids);
    model.off("change:view", face);
    model.off("change:_loft", face);
    view.setView("2d");
    model.off("change:state", update);
    model.off("msg:custom", message);
  };
}
var widget_default = { initialize, render };
export {
  widget_default as default
};
