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

from typing import NamedTuple

from bgwidget.dice import Dice
from bgwidget.moves import BAR_POINT, OFF_POINT, IllegalPlayError, Move, Play, _steps
from bgwidget.position import BAR, Position

__all__ = ["PHASES", "Game", "GameError", "GameResult"]

PHASES = ("opening", "roll", "move", "cube", "game-over", "match-over")
"""Every value of :attr:`Game.phase`, in the order a game meets them."""

_KINDS = {1: "single game", 2: "gammon", 3: "backgammon"}
_CUBE_OFFERS = ("double", "beaver", "raccoon")
_SEAT_NAMES = ("bottom (seat 0)", "top (seat 1)")


class GameError(ValueError):
    """An action that the rules or the state of the game do not allow; nothing was changed."""


class GameResult(NamedTuple):
    """How a game ended.

    ``winner`` is the seat (0 bottom, 1 top); ``points`` what the winner scores, cube and
    Jacoby rule included; ``how`` one of ``"single game"``, ``"gammon"``, ``"backgammon"``
    (borne off), ``"pass"`` (a double was passed), ``"resigned single game"``,
    ``"resigned gammon"``, ``"resigned backgammon"``.
    """

    winner: int
    points: int
    how: str


# ---------------------------------------------------------------------- board helpers
#
# The play in progress works on the move generator's pair of tuples, seen from the mover:
# ``me[i]`` the mover's checkers on point i + 1 (me[24] the bar), ``them[i]`` the opponent's
# checkers on that same point (them[24] the opponent's bar).


def _pair(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    them = position.opponent[23::-1] + (position.opponent[BAR],)
    return position.player, them


def _unpair(me, them, turn: int) -> Position:
    return Position(me, them[23::-1] + (them[BAR],), turn)


def _step(me, them, src: int, dst: int):
    """The pair after moving one checker from index ``src`` to ``dst`` (-1 = off), and the hit."""
    me = list(me)
    me[src] -= 1
    hit = False
    if dst >= 0:
        me[dst] += 1
        if them[dst] == 1:
            them = list(them)
            them[dst] = 0
            them[BAR] += 1
            them = tuple(them)
            hit = True
    return tuple(me), them, hit


def _index(point: int) -> int:
    """Generator index of a point in the mover's numbering (bar 25 -> 24, off 0 -> -1)."""
    return BAR if point == BAR_POINT else point - 1


def _remove(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    rest = list(dice)
    rest.remove(die)
    return tuple(rest)


class Game:
    """One backgammon game, played action by action.

    Parameters (all keyword-only except ``seed``):

    ``seed``
        Seeds a fresh :class:`~bgwidget.dice.Dice` (ignored when ``dice`` is given).
    ``dice``
        The dice generator to use (a :class:`~bgwidget.match.Match` passes one per game).
    ``position``
        Start from this position, its ``turn`` seat to roll (phase ``"roll"``); default: the
        starting position and phase ``"opening"``.
    ``rolled``
        With ``position``: the dice already rolled ``(d1, d2)``, so the game starts in ``"move"``.
    ``cube_value``, ``cube_owner``
        The cube: a power of 2 from 1 to ``max_cube``; owner ``None`` (centred), 0 or 1.
    ``match_length``, ``score``, ``crawford``
        The match this game belongs to: length in points (0 = money play), the score
        ``(seat 0, seat 1)`` before this game, and whether this is the Crawford game.
    ``jacoby``, ``beavers``
        Money-play options; they raise :class:`GameError` in a match.
    ``max_cube``
        The highest cube value allowed (default 64, the highest face).
    ``auto_confirm``
        True (default): the play ends by itself when the last die is played. False: the mover
        must call :meth:`confirm` (the widget's Done button), and may undo until then.

    Raises :class:`GameError` on inconsistent settings.
    """

    def __init__(
        self,
        seed=None,
        *,
        dice: Dice | None = None,
        position: Position | None = None,
        rolled: tuple[int, int] | None = None,
        cube_value: int = 1,
        cube_owner: int | None = None,
        match_length: int = 0,
        score: tuple[int, int] = (0, 0),
        crawford: bool = False,
        jacoby: bool = False,
        beavers: bool = False,
        max_cube: int = 64,
        auto_confirm: bool = True,
    ) -> None:
        _check_settings(position, rolled, cube_value, cube_owner, match_length, score, crawford,
                        jacoby, beavers, max_cube)
        self.dice: Dice = dice if dice is not None else Dice(seed)
        """The dice generator; :meth:`roll` draws from it unless dice are given."""
        self.match_length = match_length
        self.score = (score[0], score[1])
        """The match score ``(seat 0, seat 1)`` before this game (money: points won so far)."""
        self.crawford = bool(crawford)
        self.jacoby = bool(jacoby)
        self.beavers = bool(beavers)
        self.max_cube = max_cube
        self.auto_confirm = bool(auto_confirm)
        self.cube_value = cube_value
        """The value of the cube now (1 while it has not been turned)."""
        self.cube_owner = cube_owner
        """The seat that owns the cube, or ``None`` while it is centred."""
        self.record: list[dict] = []
        """Every action so far, as JSON-ready dicts (see :meth:`apply`)."""
        self.result: GameResult | None = None
        """How the game ended, once it has (phase ``"game-over"`` or ``"match-over"``)."""
        self.last_play: Play | None = None
        """The last confirmed play (``None`` at the start and after a dance)."""
        self.last_roll: tuple[int, int] | None = None
        """The dice of the last roll, kept after the play ends (the opening: seat 0's die first)."""
        self.offer: tuple | None = None
        """The offer waiting for an answer: ``("double", seat)``, ``("beaver", seat)``,
        ``("raccoon", seat)`` (the cube offered by ``seat``) or ``("resign", seat, points)``."""
        self.setup = {
            "position_id": (position or Position.initial()).position_id(),
            "turn": (position or Position.initial()).turn,
            "opening": position is None,
            "rolled": list(rolled) if rolled else None,
            "cube_value": cube_value,
            "cube_owner": cube_owner,
            "match_length": match_length,
            "score": list(self.score),
            "crawford": self.crawford,
            "jacoby": self.jacoby,
            "beavers": self.beavers,
            "max_cube": max_cube,
            "auto_confirm": self.auto_confirm,
        }
        """The settings this game started from (what JSON saving needs to replay the record)."""
        self._start = position or Position.initial()
        self._phase = "opening" if position is None else "roll"
        self._resume = "roll"  # the phase a declined resignation returns to
        self._reset_play()
        if rolled is not None:
            self._begin(tuple(rolled))

    @classmethod
    def replay(cls, setup: dict, record, dice: Dice | None = None) -> Game:
        """A game rebuilt from its :attr:`setup` and a :attr:`record` of actions (see :meth:`apply`).

        ``dice`` is the generator the rebuilt game goes on with (default: a fresh seeded one);
        the recorded rolls do not draw from it. Raises :class:`GameError` when ``setup`` is
        not such a dict or an action is illegal.
        """
        try:
            opening = setup["opening"]
            position = None if opening else Position.from_position_id(setup["position_id"], turn=setup["turn"])
            game = cls(
                dice=dice,
                position=position,
                rolled=tuple(setup["rolled"]) if setup.get("rolled") else None,
                cube_value=setup["cube_value"],
                cube_owner=setup["cube_owner"],
                match_length=setup["match_length"],
                score=tuple(setup["score"]),
                crawford=setup["crawford"],
                jacoby=setup["jacoby"],
                beavers=setup["beavers"],
                max_cube=setup["max_cube"],
                auto_confirm=setup.get("auto_confirm", True),
            )
        except GameError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise GameError(f"not the setup of a game: {error!r}") from None
        for i, action in enumerate(record):
            try:
                game.apply(action)
            except GameError as error:
                raise GameError(f"action {i + 1} {action!r}: {error}") from None
        return game

    # ----------------------------------------------------------------- reading

    @property
    def phase(self) -> str:
        """One of :data:`PHASES`."""
        return self._phase

    @property
    def position(self) -> Position:
        """The board now: during ``"move"`` with the steps made so far, the mover still on roll."""
        if self._steps:
            return _unpair(self._me, self._them, self._start.turn)
        return self._start

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
            return 1 - self.offer[1]
        return self._start.turn

    @property
    def rolled(self) -> tuple[int, int] | None:
        """The dice of the roll being played, as rolled; ``None`` outside ``"move"``."""
        return self._rolled

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice not yet used by the play in progress, highest first (doubles: up to four)."""
        return tuple(sorted(self._left, reverse=True)) if self._rolled else ()

    @property
    def steps(self) -> list[Move]:
        """The checker steps of the play in progress, in the order made (mover's numbering)."""
        return [move for move, _, _ in self._steps]

    @property
    def legal_plays(self) -> list[Play]:
        """Every legal play of the current roll from :attr:`start_position` (``[]`` outside ``"move"``)."""
        return list(self._plays)

    @property
    def play_complete(self) -> bool:
        """True in ``"move"`` when every die that can be played has been (only :meth:`confirm` is left)."""
        return self._phase == "move" and len(self._steps) == self._need

    def can_double(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat on roll) may double now."""
        return self._double_error(seat) is None

    def legal_steps(self) -> dict[int, list[tuple[int, tuple[int, ...]]]]:
        """The map of legal next moves for the play in progress, in the mover's numbering.

        ``{from_point: [(to_point, dice_used), ...]}`` with 25 for the bar and 0 for off; one
        entry per destination, including a checker moved on by several dice (``dice_used`` then
        has several numbers, in the order they are used). A move is listed when some legal play
        of the roll can still be completed after it, which enforces every rule at the first
        step (both dice when possible, the larger die, as many of a double as possible).
        Empty outside ``"move"`` and when the play is complete.
        """
        if self._phase != "move":
            return {}
        routes = self._routes()
        return {
            frm: [(to, tuple(die for _, _, die in route)) for to, route in sorted(dests.items(), reverse=True)]
            for frm, dests in sorted(routes.items(), reverse=True)
        }

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
            if dice is not None:
                dice = _check_dice(dice)
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
        dice = _check_dice(dice) if dice is not None else self.dice.roll()
        self.record.append({"type": "roll", "seat": self._start.turn, "dice": list(dice)})
        self.last_roll = dice
        self._begin(dice)
        return dice

    def move(self, from_point: int, to_point: int, *, die: int | None = None, seat: int | None = None) -> None:
        """Move one checker from ``from_point`` to ``to_point`` (mover's numbering, 25 bar, 0 off).

        The checker may use one die or several in a row (``13 -> 8`` with 3-2 touches down on
        10 or 11, whichever is open; a route that does not hit on the way is preferred, so to
        hit there move in two steps). ``die`` forces which die a single step uses (bearing off
        with a higher die). The step must leave some legal play of the roll still possible
        (see :meth:`legal_steps`). When the play is complete and ``auto_confirm`` is on, the
        play is confirmed and the turn passes.

        Raises :class:`GameError` outside ``"move"``, for the wrong ``seat``, or for a step that
        no legal play allows (the message names the steps that are legal).
        """
        self._expect("move", seat, "move")
        for point in (from_point, to_point):
            if not isinstance(point, int) or isinstance(point, bool) or not 0 <= point <= 25:
                raise GameError(f"{point!r} is not a point (24..1 in the mover's numbering, bar = 25, off = 0)")
        routes = self._routes()
        dests = routes.get(from_point, {})
        route = dests.get(to_point)
        if die is not None:
            route = self._single_route(from_point, to_point, die)
        if route is None:
            raise GameError(self._step_error(from_point, to_point, die, routes))
        self._push_route(route)
        if self.play_complete and self.auto_confirm:
            self.confirm()

    def undo(self, *, seat: int | None = None) -> None:
        """Take back the last :meth:`move` of the play in progress (all the dice it used).

        Raises :class:`GameError` when there is no step to take back (nothing is undone across
        a confirmed play).
        """
        self._expect("move", seat, "undo")
        if not self._steps:
            raise GameError("there is no step to undo in the play in progress")
        last = self._steps[-1][2]
        kept = [s for s in self._steps if s[2] != last]
        self._me, self._them = _pair(self._start)
        self._left = self._all_dice
        self._steps = []
        for move, used, group in kept:
            self._me, self._them, _ = _step(self._me, self._them, _index(move.from_point), _index(move.to_point))
            self._left = _remove(self._left, used)
            self._steps.append((move, used, group))

    def confirm(self, *, seat: int | None = None) -> Play:
        """Confirm the play in progress (the Done button) and pass the turn; returns the play.

        Raises :class:`GameError` outside ``"move"`` or while dice that can be played are left.
        """
        self._expect("move", seat, "confirm")
        if len(self._steps) < self._need:
            more = self._need - len(self._steps)
            raise GameError(f"the play is not complete: {more} more die{'s' if more > 1 else ''} must be played")
        play = self._targets[(self._me, self._them)]
        self._finish(play)
        return play

    def play(self, text: str, *, seat: int | None = None) -> Play:
        """Play the whole roll from notation (``"8/5 6/5"``, ``"bar/22 13/9*"``) and confirm it.

        Steps already made are replaced. Raises :class:`GameError` outside ``"move"``, for the
        wrong ``seat``, or when ``text`` is not a legal play of the roll (the reason is given).
        """
        self._expect("move", seat, "play")
        try:
            play = self._start.parse_play(text, *self._rolled)
        except IllegalPlayError as error:
            raise GameError(str(error)) from error
        self._finish(play)
        return play

    # ----------------------------------------------------------------- actions: cube and resignation

    def double(self, *, seat: int | None = None) -> None:
        """Offer the cube at twice its value; phase ``"cube"`` for the other seat to answer.

        Raises :class:`GameError` when the seat has no cube access: not its turn to roll, the
        cube owned by the other side, the Crawford game, a 1-point match, or the cube at
        ``max_cube``.
        """
        error = self._double_error(seat)
        if error:
            raise GameError(error)
        doubler = self._start.turn
        self.record.append({"type": "double", "seat": doubler, "cube": 2 * self.cube_value})
        self.offer = ("double", doubler)
        self._phase = "cube"

    def take(self, *, seat: int | None = None) -> None:
        """Take the cube offered (a double, beaver or raccoon): it doubles and the original
        doubler rolls next. After a double the taker owns the cube; after a beaver or a raccoon
        it stays with the player who beavered."""
        kind, offerer = self.offer or (None, None)
        taker = self._answer(_CUBE_OFFERS, seat, "take")
        self.record.append({"type": "take", "seat": taker})
        self.cube_value *= 2
        self.cube_owner = offerer if kind == "beaver" else taker
        self.offer = None
        self._phase = "roll"

    def pass_(self, *, seat: int | None = None) -> None:
        """Pass (drop) the cube offered: the other side wins the cube's value before the offer."""
        taker = self._answer(_CUBE_OFFERS, seat, "pass")
        self.record.append({"type": "pass", "seat": taker})
        self.offer = None
        self._end(GameResult(1 - taker, self.cube_value, "pass"))

    drop = pass_

    def beaver(self, *, seat: int | None = None) -> None:
        """Money play with beavers: take the double and at once redouble, keeping the cube.

        The cube goes to twice its value on the beaverer's side, and twice that is offered
        back: the original doubler answers with :meth:`take` (the cube stays with the
        beaverer), :meth:`pass_` (losing the value the double was taken at) or :meth:`raccoon`.
        Backgammon FAQ (Latto, Zehr): the beaverer keeps the cube; the doubler may drop a beaver.
        Raises :class:`GameError` when beavers are off, in a match, or with no double to answer.
        """
        taker = self._answer(("double",), seat, "beaver")
        if not self.beavers:
            raise GameError("beavers are not allowed (money play with beavers=True only)")
        if 4 * self.cube_value > self.max_cube:
            raise GameError(f"a beaver would take the cube above {self.max_cube}")
        self.record.append({"type": "beaver", "seat": taker})
        self.cube_value *= 2
        self.cube_owner = taker
        self.offer = ("beaver", taker)

    def raccoon(self, *, seat: int | None = None) -> None:
        """Answer a beaver by taking it and redoubling at once; the beaverer answers this
        offer with :meth:`take` (keeping the cube) or :meth:`pass_`."""
        doubler = self._answer(("beaver",), seat, "raccoon")
        if 4 * self.cube_value > self.max_cube:
            raise GameError(f"a raccoon would take the cube above {self.max_cube}")
        self.record.append({"type": "raccoon", "seat": doubler})
        self.cube_value *= 2
        self.offer = ("raccoon", doubler)

    def resign(self, points: int = 1, *, seat: int | None = None) -> None:
        """Offer to resign a single game (1), a gammon (2) or a backgammon (3).

        Allowed in ``"roll"`` and ``"move"`` for either seat (default: the seat on roll); the
        other seat answers with :meth:`accept` or :meth:`decline` (phase ``"cube"``). The winner
        would score ``points`` times the cube (Jacoby rule applied).
        """
        if self._phase not in ("roll", "move"):
            raise GameError(f"no resignation in phase {self._phase!r}: only while the game is in play")
        if points not in (1, 2, 3):
            raise GameError(f"a resignation is of 1 (single), 2 (gammon) or 3 (backgammon) points, not {points!r}")
        seat = self._start.turn if seat is None else _check_seat(seat)
        self.record.append({"type": "resign", "seat": seat, "points": points})
        self.offer = ("resign", seat, points)
        self._resume = self._phase
        self._phase = "cube"

    def accept(self, *, seat: int | None = None) -> None:
        """Accept the resignation offered: the game ends."""
        winner = self._answer(("resign",), seat, "accept")
        points = self.offer[2]
        self.record.append({"type": "accept", "seat": winner})
        self.offer = None
        self._end(GameResult(winner, self._value(points), "resigned " + _KINDS[points]))

    def decline(self, *, seat: int | None = None) -> None:
        """Decline the resignation offered: play goes on where it stopped."""
        seat = self._answer(("resign",), seat, "decline")
        self.record.append({"type": "decline", "seat": seat})
        self.offer = None
        self._phase = self._resume

    def apply(self, action: dict) -> None:
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
        if kind == "opening":
            if self._phase != "opening":
                raise GameError(f"an opening roll in phase {self._phase!r}")
            self.roll(_check_dice(action.get("dice")))
        elif kind == "roll":
            if self._phase == "opening":
                raise GameError("the first roll of a game is an 'opening' action")
            self.roll(_check_dice(action.get("dice")), seat=seat)
        elif kind == "move":
            if action.get("play", "") == "" and self._phase != "move" and self.record and \
                    self.record[-1]["type"] == "move" and self.record[-1]["play"] == "":
                return  # the dance was recorded by the roll itself
            self.play(action.get("play", ""), seat=seat)
        elif kind == "resign":
            self.resign(action.get("points", 1), seat=seat)
        elif kind in ("double", "take", "pass", "beaver", "raccoon", "accept", "decline"):
            getattr(self, "pass_" if kind == "pass" else kind)(seat=seat)
        else:
            raise GameError(f"unknown action type {kind!r}")

    # ----------------------------------------------------------------- internals

    def _restore_steps(self, groups) -> None:
        """Redo saved steps of a play in progress, one group per :meth:`move` (for loading).

        ``groups`` is a list of lists of ``[from_point, to_point, die]``; each step is checked.
        """
        for group in groups:
            number = len(self._steps) and self._steps[-1][2] + 1
            for frm, to, die in group:
                route = self._single_route(frm, to, die)
                if route is None:
                    raise GameError(f"saved step {frm}/{to} with a {die} is not legal here")
                self._push_route(route, number)

    def _saved_steps(self) -> list[list[list[int]]]:
        """The steps of the play in progress grouped by :meth:`move`, as :meth:`_restore_steps` reads them."""
        groups: dict[int, list] = {}
        for move, die, group in self._steps:
            groups.setdefault(group, []).append([move.from_point, move.to_point, die])
        return list(groups.values())

    def _push_route(self, route, group: int | None = None) -> None:
        if group is None:
            group = len(self._steps) and self._steps[-1][2] + 1
        for src, dst, used in route:
            self._me, self._them, hit = _step(self._me, self._them, src, dst)
            self._left = _remove(self._left, used)
            self._steps.append((Move(src + 1, dst + 1, hit), used, group))

    def _reset_play(self) -> None:
        self._rolled: tuple[int, int] | None = None
        self._plays: list[Play] = []
        self._targets: dict = {}
        self._need = 0
        self._all_dice: tuple[int, ...] = ()
        self._left: tuple[int, ...] = ()
        self._steps: list[tuple[Move, int, int]] = []
        self._me, self._them = _pair(self._start)
        self._memo: dict = {}

    def _begin(self, dice: tuple[int, int]) -> None:
        """Start playing ``dice`` for the seat on roll; a roll with no legal play is a dance."""
        plays = self._start.legal_plays(*dice)
        if not plays:
            self.record.append({"type": "move", "seat": self._start.turn, "play": ""})
            self.last_play = None
            self._start = self._start.swap()
            self._reset_play()
            self._phase = "roll"
            return
        self._reset_play()
        self._rolled = dice
        self._plays = plays
        self._targets = {_pair(p.result.swap()): p for p in plays}
        self._need = len(plays[0].moves)
        self._all_dice = (dice[0],) * 4 if dice[0] == dice[1] else tuple(sorted(dice))
        self._left = self._all_dice
        self._phase = "move"

    def _finish(self, play: Play) -> None:
        self.record.append({"type": "move", "seat": self._start.turn, "play": str(play)})
        self.last_play = play
        self._start = play.result
        self._reset_play()
        outcome = play.result.outcome()
        if outcome:
            self._end(GameResult(outcome.winner, self._value(outcome.points), _KINDS[outcome.points]))
        else:
            self._phase = "roll"

    def _end(self, result: GameResult) -> None:
        self.result = result
        self._reset_play()
        ends_match = self.match_length and self.score[result.winner] + result.points >= self.match_length
        self._phase = "match-over" if ends_match else "game-over"

    def _value(self, points: int) -> int:
        """What a win of ``points`` (1, 2, 3) is worth with the cube and the Jacoby rule."""
        if self.jacoby and self.match_length == 0 and self.cube_value == 1:
            return 1
        return points * self.cube_value

    def _expect(self, phase: str, seat, action: str) -> None:
        if self._phase != phase:
            raise GameError(_phase_error(action, self._phase))
        if seat is not None and _check_seat(seat) != self._start.turn:
            raise GameError(f"it is {_SEAT_NAMES[self._start.turn]}'s turn, not {_SEAT_NAMES[seat]}'s")

    def _answer(self, offers: tuple[str, ...], seat, action: str) -> int:
        """Check that ``seat`` may answer one of ``offers`` now; returns the answering seat."""
        if self.offer is None or self.offer[0] not in offers:
            names = " or ".join("resignation" if kind == "resign" else kind for kind in offers)
            raise GameError(f"cannot {action}: no {names} has been offered")
        answering = 1 - self.offer[1]
        if seat is not None and _check_seat(seat) != answering:
            raise GameError(f"{_SEAT_NAMES[answering]} must answer the offer, not {_SEAT_NAMES[seat]}")
        return answering

    def _double_error(self, seat) -> str | None:
        if self._phase != "roll":
            return _phase_error("double", self._phase) if self._phase != "move" else \
                "a double comes before rolling, not after"
        if seat is not None and seat != self._start.turn:
            return f"only the seat on roll may double, and that is {_SEAT_NAMES[self._start.turn]}"
        if self.match_length == 1:
            return "there is no cube in a 1-point match"
        if self.crawford:
            return "no doubling in the Crawford game"
        if self.cube_owner is not None and self.cube_owner != self._start.turn:
            return f"the cube belongs to {_SEAT_NAMES[self.cube_owner]}"
        if 2 * self.cube_value > self.max_cube:
            return f"the cube is at its highest value, {self.cube_value}"
        return None

    def _completable(self, me, them, left: tuple[int, ...], need: int) -> bool:
        """Whether ``need`` more steps with dice from ``left`` can reach a legal play."""
        if need == 0:
            return (me, them) in self._targets
        key = (me, them, left)
        if key not in self._memo:
            self._memo[key] = any(
                self._completable(*_step(me, them, src, dst)[:2], _remove(left, die), need - 1)
                for die in set(left)
                for src, dst in _steps(me, them, die)
            )
        return self._memo[key]

    def _routes(self) -> dict[int, dict[int, list[tuple[int, int, int]]]]:
        """``{from_point: {to_point: [(src, dst, die), ...]}}``: the preferred route to each destination.

        Routes move one checker by one or more dice; the preferred one uses the fewest dice,
        then hits nowhere on the way, then the smallest dice first (bearing off: the exact die).
        """
        found: dict[int, dict[int, tuple]] = {}
        need = self._need - len(self._steps)

        def walk(me, them, left, src, route, hits):
            for die in sorted(set(left)):
                for s, dst in _steps(me, them, die):
                    if s != src:
                        continue
                    me2, them2, hit = _step(me, them, src, dst)
                    rest = _remove(left, die)
                    if not self._completable(me2, them2, rest, need - len(route) - 1):
                        continue
                    path = route + [(src, dst, die)]
                    rank = (len(path), hits, tuple(d for _, _, d in path))
                    dests = found.setdefault(route[0][0] + 1 if route else src + 1, {})
                    if dst + 1 not in dests or rank < dests[dst + 1][0]:
                        dests[dst + 1] = (rank, path)
                    if dst >= 0 and len(path) < need:
                        walk(me2, them2, rest, dst, path, hits + hit)

        if need > 0:
            for src in range(25):
                if self._me[src]:
                    walk(self._me, self._them, self._left, src, [], 0)
        return {frm: {to: path for to, (_, path) in dests.items()} for frm, dests in found.items() if dests}

    def _single_route(self, from_point: int, to_point: int, die: int):
        need = self._need - len(self._steps)
        if die not in self._left or need <= 0:
            return None
        src, dst = _index(from_point), _index(to_point)
        if (src, dst) not in _steps(self._me, self._them, die):
            return None
        me2, them2, _ = _step(self._me, self._them, src, dst)
        if not self._completable(me2, them2, _remove(self._left, die), need - 1):
            return None
        return [(src, dst, die)]

    def _step_error(self, from_point, to_point, die, routes) -> str:
        name = {BAR_POINT: "bar", OFF_POINT: "off"}
        text = f"{name.get(from_point, from_point)}/{name.get(to_point, to_point)}"
        dice = "-".join(map(str, self._rolled))
        if from_point == OFF_POINT:
            return "a checker borne off cannot move again"
        if not self._me[_index(from_point)]:
            return f"{text}: the mover has no checker on {name.get(from_point, from_point)}"
        if self._need == len(self._steps):
            return f"{text}: every die of {dice} that can be played has been played"
        legal = ", ".join(
            f"{name.get(f, f)}/{name.get(t, t)}" for f, dests in sorted(routes.items(), reverse=True) for t in dests
        )
        how = f" with a {die}" if die is not None else ""
        return f"{text}{how} is not legal with {dice} here; legal now: {legal}"


def _check_seat(seat) -> int:
    if seat not in (0, 1) or isinstance(seat, bool):
        raise GameError(f"a seat is 0 (bottom) or 1 (top), not {seat!r}")
    return seat


def _check_dice(dice) -> tuple[int, int]:
    try:
        die1, die2 = dice
    except (TypeError, ValueError):
        raise GameError(f"a roll is two dice, not {dice!r}") from None
    for die in (die1, die2):
        if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
            raise GameError(f"a die shows 1 to 6, not {die!r}")
    return die1, die2


def _phase_error(action: str, phase: str) -> str:
    reasons = {
        "opening": "the game has not started: make the opening roll first",
        "roll": "the dice have not been rolled yet",
        "move": "the dice are rolled and must be played first",
        "cube": "an offer waits for an answer",
        "game-over": "the game is over",
        "match-over": "the match is over",
    }
    if action == "roll" and phase == "move":
        return "the dice are already rolled: play them first"
    return f"cannot {action} now: {reasons[phase]}"


def _check_settings(position, rolled, cube_value, cube_owner, match_length, score, crawford,
                    jacoby, beavers, max_cube) -> None:
    if position is not None and not isinstance(position, Position):
        raise GameError(f"position must be a Position, not {type(position).__name__}")
    if rolled is not None:
        if position is None:
            raise GameError("rolled dice need a position to play them from")
        _check_dice(rolled)
    if position is not None and position.outcome():
        raise GameError("the position is already won: nothing to play")
    if not isinstance(max_cube, int) or max_cube < 1 or max_cube & (max_cube - 1):
        raise GameError(f"max_cube is a power of 2, not {max_cube!r}")
    if not isinstance(cube_value, int) or cube_value < 1 or cube_value & (cube_value - 1) or cube_value > max_cube:
        raise GameError(f"the cube shows a power of 2 from 1 to {max_cube}, not {cube_value!r}")
    if cube_owner not in (None, 0, 1):
        raise GameError(f"the cube owner is None (centred), 0 or 1, not {cube_owner!r}")
    if (cube_value == 1) != (cube_owner is None):
        raise GameError(f"a cube at {cube_value} cannot be {'centred' if cube_owner is None else 'owned'}")
    if not isinstance(match_length, int) or match_length < 0:
        raise GameError(f"the match length is a number of points (0 = money play), not {match_length!r}")
    if len(score) != 2 or any(not isinstance(s, int) or s < 0 for s in score):
        raise GameError(f"the score is two numbers of points, not {score!r}")
    if match_length and max(score) >= match_length:
        raise GameError(f"the score {score} already ends a {match_length}-point match")
    if match_length == 1 and cube_value != 1:
        raise GameError("there is no cube in a 1-point match")
    if crawford and (not match_length or match_length - 1 not in score):
        raise GameError("a Crawford game needs a match in which a side is 1-away")
    if match_length and (jacoby or beavers):
        raise GameError("the Jacoby rule and beavers are money-play options, not for a match")
