// The panel of a board that plays in a game server's room: the room's code and the line to send a
// friend, each seat's name and presence (away: how long the seat is still held), the clocks, the
// synchronisation mark, a banner while reconnecting, the dice commitment and, after the match,
// whether the dice were verified. Drawn from the state Python publishes (state.online) and the IDs
// of the server's last event as the page itself received them; text only (names are text).
// Python's None is tested with `== null`: a Pyodide kernel (JupyterLite) leaves a key whose value is
// None out of the state it sends, so that the page reads `undefined` where JSON would give `null`.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./state.js").ViewState} ViewState */
/** @typedef {import("./state.js").Online} Online */

/** Seconds as m:ss (h:mm:ss from an hour), never negative.
 * @param {number} seconds */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const [hours, minutes, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const mm = hours ? String(minutes).padStart(2, "0") : String(minutes);
  return `${hours ? `${hours}:` : ""}${mm}:${String(rest).padStart(2, "0")}`;
}

/** Each seat's reserve left at `now` (seconds since the epoch): the running one counts down once
 * its delay has passed.
 * @param {NonNullable<Online["clock"]>} clock
 * @param {number} now */
export function reservesAt(clock, now) {
  return clock.reserves.map((reserve, seat) =>
    seat === clock.running ? reserve - Math.max(0, now - clock.since - clock.delay) : reserve);
}

/** Whether the board shows the server's game: the copy took every event, the page is connected,
 * and the IDs the board was drawn with are those of the last event the page received.
 * @param {Online} online
 * @param {string[] | null} serverIds */
export function inStep(online, serverIds) {
  return online.in_sync && online.connected && online.joined && serverIds !== null
    && online.ids[0] === serverIds[0] && online.ids[1] === serverIds[1];
}


/** Draw `s.online` into `panel` (hidden when the board is not online); `claim` sends the intent.
 * Returns whether something in it changes with time alone (a clock running, a seat held).
 * @param {HTMLElement} panel
 * @param {ViewState} s
 * @param {string[] | null} serverIds
 * @param {() => void} claim
 * @param {number} now  seconds since the epoch */
export function drawOnline(panel, s, serverIds, claim, now) {
  const online = s.online;
  panel.hidden = !online;
  panel.replaceChildren();
  if (!online) return false;
  const lang = s.language;
  panel.dataset.connected = String(online.connected);
  panel.dataset.joined = String(online.joined);
  panel.dataset.seat = online.seat == null ? "" : String(online.seat);
  if (!online.connected || !online.joined) {
    const words = online.seats.length ? "online.reconnecting" : "online.connecting"; // seats known: it was in
    panel.append(h("div", { class: "bg-online-banner", role: "status", "data-testid": "online-banner" }, t(lang, words)));
  }
  const head = h("div", { class: "bg-online-head" });
  if (online.room) head.append(h("span", { class: "bg-online-room", "data-testid": "online-room" }, t(lang, "online.room", { room: online.room })));
  const synced = inStep(online, serverIds);
  const mark = h("span", {
    class: "bg-online-sync", "data-testid": "online-sync", "data-sync": String(synced),
    title: synced ? `${online.ids[0]} · ${online.ids[1]}` : t(lang, "online.unsync"),
  }, synced ? `\u2713 ${t(lang, "online.sync")}` : `\u26a0 ${t(lang, "online.unsync")}`);
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
  ticking ||= !!online.clock && online.clock.running != null && !online.ended;
  return ticking;
}

/** Each seat: its name (yours marked), presence, clock; a Claim button once an absent opponent's
 * seat is no longer held. Returns whether a countdown shows.
 * @param {HTMLElement} panel
 * @param {Online} online
 * @param {ViewState} s
 * @param {() => void} claim
 * @param {number} now */
function drawSeats(panel, online, s, claim, now) {
  const lang = s.language;
  const list = h("ul", { class: "bg-online-seats" });
  const reserves = online.clock ? reservesAt(online.clock, now) : null;
  let ticking = false;
  let claimable = false;
  online.seats.forEach((seat, index) => {
    const name = s.names[index] ?? seat.name;
    const item = h("li", {
      "data-testid": `online-seat-${index}`, "data-connected": String(seat.connected), "data-taken": String(seat.taken),
    });
    item.append(h("span", { class: `bg-online-dot${seat.connected ? " on" : ""}` }, "\u25cf"));
    item.append(h("span", { class: "bg-online-name" }, index === online.seat ? `${name} (${t(lang, "online.you")})` : name));
    let presence = t(lang, "online.here");
    if (!seat.taken) presence = t(lang, "online.waiting");
    else if (!seat.connected && seat.held_until != null) {
      const left = seat.held_until - now;
      ticking = true;
      const mine = online.seat != null && index !== online.seat;
      claimable ||= left <= 0 && mine && !online.ended;
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
