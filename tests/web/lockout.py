#!/usr/bin/env python3
"""lockout.py - password guessing through the web entry form (issue 17,
docs/HILL.md "Security"): the form goes through am_hill_process, so the
hill's lock holds there too.

    lockout.py AMARYLLIS

A unit entered by alice (password "correct-horse"); then five wrong
passwords for it from the form, at full speed: each is refused (422); the
fifth locks the unit (the reply says until when); the right password is
refused too while it is locked; `amaryllis mail --flush` then sends alice
one notice; a new password of 7 characters is refused.  On the code
before issue 17 the sixth request replaced the unit and nothing was sent.
"""
import email
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.request

AMARYLLIS = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))
failures = 0


def ok(cond, what):
    global failures
    print(("ok: " if cond else "FAIL: ") + what, flush=True)
    if not cond:
        failures += 1


def post(port, path, doc):
    req = urllib.request.Request(
        "http://127.0.0.1:%d%s" % (port, path), data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def main():
    work = tempfile.mkdtemp(prefix="web-lockout-")
    db = os.path.join(work, "hill.db")
    out = os.path.join(work, "out")
    os.mkdir(out)
    subprocess.run([AMARYLLIS, "hill", "init", db, "--size", "5", "--address",
                    "hill@hill.example", "--pwhash-ops", "1", "--pwhash-mem",
                    "8192"], check=True)
    with open(os.path.join(SRC, "examples", "grisk.txt"), encoding="utf-8") as f:
        grisk = f.read()
    with open(os.path.join(SRC, "examples", "nut.txt"), encoding="utf-8") as f:
        nut = f.read()
    p = subprocess.Popen([AMARYLLIS, "--lang", "en", "serve", "--listen",
                          "127.0.0.1:0", "--hill", db, "--rate", "0"],
                         stderr=subprocess.PIPE, text=True)
    try:
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", p.stderr.readline())
        if not m:
            raise SystemExit("server did not start")
        threading.Thread(target=lambda: list(p.stderr), daemon=True).start()
        port = int(m.group(1))

        def entry(pw, address="alice@players.example", sheet=grisk):
            return post(port, "/api/hill/entry", {
                "name": "Alice", "address": address, "password": pw,
                "sheet": sheet, "lang": "en"})

        st, doc = entry("correct-horse")
        ok(st == 200 and doc.get("result") == "entered", "alice enters (%d)" % st)
        for i in range(5):
            st, doc = entry("guess-%d" % i)
            ok(st == 422 and doc.get("result") == "rejected" and
               "wrong password" in doc.get("reply", ""),
               "wrong password %d refused (%d)" % (i + 1, st))
        ok("is locked until" in doc.get("reply", ""),
           "the fifth locks the unit: " + doc.get("reply", "")[:120])
        st, doc = entry("correct-horse")
        ok(st == 422 and "is locked until" in doc.get("reply", ""),
           "the right password is refused while locked (%d)" % st)
        st, doc = entry("1234567", address="carol@players.example", sheet=nut)
        ok(st == 422 and "at least 8 characters" in doc.get("reply", ""),
           "a 7-character new password is refused (%d)" % st)
        r = subprocess.run([AMARYLLIS, "mail", "--hill", db, "--flush",
                            "--outbox", out], capture_output=True, timeout=60)
        notes = [email.message_from_binary_file(open(f, "rb"))
                 for f in glob.glob(os.path.join(out, "*.eml"))]
        ok(r.returncode == 0 and len(notes) == 1 and
           notes[0]["To"] == "alice@players.example" and
           notes[0]["X-Amaryllis-Result"] == "notice",
           "mail --flush sends alice one notice (%d, %d)" % (r.returncode, len(notes)))
    finally:
        p.terminate()
        p.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    print("%d failed" % failures)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
