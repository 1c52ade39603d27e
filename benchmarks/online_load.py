"""The game server under load, and under kill -9: latency, throughput, memory, nothing lost.

The server runs as in production, a subprocess (``python -m bgwidget.server``) on 127.0.0.1 with a
fresh SQLite file in a temporary folder; this process drives it with asyncio clients
(:class:`bgwidget.online.client.RoomConnection`), two per room, each applying every event to its
own copy of the room as a player's board does. The bots are cheap so that the server is what is
measured: a uniformly random legal play (the ``"easy"`` level's policy: never doubles, always
takes); seat 0 rolls each game's opening. Before each action a bot waits ``--think`` seconds on
average (uniform 0 to twice that; 0: as fast as it can, the server saturated).

Load (``--rooms N``): the rooms are created and both seats joined first, in batches (not measured);
then all bots play at once until every match ends (or ``--duration`` seconds). For every action:
the time from its client sending it to its event received by both clients of the room
(``time.perf_counter``). Printed: p50/p95/p99/max in ms; actions a second (events the server
accepted / wall time); matches finished; the server's RSS (``VmRSS`` of ``/proc/PID/status``)
before the rooms and at its peak, per room; the server's CPU time (``utime + stime`` of
``/proc/PID/stat``) per action.

Fairness: the bots, their 2N clients and the server share this machine's cores. The table gives
this process's CPU time (bots and clients) beside the server's, and the lag of this process's event
loop (how late a 10 ms timer fires): a latency is partly the clients' own when their process nears
a whole core. This process runs without Python's cyclic garbage collector while the bots play: with
2N copies of rooms its full collections stop every client for up to 0.2 s, which the latencies
would otherwise count against the server (the server keeps its collector, as it runs in use).

Chaos (``--kill K``): the same run, during which the server is killed (SIGKILL) K times at random
moments (0.5 to 3 s apart) and started again at once on the same port and database; the clients
reconnect by themselves. Once the bots stop, the clients catch up with the stored logs, the server
stops, and: (a) every event any client received is in the database (table ``events``), the same;
(b) each room's match replayed from its stored log (:func:`bgwidget.online.server.rebuild`) equals
both clients' copies (their :func:`~bgwidget.formats.to_json` but each copy's own unused dice seed),
and both clients' logs are the stored one; (c) every client resumed after the last restart (its room ended, or it
received events after it), and :func:`bgwidget.online.verify` passes on every finished room's log.

Run from the repository root (each prints its table)::

    PYTHONPATH=src .venv/bin/python benchmarks/online_load.py --rooms 100
    PYTHONPATH=src .venv/bin/python benchmarks/online_load.py --rooms 500 --duration 60
    PYTHONPATH=src .venv/bin/python benchmarks/online_load.py --rooms 500 --think 1 --duration 60
    PYTHONPATH=src .venv/bin/python benchmarks/online_load.py --rooms 500 --think 2 --duration 60
    PYTHONPATH=src .venv/bin/python benchmarks/online_load.py --rooms 100 --kill 20

On the 2-core development machine (2026-12-03, after a play is parsed against the roll's plays the
game has), in that order: 100 rooms at full speed, p95 45 ms, 1943 events/s, 0.38 ms of server CPU
an action, 484 KiB a room at the end of its match (the clients' process then uses a whole core);
500 rooms at full speed, p95 360 ms (saturated: each action waits behind the other rooms'), 1705
events/s; 500 rooms at a 1 s pace, p95 6.6 ms (p99 81 ms), 486 events/s, 130 KiB a room; 20 kills
at 100 rooms: 0 events lost, 0 replays differing, 0 verify failures, every client resumed, restarts
of 2.1 s median. The p99 is the server's own full garbage collections; a restart replays every open
room's log, so it grows with the rooms in play.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import resource
import signal
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from bgwidget.formats import to_json  # noqa: E402
from bgwidget.match import Match  # noqa: E402
from bgwidget.online import DiceProofError, verify  # noqa: E402
from bgwidget.online.connection import ConnectionLost, RoomConnection, create_room_async  # noqa: E402
from bgwidget.online.server import rebuild  # noqa: E402
from bgwidget.online.store import SQLiteStore  # noqa: E402
from bgwidget.refusal import Refusal  # noqa: E402

BOT = "a random legal play (the easy level's policy), seat 0 rolling the openings"
BATCH = 50  # rooms created and joined at once while ramping up
CLIENT_TIMEOUT = 30.0  # seconds a client waits for an answer (a saturated or restarting server)
STALL = 60.0  # seconds without any event after which a run stops as stuck


# ---------------------------------------------------------------------- the server process


class ServerProcess:
    """``python -m bgwidget.server`` on 127.0.0.1 with the database ``db``: started on a free
    port, then always again on the same one. ``restarts`` counts the starts after the first."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = 0
        self.restarts = -1
        self.started = 0.0
        """When it last listened (``time.perf_counter``)."""
        self.process: asyncio.subprocess.Process | None = None
        self.log = open(db.parent / "server.log", "ab")  # noqa: SIM115 (open for the whole run)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def start(self) -> None:
        """Start the server and wait for its line "bgwidget game server on ws://127.0.0.1:PORT..."."""
        command = ["-m", "bgwidget.server", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db)]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, *command, stdout=asyncio.subprocess.PIPE, stderr=self.log, env=env
        )
        assert self.process.stdout is not None
        line = (await asyncio.wait_for(self.process.stdout.readline(), 60)).decode()
        found = re.search(r"game server on .*127\.0\.0\.1(?:', |:)(\d+)", line)  # ws://H:P, or ('H', P)
        if found is None:
            raise RuntimeError(f"the server did not start (see {self.db.parent / 'server.log'}): {line!r}")
        self.port = int(found[1])
        self.restarts += 1
        self.started = time.perf_counter()

    async def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as a crash or ``kill -9``."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> None:
        """SIGINT, the server's own way out (Ctrl-C); SIGKILL after 10 s."""
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        try:
            await asyncio.wait_for(self.process.wait(), 10)
        except asyncio.TimeoutError:
            await self.kill()
        self.log.close()

    def rss_kib(self) -> int:
        """The server's resident memory (``VmRSS``), KiB."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def cpu_seconds(self) -> float:
        """The server's CPU time so far, user and system."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------- measuring


@dataclass
class Record:
    """What the clients saw: send times per ``(room, seq)``, arrivals, latencies (s), and in a
    chaos run every event body received (JSON text, ``reply_to`` left out)."""

    keep_bodies: bool = False
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    arrivals: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    bodies: dict[tuple[str, int], set[str]] = field(default_factory=dict)
    refused: dict[str, int] = field(default_factory=dict)
    """Actions not timed, by why: the refusal's reason, or the connection lost, or no answer in time."""
    last_event: float = field(default_factory=time.perf_counter)

    def arrived(self, code: str, event: dict[str, Any]) -> None:
        """One client received ``event``: the action's latency once both clients have it."""
        now = self.last_event = time.perf_counter()
        key = (code, event["seq"])
        times = self.arrivals.setdefault(key, [])
        times.append(now)
        if len(times) == 2:
            del self.arrivals[key]
            if key in self.sent:
                self.latencies.append(now - self.sent.pop(key))
        if self.keep_bodies:
            body = {k: v for k, v in event.items() if k != "reply_to"}
            self.bodies.setdefault(key, set()).add(json.dumps(body, sort_keys=True))


class Sampler:
    """This process's event-loop lag, sampled every 10 ms, and the server's peak RSS every 250 ms."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.peak_kib = 0
        self.lags: list[float] = []

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            if len(self.lags) % 25 == 0:
                with contextlib.suppress(OSError, RuntimeError):  # between a kill and the restart
                    self.peak_kib = max(self.peak_kib, self.server.rss_kib())
            planned = loop.time() + 0.01
            await asyncio.sleep(0.01)
            self.lags.append(loop.time() - planned)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest rank; NaN for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# ---------------------------------------------------------------------- the bots


class Seat:
    """One bot at one seat of room ``code``: its random generator, its client connection (once
    :meth:`open`), and when it last received an event."""

    def __init__(self, code: str, record: Record, rng: random.Random) -> None:
        self.code = code
        self.record = record
        self.rng = rng
        self.last_event = 0.0
        self.connection: RoomConnection

    async def open(self, url: str, token: str, seed: str) -> Seat:
        connection = RoomConnection(
            url, self.code, token=token, seed=seed, timeout=CLIENT_TIMEOUT, on_event=self.arrived
        )
        self.connection = await connection.open()
        return self

    def arrived(self, event: Any) -> None:
        self.last_event = time.perf_counter()
        self.record.arrived(self.code, event)


def bot_action(connection: RoomConnection, rng: random.Random) -> dict[str, Any] | None:
    """The bot's action for its seat now, or None when it is not its to act."""
    room, game = connection.room, connection.game
    if room.ended or not connection.in_sync or not all(room.seated):
        return None
    if game.phase in ("opening", "game-over"):
        return {"type": "roll"} if connection.seat == 0 else None
    if game.turn != connection.seat:
        return None
    if game.phase == "roll":
        return {"type": "roll"}
    if game.phase == "move":
        assert game.rolled is not None
        plays = game.start_position.legal_plays(*game.rolled)  # a roll without one is a dance, passed
        return {"type": "move", "play": str(rng.choice(plays))}
    if game.phase == "cube":
        offer = game.offer
        return {"type": "accept" if offer is not None and offer.kind == "resign" else "take"}
    return None


async def play_seat(seat: Seat, record: Record, think: float, stop: asyncio.Event) -> None:
    """Play the seat until its room ends or ``stop`` is set."""
    connection = seat.connection
    while not connection.ended and not stop.is_set():
        action = bot_action(connection, seat.rng)
        if action is None:
            await connection.changed(1.0)
            continue
        if think:
            seq = connection.room.seq
            await asyncio.sleep(seat.rng.uniform(0, 2 * think))
            if connection.room.seq != seq:
                continue
        key = (connection.code, connection.room.seq + 1)
        record.sent[key] = time.perf_counter()
        try:
            await connection.act(action)
        except (Refusal, ConnectionLost, asyncio.TimeoutError) as error:
            record.sent.pop(key, None)  # refused, or unknown whether made: not timed
            why = getattr(error, "reason", type(error).__name__)
            record.refused[why] = record.refused.get(why, 0) + 1
            await connection.changed(1.0)


async def open_room(url: str, length: int, index: int, record: Record, seed: int) -> list[Seat]:
    """A new room with both seats taken by bots (seat 0 first)."""
    settings = {"rules": {"match_length": length}, "names": [f"Ann {index}", f"Bob {index}"]}
    ticket = await create_room_async(url, settings, timeout=CLIENT_TIMEOUT)
    seats = []
    for s in (0, 1):
        seat = Seat(ticket.room, record, random.Random(f"{seed}-{index}-{s}"))
        seats.append(await seat.open(url, ticket.tokens[s], f"bench-{seed}-{index}-{s}"))
    return seats


async def open_rooms(url: str, rooms: int, length: int, record: Record, seed: int) -> list[list[Seat]]:
    """``rooms`` rooms, :data:`BATCH` at a time so that connecting is not what is measured."""
    opened: list[list[Seat]] = []
    for start in range(0, rooms, BATCH):
        batch = range(start, min(rooms, start + BATCH))
        opened += await asyncio.gather(*(open_room(url, length, i, record, seed) for i in batch))
    return opened


async def close_all(seats: Iterable[Seat]) -> None:
    for seat in seats:
        await seat.connection.close()


# ---------------------------------------------------------------------- a run


@dataclass
class Outcome:
    """What a run measured (see :func:`load_table` and :func:`chaos_table`)."""

    rooms: int
    wall: float
    events: int
    finished: int
    latencies: list[float]
    refused: dict[str, int]
    rss_before: int
    rss_peak: int
    server_cpu: float
    client_cpu: float
    lags: list[float]
    reconnections: int
    kills: int = 0
    restarts: int = 0
    downtimes: list[float] = field(default_factory=list)
    checks: dict[str, int] = field(default_factory=dict)


async def kill_repeatedly(server: ServerProcess, kills: int, rng: random.Random) -> list[float]:
    """Kill the server ``kills`` times, 0.5 to 3 s apart, each time starting it again at once;
    returns how long each restart took (killed to listening again, s)."""
    downtimes = []
    for _ in range(kills):
        await asyncio.sleep(rng.uniform(0.5, 3.0))
        killed = time.perf_counter()
        await server.kill()
        await server.start()
        downtimes.append(time.perf_counter() - killed)
    return downtimes


async def play_until_done(
    rooms: list[list[Seat]], record: Record, args: argparse.Namespace, stop: asyncio.Event
) -> None:
    """Let every bot play until all matches end, ``--duration`` passes, or nothing moves for :data:`STALL` s."""
    bots = [asyncio.create_task(play_seat(seat, record, args.think, stop)) for room in rooms for seat in room]
    end = None if args.duration is None else time.perf_counter() + args.duration
    while not all(task.done() for task in bots):
        now = time.perf_counter()
        if (end is not None and now >= end) or now - record.last_event > STALL:
            break
        await asyncio.sleep(0.1)
    stop.set()
    await asyncio.gather(*bots)


async def run(args: argparse.Namespace, folder: Path) -> Outcome:
    """One load (or chaos) run; the server stopped and the clients closed when it returns."""
    server = ServerProcess(folder / "rooms.db")
    await server.start()
    sampler = Sampler(server)
    sampling = asyncio.create_task(sampler.run())
    await asyncio.sleep(0.3)
    rss_before = server.rss_kib()
    record = Record(keep_bodies=args.kill > 0)
    rooms = await open_rooms(server.url, args.rooms, args.length, record, args.seed)
    seq_before = sum(room[0].connection.room.seq for room in rooms)
    cpu_server, cpu_client, started = server.cpu_seconds(), time.process_time(), time.perf_counter()
    sampler.lags.clear()
    stop = asyncio.Event()
    killer = asyncio.create_task(kill_repeatedly(server, args.kill, random.Random(args.seed)))
    gc.collect()
    gc.disable()  # the clients' pauses (up to 0.2 s over 2N copies of rooms) are not the server's latency
    try:
        await play_until_done(rooms, record, args, stop)
    finally:
        gc.enable()
    downtimes = await killer  # a short run waits for its last restart
    wall = time.perf_counter() - started
    server_cpu = server.cpu_seconds() - cpu_server if args.kill == 0 else float("nan")
    client_cpu = time.process_time() - cpu_client
    lags = list(sampler.lags)
    sampling.cancel()
    if args.kill:
        await caught_up(rooms, server.db)
    events = sum(max(s.connection.room.seq for s in room) for room in rooms) - seq_before
    outcome = Outcome(
        rooms=args.rooms,
        wall=wall,
        events=events,
        finished=sum(room[0].connection.ended is not None for room in rooms),
        latencies=record.latencies,
        refused=record.refused,
        rss_before=rss_before,
        rss_peak=sampler.peak_kib,
        server_cpu=server_cpu,
        client_cpu=client_cpu,
        lags=lags,
        reconnections=sum(seat.connection.reconnections for room in rooms for seat in room),
        kills=args.kill,
        restarts=server.restarts,
        downtimes=downtimes,
    )
    await close_all(seat for room in rooms for seat in room)
    await server.stop()
    if args.kill:
        outcome.checks = check_chaos(rooms, record, server)
    return outcome


# ---------------------------------------------------------------------- chaos checks


def stored_seqs(db: Path) -> dict[str, int]:
    """Each room's last stored ``seq``, read from the database opened read-only."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        return dict(connection.execute("SELECT code, MAX(seq) FROM events GROUP BY code").fetchall())


async def caught_up(rooms: list[list[Seat]], db: Path, timeout: float = 60.0) -> None:
    """Wait until every client holds its room's whole stored log (the server still running)."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        stored = stored_seqs(db)
        if all(seat.connection.room.seq == stored[room[0].connection.code] for room in rooms for seat in room):
            return
        await asyncio.sleep(0.2)


def as_played(match: Match) -> dict[str, Any]:
    """:func:`~bgwidget.formats.to_json` of a match but the seed of its own dice generator (each
    copy has its own; a room's dice come from its events): the rules, names, games' records."""
    data = json.loads(to_json(match))
    del data["match"]["seed"]
    for game in data["games"]:
        del game["dice"]
    return dict(data)


def without_replies(events: list[Any]) -> list[dict[str, Any]]:
    """A client's log as the server stored it: the ``reply_to`` its own actions came back with left out."""
    return [{k: v for k, v in event.items() if k != "reply_to"} for event in events]


def check_chaos(rooms: list[list[Seat]], record: Record, server: ServerProcess) -> dict[str, int]:
    """The invariants of a chaos run, counted (every count but ``events stored`` must be 0). A client
    resumed when its room ended or it received an event after the last restart."""
    db = server.db
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as connection:
        rows = connection.execute("SELECT code, seq, body FROM events").fetchall()
    stored = {(code, seq): json.dumps(json.loads(body), sort_keys=True) for code, seq, body in rows}
    lost = sum(1 for key, bodies in record.bodies.items() if bodies != {stored.get(key)})
    store = SQLiteStore(str(db))
    differ = verify_failures = not_resumed = 0
    for room in rooms:
        code = room[0].connection.code
        log = store.load(code)
        assert log is not None
        replay = as_played(rebuild(log).match)
        copies = [seat.connection for seat in room]
        not_resumed += sum(1 for seat in room if seat.connection.ended is None and seat.last_event < server.started)
        if any(as_played(c.match) != replay or without_replies(c.events) != log.events for c in copies):
            differ += 1
        if log.events[-1]["action"]["type"] == "end":
            try:
                verify(log.events)
            except DiceProofError:
                verify_failures += 1
    store.close()
    return {
        "events stored": len(stored),
        "events lost": lost,
        "rooms whose replay differs": differ,
        "verify failures": verify_failures,
        "clients that did not resume": not_resumed,
    }


# ---------------------------------------------------------------------- tables


def print_table(title: str, rows: list[tuple[str, str]]) -> None:
    width = max(len(name) for name, _ in rows)
    print(title)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")


def load_table(outcome: Outcome, args: argparse.Namespace) -> list[tuple[str, str]]:
    ms = [latency * 1000 for latency in outcome.latencies]
    lags = [lag * 1000 for lag in outcome.lags]
    per_room = (outcome.rss_peak - outcome.rss_before) / outcome.rooms
    cpu_per_action = server_share = "not counted across restarts"
    clients = f"{outcome.client_cpu:.1f} s = {outcome.client_cpu / outcome.wall:.0%} of a core"
    if not outcome.kills:
        clients += f", {outcome.client_cpu / (outcome.client_cpu + outcome.server_cpu):.0%} of the CPU both used"
        cpu_per_action = f"{outcome.server_cpu / max(1, outcome.events) * 1000:.2f} ms ({outcome.server_cpu:.1f} s)"
        server_share = f"{outcome.server_cpu / outcome.wall:.0%}"
    return [
        ("rooms / connections", f"{outcome.rooms} / {2 * outcome.rooms}"),
        ("match length, think", f"{args.length} points, {args.think} s mean before each action"),
        ("bots", BOT),
        ("wall time", f"{outcome.wall:.1f} s"),
        (
            "actions timed",
            f"{len(ms)} (not timed: {', '.join(f'{n} {why}' for why, n in outcome.refused.items()) or 'none'})",
        ),
        (
            "latency, send -> both clients",
            f"p50 {percentile(ms, 0.5):.1f}  p95 {percentile(ms, 0.95):.1f}  "
            f"p99 {percentile(ms, 0.99):.1f}  max {max(ms, default=float('nan')):.1f} ms",
        ),
        ("events accepted / s", f"{outcome.events / outcome.wall:.0f} ({outcome.events} events)"),
        ("matches finished", f"{outcome.finished} of {outcome.rooms}"),
        (
            "server RSS",
            f"{outcome.rss_before / 1024:.1f} MiB before rooms, peak {outcome.rss_peak / 1024:.1f} MiB: "
            f"{per_room:.1f} KiB a room",
        ),
        ("server CPU / action", cpu_per_action),
        ("server CPU share of a core", server_share),
        ("bots' and clients' CPU", clients),
        ("clients' loop lag (10 ms timer)", f"p50 {percentile(lags, 0.5):.1f}  p95 {percentile(lags, 0.95):.1f} ms"),
        ("reconnections", str(outcome.reconnections)),
    ]


def chaos_table(outcome: Outcome) -> list[tuple[str, str]]:
    rows = [
        ("kills / restarts", f"{outcome.kills} / {outcome.restarts}"),
        (
            "restart, killed -> listening",
            f"median {percentile(outcome.downtimes, 0.5):.2f} s, max {max(outcome.downtimes, default=0):.2f} s",
        ),
        ("rooms finished", f"{outcome.finished} of {outcome.rooms}"),
        ("reconnections", str(outcome.reconnections)),
    ]
    return rows + [(name, str(count)) for name, count in outcome.checks.items()]


# ---------------------------------------------------------------------- main


def raise_file_limit(connections: int) -> None:
    """Raise the soft limit of open files to fit ``connections`` sockets and some more."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = connections + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


def main(argv: list[str] | None = None) -> Outcome:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=500, help="rooms played at once (2 connections each)")
    parser.add_argument("--length", type=int, default=3, help="match length in points")
    parser.add_argument("--duration", type=float, help="seconds of play (default: until every match ends)")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a bot waits before an action")
    parser.add_argument("--kill", type=int, default=0, help="kill -9 the server this many times (chaos)")
    parser.add_argument("--seed", type=int, default=34)
    args = parser.parse_args(argv)
    raise_file_limit(2 * args.rooms)
    with tempfile.TemporaryDirectory(prefix="bgwidget-load-") as folder:
        outcome = asyncio.run(run(args, Path(folder)))
    print_table("load", load_table(outcome, args))
    if args.kill:
        print_table("chaos", chaos_table(outcome))
    return outcome


if __name__ == "__main__":
    main()
