// The board's connection to a game server (bgwidget serve): one WebSocket per widget model, opened
// here because a Pyodide kernel (JupyterLite) cannot open sockets. It is a relay: Python speaks the
// protocol (bgwidget/online_play.py). Here: open the socket where the `_online` trait says, tell
// Python when it opens (with the seat's token this page kept for the room) or closes, hand Python
// every message the server sends (its text), send what Python says to send, and reconnect after a drop.
// It also reads two things on the way, for the page itself: a welcome's token (kept in
// localStorage, so that a reload or a new kernel takes the same seat back) and each event's IDs,
// set on the model as `_server_ids` (never saved to Python) for its views: the synchronisation
// mark compares them with the board Python publishes.

/**
 * @typedef {object} LinkModel
 * @property {(name: "_online") => {url?: string, room?: string, key?: string}} get
 * @property {(name: "_server_ids", value: string[] | null) => void} set
 * @property {(content: object) => void} send
 * @property {(event: string, callback: (message?: any) => void) => void} on
 * @property {(event: string, callback: (message?: any) => void) => void} off
 */

const RETRY_FIRST = 250; // ms before the first reconnection, doubled each time up to RETRY_MOST
const RETRY_MOST = 8000;

/** The localStorage key of a room's seat token.
 * @param {string} url
 * @param {string} room */
export function tokenKey(url, room) {
  return `bgwidget:seat:${url}:${room}`;
}

/** localStorage where the page has one (a sandboxed frame may not): a missing store keeps nothing.
 * @returns {Storage | null} */
function store() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export class Link {
  /** @param {LinkModel} model */
  constructor(model) {
    this.model = model;
    // This page's name for Python: a model shown in several pages (two tabs of one notebook) has a
    // link in each, and Python sends through one of them.
    this.id = Math.random().toString(36).slice(2) + Date.now().toString(36);
    /** @type {WebSocket | null} */
    this.socket = null;
    this.target = ""; // the url and key of the connection wanted ("" none)
    this.open = false;
    this.retry = RETRY_FIRST;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.configure = () => this.follow(model.get("_online") || {});
    this.custom = (/** @type {any} */ msg) => {
      if (msg?.page !== this.id) return; // Python plays through one page: another page's socket is idle
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
    /** @type {WebSocket} */
    let socket;
    try {
      socket = new WebSocket(/** @type {string} */ (this.url));
    } catch {
      this.schedule(); // a malformed address is Python's to refuse; here, only retried
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.open = true;
      this.retry = RETRY_FIRST;
      const token = this.room ? store()?.getItem(tokenKey(/** @type {string} */ (this.url), this.room)) ?? null : null;
      this.model.send({ type: "online-status", open: true, token, page: this.id });
    };
    socket.onmessage = (e) => {
      if (socket !== this.socket) return;
      const text = String(e.data);
      let message;
      try {
        message = JSON.parse(text);
      } catch {
        return; // not the server's: dropped here as Python would drop it
      }
      this.read(message);
      // The text, not the object: Python parses it, as a kernel may not pass a null on as None.
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
}
