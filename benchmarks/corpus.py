"""The match corpus (``tests/data/corpus/``) read by our ``from_mat`` and by GNU Backgammon: each
file's verdict (the same match as gnubg's, or the first difference), counts per writer, and the
time our reader takes. ``tests/test_corpus.py`` asserts the same comparison; this prints it whole.

    .venv/bin/python benchmarks/corpus.py [--all]   # --all: every file's line, not only the differing
"""

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from bgwidget.formats import FormatError, from_mat  # noqa: E402
from test_corpus import CORPUS, FILES, KNOWN_DIFFERENCES, difference, read_with_gnubg  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="print every file, not only those that differ")
    args = parser.parse_args()
    theirs = read_with_gnubg([CORPUS / name for name in FILES])
    verdicts, seconds = {}, 0.0
    for name in FILES:
        text = (CORPUS / name).read_text(encoding="utf-8")
        start = time.perf_counter()
        try:
            ours = from_mat(text)
        except FormatError as error:
            ours = None
            verdict = f"refused: {error}"
        seconds += time.perf_counter() - start
        if not isinstance(theirs[name], dict):
            verdict = "gnubg refuses" + ("; so do we" if ours is None else "; we read it")
        elif ours is not None:
            verdict = difference(ours, theirs[name]) or "same"
        verdicts[name] = verdict
        if args.all or verdict != "same":
            known = " (known)" if name in KNOWN_DIFFERENCES else ""
            print(f"{name}: {verdict}{known}")
    writers = Counter(name.split("-")[0] for name in FILES)
    same = Counter(name.split("-")[0] for name, verdict in verdicts.items() if verdict == "same")
    print(", ".join(f"{writer} {same[writer]}/{count} the same" for writer, count in sorted(writers.items())))
    print(f"our reader: {seconds * 1000 / len(FILES):.1f} ms per file on average")


if __name__ == "__main__":
    main()
