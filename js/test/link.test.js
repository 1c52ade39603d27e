import { test } from "node:test";
import assert from "node:assert/strict";
import { Link } from "../src/link.js";

/** A WebSocket that the test speaks through by hand (the last one made is `FakeSocket.last`). */
class FakeSocket {
  /** @type {any} */
  static last = null;
  /** @param {string} url */
  constructor(url) {
    this.url = url;
    FakeSocket.last = this;
  }
  send() {}
  close() {}
}

/** A widget model whose `_online` trait names a room: what the view sends Python, the traits it sets. */
function fakeModel() {
  return {
    /** @type {any[]} */
    sent: [],
    /** @type {Record<string, any>} */
    traits: {},
    get: () => ({ url: "ws://127.0.0.1:9", room: "ABC123", key: "k" }),
    /** @param {string} name @param {any} value */
    set(name, value) {
      this.traits[name] = value;
    },
    /** @param {any} content */
    send(content) {
      this.sent.push(content);
    },
    on() {},
    off() {},
  };
}

test("the page relays the server's text as it came, nulls and all, and reads the event's IDs", () => {
  globalThis.WebSocket = /** @type {any} */ (FakeSocket);
  const model = fakeModel();
  const link = new Link(model);
  const socket = FakeSocket.last;
  assert.equal(socket.url, "ws://127.0.0.1:9");
  socket.onopen();
  assert.deepEqual(model.sent, [{ type: "online-status", open: true, token: null, page: link.id }]);
  // A seat of null must reach Python as None: a kernel converting an object may not make it so
  // (Pyodide's makes it jsnull), so the text itself goes, for Python to parse.
  const text = '{"v":1,"type":"event","room":"ABC123","seq":1,"seat":null,"position_id":"4HPwATDgc/ABMA","match_id":"cAkgAAAAAAAE"}';
  socket.onmessage({ data: text });
  assert.deepEqual(model.sent.at(-1), { type: "online-message", text, page: link.id });
  assert.deepEqual(model.traits._server_ids, ["4HPwATDgc/ABMA", "cAkgAAAAAAAE"]);
  socket.onmessage({ data: "not JSON" }); // not the server's: not relayed
  assert.equal(model.sent.length, 2);
  link.close();
});

test("a page sends only what Python addresses to it: a board shown in two pages plays through one", () => {
  globalThis.WebSocket = /** @type {any} */ (FakeSocket);
  /** @type {((msg: any) => void)[]} */
  const custom = [];
  const [first, second] = [fakeModel(), fakeModel()].map((model) => {
    model.on = (/** @type {string} */ event, /** @type {(msg: any) => void} */ callback) => {
      if (event === "msg:custom") custom.push(callback);
    };
    const link = new Link(model);
    const socket = FakeSocket.last;
    socket.onopen();
    /** @type {string[]} */
    const written = [];
    socket.send = (/** @type {string} */ text) => written.push(text);
    return { link, written };
  });
  assert.notEqual(first.link.id, second.link.id);
  for (const callback of custom) callback({ type: "online-send", page: second.link.id, message: { v: 1, type: "sync" } });
  assert.deepEqual([first.written, second.written], [[], ['{"v":1,"type":"sync"}']]);
  first.link.close();
  second.link.close();
});
