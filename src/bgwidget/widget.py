"""Layer 6, the view: ``BoardWidget``, an anywidget board that plays a match.

Python owns the truth. The widget holds a :class:`~bgwidget.match.Match` and publishes the
whole view state in the ``state`` traitlet after every change; the browser view
(``static/widget.js``, built from ``js/``) draws it and sends back *intents*, custom messages
such as ``{"type": "move", "from": 13, "to": 8, "revision": 12}``. Each intent is checked
against the game; a legal one is applied, anything else (a forged step, an intent for a seat the
computer plays, an intent carrying an old ``revision``) changes nothing, and either way the state
is published again with a new ``revision``, so the view always redraws the truth.

Numbering: intents and the ``steps`` map use the mover's numbering, as the notation does
(24..1, 25 = bar, 0 = off; ``"bar"``/``"off"`` are accepted too). The board arrays of the state
(``points``, ``bar``, ``off``) and the edit intents use the display numbering of
:mod:`bgwidget.svg`: points 1..24 from the bottom player's (seat 0's) side.

Intents: ``roll``, ``move`` (``from``, ``to``, optional ``die``), ``undo``, ``done``, ``play``
(``notation``), ``double``, ``take``, ``pass``, ``resign`` (``points`` 1..3), ``new-game``,
``hint``, and for setting up positions ``edit``, ``edit-move`` (``seat``, ``from``, ``to``),
``edit-turn`` (``turn``), ``edit-dice`` (``dice``: ``[d1, d2]`` or ``[]``), ``edit-id`` (``id``,
a Position ID), ``edit-done`` (play on from the position set up) and ``edit-cancel``.

The computer's turn runs after the person's intent is answered: inside a Jupyter kernel its
choice is computed in a worker thread and applied on the kernel's event loop, so the notebook
stays free; elsewhere (a plain script, the tests) it is played at once.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import anywidget
import traitlets

from bgwidget import ai
from bgwidget.game import Game, GameError
from bgwidget.match import Match
from bgwidget.moves import Play
from bgwidget.position import BAR, CHECKERS, Position, PositionError
from bgwidget.svg import board_arrays

__all__ = ["BoardWidget", "IntentError", "LANGUAGES"]

LANGUAGES = ("en", "fr", "sv")
_DEFAULT_NAMES = {
    "en": ("You", "Computer", "Bottom", "Top"),
    "fr": ("Vous", "Ordinateur", "Bas", "Haut"),
    "sv": ("Du", "Datorn", "Nedre", "Övre"),
}


class IntentError(ValueError):
    """An intent that is malformed, stale, or not allowed for the seat that sent it."""


def _display(seat: int, point: int):
    """Mover's numbering -> display numbering (bar and off keep their names)."""
    if point == 25:
        return "bar"
    if point == 0:
        return "off"
    return point if seat == 0 else 25 - point


def _mover_point(value) -> int:
    """A point of an intent in the mover's numbering: 0..25, or "bar"/"off"."""
    if value == "bar":
        return 25
    if value == "off":
        return 0
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 25:
        return value
    raise IntentError(f"{value!r} is not a point (1..24, 25 or 'bar', 0 or 'off')")


def _display_point(value):
    """A point of an edit intent in display numbering: 1..24, "bar" or "off"."""
    if value in ("bar", "off"):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 24:
        return value
    raise IntentError(f"{value!r} is not a board place (1..24, 'bar' or 'off')")


def _moves_display(seat: int, moves) -> list[list]:
    return [[_display(seat, m.from_point), _display(seat, m.to_point), bool(m.hit)] for m in moves]


class BoardWidget(anywidget.AnyWidget):
    """A backgammon board in a notebook: play a match against the computer or another person.

    Parameters (keyword-only):

    ``players``
        Who plays seat 0 (bottom) and seat 1 (top): ``"human"`` or a computer level of
        :mod:`bgwidget.ai` (``"easy"``, ...). Default ``("human", "easy")``.
    ``names``
        The two names shown (as text: markup is not interpreted); default by language.
    ``match_length``
        Points to win the match; 0 (default) for money play.
    ``seed``
        Seeds the dice (and the computer's own choices), so a game can be replayed.
    ``position``, ``dice``
        Start from this position (its ``turn`` seat on roll) instead of the opening, and with
        these dice already rolled.
    ``language``
        ``"en"``, ``"fr"`` or ``"sv"``.
    ``animation``
        Seconds per checker step when the view shows the computer's play (0: no animation).
    ``confirm``
        True: each play waits for Done (Undo stays possible); False (default): the play ends by
        itself when its last die is played.
    ``background``
        Whether the computer thinks in a worker thread and answers through the running asyncio
        event loop. Default: True inside a Jupyter kernel, False elsewhere.

    Read ``state`` (the whole view state), :attr:`position`, :attr:`game`, :attr:`match`; the
    traitlets ``position_id``, ``phase``, ``turn``, ``dice`` and ``revision`` follow each change
    and can be observed with ``widget.observe(callback, names=[...])``. :meth:`on_play`
    registers a callback called after each play. Raises :class:`ValueError` for bad settings.
    """

    _esm = Path(__file__).parent / "static" / "widget.js"

    state = traitlets.Dict().tag(sync=True)
    """The whole view state, published by Python after each change (the view never writes it)."""
    language = traitlets.Unicode("en").tag(sync=True)
    animation = traitlets.Float(0.3).tag(sync=True)

    position_id = traitlets.Unicode(read_only=True)
    """The GNU Backgammon Position ID of the board shown."""
    phase = traitlets.Unicode(read_only=True)
    turn = traitlets.Int(read_only=True)
    dice = traitlets.Tuple(read_only=True)
    """The dice being played, ``()`` when none are rolled."""
    revision = traitlets.Int(0, read_only=True)

    def __init__(
        self,
        *,
        players: tuple[str, str] = ("human", "easy"),
        names: tuple[str, str] | None = None,
        match_length: int = 0,
        seed=None,
        position: Position | None = None,
        dice: tuple[int, int] | None = None,
        language: str = "en",
        animation: float = 0.3,
        confirm: bool = False,
        background: bool | None = None,
    ) -> None:
        players = tuple(players)
        levels = ("human",) + tuple(ai.LEVELS)
        if len(players) != 2 or any(p not in levels for p in players):
            raise ValueError(f"players are two of {', '.join(map(repr, levels))}, not {players!r}")
        if language not in LANGUAGES:
            raise ValueError(f"language is one of {', '.join(LANGUAGES)}, not {language!r}")
        if not isinstance(animation, (int, float)) or animation < 0:
            raise ValueError(f"animation is a number of seconds >= 0, not {animation!r}")
        super().__init__(language=language, animation=float(animation))
        self.players = players
        self.names = tuple(str(n) for n in names) if names is not None else self._default_names()
        if len(self.names) != 2:
            raise ValueError(f"names are two strings, not {names!r}")
        self.match = Match(match_length, seed, auto_confirm=not confirm, names=self.names)
        self._rng = random.Random(f"{self.match.seed}/computer")
        self._callbacks: list[Callable] = []
        self._message = ""  # news for the person, such as a dance
        self._refused = ""  # why the last intent was refused
        self._hint: dict | None = None  # the Expert's advice asked for with Hint ...
        self._hint_at: tuple | None = None  # ... and the decision it is for (see _decision_point)
        self._last: tuple[int, Position, Play] | None = None  # (seat, position before, play)
        self._edit: dict | None = None
        self._thinking = False
        self._background = _in_kernel() if background is None else bool(background)
        if position is not None:
            self._replace_game(position, dice)
        elif dice is not None:
            raise ValueError("dice need a position to be played from")
        self.on_msg(self._on_msg)
        self._after_change()

    # ----------------------------------------------------------------- Python API

    @property
    def game(self) -> Game:
        """The game being played (the last one once the match is over)."""
        return self.match.game

    @property
    def position(self) -> Position:
        """The board now (with the steps of the play in progress); set it to start from a position."""
        return self.game.position

    @position.setter
    def position(self, position: Position) -> None:
        self.set_position(position)

    def set_position(self, position: Position, dice: tuple[int, int] | None = None) -> None:
        """Play on from ``position`` (its ``turn`` seat on roll), with ``dice`` already rolled if given.

        The cube, score and match stay as they are. Raises :class:`~bgwidget.game.GameError`
        (a ``ValueError``) for a position already won or dice that are not dice.
        """
        self._replace_game(position, dice)
        self._last = None
        self._after_change()

    def roll(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """Roll for the seat on roll (``dice`` fixes the roll); returns the dice. Raises ``GameError``."""
        rolled = self.game.roll(dice)
        self._after_change()
        return rolled

    def play(self, notation: str) -> Play:
        """Play the roll in notation for the seat to move (``"13/8 13/10"``) and pass the turn.

        Raises :class:`~bgwidget.game.GameError` when the text is not a legal play.
        """
        play = self._act(lambda: self.game.play(notation))
        self._after_change()
        return play

    def new_game(self) -> None:
        """The next game of the match; a new match once it is over or while a game is in play."""
        if self.game.result is None or self.match.is_over:
            self.match = Match(self.match.length, None, auto_confirm=self.match.auto_confirm, names=self.names)
        else:
            self.match.new_game()
        self._last = None
        self._after_change()

    def on_play(self, callback: Callable[[BoardWidget, int, Play], None]) -> None:
        """Call ``callback(widget, seat, play)`` after each confirmed play (person or computer)."""
        self._callbacks.append(callback)

    def intent(self, intent: dict) -> str | None:
        """Handle one intent as if the view had sent it; returns the reason it was refused, or None.

        A refused intent changes nothing; the state is published again either way.
        """
        self._message = self._refused = ""
        try:
            self._apply(intent)
        except (IntentError, GameError, PositionError) as error:
            self._refused = str(error)
        self._after_change()
        return self._refused or None

    # ----------------------------------------------------------------- intents

    def _on_msg(self, _widget, content, _buffers) -> None:
        try:
            self.intent(content)
        except Exception as error:  # a bug, not a bad intent: still resync the view, then report it
            self._refused = f"internal error: {error!r}"
            self._thinking = False
            self._publish()
            raise

    def _human(self, seat: int) -> bool:
        return self.players[seat] == "human"

    def _apply(self, intent) -> None:
        if not isinstance(intent, dict) or not isinstance(intent.get("type"), str):
            raise IntentError(f"an intent is a dict with a 'type', not {intent!r}")
        if "revision" in intent and intent["revision"] != self.revision:
            raise IntentError(f"stale intent: it was made on revision {intent['revision']}, the board is at {self.revision}")
        if self._thinking:
            raise IntentError("the computer is playing: wait for its turn to end")
        kind = intent["type"]
        if kind.startswith("edit"):
            self._apply_edit(kind, intent)
            return
        if self._edit is not None:
            raise IntentError("the board is being set up: finish with 'edit-done' or 'edit-cancel'")
        game = self.game
        seat = game.turn
        if kind == "new-game":
            if game.result is None:
                raise IntentError("the game is still in play: a new game starts once it is over")
            self.new_game()
            return
        if kind == "hint":
            self._hint = self._advice(game, seat)
            self._hint_at = self._decision_point()
            return
        if kind == "roll":
            if game.phase == "opening":
                if not (self._human(0) or self._human(1)):
                    raise IntentError("no person plays this game")
            else:
                self._require_person(seat, "roll")
            self._act(game.roll)
        elif kind == "move":
            self._require_person(seat, "move")
            frm, to = _mover_point(intent.get("from")), _mover_point(intent.get("to"))
            die = intent.get("die")
            self._act(lambda: game.move(frm, to, die=die, seat=seat))
        elif kind == "undo":
            self._require_person(seat, "undo")
            game.undo(seat=seat)
        elif kind == "done":
            self._require_person(seat, "confirm")
            self._act(lambda: game.confirm(seat=seat))
        elif kind == "play":
            self._require_person(seat, "play")
            notation = intent.get("notation")
            if not isinstance(notation, str):
                raise IntentError(f"a play intent carries 'notation' text, not {notation!r}")
            self._act(lambda: game.play(notation, seat=seat))
        elif kind == "double":
            self._require_person(seat, "double")
            game.double(seat=seat)
        elif kind in ("take", "pass"):
            self._require_person(seat, kind)
            (game.take if kind == "take" else game.pass_)(seat=seat)
        elif kind == "resign":
            self._resign(intent.get("points", 1))
        else:
            raise IntentError(f"unknown intent type {kind!r}")

    def _require_person(self, seat: int, action: str) -> None:
        if not self._human(seat):
            raise IntentError(f"cannot {action}: seat {seat} is played by the computer")

    def _resign(self, points) -> None:
        """A person resigns; the computer accepts, and at one screen the other person does too."""
        game = self.game
        humans = [s for s in (0, 1) if self._human(s)]
        if not humans:
            raise IntentError("no person plays this game")
        seat = game.turn if len(humans) == 2 else humans[0]
        if not isinstance(points, int) or isinstance(points, bool):
            raise IntentError(f"a resignation is of 1, 2 or 3 points, not {points!r}")
        game.resign(points, seat=seat)
        game.accept(seat=1 - seat)

    def _act(self, action):
        """Run a game action, remembering the position before it in case it ends a play."""
        seat, before, last = self.game.start_position.turn, self.game.start_position, self.game.last_play
        recorded = len(self.game.record)
        result = action()
        for entry in self.game.record[recorded:]:
            if entry["type"] == "move" and entry["play"] == "":
                dice = "-".join(map(str, self.game.last_roll))
                self._message = f"{self.names[entry['seat']]} cannot move with {dice}"
        if self.game.last_play is not None and self.game.last_play is not last:
            self._last = (seat, before, self.game.last_play)
            for callback in self._callbacks:
                callback(self, seat, self.game.last_play)
        return result

    # ----------------------------------------------------------------- setting up positions

    def _apply_edit(self, kind: str, intent: dict) -> None:
        if kind == "edit":
            if self._edit is None:
                self._edit = {"position": self.position, "dice": list(self.game.rolled or [])}
            return
        if self._edit is None:
            raise IntentError("start setting up with an 'edit' intent first")
        edit = self._edit
        pos: Position = edit["position"]
        if kind == "edit-move":
            seat = intent.get("seat")
            if seat not in (0, 1) or isinstance(seat, bool):
                raise IntentError(f"a seat is 0 or 1, not {seat!r}")
            frm, to = _display_point(intent.get("from")), _display_point(intent.get("to"))
            edit["position"] = _moved(pos, seat, frm, to)
        elif kind == "edit-turn":
            turn = intent.get("turn")
            if turn not in (0, 1) or isinstance(turn, bool):
                raise IntentError(f"the side on roll is 0 or 1, not {turn!r}")
            if turn != pos.turn:
                edit["position"] = pos.swap()
        elif kind == "edit-dice":
            dice = intent.get("dice")
            if dice in ([], None):
                edit["dice"] = []
            elif (isinstance(dice, list) and len(dice) == 2
                  and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)):
                edit["dice"] = list(dice)
            else:
                raise IntentError(f"dice are two numbers 1..6 or none, not {dice!r}")
        elif kind == "edit-id":
            text = intent.get("id")
            if not isinstance(text, str):
                raise IntentError(f"a Position ID is text, not {text!r}")
            edit["position"] = Position.from_position_id(text, turn=pos.turn)
        elif kind == "edit-done":
            self._replace_game(pos, tuple(edit["dice"]) or None)
            self._edit = None
            self._last = None
        elif kind == "edit-cancel":
            self._edit = None
        else:
            raise IntentError(f"unknown intent type {kind!r}")

    def _replace_game(self, position: Position, dice) -> None:
        """Adapter: the match's current game becomes one starting from ``position``.

        :class:`~bgwidget.match.Match` only starts games from the opening, so the game in play is
        swapped for a :class:`~bgwidget.game.Game` built with the same match settings.
        """
        if not isinstance(position, Position):
            raise ValueError(f"position must be a Position, not {type(position).__name__}")
        old = self.game if self.game.result is None else self.match.new_game()  # raises once the match is over
        self.match.games[-1] = Game(
            dice=old.dice,
            position=position,
            rolled=tuple(dice) if dice else None,
            cube_value=old.cube_value,
            cube_owner=old.cube_owner,
            match_length=self.match.length,
            score=self.match.score,
            crawford=old.crawford,
            jacoby=old.jacoby,
            beavers=old.beavers,
            max_cube=old.max_cube,
            auto_confirm=old.auto_confirm,
        )

    # ----------------------------------------------------------------- the computer

    def _computer_to_act(self) -> bool:
        game = self.game
        if self._edit is not None or game.phase in ("game-over", "match-over"):
            return False
        if game.phase == "opening":
            return not (self._human(0) or self._human(1))
        return not self._human(game.turn)

    def _advice(self, game: Game, seat: int) -> dict:
        """The Expert's advice for the person to act: ranked plays after a roll, the cube before.

        ``{"kind": "plays", "seat", "before", "candidates": [{"text", "equity", "error", "win",
        "gammon", "steps"}, ...]}`` best first (equity in points per game for the mover, steps in
        display points as ``last_play`` has them), or ``{"kind": "cube", "action", "double",
        "take", "too_good", "beaver", "reason", "no_double", "double_take", "double_pass",
        "match_play"}`` before rolling or when a double is to be answered (equities for the seat
        that is or was on roll: points per game for a cube of 1, or match winning chances).
        """
        if game.phase == "move":
            self._require_person(seat, "move")
            position = game.start_position
            candidates = ai.analyse(position, game.rolled, level="expert")
            return {
                "kind": "plays",
                "seat": seat,
                "before": {k: v for k, v in board_arrays(position).items() if k in ("points", "bar", "off")},
                "candidates": [
                    {
                        "text": c.notation,
                        "equity": round(c.equity, 3),
                        "error": round(c.error, 3),
                        "win": round(c.probabilities[0], 3),
                        "gammon": round(c.probabilities[1], 3),
                        "steps": _moves_display(seat, c.play.moves),
                    }
                    for c in candidates
                ],
            }
        answering = game.phase == "cube" and game.offer[0] == "double"
        if game.phase != "roll" and not answering:
            raise IntentError("a hint is for a roll to play, for the cube before rolling, or for a double")
        self._require_person(seat, "take or pass" if answering else "roll")
        decision = self._cube_decision(game, "expert")  # from the doubler's side, also when answering
        return {
            "kind": "cube",
            "action": decision.action,
            "double": decision.should_double,
            "take": decision.should_take,
            "too_good": decision.action.startswith("too good"),
            "beaver": decision.beaver,
            "reason": decision.reason,
            "no_double": round(decision.no_double, 3),
            "double_take": round(decision.double_take, 3),
            "double_pass": round(decision.double_pass, 3),
            "match_play": decision.match_play,
        }

    def _think(self, game: Game):
        """The computer's decision for the game as it stands, computed off the event loop.

        ``"move"``: its :class:`~bgwidget.moves.Play`; ``"roll"``: whether to double first;
        ``"cube"``: whether to take the double. Easy never doubles and takes every double;
        Medium and Expert judge the cube from :func:`bgwidget.ai.evaluate` with
        :func:`bgwidget.ai.cube_decision` (Janowski's model, money or match).
        """
        level = self.players[game.turn] if game.phase != "opening" else self.players[0]
        if game.phase == "move":
            return ai.choose_play(game.start_position, game.rolled, level=level, rng=self._rng)
        if game.phase == "roll":
            return level != "easy" and game.can_double() and self._cube_decision(game, level).should_double
        if game.phase == "cube" and game.offer[0] == "double":
            return level == "easy" or self._cube_decision(game, level).should_take
        return None

    def _cube_decision(self, game: Game, level: str):
        """The cube decision of the seat on roll (the doubler), as :func:`bgwidget.ai.cube_decision` gives it."""
        position = game.start_position
        seat = position.turn
        owner = "centre" if game.cube_owner is None else "player" if game.cube_owner == seat else "opponent"
        match = {}
        if self.match.length:
            score = self.match.score
            match = {
                "match_length": self.match.length,
                "away": (self.match.length - score[seat], self.match.length - score[1 - seat]),
                "crawford": game.crawford,
                "post_crawford": self.match.post_crawford,
            }
        return ai.cube_decision(ai.evaluate(position, level), cube=game.cube_value, owner=owner,
                                jacoby=game.jacoby, beavers=game.beavers, **match)

    def _computer_act(self, decision) -> None:
        game = self.game
        if game.phase == "roll" and decision:
            game.double()
        elif game.phase in ("opening", "roll"):
            self._act(game.roll)
        elif game.phase == "move":
            if decision is None:  # cannot happen: a roll with no play passes the turn by itself
                raise GameError("the computer found no play for a roll that has one")
            self._act(lambda: game.play(str(decision)))
        elif game.offer[0] == "resign":
            game.accept()
        elif decision:
            game.take()
        else:
            game.pass_()

    def _decision_point(self) -> tuple:
        """What identifies the decision being made: a new record entry or phase is a new one."""
        return len(self.game.record), self.game.phase, self.game.turn

    def _after_change(self) -> None:
        """Publish the state, then let the computer act if it is its turn."""
        if self._hint is not None and self._hint_at != self._decision_point():
            self._hint = None  # advice is for the decision it was asked at
        if not self._computer_to_act():
            self._thinking = False
            self._publish()
            return
        if not self._background:
            while self._computer_to_act():
                self._computer_act(self._think(self.game))
            self._thinking = False
            self._publish()
            return
        loop = asyncio.get_running_loop()  # the kernel's; raises RuntimeError when none runs
        self._thinking = True
        self._publish()
        game = self.game
        snapshot = (id(game), game.phase, len(game.record))
        future = loop.run_in_executor(None, self._think, game)

        def done(fut) -> None:
            if snapshot != (id(self.game), self.game.phase, len(self.game.record)):
                return  # the game changed meanwhile (new game from notebook code): drop the answer
            try:
                self._computer_act(fut.result())
            except (GameError, ValueError) as error:
                self._message = f"computer: {error}"
                self._thinking = False
                self._publish()
                return
            self._thinking = False
            delay = self.animation * (len(self._last[2].moves) + 1) if self._computer_to_act() and self._last else 0
            if delay and self._computer_to_act():
                self._publish()
                loop.call_later(delay, self._after_change)
            else:
                self._after_change()

        future.add_done_callback(done)  # asyncio runs it on the loop's own thread

    # ----------------------------------------------------------------- the view state

    @traitlets.observe("language", "animation")
    def _settings_changed(self, change) -> None:
        if change["name"] == "language" and change["new"] not in LANGUAGES:
            raise ValueError(f"language is one of {', '.join(LANGUAGES)}, not {change['new']!r}")
        if hasattr(self, "match"):
            self._publish()

    def _default_names(self) -> tuple[str, str]:
        you, computer, bottom, top = _DEFAULT_NAMES[self.language]
        if self.players == ("human", "human"):
            return bottom, top
        return tuple(you if p == "human" else f"{computer} ({p})" for p in self.players)

    def _publish(self) -> None:
        state = self._view_state()
        state["revision"] = self.revision + 1
        self.state = state
        # The Python-side traitlets follow, revision last: an observer of it sees the new state.
        self.set_trait("position_id", state["position_id"])
        self.set_trait("phase", state["phase"])
        self.set_trait("turn", state["turn"])
        self.set_trait("dice", tuple(state["dice"]))
        self.set_trait("revision", state["revision"])

    def _view_state(self) -> dict:
        game = self.game
        editing = self._edit is not None
        position = self._edit["position"] if editing else game.position
        human = [self._human(0), self._human(1)]
        seat = (0 if human[0] or not human[1] else 1) if game.phase == "opening" else game.turn
        person = human[seat] and not self._thinking and not editing
        moving = person and game.phase == "move"
        state = board_arrays(position)
        state["turn"] = position.turn if editing else seat
        dice = list(self._edit["dice"]) if editing else list(game.rolled or [])
        offer = game.offer
        state.update(
            phase=game.phase,
            dice=dice,
            dice_left=list(game.dice_left) if not editing else list(dice),
            last_roll=(
                {"seat": 1 - game.start_position.turn, "dice": list(game.last_roll)}
                if game.last_roll and not game.rolled and game.phase in ("roll", "cube") and not editing
                else None
            ),
            steps={
                str(frm): [{"to": to, "dice": list(used)} for to, used in targets]
                for frm, targets in game.legal_steps().items()
            } if moving else {},
            plays=[str(p) for p in game.legal_plays] if moving else [],
            moved=_moves_display(seat, game.steps) if game.phase == "move" else [],
            cube={
                "value": game.cube_value,
                "owner": game.cube_owner,
                "offered": bool(offer and offer[0] == "double"),
                "disabled": self.match.length == 1,
            },
            can={
                "roll": person and game.phase in ("roll", "opening"),
                "double": person and game.can_double(),
                "take": person and game.phase == "cube" and offer[0] == "double",
                "pass": person and game.phase == "cube" and offer[0] == "double",
                "undo": moving and bool(game.steps),
                "done": moving and game.play_complete,
                "resign": any(human) and not self._thinking and not editing and game.phase in ("roll", "move"),
                "new_game": not editing and game.result is not None,
                "hint": person and (game.phase in ("roll", "move") or (game.phase == "cube" and offer[0] == "double")),
                "edit": not self._thinking,
            },
            score=list(self.match.score),
            match_length=self.match.length,
            crawford=game.crawford,
            names=list(self.names),
            players=list(self.players),
            human=human,
            thinking=self._thinking,
            edit=editing,
            position_id=position.position_id(),
            message=self._message,
            refused=self._refused,
            hint=self._hint,
            result=({"winner": game.result.winner, "points": game.result.points, "how": game.result.how}
                    if game.result else None),
            match_winner=self.match.winner,
            language=self.language,
            animation=self.animation,
            last_play=None,
        )
        if self._last is not None and not editing:
            played_by, before, play = self._last
            state["last_play"] = {
                "seat": played_by,
                "text": str(play),
                "steps": _moves_display(played_by, play.moves),
                "before": {k: v for k, v in board_arrays(before).items() if k in ("points", "bar", "off")},
            }
        return state


def _in_kernel() -> bool:
    """True inside a Jupyter kernel (IPython with a kernel attached), whose event loop runs."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _moved(position: Position, seat: int, frm, to) -> Position:
    """``position`` with one checker of ``seat`` moved between display places (edit mode)."""
    sides = [list(position.seat_points(0)), list(position.seat_points(1))]
    mine = sides[seat]

    def index(place):
        if place == "bar":
            return BAR
        return (place - 1) if seat == 0 else (24 - place)

    if frm == "off":
        if sum(mine) >= CHECKERS:
            raise IntentError(f"seat {seat} has no checker off the board")
    else:
        if not mine[index(frm)]:
            raise IntentError(f"seat {seat} has no checker on {frm}")
        mine[index(frm)] -= 1
    if to != "off":
        mine[index(to)] += 1
    turn = position.turn
    bottom, top = sides
    return Position(bottom, top, 0).swap() if turn == 1 else Position(bottom, top, 0)
