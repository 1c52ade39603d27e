"""The review of a game or match shown to a person: a table, an HTML summary and a figure.

:func:`dataframe`, :func:`html` and :func:`plot` present a :class:`~bgwidget.ai.review.Review`
(``Review.to_dataframe()``, ``Review._repr_html_()`` and ``Review.plot()`` call them). They read
only the review's decisions, summaries and match; every number is the review's own.

Units are those of the review: in a match, errors and luck are normalised equity (EMG) per game
at a cube of 1, and the winning chances drawn are match winning chances (MWC, 0..1); in money
play, errors, luck and the equity drawn are cubeful money equity per game at a cube of 1. Every
word a person reads comes from the catalogue (:mod:`bgwidget.labels`) in the ``language`` asked.
pandas and matplotlib are optional (the ``review`` extra): each function imports what it needs and
says which package is missing. :func:`decision_svg` draws the board of a decision with the drawing
layer's :func:`~bgwidget.svg.board_svg`.
"""

from __future__ import annotations

import html as _html
from typing import TYPE_CHECKING, Any

from bgwidget.checks import is_int
from bgwidget.errors import ReportError
from bgwidget.game import Game
from bgwidget.labels import check_language, label
from bgwidget.match import Match
from bgwidget.moves import roll_text
from bgwidget.svg import DrawingError, board_svg

if TYPE_CHECKING:
    import pandas
    from matplotlib.figure import Figure

__all__ = ["COLUMNS", "ReportError", "cube_before", "dataframe", "decision_svg", "html", "plot", "points"]

COLUMNS = (
    "game",
    "move",
    "seat",
    "player",
    "kind",
    "dice",
    "made",
    "best",
    "error",
    "mark",
    "forced",
    "luck",
    "luck_mark",
    "mwc",
    "position_id",
)
"""The columns of :func:`dataframe`, one row per decision (see its docstring)."""

_MARKS = ("doubtful", "bad", "very bad")
_MARK_KEYS = {"doubtful": "review.mark.doubtful", "bad": "review.mark.bad", "very bad": "review.mark.veryBad"}
_ACTION_KEYS = {
    "double": "review.action.double",
    "no double": "review.action.noDouble",
    "take": "review.action.take",
    "pass": "review.action.pass",
    "beaver": "review.action.beaver",
}
# The marker of each kind of error on the figure: an error (doubtful or bad), a blunder (very bad).
_ERROR_STYLE: dict[str, Any] = {"marker": "o", "s": 36, "color": "#e08a00", "zorder": 3}
_BLUNDER_STYLE: dict[str, Any] = {"marker": "X", "s": 70, "color": "#c0392b", "zorder": 4}


def _import(package: str) -> Any:
    try:
        return __import__(package)
    except ImportError as error:
        raise ImportError(
            f"the review's {'table' if package == 'pandas' else 'figure'} needs {package}: "
            "pip install 'bgwidget[review]'"
        ) from error


def _checked(review: object) -> Any:
    if not all(hasattr(review, name) for name in ("decisions", "match", "summary")):
        raise ReportError(f"a review is what bgwidget.ai.review returns, not {type(review).__name__}")
    return review


def dataframe(review: Any) -> pandas.DataFrame:
    """One row per decision of ``review``, in play order, with the :data:`COLUMNS`.

    ``game``: 1-based game number (the decision's ``game`` + 1, as ``.mat`` numbers games);
    ``move``: 1-based move number within the game; ``seat``: 0 or 1, who decides; ``player``:
    that seat's name in the match; ``kind``: ``"play"``, ``"double"`` or ``"take"``; ``dice``:
    ``"6-4"`` or ``""`` for a cube decision; ``made`` and ``best``: the play's notation (``""``
    for no move) or the cube action; ``error``: equity lost, >= 0 (EMG per game at a cube of 1
    in a match, cubeful money equity in money play); ``mark``: ``""``, ``"doubtful"``, ``"bad"``
    or ``"very bad"``; ``forced``: a play with no choice; ``luck``: the roll's equity minus the
    average of the 21 rolls for the roller, same units (NaN for a cube decision); ``luck_mark``:
    ``""``, ``"joker"`` or ``"anti-joker"``; ``mwc``: the decider's match winning chance before
    the decision, 0..1 (NaN in money play); ``position_id``: GNU Backgammon's Position ID of the
    position decided in (the decider's view; for ``"take"`` the doubler's).

    Raises :class:`ReportError` for something that is not a review, ``ImportError`` without pandas.
    """
    pandas = _import("pandas")
    review = _checked(review)
    names = review.match.names
    rows = [
        (
            d.game + 1,
            d.move,
            d.seat,
            names[d.seat],
            d.kind,
            roll_text(d.dice or ()),
            d.made,
            d.best,
            d.error,
            d.mark,
            d.forced,
            float("nan") if d.luck is None else d.luck,
            d.luck_mark,
            float("nan") if d.mwc is None else d.mwc,
            d.position.position_id(),
        )
        for d in review.decisions
    ]
    return pandas.DataFrame(rows, columns=list(COLUMNS))


def _number(value: float, digits: int, language: str, sign: bool = False) -> str:
    text = f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
    return text if language == "en" else text.replace(".", ",")


def _action(language: str, text: str) -> str:
    """A play's notation as it is; a cube action or no move in ``language``."""
    if text in _ACTION_KEYS:
        return label(language, _ACTION_KEYS[text])
    return text or label(language, "review.noMove")


def _summary_rows(review: Any, language: str) -> list[tuple[str, str, str]]:
    rows = []
    summaries = [review.summary(seat) for seat in (0, 1)]

    def row(key: str, values: list[str]) -> None:
        rows.append((label(language, key), values[0], values[1]))

    row("review.decisions", [str(s.decisions) for s in summaries])
    row("review.unforced", [str(s.unforced) for s in summaries])
    for mark in _MARKS:
        row(_MARK_KEYS[mark], [str(s.marks.get(mark, 0)) for s in summaries])
    row("review.totalError", [_number(s.total_error, 3, language) for s in summaries])
    row("review.averageError", [_number(s.average_error, 4, language) for s in summaries])
    row("review.pr", [_number(s.pr, 1, language) for s in summaries])
    row("review.luck", [_number(s.luck, 3, language, sign=True) for s in summaries])
    row("review.luckAdjusted", [_number(s.luck_adjusted, 3, language, sign=True) for s in summaries])
    return rows


def html(review: Any, language: str = "en", worst: int = 5) -> str:
    """The review as an HTML fragment: a summary per player, then the ``worst`` worst errors.

    The summary (one column per seat, headed by the players' names) gives the decisions and the
    unforced ones, the errors by mark, total error and average error per unforced decision, the
    performance rating (PR, eXtreme Gammon's: see :class:`~bgwidget.ai.review.Summary`), the luck
    and the luck-adjusted result, in the units of the module docstring (said under the table).
    The worst decisions are the marked ones with the largest errors (game, move, player, dice,
    the play or action made and the best, error, mark). A review that was stopped says how many
    decisions it holds. Words from the catalogue in ``language``; every text escaped.

    Raises :class:`ReportError` for something that is not a review or a ``worst`` that is not a
    whole number >= 0, :class:`~bgwidget.labels.LanguageError` for another language.
    """
    language = check_language(language)
    review = _checked(review)
    if not is_int(worst) or worst < 0:
        raise ReportError(f"worst is how many decisions to list, a whole number >= 0, not {worst!r}")
    e = _html.escape
    names = review.match.names
    head = f"<tr><th></th><th>{e(names[0])}</th><th>{e(names[1])}</th></tr>"
    body = "".join(
        f"<tr><th style='text-align:left'>{e(name)}</th><td>{e(a)}</td><td>{e(b)}</td></tr>"
        for name, a, b in _summary_rows(review, language)
    )
    units = label(language, "review.unitsMatch" if review.match.length else "review.unitsMoney")
    parts = [f"<div class='bgwidget-review'><table><thead>{head}</thead><tbody>{body}</tbody></table>"]
    parts.append(f"<p><small>{e(units)}</small></p>")
    if not review.complete:
        parts.append(f"<p><b>{e(label(language, 'review.stopped', n=len(review.decisions)))}</b></p>")
    errors = sorted((d for d in review.decisions if d.mark), key=lambda d: -d.error)[:worst]
    if worst:
        parts.append(f"<h4>{e(label(language, 'review.worst'))}</h4>")
        if errors:
            keys = ("game", "move", "player", "dice", "made", "best", "error", "mark")
            cells = "".join(f"<th>{e(label(language, 'review.' + key))}</th>" for key in keys)
            rows = "".join(
                "<tr>"
                + "".join(
                    f"<td>{e(str(cell))}</td>"
                    for cell in (
                        d.game + 1,
                        d.move,
                        names[d.seat],
                        roll_text(d.dice or ()),
                        _action(language, d.made),
                        _action(language, d.best),
                        _number(d.error, 3, language),
                        label(language, _MARK_KEYS[d.mark]),
                    )
                )
                + "</tr>"
                for d in errors
            )
            parts.append(f"<table><thead><tr>{cells}</tr></thead><tbody>{rows}</tbody></table>")
        else:
            parts.append(f"<p>{e(label(language, 'review.noErrors'))}</p>")
    parts.append("</div>")
    return "".join(parts)


def _cube_value(decision: Any) -> float | None:
    """The roller's cubeful money equity at a cube decision, with the right action taken."""
    cube = decision.cube
    if cube is None:
        return None
    doubled = min(cube.double_take, cube.double_pass)
    return doubled if decision.kind == "take" else max(cube.no_double, doubled)


def _bottom_value(decision: Any, money: bool) -> float | None:
    """Seat 0's winning chances (match: MWC) or equity (money) at ``decision``, or None.

    Money play: a play's value is the best candidate's cubeful equity (the roll's worth to the
    mover), a cube decision's the roller's equity with the right action; a roll with no play has
    no value drawn.
    """
    if not money:
        return None if decision.mwc is None else (decision.mwc if decision.seat == 0 else 1 - decision.mwc)
    if decision.kind == "play":
        if not decision.candidates:
            return None
        value, roller = decision.candidates[0].emg, decision.seat
    else:
        value, roller = _cube_value(decision), decision.seat if decision.kind == "double" else 1 - decision.seat
        if value is None:
            return None
    return value if roller == 0 else -value


def points(review: Any, game: int | None = None) -> list[tuple[int, float, Any]]:
    """The figure's points ``(x, y, decision)``: x the decision's place in play order (from 0,
    counting only the ``game`` drawn, or the whole match), y seat 0's value (see :func:`plot`).

    Raises :class:`ReportError` for something that is not a review or a game it does not have.
    """
    review = _checked(review)
    count = len(review.match.games)
    if game is not None and (not is_int(game) or not 0 <= game < count):
        raise ReportError(f"game is a 0-based game number below {count} or None (the whole match), not {game!r}")
    money = review.match.length == 0
    chosen = [d for d in review.decisions if game is None or d.game == game]
    return [(x, y, d) for x, d in enumerate(chosen) if (y := _bottom_value(d, money)) is not None]


def plot(review: Any, game: int | None = None, language: str = "en") -> Figure:
    """A matplotlib Figure of seat 0's chances through ``game`` (0-based) or the whole match (None).

    In a match, y is seat 0's match winning chance (0..1) before each decision; in money play, seat
    0's cubeful equity per game at a cube of 1 (the best play's for a roll, the right action's for
    a cube decision). x is the decision's place in play order. Errors (doubtful or bad) are marked
    with orange dots, blunders (very bad) with red crosses, whoever made them; the games of a match
    are separated by vertical lines and numbered. Words from the catalogue in ``language``.

    Raises :class:`ReportError` for something that is not a review or a game it does not have,
    :class:`~bgwidget.labels.LanguageError` for another language, ``ImportError`` without matplotlib.
    """
    language = check_language(language)
    drawn = points(review, game)
    _import("matplotlib")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9, 3.6))
    axes = figure.add_subplot()
    money = review.match.length == 0
    name = review.match.names[0]
    xs = [x for x, _, _ in drawn]
    ys = [y for _, y, _ in drawn]
    axes.plot(xs, ys, color="#1f4e79", linewidth=1.4)
    if money:
        axes.axhline(0, color="grey", linewidth=0.8)
        axes.set_ylabel(label(language, "review.plot.equity", name=name))
    else:
        axes.axhline(0.5, color="grey", linewidth=0.8)
        axes.set_ylim(0, 1)
        axes.set_ylabel(label(language, "review.plot.mwc", name=name))
    for gid, marks, style, key in (
        ("errors", ("doubtful", "bad"), _ERROR_STYLE, "review.plot.errors"),
        ("blunders", ("very bad",), _BLUNDER_STYLE, "review.plot.blunders"),
    ):
        marked = [(x, y) for x, y, d in drawn if d.mark in marks]
        if marked:
            dots = axes.scatter(*zip(*marked), label=label(language, key), **style)
            dots.set_gid(gid)
    if game is None:
        starts: dict[int, int] = {}
        for x, _, d in drawn:
            starts.setdefault(d.game, x)
        for number, x in starts.items():
            if x:
                axes.axvline(x - 0.5, color="#999999", linewidth=0.8, linestyle="--")
            axes.text(
                x,
                1.01,
                label(language, "review.plot.game", n=number + 1),
                transform=axes.get_xaxis_transform(),
                fontsize=8,
                color="#555555",
            )
    else:
        axes.set_title(label(language, "review.plot.game", n=game + 1))
    axes.set_xlabel(label(language, "review.plot.decisions"))
    if any(d.mark for _, _, d in drawn):
        axes.legend(loc="best", fontsize=8)
    figure.tight_layout()
    return figure


def cube_before(game: Game, decision: Any) -> tuple[int, int | None]:
    """``(value, owner)`` of the cube when ``decision`` (of ``game``) was made, found by replaying
    ``game``'s record up to the decision's moment (its ``actions``; a review saved before it was
    kept: the first moment at its position and roll); owner is the seat (0, 1) or None while the
    cube is centred."""
    if decision.actions is not None:
        replay = Game.replay(game.setup, game.record[: decision.actions])
        return replay.cube_value, replay.cube_owner
    replay = Game.replay(game.setup, [])
    for action in game.record:
        rolled = replay.rolled
        if replay.position == decision.position and (
            decision.dice is None or (rolled is not None and sorted(rolled) == sorted(decision.dice))
        ):
            break
        replay.apply(action)
    return replay.cube_value, replay.cube_owner


def decision_svg(review: Any, decision: Any, play: str | None = None, language: str = "en") -> str:
    """The board of ``decision`` (one of ``review.decisions``, ``review`` a
    :class:`~bgwidget.ai.review.Review` made by :func:`bgwidget.ai.review`) as an SVG string.

    Without ``play``: the position decided in as the player saw it, the roll on the dice for a
    play (an answer to a double: the doubler on roll, the cube before the double). With ``play``
    (a notation of the roll, such as the decision's ``made`` or ``best``; ``""`` for no move): the
    position after it, the opponent to roll. The names, score, match length and the cube (value
    and owner, replayed from the game's record by :func:`bgwidget.ai.report.cube_before`) are the
    match's; words in ``language`` (:func:`~bgwidget.svg.board_svg`).

    Raises :class:`~bgwidget.svg.DrawingError` for something that is not a review or a decision of it, or a
    ``play`` asked of a cube decision; :class:`bgwidget.IllegalPlayError` for a ``play`` the roll
    does not allow; :class:`~bgwidget.labels.LanguageError` for another language.
    """
    # Checked by its shape: the Review's own methods present it through this module.
    if not (isinstance(getattr(review, "match", None), Match) and callable(getattr(review, "summary", None))):
        raise DrawingError(f"a review is what bgwidget.ai.review returns, not {type(review).__name__}")
    if not any(decision is d for d in review.decisions):
        raise DrawingError("decision is one of the review's decisions")
    game = review.match.games[decision.game]
    cube, owner = cube_before(game, decision)
    drawn: dict[str, Any] = dict(
        names=review.match.names, score=game.score, match_length=review.match.length, language=language
    )
    if play is None:
        return board_svg(decision.position, dice=decision.dice, cube=cube, cube_owner=owner, **drawn)
    if decision.dice is None:
        raise DrawingError("a play is drawn after the roll of a play decision, not a cube decision")
    if play == "" and not decision.position.legal_plays(*decision.dice):
        after = decision.position.swap()  # no move: the opponent rolls in the same position
    else:
        after = decision.position.parse_play(play, *decision.dice).result
    return board_svg(after, cube=cube, cube_owner=owner, **drawn)
