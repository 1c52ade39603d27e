"""Layer 6, the words: the languages of the board and the labels that Python draws or names.

The labels live in ``labels.json`` beside this module, which the JS view imports too
(``js/src/i18n.js``), so that the static SVG, the widget's default names and the view say the
same words. Issue 13 grows this into the whole catalogue.
"""

from __future__ import annotations

import json
import re
from importlib import resources

__all__ = ["LANGUAGES", "LanguageError", "check_language", "has_label", "label"]

_LABELS: dict[str, dict[str, str]] = json.loads(
    resources.files("bgwidget").joinpath("labels.json").read_text(encoding="utf-8")
)

LANGUAGES: tuple[str, ...] = tuple(_LABELS)
"""The languages of the board: ``("en", "fr", "sv")``."""


class LanguageError(ValueError):
    """A language the labels do not have (see :data:`LANGUAGES`)."""


def check_language(language: object) -> str:
    """``language`` itself when it is one of :data:`LANGUAGES`; raises :class:`LanguageError` otherwise."""
    if not isinstance(language, str) or language not in _LABELS:
        raise LanguageError(f"language is one of {', '.join(LANGUAGES)}, not {language!r}")
    return language


def label(language: str, key: str, **fields: object) -> str:
    """The label ``key`` in ``language``, its ``{field}`` parts filled in (plain text, not escaped).

    >>> label("fr", "match", n=5)
    'Match en 5 points'

    Raises :class:`LanguageError` for an unknown language and ``KeyError`` for an unknown key.
    """
    text = _LABELS[check_language(language)][key]
    return re.sub(r"\{(\w+)\}", lambda m: str(fields.get(m.group(1), m.group(0))), text)


def has_label(key: str) -> bool:
    """Whether the catalogue has ``key`` (in every language: a test checks they all have the same keys)."""
    return key in _LABELS["en"]
