// Bundle the view into ES modules for anywidget: `node build.mjs [outdir]`, or
// `node build.mjs --watch` to rebuild on every change (npm run dev, with ANYWIDGET_HMR=1).
// Two bundles: widget.js (the 2D board and the controls, the widget's _esm) and loft.js (the 3D
// face with three.js, minified, sent to the page only once the 3D view is wanted). The default
// outdir is the committed src/bgwidget/static/.
import { build, context } from "esbuild";

const args = process.argv.slice(2);
const outdir = args.find((arg) => !arg.startsWith("--")) || "../src/bgwidget/static";
const common = {
  bundle: true,
  format: "esm",
  target: "es2020",
  legalComments: "none",
  logLevel: args.includes("--watch") ? "info" : "warning",
};
const bundles = [
  { ...common, entryPoints: ["src/widget.js"], outfile: `${outdir}/widget.js` },
  // The loft takes its words from the view (the catalogue is in widget.js): i18n.js's one
  // top-level call is pure, so that the catalogue is not bundled here a second time.
  { ...common, entryPoints: ["src/loft/index.js"], outfile: `${outdir}/loft.js`, minify: true, pure: ["Object.keys"] },
];
if (args.includes("--watch")) {
  for (const options of bundles) await (await context(options)).watch();
} else {
  await Promise.all(bundles.map((options) => build(options)));
}
