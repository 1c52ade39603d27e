// Ids for the SVG's gradients and markers, unique per view. A counter is not enough: each
// notebook (or widget model) may load its own copy of this module, whose counter starts again
// at 1, and `url(#id)` resolves to the first element of the whole document with that id; when
// that one lies in a hidden notebook tab, the board is drawn without felt, wood or checkers.

/** A new id, `${prefix}-` and twelve random hex digits: usable in `id` and in `url(#...)`. */
export function uniqueId(prefix = "bgw") {
  const bytes = new Uint8Array(6);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `${prefix}-${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}
