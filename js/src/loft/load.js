// The 3D face arrives as source text (the `_loft` trait, filled by Python once the 3D view is
// first wanted): imported from a Blob URL, since anywidget serves the view as a string and a
// relative import of a second file would not resolve in JupyterLab, JupyterLite or marimo.
/** @type {Promise<typeof import("./index.js")> | null} */
let loaded = null;

/** The loft module ({mount}) from its source; imported once per page.
 * @param {string} source */
export function loadLoft(source) {
  if (!loaded) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    loaded = import(/* webpackIgnore: true */ url).finally(() => URL.revokeObjectURL(url));
  }
  return loaded;
}

/** Whether this browser can draw with WebGL. */
export function webglAvailable() {
  try {
    const canvas = document.createElement("canvas");
    return !!(window.WebGLRenderingContext && (canvas.getContext("webgl2") || canvas.getContext("webgl")));
  } catch {
    return false;
  }
}
