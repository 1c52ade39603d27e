"""Layer 6, teaching: a board that quizzes the cards of a :class:`~bgwidget.drills.Deck`.

:class:`DrillBoard` shows the card due first on a teaching board (two people, no tools, each
refused move explained by its rule) in the card's stakes, the person at the bottom: for a play
card they play the roll on the board; for a cube card they answer with the board's own buttons
(Double or Roll, Take or Pass) or with the drill's (*Double*, *No double*, *Take*, *Pass*). The
engine judges the answer (:func:`bgwidget.drills.judge`); the verdict, *Next card* and the
explanation (a list, one fact a line) show beside the board, where they are seen without
scrolling (under it where the cell is too narrow for both), the deck schedules the card again
and is saved when the board has a ``path``; *Next card* shows the next card due.

The verdict says how the answer stands against the engine's best: the best itself ("Right:
24/23 13/11, the best play."), right but not the best, the answer within
:data:`~bgwidget.drills.RIGHT_WITHIN` of it ("Right: 13/11 6/5, within 0.005 points per game of
the best play, 24/23 13/11."), or wrong and what it gives up against the best (points per game
in money play, EMG in a match).

Every word shown comes from the catalogue (``labels.json``, keys ``drill.*``) in the board's
language; plays are written in the standard notation.
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timezone

import ipywidgets

from bgwidget.ai.players import level_ply
from bgwidget.drills import CHOICES, THEMES, Card, Deck, DrillError, Verdict, explanation, judge, normalised
from bgwidget.exercise import Feedback
from bgwidget.labels import check_language, label, number
from bgwidget.match import Match
from bgwidget.moves import Play, roll_text
from bgwidget.widget import BoardWidget

__all__ = ["DrillBoard"]

_INTENTS = {"double": "double", "no double": "roll", "take": "take", "pass": "pass"}
"""A cube card's answers as the board's intents: not doubling is rolling."""
_ANSWERS = {"double": "double", "roll": "no double", "take": "take", "pass": "pass"}
"""What the board's record says the person chose, for a cube card."""
_KEYS = {"double": "double", "no double": "noDouble", "take": "take", "pass": "pass"}
"""Each cube answer's name in the catalogue and in its button's class (``bg-drill-no-double``)."""
_BOARD = {"flex": "3 1 400px", "min_width": "0"}
_PANEL = {"flex": "2 1 240px", "min_width": "0", "margin": "0 0 0 12px"}
"""The board and the panel of words and buttons side by side, the board the wider, each no
narrower than its basis: a narrow cell puts the panel under the board."""
_LIST = "margin: 4px 0; padding-left: 1.4em; line-height: 1.4"
"""The explanation's list: one fact an item, spaced as the verdict box."""


class DrillBoard(ipywidgets.VBox):
    """The cards of ``deck`` due now, one at a time, on a board.

    ``path``: where the deck is saved after each answer (None: not saved); ``language``: ``"en"``,
    ``"fr"`` or ``"sv"``; ``level``: the engine that judges (a level name, see
    :func:`bgwidget.drills.judge`); ``clock``: a function returning the time now, timezone-aware
    (default: the system's clock, UTC).

    Read :attr:`card` (the card shown, None when none is due), :attr:`verdict` (None until
    answered, then a :class:`~bgwidget.drills.Verdict`), :attr:`text` (the feedback shown: the
    question, or the verdict's line then the explanation's, one a line),
    :attr:`board` (the :class:`~bgwidget.widget.BoardWidget`, None without a card) and
    :attr:`buttons` (the cube answers' buttons, classes ``bg-drill-double``,
    ``bg-drill-no-double``, ``bg-drill-take``, ``bg-drill-pass``) and :attr:`next_button`
    (``bg-drill-next``). :meth:`answer` answers in Python, :meth:`send` hands the board an intent
    as the view would, :meth:`next` shows the next card due.

    Raises :class:`~bgwidget.drills.DrillError` for a deck that is not a Deck,
    :class:`~bgwidget.labels.LanguageError` for another language and
    :class:`~bgwidget.ai.LevelError` for a level without a depth.
    """

    def __init__(
        self,
        deck: Deck,
        *,
        path: str | os.PathLike[str] | None = None,
        language: str = "en",
        level: str = "expert",
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        if not isinstance(deck, Deck):
            raise DrillError(f"a drill board quizzes a Deck, not {type(deck).__name__}")
        level_ply(level)
        self.deck, self.path, self.level = deck, path, level
        self.language = check_language(language)
        self._clock = clock or (lambda: datetime.now(timezone.utc))
        self.card: Card | None = None
        self.verdict: Verdict | None = None
        self.board: BoardWidget | None = None
        self._feedback = Feedback()
        self._reasons: list[str] = []
        self._explanation = ipywidgets.HTML()
        self._status = ipywidgets.HTML()
        self.buttons: dict[str, ipywidgets.Button] = {}
        for choice, key in _KEYS.items():
            button = ipywidgets.Button(description=label(self.language, f"drill.button.{key}"))
            button.add_class(f"bg-drill-{choice.replace(' ', '-')}")
            button.on_click(lambda _button, choice=choice: self.answer(choice))
            self.buttons[choice] = button
        self.next_button = ipywidgets.Button(description=label(self.language, "drill.next"))
        self.next_button.add_class("bg-drill-next")
        self.next_button.on_click(lambda _button: self.next())
        super().__init__()
        self.next()

    @property
    def text(self) -> str:
        """The feedback shown beside the board, as plain text: the question or the verdict, then
        the explanation's sentences, one a line."""
        return "\n".join([self._feedback.text, *self._reasons])

    # ----------------------------------------------------------------- actions

    def next(self) -> Card | None:
        """Show the card due first now (None, and a word on when the next is due, when none is)."""
        due = self.deck.due(self._clock())
        self.card = due[0] if due else None
        self.verdict = None
        self._explain([])
        controls = ipywidgets.HBox([*self.buttons.values(), self.next_button])
        if self.card is None:
            self.board = None
            when = self.deck.next_due
            words = label(self.language, "drill.empty") if when is None else self._none(when)
            self._status.value = ""
            self._feedback.show("waiting", words)
            self.children = [self._feedback.widget]
        else:
            self.board = self._board(self.card)
            theme = self.card.theme
            theme = label(self.language, f"drill.theme.{theme}") if theme in THEMES else theme
            status = label(self.language, "drill.due", n=len(due), theme=theme)
            self._status.value = f"<div>{html.escape(status)}</div>"
            self._feedback.show("waiting", self._question(self.card))
            self.board.layout = ipywidgets.Layout(**_BOARD)
            panel = ipywidgets.VBox([self._status, self._feedback.widget, controls, self._explanation], layout=_PANEL)
            self.children = [ipywidgets.HBox([self.board, panel], layout={"flex_flow": "row wrap"})]
        self._draw_buttons()
        return self.card

    def answer(self, choice: str | Play) -> Verdict:
        """Answer the card shown as the board would be answered: a play (notation or a
        :class:`~bgwidget.moves.Play`) for a play card, ``"double"``, ``"no double"``, ``"take"``
        or ``"pass"`` for a cube card. Returns the verdict. Raises :class:`DrillError` when no
        card waits for an answer, for an answer of another kind or one the board refuses."""
        card, board = self.card, self.board
        if card is None or board is None or self.verdict is not None:
            raise DrillError("no card waits for an answer: show the next one")
        chosen = normalised(card, choice)
        if card.kind == "play":
            board.play(chosen)
        else:
            refused = board.intent({"type": _INTENTS[chosen]})
            if refused:
                raise DrillError(refused)
        assert self.verdict is not None  # judged when the board took the answer
        return self.verdict

    def send(self, intent: dict) -> str | None:
        """Handle ``intent`` (board numbering, as the view sends it) and show the result; returns
        why it was refused (the board's text), or None. Raises :class:`DrillError` without a card."""
        if self.board is None:
            raise DrillError("no card is shown")
        refused = self.board.intent(intent)
        self._after_intent(refused)
        return refused

    # ----------------------------------------------------------------- inside

    def _board(self, card: Card) -> BoardWidget:
        """A teaching board in ``card``'s stakes, the person at the bottom; each play ends with its last die."""
        game = card.game()
        names = (label(self.language, "nameYou"), label(self.language, "nameOpponent"))
        match = Match.from_games(replace(card.rules, auto_confirm=True), [game], names=names, rescored=[1])
        board = BoardWidget(
            match=match,
            players=("human", "human"),
            language=self.language,
            animation=0,
            teaching=True,
            tools=False,
        )
        start = len(game.record)  # a take card's game starts with the double
        board.observe(lambda _change: self._look(board, start), names="revision")
        board.on_msg(lambda _widget, _content, _buffers: self._after_intent(board.session.refused or None, board))
        return board

    def _look(self, board: BoardWidget, start: int) -> None:
        """Judge the person's first action on ``board`` once its record shows it."""
        if board is not self.board or self.verdict is not None or self.card is None:
            return
        entries = board.game.record[start:]
        if not entries:
            return
        entry = entries[0]
        if self.card.kind == "play":
            if entry["type"] == "move":
                self._judge(entry["play"])
        elif entry["type"] in _ANSWERS:
            self._judge(_ANSWERS[entry["type"]])

    def _judge(self, choice: str) -> None:
        card, board = self.card, self.board
        assert card is not None and board is not None
        verdict = judge(card, choice, level=self.level)
        self.verdict = verdict  # first: holding the board publishes again, and _look must not judge twice
        self.deck.answer(card, verdict.right, self._clock())
        if self.path is not None:
            self.deck.save(self.path)
        reasons = explanation(card, verdict.choice, language=self.language, level=self.level)  # the engine: first
        self._feedback.show("right" if verdict.right else "wrong", self._verdict(card, verdict))
        self._explain(reasons)
        board.session.hold(0, until="next")  # answered: the board stays as the answer left it, from the person's side
        self._draw_buttons()

    def _after_intent(self, refused: str | None, board: BoardWidget | None = None) -> None:
        if (board is not None and board is not self.board) or self.verdict is not None:
            return
        if refused:
            return  # the board says why, once (its bubble or its status line): the box keeps the question
        if self.card is not None:
            self._feedback.show("waiting", self._question(self.card))

    def _verdict(self, card: Card, verdict: Verdict) -> str:
        """The verdict in a sentence (two when the card's answer is neither the choice nor the best)."""
        lang, kind = self.language, "play" if card.kind == "play" else "cube"
        if verdict.choice == verdict.best:
            key = "best"
        elif not verdict.right:
            key = "wrong"
        else:  # right, within RIGHT_WITHIN of the best or the card's answer
            key = "equal" if round(verdict.loss, 3) == 0 else "near"
        units = "drill.lossMatch" if card.rules.match_length else "drill.loss"  # EMG in a match, else points per game
        loss = label(lang, units, loss=number(lang, verdict.loss, 3))
        said = self._said(card, verdict.choice)
        words = [label(lang, f"drill.{key}.{kind}", choice=said, best=self._said(card, verdict.best), loss=loss)]
        if verdict.answer not in (verdict.best, verdict.choice):
            words.append(label(lang, "drill.answer", answer=self._said(card, verdict.answer)))
        return " ".join(words)

    def _explain(self, reasons: list[str]) -> None:
        self._reasons = reasons
        items = "".join(f"<li>{html.escape(reason)}</li>" for reason in reasons)
        self._explanation.value = f'<ul class="bg-drill-explanation" style="{_LIST}">{items}</ul>' if items else ""

    def _question(self, card: Card) -> str:
        if card.kind == "play":
            assert card.dice is not None
            return label(self.language, "drill.play", dice=roll_text(card.dice))
        return label(self.language, f"drill.{card.kind}")

    def _said(self, card: Card, choice: str) -> str:
        """A choice in words: a play's notation, a cube action's name in the board's language."""
        return choice if card.kind == "play" else label(self.language, f"drill.choice.{_KEYS[choice]}")

    def _none(self, when: datetime) -> str:
        return label(self.language, "drill.none", when=when.strftime("%Y-%m-%d %H:%M UTC"))

    def _draw_buttons(self) -> None:
        asking = self.card is not None and self.verdict is None
        choices = CHOICES.get(self.card.kind, ()) if asking and self.card is not None else ()
        for choice, button in self.buttons.items():
            button.layout.display = None if choice in choices else "none"
        self.next_button.layout.display = None if self.verdict is not None else "none"
