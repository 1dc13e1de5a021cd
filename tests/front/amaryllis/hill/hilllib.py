"""hilllib.py - what the hill's script tests share (corpus, crash, many).

Runs the real `amaryllis` binary: `hill init`, `mail --hill DB --outbox
DIR` and `hill status --format json`, as the contract (docs/HILL.md) says.
"""
import json
import os
import subprocess
import sys
from email import policy
from email.parser import BytesParser

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", ".."))
import leaks  # noqa: E402  (tests/leaks.py)

HILL_ADDRESS = "hill@hill.example"

# sysexits.h
EX_OK, EX_USAGE, EX_NOINPUT, EX_SOFTWARE, EX_TEMPFAIL = 0, 64, 66, 70, 75

_fast_hash = None


def fast_hash_options(amaryllis):
    """The options of `hill init` that lower the password-hash cost, if the
    hill has them (the contract lets tests use them to stay fast).  Found
    in `hill init --help`, so the tests follow the implementation's
    spelling."""
    global _fast_hash
    if _fast_hash is not None:
        return _fast_hash
    try:
        text = subprocess.run([amaryllis, "--lang", "en", "hill", "init", "--help"],
                              capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        text = ""
    opts = []
    if "--pwhash-ops" in text:
        opts += ["--pwhash-ops", "1"]
    if "--pwhash-mem" in text:
        opts += ["--pwhash-mem", "8192"]
    if not opts and "--fast-hash" in text:
        opts = ["--fast-hash"]
    if not opts and "--pwhash-fast" in text:
        opts = ["--pwhash-fast"]
    _fast_hash = opts
    return opts


# In a sanitizer build each process looks for leaks unless its caller
# says check=False (tests/leaks.py: LeakSanitizer's scan at exit was a
# quarter of hill/corpus's time and of hill/crash's, which runs alone).
# The callers check every kind of process at least once: the corpus each
# case's own message, the first `hill init` and `hill status`, and each
# setup message the first time it is sent.


def init_hill(amaryllis, db, size, address=HILL_ADDRESS, name=None,
              check=True):
    cmd = [amaryllis, "hill", "init", db, "--size", str(size),
           "--address", address] + fast_hash_options(amaryllis)
    if name:
        cmd += ["--name", name]
    r = subprocess.run(cmd, capture_output=True, timeout=60,
                       env=leaks.env(check))
    if r.returncode != 0:
        raise AssertionError("hill init failed (%d): %s" %
                             (r.returncode, r.stderr.decode(errors="replace")))


def mail_cmd(amaryllis, db, outbox):
    return [amaryllis, "mail", "--hill", db, "--outbox", outbox]


def deliver(amaryllis, db, outbox, data, timeout=120, check=True):
    """Feed one raw message; return (exit status, stderr text)."""
    r = subprocess.run(mail_cmd(amaryllis, db, outbox), input=data,
                       capture_output=True, timeout=timeout,
                       env=leaks.env(check))
    return r.returncode, r.stderr.decode("utf-8", errors="replace")


def status_json(amaryllis, db, check=True):
    r = subprocess.run([amaryllis, "hill", "status", db, "--format", "json"],
                       capture_output=True, timeout=60, env=leaks.env(check))
    if r.returncode != 0:
        raise AssertionError("hill status failed (%d): %s" %
                             (r.returncode, r.stderr.decode(errors="replace")))
    return json.loads(r.stdout.decode("utf-8"))


def standings_names(doc):
    return [row["name"] for row in sorted(doc["standings"], key=lambda r: r["rank"])]


def standings_key(doc):
    """The standings without what depends on the moment of entry: each
    member's name, owner, W-D-L, points and margin, in rank order with
    members that tie on (points, margin) sorted by name (the contract
    breaks such ties by the age of the entry, which concurrent or retried
    deliveries legitimately change).  Also checks that the ranks are
    1..N and ordered by points, then margin."""
    rows = sorted(doc["standings"], key=lambda r: r["rank"])
    ranks = [r["rank"] for r in rows]
    if ranks != list(range(1, len(rows) + 1)):
        raise AssertionError("ranks are not 1..N: %r" % ranks)
    for a, b in zip(rows, rows[1:]):
        if (a["points"], a["margin"]) < (b["points"], b["margin"]):
            raise AssertionError("rank order broken: %r before %r" % (a, b))
    key = [(-r["points"], -r["margin"], r["name"], r["player"], r["wins"],
            r["draws"], r["losses"]) for r in rows]
    return sorted(key)


def outbox_files(outbox):
    return sorted(f for f in os.listdir(outbox) if f.endswith(".eml"))


def parse(data):
    return BytesParser(policy=policy.default).parsebytes(data)


def parse_headers(data):
    """The header of a raw message only (a hostile body may nest deeper
    than Python's parser can recurse)."""
    return BytesParser(policy=policy.default).parsebytes(data, headersonly=True)


def read_reply(path):
    with open(path, "rb") as f:
        return parse(f.read())


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def find_amaryllis(argv):
    if len(argv) < 2:
        fail("usage: %s AMARYLLIS [...]" % argv[0])
    exe = os.path.abspath(argv[1])
    if not os.access(exe, os.X_OK):
        fail("no executable " + exe)
    return exe


def unit_sheet(name, hp, atk, dfn, spd, actions):
    """A sheet from named fields.  actions: [(name, cost, text)]."""
    line = "%s：%d／%d／%d／%d／%s\n" % (name, hp, atk, dfn, spd,
                                        "、".join(a[0] for a in actions))
    for a_name, cost, text in actions:
        line += "・%s（%d）：%s\n" % (a_name, cost, text)
    return line


def entry_message(frm, msgid, password, sheet, subject="entry", directives=""):
    body = directives + "#password %s\n" % password + sheet
    return ("From: %s\nTo: %s\nSubject: %s\nMessage-ID: <%s>\n"
            "Date: Mon, 30 Nov 2026 12:00:00 +0000\nMIME-Version: 1.0\n"
            "Content-Type: text/plain; charset=utf-8\n"
            "Content-Transfer-Encoding: 8bit\n\n%s"
            % (frm, HILL_ADDRESS, subject, msgid, body)).encode("utf-8")
