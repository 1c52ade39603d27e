"""Match equity table: the chance to win a match from a given score.

The table is Kazaross-XG2 (Neil Kazaross, 2011; rolled out with eXtreme Gammon to 9 points and
GNU Backgammon to 15, extended to 25), GNU Backgammon's default, as shipped in its
``data/met/Kazaross-XG2.xml``; the numbers are in ``data/kazaross-xg2.json`` with the file's
copyright notice, which permits copying and distribution.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from bgwidget.ai.errors import CubeError
from bgwidget.checks import is_int

__all__ = ["MATCH_LENGTH_LIMIT", "match_winning_chance"]

MATCH_LENGTH_LIMIT = 25
"""The table covers scores up to 25-away; longer matches are clamped to it."""


@lru_cache(maxsize=1)
def _table() -> tuple[list[list[float]], list[float]]:
    data = json.loads((Path(__file__).parent / "data" / "kazaross-xg2.json").read_text())
    return data["pre_crawford"], data["post_crawford"]


def match_winning_chance(away: int, opponent_away: int, post_crawford: bool = False) -> float:
    """The chance (0..1) that a player ``away`` points from winning beats one ``opponent_away``.

    A side at 0 or fewer points away has won (1.0 or 0.0). With one side 1-away, the pre-Crawford
    entries are those of the Crawford game itself; pass ``post_crawford=True`` for the games after
    it (the trailer then doubles at once, so gammons no longer matter to the leader).

    Raises :class:`~bgwidget.ai.errors.CubeError` for away scores that are not ints, or when
    both sides have already won.
    """
    if not is_int(away) or not is_int(opponent_away) or not isinstance(post_crawford, bool):
        raise CubeError(
            f"away scores are ints and post_crawford a bool, not {away!r}, {opponent_away!r}, {post_crawford!r}"
        )
    if away <= 0 and opponent_away <= 0:
        raise CubeError("both sides cannot have won the match")
    if away <= 0:
        return 1.0
    if opponent_away <= 0:
        return 0.0
    pre, post = _table()
    away = min(away, MATCH_LENGTH_LIMIT)
    opponent_away = min(opponent_away, MATCH_LENGTH_LIMIT)
    if post_crawford and (away == 1 or opponent_away == 1):
        if away == 1 and opponent_away == 1:
            return 0.5
        # The post-Crawford row holds the trailer's chance, indexed by its away score.
        return 1.0 - post[opponent_away - 1] if away == 1 else post[away - 1]
    return pre[away - 1][opponent_away - 1]
