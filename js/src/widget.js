// anywidget entry point: connects the model (the `state` traitlet, the `view` chosen and the 3D
// face's source, custom messages both ways: intents out, downloads in) to a View.
import { View } from "./view.js";

function render({ model, el }) {
  const view = new View(el, (intent) => model.send(intent));
  const update = () => view.setState(model.get("state"));
  const face = () => view.setView(model.get("view"), model.get("_loft"));
  const message = (msg) => msg?.type === "download" && view.download(msg);
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
