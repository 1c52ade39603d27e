"""A folder of real match files read by our ``from_mat`` and by GNU Backgammon: each file's verdict
(the same match as gnubg's, or the first difference), counts per writer (the part of each file
name before its first ``-``), and the time our reader takes.

No corpus ships with the project: gather public ``.mat`` files whose licences you respect (for
example GNU Backgammon's own exports and Backgammon Galaxy or Studio exports) into a folder.

    .venv/bin/python benchmarks/corpus.py FOLDER [--all]   # --all: every file, not only those that differ
"""

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from bgwidget.formats import FormatError, from_mat  # noqa: E402
from gnubg_compare import difference, read_with_gnubg  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder of .mat files")
    parser.add_argument("--all", action="store_true", help="print every file, not only those that differ")
    args = parser.parse_args()
    paths = sorted(args.folder.glob("*.mat"))
    if not paths:
        parser.error(f"no .mat file in {args.folder}")
    theirs = read_with_gnubg(paths)
    verdicts, seconds = {}, 0.0
    for path in paths:
        start = time.perf_counter()
        try:
            ours = from_mat(path)
        except FormatError as error:
            ours = None
            verdict = f"refused: {error}"
        seconds += time.perf_counter() - start
        if not isinstance(theirs[path.name], dict):
            verdict = "gnubg refuses" + ("; so do we" if ours is None else "; we read it")
        elif ours is not None:
            verdict = difference(ours, theirs[path.name]) or "same"
        verdicts[path.name] = verdict
        if args.all or verdict != "same":
            print(f"{path.name}: {verdict}")
    writers = Counter(path.name.split("-")[0] for path in paths)
    same = Counter(name.split("-")[0] for name, verdict in verdicts.items() if verdict == "same")
    print(", ".join(f"{writer} {same[writer]}/{count} the same" for writer, count in sorted(writers.items())))
    print(f"our reader: {seconds * 1000 / len(paths):.1f} ms per file on average")


if __name__ == "__main__":
    main()
