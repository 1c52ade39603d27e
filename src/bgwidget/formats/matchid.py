"""GNU Backgammon's Match ID (12 characters) and GNU Backgammon ID (``PositionID:MatchID``).

The Match ID packs 67 bits, least significant first, into 9 bytes written as Base64 without
padding (gnubg's ``matchid.c``; layout in FORMATS.md). gnubg's player 1 is the bottom player and
player 0 the top one, so gnubg player ``p`` is our seat ``1 - p``; :class:`MatchState` uses our
seats throughout.
"""

from __future__ import annotations

import base64
from typing import Any, NamedTuple

from bgwidget.dice import Seed
from bgwidget.formats.errors import FormatError
from bgwidget.game import Game, GameError
from bgwidget.position import Position, PositionError
from bgwidget.rules import Rules

__all__ = [
    "MatchState",
    "build_game",
    "check_game",
    "check_options",
    "from_gnubg_id",
    "from_match_id",
    "match_state",
    "to_gnubg_id",
    "to_match_id",
]

# Field: (bit offset, width), from FORMATS.md.
_FIELDS = {
    "cube": (0, 4),
    "owner": (4, 2),
    "move": (6, 1),
    "crawford": (7, 1),
    "state": (8, 3),
    "turn": (11, 1),
    "doubled": (12, 1),
    "resigned": (13, 2),
    "die1": (15, 3),
    "die2": (18, 3),
    "length": (21, 15),
    "score0": (36, 15),
    "score1": (51, 15),
    "no_jacoby": (66, 1),
}
_USED = 67  # bits 67..71 of the 9 bytes are unused
GAME_STATES = ("none", "playing", "over", "resigned", "dropped")
"""gnubg's game states, by their number in the Match ID."""


class MatchState(NamedTuple):
    """Every field of a Match ID, with our seats (0 bottom, 1 top).

    ``cube_value`` 1..2^15; ``cube_owner`` None (centred), 0 or 1; ``on_roll`` the seat whose
    position it is (gnubg's fMove); ``crawford`` True in the Crawford game; ``state`` one of
    :data:`GAME_STATES`; ``turn`` the seat that must act (gnubg's fTurn: the taker when a double
    is offered); ``doubled`` True while a double waits for an answer; ``resignation`` 0 or the
    points offered (1 single, 2 gammon, 3 backgammon); ``dice`` the rolled dice or None;
    ``match_length`` 0 for money; ``score`` ``(seat 0, seat 1)``; ``jacoby`` the money-play rule.
    """

    cube_value: int = 1
    cube_owner: int | None = None
    on_roll: int = 0
    crawford: bool = False
    state: str = "playing"
    turn: int = 0
    doubled: bool = False
    resignation: int = 0
    dice: tuple[int, int] | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False


def to_match_id(game: Game | MatchState) -> str:
    """The 12-character GNU Backgammon Match ID of a game now (see :func:`match_state`) or of a :class:`MatchState`.

    Raises :class:`FormatError` when a field does not fit (a cube above 2^15, a score above 32767),
    or for anything but a Game or a MatchState.
    """
    if not isinstance(game, (Game, MatchState)):
        raise FormatError(f"to_match_id writes a Game or a MatchState, not {type(game).__name__}")
    state = match_state(game) if isinstance(game, Game) else game
    fields = {
        "cube": state.cube_value.bit_length() - 1,
        "owner": 3 if state.cube_owner is None else 1 - state.cube_owner,
        "move": 1 - state.on_roll,
        "crawford": int(state.crawford),
        "state": GAME_STATES.index(state.state),
        "turn": 1 - state.turn,
        "doubled": int(state.doubled),
        "resigned": state.resignation,
        "die1": state.dice[0] if state.dice else 0,
        "die2": state.dice[1] if state.dice else 0,
        "length": state.match_length,
        "score0": state.score[1],
        "score1": state.score[0],
        "no_jacoby": int(not state.jacoby),
    }
    bits = 0
    for name, value in fields.items():
        offset, width = _FIELDS[name]
        if not 0 <= value < 1 << width:
            raise FormatError(f"{name} = {value} does not fit in a Match ID")
        bits |= value << offset
    return base64.b64encode(bits.to_bytes(9, "little")).decode()


def from_match_id(text: str) -> MatchState:
    """Decode a 12-character Match ID.

    Raises :class:`FormatError` when it is malformed or holds fields no game can have together:
    an undefined cube owner or game state, one die or a die above 6, non-zero unused bits 67..71
    (gnubg ignores them; no program writes them), a turned cube in the centre or a cube of 1
    owned, a turned cube or money play in a Crawford game, a double and a resignation (or
    rolled dice) at once, a game in play whose turn is not the side on roll's with no offer
    pending or a score that has ended the match, a resigned game with no resignation.
    """
    if not isinstance(text, str) or len(text.strip()) != 12:
        raise FormatError(f"a Match ID has 12 Base64 characters, not {text!r}")
    try:
        raw = base64.b64decode(text.strip(), validate=True)
    except ValueError:
        raise FormatError(f"{text!r} is not Base64") from None
    bits = int.from_bytes(raw, "little")
    if bits >> _USED:
        raise FormatError(f"{text!r}: the unused bits {_USED}..71 are not zero")
    f = {name: bits >> offset & ((1 << width) - 1) for name, (offset, width) in _FIELDS.items()}
    if f["owner"] == 2 or f["state"] >= len(GAME_STATES):
        raise FormatError(f"{text!r}: cube owner {f['owner']} or game state {f['state']} is not defined")
    dice = (f["die1"], f["die2"])
    if dice != (0, 0) and not all(1 <= d <= 6 for d in dice):
        raise FormatError(f"{text!r}: dice {dice} are not two dice from 1 to 6")
    state = MatchState(
        cube_value=1 << f["cube"],
        cube_owner=None if f["owner"] == 3 else 1 - f["owner"],
        on_roll=1 - f["move"],
        crawford=bool(f["crawford"]),
        state=GAME_STATES[f["state"]],
        turn=1 - f["turn"],
        doubled=bool(f["doubled"]),
        resignation=f["resigned"],
        dice=None if dice == (0, 0) else dice,
        match_length=f["length"],
        score=(f["score1"], f["score0"]),
        jacoby=not f["no_jacoby"],
    )
    problem = _impossible(state)
    if problem:
        raise FormatError(f"{text!r}: {problem}")
    return state


def _impossible(state: MatchState) -> str | None:
    """Why no game can show these fields together, or None."""
    if (state.cube_value == 1) != (state.cube_owner is None):
        return f"a cube at {state.cube_value} cannot be {'centred' if state.cube_owner is None else 'owned'}"
    if state.crawford and (not state.match_length or state.cube_value != 1):
        return "a Crawford game is a match game whose cube is never turned"
    if state.doubled and (state.resignation or state.dice):
        return "a double waits for an answer, yet a resignation is offered or dice are rolled"
    if state.state == "resigned" and not state.resignation:
        return "the game was resigned, but the resignation field is 0"
    if state.state == "playing" and state.match_length and max(state.score) >= state.match_length:
        return f"a game in play, yet the score {state.score} has ended the {state.match_length}-point match"
    if state.state == "playing" and not (state.doubled or state.resignation) and state.turn != state.on_roll:
        return f"no offer waits, yet seat {state.turn} must act while seat {state.on_roll} is on roll"
    return None


def match_state(game: Game) -> MatchState:
    """The Match ID fields of ``game`` now.

    The position is the one at the start of the turn (steps of a play in progress are not
    counted); ``dice`` are those being played, the higher first as GNU Backgammon writes them.
    A finished game is ``"over"``, ``"dropped"`` or ``"resigned"`` with the score after it,
    as gnubg shows it: a dropped game's turn is the loser's; a resigned game's turn stays with
    the side on roll, and the dice of a roll the resignation left unplayed stay (gnubg's reading
    of ``.mat`` files that end so: ``tests/test_mat_variants.py``, ``tests/test_corpus.py``).
    The opening, before any die is rolled, is ``"playing"`` without dice. Raises
    :class:`FormatError` for anything but a Game.
    """
    check_game(game, "match_state")
    offer = game.offer
    state, turn, score = "playing", game.turn, game.score
    resignation = offer.points if offer and offer.kind == "resign" else 0
    dice = game.rolled
    result = game.result
    if result:
        # As gnubg shows a finished game: the score after it.
        score = (score[0] + result.points * (result.winner == 0), score[1] + result.points * (result.winner == 1))
        if result.how == "pass":
            state, turn = "dropped", 1 - result.winner
        elif result.how == "resigned":
            state, turn, resignation = "resigned", game.start_position.turn, result.multiple
            dice = _unplayed_roll(game)
        else:
            state = "over"
    return MatchState(
        cube_value=game.cube_value,
        cube_owner=game.cube_owner,
        on_roll=game.start_position.turn,
        crawford=game.crawford,
        state=state,
        turn=turn,
        doubled=bool(offer and offer.is_cube),
        resignation=resignation,
        dice=(max(dice), min(dice)) if dice else None,
        match_length=game.rules.match_length,
        score=score,
        jacoby=game.rules.jacoby,
    )


def _unplayed_roll(game: Game) -> tuple[int, int] | None:
    """The dice of the last roll of ``game`` when no play followed it (a dance records its empty
    play), else None."""
    turns = [action["type"] for action in game.record if action["type"] in ("opening", "roll", "move")]
    unplayed = turns[-1:] in (["opening"], ["roll"]) or not turns and game.setup["rolled"]
    return game.last_roll if unplayed else None


def to_gnubg_id(game: Game) -> str:
    """``"PositionID:MatchID"`` as gnubg prints it; the position is seen by the seat on roll.

    The Match ID has no field for beavers, the cube limit, the Crawford rule or play without the
    cube: :func:`from_gnubg_id` takes them as options.

    Raises :class:`FormatError` for anything but a Game, or a field the Match ID cannot hold.
    """
    check_game(game, "to_gnubg_id")
    return f"{game.start_position.position_id()}:{to_match_id(game)}"


def from_gnubg_id(text: str, **options: Any) -> Game:
    """A :class:`~bgwidget.game.Game` at the position and match state of a GNU Backgammon ID.

    ``text`` is ``"PositionID:MatchID"`` (a leading ``"GNUBGID "`` is allowed). ``options``
    are ``seed`` and the :class:`~bgwidget.rules.Rules` settings the ID has no field for
    (``auto_confirm``, ``beavers``, ``max_cube``, ``crawford``, ``cube``): a game played without
    the Crawford rule or without the cube reads back as one only with ``crawford=False`` or
    ``cube=False`` (without the cube the ID's Jacoby bit has no meaning and is read as off). A pending double or
    resignation is offered again (see :func:`build_game`). Raises :class:`FormatError` for a
    malformed ID (non-zero unused bits included, which gnubg ignores), fields
    :func:`from_match_id` refuses, a game that is not in play, or another option.
    """
    check_options(options, ("seed", "auto_confirm", "beavers", "max_cube", "crawford", "cube"), "from_gnubg_id")
    if not isinstance(text, str) or text.count(":") != 1:
        raise FormatError(f"a GNU Backgammon ID is 'PositionID:MatchID', not {text!r}")
    position_id, mid = text.removeprefix("GNUBGID").strip().split(":")
    state = from_match_id(mid)
    try:
        position = Position.from_position_id(position_id, turn=state.on_roll)
    except PositionError as error:
        raise FormatError(str(error)) from None
    return build_game(position, state, cube_answers=True, **options)


def check_game(game: object, writer: str) -> None:
    """Refuse anything but a :class:`~bgwidget.game.Game` given to ``writer``, with a FormatError."""
    if not isinstance(game, Game):
        raise FormatError(f"{writer} writes a Game, not {type(game).__name__}")


def check_options(options: dict[str, Any], allowed: tuple[str, ...], reader: str) -> None:
    """Refuse options a reader does not take (the ID's own fields among them) with a FormatError."""
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise FormatError(f"{reader} takes {', '.join(allowed)}; not {', '.join(unknown)}")


def build_game(
    position: Position, state: MatchState, seed: Seed | None = None, *, cube_answers: bool = False, **settings: Any
) -> Game:
    """A game in play from a position and match fields (shared by the Match ID and XGID readers).

    ``settings`` are :class:`~bgwidget.rules.Rules` fields the fields do not give. A pending
    double is offered again; with ``cube_answers`` (a Match ID, whose doubled flag also stands
    for a beaver or raccoon) a double answered by a beaver (the doubler to decide, the cube
    doubled on the taker's side) or by a raccoon (the taker to decide, the cube at 4 or more
    on his side) is rebuilt as those actions, which needs ``beavers=True``. A resignation is
    offered again, after the dice when they are rolled.
    """
    if state.state != "playing":
        raise FormatError(f"the game is {state.state}: there is nothing left to play")
    problem = _impossible(state)
    if problem:
        raise FormatError(problem)
    doubler = state.on_roll
    answers = 0  # 0: a double; 1: a beaver; 2: a raccoon
    if cube_answers and state.doubled and state.cube_owner == 1 - doubler:
        answers = 1 if state.turn == doubler else 2 if state.cube_value >= 4 else 0
    cube_value = state.cube_value >> answers
    cube_owner = state.cube_owner if not answers else None if cube_value == 1 else doubler
    if state.doubled and not answers and state.turn != 1 - doubler:
        raise FormatError("a double waits for an answer, yet the doubler must act")
    try:
        rules = Rules.from_dict(
            {
                "match_length": state.match_length,
                # The Jacoby rule is a money-play rule of the cube: off in a match or without the cube.
                "jacoby": state.jacoby and not state.match_length and settings.get("cube", True) is not False,
                **settings,
            }
        )
        game = Game(
            seed,
            rules=rules,
            position=position,
            rolled=state.dice,
            cube_value=cube_value,
            cube_owner=cube_owner,
            score=state.score,
            crawford=state.crawford,
        )
        if state.doubled:
            game.double()
            if answers:
                game.beaver()
            if answers == 2:
                game.raccoon()
        elif state.resignation:
            game.resign(state.resignation, seat=1 - state.turn)
    except GameError as error:
        raise FormatError(str(error)) from None
    return game
