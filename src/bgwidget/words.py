"""Layer 6, the board's sentences: status lines, results and news, in the board's language.

Every sentence the board shows is built here from the catalogue (:mod:`bgwidget.labels`), when
the state is drawn, so that a board switched to another language says everything again in it. A
sentence that names a seat takes the seat's *number* (``seat=0``) rather than its name: when the
name is the language's default name for the person ("You", "Vous", "Du") the sentence's own
"you" form is used (key + ``"You"``: "You win a gammon", "À vous de jouer"), else the name is
put in. News waiting to be shown is kept as a :data:`Words` value, not as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bgwidget.labels import label
from bgwidget.rules import GameResult

__all__ = ["NAME_CHARS", "Words", "is_you", "points_text", "result_text", "say", "shown_names"]

Words = tuple[str, dict[str, Any]]
"""A sentence not yet worded: a catalogue key and its fields. A field that is itself a
:data:`Words` is worded first; ``seat`` names a seat (see the module)."""

NAME_CHARS = 28
"""The longest name a board shows whole: a longer one (an imported match's, say) is cut to this many
characters, the last an ellipsis, so that it stays in its strip and the result banner stays on the board."""

_KINDS = {"single game": "Single", "gammon": "Gammon", "backgammon": "Backgammon"}


def shown_names(names: tuple[str, str] | list[str]) -> tuple[str, str]:
    """The two names as a board shows them: each cut to :data:`NAME_CHARS` characters ("…" last).

    >>> shown_names(("Ann", "B" * 40))[1] == "B" * 27 + "…"
    True
    """
    bottom, top = (name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…" for name in names)
    return bottom, top


def is_you(language: str, name: str) -> bool:
    """Whether ``name`` is ``language``'s default name for the person at the board ("You")."""
    return name == label(language, "nameYou")


def say(language: str, names: Sequence[str], words: Words) -> str:
    """``words`` in ``language``, seats named by ``names`` (bottom, top): plain text, not escaped.

    >>> say("fr", ("Vous", "Ordinateur (easy)"), ("dance", {"seat": 0, "dice": "6-6"}))
    'Vous ne pouvez pas jouer avec 6-6'

    Raises ``KeyError`` for a key the catalogue does not have.
    """
    key, fields = words
    filled: dict[str, Any] = {
        name: say(language, names, value) if _is_words(value) else value for name, value in fields.items()
    }
    seat = filled.pop("seat", None)
    if seat is not None:
        filled["name"] = names[seat]
        if is_you(language, names[seat]):
            try:
                return label(language, key + "You", **filled)
            except KeyError:  # a sentence about the computer has no "you" form
                pass
    return label(language, key, **filled)


def points_text(language: str, points: int) -> str:
    """``"1 point"``, ``"2 points"``... in ``language``."""
    return label(language, "point") if points == 1 else label(language, "points", n=points)


def result_text(language: str, names: Sequence[str], result: GameResult, match_won: bool = False) -> str:
    """How the game ended, in ``language``: "Bob wins a gammon: 2 points", "Bob resigns a gammon:
    Alice wins 2 points", "Bob passes: Alice wins 1 point", then "Alice wins the match" when
    ``match_won``. ``names``: the seats' names (bottom, top); ``result`` a
    :class:`~bgwidget.rules.GameResult` (``how`` ``"borne off"``, ``"resigned"`` or ``"pass"``).
    """
    winner, loser = result.winner, 1 - result.winner
    points = points_text(language, result.points)
    kind = _KINDS[result.kind]
    if result.how == "borne off":
        text = say(language, names, (f"win{kind}", {"seat": winner, "points": points}))
    else:
        first = (f"resign{kind}", {"seat": loser}) if result.how == "resigned" else ("passes", {"seat": loser})
        second = ("wins", {"seat": winner, "points": points})
        text = label(language, "clauses", first=say(language, names, first), second=say(language, names, second))
    if match_won:
        text += " · " + say(language, names, ("winsMatch", {"seat": winner}))
    return text


def _is_words(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict)
