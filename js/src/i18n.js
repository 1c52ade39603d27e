// Labels in English, French and Swedish, chosen per widget, from the one catalogue Python reads
// too (src/bgwidget/labels.json): the static SVG, the status line Python writes and the view's
// own words say the same things. Backgammon's own terms in each language: take/pass are
// accepter/refuser in French, ta/passa in Swedish.
import LABELS from "../../src/bgwidget/labels.json" with { type: "json" };

export const LANGUAGES = Object.keys(LABELS);

/** The label `key` in `lang` (English when either is unknown), with {name} fields filled in. */
export function t(lang, key, fields = {}) {
  const table = LABELS[lang] || LABELS.en;
  const text = table[key] ?? LABELS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in fields ? String(fields[name]) : m));
}

/** `x` with `digits` decimals as `lang` writes numbers: its decimal mark (a comma in French and
 * Swedish), "−" when negative, "+" too when `signed`; Python's labels.number writes the same. */
export function number(lang, x, digits, signed = false) {
  const text = Math.abs(x).toFixed(digits).replace(".", t(lang, "number.decimal"));
  return x >= 0 ? (signed ? "+" : "") + text : "−" + text;
}

/** `share` (0..1) as a percentage in `lang`: "54.8%", "54,8 %". */
export function percent(lang, share, digits = 1) {
  return t(lang, "number.percent", { value: number(lang, 100 * share, digits) });
}

/** Every key, for the test that checks each language has them all. */
export function keys(lang) {
  return Object.keys(LABELS[lang] || {});
}
