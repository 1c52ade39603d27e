"""The one error of the formats layer, and the writers' shared check of numbers too long to read back."""

from collections.abc import Iterable

from bgwidget.errors import FormatError

__all__ = ["FormatError", "check_digits"]


def check_digits(numbers: Iterable[tuple[str, int]], digits: int, fields: str) -> None:
    """Raise :class:`FormatError` for the first ``(what, number)`` of ``numbers`` longer than
    ``digits`` digits, which the format's reader would not read back; ``fields`` names the
    format's numbers in the message ("the numbers of a .mat file")."""
    for what, number in numbers:
        if len(str(number)) > digits:
            raise FormatError(f"{fields} have at most {digits} digits: {what} of {number} does not fit")
