import { test } from "node:test";
import assert from "node:assert/strict";
import { LANGUAGES, keys, t } from "../src/i18n.js";

test("English, French and Swedish have every label", () => {
  assert.deepEqual(LANGUAGES, ["en", "fr", "sv"]);
  for (const lang of LANGUAGES) assert.deepEqual(keys(lang).sort(), keys("en").sort(), lang);
});

test("labels are translated and filled in", () => {
  assert.equal(t("en", "take"), "Take");
  assert.equal(t("fr", "take"), "Accepter");
  assert.equal(t("sv", "pass"), "Passa");
  assert.deepEqual(["en", "fr", "sv"].map((lang) => t(lang, "accept")), ["Accept", "Accepter l’abandon", "Godta"]);
  assert.equal(t("fr", "toMove", { name: "Ann", dice: "6-5" }), "À Ann de jouer 6-5");
  assert.equal(t("sv", "match", { n: 7 }), "Match till 7 poäng");
  assert.equal(t("de", "roll"), "Roll"); // unknown languages fall back to English
});
