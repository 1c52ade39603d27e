"""GNU Backgammon run as its users run it, timing its own work, for the benchmarks beside ours.

Debian's ``gnubg`` program (GPL; only run as a program here, never imported by the package) runs a
Python script of ours itself (``gnubg -t -q -p script``): the script reads its jobs from ``@JOBS@``
(a JSON file), times each job's command alone with the program already started, and writes the
seconds per job name to ``@TIMES@``. Used by ``review.py`` and ``rollout.py``.
"""

import json
import shutil
import subprocess
import sys


def program():
    """The gnubg program's path, or exit with how to install it."""
    found = shutil.which("gnubg") or shutil.which("/usr/games/gnubg")
    if found is None:
        sys.exit("GNU Backgammon is not installed (apt-get install gnubg)")
    return found


def run(script, jobs, folder):
    """gnubg's seconds per job name: ``script`` run by gnubg on ``jobs``, its files in ``folder`` (a Path)."""
    jobs_file, times_file, script_file = folder / "jobs.json", folder / "times.json", folder / "script.py"
    jobs_file.write_text(json.dumps(jobs))
    script_file.write_text(script.replace("@JOBS@", str(jobs_file)).replace("@TIMES@", str(times_file)))
    done = subprocess.run(
        [program(), "-t", "-q", "-p", str(script_file)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    if not times_file.exists():
        sys.exit(f"gnubg failed: {done.stderr[-2000:] or done.stdout[-2000:]}")
    return json.loads(times_file.read_text())
