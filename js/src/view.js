// The DOM side of the board: draws each state Python publishes, and turns clicks, drags, keys
// and buttons into intents. Legality is never decided here: highlights come from the `movable`
// list and the `steps` map in the state, and every intent is checked again by Python. Places
// are in board numbering everywhere (see state.js), so they go into intents as they are read.
import { h } from "./dom.js";
import { drawBoard, locate } from "./draw.js";
import { hitTest } from "./geometry.js";
import {
  applyStep, boardOf, countAt, dieTarget, litPoints, movablePoints, nextIndex, personMoving,
} from "./board.js";
import { candidateRows, cubeText, inMatch, previewState, rolloutText } from "./hint.js";
import { t } from "./i18n.js";
import { drawTutor } from "./tutor.js";
import { uniqueId } from "./ids.js";
import { loadLoft, webglAvailable } from "./loft/load.js";
import { drawOnline } from "./online.js";

/** @typedef {import("./state.js").ViewState} ViewState */
/** @typedef {import("./state.js").Can} Can */
/** @typedef {import("./state.js").LastPlay} LastPlay */
/** @typedef {import("./state.js").Place} Place */
/** @typedef {import("./state.js").PlaysHint} PlaysHint */
/** @typedef {import("./state.js").Busy} Busy */
/** @typedef {import("./intents.js").Intent} Intent */
/** @typedef {import("./intents.js").SimpleIntent} SimpleIntent */
/** @typedef {import("./intents.js").ReviewGoIntent} ReviewGoIntent */
/** @typedef {import("./intents.js").ReplayGoIntent} ReplayGoIntent */
/** @typedef {import("./intents.js").ExportIntent} ExportIntent */
/** @typedef {import("./draw.js").Ui} Ui */
/** @typedef {NonNullable<ReturnType<typeof import("./loft/index.js").mount>>} Face  the 3D face */

/**
 * A message from Python for the view alone: a file to download (an export).
 * @typedef {object} Download
 * @property {"download"} type
 * @property {string} name
 * @property {string} text
 * @property {string} mime
 */

/**
 * What a click on the board hit (the 3D face says it too).
 * @typedef {object} Hit
 * @property {Place | null} point  the place under it
 * @property {number} detail  the click count
 * @property {boolean} [checker]
 * @property {boolean} [dice]
 * @property {boolean} [cube]
 */

/**
 * A checker being dragged.
 * @typedef {object} Drag
 * @property {Place} at  where it stands
 * @property {number} seat  whose it is
 * @property {DOMPoint} start  where the pointer went down, in board coordinates
 * @property {boolean} active  moved far enough to be a drag, not a click
 * @property {number} pointer  the pointer's id
 * @property {Element} [ghost]  the checker's copy that follows the pointer
 */

/**
 * The root's hooks for the browser tests while the 3D face is shown.
 * @typedef {object} FaceHooks
 * @property {(point: Place) => {x: number, y: number} | null} [bgScreenPoint]  where a click on `point` lands
 * @property {() => object} [bgLoftStats]  the face's frame counts and timings
 * @property {() => object} [bgLoftScene]  the world boxes of the face's board, checkers, dice, cube and arrows
 */

// The buttons of the controls, in their order on the page: `key` is the intent each sends (Resign
// opens its choice first), its data-testid and its label; `can` the flag that shows it; `primary`
// marks the main action, styled so and focused after a redraw (at most one of them shows at a time).
/** @type {{key: SimpleIntent["type"] | "resign", can: keyof Can, primary?: boolean}[]} */
const BUTTONS = [
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
  { key: "edit", can: "edit" },
];
// Review mode's buttons: where each goes among the decisions (a `review-go` intent), and its label.
/** @type {[ReviewGoIntent["to"], string][]} */
const REVIEW_STEPS = [
  ["first", "board.reviewFirst"], ["previous", "board.reviewPrevious"], ["next", "board.reviewNext"],
  ["last", "board.reviewLast"], ["next-error", "board.reviewNextError"],
];
/** @type {Partial<Record<string, ReviewGoIntent["to"]>>} */
const REVIEW_KEYS = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
// A replay's own buttons beside those (a `replay-go` intent): the game before or after.
/** @type {[NonNullable<ReplayGoIntent["to"]>, string][]} */
const REPLAY_GAMES = [["previous-game", "board.replayPreviousGame"], ["next-game", "board.replayNextGame"]];
/** @type {Partial<Record<string, ReplayGoIntent["to"]>>} */
const REPLAY_KEYS = { ...REVIEW_KEYS, PageUp: "previous-game", PageDown: "next-game" };


/** The place a data-point or data-at hook names, or null.
 * @param {string | undefined} value
 * @returns {Place | null} */
function place(value) {
  if (value === "bar" || value === "off") return value;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 24 ? n : null;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The element nearest to `target` (itself included) that matches `selector`, or null. The
 * board's elements are HTML or SVG elements, with a dataset, which the DOM's types promise
 * neither for an event's target nor for what `closest` finds.
 * @param {EventTarget | null} target
 * @param {string} selector
 * @returns {HTMLElement | SVGElement | null} */
function closest(target, selector) {
  const found = /** @type {Element | null} */ (target)?.closest?.(selector);
  return /** @type {HTMLElement | SVGElement | null | undefined} */ (found) ?? null;
}

/** Scroll `box` alone (never the page) until `item` shows below its first `covered` pixels
 * (a sticky header). scrollIntoView also scrolled the notebook, under a pointer that then
 * hovered a hint row, which drew again.
 * @param {HTMLElement} box
 * @param {Element} item */
function scrollWithin(box, item, covered = 0) {
  const [inner, outer] = [item.getBoundingClientRect(), box.getBoundingClientRect()];
  if (inner.top < outer.top + covered) box.scrollTop -= outer.top + covered - inner.top;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
}
export class View {
  /** el: the element to draw into; send(intent): hands an intent to Python.
   * @param {HTMLElement} el
   * @param {(intent: Intent) => void} send */
  constructor(el, send) {
    this.send = send;
    /** @type {ViewState | null} */
    this.state = null;
    /** @type {Place | null} */
    this.selected = null;
    this.id = uniqueId(); // several boards, in several notebooks, share one document
    /** @type {{skip: boolean} | null} */
    this.animation = null; // while the computer's play is shown
    this.playIndex = 0;
    /** @type {number | null} */
    this.preview = null; // index of the hint candidate shown on the board
    /** @type {Drag | null} */
    this.drag = null;
    // JupyterLab's own shortcuts (Enter, arrows, Escape) must not steal the keys typed here.
    // tabindex -1: focus can rest on the widget itself while no control is shown (the computer's turn).
    /** @type {HTMLDivElement & FaceHooks} */
    this.root = h("div", {
      class: "bg-widget", "data-testid": "bg-board", "data-lm-suppress-shortcuts": "true", tabindex: "-1",
    });
    // Notebook 7 reads the keys in the capture phase, before the board sees them, and Lumino looks
    // for the attribute from the focused element upwards but stops at the first element that a
    // shortcut's selector matches (a focused list matches the cell-cursor arrows): so each element
    // that takes the focus carries the attribute itself, whenever and by whomever it was made.
    this.root.addEventListener("focusin", (e) => /** @type {Element} */ (e.target).setAttribute("data-lm-suppress-shortcuts", "true"));
    this.board = h("div", { class: "bg-board" });
    this.status = h("div", { class: "bg-status", role: "status", "aria-live": "polite", "data-testid": "status" });
    /** @type {HTMLProgressElement} */
    this.busyBar = h("progress", { class: "bg-busy-bar", "data-testid": "busy-progress" });
    this.busyBar.hidden = true;
    this.controls = h("div", { class: "bg-controls" });
    /** @type {Record<string, HTMLButtonElement>} */
    this.buttons = {};
    for (const { key } of BUTTONS) {
      const b = h("button", { type: "button", "data-testid": key });
      b.hidden = true;
      b.addEventListener("click", () => this.button(key));
      this.buttons[key] = b;
      this.controls.append(b);
    }
    // The 2D/3D toggle asks Python (which owns `view`); the 3D face draws into this.board.
    this.viewButton = h("button", { type: "button", "data-testid": "view-toggle" });
    this.viewButton.addEventListener("click", () => {
      this.send({ type: "view", view: this.view === "3d" ? "2d" : "3d" });
    });
    this.controls.append(this.viewButton);
    /** @type {Face | null} */
    this.face = null; // the loft while the 3D view is shown
    /** @type {"2d" | "3d"} */
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
    const submit = (/** @type {Event} */ e) => {
      e.preventDefault();
      // An empty box is sent too: Python says a play is to be typed, in place of an older refusal.
      this.intent({ type: "play", notation: this.input.value.trim() });
    };
    this.form.addEventListener("submit", submit);
    // Inside JupyterLab the browser's implicit submission on Enter does not happen: do it here.
    this.input.addEventListener("keydown", (e) => e.key === "Enter" && submit(e));
    this.keyboard.append(this.plays, this.form);
    this.editPanel = this.buildEditPanel();
    this.resignPanel = this.buildResignPanel();
    this.hintPanel = h("div", { class: "bg-hint", "data-testid": "hint-panel" });
    this.hintPanel.hidden = true;
    this.tutorPanel = h("div", { class: "bg-tutor", "data-testid": "tutor-panel", role: "alert" });
    this.tutorPanel.hidden = true;
    this.record = h("div", { class: "bg-record", "data-testid": "record", tabindex: "0" });
    this.record.hidden = true; // until the first state says whether the board has its tools
    this.main = h("div", { class: "bg-main" });
    this.main.append(this.board, this.record);
    this.reviewPanel = this.buildReviewPanel();
    this.files = h("div", { class: "bg-files" });
    this.fileButtons = /** @type {ExportIntent["format"][]} */ (["json", "mat"]).map((format) => {
      const b = h("button", { type: "button", "data-testid": `export-${format}` });
      b.addEventListener("click", () => this.intent({ type: "export", format }));
      return b;
    });
    this.files.append(...this.fileButtons);
    this.files.hidden = true;
    this.onlinePanel = h("div", { class: "bg-online", "data-testid": "online" });
    this.onlinePanel.hidden = true;
    /** @type {() => string[] | null} */
    this.serverIds = () => null; // the IDs of the server's last event, as the page received them
    /** @type {ReturnType<typeof setInterval> | null} */
    this.ticker = null; // redraws the online panel each second while a clock or a held seat counts down
    // Under the board, one block: the 3D board's full screen puts it in a column of its own beside
    // the picture, which keeps its size whatever shows or hides there (widget.css).
    this.side = h("div", { class: "bg-side", "data-testid": "side" });
    this.side.append(
      this.tutorPanel, this.status, this.busyBar, this.reviewRunning, this.reviewPanel, this.controls, this.resignPanel, this.keyboard, this.hintPanel,
      this.editPanel, this.files,
    );
    this.root.append(this.onlinePanel, this.faceNote, this.main, this.side);
    el.append(this.root);
    this.board.addEventListener("click", (e) => this.click(e));
    this.board.addEventListener("contextmenu", (e) => {
      // The right button is the board's (the lower die first): JupyterLab's and Notebook 7's
      // context menus, listening on the document, must not open over it.
      e.preventDefault();
      e.stopPropagation();
      this.byDie(e, "low");
    });
    this.board.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.board.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.board.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.root.addEventListener("keydown", (e) => {
      // In review mode the arrow keys (and Home, End) step through the decisions; in a replay
      // through its stops (and Page Up, Page Down through its games).
      const s = this.state;
      const typing = closest(e.target, "input, select");
      const to = s?.review && !typing ? REVIEW_KEYS[e.key] : undefined;
      const replayTo = !s?.review && s?.replay && !typing ? REPLAY_KEYS[e.key] : undefined;
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
      // Keys typed in the board are the board's: the notebook around it would otherwise act on
      // them too (ArrowDown selects the next cell and takes the focus away).
      e.stopPropagation();
    });
  }

  buildEditPanel() {
    const panel = h("div", { class: "bg-edit" });
    panel.hidden = true;
    /** @type {HTMLButtonElement[]} */
    this.turnButtons = [0, 1].map((seat) => {
      const b = h("button", { type: "button", "data-testid": `edit-turn-${seat}`, "aria-pressed": "false" });
      b.addEventListener("click", () => this.intent({ type: "edit-turn", turn: seat }));
      return b;
    });
    /** @type {HTMLSelectElement[]} */
    this.diceSelects = [0, 1].map((i) => {
      const s = h("select", { "data-testid": `edit-die-${i}` });
      for (const v of ["", 1, 2, 3, 4, 5, 6]) s.append(h("option", { value: String(v) }, v === "" ? "–" : String(v)));
      s.addEventListener("change", () => {
        const [a, b] = this.diceSelects.map((x) => Number(x.value));
        if (a && b) this.intent({ type: "edit-dice", dice: [a, b] });
        else if (!a && !b) this.intent({ type: "edit-dice", dice: [] });
      });
      return s;
    });
    /** @type {HTMLLabelElement} */
    this.idLabel = h("label", {});
    /** @type {HTMLInputElement} */
    this.idInput = h("input", { type: "text", "data-testid": "position-id", size: "16", spellcheck: "false" });
    this.idInput.addEventListener("keydown", (e) => {
      if (e.key === "Enter") this.intent({ type: "edit-id", id: this.idInput.value.trim() });
    });
    this.idLabel.append(this.idInput);
    /** @type {HTMLButtonElement} */
    this.editDone = h("button", { type: "button", "data-testid": "edit-done", class: "primary" });
    this.editDone.addEventListener("click", () => this.intent({ type: "edit-done" }));
    /** @type {HTMLButtonElement} */
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
    /** @type {HTMLButtonElement} */
    this.reviewButton = h("button", { type: "button", "data-testid": "review" });
    this.reviewButton.hidden = true;
    this.reviewButton.addEventListener("click", () => this.intent({ type: "review" }));
    /** @type {HTMLButtonElement} */
    this.replayButton = h("button", { type: "button", "data-testid": "replay" });
    this.replayButton.hidden = true;
    this.replayButton.addEventListener("click", () => this.intent({ type: "replay" }));
    this.controls.append(this.reviewButton, this.replayButton);
    /** @type {HTMLSpanElement} */
    this.reviewCount = h("span", { "data-testid": "review-count" });
    /** @type {HTMLButtonElement[]} */
    this.reviewSteps = REVIEW_STEPS.map(([to]) => {
      const b = h("button", { type: "button", "data-testid": `review-${to}` });
      b.addEventListener("click", () => {
        if (this.state?.review || to === "next-error") this.intent({ type: "review-go", to });
        else this.intent({ type: "replay-go", to });
      });
      return b;
    });
    /** @type {HTMLButtonElement[]} */
    this.replayGames = REPLAY_GAMES.map(([to]) => {
      const b = h("button", { type: "button", "data-testid": `replay-${to}` });
      b.addEventListener("click", () => this.intent({ type: "replay-go", to }));
      return b;
    });
    /** @type {HTMLButtonElement} */
    this.reviewLeave = h("button", { type: "button", "data-testid": "review-leave", class: "primary" });
    this.reviewLeave.addEventListener("click", () => {
      this.intent(this.state?.review ? { type: "review-leave" } : { type: "replay-play" });
    });
    panel.append(this.reviewCount, ...this.reviewSteps, ...this.replayGames, this.reviewLeave);
    // What the decision shown changes, fact by fact (Python writes the sentences).
    /** @type {HTMLUListElement} */
    this.reviewExplanation = h("ul", { class: "bg-explanation", "data-testid": "review-explanation" });
    panel.append(this.reviewExplanation);
    // While the review runs: how far it is (the status line says it in words) and Cancel.
    /** @type {HTMLDivElement} */
    this.reviewRunning = h("div", { class: "bg-reviewing", role: "group", "data-testid": "review-running" });
    this.reviewRunning.hidden = true;
    /** @type {HTMLProgressElement} */
    this.reviewBar = h("progress", { "data-testid": "review-progress" });
    /** @type {HTMLButtonElement} */
    this.reviewCancel = h("button", { type: "button", "data-testid": "review-cancel" });
    // Cancel shows where the controls were: the second click of a double click on Review must not cancel.
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
    this.root.dataset.reviewProgress = s.reviewing ? (progress ? `${progress.done}/${progress.total}` : "0") : "";
    if (progress) {
      this.reviewBar.max = progress.total;
      this.reviewBar.value = progress.done;
    } else {
      this.reviewBar.removeAttribute("value"); // indeterminate until the first turn is reviewed
    }
    this.reviewBar.setAttribute("aria-label", s.status ?? "");
    this.reviewCancel.textContent = t(lang, "board.reviewCancel");
    this.replayButton.textContent = t(lang, "board.replay");
    this.replayButton.hidden = !s.can?.replay;
    this.reviewPanel.hidden = !review && !s.replay;
    this.root.dataset.review = review ? String(review.index) : "";
    this.root.dataset.replay = s.replay ? `${s.replay.game}:${s.replay.actions}` : "";
    this.replayGames.forEach((b) => (b.hidden = !!review || !s.replay));
    if (!review) {
      this.drawReplay(s);
      return;
    }
    delete this.reviewPanel.dataset.replay;
    this.reviewSteps.forEach((b) => (b.hidden = false));
    this.reviewPanel.dataset.mark = review.mark;
    this.reviewPanel.dataset.kind = review.kind;
    this.reviewCount.textContent = t(lang, "board.reviewCount", { n: review.index + 1, count: review.count });
    this.reviewSteps.forEach((b, i) => {
      b.textContent = t(lang, REVIEW_STEPS[i][1]);
      const to = REVIEW_STEPS[i][0];
      b.disabled = (to === "first" || to === "previous") ? review.index === 0 : review.index === review.count - 1;
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
      game: replay.game, games: replay.games, n: replay.step + 1, count: replay.steps,
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
    this.record.hidden = s.tools === false && !s.online; // an exercise's board: only the position to play
    const lines = s.record || [];
    const steps = !s.review && s.replay ? s.replay.lines : null; // a replay's cells go to their stop
    const key = JSON.stringify([lines, steps, s.replay?.game]) + s.language + s.names.join("\n");
    if (this.record.dataset.key !== key) this.fillRecord(s, lines, key, steps);
    // In review mode the line of the decision shown is marked and scrolled into view; in a
    // replay the line of the last action shown.
    // A replay at a game's start (line 0) shows the record from its top.
    const current = s.review ? String(s.review.move) : s.replay?.line ? String(s.replay.line) : null;
    if (s.replay && !s.review && !current) this.record.scrollTop = 0;
    const rows = /** @type {NodeListOf<HTMLTableRowElement>} */ (this.record.querySelectorAll("[data-record-line]"));
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
    // The heading is the head's first row, not a caption: the head stays in view, whole, however
    // far the lines are scrolled (a caption scrolled away with them, cut in half).
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
    this.record.scrollTop = this.record.scrollHeight; // the latest line in view
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
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** The resignation's choice: a single game, a gammon or a backgammon (1, 2 or 3 times the cube). */
  buildResignPanel() {
    const panel = h("div", { class: "bg-resign", role: "group", "data-testid": "resign-choice" });
    panel.hidden = true;
    /** @type {HTMLSpanElement} */
    this.resignLabel = h("span", {});
    /** @type {HTMLButtonElement[]} */
    this.resignChoices = [1, 2, 3].map((points) => {
      const b = h("button", { type: "button", "data-testid": `resign-${points}` });
      b.addEventListener("click", () => {
        this.resigning = false;
        this.intent({ type: "resign", points });
      });
      return b;
    });
    /** @type {HTMLButtonElement} */
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
    this.resignChoices.forEach((b, i) => (b.textContent = t(lang, `resign${i + 1}`)));
    this.resignCancel.textContent = t(lang, "resignCancel");
  }

  /** @param {Intent} intent */
  intent(intent) {
    this.selected = null;
    const sent = { ...intent, revision: this.state ? this.state.revision : 0 };
    // A double click (or a held key) repeats an intent before Python's answer: sent once, it is
    // not refused the second time as stale, with a "the board changed" the person never caused.
    // But a step through a review or a replay goes from what is shown, on any state (Python
    // takes it so): each fast press of Next or an arrow key is one step more.
    const key = JSON.stringify(sent);
    const step = (intent.type === "review-go" || intent.type === "replay-go") && "to" in intent;
    if (key === this.lastSent && !step) return;
    /** @type {string | undefined} */
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
      if (this.animation !== run) return; // a newer state took over
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
    const ms = state.animation * 1000;
    let board = last.before;
    // The frames show the play alone: nothing may be done (every flag of `can` off).
    const idle = /** @type {Can} */ (Object.fromEntries(Object.keys(state.can).map((key) => [key, false])));
    /** @type {ViewState} */
    const frame = {
      ...state, phase: "move", turn: last.seat, dice: state.last_roll?.dice || [], dice_left: [],
      last_roll: null, steps: {}, movable: [], last_play: null, moved: [], can: idle,
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
          duration: ms, easing: "ease-in-out",
        });
      }
      await sleep(ms);
    }
  }

  draw() {
    const s = this.state;
    if (!s) return;
    const hadFocus = this.root.contains(document.activeElement);
    /** @type {Ui} */
    const ui = {
      selected: this.selected,
      lit: litPoints(s, this.selected),
      movable: movablePoints(s),
      note: s.teaching && s.refusal && this.dismissed !== s.revision ? s.refusal : null,
    };
    this.drawHint(s); // first: a new hint clears the preview before the board is drawn
    drawTutor(this.tutorPanel, s.tutor ?? null, s.language, (intent) => this.intent(intent));
    // A preview belongs to the plays it was chosen among: a step made, or set-up opened, ends it.
    const previewKey = `${(s.plays || []).join("\n")}|${!!s.edit}`;
    if (previewKey !== this.previewKey) this.preview = null;
    /** @type {string | undefined} */
    this.previewKey = previewKey;
    const shown = this.preview === null ? s : previewState(s, this.preview);
    if (this.preview === null) delete this.root.dataset.preview;
    else this.root.dataset.preview = String(this.preview); // which hint row the board shows
    if (this.face) this.face.draw(shown, ui);
    else this.board.innerHTML = drawBoard(shown, ui, this.id);
    // The cube turns to its new value (or slides to its owner) with a short animation.
    const cubeKey = s.cube ? `${s.cube.value}/${s.cube.owner}/${s.cube.offered}` : "";
    if (this.cubeKey !== undefined && cubeKey !== this.cubeKey && s.animation > 0) {
      this.board.querySelector("[data-cube]")?.classList.add("bg-cube-turn");
    }
    /** @type {string | undefined} */
    this.cubeKey = cubeKey;
    const lang = s.language;
    const can = s.can || {};
    for (const { key, can: flag, primary } of BUTTONS) {
      const b = this.buttons[key];
      b.textContent = t(lang, key);
      b.hidden = !can[flag] || (key === "edit" && !!s.edit); // Set up is not offered while setting up
      b.classList.toggle("primary", !!primary);
    }
    this.viewButton.textContent = t(lang, this.view === "3d" ? "view.toggle2d" : "view.toggle3d");
    this.faceNote.textContent = this.view === "3d" && !this.face ? t(lang, this.faceMissing ? "view.noWebgl" : "view.loading") : "";
    this.faceNote.hidden = !this.faceNote.textContent;
    this.root.dataset.view = this.face ? "3d" : "2d";
    this.status.textContent = s.status ?? "";
    // Python puts a refusal first in the status line, unless the teaching bubble says it instead.
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
    const ticking = drawOnline(this.onlinePanel, s, this.serverIds(), () => this.intent({ type: "claim" }), Date.now() / 1000);
    if (ticking && this.ticker === null) this.ticker = setInterval(() => this.drawOnline(), 1000);
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
    const match = inMatch(hint); // in a match: EMG and the match winning chance after each play
    const rolled = !!hint.rollout; // the rollout's column once one is asked for
    // the ply each play reached: those the move filter sent deeper first, the others at 0-ply below
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
      const show = (/** @type {number | null} */ index) => () => {
        this.preview = index;
        this.draw();
      };
      tr.addEventListener("mouseenter", show(i));
      tr.addEventListener("focus", show(i));
      tr.addEventListener("mouseleave", show(null));
      // A click on the board moves the focus to the widget's root: redrawing the board between
      // that pointerdown and its click would lose the click, so only a move to another control clears.
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
    /**
     * @param {string} testid
     * @param {string} key  its label's
     * @param {"hint-rollout" | "hint-rollout-cancel"} type  the intent it sends
     */
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
    // wide enough for the placeholder in every language (French and Swedish ones are longer)
    this.input.style.width = `${this.input.placeholder.length + 3}ch`;
    this.input.setAttribute("aria-label", t(lang, "notation"));
    this.submit.textContent = t(lang, "playNow");
    const texts = plays.join("\n");
    if (this.plays.dataset.texts !== texts) {
      this.plays.dataset.texts = texts;
      this.playIndex = 0;
      this.plays.replaceChildren(
        ...plays.map((text, i) => h("li", { role: "option", id: `${this.id}-play-${i}`, "data-play": text }, text)),
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
    const active = /** @type {HTMLElement | null} */ (document.activeElement); // the board's SVG takes no focus
    if (active && active !== this.root && this.root.contains(active) && active.offsetParent !== null) return;
    // The buttons were just shown or hidden by `can`: the primary one shown, if any.
    const order = s.edit
      ? [this.editDone]
      : [(s.plays || []).length ? this.plays : null, ...BUTTONS.filter((b) => b.primary).map((b) => this.buttons[b.key])];
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
      this.resigning = !this.resigning; // the choice of what to resign opens first
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
      point: this.pointOf(e), detail: e.detail, checker: !!closest(e.target, "[data-checker]"),
      dice: !!closest(e.target, "[data-roll-dice],[data-die]"), cube: !!closest(e.target, "[data-cube]"),
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
      /** @type {number | undefined} */
      this.dismissed = s.revision; // a click puts the teaching bubble away
      this.draw();
    }
    // A double-click moves by the higher die. The first click redrew the board, so the browser
    // sees two different targets and sends no dblclick event; the click count still says 2.
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
      // The cube offers a double, as the Double button does; teaching, a refused one says why.
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
      // Deselecting, choosing another checker and a lit point are the ordinary clicks.
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
    return /** @type {SVGSVGElement} */ (this.board.querySelector("svg"));
  }

  /** @param {MouseEvent} e */
  svgPoint(e) {
    const svg = this.svg();
    const pt = svg.createSVGPoint();
    pt.x = e.clientX;
    pt.y = e.clientY;
    return pt.matrixTransform(/** @type {DOMMatrix} */ (svg.getScreenCTM()).inverse());
  }

  /** @param {PointerEvent} e */
  pointerDown(e) {
    this.suppressClick = false;
    if (e.button !== 0 || !this.state || this.animation) return;
    const s = this.state;
    const checker = closest(e.target, "[data-checker]");
    const at = place(checker?.dataset.at);
    if (!checker || at === null) return;
    const seat = Number(checker.dataset.owner);
    // In set-up mode any checker may be dragged; in play only those that can move now, and any
    // checker when teaching (dropping one that cannot move asks why).
    const movable = personMoving(s) && seat === s.turn && movablePoints(s).has(at);
    if (!s.edit && !movable && !this.explaining(s)) return;
    this.drag = { at, seat, start: this.svgPoint(e), active: false, pointer: e.pointerId };
  }

  /** @param {Drag} d */
  startDrag(d) {
    const s = /** @type {ViewState} */ (this.state); // a drag starts on a state drawn
    d.active = true;
    if (!s.edit) {
      this.selected = d.at;
      this.draw();
    }
    const svg = this.svg();
    const n = countAt(boardOf(s), d.seat, d.at);
    const el = svg.querySelector(`[data-checker="${d.at === "off" ? "off" : d.at}:${n - 1}"][data-owner="${d.seat}"]`);
    if (!el) return;
    d.ghost = /** @type {Element} */ (el.cloneNode(true));
    d.ghost.removeAttribute("data-checker");
    d.ghost.setAttribute("pointer-events", "none");
    d.ghost.setAttribute("class", "bg-dragging");
    el.setAttribute("opacity", "0.35");
    svg.append(d.ghost);
    try {
      this.board.setPointerCapture(d.pointer);
    } catch {
      // a synthetic pointer may not be capturable; moves still reach the board
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
    if (!d.active && Math.hypot(p.x - d.start.x, p.y - d.start.y) <= 6) return; // a click
    this.suppressClick = true;
    const to = hitTest(p.x, p.y);
    const s = /** @type {ViewState} */ (this.state); // a drag starts on a state drawn
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
}
