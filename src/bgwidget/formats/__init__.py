"""Layer 4, formats: GNU Backgammon Match ID and ID, XGID, the ``.mat`` match text, JSON saves.

One pattern for every format: ``to_<format>(obj) -> str`` writes, ``from_<format>(text) -> obj``
reads (``to_json``/``from_json``, ``to_mat``/``from_mat``, ``to_xgid``/``from_xgid``,
``to_gnubg_id``/``from_gnubg_id``, ``to_match_id``/``from_match_id``). Every reader raises
:class:`FormatError` (a ``ValueError``) with the reason and builds its game through the rules of
:mod:`bgwidget.game`, so what it accepts is a legal game.

The names of the first release (``export_mat``, ``import_mat``, ``xgid``, ``game_from_xgid``,
``gnubg_id``, ``game_from_gnubg_id``, ``match_id``, ``encode_match_id``, ``decode_match_id``)
still work for this release and warn (``DeprecationWarning``).
"""

import warnings

from bgwidget.formats.errors import FormatError
from bgwidget.formats.json_io import from_json, to_json
from bgwidget.formats.mat import from_mat, to_mat
from bgwidget.formats.matchid import MatchState, from_gnubg_id, from_match_id, match_state, to_gnubg_id, to_match_id
from bgwidget.formats.sgf import from_sgf, to_sgf
from bgwidget.formats.xgid import from_xgid, to_xgid

__all__ = [
    "FormatError",
    "MatchState",
    "from_gnubg_id",
    "from_json",
    "from_mat",
    "from_match_id",
    "from_sgf",
    "from_xgid",
    "match_state",
    "to_gnubg_id",
    "to_json",
    "to_mat",
    "to_match_id",
    "to_sgf",
    "to_xgid",
]

_RENAMED = {
    "export_mat": "to_mat",
    "import_mat": "from_mat",
    "game_from_xgid": "from_xgid",
    "gnubg_id": "to_gnubg_id",
    "game_from_gnubg_id": "from_gnubg_id",
    "match_id": "to_match_id",
    "encode_match_id": "to_match_id",
    "decode_match_id": "from_match_id",
}


def xgid(*args: object, **kwargs: object) -> str:
    """The first release's name of :func:`to_xgid` (deprecated). Defined here, not through the
    table above: the submodule ``formats/xgid.py`` is an attribute of this package of the same
    name, which would answer first."""
    warnings.warn("bgwidget.formats.xgid is now to_xgid", DeprecationWarning, stacklevel=2)
    return to_xgid(*args, **kwargs)  # type: ignore[arg-type]


def __getattr__(name: str) -> object:
    if name in _RENAMED:
        new = _RENAMED[name]
        warnings.warn(f"bgwidget.formats.{name} is now {new}", DeprecationWarning, stacklevel=2)
        return globals()[new]
    raise AttributeError(f"module 'bgwidget.formats' has no attribute {name!r}")
