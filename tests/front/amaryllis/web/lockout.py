#!/usr/bin/env python3
"""lockout.py - passwords, owners and addresses through the web entry
form (issue 17 and the hostile-input audit of issue 21's sixth round,
docs/HILL.md "Security"): the form goes through am_hill_process, so the
hill's lock holds there too, but its reply goes back to whoever sent the
request, so it must say nothing a mailed reply (which goes to the owner's
address) could say.

    lockout.py AMARYLLIS

1. alice enters グリスク from the form (password "correct-horse").
2. Five wrong passwords for it from alice's address: each refused (422),
   the fifth locks the unit (pw_tries 5), yet every reply is the same
   text, which says neither "wrong password." nor "locked until".
3. The right password while locked, and the right password from bob's
   address: refused with that same text (so the replies tell nobody whose
   address owns the unit, nor that it is locked).
4. `amaryllis mail --flush` sends no notice: alice's address came from
   the form and was never proven (else the form would mail whatever a
   stranger typed to any address).
5. 35 more requests from the form in alice's name: all answered (none
   429): the form does not use the hill's replies per hour, a limit on
   mail to an address; then a real mail from alice is still processed
   (#status: result "status"), where before the audit 30 form requests
   silenced her mail for an hour.
6. dave enters ヌト by mail (a proven address); five wrong passwords from
   the form in dave's name lock it, and `mail --flush` sends dave one
   notice.
7. A 7-character new password is refused; addresses a shell or a pipe
   could read (| / ` or a leading -) are refused with 400.
"""
import email
import glob
import json
import os
import subprocess
import sys

from webtest import JSON, Server, finish, new_hill, ok, request, sheet, tmpdir

AMARYLLIS = sys.argv[1]


def mail(db, out, sender, msgid, body):
    """Process one mail from sender through `amaryllis mail`: its result."""
    text = ("From: <%s>\r\nTo: hill@example.org\r\nSubject: hill\r\n"
            "Message-ID: <%s>\r\nMIME-Version: 1.0\r\n"
            "Content-Type: text/plain; charset=UTF-8\r\n"
            "Content-Transfer-Encoding: 8bit\r\n\r\n%s" % (sender, msgid, body))
    r = subprocess.run([AMARYLLIS, "mail", "--hill", db, "--outbox", out,
                        "--log", "-"], input=text.encode(), capture_output=True,
                       timeout=60)
    fields = r.stderr.decode().split()  # --log - is standard error
    return fields[3] if r.returncode == 0 and len(fields) >= 4 else "exit %d: %r" % (
        r.returncode, r.stderr.decode()[:200])


def flush(db):
    """`amaryllis mail --flush`: the notices sent, as parsed messages."""
    out = tmpdir()
    r = subprocess.run([AMARYLLIS, "mail", "--hill", db, "--flush",
                        "--outbox", out], capture_output=True, timeout=60)
    notes = []
    for f in sorted(glob.glob(os.path.join(out, "*.eml"))):
        with open(f, "rb") as fh:
            notes.append(email.message_from_binary_file(fh))
    return r.returncode, notes


def main():
    db = new_hill(AMARYLLIS)
    out = tmpdir()
    grisk, nut = sheet("grisk"), sheet("nut")
    srv = Server(AMARYLLIS, "--hill", db, "--rate", "0")
    try:
        def entry(pw, address="alice@players.example", text=grisk, action=None):
            doc = {"name": "Alice", "address": address, "password": pw,
                   "lang": "en"}
            if action:
                doc.update(action)
            else:
                doc["sheet"] = text
            st, _, body = request(srv.port, "POST", "/api/hill/entry",
                                  json.dumps(doc), headers=JSON, timeout=60)
            return st, json.loads(body or b"{}")

        # 1
        st, doc = entry("correct-horse")
        ok(st == 200 and doc.get("result") == "entered", "alice enters (%d)" % st)
        # 2
        replies = []
        for i in range(5):
            st, doc = entry("guess-%d" % i)
            replies.append(doc.get("reply", ""))
            ok(st == 422 and doc.get("result") == "rejected" and
               "the owner's address or the password does not match" in
               doc.get("reply", ""),
               "wrong password %d refused (%d)" % (i + 1, st))
        ok(len(set(replies)) == 1 and "locked until" not in replies[0] and
           "wrong password." not in replies[0],
           "the five replies are one text that tells nothing: %r" % replies[-1][:160])
        # 3
        st, doc = entry("correct-horse")
        ok(st == 422 and doc.get("reply") == replies[0],
           "the right password while locked: the same refusal (%d)" % st)
        st, doc = entry("correct-horse", address="bob@players.example")
        ok(st == 422 and doc.get("reply") == replies[0],
           "the right password from bob's address: the same refusal (%d)" % st)
        st, doc = entry("guess-9", address="bob@players.example",
                        action={"action": "withdraw", "unit": "グリスク"})
        st2, doc2 = entry("guess-9",
                          action={"action": "withdraw", "unit": "グリスク"})
        ok(st == st2 == 422 and doc.get("reply") == doc2.get("reply") and
           "Cannot withdraw" in doc.get("reply", ""),
           "a withdrawal: one refusal for bob and for alice (%d, %d)" % (st, st2))
        # 4
        rc, notes = flush(db)
        ok(rc == 0 and notes == [],
           "no notice to an address typed into the form (%d, %d)" % (rc, len(notes)))
        # ...and the refusal promises none to such a unit (web review
        # 2026-12-06: it said "its owner's address is told when it is
        # locked", and no notice came)
        ok("(the owner of a unit entered by mail is told by mail when it is "
           "locked)" in replies[0],
           "the refusal promises a notice only for units entered by mail: %r" %
           replies[0][:240])
        # 5
        codes = [entry("guess-x")[0] for _ in range(35)]
        ok(codes == [422] * 35,
           "35 more form requests in alice's name: all answered (%s)" %
           sorted(set(codes)))
        res = mail(db, out, "alice@players.example", "alice-1@players.example",
                   "#status\r\n")
        ok(res == "status", "alice's own mail is still processed (%s)" % res)
        # 6
        res = mail(db, out, "dave@players.example", "dave-1@players.example",
                   "#password iron-kettle\r\n\r\n" + nut.replace("\n", "\r\n"))
        ok(res == "entered", "dave enters ヌト by mail (%s)" % res)
        for i in range(5):
            st, doc = entry("guess-%d" % i, address="dave@players.example", text=nut)
            ok(st == 422 and doc.get("reply", "").startswith("Cannot replace"),
               "a wrong password for ヌト from the form %d (%d)" % (i + 1, st))
        rc, notes = flush(db)
        ok(rc == 0 and len(notes) == 1 and
           notes[0]["To"] == "dave@players.example" and
           notes[0]["X-Amaryllis-Result"] == "notice",
           "mail --flush sends dave, whose address mailed, one notice (%d, %s)" %
           (rc, [n["To"] for n in notes]))
        # 7
        st, doc = entry("1234567", address="carol@players.example", text=nut.replace("ヌト", "ヌク"))
        ok(st == 422 and "at least 8 characters" in doc.get("reply", ""),
           "a 7-character new password is refused (%d)" % st)
        for bad in ["|/tmp/x@localhost", "-oQ/tmp@x.example", "`id`@x.example",
                    "a..b@x.example", ".a@x.example", "a@-x.example",
                    "a@x..example", "a@x.example-", "a@"]:
            st, doc = entry("pass-words-1", address=bad)
            ok(st == 400, "the address %r is refused (%d)" % (bad, st))
        for good in ["o'brien+hill@mail.example", "x_y-z@sub-1.example.org",
                     "player@localhost"]:
            st, doc = entry("pass-words-1", address=good,
                            action={"action": "test", "sheet": grisk})
            ok(st == 200, "the address %r is taken (%d)" % (good, st))
    finally:
        srv.stop()
    finish("lockout")


if __name__ == "__main__":
    main()
