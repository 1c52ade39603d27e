"""The GNU Backgammon / Jellyfish text match format (``.mat``), both ways.

Layout (as GNU Backgammon 1.x exports it; FORMATS.md): optional ``; [Tag "value"]`` lines, a
blank line, `` N point match`` (0 for money), and per game `` Game N``, a score line
``" %-31s%s : %d"`` (left part ``"Name : score"``), then numbered lines ``"%3d) %-27s "`` plus
the right column. A cell is ``"dd: "`` and the steps, one per die (bar 25, off 0, hits ``*``,
a space after each of up to three steps), `` Doubles => N``, `` Takes``, `` Drops`` or
`` Wins N point(s)``. The **left column is the top player** (seat 1, gnubg's player 0) and the
right column the bottom player (seat 0, gnubg's player 1), so that a match keeps its sides when
gnubg opens it.

What the format cannot hold is dropped on export: declined resignations, whether a game
that ends without a bear-off or a pass was resigned as a single game, gammon or backgammon
(it is read back as the smallest resignation worth the points, as gnubg does), and a roll left
unplayed whose only legal play is then read as played (gnubg's reading of a forced play left
out). A game whose score :meth:`Match.append <bgwidget.match.Match.append>` took from a file
(:attr:`Match.rescored <bgwidget.match.Match.rescored>`) is written with the score line it
had, the game before it with the ``Wins`` cell that makes a reader take that score line. Beavers and
raccoons are written `` Beavers => N`` / `` Raccoons => N`` (N the cube offered), which gnubg's
importer reads; the doubler's take of a beaver is left out when his roll follows, since gnubg
reads that roll as the take.

Names go on the score line when they read back as they are (printable, no colon, no spaces at
the ends, not starting with ``;`` or ``#``); any other name is written there in a readable form
and exactly, JSON-escaped, in a ``; [Top Name "..."]`` / ``; [Bottom Name "..."]`` tag, which
the reader prefers. A cube limit other than 64 is written ``; [Max Cube "N"]``, and play without
the doubling cube (``Rules(cube=False)``) ``; [Cube "Off"]``: gnubg's ``.mat`` has no field for
either (its own export of a match without the cube says nothing of it), and its importer skips
tags it does not know, so gnubg reads such a file as the same games with the cube available. A
match resumed after its Crawford game (its first game rescored at a score with a side 1-away,
post-Crawford) is written with ``; [Post Crawford "Yes"]``: a reader without it takes that game for
the Crawford game, as gnubg does.
"""

from __future__ import annotations

import json
import os
import re

from bgwidget.dice import Dice, Seed
from bgwidget.formats.errors import FormatError, check_digits
from bgwidget.formats.source import Source, read_text, write_text
from bgwidget.game import Game, GameError
from bgwidget.match import Match
from bgwidget.rules import Rules

__all__ = ["from_mat", "to_mat"]

_LEFT, _RIGHT = 1, 0  # the seat of each column


# ---------------------------------------------------------------------- export


def _line_name(name: str) -> str:
    """``name`` as the score line can hold it: printable, no colon, no comment mark in front."""
    text = " ".join("".join(c if c.isprintable() and c != ":" else " " for c in name).split())
    return text.lstrip(";# ")


def _tag_value(text: str) -> str:
    """``text`` escaped for a tag's quotes: JSON string escapes, ASCII only (so no line break)."""
    return json.dumps(text)[1:-1]


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def _cells(game: Game, credit: tuple[int, int] | None = None) -> list[tuple[int, str]]:
    """The cells of one game, in order: ``(seat, text)``; the result comes last as a ``Wins`` cell
    (``credit``: the seat and points that cell says instead, see :func:`_credit`)."""
    replay = Game.replay(game.setup, [])
    cells: list[tuple[int, str]] = []
    roll: tuple[int, str] | None = None  # (seat, "dd: ") of a roll whose play has not come yet
    for i, action in enumerate(game.record):
        kind = action["type"]
        if kind in ("opening", "roll"):
            replay.apply(action)
            if kind == "opening":
                d0, d1 = action["dice"]
                seat = 0 if d0 > d1 else 1
                roll = (seat, f"{max(d0, d1)}{min(d0, d1)}: ")
            else:
                roll = (action["seat"], "{}{}: ".format(*action["dice"]))
            continue
        if kind == "move":  # a dance is recorded as an empty play: "65: "
            replay.apply(action)
            moves = replay.last_play.moves if action["play"] and replay.last_play else ()
            steps = [f"{m.from_point}/{m.to_point}{'*' if m.hit else ''}" for m in moves]
            assert roll is not None  # a play follows its roll
            text = roll[1] + "".join(step + (" " if i < 3 else "") for i, step in enumerate(steps))
            cells.append((roll[0], text))
            roll = None
            continue
        replay.apply(action)
        seat = action["seat"]
        if kind == "double":
            cells.append((seat, f" Doubles => {action['cube']}"))
        elif kind == "take":
            answers_beaver = game.record[i - 1]["type"] == "beaver"
            # The next action the format holds (a declined resignation is not written).
            after = [a["type"] for a in game.record[i + 1 :] if a["type"] not in ("resign", "decline")]
            if not (answers_beaver and after[:1] == ["roll"]):
                cells.append((seat, " Takes"))  # gnubg reads a roll after a beaver as its take
        elif kind in ("beaver", "raccoon"):
            cells.append((seat, f" {kind.capitalize()}s => {2 * replay.cube_value}"))
        elif kind == "pass":
            cells.append((seat, " Drops"))
        # Resignations and their answers are not in the format: the result says who won.
    if roll is not None:
        cells.append(roll)  # rolled, then resigned before playing
    if credit is not None:
        cells.append((credit[0], f" Wins {_points(credit[1])}"))
    elif game.result:
        cells.append((game.result.winner, f" Wins {_points(game.result.points)}"))
    return cells


def _credit(game: Game, following: Game) -> tuple[int, int]:
    """The ``Wins`` cell ``(seat, points)`` of ``game`` that makes the reader take the score of
    ``following`` (a game :meth:`Match.append` rescored) from its score line: the points the
    file credits, which differ from the result's. A seat whose score did not go down is credited."""
    gained = [following.score[seat] - game.score[seat] for seat in (0, 1)]
    assert game.result is not None
    winner = game.result.winner
    # The larger gain wins the cell; on a tie, the other seat, so that the cell is not the result's.
    seat = winner if gained[winner] > gained[1 - winner] else 1 - winner
    return seat, gained[seat]


def _layout(cells: list[tuple[int, str]]) -> list[str]:
    """Lines of a game from its cells: left column seat 1, right column seat 0."""
    lines: list[str] = []
    number = 0
    left: str | None = None  # the pending left cell of an unfinished line

    def line(left_text: str | None, right_text: str | None, wins_only: bool) -> str:
        nonlocal number
        if wins_only:
            prefix = "     "
        else:
            number += 1
            prefix = f"{number:3d}) "
        if wins_only:
            return prefix + (left_text or "")
        return prefix + f"{left_text or '':<27} " + (right_text or "")

    for seat, text in cells:
        wins = text.startswith(" Wins")
        if seat == _LEFT:
            if left is not None:
                lines.append(line(left, None, False))
            if wins:
                lines.append(line(text, None, True))
                left = None
            else:
                left = text
        else:
            if left is None and wins:
                lines.append(" " * 33 + text)
            elif left is not None and left == " Drops" and wins:
                lines.append(line(left, text + " ", False))
            else:
                lines.append(line(left, text, False))
            left = None
    if left is not None:
        lines.append(line(left, None, False))
    return lines


def to_mat(match: Match, path: str | os.PathLike[str] | None = None) -> str:
    """The match as ``.mat`` text, every game so far (an unfinished last game as far as it went),
    also written (UTF-8) to ``path`` when one is given.

    Names come from :attr:`Match.names`; tags record the options gnubg's format has no field
    for (``Crawford``, ``Jacoby``, ``Beaver``, ``Max Cube``, ``Cube``) and names the score line cannot
    hold. Raises :class:`FormatError` for a game that did not start from the opening roll (set
    up with :meth:`Match.play_from <bgwidget.match.Match.play_from>` or read from an ID): the
    format plays every game from the starting position; and for a match length, cube limit or
    score of more than 9 digits, which :func:`from_mat` does not read.
    """
    if not isinstance(match, Match):
        raise FormatError(f"to_mat writes a Match, not {type(match).__name__}")
    for number, game in enumerate(match.games, start=1):
        if not game.setup["opening"]:
            raise FormatError(f".mat plays every game from the opening roll; game {number} was set up from a position")
    rules = match.rules
    scores = [score for game in match.games for score in game.score]
    numbers = (
        ("the match length", match.length),
        ("the cube limit", rules.max_cube),
        ("a score", max(scores, default=0)),
    )
    check_digits(numbers, _DIGITS, "the numbers of a .mat file")
    out = []
    bottom, top = match.names
    for seat_name, name in (("Top", top), ("Bottom", bottom)):
        if _line_name(name) != name:
            out.append(f'; [{seat_name} Name "{_tag_value(name)}"]')
    if rules.max_cube != 64:
        out.append(f'; [Max Cube "{rules.max_cube}"]')
    if not rules.cube:
        out.append('; [Cube "Off"]')
    if not rules.crawford and match.length:
        out.append('; [Crawford "Off"]')
    if rules.jacoby:
        out.append('; [Jacoby "On"]')
    if rules.beavers:
        out.append('; [Beaver "On"]')
    if match.rescored[:1] == [1] and rules.crawford and match.games[0].post_crawford:
        out.append('; [Post Crawford "Yes"]')  # resumed after its Crawford game
    out.append("")
    out.append(f" {match.length} point match")
    out.append("")
    bottom, top = _line_name(bottom), _line_name(top)
    for number, game in enumerate(match.games, start=1):
        score = game.score
        out.append(f" Game {number}")
        left = f"{top} : {score[1]}"
        out.append(f" {left:<30} {bottom} : {score[0]}")  # at least one space between the halves
        rescored = number + 1 in match.rescored
        out.extend(_layout(_cells(game, _credit(game, match.games[number]) if rescored else None)))
        if game.result:
            out.append("")
    return write_text("\n".join(out) + "\n", path)


# ---------------------------------------------------------------------- import

_GAME = re.compile(r"^\s*Game\s+([0-9]+)\s*$", re.IGNORECASE)
_LENGTH = re.compile(r"^\s*([0-9]+)\s+point\s+match\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(.*?)\s*:\s*([0-9]+)\s+(.*?)\s*:\s*([0-9]+)\s*$")
_TAG = re.compile(r'^[;#]\s*\[(\w[\w ]*?)\s+"(.*)"\]\s*$')
_CELL = re.compile(
    r"(?<![^\s)])([1-6][1-6]:|doubles?\b|beavers?\b|raccoons?\b|takes?\b|drops?\b|wins?\b|loss(?:es)?\b|loses\b)",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"^\s*[0-9]+\)")
_LATER_NUMBER = re.compile(r"(?<=\s)[0-9]+\)(?=\s|$)")
_LOSSES = re.compile(r"(?:loss(?:es)?|loses)\b", re.IGNORECASE)
_RIGHT_FROM = 20  # a lone cell that starts at this column or later is in the right column
_DIGITS = 9  # the most digits of a number in a .mat file (a score, a cube, a match length)


def _int(text: str) -> int:
    """A number of the file; raises GameError past :data:`_DIGITS` digits."""
    if len(text) > _DIGITS:
        raise GameError(f"{text[:12]}... is too large a number ({len(text)} digits)")
    return int(text)


def from_mat(source: Source, seed: Seed | None = None) -> Match:
    """Read a ``.mat`` match into a :class:`~bgwidget.match.Match`, replaying every game.

    ``source`` is the text (a ``str``), a path or a file object (see
    :func:`~bgwidget.formats.source.read_text`). Reads what GNU Backgammon's importer reads
    (its ``import.c``): GNU Backgammon's, Jellyfish's, eXtreme Gammon's and Snowie's layouts,
    Windows line endings, a BOM, tabs, trailing spaces, comment lines, ``bar``/``off`` as well
    as 25/0, hits marked or not, columns at no fixed width (a line with two cells is split
    between them; a lone cell is on the right when it starts at column 20 or later), numbered
    lines left empty, a forced play left out (the dice written, the play cell empty, one legal
    play), ``Wins N points and the match``, Backgammon Galaxy's ``Losses N points`` beside a
    ``Wins`` (skipped), and Galaxy's resignation line joined to the line before it (``24) 43:
    21/18 18/14   24)  Losses 2 point   Wins 2 point``: read as the two lines it is, where gnubg
    stops at the second number). A roll keeps its dice in the order written (``15: 13/8 24/23``
    is written back so); an opening roll, one die each, is written higher first, as gnubg
    writes its rolls. As gnubg does, a ``Wins N`` that the game's result
    does not give (a resignation credited with other points) ends the game with the smallest
    resignation worth N, and the next game's score line is then taken from the file; a first
    game at a non-zero score resumes the match there (:attr:`Match.rescored
    <bgwidget.match.Match.rescored>` lists such games). Every roll, play and cube action is
    checked by the rules; any other score line must agree with the games before it. An
    unfinished last game is left in play; its later dice come from ``seed``. Raises
    :class:`FormatError` with the line number for anything else.
    """
    lines = [line.expandtabs(8).rstrip() for line in read_text(source).splitlines()]
    tags: dict[str, str] = {}
    length = None
    i = 0
    try:
        while i < len(lines) and length is None:
            line = lines[i].strip()
            i += 1
            tag = _TAG.match(line)
            if tag:
                tags[tag.group(1).lower()] = _tag(tag.group(1).lower(), tag.group(2))
            elif found := _LENGTH.match(line):
                length = _int(found.group(1))
            elif line and not line.startswith((";", "#")):
                raise GameError(f"expected ' N point match', found {line!r}")
    except GameError as error:
        raise FormatError(f"line {i}: {error}") from None
    if length is None:
        raise FormatError("not a .mat file: no ' N point match' line")
    try:
        match = _new_match(length, tags, seed)
    except GameError as error:
        raise FormatError(f"line {i}: {error}") from None
    games = 0
    reader = _GameReader(match, (tags.get("bottom name"), tags.get("top name")))
    reader.resumed_post_crawford = tags.get("post crawford", "no").strip().lower() == "yes"
    for number, line in enumerate(lines[i:], start=i + 1):
        if not line.strip() or line.lstrip().startswith((";", "#")):
            continue
        try:
            if found := _GAME.match(line):
                if _int(found.group(1)) != games + 1:
                    raise GameError(f"game {found.group(1)} comes where game {games + 1} should")
                if games:
                    reader.finish()
                games += 1
                reader.expect_score = True
                continue
            if not games:
                raise GameError(f"{line.strip()!r} comes before ' Game 1'")
            reader.line(line)
        except GameError as error:
            raise FormatError(f"line {number}: {error}") from None
    if not games:
        raise FormatError("the match has no game")
    if reader.expect_score:
        raise FormatError(f"line {len(lines)}: game {games} has no score line")
    return reader.match


def _new_match(length: int, tags: dict[str, str], seed: Seed | None) -> Match:
    """The match the header describes (its tags: Crawford, Jacoby, Beaver, Max Cube, Cube).

    The Jacoby rule and beavers are money-play rules of the cube: read as off in a match or
    without the cube, as :func:`~bgwidget.formats.from_sgf` reads gnubg's ``RU[NoCube:Jacoby]``."""
    cube = tags.get("cube", "on").strip().lower() != "off"
    money = length == 0 and cube
    rules = Rules(
        match_length=length,
        crawford=tags.get("crawford", "on").strip().lower() != "off",
        jacoby=money and tags.get("jacoby", "off").strip().lower() == "on",
        beavers=money and tags.get("beaver", "off").strip().lower() == "on",
        max_cube=int(tags.get("max cube", "64")),
        cube=cube,
    )
    return Match.with_rules(rules, seed)


def _tag(key: str, value: str) -> str:
    """A tag's value, checked where this reader uses it: a name (JSON-escaped), the cube limit."""
    if key in ("bottom name", "top name"):
        try:
            name: str = json.loads(f'"{value}"')  # a str: the text is one JSON string or an error
        except ValueError:
            raise GameError(f"a name tag holds a JSON-escaped string, not {value!r}") from None
        return name
    if key == "max cube":
        limit = _int(value) if re.fullmatch("[0-9]+", value) else 0
        if limit < 1 or limit & (limit - 1):
            raise GameError(f"the Max Cube tag is a power of 2, not {value!r}")
    return value


class _GameReader:
    """Feeds the lines of a .mat file, one game after another, into a Match."""

    def __init__(self, match: Match, names: tuple[str | None, str | None]) -> None:
        self.match = match
        self.names = names  # (bottom, top) from the tags, which the score line does not override
        self.expect_score = False
        self.started = False
        self.credited = False  # the last Wins cell gave other points than the game's result
        self.resumed_post_crawford = False  # the match resumes after its Crawford game (a tag says so)

    def finish(self) -> None:
        """A new game header: the previous game must be over, and the match not."""
        if self.match.game.result is None:
            raise GameError(f"a new game starts before game {len(self.match.games)} ended")
        if self.match.is_over and not self.credited:
            raise GameError("the match was already over")

    def line(self, line: str) -> None:
        if self.expect_score:
            self._score(line)
            self.expect_score = False
            return
        body = _NUMBER.sub(lambda m: " " * len(m.group(0)), line, count=1)
        # Galaxy sometimes writes a resignation's line onto the end of the line before it:
        # "24) 43: 21/18 18/14      24)  Losses 2 point      Wins 2 point". Its number goes.
        body = _LATER_NUMBER.sub(lambda m: " " * len(m.group(0)), body)
        if not body.strip():
            return  # a numbered line left empty: gnubg's export writes one before a resignation's Wins
        starts = [m.start() for m in _CELL.finditer(body)]
        if not starts:
            raise GameError(f"no move, roll or cube action in {line.strip()!r}")
        cells = [body[a:b].strip() for a, b in zip(starts, starts[1:] + [len(body)])]
        if len(cells) > 2:  # a play, then a resignation's line joined to it: its Losses goes
            kept = [i for i, cell in enumerate(cells) if not _LOSSES.match(cell)]
            starts, cells = [starts[i] for i in kept], [cells[i] for i in kept]
        if len(cells) > 2:
            raise GameError(f"more than two cells in {line.strip()!r}")
        if len(cells) == 2:
            columns = [_LEFT, _RIGHT]
        else:
            columns = [_RIGHT if a >= _RIGHT_FROM else _LEFT for a in starts]
        for seat, cell in zip(columns, cells):
            self._cell(seat, cell)

    def _score(self, line: str) -> None:
        found = _SCORE.match(line)
        if not found:
            raise GameError(f"expected 'Name : score   Name : score', found {line.strip()!r}")
        top, top_score, bottom, bottom_score = found.groups()
        score = (_int(bottom_score), _int(top_score))
        first = not self.started
        if first:
            self.match.set_names(
                (
                    self.names[0] if self.names[0] is not None else bottom,
                    self.names[1] if self.names[1] is not None else top,
                )
            )
            self.started = True
        expected = (0, 0) if first else self.match.score
        if score == expected:
            if not first:
                self.match.new_game()
        elif first or self.credited and all(now >= before for now, before in zip(score, self.match.game.score)):
            self._rescore(score, first)
        else:
            raise GameError(
                f"the score line says {top} {top_score}, {bottom} {bottom_score}; "
                f"the games before make it {expected[1]}-{expected[0]}"
            )
        self.credited = False

    def _rescore(self, score: tuple[int, int], first: bool) -> None:
        """The next game at the file's ``score`` (a resumed match, or points credited by a Wins)."""
        match = self.match
        length = match.length
        crawford = (
            match.rules.crawford
            and length > 1
            and (score[0] == length - 1) != (score[1] == length - 1)
            and not (self.resumed_post_crawford if first else match.post_crawford or match.game.crawford)
        )
        game = Game(
            rules=match.rules,
            dice=Dice.for_game(match.seed, 1 if first else len(match.games) + 1),
            score=score,
            crawford=crawford,
        )
        if first:
            self.match = Match.from_games(match.rules, [game], match.seed, names=match.names, rescored=[1])
        else:
            match.append(game, rescore=True)

    def _cell(self, seat: int, cell: str) -> None:
        game = self.match.game
        word = cell.split()[0].lower()
        if word[0].isdigit():
            dice = int(cell[0]), int(cell[1])
            play = cell[3:].strip()
            if play.lower() in ("cannot move", "???", "????"):
                play = ""
            if game.offer and game.offer.kind == "beaver" and game.turn == seat:
                game.take(seat=seat)  # the doubler rolls: he took the beaver
            if game.phase == "opening":
                if dice[0] == dice[1]:
                    raise GameError(f"an opening roll cannot be doubles ({cell!r})")
                high, low = max(dice), min(dice)
                game.roll((high, low) if seat == 0 else (low, high))
            else:
                game.roll(dice, seat=seat)
            if game.phase == "move" and game.turn == seat:
                if play:
                    game.play(play, seat=seat)
                elif len(game.legal_plays) == 1:
                    game.play(str(game.legal_plays[0]), seat=seat)  # a forced play left out, as gnubg reads it
                # Otherwise the roll stays unplayed: a resignation follows.
            elif play:
                raise GameError(f"{cell!r}: no checker can move with {dice[0]}-{dice[1]}")
            return
        number = re.search(r"[0-9]+", cell)
        value = _int(number.group(0)) if number else None
        if word.startswith(("double", "beaver", "raccoon")):
            before = game.cube_value
            if word.startswith("double"):
                game.double(seat=seat)
            elif word.startswith("beaver"):
                game.beaver(seat=seat)
            else:
                game.raccoon(seat=seat)
            after = 2 * before if word.startswith("double") else 2 * game.cube_value
            if value is not None and value != after:
                raise GameError(f"{cell!r}: the cube goes to {after}, not {value}")
        elif word.startswith("take"):
            game.take(seat=seat)
        elif word.startswith("drop"):
            game.pass_(seat=seat)
        elif word.startswith(("loss", "lose")):
            return  # Galaxy's 'Losses N points' beside the winner's cell: gnubg skips it, the Wins says it
        else:  # a Wins cell
            if value is None:
                raise GameError(f"{cell!r}: how many points?")
            if game.phase == "opening":
                raise GameError(f"{cell!r} comes before any roll: a game is won by play, a pass or a resignation")
            if game.result is None:
                cube = game.cube_value  # gnubg: the smallest resignation worth the points
                kind = 1 if value <= cube else 2 if value <= 2 * cube else 3
                game.resign(kind, seat=1 - seat)
                game.accept(seat=seat)
            result = game.result
            assert result is not None  # the game has just ended, or had ended before
            # Other points (or winner) than the result's: gnubg then takes the next score line as written.
            self.credited = (result.winner, result.points) != (seat, value)
