"""The review shown to a person (bgwidget.ai.report): the table, the HTML summary and the figure.

The reviews here are built by hand (a real Match, :class:`~bgwidget.ai.review.Decision` values
with chosen numbers), so that every value the report shows can be checked against the number put
in: the report computes nothing of its own but where each point of the figure goes.
"""

from __future__ import annotations

import math
import re
import sys
from types import SimpleNamespace

import pytest

from bgwidget import Match, Position
from bgwidget.ai import report
from bgwidget.ai.cube import CubeDecision
from bgwidget.ai.review import Decision, Review
from bgwidget.labels import LanguageError, label

pandas = pytest.importorskip("pandas")
matplotlib = pytest.importorskip("matplotlib")

START = Position.initial()
# FORMATS.md: 4HPwATDgc/ABUA: the side on roll at 6:5 8:3 13:5 24:1 bar:1, the other at the start.
ON_THE_BAR = Position.from_position_id("4HPwATDgc/ABUA")


def two_games(length: int, names=("Bottom", "Top")) -> Match:
    match = Match(length=length, seed=1, names=names) if length else Match(seed=1, names=names)
    for _ in range(2):  # two games, each passed at once: the records are not the report's business
        game = match.game if not match.games or match.game.result is None else match.new_game()
        game.roll((3, 1))
        game.play("8/5 6/5")
        game.double()
        game.pass_()
    return match


def match_review(names=("Bottom", "Top"), complete=True) -> Review:
    decisions = [
        Decision(0, 1, 0, "play", START, (3, 1), "8/5 6/5", "8/5 6/5", 0.0, luck=0.21, luck_mark="joker", mwc=0.5),
        Decision(0, 1, 1, "double", START, None, "double", "no double", 0.052, "doubtful", mwc=0.47),
        Decision(0, 1, 0, "take", START, None, "pass", "take", 0.18, "very bad", mwc=0.41),
        Decision(
            1, 1, 1, "play", ON_THE_BAR, (6, 6), "", "", 0.0, forced=True, luck=-0.3, luck_mark="anti-joker", mwc=0.7
        ),
        Decision(1, 2, 0, "play", START, (5, 2), "13/8 13/11", "13/8 6/4", 0.09, "bad", luck=0.01, mwc=0.28),
    ]
    return Review(two_games(5, names), decisions, complete)


def test_the_table_has_one_row_per_decision_with_its_values():
    review = match_review()
    table = report.dataframe(review)
    assert list(table.columns) == list(report.COLUMNS) and len(table) == len(review.decisions)
    for (_, row), d in zip(table.iterrows(), review.decisions):
        assert (row.game, row.move, row.seat, row.kind) == (d.game + 1, d.move, d.seat, d.kind)
        assert row.player == review.match.names[d.seat]
        assert row.dice == (f"{max(d.dice)}-{min(d.dice)}" if d.dice else "")
        assert (row.made, row.best, row.error, row.mark, row.forced) == (d.made, d.best, d.error, d.mark, d.forced)
        assert (math.isnan(row.luck) if d.luck is None else row.luck == d.luck) and row.luck_mark == d.luck_mark
        assert row.mwc == d.mwc and row.position_id == d.position.position_id()
    assert table.loc[2, "position_id"] == "4HPwATDgc/ABMA" and table.loc[3, "position_id"] == "4HPwATDgc/ABUA"
    assert table["error"].sum() == pytest.approx(0.052 + 0.18 + 0.09)


def test_money_play_has_no_match_winning_chance():
    review = match_review()
    review.decisions = [Decision(0, 1, 0, "play", START, (3, 1), "8/5 6/5", "8/5 6/5", 0.0, luck=0.2)]
    assert math.isnan(report.dataframe(review).loc[0, "mwc"])


def test_the_summary_shows_each_players_numbers_and_the_worst_errors():
    review = match_review()
    page = report.html(review)
    cells = re.findall(r"<tr><th[^>]*>([^<]*)</th><td>([^<]*)</td><td>([^<]*)</td></tr>", page)
    rows = {name: [a, b] for name, a, b in cells}
    assert rows["Decisions"] == ["3", "2"] and rows["Unforced decisions"] == ["3", "1"]
    assert rows["doubtful"] == ["0", "1"] and rows["bad"] == ["1", "0"] and rows["very bad"] == ["1", "0"]
    assert rows["Total error"] == ["0.270", "0.052"] and rows["Performance rating (PR)"] == ["45.0", "26.0"]
    assert rows["Average error per unforced decision"] == ["0.0900", "0.0520"]  # the forced play left out
    # each game passed at a 1-cube (-1 for the bottom seat, twice), less its luck, plus the top seat's
    assert rows["Luck"] == ["+0.220", "-0.300"] and rows["Luck-adjusted result"] == ["-2.520", "+2.520"]
    assert label("en", "review.unitsMatch") in page and "stopped" not in page
    # the worst three errors, largest first: the passed take, the bad play, the doubtful double
    worst = page.split("Worst decisions")[1]
    assert worst.index("0.180") < worst.index("0.090") < worst.index("0.052")
    assert "<td>pass</td><td>take</td>" in worst and "<td>13/8 13/11</td><td>13/8 6/4</td>" in worst
    assert "<td>2</td><td>2</td><td>Bottom</td><td>5-2</td>" in worst  # game 2 (1-based), move 2
    one = report.html(review, worst=1).split("Worst decisions")[1]
    assert one.count("<td>very bad</td>") == 1 and "0.090" not in one
    assert "Worst decisions" not in report.html(review, worst=0)


def test_the_summary_speaks_the_language_asked():
    page = report.html(match_review(), language="fr")
    assert "Erreur totale" in page and "0,270" in page and "<td>passer</td><td>prendre</td>" in page
    assert label("fr", "review.unitsMatch").replace("’", "&#x27;") not in page  # escaped as text, not changed
    sv = report.html(match_review(), language="sv")
    assert "Sämsta besluten" in sv and "+0,220" in sv and "mycket dåligt" in sv
    with pytest.raises(LanguageError):
        report.html(match_review(), language="de")


def test_names_and_every_text_are_escaped():
    review = match_review(names=("<script>alert(1)</script>", "A & B"))
    page = report.html(review)
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "A &amp; B" in page


def test_a_stopped_review_says_so_and_no_errors_is_said():
    review = match_review(complete=False)
    review.decisions = review.decisions[:1]
    page = report.html(review)
    assert label("en", "review.stopped", n=1) in page and label("en", "review.noErrors") in page
    with pytest.raises(report.ReportError):
        report.html(review, worst=-1)
    with pytest.raises(report.ReportError):
        report.dataframe([1, 2])


def marked(figure, gid):
    (axes,) = figure.axes
    found = [c for c in axes.collections if c.get_gid() == gid]
    return [(float(x), round(float(y), 9)) for x, y in found[0].get_offsets()] if found else []


def test_the_figure_marks_the_errors_and_blunders_in_the_match():
    review = match_review()
    figure = report.plot(review)
    (axes,) = figure.axes
    (line,) = axes.get_lines()[:1]
    # the bottom seat's match winning chance: the decider's, turned round for the top seat
    assert list(line.get_ydata()) == pytest.approx([0.5, 0.53, 0.41, 0.3, 0.28])
    assert marked(figure, "errors") == [(1, 0.53), (4, 0.28)]  # doubtful, bad
    assert marked(figure, "blunders") == [(2, 0.41)]  # very bad
    texts = [t.get_text() for t in axes.texts]
    assert texts == ["Game 1", "Game 2"] and axes.get_ylabel() == label("en", "review.plot.mwc", name="Bottom")
    separators = [x for ln in axes.get_lines() if (x := ln.get_xdata())[0] == x[-1] and ln.get_linestyle() == "--"]
    assert [float(x[0]) for x in separators] == [2.5]


def test_the_figure_of_one_game():
    review = match_review()
    figure = report.plot(review, game=1, language="sv")
    (axes,) = figure.axes
    assert list(axes.get_lines()[0].get_ydata()) == pytest.approx([0.3, 0.28])
    assert marked(figure, "errors") == [(1, 0.28)] and marked(figure, "blunders") == []
    assert axes.get_title() == "Parti 2" and axes.get_xlabel() == "Beslut i spelordning"
    for game in (2, -1, "1", True):
        with pytest.raises(report.ReportError):
            report.plot(review, game=game)


def test_money_play_draws_the_bottom_seats_cubeful_equity():
    cube = CubeDecision(no_double=0.6, double_take=0.8, double_pass=1.0, should_double=True, should_take=True)
    review = match_review()
    review.match = two_games(0)
    review.decisions = [
        Decision(0, 1, 0, "play", START, (3, 1), "8/5 6/5", "8/5 6/5", 0.0, candidates=[SimpleNamespace(emg=0.15)]),
        Decision(0, 2, 1, "double", START, None, "no double", "double", 0.2, "very bad", cube=cube),
        Decision(0, 2, 0, "take", START, None, "take", "take", 0.0, cube=cube),  # the top seat doubled
        Decision(0, 2, 1, "play", ON_THE_BAR, (6, 6), "", "", 0.0, forced=True, candidates=[]),  # no value: not drawn
        Decision(
            0,
            3,
            0,
            "play",
            START,
            (5, 2),
            "13/8 13/11",
            "13/8 6/4",
            0.05,
            "doubtful",
            candidates=[SimpleNamespace(emg=-0.4)],
        ),
    ]
    figure = report.plot(review)
    (axes,) = figure.axes
    assert list(axes.get_lines()[0].get_xdata()) == [0, 1, 2, 4]
    assert list(axes.get_lines()[0].get_ydata()) == pytest.approx([0.15, -0.8, -0.8, -0.4])
    assert marked(figure, "blunders") == [(1, -0.8)] and marked(figure, "errors") == [(4, -0.4)]
    assert axes.get_ylabel() == label("en", "review.plot.equity", name="Bottom")
    assert label("en", "review.unitsMoney") in report.html(review)


def test_a_decision_on_the_board_has_the_cube_and_score_it_was_made_with():
    from bgwidget.ai import decision_svg
    from bgwidget.svg import DrawingError, board_svg

    def plain(svg: str) -> str:  # each drawing numbers its ids: compare the pictures without them
        return re.sub(r"bgs[0-9a-f]+-\d+", "bgs", svg)

    match = Match(length=5, seed=1, names=("Ann", "<Bob>"))
    game = match.game
    game.roll((3, 1))
    game.play("8/5 6/5")
    before_double = game.position
    game.double()  # the top seat doubles, the bottom seat takes: a 2-cube the bottom seat owns
    game.take()
    game.roll((6, 4))
    rolled = game.position
    game.play("24/14")
    take = Decision(0, 2, 0, "take", before_double, None, "take", "take", 0.0)
    play = Decision(0, 2, 1, "play", rolled, (6, 4), "24/14", "24/18 13/9", 0.05, "doubtful")
    review = Review(match, [take, play])
    drawn = dict(names=("Ann", "<Bob>"), score=(0, 0), match_length=5)
    assert plain(decision_svg(review, take)) == plain(board_svg(before_double, **drawn))  # the cube before the double
    assert plain(decision_svg(review, play)) == plain(board_svg(rolled, dice=(6, 4), cube=2, cube_owner=0, **drawn))
    assert plain(decision_svg(review, play, "24/18 13/9")) == plain(
        board_svg(rolled.parse_play("24/18 13/9", 6, 4).result, cube=2, cube_owner=0, **drawn)
    )
    assert "&lt;Bob&gt;" in decision_svg(review, play, language="fr")
    with pytest.raises(DrawingError):
        decision_svg(review, play.__class__(**{**play.__dict__, "move": 3}))  # not one of the review's
    with pytest.raises(DrawingError):
        decision_svg(review, take, "24/14")  # no roll to play
    with pytest.raises(DrawingError):
        decision_svg(SimpleNamespace(decisions=[play], match=match), play)  # not a Review


VIEW_LAYER = {"bgwidget.widget", "bgwidget.session", "bgwidget.viewstate", "bgwidget.exercise"}


def test_the_ai_layer_imports_nothing_from_the_view_layer():
    """DESIGN.md's layers: the view (layer 6) may use the ai (layer 5), never the other way, not
    even inside a function. (The static drawing, bgwidget.svg, is below both: the review's boards
    are drawn by bgwidget.ai.decision_svg with it.)"""
    import ast
    from pathlib import Path

    import bgwidget.ai

    folder = Path(bgwidget.ai.__file__).parent
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            found += [(path.name, n) for n in names if n in VIEW_LAYER]
    assert len(list(folder.rglob("*.py"))) > 10 and found == []
    assert not hasattr(report, "board")


def test_without_pandas_or_matplotlib_the_error_says_what_to_install(monkeypatch):
    review = match_review()
    for package, show in (("pandas", report.dataframe), ("matplotlib", report.plot)):
        monkeypatch.setitem(sys.modules, package, None)  # as if it were not installed
        with pytest.raises(ImportError, match=rf"needs {package}: pip install 'bgwidget\[review\]'"):
            show(review)
