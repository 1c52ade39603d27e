// anywidget entry point: connects the model (the `state` traitlet, the `view` chosen and the 3D
// face's source, custom messages both ways: intents out, downloads in) to a View.
import { View } from "./view.js";

/** @typedef {import("./state.js").ViewState} ViewState */
/** @typedef {import("./intents.js").Intent} Intent */
/** @typedef {import("./view.js").Download} Download */

/**
 * The part of anywidget's model the view uses: its traits, and custom messages both ways.
 * @typedef {object} Model
 * @property {((name: "state") => ViewState) & ((name: "view") => "2d" | "3d") & ((name: "_loft") => string)} get
 * @property {(content: Intent) => void} send
 * @property {Listen} on
 * @property {Listen} off
 */
/** @typedef {((event: "msg:custom", callback: (message: Download) => void) => void) & ((event: string, callback: () => void) => void)} Listen */

/** @param {{model: Model, el: HTMLElement}} widget */
function render({ model, el }) {
  const view = new View(el, (intent) => model.send(intent));
  const update = () => view.setState(model.get("state"));
  const face = () => view.setView(model.get("view"), model.get("_loft"));
  const message = (/** @type {Download} */ msg) => msg?.type === "download" && view.download(msg);
  model.on("change:state", update);
  model.on("msg:custom", message);
  model.on("change:view", face);
  model.on("change:_loft", face);
  update();
  face();
  return () => {
    model.off("change:view", face);
    model.off("change:_loft", face);
    view.setView("2d");
    model.off("change:state", update);
    model.off("msg:custom", message);
  };
}

export default { render };
