"""A board in a room with no person at it (a spectator's) rolls nothing in the opening: only the
server rolls. Found by the browser test of two boards (tests/browser/test_online_in_lab.py), where
the spectator's board showed an opening roll of its own, out of step with the server's room."""

from bgwidget import BoardWidget
from bgwidget.online import connect, start_server
from online_page import Page


def test_a_spectators_board_waits_for_the_servers_opening_roll():
    server = start_server()
    try:
        ann = BoardWidget(match_length=3, animation=0).online(server.url, name="Ann")
        ann_page = Page(ann)
        ann_page.pump(until=lambda board: board.online_play.joined)
        play = ann.online_play
        bo = connect(server.url, play.room.code, name="Bo")  # a client of its own: this process keeps Ann's token
        try:
            watcher = BoardWidget(animation=0).online(server.url, room=play.room.code, spectate=play.spectate_code)
            Page(watcher).pump(until=lambda board: all(board.online_play.room.seated))
            ann_page.pump(until=lambda board: all(board.online_play.room.seated))
            for board in (ann, watcher):
                assert board.state["phase"] == "opening" and board.game.record == []
                assert board.state["online"]["in_sync"]
            assert watcher.state["online"]["seat"] is None and watcher.state["can"]["roll"] is False
            # Nobody rolled: the copies hold the same IDs, those of the server's last event (Bo's seat).
            assert ann.state["online"]["ids"] == watcher.state["online"]["ids"]
            assert [e["action"]["type"] for e in watcher.online_play.room.events] == ["room", "seat", "seat"]
        finally:
            bo.close()
    finally:
        server.stop()
