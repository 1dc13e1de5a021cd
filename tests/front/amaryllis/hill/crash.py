#!/usr/bin/env python3
"""crash.py - SIGKILL `amaryllis mail` at random moments; nothing is lost.

    python3 tests/front/amaryllis/hill/crash.py AMARYLLIS [SEED] [--half]

200 messages (seeded, reproducible; SEED default 1): 60 first entries, 50
replacements, 20 replacements with a wrong password, 30 illegal sheets, 20
#test, 10 #withdraw, 10 #status, from 60 owners, shuffled.  With --half,
half of each kind from 30 owners (100 messages): the sanitizer build's
run, where every process start costs ten times as much and this test,
alone on the CPUs, took 93 s of make check.

1. Clean run: every message once, serially, in a fresh hill: the
   reference (its replies and standings), and how long each took.
2. Crash run, in a second fresh hill, the same messages in the same
   order.  Each delivery is SIGKILLed with probability 0.6 at a moment drawn
   uniformly from [0, 1.2 × its clean duration] (so kills land before,
   during and after the transaction, and while the reply is written).
   A killed or tempfailed (75) delivery is re-delivered, as an MTA retries
   a deferred message, until it exits 0; re-deliveries are killed too,
   with probability 0.3.  The order is kept because the final standings
   depend on it (a replacement replaces whatever version came before).
3. Every one of the messages is delivered once more (an MTA that
   retries everything, e.g. after losing its queue state): all must exit 0
   and add no reply and change nothing.

Asserts: every exit status is 0, 75 or death by SIGKILL (never 1, 70 or
another signal); each message has a reply in the outbox, with the same
X-Amaryllis-Result and the same body as in the clean run; a message with
two replies (the window the contract allows: killed after the reply was
written and before it was marked sent) has byte-identical copies (the
stored reply re-sent, not the message processed twice) — counted and
printed; the standings (`hill status --format json`, all but the time of
entry) equal the clean run's; PRAGMA integrity_check = ok.  Prints the
figures: deliveries, kills landed, kills too late, retries, duplicates,
seconds.
"""
import re
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hilllib as H  # noqa: E402
import leaks  # noqa: E402  (tests/leaks.py, on the path hilllib sets)
import units  # noqa: E402

N_OWNERS = 60
HILL_SIZE = 100     # > the 60 units: nobody is pushed off


LOCK_TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC")

def make_messages(seed, scale=1):
    """The messages of the plan above; scale 2 halves every count."""
    rng = random.Random(seed)
    n_owners = N_OWNERS // scale
    owner = ["p%02d@players.example" % i for i in range(n_owners)]
    unit = ["兵%02d" % i for i in range(n_owners)]
    pw = ["pw%02d-secret" % i for i in range(n_owners)]
    plan = []
    for i in range(n_owners):
        plan.append(("entry", i))
    for kind, count in (("replace", 50), ("badpw", 20), ("illegal", 30),
                        ("test", 20), ("withdraw", 10), ("status", 10)):
        for _ in range(count // scale):
            plan.append((kind, rng.randrange(n_owners)))
    rng.shuffle(plan)
    msgs = []
    for k, (kind, i) in enumerate(plan):
        mid = "crash-%03d@test.example" % k
        if kind in ("entry", "replace"):
            body = "#password %s\n" % pw[i] + units.legal(rng, unit[i])
        elif kind == "badpw":
            body = "#password wrong-%d\n" % k + units.legal(rng, unit[i])
        elif kind == "illegal":
            body = "#password %s\n" % pw[i] + units.illegal(rng, unit[i])
        elif kind == "test":
            body = "#test\n" + units.legal(rng, "試%03d" % k)
        elif kind == "withdraw":
            body = "#withdraw %s\n#password %s\n" % (unit[i], pw[i])
        else:
            body = "#status\n"
        data = ("From: %s\nTo: %s\nSubject: %s %d\nMessage-ID: <%s>\n"
                "Date: Mon, 30 Nov 2026 12:00:00 +0000\nMIME-Version: 1.0\n"
                "Content-Type: text/plain; charset=utf-8\n"
                "Content-Transfer-Encoding: 8bit\n\n%s"
                % (owner[i], H.HILL_ADDRESS, kind, k, mid, body)).encode("utf-8")
        msgs.append(("<%s>" % mid, kind, data))
    return msgs


def replies_by_parent(outbox):
    """{In-Reply-To: [raw reply bytes, ...]}"""
    out = {}
    for f in H.outbox_files(outbox):
        with open(os.path.join(outbox, f), "rb") as fh:
            raw = fh.read()
        parent = str(H.parse(raw).get("In-Reply-To", "")).strip()
        out.setdefault(parent, []).append(raw)
    return out


def strip_entered(doc):
    return [{k: v for k, v in row.items() if k != "entered"}
            for row in sorted(doc["standings"], key=lambda r: r["rank"])]


def main():
    amaryllis = H.find_amaryllis(sys.argv)
    args = [a for a in sys.argv[2:] if a != "--half"]
    seed = int(args[0]) if args else 1
    msgs = make_messages(seed, 2 if "--half" in sys.argv[2:] else 1)
    top = tempfile.mkdtemp(prefix="hill-crash-")
    ok = False
    try:
        ok = run(amaryllis, seed, msgs, top)
    finally:
        if ok:
            shutil.rmtree(top)
        else:
            print("work files kept in " + top)
    sys.exit(0 if ok else 1)


def run(amaryllis, seed, msgs, top):
    errors = []
    # 1. the clean serial run
    clean_db = os.path.join(top, "clean.db")
    clean_out = os.path.join(top, "clean-out")
    os.makedirs(clean_out)
    H.init_hill(amaryllis, clean_db, HILL_SIZE)
    durations = []
    t0 = time.monotonic()
    # In a sanitizer build the deliveries of the clean and the crash run
    # do not look for leaks (hill/corpus does, for every kind of message
    # here): the scan at exit was a quarter of this test's time, and both
    # runs must be alike, since the kills are timed by the clean one's
    # durations.  Of the re-deliveries (3.), one in ten looks.
    quiet = leaks.env(False)
    for mid, kind, data in msgs:
        t = time.monotonic()
        rc, err = H.deliver(amaryllis, clean_db, clean_out, data, check=False)
        durations.append(time.monotonic() - t)
        if rc != 0:
            errors.append("clean run: %s (%s) exited %d: %s" % (mid, kind, rc, err.strip()))
    clean_secs = time.monotonic() - t0
    clean = replies_by_parent(clean_out)
    clean_standings = strip_entered(H.status_json(amaryllis, clean_db))
    if errors:
        print("\n".join(errors))
        return False

    # 2. the crash run
    db = os.path.join(top, "crash.db")
    outbox = os.path.join(top, "crash-out")
    os.makedirs(outbox)
    H.init_hill(amaryllis, db, HILL_SIZE)
    rng = random.Random(seed * 7919 + 1)
    cmd = H.mail_cmd(amaryllis, db, outbox)
    fig = dict(deliveries=0, kills=0, late=0, retries=0, tempfail=0)
    t0 = time.monotonic()
    for (mid, kind, data), dur in zip(msgs, durations):
        attempt = 0
        while True:
            p_kill = 0.6 if attempt == 0 else 0.3
            kill_at = rng.uniform(0, 1.2 * dur) if rng.random() < p_kill else None
            fig["deliveries"] += 1
            p = subprocess.Popen(cmd, stdin=subprocess.PIPE, env=quiet,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            p.stdin.write(data)
            p.stdin.close()
            if kill_at is not None:
                time.sleep(kill_at)
                if p.poll() is None:
                    p.send_signal(signal.SIGKILL)
                    fig["kills"] += 1
                else:
                    fig["late"] += 1
            try:
                err = p.stderr.read()
                rc = p.wait(timeout=120)
            except subprocess.TimeoutExpired:
                p.kill()
                errors.append("%s: hung" % mid)
                break
            if rc == 0:
                break
            if rc == H.EX_TEMPFAIL:
                fig["tempfail"] += 1
            elif rc != -signal.SIGKILL:
                errors.append("%s (%s) exited %d: %s"
                              % (mid, kind, rc, err.decode(errors="replace").strip()))
                break
            attempt += 1
            fig["retries"] += 1
            if attempt > 50:
                errors.append("%s: still failing after 50 retries" % mid)
                break
    crash_secs = time.monotonic() - t0
    n_after_crash = len(H.outbox_files(outbox))

    # 3. every message once more: no new reply, nothing changes
    for k, (mid, kind, data) in enumerate(msgs):
        rc, err = H.deliver(amaryllis, db, outbox, data, check=k % 10 == 0)
        if rc != 0:
            errors.append("re-delivery of %s exited %d: %s" % (mid, rc, err.strip()))
    if len(H.outbox_files(outbox)) != n_after_crash:
        errors.append("re-delivering all %d added %d replies"
                      % (len(msgs), len(H.outbox_files(outbox)) - n_after_crash))

    # checks
    got = replies_by_parent(outbox)
    dups = 0
    for mid, kind, data in msgs:
        mine = got.get(mid, [])
        ref = clean.get(mid, [])
        if len(ref) != 1:
            errors.append("clean run: %s has %d replies" % (mid, len(ref)))
            continue
        if not mine:
            errors.append("%s (%s): no reply" % (mid, kind))
            continue
        if len(mine) > 1:
            # The outbox names a reply by its bytes (docs/HILL.md), so a
            # stored reply sent again replaces the first copy: more than
            # one file is a second, different reply.
            dups += len(mine) - 1
            errors.append("%s: %d replies (processed twice?)"
                          % (mid, len(mine)))
        a, b = H.parse(mine[0]), H.parse(ref[0])
        ra, rb = str(a.get("X-Amaryllis-Result")), str(b.get("X-Amaryllis-Result"))
        if ra != rb:
            errors.append("%s (%s): result %s, clean run %s" % (mid, kind, ra, rb))
        # a lock's end is the clock's (now + an hour): the two runs differ
        # in it only
        ta = LOCK_TIME.sub("TIME", a.get_body(preferencelist=("plain",)).get_content())
        tb = LOCK_TIME.sub("TIME", b.get_body(preferencelist=("plain",)).get_content())
        if ta != tb:
            errors.append("%s (%s): reply body differs from the clean run's:\n%s\n--- clean:\n%s"
                          % (mid, kind, ta[:600], tb[:600]))
    standings = strip_entered(H.status_json(amaryllis, db))
    if standings != clean_standings:
        errors.append("standings differ from the clean run:\n%r\n%r"
                      % (standings, clean_standings))
    con = sqlite3.connect(db)
    integrity = con.execute("PRAGMA integrity_check").fetchall()
    con.close()
    if integrity != [("ok",)]:
        errors.append("integrity_check: %r" % integrity)
    leftovers = [f for f in os.listdir(outbox) if not f.endswith(".eml")]

    results = {}
    for raws in clean.values():
        r = str(H.parse(raws[0]).get("X-Amaryllis-Result"))
        results[r] = results.get(r, 0) + 1
    print("crash test, seed %d: %d messages %s" % (seed, len(msgs), results))
    print("clean serial run: %.1f s (mean %.0f ms a message)"
          % (clean_secs, 1000 * clean_secs / len(msgs)))
    print("crash run: %d deliveries, %d SIGKILLs landed, %d too late (already "
          "exited), %d exits 75, %d re-deliveries, %d duplicate replies, %.1f s"
          % (fig["deliveries"], fig["kills"], fig["late"], fig["tempfail"],
             fig["retries"], dups, crash_secs))
    print("members %d; integrity_check %s; outbox files not *.eml left by kills: %d"
          % (len(standings), integrity[0][0] if integrity else "?", len(leftovers)))
    for e in errors[:30]:
        print("FAIL: " + e)
    if len(errors) > 30:
        print("... %d more failures" % (len(errors) - 30))
    return not errors


if __name__ == "__main__":
    main()
