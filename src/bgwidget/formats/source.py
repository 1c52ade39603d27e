"""Where a file format's text comes from and goes to: text itself, a path, or a file object.

A ``str`` is always the file's *text*; a path is a :class:`pathlib.Path` (or any ``os.PathLike``),
so that ``from_mat(Path("match.mat"))`` reads a file and ``from_mat(text)`` parses text, with no
guessing; a one-line str that names a file (``from_mat("match.mat")``) is refused with that advice.
Bytes (from a path or a binary file object) are decoded as UTF-8 (a BOM is dropped), and as
Windows-1252 when they are not UTF-8, as older Windows programs wrote their match files.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Union

from bgwidget.formats.errors import FormatError

__all__ = ["Source", "read_text", "write_text"]

Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]
"""What a reader takes: the text, a path, or a file object open for reading (text or binary)."""


def read_text(source: object) -> str:
    """The text of ``source`` (see :data:`Source`), with a leading BOM removed.

    Raises :class:`~bgwidget.formats.FormatError` for anything else, or a file that cannot be
    read (naming the path and the reason).
    """
    if isinstance(source, str):
        if _names_a_file(source):
            raise FormatError(
                f"{source!r} looks like a file name, and a str is read as the file's text: "
                f"pass Path({source!r}) (from pathlib) or an open file to read the file"
            )
        return source.removeprefix("\ufeff")
    try:
        data: object
        if isinstance(source, os.PathLike):
            data = Path(source).read_bytes()
        elif callable(getattr(source, "read", None)):
            data = source.read()  # type: ignore[attr-defined]
        else:
            raise FormatError(
                f"a reader takes the text (str), a path (pathlib.Path) or a file object, not {type(source).__name__}"
            )
    except OSError as error:
        raise FormatError(f"cannot read {source}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise FormatError(
            f"cannot read {source}: {error.reason} in its text encoding; pass a Path or a file opened in binary "
            "mode, which is read as UTF-8 or else Windows-1252"
        ) from None
    except ValueError as error:  # a closed file, for one
        raise FormatError(f"cannot read {source}: {error}") from None
    if isinstance(data, bytes):
        raw = data
        try:
            data = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            data = raw.decode("cp1252", errors="replace")
    if not isinstance(data, str):
        raise FormatError(f"the file object gave {type(data).__name__}, not text or bytes")
    return data.removeprefix("\ufeff")


_FILE_SUFFIXES = {".mat", ".txt", ".sgf", ".json", ".gam", ".xg", ".xgp"}


def _names_a_file(text: str) -> bool:
    """Whether ``text`` is one line that names an existing file or ends like a match file's name:
    a str passed where the path was meant, which no match file's text looks like."""
    lines = text.strip().splitlines()  # every line break the readers split on (CR, U+2028...)
    if len(lines) != 1 or len(lines[0]) > 4096:
        return False
    return Path(lines[0]).suffix.lower() in _FILE_SUFFIXES or os.path.isfile(lines[0])


def write_text(text: str, path: str | os.PathLike[str] | None) -> str:
    """``text``, also written (UTF-8) to ``path`` when one is given; returns ``text``.

    Raises :class:`~bgwidget.formats.FormatError` when the file cannot be written (a name with
    a NUL byte included); nothing is written then.
    """
    if path is not None:
        if not isinstance(path, (str, os.PathLike)) or not str(path):
            raise FormatError(f"a writer's path is a file name (str or pathlib.Path), not {path!r}")
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as error:
            raise FormatError(f"cannot write {path}: {error.strerror or error}") from None
        except ValueError as error:  # a name the system refuses before trying: a NUL byte in it
            raise FormatError(f"cannot write {path!r}: {error}") from None
    return text
