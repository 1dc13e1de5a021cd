#!/usr/bin/env python3
"""lockout.py - password guessing through the web entry form (issue 17,
docs/HILL.md "Security"): the form goes through am_hill_process, so the
hill's lock holds there too.

    lockout.py AMARYLLIS

A unit entered by alice (password "correct-horse"); then five wrong
passwords for it from the form, at full speed: each is refused (422); the
fifth locks the unit (the reply says until when); the right password is
refused too while it is locked; `amaryllis mail --flush` then sends alice
one notice; a new password of 7 characters is refused; an address past
the hill's replies per hour gets 429.  On the code before issue 17 the
sixth request replaced the unit and nothing was sent.
"""
import email
import glob
import json
import os
import subprocess
import sys
import tempfile

from webtest import JSON, Server, finish, new_hill, ok, request, sheet

AMARYLLIS = sys.argv[1]


def main():
    db = new_hill(AMARYLLIS)
    out = tempfile.mkdtemp()
    grisk, nut = sheet("grisk"), sheet("nut")
    srv = Server(AMARYLLIS, "--hill", db, "--rate", "0")
    try:
        def entry(pw, address="alice@players.example", text=grisk):
            st, _, body = request(srv.port, "POST", "/api/hill/entry", json.dumps({
                "name": "Alice", "address": address, "password": pw,
                "sheet": text, "lang": "en"}), headers=JSON, timeout=60)
            return st, json.loads(body or b"{}")

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
        st, doc = entry("1234567", address="carol@players.example", text=nut)
        ok(st == 422 and "at least 8 characters" in doc.get("reply", ""),
           "a 7-character new password is refused (%d)" % st)
        # alice has had 7 replies this hour (1 entry, 5 wrong, 1 locked);
        # 23 more reach the default 30, the next is the one notice: 429
        codes = [entry("guess-x")[0] for _ in range(24)]
        ok(codes[:23] == [422] * 23 and codes[23] == 429,
           "past 30 replies an hour: 429 (%s)" % codes[-3:])
        r = subprocess.run([AMARYLLIS, "mail", "--hill", db, "--flush",
                            "--outbox", out], capture_output=True, timeout=60)
        notes = []
        for f in glob.glob(os.path.join(out, "*.eml")):
            with open(f, "rb") as fh:
                notes.append(email.message_from_binary_file(fh))
        ok(r.returncode == 0 and len(notes) == 1 and
           notes[0]["To"] == "alice@players.example" and
           notes[0]["X-Amaryllis-Result"] == "notice",
           "mail --flush sends alice one notice (%d, %d)" % (r.returncode, len(notes)))
    finally:
        srv.stop()
    finish("lockout")


if __name__ == "__main__":
    main()
