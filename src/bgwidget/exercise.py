"""Layer 6, teaching: exercises a notebook cell shows, played on a board and judged by the engine.

:class:`Exercise` sets a position with the dice rolled on a :class:`~bgwidget.widget.BoardWidget`
for two people (the learner is the bottom seat); when the learner's play is complete it is
compared with the author's answers and the verdict is shown under the board with the author's
explanation, in the board's language. A move the rules refuse is explained by the rule
(:meth:`bgwidget.refusal.Refusal.explain`) once, on the board: in its bubble, off the checkers, or
in its status line; the verdict box under the board keeps the question. **Reset** puts the
position and the dice back without re-running the cell; **Show the plays** reveals the legal
plays only when asked (the board's own keyboard list of plays stays hidden until then).
:class:`CubeExercise` asks whether to take or pass a double, and explains the answer with
:func:`bgwidget.ai.cube_decision`'s numbers.

Every word shown comes from the catalogue (``labels.json``, keys ``exercise.*``) in the
exercise's language; the author's own sentences (``why``, ``better``) are shown as given, as
text (markup is escaped).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets

from bgwidget import ai
from bgwidget.errors import ExerciseError
from bgwidget.labels import check_language, label, number, percent
from bgwidget.moves import Play, roll_text
from bgwidget.position import Position
from bgwidget.widget import BoardWidget

__all__ = ["CubeExercise", "Exercise", "ExerciseError", "Feedback"]

Answers = Sequence[str] | Callable[[Play], bool]
Notes = str | Mapping[str, str] | Callable[[Play], str]

_HIDDEN = "bg-exercise-plays-hidden"
# While the plays are hidden, the board's own keyboard list of them is hidden too (typing a play
# in notation stays possible): an exercise's plays show only when asked.
_HIDE_LIST = f'<style>.{_HIDDEN} [data-testid="plays"] {{ display: none; }}</style>'

_STYLE = {  # verdict kind -> the colour of the box's left edge (readable in light and dark themes)
    "right": "#2e7d32",
    "wrong": "#c62828",
    "waiting": "#757575",
}


def _board(position: Position, dice: tuple[int, int] | None, language: str) -> BoardWidget:
    """A teaching board for two people at ``position``: it explains each refused move, and offers
    no tools (a hint would give the answer away). The learner, at the bottom, is named "You", the
    other side "Opponent" (in ``language``)."""
    return BoardWidget(
        players=("human", "human"),
        names=(label(language, "nameYou"), label(language, "nameOpponent")),
        position=position,
        dice=dice,
        language=language,
        animation=0,
        teaching=True,
        tools=False,
    )


def _box(kind: str, text: str) -> str:
    """``text`` as the HTML of the feedback box (escaped: it may hold the author's sentences)."""
    return (
        f'<div class="bg-exercise-feedback" data-verdict="{kind}" style="border-left: 4px solid '
        f'{_STYLE[kind]}; padding: 4px 8px; margin: 4px 0; line-height: 1.4">{html.escape(text)}</div>'
    )


class Feedback:
    """The verdict box shared by the exercises and the drills (:mod:`bgwidget.drill_board`): a
    kind (``right``, ``wrong``, ``waiting``) and a plain text, drawn as escaped HTML."""

    def __init__(self) -> None:
        self.widget = ipywidgets.HTML()
        self.kind = "waiting"
        self.text = ""

    def show(self, kind: str, text: str) -> None:
        self.kind, self.text = kind, text
        self.widget.value = _box(kind, text)


class Exercise(ipywidgets.VBox):
    """A play to find on a board: the learner plays ``dice`` from ``position``, the engine judges.

    ``position`` is the learner's position, the learner on roll (its ``turn`` is ignored: the
    learner is the bottom seat); ``dice`` the two dice rolled. ``answers`` are the right plays in
    notation, in the mover's numbering (``["8/5 6/5"]``), or a test ``answers(play) -> bool`` on
    the :class:`~bgwidget.moves.Play` made. ``why`` is the author's explanation, shown with
    every verdict; ``better`` (default: none) is added for a legal play that is not an answer,
    to say what makes the right one better: a sentence shown after **every** wrong play (so it
    must be true of each: say what the answer does, not what "your play" does), or a mapping
    ``{play in notation: sentence}`` whose sentence is shown after that wrong play alone, or a
    function ``better(play) -> str`` of the play made (``""``: no note). ``language`` is the
    board's and the words': ``"en"``,
    ``"fr"`` or ``"sv"``.

    Read :attr:`board` (the :class:`~bgwidget.widget.BoardWidget`), :attr:`verdict` (``None``
    before a play, then ``"right"``, ``"wrong"``; ``"refused"`` after a refused move, which the
    board explains) and :attr:`text` (the feedback shown under the board, plain text). The two
    buttons are :attr:`reset_button` and :attr:`plays_button` (a toggle); :meth:`reset` and
    :meth:`show_plays` do what they do, and :meth:`send` hands the board an intent as the view would.

    Raises :class:`ExerciseError` (a ``ValueError``) when the roll has no legal play or no legal
    play is an answer, the rules' ``IllegalPlayError`` / ``NotationError`` for an answer in
    notation that is not a legal play (an answer, or a key of ``better``, which must not be an
    answer either), and :class:`~bgwidget.labels.LanguageError` for another language.
    """

    def __init__(
        self,
        position: Position,
        dice: tuple[int, int],
        answers: Answers,
        why: str,
        *,
        better: Notes = "",
        language: str = "en",
    ) -> None:
        self.language = check_language(language)
        self.position = Position.from_position_id(position.position_id(), 0)
        self.dice = (int(dice[0]), int(dice[1]))
        self.why = str(why)
        self.legal_plays = self.position.legal_plays(*self.dice)
        if not self.legal_plays:
            raise ExerciseError(f"the roll {self.dice} has no legal play from {self.position.position_id()}")
        if callable(answers):
            self._is_answer = answers
            right = [play for play in self.legal_plays if answers(play)]
        else:
            if isinstance(answers, str) or not answers:
                raise ExerciseError(f"answers are plays in notation (a list) or a test on the play, not {answers!r}")
            right = [self.position.parse_play(text, *self.dice) for text in answers]
            self._is_answer = right.__contains__
        if not right:
            raise ExerciseError("no legal play of the roll is an answer")
        self.right_plays: list[Play] = right
        """The answers among the legal plays (in the order given, or the engine's)."""
        self._better = self._notes(better)
        self.verdict: str | None = None
        self.played: Play | None = None
        """The play judged (the learner's first complete play), or None."""

        self.board = _board(self.position, self.dice, self.language)
        self._feedback = Feedback()
        self._plays = ipywidgets.HTML(layout=ipywidgets.Layout(display="none"))
        self.reset_button = ipywidgets.Button(description=label(self.language, "exercise.reset"), icon="undo")
        self.plays_button = ipywidgets.ToggleButton(description=label(self.language, "exercise.showPlays"))
        self.reset_button.on_click(lambda _button: self.reset())
        self.plays_button.observe(lambda change: self._draw_plays(), names="value")
        self.board.on_play(self._judge)
        self.board.on_msg(self._from_view)  # after the board's own handler: the intent is handled
        self._waiting()
        controls = ipywidgets.HBox([self.reset_button, self.plays_button])
        super().__init__([ipywidgets.HTML(_HIDE_LIST), self.board, self._feedback.widget, controls, self._plays])
        self.add_class(_HIDDEN)

    # ----------------------------------------------------------------- reading

    @property
    def text(self) -> str:
        """The feedback shown under the board, as plain text."""
        return self._feedback.text

    @property
    def plays_shown(self) -> bool:
        """Whether the list of legal plays is shown."""
        return bool(self.plays_button.value)

    @property
    def plays_text(self) -> str:
        """The list of legal plays as shown (plain text), ``""`` while hidden."""
        return self._plays_text() if self.plays_shown else ""

    def note(self, play: Play) -> str:
        """The author's note shown after ``play`` when it is a wrong play (from ``better``; ``""``: none)."""
        return self._better(play)

    # ----------------------------------------------------------------- actions

    def reset(self) -> None:
        """Put the position and the dice back on the board and clear the verdict."""
        self.board.set_position(self.position, self.dice)
        self.verdict, self.played = None, None
        self._waiting()

    def show_plays(self, show: bool = True) -> None:
        """Show (or hide) the list of the roll's legal plays, as the toggle does."""
        self.plays_button.value = bool(show)

    def send(self, intent: dict) -> str | None:
        """Handle ``intent`` (board numbering, as the view sends it) and show the result; returns
        why it was refused (the board's text), or None."""
        refused = self.board.intent(intent)
        self._after_intent(refused)
        return refused

    # ----------------------------------------------------------------- inside

    def _waiting(self) -> None:
        self._feedback.show("waiting", label(self.language, "exercise.waiting", dice=roll_text(self.dice)))

    def _from_view(self, _widget: Any, _content: Any, _buffers: Any) -> None:
        self._after_intent(self.board.session.refused or None)

    def _after_intent(self, refused: str | None) -> None:
        if self.verdict in ("right", "wrong"):
            return  # judged: the board is held on the play, and refuses with its own sentence
        if refused:
            self.verdict = "refused"  # the board says why, once: the box keeps the question
        elif self.board.game.steps:
            self.verdict = None
            self._feedback.show("waiting", label(self.language, "exercise.started"))
        else:  # every step taken back: the roll waits again, and an earlier refusal no longer holds
            self.verdict = None
            self._waiting()

    def _judge(self, _board: BoardWidget, seat: int, play: Play) -> None:
        if self.played is not None or seat != 0:
            return
        self.played = play
        if self._is_answer(play):
            self.verdict = "right"
            self._feedback.show("right", label(self.language, "exercise.right", play=str(play), why=self.why))
        else:
            self.verdict = "wrong"
            answer = str(self.right_plays[0])
            text = label(self.language, "exercise.wrong", play=str(play), answer=answer, why=self.why)
            self._feedback.show("wrong", f"{text} {self.note(play)}".strip())
        self.board.session.hold()  # the board stays on the learner's play until Reset

    def _notes(self, better: Notes) -> Callable[[Play], str]:
        """The note on a wrong play that ``better`` gives (see the class): a mapping's plays are
        read in notation and checked to be legal plays that are not answers."""
        if callable(better):
            return lambda play: str(better(play))
        if isinstance(better, Mapping):
            notes = {self.position.parse_play(text, *self.dice): str(note) for text, note in better.items()}
            answered = [str(play) for play in notes if self._is_answer(play)]
            if answered:
                raise ExerciseError(f"a note of 'better' is for a wrong play, and {answered[0]} is an answer")
            return lambda play: notes.get(play, "")
        return lambda play: str(better)

    def _plays_text(self) -> str:
        dice = roll_text(self.dice)
        plays = ", ".join(str(play) for play in self.legal_plays)
        return label(self.language, "exercise.plays", dice=dice, n=len(self.legal_plays), plays=plays)

    def _draw_plays(self) -> None:
        shown = self.plays_shown
        (self.remove_class if shown else self.add_class)(_HIDDEN)
        key = "exercise.hidePlays" if shown else "exercise.showPlays"
        self.plays_button.description = label(self.language, key)
        self._plays.value = f"<div>{html.escape(self._plays_text())}</div>" if shown else ""
        self._plays.layout.display = None if shown else "none"


class CubeExercise(ipywidgets.VBox):
    """A double to take or pass: the opponent doubles from ``position`` and the learner answers.

    ``position`` is the DOUBLER's position, the doubler on roll before rolling (in its own
    numbering, as every :class:`~bgwidget.position.Position` is); the board shows the doubler at
    the top and the learner, who answers, at the bottom, with the cube centred and offered at 2.
    ``answer`` is the author's answer, ``"take"`` or ``"pass"``; ``why`` the author's
    explanation. The verdict adds the numbers of :func:`bgwidget.ai.cube_decision` in the stakes
    of the board's game (:meth:`bgwidget.ai.context.Context.of`: money play, the cube centred) from the
    chances of :func:`bgwidget.ai.evaluate` at ``level``: the doubler's chances, and
    what taking and passing cost the learner on average, in points for the stake before the
    double. Without numpy (a Pyodide kernel) the author's answer alone judges, and the verdict says
    that the numbers need numpy (:attr:`chances` and :attr:`decision` are None).

    The learner answers with the board's Take and Pass buttons (or :meth:`answer`); read
    :attr:`verdict` (``None``, ``"right"``, ``"wrong"``), :attr:`text` and :attr:`decision`;
    :attr:`reset_button` (or :meth:`reset`) offers the double again in a fresh game; until then the
    answered board is held as the answer left it. Raises
    :class:`ExerciseError` for an answer other than ``"take"`` or ``"pass"`` and
    :class:`~bgwidget.labels.LanguageError` for another language.
    """

    def __init__(
        self, position: Position, answer: str, why: str, *, language: str = "en", level: str = "medium"
    ) -> None:
        if answer not in ("take", "pass"):
            raise ExerciseError(f"the answer to a double is 'take' or 'pass', not {answer!r}")
        self.language = check_language(language)
        self.position = Position.from_position_id(position.position_id(), 1)  # the doubler sits at the top
        self.answer_given, self.why = answer, str(why)
        self.chances: tuple[float, ...] | None = None
        self.decision: ai.CubeDecision | None = None
        """The cube decision from the doubler's side (:class:`bgwidget.ai.CubeDecision`); None without numpy."""
        try:
            self.chances = tuple(float(x) for x in ai.evaluate(self.position, level))
        except ImportError as error:  # without numpy (a Pyodide kernel) the author's answer judges alone
            if error.name != "numpy":
                raise
        self.verdict: str | None = None
        self.board = _board(self.position, None, self.language)
        if self.chances is not None:
            from bgwidget.ai.context import Context  # numpy, which ai.evaluate checked

            # In the stakes of the board's own game (its rules: money play, the cube centred).
            stakes = Context.of(self.board.game, seat=1)
            self.decision = stakes.decision(self.chances, self.position)
        self._feedback = Feedback()
        self.reset_button = ipywidgets.Button(description=label(self.language, "exercise.reset"), icon="undo")
        self.reset_button.on_click(lambda _button: self.reset())
        self.board.observe(lambda _change: self._look(), names="revision")
        self.reset()
        super().__init__([self.board, self._feedback.widget, ipywidgets.HBox([self.reset_button])])

    @property
    def text(self) -> str:
        """The feedback shown under the board, as plain text."""
        return self._feedback.text

    def reset(self) -> None:
        """Set the position again with the double offered, and clear the verdict."""
        self.verdict = None
        self.board.new_match()  # the cube back in the middle, the score of a pass forgotten
        self.board.set_position(self.position)
        self.board.intent({"type": "double"})
        self._feedback.show("waiting", label(self.language, "exercise.cubeQuestion"))

    def answer(self, response: str) -> str | None:
        """Answer the double as the board's buttons do (``"take"`` or ``"pass"``); returns why
        the board refused it, or None."""
        return self.board.intent({"type": response})

    def _look(self) -> None:
        if self.verdict is not None:
            return
        responses = [a["type"] for a in self.board.game.record if a["type"] in ("take", "pass")]
        if not responses:
            return
        response = responses[0]
        self.verdict = "right" if response == self.answer_given else "wrong"
        lang = self.language
        word = label(lang, f"exercise.{response}")
        head = label(lang, f"exercise.{self.verdict}Cube", answer=word)
        if self.chances is None or self.decision is None:
            numbers = label(lang, "net.needsNumpy", package="numpy", command="pip install numpy")
        else:
            numbers = label(
                lang,
                "exercise.cubeNumbers",
                win=percent(lang, self.chances[0]),
                gammon=percent(lang, self.chances[1]),
                take=number(lang, self.decision.double_take, 2),
                passed=number(lang, self.decision.double_pass, 2),
            )
        self._feedback.show(self.verdict, f"{head} {self.why} {numbers}")
        self.board.session.hold(0)  # answered: the board stays as the answer left it, from the learner's side
