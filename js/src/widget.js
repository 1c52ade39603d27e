// anywidget entry point: connects the model (the `state` traitlet, the `view` chosen and the 3D
// face's source, custom messages both ways: intents out, downloads in) to a View.
import { Link } from "./link.js";
import { View } from "./view.js";

/** @typedef {import("./state.js").ViewState} ViewState */
/** @typedef {import("./intents.js").Intent} Intent */
/** @typedef {import("./view.js").Download} Download */

/**
 * The part of anywidget's model the view uses: its traits, and custom messages both ways.
 * @typedef {object} Model
 * @property {((name: "state") => ViewState) & ((name: "view") => "2d" | "3d") & ((name: "_loft") => string) & ((name: "_server_ids") => string[] | null)} get
 * @property {(content: Intent) => void} send
 * @property {Listen} on
 * @property {Listen} off
 */
/** @typedef {((event: "msg:custom", callback: (message: Download) => void) => void) & ((event: string, callback: () => void) => void)} Listen */

/** Once per model: the connection to a game server that the `_online` trait asks for (none
 * until then), closed with the model. It shares the IDs of the server's last event with the
 * model's views through the model itself (`_server_ids`, set here and never saved to Python):
 * each view is handed a model proxy of its own.
 * @param {{model: Model}} widget */
function initialize({ model }) {
  const link = new Link(/** @type {any} */ (model));
  return () => link.close();
}

/** @param {{model: Model, el: HTMLElement}} widget */
function render({ model, el }) {
  const view = new View(el, (intent) => model.send(intent));
  const unfollow = view.follow(() => model.get("_server_ids") ?? null);
  const ids = () => view.drawOnline();
  model.on("change:_server_ids", ids);
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
    unfollow();
    model.off("change:_server_ids", ids);
    model.off("change:view", face);
    model.off("change:_loft", face);
    view.setView("2d");
    model.off("change:state", update);
    model.off("msg:custom", message);
  };
}

export default { initialize, render };
