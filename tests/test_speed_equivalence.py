"""The fast paths give exactly what the plain ones gave, on seeded random positions.

The plain versions below are the project's earlier, straightforward implementations (the legal
play generator on two lists, the encoding feature by feature, the net layer by layer), kept here
only as the reference the optimised code in ``moves``, ``encoding``, ``net`` and ``evaluator``
must match: the same plays in the same order with the same moves, the same inputs, chances
equal within 1e-6.
"""

import numpy as np
import pytest

from bgwidget import Position
from bgwidget.ai import evaluator, search
from bgwidget.ai.encoding import N_INPUTS, UNITS, boards_from_positions, encode, encode_rest, encode_units
from bgwidget.ai.net import default_net, default_pruning_net
from bgwidget.moves import Move, PartialPlay, result_boards
from helpers import game_positions, random_positions

BAR = 24
ROLLS = [(d1, d2) for d1 in range(1, 7) for d2 in range(1, 7)]


# ---------------------------------------------------------------------- plain legal plays


def plain_steps(me, them, die, top=BAR):
    if me[BAR]:
        if top < BAR or them[BAR - die] >= 2:
            return []
        return [(BAR, BAR - die)]
    highest = 23
    while highest >= 0 and not me[highest]:
        highest -= 1
    start = min(highest, top)
    found = [(s, s - die) for s in range(start, die - 1, -1) if me[s] and them[s - die] < 2]
    if highest < 0:
        return []
    if highest < 6:
        exact = die - 1
        if exact <= start and me[exact]:
            found.append((exact, -1))
        elif exact > highest and highest <= start:
            found.append((highest, -1))
    return found


def plain_apply(me, them, src, dst):
    me = me[:]
    me[src] -= 1
    if dst < 0:
        return me, them, False
    me[dst] += 1
    if them[dst] == 1:
        them = them[:]
        them[dst] = 0
        them[BAR] += 1
        return me, them, True
    return me, them, False


def plain_doubles(me, them, die, steps, found, longest, top=BAR):
    options = plain_steps(me, them, die, top) if len(steps) < 4 else []
    if not options:
        if len(steps) > longest[0]:
            longest[0] = len(steps)
            found.clear()
        if steps and len(steps) == longest[0]:
            found.setdefault((tuple(me), tuple(them)), steps)
        return
    for src, dst in options:
        me1, them1, hit = plain_apply(me, them, src, dst)
        plain_doubles(me1, them1, die, steps + [(src, dst, hit)], found, longest, src)


def plain_non_doubles(me, them, high, low, found):
    for first, second in ((high, low), (low, high)):
        for src, dst in plain_steps(me, them, first):
            me1, them1, hit1 = plain_apply(me, them, src, dst)
            for src2, dst2 in plain_steps(me1, them1, second):
                me2, them2, hit2 = plain_apply(me1, them1, src2, dst2)
                key = (tuple(me2), tuple(them2))
                if key not in found:
                    found[key] = [(src, dst, hit1), (src2, dst2, hit2)]
    if found:
        return
    for die in (high, low):
        for src, dst in plain_steps(me, them, die):
            me1, them1, hit = plain_apply(me, them, src, dst)
            found.setdefault((tuple(me1), tuple(them1)), [(src, dst, hit)])
        if found:
            return


def plain_legal_plays(position, die1, die2):
    """[(moves, result)] in the generator's order."""
    me = list(position.player)
    them = list(position.opponent[23::-1]) + [position.opponent[BAR]]
    found = {}
    if die1 == die2:
        plain_doubles(me, them, die1, [], found, [0])
    else:
        plain_non_doubles(me, them, max(die1, die2), min(die1, die2), found)
    return [
        (
            tuple(Move(src + 1, dst + 1, hit) for src, dst, hit in steps),
            Position(theirs[23::-1] + (theirs[BAR],), mine, 1 - position.turn),
        )
        for (mine, theirs), steps in found.items()
    ]


def test_legal_plays_match_the_plain_generator():
    positions = random_positions(400, seed=7) + game_positions(200, seed=8)
    compared = 0
    for position in positions:
        for d1, d2 in ROLLS:
            fast = [(play.moves, play.result) for play in position.legal_plays(d1, d2)]
            assert fast == plain_legal_plays(position, d1, d2), (position, d1, d2)
            for play in position.legal_plays(d1, d2):
                # each result is a valid Position, built with its validation
                again = Position(play.result.player, play.result.opponent, play.result.turn)
                assert hash(again) == hash(play.result)
                assert all(type(move) is Move for move in play.moves)
            compared += 1
    assert compared == 600 * 36


def test_result_boards_and_best_replies_match_the_plays():
    """``result_boards`` gives the boards of ``legal_plays``' results; ``best_replies`` the least
    equity among them for the side then on roll, through the net directly or an evaluator's Positions."""
    positions = random_positions(60, seed=21) + game_positions(60, seed=22)
    rolled = [(position, d1, d2) for position in positions for d1, d2, _ in search.ROLLS]
    plain_after, plain_chances = [], []
    for position, d1, d2 in rolled:
        results = [play.result for play in position.legal_plays(d1, d2)]
        assert result_boards(position, d1, d2) == [bytes(r.opponent + r.player) for r in results]
        results = results or [position.swap()]
        chances = evaluator.evaluate_positions(results)
        best = int(np.argmin(evaluator.equity(chances)))
        plain_after.append(results[best])
        plain_chances.append(chances[best])
    for judge in (evaluator.evaluate_positions, lambda batch: evaluator.evaluate_positions(batch)):
        after, chances = search.best_replies(rolled, judge, prune=False)
        assert after == plain_after
        assert [p.turn for p in after] == [p.turn for p in plain_after]
        np.testing.assert_allclose(chances, plain_chances, rtol=0, atol=1e-6)
    assert search.best_replies([], evaluator.evaluate_positions)[0] == []
    # A caller's evaluator is never pruned: the pruning net ranks as the shipped net does.
    assert search.best_replies(rolled, lambda batch: evaluator.evaluate_positions(batch))[0] == plain_after


def test_pruned_replies_keep_the_net_choice_but_rarely():
    """With the pruning net, a roll of n results sends the big net at most 4 + floor(log2 n) of
    them; the reply chosen is the unpruned one in most rolls and gives up little equity when not."""
    positions = game_positions(150, seed=31)
    rolled = [(position, d1, d2) for position in positions for d1, d2, _ in search.ROLLS]
    full_after, full = search.best_replies(rolled, prune=False)
    pruned_after, pruned = search.best_replies(rolled)
    same = sum(a == b for a, b in zip(full_after, pruned_after))
    lost = evaluator.equity(pruned) - evaluator.equity(full)  # the next side gains what the mover gives up
    assert (lost >= -1e-6).all()  # the full search's reply is the least of every result
    crowded = sum(len(result_boards(p, d1, d2)) > 8 for p, d1, d2 in rolled)
    assert crowded > 1000  # enough rolls are pruned for the figures below to mean something
    assert same >= 0.95 * len(rolled), (same, len(rolled))
    assert lost.mean() < 0.002, lost.mean()


def test_exact_results_are_never_pruned():
    """Bear-offs and finished games are judged exactly, so pruning never changes a reply there."""
    positions = [p for p in random_positions(4000, seed=41) if p.player[6:].count(0) == 19 and not any(p.opponent[6:])]
    assert len(positions) > 50
    rolled = [(position, d1, d2) for position in positions for d1, d2, _ in search.ROLLS]
    assert search.best_replies(rolled)[0] == search.best_replies(rolled, prune=False)[0]


def test_best_boards_are_the_boards_of_best_replies(positions):
    """A rollout takes the best results as boards (search.best_boards) and makes a Position of the
    roll rolled only: the boards are those of best_replies' positions, the chances the same."""
    rolled = [(p, d1, d2) for p in positions[:30] if p.outcome() is None for d1, d2, _ in search.ROLLS]
    after, chances = search.best_replies(rolled)
    boards, same = search.best_boards(rolled)
    assert boards == [bytes(a.opponent + a.player) for a in after]
    assert chances.tobytes() == same.tobytes()


def test_best_replies_give_an_evaluator_the_turn_of_each_result():
    """A caller's evaluator that reads the turn judges each result with its own side on roll,
    whatever else is in the batch: the same board reached from both seats is two positions."""

    def seat_one_pessimist(batch):
        chances = evaluator.evaluate_positions(batch)
        chances[[p.turn == 1 for p in batch], 0] *= 0.5
        return chances

    rolled = [(Position.initial(0), 3, 1), (Position.initial(1), 3, 1)]
    after, chances = search.best_replies(rolled, seat_one_pessimist)
    assert [p.turn for p in after] == [1, 0]
    for (position, d1, d2), row in zip(rolled, chances):
        alone = search.best_replies([(position, d1, d2)], seat_one_pessimist)[1][0]
        np.testing.assert_array_equal(row, alone)
    assert chances[0, 0] < chances[1, 0]
    both = search.position_values([Position.initial(0), Position.initial(1)], 1, seat_one_pessimist)
    for position, row in zip((Position.initial(0), Position.initial(1)), both):
        np.testing.assert_array_equal(row, search.position_values([position], 1, seat_one_pessimist)[0])


@pytest.mark.parametrize(
    "position_id, dice",
    [
        ("4HPwATDgc/ABMA", (6, 6)),  # the start
        ("22bABwDg/wMAYA", (5, 4)),  # two on the bar
        ("4P8PAAAkAAAAAA", (6, 4)),  # bearing off with a higher die
        ("4P8DBgD/PwAAIA", (4, 4)),  # doubles, only two playable
        ("hv82AADg/wcAIA", (6, 5)),  # one die only
    ],
)
def test_partial_play_targets_follow_the_plays(position_id, dice):
    position = Position.from_position_id(position_id)
    partial = PartialPlay(position, dice)
    assert [(p.moves, p.result) for p in partial.plays] == plain_legal_plays(position, *dice)
    for play in partial.plays:  # every legal play can be made step by step
        replay = PartialPlay(position, dice)
        for move in play.moves:
            replay.step(move.from_point, move.to_point)
        assert replay.is_complete and replay.play == play


# ---------------------------------------------------------------------- plain encoding and net


def plain_side(side):
    pts = side[:, :24].astype(np.float64)
    bar = side[:, 24].astype(np.float64)
    made = pts >= 2
    runs = []
    for row in made:
        best = run = 0
        for cell in row:
            run = run + 1 if cell else 0
            best = max(best, run)
        runs.append(best)
    return np.column_stack(
        [
            pts >= 1,
            pts >= 2,
            pts >= 3,
            np.maximum(pts - 3, 0) / 2,
            bar / 2,
            (15 - pts.sum(axis=1) - bar) / 15,
            (pts @ np.arange(1, 25) + 25 * bar) / 100,
            made[:, :6].sum(axis=1) / 6,
            np.array(runs) / 6,
            (pts == 1).sum(axis=1) / 15,
            (pts[:, 18:24].sum(axis=1) + bar) / 15,
        ]
    )


def plain_hit_chance(me, them):
    """Share of the 36 rolls (ordered) that reach a blot of ``them`` from a checker of ``me``."""
    out = []
    for mine, theirs in zip(me, them):
        blots = {25 - q for q in range(1, 25) if theirs[q - 1] == 1}  # on my point 25 - q
        sources = [p for p in range(1, 26) if mine[p - 1]]
        distances = {p - x for p in sources for x in blots if p > x}
        hits = 0
        for a in range(1, 7):
            for b in range(1, 7):
                reach = [a, 2 * a, 3 * a, 4 * a] if a == b else [a, b, a + b]
                hits += any(d in distances for d in reach)
        out.append(hits / 36)
    return np.array(out)


def plain_encode(boards):
    race = np.array([Position(b[0], b[1]).is_race() for b in boards.tolist()])
    return np.column_stack(
        [
            plain_side(boards[:, 0]),
            plain_side(boards[:, 1]),
            race,
            plain_hit_chance(boards[:, 0], boards[:, 1]),
            plain_hit_chance(boards[:, 1], boards[:, 0]),
        ]
    )


def plain_probabilities(boards):
    h = plain_encode(boards)
    layers = default_net().layers
    for w, b in layers[:-1]:
        h = np.maximum(h @ w.astype(np.float64) + b, 0)
    s = 1 / (1 + np.exp(-(h @ layers[-1][0].astype(np.float64) + layers[-1][1])))
    win, wg, wbg, lg, lbg = s.T
    return np.column_stack([win, win * wg, win * wg * wbg, (1 - win) * lg, (1 - win) * lg * lbg])


@pytest.fixture(scope="module")
def positions():
    return random_positions(300, seed=11) + game_positions(300, seed=12)


def test_encoding_matches_the_plain_features(positions):
    boards = boards_from_positions(positions)
    assert boards.shape == (600, 2, 25) and boards.dtype == np.int8
    assert (boards[:, 0] == [p.player for p in positions]).all()
    assert (boards[:, 1] == [p.opponent for p in positions]).all()
    fast = encode(boards)
    assert fast.shape == (600, N_INPUTS) and fast.dtype == np.float32
    np.testing.assert_allclose(fast, plain_encode(boards), rtol=0, atol=1e-6)
    for size in (1, 7, 64):  # a batch's rows do not depend on the rest of the batch
        np.testing.assert_array_equal(encode(boards[:size]), fast[:size])
    # The units alone (what the pruning net reads), then the rest: the same inputs.
    units = encode_units(boards, np.zeros((600, N_INPUTS), dtype=np.float32))
    np.testing.assert_array_equal(units[:, UNITS], fast[:, UNITS])
    assert not np.delete(units, UNITS, axis=1).any()
    np.testing.assert_array_equal(encode_rest(boards, units), fast)
    # First sides given by reference to a table of sides (copied), or their own (-1): the same units.
    table = boards[::3, 0]
    rows = np.where(np.arange(600) % 3 == 0, np.arange(600) // 3, -1)
    shared = encode_units(boards, np.zeros((600, N_INPUTS), dtype=np.float32), (table, rows))
    np.testing.assert_array_equal(shared[:, UNITS], fast[:, UNITS])


def test_the_pruning_net_reads_only_the_units():
    """best_replies encodes only the units of the results it prunes: a pruning net with a weight
    on any other input would read zeros there."""
    first_layer = default_pruning_net().layers[0][0]
    assert first_layer.shape[0] == N_INPUTS
    assert not np.delete(first_layer, UNITS, axis=0).any() and first_layer[UNITS].any()


def test_net_matches_the_plain_layers(positions):
    boards = boards_from_positions(positions)
    fast = default_net().probabilities(boards)
    assert fast.dtype == np.float64
    np.testing.assert_allclose(fast, plain_probabilities(boards), rtol=0, atol=1e-6)
    np.testing.assert_allclose(default_net().probabilities(boards[:5]), fast[:5], rtol=0, atol=1e-6)


def test_evaluator_repeats_and_order_change_nothing(positions):
    chances = evaluator.evaluate_positions(positions)
    doubled = evaluator.evaluate_positions(positions[::-1] + positions)
    np.testing.assert_allclose(doubled[len(positions) :], chances, rtol=0, atol=1e-6)
    np.testing.assert_allclose(doubled[: len(positions)], chances[::-1], rtol=0, atol=1e-6)
    one_by_one = np.array([evaluator.evaluate_positions([p])[0] for p in positions[:40]])
    np.testing.assert_allclose(one_by_one, chances[:40], rtol=0, atol=1e-6)


def test_encode_into_a_given_array_and_refusals(positions):
    boards = boards_from_positions(positions[:10])
    out = np.full((10, N_INPUTS), 7.0, dtype=np.float32)
    assert encode(boards, out=out) is out
    np.testing.assert_array_equal(out, encode(boards))
    for bad in (np.empty((9, N_INPUTS), np.float32), np.empty((10, N_INPUTS)), [[0.0] * N_INPUTS] * 10):
        with pytest.raises(ValueError, match="float32 array"):
            encode(boards, out=bad)


def test_nets_read_encoded_inputs_as_they_read_boards(positions):
    # A search encodes its results once and sends the rows to both nets (search.best_replies).
    boards = boards_from_positions(positions)
    inputs = encode(boards)
    for net in (default_net(), default_pruning_net()):
        np.testing.assert_array_equal(net.outputs(inputs), net.probabilities(boards))
    np.testing.assert_array_equal(
        evaluator.evaluate_boards(boards, inputs=inputs), evaluator.evaluate_boards(boards)
    )  # the bear-offs among them (19) still judged exactly
    for bad in (inputs.astype(np.float64), inputs[:, :-1], inputs[0], [[0.0] * N_INPUTS]):
        with pytest.raises(ValueError, match="inputs are"):
            default_net().outputs(bad)
    with pytest.raises(ValueError, match="one row per board"):
        evaluator.evaluate_boards(boards, inputs=inputs[:-1])


def test_nets_read_chosen_rows_as_they_read_a_copy_of_them(positions):
    """``outputs(inputs, rows)`` gathers the rows a chunk at a time (best_replies judges a subset of
    its results so): the same chances, bit for bit, as the copied rows, over several chunks too."""
    inputs = np.tile(encode(boards_from_positions(positions)), (8, 1))
    rng = np.random.default_rng(3)
    for size in (1, 5, 300, 1024, 2500):
        rows = np.sort(rng.choice(len(inputs), size, replace=False))
        for net in (default_net(), default_pruning_net()):
            assert net.outputs(inputs, rows).tobytes() == net.outputs(inputs[rows]).tobytes()
    assert default_net().outputs(inputs, np.arange(0)).shape == (0, 5)
    with pytest.raises(IndexError):
        default_net().outputs(inputs, np.array([len(inputs)]))
