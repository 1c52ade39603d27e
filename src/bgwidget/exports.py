"""Layer 6, a board's match as a file to download: GNU Backgammon's ``.mat`` or the project's JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bgwidget.formats import FormatError, to_json, to_mat
from bgwidget.intents import IntentError
from bgwidget.match import Match

__all__ = ["MEDIA_TYPES", "download", "match_file"]

MEDIA_TYPES = {"json": "application/json", "mat": "text/plain"}
"""The media type of each file format a board exports."""


def match_file(match: Match, format: str) -> tuple[str, str]:
    """``match`` as a file: ``(file name, text)`` for ``format`` ``"json"``
    (:func:`~bgwidget.formats.to_json`) or ``"mat"`` (:func:`~bgwidget.formats.to_mat`), named
    after the seats ("Ann-vs-Bo.mat").

    Raises :class:`~bgwidget.intents.IntentError` for another format, with reason ``"no-mat"`` for
    a ``.mat`` of a match with a game set up from a position (the format cannot hold one), and for
    a match whose numbers are too long for a ``.mat`` file.
    """
    if format not in tuple(MEDIA_TYPES):  # a tuple compares: a forged format may be unhashable
        raise IntentError(f"export is to 'json' or 'mat', not {format!r}")
    if format == "json":
        return f"{_file_stem(match.names)}.json", to_json(match, indent=1)
    if not all(game.setup["opening"] for game in match.games):
        raise IntentError(".mat plays every game from the opening roll", reason="no-mat", format=".mat", other="JSON")
    try:
        return f"{_file_stem(match.names)}.mat", to_mat(match)
    except FormatError as error:  # numbers too long for the format: a caller's match
        raise IntentError(str(error)) from None


def download(match: Match, format: Any) -> dict:
    """The message that hands the view ``match`` as a file to save: ``{"type": "download", "name":
    file name, "text": the file's text, "mime": its media type}``. Raises as :func:`match_file`."""
    name, text = match_file(match, format)
    return {"type": "download", "name": name, "text": text, "mime": MEDIA_TYPES[format]}


def _file_stem(names: Sequence[str]) -> str:
    """A file name from the seats' names: letters, digits, ``-`` and ``_`` only ("Ann-vs-Bo")."""
    parts = ["".join(ch for ch in name if ch.isalnum() or ch in "-_")[:30] for name in names]
    return "-vs-".join(part or "player" for part in parts)
