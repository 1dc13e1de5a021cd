#!/usr/bin/env python3
"""kill_league.py - SIGKILL `amaryllis league --matrix --svg` at random
moments: each file is the old one or the whole new one (issue point 12).

    python3 tests/output/kill_league.py AMARYLLIS [UNITS [TRIES [SEED]]]

UNITS legal units (default 1000, made by tests/front/amaryllis/hill/units.py, seeded) make
a league whose cross table is a few MB.  First a clean run writes the
reference cross.csv and heat.svg (and times the run, and the writing: from
the moment the folder shows a new name or a changed file until the exit).
Then, TRIES times (default 12), the previous good files are put in place
(the cross table and heat map of the first half of the units: other bytes)
and the league is run again with the same options and SIGKILLed:

  - every third try at a moment drawn uniformly from the whole run;
  - the others once the writing has begun (the folder changed), after a
    delay drawn uniformly from the writing's duration.

Asserts after each try: cross.csv and heat.svg are each byte for byte the
old file or the reference (a complete new file: the CSV parses to UNITS + 1
rows of UNITS + 2 fields); nothing else is in the folder but temporary
files named as documented (.cross.csv.tmp-XXXXXX, .heat.svg.tmp-XXXXXX,
left by a kill before the rename); and that at least one kill landed
while a file was being written.  A last run to the end, with those
temporary files still there, must write the reference.  SEED (default 1)
draws the moments; the moments themselves depend on the machine's timing.
"""
import csv
import io
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "front", "amaryllis", "hill"))
import units  # noqa: E402

TMP_NAME = re.compile(r"^\.(cross\.csv|heat\.svg)\.tmp-[A-Za-z0-9]{6}$")
TARGETS = ("cross.csv", "heat.svg")


def snapshot(d):
    """Names of folder d and (size, mtime, inode) of the targets."""
    names = set(os.listdir(d))
    st = {}
    for t in TARGETS:
        try:
            s = os.stat(os.path.join(d, t))
            st[t] = (s.st_size, s.st_mtime_ns, s.st_ino)
        except FileNotFoundError:
            st[t] = None
    return names, st


def start(exe, out, sheets, jobs):
    return subprocess.Popen(
        [exe, "league", "--jobs", str(jobs), "--matrix",
         os.path.join(out, "cross.csv"), "--svg", os.path.join(out, "heat.svg"),
         sheets], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_change(p, out, before, deadline):
    """Poll until the folder changes (the writing began) or p ends.
    Returns the time of the change, or None."""
    while p.poll() is None and time.monotonic() < deadline:
        if snapshot(out) != before:
            return time.monotonic()
        time.sleep(0.0005)
    return None


def main():
    if not 2 <= len(sys.argv) <= 5:
        sys.exit("usage: kill_league.py AMARYLLIS [UNITS [TRIES [SEED]]]")
    exe = os.path.abspath(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    tries = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    rng = random.Random(seed)
    fails = []
    with tempfile.TemporaryDirectory(prefix="am-kill-league-") as tmp:
        sheets = os.path.join(tmp, "sheets")
        half = os.path.join(tmp, "half")
        os.mkdir(sheets)
        os.mkdir(half)
        urng = random.Random(seed)
        for i in range(n):
            text = units.legal(urng, "兵%05d" % i)
            for d in ((sheets, half) if i < n // 2 else (sheets,)):
                with open(os.path.join(d, "%05d.txt" % i), "w") as f:
                    f.write(text)
        ref, old, out = (os.path.join(tmp, x) for x in ("ref", "old", "out"))
        for d in (ref, old, out):
            os.mkdir(d)

        # the previous good files: another league's
        p = start(exe, old, half, 2)
        if p.wait() != 0:
            sys.exit("league of the old files failed: %s" % p.stderr.read())
        # the reference, timed
        before = snapshot(ref)
        t0 = time.monotonic()
        p = start(exe, ref, sheets, 2)
        changed = wait_change(p, ref, before, t0 + 600)
        p.wait()
        t_end = time.monotonic()
        if p.returncode != 0:
            sys.exit("reference league failed: %s" % p.stderr.read())
        total = t_end - t0
        write = t_end - changed if changed else 0.05
        want = {}
        for t in TARGETS:
            with open(os.path.join(ref, t), "rb") as f:
                want[t] = f.read()
            with open(os.path.join(old, t), "rb") as f:
                if f.read() == want[t]:
                    sys.exit("the old and new %s are the same" % t)
        rows = list(csv.reader(io.StringIO(want["cross.csv"].decode())))
        if len(rows) != n + 1 or {len(r) for r in rows} != {n + 2}:
            sys.exit("the reference cross.csv is not %d rows of %d fields"
                     % (n + 1, n + 2))
        if not want["heat.svg"].endswith(b"</svg>\n"):
            sys.exit("the reference heat.svg does not end with </svg>")
        print("kill_league: %d units, run %.2f s, writing %.3f s, seed %d"
              % (n, total, write, seed))

        during = 0
        for k in range(tries):
            for t in TARGETS:
                shutil.copyfile(os.path.join(old, t), os.path.join(out, t))
            for name in os.listdir(out):
                if TMP_NAME.match(name):
                    os.unlink(os.path.join(out, name))
            before = snapshot(out)
            t0 = time.monotonic()
            p = start(exe, out, sheets, 2)
            if k % 3 == 0:
                mode = "run"
                delay = rng.uniform(0, total)
                while p.poll() is None and time.monotonic() < t0 + delay:
                    time.sleep(0.0005)
            else:
                mode = "write"
                changed = wait_change(p, out, before, t0 + 10 * total + 60)
                delay = rng.uniform(0, write)
                while (changed and p.poll() is None and
                       time.monotonic() < changed + delay):
                    time.sleep(0.0005)
            was_writing = snapshot(out) != before
            alive = p.poll() is None
            if alive:
                p.send_signal(signal.SIGKILL)
            rc = p.wait()
            if alive and rc == 0:
                # it exited on its own between the poll and the signal
                # (a zombie ignores SIGKILL): it finished, the kill came
                # too late; its files must then be the new ones
                alive = False
            landed = alive and was_writing
            during += landed
            got = {}
            for t in TARGETS:
                with open(os.path.join(out, t), "rb") as f:
                    got[t] = f.read()
            state = []
            for t in TARGETS:
                with open(os.path.join(old, t), "rb") as f:
                    is_old = got[t] == f.read()
                is_new = got[t] == want[t]
                state.append("%s %s" % (t, "old" if is_old else "new" if
                                        is_new else "BROKEN (%d bytes)"
                                        % len(got[t])))
                if not (is_old or is_new):
                    fails.append("try %d (%s, +%.3f s): %s is neither the "
                                 "old file nor the whole new one (%d bytes, "
                                 "want %d)" % (k, mode, delay, t, len(got[t]),
                                               len(want[t])))
            stray = [x for x in os.listdir(out)
                     if x not in TARGETS and not TMP_NAME.match(x)]
            if stray:
                fails.append("try %d: stray files %s" % (k, stray))
            if alive and rc != -signal.SIGKILL:
                fails.append("try %d: status %d, not SIGKILL" % (k, rc))
            if not alive and rc != 0:
                fails.append("try %d: finished with status %d" % (k, rc))
            print("try %2d: %-5s +%.3f s  %s%s; %s" % (
                k, mode, delay, "killed" if alive else "finished",
                " while writing" if landed else "", ", ".join(state)))
        if during == 0:
            fails.append("no kill landed while the files were written "
                         "(the machine too fast for %d units?)" % n)
        # the temporary files of the kills do not stop the next run
        p = start(exe, out, sheets, 2)
        if p.wait() != 0:
            fails.append("last run: status %d" % p.returncode)
        for t in TARGETS:
            with open(os.path.join(out, t), "rb") as f:
                if f.read() != want[t]:
                    fails.append("last run: %s is not the new file" % t)
    for f in fails:
        print("FAIL " + f)
    print("kill_league: %d tries, %d killed while writing, %d failure(s)"
          % (tries, during, len(fails)))
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
