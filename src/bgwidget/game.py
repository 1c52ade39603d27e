"""Layer 3, the game: the turn state machine of one backgammon game, with its cube and record.

A :class:`Game` is mutable (like python-chess's ``Board``) and sits beside the frozen
:class:`~bgwidget.position.Position`. It holds the board, the dice, the cube, the phase, the
steps of the play in progress (undoable until confirmed) and a record of every action.

Seats: 0 is the bottom player of the widget, 1 the top player. Point numbers given to and
returned by the game are **in the mover's numbering** (24..1, 25 = bar, 0 = off), as in
:mod:`bgwidget.moves`.

Phases (the widget's ``data-phase`` values):

``"opening"``
    Nobody has rolled. :meth:`Game.roll` makes the opening roll (one die each, ties rolled again);
    the higher die's seat plays both numbers, so the game goes straight to ``"move"``.
``"roll"``
    The seat on roll may :meth:`~Game.double` (with cube access) or :meth:`~Game.roll`.
``"move"``
    Dice are rolled; the mover plays step by step (:meth:`~Game.move`, :meth:`~Game.undo`,
    :meth:`~Game.confirm`) or whole (:meth:`~Game.play`).
``"cube"``
    An offer waits for an answer from the other seat: a double (:meth:`~Game.take`,
    :meth:`~Game.pass_`, :meth:`~Game.beaver`), a beaver (take, pass, :meth:`~Game.raccoon`),
    a raccoon (take, pass) or a resignation (:meth:`~Game.accept`, :meth:`~Game.decline`).
    :attr:`Game.offer` says which.
``"game-over"`` / ``"match-over"``
    :attr:`Game.result` says who won how many points; ``"match-over"`` when those points end
    the match this game belongs to.

Every action checks itself first and raises :class:`GameError` (a ``ValueError``) with the
reason, leaving the game exactly as it was. Every action that succeeds is appended to
:attr:`Game.record` as a JSON-ready dict; :meth:`Game.apply` replays such a dict.

Rules: the USBGF rules of play. Money play options (off unless asked): the Jacoby rule
(gammons and backgammons count single while the cube has not been turned) and beavers (the taker
may redouble at once and keep the cube; the doubler may take, pass, or raccoon: redouble once
more, the cube staying with the beaverer), as the Backgammon FAQ describes them. Matches: no
doubling in the Crawford game, no cube at all in a 1-point match.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bgwidget.checks import is_int
from bgwidget.dice import Dice, Seed, check_roll, check_seed
from bgwidget.errors import DiceError, DiceStateError, GameError, IllegalPlayError
from bgwidget.notation import parse_play
from bgwidget.partial import PartialPlay
from bgwidget.plays import Move, Play
from bgwidget.position import Position
from bgwidget.rules import CUBE_OFFERS, KINDS, GameResult, Offer, Rules

__all__ = ["PHASES", "Game", "GameError", "GameResult", "Offer", "Rules"]

PHASES = ("opening", "roll", "move", "cube", "game-over", "match-over")
"""Every value of :attr:`Game.phase`, in the order a game meets them."""


class Game:
    """One backgammon game, played action by action.

    Parameters (all keyword-only except ``seed``):

    ``seed``
        Seeds a fresh :class:`~bgwidget.dice.Dice` (ignored when ``dice`` is given).
    ``rules``
        The :class:`~bgwidget.rules.Rules` of the match or session (default: money play).
    ``dice``
        The dice generator to use (a :class:`~bgwidget.match.Match` passes one per game).
    ``position``
        Start from this position, its ``turn`` seat to roll (phase ``"roll"``); default: the
        starting position and phase ``"opening"``.
    ``rolled``
        With ``position``: the dice already rolled ``(d1, d2)``, so the game starts in ``"move"``.
    ``cube_value``, ``cube_owner``
        The cube: a power of 2 from 1 to ``rules.max_cube`` (1 without the cube or in a 1-point
        match); owner ``None`` (centred), 0 or 1.
    ``score``, ``crawford``
        The match score ``(seat 0, seat 1)`` before this game, and whether this game is the
        Crawford game.

    Raises :class:`GameError` on inconsistent settings.
    """

    def __init__(
        self,
        seed: Seed | None = None,
        *,
        rules: Rules | None = None,
        dice: Dice | None = None,
        position: Position | None = None,
        rolled: tuple[int, int] | None = None,
        cube_value: int = 1,
        cube_owner: int | None = None,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
    ) -> None:
        rules = Rules() if rules is None else rules
        _check_settings(rules, position, rolled, cube_value, cube_owner, score, crawford)
        if dice is not None and not isinstance(dice, Dice):
            raise GameError(f"dice must be a Dice, not {type(dice).__name__}")
        try:
            check_seed(seed)
        except DiceStateError as error:
            raise GameError(str(error)) from None
        self.rules: Rules = rules
        """The settings this game is played under."""
        self.dice: Dice = dice if dice is not None else Dice(seed)
        """The dice generator; :meth:`roll` draws from it unless dice are given."""
        self.score = (score[0], score[1])
        """The match score ``(seat 0, seat 1)`` before this game (money: points won so far)."""
        self.crawford = bool(crawford)
        """Whether this game is the Crawford game of its match (no doubling)."""
        self.cube_value = cube_value
        """The value of the cube now (1 while it has not been turned)."""
        self.cube_owner = cube_owner
        """The seat that owns the cube, or ``None`` while it is centred."""
        self.record: list[dict[str, Any]] = []
        """Every action so far, as JSON-ready dicts (see :meth:`apply`)."""
        self.result: GameResult | None = None
        """How the game ended, once it has (phase ``"game-over"`` or ``"match-over"``)."""
        self.last_play: Play | None = None
        """The last confirmed play (``None`` at the start and after a dance)."""
        self.last_roll: tuple[int, int] | None = None
        """The dice of the last roll, kept after the play ends (the opening: seat 0's die first; a game
        started with ``rolled``: those)."""
        self.offer: Offer | None = None
        """The offer waiting for an answer, or ``None``."""
        start = position or Position.initial()
        self.setup: dict[str, Any] = {
            "position_id": start.position_id(),
            "turn": start.turn,
            "opening": position is None,
            "rolled": list(rolled) if rolled else None,
            "cube_value": cube_value,
            "cube_owner": cube_owner,
            "score": list(self.score),
            "crawford": self.crawford,
            "rules": rules.to_dict(),
        }
        """The settings this game started from (what JSON saving needs to replay the record)."""
        self._start = start
        self._phase = "opening" if position is None else "roll"
        self._resume = "roll"  # the phase a declined resignation returns to
        self._partial: PartialPlay | None = None
        if rolled is not None:
            self.last_roll = _roll(rolled)  # rolled before the game started here: a dance names them
            self._begin(self.last_roll)

    @classmethod
    def replay(
        cls,
        setup: dict[str, Any],
        record: Iterable[dict[str, Any]],
        dice: Dice | None = None,
        steps: Sequence[Sequence[Sequence[int]]] = (),
    ) -> Game:
        """A game rebuilt from its :attr:`setup` and a :attr:`record` of actions (see :meth:`apply`).

        ``dice`` is the generator the rebuilt game goes on with (default: a fresh seeded one);
        the recorded rolls do not draw from it. ``steps`` redoes the steps of a play in
        progress, as :attr:`step_groups` gives them. Raises :class:`GameError` when ``setup``
        is not such a dict, or an action or a step is illegal.
        """
        try:
            opening = setup["opening"]
            position = None if opening else Position.from_position_id(setup["position_id"], turn=setup["turn"])
            if "rules" in setup:
                rules = Rules.from_dict(setup["rules"])
            else:  # the first saves held the settings flat
                names = ("match_length", "jacoby", "beavers", "max_cube", "auto_confirm")
                rules = Rules.from_dict({name: setup[name] for name in names if name in setup})
            game = cls(
                rules=rules,
                dice=dice,
                position=position,
                rolled=tuple(setup["rolled"]) if setup.get("rolled") else None,
                cube_value=setup["cube_value"],
                cube_owner=setup["cube_owner"],
                score=tuple(setup["score"]),
                crawford=setup["crawford"],
            )
        except GameError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise GameError(f"not the setup of a game: {error!r}") from None
        if isinstance(record, (str, bytes, dict)) or not isinstance(record, Iterable):
            raise GameError(f"a record is a list of actions, not {type(record).__name__}")
        for i, action in enumerate(record):
            try:
                game.apply(action)
            except GameError as error:
                raise GameError(f"action {i + 1} {action!r}: {error}") from None
        if steps:
            if game._partial is None:
                raise GameError("steps are saved but no roll is being played")
            try:
                game._partial = PartialPlay.restore(game._start, game._partial.dice, steps)
            except (IllegalPlayError, TypeError, ValueError) as error:
                raise GameError(f"saved steps {steps!r}: {error}") from None
        return game

    # ----------------------------------------------------------------- reading

    @property
    def phase(self) -> str:
        """One of :data:`PHASES`."""
        return self._phase

    @property
    def position(self) -> Position:
        """The board now: during ``"move"`` with the steps made so far, the mover still on roll."""
        return self._partial.position if self._partial else self._start

    @property
    def start_position(self) -> Position:
        """The board at the start of the current turn (before the steps of the play in progress)."""
        return self._start

    @property
    def turn(self) -> int:
        """The seat that must act now (the widget's ``data-turn``).

        The seat on roll, except in ``"cube"``, where it is the seat that must answer the offer.
        In ``"opening"`` either seat may roll; this is then 0.
        """
        if self.offer is not None:
            return 1 - self.offer.seat
        return self._start.turn

    @property
    def partial_play(self) -> PartialPlay | None:
        """The play in progress during ``"move"`` (see :class:`~bgwidget.partial.PartialPlay`), else ``None``.

        Read it; act through :meth:`move`, :meth:`undo` and :meth:`confirm`, which record.
        """
        return self._partial

    @property
    def rolled(self) -> tuple[int, int] | None:
        """The dice of the roll being played, as rolled; ``None`` outside ``"move"``."""
        return self._partial.dice if self._partial else None

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice not yet used by the play in progress, highest first (doubles: up to four)."""
        return self._partial.dice_left if self._partial else ()

    @property
    def steps(self) -> list[Move]:
        """The checker steps of the play in progress, in the order made (mover's numbering)."""
        return self._partial.steps if self._partial else []

    @property
    def step_groups(self) -> list[list[list[int]]]:
        """The steps of the play in progress grouped by :meth:`move`: ``[[[from, to, die], ...], ...]``."""
        return self._partial.step_groups if self._partial else []

    @property
    def legal_plays(self) -> list[Play]:
        """Every legal play of the current roll from :attr:`start_position` (``[]`` outside ``"move"``)."""
        return list(self._partial.plays) if self._partial else []

    @property
    def plays_left(self) -> list[Play]:
        """The legal plays of the current roll that extend the steps made so far (all of
        :attr:`legal_plays` before a step; ``[]`` outside ``"move"``)."""
        return self._partial.plays_left if self._partial else []

    @property
    def play_complete(self) -> bool:
        """True in ``"move"`` when every die that can be played has been (only :meth:`confirm` is left)."""
        return self._phase == "move" and self._partial is not None and self._partial.is_complete

    @property
    def post_crawford(self) -> bool:
        """True in a post-Crawford game: a side is 1-away, the Crawford game is over, the cube is back."""
        length = self.rules.match_length
        return length > 1 and length - 1 in self.score and not self.crawford

    def can_double(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat on roll) may double now.

        Raises :class:`GameError` for a ``seat`` that is not 0 or 1."""
        return self._double_error(seat) is None

    def can_beaver(self) -> bool:
        """Whether the seat answering a double may beaver it (:meth:`beaver`) now."""
        return self.offer is not None and self.offer.kind == "double" and self._redouble_error(beaver=True) is None

    def can_raccoon(self) -> bool:
        """Whether the doubler answering a beaver may raccoon it (:meth:`raccoon`) now."""
        return self.offer is not None and self.offer.kind == "beaver" and self._redouble_error(beaver=False) is None

    def legal_steps(self) -> dict[int, list[tuple[int, tuple[int, ...]]]]:
        """The map of legal next moves for the play in progress, in the mover's numbering.

        ``{from_point: [(to_point, dice_used), ...]}`` with 25 for the bar and 0 for off (see
        :meth:`bgwidget.partial.PartialPlay.legal_steps`). Empty outside ``"move"`` and when the
        play is complete.
        """
        if self._phase != "move" or self._partial is None:
            return {}
        return self._partial.legal_steps()

    # ----------------------------------------------------------------- actions: dice and checkers

    def roll(self, dice: tuple[int, int] | None = None, *, seat: int | None = None) -> tuple[int, int]:
        """Roll the dice and return them; ``dice`` fixes the roll instead (teaching, replays).

        In ``"opening"``: one die each, ``(seat 0's die, seat 1's die)``, ties rolled again (a
        fixed opening roll must not be a tie); the higher die's seat then plays both numbers.
        In ``"roll"``: two dice for the seat on roll. When no checker can move, the roll is
        recorded as a dance and the turn passes at once (phase ``"roll"`` for the other seat).
        Raises :class:`GameError` in any other phase, for the wrong ``seat``, or for dice that
        are not two numbers 1..6.
        """
        if self._phase == "opening":
            if seat is not None:
                _check_seat(seat)  # either seat may make the opening roll
            if dice is not None:
                dice = _roll(dice)
                if dice[0] == dice[1]:
                    raise GameError(f"the opening roll cannot be a tie: {dice[0]}-{dice[1]} is rolled again")
            else:
                dice = self.dice.opening()
            winner = 0 if dice[0] > dice[1] else 1
            self.record.append({"type": "opening", "dice": list(dice)})
            self._start = Position.initial(turn=winner)
            self.last_roll = dice
            self._begin((dice[winner], dice[1 - winner]))
            return dice
        self._expect("roll", seat, "roll")
        dice = _roll(dice) if dice is not None else self.dice.roll()
        self.record.append({"type": "roll", "seat": self._start.turn, "dice": list(dice)})
        self.last_roll = dice
        self._begin(dice)
        return dice

    def move(
        self, from_point: int, to_point: int, *, die: int | None = None, seat: int | None = None, hold: bool = False
    ) -> None:
        """Move one checker from ``from_point`` to ``to_point`` (mover's numbering, 25 bar, 0 off).

        The checker may use one die or several in a row; ``die`` forces the die of a single step
        (see :meth:`bgwidget.partial.PartialPlay.step`). The step must leave some legal play of the
        roll still possible (see :meth:`legal_steps`). When the play is complete and the rules'
        ``auto_confirm`` is on, the play is confirmed and the turn passes, unless ``hold``: then
        it waits for :meth:`confirm` or :meth:`undo` (the tutor judges it first).

        Raises :class:`GameError` outside ``"move"``, for the wrong ``seat``, or for a step that
        no legal play allows (the message names the steps that are legal).
        """
        partial = self._moving(seat, "move")
        try:
            partial.step(from_point, to_point, die)
        except IllegalPlayError as error:
            raise _refused(error) from None
        if partial.is_complete and self.rules.auto_confirm and not hold:
            self.confirm()

    def check_move(
        self, from_point: int, to_point: int | None = None, *, die: int | None = None, seat: int | None = None
    ) -> GameError | None:
        """The :class:`GameError` that :meth:`move` would raise now, or None; changes nothing.

        Points in the mover's numbering (25 bar, 0 off). With ``to_point=None``: why the checker
        on ``from_point`` cannot move at all (None when it can), as a teacher answers a learner
        who picks up the wrong checker. The refusal's ``reason`` and facts say which rule stops
        the move (see :meth:`bgwidget.partial.PartialPlay.check_step`); outside ``"move"`` or for
        the wrong ``seat`` it is the turn's rule (``"not-rolled"``, ``"not-your-turn"``...).
        Raises :class:`GameError` (reason ``"invalid"``) for a point or die that is not one.
        """
        try:
            partial = self._moving(seat, "move")
        except GameError as error:
            if error.reason == "invalid":  # a seat that is not one
                raise
            return error
        try:
            refusal = partial.check_step(from_point, to_point, die)
        except IllegalPlayError as error:
            raise _refused(error) from None
        return None if refusal is None else _refused(refusal)

    def undo(self, *, seat: int | None = None) -> None:
        """Take back the last :meth:`move` of the play in progress (all the dice it used).

        Raises :class:`GameError` when there is no step to take back (nothing is undone across
        a confirmed play).
        """
        try:
            self._moving(seat, "undo").undo()
        except IllegalPlayError as error:
            raise _refused(error) from None

    def confirm(self, *, seat: int | None = None) -> Play:
        """Confirm the play in progress (the Done button) and pass the turn; returns the play.

        Raises :class:`GameError` outside ``"move"`` or while dice that can be played are left.
        """
        try:
            play = self._moving(seat, "confirm").play
        except IllegalPlayError as error:
            raise _refused(error) from None
        self._finish(play)
        return play

    def play(self, text: str, *, seat: int | None = None) -> Play:
        """Play the whole roll from notation (``"8/5 6/5"``, ``"bar/22 13/9*"``) and confirm it.

        Steps already made are replaced. Raises :class:`GameError` outside ``"move"``, for the
        wrong ``seat``, or when ``text`` is not a legal play of the roll (the reason is given).
        """
        partial = self._moving(seat, "play")
        try:
            play = parse_play(self._start, text, *partial.dice, plays=partial.plays)  # the roll's plays, made once
        except IllegalPlayError as error:
            raise _refused(error) from error
        self._finish(play)
        return play

    # ----------------------------------------------------------------- actions: cube and resignation

    def double(self, *, seat: int | None = None) -> None:
        """Offer the cube at twice its value; phase ``"cube"`` for the other seat to answer.

        Raises :class:`GameError` when the seat has no cube access: not its turn to roll, the
        cube owned by the other side, the Crawford game, a 1-point match, or the cube at
        ``rules.max_cube``.
        """
        error = self._double_error(seat)
        if error:
            raise error
        doubler = self._start.turn
        self.record.append({"type": "double", "seat": doubler, "cube": 2 * self.cube_value})
        self.offer = Offer("double", doubler)
        self._phase = "cube"

    def take(self, *, seat: int | None = None) -> None:
        """Take the cube offered (a double, beaver or raccoon): it doubles and the original
        doubler rolls next. After a double the taker owns the cube; after a beaver or a raccoon
        it stays with the player who beavered."""
        taker = self._answer(CUBE_OFFERS, seat, "take")
        offer = self.offer
        assert offer is not None  # checked by _answer
        self.record.append({"type": "take", "seat": taker})
        self.cube_value *= 2
        self.cube_owner = offer.seat if offer.kind == "beaver" else taker
        self.offer = None
        self._phase = "roll"

    def pass_(self, *, seat: int | None = None) -> None:
        """Pass (drop) the cube offered: the other side wins the cube's value before the offer."""
        taker = self._answer(CUBE_OFFERS, seat, "pass")
        self.record.append({"type": "pass", "seat": taker})
        self.offer = None
        self._end(GameResult(1 - taker, self.cube_value, KINDS[1], "pass"))

    def beaver(self, *, seat: int | None = None) -> None:
        """Money play with beavers: take the double and at once redouble, keeping the cube.

        The cube goes to twice its value on the beaverer's side, and twice that is offered
        back: the original doubler answers with :meth:`take` (the cube stays with the
        beaverer), :meth:`pass_` (losing the value the double was taken at) or :meth:`raccoon`.
        Backgammon FAQ (Latto, Zehr): the beaverer keeps the cube; the doubler may drop a beaver.
        Raises :class:`GameError` when beavers are off, in a match, or with no double to answer.
        """
        taker = self._answer(("double",), seat, "beaver")
        error = self._redouble_error(beaver=True)
        if error:
            raise error
        self.record.append({"type": "beaver", "seat": taker})
        self.cube_value *= 2
        self.cube_owner = taker
        self.offer = Offer("beaver", taker)

    def raccoon(self, *, seat: int | None = None) -> None:
        """Answer a beaver by taking it and redoubling at once; the beaverer answers this
        offer with :meth:`take` (keeping the cube) or :meth:`pass_`."""
        doubler = self._answer(("beaver",), seat, "raccoon")
        error = self._redouble_error(beaver=False)
        if error:
            raise error
        self.record.append({"type": "raccoon", "seat": doubler})
        self.cube_value *= 2
        self.offer = Offer("raccoon", doubler)

    def resign(self, points: int = 1, *, seat: int | None = None) -> None:
        """Offer to resign a single game (1), a gammon (2) or a backgammon (3).

        Allowed in ``"roll"`` and ``"move"`` for either seat (default: the seat on roll); the
        other seat answers with :meth:`accept` or :meth:`decline` (phase ``"cube"``). The winner
        would score ``points`` times the cube (Jacoby rule applied).
        """
        if self._phase not in ("roll", "move"):
            raise _phase_error("resign", self._phase)
        if points not in (1, 2, 3) or not is_int(points):
            raise GameError(f"a resignation is of 1 (single), 2 (gammon) or 3 (backgammon) points, not {points!r}")
        seat = self._start.turn if seat is None else _check_seat(seat)
        self.record.append({"type": "resign", "seat": seat, "points": points})
        self.offer = Offer("resign", seat, points)
        self._resume = self._phase
        self._phase = "cube"

    def accept(self, *, seat: int | None = None) -> None:
        """Accept the resignation offered: the game ends."""
        winner = self._answer(("resign",), seat, "accept")
        assert self.offer is not None  # checked by _answer
        points = self.offer.points
        self.record.append({"type": "accept", "seat": winner})
        self.offer = None
        self._end(GameResult(winner, self._value(points), KINDS[points], "resigned"))

    def decline(self, *, seat: int | None = None) -> None:
        """Decline the resignation offered: play goes on where it stopped."""
        seat = self._answer(("resign",), seat, "decline")
        self.record.append({"type": "decline", "seat": seat})
        self.offer = None
        self._phase = self._resume

    def apply(self, action: dict[str, Any]) -> None:
        """Perform an action given as a dict, as found in :attr:`record` (a replay step).

        ``{"type": "opening", "dice": [d0, d1]}``, ``{"type": "roll", "dice": [d1, d2]}``,
        ``{"type": "move", "play": "8/5 6/5"}`` (``""`` for a dance, which :meth:`roll` records
        by itself and which is skipped here), and ``"double"``, ``"take"``, ``"pass"``,
        ``"beaver"``, ``"raccoon"``, ``"resign"`` (with ``"points"``), ``"accept"``,
        ``"decline"``; a ``"seat"`` key, when present, is checked.
        Raises :class:`GameError` for an unknown or illegal action.
        """
        if not isinstance(action, dict) or "type" not in action:
            raise GameError(f"an action is a dict with a 'type', not {action!r}")
        kind = action["type"]
        seat = action.get("seat")
        if seat is not None:
            _check_seat(seat)
        if kind == "opening":
            if self._phase != "opening":
                raise GameError(f"an opening roll in phase {self._phase!r}")
            self.roll(_roll(action.get("dice")))
        elif kind == "roll":
            if self._phase == "opening":
                raise GameError("the first roll of a game is an 'opening' action")
            self.roll(_roll(action.get("dice")), seat=seat)
        elif kind == "move":
            if (
                action.get("play", "") == ""
                and self._phase != "move"
                and self.record
                and self.record[-1]["type"] == "move"
                and self.record[-1]["play"] == ""
            ):
                return  # the dance was recorded by the roll itself
            self.play(action.get("play", ""), seat=seat)
        elif kind == "resign":
            self.resign(action.get("points", 1), seat=seat)
        elif kind in ("double", "take", "pass", "beaver", "raccoon", "accept", "decline"):
            getattr(self, "pass_" if kind == "pass" else kind)(seat=seat)
        else:
            raise GameError(f"unknown action type {kind!r}")

    # ----------------------------------------------------------------- internals

    def _begin(self, dice: tuple[int, int]) -> None:
        """Start playing ``dice`` for the seat on roll; a roll with no legal play is a dance."""
        partial = PartialPlay(self._start, dice)
        if not partial.plays:
            self.record.append({"type": "move", "seat": self._start.turn, "play": ""})
            self.last_play = None
            self._start = self._start.swap()
            self._partial = None
            self._phase = "roll"
            return
        self._partial = partial
        self._phase = "move"

    def _finish(self, play: Play) -> None:
        self.record.append({"type": "move", "seat": self._start.turn, "play": str(play)})
        self.last_play = play
        self._start = play.result
        self._partial = None
        outcome = play.result.outcome()
        if outcome:
            self._end(GameResult(outcome.winner, self._value(outcome.points), outcome.kind, "borne off"))
        else:
            self._phase = "roll"

    def _end(self, result: GameResult) -> None:
        self.result = result
        self._partial = None
        length = self.rules.match_length
        ends_match = length and self.score[result.winner] + result.points >= length
        self._phase = "match-over" if ends_match else "game-over"

    def _value(self, points: int) -> int:
        """What a win of ``points`` (1, 2, 3) is worth with the cube and the Jacoby rule."""
        if self.rules.jacoby and self.rules.is_money and self.cube_value == 1:
            return 1
        return points * self.cube_value

    def _expect(self, phase: str, seat: int | None, action: str) -> None:
        """Check that ``action`` may be taken now by ``seat`` (None: the seat on turn). In a seat's
        turn (``"roll"``, ``"move"``) the other seat is told that it is not its turn, not what the
        seat on turn has to do."""
        if seat is not None and self._phase in ("roll", "move") and _check_seat(seat) != self._start.turn:
            raise GameError(reason="not-your-turn", seat=seat)
        if self._phase != phase:
            raise _phase_error(action, self._phase)
        if seat is not None and _check_seat(seat) != self._start.turn:
            raise GameError(reason="not-your-turn", seat=seat)

    def _moving(self, seat: int | None, action: str) -> PartialPlay:
        """The play in progress, once the phase and the seat are checked."""
        self._expect("move", seat, action)
        assert self._partial is not None  # phase "move" always has one
        return self._partial

    def _answer(self, offers: tuple[str, ...], seat: int | None, action: str) -> int:
        """Check that ``seat`` may answer one of ``offers`` now; returns the answering seat."""
        if self.offer is None or self.offer.kind not in offers:
            if offers == ("resign",):
                raise GameError(reason="no-resignation")
            if action == "beaver":  # a beaver answers a double, a raccoon a beaver: say which is missing
                raise GameError(reason="no-beaver")
            if action == "raccoon":
                raise GameError(reason="no-raccoon")
            raise GameError(reason="no-offer")
        answering = 1 - self.offer.seat
        if seat is not None and _check_seat(seat) != answering:
            raise GameError(reason="not-your-answer", seat=seat)
        return answering

    def _redouble_error(self, *, beaver: bool) -> GameError | None:
        """Why the offer answered now cannot be redoubled at once (a beaver, or a raccoon), or None."""
        if beaver and not self.rules.beavers:
            return GameError(reason="no-beavers")
        if 4 * self.cube_value > self.rules.max_cube:
            return GameError(reason="redouble-max", value=4 * self.cube_value, limit=self.rules.max_cube)
        return None

    def _double_error(self, seat: int | None) -> GameError | None:
        if seat is not None:
            _check_seat(seat)  # a seat that is not one is an error, not a "no"
        if seat is not None and self._phase in ("roll", "move") and seat != self._start.turn:
            return GameError(reason="not-your-turn", seat=seat)  # the other seat's turn, rolled or not
        if self._phase != "roll":
            return _phase_error("double", self._phase)
        if not self.rules.cube:
            return GameError(reason="no-cube")
        if self.rules.match_length == 1:
            return GameError(reason="one-point-match")
        if self.crawford:
            return GameError(reason="crawford")
        if self.cube_owner is not None and self.cube_owner != self._start.turn:
            return GameError(reason="cube-owned", value=self.cube_value)
        if 2 * self.cube_value > self.rules.max_cube:
            return GameError(reason="cube-max", value=self.cube_value)
        return None


def _check_seat(seat: object) -> int:
    if not is_int(seat) or seat not in (0, 1):  # not a bool, not 0.0
        raise GameError(f"a seat is 0 (bottom) or 1 (top), not {seat!r}")
    return seat


def _roll(dice: object) -> tuple[int, int]:
    """:func:`bgwidget.dice.check_roll`, raising the game layer's error."""
    try:
        return check_roll(dice)
    except DiceError as error:
        raise GameError(str(error)) from None


_PHASE_REASONS = {
    "opening": "not-started",
    "roll": "not-rolled",
    "move": "already-rolled",
    "cube": "offer-pending",
    "game-over": "game-over",
    "match-over": "match-over",
}


def _phase_error(action: str, phase: str) -> GameError:
    """Why ``action`` cannot be taken in ``phase``: the rule of the turn that stops it."""
    if action == "double" and phase == "move":
        return GameError(reason="double-after-roll")
    if action == "undo" and phase == "roll":
        return GameError(reason="nothing-to-undo")
    return GameError(reason=_PHASE_REASONS[phase])


def _refused(error: IllegalPlayError) -> GameError:
    """A refused step or play as the game layer's error: the same reason, facts and detail."""
    return GameError(error.detail, reason=error.reason, **error.facts)


def _check_settings(
    rules: object,
    position: object,
    rolled: object,
    cube_value: object,
    cube_owner: object,
    score: object,
    crawford: object,
) -> None:
    if not isinstance(rules, Rules):
        raise GameError(f"rules must be a Rules, not {type(rules).__name__}")
    if position is not None and not isinstance(position, Position):
        raise GameError(f"position must be a Position, not {type(position).__name__}")
    if rolled is not None:
        if position is None:
            raise GameError("rolled dice need a position to play them from")
        _roll(rolled)
    if position is not None and position.outcome():
        raise GameError("the position is already won: nothing to play")
    max_cube, length = rules.max_cube, rules.match_length
    if not is_int(cube_value) or cube_value < 1 or cube_value & (cube_value - 1) or cube_value > max_cube:
        raise GameError(f"the cube shows a power of 2 from 1 to {max_cube}, not {cube_value!r}")
    if cube_owner is not None and (not is_int(cube_owner) or cube_owner not in (0, 1)):
        raise GameError(f"the cube owner is None (centred), 0 or 1, not {cube_owner!r}")
    if (cube_value == 1) != (cube_owner is None):
        raise GameError(f"a cube at {cube_value} cannot be {'centred' if cube_owner is None else 'owned'}")
    if not isinstance(score, (tuple, list)) or len(score) != 2 or any(not is_int(s) or s < 0 for s in score):
        raise GameError(f"the score is two numbers of points, not {score!r}")
    if length and max(score) >= length:
        raise GameError(f"the score {tuple(score)} already ends a {length}-point match")
    if length == 1 and cube_value != 1:
        raise GameError("there is no cube in a 1-point match")
    if not rules.cube and cube_value != 1:
        raise GameError("there is no cube in a game without the cube (Rules(cube=False))")
    if not isinstance(crawford, bool):
        raise GameError(f"crawford is True or False, not {crawford!r}")
    if crawford and (not length or not rules.crawford or length - 1 not in score):
        raise GameError("a Crawford game needs a match under the Crawford rule in which a side is 1-away")
    if crawford and cube_value != 1:
        raise GameError("the cube is not turned in the Crawford game")
