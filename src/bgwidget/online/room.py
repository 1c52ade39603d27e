"""A room of the game server: one match or money session between two seats, as its events make it.

A :class:`Room` is rebuilt from its event log alone (:meth:`Room.apply`, one event at a time): the
server replays a room's stored events after a restart, and a client mirrors the server's events the
same way, checking after each that its GNU Backgammon Position ID and Match ID are the event's (the
synchronisation check). Only the server decides new events (:meth:`Room.act`): it turns a seat's
intent into an event, rolling the dice (:mod:`bgwidget.online.fairdice`), counting the clocks, and
refusing, with nothing changed, whatever the rules of the game (:mod:`bgwidget.game`, the only judge)
or of the room do not allow.

Seats are 0 and 1 as everywhere in bgwidget (0 the bottom player, who plays from point 24 of their
own numbering); plays are in the mover's numbering, as notation always is. Times are seconds since
the epoch (``time.time()``), clocks in seconds.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bgwidget.checks import is_int
from bgwidget.errors import GameError
from bgwidget.formats import to_match_id
from bgwidget.match import Match
from bgwidget.online import fairdice
from bgwidget.online.protocol import (
    CLIENT_ACTIONS,
    PROTOCOL_VERSION,
    ClockState,
    Event,
    RoomError,
)
from bgwidget.rules import Rules

__all__ = ["MAX_NAME", "ClockSettings", "Room", "RoomSettings"]

MAX_NAME = 40
"""The longest player name, in characters."""

_MAX_PLAY = 64  # the longest play in notation: "bar/22 22/18 18/14 14/10" with hits fits well


@dataclass(frozen=True)
class ClockSettings:
    """A match clock as Backgammon Galaxy runs one: ``delay`` seconds free at each turn, then the
    player's reserve runs down; the reserve is ``reserve`` seconds per point of the match length.
    A player whose reserve runs out loses the match. Counted by the server alone."""

    delay: float = 12.0
    reserve: float = 90.0

    def to_dict(self) -> dict[str, float]:
        """``{"delay": seconds, "reserve": seconds per match point}``."""
        return {"delay": self.delay, "reserve": self.reserve}


@dataclass(frozen=True)
class RoomSettings:
    """What a room is created with: the ``rules`` (a match length, 0 for money play), the
    ``names`` ``(seat 0, seat 1)``, an optional ``clock`` (matches only), ``hold``: how many
    seconds a dropped player's seat is held before the opponent may claim the match; ``tools``:
    whether the boards in the room offer Hint, rollouts and set-up during play (False: only once
    the room is over, with review and export; both players see the setting)."""

    rules: Rules = field(default_factory=Rules)
    names: tuple[str, str] = ("Player 1", "Player 2")
    clock: ClockSettings | None = None
    hold: float = 600.0
    tools: bool = False

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"rules": {...}, "names": [..], "clock": {...} or None, "hold": s, "tools": bool}``."""
        return {
            "rules": self.rules.to_dict(),
            "names": list(self.names),
            "clock": self.clock.to_dict() if self.clock else None,
            "hold": self.hold,
            "tools": self.tools,
        }

    @classmethod
    def from_dict(cls, data: Any) -> RoomSettings:
        """Settings from a client's ``create`` message or :meth:`to_dict`; raises :class:`RoomError`
        (reason ``"invalid"``, the detail in English) for anything out of range."""
        if not isinstance(data, dict):
            raise _bad("the settings are an object")
        unknown = set(data) - {"rules", "names", "clock", "hold", "tools"}
        if unknown:
            raise _bad(f"unknown settings: {', '.join(sorted(map(str, unknown)))}")
        try:
            rules = Rules.from_dict(data.get("rules", {}))
        except GameError as error:
            raise _bad(str(error)) from None
        names = data.get("names", ["Player 1", "Player 2"])
        if not isinstance(names, list) or len(names) != 2:
            raise _bad("names are a list of two names")
        clock = data.get("clock")
        if clock is not None:
            if rules.is_money:
                raise _bad("a clock counts a reserve per match point: it needs a match length")
            if not isinstance(clock, dict) or set(clock) - {"delay", "reserve"}:
                raise _bad("a clock is {'delay': seconds, 'reserve': seconds per point}")
            delay, reserve = clock.get("delay", 12.0), clock.get("reserve", 90.0)
            if not _number(delay, 0, 600) or not _number(reserve, 0, 3600):
                raise _bad("a clock's delay is 0 to 600 seconds and its reserve 0 to 3600 seconds per point")
            clock = ClockSettings(float(delay), float(reserve))
        hold = data.get("hold", 600.0)
        if not _number(hold, 1, 86400):
            raise _bad("a seat is held 1 to 86400 seconds")
        tools = data.get("tools", False)
        if not isinstance(tools, bool):
            raise _bad("tools is true or false")
        return cls(rules, (check_name(names[0]), check_name(names[1])), clock, float(hold), tools)


def check_name(name: object) -> str:
    """``name`` stripped, when it is a player's name: 1 to :data:`MAX_NAME` characters, none of
    them a control character (a name is written into match files, one per line); raises
    :class:`RoomError` (``"bad-name"``) otherwise."""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
        raise RoomError(reason="bad-name", longest=MAX_NAME)
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise RoomError(reason="bad-name", longest=MAX_NAME)
    return name.strip()


class Room:
    """A room as its events make it (see the module docstring).

    ``code`` is the room's short code. A server's room also holds its ``server_seed`` (the secret
    the dice come from); a client's mirror does not, and cannot :meth:`act`.
    """

    def __init__(self, code: str, server_seed: str | None = None) -> None:
        self.code = code
        self.server_seed = server_seed
        self.events: list[Event] = []
        """Every event so far, ``seq`` 1, 2, ... in order."""
        self.settings = RoomSettings()
        self.match = Match()
        """The match or money session played in the room (its games, score, names)."""
        self.commitment = ""
        """The hex SHA-256 of the server seed, published in the first event."""
        self.client_seeds: list[str | None] = [None, None]
        """Each seat's client seed once the seat is taken (public)."""
        self.draws = 0
        """The number of dice draws made so far (the next draw's ``k``)."""
        self.ended: dict[str, Any] | None = None
        """The ``end`` event's action once the room is over: ``winner`` (a seat, None for a money
        session), ``reason`` (``"match"``, ``"stop"``, ``"timeout"``, ``"forfeit"``), ``server_seed``."""
        self.clock: ClockState | None = None
        """The clocks after the last event (rooms with a clock): reserves, whose runs, since when."""
        self.away_since: list[float | None] = [None, None]
        """When each seat's last connection dropped (the server sets it; not part of the log)."""

    @classmethod
    def replayed(cls, code: str, events: Iterable[Event], server_seed: str | None = None) -> Room:
        """The room ``code`` rebuilt from its ``events`` (a server's stored log, with its
        ``server_seed``; a client's snapshot, without). Raises :class:`RoomError` as :meth:`apply`."""
        room = cls(code, server_seed)
        for event in events:
            room.apply(event)
        return room

    # ----------------------------------------------------------------- reading

    @property
    def seq(self) -> int:
        """The ``seq`` of the last event (0 before the first)."""
        return len(self.events)

    @property
    def seated(self) -> tuple[bool, bool]:
        """Whether each seat has been taken by a player."""
        return (self.client_seeds[0] is not None, self.client_seeds[1] is not None)

    def ids(self) -> tuple[str, str]:
        """The current game's GNU Backgammon Position ID (seen by the seat on roll) and Match ID."""
        game = self.match.game
        return game.start_position.position_id(), to_match_id(game)

    def deadline(self) -> float | None:
        """When the running clock runs out (seconds since the epoch), or None when none runs."""
        clock, settings = self.clock, self.settings.clock
        if clock is None or settings is None or clock["running"] is None or self.ended:
            return None
        return clock["since"] + settings.delay + clock["reserves"][clock["running"]]

    # ----------------------------------------------------------------- the log

    def apply(self, event: Event) -> None:
        """Replay one event of the log (the next ``seq``), checking its IDs after it.

        Raises :class:`RoomError` (``"out-of-sync"``) when the event does not follow (its ``seq``),
        is not an action this room can take, or leaves another position or match state than the
        event says; a :class:`~bgwidget.errors.GameError` from the game is reported the same way.
        """
        if not isinstance(event, dict) or event.get("seq") != self.seq + 1:
            seq = event.get("seq") if isinstance(event, dict) else None
            raise RoomError(f"event {seq!r} after {self.seq}", reason="out-of-sync")
        try:
            self._perform(event.get("seat"), event["action"])
        except (GameError, KeyError, TypeError, ValueError) as error:
            raise RoomError(f"event {event['seq']}: {error}", reason="out-of-sync") from None
        if "clock" in event:
            self.clock = event["clock"]
        self.events.append(event)
        if [event.get("position_id"), event.get("match_id")] != list(self.ids()):
            raise RoomError(f"event {event['seq']}: the IDs differ", reason="out-of-sync")

    def _perform(self, seat: int | None, action: dict[str, Any]) -> None:
        """Change the room by one action; raises (GameError, RoomError) before changing anything."""
        kind = action["type"]
        game = self.match.game
        if kind == "room":
            if self.events:
                raise RoomError("a second room event", reason="out-of-sync")
            self.settings = RoomSettings.from_dict(action["settings"])
            self.commitment = action["commitment"]
            # the seed of the games' own dice, never used here (the server rolls): the code, the same in every copy
            self.match = Match.with_rules(self.settings.rules, seed=self.code, names=self.settings.names)
            if self.settings.clock:
                reserve = self.settings.clock.reserve * self.settings.rules.match_length
                self.clock = {"reserves": [reserve, reserve], "running": None, "since": 0.0}
        elif kind == "seat":
            names = list(self.match.names)
            names[action["seat"]] = check_name(action["name"])
            self.match.set_names((names[0], names[1]))
            self.client_seeds[action["seat"]] = action["seed"]
        elif kind == "opening":
            if game.phase == "game-over":
                game = self.match.new_game()
            game.apply({"type": "opening", "dice": action["dice"]})
            self.draws += len(action["draws"])
        elif kind == "roll":
            game.apply({"type": "roll", "dice": action["dice"], "seat": seat})
            self.draws += 1
        elif kind == "move":  # not Game.apply, whose replay skips an empty play after a dance
            game.play(action["play"], seat=seat)
        elif kind in ("stop", "claim", "timeout"):
            pass  # the end event that follows says who won
        elif kind == "end":
            self.ended = dict(action)
        else:
            game.apply({**action, "seat": seat})

    # ----------------------------------------------------------------- the server's decisions

    def start(self, settings: RoomSettings, now: float) -> Event:
        """The room's first event: its settings and the commitment to the server seed."""
        assert self.server_seed is not None and not self.events
        action = {"type": "room", "settings": settings.to_dict(), "commitment": fairdice.commitment(self.server_seed)}
        return self._event(None, action, now)

    def take_seat(self, seat: int, name: object, seed: object, now: float) -> Event:
        """The event of ``seat`` taken by a player with client ``seed`` (and ``name``, else the
        room's). Raises :class:`RoomError` for a seat already taken or a bad name or seed."""
        if self.client_seeds[seat] is not None:
            raise RoomError(reason="seat-taken")
        if not isinstance(seed, str) or not 1 <= len(seed) <= fairdice.MAX_CLIENT_SEED or not seed.isprintable():
            raise RoomError(reason="bad-seed", longest=fairdice.MAX_CLIENT_SEED)
        chosen = self.match.names[seat] if name is None else check_name(name)
        return self._event(seat, {"type": "seat", "seat": seat, "name": chosen, "seed": seed}, now)

    def act(self, seat: int | None, intent: Any, seq: Any, now: float) -> list[Event]:
        """The events of ``seat``'s ``intent`` (a client action, see
        :data:`~bgwidget.online.protocol.CLIENT_ACTIONS`), made on the room as of event ``seq``.

        Returns the new events (the action's, and the ``end`` event when it ends the room), already
        applied. Raises :class:`RoomError` or :class:`~bgwidget.errors.GameError` with the rule that
        refuses it (a spectator, a stale ``seq``, out of turn, an illegal play...), nothing changed.
        """
        if self.ended:
            raise RoomError(reason="room-over")
        if seat is None:
            raise RoomError(reason="spectator")
        if not is_int(seq) or seq != self.seq:
            raise RoomError(reason="stale", seq=self.seq)
        action = self._checked(seat, intent, now)
        events = [self._event(seat, action, now)]
        ending = self._ending(seat, action)
        if ending is not None:
            events.append(self._event(None, ending, now))
        return events

    def time_out(self, now: float) -> list[Event]:
        """The ``timeout`` and ``end`` events when the running clock has run out at ``now``, else []."""
        deadline = self.deadline()
        if deadline is None or now < deadline:
            return []
        clock = self.clock
        assert clock is not None
        loser = clock["running"]
        assert loser is not None
        events = [self._event(loser, {"type": "timeout", "seat": loser}, now)]
        events.append(self._event(None, self._end(1 - loser, "timeout"), now))
        return events

    def resume(self, now: float) -> None:
        """After a restart: the running clock starts again at ``now``, the time the server was down
        not counted; every seat counts as away from ``now``."""
        if self.clock is not None and self.clock["running"] is not None:
            self.clock = {**self.clock, "since": now}
        self.away_since = [now, now]

    def _checked(self, seat: int, intent: Any, now: float) -> dict[str, Any]:
        """The event action for ``seat``'s ``intent``, its dice drawn; raises as :meth:`act` says."""
        if not isinstance(intent, dict) or intent.get("type") not in CLIENT_ACTIONS:
            raise RoomError(reason="bad-action", actions=", ".join(CLIENT_ACTIONS))
        kind = intent["type"]
        game = self.match.game
        if kind == "roll":
            if not all(self.seated):
                raise RoomError(reason="waiting-opponent")
            if game.phase in ("opening", "game-over"):
                return self._opening()
            dice = self._draw(self.draws)  # the game refuses a roll out of turn; the draw is used once it takes it
            action = {"type": "roll", "dice": list(dice), "k": self.draws}
        elif kind == "stop":
            if not self.match.rules.is_money:
                raise RoomError(reason="stop-in-match")
            if game.phase not in ("opening", "game-over"):
                raise GameError(reason="game-in-play")
            return {"type": "stop", "seat": seat}
        elif kind == "claim":
            self._check_claim(seat, now)
            return {"type": "claim", "seat": seat}
        else:
            action = {"type": kind}
            if kind == "move":
                play = intent.get("play")
                if not isinstance(play, str) or len(play) > _MAX_PLAY:
                    raise GameError(reason="notation", move=str(play)[:_MAX_PLAY])
                action["play"] = play
            elif kind == "resign":
                points = intent.get("points", 1)
                if not is_int(points) or points not in (1, 2, 3):
                    raise RoomError(reason="bad-resign")
                action["points"] = points
        return action

    def _opening(self) -> dict[str, Any]:
        """The opening roll: draws until they are not a tie (every draw is published)."""
        first = self.draws
        draws = [self._draw(first)]
        while draws[-1][0] == draws[-1][1]:
            draws.append(self._draw(first + len(draws)))
        return {"type": "opening", "dice": list(draws[-1]), "draws": [list(d) for d in draws], "k": first}

    def _draw(self, k: int) -> tuple[int, int]:
        assert self.server_seed is not None, "only the server rolls"
        seeds = self.client_seeds
        assert seeds[0] is not None and seeds[1] is not None
        return fairdice.draw(self.server_seed, (seeds[0], seeds[1]), k)

    def _check_claim(self, seat: int, now: float) -> None:
        if not all(self.seated):
            raise RoomError(reason="waiting-opponent")
        away = self.away_since[1 - seat]
        if away is None:
            raise RoomError(reason="opponent-here")
        if now - away < self.settings.hold:
            raise RoomError(reason="claim-early", seconds=math.ceil(self.settings.hold - (now - away)))

    def _ending(self, seat: int, action: dict[str, Any]) -> dict[str, Any] | None:
        """The ``end`` action that follows ``action`` when it ends the room, else None."""
        if action["type"] == "stop":
            return self._end(None, "stop")
        if action["type"] == "claim":
            return self._end(seat, "forfeit")
        if self.match.is_over:
            return self._end(self.match.winner, "match")
        return None

    def _end(self, winner: int | None, reason: str) -> dict[str, Any]:
        return {"type": "end", "winner": winner, "reason": reason, "server_seed": self.server_seed}

    def _event(self, seat: int | None, action: dict[str, Any], now: float) -> Event:
        """Apply ``action`` and return its event, stamped with ``seq``, the time, the IDs and the clocks."""
        self._perform(seat, action)
        event: Event = {
            "v": PROTOCOL_VERSION,
            "type": "event",
            "room": self.code,
            "seq": self.seq + 1,
            "seat": seat,
            "action": action,
            "time": now,
            "position_id": "",
            "match_id": "",
        }
        event["position_id"], event["match_id"] = self.ids()
        if self.clock is not None:
            self.clock = self._clock_after(now, declined=action["type"] == "decline")
            event["clock"] = self.clock
        self.events.append(event)
        return event

    def _clock_after(self, now: float, declined: bool = False) -> ClockState:
        """The clocks after an event at ``now``: the stint that ends is charged beyond the delay. A
        turn given back by a declined resignation has no new delay: offering one again and again
        would otherwise stop the clock."""
        clock, settings = self.clock, self.settings.clock
        assert clock is not None and settings is not None
        reserves = list(clock["reserves"])
        running = clock["running"]
        game = self.match.game
        after = None if self.ended or game.phase not in ("roll", "move", "cube") else game.turn
        if running is not None and after != running:
            reserves[running] = max(0.0, reserves[running] - max(0.0, now - clock["since"] - settings.delay))
        since = clock["since"] if running is not None and after == running else now
        if declined and after is not None:
            since = now - settings.delay
        return {"reserves": reserves, "running": after, "since": since}


def _number(value: object, low: float, high: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high


def _bad(detail: str) -> RoomError:
    return RoomError(f"room settings: {detail}")  # a program's call: reason "invalid", said in English
