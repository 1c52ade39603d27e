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
  assert.deepEqual(model.sent, [{ type: "online-status", open: true, token: null }]);
  // A seat of null must reach Python as None: a kernel converting an object may not make it so
  // (Pyodide's makes it jsnull), so the text itself goes, for Python to parse.
  const text = '{"v":1,"type":"event","room":"ABC123","seq":1,"seat":null,"position_id":"4HPwATDgc/ABMA","match_id":"cAkgAAAAAAAE"}';
  socket.onmessage({ data: text });
  assert.deepEqual(model.sent.at(-1), { type: "online-message", text });
  assert.deepEqual(model.traits._server_ids, ["4HPwATDgc/ABMA", "cAkgAAAAAAAE"]);
  socket.onmessage({ data: "not JSON" }); // not the server's: not relayed
  assert.equal(model.sent.length, 2);
  link.close();
});
