// Labels in English, French and Swedish, chosen per widget, from the one catalogue Python reads
// too (src/bgwidget/labels.json): the static SVG, the status line Python writes and the view's
// own words say the same things. Backgammon's own terms in each language: take/pass are
// accepter/refuser in French, ta/passa in Swedish.
import LABELS from "../../src/bgwidget/labels.json" with { type: "json" };

/** The catalogue by language, then by key (a language or key asked for may be missing).
 * @type {Record<string, Record<string, string>>} */
const CATALOGUE = LABELS;

export const LANGUAGES = Object.keys(CATALOGUE);

/** The label `key` in `lang` (English when either is unknown), with {name} fields filled in.
 * @param {string} lang
 * @param {string} key
 * @param {Record<string, string | number>} [fields] */
export function t(lang, key, fields = {}) {
  const table = CATALOGUE[lang] || CATALOGUE.en;
  const text = table[key] ?? CATALOGUE.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in fields ? String(fields[name]) : m));
}

/** `x` with `digits` decimals as `lang` writes numbers: its decimal mark (a comma in French and
 * Swedish), "−" when negative, "+" too when `signed`; Python's labels.number writes the same:
 * toFixed's rounding (half away from zero, on the float's exact value) and every digit of a
 * huge value, no minus sign on what rounds to zero, "∞" for an infinity and "—" for what is
 * not a number (NaN, null: never "NaN").
 * @param {string} lang
 * @param {number | null} x
 * @param {number} digits */
export function number(lang, x, digits, signed = false) {
  if (typeof x !== "number" || Number.isNaN(x)) return "\u2014";
  const abs = Math.abs(x);
  // From 1e21 on toFixed writes an exponent; such a float is an integer, which BigInt writes whole.
  const fixed = abs === Infinity ? "\u221e" : abs < 1e21 ? abs.toFixed(digits) : `${BigInt(abs)}${digits > 0 ? "." + "0".repeat(digits) : ""}`;
  const text = fixed.replace(".", t(lang, "number.decimal"));
  return x < 0 && /[1-9\u221e]/.test(fixed) ? "\u2212" + text : (signed ? "+" : "") + text;
}

/** `share` (0..1) as a percentage in `lang`: "54.8%", "54,8 %".
 * @param {string} lang
 * @param {number | null} share */
export function percent(lang, share, digits = 1) {
  return t(lang, "number.percent", { value: number(lang, typeof share === "number" ? 100 * share : NaN, digits) });
}

/** Every key, for the test that checks each language has them all.
 * @param {string} lang */
export function keys(lang) {
  return Object.keys(CATALOGUE[lang] || {});
}
