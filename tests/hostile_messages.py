"""Hostile messages for the game server drawn by hypothesis, and :class:`Fuzz`, the server they attack.

:data:`ATTACKS` draws one :class:`Attack`, written for the room as it stands (:class:`Context`): random
JSON, binary frames, deep nesting, near-valid messages with one field mutated, forged tokens,
actions from the seat not on roll, stale ``seq``\\ s, huge strings, floods of acts, and now and
then the seat's legal action (so that the room moves on through rolls, plays, doubles and
resignations, and the attacks meet every phase). :meth:`Fuzz.step` sends it and checks that a
refused message changed nothing: the attacked room's ``seq``, dice draws, Position ID and Match ID.
Used by tests/test_online_hostile.py (a few hundred attacks) and benchmarks/online_fuzz.py (100,000
messages and more, with honest matches played on the same server meanwhile).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from hypothesis import strategies as st

from bgwidget.online.client import connect, create_room
from bgwidget.online.fairdice import verify
from bgwidget.online.launch import start_server
from bgwidget.online.server import Limits
from online_attacks import Closed, Raw, Table, V, state, table

ROLES = ("mover", "waiting", "spectator", "stranger")
"""The attacking connections: the seat to act, the other seat, a spectator, one that never joined."""

FLOOD = (250, 20)
"""A flood: chunks of 250 messages sent without waiting for their answers, at most 20 of them; the
fuzz server allows 1,000 messages a second after a burst of 300, above what one connection's
question-and-answer traffic reaches, below what a connection that does not wait sends."""


class Context(NamedTuple):
    """The attacked room as it stands: ``code``, seat ``tokens``, ``spectate`` code, last ``seq``,
    the ``legal`` actions of the seat to act (with that seat), and the honest room's codes."""

    code: str
    tokens: tuple[str, str]
    spectate: str
    seq: int
    legal: list[dict[str, Any]]
    honest: tuple[str, str] | None


class Attack(NamedTuple):
    """What to send (``messages``: one, or a flood), from which connection ``role``, and its ``kind``."""

    kind: str
    role: str
    messages: list[Any]


# ---------------------------------------------------------------------- strategies
# Every strategy draws the same way whatever the room's state (hypothesis requires it): it draws a
# plan, a function that writes the attack for the room as it stands.

Plan = Callable[[Context], Attack]

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)
HUGE = st.builds(lambda n, c: c * n, st.integers(1_000, 24_000), st.sampled_from("x\n\x00é日"))
ANY = JSON | HUGE | st.integers(min_value=2**63, max_value=2**200) | st.sampled_from([-1, 0, 1, 2, True, "", [], {}])
TYPES = ("create", "hello", "act", "sync", "download", "event", "welcome", "")
ACTIONS = ("roll", "move", "double", "take", "pass", "resign", "accept", "decline", "stop", "claim", "fly")
OTHER_SEQS = st.sampled_from([-1, 1, 2, 3, -5, 100]) | st.sampled_from(["bool", "none", "text", "float", "missing"])
PICK = st.integers(0, 11)  # an index into a list of the room's state, taken modulo its length


def fixed(attack: Attack) -> Plan:
    return lambda ctx: attack


def deep(n: int, kind: str) -> str:
    return "[" * n + "]" * n if kind == "list" else '{"a":' * n + "1" + "}" * n


GARBAGE = (
    JSON.map(lambda value: fixed(Attack("random JSON", "mover", [value])))
    | st.text(max_size=40).map(lambda text: fixed(Attack("random text", "mover", [text])))
    | st.binary(max_size=40).map(lambda data: fixed(Attack("binary", "spectator", [data])))
    | st.builds(
        lambda n, k: fixed(Attack("deep nesting", "waiting", [deep(n, k)])),
        st.integers(1, 3000),
        st.sampled_from(["list", "dict"]),
    )
    | HUGE.map(lambda pad: fixed(Attack("huge", "mover", [{"v": V, "type": "sync", "pad": pad}])))
)


def templates(ctx: Context) -> list[tuple[str, dict[str, Any]]]:
    """A valid message of every client type for ``ctx``, with the role that would send it."""
    return [
        ("stranger", {"v": V, "type": "create", "settings": {"rules": {"match_length": 3}, "names": ["A", "B"]}}),
        ("stranger", {"v": V, "type": "hello", "room": ctx.code, "spectate": ctx.spectate, "since": ctx.seq}),
        ("mover", {"v": V, "type": "act", "seq": ctx.seq, "action": dict(pick(ctx.legal, 0)), "id": "near"}),
        ("spectator", {"v": V, "type": "sync", "id": "s"}),
        ("waiting", {"v": V, "type": "download", "format": "mat"}),
    ]


def pick(choices: list[Any], index: int) -> Any:
    return choices[index % len(choices)] if choices else {"type": "roll"}


@st.composite
def near_valid(draw: st.DrawFn) -> Plan:
    """A valid message with one field dropped, replaced, added, or (in an act) its action's changed."""
    which, how, key, role = (
        draw(st.integers(0, 4)),
        draw(st.sampled_from(["drop", "replace", "add", "type", "action"])),
        draw(PICK),
        draw(st.sampled_from([None, *ROLES])),
    )
    value = draw(ANY) if how in ("replace", "add", "action") else None
    extra = draw(st.text(max_size=8)) if how == "add" else draw(st.sampled_from(TYPES)) if how == "type" else ""
    field = draw(st.sampled_from(["type", "play", "points", "seat", "dice"])) if how == "action" else ""
    kind = draw(st.sampled_from(ACTIONS)) if how == "action" and draw(st.booleans()) else None

    def plan(ctx: Context) -> Attack:
        sender, message = templates(ctx)[which]
        name = sorted(message)[key % len(message)]
        if how == "drop":
            del message[name]
        elif how == "replace":
            message[name] = value
        elif how == "add":
            message[extra] = value
        elif how == "type":
            message["type"] = extra
        elif "action" in message:
            message["action"][field] = kind if kind is not None else value
        return Attack(f"near-valid ({how})", role or sender, [message])

    return plan


@st.composite
def forged(draw: st.DrawFn) -> Plan:
    """A hello with a made-up token or spectator code, or a real token with its last letter changed."""
    room, field, seat = draw(PICK), draw(st.sampled_from(["token", "spectate"])), draw(st.integers(0, 1))
    text = draw(st.none() | st.text(max_size=40))

    def plan(ctx: Context) -> Attack:
        token = ctx.tokens[seat][:-1] + ("A" if ctx.tokens[seat][-1] != "A" else "B") if text is None else text
        code = pick([ctx.code, *(ctx.honest or ())], room)
        return Attack("forged token", "stranger", [{"v": V, "type": "hello", "room": code, field: token}])

    return plan


def on_seq(ctx: Context, seq: Any) -> dict[str, Any]:
    """``{"seq": ...}``: another seq than the room's, as ``seq`` (an offset or a kind) says."""
    kinds = {"bool": True, "none": None, "text": str(ctx.seq), "float": float(ctx.seq)}
    if seq == "missing":
        return {}
    return {"seq": kinds[seq] if isinstance(seq, str) else ctx.seq + seq}


@st.composite
def acts(draw: st.DrawFn) -> Plan:
    """An action of the room's state (or another of the protocol's) by the seat not on roll, a
    spectator, or the seat on roll with a stale ``seq``."""
    who = draw(st.sampled_from(["wrong seat", "spectator acts", "stale seq"]))
    index, kind = draw(PICK), draw(st.none() | st.sampled_from(ACTIONS))
    seq = draw(OTHER_SEQS) if who == "stale seq" else 0
    role = {"wrong seat": "waiting", "spectator acts": "spectator", "stale seq": "mover"}[who]

    def plan(ctx: Context) -> Attack:
        action = pick(ctx.legal, index) if kind is None else {"type": kind}
        message = {"v": V, "type": "act", **on_seq(ctx, seq), "action": action, "id": who}
        return Attack(who, role, [message])

    return plan


def legal(index: int) -> Plan:
    def plan(ctx: Context) -> Attack:
        return Attack(
            "legal", "mover", [{"v": V, "type": "act", "seq": ctx.seq, "action": pick(ctx.legal, index), "id": "ok"}]
        )

    return plan


def flood(ctx: Context) -> Attack:
    """Acts with a stale ``seq`` sent without reading the answers, until the server closes (:data:`FLOOD`)."""
    return Attack("flood", "flooder", [{"v": V, "type": "act", "seq": ctx.seq - 1, "action": {"type": "roll"}}])


ATTACKS: st.SearchStrategy[Plan] = st.integers(0, 299).flatmap(
    lambda n: (
        st.just(flood)
        if n == 137  # a flood now and then
        else st.one_of(GARBAGE, near_valid(), forged(), acts(), acts(), PICK.map(legal), PICK.map(legal))
    )
)
"""One attack (see the module docstring), as a plan to write for the room as it stands."""


# ---------------------------------------------------------------------- the attacked server


class Fuzz:
    """A server in this process under attack: ``step`` sends an :class:`Attack` and counts what
    came of it (``sent``, ``refused`` by code, ``accepted``, ``closed`` by close code, ``changed``:
    refused messages after which the room was not as before, with ``examples``; ``flooded``: floods
    by the close code that ended them, None for one let through). With ``honest`` a match length,
    two computer players play matches of that length on the same server meanwhile (``matches``
    played; ``honest_failures``: copies that differ, dice that do not verify)."""

    def __init__(self, db: str, honest: int = 0) -> None:
        self.server = start_server(db=db, limits=Limits(rate=1000, burst=300, rooms=5))
        self.url = self.server.url
        self.sent = 0
        self.accepted = 0
        self.refused: Counter[str] = Counter()
        self.closed: Counter[int] = Counter()
        self.flooded: Counter[int | None] = Counter()
        self.in_floods = 0
        self.changed = 0
        self.examples: list[str] = []
        self.matches = 0
        self.honest_failures: list[str] = []
        self.honest_room: tuple[str, str] | None = None
        self._stop = threading.Event()
        self._honest = threading.Thread(target=self._play_honestly, args=(honest,), daemon=True) if honest else None
        self._new_table()
        if self._honest:
            self._honest.start()
            deadline = time.monotonic() + 30
            while self.honest_room is None and time.monotonic() < deadline:
                time.sleep(0.01)

    def failures(self) -> int:
        return self.server.game_server.failures

    def _new_table(self) -> None:
        self.table: Table = table(self.url)
        spectator = Raw(self.url)
        spectator.hello(self.table.code, spectate=self.table.spectate)
        self.links: dict[str, Raw] = {
            "seat0": self.table.seats[0],
            "seat1": self.table.seats[1],
            "spectator": spectator,
        }
        self.links["stranger"] = Raw(self.url)

    def _link(self, role: str) -> Raw:
        """The connection of ``role``, joined as that role once more if an attack changed or closed it."""
        room = self.server.game_server.rooms[self.table.code]
        game = room.match.game
        seat = game.turn if game.phase in ("roll", "move", "cube") else 0
        name = {"mover": f"seat{seat}", "waiting": f"seat{1 - seat}"}.get(role, role)
        if name == "flooder":
            link = Raw(self.url, close_timeout=0.1)  # closed by the server: no need to wait for its close
            link.hello(self.table.code, token=self.table.tokens[1 - seat])
            return link
        link = self.links[name]
        if link.closed is not None or (name == "stranger" and link.room is not None):
            link.close()
            link = self.links[name] = Raw(self.url)
        wanted = (None, None) if name == "stranger" else (self.table.code, {"seat0": 0, "seat1": 1}.get(name))
        if name != "stranger" and (link.room, link.seat) != wanted:
            fields = (
                {"spectate": self.table.spectate} if name == "spectator" else {"token": self.table.tokens[wanted[1]]}
            )
            link.hello(self.table.code, since=room.seq, **fields)
        return link

    def context(self) -> Context:
        room = self.server.game_server.rooms[self.table.code]
        return Context(
            self.table.code, self.table.tokens, self.table.spectate, room.seq, actions(room), self.honest_room
        )

    def step(self, attack: Attack) -> None:
        """Send ``attack``, check the room, and start a new room once this one is over."""
        room = self.server.game_server.rooms[self.table.code]
        link = self._link(attack.role)
        before = state(room)
        if attack.kind == "flood":
            self._flood(link, attack.messages[0], before)
        else:
            try:
                reply = link.answer(attack.messages[0], after=before[0])
                self.sent += 1
            except Closed as closed:
                self.sent += 1
                self.closed[closed.code] += 1
                self._check(room, before, attack, f"closed {closed.code}")
            else:
                if reply["type"] == "error":
                    self.refused[reply["code"]] += 1
                    self._check(room, before, attack, reply["code"])
                else:
                    self.accepted += 1
        if room.ended:
            for old in self.links.values():
                old.close()
            self._new_table()
        elif self.sent % 200 == 0:
            for each in self.links.values():
                each.drain()

    def _flood(self, link: Raw, message: Any, before: tuple[int, int, str, str]) -> None:
        chunk, chunks = FLOOD
        try:
            for _ in range(chunks):
                for _ in range(chunk):
                    link.send(message)
                    self.sent += 1
                    self.in_floods += 1
                self._count(link.drain())
                if link.closed is not None:
                    raise Closed(link.closed)
            while True:  # every answer, then the close (or 2 s of silence: the flood was let through)
                self._count([link.read(timeout=2)])
        except Closed as closed:
            self.flooded[closed.code] += 1
        except TimeoutError:
            self.flooded[None] += 1
        self._check(self.server.game_server.rooms[self.table.code], before, Attack("flood", "", [message]), "flood")
        link.close()

    def _count(self, answers: list[dict[str, Any]]) -> None:
        self.refused.update(answer["code"] for answer in answers if answer["type"] == "error")

    def _check(self, room: Any, before: tuple[int, int, str, str], attack: Attack, outcome: str) -> None:
        if state(room) != before:
            self.changed += 1
            self.examples.append(f"{attack.kind} ({outcome}): {str(attack.messages[0])[:200]}")

    # ----------------------------------------------------------------- the honest players

    def _play_honestly(self, length: int) -> None:
        while not self._stop.is_set():
            ticket = create_room(self.url, length=length, names=("Ann", "Bob"))
            players = [connect(ticket.url, ticket.room, token) for token in ticket.tokens]
            self.honest_room = (ticket.room, ticket.spectate)
            try:
                for future in [player.play_with("easy", background=True) for player in players]:
                    future.result(300)
                players[0].wait_until(lambda room: room.ended is not None)
                players[1].wait_until(lambda room: room.ended is not None)
                copies = [[(e["seq"], e["position_id"], e["match_id"]) for e in p.events] for p in players]
                if not all(player.in_sync for player in players) or copies[0] != copies[1]:
                    self.honest_failures.append(f"room {ticket.room}: the players' copies differ")
                verify(players[0].events)
                self.matches += 1
            except Exception as error:  # reported, not raised in a background thread
                self.honest_failures.append(f"room {ticket.room}: {error!r}")
            finally:
                for player in players:
                    player.close()

    def close(self) -> None:
        self._stop.set()
        if self._honest:
            self._honest.join(300)
        for link in self.links.values():
            link.close()
        self.server.stop()


def actions(room: Any) -> list[dict[str, Any]]:
    """The actions the seat to act may take in ``room`` (a few of each kind; some refused by the
    cube's rules, which only the server knows)."""
    game = room.match.game
    if game.phase in ("opening", "game-over"):
        return [{"type": "roll"}]
    if game.phase == "roll":
        return [
            {"type": "roll"},
            {"type": "roll"},
            {"type": "double"},
            {"type": "resign", "points": 1 + len(room.events) % 3},
        ]
    if game.phase == "move":
        plays = game.legal_plays
        return [{"type": "move", "play": str(play)} for play in plays[:3]]
    if game.offer is not None and game.offer.kind == "resign":
        return [{"type": "accept"}, {"type": "decline"}, {"type": "decline"}]
    return [{"type": "take"}, {"type": "take"}, {"type": "pass"}]
