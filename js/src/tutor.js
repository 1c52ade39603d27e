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

/** Draw the warning into `panel` (hidden when none waits); `send` gets the answer's intent.
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
  const lines = tutorLines(lang, tutor).map((line) => h("p", {}, line));
  /** @param {string} id @param {string} label @param {"tutor-accept" | "tutor-take-back"} type */
  const button = (id, label, type) => {
    const b = h("button", { type: "button", "data-testid": id }, t(lang, label));
    b.addEventListener("click", () => send({ type }));
    return b;
  };
  const buttons = h("div", { class: "bg-tutor-buttons" });
  buttons.append(button("tutor-take-back", "tutor.takeBack", "tutor-take-back"), button("tutor-accept", "tutor.accept", "tutor-accept"));
  panel.replaceChildren(h("strong", {}, t(lang, "tutor.title")), ...lines, h("p", { class: "bg-tutor-units" }, t(lang, "tutor.units")), buttons);
}
