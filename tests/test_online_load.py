"""A game server killed (SIGKILL) while rooms play loses nothing: a small chaos run of
``benchmarks/online_load.py`` (a real server subprocess, asyncio clients), its invariants asserted,
never its speed (opt-in: ``pytest -m slow tests/test_online_load.py``, about 25 s); and a client
that was out of step when the server died comes back in step."""

from __future__ import annotations

import asyncio
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("websockets", reason="the game server needs the online extra")

BENCHMARK = Path(__file__).resolve().parent.parent / "benchmarks" / "online_load.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("online_load", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_server_killed_three_times_mid_play_loses_no_accepted_action():
    rooms = 10
    # 3-point matches at 20 ms a decision last longer than three kills 0.5 to 3 s apart.
    arguments = ["--rooms", str(rooms), "--length", "3", "--think", "0.02", "--kill", "3", "--seed", "7"]
    outcome = load_benchmark().main(arguments)
    assert outcome.restarts == 3  # the kills happened, each followed by a start on the same port and file
    assert outcome.reconnections >= 2 * rooms  # every client at least once: the kills came while all played
    assert outcome.finished == rooms  # every match went on to its end after the kills
    checks = outcome.checks
    assert checks["events stored"] > rooms * 3  # beyond each room's room and two seat events
    assert checks["events lost"] == 0
    assert checks["rooms whose replay differs"] == 0
    assert checks["verify failures"] == 0
    assert checks["clients that did not resume"] == 0


def test_a_client_out_of_step_when_the_server_dies_takes_the_whole_log_again(tmp_path):
    # Its copy failed an event and asked for a snapshot; the server died before answering. Back
    # online it must not wait forever for that lost snapshot: it rebuilds from the whole log.
    benchmark = load_benchmark()

    async def scenario():
        server = benchmark.ServerProcess(tmp_path / "rooms.db")
        await server.start()
        try:
            return await play(server)
        finally:
            if server.process.returncode is None:  # failed mid-way: the server must not outlive the test
                await server.kill()

    async def play(server):
        [(ann, bob)] = await benchmark.open_rooms(server.url, 1, 1, benchmark.Record(), seed=1)
        rng = random.Random(1)

        async def step(copies=(ann, bob)):  # one bot action, by the seat of ``copies`` that has one, seen by them
            for seat in copies:  # not a copy being rebuilt: mid-way it may look like another turn
                action = benchmark.bot_action(seat.connection, rng)
                if action is not None:
                    seq = (await seat.connection.act(action))["seq"]
                    for each in copies:
                        await each.connection.wait_until(lambda c, seq=seq: c.room.seq >= seq, 20)
                    return
            raise AssertionError("no seat can act")

        await step()  # the opening roll
        while bob.connection.game.turn != 1:
            await step()
        ann.connection.in_sync = False  # as when an event did not apply to its copy
        await server.kill()
        await server.start()
        await bob.connection.wait_until(lambda c: c.reconnections == 1, 20)
        await bob.connection.wait_until(lambda c: benchmark.bot_action(c, rng) is not None, 20)
        await step(copies=(bob,))  # bob's action, which ann's copy must come to hold
        await ann.connection.wait_until(lambda c: c.in_sync and c.room.seq == bob.connection.room.seq, 20)
        logs = [benchmark.without_replies(seat.connection.events) for seat in (ann, bob)]
        resyncs = ann.connection.resyncs
        await benchmark.close_all([ann, bob])
        await server.stop()
        return logs, resyncs

    (ann_log, bob_log), resyncs = asyncio.run(scenario())
    assert ann_log == bob_log
    assert resyncs == 1
