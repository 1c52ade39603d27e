"""Layer 6, teaching: drills from a person's own mistakes, scheduled by spaced repetition.

A :class:`Card` is one decision to make again: a play to find for a roll, a double or no double
before rolling, or the answer to a double, in the stakes it was met in (score, cube, rules), with
the right answer and what each choice the card knows is worth. :func:`cards_from_review` makes
one card of each error of a seat in a :func:`bgwidget.ai.review` (a match played on the board
or read from a ``.mat`` or SGF file); :meth:`Deck.reference` reads the package's reference
drills (``ai/data/reference_drills.json``). :func:`judge` checks an answer with the engine.

A :class:`Deck` schedules its cards with FSRS (Free Spaced Repetition Scheduler, version 6: the
``fsrs`` package's :class:`fsrs.Scheduler`; Ye, Su and Cao, "A Stochastic Shortest Path
Algorithm for Optimizing Spaced Repetition Scheduling", KDD 2022), keeps every answer, counts
them per theme, and is saved as JSON (written whole to a new file, then renamed over the old:
a crash leaves the old deck or the new one, never half of one).

Units: every equity is the decider's, **EMG** (:mod:`bgwidget.ai.context`: normalised equity in
a match, cubeful equity in points per game for a cube of 1 in money play); a loss is the EMG
given up against the best choice. In :meth:`Card.game` the decider always sits at the bottom
(seat 0): the score is ``(decider, opponent)`` and a cube owner of 0 is the decider.

``fsrs`` is a dependency of the package (always installed, pure Python), imported here at the
top: only this module and the drill board use it, so ``import bgwidget`` does not load it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

import fsrs

from bgwidget.checks import is_int
from bgwidget.errors import DrillError
from bgwidget.game import Game
from bgwidget.match import match_at_game
from bgwidget.moves import Play
from bgwidget.position import BAR, Position
from bgwidget.rules import Rules

if TYPE_CHECKING:
    from bgwidget.ai.decision import Decision
    from bgwidget.ai.review import Review

__all__ = [
    "CHOICES",
    "RIGHT_WITHIN",
    "THEMES",
    "Card",
    "Deck",
    "DrillError",
    "ThemeStatistics",
    "Verdict",
    "cards_from_review",
    "explanation",
    "judge",
    "normalised",
    "reference_cards",
]

THEMES = ("opening", "middle-game", "race", "bear-off", "cube")
"""A card's themes: a play in the first three turns of a side (``.mat`` lines 1-3), a later play
with contact, a race (no contact), a bear-off (no contact, every checker of the mover home), a
cube decision."""

CHOICES = {"double": ("double", "no double"), "take": ("take", "pass")}
"""The answers of a cube card, by its kind (a play card's are its roll's legal plays)."""

RIGHT_WITHIN = 0.01
"""An answer within this much equity (EMG) of the engine's best is right, as is the card's answer."""

_OPENING_TURNS = 3
_FORMAT = "bgwidget-drills"


def _theme(decision: Decision) -> str:
    if decision.kind != "play":
        return "cube"
    position = decision.position
    if not position.is_race():
        return "opening" if decision.move <= _OPENING_TURNS else "middle-game"
    home = sum(position.player[6:BAR]) == 0
    return "bear-off" if home else "race"


@dataclass(frozen=True)
class Card:
    """One decision to drill, seen by its decider, who sits at seat 0 in :meth:`game`.

    ``kind``: ``"play"`` (find the play of ``dice``), ``"double"`` (double or not, before
    rolling) or ``"take"`` (take or pass a double). ``position``: the decider's position, on roll
    (turn 0), except a take card's: the doubler's, on roll (turn 1), as GNU Backgammon shows cube
    decisions. ``cube_value``, ``cube_owner`` (None centred, 0 the decider, 1 the opponent),
    ``score`` ``(decider, opponent)``, ``crawford`` and ``rules`` are the stakes. ``answer``: the
    right play in notation (mover's numbering) or the right cube action (:data:`CHOICES`).
    ``values``: choice -> the decider's equity after it (EMG, higher is better), for the choices
    the card knows (a review's candidates, or a reference file's values; may be empty).
    ``played``: the choice made in the game (``""`` for a reference card). ``theme``: one of
    :data:`THEMES` (a reference file may name others). ``source``: where it comes from, in words.
    ``id``: a stable name (a review's card: a digest of its decision, so a mistake met twice is
    one card).
    """

    id: str
    kind: str
    position: Position
    dice: tuple[int, int] | None
    answer: str
    theme: str
    cube_value: int = 1
    cube_owner: int | None = None
    score: tuple[int, int] = (0, 0)
    crawford: bool = False
    rules: Rules = field(default_factory=Rules)
    values: dict[str, float] = field(default_factory=dict)
    played: str = ""
    source: str = ""

    def game(self) -> Game:
        """A new :class:`~bgwidget.game.Game` at the decision: the decider (seat 0) to play
        ``dice`` (phase ``"move"``) or to roll (``"roll"``, where it may double); for a take card
        the opponent (seat 1) has doubled (``"cube"``). Raises
        :class:`~bgwidget.game.GameError` for stakes the rules refuse."""
        return _game(self, offered=True)

    @property
    def equity(self) -> float | None:
        """The decider's equity after the right answer (EMG), None when the card has no value for it."""
        return self.values.get(self.answer)

    def loss(self, choice: str | None = None) -> float | None:
        """The equity (EMG) ``choice`` gives up against the best of :attr:`values` (default: the
        choice :attr:`played`); None when the card has no value for it."""
        choice = self.played if choice is None else choice
        if choice not in self.values:
            return None
        return max(self.values.values()) - self.values[choice]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the position as its Position ID, the rules as :meth:`Rules.to_dict`."""
        return {
            "id": self.id,
            "kind": self.kind,
            "position_id": self.position.position_id(),
            "dice": list(self.dice) if self.dice else None,
            "answer": self.answer,
            "theme": self.theme,
            "cube_value": self.cube_value,
            "cube_owner": self.cube_owner,
            "score": list(self.score),
            "crawford": self.crawford,
            "rules": self.rules.to_dict(),
            "values": dict(self.values),
            "played": self.played,
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Card:
        """The card :meth:`to_dict` gave, checked whole (its game rebuilt, its answer and the
        choice played legal). Raises :class:`DrillError` naming what is wrong."""
        if not isinstance(data, dict):
            raise DrillError(f"a saved card is a dict, not {type(data).__name__}")
        try:
            kind = data["kind"]
            if kind not in ("play", *CHOICES):
                raise DrillError(f"a card's kind is 'play', 'double' or 'take', not {kind!r}")
            dice = data["dice"]
            card = cls(
                id=_text(data["id"], "id"),
                kind=kind,
                position=Position.from_position_id(data["position_id"], 1 if kind == "take" else 0),
                dice=(dice[0], dice[1]) if kind == "play" else None,
                answer=_text(data["answer"], "answer"),
                theme=_text(data["theme"], "theme"),
                cube_value=data["cube_value"],
                cube_owner=data["cube_owner"],
                score=(data["score"][0], data["score"][1]),
                crawford=data["crawford"],
                rules=Rules.from_dict(data["rules"]),
                values=_values(data["values"]),
                played=_text(data["played"], "played"),
                source=_text(data["source"], "source"),
            )
        except DrillError:
            raise
        except (KeyError, IndexError, TypeError, ValueError) as error:  # the rules' errors are ValueErrors
            raise DrillError(f"not a saved card: {error!r}") from None
        card.check()
        return card

    def check(self) -> None:
        """Raise :class:`DrillError` unless the card's game stands and its answer (and the choice
        played, if any) is a legal choice of it, written as :func:`judge` reads it."""
        try:
            game = self.game()
        except ValueError as error:
            raise DrillError(f"card {self.id}: {error}") from None
        for choice in (self.answer, self.played) if self.played else (self.answer,):
            if normalised(self, choice, game) != choice:
                raise DrillError(f"card {self.id}: {choice!r} is not written as its legal choice")


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise DrillError(f"a card's {name} is text, not {value!r}")
    return value


def _values(value: object) -> dict[str, float]:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool) for k, v in value.items()
    ):
        raise DrillError(f"a card's values map choices to equities, not {value!r}")
    return {k: float(v) for k, v in value.items()}


def normalised(card: Card, choice: object, game: Game | None = None) -> str:
    """``choice`` as ``card`` writes its choices: a play of the card's roll in the standard
    notation (a :class:`~bgwidget.moves.Play` or text), or a cube action of :data:`CHOICES`.

    Raises :class:`DrillError` for anything else (an illegal play, another kind's action)."""
    if card.kind != "play":
        if choice not in CHOICES[card.kind]:
            raise DrillError(f"a {card.kind} card is answered {' or '.join(CHOICES[card.kind])}, not {choice!r}")
        return str(choice)
    position = (game or card.game()).start_position
    assert card.dice is not None  # a play card has its roll
    if isinstance(choice, Play):
        if choice not in position.legal_plays(*card.dice):
            raise DrillError(f"{choice} is not a legal play of {card.dice[0]}{card.dice[1]} here")
        return str(choice)
    if not isinstance(choice, str):
        raise DrillError(f"a play card is answered with a play, not {choice!r}")
    try:
        return str(position.parse_play(choice, *card.dice))
    except ValueError as error:
        raise DrillError(f"{choice!r}: {error}") from None


def _digest(*parts: object) -> str:
    return hashlib.sha1(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16]


# ---------------------------------------------------------------------- cards from a review


def cards_from_review(review: Review, *, seat: int, mark: str = "doubtful") -> list[Card]:
    """One card per error of ``seat`` (0 or 1) in ``review``: each play or cube decision whose
    mark is ``mark`` or worse (GNU Backgammon's marks, :data:`bgwidget.ai.review.MARKS`:
    ``"doubtful"``, ``"bad"``, ``"very bad"``), forced plays left out, in play order, a decision
    met twice kept once. A take card's answer is take or pass (a beaver, where best, is a take).

    Raises :class:`DrillError` for a seat other than 0 or 1, an unknown mark, something that is
    not a :class:`~bgwidget.ai.review.Review`, or a review saved before its decisions' moments
    were kept (review the match again).
    """
    from bgwidget.ai.decision import MARKS
    from bgwidget.ai.review import Review

    if not isinstance(review, Review):
        raise DrillError(f"cards come from a Review, not {type(review).__name__}")
    if not is_int(seat) or seat not in (0, 1):
        raise DrillError(f"a seat is 0 or 1, not {seat!r}")
    names = [name for name, _ in MARKS]
    if mark not in names:
        raise DrillError(f"a mark is one of {', '.join(map(repr, names))}, not {mark!r}")
    marks = names[: names.index(mark) + 1]  # worst first: this mark and the worse ones
    cards: dict[str, Card] = {}
    for decision in review.decisions:
        if decision.seat == seat and decision.mark in marks and not decision.forced:
            card = _card(review, decision)
            cards.setdefault(card.id, card)
    return list(cards.values())


def _card(review: Review, decision: Decision) -> Card:
    if decision.actions is None:
        raise DrillError("this review was saved before its decisions' moments were kept: review the match again")
    take = decision.kind == "take"
    # The stakes before the double for an answer (the double is the entry before it).
    moment = decision.actions - 1 if take else decision.actions
    game = match_at_game(review.match, decision.game + 1, actions=moment).game
    seat = decision.seat
    owner = None if game.cube_owner is None else int(game.cube_owner != seat)
    made, best = decision.made, decision.best
    if take:
        made, best = ("take" if c == "beaver" else c for c in (made, best))
    values = _play_values(decision) if decision.kind == "play" else _cube_values(decision, game)
    position = decision.position
    stakes = (game.cube_value, owner, game.score[seat], game.score[1 - seat], game.crawford, game.rules.to_dict())
    return Card(
        id=_digest(decision.kind, position.position_id(), decision.dice, *stakes),
        kind=decision.kind,
        position=Position(position.player, position.opponent, 1 if take else 0),
        dice=decision.dice,
        answer=best,
        theme=_theme(decision),
        cube_value=game.cube_value,
        cube_owner=owner,
        score=(game.score[seat], game.score[1 - seat]),
        crawford=game.crawford,
        rules=game.rules,
        values=values,
        played=made,
        source=f"game {decision.game + 1}, move {decision.move}: {decision.mark}",
    )


def _play_values(decision: Decision) -> dict[str, float]:
    return {c.notation: float(c.emg) for c in decision.candidates or ()}


def _cube_values(decision: Decision, game: Game) -> dict[str, float]:
    """A cube decision's choices as the decider's EMG: the doubler's numbers (MWC in a match)
    through the doubler's stakes (:meth:`bgwidget.ai.context.Context.emg`), negated for the taker."""
    from bgwidget.ai.context import Context

    cube = decision.cube
    assert cube is not None  # a cube decision has its numbers
    doubler = decision.seat if decision.kind == "double" else 1 - decision.seat
    context = Context.of(game, doubler)

    def emg(value: float) -> float:
        return float(context.emg(value) if context.match_play else value)

    if decision.kind == "double":
        return {"no double": emg(cube.no_double), "double": emg(min(cube.double_take, cube.double_pass))}
    take = cube.double_take / 2 if cube.beaver else cube.double_take  # as the review values a take
    return {"take": -emg(take), "pass": -emg(cube.double_pass)}


# ---------------------------------------------------------------------- judging


@dataclass(frozen=True)
class Verdict:
    """An answer judged: ``choice`` (normalised, see :func:`normalised`), ``right``, ``loss``
    (EMG given up against the engine's best), ``best`` (the engine's best choice) and the card's
    ``answer``."""

    choice: str
    right: bool
    loss: float
    best: str
    answer: str


def judge(card: Card, choice: object, *, level: str = "expert") -> Verdict:
    """Judge ``choice`` for ``card`` with the engine at ``level``, in the card's stakes.

    A play is ranked with the roll's candidates at the level's depth, the play made judged as
    deep as the best (:func:`bgwidget.ai.analysis.rank`, :func:`~bgwidget.ai.analysis.judge`); a
    cube action from the cube decision searched at that depth
    (:func:`bgwidget.ai.game_cube_decision`). Right: the card's answer, or within
    :data:`RIGHT_WITHIN` of the engine's best. Raises :class:`DrillError` for a choice that is
    not one of the card's, :class:`~bgwidget.ai.LevelError` for a level without a depth.
    """
    from bgwidget.ai import game_cube_decision
    from bgwidget.ai.analysis import judge as in_stakes
    from bgwidget.ai.analysis import rank
    from bgwidget.ai.players import evaluator_or_net, level_ply

    game = card.game()
    chosen = normalised(card, choice, game)
    ply, evaluator = level_ply(level), evaluator_or_net(None, "a drill")
    if card.kind == "play":
        assert card.dice is not None
        position = game.start_position
        made = position.parse_play(chosen, *card.dice)
        ranked = in_stakes(rank(position.legal_plays(*card.dice), ply, evaluator, made=made), game)
        loss = next(c.error for c in ranked if c.play == made)
        best = ranked[0].notation
    else:
        before = _game(card, offered=False)
        values = _cube_values(_as_decision(card, game_cube_decision(before, level)), before)
        best = max(values, key=values.__getitem__)
        loss = values[best] - values[chosen]
    loss = max(float(loss), 0.0)
    return Verdict(chosen, chosen == card.answer or loss <= RIGHT_WITHIN, loss, best, card.answer)


def _game(card: Card, *, offered: bool) -> Game:
    """``card``'s game (see :meth:`Card.game`); for a take card, with the double ``offered`` or
    the doubler still to decide."""
    take = card.kind == "take"
    game = Game(
        rules=card.rules,
        position=Position(card.position.player, card.position.opponent, 1 if take else 0),
        rolled=card.dice if card.kind == "play" else None,
        cube_value=card.cube_value,
        cube_owner=card.cube_owner,
        score=card.score,
        crawford=card.crawford,
    )
    if take and offered:
        game.double(seat=1)
    return game


def _as_decision(card: Card, cube: Any) -> Decision:
    """The review's record of a cube decision for ``card`` (seat 0 decides), so that its values
    come out as :func:`cards_from_review` makes them."""
    from bgwidget.ai.decision import Decision

    return Decision(0, 1, 0, card.kind, card.position, None, "", "", 0.0, cube=cube)


def explanation(card: Card, choice: str, *, language: str = "en", level: str = "expert") -> list[str]:
    """Why ``choice`` (a play in notation or a cube action, as :func:`normalised` gives it) is
    right or wrong on ``card``, in ``language``, judged at ``level`` in the card's stakes, one
    sentence per fact: :func:`bgwidget.ai.explain.explain`'s for a play set against the engine's
    best (the :class:`Verdict`'s ``best``), :func:`~bgwidget.ai.explain.explain_cube`'s for a
    cube card, without their first sentence: the verdict, which the drill says itself (see
    :meth:`~bgwidget.ai.explain.Explanation.reasons`)."""
    from bgwidget.ai.explain import explain, explain_cube

    game = card.game()
    if card.kind == "play":
        assert card.dice is not None  # a play card has its roll
        return explain(card.position, card.dice, choice, level=level, game=game).reasons(language)
    return explain_cube(game, choice, level=level).reasons(language)


# ---------------------------------------------------------------------- the deck


@dataclass(frozen=True)
class ThemeStatistics:
    """One theme's cards in a deck: ``cards``, those ``due`` now, answers given (``answered``),
    ``right`` among them, and ``retention``: ``right / answered`` (None before any answer)."""

    cards: int = 0
    due: int = 0
    answered: int = 0
    right: int = 0

    @property
    def retention(self) -> float | None:
        return self.right / self.answered if self.answered else None


def _utc(now: datetime | None) -> datetime:
    if now is None:
        return datetime.now(timezone.utc)
    if not isinstance(now, datetime) or now.tzinfo is None:
        raise DrillError(f"a time is a datetime with its time zone, not {now!r}")
    return now.astimezone(timezone.utc)


def _rating(correct: object) -> fsrs.Rating:
    if isinstance(correct, fsrs.Rating):
        return correct
    if isinstance(correct, bool):
        return fsrs.Rating.Good if correct else fsrs.Rating.Again
    raise DrillError(f"an answer is right (True), wrong (False) or an fsrs.Rating, not {correct!r}")


class Deck:
    """Cards and their schedule: each card's FSRS state (:class:`fsrs.Card`) and every answer.

    ``scheduler``: the :class:`fsrs.Scheduler` (default: FSRS-6's default parameters, desired
    retention 0.9, its intervals fuzzed as fsrs does by default). A right answer is rated
    :attr:`fsrs.Rating.Good`, a wrong one :attr:`fsrs.Rating.Again`; :meth:`answer` takes any
    rating too. Times are timezone-aware datetimes (UTC inside); ``None`` means now.
    """

    def __init__(self, cards: Iterable[Card] = (), *, scheduler: fsrs.Scheduler | None = None) -> None:
        self.scheduler = scheduler if scheduler is not None else fsrs.Scheduler()
        self._cards: dict[str, Card] = {}
        self._schedule: dict[str, fsrs.Card] = {}
        self._answers: dict[str, list[tuple[datetime, int]]] = {}
        now = datetime.now(timezone.utc)
        for card in cards:
            self.add(card, now)

    @classmethod
    def from_review(
        cls, review: Review, *, seat: int, mark: str = "doubtful", scheduler: fsrs.Scheduler | None = None
    ) -> Deck:
        """A deck of :func:`cards_from_review` (same arguments and errors), every card due now."""
        return cls(cards_from_review(review, seat=seat, mark=mark), scheduler=scheduler)

    @classmethod
    def reference(cls, themes: Iterable[str] | None = None, *, path: str | os.PathLike[str] | None = None) -> Deck:
        """A deck of the reference drills (``ai/data/reference_drills.json``, or the file at
        ``path``) whose theme is one of ``themes`` (None: all). See :func:`reference_cards`."""
        chosen = None if themes is None else set(themes)
        return cls(card for card in reference_cards(path) if chosen is None or card.theme in chosen)

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards.values())

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card.id in self._cards

    def add(self, card: Card, now: datetime | None = None) -> bool:
        """Add ``card``, due at ``now``; False (and nothing changed) when a card of its id is in."""
        if not isinstance(card, Card):
            raise DrillError(f"a deck holds Cards, not {type(card).__name__}")
        if card.id in self._cards:
            return False
        self._cards[card.id] = card
        self._schedule[card.id] = fsrs.Card(card_id=int(_digest(card.id)[:12], 16), due=_utc(now))
        self._answers[card.id] = []
        return True

    def schedule(self, card: Card) -> fsrs.Card:
        """``card``'s FSRS state (a copy). Raises :class:`DrillError` for a card not in the deck."""
        return fsrs.Card.from_dict(self._state(card).to_dict())

    def answers(self, card: Card) -> list[tuple[datetime, fsrs.Rating]]:
        """``card``'s answers, oldest first: when, and the rating."""
        self._state(card)
        return [(at, fsrs.Rating(rating)) for at, rating in self._answers[card.id]]

    def due(self, now: datetime | None = None) -> list[Card]:
        """The cards due at ``now``, the longest due first."""
        at = _utc(now)
        due = [c for c in self._cards.values() if self._schedule[c.id].due <= at]
        return sorted(due, key=lambda c: self._schedule[c.id].due)

    @property
    def next_due(self) -> datetime | None:
        """When the next card is due (UTC), None for an empty deck."""
        return min((s.due for s in self._schedule.values()), default=None)

    def answer(self, card: Card, correct: bool | fsrs.Rating, now: datetime | None = None) -> datetime:
        """Schedule ``card`` after an answer at ``now``: ``correct`` True (Good), False (Again)
        or an :class:`fsrs.Rating`. Returns when it is due next. Raises :class:`DrillError` for
        a card not in the deck, another kind of answer or a naive time."""
        state, rating, at = self._state(card), _rating(correct), _utc(now)
        state, _log = self.scheduler.review_card(state, rating, at)
        self._schedule[card.id] = state
        self._answers[card.id].append((at, int(rating)))
        return state.due

    def statistics(self, now: datetime | None = None) -> dict[str, ThemeStatistics]:
        """Per theme (in :data:`THEMES` order, then others): cards, due at ``now``, answers, right ones."""
        due = {c.id for c in self.due(now)}
        counts: dict[str, list[int]] = {}
        for card in self._cards.values():
            row = counts.setdefault(card.theme, [0, 0, 0, 0])
            answers = self._answers[card.id]
            row[0] += 1
            row[1] += card.id in due
            row[2] += len(answers)
            row[3] += sum(rating != fsrs.Rating.Again for _, rating in answers)
        order = sorted(counts, key=lambda t: (THEMES.index(t) if t in THEMES else len(THEMES), t))
        return {theme: ThemeStatistics(*counts[theme]) for theme in order}

    def _state(self, card: object) -> fsrs.Card:
        if not isinstance(card, Card) or card.id not in self._cards:
            raise DrillError(f"not a card of this deck: {card!r}")
        return self._schedule[card.id]

    # ------------------------------------------------------------------ files

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the scheduler's settings, each card with its FSRS state and answers."""
        return {
            "format": _FORMAT,
            "version": 1,
            "scheduler": self.scheduler.to_dict(),
            "cards": [
                {
                    "card": card.to_dict(),
                    "schedule": self._schedule[card.id].to_dict(),
                    "answers": [[at.isoformat(), rating] for at, rating in self._answers[card.id]],
                }
                for card in self._cards.values()
            ],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Deck:
        """The deck :meth:`to_dict` gave, checked whole. Raises :class:`DrillError`."""
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise DrillError(f"not a saved deck (no 'format': {_FORMAT!r})")
        if data.get("version") != 1:
            raise DrillError(f"saved deck version {data.get('version')!r} is not 1")
        try:
            deck = cls(scheduler=fsrs.Scheduler.from_dict(data["scheduler"]))
            for entry in data["cards"]:
                card = Card.from_dict(entry["card"])
                state = fsrs.Card.from_dict(entry["schedule"])
                answers = [(_utc(datetime.fromisoformat(at)), int(fsrs.Rating(r))) for at, r in entry["answers"]]
                if not deck.add(card) or state.due.tzinfo is None:
                    raise DrillError(f"card {card.id} is saved twice, or its schedule has no time zone")
                deck._schedule[card.id], deck._answers[card.id] = state, answers
        except DrillError:
            raise
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise DrillError(f"not a saved deck: {error!r}") from None
        return deck

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the deck to ``path`` as JSON: to a new file beside it, then renamed over it."""
        target = Path(path)
        text = json.dumps(self.to_dict(), indent=1)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Deck:
        """The deck saved at ``path``. Raises :class:`DrillError` for a file that is not one
        (``OSError`` when it cannot be read)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise DrillError(f"{path} is not a saved deck: {error}") from None
        return cls.from_dict(data)


# ---------------------------------------------------------------------- reference drills


def reference_cards(path: str | os.PathLike[str] | None = None) -> list[Card]:
    """The cards of a reference file (default: the package's ``ai/data/reference_drills.json``).

    The file is a JSON list of records (or ``{"drills": [...]}``), each with ``id``, ``theme``,
    ``position_id`` and ``match_id`` (GNU Backgammon's IDs) or ``xgid``, ``dice`` (a play's roll,
    when the ID holds none), ``answer`` (a play in notation, or ``"double"``, ``"no double"``,
    ``"take"``, ``"pass"``), and optionally ``values`` (choice -> the decider's equity) and
    ``source``; other fields are ignored. A take card's ID may show the double offered or the
    doubler to roll. Raises :class:`DrillError` naming the record that is wrong.
    """
    source = Path(path) if path is not None else files("bgwidget.ai") / "data" / "reference_drills.json"
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise DrillError(f"cannot read the reference drills {source}: {error}") from None
    records = _records(data)
    if not isinstance(records, list):
        raise DrillError("reference drills are a list of records")
    cards = []
    for number, record in enumerate(records, 1):
        try:
            cards.append(_reference_card(record))
        except DrillError as error:
            raise DrillError(f"reference drill {number}: {error}") from None
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise DrillError(f"reference drill {number}: {error!r}") from None
    return cards


def _records(data: Any) -> Any:
    """The records of a reference file: a list, ``{"drills": [...]}``, or the package's
    ``{"version", "themes": {theme: {"drills": [...]}}}`` (``scripts/reference_drills.py``)."""
    if isinstance(data, dict) and isinstance(data.get("themes"), dict):
        return [record for theme in data["themes"].values() for record in theme.get("drills", [])]
    return data.get("drills") if isinstance(data, dict) else data


# GNU Backgammon's words for the doubler's cube action -> a double card's answer.
_CUBE_WORDS = {"double, take": "double", "double, pass": "double", "no double, take": "no double"}


def _record_values(record: Any) -> Any:
    """A record's values as a mapping choice -> equity: the package file lists them as
    ``{"play"|"action": ..., "equity": ...}``; a double's value is its worse answer's."""
    values = record.get("values", {})
    if not isinstance(values, list):
        return values
    mapping: dict[str, Any] = {}
    for entry in values:
        if not isinstance(entry, dict) or not isinstance(entry.get("equity"), (int, float)):
            raise DrillError(f"a card's values list choices and equities, not {entry!r}")
        choice = str(entry.get("play", entry.get("action")))
        choice = _CUBE_WORDS.get(choice, choice)
        mapping[choice] = min(mapping.get(choice, entry["equity"]), entry["equity"])
    return mapping


def _reference_card(record: Any) -> Card:
    from bgwidget.formats import from_gnubg_id, from_xgid

    answer = _CUBE_WORDS.get(record["answer"], record["answer"])
    kind = next((k for k, choices in CHOICES.items() if answer in choices), "play")
    ids = record["xgid"] if "xgid" in record else f"{record['position_id']}:{record['match_id']}"
    game = from_xgid(ids) if "xgid" in record else from_gnubg_id(ids)
    roller = game.start_position.turn  # the doubler of a take card, else the decider
    seat = 1 - roller if kind == "take" else roller
    dice: Any = record.get("dice") or game.rolled
    owner = None if game.cube_owner is None else int(game.cube_owner != seat)
    position = game.start_position
    card = Card(
        id=_text(record["id"], "id"),
        kind=kind,
        position=Position(position.player, position.opponent, 1 if kind == "take" else 0),
        dice=(int(dice[0]), int(dice[1])) if kind == "play" else None,
        answer=answer,
        theme=_text(record["theme"], "theme"),
        cube_value=game.cube_value,
        cube_owner=owner,
        score=(game.score[seat], game.score[1 - seat]),
        crawford=game.crawford,
        rules=game.rules,
        source=str(record.get("source", "")),
    )
    game = card.game()
    values = {normalised(card, k, game): v for k, v in _values(_record_values(record)).items()}
    card = replace(card, answer=normalised(card, answer, game), values=values)
    card.check()
    return card
