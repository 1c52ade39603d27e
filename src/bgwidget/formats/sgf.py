"""GNU Backgammon's SGF (Smart Game Format, ``GM[6]``), both ways.

A file is a collection of game trees ``(;root;node;node...)``, one per game of a match; a node is
``;`` and properties ``ID[value][value]...`` (in a value ``\\`` escapes the next character). The
root holds ``GM[6]``, the names ``PB`` (Black: gnubg's player 1, our seat 0, bottom) and ``PW``
(White: gnubg's player 0, our seat 1, top), ``MI[length:L][game:i][ws:n][bs:n]`` (match length, 0
for money; game index from 0; the score before the game, White's and Black's), ``RU`` (``Crawford``,
``Crawford:CrawfordGame`` in the Crawford game, ``Jacoby``; ``NoCube:`` first when the doubling
cube is not used, as gnubg writes ``RU[NoCube:Crawford]``) and ``RE[W+2]`` (winner and points; a
trailing ``R`` when the loser resigned). Each later node is one action of the seat its colour names:
``B[52mhkh]`` the dice, then one ``from``/``to`` letter pair per die moved; ``B[52]`` a dance;
``W[double]``, ``B[take]``, ``B[drop]``; ``PL[W]DI[52]`` dice rolled and not played (the game
stopped there, or the roller resigned: ``RE[B+1R]``, as gnubg saves it). A point
letter ``a``..``x`` is a fixed board point (White's point 1..24, Black's point 24..1), ``y`` the
bar and ``z`` off (gnubg's ``sgf.c``).

What gnubg's SGF has no place for is written where gnubg ignores it: beavers as ``[beaver]`` and
``[raccoon]`` nodes and ``MI[beavers:on]``, a cube limit other than 64 as ``MI[maxcube:N]``.
Declined resignations are dropped (the result says who won); a resignation is read back as the
level its points give at the cube (gnubg's rule). Analysis (``A``, ``DA``, ``GS``, ``LU``...),
comments and other properties are read and ignored; set-up nodes (``AE``/``AB``/``AW``/``CP``/
``CV``) are refused, as games set up from a position are not written either.
"""

from __future__ import annotations

import os
import re

from bgwidget.dice import Seed
from bgwidget.formats.errors import FormatError, check_digits
from bgwidget.formats.source import Source, read_text, write_text
from bgwidget.game import Game, GameError
from bgwidget.match import Match
from bgwidget.position import BAR_POINT, OFF_POINT
from bgwidget.rules import Rules

__all__ = ["from_sgf", "to_sgf"]

_COLOUR = ("B", "W")  # by seat: seat 0 (bottom) is gnubg's player 1, Black
_CUBE_WORDS = {"double": "double", "take": "take", "pass": "drop", "beaver": "beaver", "raccoon": "raccoon"}
_SETUP = {"AE", "AB", "AW", "CP", "CV"}


# ---------------------------------------------------------------------- export


def _letter(seat: int, point: int) -> str:
    """The SGF letter of ``point`` in ``seat``'s numbering (25 bar, 0 off)."""
    if point == BAR_POINT:
        return "y"
    if point == OFF_POINT:
        return "z"
    return chr(ord("a") + (24 - point if seat == 0 else point - 1))


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _nodes(game: Game) -> list[str]:
    """The nodes after the root, one per action that gnubg's SGF holds."""
    replay = Game.replay(game.setup, [])
    nodes: list[str] = []
    dice, roller = "", None  # the last roll, and its seat until a play uses it
    for action in game.record:
        kind = action["type"]
        replay.apply(action)
        if kind == "opening":
            d0, d1 = action["dice"]
            dice, roller = f"{max(d0, d1)}{min(d0, d1)}", 0 if d0 > d1 else 1
        elif kind == "roll":
            dice, roller = "{}{}".format(*action["dice"]), action["seat"]
        elif kind == "move":
            seat, roller = action["seat"], None
            moves = replay.last_play.moves if action["play"] and replay.last_play else ()
            steps = "".join(_letter(seat, m.from_point) + _letter(seat, m.to_point) for m in moves)
            nodes.append(f";{_COLOUR[seat]}[{dice}{steps}]")
        elif kind in _CUBE_WORDS:
            nodes.append(f";{_COLOUR[action['seat']]}[{_CUBE_WORDS[kind]}]")
    if roller is not None:
        # Rolled and not played: the game stopped there, or a resignation ended it before the play
        # (``RE[..R]`` then says so). gnubg writes such a roll the same way, ``PL`` then ``DI``.
        nodes.append(f";PL[{_COLOUR[roller]}]DI[{dice}]")
    return nodes


def _root(rules: Rules, names: tuple[str, str], number: int, game: Game) -> str:
    info = f"[length:{rules.match_length}][game:{number}][ws:{game.score[1]}][bs:{game.score[0]}]"
    if rules.beavers:
        info += "[beavers:on]"
    if rules.max_cube != 64:
        info += f"[maxcube:{rules.max_cube}]"
    root = f"(;FF[4]GM[6]CA[UTF-8]AP[bgwidget]MI{info}PW[{_escape(names[1])}]PB[{_escape(names[0])}]"
    rule = [] if rules.cube else ["NoCube"]  # gnubg's own word for play without the cube
    if rules.match_length and rules.crawford:
        rule += ["Crawford", "CrawfordGame"] if game.crawford else ["Crawford"]
    elif rules.jacoby:
        rule.append("Jacoby")
    if rule:
        root += f"RU[{':'.join(rule)}]"
    if game.result:
        resigned = "R" if game.result.how == "resigned" else ""
        root += f"RE[{_COLOUR[game.result.winner]}+{game.result.points}{resigned}]"
    return root


def to_sgf(obj: Game | Match, path: str | os.PathLike[str] | None = None) -> str:
    """``obj`` (a :class:`~bgwidget.match.Match`, or one :class:`~bgwidget.game.Game`) as SGF text.

    Every game so far, one game tree each; an unfinished last game as far as it went (dice
    rolled and not played as ``PL``/``DI``; checkers stepped but not confirmed and a resignation
    waiting for its answer are left out). A lone game keeps its score in ``MI``; :func:`from_sgf`
    reads it back only from a score of 0-0, as it rebuilds matches from their first game.
    Writes the text to ``path`` (UTF-8) when given. Raises :class:`FormatError` for a game set up
    from a position, which this writer does not hold, a match length, cube limit or score of more
    than 9 digits, which :func:`from_sgf` does not read, or a file that cannot be written.
    """
    if isinstance(obj, Game):
        rules, names, games = obj.rules, ("Bottom", "Top"), [obj]
    elif isinstance(obj, Match):
        rules, names, games = obj.rules, obj.names, obj.games
    else:
        raise FormatError(f"to_sgf writes a Game or a Match, not {type(obj).__name__}")
    trees = []
    for number, game in enumerate(games):
        if not game.setup["opening"]:
            raise FormatError(f"SGF is written from the opening roll; game {number + 1} was set up from a position")
        numbers = (
            ("the match length", rules.match_length),
            ("the cube limit", rules.max_cube),
            ("a score", max(game.score)),
        )
        check_digits(numbers, _DIGITS, "this SGF's numbers")
        trees.append("\n".join([_root(rules, names, number, game), *_nodes(game)]) + ")")
    return write_text("\n".join(trees) + "\n", path)


# ---------------------------------------------------------------------- import

_Node = list[tuple[str, list[str]]]  # a node's properties in order: (identifier, values)
_SPACE = re.compile(r"\s*")
_IDENT = re.compile(r"[A-Za-z]+")
_RESULT = re.compile(r"([BW])\+([0-9]{1,9})(R?)", re.IGNORECASE)
_MOVE = re.compile(r"([1-6])([1-6])((?:[a-z][a-z]){0,4})")


class _Parser:
    """SGF's grammar: a collection of trees; each tree's main line (its first variation) kept."""

    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0

    def error(self, message: str) -> FormatError:
        line = self.text.count("\n", 0, self.at) + 1
        column = self.at - (self.text.rfind("\n", 0, self.at) + 1) + 1
        return FormatError(f"line {line}, column {column}: {message}")

    def peek(self) -> str:
        self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]
        return self.text[self.at : self.at + 1]

    def collection(self) -> list[list[_Node]]:
        trees = []
        while self.peek() == "(":
            trees.append(self.tree())
        if self.peek():
            raise self.error(f"expected '(' to start a game tree, found {self.text[self.at : self.at + 10]!r}")
        if not trees:
            raise self.error("no game tree: an SGF file starts with '(;'")
        return trees

    def tree(self) -> list[_Node]:
        self.at += 1  # "("
        nodes = []
        while self.peek() == ";":
            self.at += 1
            nodes.append(self.node())
        if not nodes:
            raise self.error("a game tree starts with a node (';')")
        variations = []
        while self.peek() == "(":
            variations.append(self.tree())
        if self.peek() != ")":
            raise self.error(f"expected ')' to close the game tree, found {self.text[self.at : self.at + 10]!r}")
        self.at += 1
        return nodes + (variations[0] if variations else [])

    def node(self) -> _Node:
        properties = []
        while ident := _IDENT.match(self.text, _SPACE.match(self.text, self.at).end()):  # type: ignore[union-attr]
            self.at = ident.end()
            values = []
            while self.peek() == "[":
                values.append(self.value())
            if not values:
                raise self.error(f"property {ident.group(0)} has no value")
            properties.append((ident.group(0).upper(), values))
        return properties

    def value(self) -> str:
        out: list[str] = []
        at = self.at + 1
        while True:
            if at >= len(self.text):
                self.at = len(self.text)
                raise self.error("a value is not closed by ']'")
            char = self.text[at]
            if char == "]":
                self.at = at + 1
                return "".join(out)
            if char == "\\":
                at += 1
                if at < len(self.text) and self.text[at] != "\n":  # "\\\n" is a soft line break
                    out.append(self.text[at])
            else:
                out.append(char)
            at += 1


def _props(node: _Node) -> dict[str, list[str]]:
    return {ident: values for ident, values in reversed(node)}  # the first of a repeated property


def _rules(root: dict[str, list[str]]) -> Rules:
    """The rules a game tree's root gives (gnubg: no ``RU`` means no Crawford rule).

    ``RU`` holds gnubg's words joined by ``:`` (``NoCube:Crawford``, ``Crawford:CrawfordGame``).
    gnubg keeps its Jacoby setting while the cube is off (``RU[NoCube:Jacoby]``); without the cube
    the rule has no meaning, and is read as off.
    """
    info = _info(root)
    length = _number(info.get("length", "0"), "the match length")
    words = set(root.get("RU", [""])[0].split(":"))
    cube = "NoCube" not in words
    try:
        return Rules(
            match_length=length,
            crawford="Crawford" in words if length else True,  # the default; no meaning for money
            jacoby=not length and cube and "Jacoby" in words,
            beavers=not length and info.get("beavers") == "on",
            max_cube=_number(info.get("maxcube", "64"), "the cube limit"),
            cube=cube,
        )
    except GameError as error:
        raise FormatError(f"the root's rules: {error}") from None


def _info(root: dict[str, list[str]]) -> dict[str, str]:
    """``MI``'s ``key:value`` pairs."""
    return dict(value.partition(":")[::2] for value in root.get("MI", []))


_DIGITS = 9  # the most digits of a number read (a match length, a cube limit, a score)


def _number(text: str, what: str) -> int:
    if not re.fullmatch(f"[0-9]{{1,{_DIGITS}}}", text.strip()):
        raise FormatError(f"{what} is a whole number, not {text!r}")
    return int(text)


def from_sgf(source: Source, seed: Seed | None = None) -> Match:
    """Read GNU Backgammon's SGF into a :class:`~bgwidget.match.Match`, replaying every game.

    ``source`` is the text, a path or a file object (see :mod:`bgwidget.formats.source`).
    Trees that are not backgammon (``GM`` other than 6) are skipped, as gnubg does; each tree's
    main line is read. Every roll, play and cube action is checked by the rules, and the score
    and result the file states must agree with the games. An unfinished last game is left in
    play; its later dice come from ``seed``. Raises :class:`FormatError` naming the problem and
    where it is (the line and column, or the game and node).
    """
    try:
        trees = _Parser(read_text(source)).collection()
    except RecursionError:
        raise FormatError("game trees nested too deeply") from None
    trees = [tree for tree in trees if _props(tree[0]).get("GM") == ["6"]]
    if not trees:
        raise FormatError("no backgammon game in the file (no game tree with GM[6])")
    first = _props(trees[0][0])
    names = (first.get("PB", ["Black"])[0], first.get("PW", ["White"])[0])
    try:
        match = Match.with_rules(_rules(first), seed, names=names)
    except GameError as error:
        raise FormatError(f"game 1: {error}") from None
    for number, tree in enumerate(trees):
        root = _props(tree[0])
        if number:
            if _rules(root) != match.rules:
                raise FormatError(f"game {number + 1}: its rules differ from the first game's")
            try:
                match.new_game()
            except GameError as error:
                raise FormatError(f"game {number + 1}: {error}") from None
        info = _info(root)
        stated = tuple(_number(info[key], "a score") if key in info else None for key in ("bs", "ws"))
        if any(score not in (None, match.score[seat]) for seat, score in enumerate(stated)):
            raise FormatError(f"game {number + 1}: MI gives the score {stated}, the games before make it {match.score}")
        game = match.game
        for index, node in enumerate(tree[1:], start=2):
            try:
                _node(game, _props(node))
            except GameError as error:
                raise FormatError(f"game {number + 1}, node {index}: {error}") from None
        _result(game, root.get("RE", [""])[0], number + 1)
    return match


def _node(game: Game, props: dict[str, list[str]]) -> None:
    """Apply one node's action: a move property ``B``/``W``, or ``PL``/``DI`` dice rolled."""
    if _SETUP & props.keys():
        raise GameError(f"set-up properties ({', '.join(sorted(_SETUP & props.keys()))}) are not read")
    if "DI" in props:
        seat = _COLOUR.index(props["PL"][0].upper()) if props.get("PL", [""])[0].upper() in _COLOUR else game.turn
        _roll(game, seat, props["DI"][0])
        return
    for colour in _COLOUR:
        if colour in props:
            _action(game, _COLOUR.index(colour), props[colour][0].strip())
            return


def _action(game: Game, seat: int, value: str) -> None:
    word = value.lower()
    if word in ("double", "take", "drop", "beaver", "raccoon"):
        {"double": game.double, "take": game.take, "drop": game.pass_, "beaver": game.beaver, "raccoon": game.raccoon}[
            word
        ](seat=seat)
        return
    found = _MOVE.fullmatch(value)
    if not found:
        raise GameError(f"{value!r} is not a move (dice, then a letter pair per checker moved) or a cube action")
    _roll(game, seat, found.group(1) + found.group(2))
    letters = found.group(3)
    for i in range(0, len(letters), 2):
        start, end = (_point(seat, letter) for letter in letters[i : i + 2])
        die = start - end if end and start - end in game.dice_left else None
        game.move(start, end, die=die, seat=seat)
    if game.phase == "move" and game.turn == seat:
        game.confirm(seat=seat)


def _roll(game: Game, seat: int, dice_text: str) -> None:
    if not re.fullmatch("[1-6][1-6]", dice_text):
        raise GameError(f"dice are two digits 1 to 6, not {dice_text!r}")
    high, low = sorted((int(dice_text[0]), int(dice_text[1])), reverse=True)
    if game.phase == "opening":
        if high == low:
            raise GameError(f"an opening roll cannot be doubles ({dice_text})")
        game.roll((high, low) if seat == 0 else (low, high))  # the node's colour won the opening
    else:
        game.roll((int(dice_text[0]), int(dice_text[1])), seat=seat)


def _point(seat: int, letter: str) -> int:
    """``letter``'s point in ``seat``'s numbering (25 bar, 0 off)."""
    if letter == "y":
        return BAR_POINT
    if letter == "z":
        return OFF_POINT
    if not "a" <= letter <= "x":
        raise GameError(f"{letter!r} is no point (a..x, y the bar, z off)")
    index = ord(letter) - ord("a")
    return 24 - index if seat == 0 else index + 1


def _result(game: Game, text: str, number: int) -> None:
    """Check the game against its ``RE``; end it by the loser's resignation when ``R`` says so."""
    if not text or text in ("0", "?", "Void"):
        return
    found = _RESULT.fullmatch(text.strip())
    if not found:
        raise FormatError(f"game {number}: RE[{text}] is not 'B+n' or 'W+n' (with R when resigned)")
    winner, points = _COLOUR.index(found.group(1).upper()), int(found.group(2))
    try:
        if game.result is None and found.group(3):
            level = min(max(points // game.cube_value, 1), 3)
            game.resign(level, seat=1 - winner)
            game.accept(seat=winner)
    except GameError as error:
        raise FormatError(f"game {number}: RE[{text}]: {error}") from None
    result = game.result
    jacoby = game.rules.jacoby and game.cube_value == 1  # gnubg may score a resigned gammon 2 here
    if result is None or result.winner != winner or (result.points != points and not jacoby):
        said = f"the game gives {_COLOUR[result.winner]}+{result.points}" if result else "the game is not over"
        raise FormatError(f"game {number}: RE[{text}] but {said}")
