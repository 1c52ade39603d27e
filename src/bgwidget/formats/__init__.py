"""Layer 4, formats: GNU Backgammon Match ID, XGID, the ``.mat`` match text, JSON saves.

Every reader raises :class:`FormatError` (a ``ValueError``) with the reason; every reader builds
its game through the rules of :mod:`bgwidget.game`, so what it accepts is a legal game.
"""

from bgwidget.formats.errors import FormatError
from bgwidget.formats.json_io import from_json, to_json
from bgwidget.formats.mat import export_mat, import_mat
from bgwidget.formats.matchid import (
    MatchState,
    decode_match_id,
    encode_match_id,
    game_from_gnubg_id,
    gnubg_id,
    match_id,
)
from bgwidget.formats.xgid import game_from_xgid, xgid

__all__ = [
    "FormatError",
    "MatchState",
    "decode_match_id",
    "encode_match_id",
    "export_mat",
    "from_json",
    "game_from_gnubg_id",
    "game_from_xgid",
    "gnubg_id",
    "import_mat",
    "match_id",
    "to_json",
    "xgid",
]
