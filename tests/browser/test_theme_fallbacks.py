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
