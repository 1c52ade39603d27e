"""How often our cube action agrees with GNU Backgammon's, in money play and at match scores.

Positions: every position before a roll in seeded games of gnubg-nn's 0-ply play against itself,
centred cube. Ours: :func:`bgwidget.ai.evaluate` (our net, 0-ply) then
:func:`bgwidget.ai.cube_decision` (Janowski). GNU Backgammon's: ``gnubg_nn.evaluate_cube_decision``
at 0-ply, which gnubg-nn only offers for match play; like GNU Backgammon's own benchmark tools
(``referr.py``: "money-play equivalent: symmetric match score") it is asked at 7-away 7-away.
An action is the pair (double?, take?) plus "too good"; we also count how often our Janowski
method agrees when fed gnubg's own chances, which separates the method from the net.

``--match`` also asks both at match scores (gnubg-nn's ``set.score`` and ``set.cube``, the
player on roll as its side ``O``): centred cubes at several away scores, post-Crawford with the
trailer on roll, and a 2-cube the player on roll owns. gnubg-nn's match cube model is its own
(Joseph Heled's, with its own match equity table), so a method that agrees there agrees with an
independent implementation, not a copy of ours.

    .venv/bin/python benchmarks/cube_agreement.py [--positions 1000] [--match]
"""

import argparse
import sys
from collections import Counter
from pathlib import Path

import gnubg_nn

from bgwidget import ai
from bgwidget.ai.engines import gnubg_board

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from gnubg_cube import gnubg_action, our_action, positions_from_games, set_match  # noqa: E402

# (points the player on roll needs, the opponent needs, post-Crawford, cube the player on roll owns)
MATCH_SCORES = [
    (3, 3, False, 1),
    (2, 4, False, 1),
    (4, 2, False, 1),
    (5, 5, False, 1),
    (7, 7, False, 1),
    (3, 7, False, 1),
    (3, 1, True, 1),
    (5, 1, True, 1),
    (3, 7, False, 2),
    (7, 3, False, 2),
    (5, 5, False, 2),
]


def agreement(positions, ours_by_position, gnubg_chances, match=None):
    """(agreement of our net + model, of our model on gnubg's chances, confusion counts)."""
    agree = agree_method = 0
    confusion = Counter()
    for position, ours_chances, theirs_chances in zip(positions, ours_by_position, gnubg_chances, strict=True):
        theirs = gnubg_action(gnubg_nn, position)
        ours = our_action(position, ours_chances, match)
        agree += ours == theirs
        agree_method += our_action(position, theirs_chances, match) == theirs
        confusion[(theirs, ours)] += 1
    n = len(positions)
    return agree / n, agree_method / n, confusion


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--match", action="store_true", help="also at the match scores of MATCH_SCORES")
    args = parser.parse_args()
    positions = positions_from_games(args.positions, args.seed)
    ours_chances = [ai.evaluate(position, "medium") for position in positions]
    gnubg_chances = [gnubg_nn.probabilities(gnubg_board(position), 0) for position in positions]
    set_match(gnubg_nn, 7, 7, False, 1)
    agree, agree_method, confusion = agreement(positions, ours_chances, gnubg_chances)
    n = len(positions)
    print(f"{n} positions from gnubg-nn 0-ply self-play games, centred cube, money")
    print(f"our net + Janowski agrees with gnubg 0-ply: {agree:.1%}")
    print(f"Janowski on gnubg's own chances agrees:     {agree_method:.1%}")
    print("gnubg action -> ours: count")
    for (theirs, ours), count in confusion.most_common():
        print(f"  {theirs:<26} -> {ours:<26} {count}")
    if not args.match:
        return
    print(
        "\nmatch play (need, opponent needs, cube owned by the player on roll): net + model / model on gnubg's chances"
    )
    totals = [0.0, 0.0]
    for match in MATCH_SCORES:
        set_match(gnubg_nn, *match)
        agree, agree_method, confusion = agreement(positions, ours_chances, gnubg_chances, match)
        totals = [totals[0] + agree, totals[1] + agree_method]
        need, opponent_need, post_crawford, cube = match
        label = f"{need}-away {opponent_need}-away" + (" post-Crawford" if post_crawford else "")
        label += f", cube {cube} owned" if cube > 1 else ""
        misses = ", ".join(
            f"{theirs} -> {ours} {count}" for (theirs, ours), count in confusion.most_common() if theirs != ours
        )
        print(f"  {label:<34} {agree:6.1%} {agree_method:6.1%}   {misses[:110]}")
    k = len(MATCH_SCORES)
    print(f"  {'all scores':<34} {totals[0] / k:6.1%} {totals[1] / k:6.1%}")


if __name__ == "__main__":
    main()
