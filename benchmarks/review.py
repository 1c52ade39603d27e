"""Our review of a match beside GNU Backgammon's analysis of the same match: the errors each finds.

Matches: played here by :func:`bgwidget.play_match` with fixed seeds and written with
:func:`bgwidget.formats.to_mat`; by default (``--matches ours``) between our computer levels, which
play with our net, so that their errors are our net's own and hard for a review with that net to
see. ``--matches independent`` plays matches between players independent of our net, as a
person's are: gnubg-nn's 0-ply player and Tesauro's pubeval (gnubg-nn's ``pub_best_move``), which
never double and always take; ``--matches all`` plays both sets. Ours: :func:`bgwidget.ai.review` at ``--level``
(Expert, its default), one decision per play, cube decision and answer to a double; an error is a
decision it marks (doubtful or worse). GNU Backgammon's: Debian's ``gnubg`` program as its users
run it, all settings its own defaults (1.07: chequer play and cube decisions at 2-ply cubeful, one
calculation thread; thresholds doubtful 0.03, bad 0.06, very bad 0.12, as ``show analysis``
prints them): ``import mat``, ``analyse match``, ``export match text``, driven by a Python script
that gnubg runs itself (``gnubg -t -q -p``), which times ``analyse match`` alone. A gnubg error is a
play it marks doubtful or worse ("Alert: ... move") or a cube decision or answer it says is wrong
by at least its doubtful threshold ("Alert: wrong double", "missed double", "wrong take"...).

Decisions are paired by game, kind and GNU Backgammon's Position ID of the position decided in
(the decider's view; an answer to a double in the doubler's view, as gnubg shows it), and the
roll for a play. Printed: per match, the decisions, each side's errors, those both mark, the
share of gnubg's errors ours finds (target: at least 85%) and of ours gnubg finds, and each
side's time (target: a 7-point match reviewed in under a minute); then the totals, and by kind.

    .venv/bin/python benchmarks/review.py [--level expert] [--net ours|gnubg|WEIGHTS] [--matches ours|independent|all]
        [--workers N] [--quick] [--misses]

``--workers N`` reviews the games of each match on a process pool of N workers, made once and
shared by the matches (:func:`bgwidget.ai.review`'s ``executor``): the review is the same, and
its time is the wall time. GNU Backgammon runs with its own default, one calculation thread.

``--net gnubg`` runs our review with GNU Backgammon's 0-ply net (``gnubg-nn``) as its evaluator in
place of ours: the same search, filters and cube model, so the share it finds separates what our
method misses from what our net misses. ``--net WEIGHTS`` (an ``.npz`` that
:class:`~bgwidget.ai.net.Net` loads) reviews with our net on those weights, unpruned: two runs
with two files review the same matches (played by the shipped net) with each net.

GNU Backgammon (GPL) is only run as a program here, never imported by the package.
"""

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import numpy as np

import bgwidget
import gnubg_timed
import strength
from bgwidget import ai
from bgwidget.ai.engines import gnubg_board
from bgwidget.ai.evaluator import evaluate_positions
from bgwidget.ai.net import Net
from bgwidget.formats import to_mat

# (players for seat 0 and seat 1, match length, seed): our levels, then players independent of our
# net (gnubg-nn's own 0-ply net, Tesauro's pubeval), whose errors are not our net's own.
MATCHES = [
    (("expert", "medium"), 7, 1),
    (("medium", "easy"), 7, 2),
    (("medium", "medium"), 7, 3),
    (("expert", "easy"), 5, 4),
    (("medium", "expert"), 7, 5),
]
INDEPENDENT = [
    (("gnubg0", "pubeval"), 7, 6),
    (("pubeval", "gnubg0"), 7, 7),
    (("pubeval", "pubeval"), 7, 8),
    (("gnubg0", "gnubg0"), 7, 9),
]
GNUBG_DOUBTFUL = 0.03  # gnubg 1.07's default threshold of a doubtful decision (``show analysis``)

GNUBG_SCRIPT = r"""
import json, sys, time
import gnubg
times = {}
for name, mat, out in json.load(open("@JOBS@")):
    gnubg.command("import mat " + mat)
    start = time.perf_counter()
    gnubg.command("analyse match")
    times[name] = time.perf_counter() - start
    gnubg.command("export match text " + out)
json.dump(times, open("@TIMES@", "w"))
"""

ALERT = re.compile(r"Alert: ([a-z ]+?)!? *\( *([+-]?[\d.]+)\)")
HEADER = re.compile(r"Move number \d+: +(.+)")


class GnubgPlayer:
    """A seat played by gnubg-nn's chooser ``name`` (``gnubg0`` or ``pubeval``, as in
    ``strength.py``), refereed by our rules; it never doubles and always takes (no cube of its own)."""

    def __init__(self, name):
        self.name, self.steps = name, strength.OPPONENTS[name]

    def choose_play(self, position, dice):
        plays = position.legal_plays(*dice)
        return strength.referee(position, plays, self.steps(position, *dice)) if plays else None


def gnubg_net(positions):
    """An evaluator for our search: gnubg-nn's 0-ply chances, a finished game's exact result by ours."""
    import gnubg_nn

    return np.array(
        [evaluate_positions([p])[0] if p.outcome() else gnubg_nn.probabilities(gnubg_board(p), 0) for p in positions]
    )


def gnubg_decisions(text_path):
    """gnubg's decisions from its text export: {(game, kind, position ID, roll): error >= 0}."""
    found = {}
    files = sorted(text_path.parent.glob(text_path.stem + "*.txt"))  # one file per game: x.txt, x_002.txt...
    for game, path in enumerate(files):
        for block in path.read_text(errors="replace").split("\nMove number ")[1:]:
            header = HEADER.match("Move number " + block).group(1)
            position_id = re.search(r"Position ID: (\S+)", block).group(1)
            alerts = [(what, abs(float(size))) for what, size in ALERT.findall(block)]

            def error(words, alerts=alerts):
                return max((size for what, size in alerts if any(w in what for w in words)), default=0.0)

            roll = re.search(r" to play (\d)(\d)$", header)
            if roll:
                dice = tuple(sorted(map(int, roll.groups()), reverse=True))
                found[(game, "play", position_id, dice)] = error(("move",))
                if "Cube analysis" in block:  # the roller could double, and did not
                    found[(game, "double", position_id, None)] = error(("double",))
            elif header.endswith("cube decision?"):
                found[(game, "double", position_id, None)] = error(("double",))
            elif " doubles to " in header or " redoubles to " in header:
                found[(game, "take", position_id, None)] = error(("take", "pass", "drop", "reject", "beaver", "accept"))
    return found


def our_decisions(review):
    return {
        (
            d.game,
            d.kind,
            d.position.position_id(),
            tuple(sorted(d.dice, reverse=True)) if d.dice else None,
        ): d
        for d in review.decisions
    }


def misses(review, theirs):
    """gnubg's errors that ours does not mark, as lines to read."""
    ours = our_decisions(review)
    lines = []
    for key, size in theirs.items():
        d = ours.get(key)
        if size >= GNUBG_DOUBTFUL and (d is None or not d.mark):
            what = "not paired" if d is None else f"ours {d.error:.3f}: made {d.made!r}, best {d.best!r}"
            lines.append(f"    game {key[0] + 1} {key[1]:<6} {key[2]} {key[3] or ''}: gnubg {size:.3f}, {what}")
    return lines


def compare(review, theirs):
    """Counts for one match: decisions paired, each side's errors and those both mark, by kind."""
    ours = our_decisions(review)
    counts = Counter()
    sizes = []
    for key, d in ours.items():
        kind = "play" if key[1] == "play" else "cube"
        counts[f"ours {kind}"] += bool(d.mark)
        if key not in theirs:
            continue
        counts["paired"] += 1
        gnubg_error = theirs[key] >= GNUBG_DOUBTFUL
        counts[f"both {kind}"] += gnubg_error and bool(d.mark)
        # the same, our error judged at gnubg's own threshold (the marks' thresholds may differ)
        counts[f"both at gnubg's threshold {kind}"] += gnubg_error and d.error >= GNUBG_DOUBTFUL
        if gnubg_error or d.mark:
            sizes.append(abs(d.error - theirs[key]))
    for key, size in theirs.items():
        kind = "play" if key[1] == "play" else "cube"
        counts[f"gnubg {kind}"] += size >= GNUBG_DOUBTFUL
        counts[f"gnubg {kind} unpaired"] += size >= GNUBG_DOUBTFUL and key not in ours
    return counts, sizes


def net_choice(spec):
    """``ours``, ``gnubg``, or a weights file: our net's evaluator on those weights (unpruned, as
    any caller's evaluator is), to compare two nets' reviews of the same matches."""
    if spec in ("ours", "gnubg"):
        return spec
    try:
        return partial(evaluate_positions, net=Net(spec))
    except (OSError, KeyError, ValueError) as error:
        raise argparse.ArgumentTypeError(f"{spec!r}: not ours, gnubg or a weights file ({error})") from None


def share(part, whole):
    return f"{100 * part / whole:5.1f}%" if whole else "   n/a"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", help="our review's level (default: expert, ai.review's own)")
    parser.add_argument(
        "--net", type=net_choice, default="ours", help="the net our review searches with: ours, gnubg or a weights file"
    )
    parser.add_argument("--quick", action="store_true", help="the first two matches only")
    parser.add_argument(
        "--matches",
        choices=("ours", "independent", "all"),
        default="ours",
        help="matches between our levels (default), between gnubg-nn's and pubeval players, or both",
    )
    parser.add_argument("--misses", action="store_true", help="list gnubg's errors that ours does not mark")
    parser.add_argument(
        "--workers",
        type=int,
        default=0,
        help="review each match's games on a pool of this many processes, made once (default: none, here)",
    )
    args = parser.parse_args()
    matches = {"ours": MATCHES, "independent": INDEPENDENT, "all": MATCHES + INDEPENDENT}[args.matches]
    matches = matches[:2] if args.quick else matches
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        played, jobs = {}, []
        for players, length, seed in matches:
            label = f"{players[0]}-{players[1]}-{length}pt-seed{seed}"
            seats = [GnubgPlayer(p) if p in strength.OPPONENTS else p for p in players]
            match = bgwidget.play_match(players=seats, match_length=length, seed=seed)
            (folder / f"{label}.mat").write_text(to_mat(match))
            played[label] = match
            jobs.append([label, str(folder / f"{label}.mat"), str(folder / label / "analysis.txt")])
            (folder / label).mkdir()
        gnubg_times = gnubg_timed.run(GNUBG_SCRIPT, jobs, folder)
        totals, all_sizes = Counter(), []
        pool = ProcessPoolExecutor(args.workers) if args.workers else None
        print(
            f"\n{'match':<30}{'games':>6}{'decisions':>10}{'ours s':>8}{'gnubg s':>8}"
            f"{'gnubg err':>10}{'our err':>8}{'both':>6}{'ours finds':>11}{'gnubg finds':>12}"
        )
        for label, match in played.items():
            start = time.perf_counter()
            evaluator = None if args.net == "ours" else gnubg_net if args.net == "gnubg" else args.net
            review = ai.review(match, args.level, evaluator=evaluator, progress=False, executor=pool)
            ours_time = time.perf_counter() - start
            theirs = gnubg_decisions(folder / label / "analysis.txt")
            counts, sizes = compare(review, theirs)
            totals.update(counts)
            all_sizes += sizes
            totals["seconds ours"] += ours_time
            totals["seconds gnubg"] += gnubg_times[label]
            gnubg_errors = counts["gnubg play"] + counts["gnubg cube"]
            our_errors = counts["ours play"] + counts["ours cube"]
            both = counts["both play"] + counts["both cube"]
            print(
                f"{label:<30}{len(match.games):>6}{len(review.decisions):>10}{ours_time:>8.1f}"
                f"{gnubg_times[label]:>8.1f}{gnubg_errors:>10}{our_errors:>8}{both:>6}"
                f"{share(both, gnubg_errors):>11}{share(both, our_errors):>12}"
            )
            if args.misses:
                print("\n".join(misses(review, theirs)))
        if pool is not None:
            pool.shutdown()
    seconds = f"ours {totals['seconds ours']:.1f} s, gnubg {totals['seconds gnubg']:.1f} s"
    print(f"\ntotal over {len(played)} matches: {seconds}")
    for kind in ("play", "cube"):
        g, o, b = totals[f"gnubg {kind}"], totals[f"ours {kind}"], totals[f"both {kind}"]
        print(
            f"  {kind:<5}: gnubg marks {g}, ours {o}, both {b}: ours finds {share(b, g).strip()} of gnubg's, "
            f"gnubg {share(b, o).strip()} of ours ({totals[f'gnubg {kind} unpaired']} of gnubg's not paired)"
        )
    g = totals["gnubg play"] + totals["gnubg cube"]
    b = totals["both play"] + totals["both cube"]
    print(f"  all  : ours finds {share(b, g).strip()} of gnubg's errors (target >= 85%)")
    b = totals["both at gnubg's threshold play"] + totals["both at gnubg's threshold cube"]
    print(f"  all  : our error >= {GNUBG_DOUBTFUL} (gnubg's doubtful) on {share(b, g).strip()} of gnubg's errors")
    if all_sizes:
        all_sizes.sort()
        print(
            f"  error size |ours - gnubg| where either marks one: median {all_sizes[len(all_sizes) // 2]:.3f}, "
            f"mean {sum(all_sizes) / len(all_sizes):.3f} (EMG)"
        )
    print(f"  decisions paired with gnubg's: {totals['paired']}")


if __name__ == "__main__":
    main()
