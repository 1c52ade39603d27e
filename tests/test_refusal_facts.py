"""The oracle of refusals: every fact a refused step states is true, checked from the rules alone.

For seeded game positions, every one of the 21 rolls, and 0 to 3 steps already made, every step a
person could ask for (each checker to each point, each checker with no destination, each checker
with one named die) is asked of :class:`~bgwidget.moves.PartialPlay`; each refusal's facts are
checked by the rules written out below (the USBGF rules of play), not by the code under test: a
die named as played was rolled and played, a blocked point holds two or more opposing checkers, a
checker is where the sentence puts it, a "both dice" / "larger die" / "doubles" claim holds by
brute force over every order of the dice, and a step is refused exactly when the rules say so.
The rules' count of dice a play must use is checked once against GNU Backgammon's move generator
(gnubg-nn) on the same positions. Every sentence is worded in English, French and Swedish with no
placeholder left and the singular for one.

Plays written in notation are checked the same way (:meth:`~bgwidget.Position.parse_play`): each
legal play of every roll, and the same play made wrong (a move dropped, added, repeated, shifted, a
hit mark added or dropped, a repeat count), each refusal's facts true of the position and of what
the text says (a hit marked where no blot stands, more checkers moved from a point than it holds, a
hop no die makes...); about 8,000 refusals by default, some 49,000 with ``-m slow``.

The default run checks six positions (four where the choice rules decide), about 73,000 refusals
in some 15 s; ``-m slow`` checks a hundred more, about 1.8 million refusals in some 8 minutes.
"""

import random
import re
from functools import lru_cache
from itertools import permutations

import pytest

from bgwidget import Position
from bgwidget.labels import LANGUAGES
from bgwidget.moves import PartialPlay
from bgwidget.refusal import Refusal
from helpers import game_positions, print_counts

CHOICE_RULES = ("both-dice", "larger-die", "doubles-max")
ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1)]
BAR, OFF = 25, 0

# ------------------------------------------------------------------ the rules, written out
# A board is (me, them): me[p] the mover's checkers on point p (1..24, 25 the bar, 0 borne off),
# them[p] the opponent's on the mover's point p (1..24), both in the mover's numbering.


def board_of(position):
    me = [0] * 26
    them = [0] * 26
    for i in range(24):
        me[i + 1] = position.player[i]
        them[24 - i] = position.opponent[i]
    me[BAR] = position.player[24]
    me[OFF] = 15 - sum(me[1:])
    return tuple(me), tuple(them)


def land(me, them, src, die):
    """Where one die takes the mover's checker on ``src`` by the rules of one step, or None."""
    if src == OFF or not me[src] or (me[BAR] and src != BAR):
        return None
    dst = src - die
    if dst >= 1:
        return None if them[dst] >= 2 else dst
    if any(me[7:26]):  # bearing off: every checker in the home board
        return None
    if dst < 0 and any(me[p] for p in range(src + 1, 7)):  # a higher die, only from the highest point
        return None
    return OFF


def moved(me, them, src, dst):
    me2, them2 = list(me), list(them)
    me2[src] -= 1
    me2[dst] += 1
    if dst != OFF and them2[dst] == 1:
        them2[dst] = 0  # hit: to the opponent's bar, which no mover's rule looks at
    return tuple(me2), tuple(them2)


@lru_cache(maxsize=200_000)
def most(me, them, dice):
    """The most dice of ``dice`` (a tuple) that can be played in some order, by brute force."""
    best = 0
    for order in set(permutations(dice)):
        best = max(best, _most_in_order(me, them, order))
        if best == len(dice):
            break
    return best


def _most_in_order(me, them, order):
    if not order:
        return 0
    best = 0
    for src in range(25, 0, -1):
        dst = land(me, them, src, order[0])
        if dst is not None:
            best = max(best, 1 + _most_in_order(*moved(me, them, src, dst), order[1:]))
            if best == len(order):
                return best
    return best


def step_is_legal(me, them, left, src, die):
    """Whether moving ``src`` by ``die`` keeps a legal play open: the rules of one step allow it, the
    dice left after it can still make a play using as many dice as the best play does, and when
    only one die of two can be played it is the larger one, if the larger can be."""
    dst = land(me, them, src, die)
    if dst is None:
        return False
    rest = list(left)
    rest.remove(die)
    best = most(me, them, tuple(left))
    if best == 1 and len(set(left)) == 2 and die != max(left):  # one die only: the larger, if it can be
        larger = [(p, land(me, them, p, max(left))) for p in range(25, 0, -1)]
        larger = [moved(me, them, p, to) for p, to in larger if to is not None]
        return not larger or moved(me, them, src, dst) in larger  # the same play, by either die
    return 1 + most(*moved(me, them, src, dst), tuple(rest)) == best


def sums(dice):
    """Every distance some of ``dice`` move one checker, each die at most once."""
    found = set()
    for n in range(1, len(dice) + 1):
        for order in permutations(dice, n):
            found.add(sum(order))
    return found


def name(point):
    return {BAR: "bar", OFF: "off"}.get(point, str(point))


def flipped(point):
    return 25 - point if 1 <= point <= 24 else point


# ------------------------------------------------------------------ the facts of one refusal


class State:
    """The board now, the roll, the dice left (tracked by the test from the dice it played)."""

    def __init__(self, position, dice, left):
        self.me, self.them = board_of(position)
        self.dice, self.left = dice, tuple(left)
        self.full = (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)
        self.roll_text = f"{max(dice)}-{min(dice)}"


def pips_of(frm, to):
    return frm - to


def moves_with(state, frm, to, die):
    """Whether ``die`` alone takes a checker from ``frm`` to ``to`` (rules of one step aside)."""
    return die == frm - to or (to == OFF and die > frm)


def check_facts(state, reason, facts, frm, to, die):
    """Assert that the facts of a refusal of step ``frm -> to`` (to None: any destination, each
    die left tried; die: the die named) are true of ``state``."""
    if to is None and reason not in ("checker-blocked", "bar-blocked", "point-held"):
        failures = []
        for target in sorted({max(frm - d, OFF) for d in state.left}) or [max(frm - 1, OFF)]:
            try:
                return check_one(state, reason, facts, frm, target, die)
            except AssertionError as error:
                failures.append((target, str(error)))
        raise AssertionError(f"true of no destination: {failures}")
    return check_one(state, reason, facts, frm, to, die)


def check_one(state, reason, facts, frm, to, die):
    me, them, left = state.me, state.them, state.left
    if "dice" in facts:
        assert facts["dice"] == state.roll_text
    if reason == "borne-off":
        assert frm == OFF
    elif reason == "bar-empty":
        assert frm == BAR and me[BAR] == 0
    elif reason in ("opponent-checker", "no-checker"):
        assert facts["point"] == frm and 1 <= frm <= 24 and me[frm] == 0
        assert (them[frm] > 0) == (reason == "opponent-checker")
    elif reason == "no-play":
        assert most(*board_of(state.start), state.full) == 0
    elif reason == "dice-played":
        assert most(me, them, left) == 0
    elif reason == "bar-first":
        if frm != BAR:
            assert me[BAR] == facts["count"] > 0 and me[frm] > 0
        else:  # the entering checker would move on while another waits on the bar
            assert me[BAR] - 1 == facts["count"] > 0 and to is not None and BAR - to > max(left)
    elif reason in ("backwards", "same-point"):
        assert to is not None and to != OFF and (to > frm if reason == "backwards" else to == frm)
        assert (facts["from"], facts["to"], facts["move"]) == (frm, to, f"{name(frm)}/{name(to)}")
    elif reason == "not-all-home":
        outside = [p for p in range(25, 6, -1) if me[p]]
        assert to == OFF and facts["count"] == sum(me[7:26]) > 0 and facts["points"] == outside
    elif reason == "no-die":
        pips = pips_of(frm, to)
        assert facts["pips"] == pips
        reach = sums(state.full)
        assert (max(reach) < pips) if to == OFF else (pips not in reach)
    elif reason == "dice-left":
        pips = pips_of(frm, to)
        assert facts["pips"] == pips and facts["count"] == len(left) and set(left) == {facts["die"]}
        assert (max(sums(left)) < pips) if to == OFF else (pips not in sums(left))
        assert (max(sums(state.full)) >= pips) if to == OFF else (pips in sums(state.full))
    elif reason == "die-used":
        named = facts["die"]
        assert named in state.full and named not in left
        assert die == named if die is not None else moves_with(state, frm, to, named)
    elif reason == "die-not-rolled":
        assert die == facts["die"] and die not in state.full
    elif reason == "die-mismatch":
        assert die == facts["die"] and die in left and not moves_with(state, frm, to, die)
        assert (facts["from"], facts["to"]) == (frm, to)
    elif reason == "point-held":
        point = facts["point"]
        if to is not None:
            assert point == to
        else:
            assert point in {frm - d for d in left}
        assert them[point] == facts["count"] >= 2
    elif reason == "intermediate-held":
        point = facts["point"]
        assert to < point < frm and them[point] == facts["count"] >= 2
        assert any(frm - point in sums(order[:k]) for order in permutations(left) for k in range(1, len(order)))
    elif reason == "higher-die":
        named, point, highest = facts["die"], facts["point"], facts["highest"]
        assert to == OFF and named in left and named > point and point <= frm
        others = [p for p in range(1, 25) if me[p] - (p == frm) > 0]
        assert highest == max(others) > point
    elif reason in ("checker-blocked", "bar-blocked"):
        assert to is None and facts["from"] == frm and me[frm] > 0 and (reason == "bar-blocked") == (frm == BAR)
        assert {facts["point"], facts["point2"]} == {frm - d for d in left}
        assert them[facts["point"]] >= 2 and them[facts["point2"]] >= 2
    else:
        check_choice(state, reason, facts, frm, to, die)


def check_choice(state, reason, facts, frm, to, die):
    """A rule choosing among plays: true by brute force over the orders of the dice."""
    me, them, left = state.me, state.them, state.left
    # the single die the refused step uses: named, or the one that moves the checker there
    used = [d for d in set(left) if (die is None or d == die) and (to is None or moves_with(state, frm, to, d))]
    playable = [d for d in used if land(me, them, frm, d) is not None]
    assert playable, (reason, facts)  # the step is one the rules of one step allow
    assert not any(step_is_legal(me, them, left, frm, d) for d in playable)  # and none keeps a play open
    if reason == "doubles-max":
        assert len(set(state.full)) == 1 and facts["die"] == left[0]
        assert facts["count"] == most(me, them, left)
    elif reason == "larger-die":
        assert len(set(state.full)) == 2 and most(*board_of(state.start), state.full) == 1
        assert facts["die"] == max(state.full) and facts["other"] == min(state.full) in playable
        assert any(land(me, them, p, facts["die"]) is not None for p in range(25, 0, -1))
    elif reason == "both-dice":
        assert len(set(state.full)) == 2 and most(*board_of(state.start), state.full) == 2
        assert facts["die"] in playable and {facts["die"], facts["other"]} == set(state.full)
        after = moved(me, them, frm, land(me, them, frm, facts["die"]))
        assert all(land(*after, p, facts["other"]) is None for p in range(25, 0, -1))
        if to is not None:
            assert facts["move"] == f"{name(frm)}/{name(to)}"
    else:
        raise AssertionError(f"no check of reason {reason!r}: {facts}")


PLURALS = {  # a number then a noun in the plural, wrong for 1
    "en": re.compile(r"(?<![\w/])1 (pips|checkers|moves)\b"),
    "fr": re.compile(r"(?<![\w/])1 (cases|pions|déplacements)\b"),
    "sv": re.compile(r"(?<![\w/])1 (spelpjäser|flyttar med)\b"),
}


def check_words(refusal):
    for language in LANGUAGES:
        text = refusal.explain(language)
        assert text and not re.search(r"\{\w+\}|why\.", text), (language, text)
        assert not PLURALS[language].search(text), (language, text)
    seen = refusal.seen_from(1)
    for key in ("point", "point2", "from", "to", "highest"):
        if key in refusal.facts:
            assert seen.facts[key] == flipped(refusal.facts[key])
    if "points" in refusal.facts:
        assert seen.facts["points"] == [flipped(p) for p in refusal.facts["points"]]
    for key in ("move", "options", "play"):  # plays in notation: each point, after a space or a slash
        if key in refusal.facts:
            turned = re.sub(r"(?:(?<=^)|(?<=[\s/]))\d+", lambda m: str(flipped(int(m.group()))), refusal.facts[key])
            assert seen.facts[key] == turned, (key, refusal.facts[key], seen.facts[key])


# ------------------------------------------------------------------ the run


def ask_all(partial, state, counts):
    """Every step a person could ask for, now; each refusal's facts checked."""
    me, them, left = state.me, state.them, state.left
    # A point without the mover's checker is asked once (its refusal names the checker, not where
    # it goes); a checker of the mover's to every point, to no point, and with each die.
    asks = [(frm, frm - 1 if frm else 1, None) for frm in range(26) if not me[frm]]
    asks += [(frm, None, None) for frm in range(26)]
    mine = [frm for frm in range(1, 26) if me[frm]]
    asks += [(frm, to, None) for frm in mine for to in range(26)]
    asks += [(frm, max(frm - die, OFF), die) for frm in mine for die in range(1, 7)]
    asks += [(frm, frm - 1, die) for frm in mine for die in range(2, 7)]  # a die that does not move it there
    for frm, to, die in asks:
        refusal = partial.check_step(frm, to, die)
        if die is not None:  # one die named: refused exactly when the rules refuse that step
            legal = die in left and land(me, them, frm, die) == to and step_is_legal(me, them, left, frm, die)
            assert (refusal is None) == legal, (state.key, frm, to, die, refusal)
        elif to is not None and any(
            land(me, them, frm, d) == to and step_is_legal(me, them, left, frm, d) for d in set(left)
        ):
            assert refusal is None, (state.key, frm, to, refusal)
        if refusal is None:
            continue
        if any(
            land(me, them, frm, d) is not None
            for d in left
            if die in (None, d) and (to is None or land(me, them, frm, d) == to)
        ):
            # one step's rules let the checker go there: only a rule choosing among plays stops it
            assert refusal.reason in CHOICE_RULES, (state.key, frm, to, die, refusal.reason, refusal.facts)
        context = (state.key, frm, to, die, refusal.reason, refusal.facts)
        try:
            check_facts(state, refusal.reason, refusal.facts, frm, to, die)
            check_words(refusal)
        except AssertionError as error:
            raise AssertionError(f"false refusal {context}: {error}") from None
        counts[refusal.reason] = counts.get(refusal.reason, 0) + 1


def play_some(position, dice, rng, counts):
    """The roll from ``position``, refusals asked before each of up to 3 steps the rules allow."""
    partial = PartialPlay(position, dice)
    left = list((dice[0],) * 4 if dice[0] == dice[1] else dice)
    for _ in range(4):
        state = State(partial.position, dice, left)
        state.start, state.key = position, (position.position_id(), dice, tuple(partial.steps))
        ask_all(partial, state, counts)
        choices = [
            (src, d) for d in set(left) for src in range(25, 0, -1) if step_is_legal(state.me, state.them, left, src, d)
        ]
        if not choices or len(left) == len(state.full) - 3:
            return
        src, d = rng.choice(sorted(choices))
        partial.step(src, max(src - d, OFF), d)
        left.remove(d)


def run_oracle(positions, seed, pytestconfig):
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for position in positions:
        for dice in ROLLS:
            play_some(position, dice, rng, counts)
    print_counts(pytestconfig, "refusals checked", {"total": sum(counts.values()), **dict(sorted(counts.items()))})
    return counts


# Positions where the rules that choose among plays decide (hand-checked, as in test_refusals.py).
CHOOSING = [
    Position.from_position_id("OMA4OEMQACAAAA"),  # 2-1: only 22/20/19 plays both dice
    Position.from_position_id("4P8DABgAEAAAAA"),  # 6-5: only one die can be played, the 6
    Position.from_position_id("jr0hQDDuOwgABw"),  # 6-3: 9/3 leaves the 3 unplayable
    Position.from_position_id("4P8PAAAkAAAAAA"),  # bearing off: checkers on 5 and 3
]


def spread(count, seed):
    """``count`` positions spread over whole seeded games (every eighth)."""
    return game_positions(count * 8, seed)[::8]


def test_every_refusal_of_a_few_positions_states_true_facts(pytestconfig):
    counts = run_oracle(CHOOSING + spread(2, 7), 7, pytestconfig)
    assert sum(counts.values()) > 20_000
    for reason in ("point-held", "die-used", "dice-left", "both-dice", "larger-die", "die-mismatch", "higher-die"):
        assert counts.get(reason), reason  # the oracle meets the rules it checks


@pytest.mark.slow
def test_every_refusal_of_many_positions_states_true_facts(pytestconfig):
    counts = run_oracle(spread(100, 11), 11, pytestconfig)
    # (no step of these positions is refused by "doubles-max": 1,826,032 refusals, none; its check
    # stays in check_choice for the positions that have one)
    for reason in ("not-all-home", "higher-die", "intermediate-held", "checker-blocked", "bar-blocked", "both-dice"):
        assert counts.get(reason), reason


def test_the_rules_written_here_play_as_many_dice_as_gnubg(gnubg_nn):
    from bgwidget.ai.engines import gnubg_board

    positions = CHOOSING + spread(40, 7)
    checked = 0
    for position in positions:
        me, them = board_of(position)
        board = gnubg_board(position)
        for d1, d2 in ROLLS:
            full = (d1,) * 4 if d1 == d2 else (d1, d2)
            theirs = {len(steps) for _, steps in gnubg_nn.moves(board, d1, d2, 1)} or {0}
            assert theirs == {most(me, them, full)}, (position.position_id(), d1, d2)
            ours = {(play.result.player, play.result.opponent) for play in position.legal_plays(d1, d2)}
            keys = {gnubg_nn.board_from_position_key(key) for key, _ in gnubg_nn.moves(board, d1, d2, 1)}
            assert ours == keys, (position.position_id(), d1, d2)
            checked += 1
    assert checked == len(positions) * 21


# ------------------------------------------------------------------ plays written in notation

HOP = re.compile(r"(bar|\d+)((?:/(?:bar|off|\d+)\*?)+)(?:\((\d)\))?$")


def written_hops(text):
    """The hops ``(from, to, marked)`` of a play in notation, each repeat written out."""
    hops = []
    for token in text.split():
        match = HOP.match(token)
        points = [match.group(1)] + match.group(2)[1:].split("/")
        numbers = [int({"bar": BAR, "off": OFF}.get(p.rstrip("*"), p.rstrip("*"))) for p in points]
        for _ in range(int(match.group(3) or 1)):
            hops += [(a, b, p.endswith("*")) for a, b, p in zip(numbers, numbers[1:], points[1:])]
    return hops


def check_written(position, dice, text, refusal):
    """Assert that the facts of the refusal of ``text`` (a play of ``dice`` from ``position``) are
    true of the position and of what the text says, by the rules written above."""
    me, them = board_of(position)
    facts, reason = refusal.facts, refusal.reason
    full = (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)
    if "dice" in facts:
        assert facts["dice"] == f"{max(dice)}-{min(dice)}"
    if "die" in facts:
        assert facts["die"] in full
    if reason in ("notation", "notation-count", "hit-off", "ambiguous", "not-legal"):
        return  # the text itself (tested by hand in test_refusals.py), or no single fact
    hops = written_hops(text)
    if reason == "no-hit":
        assert them[facts["point"]] != 1 and any(b == facts["point"] and marked for _, b, marked in hops)
    elif reason == "hit-twice":
        assert sum(b == facts["point"] and marked for _, b, marked in hops) > 1
    elif reason == "too-many":
        net = list(me)
        for a, b, _ in hops:
            net[a] -= 1
            net[b] += 1
        assert net[facts["point"]] < 0
    elif reason in ("backwards", "same-point"):
        assert (facts["from"], facts["to"], False) in hops or (facts["from"], facts["to"], True) in hops
    elif reason == "no-die" and "move" in facts:
        assert facts["pips"] not in sums(full) and any(a - b == facts["pips"] for a, b, _ in hops)
    elif reason == "must-play":
        assert most(me, them, full) > 0 and not hops
    elif reason in ("point-held", "intermediate-held"):
        assert them[facts["point"]] == facts["count"] >= 2  # the opponent's points do not move
    elif reason in ("no-checker", "opponent-checker"):
        assert me[facts["point"]] == 0 or any(a == facts["point"] for a, _, _ in hops)
        assert (them[facts["point"]] > 0) == (reason == "opponent-checker")
    elif reason == "not-all-home":
        assert facts["count"] > 0 and all(1 <= p <= 25 for p in facts["points"])
    elif reason == "bar-first":
        assert me[BAR] > 0


def written_variants(position, dice, rng):
    """Legal plays of ``dice`` and plays made from them wrong: a move dropped, added, repeated,
    moved by a pip or two, a hit mark added or dropped, a repeat count."""
    plays = position.legal_plays(*dice)
    texts = [""]
    for play in rng.sample(plays, min(3, len(plays))):
        tokens = str(play).split()
        texts.append(" ".join(tokens))
        for _ in range(6):
            changed, k = list(tokens), rng.randrange(max(1, len(tokens)))
            change = rng.randrange(6) if tokens else 1
            if change == 0:
                del changed[k]
            elif change == 1:
                src = rng.randint(1, 25)
                dst = src - rng.choice(dice) * rng.randint(1, 2)
                changed.append(f"{name(src)}/{name(max(dst, OFF))}" + "*" * (rng.random() < 0.3))
            elif change == 2:
                changed[k] = changed[k].replace("*", "") if "*" in changed[k] else changed[k] + "*"
            elif change == 3:
                changed.append(changed[k])
            elif change == 4:
                first, rest = re.match(r"(\d*)(.*)", changed[k]).groups()
                if first:
                    changed[k] = str(min(24, max(1, int(first) + rng.choice([-2, -1, 1, 2])))) + rest
            else:
                changed[k] = re.sub(r"\(\d\)$", "", changed[k]) + f"({rng.randint(2, 4)})"
            texts.append(" ".join(changed))
    return texts


def run_written(positions, seed, pytestconfig):
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for position in positions:
        for dice in ROLLS:
            for text in written_variants(position, dice, rng):
                try:
                    position.parse_play(text, *dice)
                except Refusal as refusal:
                    try:
                        check_written(position, dice, text, refusal)
                        check_words(refusal)
                    except AssertionError as error:
                        context = (position.position_id(), dice, text, refusal.reason, refusal.facts)
                        raise AssertionError(f"false refusal {context}: {error}") from None
                    counts[refusal.reason] = counts.get(refusal.reason, 0) + 1
    print_counts(pytestconfig, "written plays' refusals checked", {"total": sum(counts.values()), **counts})
    return counts


def test_every_refusal_of_a_play_written_states_true_facts(pytestconfig):
    counts = run_written(CHOOSING + spread(20, 5), 5, pytestconfig)
    for reason in ("no-hit", "too-many", "no-die", "backwards", "hit-twice", "must-play"):
        assert counts.get(reason), reason


@pytest.mark.slow
def test_every_refusal_of_many_plays_written_states_true_facts(pytestconfig):
    counts = run_written(spread(150, 13), 13, pytestconfig)
    assert sum(counts.values()) > 40_000
