"""Fuzzing the formats (issue 11): every reader takes any text, every writer's output reads back.

1. Round trips of every reachable state. Seeded random walks play matches and money sessions under
   random rules (Crawford on or off, Jacoby, beavers, a raised or lowered cube limit, Done button
   or not) with every action there is: doubles, takes, passes, beavers, raccoons, resignations
   offered by either seat before or in the middle of a roll and accepted or declined, step-by-step
   moves and their undo, whole plays, positions set up with ``Match.play_from``, and players with
   awkward names (long, with line breaks, colons and digits, markup). At a random moment of each
   walk the match is saved: ``to_json`` must load back to the same state, save for save, and play
   on identically; ``to_mat`` must read back to the same games, score, names and rules as far as
   the format holds them (the module doc of :mod:`bgwidget.formats.mat` lists what it drops), and
   to the same text, and ``to_sgf`` likewise (a roll followed by a resignation and play without
   the cube included: issue 33; one walk in eight plays without the cube); the Match ID, the GNU
   Backgammon ID and the XGID of the game in play must read back to the same ID.
2. Every reader (``Position.from_position_id``, ``from_match_id``, ``from_gnubg_id``,
   ``from_xgid``, ``from_mat``, ``from_json``, ``parse_play``) fed arbitrary text and mutations
   of valid inputs (characters replaced, inserted, deleted or repeated; lines dropped, repeated
   or swapped; any JSON value put anywhere in a save) either returns a valid object, which its
   writer writes back to text that reads the same, or raises its documented ``ValueError``
   subclass: ``PositionIdError``, ``FormatError``, ``NotationError``/``IllegalPlayError``.
   ``from_sgf`` is fed edited SGF files the same way.
3. A saved review (``Review.to_dict`` of a short match, one decision of each kind) with any JSON
   value put anywhere, mostly in a decision, either loads into a review whose every use works
   (summaries, report, figure points, each decision's board, a save that loads back the same)
   or raises :class:`ReviewError`, never another exception (issue 33).

The default run takes about 45 s on two cores. ``BGWIDGET_FUZZ=long`` multiplies
the examples and walks by 40 (``BGWIDGET_FUZZ=<n>`` by n), the same variable as
``tests/test_fuzz_api.py`` and ``tests/test_fuzz_widget.py``; ``-m slow`` adds 5,000 review
edits (``test_review_loader_long``, about five minutes). The counts of inputs tried and states
saved are written at the end of the module's run.
"""

import functools
import json
import random
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bgwidget import Game, Match, Position
from bgwidget.ai.review import Review
from bgwidget.errors import ReviewError
from bgwidget.formats import (
    FormatError,
    from_gnubg_id,
    from_json,
    from_mat,
    from_match_id,
    from_sgf,
    from_xgid,
    match_state,
    to_gnubg_id,
    to_json,
    to_mat,
    to_match_id,
    to_sgf,
    to_xgid,
)
from bgwidget.moves import IllegalPlayError
from bgwidget.position import PositionIdError
from helpers import fuzz_scale, print_counts, random_positions
from test_game import snapshot

SCALE = fuzz_scale(long=40)
WALKS = 200 * SCALE
EXAMPLES = 1000 * SCALE
COUNTS = {"states saved": 0, "reader inputs": 0, "accepted": 0, "review edits": 0}
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)

POSITIONS = random_positions(300, seed=23)

NAMES = (
    "Bottom",
    "Top",
    "",
    "A" * 40,
    "Ann\nBob",
    "x : 3",
    "7 : 2   Eve : 1",
    "<b>bold</b> & 'quotes' \"too\"",
    '; [Jacoby "On"]',
    "#1",
    " padded ",
    "tab\there",
    "line\u2028separator",
    "Jörg",
    "Game 2",
    "12",
    "\\back\\slash",
)


@pytest.fixture(scope="module", autouse=True)
def report_counts(pytestconfig):
    yield
    print_counts(pytestconfig, "format fuzz counts", COUNTS)


# ---------------------------------------------------------------------- reachable states


def random_match(rng: random.Random) -> Match:
    """A match or money session under random rules between players with random names."""
    names = (rng.choice(NAMES), rng.choice(NAMES))
    confirm = rng.random() < 0.7
    if rng.random() < 0.4:
        return Match(
            0,
            rng.randrange(10**6),
            jacoby=rng.random() < 0.5,
            beavers=rng.random() < 0.6,
            max_cube=rng.choice((64, 64, 16, 256, 1024)),
            auto_confirm=confirm,
            names=names,
        )
    length = rng.choice((1, 2, 3, 3, 5, 7, 11))
    return Match(
        length,
        rng.randrange(10**6),
        crawford=rng.random() < 0.85,
        max_cube=rng.choice((64, 64, 8, 256)),
        auto_confirm=confirm,
        names=names,
    )


def act(match: Match, rng: random.Random) -> None:
    """One legal action, chosen among all that the state allows."""
    game = match.game
    phase = game.phase
    if phase == "game-over":
        if rng.random() < 0.05:
            match.play_from(rng.choice(POSITIONS))
        else:
            match.new_game()
    elif phase == "opening":
        game.roll()
    elif phase == "roll":
        r = rng.random()
        if r < 0.25 and game.can_double():
            game.double()
        elif r < 0.29:
            game.resign(rng.randint(1, 3), seat=rng.randint(0, 1))
        elif r < 0.3:
            match.play_from(rng.choice(POSITIONS), rolled=rng.choice((None, (rng.randint(1, 6), rng.randint(1, 6)))))
        else:
            game.roll()
    elif phase == "move":
        r = rng.random()
        if r < 0.03:
            game.resign(rng.randint(1, 3), seat=rng.randint(0, 1))
        elif r < 0.25:
            game.play(str(rng.choice(game.legal_plays)))
        elif r < 0.33 and game.steps:
            game.undo()
        elif game.play_complete:
            game.confirm()
        else:
            steps = game.legal_steps()
            frm = rng.choice(sorted(steps))
            game.move(frm, rng.choice(steps[frm])[0])
    else:
        offer, cube, limit = game.offer, game.cube_value, game.rules.max_cube
        assert offer is not None
        if offer.kind == "resign":
            answers = ["accept", "decline", "decline"]
        else:
            answers = ["take", "take", "take", "pass_"]
            if offer.kind == "double" and game.rules.beavers and 4 * cube <= limit:
                answers += ["beaver"] * 2
            if offer.kind == "beaver" and 4 * cube <= limit:
                answers.append("raccoon")
        getattr(game, rng.choice(answers))()


def walk(seed: int) -> Match:
    """A match stopped at a random moment of a seeded random walk."""
    rng = random.Random(seed)
    match = random_match(rng)
    if seed % 8 == 5:  # play without the cube (issue 33), drawing nothing more from rng
        rules = replace(match.rules, cube=False, jacoby=False, beavers=False)
        match = Match.with_rules(rules, match.seed, names=match.names)
    for _ in range(rng.choice((rng.randrange(40), rng.randrange(600)))):
        if match.is_over:
            break
        act(match, rng)
    return match


def in_play(game: Game) -> bool:
    return game.phase not in ("game-over", "match-over")


def check_json(match: Match, seed: int) -> None:
    text = to_json(match)
    back = from_json(text)
    assert isinstance(back, Match) and to_json(back) == text
    assert (back.rules, back.names, back.score, back.seed) == (match.rules, match.names, match.score, match.seed)
    alone = from_json(to_json(match.game))
    assert isinstance(alone, Game) and snapshot(alone) == snapshot(match.game)
    # Play goes on identically in the saved match and the loaded one.
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(40):
        assert snapshot(back.game) == snapshot(match.game)
        if match.is_over:
            break
        act(match, rng_a)
        act(back, rng_b)
    assert to_json(back) == to_json(match)


def mat_view(game: Game) -> tuple:
    """What a .mat file holds of a game: its actions without resignations, and its state."""
    actions = [a for a in game.record if a["type"] not in ("resign", "accept", "decline")]
    offer = game.offer if game.offer and game.offer.is_cube else None
    phase = game.phase
    if game.offer and not game.offer.is_cube:  # a pending resignation is not written
        phase = "move" if game.rolled else "roll"
    result = game.result[:2] if game.result else None
    cube = (game.cube_value, game.cube_owner, game.crawford, game.score)
    return actions, offer, phase, result, cube, game.start_position, game.rolled


def forced_left(game: Game) -> int:
    """How many rolls of ``game`` were left unplayed (a resignation, or the game stopped) while
    exactly one play was legal: gnubg's importer, and so ours, reads those rolls as played."""
    replay = Game.replay(game.setup, [])
    count = 0
    for i, action in enumerate(game.record):
        replay.apply(action)
        if action["type"] in ("opening", "roll") and replay.phase == "move":
            later = [a["type"] for a in game.record[i + 1 :] if a["type"] not in ("resign", "decline")]
            if later[:1] != ["move"] and len(replay.legal_plays) == 1:
                count += 1
    return count


def refused_without_opening(write, match: Match) -> bool:
    """Whether ``match`` has a game set up from a position, which ``write`` (``.mat`` and SGF play
    every game from the opening roll) then refuses, saying so."""
    if all(game.setup["opening"] for game in match.games):
        return False
    with pytest.raises(FormatError, match="opening"):
        write(match)
    return True


def check_mat(match: Match) -> None:
    if refused_without_opening(to_mat, match):
        return
    text = to_mat(match)
    back = from_mat(text)
    assert back.names == match.names
    assert back.rules == replace(match.rules, auto_confirm=True)  # the Done button is no rule
    if any(forced_left(game) for game in match.games):
        # The forced play reads back played; from there on, the match reads back as it writes.
        assert sum(map(forced_left, back.games)) == 0
        again = to_mat(back)
        assert to_mat(from_mat(again)) == again
        for ours, theirs in zip(back.games, match.games):
            moves = [sum(a["type"] == "move" for a in g.record) for g in (ours, theirs)]
            assert moves[0] == moves[1] + forced_left(theirs)
        return
    assert to_mat(back) == text
    assert back.score == match.score
    assert [mat_view(game) for game in back.games] == [mat_view(game) for game in match.games]


def check_sgf(match: Match) -> None:
    """SGF holds every roll, play and cube action, the result and the rules but the Done button
    (money play reads the Crawford rule back as its default); not resignations declined or
    waiting, nor the steps of a play not confirmed."""
    if refused_without_opening(to_sgf, match):
        return
    text = to_sgf(match)
    back = from_sgf(text)
    assert to_sgf(back) == text and back.names == match.names and back.score == match.score
    assert back.rules == replace(match.rules, auto_confirm=True, crawford=match.rules.crawford or not match.length)

    def view(game: Game) -> tuple:
        actions = [a for a in game.record if a["type"] not in ("resign", "accept", "decline")]
        return actions, game.result[:2] if game.result else None, game.cube_value, game.cube_owner

    assert [view(game) for game in back.games] == [view(game) for game in match.games]


def check_ids(game: Game) -> None:
    state = match_state(game)
    assert from_match_id(to_match_id(game)) == state
    if state.state == "playing":
        rules = game.rules
        gnubg_id = to_gnubg_id(game)
        back = from_gnubg_id(gnubg_id, crawford=rules.crawford, beavers=rules.beavers, max_cube=rules.max_cube)
        assert to_gnubg_id(back) == gnubg_id
    if in_play(game) and not (game.offer and game.offer.kind in ("beaver", "raccoon")):
        xgid = to_xgid(game)
        assert to_xgid(from_xgid(xgid)) == xgid


@pytest.mark.parametrize("block", range(4))
def test_every_reachable_state_reads_back(block):
    for seed in range(block, WALKS, 4):
        match = walk(seed)
        COUNTS["states saved"] += 1
        check_mat(match)
        check_sgf(match)
        check_ids(match.game)
        check_json(match, seed)  # last: it plays the match on


# ---------------------------------------------------------------------- readers on hostile text


def valid_inputs() -> dict[str, list]:
    """Texts each writer wrote for states of seeded random walks."""
    found: dict[str, list] = {"json": [], "mat": [], "sgf": [], "xgid": [], "gnubg": [], "position": [], "plays": []}
    for seed in range(1000, 1030):
        match = walk(seed)
        game = match.game
        found["json"] += [to_json(match), to_json(game)]
        if all(game.setup["opening"] for game in match.games):
            found["mat"].append(to_mat(match))
            found["sgf"].append(to_sgf(match))
        if in_play(game) and not (game.offer and game.offer.kind in ("beaver", "raccoon")):
            found["xgid"].append(to_xgid(game))
        if match_state(game).state == "playing":
            found["gnubg"].append(to_gnubg_id(game))
    rng = random.Random(5)
    for position in POSITIONS[:60]:
        found["position"].append(position.position_id())
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = position.legal_plays(*dice)
        text = str(rng.choice(plays)) if plays else ""
        found["plays"].append((position, dice, text))
    # Files in the layouts of other programs, a resumed match and a credited resignation among them
    # (issue 12), and the JSON of what they read (its "rescored" list).
    from test_mat_variants import VARIANTS

    for name in ("tabs", "empty-numbered", "forced", "resumed", "credited"):
        text = VARIANTS[name][1]
        assert isinstance(text, str)
        found["mat"].append(text)
        found["json"].append(to_json(from_mat(text)))
    return found


VALID = valid_inputs()
NOTATION_CHARACTERS = "0123456789/*() ,barofBARpsmvcn-\n"


def edits(text: str, data: st.DataObject, alphabet: str | None = None) -> str:
    """``text`` with a few characters replaced, inserted, deleted or repeated."""
    chars = st.text(alphabet=alphabet, max_size=4) if alphabet else st.text(max_size=4)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(("replace", "insert", "delete", "repeat")))
        size = data.draw(st.integers(1, 8))
        if kind == "replace":
            text = text[:at] + data.draw(chars) + text[at + 1 :]
        elif kind == "insert":
            text = text[:at] + data.draw(chars) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + size :]
        else:
            text = text[:at] + text[at : at + size] * 2 + text[at + size :]
    return text


def line_edits(text: str, data: st.DataObject) -> str:
    """``text`` with lines dropped, repeated or swapped, and then a few characters edited."""
    lines = text.split("\n")
    for _ in range(data.draw(st.integers(0, 3))):
        i, j = data.draw(st.integers(0, len(lines) - 1)), data.draw(st.integers(0, len(lines) - 1))
        kind = data.draw(st.sampled_from(("drop", "repeat", "swap")))
        if kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[j])
        else:
            lines[i], lines[j] = lines[j], lines[i]
        if not lines:
            lines = [""]
    text = "\n".join(lines)
    return edits(text, data) if data.draw(st.booleans()) else text


JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(),
        st.text(max_size=8),
        st.sampled_from(("opening", "roll", "move", "double", "take", "resign", "8/5 6/5", "bgwidget", "match")),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=10,
)


def json_edit(text: str, data: st.DataObject) -> str:
    """A save with any JSON value put at some place in its tree (or a key removed or added)."""
    tree = json.loads(text)
    node = tree
    while True:
        children = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        children = [(k, v) for k, v in children if not (isinstance(v, list) and len(v) > 100)]  # not into the MT state
        if not children:
            break
        k, child = data.draw(st.sampled_from(children))
        if isinstance(child, (dict, list)) and child and data.draw(st.integers(0, 3)):
            node = child
            continue
        kind = data.draw(st.sampled_from(("set", "drop", "add")))
        if kind == "drop":
            del node[k]
        elif kind == "add" and isinstance(node, dict):
            node[data.draw(st.text(max_size=6))] = data.draw(JSON_VALUES)
        else:
            node[k] = data.draw(JSON_VALUES)
        break
    return json.dumps(tree)


def dice_edit(text: str, data: st.DataObject) -> str:
    """A save with one word of a dice generator's state (or its version or Gaussian) replaced."""
    tree = json.loads(text)
    games = tree["games"] if tree["kind"] == "match" else [tree["game"]]
    state = data.draw(st.sampled_from(games))["dice"]["state"]
    where = data.draw(st.sampled_from(("word", "word", "version", "gauss")))
    if where == "word":
        state[1][data.draw(st.integers(0, 624))] = data.draw(st.one_of(st.integers(), JSON_VALUES))
    else:
        state[0 if where == "version" else 2] = data.draw(JSON_VALUES)
    return json.dumps(tree)


def read(reader, text, errors, check) -> None:
    """``reader(text)`` returns an object that ``check`` accepts, or raises one of ``errors``."""
    COUNTS["reader inputs"] += 1
    try:
        result = reader(text)
    except errors as error:
        assert str(error)
        return
    except Exception as error:  # noqa: BLE001 - any other exception is the failure looked for
        raise AssertionError(f"{reader.__name__}({text!r:.300}) raised {type(error).__name__}: {error}") from error
    COUNTS["accepted"] += 1
    check(result)


def json_back(result) -> None:
    assert isinstance(result, (Game, Match))
    text = to_json(result)
    assert to_json(from_json(text)) == text


def mat_back(result) -> None:
    assert isinstance(result, Match)
    text = to_mat(result)
    assert to_mat(from_mat(text)) == text


def xgid_back(result) -> None:
    assert isinstance(result, Game) and in_play(result)
    if not (result.offer and result.offer.kind in ("beaver", "raccoon")):
        text = to_xgid(result)
        assert to_xgid(from_xgid(text)) == text


def gnubg_back(result) -> None:
    assert isinstance(result, Game) and in_play(result)
    text = to_gnubg_id(result)
    rules = result.rules
    assert to_gnubg_id(from_gnubg_id(text, beavers=rules.beavers)) == text


def match_id_back(text):
    def check(state) -> None:
        assert to_match_id(state) == text.strip()

    return check


def position_back(result) -> None:
    assert isinstance(result, Position)
    assert Position.from_position_id(result.position_id(), turn=result.turn) == result


@FUZZ
@given(st.data())
def test_json_reader(data):
    base = data.draw(st.sampled_from(VALID["json"]))
    how = data.draw(st.sampled_from(("tree", "tree", "dice", "text", "any")))
    if how == "tree":
        text = json_edit(base, data)
    elif how == "dice":
        text = dice_edit(base, data)
    elif how == "text":
        text = edits(base, data, alphabet='{}[]":,0123456789.-eE truenfalsbgwidgetmch')
    else:
        text = data.draw(st.one_of(st.text(max_size=40), st.just("[" * 5000 + "]" * 5000)))
    read(from_json, text, FormatError, json_back)


@FUZZ
@given(st.data())
def test_mat_reader(data):
    base = data.draw(st.sampled_from(VALID["mat"]))
    text = line_edits(base, data) if data.draw(st.integers(0, 4)) else data.draw(st.text(max_size=60))
    read(from_mat, text, FormatError, mat_back)


@FUZZ
@given(st.data())
def test_id_readers(data):
    kind = data.draw(st.sampled_from(("xgid", "gnubg", "match", "position")))
    pool = {"xgid": VALID["xgid"], "gnubg": VALID["gnubg"], "match": VALID["gnubg"], "position": VALID["position"]}
    base = data.draw(st.sampled_from(pool[kind]))
    if kind == "match":
        base = base.split(":")[1]
    alphabet = None if data.draw(st.integers(0, 3)) == 0 else "ABCDEFGHIJKLMNOPabcdefghijklmnop0123456789+/-:= D"
    text = edits(base, data, alphabet) if data.draw(st.integers(0, 5)) else data.draw(st.text(max_size=30))
    if kind == "xgid":
        read(from_xgid, text, FormatError, xgid_back)
    elif kind == "gnubg":
        read(from_gnubg_id, text, FormatError, gnubg_back)
    elif kind == "match":
        read(from_match_id, text, FormatError, match_id_back(text))
    else:
        read(Position.from_position_id, text, PositionIdError, position_back)


@FUZZ
@given(st.data())
def test_notation_reader(data):
    position, dice, base = data.draw(st.sampled_from(VALID["plays"]))
    if data.draw(st.integers(0, 3)):
        text = edits(base, data, NOTATION_CHARACTERS)
    else:
        text = data.draw(st.text(alphabet=NOTATION_CHARACTERS, max_size=30))

    def parse(text):
        return position.parse_play(text, *dice)

    def check(play) -> None:
        assert play in position.legal_plays(*dice) or (play.moves == () and not position.legal_plays(*dice))
        assert position.parse_play(str(play), *dice) == play
        # Every hit the text marks is a hit of the play (a hit on a point without a blot is refused).
        marked = {int(point) for point in re.findall(r"([0-9]+)\*", text)}
        assert marked <= {move.to_point for move in play.moves if move.hit}

    read(parse, text, IllegalPlayError, check)


def sgf_back(result) -> None:
    assert isinstance(result, Match)
    text = to_sgf(result)
    assert to_sgf(from_sgf(text)) == text


@settings(FUZZ, max_examples=250 * SCALE)
@given(st.data())
def test_sgf_reader(data):
    base = data.draw(st.sampled_from(VALID["sgf"]))
    text = line_edits(base, data) if data.draw(st.integers(0, 4)) else data.draw(st.text(max_size=60))
    read(from_sgf, text, FormatError, sgf_back)


# ---------------------------------------------------------------------- saved reviews


@functools.cache
def saved_review() -> str:
    """A saved review of a short seeded match at Easy's depth, one decision of each kind kept
    (so that each load is quick): a play with its candidates, a cube decision, an answer."""
    from bgwidget import ai
    from test_formats import random_match

    data = ai.review(random_match(5, 3), "easy", progress=False).to_dict()
    kinds = {decision["kind"]: decision for decision in data["decisions"]}
    assert set(kinds) == {"play", "double", "take"}
    return json.dumps({**data, "decisions": list(kinds.values())})


def use_review(review) -> None:
    """What a loaded review is for: both summaries, the report, the figure's points, every
    decision's board, and a save that loads back the same."""
    from bgwidget.ai import decision_svg, report

    assert isinstance(review, Review)
    review.summary(0), review.summary(1)
    report.html(review), report.points(review)
    for decision in review.decisions:
        decision_svg(review, decision)
    saved = review.to_dict()
    assert Review.from_dict(json.loads(json.dumps(saved))).to_dict() == saved


def check_review_edit(data: st.DataObject) -> None:
    """A saved review with any JSON value put anywhere (mostly in one decision) loads and serves
    every use, or is refused with a ReviewError."""
    tree = json.loads(saved_review())
    if data.draw(st.integers(0, 4)):
        decisions = tree["decisions"]
        at = data.draw(st.integers(0, len(decisions) - 1))
        decisions[at] = json.loads(json_edit(json.dumps({"decision": decisions[at]}), data)).get("decision")
    else:
        tree = json.loads(json_edit(json.dumps(tree), data))
    read(Review.from_dict, tree, ReviewError, use_review)
    COUNTS["review edits"] += 1


@settings(FUZZ, max_examples=75 * SCALE)
@given(st.data())
def test_review_loader(data):
    check_review_edit(data)


@pytest.mark.slow
@settings(FUZZ, max_examples=5000 * fuzz_scale())
@given(st.data())
def test_review_loader_long(data):
    """The same, 5,000 edits (``-m slow``): about five minutes."""
    check_review_edit(data)


def test_the_readers_refuse_what_is_not_text():
    for value in (None, 12, 3.5, [], {}, b"\xff", Position.initial()):
        for reader in (from_json, from_mat, from_xgid, from_gnubg_id, from_match_id):
            with pytest.raises(FormatError):
                reader(value)
        with pytest.raises(PositionIdError):
            Position.from_position_id(value)
        with pytest.raises(IllegalPlayError):
            Position.initial().parse_play(value, 3, 1)
