// anywidget entry point: connects the model (the `state` traitlet, custom messages) to a View.
import { View } from "./view.js";

function render({ model, el }) {
  const view = new View(el, (intent) => model.send(intent));
  const update = () => view.setState(model.get("state"));
  model.on("change:state", update);
  update();
  return () => model.off("change:state", update);
}

export default { render };
