"""Layer 6, teaching: the race trainer, two drills a notebook cell shows under a held board.

:class:`PipCountDrill` deals a race on a board that hides the pip counts (``BoardWidget(pips=False)``:
Python publishes none, so the page has none to show); the learner types both counts and the
drill says whether they are right, and what they are. :class:`RaceCubeDrill` deals a race with
the learner on roll and asks for the cube action; the verdict sets the engine's decision beside
each race formula's (:func:`bgwidget.ai.race_cube`: the Keith count, Kleinman's count, Trice's
rule, the 8-9-12 rule). **New race** deals the next one from the same seeded generator.

Every word shown comes from the catalogue (``labels.json``, keys ``race.*``) in the drill's
language; the controls carry the classes ``bg-race-*`` for tests and styling.
"""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets

from bgwidget.ai.players import Player
from bgwidget.ai.race import FORMULAS, OWNERS, VERDICTS, RaceCube, race_cube, random_race
from bgwidget.errors import RaceError
from bgwidget.labels import check_language, label, number, percent
from bgwidget.position import Position
from bgwidget.widget import BoardWidget

__all__ = ["PipCountDrill", "RaceCubeDrill", "RaceError"]

_STYLE = {"right": "#2e7d32", "wrong": "#c62828", "waiting": "#757575"}  # the box's left edge
_ACTION_KEYS = {"no double": "race.noDouble", "double, take": "race.doubleTake", "double, pass": "race.doublePass"}
_FORMULA_KEYS = {"keith": "race.keith", "kleinman": "race.kleinman", "trice": "race.trice", "8-9-12": "race.rule8912"}


def _board(position: Position, language: str, pips: bool) -> BoardWidget:
    """A held board for two people at ``position``, the learner at the bottom and on roll."""
    board = BoardWidget(
        players=("human", "human"),
        names=(label(language, "nameYou"), label(language, "nameOpponent")),
        position=position,
        language=language,
        animation=0,
        tools=False,
        pips=pips,
    )
    board.session.hold(0)  # nothing to play: the question is under the board
    return board


class _Drill(ipywidgets.VBox):
    """What both drills share: the seeded deal, the board, the verdict box and **New race**."""

    def __init__(self, seed: Any, language: str, pips: bool, controls: list[ipywidgets.Widget]) -> None:
        self.language = check_language(language)
        self._rng = random.Random(seed)
        self.position = random_race(self._rng)
        """The race shown, the learner (bottom seat) on roll."""
        self.verdict: str | None = None
        """``None`` before an answer, then ``"right"`` or ``"wrong"``."""
        self.text = ""
        """The feedback shown under the board, as plain text."""
        self.board = _board(self.position, self.language, pips)
        self._box = ipywidgets.HTML()
        self.new_button = ipywidgets.Button(description=label(self.language, "race.newRace"), icon="refresh")
        self.new_button.add_class("bg-race-new")
        self.new_button.on_click(lambda _button: self.new_race())
        super().__init__([self.board, ipywidgets.HBox([*controls, self.new_button]), self._box])

    def new_race(self) -> None:
        """Deal the next race from the drill's generator and clear the verdict."""
        self.position = random_race(self._rng)
        self.board.set_position(self.position)
        self.board.session.hold(0)
        self._dealt()

    def _dealt(self) -> None:
        raise NotImplementedError  # each drill asks its own question

    def _show(self, kind: str, text: str) -> None:
        self.text = text
        self._box.value = (
            f'<div class="bg-race-feedback" data-verdict="{kind}" style="border-left: 4px solid {_STYLE[kind]}; '
            f'padding: 4px 8px; margin: 4px 0; line-height: 1.4">{html.escape(text)}</div>'
        )


class PipCountDrill(_Drill):
    """Count the pips of a race on a board that shows no pip counts, and have the count checked.

    ``seed`` makes the races repeatable (any value :class:`random.Random` takes; None: from the
    operating system); ``language``: ``"en"``, ``"fr"`` or ``"sv"``. The learner types both counts
    in :attr:`mine` and :attr:`theirs` (classes ``bg-race-pips-mine``, ``bg-race-pips-theirs``) and
    presses **Check** (``bg-race-check``), or calls :meth:`check`. The right counts are
    :meth:`Position.pip_counts <bgwidget.position.Position.pip_counts>`: a checker's pips are its
    point number in its own side's numbering. Raises :class:`~bgwidget.labels.LanguageError` for
    another language.
    """

    def __init__(self, *, seed: Any = None, language: str = "en") -> None:
        check_language(language)
        self.mine = ipywidgets.IntText(description=label(language, "race.yourPips"))
        self.theirs = ipywidgets.IntText(description=label(language, "race.opponentPips"))
        self.mine.add_class("bg-race-pips-mine")
        self.theirs.add_class("bg-race-pips-theirs")
        self.check_button = ipywidgets.Button(description=label(language, "race.check"), icon="check")
        self.check_button.add_class("bg-race-check")
        self.check_button.on_click(lambda _button: self.check(self.mine.value, self.theirs.value))
        super().__init__(seed, language, False, [self.mine, self.theirs, self.check_button])
        self._dealt()

    @property
    def counts(self) -> tuple[int, int]:
        """The right counts: (the learner's, the opponent's)."""
        return self.position.pip_counts()

    def check(self, mine: int, theirs: int) -> bool:
        """Judge the counts ``mine`` and ``theirs`` and show the verdict with the right counts.

        Raises :class:`~bgwidget.errors.RaceError` for a count that is not a whole number."""
        if any(isinstance(n, bool) or not isinstance(n, int) for n in (mine, theirs)):
            raise RaceError(f"pip counts are whole numbers, not {mine!r} and {theirs!r}")
        right_mine, right_theirs = self.counts
        right = (mine, theirs) == (right_mine, right_theirs)
        self.verdict = "right" if right else "wrong"
        key = "race.countRight" if right else "race.countWrong"
        words = label(self.language, key, mine=right_mine, theirs=right_theirs, said_mine=mine, said_theirs=theirs)
        self._show(self.verdict, words)
        return right

    def _dealt(self) -> None:
        self.verdict = None
        self._show("waiting", label(self.language, "race.countQuestion"))


class RaceCubeDrill(_Drill):
    """A race's cube action to find, then the engine's decision beside each formula's.

    The learner is on roll at the bottom; the cube is in the middle or owned by the learner (the
    deal says which, in the question). The learner answers with a button (classes
    ``bg-race-no-double``, ``bg-race-double-take``, ``bg-race-double-pass``) or :meth:`answer`;
    the engine (:func:`bgwidget.ai.race_cube` at ``level``) judges, and :attr:`judged` holds its
    :class:`~bgwidget.ai.race.RaceCube`. ``seed`` and ``language`` as :class:`PipCountDrill`.
    Raises :class:`~bgwidget.ai.errors.LevelError` for an unknown level,
    :class:`~bgwidget.labels.LanguageError` for another language and :class:`ImportError` without numpy.
    """

    def __init__(self, *, seed: Any = None, language: str = "en", level: str | Player = "expert") -> None:
        check_language(language)
        self.level = level
        self.buttons: dict[str, ipywidgets.Button] = {}
        for action in VERDICTS:
            button = ipywidgets.Button(description=label(language, _ACTION_KEYS[action]))
            button.add_class("bg-race-" + action.replace(", ", "-").replace(" ", "-"))
            button.on_click(lambda _button, action=action: self.answer(action))
            self.buttons[action] = button
        self.owner = "centre"
        self.judged: RaceCube | None = None
        super().__init__(seed, language, True, list(self.buttons.values()))
        self._dealt()

    def answer(self, action: str) -> bool:
        """Judge the learner's ``action`` (one of :data:`~bgwidget.ai.race.VERDICTS`) against the
        engine's, and show both with each formula's. Raises :class:`~bgwidget.errors.RaceError`
        for another action."""
        if action not in VERDICTS:
            raise RaceError(f"a cube action is one of {', '.join(VERDICTS)}, not {action!r}")
        judged = self.judged = race_cube(self.position, owner=self.owner, level=self.level)
        lang = self.language
        right = action == judged.engine_verdict
        self.verdict = "right" if right else "wrong"
        said, engine = (label(lang, _ACTION_KEYS[a]) for a in (action, judged.engine_verdict))
        head = label(lang, "race.cubeRight" if right else "race.cubeWrong", said=said, answer=engine)
        decision = judged.engine
        numbers = label(
            lang,
            "race.engine",
            win=percent(lang, judged.chances[0]),
            nd=number(lang, decision.no_double, 3, signed=True),
            dt=number(lang, decision.double_take, 3, signed=True),
            dp=number(lang, decision.double_pass, 3, signed=True),
        )
        verdicts = judged.verdicts()
        formulas = " ".join(
            label(
                lang,
                "race.formula",
                name=label(lang, _FORMULA_KEYS[name]),
                answer=label(lang, _ACTION_KEYS[verdicts[name]]),
            )
            for name in FORMULAS
        )
        self._show(self.verdict, f"{head} {numbers} {formulas}")
        return right

    def _dealt(self) -> None:
        self.verdict, self.judged = None, None
        self.owner = self._rng.choice(OWNERS)
        where = label(self.language, "race.cubeCentre" if self.owner == "centre" else "race.cubeYours")
        self._show("waiting", label(self.language, "race.cubeQuestion", cube=where))
