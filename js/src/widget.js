// anywidget entry point: connects the model (the `state` traitlet, custom messages both ways: intents out, downloads in) to a View.
import { View } from "./view.js";

function render({ model, el }) {
  const view = new View(el, (intent) => model.send(intent));
  const update = () => view.setState(model.get("state"));
  const message = (msg) => msg?.type === "download" && view.download(msg);
  model.on("change:state", update);
  model.on("msg:custom", message);
  update();
  return () => {
    model.off("change:state", update);
    model.off("msg:custom", message);
  };
}

export default { render };
