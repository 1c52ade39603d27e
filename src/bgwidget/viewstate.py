"""Layer 6, the view state: what the board's view draws, as a pure function of a :class:`~bgwidget.session.Session`.

:func:`view_state` projects a :class:`~bgwidget.session.Session` (what :class:`Seen` lists of it)
to one JSON-ready dict, the :class:`ViewState` below (the schema, written once; ``js/src/state.js``
mirrors it as JSDoc typedefs and a test keeps both equal, key by key). It hands the view everything
ready-made: which checkers may move now (``movable``), where each may go (``steps``), the cube
value on offer, what each button may do (``can``), so the view derives nothing from the rules.

One numbering at the boundary: every point in the state and in the intents the view sends is in
**board numbering**, the numbering of the ``data-point`` hooks: 1..24 from the bottom player's
(seat 0's) side, ``"bar"`` and ``"off"``. Seat 0's own numbering is the board numbering; seat 1's
own point ``p`` is board point :func:`~bgwidget.position.mirror` ``(p)``. Mover numbering (24..1 from the mover's
side, 25 bar, 0 off) stays for notation only: ``plays``, ``last_play.text``, the hint's ``text``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Literal, Protocol, TypedDict, cast

from bgwidget.labels import label, number, percent
from bgwidget.moves import Move, roll_text
from bgwidget.position import Place, Position, board_arrays, board_place, mover_point, point_labels
from bgwidget.rules import CUBE_OFFERS
from bgwidget.tools import Advice, HintRollout, Reviewing
from bgwidget.words import points_text, result_text, say, shown_names

if TYPE_CHECKING:
    from bgwidget.ai.players import Player
    from bgwidget.ai.review import Decision
    from bgwidget.ai.rollout import Rollout
    from bgwidget.game import Game
    from bgwidget.match import Match
    from bgwidget.moves import Play
    from bgwidget.replaying import Replay
    from bgwidget.tools import Edit
    from bgwidget.tutoring import TutorWarning

__all__ = [
    "Place",
    "ViewState",
    "board_place",
    "mover_point",
    "view_state",
]

# ----------------------------------------------------------------------------- the schema


Step = list[Place | bool]
"""A checker step as the view draws it: ``[from, to, hit]``, the places in board numbering."""


class Board(TypedDict):
    """The checkers: ``points[d - 1]`` is +n for n checkers of seat 0 on board point d, -n for seat 1's."""

    points: list[int]
    bar: list[int]  # [seat 0, seat 1]
    off: list[int]  # [seat 0, seat 1]


class Target(TypedDict):
    to: Place
    dice: list[int]  # the dice the step uses, in order (several: one checker moved on)


class Cube(TypedDict):
    value: int  # the cube's value now
    owner: int | None  # the seat owning it, None while centred
    offered: bool  # a double (or beaver, raccoon) waits for an answer by ``turn``
    offered_value: int | None  # the value on offer, None when nothing is offered
    disabled: bool  # no cube at all (a 1-point match, or money play with Rules(cube=False))


# What the person at the board may do now: one flag per button, and ``move`` for the checkers.
# The functional form because "pass" is a Python keyword.
Can = TypedDict(
    "Can",
    {
        "roll": bool,
        "move": bool,
        "double": bool,
        "take": bool,
        "pass": bool,
        "beaver": bool,  # money play with beavers: take the double and redouble at once
        "raccoon": bool,  # answer a beaver by redoubling at once
        "accept": bool,  # accept the resignation offered (one from a save: at the board it is answered at once)
        "decline": bool,  # decline it: play goes on
        "undo": bool,
        "done": bool,
        "resign": bool,
        "new_game": bool,
        "hint": bool,
        "edit": bool,
        "review": bool,
        "export": bool,
        "replay": bool,  # step through the match once its game is over (a ``replay`` intent)
    },
)


class RecordLine(TypedDict):
    number: int  # the line's number as a .mat file numbers it
    cells: list[str]  # [seat 1's, seat 0's] (the .mat file's columns): "52: 13/8 13/11", "Doubles to 2"...


class ReplayView(TypedDict):
    """The stop of a replay shown: the board draws the match as it stood there (``record`` holds
    the whole game shown). A stop is a game's start, or the moment after one of its actions."""

    game: int  # 1-based
    games: int  # how many games the match has
    actions: int  # the game's record entries played at this stop
    index: int  # the stop, 0-based, among all the match's (Previous and Next go on to the games before and after)
    count: int  # how many stops
    step: int  # the stop, 0-based, among the game's (First and Last go to its ends)
    steps: int  # how many stops the game has
    start: bool  # the first stop of the game shown
    end: bool  # its last stop
    line: int  # the record line of the last action shown (its ``number``), 0 before the first
    lines: list[list[int]]  # each record line's [seat 1's, seat 0's] cells: the actions at the stop after it (0: none)
    text: str  # where the replay stands, in the board's language


class ReviewProgress(TypedDict):
    """How far the review running is: ``done`` of ``total`` turns (the match's plays and dances)."""

    done: int
    total: int


class Busy(TypedDict):
    """Work in the kernel that can take over half a second, shown while it runs."""

    kind: str  # "tables" (the bear-off tables, once), "thinking" (the computer), "review", "rollout" (the hint's)
    text: str  # what it is doing, in the board's language, with how far it is where that is known
    done: int | None  # how far it is: turns reviewed, trials rolled out; None when not counted
    total: int | None  # of how many; None when not counted


class ReviewView(TypedDict):
    """The decision shown in review mode (the board draws its position; ``hint`` holds its
    candidates or cube numbers, ``last_play`` the play made)."""

    index: int  # in the review's decisions, 0-based
    count: int  # how many decisions
    errors: int  # how many have a mark
    complete: bool  # False: the review was stopped before the end
    game: int  # 1-based
    move: int  # 1-based, as .mat numbers the game's lines
    seat: int  # who decides
    kind: str  # "play", "double" or "take"
    dice: list[int]
    made: str  # notation, or "double", "no double", "take", "pass", "beaver"
    best: str
    error: float  # equity lost (EMG in a match, cubeful money equity in money play)
    mark: str  # "", "doubtful", "bad", "very bad"
    forced: bool
    luck: float | None
    luck_mark: str  # "", "joker", "anti-joker"
    mwc: float | None  # the decider's match winning chance before the decision, None in money play
    best_steps: list[Step]  # the best play's steps in board numbering ([] for a cube decision)
    text: str  # the decision in the board's language: who, what was done, what was best, the mark
    explanation: list[str]  # what the decision changes, one sentence per fact (bgwidget.ai.explain_decision)


class LastRoll(TypedDict):
    seat: int
    dice: list[int]


class LastPlay(TypedDict):
    seat: int  # who played it
    text: str  # notation, in the mover's numbering
    steps: list[Step]  # [[from, to, hit], ...] in board numbering
    before: Board  # the checkers before the play (the view animates or draws arrows from there)


class Result(TypedDict):
    winner: int
    points: int
    how: str  # "single game", "gammon", "backgammon", "pass", "resigned gammon"... (GameResult.description)
    kind: str  # "single game", "gammon" or "backgammon" (GameResult.kind)
    text: str  # the result in the board's language: "Bob resigns a gammon: Alice wins 2 points"


class Refused(TypedDict):
    reason: str  # the Refusal's reason ("point-held", "bar-first", ...; "invalid" for a malformed intent)
    text: str  # its sentence in the board's language (as ``refused``)
    point: Place | None  # where to show it: the checker the refused intent tried to move, or None


class PlayCandidate(TypedDict):
    text: str
    equity: float  # cubeless points per game for the mover
    emg: float  # what the plays are ranked by: normalised equity (EMG) in a match, cubeful equity in money play
    mwc: float | None  # the mover's match winning chance after the play, None in money play
    error: float  # ``emg`` lost against the best, 0 for the best
    ply: int  # the depth its search reached, GNU Backgammon's numbering (0: the evaluator alone); kept when rolled out
    win: float
    gammon: float
    steps: list[Step]  # [[from, to, hit], ...] in board numbering
    rollout: CandidateRollout | None  # the hint's rollout of this play so far; None when not rolled out


class CandidateRollout(TypedDict):
    equity: float  # cubeless points per game for the mover, the mean of the trials so far
    se: float | None  # its standard error; None while unmeasured (one trial: infinite, not JSON)
    mwc: float | None  # in a match: the mover's cubeless match winning chance from those trials; None in money play


class HintRolloutView(TypedDict):
    """The rollout of the hint's best plays (:attr:`bgwidget.session.Session.hint_rollout`)."""

    plays: int  # how many of the best plays are rolled out
    trials: int  # trials done for each
    total: int  # trials it goes to
    truncate: int | None  # plies per trial before the net judges; None: to the end
    running: bool  # False once done or stopped


class PlaysHint(TypedDict):
    kind: Literal["plays"]
    seat: int
    before: Board
    candidates: list[PlayCandidate]  # best first
    can_roll_out: bool  # a ``hint-rollout`` intent would start or go on with the rollout
    rollout: HintRolloutView | None  # None before ``hint-rollout``


class CubeHint(TypedDict):
    kind: Literal["cube"]
    action: str
    double: bool
    take: bool
    too_good: bool
    beaver: bool
    reason: str  # why no double is possible, in the board's language ("" when one is)
    doubler: int  # the seat on roll, whose equities these are (also while its double is answered)
    no_double: float  # the doubler's equities: points per game at cube 1,
    double_take: float  # or match winning chances in a match
    double_pass: float
    match_play: bool


class OnlineSeat(TypedDict):
    """One seat of an online room as the game server reports it."""

    name: str
    taken: bool  # a player has taken the seat
    connected: bool
    held_until: float | None  # a dropped player's seat is theirs until then (seconds since the epoch)


class OnlineClock(TypedDict):
    """A room's clocks after the last event (Backgammon Galaxy's: a delay at each turn, then the reserve)."""

    reserves: list[float]  # each seat's reserve, seconds
    running: int | None  # the seat whose clock runs; None between games
    since: float  # when its turn began (seconds since the epoch)
    delay: float  # seconds free at each turn before the reserve runs


class OnlineEnd(TypedDict):
    winner: int | None  # the seat that won the match; None when a money session was stopped
    reason: str  # "match", "stop", "timeout" or "forfeit"


class Online(TypedDict):
    """The game server's room a board plays in (:class:`~bgwidget.online_play.OnlinePlay`)."""

    url: str  # the server's ws:// or wss:// address
    room: str  # the room's code, "" until it is created
    seat: int | None  # this board's seat; None for a spectator (and until the server welcomes it)
    invite: str  # the Python line a friend runs to take the free seat; "" once both seats are taken
    spectate: str  # the spectators' code (known to the room's creator), "" otherwise
    connected: bool  # the view's connection to the server is open
    joined: bool  # the server has welcomed this board into the room
    in_sync: bool  # the board's copy of the room took every event, its IDs equal to the server's
    ids: list[str]  # [Position ID, Match ID] of the game as the board has it (the server's after each event)
    pending: bool  # an action was sent and its event has not come back yet
    can_act: bool  # a person at this board may act now: joined, both seats taken, in sync, nothing pending
    seats: list[OnlineSeat]
    clock: OnlineClock | None  # None in a room without a clock
    commitment: str  # the SHA-256 of the server's dice seed, published before the first roll
    verified: bool | None  # the dice checked against the seed revealed at the end; None until then
    ended: OnlineEnd | None
    tools: bool  # the room lets its boards offer Hint, rollouts and set-up during play


class TutorView(TypedDict):
    """The tutor's warning waiting for *Play anyway* or *Take back* (``BoardWidget(tutor=...)``)."""

    seat: int  # the person whose action waits
    kind: Literal["play", "cube"]
    mark: str  # GNU Backgammon's: "doubtful", "bad" or "very bad"
    error: float  # the equity given up, EMG (points per game for a cube of 1 in money play)
    made: str  # the play in notation, or "double", "no double", "take", "pass", "beaver"
    best: str  # the Expert's action, written the same way
    best_steps: list[Step]  # the better play's steps from ``before``, board numbering ([] for the cube)
    before: Board  # the checkers before the play (its arrows start there)
    explanation: list[str]  # the facts that tell the two apart, in the board's language


class ViewState(TypedDict):
    """The whole state the view draws; every point in board numbering (see the module's text)."""

    points: list[int]
    bar: list[int]
    off: list[int]
    pips: list[int]  # [seat 0, seat 1]; [] when the board hides the pip counts (BoardWidget(pips=False))
    point_labels: list[int]  # the number shown at board points 1..24: the person's own numbering
    turn: int  # the seat to act (in set-up mode: the side on roll being set up)
    phase: str  # opening, roll, move, cube, game-over, match-over (the game's phase)
    dice: list[int]  # the roll being played, [] when none
    dice_left: list[int]  # the dice not used yet, highest first
    last_roll: LastRoll | None  # the roll just played, shown until the next roll
    steps: dict[str, list[Target]]  # str(board place) of a checker that may move -> where it may go
    movable: list[Place]  # the places whose top checker may move now: the keys of ``steps``
    plays: list[str]  # every legal play of the roll, in notation
    moved: list[Step]  # the steps of the play in progress: [[from, to, hit], ...]
    cube: Cube
    can: Can
    score: list[int]
    match_length: int  # 0 for money play
    crawford: bool  # this is the Crawford game
    names: list[str]
    players: list[str]  # "human", or the computer's name
    human: list[bool]
    thinking: bool  # the computer is choosing
    busy: Busy | None  # the work running in the kernel, shown until it ends; None when none
    edit: bool  # the board is being set up
    position_id: str
    message: str  # news for the person (a dance, the computer falling back on a safe action) until the next roll
    refused: str  # why the last intent was refused, "" when it was not
    refusal: Refused | None  # the same refusal for the board to show next to its checker; None when none
    teaching: bool  # the board explains its refusals next to the checker (BoardWidget(teaching=True))
    tools: bool  # Hint, Resign, Set up, Review, exports and the move record offered (False: an exercise's board)
    status: str  # the status line, in the board's language: refusal, news, whose turn or the result, last play
    hint: PlaysHint | CubeHint | None  # the advice asked for at this decision; None while setting up
    result: Result | None
    match_winner: int | None
    language: str
    animation: float  # seconds per checker step of the computer's play
    last_play: LastPlay | None
    record: list[RecordLine]  # the game's plays and cube actions so far, in the board's language
    reviewing: bool  # the match is being reviewed (in the background)
    review_progress: ReviewProgress | None  # how far the review running is; None before its first turn
    review: ReviewView | None  # review mode: the decision shown; None while the game is shown
    replay: ReplayView | None  # a replay: the stop shown; None while the game is played
    tutor: TutorView | None  # the tutor's warning waiting for an answer; None when none
    online: Online | None  # the game server's room the board plays in; None for a board that is not online
    revision: int  # changes with every state published


class Seen(Protocol):
    """What the view state is projected from: a :class:`~bgwidget.session.Session`, as far as it is read."""

    @property
    def game(self) -> Game: ...
    @property
    def match(self) -> Match: ...
    @property
    def players(self) -> tuple[Player | None, Player | None]: ...
    @property
    def human(self) -> tuple[bool, bool]: ...
    @property
    def seat_to_act(self) -> int: ...
    @property
    def language(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def refused(self) -> str: ...
    @property
    def advice(self) -> Advice | None: ...
    @property
    def hint_rollout(self) -> HintRollout | None: ...
    @property
    def preparing(self) -> bool: ...
    @property
    def reviewing(self) -> Reviewing | None: ...
    @property
    def review_running(self) -> bool: ...
    @property
    def review_progress(self) -> tuple[int, int] | None: ...
    @property
    def online(self) -> Online | None: ...
    @property
    def replay(self) -> Replay | None: ...
    @property
    def tutor_warning(self) -> TutorWarning | None: ...

    names: tuple[str, str]
    edit: Edit | None
    tools: bool
    teaching: bool
    pips: bool
    thinking: bool
    held: bool
    held_seat: int | None
    held_until: str
    animation: float
    revision: int
    refusal: Exception | None
    refused_at: Place | None
    last_play: tuple[int, Position, Play] | None


# ----------------------------------------------------------------------------- the projection


def board_of(position: Position) -> Board:
    """The checkers of ``position`` in board numbering."""
    arrays = board_arrays(position)
    return {"points": arrays["points"], "bar": arrays["bar"], "off": arrays["off"]}


def steps_of(seat: int, moves: list[Move] | tuple[Move, ...]) -> list[Step]:
    """Checker steps of ``seat`` as ``[[from, to, hit], ...]`` in board numbering."""
    return [[board_place(seat, m.from_point), board_place(seat, m.to_point), bool(m.hit)] for m in moves]


def view_state(session: Seen) -> ViewState:
    """The view state of ``session`` now (``revision`` is the session's current one)."""
    game = session.game
    editing = session.edit is not None
    position = session.edit.position if session.edit is not None else game.position
    seat = session.seat_to_act
    online = session.online
    person = session.human[seat] and not session.thinking and not editing and (online is None or online["can_act"])
    moving = person and game.phase == "move"
    steps = _steps_of_checkers(game, seat) if moving else {}
    arrays = board_arrays(position)
    dice = list(session.edit.dice) if session.edit is not None else list(game.rolled or [])
    state: ViewState = {
        "points": arrays["points"],
        "bar": arrays["bar"],
        "off": arrays["off"],
        "pips": arrays["pips"] if session.pips else [],
        "point_labels": point_labels(labels_seat(session)),
        "turn": position.turn if editing else seat,
        "phase": game.phase,
        "dice": dice,
        "dice_left": list(dice) if editing else list(game.dice_left),
        "last_roll": (
            {"seat": 1 - game.start_position.turn, "dice": list(game.last_roll)}
            if game.last_roll and not game.rolled and game.phase in ("roll", "cube") and not editing
            else None
        ),
        "steps": steps,
        "movable": [_place(key) for key in steps],
        "plays": [str(p) for p in game.plays_left] if moving else [],  # those that go on from the steps made
        "moved": steps_of(seat, game.steps) if game.phase == "move" else [],
        "cube": _cube_of(session),
        "can": _can_of(session, person, online),
        "score": list(session.match.score),
        "match_length": session.match.length,
        "crawford": game.crawford,
        "names": list(shown_names(session.names)),
        "players": ["human" if p is None else p.name for p in session.players],
        "human": list(session.human),
        "thinking": session.thinking,
        "busy": busy_of(session),
        "edit": editing,
        "position_id": position.position_id(),
        "message": session.message,
        "refused": session.refused,
        "refusal": refusal_of(session),
        "teaching": session.teaching,
        "tools": session.tools,
        "status": "",
        # for the game, not the set-up
        "hint": None if editing else hint_of(session.advice, session.language, session.hint_rollout, rollable=True),
        "result": _result_of(session),
        "match_winner": session.match.winner,
        "language": session.language,
        "animation": session.animation,
        "last_play": None if editing else _last_play_of(session),
        "record": record_of(game, session.language),
        "reviewing": session.review_running,
        "review_progress": _progress_of(session),
        "review": None,
        "replay": None,
        "tutor": tutor_of(session),
        "online": online,
        "revision": session.revision,
    }
    if session.replay is not None:
        _show_replay(state, session.replay, session.language)
    if session.reviewing is not None:
        _show_review(state, session.reviewing, session)
    state["status"] = status_of(session, state)
    return state


def _steps_of_checkers(game: Game, seat: int) -> dict[str, list[Target]]:
    """Where each checker of ``seat`` that may move now may go (the state's ``steps``)."""
    return {
        str(board_place(seat, frm)): [Target(to=board_place(seat, to), dice=list(used)) for to, used in targets]
        for frm, targets in game.legal_steps().items()
    }


def _cube_of(session: Seen) -> Cube:
    game = session.game
    offered = game.offer is not None and game.offer.kind in CUBE_OFFERS
    return {
        "value": game.cube_value,
        "owner": game.cube_owner,
        "offered": offered,
        "offered_value": 2 * game.cube_value if offered else None,
        "disabled": session.match.length == 1 or not session.match.rules.cube,
    }


def _can_of(session: Seen, person: bool, online: Online | None) -> Can:
    """What each button may do; ``person``: a person at the board is to act now; ``online``: the room."""
    # No button offers what would be refused: a review running, a held board, a tutor's warning waiting.
    if session.review_running or session.held or session.tutor_warning is not None:
        return cast(Can, dict.fromkeys(Can.__annotations__, False))
    game, tools, editing = session.game, session.tools, session.edit is not None
    moving = person and game.phase == "move"
    offer = game.offer
    answering = person and game.phase == "cube" and offer is not None and offer.kind in CUBE_OFFERS
    answering_double = answering and offer is not None and offer.kind == "double"  # Hint advises doubles only
    resigned_to = person and game.phase == "cube" and offer is not None and offer.kind == "resign"
    return {
        "roll": person and game.phase in ("roll", "opening"),
        "move": moving,
        "double": person and game.can_double(),
        "take": answering,
        "pass": answering,
        "beaver": answering and game.can_beaver(),
        "raccoon": answering and game.can_raccoon(),
        "accept": resigned_to,
        "decline": resigned_to,
        "undo": moving and bool(game.steps),
        "done": moving and game.play_complete,
        "resign": (tools or online is not None)  # online, a resignation is the game's, not a tool
        and (online is None or online["can_act"])
        and any(session.human)
        and not session.thinking
        and not editing
        and game.phase in ("roll", "move"),
        "new_game": not editing and game.result is not None and (online is None or online["can_act"]),
        "hint": tools and person and (game.phase in ("roll", "move") or answering_double),
        # not mid-play (editor.started), nor once the match is over (no position plays on in it)
        "edit": tools and not session.thinking and (editing or not (game.steps or session.match.is_over)),
        "review": tools and not (session.thinking or editing) and session.reviewing is None,
        "export": tools,
        "replay": tools
        and online is None  # a room's match is the server's
        and not (session.thinking or editing)
        and session.replay is None
        and game.result is not None,
    }


def tutor_of(session: Seen) -> TutorView | None:
    """The tutor's warning as the view shows it (:mod:`bgwidget.tutoring`), None when none waits."""
    warning = session.tutor_warning
    if warning is None:
        return None
    judged = warning.judgement
    best = [] if judged.best_play is None else steps_of(judged.seat, judged.best_play.moves)
    return TutorView(
        seat=judged.seat,
        kind="play" if judged.kind == "play" else "cube",
        mark=judged.mark,
        error=round(judged.error, 3),
        made=judged.made,
        best=judged.best,
        best_steps=best,
        before=board_of(warning.before),
        explanation=warning.explanation(session.game, session.language),
    )


def _result_of(session: Seen) -> Result | None:
    result = session.game.result
    if result is None:
        return None
    return {
        "winner": result.winner,
        "points": result.points,
        "how": result.description,
        "kind": result.kind,
        "text": result_text(session.language, shown_names(session.names), result),
    }


def _last_play_of(session: Seen) -> LastPlay | None:
    if session.last_play is None:
        return None
    played_by, before, play = session.last_play
    return {"seat": played_by, "text": str(play), "steps": steps_of(played_by, play.moves), "before": board_of(before)}


def _show_review(state: ViewState, shown: Reviewing, session: Seen) -> None:
    """Turn ``state`` into review mode's: the decision shown on the board, nothing to play."""
    from bgwidget.ai.explain import explain_decision
    from bgwidget.ai.report import cube_before  # the cube then, replayed from the record

    review, language = shown.review, session.language
    names = shown_names(session.names)
    for key in Can.__annotations__:
        if key not in ("review", "export"):  # a review may be left, and the match saved
            state["can"][key] = False  # type: ignore[literal-required]  # one of Can's own keys
    state["steps"], state["movable"], state["plays"], state["moved"] = {}, [], [], []
    state["last_roll"], state["last_play"], state["hint"] = None, None, None
    decision = review.decisions[shown.index]
    position = decision.position
    arrays = board_arrays(position)
    state["points"], state["bar"], state["off"] = (arrays[k] for k in ("points", "bar", "off"))
    state["pips"] = arrays["pips"] if session.pips else []
    state["turn"], state["position_id"] = position.turn, position.position_id()
    state["point_labels"] = point_labels(labels_seat(session, decision.seat))  # the decision's notation
    state["dice"] = list(decision.dice or [])
    state["dice_left"] = sorted(state["dice"], reverse=True)
    value, owner = cube_before(review.match.games[decision.game], decision)
    offered = decision.kind == "take"
    state["cube"] = {
        **state["cube"],
        "value": value,
        "owner": owner,
        "offered": offered,
        "offered_value": 2 * value if offered else None,
    }
    state["score"] = list(review.match.games[decision.game].score)  # the decision's game's, Crawford or not
    state["crawford"] = review.match.games[decision.game].crawford
    state["result"] = None  # the game's result banner would hide the decision's dice
    state["record"] = record_of(review.match.games[decision.game], language)  # the decision's game; its line marked
    best_steps: list[Step] = []
    if decision.candidates:
        state["hint"] = hint_of(Advice(decision.seat, position, list(decision.candidates)), language)
        made = next((c for c in decision.candidates if c.notation == decision.made), None)
        if made is not None:
            state["last_play"] = LastPlay(
                seat=decision.seat,
                text=decision.made,
                steps=steps_of(decision.seat, made.play.moves),
                before=board_of(position),
            )
        best_steps = steps_of(decision.seat, decision.candidates[0].play.moves)
    elif decision.cube is not None:
        state["hint"] = hint_of(Advice(decision.seat, position, decision=decision.cube), language)
    state["review"] = ReviewView(
        index=shown.index,
        count=len(review.decisions),
        errors=sum(bool(d.mark) for d in review.decisions),
        complete=review.complete,
        game=decision.game + 1,
        move=decision.move,
        seat=decision.seat,
        kind=decision.kind,
        dice=list(decision.dice or []),
        made=decision.made,
        best=decision.best,
        error=round(decision.error, 3),
        mark=decision.mark,
        forced=decision.forced,
        luck=None if decision.luck is None else round(decision.luck, 3),
        luck_mark=decision.luck_mark,
        mwc=None if decision.mwc is None else round(decision.mwc, 3),
        best_steps=best_steps,
        text=review_text(decision, language, names),
        explanation=explain_decision(review, shown.index, names).lines(language),  # named: someone else's match
    )


def busy_of(session: Seen) -> Busy | None:
    """The work running for this board that can take over half a second (see :class:`Busy`), or None."""
    language = session.language
    rollout = session.hint_rollout
    if session.preparing:
        return _busy("tables", label(language, "board.preparingTables"))
    if session.review_running:
        progress = session.review_progress
        if progress is None:
            return _busy("review", label(language, "board.reviewing"))
        return _busy("review", label(language, "board.reviewProgress", done=progress[0], total=progress[1]), progress)
    if rollout is not None and rollout.running:
        counted = (rollout.trials, rollout.settings.trials)
        return _busy("rollout", label(language, "board.rollingOut", done=counted[0], total=counted[1]), counted)
    if session.thinking:
        return _busy("thinking", say(language, shown_names(session.names), ("thinking", {"seat": session.seat_to_act})))
    return None


def _busy(kind: str, text: str, counted: tuple[int, int] | None = None) -> Busy:
    done, total = counted if counted is not None else (None, None)
    return Busy(kind=kind, text=text, done=done, total=total)


def _show_replay(state: ViewState, replay: Replay, language: str) -> None:
    """Turn ``state`` into a replay's: the match at the stop shown, nothing to play, the whole
    game in the record with the line of the last action shown."""
    for key in Can.__annotations__:
        if key not in ("review", "export"):  # the whole match may be reviewed, and saved
            state["can"][key] = False  # type: ignore[literal-required]  # one of Can's own keys
    state["steps"], state["movable"], state["plays"] = {}, [], []
    number, actions = replay.at
    game = replay.match.games[number - 1]
    cells = record_cells(game, language)
    state["record"] = record_lines(cells)
    counts = [[cell[1] if cell else 0 for cell in line] for line in _paired(cells)]
    stops = [count for shown, count in replay.stops if shown == number]
    state["replay"] = ReplayView(
        game=number,
        games=len(replay.match.games),
        actions=actions,
        index=replay.index,
        count=len(replay.stops),
        step=stops.index(actions),
        steps=len(stops),
        start=actions == stops[0],
        end=actions == stops[-1],
        line=sum(any(0 < count <= actions for count in line) for line in counts),
        lines=counts,
        text=label(language, "board.replayAt", game=number, games=len(replay.match.games)),
    )


def _progress_of(session: Seen) -> ReviewProgress | None:
    progress = session.review_progress
    return None if progress is None else ReviewProgress(done=progress[0], total=progress[1])


def review_text(decision: Decision, language: str, names: list[str] | tuple[str, ...]) -> str:
    """The decision in words: "Game 1, move 3: Ann played 13/8 13/11 (best: 24/18 13/11), error
    0.062, bad · roll: joker (+0.310)" in ``language``."""

    def action(text: str) -> str:
        if decision.kind == "play":
            return text or label(language, "review.noMove")
        return label(language, "review.action." + _ACTIONS[text])

    parts = [
        label(
            language,
            "board.reviewDecision",
            game=decision.game + 1,
            move=decision.move,
            name=names[decision.seat],
            made=action(decision.made),
            best=action(decision.best),
            error=number(language, decision.error, 3),
        )
    ]
    if decision.forced:
        parts.append(label(language, "board.reviewForced"))
    elif decision.mark:
        parts.append(label(language, "review.mark." + _MARKS[decision.mark]))
    if decision.luck is not None:
        luck = number(language, decision.luck, 3, signed=True)
        key = _LUCK.get(decision.luck_mark, "board.reviewLuck")
        parts.append(label(language, key, luck=luck))
    if decision.mwc is not None:
        parts.append(label(language, "board.reviewMwc", mwc=percent(language, decision.mwc)))
    return " · ".join(parts)


_ACTIONS = {"double": "double", "no double": "noDouble", "take": "take", "pass": "pass", "beaver": "beaver"}
_MARKS = {"doubtful": "doubtful", "bad": "bad", "very bad": "veryBad"}
_LUCK = {"joker": "board.reviewJoker", "anti-joker": "board.reviewAntiJoker"}


def record_of(game: Game, language: str) -> list[RecordLine]:
    """The game's plays and cube actions so far as a .mat file lays them out: numbered lines,
    seat 1's column then seat 0's, each cell the roll, the higher die first, and the play in
    notation ("52: 13/8 13/11", the mover's numbering) or a cube action in ``language``."""
    return record_lines(record_cells(game, language))


def record_cells(game: Game, language: str) -> list[tuple[int, str, int]]:
    """The cells of the game's record (:func:`record_of`): ``(seat, text, actions)``, ``actions``
    the record entries played once the cell's action is."""
    cells: list[tuple[int, str, int]] = []
    roll, value = "", 1  # the last roll, the cube's value on offer
    for count, entry in enumerate(game.record, 1):
        kind = entry["type"]
        if kind in ("opening", "roll"):  # the higher die first, as GNU Backgammon and eXtreme Gammon write a roll
            roll = "{}{}".format(*sorted(entry["dice"], reverse=True))
        elif kind == "move":
            cells.append((entry["seat"], f"{roll}: {entry['play'] or label(language, 'review.noMove')}", count))
        elif kind in ("double", "beaver", "raccoon"):
            value = entry["cube"] if kind == "double" else 2 * value
            cells.append((entry["seat"], label(language, f"board.record.{kind}", value=value), count))
        elif kind == "resign":
            points = points_text(language, entry["points"])
            cells.append((entry["seat"], label(language, "board.record.resign", points=points), count))
        elif kind in ("take", "pass", "accept", "decline"):
            cells.append((entry["seat"], label(language, f"board.record.{kind}"), count))
    return cells


def record_lines(cells: list[tuple[int, str, int]]) -> list[RecordLine]:
    """Record cells laid out in numbered lines, seat 1's column then seat 0's, as a .mat file's."""
    return [
        RecordLine(number=number, cells=[left[0] if left else "", right[0] if right else ""])
        for number, (left, right) in enumerate(_paired(cells), 1)
    ]


def _paired(cells: list[tuple[int, str, int]]) -> list[tuple[tuple[str, int] | None, tuple[str, int] | None]]:
    """The cells ``(seat, text, actions)`` by line: ``(seat 1's, seat 0's)``, each ``(text, actions)`` or None."""
    lines: list[tuple[tuple[str, int] | None, tuple[str, int] | None]] = []
    left: tuple[str, int] | None = None  # seat 1's cell waiting for seat 0's on the same line
    for seat, text, count in cells:
        if seat == 1:
            if left is not None:
                lines.append((left, None))
            left = (text, count)
        else:
            lines.append((left, (text, count)))
            left = None
    if left is not None:
        lines.append((left, None))
    return lines


def refusal_of(session: Seen) -> Refused | None:
    """The last refusal as the board shows it, its facts in board numbering (None when none)."""
    error = session.refusal
    if error is None:
        return None
    return Refused(reason=getattr(error, "reason", "invalid"), text=session.refused, point=session.refused_at)


def status_of(session: Seen, state: ViewState) -> str:
    """The status line in the board's language: why the last intent was refused, the news, then
    whose turn it is and to do what (or the result), then the last play."""
    language, names = session.language, shown_names(session.names)
    # A refusal the board shows in its bubble, beside its checker, is said there alone.
    refusal = state["refusal"]
    bubbled = state["teaching"] and refusal is not None and refusal["point"] is not None
    parts = [text for text in ("" if bubbled else state["refused"], state["message"]) if text]
    busy = state["busy"]
    if busy is not None and busy["kind"] in ("tables", "rollout"):  # the others are said below, as the turn
        parts.append(busy["text"])
    seat = state["turn"]
    phase = state["phase"]
    if session.reviewing is not None:  # review mode: the decision shown, not the game
        review = state["review"]
        assert review is not None  # a review shown has a decision
        parts.append(review["text"])
        return " · ".join(parts)
    if state["reviewing"]:
        progress = state["review_progress"]
        parts.append(
            label(language, "board.reviewProgress", **progress) if progress else label(language, "board.reviewing")
        )
    elif state["replay"] is not None:  # where the replay stands, and the result once the game shown is over
        parts.append(state["replay"]["text"])
        if session.game.result is not None:
            parts.append(result_text(language, names, session.game.result, match_won=phase == "match-over"))
        elif phase == "move":  # a stop on a roll, before its play: who rolled what
            parts.append(say(language, names, ("toMove", {"seat": seat, "dice": roll_text(state["dice"])})))
    elif state["edit"]:
        parts.append(f"{label(language, 'positionId')}: {state['position_id']}")
    elif session.held:
        if getattr(session.refusal, "reason", None) not in ("held", "held-card"):  # that refusal says it already
            parts.append(label(language, "held" if session.held_until == "reset" else "held.card"))
    elif state["thinking"]:
        parts.append(say(language, names, ("thinking", {"seat": seat})))
    elif _opponent_awaited(state["online"]):
        parts.append(label(language, "why.waiting-opponent"))
    elif phase == "opening":
        parts.append(label(language, "opening"))
    elif phase == "roll":
        parts.append(say(language, names, ("toRoll", {"seat": seat})))
    elif phase == "move" and state["can"]["done"]:  # the play is complete and waits for Done
        parts.append(say(language, names, ("toConfirm", {"seat": seat})))
    elif phase == "move":
        parts.append(say(language, names, ("toMove", {"seat": seat, "dice": roll_text(state["dice"])})))
    elif phase == "cube" and session.game.offer is not None and session.game.offer.kind == "resign":
        offer = session.game.offer
        parts.append(say(language, names, (f"offersResign{offer.points}", {"seat": offer.seat})))
    elif phase == "cube":
        parts.append(say(language, names, ("offers", {"seat": 1 - seat, "value": state["cube"]["offered_value"]})))
    elif session.game.result is not None:
        parts.append(result_text(language, names, session.game.result, match_won=phase == "match-over"))
    last = state["last_play"]
    if last is not None and not state["moved"]:
        parts.append(label(language, "last", text=f"{names[last['seat']]} {last['text']}"))
    return " · ".join(parts)


def _opponent_awaited(online: Online | None) -> bool:
    """Whether this board's player waits for an opponent to take the room's other seat."""
    return online is not None and online["seat"] is not None and not all(seat["taken"] for seat in online["seats"])


def labels_seat(session: Seen, acting: int | None = None) -> int:
    """Whose numbering the point labels show: the one person's against the computer, else the
    seat to act (``acting``, the seat of a decision reviewed; else the game's), so that a person
    reads the notation from their own side (as GNU Backgammon does); on a held board, the side it
    is held for (:meth:`~bgwidget.session.Session.hold`)."""
    people = [seat for seat in (0, 1) if session.human[seat]]
    if len(people) == 1:
        return people[0]
    if session.held and session.held_seat is not None:
        return session.held_seat
    seat = session.seat_to_act if acting is None else acting
    return 1 if seat == 1 else 0


def _spread(se: float) -> float | None:
    """A rollout's standard error for the view: rounded, or None when one trial measured none (inf)."""
    return round(se, 3) if math.isfinite(se) else None


def rollout_view(rolled: Rollout, rollout: HintRollout) -> CandidateRollout:
    """One play's row of the hint's rollout: its cubeless equity, standard error and, in a match,
    the match winning chance they give at the score (:meth:`~bgwidget.tools.HintRollout.mwc`)."""
    mwc = rollout.mwc(rolled)
    return CandidateRollout(
        equity=round(rolled.equity, 3), se=_spread(rolled.equity_se), mwc=None if mwc is None else round(mwc, 3)
    )


def hint_of(
    advice: Advice | None, language: str = "en", rollout: HintRollout | None = None, *, rollable: bool = False
) -> PlaysHint | CubeHint | None:
    """The Expert's advice as the view shows it (equities rounded to 0.001, words in ``language``),
    with the ``rollout`` of its best plays so far; ``rollable``: whether they may be rolled out
    (the game's hint, not a review's)."""
    if advice is None:
        return None
    if advice.candidates is not None:
        rolled = {r.play: r for r in rollout.result} if rollout is not None and rollout.result else {}
        return PlaysHint(
            kind="plays",
            seat=advice.seat,
            before=board_of(advice.position),
            candidates=[
                PlayCandidate(
                    text=c.notation,
                    equity=round(c.equity, 3),
                    emg=round(c.emg, 3),
                    mwc=None if c.mwc is None else round(c.mwc, 3),
                    error=round(c.error, 3),
                    ply=c.ply,
                    win=round(c.probabilities[0], 3),
                    gammon=round(c.probabilities[1], 3),
                    steps=steps_of(advice.seat, c.play.moves),
                    rollout=rollout_view(rolled[c.play], rollout) if rollout is not None and c.play in rolled else None,
                )
                for c in advice.candidates
            ],
            can_roll_out=rollable
            and bool(advice.candidates)
            and (rollout is None or (not rollout.running and rollout.trials < rollout.settings.trials)),
            rollout=None
            if rollout is None
            else HintRolloutView(
                plays=len(rollout.plays),
                trials=rollout.trials,
                total=rollout.settings.trials,
                truncate=rollout.settings.truncate,
                running=rollout.running,
            ),
        )
    decision = advice.decision
    assert decision is not None  # advice is either plays or the cube
    return CubeHint(
        kind="cube",
        action=decision.action,
        double=decision.should_double,
        take=decision.should_take,
        too_good=decision.too_good,
        beaver=decision.beaver,
        reason=decision.why(language),
        doubler=advice.position.turn,
        no_double=round(decision.no_double, 3),
        double_take=round(decision.double_take, 3),
        double_pass=round(decision.double_pass, 3),
        match_play=decision.match_play,
    )


def _place(key: str) -> Place:
    return key if key in ("bar", "off") else int(key)  # type: ignore[return-value]
