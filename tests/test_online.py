"""Online play through the game server: whole matches between Python clients, the cube, Crawford,
resignations, a money session, a dropped client, a claim, a clock, the server killed and restarted,
the dice verified, the files downloaded.

Each server listens on 127.0.0.1 on a free port; waits are on states (``wait_until``), with deadlines.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from websockets.sync.client import connect as raw_connect

from bgwidget import Position
from bgwidget.errors import GameError, RoomError
from bgwidget.formats import from_mat, to_json
from bgwidget.online import connect, create_room, start_server, verify, watch
from bgwidget.online.room import Room, RoomSettings
from bgwidget.online.server import rebuild
from bgwidget.online.store import SQLiteStore
from bgwidget.rules import Rules


@pytest.fixture
def server(tmp_path):
    with start_server(db=str(tmp_path / "rooms.db")) as running:
        yield running
    assert running.game_server.failures == 0


def first_play(room):
    """The first legal play of the roll, as notation (a hand-picked move for a scripted game)."""
    return str(room.game.legal_plays[0])


def mover(*rooms):
    """The client whose seat must act now, once every client has the server's last event."""
    last = max(r.connection.room.seq for r in rooms)
    for room in rooms:
        room.wait_until(lambda r: r.connection.room.seq == last)
    return next(r for r in rooms if r.seat == r.game.turn)


def rolls_in(events):
    """The draws a log's rolls claim, counted from the log itself: each opening's draws, each roll."""
    return sum(
        len(e["action"]["draws"]) if e["action"]["type"] == "opening" else 1
        for e in events
        if e["action"]["type"] in ("opening", "roll")
    )


def test_a_whole_match_between_two_computer_players_is_the_same_everywhere(server):
    ticket = create_room(server.url, length=3, names=("Ann", "Bob"))
    ann = connect(server.url, ticket.room, ticket.tokens[0])
    bob = connect(server.url, ticket.room, ticket.tokens[1])
    spectator = watch(server.url, ticket.room, ticket.spectate)
    ann.play_with("expert", background=True)
    end = bob.play_with("easy")
    spectator.wait_until(lambda r: r.ended is not None)
    ann.wait_until(lambda r: r.ended is not None)
    assert end["reason"] == "match" and end["winner"] in (0, 1)
    assert bob.match.score[end["winner"]] >= 3 > bob.match.score[1 - end["winner"]]
    assert to_json(ann.match) == to_json(bob.match) == to_json(spectator.match)
    assert ann.in_sync and bob.in_sync and spectator.in_sync
    assert [e["seq"] for e in spectator.events] == list(range(1, len(spectator.events) + 1))
    assert verify(spectator.events) == rolls_in(spectator.events) > 0
    assert bob.match.names == ("Ann", "Bob")
    mat = bob.download("mat")
    assert from_mat(mat).score == bob.match.score
    assert json.loads(bob.download("json"))["games"]
    with pytest.raises(RoomError) as refused:
        spectator.roll()
    assert refused.value.reason in ("room-over", "spectator")


def test_the_crawford_game_refuses_a_double_and_resignations_end_the_match(server):
    ticket = create_room(server.url, length=3, names=("Ann", "Bob"))
    ann, bob = connect(server.url, ticket.room, ticket.tokens[0]), connect(server.url, ticket.room, ticket.tokens[1])
    ann.roll()  # the opening: either seat may roll it
    assert ann.game.phase == "move"
    ann.resign(2)  # a gammon, offered by either seat while the game is in play
    bob.wait_until(lambda r: r.game.phase == "cube")
    bob.accept()
    assert bob.match.score == (0, 2) and bob.game.phase == "game-over"
    bob.roll()  # the next game's opening
    assert bob.game.crawford and bob.match.score == (0, 2)
    on_roll = mover(ann, bob)
    on_roll.play(first_play(on_roll))
    other = mover(ann, bob)
    other.wait_until(lambda r: r.game.phase == "roll")
    seq = other.connection.room.seq
    with pytest.raises(GameError) as refused:
        other.double()
    assert refused.value.reason == "crawford"
    assert "Crawford" in refused.value.explain("fr")
    assert other.connection.room.seq == seq  # nothing changed
    ann.wait_until(lambda r: r.connection.room.seq == seq)
    ann.resign(1)
    bob.wait_until(lambda r: r.game.phase == "cube")
    bob.accept()
    ann.wait_until(lambda r: r.ended is not None)
    assert ann.ended["winner"] == 1 and ann.ended["reason"] == "match" and ann.match.score == (0, 3)
    assert verify(ann.events) == rolls_in(ann.events)


def test_money_a_double_beavered_and_taken_then_the_session_stopped(server):
    ticket = create_room(server.url, beavers=True)
    ann, bob = connect(server.url, ticket.room, ticket.tokens[0]), connect(server.url, ticket.room, ticket.tokens[1])
    bob.roll()
    first = mover(ann, bob)
    first.play(first_play(first))
    second = mover(ann, bob)
    first.wait_until(lambda r: r.game.phase == "roll")
    second.double()
    first.wait_until(lambda r: r.game.phase == "cube")
    first.beaver()
    second.wait_until(lambda r: r.game.offer is not None and r.game.offer.kind == "beaver")
    second.take()
    for room in (ann, bob):
        room.wait_until(lambda r: r.game.phase == "roll")
        assert (room.game.cube_value, room.game.cube_owner) == (4, first.seat)  # the beaverer keeps the cube
    with pytest.raises(GameError) as refused:
        second.stop()
    assert refused.value.reason == "game-in-play"
    second.resign(1)
    first.wait_until(lambda r: r.game.phase == "cube")
    first.accept()
    assert first.match.score[first.seat] == 4  # a single game at 4
    second.wait_until(lambda r: r.game.phase == "game-over")
    second.stop()
    first.wait_until(lambda r: r.ended is not None)
    assert first.ended == {**first.ended, "winner": None, "reason": "stop"}
    with pytest.raises(RoomError) as refused:
        first.roll()
    assert refused.value.reason == "room-over"


def test_refused_actions_change_nothing_and_say_the_rule_in_the_players_language(server):
    ticket = create_room(server.url, length=5)
    ann = connect(server.url, ticket.room, ticket.tokens[0], language="fr")
    with pytest.raises(RoomError) as refused:
        ann.roll()
    assert refused.value.reason == "waiting-opponent"
    bob = connect(server.url, ticket.room, name="Bob")  # the free seat, by the room code alone
    assert bob.seat == 1 and bob.token not in ticket.tokens
    with pytest.raises(RoomError) as refused:
        connect(server.url, ticket.room, ticket.tokens[1])  # the creator's copy of seat 1's token no longer opens it
    assert refused.value.reason == "bad-token"
    with pytest.raises(RoomError) as refused:
        connect(server.url, ticket.room)
    assert refused.value.reason == "room-full"
    ann.wait_until(lambda r: r.match.names[1] == "Bob")
    with pytest.raises(RoomError) as refused:
        watch(server.url, ticket.room, "not-the-code")
    assert refused.value.reason == "bad-spectate"
    ann.roll()
    on_roll = mover(ann, bob)
    waiting = bob if on_roll is ann else ann
    seq = ann.connection.room.seq
    ids = ann.connection.room.ids()
    for action, reason in [
        (on_roll.roll, "already-rolled"),
        (waiting.roll, "not-your-turn"),
        (lambda: on_roll.play("24/1"), None),
        (lambda: on_roll.resign(4), "bad-resign"),
        (waiting.claim, "opponent-here"),
        (lambda: waiting.act({"type": "new-game"}), "bad-action"),
    ]:
        with pytest.raises((GameError, RoomError)) as refused:
            action()
        if reason:
            assert refused.value.reason == reason
        assert server.game_server.rooms[ticket.room].seq == seq and server.game_server.rooms[ticket.room].ids() == ids
    token = ticket.tokens[0] if on_roll is ann else bob.token
    made_on = on_roll.connection.room.seq
    on_roll.play(first_play(on_roll))
    with raw_connect(server.url) as resent:  # the same play sent again, as after a dropped connection
        resent.send(json.dumps({"v": 1, "type": "hello", "room": ticket.room, "token": token, "language": "fr"}))
        assert json.loads(resent.recv(10))["type"] == "welcome"
        resent.send(json.dumps({"v": 1, "type": "act", "seq": made_on, "action": {"type": "roll"}, "id": "again"}))
        reply = next(m for m in map(json.loads, iter(lambda: resent.recv(10), None)) if m["type"] == "error")
    assert (reply["code"], reply["reply_to"], reply["text"]) == (
        "stale",
        "again",
        "Le plateau a changé entre-temps : réessayez.",
    )
    assert server.game_server.rooms[ticket.room].seq == made_on + 1
    with pytest.raises(GameError) as refused:
        ann.play("24/1")
    assert str(refused.value) == refused.value.explain("fr")  # the server's sentence, in Ann's language


def test_the_friend_with_the_code_alone_takes_the_second_seat_and_a_copy_played_on_is_rebuilt(server):
    ticket = create_room(server.url, length=3, names=("Ann", "Bob"))
    bob = connect(server.url, ticket.room, name="Robert")  # before the creator has taken her seat
    ann = connect(server.url, ticket.room, ticket.tokens[0])
    assert (ann.seat, bob.seat) == (0, 1) and ann.match.names == ("Ann", "Robert")
    bob.roll()
    on_roll = mover(ann, bob)
    play = on_roll.game.legal_plays[0]
    on_roll.game.play(str(play))  # played on the copy, not sent: the server never heard of it
    event = on_roll.play(play)  # a Play object too
    assert event["action"] == {"type": "move", "play": str(play)} and on_roll.in_sync
    assert to_json(on_roll.match) == to_json(server.game_server.rooms[ticket.room].match)
    assert on_roll.connection.resyncs == 1


class Network:
    """A TCP relay between clients and a server, in a thread: :meth:`cut` drops every connection
    through it at once, as a network does (the server sees them go, the clients must reconnect)."""

    def __init__(self, url):
        self.target = int(url.rsplit(":", 1)[1])
        self.writers = set()
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait(10)
        self.url = f"ws://127.0.0.1:{self.port}"

    def _run(self, ready):
        async def main():
            server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
            self.port = server.sockets[0].getsockname()[1]
            ready.set()
            await asyncio.Event().wait()

        self.loop.run_until_complete(main())

    async def _relay(self, reader, writer):
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:  # the server is gone (the test is over): the client's connection fails too
            writer.close()
            return
        self.writers |= {writer, upstream_writer}

        async def pipe(source, sink):
            with contextlib.suppress(OSError):
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            sink.close()

        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))

    def cut(self):
        def abort():
            for writer in self.writers:
                writer.transport.abort()
            self.writers.clear()

        self.loop.call_soon_threadsafe(abort)


def test_a_dropped_client_comes_back_by_itself_with_what_it_missed(server):
    ticket = create_room(server.url, length=3, names=("Ann", "Bob"))
    network = Network(server.url)
    ann, bob = connect(network.url, ticket.room, ticket.tokens[0]), connect(server.url, ticket.room, ticket.tokens[1])
    network.cut()  # Ann's network drops
    bob.wait_until(lambda r: not r.presence[0]["connected"] or r.connection.room.seq > 3, timeout=10)
    bob.roll()  # the other seat goes on meanwhile
    ann.wait_until(lambda r: r.connection.room.seq == bob.connection.room.seq and r.presence[0]["connected"])
    assert ann.in_sync and ann.game.phase == "move" and ann.seat == 0
    assert to_json(ann.match) == to_json(bob.match)
    ann.close()
    bob.close()


def test_an_opponent_gone_past_the_hold_can_be_claimed(server):
    ticket = create_room(server.url, length=7, hold=1)
    ann, bob = connect(server.url, ticket.room, ticket.tokens[0]), connect(server.url, ticket.room, ticket.tokens[1])
    ann.roll()
    bob.close()
    ann.wait_until(lambda r: not r.presence[1]["connected"])
    held_until = ann.presence[1]["held_until"]
    assert held_until is not None and 0 < held_until - time.time() <= 1
    with pytest.raises(RoomError) as refused:
        ann.claim()
    assert refused.value.reason == "claim-early" and refused.value.facts["seconds"] == 1
    deadline = time.monotonic() + 10
    while ann.ended is None and time.monotonic() < deadline:
        try:
            ann.claim()
        except RoomError as error:
            assert error.reason == "claim-early"
            ann.wait_until(lambda r: time.time() >= held_until, timeout=5)
    assert ann.ended["winner"] == 0 and ann.ended["reason"] == "forfeit"
    assert verify(ann.events) == rolls_in(ann.events)


def test_a_clock_that_runs_out_loses_the_match(server):
    ticket = create_room(server.url, length=1, clock=(0.2, 0.3))
    ann, _ = connect(server.url, ticket.room, ticket.tokens[0]), connect(server.url, ticket.room, ticket.tokens[1])
    assert ann.events[0]["clock"] == {"reserves": [0.3, 0.3], "running": None, "since": ann.events[0]["time"]}
    event = ann.roll()
    slow = event["clock"]["running"]
    assert slow == ann.game.turn and event["clock"]["since"] == event["time"]
    ann.wait_until(lambda r: r.ended is not None, timeout=10)
    timeout = ann.events[-2]
    assert timeout["action"] == {"type": "timeout", "seat": slow}
    assert timeout["time"] - event["time"] >= 0.2 + 0.3  # the delay, then the whole reserve
    assert ann.ended["winner"] == 1 - slow and ann.ended["reason"] == "timeout"
    assert ann.events[-1]["clock"]["reserves"][slow] == 0


def test_the_clock_charges_only_the_time_beyond_each_turns_delay():
    room = Room("ABCDEF", server_seed="s" * 64)
    room.start(RoomSettings(Rules(match_length=3), clock=_clock(delay=10, reserve=60)), now=0)
    room.take_seat(0, "Ann", "a", now=1)
    room.take_seat(1, "Bob", "b", now=2)
    (opening,) = room.act(0, {"type": "roll"}, room.seq, now=100)  # no clock runs before the opening
    first = room.match.game.turn
    assert opening["clock"] == {"reserves": [180, 180], "running": first, "since": 100}
    play = str(room.match.game.legal_plays[0])
    (moved,) = room.act(first, {"type": "move", "play": play}, room.seq, now=125)  # 15 s beyond the delay
    assert moved["clock"]["reserves"][first] == 165 and moved["clock"]["running"] == 1 - first
    assert room.deadline() == 125 + 10 + 180
    assert room.time_out(now=125 + 10 + 179) == []
    reserves = [165, 180] if first == 0 else [180, 165]
    (resign,) = room.act(1 - first, {"type": "resign", "points": 1}, room.seq, now=130)  # 5 s of the delay used
    assert resign["clock"] == {"reserves": reserves, "running": first, "since": 130}
    (decline,) = room.act(first, {"type": "decline"}, room.seq, now=131)
    assert decline["clock"] == {"reserves": reserves, "running": 1 - first, "since": 131 - 10}  # no new delay
    timeout, end = room.time_out(now=131 + 180)
    assert timeout["action"]["seat"] == 1 - first and end["action"]["winner"] == first


def _clock(delay, reserve):
    from bgwidget.online.room import ClockSettings

    return ClockSettings(delay, reserve)


def test_a_room_replayed_from_its_log_is_the_same_and_a_changed_event_is_caught():
    server_room = Room("ABCDEF", server_seed="f" * 64)
    server_room.start(RoomSettings(Rules(match_length=1)), now=0)
    server_room.take_seat(0, None, "x", now=0)
    server_room.take_seat(1, None, "y", now=0)
    server_room.act(1, {"type": "roll"}, server_room.seq, now=1)
    while server_room.match.game.phase == "move" or server_room.match.game.phase == "roll":
        seat = server_room.match.game.turn
        if server_room.match.game.phase == "roll":
            server_room.act(seat, {"type": "roll"}, server_room.seq, now=1)
        else:
            server_room.act(
                seat, {"type": "move", "play": str(server_room.match.game.legal_plays[0])}, server_room.seq, 1
            )
    assert server_room.ended["reason"] == "match"
    copy = Room("ABCDEF")
    for event in server_room.events:
        copy.apply(json.loads(json.dumps(event)))
    assert to_json(copy.match) == to_json(server_room.match) and copy.ended == server_room.ended
    assert verify(server_room.events) == server_room.draws
    tampered = json.loads(json.dumps(server_room.events))
    roll = next(e for e in tampered if e["action"]["type"] == "roll")
    roll["position_id"] = Position.initial().position_id()
    copy = Room("ABCDEF")
    with pytest.raises(RoomError) as refused:
        for event in tampered:
            copy.apply(event)
    assert refused.value.reason == "out-of-sync"


def test_finished_matches_are_downloaded_over_http(server):
    ticket = create_room(server.url, length=1)
    ann, bob = connect(server.url, ticket.room, ticket.tokens[0]), connect(server.url, ticket.room, ticket.tokens[1])
    http = server.url.replace("ws://", "http://")
    for path, status in ((f"{ticket.room}.mat", 409), ("NOSUCH.mat", 404), (f"{ticket.room}.pdf", 400)):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{http}/rooms/{path}", timeout=10)
        refused.value.close()
        assert refused.value.code == status
    ann.play_with("easy", background=True)
    bob.play_with("easy")
    with urllib.request.urlopen(f"{http}/rooms/{ticket.room}.mat", timeout=10) as response:
        text = response.read().decode()
        assert response.headers["Content-Disposition"] == f'attachment; filename="{ticket.room}.mat"'
    assert from_mat(text).score == bob.match.score
    assert text == bob.download("mat")


class ServerProcess:
    """``python -m bgwidget.server`` on a port and a database file, killed and started again at will."""

    def __init__(self, db, port=0):
        self.db, self.port, self.process = db, port, None

    def start(self):
        command = [sys.executable, "-m", "bgwidget.server", "--port", str(self.port), "--db", str(self.db)]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"}
        )
        line = self.process.stdout.readline()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
        if found is None:
            self.kill()
            raise AssertionError(f"the server did not say where it listens: {line!r}")
        self.port = int(found.group(1))
        return f"ws://127.0.0.1:{self.port}"

    def kill(self):
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)


def test_the_server_killed_mid_match_and_restarted_resumes_the_room_exactly(tmp_path):
    process = ServerProcess(tmp_path / "rooms.db")
    url = process.start()
    try:
        ticket = create_room(url, length=5, names=("Ann", "Bob"))
        ann, bob = connect(url, ticket.room, ticket.tokens[0]), connect(url, ticket.room, ticket.tokens[1])
        ann_plays = ann.play_with("easy", background=True)
        bob_plays = bob.play_with("easy", background=True)
        for _ in range(2):
            ann.wait_until(lambda r, at=ann.connection.room.seq: r.connection.room.seq >= at + 15, timeout=60)
            process.kill()  # kill -9, mid-match
            seen = ann.connection.room.seq
            process.start()
            ann.wait_until(lambda r, at=seen: r.connection.room.seq > at + 2, timeout=60)
        ends = ann_plays.result(120), bob_plays.result(120)
        assert ends[0] == ends[1] and ends[0]["reason"] == "match"
        assert to_json(ann.match) == to_json(bob.match)
        stored = SQLiteStore(str(tmp_path / "rooms.db")).load(ticket.room)
        assert stored.events == [{k: v for k, v in e.items() if k != "reply_to"} for e in ann.events]
        assert to_json(rebuild(stored).match) == to_json(ann.match)
        assert verify(stored.events) == rolls_in(stored.events)
    finally:
        process.kill()


def test_the_command_line_says_how_to_serve():
    result = subprocess.run(
        [sys.executable, "-m", "bgwidget.online.launch", "serve", "--help"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and "--db" in result.stdout and "--certfile" in result.stdout


def test_the_server_speaks_tls_with_a_certificate_of_its_own(tmp_path):
    import ssl

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    with start_server(certfile=str(cert), keyfile=str(key)) as running:
        context = ssl.create_default_context(cafile=str(cert))
        url = running.url.replace("ws://", "wss://")
        with raw_connect(url, ssl=context) as connection:
            connection.send(json.dumps({"v": 1, "type": "create", "settings": {"rules": {"match_length": 1}}}))
            assert json.loads(connection.recv(10))["type"] == "created"
        with pytest.raises(ssl.SSLError), raw_connect(url, ssl=ssl.create_default_context()):
            pass  # a client that does not trust the certificate


def test_an_empty_play_after_a_dance_is_refused_not_recorded():
    rng = random.Random(1)
    for _trial in range(200):  # money games of random plays until a roll dances
        room = Room("ABCDEF", server_seed=f"{rng.getrandbits(256):064x}")
        room.start(RoomSettings(Rules()), now=0)
        room.take_seat(0, None, "a", now=0)
        room.take_seat(1, None, "b", now=0)
        room.act(0, {"type": "roll"}, room.seq, now=0)
        game = room.match.game
        while game.phase in ("roll", "move") and game.record[-1] != {"type": "move", "seat": 1 - game.turn, "play": ""}:
            action = (
                {"type": "roll"}
                if game.phase == "roll"
                else {"type": "move", "play": str(rng.choice(game.legal_plays))}
            )
            room.act(game.turn, action, room.seq, now=0)
        if game.phase == "roll":
            break
    seq, ids = room.seq, room.ids()
    for seat in (0, 1):
        with pytest.raises(GameError) as refused:
            room.act(seat, {"type": "move", "play": ""}, room.seq, now=1)
        assert refused.value.reason in ("not-your-turn", "not-rolled")
    assert (room.seq, room.ids()) == (seq, ids)


def test_a_log_longer_than_two_thousand_events_is_joined_from_scratch(server):
    ticket = create_room(server.url, names=("Ann", "Bob"))
    ann, bob = connect(server.url, ticket.room, ticket.tokens[0]), connect(server.url, ticket.room, ticket.tokens[1])
    ann.roll()
    on_roll = mover(ann, bob)
    other = bob if on_roll is ann else ann
    while on_roll.connection.room.seq < 2100:  # a resignation offered and declined, again and again
        on_roll.resign(1)
        other.wait_until(lambda r, seq=on_roll.connection.room.seq: r.connection.room.seq == seq)
        other.decline()
        on_roll.wait_until(lambda r, seq=other.connection.room.seq: r.connection.room.seq == seq)
    spectator = watch(server.url, ticket.room, ticket.spectate)  # every event since the first, at once
    assert spectator.in_sync and spectator.events == [dict(e) for e in server.game_server.rooms[ticket.room].events]
