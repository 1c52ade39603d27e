"""The server's dice: ``fairdice.draw`` recomputed here from its published definition, their
frequencies, the commitment, and ``verify`` finding a tampered log of a match played through a server.

The chi-square critical value is NIST/SEMATECH e-Handbook of Statistical Methods, section
1.3.6.7.4, "Critical Values of the Chi-Square Distribution" (upper tail): 66.619 for 35 degrees
of freedom at 0.001.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
from collections import Counter

import pytest

from bgwidget.online.client import connect, create_room
from bgwidget.online.fairdice import DiceProofError, commitment, draw, verify
from bgwidget.online.launch import start_server

CHI2_35_AT_0_001 = 66.619  # NIST/SEMATECH e-Handbook, table 1.3.6.7.4


def published_draw(server_seed: str, client_seeds: tuple[str, str], k: int) -> tuple[list[int], bytes]:
    """Draw ``k`` as fairdice's docstring defines it (HMAC-SHA256 keyed with the server seed over
    ``"bgwidget-dice/1|" + seed 0 + "|" + seed 1 + "|" + k``; a byte below 252 gives ``b % 6 + 1``,
    one of 252 or more is skipped), with the digest the dice came from."""
    text = f"bgwidget-dice/1|{client_seeds[0]}|{client_seeds[1]}|{k}"
    digest = hmac.new(server_seed.encode(), text.encode(), hashlib.sha256).digest()
    return [b % 6 + 1 for b in digest if b < 252][:2], digest


@pytest.mark.parametrize("seeds", [("a" * 64, ("ann", "bob")), ("0" * 64, ("", "x")), ("é", ("ø", "日本"))])
def test_draw_is_the_published_hmac_with_rejection_sampling(seeds):
    server_seed, client_seeds = seeds
    for k in range(200):
        assert list(draw(server_seed, client_seeds, k)) == published_draw(server_seed, client_seeds, k)[0]


def test_a_byte_of_252_or_more_is_skipped():
    """Searched: the first draw whose digest starts with a byte >= 252 (a die from it would favour
    1 to 4); its dice come from the bytes after."""
    k = next(k for k in range(10_000) if published_draw("seed", ("a", "b"), k)[1][0] >= 252)
    dice, digest = published_draw("seed", ("a", "b"), k)
    assert list(draw("seed", ("a", "b"), k)) == dice
    assert dice[0] == next(b for b in digest[1:] if b < 252) % 6 + 1


def test_sixty_thousand_draws_fit_the_thirty_six_outcomes():
    """Each ordered roll has probability 1/36: the chi-square statistic stays under the 0.001
    critical value (a test that fails once in a thousand runs of fair dice; these seeds are fixed)."""
    rng = random.Random(36)
    server_seed = rng.randbytes(32).hex()
    counts = Counter(draw(server_seed, ("ann", "bob"), k) for k in range(60_000))
    expected = 60_000 / 36
    statistic = sum((counts[(a, b)] - expected) ** 2 / expected for a in range(1, 7) for b in range(1, 7))
    assert statistic < CHI2_35_AT_0_001
    assert len(counts) == 36


def test_the_commitment_is_the_sha256_of_the_seed():
    """FIPS 180-2, appendix B.1: SHA-256("abc")."""
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    seed = random.Random(1).randbytes(32).hex()
    assert commitment(seed) == hashlib.sha256(seed.encode("ascii")).hexdigest()


# ---------------------------------------------------------------------- verify on a real log


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    """The log of a 3-point match played through a server by two easy computer players."""
    server = start_server(db=str(tmp_path_factory.mktemp("dice") / "rooms.db"))
    ticket = create_room(server.url, length=3, names=("Ann", "Bob"))
    players = [connect(ticket.url, ticket.room, token, seed=seed) for token, seed in zip(ticket.tokens, ("s0", "s1"))]
    for future in [player.play_with("easy", background=True) for player in players]:
        future.result(120)
    players[0].wait_until(lambda room: room.ended is not None)
    events = copy.deepcopy(players[0].events)
    for player in players:
        player.close()
    assert server.game_server.failures == 0
    server.stop()
    return events


def rolls(events):
    return [e for e in events if e["action"]["type"] in ("opening", "roll")]


def test_verify_counts_every_draw_of_a_real_match(log):
    end = log[-1]["action"]
    assert end["type"] == "end" and end["reason"] == "match"
    seeds = {e["action"]["seat"]: e["action"]["seed"] for e in log if e["action"]["type"] == "seat"}
    k = 0
    for event in rolls(log):  # recomputed here: every roll, every opening draw, ties included
        action = event["action"]
        for dice in action["draws"] if action["type"] == "opening" else [action["dice"]]:
            assert dice == published_draw(end["server_seed"], (seeds[0], seeds[1]), k)[0]
            k += 1
    assert verify(log) == k


def test_verify_finds_a_changed_roll(log):
    tampered = copy.deepcopy(log)
    roll = next(e["action"] for e in tampered if e["action"]["type"] == "roll")
    true = roll["dice"]
    roll["dice"] = [true[0] % 6 + 1, true[1]]
    with pytest.raises(DiceProofError, match=rf"draw {roll['k']} is {true[0]}-{true[1]} from the seeds, but the log"):
        verify(tampered)


def test_verify_finds_a_removed_roll(log):
    tampered = copy.deepcopy(log)
    removed = [e for e in tampered if e["action"]["type"] == "roll"][3]
    tampered.remove(removed)
    k = removed["action"]["k"]
    with pytest.raises(DiceProofError, match=rf"draw {k} is missing: the next roll in the log says it is draw {k + 1}"):
        verify(tampered)


def test_verify_finds_swapped_client_seeds(log):
    tampered = copy.deepcopy(log)
    seats = [e["action"] for e in tampered if e["action"]["type"] == "seat"]
    seats[0]["seed"], seats[1]["seed"] = seats[1]["seed"], seats[0]["seed"]
    with pytest.raises(DiceProofError, match="from the seeds, but the log says"):
        verify(tampered)


def test_verify_finds_a_wrong_revealed_seed(log):
    tampered = copy.deepcopy(log)
    tampered[-1]["action"]["server_seed"] = random.Random(2).randbytes(32).hex()
    with pytest.raises(DiceProofError, match="does not match the commitment"):
        verify(tampered)
