#!/usr/bin/env python3
"""concurrent.py - 50 `amaryllis mail` processes at once on one hill.

    python3 tests/front/amaryllis/hill/concurrent.py AMARYLLIS [SEED] [N]

N (default 50) owners each mail one distinct legal unit (seeded sheets,
tests/front/amaryllis/hill/units.py).  All N processes are started at once on one
database; each must exit 0, or 75 (busy past the timeout: the MTA would
retry) and then 0 when delivered again.  The hill's size is N + 10, so
nobody is pushed off and the final standings are the full round robin of
the N units, whatever the order of entry: every battle is the same from
either side (AM-SYM-1: single units, no ビルド), so each unit's W-D-L,
points and margin cannot depend on the order; only the rank between units
equal on points and margin may (the older entry ranks higher), so ranks
are compared up to such ties (hilllib.standings_key).  Reference: the
same N messages delivered one after another to a fresh hill.

Asserts: every process exits 0 (or 75, then 0 on retry); N replies, one
per message, each `entered`; standings equal to the serial run's;
PRAGMA integrity_check = ok.  Prints the figures (seconds for the
concurrent and the serial run, exits 75, retries).
"""
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hilllib as H  # noqa: E402
import units  # noqa: E402


def main():
    amaryllis = H.find_amaryllis(sys.argv)
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    rng = units.rng_for(seed)
    msgs = []
    for i in range(n):
        sheet = units.legal(rng, "並%02d" % i)
        msgs.append(("<many-%02d@test.example>" % i,
                     H.entry_message("q%02d@players.example" % i,
                                     "many-%02d@test.example" % i,
                                     "secret-%02d" % i, sheet)))
    top = tempfile.mkdtemp(prefix="hill-many-")
    errors = []

    # the serial reference
    ref_db = os.path.join(top, "serial.db")
    ref_out = os.path.join(top, "serial-out")
    os.makedirs(ref_out)
    H.init_hill(amaryllis, ref_db, n + 10)
    t0 = time.monotonic()
    for mid, data in msgs:
        rc, err = H.deliver(amaryllis, ref_db, ref_out, data)
        if rc != 0:
            errors.append("serial: %s exited %d: %s" % (mid, rc, err.strip()))
    serial_secs = time.monotonic() - t0
    ref = H.standings_key(H.status_json(amaryllis, ref_db))
    if len(ref) != n:
        errors.append("serial run: %d members, expected %d" % (len(ref), n))

    # all at once
    db = os.path.join(top, "hill.db")
    outbox = os.path.join(top, "out")
    os.makedirs(outbox)
    H.init_hill(amaryllis, db, n + 10)
    cmd = H.mail_cmd(amaryllis, db, outbox)
    t0 = time.monotonic()
    procs = []
    for mid, data in msgs:
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        procs.append(p)
    for p, (mid, data) in zip(procs, msgs):
        p.stdin.write(data)
        p.stdin.close()
    codes = []
    for p, (mid, data) in zip(procs, msgs):
        err = p.stderr.read()
        codes.append((p.wait(timeout=600), err.decode(errors="replace").strip()))
    conc_secs = time.monotonic() - t0
    tempfails = retries = 0
    for (rc, err), (mid, data) in zip(codes, msgs):
        tries = 0
        while rc == H.EX_TEMPFAIL and tries < 20:
            tempfails += 1
            tries += 1
            retries += 1
            rc, err = H.deliver(amaryllis, db, outbox, data)
        if rc != 0:
            errors.append("%s exited %d: %s" % (mid, rc, err[:300]))
    total_secs = time.monotonic() - t0

    replies = {}
    for f in H.outbox_files(outbox):
        r = H.read_reply(os.path.join(outbox, f))
        replies.setdefault(str(r.get("In-Reply-To", "")).strip(), []).append(r)
    if len(H.outbox_files(outbox)) != n:
        errors.append("%d replies for %d messages" % (len(H.outbox_files(outbox)), n))
    for mid, data in msgs:
        got = replies.get(mid, [])
        if len(got) != 1:
            errors.append("%s: %d replies" % (mid, len(got)))
        elif str(got[0].get("X-Amaryllis-Result")).strip() != "entered":
            errors.append("%s: result %s" % (mid, got[0].get("X-Amaryllis-Result")))
    try:
        mine = H.standings_key(H.status_json(amaryllis, db))
        if mine != ref:
            diff = [(a, b) for a, b in zip(mine, ref) if a != b][:5]
            errors.append("standings differ from the serial run (first: %r)" % diff)
    except AssertionError as e:
        errors.append(str(e))
    con = sqlite3.connect(db)
    integrity = con.execute("PRAGMA integrity_check").fetchall()
    con.close()
    if integrity != [("ok",)]:
        errors.append("integrity_check: %r" % integrity)

    print("%d processes at once on one hill: %.1f s (%.1f s with retries); "
          "serial: %.1f s" % (n, conc_secs, total_secs, serial_secs))
    print("exits 75: %d, re-deliveries: %d; members %d; integrity_check %s"
          % (tempfails, retries, len(ref), integrity[0][0] if integrity else "?"))
    for e in errors[:30]:
        print("FAIL: " + e)
    if errors:
        print("work files kept in " + top)
        sys.exit(1)
    shutil.rmtree(top)


if __name__ == "__main__":
    main()
