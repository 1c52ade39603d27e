"""Layer 6, what happens at a board by itself after each change: a person's forced play, the
computer's turns.

After every change the board publishes its state, then (:meth:`Turns.after_change`) plays a
person's forced roll when ``auto_play_forced`` asks for it, and lets the computer act while its
turn lasts: what its :class:`~bgwidget.ai.players.Player` decides (:func:`bgwidget.computer.decide`)
is applied to the game (:func:`bgwidget.computer.act`).

With ``background`` true and an asyncio event loop running (a Jupyter or marimo kernel's), the
decision is computed in a worker thread on a copy of the game and applied back on the loop, so the
loop stays free to answer the view; one computation per decision however many intents arrive
meanwhile, and an answer for a game that changed meanwhile is dropped (the computer thinks again).
After a play the next computer turn waits ``animation`` seconds per checker step, while the view
shows the play. Otherwise the computer acts at once, before the change returns.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from typing import Any, Protocol

from bgwidget import background, computer
from bgwidget.ai.players import Player
from bgwidget.game import Game
from bgwidget.moves import Play
from bgwidget.position import Place, Position
from bgwidget.seats import Seat
from bgwidget.tools import Edit, Reviewing
from bgwidget.words import Words

__all__ = ["MAX_ANIMATION", "Board", "Turns", "check_animation"]

MAX_ANIMATION = 10.0
"""The longest a checker step of the computer's play may be shown, in seconds."""


class Board(Protocol):
    """What the turns read and call of their board (a :class:`~bgwidget.session.Session`)."""

    seats: tuple[Seat, Seat]
    edit: Edit | None
    refusal: Exception | None
    refused_at: Place | None
    last_play: tuple[int, Position, Play] | None
    thinking: bool
    auto_play_forced: bool
    animation: float
    background: bool

    @property
    def game(self) -> Game: ...

    @property
    def players(self) -> tuple[Player | None, Player | None]: ...

    @property
    def human(self) -> tuple[bool, bool]: ...

    @property
    def reviewing(self) -> Reviewing | None: ...

    @property
    def review_running(self) -> bool: ...

    @property
    def replaying(self) -> bool: ...

    def publish(self) -> None: ...

    def say(self, words: Words, before_roll: bool = False) -> None: ...

    def tidy(self) -> None: ...

    def run_action(self, action: Callable[[], Any]) -> Any: ...


class Turns:
    """The turns that play themselves at ``board``: see the module."""

    def __init__(self, board: Board) -> None:
        self._board = board
        self._pending: Any = None  # the one computation running (a future), or the wait after it

    def computer_to_act(self) -> bool:
        """Whether the computer acts now: its seat's turn (or an opening no person plays), and no
        set-up, review or end of game holding the game."""
        board = self._board
        game = board.game
        waiting = board.edit is not None or board.reviewing is not None or board.review_running or board.replaying
        if waiting or game.phase in ("game-over", "match-over"):
            return False
        if game.phase == "opening":  # a board with no person, and no computer either (a room's spectator), waits
            return not any(board.human) and any(seat.kind == "computer" for seat in board.seats)
        return board.seats[game.turn].kind == "computer"

    def after_change(self) -> None:
        """Play a forced roll for a person (with ``auto_play_forced``), publish the state, then let
        the computer act if its turn has come (see the module). A refusal shown is of the state
        before this change (a click while the computer played): it is dropped."""
        board = self._board
        board.refusal, board.refused_at = None, None
        self._play_forced()
        board.tidy()
        if not self.computer_to_act():
            board.thinking = False
            board.publish()
            return
        if board.background and self._pending is not None:
            board.thinking = True
            board.publish()  # the one computation running answers when it is done
            return
        loop = background.running_loop() if board.background else None
        if loop is None:
            self._act_at_once()
            return
        board.thinking = True
        board.publish()
        self._start_thinking(loop)

    def _act_at_once(self) -> None:
        board = self._board
        try:
            while self.computer_to_act():
                self._act(*computer.decide(board.game, board.players[board.game.turn]))
                board.tidy()
        except Exception as error:  # a bug, not a Player's: shown and published, then raised
            board.say(("computerError", {"error": background.short(error)}), before_roll=True)
            raise
        finally:
            board.thinking = False
            board.publish()

    def _play_forced(self) -> None:
        """With ``auto_play_forced``, play a person's roll that has exactly one legal play."""
        board = self._board
        game = board.game
        if (
            not board.auto_play_forced
            or board.edit is not None
            or board.replaying
            or game.phase != "move"
            or game.steps
        ):
            return
        seat = game.turn
        plays = game.legal_plays
        if not board.seats[seat].takes_intents or len(plays) != 1:
            return
        notation = str(plays[0])
        board.run_action(lambda: game.play(notation, seat=seat))
        board.say(("forced", {"seat": seat, "play": notation}), before_roll=True)  # outlives the next roll

    def _act(self, decision: Any, failure: Words | None = None) -> None:
        """Apply the computer's decision, saying ``failure`` if its player failed."""
        board = self._board
        if failure:
            board.say(failure, before_roll=board.game.phase in ("roll", "cube"))
        computer.act(board.game, decision, board.run_action, board.say)

    def _start_thinking(self, loop: asyncio.AbstractEventLoop) -> None:
        """The computer's decision in a worker thread, on a copy of the game (the live one may change)."""
        board = self._board
        game = board.game
        snapshot = (game, game.phase, len(game.record))
        player = board.players[game.turn]
        copied = copy.deepcopy(game)

        def stale() -> None:  # the game changed meanwhile (notebook code): think again
            self._pending = None
            self.after_change()

        def apply(decided: tuple[Any, Words | None]) -> None:
            self._pending = None
            self._act(*decided)
            last = board.last_play
            delay = board.animation * (len(last[2].moves) + 1) if last and self.computer_to_act() else 0
            if delay:
                board.thinking = True
                board.tidy()
                board.publish()
                self._pending = loop.call_later(delay, self._resume)
            else:
                self.after_change()

        def failed(error: Exception) -> None:  # a bug, not a Player's: shown, and the seat waits
            self._pending = None
            board.say(("computerError", {"error": background.short(error)}), before_roll=True)
            board.thinking = False
            if getattr(board.refusal, "reason", None) == "thinking":  # no longer true: it has stopped
                board.refusal, board.refused_at = None, None
            board.publish()

        self._pending = background.run(
            loop,
            lambda: computer.decide(copied, player),
            current=lambda: snapshot == (board.game, board.game.phase, len(board.game.record)),
            apply=apply,
            failed=failed,
            what="the computer's turn",
            stale=stale,
        )

    def _resume(self) -> None:
        self._pending = None
        self.after_change()


def check_animation(animation: Any) -> None:
    """Raise :class:`ValueError` unless ``animation`` is a number of seconds from 0 to
    :data:`MAX_ANIMATION` (a longer step would leave the computer's turn hanging for hours)."""
    if not isinstance(animation, (int, float)) or isinstance(animation, bool) or not 0 <= animation <= MAX_ANIMATION:
        raise ValueError(f"animation is a number of seconds from 0 to {MAX_ANIMATION}, not {animation!r}")
