"""Layer 0, the words: the catalogue of every sentence a person reads, in each language.

The catalogue is ``labels.json`` beside this module (``{"en": {key: text}, "fr": ..., "sv": ...}``),
which the JS view bundles too (``js/src/i18n.js``), so that refusals (:mod:`bgwidget.refusal`,
keys ``why.<reason>``), the board's status and results (:mod:`bgwidget.words`), the static SVG,
exercises and review reports say the same words. It imports nothing of the project, so that
every layer may use it.
"""

from __future__ import annotations

import json
import math
import re
from decimal import ROUND_HALF_UP, Context, Decimal
from importlib import resources

__all__ = ["LANGUAGES", "LanguageError", "check_language", "has_label", "label", "number", "percent"]

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


def number(language: str, value: float, digits: int, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals written as ``language`` writes numbers: its decimal mark
    (``number.decimal``: a comma in French and Swedish) and a minus sign (U+2212) when negative,
    or ``+`` too when ``signed``. The view's ``number`` (``js/src/i18n.js``) writes the same: the
    float's exact value rounded half away from zero, as JS's ``toFixed`` rounds (``0.0625`` to
    three places is ``0.063``), no minus sign on what rounds to zero, ``∞`` for an infinity
    and ``—`` for NaN (never "nan").

    >>> number("fr", -0.0415, 3), number("en", 0.25, 3, signed=True), number("en", -0.0004, 3)
    ('−0,042', '+0.250', '0.000')
    """
    value = float(value)
    if math.isnan(value):
        return "—"
    if math.isinf(value):
        text = "∞"
    else:
        exact = Decimal(abs(value)).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP, _EXACT)
        text = format(exact, "f").replace(".", label(language, "number.decimal"))
    negative = value < 0 and text.strip("0.,") != ""
    return "−" + text if negative else ("+" if signed else "") + text


_EXACT = Context(prec=400)  # room for every digit of a float's integer part (up to 309) and its decimals


def percent(language: str, share: float, digits: int = 1) -> str:
    """``share`` (0..1) as a percentage in ``language`` (``number.percent``: ``54.8%``, ``54,8 %``)."""
    return label(language, "number.percent", value=number(language, 100 * share, digits))


def has_label(key: str) -> bool:
    """Whether the catalogue has ``key`` (in every language: a test checks they all have the same keys)."""
    return key in _LABELS["en"]
