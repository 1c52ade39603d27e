// The tutor's warning, on a real state Python wrote (tests/test_viewstate.py: 13/10 8/3 held at 5-3).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { drawBoard } from "../src/draw.js";
import { tutorLines } from "../src/tutor.js";

const load = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));

test("the warning says the mark, the error and the Expert's play, in each language", () => {
  const s = load("tutor");
  // Python words the explanation in the board's language; the view adds its lines as they are.
  const why = s.tutor.explanation;
  assert.ok(why.includes("13/10 8/3 leaves blots on 10, 3: 17 rolls of 36 hit one."));
  assert.deepEqual(tutorLines("en", s.tutor), ["This play is very bad: it gives up 0.224.", "The Expert plays 8/3 6/3.", ...why]);
  assert.deepEqual(tutorLines("fr", s.tutor).slice(0, 2), ["Ce coup est très mauvais : il perd 0,224.", "L’Expert joue 8/3 6/3."]);
  assert.equal(tutorLines("sv", s.tutor)[0], "Det här draget är mycket dåligt: det förlorar 0,224.");
  assert.deepEqual(tutorLines("en", null), []);
});

test("a cube action is named in words", () => {
  const cube = { seat: 1, kind: "cube", mark: "bad", error: 0.0912, made: "take", best: "pass", best_steps: [], before: load("tutor").tutor.before, explanation: [] };
  assert.deepEqual(tutorLines("fr", cube), ["Votre décision de videau (prendre) : mauvais, elle perd 0,091.", "Le choix de l’Expert : passer."]);
});

test("the better play is drawn dashed from the checkers before the play held, beside the play made", () => {
  const s = load("tutor");
  const svg = drawBoard(s, { selected: null, lit: new Set(), movable: new Set() });
  const best = svg.match(/<g class="bg-best bg-tutor-best" data-tutor-best="8\/3 6\/3"[^>]*>(.*?)<\/g>/);
  assert.ok(best, "the tutor's arrows");
  assert.equal([...best[1].matchAll(/<line [^>]*stroke-dasharray="9 6"/g)].length, 2); // 8/3 and 6/3
  const none = drawBoard({ ...s, tutor: null }, { selected: null, lit: new Set(), movable: new Set() });
  assert.ok(!none.includes("data-tutor-best"));
});
