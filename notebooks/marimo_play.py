import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    # Backgammon in marimo

    The board is a `BoardWidget` wrapped in `mo.ui.anywidget`: it plays as it does in
    JupyterLab. The computer thinks in a worker thread of the notebook's kernel, so the page stays
    free and its plays appear one by one.

    **How to play.** Press **Roll** (or click the dice), click one of your checkers (the bottom
    ones), then one of the points that light up. **Undo** takes back a step; **New game** starts
    the next game once this one is over.
    """)
    return


@app.cell
def _():
    import marimo as mo

    from bgwidget import BoardWidget

    return BoardWidget, mo


@app.cell
def _(BoardWidget, mo):
    # The plays made so far, kept in marimo's state: on_play is called after every play, a
    # person's or the computer's, and setting the state re-runs the cells that read it.
    plays, set_plays = mo.state([])
    widget = BoardWidget(players=("human", "easy"), seed=2024)
    widget.on_play(lambda w, seat, play: set_plays(lambda seen: [*seen, (w.names[seat], str(play))]))
    board = mo.ui.anywidget(widget)
    board
    return (plays,)


@app.cell
def _(mo, plays):
    # Re-run by marimo after each play, the computer's included.
    from html import escape

    _rows = "".join(f"<li>{escape(name)}: {escape(play or '-')}</li>" for name, play in plays())
    mo.Html(f'<div data-testid="plays-seen" data-count="{len(plays())}"><b>Plays so far: {len(plays())}</b><ol>{_rows}</ol></div>')
    return


@app.cell(hide_code=True)
def _(mo):
    mo.md(r"""
    ## The computer against itself

    Medium (the neural net) against Easy. The watch cell below follows the game's phase: a
    traitlet observed with `observe`, passed on to marimo's state.
    """)
    return


@app.cell
def _(BoardWidget, mo):
    phase, set_phase = mo.state("opening")
    _watched = BoardWidget(players=("medium", "easy"), seed=7, animation=0.15)
    _watched.observe(lambda change: set_phase(change["new"]), names="phase")
    watch = mo.ui.anywidget(_watched)
    watch
    return (phase,)


@app.cell
def _(mo, phase):
    mo.md(f"The game against itself is at phase **{phase()}**.")
    return


if __name__ == "__main__":
    app.run()
