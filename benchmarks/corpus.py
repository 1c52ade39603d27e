"""Real match files read by our ``from_mat`` and by GNU Backgammon: each file's verdict (the same
match as gnubg's, a departure of gnubg's from the file that a named rule tolerates, refused by both,
or the first difference: ``tests/gnubg_compare.py``), counts per writer (the part of each file
name before its first ``-``), and the time our reader takes.

By default the shared corpus (``../shared/corpus``, beside the repository; its README gives
sources and licences), which ``tests/test_corpus.py`` reads; a folder given is read with its
subfolders' ``.mat`` files too.

    .venv/bin/python benchmarks/corpus.py [FOLDER] [--all] [--processes 2]
    .venv/bin/python benchmarks/corpus.py ../shared/corpus/studio   # one writer's folder
"""

import argparse
import contextlib
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from bgwidget.formats import FormatError, from_mat  # noqa: E402
from gnubg_compare import verdicts  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "folder", type=Path, nargs="?", default=CORPUS, help="a folder of .mat files (its subfolders' too)"
    )
    parser.add_argument("--all", action="store_true", help="print every file, not only those not the same")
    parser.add_argument("--processes", type=int, default=2, help="processes sharing the files (default 2)")
    args = parser.parse_args()
    paths = sorted(args.folder.glob("**/*.mat"))
    if not paths:
        parser.error(f"no .mat file in {args.folder}")
    start = time.perf_counter()
    found = verdicts(paths, args.processes)
    compared = time.perf_counter() - start
    for path in paths:
        if args.all or found[path.name] != "same":
            print(f"{path.name}: {found[path.name]}")
    writers = Counter(path.name.split("-")[0] for path in paths)
    for writer, count in sorted(writers.items()):
        kinds = Counter(
            v.split(":")[0] if v.startswith("refused") else v for n, v in found.items() if n.startswith(writer + "-")
        )
        same = kinds.pop("same", 0)
        others = ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))
        print(f"{writer}: {same}/{count} the same" + (f"; {others}" if others else ""))
    print(f"compared in {compared:.1f} s on {args.processes} process(es)")
    start = time.perf_counter()
    for path in paths:
        with contextlib.suppress(FormatError):  # a refusal is timed too
            from_mat(path)
    print(f"our reader: {(time.perf_counter() - start) * 1000 / len(paths):.1f} ms per file on average")


if __name__ == "__main__":
    main()
