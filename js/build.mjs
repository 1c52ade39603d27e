// Bundle the view into one ES module for anywidget: `node build.mjs [outfile]`, or
// `node build.mjs --watch` to rebuild on every change (npm run dev, with ANYWIDGET_HMR=1).
// The default outfile is the committed src/bgwidget/static/widget.js.
import { build, context } from "esbuild";

const args = process.argv.slice(2);
const options = {
  entryPoints: ["src/widget.js"],
  bundle: true,
  format: "esm",
  target: "es2020",
  legalComments: "none",
  outfile: args.find((arg) => !arg.startsWith("--")) || "../src/bgwidget/static/widget.js",
  logLevel: args.includes("--watch") ? "info" : "warning",
};
if (args.includes("--watch")) {
  await (await context(options)).watch();
} else {
  await build(options);
}
