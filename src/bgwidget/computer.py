"""Layer 6, the computer's turns at a board: what its player decides, and that decision applied.

:func:`decide` asks a :class:`~bgwidget.ai.players.Player` for its decision in a game as it stands
(a play, whether to double, its answer to a double) and guarantees one the rules allow: when the
player raises or answers something illegal, the safe decision is taken instead (the first legal
play; no double; take) with words saying so. :func:`act` applies a decision to the game. The
session (:mod:`bgwidget.session`) decides when the computer acts, at once or in the background.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bgwidget.ai.players import Player, answers_double, offers_double, plays_in
from bgwidget.background import short
from bgwidget.game import Game
from bgwidget.moves import Play
from bgwidget.words import Words

__all__ = ["act", "decide", "offer_kind", "safe_decision"]

Say = Callable[..., None]
"""The session's ``say(words, before_roll=False)``: news shown until the next roll."""


def offer_kind(game: Game) -> str | None:
    """What waits for an answer: ``"double"``, ``"beaver"``, ``"raccoon"``, ``"resign"``, or None."""
    return game.offer.kind if game.offer is not None else None


def decide(game: Game, player: Player | None) -> tuple[Any, Words | None]:
    """``player``'s decision for ``game`` as it stands, and what to say when the player failed.

    ``"move"``: one of the legal plays (or None when there is none); ``"roll"``: whether to
    double first; ``"cube"``: its answer to a double (``"take"``, ``"pass"``, ``"beaver"``).
    Whatever the player raises or answers, the decision is one the rules allow: in its place the
    safe one (:func:`safe_decision`). Runs off the event loop in the background, on a copy.
    """
    if player is None or game.phase not in ("move", "roll", "cube") or offer_kind(game) == "resign":
        return None, None  # the opening, a resignation to accept: nothing to choose
    try:
        if game.phase == "move":
            assert game.rolled is not None  # the dice are rolled in "move"
            plays = game.start_position.legal_plays(*game.rolled)
            choice = plays_in(player, game)  # judged in the game's stakes
            if choice is None and not plays:
                return None, None
            if not isinstance(choice, Play) or choice not in plays:
                raise ValueError(f"{choice!r} is not a legal play of {game.rolled[0]}-{game.rolled[1]}")
            return plays[plays.index(choice)], None  # the rules' own play reaching that position
        if game.phase == "roll":
            return offers_double(player, game), None
        if offer_kind(game) == "double":
            return answers_double(player, game), None
        # A beaver or raccoon to answer: take. A take that was right loses less than the
        # pass at twice the cube (money play is linear in the cube); the computer never raccoons.
        return None, None
    except Exception as error:  # a Player's bug must not stop the game
        safe, what = safe_decision(game)
        return safe, ("fallback", {"seat": game.turn, "error": short(error), "what": what})


def act(game: Game, decision: Any, play: Callable[[Callable[[], Any]], Any], say: Say) -> None:
    """Apply the computer's ``decision`` (see :func:`decide`) for the seat to act in ``game``.

    ``play(action)`` runs a game action that may end a play (the session's, which records the
    last play); ``say(words, before_roll=...)`` gives the news (the computer's answer to a double).
    """
    if game.phase == "roll" and decision is True:
        game.double()
    elif game.phase in ("opening", "roll"):
        play(game.roll)
    elif game.phase == "move":
        assert isinstance(decision, Play), "a dance passes the turn at the roll"
        play(lambda: game.play(str(decision)))
    elif offer_kind(game) == "resign":
        game.accept()
    elif decision == "beaver":
        answering = game.turn
        game.beaver()
        say(("beavers", {"seat": answering}))
    elif decision == "pass":
        game.pass_()  # the result says who passed
    else:
        answering = game.turn
        game.take()
        # A beaver taken leaves the taker on roll: the news outlives the roll it makes at once.
        say(("takes", {"seat": answering}), before_roll=game.turn == answering)


def safe_decision(game: Game) -> tuple[Any, Words]:
    """The decision the computer falls back on, and its words: the first legal play, no double, take."""
    if game.phase == "move":
        assert game.rolled is not None  # the dice are rolled in "move"
        plays = game.start_position.legal_plays(*game.rolled)
        return (plays[0], ("safePlayed", {"play": str(plays[0])})) if plays else (None, ("safeNoPlay", {}))
    if game.phase == "roll":
        return False, ("safeNoDouble", {})
    return "take", ("safeTook", {})
