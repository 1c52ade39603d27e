"""How often our money-play cube action agrees with GNU Backgammon's.

Positions: every position before a roll in seeded Medium-vs-Medium games (our rules engine),
centred cube. Ours: :func:`bgwidget.ai.evaluate` (our net, 0-ply) then
:func:`bgwidget.ai.cube_decision` (Janowski). GNU Backgammon's: ``gnubg_nn.evaluate_cube_decision``
at 0-ply, which gnubg-nn only offers for match play; like GNU Backgammon's own benchmark tools
(``referr.py``: "money-play equivalent: symmetric match score") it is asked at 7-away 7-away.
An action is the pair (double?, take?) plus "too good"; we also count how often our Janowski
method agrees when fed gnubg's own chances, which separates the method from the net.

    .venv/bin/python benchmarks/cube_agreement.py [--positions 1000]
"""

import argparse
import random
from collections import Counter

import gnubg_nn

from bgwidget import Position, ai
from bgwidget.ai.cube import CONTACT_EFFICIENCY, race_efficiency
from bgwidget.ai.engines import gnubg_board


def positions_from_games(count, seed):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = Position.initial(turn=rng.randint(0, 1))
        while position.outcome() is None and len(found) < count:
            found.append(position)
            play = ai.choose_play(position, (rng.randint(1, 6), rng.randint(1, 6)), level="medium")
            position = play.result if play else position.swap()
    return found


def gnubg_action(position, chances=None):
    key = gnubg_nn.key_of_board(gnubg_board(position))
    extra = {} if chances is None else {"p": tuple(chances)}
    double, take, too_good, *_ = gnubg_nn.evaluate_cube_decision(key, n=0, i=1, **extra)
    if double:
        return "double, take" if take else "double, pass"
    return "too good to double, pass" if too_good else "no double, take" if take else "no double, pass"


def our_action(position, chances):
    efficiency = race_efficiency(position.pip_counts()[0]) if position.is_race() else CONTACT_EFFICIENCY
    return ai.cube_decision(chances, efficiency=efficiency).action


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    positions = positions_from_games(args.positions, args.seed)
    gnubg_nn.set.score(7, 7)
    agree = agree_method = 0
    confusion = Counter()
    for position in positions:
        theirs = gnubg_action(position)
        ours = our_action(position, ai.evaluate(position, "medium"))
        gnubg_chances = gnubg_nn.probabilities(gnubg_board(position), 0)
        agree += ours == theirs
        agree_method += our_action(position, gnubg_chances) == theirs
        confusion[(theirs, ours)] += 1
    n = len(positions)
    print(f"{n} positions from Medium self-play games, centred cube, money")
    print(f"our net + Janowski agrees with gnubg 0-ply: {agree / n:.1%}")
    print(f"Janowski on gnubg's own chances agrees:     {agree_method / n:.1%}")
    print("gnubg action -> ours: count")
    for (theirs, ours), count in confusion.most_common():
        print(f"  {theirs:<26} -> {ours:<26} {count}")


if __name__ == "__main__":
    main()
