"""Layer 0, beside the words: :class:`Refusal`, why the rules stop an action, in every language.

Every error the rules, game and view layers raise for an action a person or a program tried is a
:class:`Refusal`: a machine-readable :attr:`~Refusal.reason` (``"point-held"``), the facts behind
it (``{"point": 19, "count": 3}``) and :meth:`~Refusal.explain`, the sentence a teacher would say,
from the catalogue ``labels.json`` (keys ``why.<reason>``) that the board's JS shares.

>>> from bgwidget import Position
>>> try:
...     Position.initial().parse_play("24/19 24/23", 5, 1)
... except Refusal as error:
...     print(error.reason, error.facts["point"])
...     print(error.explain("fr"))
point-held 19
La flèche 19 est fermée : votre adversaire y a 5 pions.

A programming error (an argument of the wrong type, a malformed save) is reason ``"invalid"`` and
its English ``detail`` is all it says: only refusals of real actions are taught.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bgwidget.labels import check_language, has_label, label

__all__ = ["COUNTED_FACTS", "NOTATION_FACTS", "POINTS_FACTS", "POINT_FACTS", "Refusal"]

POINT_FACTS = ("point", "point2", "from", "to", "highest")
"""The facts that are points, in the numbering of the side that acted (25 bar, 0 off)."""

POINTS_FACTS = ("points",)
"""The facts that are lists of points, in the same numbering (worded joined by commas)."""

NOTATION_FACTS = ("move", "options", "play")
"""The facts that are plays or moves in notation (``"24/18 13/9*"``), in the same numbering."""

COUNTED_FACTS = ("count", "pips")
"""The facts that choose a sentence's singular (key ``why.<reason>.one``) when 1: the first present."""


class Refusal(ValueError):
    """An action that the rules or the state of play do not allow; nothing was changed.

    ``reason`` is one of the ``why.<reason>`` keys of the catalogue (``"invalid"`` for an error
    of the caller's); ``facts`` the numbers and words its sentence names, points (the keys in
    :data:`POINT_FACTS`) in the numbering of the side that acted: 24..1, 25 the bar, 0 off.
    ``str(error)`` is :meth:`explain` in English.

    Raise a refusal as ``GameError(reason="crawford")`` or ``IllegalPlayError(reason="point-held",
    point=19, count=3)``; a bare message, ``GameError("a seat is 0 or 1")``, is an ``"invalid"``
    call. Keys that are Python keywords go in a dict: ``Refusal(reason="backwards", **{"from": 6})``.
    """

    def __init__(self, detail: str = "", /, *, reason: str = "invalid", **facts: Any) -> None:
        self.reason = reason
        self.facts = facts
        self.detail = detail
        super().__init__(self.explain("en"))

    def explain(self, language: str = "en") -> str:
        """The refusal as a learner's sentence in ``language`` (one of ``bgwidget.labels.LANGUAGES``).

        Raises :class:`bgwidget.labels.LanguageError` for a language the catalogue does not have.
        """
        if self.reason == "invalid":
            check_language(language)
            return self.detail
        facts = {key: _worded(language, key, value) for key, value in self.facts.items()}
        key = f"why.{self.reason}"
        counted = next((self.facts[fact] for fact in COUNTED_FACTS if fact in self.facts), None)
        if counted == 1 and has_label(key + ".one"):
            key += ".one"  # the singular, where the sentence has one
        return label(language, key, **facts)

    def seen_from(self, seat: int) -> Refusal:
        """This refusal of ``seat``'s action with its points in the board's numbering (side 0's).

        Side 0 (the bottom) counts as the board does; side 1's points 1..24 become 25 - point
        (the bar and off stay), in the point facts (:data:`POINT_FACTS`, :data:`POINTS_FACTS`)
        and in the plays written in notation (:data:`NOTATION_FACTS`: ``"24/18"`` becomes
        ``"1/7"``, a repeat count such as ``(2)`` stays). Returns a refusal of the same type,
        reason and detail.
        """
        facts = dict(self.facts)
        if seat == 1:
            for key, value in facts.items():
                if key in POINT_FACTS:
                    facts[key] = _flipped(value)
                elif key in POINTS_FACTS and isinstance(value, (list, tuple)):
                    facts[key] = [_flipped(point) for point in value]
                elif key in NOTATION_FACTS and isinstance(value, str):
                    facts[key] = _NUMBER.sub(lambda m: str(_flipped(int(m.group()))), value)
        return _rebuild(type(self), self.detail, self.reason, facts)

    def __reduce__(self) -> tuple[Callable[..., Refusal], tuple[type[Refusal], str, str, dict[str, Any]]]:
        return _rebuild, (type(self), self.detail, self.reason, self.facts)


def _rebuild(kind: type[Refusal], detail: str, reason: str, facts: dict[str, Any]) -> Refusal:
    return kind(detail, reason=reason, **facts)


_NUMBER = re.compile(r"(?<![(\d])\d+(?![)\d])")  # a point of a play in notation, not a count in (..)


def _flipped(point: Any) -> Any:
    """A point 1..24 seen from the other side; the bar, off and anything else as they are."""
    return 25 - point if isinstance(point, int) and not isinstance(point, bool) and 1 <= point <= 24 else point


def _worded(language: str, key: str, value: Any) -> Any:
    """A fact as the sentence names it: points by :func:`_point`, a list of points joined."""
    if key in POINT_FACTS:
        return _point(language, value)
    if key in POINTS_FACTS and isinstance(value, (list, tuple)):
        return ", ".join(str(_point(language, point)) for point in value)
    return value


def _point(language: str, point: Any) -> Any:
    """A point as the sentence names it: its number, or the bar and off in words."""
    # 25 and 0 are position's BAR_POINT and OFF_POINT: this module sits below position, whose errors are Refusals.
    if point == 25:
        return label(language, "theBar")
    if point == 0:
        return label(language, "theOff")
    return point
