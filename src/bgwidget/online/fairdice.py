"""Fair dice that both players can check: the server commits to a seed, each player adds one.

Commit-reveal, as online casinos and Backgammon Galaxy's published roller do it (facts, not code):

1. When a room is created the server draws a secret **server seed** (32 random bytes,
   :func:`secrets.token_bytes`) and publishes only its **commitment**, ``SHA-256(server seed)``.
2. Each player, on taking a seat, contributes a **client seed** of their own (any text of 1 to 64
   characters, public from then on). The first roll waits for both.
3. Draw ``k`` (0, 1, 2, ... with no gap: every draw is published, the opening's ties too) is
   ``HMAC-SHA256(server seed, "bgwidget-dice/1|" + client seed 0 + "|" + client seed 1 + "|" + k)``;
   its bytes are read in order, a byte ``b < 252`` giving the die ``b % 6 + 1`` and a byte
   ``>= 252`` skipped (rejection sampling: 252 is the largest multiple of 6 below 256, so each face
   has probability exactly 1/6). Two accepted bytes make the roll; should 32 bytes hold fewer than
   two (probability below 10⁻⁵⁰), ``|1``, ``|2``... is appended to the message for more bytes.
4. When the match ends the server reveals its seed; :func:`verify` then recomputes every roll.

What this proves: the server chose its seed before seeing either client seed, and cannot change it
afterwards, so it could not pick the rolls; neither player alone determines them either; the draws are
numbered without gaps, so the server cannot skip a roll it dislikes; a changed, missing or reordered
roll in the log is found.

What it does not prove: that the server kept its seed secret. Once both client seeds are known the
whole sequence of rolls is fixed, so a server that leaks its seed to one player lets that player know
every future roll (the same trust a player gives any online server, and weaker than a player rolling
physical dice). It does not show that the moves in the log are the ones played, which the log's
Position IDs and the players' own boards do.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["MAX_CLIENT_SEED", "DiceProofError", "commitment", "draw", "new_server_seed", "verify"]

MAX_CLIENT_SEED = 64
"""The longest client seed, in characters."""

_DOMAIN = b"bgwidget-dice/1|"


class DiceProofError(ValueError):
    """A log whose dice do not follow from its seeds: the message names the first draw that fails."""


def new_server_seed() -> str:
    """A fresh secret server seed: 32 random bytes as 64 hex digits."""
    return secrets.token_hex(32)


def commitment(server_seed: str) -> str:
    """The published commitment to ``server_seed``: the hex SHA-256 of its UTF-8 text."""
    return hashlib.sha256(server_seed.encode()).hexdigest()


def draw(server_seed: str, client_seeds: tuple[str, str], k: int) -> tuple[int, int]:
    """Draw ``k`` (from 0): two dice 1..6, from the seeds as the module's docstring says."""
    message = _DOMAIN + "|".join((client_seeds[0], client_seeds[1], str(k))).encode()
    key = server_seed.encode()
    dice: list[int] = []
    block = 0
    while len(dice) < 2:
        suffix = b"" if block == 0 else b"|" + str(block).encode()
        for byte in hmac.new(key, message + suffix, hashlib.sha256).digest():
            if byte < 252:
                dice.append(byte % 6 + 1)
                if len(dice) == 2:
                    break
        block += 1
    return dice[0], dice[1]


def verify(log: Iterable[Mapping[str, Any]]) -> int:
    """Check every roll of a finished room's event log; returns the number of draws checked.

    ``log`` is the room's events in ``seq`` order, as the server sent them (each a dict with an
    ``"action"``; see :mod:`bgwidget.online.protocol`): the ``"room"`` event's ``commitment``,
    the ``"seat"`` events' client ``seed``, every ``"opening"`` (its ``draws``, ties included) and
    ``"roll"`` (its ``dice``, draw ``k``), and the ``"end"`` event's revealed ``server_seed``.

    Raises :class:`DiceProofError` when the server seed is missing or does not match its
    commitment, a client seed is missing, the draws are not numbered 0, 1, 2... without a gap,
    or a roll differs from the draw it claims.
    """
    events = [event.get("action", {}) for event in log if isinstance(event, Mapping)]
    first = next((a for a in events if a.get("type") == "room"), None)
    end = next((a for a in events if a.get("type") == "end"), None)
    if first is None or not isinstance(first.get("commitment"), str):
        raise DiceProofError("the log has no room event with the server's commitment")
    if end is None or not isinstance(end.get("server_seed"), str):
        raise DiceProofError("the log has no end event revealing the server seed: is the match over?")
    server_seed = end["server_seed"]
    if not hmac.compare_digest(commitment(server_seed), first["commitment"]):
        raise DiceProofError("the revealed server seed does not match the commitment published at the start")
    seeds: dict[int, str] = {a["seat"]: a["seed"] for a in events if a.get("type") == "seat"}
    if set(seeds) != {0, 1}:
        raise DiceProofError("the log does not hold both players' client seeds")
    client_seeds = (seeds[0], seeds[1])
    k = 0
    for action in events:
        if action.get("type") == "opening":
            rolls = action.get("draws", [])
            if not _opening_follows(rolls, action.get("dice")):
                raise DiceProofError(f"the opening at draw {k} is not its draws' first roll that is not a tie")
        elif action.get("type") == "roll":
            rolls = [action.get("dice")]
        else:
            continue
        if action.get("k") != k:
            raise DiceProofError(f"draw {k} is missing: the next roll in the log says it is draw {action.get('k')!r}")
        for rolled in rolls:
            expected = draw(server_seed, client_seeds, k)
            if not isinstance(rolled, list) or tuple(rolled) != expected:
                raise DiceProofError(
                    f"draw {k} is {expected[0]}-{expected[1]} from the seeds, but the log says {rolled!r}"
                )
            k += 1
    return k


def _opening_follows(draws: object, dice: object) -> bool:
    """Whether an opening's ``dice`` are its last draw, and every draw before it a tie (rolled again)."""
    if not isinstance(draws, list) or not draws or not all(isinstance(d, list) and len(d) == 2 for d in draws):
        return False
    return draws[-1] == dice and draws[-1][0] != draws[-1][1] and all(d[0] == d[1] for d in draws[:-1])
