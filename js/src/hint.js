// The Expert's advice as text: pure functions of the hint Python publishes, so they are tested
// without a browser. Equities are the mover's: points per game, or match winning chances.
import { number, percent, t } from "./i18n.js";

/** @typedef {import("./state.js").ViewState} ViewState */
/** @typedef {ViewState["hint"]} Hint  the Expert's advice, on a play or on the cube, or null */
/** @typedef {import("./state.js").CandidateRollout} CandidateRollout */

/**
 * @param {string} lang
 * @param {number} x
 */
const signed = (lang, x) => number(lang, x, 3, true);

/** One line per candidate, its numbers written as `lang` writes them: rank, play, the ply its search
 * reached (GNU Backgammon's numbering: "1" for the plays the move filter sent to 1-ply, "0" for the
 * others listed below them; "" when the hint does not say), equity (the ranking's: EMG in a match, cubeful in money
 * play; the cubeless equity when the hint has no emg), error (0 for the best), winning chance,
 * the match winning chance after the play ("" in money play), and the hint's rollout of the play
 * so far, its cubeless equity ± standard error, after the match winning chance it gives at the
 * score in a match ("" when not rolled out).
 * @param {string} lang
 * @param {Hint} hint */
export function candidateRows(lang, hint) {
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
    rollout: c.rollout ? rolloutCell(lang, c.rollout) : "",
  }));
}

/** One play's rollout: its cubeless equity ± standard error, after its match winning chance in a match.
 * @param {string} lang
 * @param {CandidateRollout} r */
function rolloutCell(lang, r) {
  const equity = `${signed(lang, r.equity)} ± ${number(lang, r.se ?? Infinity, 3)}`;
  return r.mwc == null ? equity : `${percent(lang, r.mwc)} (${equity})`;
}

/** What the rollout of the hint's best plays is doing, in words ("" before one is asked for).
 * @param {string} lang
 * @param {Hint} hint */
export function rolloutText(lang, hint) {
  const r = hint?.kind === "plays" ? hint.rollout : null;
  if (!r) return "";
  const key = r.running ? "board.rolloutRunning" : r.trials < r.total ? "board.rolloutStopped" : "board.rolloutDone";
  const how = r.truncate == null ? t(lang, "board.rolloutToEnd") : t(lang, "board.rolloutTruncated", { plies: r.truncate });
  return t(lang, key, { plays: r.plays, done: r.trials, total: r.total, how });
}

/** Whether the candidates are judged in a match (they carry match winning chances).
 * @param {Hint} hint */
export function inMatch(hint) {
  return !!hint && hint.kind === "plays" && hint.candidates.some((c) => c.mwc != null);
}

/** The cube advice in words, then the three equities, the doubler's (named from `names`, by seat, when given).
 * @param {string} lang
 * @param {Hint} hint
 * @param {string[] | null} [names] */
export function cubeText(lang, hint, names = null) {
  if (!hint || hint.kind !== "cube") return "";
  let action;
  if (hint.reason) action = `${t(lang, "noDouble")} (${hint.reason})`;
  else {
    const answer = t(lang, hint.beaver ? "beaverIt" : hint.take ? "takeIt" : "passIt");
    const first = hint.double ? t(lang, "doubleIt") : hint.too_good ? t(lang, "tooGood") : t(lang, "noDouble");
    action = `${first}, ${answer}`;
  }
  const show = hint.match_play ? percent : signed;
  const values = [
    `${t(lang, "noDouble")} ${show(lang, hint.no_double)}`,
    `${t(lang, "doubleTake")} ${show(lang, hint.double_take)}`,
    `${t(lang, "doublePass")} ${show(lang, hint.double_pass)}`,
  ];
  const whose = names ? `${t(lang, "cubeFor", { name: names[hint.doubler] })}: ` : "";
  return `${t(lang, "expertCube")}: ${action} · ${whose}${values.join(" · ")}`;
}

/** The state drawn while a candidate is previewed: its steps shown as the last play's arrows
 * (none while the board is being set up or a play is in progress: they are for the roll's start).
 * @param {ViewState} state
 * @param {number} index
 * @returns {ViewState} */
export function previewState(state, index) {
  const hint = state.hint;
  if (state.edit || state.moved?.length || hint?.kind !== "plays") return state;
  const candidate = hint.candidates[index];
  if (!candidate) return state;
  return { ...state, last_play: { seat: hint.seat, text: candidate.text, steps: candidate.steps, before: hint.before } };
}
