"""A board in a game server's room (``BoardWidget.online``), its page played by :class:`online_page.Page`.

Each test runs a server in this process (127.0.0.1, a free port) and checks the board against
sources of its own: the server's room (``server.game_server.rooms[code]``), the opponent's client
(:func:`bgwidget.online.connect`), a spectator's board, the ``.mat`` text and the IDs
of :mod:`bgwidget.formats`, the labels' published sentences, and rules counted by hand. Waits are
on states (``page.pump(until=...)``, ``wait_until``), with deadlines.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bgwidget import BoardWidget, Position
from bgwidget.errors import IntentError
from bgwidget.formats import to_mat, to_match_id
from bgwidget.online import connect, start_server, verify
from bgwidget.online.protocol import PROTOCOL_VERSION
from online_page import Page
from strategies import anything

LABELS = json.loads(resources.files("bgwidget").joinpath("labels.json").read_text(encoding="utf-8"))


def as_text(message):
    """``message`` as the page relays it, the server's JSON text; what JSON cannot write, as it is."""
    try:
        return json.dumps(message)
    except (TypeError, ValueError):
        return message


@pytest.fixture
def server():
    with start_server() as running:
        yield running
    assert running.game_server.failures == 0


@pytest.fixture
def pages():
    """The pages (and clients) a test opened, closed after it."""
    opened: list[Any] = []
    yield opened
    for thing in reversed(opened):
        thing.close()


def room_of(server, board):
    """The server's own room that ``board`` plays in."""
    return server.game_server.rooms[board.online_play.room.code]


def caught_up(server, board):
    """The board waits for no answer and its copy has every event the server's room has."""
    play = board.online_play
    return lambda b: play.joined and play.pending is None and play.room.seq == room_of(server, board).seq


def seated(server, pages, length=3, **online):
    """A board that created a room (seat 0), its page, and a client in seat 1 (not playing yet)."""
    board = BoardWidget(match_length=length, animation=0).online(server.url, name="Ann", **online)
    page = Page(board)
    pages.append(page)
    page.pump(lambda b: b.online_play.joined)
    bot = connect(server.url, board.online_play.room.code, name="Bot")
    pages.append(bot)
    page.pump(lambda b: all(b.online_play.room.seated) and caught_up(server, b)(b))
    return board, page, bot


def click(board, rng):
    """One random legal click of the person at ``board`` (as a person would make), or False when none."""
    state = board.state
    can = state["can"]
    if not state["online"]["can_act"]:
        return False
    if can["move"] and state["movable"]:
        frm = rng.choice(state["movable"])
        to = rng.choice(state["steps"][str(frm)])["to"]
        intent = {"type": "move", "from": frm, "to": to, "revision": state["revision"]}
    elif can["done"]:
        intent = {"type": "done"}
    elif can["take"]:
        intent = {"type": "take"}
    elif can["accept"]:
        intent = {"type": "accept"}
    elif can["roll"]:
        intent = {"type": "roll"}
    elif can["new_game"]:
        intent = {"type": "new-game"}
    else:
        return False
    refused = board.intent(intent)
    assert refused is None, (intent, refused)  # a button the board offers: the server judges it
    return True


def advance(server, board, page, rng, until, bot=None, timeout=30.0):
    """Random clicks at the board, waiting for the server's events between them, until ``until(board)``;
    ``bot``: a client in seat 1 that :func:`bot_acts` (else it plays by itself, or nothing is awaited of it)."""
    for _ in range(3000):
        if until(board):
            return
        seq = board.online_play.room.seq
        if click(board, rng):
            page.pump(lambda b: not b.online_play.pending, timeout)
        elif bot is not None and bot_acts(server, board, page, bot):
            continue
        else:
            page.pump(lambda b, seq=seq: b.online_play.room.seq > seq or until(b) or click_ready(b), timeout)
    raise AssertionError("the board never reached the state awaited")


def click_ready(board):
    can, state = board.state["can"], board.state
    return state["online"]["can_act"] and any(can[k] for k in ("move", "done", "take", "accept", "roll", "new_game"))


def bot_acts(server, board, page, bot):
    """The client in seat 1 rolls or plays its first legal play when it is to; the board catches up."""
    served = room_of(server, board)
    bot.wait_until(lambda r: r.connection.room.seq == served.seq)
    game = bot.game
    if game.turn != bot.seat:
        return False
    if game.phase == "roll":
        bot.roll()
    elif game.phase == "move":
        bot.play(str(game.legal_plays[0]))
    else:
        return False
    page.pump(caught_up(server, board))
    return True


def assert_refused(server, board, page, intent, reason):
    """``intent`` at ``board`` is refused for ``reason``, nothing sent and nothing changed."""
    play = board.online_play
    before = (len(page.sent), play.room.seq, play.room.ids(), room_of(server, board).seq, play.pending)
    text = board.intent(intent)
    assert text and board.session.refusal.reason == reason, (text, board.session.refusal)
    after = (len(page.sent), play.room.seq, play.room.ids(), room_of(server, board).seq, play.pending)
    assert after == before


def test_a_whole_match_against_a_computer_player_ends_as_the_server_says(server, pages):
    board, page, bot = seated(server, pages)
    code = board.online_play.room.code
    ended = bot.play_with("easy", background=True)
    advance(server, board, page, random.Random(7), lambda b: b.online_play.room.ended is not None)
    ended.result(30)
    page.pump(caught_up(server, board))
    served = server.game_server.rooms[code]
    # the same match at the board, the server and the opponent's client
    assert to_mat(board.match) == to_mat(served.match) == to_mat(bot.match)
    assert board.online_play.room.ids() == served.ids()
    winner = served.ended["winner"]
    assert served.match.score[winner] >= 3 > served.match.score[1 - winner]  # a 3-point match
    online = board.state["online"]
    assert online["ended"] == {"winner": winner, "reason": "match"}
    assert online["in_sync"] and online["verified"] is True
    assert verify(served.events) > 0  # the server's log itself proves its dice
    can = board.state["can"]
    assert can["review"] and can["export"] and not can["roll"]
    assert board.session.export("mat")[1] == to_mat(served.match)


def test_a_double_taken_then_the_crawford_game_has_no_cube(server, pages):
    board, page, bot = seated(server, pages)
    served = room_of(server, board)
    rng = random.Random(3)

    def board_on_roll(b):
        game = b.match.game
        return game.turn == 0 and game.phase == "roll" and b.state["online"]["can_act"]

    advance(server, board, page, rng, board_on_roll, bot)  # the opening, then turns until the board may double
    assert board.state["can"]["double"]
    assert board.intent({"type": "double"}) is None
    page.pump(caught_up(server, board))
    assert served.match.game.offer.kind == "double" and not board.state["can"]["roll"]
    bot.wait_until(lambda r: r.connection.room.seq == served.seq)
    bot.take()
    page.pump(caught_up(server, board))
    for game in (board.match.game, served.match.game):
        assert (game.cube_value, game.cube_owner) == (2, 1)  # taken: the cube at 2, the taker's
    assert board.state["cube"]["value"] == 2
    # the board plays its roll; the bot then resigns a single game at the cube of 2
    advance(server, board, page, rng, lambda b: b.match.game.turn == 1 and b.match.game.phase == "roll")
    bot.wait_until(lambda r: r.connection.room.seq == served.seq)
    bot.resign(1)
    page.pump(caught_up(server, board))
    assert board.state["can"]["accept"]
    assert board.intent({"type": "accept"}) is None
    page.pump(caught_up(server, board))
    assert list(served.match.score) == list(board.match.score) == [2, 0]  # 1 point x cube 2
    # 2-0 in a match to 3: the next game is the Crawford game, no one may double in it
    advance(server, board, page, rng, lambda b: board_on_roll(b) and len(b.match.games) == 2, bot)
    assert board.match.game.crawford and served.match.game.crawford
    assert board.state["can"]["roll"] and not board.state["can"]["double"]
    assert_refused(server, board, page, {"type": "double"}, "crawford")


def test_refusals_change_nothing_and_send_nothing(server, pages):
    # before the opponent took their seat
    board = BoardWidget(match_length=3, animation=0).online(server.url, name="Ann")
    page = Page(board)
    pages.append(page)
    page.pump(lambda b: b.online_play.joined)
    assert_refused(server, board, page, {"type": "roll"}, "waiting-opponent")
    code = board.online_play.room.code
    bot = connect(server.url, code, name="Bot")
    pages.append(bot)
    page.pump(lambda b: all(b.online_play.room.seated))
    # the Python API cannot change an online board's game
    for change in (board.roll, lambda: board.play("8/5 6/5"), lambda: board.set_position(Position.initial())):
        with pytest.raises(IntentError) as refused:
            change()
        assert refused.value.reason == "online"
    # Hint on a room without tools
    assert_refused(server, board, page, {"type": "hint"}, "no-tools")
    # an action while one is pending: the first is sent, the second refused
    assert board.intent({"type": "roll"}) is None
    assert page.sent[-1]["type"] == "act" and board.state["online"]["pending"]
    assert_refused(server, board, page, {"type": "roll"}, "online-pending")
    page.pump(caught_up(server, board))
    # a move out of turn: the opponent's turn to move
    rng = random.Random(5)
    advance(server, board, page, rng, lambda b: b.match.game.turn == 1 and b.match.game.phase == "move", bot)
    assert_refused(server, board, page, {"type": "move", "from": 13, "to": 10}, "not-your-turn")
    advance(server, board, page, rng, lambda b: b.match.game.turn == 1 and b.match.game.phase == "roll", bot)
    assert_refused(server, board, page, {"type": "roll"}, "not-your-turn")
    assert_refused(server, board, page, {"type": "double"}, "not-your-turn")
    # a spectator's roll
    spectator = BoardWidget(animation=0).online(server.url, code, spectate=board.online_play.spectate_code)
    watching = Page(spectator)
    pages.append(watching)
    watching.pump(caught_up(server, spectator))
    assert_refused(server, spectator, watching, {"type": "roll"}, "spectator")
    # while the page is disconnected
    page.drop()
    page.pump(lambda b: not b.online_play.connected)
    assert board.state["online"]["connected"] is False
    assert_refused(server, board, page, {"type": "double"}, "online-offline")


def test_hint_in_a_room_with_tools(server, pages):
    board, page, bot = seated(server, pages, tools=True)
    assert board.state["online"]["tools"]
    rng = random.Random(6)
    advance(server, board, page, rng, lambda b: b.match.game.turn == 0 and b.match.game.phase == "move", bot)
    assert board.state["can"]["hint"]
    sent = len(page.sent)
    assert board.intent({"type": "hint"}) is None
    page.pump(lambda b: b.state["hint"] is not None)
    hint = board.state["hint"]
    assert hint["kind"] == "plays" and hint["seat"] == 0 and hint["candidates"]
    assert {c["text"] for c in hint["candidates"]} <= set(board.state["plays"])  # the roll's legal plays
    assert len(page.sent) == sent  # advice is the board's own: nothing goes to the server


def test_a_server_refusal_is_said_in_the_boards_language(server, pages):
    board = BoardWidget(match_length=3, animation=0, language="fr").online(server.url, name="Anne")
    page = Page(board)
    pages.append(page)
    page.pump(lambda b: b.online_play.joined)
    bot = connect(server.url, board.online_play.room.code, name="Bot")
    pages.append(bot)
    page.pump(caught_up(server, board))
    seq = room_of(server, board).seq
    assert board.intent({"type": "claim"}) is None  # the board cannot tell: the server judges
    assert page.sent[-1]["action"] == {"type": "claim"}
    page.pump(lambda b: not b.online_play.pending)
    assert board.session.refusal.reason == "opponent-here"
    assert board.state["refused"] == LABELS["fr"]["why.opponent-here"]
    assert room_of(server, board).seq == seq


def test_a_dropped_page_takes_its_seat_back_and_catches_up(server, pages):
    board, page, bot = seated(server, pages)
    code, token = board.online_play.room.code, board.online_play.token
    rng = random.Random(11)
    # to the bot's roll, then the page drops
    advance(server, board, page, rng, lambda b: b.match.game.turn == 1 and b.match.game.phase == "roll", bot)
    page.drop()
    page.pump(lambda b: not b.online_play.connected)
    assert board.state["online"]["connected"] is False and not board.state["online"]["can_act"]
    bot.wait_until(lambda r: not r.presence[0]["connected"])
    served = server.game_server.rooms[code]
    bot.roll()
    bot.wait_until(lambda r: r.connection.room.seq == served.seq)
    if bot.game.phase == "move" and bot.game.turn == 1:  # else it danced: the turn passed
        bot.play(str(bot.game.legal_plays[0]))
    assert board.online_play.room.seq < served.seq  # the board missed them
    page.open()
    page.pump(caught_up(server, board))
    play = board.online_play
    assert (play.seat, play.token) == (0, token) and play.in_sync
    assert board.state["online"]["ids"] == list(served.ids())
    assert served.ids() == (served.match.game.start_position.position_id(), to_match_id(served.match.game))
    assert to_mat(board.match) == to_mat(served.match)
    bot.wait_until(lambda r: r.presence[0]["connected"])
    # the cell run again: a new board with the same url and code takes seat 0 back, no token given
    page.drop()
    page.pump(lambda b: not b.online_play.connected)
    again = BoardWidget(match_length=3, animation=0).online(server.url, code)
    again_page = Page(again)
    pages.append(again_page)
    again_page.pump(caught_up(server, again))
    assert (again.online_play.seat, again.online_play.token) == (0, token)
    assert again.state["online"]["ids"] == list(served.ids()) and again.state["online"]["in_sync"]


def test_a_forged_event_makes_the_board_ask_for_the_whole_room(server, pages):
    board, page, bot = seated(server, pages)
    rng = random.Random(2)
    advance(server, board, page, rng, lambda b: b.match.game.turn == 0 and b.match.game.phase == "roll", bot)
    play = board.online_play
    ids, seq = play.room.ids(), play.room.seq
    forged = {"v": PROTOCOL_VERSION, "type": "event", "room": play.room.code, "seq": seq + 1, "seat": 0}
    forged |= {"action": {"type": "roll", "dice": [6, 6]}, "time": 0.0, "position_id": ids[0], "match_id": ids[1]}
    play.receive(json.dumps(forged))  # a roll changes the Match ID: these IDs are not the roll's
    assert not play.in_sync and page.sent[-1] == {"v": PROTOCOL_VERSION, "type": "sync"}
    assert board.state["online"]["in_sync"] is False and not board.state["online"]["can_act"]
    page.pump(lambda b: b.online_play.in_sync)
    served = room_of(server, board)
    assert play.room.seq == served.seq == seq and play.room.ids() == served.ids() == ids
    assert board.match.game.phase == "roll" and board.state["can"]["roll"]
    # again, and the connection drops before the snapshot is handed over: once back, the board asks again
    play.receive(json.dumps(forged))
    assert not play.in_sync
    page.drop()
    while page.inbox.get(timeout=10) != ("status", False):
        pass  # the snapshot, if it came, is lost with the connection
    play.status(False)
    page.open()
    page.pump(lambda b: b.online_play.in_sync and caught_up(server, b)(b))
    assert page.sent[-1] == {"v": PROTOCOL_VERSION, "type": "sync"} and page.sent[-2]["type"] == "hello"
    assert play.room.ids() == served.ids() == ids


def test_junk_from_the_relay_never_raises_nor_changes_the_room(server, pages):
    board, page, bot = seated(server, pages)
    # the opponent's turn to move: no intent of this board's person may change the room
    rng = random.Random(9)
    advance(server, board, page, rng, lambda b: b.match.game.turn == 1 and b.match.game.phase == "move", bot)
    play = board.online_play
    served = room_of(server, board)
    mark = (play.room.seq, play.room.ids(), served.seq)
    types = st.sampled_from(["event", "snapshot", "welcome", "presence", "created", "error", "file", 7])
    fields = ["seq", "events", "seat", "seats", "room", "tokens", "spectate", "refused", "reply_to", "action"]
    fields += ["position_id", "match_id", "token", "reason"]
    message = st.one_of(
        anything(),
        st.builds(
            lambda kind, rest: {"v": PROTOCOL_VERSION, "type": kind, **rest},
            types,
            st.dictionaries(st.sampled_from(fields), anything(), max_size=5),
        ),
    )
    kinds = st.sampled_from(["roll", "move", "double", "take", "pass", "done", "play", "undo", "new-game", "claim"])
    intent = st.one_of(
        anything(),
        st.builds(lambda kind, rest: {**rest, "type": kind}, kinds, st.dictionaries(st.text(max_size=6), anything())),
    )

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(message, st.booleans(), anything(), intent)
    # well formed, but answers to nothing this board asked: another room created, a snapshot, a hello refused
    @example(
        {"v": PROTOCOL_VERSION, "type": "created", "room": "ZZZZZZ", "tokens": ["t", "u"], "spectate": "s"}, 1, 0, 0
    )
    @example({"v": PROTOCOL_VERSION, "type": "snapshot", "room": "ZZZZZZ", "events": []}, True, None, None)
    @example({"v": PROTOCOL_VERSION, "type": "error", "refused": "hello", "reason": "bad-token"}, True, None, None)
    def relay(junk, is_open, token, intent):
        play.receive(as_text(junk))
        if not is_open:  # a page's open, later, sends a hello again: the socket stays open here
            play.status(False, token)
        board.intent(intent)
        assert (play.room.seq, play.room.ids(), served.seq) == mark
        if not is_open:
            play.status(True, token)

    relay()
    assert not page.closed_by_board
    page.pump(lambda b: b.online_play.joined and b.online_play.in_sync and caught_up(server, board)(b))
    assert (play.room.seq, play.room.ids(), served.seq) == mark
    assert play.seat == 0 and board.state["online"]["ids"] == list(served.ids())


def test_a_spectator_board_follows_the_match_without_buttons(server, pages):
    board, page, bot = seated(server, pages)
    spectator = BoardWidget(animation=0).online(
        server.url, board.online_play.room.code, spectate=board.online_play.spectate_code
    )
    watching = Page(spectator)
    pages.append(watching)
    watching.pump(caught_up(server, spectator))
    assert spectator.online_play.seat is None and spectator.state["online"]["seat"] is None
    ended = bot.play_with("easy", background=True)
    advance(server, board, page, random.Random(4), lambda b: len(b.match.games) > 1 or b.online_play.room.seq > 30)
    ended.cancel()
    watching.pump(caught_up(server, spectator))
    served = room_of(server, board)
    assert spectator.online_play.room.ids() == served.ids() and spectator.state["online"]["in_sync"]
    assert to_mat(spectator.match) == to_mat(served.match)
    assert not any(v for k, v in spectator.state["can"].items() if k not in ("review", "export"))


def test_a_room_with_a_clock_shows_the_servers_reserves(server, pages):
    board, page, bot = seated(server, pages, clock=(12, 90))
    served = room_of(server, board)
    clock = board.state["online"]["clock"]
    assert clock["delay"] == 12 and clock["reserves"] == [90 * 3, 90 * 3]  # 90 s a point, a 3-point match
    assert board.intent({"type": "roll"}) is None
    page.pump(caught_up(server, board))
    clock = board.state["online"]["clock"]
    assert clock["reserves"] == list(served.clock["reserves"]) and clock["delay"] == served.settings.clock.delay
    game = board.match.game
    assert clock["running"] == game.turn == served.match.game.turn


def test_a_board_shown_in_two_pages_plays_through_one(server):
    # Two tabs of one notebook, or a page reloaded whose old page went without a word: each page
    # opens a socket and says so; the board speaks through the last one opened only, ignores what
    # comes through another, and goes on through the one before when the last one closes.
    board = BoardWidget(match_length=1, animation=0)
    sent: list[dict] = []
    board.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    board.online(server.url)
    play = board.online_play
    created = {"v": PROTOCOL_VERSION, "type": "created", "room": "ABCDEF", "tokens": ["t0", "t1"], "spectate": "s"}
    play.status(True, None, "tab-1")
    play.receive(json.dumps(created), "tab-1")
    assert play.room.code == "ABCDEF" and (sent[-1]["page"], sent[-1]["message"]["token"]) == ("tab-1", "t0")
    play.status(True, None, "tab-2")
    assert (sent[-1]["page"], sent[-1]["message"]["type"]) == ("tab-2", "hello")
    seats = [{"name": name, "taken": False, "connected": False, "held_until": None} for name in ("Ann", "Bo")]
    welcome = {"v": PROTOCOL_VERSION, "type": "welcome", "room": "ABCDEF", "seat": 0, "token": "t0", "seq": 0}
    play.receive(json.dumps({**welcome, "seats": seats}), "tab-1")
    assert not play.joined  # through the idle page: not the answer to the board's hello
    play.receive(json.dumps({**welcome, "seats": seats}), "tab-2")
    assert play.joined and play.seat == 0
    play.status(False, None, "tab-2")
    assert play.connected and (sent[-1]["page"], sent[-1]["message"]["type"]) == ("tab-1", "hello")
    play.status(False, None, "tab-1")
    assert not play.connected
