// The widget's CSS. Colours around the board follow JupyterLab's theme variables (light or
// dark), with fallbacks for other front ends; the board itself carries its own wood and felt.
export const CSS = `
.bg-widget { font-family: var(--jp-ui-font-family, system-ui, sans-serif); font-size: var(--jp-ui-font-size1, 13px);
  color: var(--jp-ui-font-color1, #1f1f1f); max-width: 880px; padding: 4px 0; }
.bg-board svg { display: block; width: 100%; height: auto; user-select: none; -webkit-user-select: none; touch-action: none; }
.bg-board [data-movable="true"] { cursor: grab; }
.bg-board [data-lit="true"], .bg-board [data-roll-dice], .bg-board [data-die] { cursor: pointer; }
.bg-board .bg-dragging { cursor: grabbing; filter: drop-shadow(0 6px 6px rgba(0,0,0,.45)); }
.bg-board .bg-cube-turn { animation: bg-cube-turn 0.6s ease-out; transform-box: fill-box; transform-origin: center; }
@keyframes bg-cube-turn { from { transform: rotate(-270deg) scale(0.5); opacity: 0.4; } to { transform: none; opacity: 1; } }
.bg-status { min-height: 1.5em; margin: 6px 2px; color: var(--jp-ui-font-color1, #1f1f1f); }
.bg-status.bg-refused { color: var(--jp-warn-color0, #a14600); }
.bg-controls, .bg-keyboard, .bg-edit, .bg-resign { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; margin: 4px 0; }
.bg-widget button, .bg-widget select, .bg-widget input {
  font: inherit; color: var(--jp-ui-font-color1, #1f1f1f); background: var(--jp-layout-color2, #eeeeee);
  border: 1px solid var(--jp-border-color1, #bdbdbd); border-radius: 6px; padding: 5px 12px; }
.bg-widget input { background: var(--jp-layout-color0, #ffffff); min-width: 14em; }
.bg-widget button { cursor: pointer; }
.bg-widget button:hover { background: var(--jp-layout-color3, #dddddd); }
.bg-widget button.primary { background: var(--jp-brand-color1, #1976d2); border-color: var(--jp-brand-color1, #1976d2);
  color: var(--jp-ui-inverse-font-color1, #ffffff); }
.bg-widget button[aria-pressed="true"] { background: var(--jp-brand-color2, #64b5f6); }
.bg-widget [hidden] { display: none !important; }
.bg-widget:focus { outline: none; }
.bg-widget :focus-visible { outline: 3px solid var(--jp-brand-color1, #1976d2); outline-offset: 2px; }
.bg-plays { list-style: none; margin: 0; padding: 2px; min-width: 16em; max-height: 8.5em; overflow-y: auto;
  background: var(--jp-layout-color0, #ffffff); border: 1px solid var(--jp-border-color1, #bdbdbd); border-radius: 6px; }
.bg-plays li { padding: 2px 8px; border-radius: 4px; font-family: var(--jp-code-font-family, monospace); }
.bg-plays li[aria-selected="true"] { background: var(--jp-brand-color1, #1976d2); color: var(--jp-ui-inverse-font-color0, #ffffff); }
.bg-notation { display: flex; gap: 6px; }
.bg-hint { margin: 6px 0; }
.bg-main { display: flex; gap: 8px; align-items: flex-start; }
.bg-main .bg-board { flex: 1 1 auto; min-width: 0; }
.bg-record { flex: 0 0 15em; max-height: 28em; overflow-y: auto; border: 1px solid var(--jp-border-color1, #bdbdbd);
  border-radius: 6px; background: var(--jp-layout-color0, #ffffff); }
.bg-record table { border-collapse: collapse; table-layout: fixed; width: 100%; font-family: var(--jp-code-font-family, monospace); font-size: 0.9em; }
.bg-record caption { text-align: left; padding: 2px 6px; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.bg-record tr.bg-current { background: var(--jp-layout-color2, #eeeeee); font-weight: bold; }
.bg-record tr > :first-child { width: 2.6em; }
.bg-record th, .bg-record td { padding: 1px 4px; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
.bg-review, .bg-files, .bg-reviewing { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0; }
.bg-review[data-mark="bad"], .bg-review[data-mark="very bad"] { color: var(--jp-warn-color0, #a14600); }
.bg-reviewing progress { flex: 0 1 16em; }
.bg-board .bg-best line { stroke-opacity: 0.9; }
.bg-hint table { border-collapse: collapse; font-family: var(--jp-code-font-family, monospace); }
.bg-hint caption { text-align: left; font-family: var(--jp-ui-font-family, system-ui, sans-serif); padding: 2px 0; }
.bg-hint th, .bg-hint td { padding: 2px 10px; text-align: right; }
.bg-hint td:nth-child(2), .bg-hint th:nth-child(2) { text-align: left; }
.bg-hint tbody tr { cursor: default; }
.bg-hint tbody tr:hover, .bg-hint tbody tr:focus { background: var(--jp-layout-color2, #eeeeee); }
`;
