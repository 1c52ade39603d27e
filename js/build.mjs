// Bundle the view into one ES module for anywidget: `node build.mjs [outfile]`.
// The default outfile is the committed src/bgwidget/static/widget.js.
import { build } from "esbuild";

const outfile = process.argv[2] || "../src/bgwidget/static/widget.js";
await build({
  entryPoints: ["src/widget.js"],
  bundle: true,
  format: "esm",
  target: "es2020",
  legalComments: "none",
  outfile,
  logLevel: "warning",
});
