"""JSON save and load of a game or a match in progress; loading resumes exactly.

A saved game holds its :attr:`~bgwidget.game.Game.setup`, its record of actions, the steps of a
play in progress and the exact state of its dice generator. Loading replays the record through
the rules (so a tampered file is refused, not trusted) and restores the generator, so the next
roll is the one the saved game would have rolled. A saved match holds its options and its games.

Layout (version 1)::

    {"format": "bgwidget", "version": 1, "kind": "game", "game": GAME}
    {"format": "bgwidget", "version": 1, "kind": "match", "match": {options...}, "games": [GAME, ...]}
    GAME = {"setup": {...}, "record": [{"type": ...}, ...], "steps": [[[from, to, die], ...], ...],
            "dice": {"seed": ..., "state": [...], "fixed": [...]}}
"""

from __future__ import annotations

import json
import os
from typing import Any

from bgwidget.checks import is_int
from bgwidget.dice import Dice, DiceStateError
from bgwidget.formats.errors import FormatError
from bgwidget.formats.source import Source, read_text, write_text
from bgwidget.game import Game, GameError
from bgwidget.match import Match
from bgwidget.rules import Rules

__all__ = ["from_json", "to_json"]

VERSION = 1
MAX_INDENT = 16
"""The widest indent :func:`to_json` writes, in spaces a level."""


def _game_dict(game: Game) -> dict[str, Any]:
    return {"setup": game.setup, "record": game.record, "steps": game.step_groups, "dice": game.dice.to_dict()}


def _load_game(data: Any) -> Game:
    try:
        dice = Dice.from_dict(data["dice"])
        return Game.replay(data["setup"], data["record"], dice=dice, steps=data.get("steps") or ())
    except (GameError, DiceStateError) as error:
        raise FormatError(f"saved game: {error}") from None
    except (KeyError, TypeError, ValueError, OverflowError) as error:  # Overflow: a dice word past 2^32
        raise FormatError(f"not a saved game: {error!r}") from None


def to_json(obj: Game | Match, indent: int | None = None, path: str | os.PathLike[str] | None = None) -> str:
    """``obj`` (a :class:`~bgwidget.game.Game` or :class:`~bgwidget.match.Match`) as JSON text,
    indented by ``indent`` spaces a level (None: on one line; a whole number 0..
    :data:`MAX_INDENT`), also written (UTF-8) to ``path`` when one is given. Raises
    :class:`FormatError` for another ``indent``, or a file that cannot be written."""
    if indent is not None and (not is_int(indent) or not 0 <= indent <= MAX_INDENT):
        raise FormatError(f"indent is None or a number of spaces 0..{MAX_INDENT}, not {indent!r}")
    if isinstance(obj, Game):
        data = {"format": "bgwidget", "version": VERSION, "kind": "game", "game": _game_dict(obj)}
    elif isinstance(obj, Match):
        options: dict[str, Any] = {
            "seed": obj.seed if isinstance(obj.seed, (int, str)) else repr(obj.seed),
            "rules": obj.rules.to_dict(),
            "names": list(obj.names),
        }
        if obj.rescored:  # games whose score a file gave (Match.append's rescore)
            options["rescored"] = list(obj.rescored)
        data = {
            "format": "bgwidget",
            "version": VERSION,
            "kind": "match",
            "match": options,
            "games": [_game_dict(game) for game in obj.games],
        }
    else:
        raise FormatError(f"to_json saves a Game or a Match, not {type(obj).__name__}")
    return write_text(json.dumps(data, indent=indent), path)


def from_json(source: Source) -> Game | Match:
    """Load what :func:`to_json` saved: a :class:`~bgwidget.game.Game` or a :class:`~bgwidget.match.Match`.

    ``source`` is the JSON text (a ``str``), a path or a file object
    (:func:`~bgwidget.formats.source.read_text`).

    Raises :class:`FormatError` for text that is not such JSON (nested too deeply for Python
    included), a value of the wrong kind anywhere, an action the rules refuse, or a match whose
    games do not follow from each other (score, Crawford game, rules).
    """
    try:
        # Bytes were always read as JSON's own encodings; everything else is a Source.
        return _load(source if isinstance(source, (bytes, bytearray)) else read_text(source))
    except RecursionError:
        raise FormatError("not a bgwidget save: nested too deeply") from None


def _load(text: object) -> Game | Match:
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(f"a save is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except ValueError as error:
        raise FormatError(f"not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != "bgwidget":
        raise FormatError('not a bgwidget save (no "format": "bgwidget")')
    if data.get("version") != VERSION:
        raise FormatError(f"save version {data.get('version')!r} is not {VERSION}")
    if data.get("kind") == "game":
        return _load_game(data.get("game"))
    if data.get("kind") != "match":
        raise FormatError(f"a save holds a 'game' or a 'match', not {data.get('kind')!r}")
    try:
        options = data["match"]
        if "rules" in options:
            rules = Rules.from_dict(options["rules"])
            saved = data["games"]
        else:  # the first saves held the options flat, and each game's settings without the Crawford rule
            # By name, through Rules' own checks: given in order, auto_confirm fell on ``cube``.
            flat = {name: options[name] for name in ("crawford", "jacoby", "beavers", "max_cube", "auto_confirm")}
            rules = Rules.from_dict({"match_length": options["length"], **flat})
            saved = [{**game, "setup": {**game["setup"], "rules": rules.to_dict()}} for game in data["games"]]
        if not isinstance(saved, list) or not saved:
            raise FormatError("a saved match has at least one game")
        seed, names, rescored = options["seed"], options["names"], options.get("rescored", [])
        if not isinstance(seed, (int, str)):
            raise FormatError(f"the seed is a whole number or text, not {seed!r}")
        if not isinstance(names, list) or len(names) != 2 or not all(isinstance(name, str) for name in names):
            raise FormatError(f"the names are a list of two strings, not {names!r}")
    except GameError as error:
        raise FormatError(f"saved match: {error}") from None
    except (KeyError, TypeError, ValueError) as error:
        raise FormatError(f"not a saved match: {error!r}") from None
    games = [_load_game(game_data) for game_data in saved]
    try:
        return Match.from_games(rules, games, seed, names=(names[0], names[1]), rescored=rescored)
    except GameError as error:
        raise FormatError(f"saved match: {error}") from None
