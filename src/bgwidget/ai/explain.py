"""Mistakes explained in words: what a play or cube action changes, in the facts a teacher uses.

For a checker play, :func:`explain` sets the play made beside a better one (the engine's best by
default) and keeps the differences that can be counted exactly (:mod:`bgwidget.ai.facts`): blots
left and the rolls of 36 that hit them, points made and broken, home-board points, anchors, the
longest prime, checkers sent to the bar, pip counts; then the engine's numbers: winning and
gammon chances (cubeless) and equity (points per game; EMG in a match). For a cube action,
:func:`explain_cube` sets the taker's chances against its take point (:func:`money_take_point`,
:func:`match_take_point`) and names the right action.

An :class:`Explanation` is a list of :class:`Fact` (a catalogue key under ``explain.`` and its
values); :meth:`Explanation.lines` writes them in English, French or Swedish.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from bgwidget.ai.cube import CONTACT_EFFICIENCY, REASONS, CubeDecision
from bgwidget.ai.facts import made_points, shots, side_facts
from bgwidget.ai.met import MATCH_LENGTH_LIMIT, match_winning_chance
from bgwidget.ai.players import evaluator_or_net, game_cube_decision, level_ply
from bgwidget.checks import is_int
from bgwidget.dice import DiceError, check_roll
from bgwidget.errors import ExplainError, IllegalPlayError
from bgwidget.game import Game
from bgwidget.labels import LanguageError, check_language, label, number, percent
from bgwidget.plays import Play
from bgwidget.position import Position

if TYPE_CHECKING:
    from bgwidget.ai.players import Player
    from bgwidget.ai.review import Review
    from bgwidget.ai.search import Candidate

__all__ = [
    "CUBE_ACTIONS",
    "Explanation",
    "Fact",
    "compare_plays",
    "explain",
    "explain_cube",
    "explain_decision",
    "match_take_point",
    "money_take_point",
]

CUBE_ACTIONS = ("double", "no double", "take", "pass")
"""The cube actions :func:`explain_cube` explains."""

_ACTION_LABELS = {"double": "double", "no double": "noDouble", "take": "take", "pass": "pass", "beaver": "beaver"}


@dataclass(frozen=True)
class Fact:
    """One sentence of an explanation: ``key`` (under ``explain.`` in the catalogue) and its values.

    How a value is written depends on its name's ending: ``_chance`` a share (0..1) as a
    percentage, ``_change`` a difference of shares in signed percentage points, ``_action`` a cube
    action in words, ``_reason`` why no double is possible (a code of
    :data:`~bgwidget.ai.cube.REASONS`), ``_x`` a plain number with two decimals; ``error`` and
    ``cost`` an equity given up, three decimals; any other float is an equity with three
    decimals and its sign; a list of ints is a list of points; the rest
    as it is (notation, counts, names).

    A key ending ``.named`` names the player who decided (``player``; ``opponent`` the other): it
    is the sentence for a review of someone else's decisions ("Player A's action, no double, is the
    right one"). Where ``player`` is the language's name for the person at the board ("You"), the
    key without ``.named`` is said instead ("Your action...").
    """

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def text(self, language: str = "en") -> str:
        """The sentence in ``language``. Raises :class:`ExplainError` for a language the catalogue lacks."""
        try:
            check_language(language)
        except LanguageError as error:
            raise ExplainError(str(error)) from None
        key = self.key
        if key.endswith(".named") and self.values.get("player") == label(language, "nameYou"):
            key = key.removesuffix(".named")  # the person's own decision: "Your action", "you 150"
        return label(language, "explain." + key, **{k: _word(language, k, v) for k, v in self.values.items()})


def _word(language: str, name: str, value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value)) if value else label(language, "explain.none")
    if name.endswith("_chance"):
        return percent(language, value)
    if name.endswith("_change"):
        return label(language, "number.percent", value=number(language, 100 * value, 1, signed=True))
    if name.endswith("_action"):
        return label(language, "review.action." + _ACTION_LABELS[value])
    if name.endswith("_reason"):
        return label(language, REASONS[value]) if value in REASONS else str(value)
    if name.endswith("_x"):
        return number(language, value, 2)
    if name in ("error", "cost"):  # a size, always >= 0
        return number(language, value, 3)
    if isinstance(value, float):
        return number(language, value, 3, signed=True)
    return str(value)


@dataclass(frozen=True)
class Explanation:
    """What a decision changes, fact by fact: ``kind`` ``"play"`` or ``"cube"``, ``facts`` in reading order."""

    kind: str
    facts: tuple[Fact, ...]

    def lines(self, language: str = "en") -> list[str]:
        """One sentence per fact in ``language`` (``"en"``, ``"fr"``, ``"sv"``).

        Raises :class:`ExplainError` for another language."""
        return [fact.text(language) for fact in self.facts]

    def text(self, language: str = "en") -> str:
        """The sentences of :meth:`lines` as one paragraph."""
        return " ".join(self.lines(language))

    def reasons(self, language: str = "en") -> list[str]:
        """The sentences of :meth:`lines` after the first, the verdict (the play's summary or
        "is the best play", the cube action's right or wrong): for a reader who is told the
        verdict another way, as a drill card is. Raises :class:`ExplainError` for another language."""
        return self.lines(language)[1:]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"kind": ..., "facts": [{"key": ..., "values": {...}}, ...]}``."""
        return {"kind": self.kind, "facts": [{"key": f.key, "values": dict(f.values)} for f in self.facts]}


# ----------------------------------------------------------------------------- checker plays


def compare_plays(position: Position, play: Play, better: Play, *, names: tuple[str, str] | None = None) -> list[Fact]:
    """The exact differences between two plays of one roll in ``position``, as :class:`Fact` s.

    For each fact that differs between the positions the two plays reach, one fact per play:
    the blots it leaves and the rolls of 36 that hit them (``blots``, ``noBlots``), the checkers
    it sends to the bar (``hits``), the points it makes and breaks (``made``, ``broken``), the
    home-board points, anchors and longest prime it holds (``home``, ``anchors``, ``prime``), the
    pip counts after it (``pips``; ``pips.named`` with ``names``, the mover's and its opponent's,
    else "you" and "your opponent"). Points are in the mover's numbering. Counting only: no engine.
    """
    facts: list[Fact] = []
    before = made_points(position.player)
    rows = [_play_facts(p, before, names) for p in (play, better)]
    for topic in ("blots", "hits", "made", "broken", "home", "anchors", "prime", "pips"):
        pair = [row[topic] for row in rows]
        if _said(pair[0]) != _said(pair[1]):
            facts.extend(pair)
    return facts


_HITS = {0: "noHit", 1: "hits.one"}


def _said(fact: Fact) -> tuple[str, list[tuple[str, Any]]]:
    """What ``fact`` says about its play, its play's name left out: two plays differ when this does."""
    return fact.key, sorted((k, v) for k, v in fact.values.items() if k != "play")


def _play_facts(play: Play, before: list[int], names: tuple[str, str] | None) -> dict[str, Fact]:
    """Each topic's fact for the position ``play`` reaches; ``before``: the points the mover held;
    ``names``: the mover's and its opponent's (None: "you")."""
    # The mover's side after the play, in its numbering; the shots are the opponent's, on roll now.
    mine = side_facts(play.result.opponent, shots(play.result), mine=True)
    name = str(play) or "—"
    held = made_points(play.result.opponent)
    prime = mine["prime"]
    pips = {"play": name, "mine": mine["pips"], "theirs": play.result.pip_counts()[0]}
    return {
        "blots": Fact("blots", {"play": name, "points": mine["blots"], "shots": shots(play.result)})
        if mine["blots"]
        else Fact("noBlots", {"play": name}),
        "hits": Fact(_HITS.get(play.hits, "hits"), {"play": name, "count": play.hits}),
        "made": Fact("made", {"play": name, "points": [p for p in held if p not in before]}),
        "broken": Fact("broken", {"play": name, "points": [p for p in before if p not in held]}),
        "home": Fact("home", {"play": name, "points": mine["home_points"]}),
        "anchors": Fact("anchors", {"play": name, "points": mine["anchors"]}),
        "prime": Fact("prime", {"play": name, "length": len(prime), "high": prime[0], "low": prime[-1]})
        if len(prime) >= 2
        else Fact("noPrime", {"play": name}),
        "pips": Fact("pips", pips)
        if names is None
        else Fact("pips.named", {**pips, "player": names[0], "opponent": names[1]}),
    }


def explain(
    position: Position,
    dice: tuple[int, int],
    play: Play | str,
    better: Play | str | None = None,
    *,
    level: str | Player = "expert",
    game: Game | None = None,
) -> Explanation:
    """Why ``better`` beats ``play`` (both plays of ``dice`` in ``position``, a Play or notation).

    ``better`` None: the engine's best at ``level``'s depth (:func:`bgwidget.ai.analysis.rank`,
    the play made judged at the same depth). With ``game`` (a Game whose turn starts at
    ``position``) both are judged in its stakes (score, Crawford, cube, Jacoby...): equity is
    then EMG in a match, cubeful points per game in money play; without it, cubeless points per
    game. The facts: the summary (the equity given up, or that the play is the best), the exact
    differences of :func:`compare_plays`, then each play's winning and gammon chances and equity
    and the change from one to the other (cubeless chances for the mover).

    Raises :class:`ExplainError` for a ``position`` that is not a Position, dice that are not a
    roll, a roll with no legal play, or a play that is not a legal play of the roll;
    :class:`~bgwidget.ai.errors.LevelError` for a level without a depth; :class:`bgwidget.GameError`
    for a ``game`` that is not at ``position``.
    """
    if not isinstance(position, Position):
        raise ExplainError(f"an explanation is of a play in a Position, not {type(position).__name__}")
    try:
        dice = check_roll(dice)
    except DiceError as error:
        raise ExplainError(str(error)) from None
    legal = {p: p for p in position.legal_plays(*dice)}
    if not legal:
        raise ExplainError(f"no play of {dice[0]}-{dice[1]} is legal in {position.position_id()}: nothing to explain")
    made = _legal(position, dice, play, legal)
    chosen = None if better is None else _legal(position, dice, better, legal)
    ply = level_ply(level)
    evaluator = evaluator_or_net(None, "an explanation")
    from bgwidget.ai import analysis
    from bgwidget.ai.search import Candidate, search

    if game is not None:
        analysis.check_game(game, position)
    if chosen is None:
        ranked: Sequence[Candidate] = analysis.rank(list(legal), ply, evaluator, made=made)
    else:
        chances = search([made, chosen], ply, evaluator)
        ranked = [Candidate(p, _five(c), _equity(c), 0.0, ply) for p, c in zip((made, chosen), chances)]
    if game is not None:
        ranked = analysis.judge(ranked, game)
    top = ranked[0] if chosen is None else next(c for c in ranked if c.play == chosen)
    mine = next(c for c in ranked if c.play == made)
    match = any(c.mwc is not None for c in ranked)
    return Explanation("play", tuple(play_facts(position, mine, top, match=match)))


def _five(chances: Sequence[float]) -> tuple[float, float, float, float, float]:
    win, wg, wbg, lg, lbg = (float(x) for x in chances)
    return win, wg, wbg, lg, lbg


def _equity(chances: Sequence[float]) -> float:
    win, wg, wbg, lg, lbg = chances
    return float(2 * win - 1 + wg + wbg - lg - lbg)


def _legal(position: Position, dice: tuple[int, int], play: object, legal: dict[Play, Play]) -> Play:
    """``play`` (a Play or notation) as the legal play of ``dice`` it is; :class:`ExplainError` if none."""
    if isinstance(play, str):
        try:
            return position.parse_play(play, *dice)
        except IllegalPlayError as error:
            raise ExplainError(f"{play!r} is not a legal play of {dice[0]}-{dice[1]}: {error}") from None
    if not isinstance(play, Play) or play not in legal or legal[play].before != play.before:
        raise ExplainError(f"{play!r} is not a legal play of {dice[0]}-{dice[1]} in {position.position_id()}")
    return legal[play]


def play_facts(
    position: Position,
    made: Candidate,
    best: Candidate,
    *,
    match: bool = False,
    names: tuple[str, str] | None = None,
) -> list[Fact]:
    """The facts of :func:`explain` from two judged candidates (the play made, the better one) of
    one roll in ``position``; ``match``: their ``emg`` is EMG in a match (else points per game);
    ``names``: the mover's and its opponent's, for a review (see :func:`compare_plays`)."""
    name, best_name = str(made.play) or "—", str(best.play) or "—"
    if made.play == best.play:
        facts = [Fact("best", {"play": name})]
    else:
        error = float(best.emg - made.emg)
        facts = [Fact("summaryMatch" if match else "summary", {"play": name, "best": best_name, "error": error})]
        facts += compare_plays(position, made.play, best.play, names=names)
    for candidate, who in ((made, name), (best, best_name)):
        win, gammon, _, lose_gammon, _ = candidate.probabilities
        values = {"play": who, "win_chance": win, "gammon_chance": gammon, "lose_gammon_chance": lose_gammon}
        facts.append(Fact("chancesMatch" if match else "chances", {**values, "equity": float(candidate.emg)}))
        if made.play == best.play:
            break
    else:
        win_change = best.probabilities[0] - made.probabilities[0]
        gammon_change = best.probabilities[1] - made.probabilities[1]
        facts.append(
            Fact("change", {"play": name, "best": best_name, "win_change": win_change, "gammon_change": gammon_change})
        )
    return facts


# ----------------------------------------------------------------------------- the cube


def money_take_point(win: float = 1.0, loss: float = 1.0, efficiency: float = CONTACT_EFFICIENCY) -> float:
    """The taker's take point in a money game, the winning chance (0..1) it needs to take a double.

    Janowski's formula ("Take-points in money games", 1993): ``(L - 0.5) / (W + L + 0.5 x)`` with
    ``W`` and ``L`` the taker's average win and loss (1 for single games; more with gammons) and
    ``x`` the cube efficiency (0 a dead cube: 25% without gammons; 1 a perfectly live cube: 20%;
    0.68, GNU Backgammon's and eXtreme Gammon's value in contact positions: 21.4%). Raises
    :class:`ExplainError` for values out of range.
    """
    for value, what in ((win, "win"), (loss, "loss")):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 1 <= value <= 3:
            raise ExplainError(f"the average {what} is a number of points from 1 to 3, not {value!r}")
    if isinstance(efficiency, bool) or not isinstance(efficiency, (int, float)) or not 0 <= efficiency <= 1:
        raise ExplainError(f"the cube efficiency is a number from 0 to 1, not {efficiency!r}")
    return (loss - 0.5) / (win + loss + 0.5 * efficiency)


def match_take_point(away: int, opponent_away: int, cube: int = 1, post_crawford: bool = False) -> float:
    """The taker's take point in a match, dead cube, single games: its winning chance at which
    taking a double of ``cube`` and passing give the same match winning chance.

    ``away``: points the taker needs, ``opponent_away`` the doubler's. With ``M(a, b)`` the
    match winning chance (:func:`~bgwidget.ai.met.match_winning_chance`, the Kazaross-XG2
    table): ``(pass - lose) / (win - lose)``, where pass = ``M(away, opponent_away - cube)``,
    win = ``M(away - 2 cube, opponent_away)`` and lose = ``M(away, opponent_away - 2 cube)``
    (the risk over the risk plus the gain, as Robertie's *Modern Backgammon* works it). Raises
    :class:`ExplainError` for scores or a cube out of range.
    """
    if not (is_int(away) and is_int(opponent_away) and 1 <= away <= MATCH_LENGTH_LIMIT >= opponent_away >= 1):
        raise ExplainError(f"away scores are 1 to {MATCH_LENGTH_LIMIT}, not {away!r} and {opponent_away!r}")
    if not is_int(cube) or cube < 1 or cube & (cube - 1) or not isinstance(post_crawford, bool):
        raise ExplainError(f"the cube is a power of 2 and post_crawford True or False, not {cube!r}, {post_crawford!r}")
    mwc = match_winning_chance
    passed = mwc(away, opponent_away - cube, post_crawford)
    win = mwc(away - 2 * cube, opponent_away, post_crawford)
    lose = mwc(away, opponent_away - 2 * cube, post_crawford)
    return (passed - lose) / (win - lose)


@dataclass(frozen=True)
class _Stakes:
    """What the take point depends on: money play or the away scores (taker, doubler), the cube."""

    cube: int
    away: tuple[int, int] | None  # None in money play (or beyond the table)
    post_crawford: bool


def _stakes(game: Game, cube: int, doubler: int) -> _Stakes:
    """The stakes of a double by seat ``doubler`` in ``game`` (its score and rules), the cube at ``cube``."""
    length, score = game.rules.match_length, game.score
    if not length or max(length - score[0], length - score[1]) > MATCH_LENGTH_LIMIT:
        return _Stakes(cube, None, False)
    return _Stakes(cube, (length - score[1 - doubler], length - score[doubler]), game.post_crawford)


def cube_facts(
    position: Position,
    chances: Sequence[float],
    decision: CubeDecision,
    action: str,
    stakes: _Stakes,
    player: str | None = None,
) -> list[Fact]:
    """The facts of :func:`explain_cube`: the action against the right one and what it costs (the
    person's, "Your action", or ``player``'s, named), the doubler's chances (cubeless), the
    taker's take point against its chances, the cubeful numbers."""
    from bgwidget.ai.context import cube_efficiency

    p, wg, wbg, lg, lbg = (float(x) for x in chances)
    doubling = action in ("double", "no double")
    if decision.reason:
        facts = [Fact("cube.noDouble", {"why_reason": decision.reason})]
    else:
        right = ("double" if decision.should_double else "no double") if doubling else _answer(decision)
        facts = [_verdict(decision, action, right, doubling, player)]
    facts.append(
        Fact("cube.chances", {"win_chance": p, "gammon_chance": wg, "lose_chance": 1 - p, "lose_gammon_chance": lg})
    )
    if stakes.away is None:
        taker_win = ((1 - p - lg) + 2 * (lg - lbg) + 3 * lbg) / (1 - p) if p < 1 else 1.0
        taker_loss = ((p - wg) + 2 * (wg - wbg) + 3 * wbg) / p if p > 0 else 1.0
        efficiency = cube_efficiency(position)
        take = money_take_point(min(max(taker_win, 1.0), 3.0), min(max(taker_loss, 1.0), 3.0), efficiency)
        facts.append(Fact("cube.takePoint", {"take_chance": take, "taker_chance": 1 - p, "efficiency_x": efficiency}))
    else:
        take = match_take_point(*stakes.away, cube=stakes.cube, post_crawford=stakes.post_crawford)
        facts.append(Fact("cube.takePointMatch", {"take_chance": take, "taker_chance": 1 - p}))
    if not decision.reason:
        numbers = {
            "no_double": decision.no_double,
            "double_take": decision.double_take,
            "double_pass": decision.double_pass,
        }
        if decision.match_play:
            facts.append(Fact("cube.mwc", {f"{k}_chance": v for k, v in numbers.items()}))
        else:
            facts.append(Fact("cube.equities", numbers))
    return facts


def _answer(decision: CubeDecision) -> str:
    return "take" if decision.should_take else "pass"


_SHOWN = 0.0005
"""The smallest cost the sentences show: 0.001 points per game, 0.1% of match winning chance."""


def _verdict(decision: CubeDecision, action: str, right: str, doubling: bool, player: str | None) -> Fact:
    """The action against the right one: right, or wrong and the cost (doubler's cubeful numbers);
    ``player`` names who decided (None: the person, "Your action")."""
    named, who = ("", {}) if player is None else (".named", {"player": player})
    if action == right:
        return Fact("cube.right" + named, {"made_action": action, **who})
    if doubling:
        cost = abs(min(decision.double_take, decision.double_pass) - decision.no_double)
    else:
        cost = abs(decision.double_take - decision.double_pass)
    if cost < _SHOWN:
        # A tie the figures cannot tell apart (a 1-ply leaf where the trailer post-Crawford cashes
        # at no risk is one): saying "costs 0.0%" would call a free choice wrong.
        return Fact("cube.equal" + named, {"made_action": action, "right_action": right, **who})
    key = ("cube.wrongMatch" if decision.match_play else "cube.wrong") + named
    cost_name = "cost_chance" if decision.match_play else "cost"
    return Fact(key, {"made_action": action, "right_action": right, cost_name: cost, **who})


def explain_cube(
    game: Game, action: str, *, level: str | Player = "expert", decision: CubeDecision | None = None
) -> Explanation:
    """Why ``action`` (``"double"``, ``"no double"``, ``"take"``, ``"pass"``) is right or wrong in ``game`` now.

    ``"double"`` and ``"no double"`` are the roller's, before its roll; ``"take"`` and ``"pass"``
    answer the double offered. ``decision`` (the seat on roll's :class:`CubeDecision`) defaults to
    :func:`~bgwidget.ai.game_cube_decision` at ``level``; the doubler's cubeless chances are
    :func:`~bgwidget.ai.evaluate`'s at ``level``. The take point is the taker's:
    :func:`money_take_point` with the taker's gammons and the position's cube efficiency in money
    play, :func:`match_take_point` at the match's score (cube at its value before the double).

    Raises :class:`ExplainError` for something that is not a Game, a game over, an action not of
    :data:`CUBE_ACTIONS`, an answer with no double offered, a double while one is offered or
    after the roll, or a ``decision`` that is not a CubeDecision.
    """
    if not isinstance(game, Game):
        raise ExplainError(f"a cube action is explained in a Game, not {type(game).__name__}")
    if action not in CUBE_ACTIONS or not isinstance(action, str):
        raise ExplainError(f"a cube action is one of {', '.join(map(repr, CUBE_ACTIONS))}, not {action!r}")
    if game.result is not None:
        raise ExplainError("the game is over: no cube action to explain")
    offered = game.offer is not None and game.offer.kind == "double"
    if action in ("take", "pass") and not offered:
        raise ExplainError(f"{action!r} answers a double, and no double is offered")
    if action in ("double", "no double") and (offered or game.phase != "roll"):
        raise ExplainError(f"{action!r} is decided before the roll, with no double offered")
    if decision is None:
        decision = game_cube_decision(game, level)
    elif not isinstance(decision, CubeDecision):
        raise ExplainError(f"a cube decision is a CubeDecision, not {type(decision).__name__}")
    position = game.start_position
    chances = _chances(position, level_ply(level))
    return Explanation(
        "cube", tuple(cube_facts(position, chances, decision, action, _stakes(game, game.cube_value, position.turn)))
    )


@lru_cache(maxsize=64)
def _chances(position: Position, ply: int) -> tuple[float, ...]:
    """The cubeless chances of the side on roll at ``ply`` (kept: review mode asks again and again)."""
    from bgwidget.ai import analysis

    return analysis.evaluate(position, ply, evaluator_or_net(None, "an explanation"))


# ----------------------------------------------------------------------------- a review's decision


def explain_decision(review: Review, index: int, names: tuple[str, str] | None = None) -> Explanation:
    """The explanation of ``review.decisions[index]``, from what the review judged.

    A play: :func:`explain`'s facts from the review's candidates (the play made against the
    best, no new search); a forced play or a dance says so. A cube decision: :func:`explain_cube`'s,
    the chances judged at the review's level (Expert for a player's own level), the cube as it was.
    The players are named, ``names`` (seat 0, seat 1; default the match's): "Player A's action,
    no double, is the right one", "Pip counts after 13/11: Player A 150, Player B 141" (a name
    that is the language's "You" gets the sentence's "you" form, see :class:`Fact`).
    Raises :class:`ExplainError` for something that is not a Review, an index it does not have
    or names that are not two strings.
    """
    from bgwidget.ai.review import Review

    if not isinstance(review, Review):
        raise ExplainError(f"a reviewed decision comes from a Review, not {type(review).__name__}")
    if not is_int(index) or not 0 <= index < len(review.decisions):
        raise ExplainError(f"the review has decisions 0 to {len(review.decisions) - 1}, not {index!r}")
    names = review.match.names if names is None else names
    if not isinstance(names, (tuple, list)) or len(names) != 2 or not all(isinstance(n, str) for n in names):
        raise ExplainError(f"names are two strings (seat 0, seat 1), not {names!r}")
    decision = review.decisions[index]
    seat = decision.seat
    if decision.kind == "play":
        candidates: Sequence[Candidate] = decision.candidates or []
        made = next((c for c in candidates if c.notation == decision.made), None)
        if decision.forced or made is None:
            return Explanation("play", (Fact("forced", {"play": decision.made or "—"}),))
        mover = (names[seat], names[1 - seat])
        facts = play_facts(decision.position, made, candidates[0], match=decision.mwc is not None, names=mover)
        return Explanation("play", tuple(facts))
    from bgwidget.ai.players import LEVELS
    from bgwidget.ai.report import cube_before

    game = review.match.games[decision.game]
    cube, _ = cube_before(game, decision)
    ply = level_ply(review.level if review.level in LEVELS else "expert")
    chances = _chances(decision.position, ply)
    action = decision.made if decision.made in CUBE_ACTIONS else "take"  # a beaver takes
    assert decision.cube is not None  # a cube decision keeps its numbers
    stakes = _stakes(game, cube, decision.position.turn)
    facts = cube_facts(decision.position, chances, decision.cube, action, stakes, names[seat])
    return Explanation("cube", tuple(facts))
