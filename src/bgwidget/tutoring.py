"""Layer 6, the tutor at the board: a person's mistake held unconfirmed until *Play anyway* or *Take back*.

With a tutor set (``BoardWidget(tutor="bad")``), a person's action is judged by the Expert
(:mod:`bgwidget.tutor`) before the board confirms it:

* a **play**: the step that completes it is made but held (:meth:`Game.move(hold=True)
  <bgwidget.game.Game.move>`), as is a whole play sent in notation; with ``confirm=True`` the
  Done that would confirm it waits instead;
* a **cube action**: a double, a roll when the seat could double (no double), a take, pass or
  beaver is not applied at all while it waits.

When the error earns the tutor's mark or a worse one, the board keeps a :class:`TutorWarning` (the
view state's ``tutor``) and refuses every other action (reason ``"tutor-waiting"``) until the
person answers: ``tutor-accept`` confirms the action as it was made, ``tutor-take-back`` puts
the board back exactly as it was before the play (its roll still to play, no step made) or the
cube action. The computer's actions are never judged: only intents from a person's seat pass here.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from bgwidget import actions
from bgwidget.game import Game
from bgwidget.hints import decision_point
from bgwidget.intents import IntentError, place
from bgwidget.moves import IllegalPlayError
from bgwidget.position import Position, mover_point
from bgwidget.tutor import Judgement, check_tutor, explanation, judge

__all__ = ["JUDGED", "Tutoring", "TutorWarning"]

JUDGED = ("move", "play", "done", "roll", "double", "take", "pass", "beaver")
"""The intents of a person's seat the tutor judges (the others pass as they are)."""


@dataclass(frozen=True)
class TutorWarning:
    """A mistake held at the board: the ``judgement``, the ``kind`` and ``intent`` that
    *Play anyway* applies (``"done"`` for a play held complete), the position ``before`` it
    (the start of the turn, where the better play's arrows start) and the decision ``at``
    (:func:`~bgwidget.hints.decision_point`) it belongs to."""

    judgement: Judgement
    kind: str
    intent: dict
    before: Position
    at: Hashable
    explained: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)

    def explanation(self, game: Game, language: str) -> list[str]:
        """Why the judgement holds, in ``language`` (:func:`bgwidget.tutor.explanation`): worded once
        per language, since the game stays at this decision while the warning waits."""
        if language not in self.explained:
            self.explained[language] = explanation(game, self.judgement, language)
        return self.explained[language]


class Tutoring:
    """The tutor of one board: its setting (:attr:`tutor`) and the warning waiting, if any."""

    def __init__(self, tutor: str | None = None) -> None:
        self._tutor = check_tutor(tutor)
        self._warning: TutorWarning | None = None

    @property
    def tutor(self) -> str | None:
        """None (off) or the mildest mark stopped: ``"doubtful"``, ``"bad"`` or ``"very bad"``.
        Setting another raises :class:`~bgwidget.errors.TutorError`; setting None drops a warning
        waiting (the action stays held: answer it first)."""
        return self._tutor

    @tutor.setter
    def tutor(self, value: str | None) -> None:
        self._tutor = check_tutor(value)

    def warning(self, game: Game) -> TutorWarning | None:
        """The warning waiting at ``game``'s decision at hand; None when none (or when the game
        moved on from it in Python, such as a new position set)."""
        held = self._warning
        return held if held is not None and held.at == decision_point(game) else None

    def judges(self, game: Game, kind: str) -> bool:
        """Whether the tutor judges an intent of type ``kind`` now."""
        if self._tutor is None or kind not in JUDGED:
            return False
        return kind != "roll" or (game.phase == "roll" and game.can_double())

    def act(self, game: Game, seat: int, kind: str, intent: dict, act: actions.Act) -> None:
        """Apply the person's intent (one that :meth:`judges`) for ``seat``, or hold it with a
        warning when its error earns the tutor's mark. Raises what the action raises (nothing changed)."""
        tutor = self._tutor
        assert tutor is not None  # judges() said so
        if kind in ("move", "play", "done"):
            self._play(game, seat, kind, intent, act, tutor)
            return
        game_action = {"roll": "no double"}.get(kind, kind)
        judged = judge(game, game_action, tutor)
        if judged is None:
            actions.apply(game, seat, kind, intent, act)
            return
        self._warning = TutorWarning(judged, kind, dict(intent), game.start_position, decision_point(game))

    def _play(self, game: Game, seat: int, kind: str, intent: dict, act: actions.Act, tutor: str) -> None:
        if kind == "play":
            self._whole_play(game, seat, intent, act)
        elif kind == "move":
            frm, to = mover_point(seat, place(intent.get("from"))), mover_point(seat, place(intent.get("to")))
            die = intent.get("die")
            act(lambda: game.move(frm, to, die=die, seat=seat, hold=True))
            if not (game.play_complete and game.rules.auto_confirm):
                return  # more to play, or Done to press: judged then
        partial = game.partial_play
        if partial is None or not partial.is_complete:  # Done too early: the game says why
            actions.apply(game, seat, "done", {}, act)
            return
        judged = judge(game, partial.play, tutor)
        if judged is None:
            act(lambda: game.confirm(seat=seat))
            return
        self._warning = TutorWarning(judged, "done", {}, game.start_position, decision_point(game))

    def _whole_play(self, game: Game, seat: int, intent: dict, act: actions.Act) -> None:
        """A play in notation, made step by step and held (refused first as the game refuses it)."""
        notation, rolled = intent.get("notation"), game.rolled
        try:
            play = game.start_position.parse_play(notation, *rolled) if isinstance(notation, str) and rolled else None
        except IllegalPlayError:
            play = None
        if play is None or (game.steps and all(play.result != p.result for p in game.plays_left)):
            actions.apply(game, seat, "play", intent, act)  # raises the refusal
            return
        _undo_steps(game, seat)
        for step in play.moves:
            game.move(step.from_point, step.to_point, seat=seat, hold=True)

    def accept(self, game: Game, act: actions.Act) -> None:
        """*Play anyway*: apply the action held, as it was made. Raises
        :class:`~bgwidget.intents.IntentError` (reason ``"no-tutor-warning"``) when none waits."""
        held = self._waiting(game)
        self._warning = None
        seat = held.judgement.seat
        if held.kind == "done":
            act(lambda: game.confirm(seat=seat))
        else:
            actions.apply(game, seat, held.kind, held.intent, act)

    def take_back(self, game: Game) -> None:
        """*Take back*: the board as it was before the action held (a play's steps all taken
        back, its roll to play again). Raises :class:`~bgwidget.intents.IntentError` (reason
        ``"no-tutor-warning"``) when none waits."""
        held = self._waiting(game)
        self._warning = None
        if held.kind == "done":
            _undo_steps(game, held.judgement.seat)

    def _waiting(self, game: Game) -> TutorWarning:
        held = self.warning(game)
        if held is None:
            raise IntentError("no tutor's warning waits for an answer", reason="no-tutor-warning")
        return held


def _undo_steps(game: Game, seat: int) -> None:
    while game.steps:
        game.undo(seat=seat)
