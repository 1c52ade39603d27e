import { test } from "node:test";
import assert from "node:assert/strict";
import { candidateRows, cubeText, inMatch, previewState, rolloutText } from "../src/hint.js";
import { number, percent } from "../src/i18n.js";

const plays = {
  kind: "plays", seat: 0, before: { points: [], bar: [0, 0], off: [0, 0] },
  candidates: [
    { text: "8/5 6/5", equity: 0.132, error: 0, ply: 1, win: 0.548, gammon: 0.17, steps: [[8, 5, false], [6, 5, false]] },
    { text: "13/10 6/5", equity: -0.041, error: 0.173, ply: 0, win: 0.496, gammon: 0.14, steps: [[13, 10, false], [6, 5, false]] },
  ],
};

test("candidates become ranked rows with their ply, signed equities and errors", () => {
  assert.deepEqual(candidateRows("en", plays), [
    { rank: 1, text: "8/5 6/5", ply: "1", equity: "+0.132", error: "", win: "54.8%", mwc: "", rollout: "" },
    { rank: 2, text: "13/10 6/5", ply: "0", equity: "−0.041", error: "−0.173", win: "49.6%", mwc: "", rollout: "" },
  ]);
  assert.deepEqual(candidateRows("en", null), []);
  assert.equal(inMatch(plays), false);
});

test("the ply column: the depth each play reached, kept once rolled out, blank when the hint has none", () => {
  // The Expert's list: the plays its move filter sent to 1-ply, then the others at 0-ply.
  const listed = { ...plays, candidates: [1, 1, 0, 0].map((ply, i) => ({ ...plays.candidates[i % 2], ply })) };
  assert.deepEqual(candidateRows("fr", listed).map((row) => row.ply), ["1", "1", "0", "0"]);
  const rolled = { ...plays, candidates: [{ ...plays.candidates[1], rollout: { equity: 0.01, se: 0.02 } }] };
  assert.equal(candidateRows("sv", rolled)[0].ply, "0");
  const older = { ...plays.candidates[0] };
  delete older.ply;
  assert.equal(candidateRows("en", { ...plays, candidates: [older] })[0].ply, "");
});

test("numbers are written as each language writes them", () => {
  const [fr, sv] = ["fr", "sv"].map((lang) => candidateRows(lang, plays)[1]);
  assert.deepEqual([fr.equity, fr.error, fr.win], ["−0,041", "−0,173", "49,6\u00a0%"]);
  assert.deepEqual([sv.equity, sv.win], ["−0,041", "49,6\u00a0%"]);
  assert.equal(number("en", 0, 3, true), "+0.000");
  assert.equal(number("fr", 1234.5, 1), "1234,5");
  assert.equal(percent("sv", 0.5), "50,0\u00a0%");
});

test("numbers round as Python's labels.number does and never read NaN", () => {
  // tests/test_board_words.py asserts the same strings of Python's number().
  assert.equal(number("fr", 0.0625, 3), "0,063");
  assert.deepEqual([number("en", -0.125, 2), number("sv", 2.5, 0)], ["\u22120.13", "3"]);
  assert.deepEqual([number("en", -0.0004, 3), number("fr", -0.0004, 3, true), number("en", -0, 1)], ["0.000", "+0,000", "0.0"]);
  assert.deepEqual([number("en", NaN, 3), number("en", Infinity, 3), number("sv", -Infinity, 3, true)], ["\u2014", "\u221e", "\u2212\u221e"]);
  assert.deepEqual([number("en", "inf", 3), number("en", undefined, 3), percent("fr", null)], ["\u2014", "\u2014", "\u2014\u00a0%"]);
  assert.equal(number("fr", 1e21, 1), "1000000000000000000000,0");
  // A rollout of one trial has no standard error yet: Python publishes null, the row reads ∞.
  const rolled = { ...plays, candidates: [{ ...plays.candidates[0], rollout: { equity: -0.0002, se: null } }] };
  assert.equal(candidateRows("sv", rolled)[0].rollout, "+0,000 \u00b1 \u221e");
});

test("in a match the rows rank by EMG and show the match winning chance after the play", () => {
  const match = {
    ...plays,
    candidates: [
      { ...plays.candidates[0], emg: 0.21, mwc: 0.566 },
      { ...plays.candidates[1], emg: -0.05, mwc: 0.512, error: 0.26 },
    ],
  };
  assert.equal(inMatch(match), true);
  const rows = candidateRows("en", match);
  assert.deepEqual([rows[0].equity, rows[0].mwc, rows[1].equity, rows[1].error, rows[1].mwc],
    ["+0.210", "56.6%", "−0.050", "−0.260", "51.2%"]);
});

test("a previewed candidate is drawn as the last play, from the position before it", () => {
  const state = { phase: "move", hint: plays, last_play: null };
  const shown = previewState(state, 1);
  assert.deepEqual(shown.last_play, { seat: 0, text: "13/10 6/5", steps: plays.candidates[1].steps, before: plays.before });
  assert.equal(previewState(state, 5), state);
  assert.equal(previewState({ hint: null }, 0).last_play, undefined);
});

test("cube advice in words, money and match", () => {
  const money = { kind: "cube", double: true, take: true, too_good: false, beaver: false, reason: "",
    no_double: 0.581, double_take: 0.596, double_pass: 1, match_play: false };
  assert.equal(cubeText("en", money),
    "Expert's cube advice: double, take · no double +0.581 · double/take +0.596 · double/pass +1.000");
  assert.match(cubeText("fr", { ...money, double: false, take: false, too_good: true }), /trop bon pour doubler, refuser/);
  const match = { ...money, match_play: true, double: false, no_double: 0.5, double_take: 0.45, double_pass: 0.6 };
  assert.match(cubeText("sv", match), /ingen dubbling, ta · ingen dubbling 50,0\u00a0%/);
  assert.equal(cubeText("en", { ...money, reason: "Crawford game", double: false }).split(" · ")[0],
    "Expert's cube advice: no double (Crawford game)");
  // The equities are the doubler's, and say so: the person answering a double reads whose they are.
  assert.equal(cubeText("en", { ...money, doubler: 1 }, ["You", "Computer (Expert)"]),
    "Expert's cube advice: double, take · for Computer (Expert): no double +0.581 · double/take +0.596 · double/pass +1.000");
  assert.match(cubeText("sv", { ...money, doubler: 0 }, ["Du", "Datorn"]), / · för Du: ingen dubbling/);
});

test("no preview while setting up or once a step is made", () => {
  const state = { phase: "move", hint: plays, last_play: null, moved: [] };
  assert.notEqual(previewState(state, 0), state);
  for (const other of [{ ...state, edit: true }, { ...state, moved: [[8, 5, false]] }]) {
    assert.equal(previewState(other, 0), other);
  }
});

test("rolled out plays show their equity ± error, and the rollout says how far it is", () => {
  const rolling = {
    ...plays,
    candidates: [
      { ...plays.candidates[0], rollout: { equity: 0.0214, se: 0.0051 } },
      { ...plays.candidates[1], rollout: { equity: -0.007, se: 0.012 } },
      { ...plays.candidates[1], text: "24/23 13/9", rollout: null },
    ],
    rollout: { plays: 2, trials: 72, total: 144, truncate: 5, running: true },
  };
  assert.deepEqual(candidateRows("en", rolling).map((r) => r.rollout), ["+0.021 ± 0.005", "−0.007 ± 0.012", ""]);
  assert.equal(rolloutText("en", rolling),
    "Rolling out the best 2 plays: 72 of 144 trials (cubeless, truncated at 5 plies)");
  const stopped = { ...rolling, rollout: { ...rolling.rollout, running: false } };
  assert.equal(rolloutText("fr", stopped),
    "Rollout arrêté : 72 parties sur 144 (sans videau, tronqué à 5 demi-coups)");
  const done = { ...rolling, rollout: { plays: 3, trials: 144, total: 144, truncate: null, running: false } };
  assert.equal(rolloutText("sv", done), "Rollout av de 3 bästa dragen: 144 partier (utan kub, spelad till slutet)");
  assert.equal(rolloutText("en", plays), "");
  assert.equal(rolloutText("en", { kind: "cube" }), "");
});
