"""The widget's _css outside JupyterLab: its colours come from the host's variables (JupyterLab's
--jp-*, VS Code's --vscode-*), else from its own light values, or dark ones when the page says it
is dark (VS Code's body class, JupyterLab's data attribute) or the system prefers dark. Each case
is a bare page with the style sheet, read back in Chromium."""

import pytest

from bgwidget.widget import BoardWidget

PAGE = """<html><head><style>{css}</style><style>{host}</style></head>
<body {body}><div class="bg-widget"><div class="bg-status">status</div><button>Roll</button></div></body></html>"""


def colours(browser, scheme="light", host="", body=""):
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        page.set_content(PAGE.format(css=BoardWidget._css, host=host, body=body))
        return page.evaluate(
            """() => [getComputedStyle(document.querySelector('.bg-status')).color,
                      getComputedStyle(document.querySelector('button')).backgroundColor]"""
        )
    finally:
        context.close()


@pytest.mark.parametrize(
    ("scheme", "host", "body", "expected"),
    [
        ("light", "", "", ["rgb(31, 31, 31)", "rgb(238, 238, 238)"]),  # no host variables: light
        ("dark", "", "", ["rgb(230, 230, 230)", "rgb(45, 45, 45)"]),  # the system prefers dark
        ("light", "", 'class="vscode-dark"', ["rgb(230, 230, 230)", "rgb(45, 45, 45)"]),
        ("light", "", 'data-jp-theme-light="false"', ["rgb(230, 230, 230)", "rgb(45, 45, 45)"]),
        # VS Code's variables, then JupyterLab's ahead of them, whatever the system prefers
        (
            "dark",
            ":root { --vscode-foreground: #010203; --vscode-button-secondaryBackground: #040506; }",
            'class="vscode-light"',
            ["rgb(1, 2, 3)", "rgb(4, 5, 6)"],
        ),
        (
            "dark",
            ":root { --vscode-foreground: #010203; --jp-ui-font-color1: #0a0b0c; --jp-layout-color2: #0d0e0f; }",
            "",
            ["rgb(10, 11, 12)", "rgb(13, 14, 15)"],
        ),
    ],
)
def test_colours_follow_the_host_or_fall_back_by_its_darkness(browser, scheme, host, body, expected):
    assert colours(browser, scheme, host, body) == expected


# VS Code's default dark theme: the colour registry's defaults for a dark theme (foreground #cccccc,
# button.background #0e639c, button.secondaryBackground #3a3d41, input.background #3c3c3c,
# panel.border #808080 at 35 %, editor.background #1e1e1e), as its notebook renderer sets them on the page.
VSCODE_DARK = """:root { --vscode-foreground: #cccccc; --vscode-button-background: #0e639c;
  --vscode-button-foreground: #ffffff; --vscode-button-secondaryBackground: #3a3d41;
  --vscode-input-background: #3c3c3c; --vscode-panel-border: #80808059; }
body { background: #1e1e1e; }"""

# The real view (static/widget.js) drawn with a stand-in for the widget's model holding Python's state.
RENDER = """async ([source, state]) => {
  const url = URL.createObjectURL(new Blob([source], {type: 'text/javascript'}));
  const widget = (await import(url)).default;
  const model = {get: () => state, on() {}, off() {}, send() {}};
  widget.render({model, el: document.querySelector('#host')});
}"""


def test_the_board_in_vs_codes_dark_theme_takes_its_colours(browser, artifacts):
    board = BoardWidget(players=("human", "human"), seed=1, animation=0)
    board.roll((3, 1))
    source = str(BoardWidget._esm)  # anywidget holds the file's text
    context = browser.new_context(color_scheme="light", viewport={"width": 1000, "height": 760})
    try:
        page = context.new_page()
        page.set_content(
            f"<html><head><style>{BoardWidget._css}</style><style>{VSCODE_DARK}</style></head>"
            '<body class="vscode-dark"><div id="host"></div></body></html>'
        )
        page.evaluate(RENDER, [source, dict(board.state)])
        page.wait_for_selector('[data-testid="bg-board"][data-revision] svg')
        colours = page.evaluate(
            """() => [getComputedStyle(document.querySelector('.bg-status')).color,
                      getComputedStyle(document.querySelector('.bg-record')).backgroundColor,
                      getComputedStyle(document.querySelector('[data-testid="hint"]')).backgroundColor]"""
        )
        # VS Code's foreground, input background and secondary button background, as set above.
        assert colours == ["rgb(204, 204, 204)", "rgb(60, 60, 60)", "rgb(58, 61, 65)"]
        page.screenshot(path=str(artifacts / "vscode-dark.png"))
    finally:
        context.close()
