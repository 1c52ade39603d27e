""".mat variants that GNU Backgammon's importer (``import.c``) accepts, read by gnubg beside ours.

Each variant is one of our exported matches rewritten the way other programs write it: Windows
line endings, a BOM, tabs, trailing spaces, long comment headers, names with spaces and
punctuation, ``Wins N points and the match``, an empty numbered line before a resignation's
``Wins``, forced plays left out, a resignation credited with other points than the cube's (the
next score line then counts), and a match resumed at a score. gnubg (the test extra's ``gnubg``
package, in one child process) must read the same games, positions, cube actions and score as
ours (``gnubg_compare.difference``).
"""

from __future__ import annotations

import io
import re

import pytest

from bgwidget import Game, Match
from bgwidget.formats import FormatError, from_json, from_mat, to_json, to_mat
from test_formats import random_match

NAMES = ("Ann-Marie O'Neil Jr.", "Dr. Bo (NL) #2")  # (bottom, top)


def base(seed: int = 5, length: int = 7) -> Match:
    match = random_match(seed, length)
    match.set_names(NAMES)
    return match


def forced_rolls(match: Match) -> list[bool]:
    """For each roll of the match in order: whether exactly one play was legal (a dance is not)."""
    flags = []
    for game in match.games:
        replay = Game.replay(game.setup, [])
        for action in game.record:
            replay.apply(action)
            if action["type"] in ("opening", "roll"):
                flags.append(replay.phase == "move" and len(replay.legal_plays) == 1)
    return flags


def forced_left_out(match: Match, text: str) -> str:
    """``text`` with the play of every forced roll left out (the dice stay)."""
    flags = iter(forced_rolls(match))

    def cell(found: re.Match) -> str:
        return found.group(1) + ":" if next(flags) else found.group(0)

    text = re.sub(r"(?<![^\s)])([1-6][1-6]):((?: [^\s:]+/[^\s:]+)*)", cell, text)
    assert next(flags, None) is None  # every roll cell was seen
    return text


def tabs(text: str) -> str:
    """Tabs after the line numbers and between the two cells of full lines."""
    out = []
    for line in text.split("\n"):
        # Only lines of two rolls: gnubg splits other lines at two spaces, which tabs are not.
        if re.match(r"^\s*[0-9]+\) [1-6][1-6]:.*\s{2,}[1-6][1-6]:", line):
            line = re.sub(r"\) ", ")\t", line, count=1)
            line = re.sub(r"(\S) {2,}(?=\S)", "\\1\t\t", line, count=1)
        out.append(line)
    return "\n".join(out)


def resumed(text: str, length: int, shift: int) -> str:
    """The match as a file resumed at ``shift``-``shift`` in a match ``shift`` points longer."""
    text = text.replace(f" {length} point match", f" {length + shift} point match", 1)
    return re.sub(
        r"(?m)^( .* : )([0-9]+)( +.* : )([0-9]+)$",
        lambda m: f"{m[1]}{int(m[2]) + shift}{m[3]}{int(m[4]) + shift}",
        text,
    )


def credited(match: Match, text: str, extra: int, how: str = "resigned") -> str:
    """The first game that ended ``how`` with its ``Wins`` credited with ``extra`` points more,
    later score lines following."""
    number = next(i for i, game in enumerate(match.games) if game.result and game.result.how == how)
    game = match.games[number]
    assert game.result is not None
    blocks = re.split(r"(?m)^(?= Game [0-9]+$)", text)  # blocks[k]: game k's lines (blocks[0]: header)
    points = game.result.points
    old = f"Wins {points} point{'' if points == 1 else 's'}"
    assert blocks[number + 1].count(old) == 1
    blocks[number + 1] = blocks[number + 1].replace(old, f"Wins {points + extra} points")
    column = 1 if game.result.winner == 1 else 2  # the top player's score is the left one

    def shifted(found: re.Match) -> str:
        parts = list(found.groups())
        parts[2 * column - 1] = str(int(parts[2 * column - 1]) + extra)
        return "".join(parts)

    for k in range(number + 2, len(blocks)):
        blocks[k] = re.sub(r"(?m)^( .* : )([0-9]+)( +.* : )([0-9]+)$", shifted, blocks[k], count=1)
    return "".join(blocks)


def low_die_first(text: str) -> str:
    """Every roll but each game's opening written low die first (``15: 13/8 24/23``), as some
    online servers write them; an opening roll is one die each, and stays higher first."""
    blocks = re.split(r"(?m)^(?= Game [0-9]+$)", text)
    for k, block in enumerate(blocks[1:], 1):
        head, cell, rest = re.split(r"(?<![^\s)])([1-6][1-6]:)", block, maxsplit=1)
        rest = re.sub(r"(?<![^\s)])([1-6])([1-6]):", lambda m: "".join(sorted(m[1] + m[2])) + ":", rest)
        blocks[k] = head + cell + rest
    return "".join(blocks)


def long_cell_match() -> Match:
    """Our export of a 4-step play (27 characters) followed on its line by a double, with long names."""
    match = Match(length=5, seed=1, names=("Ann " * 12 + "(the 1st)", "Bob: " * 12 + "#2"))
    game = match.game
    game.roll((4, 2))
    game.play("8/4 6/4")
    game.roll((4, 4))
    game.play("24/20(2) 20/16(2)")
    game.double()
    game.take()
    game.roll((3, 1))
    game.play("8/5 6/5")
    game.resign(1, seat=1)
    game.accept(seat=0)
    return match


def resigned_match() -> Match:
    """Resignations gnubg's Match ID shows in its own way: one by the player who has just played
    (the other on roll), one by the player on roll after his roll, before playing it."""
    match = Match(length=5, seed=2)
    game = match.game
    game.roll((3, 1))
    game.play("8/5 6/5")
    game.resign(1, seat=0)
    game.accept(seat=1)
    game = match.new_game()
    game.roll((6, 1))
    game.play("13/7 8/7")
    game.roll((5, 2))
    game.resign(2, seat=1)
    game.accept(seat=0)
    return match


def variants() -> dict[str, tuple[str, str | bytes]]:
    """name -> (what it shows, the file's content)."""
    match = base()
    text = to_mat(match)
    long = random_match(5, 25)  # game 5 is resigned, for a gammon at a 1-cube
    found: dict[str, tuple[str, str | bytes]] = {
        "crlf": ("Windows line endings", text.replace("\n", "\r\n")),
        "bom": ("a UTF-8 BOM", "\ufeff".encode() + text.encode()),
        "tabs": ("tabs between the columns", tabs(text)),
        "trailing": ("trailing spaces and tabs", text.replace("\n", "   \t\n")),
        "header": (
            "long comment headers",
            "".join(f'; [Event "{"x" * 300} {i}"]\n# {"comment " * 40}\n' for i in range(30)) + text,
        ),
        "and-the-match": (
            "'Wins N points and the match'",
            re.sub(r"(Wins [0-9]+ points?)\s*\n*$", r"\1 and the match\n", text),
        ),
        "empty-numbered": (
            "an empty numbered line before each Wins",
            re.sub(r"(?m)^(\s+Wins )", r" 99)\n\1", text),
        ),
        "forced": ("forced plays left out", forced_left_out(match, text)),
        "low-first": ("rolls written low die first", low_die_first(text)),
        "resumed": ("a match resumed at 2-2", resumed(text, 7, 2)),
        "long-cell": ("a long play cell and a double on one line, long names", to_mat(long_cell_match())),
        "resigned": ("resignations after the resigner's play and after his roll", to_mat(resigned_match())),
        "credited-pass": ("a passed double's Wins credited with 1 more point", credited(long, to_mat(long), 1, "pass")),
        "credited": ("a resignation credited with 2 more points", credited(long, to_mat(long), 2)),
    }
    return found


VARIANTS = variants()


@pytest.fixture(scope="module")
def gnubg_reading(tmp_path_factory) -> dict:
    pytest.importorskip("gnubg", reason="GNU Backgammon (gnubg) is in the test extra")
    from gnubg_compare import read_with_gnubg

    folder = tmp_path_factory.mktemp("variants")
    paths = []
    for name, (_, content) in VARIANTS.items():
        path = folder / f"{name}.mat"
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        paths.append(path)
    return {path.stem: reading for path, reading in zip(paths, read_with_gnubg(paths).values())}


def test_the_variants_really_vary():
    text = to_mat(base())
    assert all(content != text for _, content in VARIANTS.values())
    assert "\t" in VARIANTS["tabs"][1] and " 99)" in VARIANTS["empty-numbered"][1]
    assert VARIANTS["forced"][1].count("/") < text.count("/")
    assert "and the match" in VARIANTS["and-the-match"][1]


@pytest.mark.parametrize("name", VARIANTS)
def test_gnubg_and_we_read_each_variant_alike(gnubg_reading, name):
    from gnubg_compare import difference

    _, content = VARIANTS[name]
    ours = from_mat(io.BytesIO(content) if isinstance(content, bytes) else content)
    theirs = gnubg_reading[name]
    assert isinstance(theirs, dict), f"gnubg read no game: {theirs[-300:]}"
    assert difference(ours, theirs) is None
    # What we read, we write; and read back the same.
    again = to_mat(ours)
    assert to_mat(from_mat(again)) == again
    assert from_json(to_json(ours)).score == ours.score


@pytest.mark.parametrize(
    "name",
    [
        n
        for n in VARIANTS
        if n not in ("resumed", "credited", "credited-pass", "forced", "long-cell", "low-first", "resigned")
    ],
)
def test_layout_variants_read_as_the_match_written(name):
    match = base()
    ours = from_mat(io.BytesIO(VARIANTS[name][1]) if isinstance(VARIANTS[name][1], bytes) else VARIANTS[name][1])
    assert to_mat(ours) == to_mat(match)
    assert ours.names == NAMES


def test_forced_plays_left_out_are_played():
    match = base()
    ours = from_mat(VARIANTS["forced"][1])
    assert to_mat(ours) == to_mat(match)


def test_rolls_written_low_die_first_are_written_back_so():
    text = VARIANTS["low-first"][1]
    cells = re.findall(r"(?<![^\s)])([1-6])([1-6]):", text)
    assert sum(a > b for a, b in cells) == len(base().games)  # the openings alone are higher first
    assert to_mat(from_mat(text)) == text


def test_an_opening_roll_written_low_die_first_is_one_die_each():
    # The left-hand (top, seat 1) player's opening 51 written "15": seat 0 rolled the 1, seat 1 the 5
    # (one die each: the higher starts). The record keeps each seat's die, not the order written,
    # and the export writes the opening higher first, as gnubg writes its rolls.
    text = " 3 point match\n\n Game 1\n A : 0                          B : 0\n  1) 15: 13/8 24/23\n"
    game = from_mat(text).game
    assert game.record[:2] == [{"type": "opening", "dice": [1, 5]}, {"type": "move", "seat": 1, "play": "24/23 13/8"}]
    assert "  1) 51: 13/8 24/23" in to_mat(from_mat(text))


def test_a_resumed_match_starts_at_its_score():
    match = base()
    ours = from_mat(VARIANTS["resumed"][1])
    assert ours.length == 9 and ours.games[0].score == (2, 2) and ours.rescored == [1]
    assert ours.score == (match.score[0] + 2, match.score[1] + 2)
    assert [g.crawford for g in ours.games] == [g.crawford for g in match.games]
    assert from_json(to_json(ours)).rescored == [1]


def test_a_credited_resignation_takes_the_next_score_from_the_file():
    long = random_match(5, 25)
    ours = from_mat(VARIANTS["credited"][1])
    # 'Wins 4 points' at a 1-cube: the smallest resignation worth 4 is a backgammon's 3, as gnubg reads it.
    assert ours.games[4].result[:3] == (1, 3, "backgammon")
    assert ours.games[5].score == (long.games[5].score[0], long.games[5].score[1] + 2) and ours.rescored == [6]
    assert ours.score == (long.score[0], long.score[1] + 2)
    again = to_mat(ours)
    assert "Wins 4 points" in again and from_mat(again).score == ours.score and from_mat(again).rescored == [6]


def test_paths_and_file_objects(tmp_path):
    match = base()
    path = tmp_path / "m.mat"
    text = to_mat(match, path)
    assert path.read_text(encoding="utf-8") == text
    for source in (path, io.StringIO(text), io.BytesIO(text.encode())):
        assert to_mat(from_mat(source)) == text
    with open(path, encoding="utf-8") as file:
        assert to_mat(from_mat(file)) == text
    saved = tmp_path / "m.json"
    assert to_json(match, path=saved) == saved.read_text(encoding="utf-8")
    assert to_json(from_json(saved)) == to_json(match)
    with pytest.raises(FormatError, match="cannot read"):
        from_mat(tmp_path / "missing.mat")
    with pytest.raises(FormatError, match="not int"):
        from_mat(3)
    # A file's name given as a str (the text, by design) is refused with the way to read it.
    for name in (str(path), "games/missing.mat", str(saved)):
        with pytest.raises(FormatError, match=r"looks like a file name.*pass Path\("):
            (from_json if name.endswith(".json") else from_mat)(name)
    for text in ("a\rb.mat", "x.mat\u2028y"):  # two lines, by an old Mac break or a Unicode one: text
        with pytest.raises(FormatError, match="point match"):
            from_mat(text)


@pytest.mark.parametrize(
    "change, reason",
    [
        (lambda t: t.replace("Doubles => 2", "Doubles => 3", 1), r"line [0-9]+: 'Doubles => 3': the cube goes to 2"),
        (
            lambda t: re.sub(r"(?m)^( Game 2\n.* : )([0-9]+)", lambda m: m[1] + str(int(m[2]) + 1), t),
            "line [0-9]+: the score line",
        ),
        (lambda t: t.replace(" 7 point match", " 7 point matchez"), "point match"),
    ],
)
def test_what_gnubg_would_read_differently_is_refused_with_the_line(change, reason):
    text = change(to_mat(base()))
    with pytest.raises(FormatError, match=reason):
        from_mat(text)


def test_a_long_cell_keeps_two_spaces_before_the_next_column():
    # gnubg splits a line that holds one roll at the first two spaces after column 15: with one
    # space, the double would be read as part of the play and lost (a cube cell starts with one).
    match = long_cell_match()
    text = to_mat(match)
    assert "  2) 44: 24/20 24/20 20/16 20/16  Doubles => 2\n" in text
    back = from_mat(text)
    assert back.names == match.names and back.score == match.score == (2, 0)
    assert back.games[0].cube_value == 2


def test_rescored_games_are_checked():
    from bgwidget import Rules
    from bgwidget.rules import GameError

    rules = Rules(match_length=5)
    with pytest.raises(GameError, match="already ends"):
        Match.from_games(rules, [Game(rules=rules, score=(5, 0))], rescored=[1])
    with pytest.raises(GameError, match="rescored is a list of game numbers"):
        Match.from_games(rules, [Game(rules=rules)], rescored="1")
    with pytest.raises(GameError, match="starts with"):  # not rescored: the score must follow
        Match.from_games(rules, [Game(rules=rules, score=(1, 0))])
    # Rescored at 4-2, the first game is the Crawford game (gnubg's rule); at 4-4 it is not.
    assert Match.from_games(rules, [Game(rules=rules, score=(4, 2), crawford=True)], rescored=[1]).rescored == [1]
    with pytest.raises(GameError, match="Crawford"):
        Match.from_games(rules, [Game(rules=rules, score=(4, 4), crawford=True)], rescored=[1])


def test_a_credited_score_line_may_not_go_down_and_json_checks_rescored():
    text = VARIANTS["credited"][1]
    assert isinstance(text, str)
    lowered = re.sub(r"(?m)^( Game 6\n.* : )([0-9]+)( +.* : )([0-9]+)$", lambda m: f"{m[1]}{m[2]}{m[3]}0", text)
    assert lowered != text
    with pytest.raises(FormatError, match=r"line [0-9]+: the score line says"):
        from_mat(lowered)
    saved = to_json(from_mat(text))
    assert '"rescored": [6]' in saved
    with pytest.raises(FormatError, match="rescored"):
        from_json(saved.replace('"rescored": [6]', '"rescored": ["6"]'))
    with pytest.raises(FormatError, match="starts with"):
        from_json(saved.replace('"rescored": [6]', '"rescored": []'))


def test_without_the_cube_jacoby_and_beaver_tags_are_read_as_off():
    # Issue 33: the Jacoby rule and beavers are rules of the cube; gnubg keeps its Jacoby setting
    # with the cube off (its SGF writes RU[NoCube:Jacoby]), and from_sgf reads it as off: so does from_mat.
    text = '; [Cube "Off"]\n; [Jacoby "On"]\n; [Beaver "On"]\n\n 0 point match\n\n Game 1\n Top : 0   Bottom : 0\n'
    rules = from_mat(text, seed=1).rules
    assert (rules.cube, rules.jacoby, rules.beavers) == (False, False, False)
