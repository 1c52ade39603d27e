// The tutor's warning (BoardWidget(tutor=...)): the error, the better action and two buttons, drawn
// from the state Python publishes. The words are pure functions, tested without a browser; the
// panel sits beside the board in both faces (2D and 3D), the better play's arrows in draw.js.
import { h } from "./dom.js";
import { number, t } from "./i18n.js";

/** @typedef {import("./state.js").TutorView} TutorView */
/** @typedef {import("./intents.js").SimpleIntent} SimpleIntent */

/** @type {Record<string, string>} */
const MARK_KEYS = { doubtful: "review.mark.doubtful", bad: "review.mark.bad", "very bad": "review.mark.veryBad" };
/** @type {Record<string, string>} */
const ACTION_KEYS = {
  double: "review.action.double",
  "no double": "review.action.noDouble",
  take: "review.action.take",
  pass: "review.action.pass",
  beaver: "review.action.beaver",
};

/** A cube action in `lang`'s words; a play's notation as it is.
 * @param {string} lang
 * @param {TutorView} tutor
 * @param {string} action */
function action(lang, tutor, action) {
  return tutor.kind === "cube" && ACTION_KEYS[action] ? t(lang, ACTION_KEYS[action]) : action;
}

/** The warning's sentences: the error and its mark, the better action, then the explanation's facts.
 * @param {string} lang
 * @param {TutorView | null} tutor
 * @returns {string[]} */
export function tutorLines(lang, tutor) {
  if (!tutor) return [];
  const mark = MARK_KEYS[tutor.mark] ? t(lang, MARK_KEYS[tutor.mark]) : tutor.mark;
  const error = number(lang, tutor.error, 3);
  const made = action(lang, tutor, tutor.made);
  const best = action(lang, tutor, tutor.best);
  return [
    t(lang, tutor.kind === "cube" ? "tutor.cube" : "tutor.play", { mark, error, made }),
    t(lang, tutor.kind === "cube" ? "tutor.bestCube" : "tutor.best", { best }),
    ...tutor.explanation,
  ];
}

// The explanation's facts shown at once; the others wait behind a "More" toggle, so that the
// warning stays a few lines high and the board above it in view.
export const FACTS_SHOWN = 3;

/** Draw the warning into `panel` (hidden when none waits); `send` gets the answer's intent. Its
 * head first (the mark and error, the better action, Take back and Play anyway), then the why:
 * a short list of facts, the rest folded.
 * @param {HTMLElement} panel
 * @param {TutorView | null} tutor
 * @param {string} lang
 * @param {(intent: SimpleIntent) => void} send */
export function drawTutor(panel, tutor, lang, send) {
  panel.hidden = !tutor;
  const key = JSON.stringify(tutor) + lang;
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  if (!tutor) return panel.replaceChildren();
  panel.dataset.mark = tutor.mark;
  const [error, best, ...facts] = tutorLines(lang, tutor);
  /** @param {string} id @param {string} label @param {"tutor-accept" | "tutor-take-back"} type */
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
  /** @param {string[]} lines */
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
