"""A game server killed (SIGKILL) while rooms play loses nothing: a small chaos run of
``benchmarks/online_load.py`` (a real server subprocess, asyncio clients), its invariants asserted,
never its speed. Opt-in: ``pytest -m slow tests/test_online_load.py`` (about 20 s)."""

from __future__ import annotations

import importlib.util
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
    outcome = load_benchmark().main(["--rooms", str(rooms), "--length", "1", "--kill", "3", "--seed", "7"])
    assert outcome.restarts == 3  # the kills happened, each followed by a start on the same port and file
    # The first kill comes within 3 s, before any 1-point match of random plays can end (the
    # bots send at most 16 actions a second): every client had to reconnect at least once.
    assert outcome.reconnections >= 2 * rooms
    assert outcome.finished == rooms  # every match went on to its end after the kills
    checks = outcome.checks
    assert checks["events stored"] > rooms * 3  # beyond each room's room and two seat events
    assert checks["events lost"] == 0
    assert checks["rooms whose replay differs"] == 0
    assert checks["verify failures"] == 0
    assert checks["clients that did not resume"] == 0
