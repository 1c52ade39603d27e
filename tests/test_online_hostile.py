"""The game server against hostile clients: a raw WebSocket sends what no honest client would.

Each test is one class of attack. The server must answer it with the refusal the protocol names
(its ``code``), change nothing (the room's ``seq``, dice draws, Position ID and Match ID are the
same after), keep the connection (a valid message sent after it is answered), and never fail
(``game_server.failures`` stays 0). Only flooding and a message over the size limit close the
connection, with the WebSocket close codes of RFC 6455 section 7.4.1 (1008 policy violation,
1009 message too big).
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import InvalidStatus

from bgwidget.errors import RoomError
from bgwidget.online.client import connect, create_room
from bgwidget.online.launch import start_server
from bgwidget.online.protocol import MAX_MESSAGE_BYTES
from bgwidget.online.server import Limits
from hostile_messages import ATTACKS, Fuzz
from online_attacks import Closed, Raw, V, create, state, table

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")  # a fact the sentence names but the refusal did not give


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    local = start_server(db=str(tmp_path_factory.mktemp("hostile") / "rooms.db"))
    yield local
    local.stop()


@pytest.fixture(scope="module")
def strict(tmp_path_factory):
    """A server that allows little: 20 messages a second after a burst of 10, two rooms a connection."""
    local = start_server(
        db=str(tmp_path_factory.mktemp("strict") / "rooms.db"), limits=Limits(rate=20, burst=10, rooms=2)
    )
    yield local
    local.stop()


@pytest.fixture
def room(server):
    played = table(server.url)
    yield played
    for seat in played.seats:
        seat.close()


def refused(client, message, code):
    """``message`` refused with ``code``, its sentence whole; returns the error message."""
    reply = client.refused(message)
    assert reply["code"] == code, reply
    assert not PLACEHOLDER.search(reply["text"]), reply["text"]
    return reply


def unchanged(server, code, before, client):
    """The room is as it was, ``client`` is still served, and the server never failed."""
    room = server.game_server.rooms[code]
    assert state(room) == before
    snapshot = client.answer({"v": V, "type": "sync"})
    assert snapshot["type"] == "snapshot" and len(snapshot["events"]) == before[0]
    assert server.game_server.failures == 0


def attack(server, room, client, messages, code):
    before = state(server.game_server.rooms[room.code])
    for message in messages:
        refused(client, message, code)
    unchanged(server, room.code, before, client)


# ---------------------------------------------------------------------- messages that are not messages


def test_malformed_json_is_refused(server, room):
    texts = ["{", "not json", '{"v": 1, "type": "act",', "", "\x00", '{"v": 1, "type": "sync"}}', "[" * 5000]
    attack(server, room, room.seats[0], texts, "bad-message")


def test_a_binary_frame_is_refused(server, room):
    attack(server, room, room.seats[0], [b'{"v": 1, "type": "sync"}', b"\xff\xfe"], "bad-message")


def test_json_that_is_not_an_object_is_refused(server, room):
    attack(server, room, room.seats[0], ["[]", "3", '"act"', "null", "true", "[{}]"], "bad-message")


def test_an_unknown_or_missing_type_is_refused(server, room):
    messages = [{"v": V, "type": "shout"}, {"v": V}, {"v": V, "type": ["act"]}, {"v": V, "type": None}]
    attack(server, room, room.seats[0], messages, "bad-message")


def test_another_protocol_version_is_refused(server, room):
    messages = [{"v": 2, "type": "sync"}, {"type": "sync"}, {"v": "1", "type": "sync"}, {"v": True, "type": "sync"}]
    messages += [{"v": 1.0, "type": "sync"}, {"v": 0, "type": "sync"}, {"v": None, "type": "sync"}]
    attack(server, room, room.seats[0], messages, "version")


# ---------------------------------------------------------------------- who may act


def test_acting_before_hello_is_refused(server, room):
    stranger = Raw(server.url)
    before = state(server.game_server.rooms[room.code])
    for message in (
        {"v": V, "type": "act", "seq": before[0], "action": {"type": "move", "play": "13/10"}},
        {"v": V, "type": "sync"},
        {"v": V, "type": "download", "format": "mat"},
    ):
        refused(stranger, message, "not-joined")
    stranger.hello(room.code, spectate=room.spectate)
    unchanged(server, room.code, before, stranger)


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"token": "forged-token-of-twenty-four"}, "bad-token"),
        ({"token": ""}, "bad-token"),
        ({"token": 12345}, "bad-token"),
        ({"token": ["a"]}, "bad-token"),
        ({"spectate": "forged"}, "bad-spectate"),
        ({"spectate": "", "token": None}, "bad-spectate"),
    ],
)
def test_a_forged_token_or_spectator_code_is_refused(server, room, fields, code):
    client = Raw(server.url)
    before = state(server.game_server.rooms[room.code])
    refused(client, {"v": V, "type": "hello", "room": room.code, **fields}, code)
    client.hello(room.code, spectate=room.spectate)
    unchanged(server, room.code, before, client)


def test_both_seats_taken_no_token_finds_the_room_full(server, room):
    client = Raw(server.url)
    before = state(server.game_server.rooms[room.code])
    refused(client, {"v": V, "type": "hello", "room": room.code, "name": "Eve", "seed": "e"}, "room-full")
    client.hello(room.code, spectate=room.spectate)
    unchanged(server, room.code, before, client)


def test_the_spectator_code_cannot_act(server, room):
    spectator = Raw(server.url)
    spectator.hello(room.code, spectate=room.spectate)
    seq = server.game_server.rooms[room.code].seq
    actions = [{"type": "move", "play": "13/10"}, {"type": "resign", "points": 3}, {"type": "claim"}]
    attack(server, room, spectator, [{"v": V, "type": "act", "seq": seq, "action": a} for a in actions], "spectator")


def test_the_seat_not_on_roll_cannot_act_for_the_other(server, room):
    """The seat with the lower opening die waits (the rules of backgammon: the higher die moves first)."""
    waiting = room.seats[1 - room.on_roll]
    seq = server.game_server.rooms[room.code].seq
    actions = [{"type": "move", "play": "13/10"}, {"type": "roll"}, {"type": "double"}]
    messages = [{"v": V, "type": "act", "seq": seq, "action": a, "id": "x"} for a in actions]
    attack(server, room, waiting, messages, "not-your-turn")


@pytest.mark.parametrize("seq", ["past", "future", True, "4", 4.0, None, "missing", -1, 2**70])
def test_an_action_on_another_seq_is_refused_as_stale(server, room, seq):
    current = server.game_server.rooms[room.code].seq
    message = {"v": V, "type": "act", "action": {"type": "move", "play": "13/10"}}
    if seq != "missing":
        message["seq"] = {"past": current - 1, "future": current + 1}.get(seq, seq)  # type: ignore[call-overload]
    attack(server, room, room.seats[room.on_roll], [message], "stale")


# ---------------------------------------------------------------------- what the rules refuse


def test_a_second_roll_in_a_turn_is_refused(server, room):
    seq = server.game_server.rooms[room.code].seq
    attack(
        server,
        room,
        room.seats[room.on_roll],
        [{"v": V, "type": "act", "seq": seq, "action": {"type": "roll"}}],
        "already-rolled",
    )


def test_an_illegal_play_is_refused(server, room):
    """An opening roll is never a double and at most 6-5: no die, alone or added up, makes 12 pips."""
    seq = server.game_server.rooms[room.code].seq
    mover = room.seats[room.on_roll]
    reply = refused(mover, {"v": V, "type": "act", "seq": seq, "action": {"type": "move", "play": "13/1"}}, "no-die")
    assert reply["facts"]["pips"] == 12
    attack(
        server, room, mover, [{"v": V, "type": "act", "seq": seq, "action": {"type": "move", "play": 5}}], "notation"
    )


@pytest.mark.parametrize("points", [0, 4, "1", True, 1.5, None, [1]])
def test_a_resignation_of_other_points_is_refused(server, room, points):
    seq = server.game_server.rooms[room.code].seq
    message = {"v": V, "type": "act", "seq": seq, "action": {"type": "resign", "points": points}}
    attack(server, room, room.seats[room.on_roll], [message], "bad-resign")


def test_claiming_from_a_connected_opponent_is_refused(server, room):
    seq = server.game_server.rooms[room.code].seq
    message = {"v": V, "type": "act", "seq": seq, "action": {"type": "claim"}}
    attack(server, room, room.seats[1 - room.on_roll], [message], "opponent-here")


@pytest.mark.parametrize("action", [{"type": "fly"}, {"type": None}, {}, [], "roll", None, {"type": ["roll"]}])
def test_an_unknown_action_is_refused(server, room, action):
    seq = server.game_server.rooms[room.code].seq
    attack(
        server, room, room.seats[room.on_roll], [{"v": V, "type": "act", "seq": seq, "action": action}], "bad-action"
    )


# ---------------------------------------------------------------------- fields of the wrong types


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"room": ["ABCDEF"]}, "room-unknown"),
        ({"room": None}, "room-unknown"),
        ({"room": "Q" * 17}, "room-unknown"),
        ({"room": "ZZZZZZ"}, "room-unknown"),
        ({"name": "Eve\nBob"}, "bad-name"),
        ({"name": "x" * 1000}, "bad-name"),
        ({"name": "   "}, "bad-name"),
        ({"name": 7}, "bad-name"),
        ({"seed": "s" * 65}, "bad-seed"),
        ({"seed": ""}, "bad-seed"),
        ({"seed": 5}, "bad-seed"),
        ({"seed": "tab\there"}, "bad-seed"),
        ({"seed": None}, "bad-seed"),
    ],
)
def test_a_hello_with_fields_of_the_wrong_types_is_refused(server, fields, code):
    """The free seat stays free, its creator's token still takes it."""
    created = create(server.url)
    game_server = server.game_server
    before = state(game_server.rooms[created["room"]])
    client = Raw(server.url)
    refused(client, {"v": V, "type": "hello", "room": created["room"], "name": "Eve", "seed": "e", **fields}, code)
    assert game_server.rooms[created["room"]].seated == (False, False)
    assert client.hello(created["room"], token=created["tokens"][1], seed="ok")["seat"] == 1
    assert game_server.rooms[created["room"]].seq == before[0] + 1  # the seat event
    assert game_server.failures == 0


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"rules": {"match_length": -1}}, "invalid"),
        ({"rules": {"match_length": 40000}}, "invalid"),
        ({"rules": {"match_length": "3"}}, "invalid"),
        ({"rules": {"cube": "yes"}}, "invalid"),
        ({"rules": {"teleport": True}}, "invalid"),
        ({"rules": [3]}, "invalid"),
        ({"names": ["Ann"]}, "invalid"),
        ({"names": ["Ann\nBob", "Cy"]}, "bad-name"),
        ({"names": ["Ann", "x" * 1000]}, "bad-name"),
        ({"clock": {"delay": 12, "reserve": 90}}, "invalid"),  # money play has no match points to count
        ({"rules": {"match_length": 3}, "clock": {"delay": 601}}, "invalid"),
        ({"rules": {"match_length": 3}, "clock": {"delay": -1}}, "invalid"),
        ({"rules": {"match_length": 3}, "clock": [12, 90]}, "invalid"),
        ({"hold": 0.5}, "invalid"),
        ({"hold": 1e300}, "invalid"),
        ({"hold": "600"}, "invalid"),
        ({"colour": "red"}, "invalid"),
        ([], "invalid"),
    ],
)
def test_settings_out_of_range_are_refused(server, room, settings, code):
    client = room.seats[0]
    rooms = len(server.game_server.rooms)
    before = state(server.game_server.rooms[room.code])
    refused(client, {"v": V, "type": "create", "settings": settings}, code)
    assert len(server.game_server.rooms) == rooms
    unchanged(server, room.code, before, client)


def test_a_hold_that_is_not_a_number_is_refused(server, room):
    """JSON as Python reads it has NaN and Infinity: neither is a number of seconds."""
    before = state(server.game_server.rooms[room.code])
    for text in (
        '{"v": 1, "type": "create", "settings": {"hold": NaN}}',
        '{"v": 1, "type": "create", "settings": {"hold": Infinity}}',
    ):
        refused(room.seats[0], text, "invalid")
    unchanged(server, room.code, before, room.seats[0])


@pytest.mark.parametrize("fmt", [["mat"], None, "exe", "../etc/passwd"])
def test_a_download_in_another_format_is_refused(server, room, fmt):
    attack(server, room, room.seats[0], [{"v": V, "type": "download", "format": fmt}], "bad-format")


def test_an_id_that_is_not_text_is_not_echoed(server, room):
    seq = server.game_server.rooms[room.code].seq
    reply = refused(room.seats[0], {"v": V, "type": "act", "seq": seq, "action": {}, "id": {"a": [1]}}, "bad-action")
    assert "reply_to" not in reply
    long = refused(room.seats[0], {"v": V, "type": "act", "seq": seq, "action": {}, "id": "i" * 5000}, "bad-action")
    assert long["reply_to"] == "i" * 64


# ---------------------------------------------------------------------- limits


def test_too_many_rooms_from_one_connection_are_refused(strict):
    client = Raw(strict.url)
    for _ in range(2):
        assert client.answer({"v": V, "type": "create", "settings": {}})["type"] == "created"
    rooms = len(strict.game_server.rooms)
    reply = refused(client, {"v": V, "type": "create", "settings": {}}, "too-many-rooms")
    assert reply["facts"] == {"count": 2}
    assert len(strict.game_server.rooms) == rooms
    assert client.answer({"v": V, "type": "hello", "room": "ZZZZZZ"})["code"] == "room-unknown"  # still served
    assert strict.game_server.failures == 0


def test_a_full_server_refuses_a_new_room_and_serves_the_others(tmp_path):
    with start_server(db=str(tmp_path / "rooms.db"), limits=Limits(open_rooms=2)) as full:
        client = Raw(full.url)
        codes = [client.answer({"v": V, "type": "create", "settings": {}})["room"] for _ in range(2)]
        refused(Raw(full.url), {"v": V, "type": "create", "settings": {}}, "server-full")
        assert sorted(full.game_server.rooms) == sorted(codes)
        hello = {"v": V, "type": "hello", "room": codes[0], "seed": "s", "name": "Bob"}
        assert client.answer(hello)["type"] == "welcome"  # the rooms in play are served as before
        assert full.game_server.failures == 0


def test_a_room_whose_log_is_full_refuses_more_actions(tmp_path):
    def seq(room):  # the last event the client has seen
        return room.connection.room.seq

    with start_server(db=str(tmp_path / "rooms.db"), limits=Limits(events=12)) as short:
        ticket = create_room(short.url)
        ann, bob = connect(short.url, ticket.room, ticket.tokens[0]), connect(short.url, ticket.room, ticket.tokens[1])
        ann.roll()
        mover = ann if ann.seat == ann.game.turn else bob
        other = bob if mover is ann else ann
        with pytest.raises(RoomError) as refused:
            while True:  # a resignation offered and declined until the log is full
                # Each waits for the other's last event, not only its phase: acting on an older
                # state is refused as stale (seen once on a CI run).
                mover.resign(1)
                other.wait_until(lambda r: r.game.phase == "cube" and seq(r) == seq(mover))
                other.decline()
                mover.wait_until(lambda r: r.game.phase != "cube" and seq(r) == seq(other))
        assert refused.value.reason == "room-too-long" and refused.value.facts == {"count": 12}
        assert short.game_server.rooms[ticket.room].seq == 12 and short.game_server.failures == 0


def closed_by(client, messages):
    """Send ``messages`` without reading, then go on sending until the server has closed; its close
    code. (A server that closes a flooder stops reading it, so its close handshake would wait the
    server's close timeout: the client, still sending, gives up its side after its own, 1 s.)"""
    with pytest.raises(Closed) as closed:
        for message in messages:
            client.send(message)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            client.drain()
            client.send({"v": V, "type": "sync"})
            time.sleep(0.01)  # not the synchronisation: a pace for the messages that find the close
    return closed.value.code


def test_a_message_over_the_size_limit_closes_the_connection(server, room):
    game_server = server.game_server
    before = state(game_server.rooms[room.code])
    client = Raw(server.url)
    client.hello(room.code, spectate=room.spectate)
    padded = json.dumps({"v": V, "type": "sync", "pad": ""})
    largest = padded[:-2] + "x" * (MAX_MESSAGE_BYTES - len(padded)) + '"}'
    assert len(largest.encode()) == MAX_MESSAGE_BYTES
    assert client.answer(largest)["type"] == "snapshot"  # the largest message allowed is served
    assert closed_by(client, [largest[:-2] + 'x"}']) == 1009
    assert state(game_server.rooms[room.code]) == before
    assert game_server.failures == 0


def test_flooding_closes_the_connection(strict):
    played = table(strict.url)
    game_server = strict.game_server
    before = state(game_server.rooms[played.code])
    waiting = played.seats[1 - played.on_roll]
    flood = [{"v": V, "type": "act", "seq": before[0], "action": {"type": "roll"}, "id": str(i)} for i in range(200)]
    assert closed_by(waiting, flood) == 1008
    assert state(game_server.rooms[played.code]) == before
    mover = played.seats[played.on_roll]
    assert mover.answer({"v": V, "type": "sync"})["type"] == "snapshot"  # the others are served
    assert game_server.failures == 0


def finished_match(url):
    """A 1-point match played to its end by two easy computer players, who then leave: its ticket."""
    ticket = create_room(url, length=1)
    players = [connect(ticket.url, ticket.room, token) for token in ticket.tokens]
    for future in [player.play_with("easy", background=True) for player in players]:
        future.result(60)
    for player in players:
        player.close()
    return ticket


def until(condition, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the state awaited did not come"
        time.sleep(0.01)


def test_a_finished_room_looked_at_is_not_kept_in_memory(server):
    """A download over HTTP, or a hello refused, loads a finished room from the store: it was kept
    in memory for good, so every room ever looked at piled up."""
    ticket = finished_match(server.url)
    rooms = server.game_server.rooms
    until(lambda: ticket.room not in rooms)  # the last player left a finished room: forgotten
    with urllib.request.urlopen(server.url.replace("ws://", "http://") + f"/rooms/{ticket.room}.mat") as response:
        assert response.status == 200 and b"1 point match" in response.read()
    assert ticket.room not in rooms
    refused(Raw(server.url), {"v": V, "type": "hello", "room": ticket.room, "token": "forged"}, "bad-token")
    assert ticket.room not in rooms
    assert server.game_server.failures == 0


def test_spectators_joining_send_the_players_nothing(server, room):
    """Presence is the seats' (SeatPresence): each spectator's hello was sent to everyone in the
    room, so that a crowd of connections multiplied the players' traffic. (The server answers a
    hello at once, presence included: once the welcome is read, any presence would be on its way.)"""
    for watcher in [Raw(server.url) for _ in range(5)]:
        watcher.hello(room.code, spectate=room.spectate)
    player = room.seats[0]
    player.send({"v": V, "type": "sync"})
    seen = [player.read()]
    while seen[-1]["type"] != "snapshot":
        seen.append(player.read())
    assert [m["type"] for m in seen] == ["snapshot"]


# ---------------------------------------------------------------------- origins


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    local = start_server(db=str(tmp_path_factory.mktemp("origins") / "rooms.db"), origins=["https://ok.example"])
    yield local
    local.stop()


def test_a_browser_from_another_origin_is_refused_at_the_handshake(guarded):
    with pytest.raises(InvalidStatus) as refused_handshake:
        Raw(guarded.url, origin="https://evil.example")
    assert refused_handshake.value.response.status_code == 403


@pytest.mark.parametrize("origin", ["https://ok.example", None])
def test_the_allowed_origin_and_a_client_without_origin_are_served(guarded, origin):
    client = Raw(guarded.url, origin=origin) if origin else Raw(guarded.url)
    assert client.answer({"v": V, "type": "create", "settings": {}})["type"] == "created"
    client.close()


@pytest.mark.parametrize(
    ("language", "sentence"),
    [("fr", "« 5 » ne s’écrit pas comme un coup"), ("sv", "”5” är inte skrivet som ett drag")],
)
def test_a_refusal_is_said_whole_in_the_connections_language(server, language, sentence):
    """The sentences of labels.json, with the play refused in them."""
    played = table(server.url)
    mover = played.seats[played.on_roll]
    mover.hello(played.code, token=played.tokens[played.on_roll], language=language)
    seq = server.game_server.rooms[played.code].seq
    reply = refused(mover, {"v": V, "type": "act", "seq": seq, "action": {"type": "move", "play": 5}}, "notation")
    assert reply["text"].startswith(sentence)


# ---------------------------------------------------------------------- the fuzz, short (the benchmark sends 100,000)


@pytest.fixture(scope="module")
def fuzz(tmp_path_factory):
    attacked = Fuzz(str(tmp_path_factory.mktemp("fuzz") / "rooms.db"), honest=1)  # 1-point matches meanwhile
    yield attacked
    attacked.close()
    assert attacked.matches >= 1 and attacked.honest_failures == []


@given(st.data())
@settings(max_examples=300, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_hostile_messages_drawn_by_hypothesis_change_nothing(fuzz, data):
    changed = fuzz.changed
    fuzz.step(data.draw(ATTACKS)(fuzz.context()))
    assert fuzz.changed == changed, fuzz.examples[-1]
    assert fuzz.failures() == 0
