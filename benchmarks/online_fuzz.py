"""Hostile messages against the game server, drawn by hypothesis, while honest matches are played.

An in-process server (:func:`bgwidget.online.launch.start_server`, limits of 1,000 messages a
second after a burst of 300) is attacked over several connections with the messages of
tests/hostile_messages.py: random JSON, binary frames, deep nesting, near-valid messages with a
field mutated, forged tokens, the seat not on roll acting, stale ``seq``\\ s, huge strings, floods;
now and then a legal action moves the attacked room on. After every refused message the room's
``seq``, dice draws, Position ID and Match ID must be as before. Meanwhile two computer players
("easy") play 3-point matches on the same server; each match's copies must agree and its dice verify.

Printed: messages sent, refused (by code), accepted, connections closed (by close code: 1008
flooding, 1009 too big), the server's exceptions (``failures``, must be 0), state changes by refused
messages (must be 0), honest matches played, wall time.

    .venv/bin/python benchmarks/online_fuzz.py [--messages 100000] [--batch 10]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from hostile_messages import ATTACKS, Fuzz  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=100_000, help="send at least this many messages")
    parser.add_argument("--batch", type=int, default=10, help="attacks drawn in one hypothesis example")
    parser.add_argument("--alone", action="store_true", help="no honest matches played meanwhile")
    args = parser.parse_args()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        fuzz = Fuzz(str(Path(folder) / "rooms.db"), honest=0 if args.alone else 3)

        @settings(
            max_examples=100,
            deadline=None,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(st.data())
        def attack(data: st.DataObject) -> None:
            for _ in range(args.batch):
                fuzz.step(data.draw(ATTACKS)(fuzz.context()))

        while fuzz.sent < args.messages:
            attack()  # 100 examples a run: hypothesis wants each to draw alike, whatever was sent before
        fuzz.close()
    report(fuzz, time.perf_counter() - start)


def report(fuzz: Fuzz, elapsed: float) -> None:
    print(f"messages sent            {fuzz.sent:>9,}  ({fuzz.in_floods:,} of them in floods)")
    print(f"accepted                 {fuzz.accepted:>9,}")
    print(f"refused                  {sum(fuzz.refused.values()):>9,}")
    for code, count in fuzz.refused.most_common():
        print(f"  {code:<22} {count:>9,}")
    unanswered = fuzz.sent - fuzz.accepted - sum(fuzz.refused.values()) - sum(fuzz.closed.values())
    print(f"unanswered               {unanswered:>9,}  (a flood's messages after the server stopped reading it)")
    why = {1006: "no close frame", 1008: "flooding", 1009: "message too big", None: "not closed"}
    for code, count in sorted(fuzz.flooded.items(), key=lambda item: str(item[0])):
        print(f"floods, closed {code} ({why.get(code, '?')})".ljust(25) + f"{count:>9,}")
    for code, count in sorted(fuzz.closed.items(), key=lambda item: str(item[0])):
        print(f"other closes {code} ({why.get(code, '?')})".ljust(25) + f"{count:>9,}")
    print(f"server exceptions        {fuzz.failures():>9}  (game_server.failures, must be 0)")
    print(f"changes by refusals      {fuzz.changed:>9}  (must be 0)")
    for example in fuzz.examples[:10]:
        print(f"  {example}")
    print(f"honest matches played    {fuzz.matches:>9}  problems: {len(fuzz.honest_failures)}")
    for problem in fuzz.honest_failures[:10]:
        print(f"  {problem}")
    print(f"wall time                {elapsed:>9.1f} s ({fuzz.sent / elapsed:,.0f} messages a second)")


if __name__ == "__main__":
    main()
